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
  //   dots: [{x, y, fill, title, right}] (diamonds; on the right scale with right: true);
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
      const y = d.right ? Y2(d.y) : Y(d.y);
      const e = el("rect", { x: X(d.x) - 4, y: y - 4, width: 8, height: 8, fill: d.fill, transform: `rotate(45 ${X(d.x)} ${y})` });
      const t = document.createElementNS(this.svgNS, "title");
      t.textContent = d.title;
      e.appendChild(t);
    }
  },

  // The private page's lines: a colour-blind-safe palette (Okabe and Ito's) and, for
  // readers who see no colour at all, a dash pattern and an end marker of their own.
  LINES: {
    menace: { stroke: "#0072b2", dash: "", marker: "●", label: "legend-won" },
    draw: { stroke: "#7a7a7a", dash: "7 3", marker: "■", label: "legend-drawn" },
    player: { stroke: "#d55e00", dash: "2 2", marker: "▲", label: "legend-lost" },
    beads: { stroke: "#009e73", dash: "10 3 2 3", marker: "", label: "legend-beads" },
    exploit: { stroke: "#cc79a7", dash: "", marker: "◆", label: "legend-exploit" },
  },

  // The private page's curve into `svg`: of the engine's `history` games, the shares won,
  // drawn and lost over a moving window, the beads in the first box on a scale of their
  // own, and each exact evaluation (`evals`: [{game, exploitability}]) as a diamond.
  learning(svg, games, evals) {
    const xs = games.map((g) => g.game).concat(evals.map((e) => e.game));
    const lines = [];
    let beadsTop = 1;
    if (games.length) {
      const w = Math.max(5, Math.floor(games.length / 25));
      const points = { menace: [], draw: [], player: [] };
      const count = { menace: 0, draw: 0, player: 0 };
      games.forEach((g, i) => {
        count[g.winner] += 1;
        if (i >= w) count[games[i - w].winner] -= 1;
        const n = Math.min(i + 1, w);
        for (const k of Object.keys(points)) points[k].push([g.game, count[k] / n]);
      });
      for (const k of Object.keys(points)) {
        const line = this.LINES[k];
        lines.push({ points: points[k], stroke: line.stroke, dash: line.dash, marker: line.marker, cls: `line-${k}` });
      }
      beadsTop = Math.max(1, ...games.map((g) => g.first_box));
      lines.push({ points: games.map((g) => [g.game, g.first_box / beadsTop]), stroke: this.LINES.beads.stroke, dash: this.LINES.beads.dash, width: 1.6, right: true });
    }
    this.draw(svg, {
      x: xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1],
      xLabel: (g) => i18n.t("plot-game", { game: g }),
      y: [0, 1],
      yTicks: [0, 0.5, 1].map((v) => [v, i18n.pct(v)]),
      right: games.length ? { ticks: [[0, i18n.num(0)], [0.5, i18n.t("plot-beads-axis")], [1, i18n.num(beadsTop)]] } : null,
      lines,
      dots: this.evalDots(evals, false),
      empty: i18n.t("plot-empty"),
    });
  },

  // Each exact evaluation (`evals`: [{game, exploitability}]) as a diamond, on the right
  // scale (0 to 100%) when `right`.
  evalDots(evals, right) {
    return evals.map((e) => ({ x: e.game, y: e.exploitability, right, fill: this.LINES.exploit.stroke, title: i18n.t("plot-exploit-point", { share: i18n.pct(e.exploitability), games: e.game }) }));
  },

  // The key to the private page's lines, into `holder`: each line's sample, marker and name.
  legend(holder) {
    holder.replaceChildren();
    for (const [k, line] of Object.entries(this.LINES)) {
      const item = document.createElement("span");
      item.className = "legend-item";
      const sample = document.createElementNS(this.svgNS, "svg");
      sample.setAttribute("width", "30");
      sample.setAttribute("height", "10");
      sample.setAttribute("aria-hidden", "true");
      const l = document.createElementNS(this.svgNS, k === "exploit" ? "rect" : "line");
      const attrs = k === "exploit"
        ? { x: 11, y: 1, width: 8, height: 8, fill: line.stroke }
        : { x1: 0, x2: 30, y1: 5, y2: 5, stroke: line.stroke, "stroke-width": 2, "stroke-dasharray": line.dash };
      for (const [a, v] of Object.entries(attrs)) l.setAttribute(a, v);
      sample.appendChild(l);
      item.appendChild(sample);
      item.appendChild(document.createTextNode(` ${line.marker} ${i18n.t(line.label)}`));
      holder.appendChild(item);
    }
  },

  // The class's curve (Michie's) into `svg`: MENACE's wins minus its losses after each
  // game (`points`: [{games, net}]); `big` on a projector; `empty` the message of a curve
  // with no point yet (the private page's whole story uses this curve too).
  // The private page's whole story adds its evaluations (`evals`), on a scale of their own.
  net(svg, points, big, empty, evals) {
    evals = evals || [];
    const last = Math.max(points.length ? points[points.length - 1].games : 0, ...evals.map((e) => e.game));
    const most = Math.max(1, ...points.map((p) => Math.abs(p.net)));
    const ticks = this.ticks(-most, most, 4);
    this.draw(svg, {
      x: [0, Math.max(1, last)],
      xLabel: (g) => i18n.t("plot-game", { game: g }),
      y: [Math.min(-most, ticks[0]), Math.max(most, ticks[ticks.length - 1])],
      yTicks: ticks.map((v) => [v, i18n.num(v)]),
      right: evals.length ? { ticks: [0, 0.5, 1].map((v) => [v, i18n.pct(v)]) } : null,
      lines: [{ points: [[0, 0]].concat(points.map((p) => [p.games, p.net])), stroke: "#20324a", width: big ? 4 : 2, marker: "●" }],
      dots: this.evalDots(evals, true),
      empty: points.length || evals.length ? null : i18n.t(empty || "class-curve-empty"),
      font: big ? 26 : 12,
    });
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
