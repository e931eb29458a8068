// The engine in the page (the offline menace.html only): menace-web, the same Rust engine
// that answers stdin, compiled to WebAssembly, run on a Worker so the page never freezes,
// behind the WebSocket-like object transport.js expects (send, close, readyState, onopen,
// onmessage with one JSON answer per event, onclose). The module's bytes are in the page
// itself (the #menace-engine element, base64), so nothing is fetched.
//
// The learned machine (each game's MENACE that has a saved-state file) is kept in the
// browser's storage after every line, as the same text `menace --state FILE` reads, and
// taken back when the page opens again. Nothing learned is lost without a word:
//   - menace.machine.TAIL: the machine now. TAIL is the side for noughts and crosses
//     (`first`, `second`: the keys of the first pages, so a machine learned then stays),
//     GAME.SIDE for the other games (`nim.first`, `hexapawn.second`: the side MENACE
//     plays, as the address asks it or the game's own when it does not).
//   - menace.earlier.TAIL: the machines a reset, new rules with fresh boxes, an upload, a
//     machine brought back or another tab replaced, newest first, the last five: a JSON
//     list of {state (compact JSON text), games, when (ms since 1970), why}; `why` is
//     "reset", "rules", "import", "restore" or "tab".
//   - menace.damaged.TAIL.MS: a stored machine that no longer read, as it was, set aside
//     at MS (ms since 1970) instead of being overwritten.
//   - menace.owner.TAIL: the id of the tab that keeps this machine: the last one to open
//     it. Another tab learns that it lost the machine from the `storage` event (and from
//     this key before each store), keeps nothing more, and is told (MenaceInPage.on).
// Why the storage itself and not the Web Locks API or a BroadcastChannel: the claim lives
// in the very store the two tabs would overwrite, so any two tabs that can overwrite each
// other's machine see it (a file:// page's origin is opaque, and each browser scopes locks
// and channels for it in its own way), and a tab that closed or crashed needs no release.
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
    // Posts the state when it changed; `why` names the line that changed it when that
    // line replaces the machine by one not grown from it (see `replaces`).
    function keepState(why) {
      if (wasm.menace_state() !== 0) return; // no saved state for this game or learner
      const state = text(wasm.menace_text_len());
      if (state !== lastState) postMessage({ state, why: why || null });
      lastState = state;
    }
    // Whether line `data` (text or bytes) may replace the machine by another: "import"
    // (an upload), "reset", or "rules" (new rules with fresh boxes); null for any other.
    function replaces(data) {
      const head = typeof data === "string" ? data.slice(0, 400) : decoder.decode(data.subarray(0, 400));
      const line = head.trim().toLowerCase();
      if (/^import\b/.test(line)) return "import";
      if (/^reset\b/.test(line)) return "reset";
      if (/^rules\b.*\sreset$/.test(line) && line.length < 400) return "rules";
      return null;
    }
    function crashed(e) {
      wasm = null;
      postMessage({ crashed: String(e && e.message || e) });
    }
    // Handles queued lines until one pauses (then yields and resumes) or the queue is empty.
    // The machine is kept before the answers go out, so a page told that a game is
    // finished finds it learned after a reload (the main thread stores it first).
    function answered(why) {
      if (status !== PAUSED) keepState(why);
      flush();
    }
    function step() {
      try {
        if (status === PAUSED) {
          status = wasm.menace_resume();
          answered();
        }
        while (status === READY && queue.length) {
          const line = queue.shift();
          status = withBytes(wasm.menace_line, line);
          answered(replaces(line));
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
          // The words are the labels' (the page's instance): this one never asks.
          const env = { menace_now: () => performance.now(), menace_words: () => 0 };
          const instance = await WebAssembly.instantiate(m.module, { env });
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

  // The matchbox labels: menace-print's sheets, drawn by a second instance of the same
  // module on the page's own thread, whose word requests `words(request)` answers at once
  // (the page's Fluent bundle: see crates/web/src/labels.rs). Made when first asked.
  let labelsEngine = null;
  let words = null;
  const pageEncoder = new TextEncoder(), pageDecoder = new TextDecoder();
  function labelsInstance() {
    if (!labelsEngine) {
      let wasm = null;
      const menaceWords = (ptr, len, out, cap) => {
        const request = JSON.parse(pageDecoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len)));
        const answer = pageEncoder.encode(String(words(request)));
        new Uint8Array(wasm.memory.buffer, out, cap).set(answer.subarray(0, cap));
        return answer.length;
      };
      const env = { menace_now: () => performance.now(), menace_words: menaceWords };
      labelsEngine = compiled()
        .then((module) => WebAssembly.instantiate(module, { env }))
        .then((instance) => (wasm = instance.exports));
    }
    return labelsEngine;
  }
  // The sheets for `query` (/print's fields but lang) in the words `answer` gives:
  // {html}, or {error} when the query is refused.
  async function labels(query, answer) {
    const wasm = await labelsInstance();
    const bytes = pageEncoder.encode(query);
    const ptr = wasm.menace_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
    words = answer;
    let status;
    try {
      status = wasm.menace_labels(ptr, bytes.length);
    } finally {
      words = null;
      wasm.menace_free(ptr, bytes.length);
    }
    const text = pageDecoder.decode(new Uint8Array(wasm.memory.buffer, wasm.menace_text_ptr(), wasm.menace_text_len()));
    return status === 0 ? { html: text } : { error: text };
  }

  let workerURL = null;

  // The key tail of the machine a session with `params` keeps (see the top of this file),
  // or null when it keeps none (the weighted learner has no saved state).
  const tailOf = (params) => {
    if ((params.get("learner") || "menace") !== "menace") return null;
    const game = params.get("game") || "ttt";
    // The side the session plays when the address names none (protocol.md's table):
    // Hexapawn's machine is Black, the side that moves second.
    const side = params.get("side") || (game === "hexapawn" ? "second" : "first");
    return game === "ttt" ? side : `${game}.${side}`;
  };

  // The browser's storage, never throwing: a read gives null, a write false, when the
  // storage is full or turned off.
  const storage = {
    get(key) {
      try {
        return key ? localStorage.getItem(key) : null;
      } catch (e) {
        return null;
      }
    },
    set(key, value) {
      try {
        localStorage.setItem(key, value);
        return true;
      } catch (e) {
        return false;
      }
    },
    remove(key) {
      try {
        localStorage.removeItem(key);
      } catch (e) {
        /* storage turned off: nothing was kept */
      }
    },
    keys() {
      try {
        return Object.keys(localStorage);
      } catch (e) {
        return [];
      }
    },
    // Whether the storage can be read at all (turned off: no).
    usable() {
      try {
        return typeof localStorage.getItem("menace.probe") !== "undefined";
      } catch (e) {
        return false;
      }
    },
  };

  // The games a saved state learned from (its `games_played`), 0 when it says none.
  const gamesOf = (state) => {
    const m = /"games_played"\s*:\s*([0-9]+)/.exec(state || "");
    return m ? Number(m[1]) : 0;
  };
  // A state as short as it reads (the earlier machines are kept without indentation).
  const compact = (state) => {
    try {
      return JSON.stringify(JSON.parse(state));
    } catch (e) {
      return state;
    }
  };

  // What happened to the kept machines, for the page (machines.js): each listener gets
  // (kind, detail). Kinds: "stored" (kept: a problem before is over), "full" (the storage
  // would not keep it), "damaged" ({key: where the unreadable copy was set aside, or null
  // when it could not be; text}), "elsewhere" (another tab opened this machine: this
  // tab keeps nothing more), "owner" (this tab keeps it), "earlier" (the list changed).
  const listeners = [];
  const tell = (kind, detail) => {
    for (const f of listeners) f(kind, detail || {});
  };

  // The earlier machines of `tail`, newest first (an unreadable list reads as none).
  function earlier(tail) {
    try {
      const list = JSON.parse(storage.get(`menace.earlier.${tail}`) || "[]");
      return Array.isArray(list) ? list.filter((e) => e && typeof e.state === "string") : [];
    } catch (e) {
      return [];
    }
  }

  // Keeps `list` (newest first) as `tail`'s earlier machines, the last five; when the
  // storage is short of room, the oldest go first. Whether the newest one was kept.
  function keepEarlier(tail, list) {
    for (let n = Math.min(list.length, 5); n >= 1; n--) {
      if (storage.set(`menace.earlier.${tail}`, JSON.stringify(list.slice(0, n)))) {
        tell("earlier");
        return true;
      }
    }
    return list.length === 0 && (storage.remove(`menace.earlier.${tail}`), true);
  }

  // Sets machine `state` aside among `tail`'s earlier machines, replaced for `why`.
  function setAside(tail, state, why) {
    const entry = { state: compact(state), games: gamesOf(state), when: Date.now(), why };
    return keepEarlier(tail, [entry, ...earlier(tail)]);
  }

  let current = null; // the socket opened last (the page's engine)

  class InPageSocket {
    constructor(params) {
      this.readyState = 0; // CONNECTING
      this.onopen = this.onmessage = this.onclose = this.onerror = null;
      this.tail = tailOf(params);
      this.key = this.tail && `menace.machine.${this.tail}`;
      this.owner = this.tail && `menace.owner.${this.tail}`;
      this.id = `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;
      this.kept = storage.get(this.key); // the stored machine this tab knows
      this.latest = this.kept; // the engine's machine now
      this.frozen = false; // keeps nothing (a damaged copy could not be set aside)
      this.lost = false; // another tab took the machine
      this.failed = false; // the last store failed
      current = this;
      if (this.tail) {
        // Opening the machine takes it. When even that small write fails (a full storage),
        // this tab keeps it as long as no other tab claims it after this one opened.
        this.ownerAtOpen = storage.get(this.owner);
        this.claimed = storage.set(this.owner, this.id);
        this.onStorage = (e) => {
          if (e.key === this.owner && e.newValue !== this.id && this.readyState < 2) this.elsewhere();
        };
        window.addEventListener("storage", this.onStorage);
        tell("owner");
        if (!storage.usable()) {
          this.failed = true;
          tell("full");
        }
      }
      if (!workerURL) {
        const source = `(${worker.toString()})();`;
        workerURL = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      }
      this.worker = new Worker(workerURL);
      this.worker.onmessage = (event) => this.from(event.data);
      this.worker.onerror = (event) => this.ended(1011, String(event.message || "the engine stopped"));
      const state = this.kept;
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
      if (this.onStorage) window.removeEventListener("storage", this.onStorage);
      const event = { code, reason, wasClean: code === 1000 };
      setTimeout(() => this.onclose && this.onclose(event), 0);
    }

    answer(line) {
      if (this.onmessage && this.readyState === 1) this.onmessage({ data: line });
    }

    // Another tab opened this machine: this one keeps nothing more, and says so.
    elsewhere() {
      if (this.lost) return;
      this.lost = true;
      tell("elsewhere");
    }

    // Whether this tab keeps the machine (a storage that cannot be read: it does, alone).
    owns() {
      if (!storage.usable()) return true;
      const owner = storage.get(this.owner);
      if (owner === this.id || (!this.claimed && owner === this.ownerAtOpen)) return true;
      this.elsewhere();
      return false;
    }

    // The engine's machine is now `state`; `why` says when the line that made it replaced
    // the machine by another. Kept unless this tab lost it or must not overwrite.
    keep(state, why) {
      this.latest = state;
      if (!this.key || this.frozen || !this.owns()) return;
      const before = this.kept;
      // Not grown from the machine kept: that one goes among the earlier machines first,
      // and if it cannot, it stays where it is.
      const replaced = before !== null && before !== state && (why || gamesOf(state) < gamesOf(before));
      if (replaced && !setAside(this.tail, before, why || "reset")) return this.fail();
      if (!storage.set(this.key, state)) return this.fail();
      this.kept = state;
      if (this.failed) {
        this.failed = false;
        tell("stored");
      }
    }

    fail() {
      this.failed = true;
      tell("full");
    }

    // The stored machine did not read (`reason`): it is set aside as it was, never
    // overwritten; when it cannot be, this tab keeps nothing.
    damaged(reason) {
      console.warn(`the machine kept in this browser was not taken back: ${reason}`);
      const text = this.kept;
      if (text === null) return;
      const aside = `menace.damaged.${this.tail}.${Date.now()}`;
      const kept = storage.set(aside, text);
      if (!kept) this.frozen = true;
      this.kept = null;
      tell("damaged", { key: kept ? aside : null, text });
    }

    from(m) {
      if (m.forgot) this.damaged(m.forgot);
      if (m.open) {
        this.readyState = 1;
        if (this.onopen) this.onopen({});
      }
      if (m.state) this.keep(m.state, m.why);
      if (m.answers) for (const line of m.answers.split("\n")) if (line) this.answer(line);
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
    labels,
    // Forgets the machines kept in this browser, every game's (a fresh start: the tests'
    // transcripts). The earlier machines stay.
    forget: () => {
      for (const key of storage.keys()) if (key.startsWith("menace.machine.")) storage.remove(key);
    },
    // `listener(kind, detail)` hears what happens to the kept machines (see `tell`).
    on: (listener) => listeners.push(listener),
    // The earlier machines of the machine open now, newest first: {games, when, why}.
    earlier: () => (current && current.tail ? earlier(current.tail).map(({ games, when, why }) => ({ games, when, why })) : []),
    // The machine open now as the saved-state text (for a download when it cannot be
    // kept), or null.
    latest: () => (current ? current.latest : null),
    // Earlier machine `index` becomes the kept one, and the one kept until now goes among
    // the earlier machines; the page then opens the engine again. False when there is no
    // such machine or the storage would not take it.
    bringBack(index) {
      const s = current;
      if (!s || !s.tail) return false;
      const before = earlier(s.tail);
      const chosen = before[index];
      if (!chosen) return false;
      // What this tab learned after another tab took the machine is kept too.
      if (s.lost && s.latest && s.latest !== s.kept) setAside(s.tail, s.latest, "tab");
      const list = earlier(s.tail).filter((e) => e.when !== chosen.when || e.state !== chosen.state);
      const now = storage.get(s.key);
      if (now) list.unshift({ state: compact(now), games: gamesOf(now), when: Date.now(), why: "restore" });
      if (!keepEarlier(s.tail, list)) return false;
      if (!storage.set(s.key, chosen.state)) {
        keepEarlier(s.tail, before); // as it was: nothing changed
        return false;
      }
      s.frozen = true; // this engine stores nothing more: the page opens the next one
      return true;
    },
    // This tab takes the machine back from the tab that has it: what this tab learned
    // since it lost it goes among the earlier machines; the page then opens the engine
    // again (on the machine the other tab kept).
    takeOver() {
      const s = current;
      if (!s || !s.tail) return;
      if (s.latest && s.latest !== s.kept) setAside(s.tail, s.latest, "tab");
      s.frozen = true;
    },
    // A damaged copy set aside (its key) is dropped, at the reader's word.
    drop: (key) => key && key.startsWith("menace.damaged.") && storage.remove(key),
  };
})();
