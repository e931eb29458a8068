// The MENACE page: plain JavaScript, no framework, no build step. It speaks the engine's
// JSON protocol over a WebSocket at /ws (one command per frame out, one answer per frame in)
// and draws what the answers say. Everything the page shows comes from the engine; its
// words come from the language's catalog (i18n.js), the explanation panel from explain.js.
"use strict";

const $ = (id) => document.getElementById(id);
const svgNS = "http://www.w3.org/2000/svg";
const LETTERS = ["L", "M", "R"];
// The bead presets by name ({name, summary, initial, reward, empty, colours}), filled
// from the engine's `info` answer: the page lists no preset or opponent of its own.
const PRESETS = {};

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
  counters: { win: 0, draw: 0, loss: 0 },
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
  msg: ["message-start", {}], // the message line, as a message id and its arguments
  connection: ["connection-connecting", ""], // the connection pill: message id, class
  progressMsg: null, // the line under the progress bar: [id, args], or null
  explained: null, // the latest `explain` answer
  lastEval: null, // the latest `eval` answer
  result: null, // the result line of the game just finished: [id, args], or null
};

// ---------------------------------------------------------------- connection

function connect() {
  const params = new URLSearchParams({ game: page.game, seed: $("seed").value || "1961" });
  if (page.askedSide) params.set("side", page.askedSide); // a link's ?side=second
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?${params}`;
  if (page.ws) {
    page.ws.onclose = null;
    page.ws.close();
  }
  Object.assign(page, {
    board: null, lastMove: null, inGame: false, matchRunning: false, running: null,
    counters: { win: 0, draw: 0, loss: 0 }, history: [], evals: [], boxes: null,
    opponentBoxes: null, queue: [], explained: null, result: null,
  });
  renderExplain();
  setConnection("connection-connecting", "");
  const ws = new WebSocket(url);
  page.ws = ws;
  ws.onopen = () => {
    setConnection("connection-connected", "ok");
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
      return toast(i18n.t("toast-not-json"));
    }
    page.queue.push(answer);
    drain();
  };
  ws.onclose = (event) => {
    setConnection("connection-lost", "bad");
    page.running = null;
    updateButtons();
  };
  renderAll();
}

function send(line) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return toast(i18n.t("toast-not-connected"));
  page.ws.send(line);
}

function setConnection(id, cls) {
  page.connection = [id, cls];
  const c = $("connection");
  c.textContent = i18n.t(id);
  c.className = `pill ${cls}`;
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
        say(page.game === "ttt" ? "message-you-first-click" : "message-you-first", {});
      } else say("message-thinking", {});
      break;
    case "menace_move":
      page.board = a.board;
      page.lastMove = a.move;
      if (page.running !== "watch") {
        page.inGame = a.to_move === "player";
        const yours = page.game === "ttt" ? "message-your-move-click" : "message-your-move-type";
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
      if (page.result && a.finished) say("message-result-learned", { result: page.result, rule: [ruleId(a.finished.change), { count: Math.abs(a.finished.change) }] });
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
      page.counters.win += a.score.menace;
      page.counters.draw += a.score.draw;
      page.counters.loss += a.score.player;
      page.gamesPlayed = a.games_played;
      showProgress(a.games, page.trainAsked || a.games, a.score);
      page.progressMsg = [a.stopped ? "progress-trained-stopped" : "progress-trained", {
        games: a.games, opponent: opponentLabel(a.opponent), won: a.score.menace, drawn: a.score.draw, lost: a.score.player,
      }];
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
      fillMenus(a);
      break;
    case "status":
      page.gamesPlayed = a.games_played;
      page.side = a.side;
      // Before a game, the message says who opens.
      if (page.msg[0] === "message-start" || page.msg[0] === "message-start-second") say(a.side === "second" ? "message-start-second" : "message-start", {});
      if (a.resigned) say(a.side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first", {});
      $("seed").value = a.seed;
      if (a.preset) page.rulesNow = [a.preset, null];
      renderRules();
      if (a.preset && PRESETS[a.preset]) $("preset").value = a.preset;
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
        page.counters = { win: 0, draw: 0, loss: 0 };
        page.evals = [];
        page.opponentBoxes = null;
        send("dump");
        afterLearning();
      }
      break;
    case "reset":
      page.counters = { win: 0, draw: 0, loss: 0 };
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
      download(a.state);
      break;
    case "imported":
      say("message-imported", { games: a.games_played, preset: presetName(a.preset) });
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
      toast(i18n.error(a));
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
  if (winner === "menace") page.counters.win += 1;
  else if (winner === "draw") page.counters.draw += 1;
  else page.counters.loss += 1;
}

// An opponent as the engine names it (`random`, `mixed:0.3`, ...), in words: one message
// per opponent of the engine's table (the catalog test checks the list).
function opponentLabel(spec) {
  return i18n.t(`opponent-${String(spec).split(":")[0]}`);
}

function opponentName() {
  return page.running === "watch" ? opponentLabel(page.watchOpponent) : i18n.t("opponent-you");
}

// A bead preset's name in words (one message per preset of the engine's table).
function presetName(name) {
  return name ? i18n.t(`preset-${name}`) : i18n.t("preset-custom");
}

// The message of what the rules did to each drawn bead: `change` is the engine's.
function ruleId(change) {
  return change > 0 ? "explain-rule-more" : change === 0 ? "explain-rule-same" : "explain-rule-out";
}

// The result of game `a`, as a message id and its arguments.
function sentence(a) {
  const watching = page.running === "watch";
  let result;
  if (a.reason === "menace resigned") result = ["result-menace-resigned", {}];
  else if (a.reason === "player resigned") result = [watching ? "result-opponent-resigned" : "result-you-resigned", { opponent: opponentName() }];
  else if (a.winner === "menace") result = ["result-menace-wins", {}];
  else if (a.winner === "draw") result = ["result-draw", {}];
  else result = watching ? ["result-opponent-wins", { opponent: opponentName() }] : ["result-you-win", {}];
  // The engine says when MENACE now resigns every game (empty resign, its first boxes empty).
  if (a.resigned) {
    const why = page.side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first";
    return ["result-and-why", { result, why: [why, {}] }];
  }
  return result;
}

// The message line: message `id` with `args`, kept so a change of language redraws it. An
// argument that is itself a message, [id, args], is written in the language too.
function say(id, args) {
  page.msg = [id, args];
  $("message").textContent = words(id, args);
}

// Message `id` with `args`, where an argument [id, args] is itself a message (to any depth).
function words(id, args) {
  const done = {};
  for (const [k, v] of Object.entries(args || {})) done[k] = Array.isArray(v) ? words(...v) : v;
  return i18n.t(id, done);
}

function renderRules() {
  if (!page.rulesNow) return;
  const [preset, reset] = page.rulesNow;
  const now = i18n.t("rules-now", { preset: presetName(preset) });
  const after = reset === null ? "" : ` ${i18n.t(reset ? "rules-refilled" : "rules-kept")}`;
  $("rules-text").textContent = now + after;
}

function renderExplain() {
  if (!page.explained) {
    $("explain").replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: i18n.t("explain-none") }));
    return;
  }
  Explain.render($("explain"), page.explained, page.game);
}

function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (t.hidden = true), 4000);
}

// ---------------------------------------------------------------- the board

function renderBoard() {
  const ttt = page.game === "ttt";
  $("board").hidden = !ttt;
  $("text-board").hidden = ttt;
  $("text-move").hidden = ttt;
  if (!ttt) {
    $("text-board").textContent = page.board ? page.board.join("\n") : "(no game: press New game)";
    return;
  }
  const grid = $("board");
  if (grid.children.length !== 9) {
    grid.textContent = "";
    for (let i = 0; i < 9; i++) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.cell = LETTERS[Math.floor(i / 3)] + LETTERS[i % 3];
      b.addEventListener("click", () => clickCell(b.dataset.cell));
      grid.appendChild(b);
    }
  }
  const rows = page.board || ["...", "...", "..."];
  [...grid.children].forEach((b, i) => {
    const mark = rows[Math.floor(i / 3)][i % 3];
    Boxes.setMark(b, mark);
    b.className = mark === "." ? "" : mark;
    if (b.dataset.cell === page.lastMove && mark !== ".") b.classList.add("last");
    b.disabled = !(page.inGame && mark === "." && page.running === null);
    b.setAttribute("aria-label", i18n.t(mark === "." ? "cell-free" : "cell-taken", { cell: b.dataset.cell, mark }));
  });
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

const cellOf = (rc) => Explain.cellIndex(rc);

// The boxes (boxes.js draws them, as on the class page): the boxes of the last game in
// the order drawn, then every box grouped by MENACE's move, each with its number.
function renderBoxes() {
  const showOpponent = $("show-opponent").checked;
  const dump = showOpponent ? page.opponentBoxes : page.boxes;
  const holder = $("boxes");
  const last = $("last-boxes");
  holder.textContent = "";
  last.textContent = "";
  if (!dump) {
    $("boxes-count").textContent = showOpponent ? i18n.t("boxes-none-opponent") : "";
    return;
  }
  const boxes = dump.boxes;
  const drawn = new Map();
  for (const d of dump.drawn || []) drawn.set(d.box, cellOf(d.bead));
  $("boxes-count").textContent = i18n.t(showOpponent ? "boxes-count-opponent" : "boxes-count", { count: boxes.length });
  if (drawn.size) {
    const h = document.createElement("h3");
    h.textContent = i18n.t("boxes-used");
    last.appendChild(h);
    const strip = document.createElement("div");
    strip.className = "group";
    for (const d of dump.drawn) strip.appendChild(Boxes.element(boxes[d.box], d.box, cellOf(d.bead)));
    last.appendChild(strip);
  }
  // The explanation's "find box N" links land on MENACE's own boxes only.
  Boxes.grouped(holder, boxes, { ttt: page.game === "ttt", drawn, ids: !showOpponent });
}

// ---------------------------------------------------------------- the plot (plain SVG)

function renderPlot() {
  const games = page.history;
  const evals = page.evals;
  const xs = games.map((g) => g.game).concat(evals.map((e) => e.game));
  const x0 = xs.length ? Math.min(...xs) : 0;
  const x1 = xs.length ? Math.max(...xs) : 1;
  renderLegend();
  const lines = [];
  let beadsTop = 1;
  if (games.length) {
    const w = Math.max(5, Math.floor(games.length / 25));
    const points = { menace: [], draw: [], player: [] };
    const count = { menace: 0, draw: 0, player: 0 };
    games.forEach((g, i) => {
      count[g.winner] += 1;
      if (i >= w) count[games[i - w].winner] -= 1;
      const n = Math.min(i + 1, w);
      for (const k of Object.keys(points)) points[k].push([g.game, count[k] / n]);
    });
    for (const k of Object.keys(points)) {
      const line = PLOT_LINES[k];
      lines.push({ points: points[k], stroke: line.stroke, dash: line.dash, marker: line.marker, cls: `line-${k}` });
    }
    beadsTop = Math.max(1, ...games.map((g) => g.first_box));
    lines.push({ points: games.map((g) => [g.game, g.first_box / beadsTop]), stroke: PLOT_LINES.beads.stroke, dash: PLOT_LINES.beads.dash, width: 1.6, right: true });
  }
  Plot.draw($("plot"), {
    x: [x0, x1],
    xLabel: (g) => i18n.t("plot-game", { game: g }),
    y: [0, 1],
    yTicks: [0, 0.5, 1].map((v) => [v, i18n.pct(v)]),
    right: games.length ? { ticks: [[0, i18n.num(0)], [0.5, i18n.t("plot-beads-axis")], [1, i18n.num(beadsTop)]] } : null,
    lines,
    dots: evals.map((e) => ({ x: e.game, y: e.exploitability, fill: PLOT_LINES.exploit.stroke, title: i18n.t("plot-exploit-point", { share: i18n.pct(e.exploitability), games: e.game }) })),
    empty: i18n.t("plot-empty"),
  });
  // The engine keeps the last games only (`history`): a curve that starts after game 1
  // says so.
  const first = games.length ? games[0].game : 1;
  $("plot-window").textContent = first > 1 ? i18n.t("plot-window", { count: games.length, from: first, to: games[games.length - 1].game }) : "";
}

// The plot's lines: a colour-blind-safe palette (Okabe and Ito's) and, for readers who
// see no colour at all, a dash pattern and an end marker of their own.
const PLOT_LINES = {
  menace: { stroke: "#0072b2", dash: "", marker: "●", label: "legend-won" },
  draw: { stroke: "#7a7a7a", dash: "7 3", marker: "■", label: "legend-drawn" },
  player: { stroke: "#d55e00", dash: "2 2", marker: "▲", label: "legend-lost" },
  beads: { stroke: "#009e73", dash: "10 3 2 3", marker: "", label: "legend-beads" },
  exploit: { stroke: "#cc79a7", dash: "", marker: "◆", label: "legend-exploit" },
};

function renderLegend() {
  const legend = $("legend");
  legend.replaceChildren();
  for (const [k, line] of Object.entries(PLOT_LINES)) {
    const item = document.createElement("span");
    item.className = "legend-item";
    const sample = document.createElementNS(svgNS, "svg");
    sample.setAttribute("width", "30");
    sample.setAttribute("height", "10");
    sample.setAttribute("aria-hidden", "true");
    const l = document.createElementNS(svgNS, k === "exploit" ? "rect" : "line");
    if (k === "exploit") Object.entries({ x: 11, y: 1, width: 8, height: 8, fill: line.stroke }).forEach(([a, v]) => l.setAttribute(a, v));
    else Object.entries({ x1: 0, x2: 30, y1: 5, y2: 5, stroke: line.stroke, "stroke-width": 2, "stroke-dasharray": line.dash }).forEach(([a, v]) => l.setAttribute(a, v));
    sample.appendChild(l);
    item.appendChild(sample);
    item.appendChild(document.createTextNode(` ${line.marker} ${i18n.t(line.label)}`));
    legend.appendChild(item);
  }
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
  if (page.progressMsg) $("progress-text").textContent = i18n.t(...page.progressMsg);
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

// The preset and opponent menus, from the engine's `info` answer (keeping the choices
// made, when the engine still offers them).
function fillMenus(info) {
  const preset = $("preset");
  const chosenPreset = preset.value;
  const presets = info.presets.map((p) => {
    PRESETS[p.name] = p;
    const o = document.createElement("option");
    o.value = p.name;
    o.textContent = i18n.t("preset-option", { name: presetName(p.name), initial: p.initial, reward: p.reward });
    return o;
  });
  preset.replaceChildren(...presets);
  if (PRESETS[chosenPreset]) preset.value = chosenPreset;
  const opponent = $("opponent");
  const chosenOpponent = opponent.value;
  const human = opponent.querySelector('option[value="human"]');
  const opponents = info.opponents.map((p) => {
    const o = document.createElement("option");
    // `mixed:P` is chosen as `mixed`, with its probability from the field beside it.
    o.value = p.name.split(":")[0];
    o.textContent = opponentLabel(o.value);
    return o;
  });
  opponent.replaceChildren(human, ...opponents);
  if (opponents.some((o) => o.value === chosenOpponent)) opponent.value = chosenOpponent;
  updateButtons();
}

function opponentSpec() {
  const o = $("opponent").value;
  return o === "mixed" ? `mixed:${Number($("mixed-p").value)}` : o;
}

function download(state) {
  const blob = new Blob([JSON.stringify(state)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `menace-${state.games_played}-games.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  say("message-saved", { games: state.games_played });
}

