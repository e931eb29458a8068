// "Why MENACE moved there": draws the engine's `explain` answer (protocol.md) for a class.
// For MENACE's latest move: the box's drawing beside the real board, how the board was
// turned to match it, every bead of the box on the real board as a count and a share,
// the bead drawn and where it lands. After a game: each box it used, its beads before and
// after, and the rule that changed them. Nothing here knows a rule of the game or of the
// beads: every number and every cell comes from the answer; this file only lays it out.
// Bead letters and colours are the printed labels' (GET palette.json, from menace print,
// or MENACE_OFFLINE.palette in the offline file).
"use strict";

const Explain = {
  palette: [], // [{letter, fill, ink}], the printed labels' bead colours

  // The bead colour of the k-th bead of a box whose bead is `bead`: tic-tac-toe's colours
  // belong to the drawing's cells (as on the labels); other games number them in the box.
  colour(game, bead, k) {
    const i = game === "ttt" ? Board.cellIndex(bead) : k;
    return this.palette.length ? this.palette[i % this.palette.length] : { letter: "?", fill: "#ccc", ink: "#000" };
  },

  el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  },

  swatch(c) {
    const s = this.el("span", "swatch", c.letter);
    s.style.background = c.fill;
    s.style.color = c.ink;
    return s;
  },

  // The message for a symmetry, by the core's name (one message per symmetry: the
  // catalog test checks the list against the core's table).
  symmetry(name) {
    return i18n.t(`symmetry-${String(name).replace(/ /g, "-")}`);
  },

  // A tic-tac-toe board of `rows`; `cell(i)` fills free cell i (an element or nothing).
  grid(rows, label, cell) {
    const g = this.el("div", "xgrid");
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", label);
    const flat = rows.join("");
    for (let i = 0; i < 9; i++) {
      const mark = flat[i];
      const c = this.el("div", mark === "." ? "xcell" : `xcell mark ${mark}`);
      if (mark !== ".") Board.setMark(c, mark);
      else {
        const inside = cell(i, c);
        if (inside) c.appendChild(inside);
      }
      g.appendChild(c);
    }
    return g;
  },

  // The game's own drawing of a board that is not tic-tac-toe's: Nim's rows as counters,
  // Hexapawn's board as it is drawn.
  drawing(game, rows, label) {
    const box = this.el("div", "xdrawing");
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", `${label}: ${rows.join(", ")}`);
    if (game === "nim") {
      for (const row of rows) {
        const m = /^\s*(\d+):\s*(\|*)/.exec(row);
        if (!m) continue;
        const line = this.el("div", "nimrow");
        line.appendChild(this.el("span", "nimlabel", i18n.t("explain-nim-row", { row: Number(m[1]), count: m[2].length })));
        line.appendChild(this.el("span", "nimcounters", "●".repeat(m[2].length) || "–"));
        box.appendChild(line);
      }
    } else if (game === "hexapawn" && window.Games) {
      // Pawns drawn and named in the page's language, not the engine's letters.
      const picture = Games.picture(rows);
      box.appendChild(picture);
      box.setAttribute("aria-label", `${label}: ${picture.words}`);
    } else {
      box.appendChild(this.el("pre", "text-board", rows.join("\n")));
    }
    return box;
  },

  // The box's drawing and the real board side by side, each under its caption.
  pair(holder, drawn, real, box) {
    for (const [inner, caption] of [[drawn, i18n.t("explain-box-drawing", { box })], [real, i18n.t("explain-real-board")]]) {
      const f = this.el("figure", "");
      f.appendChild(inner);
      f.appendChild(this.el("figcaption", "", caption));
      holder.appendChild(f);
      if (inner === drawn) holder.appendChild(this.el("div", "xarrow", "⇄"));
    }
  },

  // "Find box N among the matchboxes": a link that scrolls to the box and outlines it
  // (boxes.js), in a paragraph of its own.
  findBox(box) {
    const p = this.el("p", "findbox");
    const a = this.el("a", "", i18n.t("explain-find-box", { box }));
    a.href = `#box-${box}`;
    a.dataset.box = box;
    p.appendChild(a);
    return p;
  },

  total(step) {
    return step.beads.reduce((s, b) => s + b.count, 0);
  },

  // One move of MENACE, explained.
  step(game, step, holder) {
    const fig = this.el("div", "xstep");
    if (step.box === null) {
      holder.appendChild(this.el("p", "", i18n.t("explain-forced", { move: step.move })));
      return;
    }
    const total = this.total(step);
    const pairs = this.el("div", "xpair");
    if (game === "ttt") {
      const cellLabel = (b) => i18n.t("explain-cell", { bead: this.colour(game, b.bead, b.k).letter, count: b.count, share: i18n.pct(total ? b.count / total : 0) });
      // One grid a side: its free cells keyed by the move (the real board) or by the bead
      // (the box's drawing); the real board's cells also show each bead's chance.
      const side = (rows, label, key, chosen, share) => {
        const by = new Map(step.beads.map((b, k) => [b[key], { ...b, k }]));
        return this.grid(rows, label, (i, c) => {
          const rc = Board.cellName(i);
          const b = by.get(rc);
          if (!b) return null;
          if (rc === chosen) c.classList.add("chosen");
          c.title = cellLabel(b);
          const inner = this.el("div", "xbeads");
          inner.appendChild(this.swatch(this.colour(game, b.bead, b.k)));
          inner.appendChild(this.el("b", "", i18n.num(b.count)));
          if (share) inner.appendChild(this.el("small", "", i18n.pct(total ? b.count / total : 0)));
          return inner;
        });
      };
      const real = side(step.board, i18n.t("explain-real-board"), "move", step.move, true);
      const drawn = side(step.drawing, i18n.t("explain-box-drawing", { box: step.box }), "bead", step.bead, false);
      this.pair(pairs, drawn, real, step.box);
    } else {
      const drawn = this.drawing(game, step.drawing, i18n.t("explain-box-drawing", { box: step.box }));
      this.pair(pairs, drawn, this.drawing(game, step.board, i18n.t("explain-real-board")), step.box);
    }
    fig.appendChild(pairs);
    fig.appendChild(this.findBox(step.box));
    const sym = step.symmetry === "identity"
      ? i18n.t("explain-same-board")
      : i18n.t("explain-turned", { how: this.symmetry(step.symmetry) });
    fig.appendChild(this.el("p", "", sym));
    if (step.refilled) fig.appendChild(this.el("p", "", i18n.t("explain-refilled", { count: step.refilled })));
    if (game !== "ttt") fig.appendChild(this.table(game, step, false));
    const chosen = step.beads.find((b) => b.bead === step.bead) || { count: 0 };
    const k = step.beads.findIndex((b) => b.bead === step.bead);
    fig.appendChild(this.el("p", "xdrew", i18n.t("explain-drew", {
      box: step.box, letter: this.colour(game, step.bead, k).letter, bead: step.bead, move: step.move,
      count: chosen.count, total, share: i18n.pct(total ? chosen.count / total : 0),
    })));
    holder.appendChild(fig);
  },

  // The beads of a box as a table (games other than tic-tac-toe; and after a game).
  table(game, step, after) {
    const t = this.el("table", "xtable");
    const head = this.el("tr");
    for (const id of ["explain-col-bead", "explain-col-move", "explain-col-beads", "explain-col-share"].concat(after ? ["explain-col-after"] : [])) {
      head.appendChild(this.el("th", "", i18n.t(id)));
    }
    t.appendChild(head);
    const total = this.total(step);
    step.beads.forEach((b, k) => {
      const tr = this.el("tr", b.bead === step.bead ? "chosen" : "");
      const c0 = this.el("td");
      c0.appendChild(this.swatch(this.colour(game, b.bead, k)));
      c0.appendChild(document.createTextNode(` ${b.bead}`));
      tr.appendChild(c0);
      tr.appendChild(this.el("td", "", b.move));
      tr.appendChild(this.el("td", "num", i18n.num(b.count)));
      tr.appendChild(this.el("td", "num", i18n.pct(total ? b.count / total : 0)));
      // What this game taught the bead (in a class, other games may have changed it since).
      if (after) tr.appendChild(this.el("td", "num", i18n.num(b.taught ?? b.after)));
      t.appendChild(tr);
    });
    return t;
  },

  // The last finished game: the rule that changed the beads, then each box before and after.
  finished(game, f, holder) {
    const who = { menace: "explain-won", draw: "explain-draw", player: "explain-lost" }[f.winner];
    holder.appendChild(this.el("p", "xrule", `${i18n.t(who)} ${Page.words(...this.rule(f.change))}`));
    const list = this.el("ol", "xboxes");
    for (const s of f.moves) {
      const li = this.el("li");
      if (s.box === null) {
        li.textContent = i18n.t("explain-forced", { move: s.move });
      } else {
        const b = s.beads.find((x) => x.bead === s.bead) || { count: 0, after: 0 };
        const taught = b.taught ?? b.after;
        li.appendChild(this.el("p", "", i18n.t("explain-before-after", { box: s.box, bead: s.bead, move: s.move, before: b.count, after: taught })));
        // A class's box also holds the other players' games: said apart, so the sentence
        // above (this game's rule) and the numbers always agree.
        if (b.after !== undefined && b.after !== taught) {
          li.appendChild(this.el("p", "muted", i18n.t("explain-now-holds", { box: s.box, bead: s.bead, now: b.after })));
        }
        li.appendChild(this.findBox(s.box));
        li.appendChild(this.table(game, s, true));
      }
      list.appendChild(li);
    }
    holder.appendChild(list);
  },

  // What the rules did to each bead drawn in a game, as a message: `change` is the
  // engine's (beads added per drawn bead; negative: taken out).
  rule(change) {
    const id = change > 0 ? "explain-rule-more" : change === 0 ? "explain-rule-same" : "explain-rule-out";
    return [id, { count: Math.abs(change) }];
  },

  // Draws the whole `explain` answer `a` into `holder`, for `game`; `a` null: nothing
  // explained yet.
  render(holder, a, game) {
    holder.replaceChildren();
    if (!a) {
      holder.appendChild(this.el("p", "muted", i18n.t("explain-none")));
      return;
    }
    const playing = a.playing || [];
    if (playing.length) {
      holder.appendChild(this.el("h3", "", i18n.t("explain-latest")));
      this.step(game, playing[playing.length - 1], holder);
    } else if (a.finished) {
      const moves = a.finished.moves;
      if (moves.length) {
        holder.appendChild(this.el("h3", "", i18n.t("explain-latest")));
        this.step(game, moves[moves.length - 1], holder);
      }
      holder.appendChild(this.el("h3", "", i18n.t("explain-after-game")));
      this.finished(game, a.finished, holder);
    } else {
      holder.appendChild(this.el("p", "muted", i18n.t("explain-none")));
    }
  },

  // The bead colours: the offline file's own, else the server's.
  async start() {
    await Page.domReady; // the offline file's data may come after this script
    try {
      this.palette = Page.offline ? Page.offline.palette : await (await fetch("palette.json")).json();
    } catch (e) {
      this.palette = [];
    }
  },
};

Explain.ready = Explain.start();
window.Explain = Explain;
