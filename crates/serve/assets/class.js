// The class page: one shared MENACE, in the one MENACE protocol (protocol.md): it sends
// the same command lines a private page sends, plus the class's own (`name`, `teacher`,
// `class`), and shows the JSON answers. Everything a student or the server wrote (names
// above all) is put on the page with textContent, never as HTML. Its words come from the
// language's catalog (i18n.js); the explanation panel is the private page's (explain.js).
"use strict";

const $ = (id) => document.getElementById(id);
const RC = ["L", "M", "R"];
let socket = null;
let boxes = [];       // [{position, beads}], by box index
let boxCells = [];    // each box's 9 spans
let boxEls = [];
let myBoard = null;   // 9 characters
let playing = false;
let inMatch = false;
let lastWasTeacher = false;
let keySent = null;   // the key this session last gave
let side = "first";
let players = new Map(); // name -> {name, score}
let curve = [];          // [{games, net}]
let waiting = [];        // lines to send once the name is taken
// What each line of the page says, as [message id, arguments], so that a change of
// language writes them again (an argument [id, args] is a message too).
const said = {};
let explained = null;    // the latest `explain` answer
let result = null;       // the result of this page's game just finished: [id, args]
let picture = null;      // the latest `class` answer's standing: [score, gamesPlayed, trained]

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

// The engine's own words (a refused line's message): shown as they are.
function sayRaw(id, text) {
  said[id] = null;
  $(id).textContent = text;
}

function opponentLabel(spec) {
  return i18n.t(`opponent-${String(spec).split(":")[0]}`);
}

function renderExplain() {
  if (!explained) {
    $("explain").replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: i18n.t("explain-none") }));
    return;
  }
  Explain.render($("explain"), explained, "ttt");
}

// After a change of language: every line written again in it.
function relabel() {
  for (const [id, v] of Object.entries(said)) if (v) say(id, ...v);
  if (picture) standing(...picture);
  renderExplain();
  drawBoard();
}

function send(line, teacher) {
  lastWasTeacher = !!teacher;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(line);
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  socket = new WebSocket(url);
  socket.onopen = () => {
    say("connection", "connection-connected");
    $("connection").className = "pill ok";
    send("matchboxes off");   // the class page shows the shared boxes from `class`
    send("class");
  };
  socket.onclose = () => {
    say("connection", "class-connection-lost");
    $("connection").className = "pill bad";
  };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
}

const games = (s) => s.menace + s.draw + s.player;

