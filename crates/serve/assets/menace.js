// The MENACE page: plain JavaScript, no framework, no build step. It speaks the engine's
// JSON protocol over a WebSocket at /ws (one command per frame out, one answer per frame in)
// and draws what the answers say. Everything the page shows comes from the engine.
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
    opponentBoxes: null, queue: [],
  });
  setConnection("connecting…", "");
  const ws = new WebSocket(url);
  page.ws = ws;
  ws.onopen = () => {
    setConnection("connected", "ok");
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
      return toast("the server sent something that is not JSON");
    }
    page.queue.push(answer);
    drain();
  };
  ws.onclose = (event) => {
    setConnection(`${event.reason ? `closed: ${event.reason}` : "disconnected"} (click to reconnect)`, "bad");
    page.running = null;
    updateButtons();
  };
  renderAll();
}

function send(line) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) return toast("not connected to the engine");
  page.ws.send(line);
}

function setConnection(text, cls) {
  const c = $("connection");
  c.textContent = text;
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
      if (page.running === "watch") message(`MENACE against ${opponentName()}: game starts.`);
      else if (page.side === "second") {
        page.inGame = true; // the player opens (Hexapawn: MENACE plays the side that wins)
        message(`You move first: ${page.game === "ttt" ? "click a free square" : "type your move below"}.`);
      } else message("MENACE is thinking…");
      break;
    case "menace_move":
      page.board = a.board;
      page.lastMove = a.move;
      if (page.running !== "watch") {
        page.inGame = true;
        const how = a.box === null ? "its only move" : `a bead from box ${a.box}`;
        message(`MENACE played ${a.move} (${how}). Your move: ${page.game === "ttt" ? "click a free square" : "type it below"}.`);
      } else {
        message(`MENACE played ${a.move}` + (a.box === null ? "." : ` (box ${a.box}, bead ${a.bead}).`));
      }
      break;
    case "board":
      page.board = a.board;
      if (a.move) page.lastMove = a.move;
      if (page.running === "watch") message(`${opponentName()} played ${a.move}.`);
      break;
    case "result":
      page.inGame = false;
      countResult(a.winner);
      message(sentence(a));
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
      page.counters.draw += a.score.draws;
      page.counters.loss += a.score.player;
      page.gamesPlayed = a.games_played;
      showProgress(a.games, page.trainAsked || a.games, a.score);
      $("progress-text").textContent =
        `Trained ${a.games} games against ${a.opponent}${a.stopped ? " (stopped)" : ""}: ` +
        `won ${a.score.menace}, drawn ${a.score.draws}, lost ${a.score.player}.`;
      send("dump");
      afterLearning();
      break;
    case "info":
      fillMenus(a);
      break;
    case "status":
      page.gamesPlayed = a.games_played;
      page.side = a.side;
      if (a.resigned) message(`${a.resigned}.`);
      $("seed").value = a.seed;
      if (a.rules) $("rules-text").textContent = `Now: ${a.preset || "custom"} (${a.rules}).`;
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
      $("rules-text").textContent = `Now: ${a.preset} (${a.rules})${a.reset ? ", every box refilled" : ", beads kept"}.`;
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
      afterLearning();
      break;
    case "seed":
      $("seed").value = a.seed;
      message(`Seed set to ${a.seed}: the same clicks now give the same game every time.`);
      break;
    case "state":
      download(a.state);
      break;
    case "imported":
      message(`Loaded a state that learned from ${a.games_played} games (${a.preset} rules).`);
      page.evals = [];
      send("dump");
      afterLearning();
      break;
    case "help": {
      const usage = (a.commands[0] || {}).usage || "";
      const symmetry = $("symmetry");
      symmetry.disabled = !usage.includes("colours");
      symmetry.parentElement.title = symmetry.disabled
        ? "this engine's bead rules have no symmetry option yet"
        : "each box gets one bead colour per symmetry class of its moves";
      break;
    }
    case "stopped":
      page.running = null;
      break;
    case "error":
      toast(a.message);
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

function opponentName() {
  const o = page.running === "watch" ? page.watchOpponent : "you";
  if (o.startsWith("mixed")) return "the mixed player";
  const names = { you: "you", random: "the random player", perfect: "the perfect player", exploiter: "the exploiter", menace: "the second MENACE" };
  return names[o] || o;
}

function sentence(a) {
  const watching = page.running === "watch";
  const other = watching ? opponentName() : "you";
  let s;
  if (a.winner === "menace") s = "MENACE wins";
  else if (a.winner === "draw") s = "A draw";
  else s = watching ? `${other[0].toUpperCase()}${other.slice(1)} wins` : "You win";
  if (a.reason === "menace resigned") s += ": MENACE resigned (its box was empty)";
  if (a.reason === "player resigned") s += `: ${other} resigned`;
  const learn = a.winner === "menace" ? "rewarded" : a.winner === "draw" ? "adjusted" : "punished";
  // The engine says when MENACE now resigns every game (empty resign, its first box empty).
  if (a.resigned) return `${s}. ${a.resigned}.`;
  return `${s}. The beads MENACE drew are ${learn}.`;
}

function message(text) {
  $("message").textContent = text;
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
    b.textContent = mark === "." ? "" : mark;
    b.className = mark === "." ? "" : mark;
    if (b.dataset.cell === page.lastMove && mark !== ".") b.classList.add("last");
    b.disabled = !(page.inGame && mark === "." && page.running === null);
    b.setAttribute("aria-label", `${b.dataset.cell} ${mark === "." ? "free" : mark}`);
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

function cellOf(rc) {
  if (typeof rc !== "string" || rc.length !== 2) return -1;
  const r = LETTERS.indexOf(rc[0]);
  const c = LETTERS.indexOf(rc[1]);
  return r < 0 || c < 0 ? -1 : r * 3 + c;
}

function boxElement(box, index, drawnCell) {
  const el = document.createElement("div");
  el.dataset.index = index;
  const ttt = box.position.length === 9 && box.beads.length === 9;
  if (!ttt) {
    el.className = "box generic";
    el.textContent = `${box.position.split("/").join("\n")}\nbeads ${box.beads.join(" ")}`;
    el.title = `box ${index}`;
    return el;
  }
  el.className = "box";
  el.title = `box ${index}: ${box.beads.reduce((s, n) => s + n, 0)} beads`;
  for (let i = 0; i < 9; i++) {
    const s = document.createElement("span");
    const mark = box.position[i];
    if (mark !== ".") {
      s.textContent = mark;
      s.className = "mark";
    } else {
      const n = box.beads[i];
      // Past four digits a count is shown in thousands (the tooltip has it whole).
      s.textContent = n >= 10000 ? `${Math.round(n / 1000)}k` : n;
      if (n >= 10000) s.title = `${n} beads`;
      if (box.beads[i] === 0) s.className = "zero";
      else if (box.beads[i] >= 100) s.className = box.beads[i] >= 1000 ? "huge" : "big";
    }
    if (i === drawnCell) {
      s.classList.add("drawn");
      el.dataset.drawn = LETTERS[Math.floor(i / 3)] + LETTERS[i % 3];
    }
    el.appendChild(s);
  }
  return el;
}

function renderBoxes() {
  const showOpponent = $("show-opponent").checked;
  const dump = showOpponent ? page.opponentBoxes : page.boxes;
  const holder = $("boxes");
  const last = $("last-boxes");
  holder.textContent = "";
  last.textContent = "";
  if (!dump) {
    $("boxes-count").textContent = showOpponent ? "(train against a second MENACE first)" : "";
    return;
  }
  const boxes = dump.boxes;
  const drawn = new Map();
  for (const d of dump.drawn || []) drawn.set(d.box, cellOf(d.bead));
  $("boxes-count").textContent = `${boxes.length} boxes${showOpponent ? " of the second MENACE (O)" : ""}`;
  if (drawn.size) {
    const h = document.createElement("h3");
    h.textContent = "Boxes used in the last game, in the order drawn";
    last.appendChild(h);
    const strip = document.createElement("div");
    strip.className = "group";
    for (const d of dump.drawn) strip.appendChild(boxElement(boxes[d.box], d.box, cellOf(d.bead)));
    last.appendChild(strip);
  }
  // Grouped by the machine's move number: its own marks on the drawing, plus one.
  const mine = showOpponent ? "O" : "X";
  const groups = new Map();
  boxes.forEach((box, i) => {
    const n = box.position.length === 9 ? [...box.position].filter((c) => c === mine).length + 1 : 1;
    if (!groups.has(n)) groups.set(n, []);
    groups.get(n).push(i);
  });
  const ordinal = (n) => ["1st", "2nd", "3rd"][n - 1] || `${n}th`;
  for (const [n, list] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
    const h = document.createElement("h3");
    h.textContent = page.game === "ttt" ? `Its ${ordinal(n)} move: ${list.length} box${list.length > 1 ? "es" : ""}` : `${list.length} boxes`;
    holder.appendChild(h);
    const g = document.createElement("div");
    g.className = "group";
    for (const i of list) {
      const el = boxElement(boxes[i], i, drawn.has(i) ? drawn.get(i) : -1);
      if (drawn.has(i)) el.classList.add("used");
      g.appendChild(el);
    }
    holder.appendChild(g);
  }
}

// ---------------------------------------------------------------- the plot (plain SVG)

function renderPlot() {
  const svg = $("plot");
  svg.textContent = "";
  const W = 640, H = 220, L = 36, R = 44, T = 10, B = 24;
  const games = page.history;
  const evals = page.evals;
  const xs = games.map((g) => g.game).concat(evals.map((e) => e.game));
  const x0 = xs.length ? Math.min(...xs) : 0;
  const x1 = xs.length ? Math.max(...xs, x0 + 1) : 1;
  const X = (g) => L + ((g - x0) / (x1 - x0)) * (W - L - R);
  const Y = (v) => T + (1 - v) * (H - T - B);
  const el = (name, attrs, text) => {
    const e = document.createElementNS(svgNS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  for (const v of [0, 0.5, 1]) {
    el("line", { x1: L, x2: W - R, y1: Y(v), y2: Y(v), stroke: "#e5e7eb" });
    el("text", { x: L - 4, y: Y(v) + 4, "text-anchor": "end" }, `${v * 100}%`);
  }
  el("text", { x: L, y: H - 6 }, `game ${x0}`);
  el("text", { x: W - R, y: H - 6, "text-anchor": "end" }, `game ${x1}`);
  if (!games.length && !evals.length) {
    el("text", { x: W / 2, y: H / 2, "text-anchor": "middle" }, "Play, watch or train: the learning curve appears here.");
    return;
  }
  if (games.length) {
    const w = Math.max(5, Math.floor(games.length / 25));
    const lines = { menace: [], draw: [], player: [] };
    const count = { menace: 0, draw: 0, player: 0 };
    games.forEach((g, i) => {
      count[g.winner] += 1;
      if (i >= w) count[games[i - w].winner] -= 1;
      const n = Math.min(i + 1, w);
      for (const k of Object.keys(lines)) lines[k].push(`${X(g.game).toFixed(1)},${Y(count[k] / n).toFixed(1)}`);
    });
    const colour = { menace: "var(--win)", draw: "var(--draw)", player: "var(--loss)" };
    for (const k of Object.keys(lines)) {
      el("polyline", { points: lines[k].join(" "), fill: "none", stroke: colour[k], "stroke-width": 1.6 });
    }
    const top = Math.max(1, ...games.map((g) => g.first_box));
    const beads = games.map((g) => `${X(g.game).toFixed(1)},${Y(g.first_box / top).toFixed(1)}`);
    el("polyline", { points: beads.join(" "), fill: "none", stroke: "var(--beads)", "stroke-width": 1.6, "stroke-dasharray": "4 2" });
    el("text", { x: W - R + 4, y: Y(1) + 4 }, `${top}`);
    el("text", { x: W - R + 4, y: Y(0) + 4 }, "0");
    el("text", { x: W - R + 4, y: Y(0.5) + 4 }, "beads");
  }
  for (const e of evals) {
    el("circle", { cx: X(e.game), cy: Y(e.exploitability), r: 4, fill: "var(--exploit)" }).appendChild(
      Object.assign(document.createElementNS(svgNS, "title"), { textContent: `exploitability ${e.exploitability.toFixed(3)} after ${e.game} games` }),
    );
  }
}

// ---------------------------------------------------------------- panels

function showProgress(done, of, score) {
  page.progressShown.push(done);
  $("progress").max = of || 1;
  $("progress").value = done;
  $("progress-text").textContent = `${done} of ${of} games: won ${score.menace}, drawn ${score.draws}, lost ${score.player}`;
}

function showEval(a) {
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  const wdl = (o) => `${pct(o.win)} / ${pct(o.draw)} / ${pct(o.loss)}`;
  $("ev-exploit").textContent = pct(a.exploitability);
  $("ev-greedy").textContent = pct(a.greedy_exploitability);
  $("ev-random").textContent = wdl(a.vs_random);
  $("ev-perfect").textContent = wdl(a.vs_perfect);
  page.evals.push({ game: page.gamesPlayed, exploitability: a.exploitability });
  renderPlot();
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
    o.textContent = `${p.name}: ${p.summary}`;
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
    o.textContent = `${o.value} (${p.summary})`;
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
  message(`Saved: the state after ${state.games_played} games is in your downloads.`);
}

async function upload(file) {
  let state;
  try {
    state = JSON.parse(await file.text());
  } catch (e) {
    return toast(`${file.name} is not a MENACE state file (not JSON)`);
  }
  const line = `import ${JSON.stringify(state)}`;
  if (line.length > 65536) return toast(`${file.name} is too large to be a MENACE state`);
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
  $("count-win").textContent = page.counters.win;
  $("count-draw").textContent = page.counters.draw;
  $("count-loss").textContent = page.counters.loss;
  $("games-played").textContent = page.gamesPlayed;
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
  $("speed").addEventListener("input", () => {
    $("speed-label").textContent = speed() ? `${speed()} ms a move` : "as fast as it goes";
  });
  $("opponent").addEventListener("change", updateButtons);
  $("watch").addEventListener("click", () => {
    const o = opponentSpec();
    if (o === "human") return toast("choose an opponent for MENACE to play, or press New game to play yourself");
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
    showProgress(0, n, { menace: 0, draws: 0, player: 0 });
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

window.menace = page; // for the browser tests and the curious
wire();
// A link can choose the game, the seed and MENACE's side: /?game=nim&seed=3, /?side=second.
{
  const q = new URLSearchParams(location.search);
  if (["ttt", "nim", "hexapawn"].includes(q.get("game"))) page.game = $("game").value = q.get("game");
  if (/^[0-9]+$/.test(q.get("seed") || "")) $("seed").value = q.get("seed");
  if (["first", "second"].includes(q.get("side"))) page.askedSide = q.get("side");
}
connect();
renderPlot();
