// What every MENACE page shares, whichever way it reaches the engine: finding an element,
// the lines it writes in the reader's language (kept, so a change of language writes them
// again), the connection pill, the score, a result in words, a file to download, and the
// start once the words are in.
//
// One namespace style for all the page code: each file defines one global object named
// after its concern (Page, Board, Boxes, Plot, Explain, Opponents, Teacher, Transport,
// i18n), and `$`, written on nearly every line, is the one bare helper. Why globals and not
// ES modules: the offline menace.html inlines every script as a classic <script>, and
// `import` does not work from file://; why one object per file: classic scripts share one
// global scope, where two files' `function connect` would overwrite each other and two
// `const` of one name stop the second script, while a call `Board.draw(...)` says which
// file does the work. The two pages' own scripts (menace.js, class.js) are never loaded
// together; they keep plain functions.
"use strict";

const $ = (id) => document.getElementById(id);

const Page = {
  // What each line of the page says, by element id: [message id, arguments] (an argument
  // [id, args] is a message too), or ["__error", answer] for a server's error answer.
  said: {},

  // The page's data when it has no server (the single menace.html): {languages, catalogs,
  // palette}; null on a page served by `menace serve`.
  get offline() {
    return window.MENACE_OFFLINE || null;
  },

  // Message `id` with `args`, where an argument [id, args] is itself a message (to any depth).
  words(id, args) {
    const done = {};
    for (const [k, v] of Object.entries(args || {})) done[k] = Array.isArray(v) ? Page.words(...v) : v;
    return i18n.t(id, done);
  },

  // Element `el` says message `id` with `args` (nothing for id null), kept for a change of
  // language.
  say(el, id, args) {
    Page.said[el] = [id, args || {}];
    $(el).textContent = id === null ? "" : Page.words(id, args);
  },

  // Element `el` shows the server's error answer, in the page's language (by its code).
  sayError(el, answer) {
    Page.said[el] = ["__error", answer];
    $(el).textContent = i18n.error(answer);
  },

  // After a change of language: every line said, written again in it.
  relabel() {
    for (const [el, [id, args]] of Object.entries(Page.said)) {
      if (id === "__error") $(el).textContent = i18n.error(args);
      else Page.say(el, id, args);
    }
  },

  // The connection pill: message `id` (with `args`), coloured by `state` ("ok", "bad", "").
  connection(id, state, args) {
    Page.say("connection", id, args);
    $("connection").className = `pill ${state}`;
  },

  // The three counters, from a score as the engine writes it ({menace, draw, player}).
  score(score) {
    $("count-win").textContent = i18n.num(score.menace);
    $("count-draw").textContent = i18n.num(score.draw);
    $("count-loss").textContent = i18n.num(score.player);
  },

  // The `result` answer `a` as a message: `side` is MENACE's, `opponent` the message of
  // who played MENACE when that was not the reader (watching), else null.
  result(a, side, opponent) {
    let result;
    if (a.reason === "menace resigned") result = ["result-menace-resigned", {}];
    else if (a.reason === "player resigned") result = opponent ? ["result-opponent-resigned", { opponent }] : ["result-you-resigned", {}];
    else if (a.winner === "menace") result = ["result-menace-wins", {}];
    else if (a.winner === "draw") result = ["result-draw", {}];
    else result = opponent ? ["result-opponent-wins", { opponent }] : ["result-you-win", {}];
    // The engine says when MENACE now resigns every game (empty resign, its first boxes empty).
    if (a.resigned) return ["result-and-why", { result, why: [Page.resignedForGood(side), {}] }];
    return result;
  },

  // Why MENACE resigns every game now, by its side.
  resignedForGood(side) {
    return side === "second" ? "result-resigned-for-good-second" : "result-resigned-for-good-first";
  },

  // A short-lived alert (the private page's #toast).
  toast(text) {
    const t = $("toast");
    t.textContent = text;
    t.hidden = false;
    clearTimeout(Page.toastTimer);
    Page.toastTimer = setTimeout(() => (t.hidden = true), 4000);
  },

  // Asks in the page's dialog (#confirm, a <dialog>: keyboard reachable, Escape says no);
  // resolves true when the reader says yes. `title`, `body` and `yes` are messages.
  ask(title, titleArgs, body, bodyArgs, yes) {
    const dialog = Page.dialog();
    $("confirm-title").textContent = Page.words(title, titleArgs);
    $("confirm-body").textContent = Page.words(body, bodyArgs);
    $("confirm-yes").textContent = i18n.t(yes);
    $("confirm-no").textContent = i18n.t("class-confirm-cancel");
    $("confirm-yes").onclick = () => dialog.close("yes");
    $("confirm-no").onclick = () => dialog.close("no");
    return new Promise((resolve) => {
      const onClose = () => {
        dialog.removeEventListener("close", onClose);
        resolve(dialog.returnValue === "yes");
      };
      dialog.addEventListener("close", onClose);
      dialog.returnValue = "";
      Page.modal(dialog, "confirm-no");
    });
  },

  // Shows `dialog` (a <dialog>) over the page, the focus on element `focus`: the page
  // behind takes no click or key until it closes (Escape closes it).
  modal(dialog, focus) {
    dialog.showModal();
    $(focus).focus();
  },

  // The dialog both pages ask in (#confirm), made once: a title, what would be lost, the
  // button that goes ahead and Cancel (which has the focus, as Escape).
  dialog() {
    if ($("confirm")) return $("confirm");
    const el = (tag, attrs) => Object.assign(document.createElement(tag), attrs);
    const dialog = el("dialog", { id: "confirm" });
    dialog.setAttribute("aria-labelledby", "confirm-title");
    dialog.setAttribute("aria-describedby", "confirm-body");
    const row = el("div", { className: "row" });
    row.append(el("button", { id: "confirm-yes", type: "button", className: "danger" }), el("button", { id: "confirm-no", type: "button" }));
    dialog.append(el("h2", { id: "confirm-title" }), el("p", { id: "confirm-body" }), row);
    document.body.appendChild(dialog);
    return dialog;
  },

  // The most games one `train` takes: the engine's, from `info` when it says, else the
  // protocol's (1 to 100,000,000).
  maxTrain: 100000000,

  // A count of games to train as typed (`text`): {games} when it is a whole number from 1
  // to the most, else {error: [message id, args]} saying what is wrong. Nothing is cut
  // or rounded silently.
  trainCount(text) {
    // Digits as the reader's language writes them (Devanagari, Bengali) count too.
    const t = String(text).trim().replace(/[\u0966-\u096f\u09e6-\u09ef]/g, (d) => String((d.charCodeAt(0) - 6) & 0xf));
    if (t === "") return { error: ["train-count-empty", {}] };
    if (!/^[0-9]+$/.test(t)) return { error: ["train-count-not-whole", { text: t }] };
    const games = Number(t);
    if (games < 1) return { error: ["train-count-zero", {}] };
    if (games > Page.maxTrain) return { error: ["train-count-too-many", { games, most: Page.maxTrain }] };
    return { games };
  },

  // The alert gone at once (its words were about something the page left).
  toastHide() {
    clearTimeout(Page.toastTimer);
    if ($("toast")) $("toast").hidden = true;
  },

  // Hands `text` to the reader as a JSON file called `name` (a saved MENACE).
  download(name, text) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  },

  // A saved MENACE chosen by the reader, as the one line the protocol's `import` reads
  // (a pretty-printed save is fine too): {text} as read, {line} or null when not JSON.
  async stateLine(file) {
    const text = await file.text();
    try {
      return { text, line: JSON.stringify(JSON.parse(text)) };
    } catch (e) {
      return { text, line: null };
    }
  },

  // The lesson guide from the offline file's own copy, in the page's language, in a window
  // of its own to read and print. Written into a new blank window: a file opened from a
  // disk has an opaque origin, from which a browser will not open a Blob's address.
  openGuide() {
    const guides = (Page.offline && Page.offline.guides) || {};
    const html = guides[i18n.lang] || guides.en;
    const w = html && window.open("", "_blank");
    if (!w) return;
    w.document.open();
    w.document.write(html);
    w.document.close();
  },

  // Runs `begin` once the document, its words and the bead colours are in, and `relabel`
  // (after Page.relabel) at every change of language. The page's scripts may be deferred
  // files (menace serve) or inline classic scripts (the offline file): either way the
  // document is parsed first.
  start(relabel, begin) {
    Page.domReady.then(() => {
      Page.dialog();
      // Nothing there to follow without a server: the lesson guide is the offline file's
      // own copy, and its engine draws the labels (labels.js).
      if (Page.offline) {
        for (const el of document.querySelectorAll("[data-needs-server]")) el.hidden = true;
        const follow = (selector, action) => {
          for (const a of document.querySelectorAll(selector)) {
            a.addEventListener("click", (e) => {
              e.preventDefault();
              action();
            });
          }
        };
        follow('a[data-lang-href="guide"]', () => Page.openGuide());
        if (window.Labels) follow('a[data-lang-href="print"]', () => Labels.ask());
      }
      return Promise.all([i18n.ready, Explain.ready]);
    }).then(() => {
      i18n.listeners.push(() => {
        Page.relabel();
        relabel();
      });
      begin();
    });
  },
};

// Resolves once the document is parsed (at once when it already is).
Page.domReady = document.readyState === "loading"
  ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
  : Promise.resolve();

window.Page = Page;
