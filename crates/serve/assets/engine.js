// The engine in the page (the offline menace.html only): menace-web, the same Rust engine
// that answers stdin, compiled to WebAssembly, run on a Worker so the page never freezes,
// behind the WebSocket-like object transport.js expects (send, close, readyState, onopen,
// onmessage with one JSON answer per event, onclose). The module's bytes are in the page
// itself (the #menace-engine element, base64), so nothing is fetched.
//
// The learned machine (tic-tac-toe's MENACE, which has a saved-state file) is kept in the
// browser's storage after every line, as the same text `menace --state FILE` reads, and
// taken back when the page opens again.
"use strict";

(function () {
  // The worker: its source is this function's text (a Blob URL: file:// pages may not
  // load a worker script from a file).
  function worker() {
    const READY = 0, PAUSED = 1, OVER = 2;
    const encoder = new TextEncoder(), decoder = new TextDecoder();
    let wasm = null;
    let status = READY;
    let running = false;
    let lastState = null;
    const queue = [];
    // A zero-delay yield: between two slices of a long command the worker reads its
    // messages (a `stop`). setTimeout(0) is clamped to 4 ms when nested.
    const yieldPort = new MessageChannel();
    yieldPort.port1.onmessage = () => step();

    const text = (len) => decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.menace_text_ptr(), len));
    // Calls `fn(ptr, len)` with `data` (a string, or bytes as a binary frame carries them)
    // copied into the module's memory.
    function withBytes(fn, data) {
      const bytes = typeof data === "string" ? encoder.encode(data) : data;
      const ptr = wasm.menace_alloc(bytes.length);
      new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
      try {
        return fn(ptr, bytes.length);
      } finally {
        wasm.menace_free(ptr, bytes.length);
      }
    }
    function flush() {
      const n = wasm.menace_answers();
      if (n > 0) postMessage({ answers: text(n) });
    }
    function keepState() {
      if (wasm.menace_state() !== 0) return; // no saved state for this game or learner
      const state = text(wasm.menace_text_len());
      if (state !== lastState) postMessage({ state });
      lastState = state;
    }
    function crashed(e) {
      wasm = null;
      postMessage({ crashed: String(e && e.message || e) });
    }
    // Handles queued lines until one pauses (then yields and resumes) or the queue is empty.
    // The machine is kept before the answers go out, so a page told that a game is
    // finished finds it learned after a reload (the main thread stores it first).
    function answered() {
      if (status !== PAUSED) keepState();
      flush();
    }
    function step() {
      try {
        if (status === PAUSED) {
          status = wasm.menace_resume();
          answered();
        }
        while (status === READY && queue.length) {
          status = withBytes(wasm.menace_line, queue.shift());
          answered();
        }
        if (status === PAUSED) return yieldPort.port2.postMessage(0);
        running = false;
        if (status === OVER) postMessage({ over: true });
      } catch (e) {
        crashed(e);
      }
    }
    onmessage = async (event) => {
      const m = event.data;
      if (m.module) {
        try {
          const instance = await WebAssembly.instantiate(m.module, { env: { menace_now: () => performance.now() } });
          wasm = instance.exports;
          if (withBytes(wasm.menace_open, m.options) !== 0) return postMessage({ refused: text(wasm.menace_text_len()) });
          // A stored machine that no longer reads (another side, a damaged copy) is left
          // out: the page starts with a fresh one and says so.
          if (m.state && withBytes(wasm.menace_restore, m.state) !== 0) {
            postMessage({ forgot: text(wasm.menace_text_len()) });
          }
          keepState();
          postMessage({ open: true });
        } catch (e) {
          crashed(e);
        }
        return;
      }
      if (m.line !== undefined && wasm && status !== OVER) {
        withBytes(wasm.menace_arrived, m.line); // a `stop` acts at once
        queue.push(m.line);
        if (!running) {
          running = true;
          step();
        }
      }
    };
  }

  let moduleReady = null;
  // Compiles the module once per page, from the base64 in the page.
  function compiled() {
    if (!moduleReady) {
      const b64 = document.getElementById("menace-engine").textContent.trim();
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      moduleReady = WebAssembly.compile(bytes);
    }
    return moduleReady;
  }

  let workerURL = null;
  const storageKey = (params) =>
    (params.get("game") || "ttt") === "ttt" && (params.get("learner") || "menace") === "menace"
      ? `menace.machine.${params.get("side") || "first"}`
      : null;

  const storage = {
    get(key) {
      try {
        return key ? localStorage.getItem(key) : null;
      } catch (e) {
        return null; // storage turned off: the machine lasts as long as the page
      }
    },
    set(key, value) {
      try {
        if (key) localStorage.setItem(key, value);
      } catch (e) {
        // full or turned off: the machine still plays; it is only not kept
      }
    },
  };

  class InPageSocket {
    constructor(params) {
      this.readyState = 0; // CONNECTING
      this.onopen = this.onmessage = this.onclose = this.onerror = null;
      this.key = storageKey(params);
      if (!workerURL) {
        const source = `(${worker.toString()})();`;
        workerURL = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      }
      this.worker = new Worker(workerURL);
      this.worker.onmessage = (event) => this.from(event.data);
      this.worker.onerror = (event) => this.ended(1011, String(event.message || "the engine stopped"));
      const state = storage.get(this.key);
      compiled().then(
        (module) => this.worker.postMessage({ module, options: params.toString(), state }),
        (e) => this.ended(1011, `the engine could not start: ${e.message || e}`),
      );
    }

    // One line: text, or its bytes (an ArrayBuffer or a typed array, as a WebSocket's
    // binary frame), which the engine reads as stdin reads a line's bytes.
    send(line) {
      if (this.readyState !== 1) throw new DOMException("the engine is not open", "InvalidStateError");
      const data = line instanceof ArrayBuffer ? new Uint8Array(line)
        : ArrayBuffer.isView(line) ? new Uint8Array(line.buffer, line.byteOffset, line.byteLength)
        : String(line);
      this.worker.postMessage({ line: data });
    }

    close(code = 1000, reason = "") {
      this.ended(code, reason);
    }

    ended(code, reason) {
      if (this.readyState === 3) return;
      this.readyState = 3;
      this.worker.terminate();
      const event = { code, reason, wasClean: code === 1000 };
      setTimeout(() => this.onclose && this.onclose(event), 0);
    }

    answer(line) {
      if (this.onmessage && this.readyState === 1) this.onmessage({ data: line });
    }

    from(m) {
      if (m.open) {
        this.readyState = 1;
        if (this.onopen) this.onopen({});
      }
      if (m.state) storage.set(this.key, m.state);
      if (m.answers) for (const line of m.answers.split("\n")) if (line) this.answer(line);
      if (m.forgot) console.warn(`the machine kept in this browser was not taken back: ${m.forgot}`);
      if (m.refused) this.ended(1008, m.refused);
      if (m.crashed) {
        this.answer(JSON.stringify({ type: "error", message: `the engine stopped: ${m.crashed}` }));
        this.ended(1011, m.crashed);
      }
      if (m.over) this.ended(1000, "quit");
    }
  }
  InPageSocket.CONNECTING = 0;
  InPageSocket.OPEN = 1;
  InPageSocket.CLOSING = 2;
  InPageSocket.CLOSED = 3;

  window.MenaceInPage = {
    open: (params) => new InPageSocket(params),
    // Forgets the machine kept in this browser (the page's "start afresh").
    forget: () => ["first", "second"].forEach((side) => {
      try {
        localStorage.removeItem(`menace.machine.${side}`);
      } catch (e) {
        /* storage turned off */
      }
    }),
  };
})();
