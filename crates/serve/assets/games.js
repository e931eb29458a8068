// The boards of Nim and Hexapawn a person plays on, by pointer or keyboard, and each
// game's own words around them (how to play, the move box's example). Moves are the
// protocol's (protocol.md, "Other games"): Nim `2:3` takes 3 counters from row 2,
// Hexapawn `a1-a2` moves a pawn straight on, `b2xa3` captures diagonally. The boards are
// drawn from the engine's own board rows; nothing here decides who wins.
//
// Keyboard: the arrow keys move between counters or squares (one of them is in the Tab
// order, as a grid), Enter or Space takes or moves, Escape lets a chosen pawn go.
"use strict";

const Games = {
  svgNS: "http://www.w3.org/2000/svg",
  // The boards before a first move (the engine's drawing of a new game).
  START: {
    nim: ["1: |||   3", "2: ||||  4", "3: ||||| 5"],
    hexapawn: ["3 B B B", "2 . . .", "1 W W W", "  a b c"],
  },
  // Each game's words: the message asking for the player's move, the one for the player's
  // first move, the move box's example, how to play. A game without a board of its own
  // here would be played by typing alone, with the last words.
  WORDS: {
    nim: { yourMove: "message-your-move-nim", youFirst: "message-you-first-nim", example: "move-placeholder", help: "game-help-nim" },
    hexapawn: { yourMove: "message-your-move-hexapawn", youFirst: "message-you-first-hexapawn", example: "move-placeholder-hexapawn", help: "game-help-hexapawn" },
  },
  TYPED: { yourMove: "message-your-move-type", youFirst: "message-you-first", example: "move-placeholder", help: null },
  words: (game) => Games.WORDS[game] || Games.TYPED,
  chosen: null, // Hexapawn: the square of the player's pawn chosen, or null
  focus: null, // the name of the counter or square the keyboard is on

  // The page's words for `game` (the move box's example and how to play), shown only for
  // the games other than noughts and crosses; the cell legend only for that one.
  show(game) {
    const other = game !== "ttt";
    $("game-board").hidden = !other;
    $("game-help").hidden = !other;
    $("cell-legend-panel").hidden = other;
    if (!other) {
      const legend = $("cell-legend");
      if (legend.dataset.lang !== i18n.lang) Board.legend(legend);
      legend.dataset.lang = i18n.lang;
      return;
    }
    const words = Games.words(game);
    const input = $("move-text");
    input.dataset.i18nPlaceholder = input.dataset.i18nAriaLabel = words.example;
    input.placeholder = i18n.t(words.example);
    input.setAttribute("aria-label", input.placeholder);
    $("game-help").hidden = !words.help;
    if (words.help) {
      $("game-help").dataset.i18n = words.help;
      $("game-help").textContent = i18n.t(words.help);
    }
  },

  // The message that asks the player for a move in `game`, and the one for the player's
  // first move.
  yourMove: (game) => Games.words(game).yourMove,
  youFirst: (game) => Games.words(game).youFirst,

  // Draws `game`'s board `rows` (null: a new game's) into `holder`. A move is offered
  // when `canPlay`; `onMove(move)` gets it in the protocol's notation. `side` is MENACE's
  // side (the player has the other).
  draw(holder, game, rows, { canPlay, onMove, side }) {
    const had = holder.contains(document.activeElement);
    holder.replaceChildren();
    holder.onMove = onMove;
    if (!canPlay) Games.chosen = null;
    if (game === "nim") Games.nim(holder, rows || Games.START.nim, canPlay);
    else if (game === "hexapawn") Games.hexapawn(holder, rows || Games.START.hexapawn, canPlay, side === "first" ? "B" : "W");
    Games.roving(holder, had);
  },

  // One button: `name` says where it is (the keyboard comes back to it after a redraw).
  button(name, label, enabled) {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.name = name;
    b.tabIndex = -1;
    b.setAttribute("aria-label", label);
    // Not `disabled`: the keyboard's focus stays on the board while MENACE answers.
    if (!enabled) b.setAttribute("aria-disabled", "true");
    return b;
  },

  // Nim: a row per heap, a button per counter; a counter takes itself and every counter
  // to its right.
  nim(holder, rows, canPlay) {
    holder.className = "game-board nim-board";
    holder.setAttribute("role", "group");
    holder.setAttribute("aria-label", i18n.t("nim-board-label"));
    for (const row of rows) {
      const m = /^\s*(\d+):\s*(\|*)/.exec(row);
      if (!m) continue;
      const number = Number(m[1]);
      const count = m[2].length;
      const line = document.createElement("div");
      line.className = "nim-row";
      line.setAttribute("role", "group");
      const label = document.createElement("span");
      label.className = "nim-label";
      label.textContent = i18n.t("explain-nim-row", { row: number, count });
      line.appendChild(label);
      line.setAttribute("aria-label", label.textContent);
      const counters = document.createElement("span");
      counters.className = "nim-counters";
      for (let k = 1; k <= count; k++) {
        const take = count - k + 1;
        const b = Games.button(`${number}.${k}`, i18n.t("nim-take", { row: number, take }), canPlay);
        b.className = "nim-counter";
        b.dataset.row = number;
        b.dataset.move = `${number}:${take}`;
        b.addEventListener("click", () => {
          if (b.getAttribute("aria-disabled") !== "true") holder.onMove(b.dataset.move);
        });
        counters.appendChild(b);
      }
      line.appendChild(counters);
      holder.appendChild(line);
    }
  },

  // A pawn of colour `c` ("W" white, "B" black), drawn (never a letter).
  pawn(c) {
    const svg = document.createElementNS(Games.svgNS, "svg");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", `pawn ${c === "W" ? "white" : "black"}`);
    const path = document.createElementNS(Games.svgNS, "path");
    path.setAttribute("d", "M10 2.5a3.2 3.2 0 0 0-1.9 5.8C6.9 9 6.3 10.4 6.6 12h1.6c-.3 1.9-1.6 2.9-3 3.6V18h9.6v-2.4c-1.4-.7-2.7-1.7-3-3.6h1.6c.3-1.6-.3-3-1.5-3.7A3.2 3.2 0 0 0 10 2.5z");
    svg.appendChild(path);
    return svg;
  },

  // Hexapawn: the board as White sees it (rank 3 at the top), the player's pawns `mine`
  // ("W" or "B"). A click on one of them chooses it; a click where it may go moves it.
  hexapawn(holder, rows, canPlay, mine) {
    holder.className = "game-board hex-board";
    holder.setAttribute("role", "group");
    holder.setAttribute("aria-label", i18n.t(mine === "W" ? "hexapawn-board-label-white" : "hexapawn-board-label-black"));
    const at = Games.squares(rows);
    const ranks = Games.ranks(at);
    const dir = mine === "W" ? 1 : -1;
    // Where the chosen pawn may go: straight on to an empty square, diagonally on to
    // capture.
    const targets = new Map();
    if (Games.chosen && at[Games.chosen] === mine) {
      const f = Games.chosen.charCodeAt(0);
      const r = Number(Games.chosen[1]) + dir;
      const sq = (df) => `${String.fromCharCode(f + df)}${r}`;
      if (at[sq(0)] === ".") targets.set(sq(0), `${Games.chosen}-${sq(0)}`);
      for (const df of [-1, 1]) {
        const t = at[sq(df)];
        if (t && t !== "." && t !== mine) targets.set(sq(df), `${Games.chosen}x${sq(df)}`);
      }
    } else Games.chosen = null;
    for (const rank of ranks) {
      const label = document.createElement("span");
      label.className = "hex-rank";
      label.setAttribute("aria-hidden", "true");
      label.textContent = rank;
      holder.appendChild(label);
      for (const file of ["a", "b", "c"]) {
        const square = `${file}${rank}`;
        const piece = at[square];
        const move = targets.get(square);
        const own = piece === mine;
        let id = piece === "." ? "hexapawn-square-empty" : piece === "W" ? "hexapawn-square-white" : "hexapawn-square-black";
        if (move) id = move.includes("x") ? "hexapawn-square-capture" : "hexapawn-square-target";
        else if (square === Games.chosen) id = "hexapawn-square-chosen";
        const b = Games.button(square, i18n.t(id, { square }), canPlay && (own || !!move));
        b.className = `hex-square ${(file.charCodeAt(0) + Number(rank)) % 2 ? "light" : "dark"}`;
        if (move) b.classList.add("target");
        if (square === Games.chosen) b.setAttribute("aria-pressed", "true");
        if (piece !== ".") b.appendChild(Games.pawn(piece));
        b.addEventListener("click", () => {
          if (b.getAttribute("aria-disabled") === "true") return;
          if (move) {
            Games.chosen = null;
            Games.focus = square;
            holder.onMove(move);
          } else if (own) {
            Games.chosen = Games.chosen === square ? null : square;
            Games.focus = square;
            holder.redraw();
          }
        });
        holder.appendChild(b);
      }
    }
    const corner = document.createElement("span");
    corner.setAttribute("aria-hidden", "true");
    holder.appendChild(corner);
    for (const file of ["a", "b", "c"]) {
      const label = document.createElement("span");
      label.className = "hex-file";
      label.setAttribute("aria-hidden", "true");
      label.textContent = file;
      holder.appendChild(label);
    }
    holder.redraw = () => Games.draw(holder, "hexapawn", rows, { canPlay, onMove: holder.onMove, side: mine === "W" ? "second" : "first" });
  },

  // Hexapawn's board `rows` (the engine's drawing) as square -> "W", "B" or ".".
  squares(rows) {
    const at = {};
    for (const row of rows) {
      const m = /^(\d)\s+(\S)\s+(\S)\s+(\S)\s*$/.exec(row);
      if (m) ["a", "b", "c"].forEach((f, i) => (at[`${f}${m[1]}`] = m[i + 2]));
    }
    return at;
  },

  // The ranks of squares `at`, the far one first (as White sees the board).
  ranks: (at) => [...new Set(Object.keys(at).map((s) => s[1]))].sort().reverse(),

  // Hexapawn's board `rows` as a picture (the explanation's drawings): pawns drawn, the
  // squares named in the page's language for a screen reader; `rows` kept as data-rows.
  picture(rows) {
    const at = Games.squares(rows);
    const pic = document.createElement("div");
    pic.className = "hex-board hex-picture";
    pic.dataset.rows = rows.join("\n");
    const named = [];
    for (const rank of Games.ranks(at)) {
      const label = document.createElement("span");
      label.className = "hex-rank";
      label.textContent = rank;
      pic.appendChild(label);
      for (const file of ["a", "b", "c"]) {
        const square = `${file}${rank}`;
        const piece = at[square];
        const cell = document.createElement("span");
        cell.className = `hex-square ${(file.charCodeAt(0) + Number(rank)) % 2 ? "light" : "dark"}`;
        if (piece !== ".") {
          cell.appendChild(Games.pawn(piece));
          named.push(i18n.t(piece === "W" ? "hexapawn-square-white" : "hexapawn-square-black", { square }));
        }
        pic.appendChild(cell);
      }
    }
    pic.appendChild(document.createElement("span"));
    for (const file of ["a", "b", "c"]) {
      const label = document.createElement("span");
      label.className = "hex-file";
      label.textContent = file;
      pic.appendChild(label);
    }
    pic.words = named.join(", ");
    return pic;
  },

  // One button of the board in the Tab order (the one the keyboard was on, else the
  // first that plays, else the first), the arrow keys moving among them as on a grid.
  roving(holder, hadFocus) {
    const buttons = [...holder.querySelectorAll("button")];
    if (!buttons.length) return;
    const playable = (b) => b.getAttribute("aria-disabled") !== "true";
    let current = buttons.find((b) => b.dataset.name === Games.focus);
    // A counter taken: the keyboard stays on its row's last counter, or the next row's.
    if (!current && Games.focus && holder.classList.contains("nim-board")) {
      const row = Games.focus.split(".")[0];
      current = buttons.filter((b) => b.dataset.row === row).pop() || buttons.find((b) => Number(b.dataset.row) > Number(row));
    }
    current = current || buttons.find(playable) || buttons[0];
    current.tabIndex = 0;
    if (hadFocus) current.focus();
    holder.onkeydown = (e) => {
      const from = e.target.closest("button");
      if (!from) return;
      const next = Games.neighbour(holder, from, e.key);
      if (e.key === "Escape" && Games.chosen) {
        Games.chosen = null;
        Games.focus = from.dataset.name;
        holder.redraw();
        e.preventDefault();
        return;
      }
      if (!next) return;
      e.preventDefault();
      from.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    };
    holder.onfocusin = (e) => {
      if (e.target.dataset && e.target.dataset.name) Games.focus = e.target.dataset.name;
    };
  },

  // The button beside `from` in the direction of arrow `key`, or null.
  neighbour(holder, from, key) {
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[key];
    if (!step) return null;
    // The buttons as rows of a grid: Nim's rows, Hexapawn's ranks.
    const grid = holder.classList.contains("nim-board")
      ? [...holder.querySelectorAll(".nim-row")].map((r) => [...r.querySelectorAll("button")])
      : [0, 1, 2].map((r) => [...holder.querySelectorAll("button")].slice(r * 3, r * 3 + 3));
    const r = grid.findIndex((row) => row.includes(from));
    const c = grid[r].indexOf(from);
    if (step[0] === 0) return grid[r][c + step[1]] || null;
    // Up or down: the nearest row that has a button, at the same place or its end.
    for (let rr = r + step[0]; rr >= 0 && rr < grid.length; rr += step[0]) {
      if (grid[rr].length) return grid[rr][Math.min(c, grid[rr].length - 1)];
    }
    return null;
  },
};

window.Games = Games;
