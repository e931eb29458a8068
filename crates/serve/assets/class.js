// The class page: one shared MENACE, in the one MENACE protocol (protocol.md): it sends
// the same command lines a private page sends, plus the class's own (`name`, `teacher`,
// `class`, `restore`), and shows the JSON answers. Everything a student or the server
// wrote (names above all) is put on the page with textContent, never as HTML. Its words
// come from the language's catalog (i18n.js); the board, the boxes, the curve and the
// explanation are drawn by the pages' shared scripts (board.js, boxes.js, plot.js,
// explain.js), the teacher's panel is teacher.js, and the connection is transport.js's.
//
// `?view=projector` is the same page for a projector: no controls, the latest game, the
// score, the curve and the players in large type, and the class's address as a QR code.
"use strict";

const projector = new URLSearchParams(location.search).get("view") === "projector";

const cls = State.fresh("class", {
  conn: null,        // the connection (Transport.connect: it reconnects by itself)
  boxEls: [],        // each box's element
  myName: null,      // the name the server took (sent again after a reconnect)
  waiting: [],       // lines to send once the name is taken
  lastWasTeacher: false,
  seen: false,       // the `class` answer came: the score can be drawn
});
// The names the tests and the curious have read since before the page state.
Object.defineProperties(cls, {
  reconnects: { get: () => (cls.conn ? cls.conn.reconnects : 0) },
  inMatch: { get: () => cls.matchRunning },
  playing: { get: () => cls.inGame },
});
window.classPage = cls; // for the browser tests and the curious

// After a change of language (and Page.relabel): what is drawn, drawn again in it.
function relabel() {
  if (cls.seen) standing();
  drawAllBoxes(cls.boxes || []);
  Explain.render($("explain"), cls.explained, "ttt");
  drawBoard();
  drawLastGame();
  Teacher.drawPrevious();
}

// A line of the page says message `msg` with `args` (Page.say, by element id).
const say = Page.say;

// ---------------------------------------------------------------- the connection

function send(line, teacher) {
  cls.lastWasTeacher = !!teacher;
  if (cls.conn) cls.conn.send(line);
}

// Connects (transport.js connects again by itself after any drop: a laptop asleep, the
// Wi-Fi gone, the server restarted).
function connect() {
  cls.conn = Transport.connect(() => new URLSearchParams(), {
    shared: true,
    onOpen: (again) => {
      Page.connection(again ? "class-connection-again" : "connection-connected", "ok");
      Teacher.connected();
      send("matchboxes off");   // the class page shows the shared boxes from `class`
      send("class");
      if (cls.myName) send("name " + cls.myName); // the same name on the board as before
    },
    onAnswer: receive,
    onDrop: () => {
      // A game in flight is over for the server (it abandons a game whose socket closed).
      State.dropped(cls, projector ? null : "class-game-dropped");
      cls.waiting = [];
      State.show(cls);
      drawBoard();
      Page.connection("class-connection-reconnecting", "bad");
    },
  });
}

const games = (s) => s.menace + s.draw + s.player;

// One answer: into the page's state (state.js), its effects carried out, drawn.
function receive(m) {
  for (const [effect, ...args] of State.reduce(cls, m)) {
    if (effect === "send") send(args[0]);
    else if (effect === "download") Page.download(...args);
    else if (effect === "teacher") Teacher.accepted();
    // Refusals go where the request was made, so a refused teacher sees it.
    else if (effect === "error" && !Teacher.refused(args[0])) cls.lines[cls.lastWasTeacher ? "teacher-message" : "message"] = ["__error", args[0]];
    else if (effect === "drew") markDraw(args[0]);
    else if (effect === "finished") changed(args[0].boxes);
    else if (effect === "news") changed(args[0].boxes);
  }
  switch (m.type) {
    case "class":
      cls.seen = true;
      // The teacher's menu follows the class's rules as they are.
      if (m.preset && [...$("preset").options].some((o) => o.value === m.preset)) $("preset").value = m.preset;
      drawAllBoxes(cls.boxes);
      Teacher.drawPrevious(m.previous || []);
      standing();
      break;
    case "named":
      cls.myName = m.name;
      for (const line of cls.waiting.splice(0)) send(line);
      break;
    case "explain":
      Explain.render($("explain"), m, "ttt");
      break;
    case "finished":
    case "news":
      drawLastGame();
      standing();
      break;
  }
  State.show(cls);
  drawBoard();
}

// ---------------------------------------------------------------- the boxes

function drawAllBoxes(list) {
  cls.boxEls = Boxes.grouped($("boxes"), list, { ttt: true, ids: true });
}

// A bead drawn in the class (the state holds its box's beads now): the box shows it.
function markDraw(m) {
  const box = cls.boxes && cls.boxes[m.box];
  const el = cls.boxEls[m.box];
  drawLastGame();
  if (!box || !el) return;
  Boxes.fill(el, box, Board.cellIndex(m.bead));
  el.classList.add("drew");
}

function changed(list) {
  for (const b of list) {
    const box = cls.boxes && cls.boxes[b.box];
    const el = cls.boxEls[b.box];
    if (!box || !el) continue;
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
  const box = g && cls.boxes && cls.boxes[g.box];
  if (!box) {
    holder.appendChild(Object.assign(document.createElement("p"), { className: "muted", textContent: i18n.t("class-last-game-none") }));
    return;
  }
  const mine = cls.side === "second" ? "O" : "X";
  const real = Array.isArray(g.board);
  const cell = Board.cellIndex(real ? g.move : g.bead);
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

function standing() {
  const { score, trained } = cls;
  $("games").textContent = i18n.t("class-games", { count: games(score) });
  Page.score(score);
  if (trained !== undefined) {
    $("trained").textContent = trained.length === 0 ? "" : i18n.t("class-trained-apart", {
      list: trained.map((t) => Page.words("class-trained-item", Opponents.games(games(t.score), t.opponent, t.score))).join("; "),
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
  Plot.net($("curve"), cls.curve, projector);
}
window.addEventListener("resize", () => { if (cls.seen) drawCurve(); });

// ---------------------------------------------------------------- the board

// This page's own game.
function drawBoard() {
  Board.draw($("board"), cls.board, { canPlay: cls.inGame, onMove: (rc) => { if (cls.inGame) send("move " + rc); } });
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
    $("qr-address").textContent = location.origin + location.pathname;
  }
}

// ---------------------------------------------------------------- wiring

// The controls as soon as they are there; the words first (the catalog), then the class.
Page.domReady.then(() => {
  if (projector) {
    document.body.classList.add("projector");
    $("projector-link").hidden = true;
  }
  $("name-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (cls.matchRunning) send("abort");
    cls.waiting = ["games 1"];
    send("name " + $("name").value);
  });
  // What a replaced machine takes with it: the score's games and the players.
  const about = () => ({ games: games(cls.score), players: cls.players.size });
  Teacher.start((line) => send(line, true), about);
});
Page.start(relabel, () => {
  drawBoard();
  drawLastGame();
  Teacher.drawPrevious();
  connect();
  showAddress();
});
