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
//
// `Transport.connect` is how both pages reach it: a connection that, after any drop (a
// laptop asleep, the Wi-Fi gone, the server restarted, the worker of the engine in the
// page gone), connects again by itself, whichever the way, waiting longer after each
// failed try (up to 15 s), and at once when the network comes back or the page is shown
// again.
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
    // Beside the page's own address: /ws for a server's one page, r/CODE/ws for a room's.
    const url = new URL("ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.search = query;
    url.hash = "";
    return new WebSocket(url.href);
  },

  // The live connections, to try again at once when the network comes back.
  live: new Set(),

  // A connection that reconnects by itself. `params()` gives the address's parameters at
  // each try; the page's handlers: `onOpen(again)` (again: a reconnection), `onAnswer(a)`
  // for each answer parsed (`onNotJson(text)` for one that is not JSON), `onDrop()` when
  // the connection is lost (a try to connect again is then waiting).
  connect(params, { shared = false, onOpen, onAnswer, onNotJson, onDrop }) {
    const c = {
      way: Transport.way(shared),
      socket: null,
      reconnects: 0, // how many times it connected again after a drop (for tests)
      retry: 0, // failed tries in a row: the next wait grows with it
      retryTimer: null,
      everOpen: false,
      // Sends `line`; false when not connected.
      send(line) {
        if (!c.socket || c.socket.readyState !== Transport.OPEN) return false;
        c.socket.send(line);
        return true;
      },
      // Whether a try to connect again is waiting.
      get waiting() {
        return c.retryTimer !== null;
      },
      // Connects now, with the parameters as they are now: a new session (`retrying`: the
      // same one's connection again, after a drop, which `onOpen` is told).
      open(retrying = false) {
        if (!retrying) c.everOpen = false;
        clearTimeout(c.retryTimer);
        c.retryTimer = null;
        if (c.socket) {
          c.socket.onclose = null;
          c.socket.close();
        }
        const socket = Transport.open(params(), { shared });
        c.socket = socket;
        socket.onopen = () => {
          const again = c.everOpen;
          if (again) c.reconnects += 1;
          c.everOpen = true;
          c.retry = 0;
          onOpen(again);
        };
        socket.onmessage = (e) => {
          let answer;
          try {
            answer = JSON.parse(e.data);
          } catch (err) {
            return onNotJson && onNotJson(e.data);
          }
          onAnswer(answer);
        };
        socket.onclose = () => {
          if (c.socket !== socket) return;
          const wait = Math.min(15000, 500 * 2 ** c.retry) * (0.8 + 0.4 * Math.random());
          c.retry += 1;
          c.retryTimer = setTimeout(() => c.open(true), wait);
          onDrop();
        };
        return c;
      },
      // Back now rather than at the end of the wait.
      now() {
        if (c.retryTimer !== null) c.open(true);
      },
    };
    Transport.live.add(c);
    return c.open();
  },
};

// The machine woke up or the network came back: every connection waiting tries at once.
window.addEventListener("online", () => Transport.live.forEach((c) => c.now()));
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) Transport.live.forEach((c) => c.now());
});

window.Transport = Transport;
