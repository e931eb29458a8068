// The machines the offline page keeps in the browser (engine.js keeps them; this file
// says what happens to them, in the page's language): a storage that is full or turned
// off, a stored machine that no longer reads (set aside, offered as a download), another
// tab that opened the same machine (this one can take it back), and the earlier machines
// a reset, new rules, an upload or bringing one back replaced, each of which can be
// brought back. On a page served by `menace serve` the server keeps the machine, and
// nothing here shows. Also the size of a saved MENACE the page takes: what `import` takes.
"use strict";

const Machines = {
  // The longest `import` line: `import ` and a state of up to 1 MiB, as `load` reads
  // (MAX_IMPORT_LINE in crates/protocol/src/lines.rs).
  MAX_IMPORT_LINE: (1 << 20) + "import ".length,
  // Why an earlier machine was replaced, in words (the class page's where they are the same).
  WHY: {
    reset: "class-why-reset",
    rules: "class-why-rules",
    import: "class-why-import",
    restore: "class-why-restore",
    tab: "page-why-tab",
  },
  connect: null, // the page's connect(): opens the engine again
  busy: null, // whether the page is running something (nothing is replaced then)
  damaged: null, // the last unreadable copy set aside: {key, text}

  // Whether the `import` line `line` is longer than the engine takes.
  tooLarge(line) {
    return new TextEncoder().encode(line).length > Machines.MAX_IMPORT_LINE;
  },

  // Starts listening to engine.js (the offline page only). `connect()` opens the engine
  // again; `busy()` says whether a game or a run is going on.
  start(connect, busy) {
    Machines.connect = connect;
    Machines.busy = busy;
    const inPage = window.MenaceInPage;
    // A server keeps the machine (or a stand-in engine keeps none): nothing to show.
    if (!inPage || typeof inPage.on !== "function") return;
    $("earlier-machines").hidden = false;
    inPage.on((kind, detail) => Machines.heard(kind, detail));
    $("notice-full-save").addEventListener("click", () => Machines.download(inPage.latest(), "games"));
    $("notice-damaged-save").addEventListener("click", () => Machines.damaged && Machines.download(Machines.damaged.text, "damaged"));
    $("notice-damaged-drop").addEventListener("click", () => {
      if (Machines.damaged) inPage.drop(Machines.damaged.key);
      Machines.damaged = null;
      $("notice-damaged").hidden = true;
    });
    $("take-over").addEventListener("click", () => {
      inPage.takeOver();
      $("notice-elsewhere").hidden = true;
      Machines.connect();
    });
    i18n.listeners.push(() => Machines.drawEarlier());
    Machines.drawEarlier();
  },

  heard(kind, detail) {
    if (kind === "full") $("notice-full").hidden = false;
    if (kind === "stored") $("notice-full").hidden = true;
    if (kind === "elsewhere") $("notice-elsewhere").hidden = false;
    if (kind === "owner") $("notice-elsewhere").hidden = true;
    if (kind === "damaged") {
      Machines.damaged = detail;
      $("notice-damaged").hidden = false;
      // The copy is only in this page when the storage could not keep it aside.
      $("notice-damaged-drop").hidden = !detail.key;
    }
    if (kind === "earlier" || kind === "owner") Machines.drawEarlier();
  },

  // Hands saved state `text` to the reader as a file (`what`: "games" or "damaged").
  download(text, what) {
    if (!text) return;
    const games = (/"games_played"\s*:\s*([0-9]+)/.exec(text) || [])[1] || 0;
    Page.download(what === "damaged" ? `menace-damaged-${Date.now()}.json` : `menace-${games}-games.json`, text);
  },

  // The earlier machines of the game open now, newest first, each with its button.
  drawEarlier() {
    const inPage = window.MenaceInPage;
    if (!inPage || typeof inPage.earlier !== "function") return;
    const holder = $("earlier-list");
    holder.replaceChildren();
    const list = inPage.earlier();
    if (!list.length) {
      holder.appendChild(Object.assign(document.createElement("li"), { className: "muted", textContent: i18n.t("class-previous-none") }));
      return;
    }
    const when = new Intl.DateTimeFormat(i18n.lang, { dateStyle: "medium", timeStyle: "short" });
    list.forEach((m, index) => {
      const li = document.createElement("li");
      const text = document.createElement("span");
      const why = Machines.WHY[m.why] ? i18n.t(Machines.WHY[m.why]) : i18n.t("class-why-reset");
      text.textContent = i18n.t("page-earlier-entry", { when: when.format(new Date(m.when)), why, games: m.games });
      li.appendChild(text);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bring-back";
      b.textContent = i18n.t("class-button-restore");
      b.setAttribute("aria-label", i18n.t("page-bring-back-label", { games: m.games, when: when.format(new Date(m.when)) }));
      b.addEventListener("click", () => Machines.bringBack(index));
      li.appendChild(b);
      holder.appendChild(li);
    });
  },

  // Earlier machine `index` becomes MENACE; the one it replaces goes among the earlier
  // machines. Not while a game or a run goes on (it would be cut short).
  bringBack(index) {
    if (Machines.busy && Machines.busy()) return Page.toast(i18n.t("page-bring-back-busy"));
    if (!window.MenaceInPage.bringBack(index)) {
      $("notice-full").hidden = false;
      return;
    }
    Machines.drawEarlier();
    Machines.connect();
    Page.say("message", "page-brought-back", {});
  },
};

window.Machines = Machines;
