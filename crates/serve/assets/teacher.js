// The class page's teacher: the key, the commands only a teacher may send (train, new
// rules, reset, the players' board, download and upload, bringing an earlier machine
// back), asking first before the class's machine is replaced, and the earlier machines.
// A command goes out only after the server said yes to the key, once a connection.
"use strict";

const Teacher = {
  keyOk: null, // the key the server accepted on this connection
  asking: null, // the key sent, its answer awaited
  queue: [], // the teacher's lines waiting for that answer
  previous: [], // the class's earlier machines (newest first)
  // Set by `start`: send(line) sends a teacher's line; about() is {games, players} of the
  // class as it is (what a replaced machine takes with it).
  send: null,
  about: null,

  // Why a machine was replaced, as `previous` says it, in words.
  WHY: { reset: "class-why-reset", rules: "class-why-rules", import: "class-why-import", restore: "class-why-restore" },

  // A new connection is a new session: the key is asked again when needed.
  connected() {
    Teacher.keyOk = null;
    Teacher.asking = null;
    Teacher.queue = [];
  },

  // The server took the key: the lines that waited for it go.
  accepted() {
    Teacher.keyOk = Teacher.asking;
    Teacher.asking = null;
    Page.say("teacher-message", "class-teacher-open");
    for (const line of Teacher.queue.splice(0)) Teacher.send(line);
  },

  // Whether error answer `m` refused the key just sent: then the lines that waited for it
  // are dropped (they would only be refused, and their refusal would hide this one) and
  // the teacher is told.
  refused(m) {
    const wrongKey = m.code === "wrong-key" || String(m.message).startsWith("teacher:");
    if (Teacher.asking === null || !wrongKey) return false;
    Teacher.asking = null;
    Teacher.queue = [];
    Page.sayError("teacher-message", m);
    return true;
  },

  // A teacher's command: the key first, once a connection, and the command only after the
  // server said yes to it (a wrong key is then the one thing the teacher is told).
  command(line) {
    const key = $("key").value.trim();
    if (!key) return Page.say("teacher-message", "class-key-needed");
    if (Teacher.keyOk !== null && key === Teacher.keyOk) return Teacher.send(line);
    Teacher.queue.push(line);
    if (Teacher.asking === key) return;
    Teacher.asking = key;
    Teacher.send("teacher " + key);
  },

  // Whether a key is typed (else the teacher is told, and nothing is asked or sent).
  keyGiven() {
    if ($("key").value.trim()) return true;
    Page.say("teacher-message", "class-key-needed");
    return false;
  },

  // Asks in the page's dialog (Page.ask); resolves true when the teacher says yes.
  ask(title, titleArgs, body, bodyArgs, yes) {
    return Page.ask(title, titleArgs, body, bodyArgs, yes);
  },

  // Before the class's machine is replaced: what goes (the score's games, the players, the
  // training record, MENACE's learning) and that it can be brought back.
  confirmReplace(title, titleArgs) {
    return Teacher.ask(title, titleArgs || {}, "class-confirm-lost", Teacher.about(), "class-confirm-replace");
  },

  // `command` once the key is typed and the teacher said yes to replacing the machine.
  async replace(line, title, titleArgs) {
    if (Teacher.keyGiven() && await Teacher.confirmReplace(title, titleArgs)) Teacher.command(line);
  },

  // The earlier machines, each with its button to bring it back (`list` as `class` gives
  // it; none: drawn again as they are).
  drawPrevious(list) {
    if (list) Teacher.previous = list;
    const holder = $("previous");
    holder.replaceChildren();
    if (!Teacher.previous.length) {
      holder.appendChild(Object.assign(document.createElement("li"), { className: "muted", textContent: i18n.t("class-previous-none") }));
      return;
    }
    const when = new Intl.DateTimeFormat(i18n.lang, { dateStyle: "medium", timeStyle: "short" });
    for (const p of Teacher.previous) {
      const li = document.createElement("li");
      const args = {
        number: p.number,
        why: Teacher.WHY[p.why] ? i18n.t(Teacher.WHY[p.why]) : String(p.why),
        games: p.games_played,
        won: p.score.menace, drawn: p.score.draw, lost: p.score.player,
        players: p.players,
      };
      const text = document.createElement("span");
      text.textContent = p.when
        ? i18n.t("class-previous-entry", { ...args, when: when.format(new Date(p.when * 1000)) })
        : i18n.t("class-previous-entry-undated", args);
      li.appendChild(text);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bring-back";
      b.dataset.number = p.number;
      b.textContent = i18n.t("class-button-restore");
      b.setAttribute("aria-label", i18n.t("class-button-restore-label", { number: p.number }));
      b.addEventListener("click", () => Teacher.replace(`restore ${p.number}`, "class-confirm-restore-title", { number: p.number, games: p.games_played }));
      li.appendChild(b);
      holder.appendChild(li);
    }
  },

  // Wires the teacher's panel: `send(line)` sends a teacher's line, `about()` says what a
  // replaced machine takes with it ({games, players}).
  start(send, about) {
    Teacher.send = send;
    Teacher.about = about;
    $("reset").addEventListener("click", () => Teacher.replace("reset", "class-confirm-reset-title"));
    $("rules").addEventListener("click", () => {
      // The preset, with the beads and the reward on top of it when they are filled in.
      let line = "rules preset " + $("preset").value;
      if ($("beads").value.trim()) line += " initial " + $("beads").value.trim().replace(/\s+/g, "");
      if ($("reward").value.trim()) line += " reward " + $("reward").value.trim().replace(/\s+/g, "");
      Teacher.replace(line + " reset", "class-confirm-rules-title");
    });
    $("train").addEventListener("click", () => {
      // The count checked here, as on the private page: a clear message, nothing trained.
      const count = Page.trainCount($("train-games").value);
      if (count.error) return Page.say("teacher-message", ...count.error);
      Teacher.command("train " + count.games + " " + $("opponent").value);
    });
    $("remove-player").addEventListener("click", () => {
      const name = $("player-name").value.trim();
      if (name) Teacher.command("players remove " + name);
    });
    $("clear-players").addEventListener("click", async () => {
      // Names only: the score, the curve and the boxes stay; still asked, as it cannot be undone.
      if (Teacher.keyGiven() && await Teacher.ask("class-button-clear-players", {}, "class-confirm-clear", { count: Teacher.about().players }, "class-button-clear-players")) Teacher.command("players clear");
    });
    $("download").addEventListener("click", () => Teacher.command("export"));
    $("upload").addEventListener("change", async () => {
      const file = $("upload").files[0];
      $("upload").value = "";
      if (!file) return;
      // Not JSON: sent as it is, and the server says what is wrong with it.
      const { text, line } = await Page.stateLine(file);
      Teacher.replace("import " + (line || text), "class-confirm-upload-title", { file: file.name });
    });
  },
};

window.Teacher = Teacher;
