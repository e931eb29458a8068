// The three ways a page reaches the engine, all speaking the same protocol lines (one
// command out, one JSON answer per message in):
//   - "server": a private session of `menace serve`, a WebSocket to /ws?game=..&seed=..;
//   - "class": the class's one shared machine, a WebSocket to /ws of `menace serve --class`;
//   - "in-page": the engine compiled into the page (the offline menace.html), when
//     window.MenaceInPage is there: MenaceInPage.open(params) with the very parameters the
//     /ws address would carry (game, seed, side, learner, preset).
// Each returns the part of a WebSocket the pages use, so they do not care which it is:
//   send(text), close(), readyState (0 connecting, 1 open, 2 closing, 3 closed), and the
//   handlers onopen(), onmessage({data: one JSON answer}), onclose({code, reason}).
"use strict";

const Transport = {
  CONNECTING: 0,
  OPEN: 1,
  CLOSING: 2,
  CLOSED: 3,

  // The way `open` takes: a class always goes to its server (its machine is shared, so it
  // cannot be in one page); a private page to the engine in the page when there is one.
  way(shared) {
    if (shared) return "class";
    return window.MenaceInPage ? "in-page" : "server";
  },

  // Opens the engine with `params` (URLSearchParams: game, seed, side, learner, preset);
  // `shared` for the class. The page sets the handlers on what this returns.
  open(params, { shared = false } = {}) {
    if (Transport.way(shared) === "in-page") return window.MenaceInPage.open(new URLSearchParams(params));
    const query = String(params || "");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return new WebSocket(`${scheme}://${location.host}/ws${query ? `?${query}` : ""}`);
  },
};

window.Transport = Transport;
