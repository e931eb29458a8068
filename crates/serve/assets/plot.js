// The learning curves of both pages (the private page's shares of recent games, the class's
// wins minus losses, the projector's), drawn by one function in plain SVG: drawn at the
// size the SVG has on the screen, so its numbers are the page's size on a phone as on a
// projector; axes with their numbers in the page's numerals; each line told apart by its
// dashes and its end marker as well as by its colour.
"use strict";

const Plot = {
  svgNS: "http://www.w3.org/2000/svg",

  // Draws into `svg`:
  //   x: [first, last] (games), xLabel(g) the text under each end;
  //   y: [low, high], yTicks: [[value, text]] on the left;
  //   right: optional {ticks: [[share 0..1, text]]} on the right (a second scale);
  //   lines: [{points: [[x, y]] in the left scale (or y2 0..1 on the right with right: true),
  //            stroke, dash, marker, cls}];
  //   dots: [{x, y, fill, title}] (diamonds);
  //   empty: a text for a plot with nothing yet.
  // `font` is the text's size in pixels (the projector's is larger).
  draw(svg, spec) {
    svg.replaceChildren();
    const font = spec.font || 12;
    const box = svg.getBoundingClientRect();
    const W = Math.max(240, Math.round(box.width || 640));
    const H = Math.max(120, Math.round(box.height || W * 0.35));
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const widest = (ticks) => Math.max(0, ...ticks.map(([, t]) => String(t).length));
    const L = Math.round(font * (0.65 * widest(spec.yTicks) + 0.8));
    const R = spec.right ? Math.round(font * (0.65 * widest(spec.right.ticks) + 1.4)) : Math.round(font * 1.2);
    const T = Math.round(font * 0.9), B = Math.round(font * 1.9);
    const [x0, x1raw] = spec.x;
    const x1 = x1raw > x0 ? x1raw : x0 + 1;
    const [y0, y1raw] = spec.y;
    const y1 = y1raw > y0 ? y1raw : y0 + 1;
    const X = (g) => L + ((g - x0) / (x1 - x0)) * (W - L - R);
    const Y = (v) => T + (1 - (v - y0) / (y1 - y0)) * (H - T - B);
    const Y2 = (s) => T + (1 - s) * (H - T - B);
    const el = (name, attrs, text) => {
      const e = document.createElementNS(this.svgNS, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.appendChild(e);
      return e;
    };
    const label = { "font-size": font, fill: "#4b5563" };
    for (const [v, text] of spec.yTicks) {
      el("line", { x1: L, x2: W - R, y1: Y(v), y2: Y(v), stroke: v === 0 && y0 < 0 ? "#9aa3af" : "#e5e7eb" });
      el("text", { x: L - 4, y: Y(v) + font * 0.35, "text-anchor": "end", ...label }, text);
    }
    if (spec.right) {
      for (const [s, text] of spec.right.ticks) el("text", { x: W - R + font * 0.9, y: Y2(s) + font * 0.35, ...label }, text);
    }
    el("line", { x1: L, x2: L, y1: T, y2: H - B, stroke: "#9aa3af" });
    el("text", { x: L, y: H - B + font * 1.3, ...label }, spec.xLabel(x0));
    el("text", { x: W - R, y: H - B + font * 1.3, "text-anchor": "end", ...label }, spec.xLabel(x1raw > x0 ? x1raw : x0));
    if (!spec.lines.some((l) => l.points.length) && !(spec.dots || []).length) {
      if (spec.empty) el("text", { x: (L + W - R) / 2, y: (T + H - B) / 2, "text-anchor": "middle", ...label }, spec.empty);
      return;
    }
    for (const line of spec.lines) {
      if (!line.points.length) continue;
      const y = line.right ? Y2 : Y;
      const pts = line.points.map(([g, v]) => `${X(g).toFixed(1)},${y(v).toFixed(1)}`);
      el("polyline", { points: pts.join(" "), fill: "none", stroke: line.stroke, "stroke-width": line.width || 1.8, "stroke-dasharray": line.dash || "", class: line.cls || "" });
      if (line.marker) {
        // On the line's last point, inside the plot: never over the right axis's numbers.
        const [g, v] = line.points[line.points.length - 1];
        el("text", { x: X(g), y: y(v) + font * 0.35, "text-anchor": "middle", fill: line.stroke, "font-size": font, class: "marker" }, line.marker);
      }
    }
    for (const d of spec.dots || []) {
      const e = el("rect", { x: X(d.x) - 4, y: Y(d.y) - 4, width: 8, height: 8, fill: d.fill, transform: `rotate(45 ${X(d.x)} ${Y(d.y)})` });
      const t = document.createElementNS(this.svgNS, "title");
      t.textContent = d.title;
      e.appendChild(t);
    }
  },

  // Round ticks for a scale from `low` to `high`: about `n` of them.
  ticks(low, high, n) {
    const span = Math.max(1, high - low);
    const raw = span / Math.max(1, n);
    const mag = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) || raw;
    const out = [];
    // `|| 0`: zero is written 0, not -0.
    for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Math.round(v) || 0);
    return out;
  },
};

window.Plot = Plot;
