// The noughts-and-crosses board of both pages: the cells' names (LL ... RR, the protocol's
// notation), the marks drawn as shapes (a cross and a ring, never the letter O, which
// Bengali's zero "০" resembles), and the board a person plays on. The matchboxes
// (boxes.js) and the explanation (explain.js) draw their cells and marks with these.
"use strict";

const Board = {
  svgNS: "http://www.w3.org/2000/svg",
  // Rows top to bottom and columns left to right: a cell is its row's letter, then its
  // column's (ML: middle row, left column).
  LETTERS: ["L", "M", "R"],

  // The cell `i` (0..8, row-major) in the board notation: LL ... RR.
  cellName(i) {
    return Board.LETTERS[Math.floor(i / 3)] + Board.LETTERS[i % 3];
  },

  // A cell `RC` as an index 0..8 (row-major), -1 if it is not one.
  cellIndex(rc) {
    if (typeof rc !== "string" || rc.length !== 2) return -1;
    const r = Board.LETTERS.indexOf(rc[0]);
    const c = Board.LETTERS.indexOf(rc[1]);
    return r < 0 || c < 0 ? -1 : r * 3 + c;
  },

  // A mark as a shape: X a cross, O a ring (hidden from screen readers: the cell's label
  // or the board's says which mark it is).
  mark(m) {
    const svg = document.createElementNS(Board.svgNS, "svg");
    svg.setAttribute("viewBox", "0 0 10 10");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("class", `mark-shape ${m}`);
    const add = (tag, attrs) => {
      const e = document.createElementNS(Board.svgNS, tag);
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
      el.appendChild(Board.mark(m));
    } else {
      delete el.dataset.mark;
    }
  },

  // The board a person plays on, into the element `grid`: nine buttons, made once (the
  // keyboard's focus stays on its cell from move to move), each named by its cell. `rows`
  // is the board (three rows of X, O and .) or null for an empty one; `last` the cell of
  // the latest move, shown; a free cell takes a click when `canPlay`, and `onMove(cell)`
  // is then called with its name.
  draw(grid, rows, { last, canPlay, onMove }) {
    grid.onMove = onMove;
    if (grid.children.length !== 9) {
      grid.replaceChildren();
      for (let i = 0; i < 9; i++) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.cell = Board.cellName(i);
        b.addEventListener("click", () => grid.onMove(b.dataset.cell));
        grid.appendChild(b);
      }
    }
    const flat = (rows || ["...", "...", "..."]).join("");
    [...grid.children].forEach((b, i) => {
      const mark = flat[i];
      Board.setMark(b, mark);
      b.className = mark === "." ? "" : mark;
      if (b.dataset.cell === last && mark !== ".") b.classList.add("last");
      b.disabled = !(canPlay && mark === ".");
      b.setAttribute("aria-label", i18n.t(mark === "." ? "cell-free" : "cell-taken", { cell: b.dataset.cell, mark }));
    });
  },

  // The legend of the cells and the bead colours, into `holder`, in the page's language:
  // what LL ... RR mean, and each cell's bead colour as the boxes and the printed labels
  // show it (the palette Explain loaded: each cell of a drawing has its colour).
  legend(holder) {
    holder.replaceChildren();
    const p = document.createElement("p");
    p.textContent = i18n.t("cell-legend-cells");
    holder.appendChild(p);
    const grid = document.createElement("div");
    grid.className = "legend-grid";
    for (let i = 0; i < 9; i++) {
      const cell = document.createElement("div");
      cell.className = "legend-cell";
      const name = document.createElement("b");
      name.textContent = Board.cellName(i);
      cell.appendChild(name);
      const c = Explain.colour("ttt", Board.cellName(i), i);
      cell.appendChild(Explain.swatch(c));
      if (c.name) cell.appendChild(document.createTextNode(` ${i18n.t(`print-colour-${c.name}`)}`));
      grid.appendChild(cell);
    }
    holder.appendChild(grid);
    const beads = document.createElement("p");
    beads.textContent = i18n.t("cell-legend-beads");
    holder.appendChild(beads);
  },
};

window.Board = Board;
