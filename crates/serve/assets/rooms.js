// The pages of `menace serve --rooms`: the home page, where a student types the class's
// code; the teacher's page, which makes, lists, exports, closes and reopens rooms; and the
// operator's page, the server's figures.
// A room itself is the class page, at r/CODE/. The teacher's key travels in request
// bodies only (never in an address, which proxies and histories keep), and this browser
// keeps it in localStorage so the teacher's rooms are listed on the next visit.
"use strict";

const Rooms = {
  KEY: "menace.rooms.key",

  // A code as typed, made what the server reads: capitals, no spaces or hyphens. Null
  // when it cannot be one (the server says the same; this only spares a round trip).
  code(text) {
    const c = String(text).replace(/[\s-]/g, "").toUpperCase();
    return /^[2-9A-HJKMNP-Z]{6}$/.test(c) ? c : null;
  },

  // A JSON request to the rooms' API: {status, body}.
  async call(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    try {
      const r = await fetch(path, init);
      let answer = null;
      try {
        answer = await r.json();
      } catch (e) {
        answer = null;
      }
      return { status: r.status, body: answer };
    } catch (e) {
      return { status: 0, body: null };
    }
  },

  // Each refusal code the rooms' API answers with (crates/serve/src/rooms.rs), and the
  // message the page says it with; any other is "other".
  REFUSALS: {
    "no-room": "rooms-error-no-room",
    closed: "rooms-error-closed",
    "too-many": "rooms-error-too-many",
    full: "rooms-error-full",
    "wrong-key": "rooms-error-wrong-key",
    "bad-class": "rooms-error-bad-class",
    "too-large": "rooms-error-too-large",
  },

  // The server's refusal in the page's words: by its code, else the status's.
  refusal(el, answer) {
    const code = answer.body && answer.body.code;
    const id = Rooms.REFUSALS[code] || (answer.status === 0 ? "rooms-error-offline" : "rooms-error-other");
    Page.say(el, id, answer.body && answer.body.args ? answer.body.args : {});
  },

  // The home page: a code, then the room.
  home() {
    const input = $("code");
    input.focus();
    const form = $("join");
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const code = Rooms.code(input.value);
      if (!code) {
        Page.say("join-note", "rooms-code-bad", {});
        input.setAttribute("aria-invalid", "true");
        return;
      }
      input.removeAttribute("aria-invalid");
      const answer = await Rooms.call("GET", `api/rooms/${code}`);
      if (answer.status === 200) {
        location.href = `r/${code}/?lang=${i18n.lang}`;
      } else {
        input.setAttribute("aria-invalid", "true");
        Rooms.refusal("join-note", answer);
      }
    });
    // A room's address that led nowhere (a closed room, an old QR code) comes back here
    // as ?code=CODE: the code is looked up again, so the page says why in its language.
    const given = new URLSearchParams(location.search).get("code");
    if (given) {
      input.value = given;
      form.requestSubmit();
    }
  },

  // The teacher's page.
  teacher() {
    let key = localStorage.getItem(Rooms.KEY) || "";
    $("key").value = key;
    const remember = (k) => {
      key = k;
      $("key").value = k;
      try {
        localStorage.setItem(Rooms.KEY, k);
      } catch (e) {
        // Storage refused: the key is still on the page, to write down.
      }
    };
    const list = async () => {
      const body = $("rooms").tBodies[0];
      if (!key) {
        body.replaceChildren();
        Page.say("list-note", "rooms-list-no-key", {});
        return;
      }
      const answer = await Rooms.call("POST", "api/rooms/list", { key });
      if (answer.status !== 200) {
        body.replaceChildren();
        Rooms.refusal("list-note", answer);
        return;
      }
      const rooms = answer.body.rooms;
      Page.say("list-note", rooms.length ? null : "rooms-list-none", {});
      body.replaceChildren(...rooms.map((r) => Rooms.row(r, key, list)));
    };
    $("key-form").addEventListener("submit", (e) => {
      e.preventDefault();
      remember($("key").value.trim());
      list();
    });
    const made = (answer) => {
      if (answer.status !== 200) {
        Rooms.refusal("made", answer);
        return;
      }
      remember(answer.body.key);
      Page.say("made", "rooms-made", { code: answer.body.code });
      list();
    };
    $("make").addEventListener("click", async () => made(await Rooms.call("POST", "api/rooms", { key: key || null })));
    $("import").addEventListener("change", async () => {
      const file = $("import").files[0];
      $("import").value = "";
      if (!file) return;
      if (file.size > 1048576) {
        Page.say("made", "rooms-error-too-large", {});
        return;
      }
      made(await Rooms.call("POST", "api/rooms", { key: key || null, class: await file.text() }));
    });
    list();
    return list;
  },

  // The operator's page: the server's figures (rooms, players now, games a second, the
  // database's size), asked for again every few seconds with the operator's key. The key
  // stays in this tab only (sessionStorage): it opens the whole server's figures, and the
  // next person at a shared computer must not find it.
  OPERATOR_KEY: "menace.rooms.operator",
  EVERY: 5,

  operator() {
    let key = "";
    try {
      key = sessionStorage.getItem(Rooms.OPERATOR_KEY) || "";
    } catch (e) {
      // Storage refused: the key is asked for again at each visit.
    }
    let figures = null;
    let at = null;
    const draw = () => {
      if (!figures) return;
      const f = figures;
      $("figures-panel").hidden = false;
      $("fig-rooms").textContent = i18n.num(f.rooms - f.archived);
      $("fig-rooms-more").textContent = i18n.t("rooms2-fig-rooms-more", { archived: f.archived, memory: f.rooms_in_memory });
      $("fig-players").textContent = i18n.num(f.players);
      $("fig-rate").textContent = new Intl.NumberFormat(i18n.lang, { maximumFractionDigits: 1 }).format(f.games_per_second);
      $("fig-games").textContent = i18n.t("rooms2-fig-games", { games: f.games });
      $("fig-size").textContent = i18n.t("rooms2-fig-mib", { mib: Math.round(f.database_bytes / 104857.6) / 10 });
      const time = at.toLocaleTimeString(i18n.lang, { timeStyle: "medium", hourCycle: "h23" });
      $("figures-when").textContent = i18n.t("rooms2-figures-when", { time, seconds: Rooms.EVERY });
    };
    const ask = async () => {
      if (!key || document.hidden) return;
      const answer = await Rooms.call("POST", "api/operator", { key });
      if (answer.status === 200) {
        figures = answer.body;
        at = new Date();
        Page.say("operator-note", null, {});
        draw();
        return;
      }
      if (answer.body && answer.body.code === "wrong-key") {
        // A key of an earlier start (a new one is drawn at each) or a mistyped one.
        key = "";
        figures = null;
        $("figures-panel").hidden = true;
        Page.say("operator-note", "rooms2-error-wrong-key", {});
        $("operator-key").setAttribute("aria-invalid", "true");
        return;
      }
      // The server away for a moment, or too many tries: said, and asked again later.
      Rooms.refusal("operator-note", answer);
    };
    $("operator-form").addEventListener("submit", (e) => {
      e.preventDefault();
      key = $("operator-key").value.trim();
      $("operator-key").value = "";
      $("operator-key").removeAttribute("aria-invalid");
      try {
        sessionStorage.setItem(Rooms.OPERATOR_KEY, key);
      } catch (err) {
        // Storage refused: the figures still come while the page is open.
      }
      ask();
    });
    setInterval(ask, Rooms.EVERY * 1000);
    ask();
    return draw;
  },

  // One room's row: its code (a link to it), games, last use, and what can be done.
  row(r, key, again) {
    const tr = document.createElement("tr");
    const cell = (...kids) => {
      const td = document.createElement("td");
      td.append(...kids);
      tr.appendChild(td);
      return td;
    };
    const link = (href, id, args) => Object.assign(document.createElement("a"), { href, textContent: Page.words(id, args) });
    const code = Object.assign(document.createElement("a"), { href: `r/${r.code}/?lang=${i18n.lang}`, textContent: r.code, className: "room-code" });
    cell(code);
    cell(document.createTextNode(i18n.t("rooms-games", { games: r.games }))).className = "n";
    // A 24-hour clock: some languages' 12-hour clocks write "am"/"pm" in Latin letters.
    const when = new Date(r.used * 1000).toLocaleString(i18n.lang, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" });
    cell(document.createTextNode(when));
    const button = (id, f) => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: i18n.t(id) });
      b.addEventListener("click", f);
      return b;
    };
    const actions = [];
    if (r.archived === null) {
      actions.push(link(`r/${r.code}/?view=projector&lang=${i18n.lang}`, "rooms-projector", {}));
    } else {
      actions.push(Object.assign(document.createElement("span"), { textContent: i18n.t("rooms-closed"), className: "muted" }));
    }
    actions.push(button("rooms-export", async () => {
      const answer = await Rooms.call("POST", `api/rooms/${r.code}/export`, { key });
      if (answer.status === 200) Page.download(`menace-class-${r.code}.json`, JSON.stringify(answer.body.class));
      else Rooms.refusal("list-note", answer);
    }));
    if (r.archived === null) {
      actions.push(button("rooms-close", async () => {
        const yes = await Page.ask("rooms-close-title", { code: r.code }, "rooms-close-body", { code: r.code, games: r.games }, "rooms-close");
        if (!yes) return;
        const answer = await Rooms.call("POST", `api/rooms/${r.code}/close`, { key });
        if (answer.status !== 200) Rooms.refusal("list-note", answer);
        again();
      }));
    } else {
      actions.push(button("rooms-reopen", async () => {
        const answer = await Rooms.call("POST", `api/rooms/${r.code}/reopen`, { key });
        if (answer.status !== 200) Rooms.refusal("list-note", answer);
        again();
      }));
    }
    const td = cell();
    for (const a of actions) td.append(a, " ");
    return tr;
  },
};

i18n.ready.then(() => {
  // The teacher's list is drawn in the page's language: drawn again at a change.
  let again = null;
  if ($("join")) Rooms.home();
  else if ($("operator-form")) again = Rooms.operator();
  else again = Rooms.teacher();
  i18n.listeners.push(() => {
    Page.relabel();
    if (again) again();
  });
});
window.Rooms = Rooms;
