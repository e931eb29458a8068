// The class page: one shared MENACE, in the one MENACE protocol (protocol.md): it sends
// the same command lines a private page sends, plus the class's own (`name`, `teacher`,
// `class`, `restore`), and shows the JSON answers. Everything a student or the server
// wrote (names above all) is put on the page with textContent, never as HTML. Its words
// come from the language's catalog (i18n.js); the boxes and marks are drawn by boxes.js,
// the curve by plot.js and the explanation by explain.js, as on the private page.
//
// `?view=projector` is the same page for a projector: no controls, the latest game, the
// score, the curve and the players in large type, and the class's address as a QR code.
"use strict";

const $ = (id) => document.getElementById(id);
const projector = new URLSearchParams(location.search).get("view") === "projector";

const cls = {
  socket: null,
  reconnects: 0,     // how many times the page connected again after a drop (for tests)
  retry: 0,          // failed tries in a row: the next wait grows with it
  retryTimer: null,
  everOpen: false,   // connected once already: a new connection is a reconnection
  boxes: [],         // [{position, beads}], by box index
  boxEls: [],        // each box's element
  myBoard: null,     // 9 characters
  playing: false,
  inMatch: false,
  myName: null,      // the name the server took (sent again after a reconnect)
  side: "first",
  preset: null,
  players: new Map(), // name -> {name, score}
  curve: [],          // [{games, net}]
  previous: [],       // the class's earlier machines (newest first)
  waiting: [],        // lines to send once the name is taken
  keyOk: null,        // the key the server accepted on this connection
  asking: null,       // the key sent, its answer awaited
  teacherQueue: [],   // the teacher's lines waiting for that answer
  lastWasTeacher: false,
  explained: null,    // the latest `explain` answer
  result: null,       // the result of this page's game just finished: [id, args]
  picture: null,      // [score, gamesPlayed, trained]
  lastGame: null,     // the latest `drew` broadcast: {player, box, bead, move}
};
window.classPage = cls; // for the browser tests and the curious

// What each line of the page says, as [message id, arguments], so that a change of
// language writes them again (an argument [id, args] is a message too).
const said = {};

function say(id, msg, args) {
  said[id] = [msg, args || {}];
  $(id).textContent = msg === null ? "" : words(msg, args);
}

// Message `id` with `args`, where an argument [id, args] is itself a message (to any depth).
function words(id, args) {
  const done = {};
  for (const [k, v] of Object.entries(args || {})) done[k] = Array.isArray(v) ? words(...v) : v;
  return i18n.t(id, done);
}

// The server's error answer, in the page's language (by its code).
function sayError(id, answer) {
  said[id] = ["__error", answer];
  $(id).textContent = i18n.error(answer);
}

function opponentLabel(spec) {
  return i18n.t(`opponent-${String(spec).split(":")[0]}`);
}

function renderExplain() {
  if (!cls.explained) {
    $("explain").replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: i18n.t("explain-none") }));
    return;
  }
  Explain.render($("explain"), cls.explained, "ttt");
}

// After a change of language: every line written again in it.
function relabel() {
  for (const [id, v] of Object.entries(said)) {
    if (!v) continue;
    if (v[0] === "__error") $(id).textContent = i18n.error(v[1]);
    else say(id, ...v);
  }
  if (cls.picture) standing(...cls.picture);
  drawAllBoxes(cls.boxes);
  renderExplain();
  drawBoard();
  drawLastGame();
  drawPrevious();
}

// ---------------------------------------------------------------- the connection

function send(line, teacher) {
  cls.lastWasTeacher = !!teacher;
  if (cls.socket && cls.socket.readyState === WebSocket.OPEN) cls.socket.send(line);
}

function setConnection(msg, state, args) {
  say("connection", msg, args);
  $("connection").className = `pill ${state}`;
}

