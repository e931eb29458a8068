// The MENACE page: plain JavaScript, no framework, no build step. It speaks the engine's
// JSON protocol (one command out, one answer in) to a private session, on `menace serve`
// or in the page itself (transport.js, which also connects again after a drop). The
// answers reduce into the page's state (state.js, shared with the class page), and the
// page draws what that state holds; its words come from the language's catalog (i18n.js);
// the board, the boxes, the curve, the explanation and the menus are drawn by the scripts
// it shares with the class page (board.js, boxes.js, plot.js, explain.js, opponents.js).
//
// Nothing that throws learning away happens on a click alone: the page asks first, in its
// language, saying what would be lost (Page.ask).
"use strict";

const page = State.fresh("private", {
  conn: null, // the connection (Transport.connect)
  game: "ttt",
  askedSide: null, // the side chosen on the page or by a link's ?side=second
  queue: [], // answers waiting to be shown (watching is paced)
  draining: false,
  afterKeep: null, // what waits for the served machine to be kept (a switch), or null
});

// The connection's socket, as before (for the curious).
Object.defineProperty(page, "ws", { get: () => page.conn && page.conn.socket });

// ---------------------------------------------------------------- connection

// Connects to a new session for the game and side chosen (a new machine on a server; the
// one kept in this browser for the engine in the page), with every line about the old
// one gone.
function connect() {
  State.connected(page);
  page.queue = [];
  Page.connection("connection-connecting", "");
  renderEverything();
  const params = () => {
    const p = new URLSearchParams({ game: page.game, seed: $("seed").value || "1961" });
    if (page.askedSide) p.set("side", page.askedSide);
    return p;
  };
  if (page.conn) page.conn.open();
  else {
    page.conn = Transport.connect(params, {
      onOpen: opened,
      onAnswer: (a) => {
        page.queue.push(a);
        drain();
      },
      onNotJson: () => Page.toast(i18n.t("toast-not-json")),
      onDrop: () => {
        State.dropped(page, "class-game-dropped");
        page.queue = [];
        // It connects again by itself; a click on the pill tries at once.
        Page.connection("connection-lost", "bad");
        renderEverything();
      },
    });
  }
  page.way = page.conn.way;
}

// ---------------------------------------------------------------- a server's machines

// A private session of `menace serve` ends with its connection, and its machine with it.
// The page keeps each game's machine in this browser instead, by game and side as the
// offline file does (`menace.served.TAIL`: the saved-state text `import` reads): exported
// after every change of what MENACE learned, and taken back by `import` when the page
// opens that game again: after a switch, a reload, a dropped connection.
const Served = {
  key() {
    const side = page.askedSide || (page.game === "hexapawn" ? "second" : "first");
    return `menace.served.${page.game === "ttt" ? side : `${page.game}.${side}`}`;
  },
  get() {
    try {
      return localStorage.getItem(Served.key());
    } catch (e) {
      return null;
    }
  },
  set(state) {
    try {
      localStorage.setItem(Served.key(), state);
      return true;
    } catch (e) {
      return false;
    }
  },
  // Whether this browser can keep a machine at all (storage turned off: no).
  usable() {
    try {
      return typeof localStorage.getItem("menace.probe") !== "undefined";
    } catch (e) {
      return false;
    }
  },
};

// The served machine `state` (an `export` asked to keep it) kept in this browser; then
// whatever waited for it (a switch).
function kept(state) {
  if (!Served.set(JSON.stringify(state))) Page.toast(i18n.t("page-storage-full"));
  const then = page.afterKeep;
  page.afterKeep = null;
  if (then) then();
}

// `then()` once the served machine is kept (at once when the page is not connected).
function keepThen(then) {
  page.afterKeep = then;
  if (!page.conn || !page.conn.send(State.exportFor(page, "keep"))) {
    page.afterKeep = null;
    then();
  }
}

// Connected (again): a new session, asked what it holds.
function opened(again) {
  if (again) State.connected(page);
  // On a server, the machine this browser kept for the game comes back first.
  const restore = page.way === "server" ? Served.get() : null;
  if (restore && !Machines.tooLarge(`import ${restore}`)) {
    page.restoring = true;
    send(`import ${restore}`);
  }
  // The engine in the page is reached, not connected to: the pill says where it runs.
  if (again) Page.connection("class-connection-again", "ok");
  else Page.connection(page.way === "in-page" ? "connection-in-page" : "connection-connected", "ok");
  send("info"); // the presets and opponents, for the menus
  send("status");
  send("dump");
  send("history");
  send("help rules"); // does this engine have the symmetry bead option?
  renderEverything();
}