function receive(m) {
  switch (m.type) {
    case "class":
      side = m.side;
      drawAllBoxes(m.boxes);
      players = new Map(m.players.map((p) => [p.name, p]));
      curve = m.curve;
      standing(m.score, m.games_played, m.trained);
      say("rules-text", "rules-now", { preset: [`preset-${m.preset}`, {}] });
      // A MENACE that resigns every game says so, with what the teacher can do.
      say("resigned", m.resigned ? (side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first") : null);
      if (!inMatch) say("message", side === "second" ? "class-message-start-second" : "class-message-start");
      break;
    case "named":
      // On a full board (or one this address has filled) the games count, unlisted.
      say("name-note", m.unlisted ? "class-unlisted" : null);
      for (const line of waiting.splice(0)) send(line);
      break;
    case "removed":
      say("teacher-message", "class-removed", { count: m.names.length, names: m.names.join(", ") });
      break;
    case "new_game":
      inMatch = true;
      myBoard = ".........";
      playing = side === "second";
      result = null;
      if (playing) say("message", "class-your-move", { mark: "X" });
      drawBoard();
      break;
    case "menace_move":
    case "board":
      myBoard = m.board.join("");
      playing = m.to_move === "player";
      if (playing) say("message", "class-your-move", { mark: side === "second" ? "X" : "O" });
      if (m.type === "menace_move") send("explain");
      drawBoard();
      break;
    case "result":
      playing = false;
      result = m.reason === "menace resigned" ? ["result-menace-resigned", {}]
        : m.reason === "player resigned" ? ["result-you-resigned", {}]
        : m.winner === "menace" ? ["result-menace-wins", {}]
        : m.winner === "draw" ? ["result-draw", {}] : ["result-you-win", {}];
      if (m.resigned) {
        const why = side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first";
        result = ["result-and-why", { result, why: [why, {}] }];
      }
      say("message", ...result);
      send("explain"); // what the result did to the beads, under the rules in force
      drawBoard();
      break;
    case "explain":
      explained = m;
      renderExplain();
      if (result && m.finished) {
        const change = m.finished.change;
        const rule = change > 0 ? "explain-rule-more" : change === 0 ? "explain-rule-same" : "explain-rule-out";
        say("message", "message-result-learned", { result, rule: [rule, { count: Math.abs(change) }] });
      }
      break;
    case "match_over": inMatch = false; break;
    case "drew": markDraw(m); break;
    case "finished":
      changed(m.boxes);
      players.set(m.player, {name: m.player, score: m.record});
      if (m.point && (curve.length === 0 || curve[curve.length - 1].games < m.point.games)) curve.push(m.point);
      if (curve.length > 1000) curve = curve.filter((_, i) => i % 2 === 0);
      standing(m.score);
      say("last-draw", { menace: "class-last-game-won", draw: "class-last-game-draw", player: "class-last-game-lost" }[m.winner], { number: m.number, player: m.player });
      break;
    case "teacher": say("teacher-message", "class-teacher-open"); break;
    case "progress": say("teacher-message", "class-training", { games: m.games, of: m.of }); break;
    case "trained":
      say("teacher-message", "class-trained-line", {
        games: m.games, opponent: [`opponent-${m.opponent.split(":")[0]}`, {}], won: m.score.menace, drawn: m.score.draw, lost: m.score.player,
      });
      break;
    case "rules":
      say("teacher-message", m.reset ? "class-rules-refilled" : "class-rules-kept", { preset: [`preset-${m.preset}`, {}] });
      break;
    case "reset": say("teacher-message", "class-reset-done"); break;
    case "imported": say("teacher-message", "class-imported", { games: m.games_played }); break;
    case "state": download("menace-class.json", JSON.stringify(m.state) + "\n"); break;
    case "error":
      // Refusals go where the request was made, so a refused teacher sees it.
      sayRaw(lastWasTeacher ? "teacher-message" : "message", m.message);
      if (m.message.startsWith("teacher:")) keySent = null;
      break;
  }
}

function drawAllBoxes(list) {
  boxes = list;
  const holder = $("boxes");
  holder.replaceChildren();
  boxCells = []; boxEls = [];
  list.forEach((b, i) => {
    const el = document.createElement("div");
    el.className = "mbox";
    el.dataset.box = i;
    const cells = [];
    for (let c = 0; c < 9; c++) {
      const s = document.createElement("span");
      cells.push(s);
      el.appendChild(s);
    }
    holder.appendChild(el);
    boxEls[i] = el;
    boxCells[i] = cells;
    fillBox(i, b.position, b.beads);
  });
}

function fillBox(i, position, beads) {
  const cells = boxCells[i];
  if (!cells) return;
  boxes[i] = {position, beads};
  for (let c = 0; c < 9; c++) {
    const mark = position[c];
    cells[c].className = mark === "." ? "" : mark;
    cells[c].textContent = mark === "." ? i18n.num(beads[c]) : mark;
  }
}

function markDraw(m) {
  const el = boxEls[m.box];
  if (!el) return;
  el.classList.add("drew");
  setTimeout(() => el.classList.remove("drew"), 1500);
  say("last-draw", "class-drew", { player: m.player, bead: m.bead, box: m.box });
}

function changed(list) {
  for (const b of list) {
    if (!boxes[b.box]) continue;
    fillBox(b.box, boxes[b.box].position, b.beads);
    const el = boxEls[b.box];
    if (el) { el.classList.add("changed"); setTimeout(() => el.classList.remove("changed"), 2500); }
  }
}

function standing(score, gamesPlayed, trained) {
  if (trained === undefined && picture) trained = picture[2];
  picture = [score, gamesPlayed, trained];
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
  const top = Array.from(players.values()).sort((a, b) => games(b.score) - games(a.score)).slice(0, 50);
  for (const p of top) {
    const tr = document.createElement("tr");
    // The player's side: MENACE's losses are the player's wins.
    for (const v of [p.name, games(p.score), p.score.player, p.score.draw, p.score.menace]) {
      const td = document.createElement("td");
      td.textContent = typeof v === "number" ? i18n.num(v) : String(v);   // a name is text, never markup
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  drawCurve(curve);
}

function drawCurve(points) {
  const svg = $("curve");
  svg.replaceChildren();
  const ns = "http://www.w3.org/2000/svg";
  if (points.length === 0) return;
  const maxG = Math.max(1, points[points.length - 1].games);
  const maxN = Math.max(1, ...points.map((p) => Math.abs(p.net)));
  const y = (n) => 60 - (n / maxN) * 55;
  const axis = document.createElementNS(ns, "line");
  axis.setAttribute("x1", 0); axis.setAttribute("x2", 300);
  axis.setAttribute("y1", 60); axis.setAttribute("y2", 60);
  svg.appendChild(axis);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", [{games: 0, net: 0}].concat(points)
    .map((p) => (p.games / maxG * 300).toFixed(1) + "," + y(p.net).toFixed(1)).join(" "));
  svg.appendChild(line);
}

function drawBoard() {
  const board = $("board");
  board.replaceChildren();
  for (let i = 0; i < 9; i++) {
    const b = document.createElement("button");
    b.type = "button";
    const c = myBoard ? myBoard[i] : ".";
    b.textContent = c === "." ? "" : c;
    b.className = c === "." ? "" : c;
    b.disabled = !playing || c !== ".";
    b.dataset.cell = i;
    const rc = RC[Math.floor(i / 3)] + RC[i % 3];
    b.setAttribute("aria-label", i18n.t(c === "." ? "cell-free" : "cell-taken", { cell: rc, mark: c }));
    b.addEventListener("click", () => { if (playing) send("move " + RC[Math.floor(i / 3)] + RC[i % 3]); });
    board.appendChild(b);
  }
}

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// A teacher's command: the key first, once (the server keeps this session the teacher's).
function teacher(line) {
  const key = $("key").value.trim();
  if (key !== keySent) { send("teacher " + key, true); keySent = key; }
  send(line, true);
}

$("name-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (inMatch) send("abort");
  waiting = ["games 1"];
  send("name " + $("name").value);
});
$("reset").addEventListener("click", () => teacher("reset"));
$("rules").addEventListener("click", () => {
  // The preset, with the beads and the reward on top of it when they are filled in.
  let line = "rules preset " + $("preset").value;
  if ($("beads").value.trim()) line += " initial " + $("beads").value.trim().replace(/\s+/g, "");
  if ($("reward").value.trim()) line += " reward " + $("reward").value.trim().replace(/\s+/g, "");
  teacher(line + " reset");
});
$("train").addEventListener("click", () =>
  teacher("train " + Number($("train-games").value) + " " + $("opponent").value));
$("remove-player").addEventListener("click", () => {
  const name = $("player-name").value.trim();
  if (name) teacher("players remove " + name);
});
$("clear-players").addEventListener("click", () => {
  // Names only: the score, the curve and the boxes stay; still asked, as it cannot be undone.
  if (window.confirm(i18n.t("class-confirm-clear", { count: players.size }))) teacher("players clear");
});
$("download").addEventListener("click", () => teacher("export"));
$("upload").addEventListener("change", async () => {
  const file = $("upload").files[0];
  if (!file) return;
  let text = await file.text();
  // One line: the protocol reads a state on one line (a pretty-printed save is fine too).
  try { text = JSON.stringify(JSON.parse(text)); } catch (_) { /* the server says what is wrong */ }
  teacher("import " + text);
  $("upload").value = "";
});
// The words first (the catalog), then the class.
Promise.all([i18n.ready, Explain.ready]).then(() => {
  i18n.listeners.push(relabel);
  drawBoard();
  connect();
});