// Connects, and after any drop (a laptop asleep, the Wi-Fi gone, the server restarted)
// connects again by itself, waiting longer after each failed try (up to 15 s).
function connect() {
  clearTimeout(cls.retryTimer);
  cls.retryTimer = null;
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  const socket = new WebSocket(url);
  cls.socket = socket;
  socket.onopen = () => {
    if (cls.everOpen) cls.reconnects += 1;
    setConnection(cls.everOpen ? "class-connection-again" : "connection-connected", "ok");
    cls.everOpen = true;
    cls.retry = 0;
    // A new connection is a new session: the teacher's key is asked again when needed.
    cls.keyOk = null;
    cls.asking = null;
    cls.teacherQueue = [];
    send("matchboxes off");   // the class page shows the shared boxes from `class`
    send("class");
    if (cls.myName) send("name " + cls.myName); // the same name on the board as before
  };
  socket.onclose = () => {
    if (cls.socket !== socket) return;
    dropped();
    const wait = Math.min(15000, 500 * 2 ** cls.retry) * (0.8 + 0.4 * Math.random());
    cls.retry += 1;
    setConnection("class-connection-reconnecting", "bad");
    cls.retryTimer = setTimeout(connect, wait);
  };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
}

// Back now rather than at the end of the wait: the machine woke up or the network came back.
function reconnectNow() {
  if (cls.retryTimer !== null) connect();
}
window.addEventListener("online", reconnectNow);
document.addEventListener("visibilitychange", () => { if (!document.hidden) reconnectNow(); });

// The connection dropped: a game in flight is over for the server (it abandons a game
// whose socket closed), so the page says so and ends it.
function dropped() {
  if (cls.inMatch && !projector) {
    say("message", "class-game-dropped");
    cls.result = null;
  }
  cls.inMatch = false;
  cls.playing = false;
  cls.waiting = [];
  drawBoard();
}

const games = (s) => s.menace + s.draw + s.player;

