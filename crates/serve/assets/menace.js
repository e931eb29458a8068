// The MENACE page: plain JavaScript, no framework, no build step. It speaks the engine's
// JSON protocol (one command out, one answer in) to a private session, on `menace serve`
// or in the page itself (transport.js), and draws what the answers say. Everything the
// page shows comes from the engine; its words come from the language's catalog (i18n.js);
// the board, the boxes, the curve, the explanation and the menus are drawn by the scripts
// it shares with the class page (board.js, boxes.js, plot.js, explain.js, opponents.js).
"use strict";

const page = {
  ws: null,
  game: "ttt",
  board: null, // rows of the game in progress (or the last one)
  lastMove: null,
  inGame: false, // a human game is waiting for the player's move
  matchRunning: false,
  running: null, // "train" | "watch" | null
  watchLeft: 0,
  watchOpponent: "random",
  counters: { menace: 0, draw: 0, player: 0 }, // MENACE's score, as the engine writes one
  gamesPlayed: 0,
  history: [],
  evals: [], // {game, exploitability}
  boxes: null, // the latest matchboxes answer of MENACE
  opponentBoxes: null,
  queue: [], // answers waiting to be shown (watching is paced)
  draining: false,
  side: "first", // the side MENACE plays (status)
  trainAsked: 0,
  progressShown: [], // every value the progress bar took, for tests
  log: [], // every answer type received, for tests and curious people
  progressMsg: null, // the line under the progress bar: [id, args], or null
  way: null, // how the page reaches the engine: "server" or "in-page" (transport.js)
  explained: null, // the latest `explain` answer
  lastEval: null, // the latest `eval` answer
  result: null, // the result line of the game just finished: [id, args], or null
};

// ---------------------------------------------------------------- connection

function connect() {
  const params = new URLSearchParams({ game: page.game, seed: $("seed").value || "1961" });
  if (page.askedSide) params.set("side", page.askedSide); // a link's ?side=second
  if (page.ws) {
    page.ws.onclose = null;
    page.ws.close();
  }
  Object.assign(page, {
    board: null, lastMove: null, inGame: false, matchRunning: false, running: null,
    counters: { menace: 0, draw: 0, player: 0 }, history: [], evals: [], boxes: null,
    opponentBoxes: null, queue: [], explained: null, result: null,
  });
  renderExplain();
  Page.connection("connection-connecting", "");
  page.way = Transport.way(false);
  const ws = Transport.open(params);
  page.ws = ws;
  ws.onopen = () => {
    // The engine in the page is reached, not connected to: the pill says where it runs.
    Page.connection(page.way === "in-page" ? "connection-in-page" : "connection-connected", "ok");
    send("info"); // the presets and opponents, for the menus
    send("status");
    send("dump");
    send("history");
    send("help rules"); // does this engine have the symmetry bead option?
  };
  ws.onmessage = (event) => {
    let answer;
    try {
      answer = JSON.parse(event.data);
    } catch (e) {
      return Page.toast(i18n.t("toast-not-json"));
    }
    page.queue.push(answer);
    drain();
  };
  ws.onclose = () => {
    Page.connection("connection-lost", "bad");
    page.running = null;
    updateButtons();
  };
  renderAll();
}

