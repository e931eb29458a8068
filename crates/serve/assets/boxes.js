// The matchboxes of both pages (the private page and the class page): a box is its
// drawing, a bead count in each free cell in the page's numerals, and its number under it;
// the boxes are grouped by MENACE's move. Marks and cell names are the board's (board.js).
// The explanation's "find box N" link lands here (Boxes.reveal).
"use strict";

const Boxes = {
  // MENACE's move at which a box of tic-tac-toe is met: its drawing has twice as many
  // marks as MENACE has moved before (MENACE first), or one more (MENACE second).
  moveOf(position) {
    return Math.floor([...position].filter((c) => c !== ".").length / 2) + 1;
  },

  // A bead count as the page's language writes its digits, without grouping (a cell is
  // small); past four digits in the language's short form (10K, 10 हज़ार), the whole
  // count in the tooltip.
  count(n) {
    const short = n >= 10000 ? { notation: "compact", compactDisplay: "short" } : { useGrouping: false };
    return new Intl.NumberFormat(i18n.lang, short).format(n);
  },

  // One box: `box` is {position, beads}, `index` its number; `drawn` the cell (0..8) of
  // the bead drawn from it, or -1. Other games' boxes are drawn as their text.
  element(box, index, drawn) {
    const el = document.createElement("div");
    el.dataset.index = index;
    this.fill(el, box, drawn === undefined ? -1 : drawn);
    return el;
  },

  // Draws `box` into the box element `el` (made by `element`), in place.
  fill(el, box, drawn) {
    const index = Number(el.dataset.index);
    const total = box.beads.reduce((s, n) => s + n, 0);
    el.title = i18n.t("box-title", { box: index, count: total });
    el.replaceChildren();
    delete el.dataset.drawn;
    if (!(box.position.length === 9 && box.beads.length === 9)) {
      el.className = "box generic";
      const rows = box.position.split("/");
      const beads = i18n.t("box-beads", { beads: box.beads.map((n) => this.count(n)).join(" ") });
      // Hexapawn's drawing with pawns, named in the page's language (games.js, the
      // private page), not the engine's letters B and W.
      if (window.Games && Object.keys(Games.squares(rows)).length === 9) {
        const picture = Games.picture(rows);
        picture.setAttribute("role", "img");
        picture.setAttribute("aria-label", picture.words);
        el.append(picture, beads);
      } else el.textContent = `${rows.join("\n")}\n${beads}`;
      return;
    }
    el.className = "box";
    for (let i = 0; i < 9; i++) {
      const s = document.createElement("span");
      const m = box.position[i];
      if (m !== ".") {
        s.className = "mark";
        Board.setMark(s, m);
      } else {
        const n = box.beads[i];
        s.textContent = this.count(n);
        if (n >= 10000) s.title = i18n.t("beads-count", { count: n });
        if (n === 0) s.className = "zero";
        else if (n >= 100) s.className = n >= 1000 ? "huge" : "big";
      }
      if (i === drawn) {
        s.classList.add("drawn");
        el.dataset.drawn = Board.cellName(i);
      }
      el.appendChild(s);
    }
    const number = document.createElement("b");
    number.className = "box-number";
    number.textContent = i18n.num(index);
    el.appendChild(number);
    el.boxDrawn = this.signature(box, drawn);
  },

  // What a box element shows, so that `grouped` can tell which boxes it need not draw again.
  signature(box, drawn) {
    return `${box.position}|${box.beads.join(",")}|${drawn}`;
  },

  // The boxes `grouped` last drew into a holder: the language, options and positions they
  // were grouped by, and their elements.
  shown: new WeakMap(),

  // Every box of `boxes` into `holder`, grouped by MENACE's move (tic-tac-toe) under a
  // heading each; `drawn` maps a box to the cell of its bead drawn. Each box gets the id
  // `box-N` when `ids` (the explanation's links land on it). Returns the elements by box.
  //
  // A game or a training changes beads, not which boxes there are: when `holder` still
  // shows the same boxes in the same language, only the boxes whose beads or drawn bead
  // changed are drawn again, in place. Rebuilding all 304 boxes (7,000 elements) after
  // every game took a fast laptop's page 0.1 to 0.2 s, and a projector's laptop longer.
  grouped(holder, boxes, { ttt, drawn, ids }) {
    const at = (i) => (drawn && drawn.has(i) ? drawn.get(i) : -1);
    const key = JSON.stringify([i18n.lang, !!ttt, !!ids, boxes.map((b) => b.position)]);
    const last = this.shown.get(holder);
    if (last && last.key === key && last.els.length && holder.contains(last.els[0])) {
      boxes.forEach((box, i) => {
        const el = last.els[i];
        const d = at(i);
        // As a box drawn afresh, except that the box last found stays outlined.
        const found = el.classList.contains("found");
        if (el.boxDrawn !== this.signature(box, d)) this.fill(el, box, d);
        const want = `${el.classList.contains("generic") ? "box generic" : "box"}${d >= 0 ? " used" : ""}${found ? " found" : ""}`;
        if (el.className !== want) el.className = want;
      });
      return last.els;
    }
    holder.replaceChildren();
    const groups = new Map();
    boxes.forEach((box, i) => {
      const n = ttt ? this.moveOf(box.position) : 1;
      if (!groups.has(n)) groups.set(n, []);
      groups.get(n).push(i);
    });
    const els = [];
    for (const [n, list] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
      const h = document.createElement("h3");
      h.textContent = ttt ? i18n.t("boxes-for-move", { move: n, count: list.length }) : i18n.t("boxes-count", { count: list.length });
      holder.appendChild(h);
      const g = document.createElement("div");
      g.className = "group";
      for (const i of list) {
        const d = at(i);
        const el = this.element(boxes[i], i, d);
        if (d >= 0) el.classList.add("used");
        if (ids) el.id = `box-${i}`;
        els[i] = el;
        g.appendChild(el);
      }
      holder.appendChild(g);
    }
    this.shown.set(holder, { key, els });
    return els;
  },

  // Scrolls to box `n` and marks it (outlined until another is found), focus on it.
  reveal(n) {
    const el = document.getElementById(`box-${n}`);
    if (!el) return false;
    for (const f of document.querySelectorAll(".box.found")) f.classList.remove("found");
    el.classList.add("found");
    el.tabIndex = -1;
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
    return true;
  },
};

// "Find box N": any link to #box-N on either page reveals the box (no jump to the
// address: the page scrolls and outlines it).
document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[data-box]");
  if (!a) return;
  e.preventDefault();
  Boxes.reveal(a.dataset.box);
});

window.Boxes = Boxes;
