// The class page: one shared MENACE, in the one MENACE protocol (protocol.md): it sends
// the same command lines a private page sends, plus the class's own (`name`, `teacher`,
// `class`), and shows the JSON answers. Everything a student or the server wrote (names
// above all) is put on the page with textContent, never as HTML.
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

function send(line, teacher) {
  lastWasTeacher = !!teacher;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(line);
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  socket = new WebSocket(url);
  socket.onopen = () => {
    $("connection").textContent = "connected";
    $("connection").className = "pill ok";
    send("matchboxes off");   // the class page shows the shared boxes from `class`
    send("class");
  };
  socket.onclose = () => {
    $("connection").textContent = "disconnected: reload the page";
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
      $("rules-text").textContent = m.rules;
      // A MENACE that resigns every game says so, with what the teacher can do.
      $("resigned").textContent = m.resigned ? m.resigned + "." : "";
      if (!inMatch) $("message").textContent = side === "second"
        ? "Type your name and press New game: you play X and move first; MENACE plays O."
        : "Type your name and press New game: MENACE plays X and moves first.";
      break;
    case "named":
      for (const line of waiting.splice(0)) send(line);
      break;
    case "new_game":
      inMatch = true;
      myBoard = ".........";
      playing = side === "second";
      if (playing) $("message").textContent = "Your move (you are X).";
      drawBoard();
      break;
    case "menace_move":
    case "board":
      myBoard = m.board.join("");
      playing = m.to_move === "player";
      if (playing) $("message").textContent = "Your move (you are " + (side === "second" ? "X" : "O") + ").";
      drawBoard();
      break;
    case "result":
      playing = false;
      $("message").textContent = m.winner === "menace"
        ? "MENACE won. Its beads for this game are rewarded."
        : m.winner === "draw" ? "A draw."
        : "You won! MENACE's beads for this game are taken away.";
      if (m.reason === "menace resigned") $("message").textContent = "MENACE resigned: its box was empty. You win!" +
        (m.resigned ? " " + m.resigned + "." : "");
      drawBoard();
      break;
    case "match_over": inMatch = false; break;
    case "drew": markDraw(m); break;
    case "finished":
      changed(m.boxes);
      players.set(m.player, {name: m.player, score: m.record});
      if (m.point && (curve.length === 0 || curve[curve.length - 1].games < m.point.games)) curve.push(m.point);
      if (curve.length > 1000) curve = curve.filter((_, i) => i % 2 === 0);
      standing(m.score);
      $("last-draw").textContent = "Game " + m.number + " (" + m.player + "): MENACE " +
        ({menace: "won", draw: "drew", player: "lost"})[m.winner] + ".";
      break;
    case "teacher": $("teacher-message").textContent = "The teacher's commands are open on this page."; break;
    case "progress": $("teacher-message").textContent = "Training: " + m.games + " of " + m.of + " games…"; break;
    case "trained":
      $("teacher-message").textContent = "Trained " + m.games + " games against " + m.opponent + ": " +
        m.score.menace + " won, " + m.score.draw + " drawn, " + m.score.player + " lost.";
      break;
    case "rules": $("teacher-message").textContent = "New rules: " + m.rules + (m.reset ? " (boxes refilled)" : ""); break;
    case "reset": $("teacher-message").textContent = "MENACE starts again from fresh boxes."; break;
    case "imported": $("teacher-message").textContent = "Uploaded: this MENACE has learned from " + m.games_played + " games."; break;
    case "state": download("menace-class.json", JSON.stringify(m.state) + "\n"); break;
    case "error":
      // Refusals go where the request was made, so a refused teacher sees it.
      $(lastWasTeacher ? "teacher-message" : "message").textContent = m.message;
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
    cells[c].textContent = mark === "." ? String(beads[c]) : mark;
  }
}

function markDraw(m) {
  const el = boxEls[m.box];
  if (!el) return;
  el.classList.add("drew");
  setTimeout(() => el.classList.remove("drew"), 1500);
  $("last-draw").textContent = m.player + "'s game: MENACE drew " + m.bead + " from box " + m.box + ".";
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
  $("games").textContent = games(score) + " games";
  $("count-win").textContent = score.menace;
  $("count-draw").textContent = score.draw;
  $("count-loss").textContent = score.player;
  if (trained !== undefined) {
    $("trained").textContent = trained.length === 0 ? "" : "Trained apart from the class: " + trained.map((t) =>
      games(t.score) + " games against " + t.opponent + " (" + t.score.menace + " won, " +
      t.score.draw + " drawn, " + t.score.player + " lost)").join("; ") + ".";
  }
  const body = $("players").tBodies[0];
  body.replaceChildren();
  const top = Array.from(players.values()).sort((a, b) => games(b.score) - games(a.score)).slice(0, 50);
  for (const p of top) {
    const tr = document.createElement("tr");
    // The player's side: MENACE's losses are the player's wins.
    for (const v of [p.name, games(p.score), p.score.player, p.score.draw, p.score.menace]) {
      const td = document.createElement("td");
      td.textContent = String(v);   // a name is text, never markup
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
    b.setAttribute("aria-label", ["top", "middle", "bottom"][Math.floor(i / 3)] + " " +
      ["left", "middle", "right"][i % 3] + (c === "." ? "" : ": " + c));
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
drawBoard();
connect();