function receive(m) {
  switch (m.type) {
    case "class":
      cls.side = m.side;
      cls.preset = m.preset;
      // The teacher's menu follows the class's rules as they are.
      if (m.preset && [...$("preset").options].some((o) => o.value === m.preset)) $("preset").value = m.preset;
      drawAllBoxes(m.boxes);
      cls.players = new Map(m.players.map((p) => [p.name, p]));
      cls.curve = m.curve;
      cls.previous = m.previous || [];
      drawPrevious();
      standing(m.score, m.games_played, m.trained);
      say("rules-text", "rules-now", { preset: [m.preset ? `preset-${m.preset}` : "preset-custom", {}] });
      // A MENACE that resigns every game says so, with what the teacher can do.
      say("resigned", m.resigned ? (cls.side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first") : null);
      if (!cls.inMatch && !(said.message && said.message[0] === "class-game-dropped")) {
        say("message", cls.side === "second" ? "class-message-start-second" : "class-message-start");
      }
      break;
    case "named":
      cls.myName = m.name;
      // On a full board (or one this address has filled) the games count, unlisted.
      say("name-note", m.unlisted ? "class-unlisted" : "class-named", { name: m.name });
      for (const line of cls.waiting.splice(0)) send(line);
      break;
    case "removed":
      say("teacher-message", "class-removed", { count: m.names.length, names: m.names.join(", ") });
      break;
    case "new_game":
      cls.inMatch = true;
      cls.myBoard = ".........";
      cls.playing = cls.side === "second";
      cls.result = null;
      if (cls.playing) say("message", "class-your-move", { mark: "X" });
      drawBoard();
      break;
    case "menace_move":
    case "board":
      cls.myBoard = m.board.join("");
      cls.playing = m.to_move === "player";
      if (cls.playing) say("message", "class-your-move", { mark: cls.side === "second" ? "X" : "O" });
      if (m.type === "menace_move") send("explain");
      drawBoard();
      break;
    case "result":
      cls.playing = false;
      cls.result = m.reason === "menace resigned" ? ["result-menace-resigned", {}]
        : m.reason === "player resigned" ? ["result-you-resigned", {}]
        : m.winner === "menace" ? ["result-menace-wins", {}]
        : m.winner === "draw" ? ["result-draw", {}] : ["result-you-win", {}];
      if (m.resigned) {
        const why = cls.side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first";
        cls.result = ["result-and-why", { result: cls.result, why: [why, {}] }];
      }
      say("message", ...cls.result);
      send("explain"); // what the result did to the beads, under the rules in force
      drawBoard();
      break;
    case "explain":
      cls.explained = m;
      renderExplain();
      if (cls.result && m.finished) {
        const change = m.finished.change;
        const rule = change > 0 ? "explain-rule-more" : change === 0 ? "explain-rule-same" : "explain-rule-out";
        say("message", "message-result-learned", { result: cls.result, rule: [rule, { count: Math.abs(change) }] });
      }
      break;
    case "match_over": cls.inMatch = false; break;
    case "drew": markDraw(m); break;
    case "finished":
      changed(m.boxes);
      // The game's last board, the player's last move on it too.
      if (m.board && cls.lastGame && cls.lastGame.player === m.player) {
        cls.lastGame = Object.assign({}, cls.lastGame, { board: m.board, over: true });
        drawLastGame();
      }
      cls.players.set(m.player, { name: m.player, score: m.record });
      if (m.point && (cls.curve.length === 0 || cls.curve[cls.curve.length - 1].games < m.point.games)) cls.curve.push(m.point);
      if (cls.curve.length > 1000) cls.curve = cls.curve.filter((_, i) => i % 2 === 0);
      standing(m.score);
      say("last-draw", { menace: "class-last-game-won", draw: "class-last-game-draw", player: "class-last-game-lost" }[m.winner], { number: m.number, player: m.player });
      say("last-game-text", { menace: "class-last-game-won", draw: "class-last-game-draw", player: "class-last-game-lost" }[m.winner], { number: m.number, player: m.player });
      break;
    case "teacher":
      cls.keyOk = cls.asking;
      cls.asking = null;
      say("teacher-message", "class-teacher-open");
      for (const line of cls.teacherQueue.splice(0)) send(line, true);
      break;
    case "progress": say("teacher-message", "class-training", { games: m.games, of: m.of }); break;
    case "trained":
      say("teacher-message", "class-trained-line", {
        games: m.games, opponent: [`opponent-${m.opponent.split(":")[0]}`, {}], won: m.score.menace, drawn: m.score.draw, lost: m.score.player,
      });
      break;
    case "rules":
      say("teacher-message", m.reset ? "class-rules-refilled" : "class-rules-kept", { preset: [m.preset ? `preset-${m.preset}` : "preset-custom", {}] });
      break;
    case "reset": say("teacher-message", "class-reset-done"); break;
    case "imported": say("teacher-message", "class-imported", { games: m.games_played }); break;
    case "restored": say("teacher-message", "class-restored", { number: m.number, games: m.games_played }); break;
    case "state": download("menace-class.json", JSON.stringify(m.state) + "\n"); break;
    case "error": {
      // A wrong key: the teacher's lines that waited for it are not sent (they would only
      // be refused, and their refusal would hide this one).
      const wrongKey = m.code === "wrong-key" || String(m.message).startsWith("teacher:");
      if (cls.asking !== null && wrongKey) {
        cls.asking = null;
        cls.teacherQueue = [];
        sayError("teacher-message", m);
        break;
      }
      // Refusals go where the request was made, so a refused teacher sees it.
      sayError(cls.lastWasTeacher ? "teacher-message" : "message", m);
      break;
    }
  }
}

// ---------------------------------------------------------------- the boxes

function drawAllBoxes(list) {
  cls.boxes = list;
  cls.boxEls = Boxes.grouped($("boxes"), list, { ttt: true, ids: true });
}

function markDraw(m) {
  const box = cls.boxes[m.box];
  const el = cls.boxEls[m.box];
  cls.lastGame = { player: m.player, box: m.box, bead: m.bead, move: m.move, board: m.board };
  drawLastGame();
  if (!box || !el) return;
  if (m.beads) box.beads = m.beads;
  Boxes.fill(el, box, Explain.cellIndex(m.bead));
  el.classList.add("drew");
  say("last-draw", "class-drew", { player: m.player, bead: m.bead, box: m.box });
}

function changed(list) {
  for (const b of list) {
    const box = cls.boxes[b.box];
    const el = cls.boxEls[b.box];
    if (!box || !el) continue;
    box.beads = b.beads;
    Boxes.fill(el, box, -1);
    el.classList.remove("drew");
    el.classList.add("changed");
  }
}

// The latest game's real board (the broadcasts carry it), MENACE's latest move marked; from
// a server without it, the drawing of the box MENACE drew from, its bead's cell marked.
function drawLastGame() {
  const holder = $("last-game");
  holder.replaceChildren();
  const g = cls.lastGame;
  const box = g && cls.boxes[g.box];
  if (!box) {
    holder.appendChild(Object.assign(document.createElement("p"), { className: "muted", textContent: i18n.t("class-last-game-none") }));
    return;
  }
  const mine = cls.side === "second" ? "O" : "X";
  const real = Array.isArray(g.board);
  const cell = Explain.cellIndex(real ? g.move : g.bead);
  const rows = real ? g.board
    : [0, 1, 2].map((r) => [0, 1, 2].map((c) => (r * 3 + c === cell ? mine : box.position[r * 3 + c])).join(""));
  const caption = real
    ? i18n.t("class-last-game-board", { player: g.player, box: g.box, move: g.move })
    : i18n.t("class-last-game-caption", { player: g.player, box: g.box });
  const grid = Explain.grid(rows, caption, () => null);
  grid.children[cell].classList.add("chosen");
  const f = document.createElement("figure");
  f.appendChild(grid);
  f.appendChild(Object.assign(document.createElement("figcaption"), { textContent: caption }));
  holder.appendChild(f);
}

// ---------------------------------------------------------------- the score

function standing(score, gamesPlayed, trained) {
  if (trained === undefined && cls.picture) trained = cls.picture[2];
  cls.picture = [score, gamesPlayed, trained];
  $("games").textContent = i18n.t("class-games", { count: games(score) });
  $("count-win").textContent = i18n.num(score.menace);
  $("count-draw").textContent = i18n.num(score.draw);
  $("count-loss").textContent = i18n.num(score.player);
  if (trained !== undefined) {
    $("trained").textContent = trained.length === 0 ? "" : i18n.t("class-trained-apart", {
      list: trained.map((t) => i18n.t("class-trained-item", {
        games: games(t.score), opponent: opponentLabel(t.opponent), won: t.score.menace, drawn: t.score.draw, lost: t.score.player,
      })).join("; "),
    });
  }
  const body = $("players").tBodies[0];
  body.replaceChildren();
  const top = Array.from(cls.players.values()).sort((a, b) => games(b.score) - games(a.score)).slice(0, projector ? 10 : 50);
  for (const p of top) {
    const tr = document.createElement("tr");
    // The player's side: MENACE's losses are the player's wins.
    for (const v of [p.name, games(p.score), p.score.player, p.score.draw, p.score.menace]) {
      const td = document.createElement("td");
      if (typeof v === "number") {
        td.className = "num";
        td.textContent = i18n.num(v);
      } else {
        td.textContent = String(v); // a name is text, never markup
      }
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  drawCurve();
}

// The class's curve (Michie's): MENACE's wins minus its losses after each game.
function drawCurve() {
  const points = cls.curve;
  const last = points.length ? points[points.length - 1].games : 0;
  const most = Math.max(1, ...points.map((p) => Math.abs(p.net)));
  const ticks = Plot.ticks(-most, most, 4);
  Plot.draw($("curve"), {
    x: [0, Math.max(1, last)],
    xLabel: (g) => i18n.t("plot-game", { game: g }),
    y: [Math.min(-most, ticks[0]), Math.max(most, ticks[ticks.length - 1])],
    yTicks: ticks.map((v) => [v, i18n.num(v)]),
    lines: [{ points: [[0, 0]].concat(points.map((p) => [p.games, p.net])), stroke: "#20324a", width: projector ? 4 : 2, marker: "●" }],
    empty: points.length ? null : i18n.t("class-curve-empty"),
    font: projector ? 26 : 12,
  });
}
window.addEventListener("resize", () => { if (cls.picture) drawCurve(); });

// ---------------------------------------------------------------- earlier machines

// Why a machine was replaced, as `previous` says it, in words.
const WHY = { reset: "class-why-reset", rules: "class-why-rules", import: "class-why-import", restore: "class-why-restore" };

function drawPrevious() {
  const list = $("previous");
  list.replaceChildren();
  if (!cls.previous.length) {
    list.appendChild(Object.assign(document.createElement("li"), { className: "muted", textContent: i18n.t("class-previous-none") }));
    return;
  }
  const when = new Intl.DateTimeFormat(i18n.lang, { dateStyle: "medium", timeStyle: "short" });
  for (const p of cls.previous) {
    const li = document.createElement("li");
    const args = {
      number: p.number,
      why: WHY[p.why] ? i18n.t(WHY[p.why]) : String(p.why),
      games: p.games_played,
      won: p.score.menace, drawn: p.score.draw, lost: p.score.player,
      players: p.players,
    };
    const text = document.createElement("span");
    text.textContent = p.when
      ? i18n.t("class-previous-entry", { ...args, when: when.format(new Date(p.when * 1000)) })
      : i18n.t("class-previous-entry-undated", args);
    li.appendChild(text);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "bring-back";
    b.dataset.number = p.number;
    b.textContent = i18n.t("class-button-restore");
    b.setAttribute("aria-label", i18n.t("class-button-restore-label", { number: p.number }));
    b.addEventListener("click", async () => {
      if (keyGiven() && await confirmReplace("class-confirm-restore-title", { number: p.number, games: p.games_played })) teacher(`restore ${p.number}`);
    });
    li.appendChild(b);
    list.appendChild(li);
  }
}

// ---------------------------------------------------------------- asking first

// Asks in the page's dialog; resolves true when the teacher says yes.
function ask(title, titleArgs, body, bodyArgs, yes) {
  const dialog = $("confirm");
  $("confirm-title").textContent = words(title, titleArgs);
  $("confirm-body").textContent = words(body, bodyArgs);
  $("confirm-yes").textContent = i18n.t(yes);
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.removeEventListener("close", onClose);
      resolve(answer);
    };
    const onClose = () => done(dialog.returnValue === "yes");
    dialog.addEventListener("close", onClose);
    dialog.returnValue = "";
    dialog.showModal();
    $("confirm-no").focus();
  });
}
$("confirm-yes").addEventListener("click", () => $("confirm").close("yes"));
$("confirm-no").addEventListener("click", () => $("confirm").close("no"));

// Before the class's machine is replaced: what goes (the score's games, the players, the
// training record, MENACE's learning) and that it can be brought back.
function confirmReplace(title, titleArgs) {
  const score = cls.picture ? cls.picture[0] : { menace: 0, draw: 0, player: 0 };
  return ask(title, titleArgs || {}, "class-confirm-lost", { games: games(score), players: cls.players.size }, "class-confirm-replace");
}

// ---------------------------------------------------------------- the board

function drawBoard() {
  const board = $("board");
  board.replaceChildren();
  for (let i = 0; i < 9; i++) {
    const b = document.createElement("button");
    b.type = "button";
    const c = cls.myBoard ? cls.myBoard[i] : ".";
    Boxes.setMark(b, c);
    b.className = c === "." ? "" : c;
    b.disabled = !cls.playing || c !== ".";
    b.dataset.cell = i;
    const rc = Boxes.cellName(i);
    b.setAttribute("aria-label", i18n.t(c === "." ? "cell-free" : "cell-taken", { cell: rc, mark: c }));
    b.addEventListener("click", () => { if (cls.playing) send("move " + rc); });
    board.appendChild(b);
  }
}

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// A teacher's command: the key first, once a connection, and the command only after the
// server said yes to it (a wrong key is then the one thing the teacher is told).
function teacher(line) {
  const key = $("key").value.trim();
  if (!key) return say("teacher-message", "class-key-needed");
  if (cls.keyOk !== null && key === cls.keyOk) return send(line, true);
  cls.teacherQueue.push(line);
  if (cls.asking === key) return;
  cls.asking = key;
  send("teacher " + key, true);
}

// ---------------------------------------------------------------- the class's address

// The QR code of the class's address (GET qr.svg, its title the address itself).
async function showAddress() {
  try {
    const text = await (await fetch("qr.svg")).text();
    const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (svg.nodeName !== "svg") return;
    const address = svg.querySelector("title").textContent;
    $("qr").replaceChildren(document.importNode(svg, true));
    $("qr-address").textContent = address;
  } catch (e) {
    $("qr-address").textContent = location.origin + "/";
  }
}

// ---------------------------------------------------------------- wiring

$("name-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (cls.inMatch) send("abort");
  cls.waiting = ["games 1"];
  send("name " + $("name").value);
});
// Whether a key is typed (else the teacher is told, and nothing is asked or sent).
function keyGiven() {
  if ($("key").value.trim()) return true;
  say("teacher-message", "class-key-needed");
  return false;
}

