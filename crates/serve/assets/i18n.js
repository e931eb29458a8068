// The pages' words, in the reader's language. The server hands out one Project Fluent
// catalog per language (crates/i18n/locales/CODE.ftl, the same files `menace print`
// reads) and the list of languages (the offline file carries them in MENACE_OFFLINE); Mozilla's @fluent/bundle (fluent-bundle.js, vendored)
// resolves them here: CLDR plurals through Intl.PluralRules, numbers through
// Intl.NumberFormat. A message the language lacks falls back to English.
//
// The language: ?lang=CODE, else the browser's first language we have, else English; the
// menu #lang changes it in place (and in the address, so a link keeps it).
"use strict";

const i18n = {
  lang: "en",
  languages: [], // [{code, name}], from the server
  bundles: [], // the language's bundle, then English's
  listeners: [], // called after every change of language
  ready: null, // resolves once the first catalog is in

  // Message `id` with `args`, in the language, else English; the id when neither has it.
  t(id, args) {
    for (const b of this.bundles) {
      const m = b.getMessage(id);
      if (m && m.value) return b.formatPattern(m.value, args || {}, []);
    }
    return id;
  },

  // Whether the language's catalog, or English's, has message `id`.
  has(id) {
    return this.bundles.some((b) => b.hasMessage(id));
  },

  // The engine's error answer `a` in the page's language: its stable `code` (with its
  // `args`) names the message `error-CODE` (protocol.md lists every code); an answer
  // without a code, or with one the catalogs lack, is shown in the engine's own English.
  error(a) {
    const id = typeof a.code === "string" ? `error-${a.code}` : null;
    if (!id || !this.has(id)) return a.message;
    // The engine's arguments are text: a whole number among them is a number (its plural,
    // its numerals), written here when it is past what a JavaScript number holds exactly.
    const args = {};
    for (const [k, v] of Object.entries(a.args || {})) {
      if (!/^-?[0-9]+$/.test(v)) args[k] = v;
      else if (Number.isSafeInteger(Number(v))) args[k] = Number(v);
      else args[k] = new Intl.NumberFormat(this.lang).format(BigInt(v));
    }
    return this.t(id, args);
  },

  // A number as the language writes it.
  num(n) {
    return new Intl.NumberFormat(this.lang).format(n);
  },

  // A share (0..1) as a percentage, one decimal at most.
  pct(x) {
    return new Intl.NumberFormat(this.lang, { style: "percent", maximumFractionDigits: 1 }).format(x);
  },

  // Translates every marked element under `root`: data-i18n (its text), and
  // data-i18n-aria-label, data-i18n-placeholder, data-i18n-title (those attributes).
  apply(root) {
    for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = this.t(el.dataset.i18n);
    // Links that carry the language (the labels, the lesson guide): ?lang=CODE.
    for (const el of root.querySelectorAll("a[data-lang-href]")) el.href = `${el.dataset.langHref}?lang=${this.lang}`;
    for (const [data, attr] of [["i18nAriaLabel", "aria-label"], ["i18nPlaceholder", "placeholder"], ["i18nTitle", "title"]]) {
      const name = `data-${attr === "aria-label" ? "i18n-aria-label" : `i18n-${attr}`}`;
      for (const el of root.querySelectorAll(`[${name}]`)) el.setAttribute(attr, this.t(el.dataset[data]));
    }
  },

  // Language `code`'s catalog as a bundle: the offline file's own, else the server's.
  async catalog(code) {
    let text;
    if (Page.offline) {
      text = Page.offline.catalogs[code];
      if (typeof text !== "string") throw new Error(`no catalog for ${code}`);
    } else {
      const r = await fetch(`i18n/${code}.ftl`);
      if (!r.ok) throw new Error(`no catalog for ${code}`);
      text = await r.text();
    }
    const bundle = new FluentBundle.FluentBundle(code, { useIsolating: false });
    const errors = bundle.addResource(new FluentBundle.FluentResource(text));
    for (const e of errors) console.warn(`${code}.ftl: ${e}`);
    return bundle;
  },

  async use(code) {
    const bundles = [await this.catalog(code)];
    if (code !== "en") bundles.push(await this.catalog("en"));
    this.lang = code;
    this.bundles = bundles;
    document.documentElement.lang = code;
    const menu = document.getElementById("lang");
    if (menu) menu.value = code;
    this.apply(document);
    for (const f of this.listeners) f();
  },

  // Which language to start in: the address, the browser, English.
  choose() {
    const have = new Set(this.languages.map((l) => l.code));
    const asked = new URLSearchParams(location.search).get("lang");
    if (asked && have.has(asked)) return asked;
    for (const l of navigator.languages || [navigator.language || ""]) {
      const base = String(l).toLowerCase().split("-")[0];
      if (have.has(base)) return base;
    }
    return "en";
  },

  async start() {
    // The menu is in the document, and the offline file's data may come after this script.
    await Page.domReady;
    try {
      this.languages = Page.offline ? Page.offline.languages : await (await fetch("i18n/languages.json")).json();
    } catch (e) {
      this.languages = [{ code: "en", name: "English" }];
    }
    const menu = document.getElementById("lang");
    if (menu) {
      menu.replaceChildren(...this.languages.map((l) => Object.assign(document.createElement("option"), { value: l.code, textContent: l.name, lang: l.code })));
      menu.addEventListener("change", () => {
        const url = new URL(location.href);
        url.searchParams.set("lang", menu.value);
        try {
          history.replaceState(null, "", url);
        } catch (e) {
          // A browser that keeps a file:// address as it is: the menu still changes the page.
        }
        this.use(menu.value);
      });
    }
    await this.use(this.choose());
  },
};

i18n.ready = i18n.start();
window.i18n = i18n;
