// The matchboxes and the marks, drawn once for both pages (the private page and the class
// page): a box is its drawing, a bead count in each free cell in the page's numerals, and
// its number under it; the boxes are grouped by MENACE's move; X and O are drawn as shapes
// (a cross and a ring), never as the letter O, which Bengali's zero "০" resembles. The
// explanation's "find box N" link lands here (Boxes.reveal).
"use strict";

const Boxes = {
  svgNS: "http://www.w3.org/2000/svg",
  RC: ["L", "M", "R"],

  // The cell `i` (0..8, row-major) in the board notation: LL ... RR.
  cellName(i) {
    return this.RC[Math.floor(i / 3)] + this.RC[i % 3];
  },

  // A mark as a shape: X a cross, O a ring (hidden from screen readers: the cell's label
  // or the board's says which mark it is).
  mark(m) {
    const svg = document.createElementNS(this.svgNS, "svg");
    svg.setAttribute("viewBox", "0 0 10 10");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", `mark-shape ${m}`);
    const add = (tag, attrs) => {
      const e = document.createElementNS(this.svgNS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      svg.appendChild(e);
    };
    if (m === "X") {
      add("line", { x1: 2, y1: 2, x2: 8, y2: 8 });
      add("line", { x1: 8, y1: 2, x2: 2, y2: 8 });
    } else {
      add("circle", { cx: 5, cy: 5, r: 3.2 });
    }
    return svg;
  },

  // Puts mark `m` ("X", "O" or "." for none) into element `el`, which keeps it as
  // data-mark (what the tests and the page read back).
  setMark(el, m) {
    el.replaceChildren();
    if (m === "X" || m === "O") {
      el.dataset.mark = m;
      el.appendChild(this.mark(m));
    } else {
      delete el.dataset.mark;
    }
  },

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
      el.textContent = `${box.position.split("/").join("\n")}\n${i18n.t("box-beads", { beads: box.beads.map((n) => this.count(n)).join(" ") })}`;
      return;
    }
    el.className = "box";
    for (let i = 0; i < 9; i++) {
      const s = document.createElement("span");
      const m = box.position[i];
      if (m !== ".") {
        s.className = "mark";
        this.setMark(s, m);
      } else {
        const n = box.beads[i];
        s.textContent = this.count(n);
        if (n >= 10000) s.title = i18n.t("beads-count", { count: n });
        if (n === 0) s.className = "zero";
        else if (n >= 100) s.className = n >= 1000 ? "huge" : "big";
      }
      if (i === drawn) {
        s.classList.add("drawn");
        el.dataset.drawn = this.cellName(i);
      }
      el.appendChild(s);
    }
    const number = document.createElement("b");
    number.className = "box-number";
    number.textContent = i18n.num(index);
    el.appendChild(number);
  },

  // Every box of `boxes` into `holder`, grouped by MENACE's move (tic-tac-toe) under a
  // heading each; `drawn` maps a box to the cell of its bead drawn. Each box gets the id
  // `box-N` when `ids` (the explanation's links land on it). Returns the elements by box.
  grouped(holder, boxes, { ttt, drawn, ids }) {
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
        const d = drawn && drawn.has(i) ? drawn.get(i) : -1;
        const el = this.element(boxes[i], i, d);
        if (d >= 0) el.classList.add("used");
        if (ids) el.id = `box-${i}`;
        els[i] = el;
        g.appendChild(el);
      }
      holder.appendChild(g);
    }
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
