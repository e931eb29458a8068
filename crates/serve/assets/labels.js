// The matchbox labels from the offline file (a server hands them out at /print): the
// same sheets, drawn by the same Rust renderer (menace-print, inside the page's engine),
// with the words of the page's language. The link "Printable labels" asks what to print,
// with the choices /print takes (machine and side, paper, preset, bead colours), and opens
// the sheets in a window of their own with a Print button.
"use strict";

const Labels = {
  // The choices, as /print names them: each menu's options [value, message id].
  machines: [
    ["menace", "print-machine-menace"],
    ["menace-second", "print-machine-menace-second"],
    ["hexapawn", "print-machine-hexapawn"],
    ["nim", "print-machine-nim"],
  ],
  papers: [["a4", "offline-labels-paper-a4"], ["letter", "offline-labels-paper-letter"]],
  presets: ["challenge", "michie", "scroggs"],
  colours: [["cells", "offline-labels-colours-cells"], ["symmetry", "offline-labels-colours-symmetry"]],

  // The dialog that asks what to print, made once (its words follow the language:
  // data-i18n, relabelled by i18n.apply).
  dialog() {
    if ($("labels-dialog")) return $("labels-dialog");
    const el = (tag, attrs, i18nId) => {
      const e = Object.assign(document.createElement(tag), attrs || {});
      if (i18nId) {
        e.dataset.i18n = i18nId;
        e.textContent = i18n.t(i18nId);
      }
      return e;
    };
    const menu = (id, labelId, options) => {
      const select = el("select", { id });
      for (const [value, msg] of options) select.appendChild(el("option", { value }, msg));
      const label = el("label");
      label.append(el("span", {}, labelId), " ", select);
      return label;
    };
    const dialog = el("dialog", { id: "labels-dialog", className: "labels-dialog" });
    dialog.setAttribute("aria-labelledby", "labels-title");
    const presets = Labels.presets.map((p) => [p, `preset-${p}`]);
    const row = el("div", { className: "row" });
    row.append(
      el("button", { id: "labels-open", type: "button", className: "primary" }, "offline-labels-open"),
      el("button", { id: "labels-cancel", type: "button" }, "class-confirm-cancel"),
    );
    dialog.append(
      el("h2", { id: "labels-title" }, "link-print"),
      el("p", { className: "muted" }, "offline-labels-help"),
      menu("labels-machine", "offline-labels-machine", Labels.machines),
      menu("labels-paper", "offline-labels-paper", Labels.papers),
      menu("labels-preset", "menu-preset", presets),
      menu("labels-colours", "offline-labels-colours", Labels.colours),
      el("p", { id: "labels-problem", className: "message", hidden: true }),
      row,
    );
    document.body.appendChild(dialog);
    $("labels-cancel").addEventListener("click", () => dialog.close());
    $("labels-open").addEventListener("click", () => Labels.open());
    return dialog;
  },

  // Asks what to print, starting from what the page plays now.
  ask() {
    const dialog = Labels.dialog();
    const game = $("game") ? $("game").value : "ttt";
    $("labels-machine").value = game === "ttt" ? ($("side").value === "second" ? "menace-second" : "menace") : game;
    const preset = $("preset") ? $("preset").value : "";
    $("labels-preset").value = Labels.presets.includes(preset) ? preset : "challenge";
    $("labels-colours").value = $("symmetry") && $("symmetry").checked ? "symmetry" : "cells";
    $("labels-problem").hidden = true;
    Page.modal(dialog, "labels-open");
  },

  // The query of the choices, as /print reads it (without lang: the words are the page's).
  query() {
    const machine = $("labels-machine").value;
    const q = new URLSearchParams();
    q.set("machine", machine === "menace-second" ? "menace" : machine);
    q.set("paper", $("labels-paper").value);
    q.set("preset", $("labels-preset").value);
    q.set("colours", $("labels-colours").value);
    if (machine === "menace-second") q.set("side", "second");
    return q.toString();
  },

  // A word the engine asks for while it draws the sheets (crates/web/src/labels.rs): a
  // message, a number or the language.
  word(request) {
    if (typeof request.id === "string") return i18n.t(request.id, request.args || {});
    if (typeof request.number === "number") return i18n.num(request.number);
    return i18n.lang;
  },

  // Opens the chosen sheets in a window of their own, with a Print button. The window
  // opens at once, in the click (a browser lets a click open one), and is written when
  // the engine has drawn the sheets.
  async open() {
    const w = window.open("", "_blank");
    if (!w) {
      Page.say("labels-problem", "offline-labels-blocked");
      $("labels-problem").hidden = false;
      return;
    }
    $("labels-dialog").close();
    let result;
    try {
      result = await MenaceInPage.labels(Labels.query(), Labels.word);
    } catch (e) {
      result = { error: String((e && e.message) || e) };
    }
    if (result.error) {
      // The menus offer only what /print takes: this is the engine failing, said in the
      // page's words (the engine's own go to the console).
      console.warn(`the labels were not drawn: ${result.error}`);
      w.close();
      Page.toast(i18n.t("offline-labels-failed"));
      return;
    }
    Labels.write(w, result.html);
  },

  // Writes sheet `html` into window `w`, with a Print button that is not printed.
  write(w, html) {
    w.document.open();
    w.document.write(html);
    w.document.close();
    const d = w.document;
    const style = d.createElement("style");
    style.textContent = ".labels-print { display: block; margin: 4mm auto; font-size: 4mm; padding: 1.5mm 5mm; }\n" +
      "@media print { .labels-print { display: none; } }";
    d.head.appendChild(style);
    const button = Object.assign(d.createElement("button"), { type: "button", className: "labels-print", id: "print" });
    button.textContent = i18n.t("offline-labels-print");
    button.addEventListener("click", () => w.print());
    d.body.prepend(button);
  },
};

window.Labels = Labels;