async function upload(file) {
  let state;
  try {
    state = JSON.parse(await file.text());
  } catch (e) {
    return toast(i18n.t("toast-not-state", { file: file.name }));
  }
  const line = `import ${JSON.stringify(state)}`;
  if (line.length > 65536) return toast(i18n.t("toast-too-large", { file: file.name }));
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
  $("count-win").textContent = i18n.num(page.counters.win);
  $("count-draw").textContent = i18n.num(page.counters.draw);
  $("count-loss").textContent = i18n.num(page.counters.loss);
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
    if (!page.ws || page.ws.readyState === WebSocket.CLOSED) connect();
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
    const o = opponentSpec();
    if (o === "human") return toast(i18n.t("toast-choose-opponent"));
    if (page.matchRunning) send("abort");
    page.running = "watch";
    page.watchOpponent = o;
    page.watchLeft = Math.max(1, Math.min(10000, Number($("watch-games").value) || 1));
    send(`watch 1 ${o}`);
    renderAll();
  });
  $("train").addEventListener("click", () => {
    const n = Math.max(1, Math.min(100000000, Math.floor(Number($("train-games").value) || 1)));
    const o = opponentSpec() === "human" ? "random" : opponentSpec();
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
    const p = PRESETS[$("preset").value];
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

// After a change of language: every line the page wrote, written again in it.
function relabel() {
  say(...page.msg);
  setConnection(...page.connection);
  renderSpeed();
  renderProgress();
  renderEval();
  renderRules();
  renderExplain();
  renderBoxes();
  renderPlot();
  renderAll();
  const opponent = $("opponent");
  for (const o of opponent.options) if (o.value !== "human") o.textContent = opponentLabel(o.value);
  for (const o of $("preset").options) {
    const p = PRESETS[o.value];
    if (p) o.textContent = i18n.t("preset-option", { name: presetName(p.name), initial: p.initial, reward: p.reward });
  }
}

window.menace = page; // for the browser tests and the curious
wire();
// The plot is drawn at the size it has: again when that changes.
window.addEventListener("resize", () => renderPlot());
// A link can choose the game, the seed, MENACE's side and the language:
// /?game=nim&seed=3, /?side=second, /?lang=ru.
{
  const q = new URLSearchParams(location.search);
  if (["ttt", "nim", "hexapawn"].includes(q.get("game"))) page.game = $("game").value = q.get("game");
  if (/^[0-9]+$/.test(q.get("seed") || "")) $("seed").value = q.get("seed");
  if (["first", "second"].includes(q.get("side"))) page.askedSide = q.get("side");
}
// The words first (the catalog), then the engine.
Promise.all([i18n.ready, Explain.ready]).then(() => {
  i18n.listeners.push(relabel);
  relabel();
  connect();
});