$("reset").addEventListener("click", async () => {
  if (keyGiven() && await confirmReplace("class-confirm-reset-title")) teacher("reset");
});
$("rules").addEventListener("click", async () => {
  // The preset, with the beads and the reward on top of it when they are filled in.
  let line = "rules preset " + $("preset").value;
  if ($("beads").value.trim()) line += " initial " + $("beads").value.trim().replace(/\s+/g, "");
  if ($("reward").value.trim()) line += " reward " + $("reward").value.trim().replace(/\s+/g, "");
  if (keyGiven() && await confirmReplace("class-confirm-rules-title")) teacher(line + " reset");
});
$("train").addEventListener("click", () =>
  teacher("train " + Number($("train-games").value) + " " + $("opponent").value));
$("remove-player").addEventListener("click", () => {
  const name = $("player-name").value.trim();
  if (name) teacher("players remove " + name);
});
$("clear-players").addEventListener("click", async () => {
  // Names only: the score, the curve and the boxes stay; still asked, as it cannot be undone.
  if (keyGiven() && await ask("class-button-clear-players", {}, "class-confirm-clear", { count: cls.players.size }, "class-button-clear-players")) teacher("players clear");
});
$("download").addEventListener("click", () => teacher("export"));
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  $("upload").value = "";
  if (!file) return;
  let text = await file.text();
  // One line: the protocol reads a state on one line (a pretty-printed save is fine too).
  try { text = JSON.stringify(JSON.parse(text)); } catch (_) { /* the server says what is wrong */ }
  if (keyGiven() && await confirmReplace("class-confirm-upload-title", { file: file.name })) teacher("import " + text);
});

if (projector) {
  document.body.classList.add("projector");
  $("projector-link").hidden = true;
}
// The words first (the catalog), then the class.
Promise.all([i18n.ready, Explain.ready]).then(() => {
  i18n.listeners.push(relabel);
  drawBoard();
  drawLastGame();
  drawPrevious();
  connect();
  showAddress();
});