function send(line) {
  if (!page.ws || page.ws.readyState !== Transport.OPEN) return Page.toast(i18n.t("toast-not-connected"));
  page.ws.send(line);
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

function handle(a) {
  page.log.push(a.type);
  switch (a.type) {
    case "new_game":
      page.board = null;
      page.lastMove = null;
      page.matchRunning = true;
      page.result = null;
      if (page.running === "watch") say("message-watch-start", { opponent: opponentName() });
      else if (page.side === "second") {
        page.inGame = true; // the player opens (Hexapawn: MENACE plays the side that wins)
        say(page.game === "ttt" ? "message-you-first-click" : Games.youFirst(page.game), {}); // page: games.js
      } else say("message-thinking", {});
      break;
    case "menace_move":
      page.board = a.board;
      page.lastMove = a.move;
      if (page.running !== "watch") {
        page.inGame = a.to_move === "player";
        const yours = page.game === "ttt" ? "message-your-move-click" : Games.yourMove(page.game); // page: games.js
        const next = a.to_move === "player" ? [yours, {}] : "";
        if (a.box === null) say("message-menace-forced", { move: a.move, next });
        else say("message-menace-moved", { move: a.move, box: a.box, next });
        send("explain");
      } else if (a.box === null) {
        say("message-menace-forced", { move: a.move, next: "" });
      } else {
        say("message-menace-moved", { move: a.move, box: a.box, next: "" });
      }
      break;
    case "board":
      page.board = a.board;
      if (a.move) page.lastMove = a.move;
      if (page.running === "watch") say("message-opponent-moved", { opponent: opponentName(), move: a.move });
      break;
    case "result":
      page.inGame = false;
      countResult(a.winner);
      page.result = sentence(a);
      say(...page.result);
      send("explain"); // what the result did to the beads, under the rules in force
      break;
    case "explain":
      page.explained = a;
      renderExplain();
      // The result line says what happened to the beads, from the engine's own change.
      if (page.result && a.finished) say("message-result-learned", { result: page.result, rule: Explain.rule(a.finished.change) });
      break;
    case "matchboxes":
      if (a.machine === "opponent") page.opponentBoxes = a;
      else page.boxes = a;
      renderBoxes();
      break;
    case "match_over":
      page.matchRunning = false;
      page.inGame = false;
      if (page.running === "watch") {
        page.watchLeft -= 1;
        if (page.watchLeft > 0 && !a.aborted) {
          send(`watch 1 ${page.watchOpponent}`);
        } else {
          page.running = null;
          afterLearning();
        }
      } else {
        afterLearning();
      }
      break;
    case "progress":
      showProgress(a.games, a.of, a.score);
      break;
    case "trained":
      page.running = null;
      for (const k of ["menace", "draw", "player"]) page.counters[k] += a.score[k];
      page.gamesPlayed = a.games_played;
      showProgress(a.games, page.trainAsked || a.games, a.score);
      page.progressMsg = [a.stopped ? "progress-trained-stopped" : "progress-trained", Opponents.games(a.games, a.opponent, a.score)];
      renderProgress();
      // The board and the message are about now: the last game before training is gone.
      page.board = null;
      page.lastMove = null;
      page.result = null;
      say("message-trained", { games: a.games });
      send("dump");
      send("explain");
      afterLearning();
      break;
    case "info":
      Opponents.fill(a, $("preset"), $("opponent"));
      updateButtons();
      break;
    case "status":
      page.gamesPlayed = a.games_played;
      page.side = a.side;
      // Before a game, the message says who opens.
      if (["message-start", "message-start-second"].includes(Page.said.message[0])) say(a.side === "second" ? "message-start-second" : "message-start", {});
      if (a.resigned) say(Page.resignedForGood(a.side), {});
      $("seed").value = a.seed;
      if (a.preset) page.rulesNow = [a.preset, null];
      renderRules();
      if (a.preset && Opponents.presets[a.preset]) $("preset").value = a.preset;
      break;
    case "history":
      page.history = a.games;
      renderPlot();
      break;
    case "eval":
      showEval(a);
      break;
    case "rules":
      page.rulesNow = [a.preset, a.reset];
      renderRules();
      send("explain");
      if (a.reset) {
        page.counters = { menace: 0, draw: 0, player: 0 };
        page.evals = [];
        page.opponentBoxes = null;
        send("dump");
        afterLearning();
      }
      break;
    case "reset":
      page.counters = { menace: 0, draw: 0, player: 0 };
      page.evals = [];
      send("dump");
      send("explain");
      afterLearning();
      break;
    case "seed":
      $("seed").value = a.seed;
      say("message-seed", { seed: a.seed });
      break;
    case "state":
      Page.download(`menace-${a.state.games_played}-games.json`, JSON.stringify(a.state));
      say("message-saved", { games: a.state.games_played });
      break;
    case "imported":
      say("message-imported", { games: a.games_played, preset: Opponents.preset(a.preset) });
      page.evals = [];
      send("dump");
      send("explain");
      afterLearning();
      break;
    case "help": {
      const usage = (a.commands[0] || {}).usage || "";
      const symmetry = $("symmetry");
      symmetry.disabled = !usage.includes("colours");
      // Kept as a message id, so a change of language rewrites it (i18n.apply).
      symmetry.parentElement.dataset.i18nTitle = symmetry.disabled ? "rules-symmetry-missing" : "rules-symmetry-help";
      symmetry.parentElement.title = i18n.t(symmetry.parentElement.dataset.i18nTitle);
      break;
    }
    case "stopped":
      page.running = null;
      break;
    case "error":
      Page.toast(i18n.error(a));
      if (page.running === "watch") page.running = null;
      break;
    default:
      break;
  }
  renderAll();
}

function afterLearning() {
  send("status");
  send("history");
  if ($("show-opponent").checked) send("dump opponent");
}

function countResult(winner) {
  page.counters[winner === "menace" || winner === "draw" ? winner : "player"] += 1;
}

// Who MENACE plays, as a message: the opponent it is watched against, else the reader.
function opponentName() {
  return page.running === "watch" ? Opponents.message(page.watchOpponent) : ["opponent-you", {}];
}

// The result of game `a`, as a message id and its arguments.
function sentence(a) {
  return Page.result(a, page.side, page.running === "watch" ? opponentName() : null);
}

// The message line says message `id` with `args` (kept, so a change of language redraws it).
function say(id, args) {
  Page.say("message", id, args);
}

function renderRules() {
  if (!page.rulesNow) return;
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

function renderPlot() {
  Plot.legend($("legend"));
  Plot.learning($("plot"), page.history, page.evals);
  // The engine keeps the last games only (`history`): a curve that starts after game 1
  // says so.
  const games = page.history;
  const first = games.length ? games[0].game : 1;
  $("plot-window").textContent = first > 1 ? i18n.t("plot-window", { count: games.length, from: first, to: games[games.length - 1].game }) : "";
}

// ---------------------------------------------------------------- panels

function showProgress(done, of, score) {
  page.progressShown.push(done);
  $("progress").max = of || 1;
  $("progress").value = done;
  page.progressMsg = ["progress-line", { done, of, won: score.menace, drawn: score.draw, lost: score.player }];
  renderProgress();
}

function renderProgress() {
  if (page.progressMsg) $("progress-text").textContent = Page.words(...page.progressMsg);
}

function showEval(a) {
  page.lastEval = a;
  page.evals.push({ game: page.gamesPlayed, exploitability: a.exploitability });
  renderEval();
  renderPlot();
}

// Each figure as a sentence a class reads; the jargon only in the explanation beside it.
function renderEval() {
  const a = page.lastEval;
  if (!a) return;
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
  const busy = page.running !== null;
  for (const id of ["new-game", "resign", "watch", "train", "update", "update-reset", "eval", "save", "load"]) {
    $(id).disabled = busy;
  }
  $("resign").disabled = busy || !page.inGame;
  $("stop").disabled = !busy;
  $("mixed-row").hidden = $("opponent").value !== "mixed";
  const ttt = page.game === "ttt";
  for (const id of ["update", "update-reset", "save", "load"]) if (!ttt) $(id).disabled = true;
}

function renderCounters() {
  Page.score(page.counters);
  $("games-played").textContent = i18n.num(page.gamesPlayed);
}

function renderAll() {
  renderBoard();
  renderCounters();
  updateButtons();
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
  $("connection").addEventListener("click", () => {
    if (!page.ws || page.ws.readyState === Transport.CLOSED) connect();
  });
  $("set-seed").addEventListener("click", () => send(`seed ${$("seed").value}`));
  $("game").addEventListener("change", () => {
    page.game = $("game").value;
    $("board").textContent = "";
    connect();
  });
  $("speed").addEventListener("input", renderSpeed);
  $("opponent").addEventListener("change", updateButtons);
  $("watch").addEventListener("click", () => {
    const o = Opponents.spec($("opponent"), $("mixed-p"));
    if (o === "human") return Page.toast(i18n.t("toast-choose-opponent"));
    if (page.matchRunning) send("abort");
    page.running = "watch";
    page.watchOpponent = o;
    page.watchLeft = Math.max(1, Math.min(10000, Number($("watch-games").value) || 1));
    send(`watch 1 ${o}`);
    renderAll();
  });
  $("train").addEventListener("click", () => {
    const n = Math.max(1, Math.min(100000000, Math.floor(Number($("train-games").value) || 1)));
    const o = Opponents.spec($("opponent"), $("mixed-p")) === "human" ? "random" : Opponents.spec($("opponent"), $("mixed-p"));
    if (page.matchRunning) send("abort");
    page.running = "train";
    page.trainAsked = n;
    page.board = null; // the board and the message are about the training now
    page.result = null;
    say("message-training", { games: n });
    showProgress(0, n, { menace: 0, draw: 0, player: 0 });
    send(`train ${n} ${o}`);
    renderAll();
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
  $("update-reset").addEventListener("click", () => {
    if (page.matchRunning) send("abort");
    send(rulesLine(true));
  });
  $("eval").addEventListener("click", () => send("eval"));
  $("save").addEventListener("click", () => send("export"));
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
  renderProgress();
  renderEval();
  renderRules();
  renderExplain();
  renderBoxes();
  renderPlot();
  renderAll();
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
  if (["first", "second"].includes(q.get("side"))) page.askedSide = q.get("side");
  say("message-start", {});
  relabel();
  Machines.start(connect, () => page.running !== null); // page: the kept machines (machines.js)
  connect();
});
