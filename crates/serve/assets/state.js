// One page state for both pages (the private page, menace.js, and the class page,
// class.js): the protocol's answers reduce into one object, as in Elm or Redux, and each
// page draws what that object holds. `State.reduce(s, answer)` is the one switch over the
// answer types; it changes `s` and returns the effects the answer asks for (lines to send,
// a file to download, an alert), which the page carries out. The lines of text the page
// shows are part of the state too (`s.lines`: element id -> message), so a change of game
// or a reconnection clears every one of them at once, and a change of language writes
// them again.
//
// The end of a game is written here once, for both pages: the result, then (once the
// `explain` answer comes) the explanation and what MENACE learns from it.
"use strict";

const State = {
  // A score as the engine writes one: MENACE's wins, the draws, MENACE's losses.
  noScore: () => ({ menace: 0, draw: 0, player: 0 }),

  // How many points of the whole story's curve a page keeps: past it, every other one goes.
  CURVE_POINTS: 2000,

  // What a session knows before its first answer (after a connection, a fresh session).
  machine: () => ({
    board: null, // rows of the game in progress (or the last one)
    lastMove: null,
    inGame: false, // a game is waiting for the player's move
    matchRunning: false, // a match is in progress (the engine refuses most commands then)
    running: null, // "train" | "watch" | null: a run of this page
    result: null, // the result of the game just finished: [id, args], or null
    explained: null, // the latest `explain` answer
    score: State.noScore(), // MENACE's score since it was made
    gamesPlayed: 0, // the games MENACE learned from in all
    history: [], // the engine's last games: [{game, winner, first_box}]
    curve: [], // the whole story: [{games, net}], MENACE's wins minus losses
    curveFromEngine: false, // whether `history` carries the whole story (else the last games)
    runFrom: null, // where the curve stood when a run began: {games, net}
    evals: [], // [{game, exploitability}]
    lastEval: null,
    boxes: null, // the latest `matchboxes` of MENACE
    opponentBoxes: null,
    progress: null, // the latest `progress` of a train: {games, of, score}
    stopping: null, // what waits for the run to stop: a function, or null
    exportsFor: [], // what each `export` sent was for, oldest first: "keep" or "download"
    restoring: false, // the `import` sent is the machine this browser kept for the game
    rulesNow: null, // [preset, reset]
    preset: null,
    resigned: false,
    // The class page's own: its players, its training record, its latest game.
    players: new Map(),
    trained: undefined,
    lastGame: null,
  }),

  // The line before a game, for the games with words of their own (noughts and crosses
  // says who plays X), and every such line.
  START: { nim: "message-start-nim", hexapawn: "message-start-hexapawn" },
  STARTS: ["message-start", "message-start-second", "message-start-nim", "message-start-hexapawn"],

  // Game `game`'s message `which` ("yourMove", "youFirst") where a page draws that game's
  // board (games.js, the private page), else `typed` (moves typed).
  gameWords(game, which, typed) {
    return typeof Games === "object" ? Games.words(game)[which] : typed;
  },

  // A page's state: `kind` is "private" or "class"; `fields` are the page's own.
  fresh(kind, fields) {
    return Object.assign({
      kind,
      way: null, // how the page reaches the engine (transport.js)
      side: "first", // the side MENACE plays
      log: [], // every answer type received, for tests and curious people
      lines: {}, // what each line of the page says: element id -> [id, args], or null
      progressShown: [], // every value the progress bar took, for tests
      trainAsked: 0,
      watchLeft: 0,
      watchOpponent: "random",
    }, State.machine(), fields || {});
  },

  // A new session (a new connection, another game): the machine's fields as new, and
  // every line the page wrote about the old one gone.
  connected(s) {
    Object.assign(s, State.machine());
    for (const el of Object.keys(s.lines)) s.lines[el] = null;
  },

  // The line that asks for the machine as a saved state, `why`: "download" (the reader's
  // file) or "keep" (the served private page keeps it in this browser: effect "keep").
  exportFor(s, why) {
    s.exportsFor.push(why);
    return "export";
  },

  // Line `el` of the page says message `id` with `args` (null: nothing).
  say(s, el, id, args) {
    s.lines[el] = id === null ? null : [id, args || {}];
  },

  // The lines of `s` written on the page (only those that changed).
  show(s) {
    for (const [el, line] of Object.entries(s.lines)) {
      const was = Page.said[el];
      if (line === null) {
        if (was && was[0] !== null) Page.say(el, null);
      } else if (!was || was[0] !== line[0] || was[1] !== line[1]) {
        if (line[0] === "__error") Page.sayError(el, line[1]);
        else Page.say(el, line[0], line[1]);
      }
    }
  },

  // MENACE's wins minus its losses, from a score as the engine writes one.
  net: (score) => score.menace - score.player,

  // Where the whole story's curve ends now.
  curveEnd(s) {
    if (s.curve.length) return s.curve[s.curve.length - 1];
    return { games: s.gamesPlayed, net: State.net(s.score) };
  },

  // Point `p` ({games, net}) at the end of the curve, which keeps few enough points.
  extend(s, p) {
    if (s.curve.length && s.curve[s.curve.length - 1].games >= p.games) return;
    s.curve.push(p);
    if (s.curve.length > State.CURVE_POINTS) s.curve = s.curve.filter((_, i) => i % 2 === 0 || i === s.curve.length - 1);
  },

  // Who MENACE plays, as a message: the opponent it is watched against, else the reader.
  opponent(s) {
    return s.running === "watch" ? Opponents.message(s.watchOpponent) : ["opponent-you", {}];
  },

  // A run begins (`train` of `games`, or `watch`): the page's lines are about it now.
  run(s, what, games) {
    s.running = what;
    s.runFrom = State.curveEnd(s);
    s.board = null;
    s.lastMove = null;
    s.result = null;
    if (what === "train") {
      s.trainAsked = games;
      s.progress = { games: 0, of: games, score: State.noScore() };
      s.progressShown.push(0);
      State.say(s, "message", "message-training", { games });
      State.say(s, "progress-text", "progress-line", { done: 0, of: games, won: 0, drawn: 0, lost: 0 });
    }
  },

  // The answer `a` into `s`; returns the effects it asks for: ["send", line],
  // ["download", name, text], ["keep", state] (an export asked with `exportFor(s, "keep")`),
  // ["toast", text], ["error", answer] (the page says where),
  // and the class page's ["drew", answer], ["finished", answer], ["news", answer],
  // ["teacher"].
  reduce(s, a) {
    s.log.push(a.type);
    const out = [];
    const send = (line) => out.push(["send", line]);
    const watching = s.running === "watch";
    const mine = s.kind === "private";
    // After the machine learned: its figures again, and the second MENACE's boxes when shown.
    const learned = () => {
      send("status");
      send("history");
      out.push(["learned"]);
    };
    // After the machine changed as a whole: its boxes and the explanation too.
    const renewed = () => {
      send("dump");
      send("explain");
      learned();
    };
    switch (a.type) {
      case "new_game":
        Object.assign(s, { board: null, lastMove: null, matchRunning: true, result: null });
        s.inGame = !watching && s.side === "second";
        if (watching) State.say(s, "message", "message-watch-start", { opponent: State.opponent(s) });
        else if (!mine) {
          if (s.inGame) State.say(s, "message", "class-your-move", { mark: "X" });
        } else if (s.inGame) State.say(s, "message", s.game === "ttt" ? "message-you-first-click" : State.gameWords(s.game, "youFirst", "message-you-first"));
        else State.say(s, "message", "message-thinking");
        break;
      case "menace_move":
      case "board": {
        s.board = a.board;
        if (a.move) s.lastMove = a.move;
        if (watching) {
          if (a.type === "board") State.say(s, "message", "message-opponent-moved", { opponent: State.opponent(s), move: a.move });
          else State.say(s, "message", a.box === null ? "message-menace-forced" : "message-menace-moved", { move: a.move, box: a.box, next: "" });
          break;
        }
        s.inGame = a.to_move === "player";
        if (!mine) {
          if (s.inGame) State.say(s, "message", "class-your-move", { mark: s.side === "second" ? "X" : "O" });
        } else if (a.type === "menace_move") {
          const yours = s.game === "ttt" ? "message-your-move-click" : State.gameWords(s.game, "yourMove", "message-your-move-type");
          const next = s.inGame ? [yours, {}] : "";
          State.say(s, "message", a.box === null ? "message-menace-forced" : "message-menace-moved", { move: a.move, box: a.box, next });
        }
        if (a.type === "menace_move") send("explain"); // why MENACE moved there
        break;
      }
      // The end of a game: the result, then what it did to the beads (under the rules in
      // force), said once the engine explains it.
      case "result":
        s.inGame = false;
        if (mine) s.score[a.winner === "menace" || a.winner === "draw" ? a.winner : "player"] += 1;
        s.result = Page.result(a, s.side, watching ? State.opponent(s) : null);
        State.say(s, "message", ...s.result);
        send("explain");
        break;
      case "explain":
        s.explained = a;
        if (s.result && a.finished) State.say(s, "message", "message-result-learned", { result: s.result, rule: Explain.rule(a.finished.change) });
        break;
      case "match_over":
        s.matchRunning = false;
        s.inGame = false;
        if (!mine) break;
        if (watching) {
          s.watchLeft -= 1;
          if (s.watchLeft > 0 && !a.aborted && !s.stopping) {
            send(`watch 1 ${s.watchOpponent}`);
            break;
          }
          s.running = null;
        }
        learned();
        break;
      case "matchboxes":
        if (a.machine === "opponent") s.opponentBoxes = a;
        else s.boxes = a;
        break;
      case "progress":
        if (!mine) {
          State.say(s, "teacher-message", "class-training", { games: a.games, of: a.of });
          break;
        }
        s.progress = { games: a.games, of: a.of, score: a.score };
        s.progressShown.push(a.games);
        State.say(s, "progress-text", "progress-line", { done: a.games, of: a.of, won: a.score.menace, drawn: a.score.draw, lost: a.score.player });
        // The curve moves while MENACE trains: the run's score so far, after where it began.
        if (s.runFrom) State.extend(s, { games: s.runFrom.games + a.games, net: s.runFrom.net + State.net(a.score) });
        break;
      case "trained": {
        const words = Opponents.games(a.games, a.opponent, a.score);
        if (!mine) {
          State.say(s, "teacher-message", "class-trained-line", words);
          break;
        }
        s.running = null;
        for (const k of ["menace", "draw", "player"]) s.score[k] += a.score[k];
        s.gamesPlayed = a.games_played;
        s.progress = { games: a.games, of: s.trainAsked || a.games, score: a.score };
        s.progressShown.push(a.games);
        State.say(s, "progress-text", a.stopped ? "progress-trained-stopped" : "progress-trained", words);
        // The board and the message are about now: the last game before training is gone.
        Object.assign(s, { board: null, lastMove: null, result: null });
        State.say(s, "message", "message-trained", { games: a.games });
        renewed();
        break;
      }
      case "status":
        s.gamesPlayed = a.games_played;
        s.side = a.side;
        s.resigned = !!a.resigned;
        if (a.preset) s.rulesNow = [a.preset, null];
        s.preset = a.preset || null;
        s.seed = a.seed;
        // Before a game, the message says who opens, in the game's own words.
        if (!s.lines.message || State.STARTS.includes(s.lines.message[0])) {
          State.say(s, "message", State.START[s.game] || (a.side === "second" ? "message-start-second" : "message-start"));
        }
        if (a.resigned) State.say(s, "message", Page.resignedForGood(a.side));
        break;
      case "history":
        s.history = a.games;
        // The whole story since the machine was made, when the engine tells it; its score too.
        if (Array.isArray(a.curve)) {
          s.curve = a.curve.slice();
          s.curveFromEngine = true;
        }
        // (Until the next `history`, the page counts the games it is told of itself.)
        if (a.score) s.score = { menace: a.score.win, draw: a.score.draw, player: a.score.loss };
        s.runFrom = s.running === "train" ? s.runFrom : null;
        break;
      case "eval":
        s.lastEval = a;
        s.evals.push({ game: s.gamesPlayed, exploitability: a.exploitability });
        break;
      case "rules":
        if (!mine) {
          State.say(s, "teacher-message", a.reset ? "class-rules-refilled" : "class-rules-kept", { preset: Opponents.preset(a.preset) });
          break;
        }
        s.rulesNow = [a.preset, a.reset];
        if (a.reset) {
          State.forgetLearning(s);
          renewed();
        } else send("explain");
        break;
      case "reset":
        if (!mine) {
          State.say(s, "teacher-message", "class-reset-done");
          break;
        }
        State.forgetLearning(s);
        renewed();
        break;
      case "imported":
        if (!mine) {
          State.say(s, "teacher-message", "class-imported", { games: a.games_played });
          break;
        }
        if (s.restoring) {
          // The machine this browser kept, back in a new session: nothing to say.
          s.restoring = false;
          renewed();
          break;
        }
        State.say(s, "message", "message-imported", { games: a.games_played, preset: Opponents.preset(a.preset) });
        s.evals = [];
        s.curve = [];
        renewed();
        break;
      case "seed":
        s.seed = a.seed;
        State.say(s, "message", "message-seed", { seed: a.seed });
        break;
      case "state":
        if (mine && s.exportsFor.shift() === "keep") out.push(["keep", a.state]);
        else if (mine) {
          out.push(["download", `menace-${a.state.games_played}-games.json`, JSON.stringify(a.state)]);
          State.say(s, "message", "message-saved", { games: a.state.games_played });
        } else out.push(["download", "menace-class.json", JSON.stringify(a.state) + "\n"]);
        break;
      case "stopped":
        s.running = null;
        break;
      case "error":
        // A run refused (nothing else is answered while one runs) is over: the page never
        // says MENACE is training when it is not.
        if (s.running) State.runOver(s);
        s.restoring = false;
        out.push(["error", a]);
        break;
      // The class page's own answers.
      case "class":
        s.side = a.side;
        s.preset = a.preset;
        s.boxes = a.boxes;
        s.players = new Map(a.players.map((p) => [p.name, p]));
        s.curve = a.curve;
        s.score = a.score;
        s.gamesPlayed = a.games_played;
        s.trained = a.trained;
        s.resigned = !!a.resigned;
        State.say(s, "rules-text", "rules-now", { preset: Opponents.preset(a.preset) });
        // A MENACE that resigns every game says so, with what the teacher can do.
        State.say(s, "resigned", a.resigned ? Page.resignedForGood(s.side) : null);
        if (!s.matchRunning && !(s.lines.message && s.lines.message[0] === "class-game-dropped")) {
          State.say(s, "message", s.side === "second" ? "class-message-start-second" : "class-message-start");
        }
        break;
      case "named":
        s.name = a.name;
        // On a full board (or one this address has filled) the games count, unlisted.
        State.say(s, "name-note", a.unlisted ? "class-unlisted" : "class-named", { name: a.name });
        break;
      case "removed":
        State.say(s, "teacher-message", "class-removed", { count: a.names.length, names: a.names.join(", ") });
        break;
      case "restored":
        State.say(s, "teacher-message", "class-restored", { number: a.number, games: a.games_played });
        break;
      case "drew":
        s.lastGame = { player: a.player, box: a.box, bead: a.bead, move: a.move, board: a.board };
        if (s.boxes && s.boxes[a.box] && a.beads) s.boxes[a.box].beads = a.beads;
        State.say(s, "last-draw", "class-drew", { player: a.player, bead: a.bead, box: a.box });
        out.push(["drew", a]);
        break;
      case "finished": {
        for (const b of a.boxes) if (s.boxes && s.boxes[b.box]) s.boxes[b.box].beads = b.beads;
        // The game's last board, the player's last move on it too.
        if (a.board && s.lastGame && s.lastGame.player === a.player) s.lastGame = Object.assign({}, s.lastGame, { board: a.board, over: true });
        s.players.set(a.player, { name: a.player, score: a.record });
        if (a.point) State.extend(s, a.point);
        s.score = a.score;
        const said = { menace: "class-last-game-won", draw: "class-last-game-draw", player: "class-last-game-lost" }[a.winner];
        State.say(s, "last-draw", said, { number: a.number, player: a.player });
        State.say(s, "last-game-text", said, { number: a.number, player: a.player });
        out.push(["finished", a]);
        break;
      }
      case "news": {
        // Broadcasts merged (a busy class, protocol.md): the games it folded (each
        // player's record, the curve's points), its answers as they came, then the boxes
        // as they left them. The effects: the boxes first, then the answers'.
        for (const r of a.records || []) s.players.set(r.player, { name: r.player, score: r.record });
        for (const p of a.points || []) State.extend(s, p);
        const effects = [];
        for (const b of a.answers) effects.push(...State.reduce(s, b));
        for (const b of a.boxes) if (s.boxes && s.boxes[b.box]) s.boxes[b.box].beads = b.beads;
        out.push(["news", a], ...effects);
        break;
      }
      case "teacher":
        out.push(["teacher"]);
        break;
      default:
        // info, help: the menus and options, which the private page reads itself.
        out.push([a.type, a]);
        break;
    }
    return out;
  },

  // What a reset machine no longer has: its score, its curve, its evaluations.
  forgetLearning(s) {
    Object.assign(s, { score: State.noScore(), evals: [], curve: [], opponentBoxes: null, lastEval: null });
  },

  // A run ended without its answer (refused, or the connection gone): its lines go too.
  runOver(s) {
    s.running = null;
    s.progress = null;
    for (const el of ["message", "progress-text"]) if (s.lines[el]) s.lines[el] = null;
  },

  // The page's connection dropped: a game in flight is over for the engine (it abandons a
  // game whose connection closed), so the page says so and ends it.
  dropped(s, say) {
    if (s.running) State.runOver(s);
    if (s.matchRunning && say) {
      State.say(s, "message", say);
      s.result = null;
    }
    Object.assign(s, { matchRunning: false, inGame: false, stopping: null });
  },
};

window.State = State;
