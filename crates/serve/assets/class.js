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
  waiting: [],        // lines to send once the name is taken
  lastWasTeacher: false,
  explained: null,    // the latest `explain` answer
  result: null,       // the result of this page's game just finished: [id, args]
  picture: null,      // [score, gamesPlayed, trained]
  lastGame: null,     // the latest `drew` broadcast: {player, box, bead, move}
};
window.classPage = cls; // for the browser tests and the curious

// After a change of language (and Page.relabel): what is drawn, drawn again in it.
function relabel() {
  if (cls.picture) standing(...cls.picture);
  drawAllBoxes(cls.boxes);
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
  if (cls.socket && cls.socket.readyState === Transport.OPEN) cls.socket.send(line);
}

// Connects, and after any drop (a laptop asleep, the Wi-Fi gone, the server restarted)
// connects again by itself, waiting longer after each failed try (up to 15 s).
function connect() {
  clearTimeout(cls.retryTimer);
  cls.retryTimer = null;
  const socket = Transport.open(new URLSearchParams(), { shared: true });
  cls.socket = socket;
  socket.onopen = () => {
    if (cls.everOpen) cls.reconnects += 1;
    Page.connection(cls.everOpen ? "class-connection-again" : "connection-connected", "ok");
    cls.everOpen = true;
    cls.retry = 0;
    Teacher.connected();
    send("matchboxes off");   // the class page shows the shared boxes from `class`
    send("class");
    if (cls.myName) send("name " + cls.myName); // the same name on the board as before
  };
  socket.onclose = () => {
    if (cls.socket !== socket) return;
    dropped();
    const wait = Math.min(15000, 500 * 2 ** cls.retry) * (0.8 + 0.4 * Math.random());
    cls.retry += 1;
    Page.connection("class-connection-reconnecting", "bad");
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
      Teacher.drawPrevious(m.previous || []);
      standing(m.score, m.games_played, m.trained);
      say("rules-text", "rules-now", { preset: Opponents.preset(m.preset) });
      // A MENACE that resigns every game says so, with what the teacher can do.
      say("resigned", m.resigned ? Page.resignedForGood(cls.side) : null);
      if (!cls.inMatch && !(Page.said.message && Page.said.message[0] === "class-game-dropped")) {
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
      cls.result = Page.result(m, cls.side, null);
      say("message", ...cls.result);
      send("explain"); // what the result did to the beads, under the rules in force
      drawBoard();
      break;
    case "explain":
      cls.explained = m;
      Explain.render($("explain"), m, "ttt");
      if (cls.result && m.finished) say("message", "message-result-learned", { result: cls.result, rule: Explain.rule(m.finished.change) });
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
    case "teacher": Teacher.accepted(); break;
    case "progress": say("teacher-message", "class-training", { games: m.games, of: m.of }); break;
    case "trained":
      say("teacher-message", "class-trained-line", Opponents.games(m.games, m.opponent, m.score));
      break;
    case "rules":
      say("teacher-message", m.reset ? "class-rules-refilled" : "class-rules-kept", { preset: Opponents.preset(m.preset) });
      break;
    case "reset": say("teacher-message", "class-reset-done"); break;
    case "imported": say("teacher-message", "class-imported", { games: m.games_played }); break;
    case "restored": say("teacher-message", "class-restored", { number: m.number, games: m.games_played }); break;
    case "state": Page.download("menace-class.json", JSON.stringify(m.state) + "\n"); break;
    case "error":
      // Refusals go where the request was made, so a refused teacher sees it.
      if (!Teacher.refused(m)) Page.sayError(cls.lastWasTeacher ? "teacher-message" : "message", m);
      break;
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
  Boxes.fill(el, box, Board.cellIndex(m.bead));
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

function standing(score, gamesPlayed, trained) {
  if (trained === undefined && cls.picture) trained = cls.picture[2];
  cls.picture = [score, gamesPlayed, trained];
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
window.addEventListener("resize", () => { if (cls.picture) drawCurve(); });

// ---------------------------------------------------------------- the board

// This page's own game.
function drawBoard() {
  const rows = cls.myBoard ? [0, 3, 6].map((i) => cls.myBoard.slice(i, i + 3)) : null;
  Board.draw($("board"), rows, { canPlay: cls.playing, onMove: (rc) => { if (cls.playing) send("move " + rc); } });
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

// The controls as soon as they are there; the words first (the catalog), then the class.
Page.domReady.then(() => {
  if (projector) {
    document.body.classList.add("projector");
    $("projector-link").hidden = true;
  }
  $("name-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (cls.inMatch) send("abort");
    cls.waiting = ["games 1"];
    send("name " + $("name").value);
  });
  // What a replaced machine takes with it: the score's games and the players.
  const about = () => ({ games: games(cls.picture ? cls.picture[0] : { menace: 0, draw: 0, player: 0 }), players: cls.players.size });
  Teacher.start((line) => send(line, true), about);
});
Page.start(relabel, () => {
  drawBoard();
  drawLastGame();
  Teacher.drawPrevious();
  connect();
  showAddress();
});