function send(line) {
  if (!page.conn || !page.conn.send(line)) Page.toast(i18n.t("toast-not-connected"));
}

// Answers are shown in order; while watching, moves are paced by the speed control.
async function drain() {
  if (page.draining) return;
  page.draining = true;
  while (page.queue.length) {
    const answer = page.queue.shift();
    const paced = page.running === "watch" && (answer.type === "menace_move" || answer.type === "board");
    if (paced && speed() > 0) await sleep(speed());
    handle(answer);
  }
  page.draining = false;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const speed = () => Number($("speed").value);

// ---------------------------------------------------------------- answers

// One answer: into the state, its effects carried out, the page drawn again.
function handle(a) {
  for (const [effect, ...args] of State.reduce(page, a)) {
    if (effect === "send") send(args[0]);
    else if (effect === "download") Page.download(...args);
    else if (effect === "error") Page.toast(i18n.error(args[0]));
    else if (effect === "learned") {
      if ($("show-opponent").checked) send("dump opponent");
      if (page.way === "server") send(State.exportFor(page, "keep"));
    } else if (effect === "keep") kept(args[0]);
    else if (effect === "info") info(args[0]);
    else if (effect === "help") symmetryOffered(args[0]);
  }
  // A change waiting for the run to end (another game, another side) goes once it has.
  if (a.type === "stopped" && page.stopping) {
    const then = page.stopping;
    page.stopping = null;
    then();
  }
  if (a.type === "status") {
    $("seed").value = a.seed;
    $("side").value = a.side;
    if (a.preset && Opponents.presets[a.preset]) $("preset").value = a.preset;
  }
  if (a.type === "seed") $("seed").value = a.seed;
  if (a.type === "eval") renderEval();
  renderEverything(a.type);
}

// The engine's `info`: the menus, and the most games one `train` takes when it says.
function info(a) {
  Opponents.fill(a, $("preset"), $("opponent"));
  const most = a.max && a.max.train; // the largest count of `train` (protocol.md, `info`)
  if (Number.isSafeInteger(most) && most > 0) Page.maxTrain = most;
}

// The rules command's bead-colour option, offered only when the engine lists it.
function symmetryOffered(a) {
  const usage = (a.commands[0] || {}).usage || "";
  const symmetry = $("symmetry");
  symmetry.disabled = !usage.includes("colours");
  // Kept as a message id, so a change of language rewrites it (i18n.apply).
  symmetry.parentElement.dataset.i18nTitle = symmetry.disabled ? "rules-symmetry-missing" : "rules-symmetry-help";
  symmetry.parentElement.title = i18n.t(symmetry.parentElement.dataset.i18nTitle);
}

function renderRules() {
  if (!page.rulesNow) return ($("rules-text").textContent = "");
  const [preset, reset] = page.rulesNow;
  const now = Page.words("rules-now", { preset: Opponents.preset(preset) });
  const after = reset === null ? "" : ` ${i18n.t(reset ? "rules-refilled" : "rules-kept")}`;
  $("rules-text").textContent = now + after;
}

function renderExplain() {
  Explain.render($("explain"), page.explained, page.game);
}

// ---------------------------------------------------------------- the board

function renderBoard() {
  const ttt = page.game === "ttt";
  $("board").hidden = !ttt;
  $("text-move").hidden = ttt;
  // page: Nim and Hexapawn on boards of their own, each game's words (games.js).
  Games.show(page.game);
  if (!ttt) return Games.draw($("game-board"), page.game, page.board, { canPlay: page.inGame && page.running === null, onMove: clickCell, side: page.side });
  Board.draw($("board"), page.board, { last: page.lastMove, canPlay: page.inGame && page.running === null, onMove: clickCell });
}

function clickCell(cell) {
  if (!page.inGame) return;
  page.inGame = false; // one click, one move
  send(`move ${cell}`);
  renderBoard();
}

function newGame() {
  if (page.running) return;
  if (page.matchRunning) send("abort");
  send("games 1");
}

// ---------------------------------------------------------------- matchboxes

// The boxes (boxes.js draws them, as on the class page): the boxes of the last game in
// the order drawn, then every box grouped by MENACE's move, each with its number.
function renderBoxes() {
  const showOpponent = $("show-opponent").checked;
  const dump = showOpponent ? page.opponentBoxes : page.boxes;
  const holder = $("boxes");
  const last = $("last-boxes");
  last.textContent = "";
  if (!dump) {
    holder.textContent = "";
    $("boxes-count").textContent = showOpponent ? i18n.t("boxes-none-opponent") : "";
    return;
  }
  const boxes = dump.boxes;
  const drawn = new Map();
  for (const d of dump.drawn || []) drawn.set(d.box, Board.cellIndex(d.bead));
  $("boxes-count").textContent = i18n.t(showOpponent ? "boxes-count-opponent" : "boxes-count", { count: boxes.length });
  if (drawn.size) {
    const h = document.createElement("h3");
    h.textContent = i18n.t("boxes-used");
    last.appendChild(h);
    const strip = document.createElement("div");
    strip.className = "group";
    for (const d of dump.drawn) strip.appendChild(Boxes.element(boxes[d.box], d.box, Board.cellIndex(d.bead)));
    last.appendChild(strip);
  }
  // The explanation's "find box N" links land on MENACE's own boxes only.
  Boxes.grouped(holder, boxes, { ttt: page.game === "ttt", drawn, ids: !showOpponent });
}

// ---------------------------------------------------------------- the plot (plot.js)

// The whole story when the engine tells it (`history`'s curve: MENACE's wins minus its
// losses since it was made, moving while it trains); from an engine that does not, the
// shares of the last games it keeps.
function renderPlot() {
  if (page.curveFromEngine) {
    Plot.net($("plot"), page.curve, false, "plot-empty", page.evals);
    const exploit = page.evals.length ? `  ◆ ${i18n.t("legend-exploit")}` : "";
    $("legend").textContent = `● ${i18n.t("legend-net")}${exploit}`;
    $("plot-window").textContent = "";
    return;
  }
  Plot.legend($("legend"));
  Plot.learning($("plot"), page.history, page.evals);
  // The engine keeps the last games only (`history`): a curve that starts after game 1
  // says so.
  const games = page.history;
  const first = games.length ? games[0].game : 1;
  $("plot-window").textContent = first > 1 ? i18n.t("plot-window", { count: games.length, from: first, to: games[games.length - 1].game }) : "";
}

// ---------------------------------------------------------------- panels

function renderProgress() {
  const p = page.progress;
  $("progress").max = p ? p.of || 1 : 1;
  $("progress").value = p ? p.games : 0;
}

// Each figure as a sentence a class reads; the jargon only in the explanation beside it.
function renderEval() {
  const a = page.lastEval;
  if (!a) {
    for (const id of ["ev-exploit", "ev-greedy", "ev-random", "ev-perfect"]) $(id).textContent = "–";
    return;
  }
  const odds = (o) => ({ win: i18n.pct(o.win), draw: i18n.pct(o.draw), loss: i18n.pct(o.loss) });
  $("ev-exploit").textContent = i18n.t("eval-exploit", { share: i18n.pct(a.exploitability) });
  $("ev-greedy").textContent = i18n.t("eval-greedy", { share: i18n.pct(a.greedy_exploitability) });
  $("ev-random").textContent = i18n.t("eval-random", odds(a.vs_random));
  $("ev-perfect").textContent = i18n.t("eval-perfect", odds(a.vs_perfect));
}

async function upload(file) {
  const state = (await Page.stateLine(file)).line;
  if (state === null) return Page.toast(i18n.t("toast-not-state", { file: file.name }));
  const line = `import ${state}`;
  if (Machines.tooLarge(line)) return Page.toast(i18n.t("toast-too-large", { file: file.name }));
  if (!(await askBeforeReplacing("ask-load-title", { file: file.name }))) return;
  if (page.matchRunning) send("abort");
  send(line);
}

function rulesLine(reset) {
  let line = `rules initial ${$("initial").value.trim()} reward ${$("reward").value.trim()} empty ${$("empty").value}`;
  // The rules command's bead-colour option (BeadColours: every legal move, or one colour
  // per symmetry class), offered only when the engine lists it.
  if (!$("symmetry").disabled) line += $("symmetry").checked ? " colours symmetry" : " colours every";
  return reset ? `${line} reset` : line;
}

function updateButtons() {
  const busy = page.running !== null || page.stopping !== null;
  for (const id of ["new-game", "resign", "watch", "train", "update", "update-reset", "eval", "save", "load"]) {
    $(id).disabled = busy;
  }
  $("resign").disabled = busy || !page.inGame;
  $("stop").disabled = page.running === null;
  $("mixed-row").hidden = $("opponent").value !== "mixed";
  const ttt = page.game === "ttt";
  for (const id of ["update", "update-reset", "save", "load"]) if (!ttt) $(id).disabled = true;
}

// The counters: MENACE's score since it was made, and while it trains, the run's so far.
function renderCounters() {
  const score = Object.assign({}, page.score);
  if (page.running === "train" && page.progress) for (const k of Object.keys(score)) score[k] += page.progress.score[k];
  Page.score(score);
  $("games-played").textContent = i18n.num(learned());
}

function renderAll() {
  State.show(page);
  renderBoard();
  renderCounters();
  updateButtons();
}

// The page drawn from its state; `type`, the answer just handled, spares the drawings it
// cannot have changed (the boxes are many).
function renderEverything(type) {
  renderAll();
  renderProgress();
  renderRules();
  if (!type || type === "explain" || type === "rules" || type === "reset" || type === "imported") renderExplain();
  if (!type || type === "matchboxes") renderBoxes();
  if (!type || ["history", "progress", "eval", "rules", "reset", "imported", "trained"].includes(type)) renderPlot();
  if (!type) renderEval();
}

// ---------------------------------------------------------------- asking first

// The games MENACE has learned from, a run's so far included.
function learned() {
  return page.gamesPlayed + (page.running === "train" && page.progress ? page.progress.games : 0);
}

// What the machine would lose, as the dialog's body: its games of learning.
function lost() {
  return ["ask-lost", { games: learned() }];
}

// Whether the machine may be replaced (`title` with `args` the question): at once when it
// has learned nothing, else once the reader said yes.
async function askBeforeReplacing(title, args) {
  if (learned() === 0 && page.running === null) return true;
  return Page.ask(title, args, ...lost(), "ask-replace");
}

// Another session for this page (another game or side): asked first when a run is going,
// or when learning would be lost (a server's machine this browser cannot keep); a run is
// stopped first, keeping what it learned, and the switch made once the engine said it
// stopped and, on a server, once the machine is kept. `undo()` puts the menu back when not.
async function switchTo(title, args, change, undo) {
  const running = page.running !== null;
  const keeps = page.way === "in-page" || (page.way === "server" && Served.usable());
  const loses = !keeps && (learned() > 0 || running);
  if (running || loses) {
    const body = loses ? lost() : ["ask-switch-kept", {}];
    if (!(await Page.ask(title, args, ...body, "ask-switch"))) return undo();
  }
  const go = page.way === "server" && keeps ? () => keepThen(change) : change;
  if (page.running === null) return go();
  page.stopping = go;
  if (page.running === "watch") page.watchLeft = 1; // finish the game on the board, start no other
  State.say(page, "message", "message-stopping");
  send("stop");
  renderAll();
}

// ---------------------------------------------------------------- wiring

function wire() {
  $("new-game").addEventListener("click", newGame);
  $("resign").addEventListener("click", () => page.inGame && send("resign"));
  $("text-move").addEventListener("submit", (e) => {
    e.preventDefault();
    const m = $("move-text").value.trim();
    if (m) send(`move ${m}`);
    $("move-text").value = "";
  });
  $("connection").addEventListener("click", () => page.conn && page.conn.now());
  $("set-seed").addEventListener("click", () => send(`seed ${$("seed").value}`));
  $("game").addEventListener("change", () => {
    const game = $("game").value;
    const name = $("game").selectedOptions[0].dataset.i18n;
    switchTo("ask-switch-game", { game: [name, {}] }, () => {
      page.game = $("game").value = game;
      $("board").textContent = "";
      Page.toastHide();
      connect();
    }, () => ($("game").value = page.game));
  });
  // MENACE's side: first (X) or second (O), as a link's ?side=second chooses it.
  $("side").addEventListener("change", () => {
    const side = $("side").value;
    switchTo("ask-switch-side", { side: [`side-${side}`, {}] }, () => {
      page.askedSide = $("side").value = side;
      const url = new URL(location.href);
      url.searchParams.set("side", side);
      try {
        history.replaceState(null, "", url);
      } catch (e) {
        // A browser that keeps a file:// address as it is: the page still changes side.
      }
      Page.toastHide();
      connect();
    }, () => ($("side").value = page.side));
  });
  $("speed").addEventListener("input", renderSpeed);
  $("opponent").addEventListener("change", updateButtons);
  $("watch").addEventListener("click", () => {
    const o = Opponents.spec($("opponent"), $("mixed-p"));
    if (o === "human") return Page.toast(i18n.t("toast-choose-opponent"));
    if (page.matchRunning) send("abort");
    State.run(page, "watch");
    page.watchOpponent = o;
    page.watchLeft = Math.max(1, Math.min(10000, Number($("watch-games").value) || 1));
    send(`watch 1 ${o}`);
    renderAll();
  });
  $("train").addEventListener("click", () => {
    // The count checked here: a clear message and nothing trained when it is not one.
    const count = Page.trainCount($("train-games").value);
    if (count.error) {
      State.say(page, "progress-text", ...count.error);
      $("train-games").setAttribute("aria-invalid", "true");
      return renderAll();
    }
    $("train-games").removeAttribute("aria-invalid");
    const n = count.games;
    const o = Opponents.spec($("opponent"), $("mixed-p")) === "human" ? "random" : Opponents.spec($("opponent"), $("mixed-p"));
    if (page.matchRunning) send("abort");
    State.run(page, "train", n);
    send(`train ${n} ${o}`);
    renderEverything("progress");
  });
  $("stop").addEventListener("click", () => {
    if (page.running === "watch") {
      page.watchLeft = 1; // finish the game on the board, start no other
    }
    send("stop");
  });
  $("preset").addEventListener("change", () => {
    const p = Opponents.presets[$("preset").value];
    if (!p) return;
    $("initial").value = p.initial;
    $("reward").value = p.reward;
    $("empty").value = p.empty;
  });
  $("update").addEventListener("click", () => send(rulesLine(false)));
  $("update-reset").addEventListener("click", async () => {
    if (!(await askBeforeReplacing("ask-reset-title", {}))) return;
    if (page.matchRunning) send("abort");
    send(rulesLine(true));
  });
  $("eval").addEventListener("click", () => send("eval"));
  $("save").addEventListener("click", () => send(State.exportFor(page, "download")));
  $("load").addEventListener("change", () => {
    const f = $("load").files[0];
    if (f) upload(f);
    $("load").value = "";
  });
  $("show-opponent").addEventListener("change", () => {
    if ($("show-opponent").checked) send("dump opponent");
    renderBoxes();
  });
}

function renderSpeed() {
  $("speed-label").textContent = speed() ? i18n.t("speed-ms", { ms: speed() }) : i18n.t("speed-fastest");
}

// After a change of language (and Page.relabel): every line the page wrote, written
// again in it.
function relabel() {
  renderSpeed();
  renderEverything();
  Opponents.relabel($("preset"), $("opponent"));
}

window.menace = page; // for the browser tests and the curious
// The controls as soon as they are there; the words first (the catalog), then the engine.
Page.domReady.then(wire);
Page.start(relabel, () => {
  // The plot is drawn at the size it has: again when that changes.
  window.addEventListener("resize", () => renderPlot());
  // A link can choose the game, the seed, MENACE's side and the language:
  // ?game=nim&seed=3, ?side=second, ?lang=ru.
  const q = new URLSearchParams(location.search);
  if (["ttt", "nim", "hexapawn"].includes(q.get("game"))) page.game = $("game").value = q.get("game");
  if (/^[0-9]+$/.test(q.get("seed") || "")) $("seed").value = q.get("seed");
  if (["first", "second"].includes(q.get("side"))) page.askedSide = $("side").value = q.get("side");
  renderSpeed();
  Opponents.relabel($("preset"), $("opponent"));
  Machines.start(connect, () => page.running !== null); // page: the kept machines (machines.js)
  connect();
});
