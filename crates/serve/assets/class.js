// The class page: one shared MENACE. Everything a student or the server wrote (names
// above all) is put on the page with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
let socket = null;
let boxes = [];       // [{box, position, beads}]
let boxCells = [];    // the box's 9 spans
let boxEls = [];
let myBoard = null;
let playing = false;
let lastWasTeacher = false;
let players = new Map(); // name -> {name, games, wins, draws, losses}
let curve = [];          // [{games, net}]

function send(obj) {
  lastWasTeacher = obj.do === "teacher";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(obj));
}

function connect() {
  const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  socket = new WebSocket(url);
  socket.onopen = () => { $("connection").textContent = "connected"; $("connection").className = "pill ok"; };
  socket.onclose = () => {
    $("connection").textContent = "disconnected: reload the page";
    $("connection").className = "pill bad";
  };
  socket.onmessage = (e) => receive(JSON.parse(e.data));
}

function receive(m) {
  switch (m.type) {
    case "class":
      drawAllBoxes(m.boxes);
      players = new Map(m.players.map((p) => [p.name, p]));
      curve = m.curve;
      standing(m);
      $("rules-text").textContent = m.rules;
      break;
    case "drew": markDraw(m); break;
    case "finished":
      changed(m.boxes);
      players.set(m.player.name, m.player);
      if (m.point && (curve.length === 0 || curve[curve.length - 1].games < m.point.games)) curve.push(m.point);
      if (curve.length > 1000) curve = curve.filter((_, i) => i % 2 === 0);
      standing(m);
      $("last-draw").textContent = "Game " + m.game.number + " (" + m.game.player + "): MENACE " +
        ({win: "won", draw: "drew", loss: "lost"})[m.game.result] + ".";
      break;
    case "game": showGame(m); break;
    case "teacher": $("teacher-message").textContent = m.message; break;
    case "download": download(m.name, m.text); break;
    case "error":
      // Refusals go where the request was made, so a refused teacher sees it.
      $(lastWasTeacher ? "teacher-message" : "message").textContent = m.message;
      break;
  }
}

function drawAllBoxes(list) {
  boxes = list;
  const holder = $("boxes");
  holder.replaceChildren();
  boxCells = []; boxEls = [];
  for (const b of list) {
    const el = document.createElement("div");
    el.className = "mbox";
    el.dataset.box = b.box;
    const cells = [];
    for (let i = 0; i < 9; i++) {
      const s = document.createElement("span");
      cells.push(s);
      el.appendChild(s);
    }
    holder.appendChild(el);
    boxEls[b.box] = el;
    boxCells[b.box] = cells;
    fillBox(b);
  }
}

function fillBox(b) {
  const cells = boxCells[b.box];
  if (!cells) return;
  boxes[b.box] = b;
  for (let i = 0; i < 9; i++) {
    const c = b.position[i];
    cells[i].className = c === "." ? "" : c;
    cells[i].textContent = c === "." ? String(b.beads[i]) : c;
  }
}

function markDraw(m) {
  const el = boxEls[m.box];
  if (!el) return;
  el.classList.add("drew");
  setTimeout(() => el.classList.remove("drew"), 1500);
  $("last-draw").textContent = m.player + "'s game: MENACE drew from box " + m.box + ".";
}

function changed(list) {
  for (const b of list) {
    fillBox(b);
    const el = boxEls[b.box];
    if (el) { el.classList.add("changed"); setTimeout(() => el.classList.remove("changed"), 2500); }
  }
}

function standing(m) {
  $("games").textContent = m.games + " games";
  $("count-win").textContent = m.score.wins;
  $("count-draw").textContent = m.score.draws;
  $("count-loss").textContent = m.score.losses;
  const body = $("players").tBodies[0];
  body.replaceChildren();
  const top = Array.from(players.values()).sort((a, b) => b.games - a.games).slice(0, 50);
  for (const p of top) {
    const tr = document.createElement("tr");
    for (const v of [p.name, p.games, p.wins, p.draws, p.losses]) {
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
    b.addEventListener("click", () => { if (playing) send({do: "move", cell: i}); });
    board.appendChild(b);
  }
}

function showGame(m) {
  myBoard = m.board;
  playing = m.winner === null;
  if (m.winner === "menace") $("message").textContent = "MENACE won. Its beads for this game are rewarded.";
  else if (m.winner === "draw") $("message").textContent = "A draw.";
  else if (m.winner === "you") $("message").textContent = "You won! MENACE's beads for this game are taken away.";
  else $("message").textContent = "Your move (you are O).";
  drawBoard();
}

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], {type: "application/json"}));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function teacher(action, extra) {
  send(Object.assign({do: "teacher", key: $("key").value, action: action}, extra || {}));
}

$("name-form").addEventListener("submit", (e) => {
  e.preventDefault();
  send({do: "play", name: $("name").value});
});
$("reset").addEventListener("click", () => teacher("reset"));
$("rules").addEventListener("click", () => {
  // The preset, with the beads and the reward on top of it when they are filled in.
  const rules = {preset: $("preset").value};
  if ($("beads").value.trim()) rules.beads = $("beads").value.trim();
  if ($("reward").value.trim()) rules.reward = $("reward").value.trim();
  teacher("rules", rules);
});
$("train").addEventListener("click", () =>
  teacher("train", {games: Number($("train-games").value), opponent: $("opponent").value}));
$("save").addEventListener("click", () => teacher("save"));
$("download").addEventListener("click", () => teacher("download"));
drawBoard();
connect();
