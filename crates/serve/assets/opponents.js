// Who MENACE plays and under which bead rules, in words: the engine's opponents
// (`random`, `mixed:0.3`, ...) and bead presets by name, one catalog message each (the
// catalog test checks the lists against the core's tables), and the private page's menus
// of them, filled from the engine's `info` answer: the page lists none of its own.
"use strict";

const Opponents = {
  // The bead presets by name ({name, summary, initial, reward, empty, colours}), from `info`.
  presets: {},

  // An opponent as the engine names it, as a message (mixed:P is `mixed`).
  message(spec) {
    return [`opponent-${String(spec).split(":")[0]}`, {}];
  },

  // An opponent as the engine names it, in words.
  label(spec) {
    return Page.words(...Opponents.message(spec));
  },

  // An opponent's entry in the menu: its name, and what it does that its name does not
  // say (the exploiter falls back to half-random play when it cannot make MENACE lose).
  menuLabel(spec) {
    const more = Opponents.MENU[String(spec).split(":")[0]];
    return more ? i18n.t(more) : Opponents.label(spec);
  },

  // The menu entries longer than the opponent's name.
  MENU: { exploiter: "opponent-exploiter-menu" },

  // A bead preset's name as a message (no name: rules of the reader's own).
  preset(name) {
    return [name ? `preset-${name}` : "preset-custom", {}];
  },

  // The arguments of a sentence about `games` games against `opponent` with `score` (the
  // engine's {menace, draw, player}): the opponent as a message, so it follows the language.
  games(games, opponent, score) {
    return { games, opponent: Opponents.message(opponent), won: score.menace, drawn: score.draw, lost: score.player };
  },

  // A preset's menu entry: its name, beads and reward.
  option(p) {
    return Page.words("preset-option", { name: Opponents.preset(p.name), initial: p.initial, reward: p.reward });
  },

  // The menus `preset` and `opponent` (a <select> each) from the engine's `info` answer,
  // keeping the choices made when the engine still offers them. The opponent menu keeps
  // its first entry (the reader).
  fill(info, preset, opponent) {
    const chosenPreset = preset.value;
    preset.replaceChildren(...info.presets.map((p) => {
      Opponents.presets[p.name] = p;
      return Object.assign(document.createElement("option"), { value: p.name, textContent: Opponents.option(p) });
    }));
    if (Opponents.presets[chosenPreset]) preset.value = chosenPreset;
    const chosenOpponent = opponent.value;
    const human = opponent.options[0];
    // `mixed:P` is chosen as `mixed`, with its probability from the field beside it.
    const opponents = info.opponents.map((p) => {
      const value = p.name.split(":")[0];
      return Object.assign(document.createElement("option"), { value, textContent: Opponents.menuLabel(value) });
    });
    opponent.replaceChildren(human, ...opponents);
    if (opponents.some((o) => o.value === chosenOpponent)) opponent.value = chosenOpponent;
  },

  // The menus written again in the language.
  relabel(preset, opponent) {
    for (const o of [...opponent.options].slice(1)) o.textContent = Opponents.menuLabel(o.value);
    for (const o of preset.options) {
      const p = Opponents.presets[o.value];
      if (p) o.textContent = Opponents.option(p);
    }
  },

  // The opponent chosen in menu `opponent`, as the engine names it: mixed with the share
  // of random moves in `share`.
  spec(opponent, share) {
    return opponent.value === "mixed" ? `mixed:${Number(share.value)}` : opponent.value;
  },
};

window.Opponents = Opponents;
