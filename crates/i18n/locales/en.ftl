# English: the words of the MENACE pages and printed labels (Project Fluent syntax).
# Every other catalog has exactly these messages (a test checks); the board notation
# (LL ... RR, 2:3, a1-a2) stays as it is in every language.
# History: issue 59 (a lesson in a Hindi and a Bengali class): no command-line text in what a
# class reads (class-teacher-note, print-build-numbers); the server's errors by code; asking
# before the class's machine is replaced, earlier machines, reconnecting, the projector view.

## The private page

page-title = MENACE: the matchbox machine that learns noughts and crosses
page-tagline = Michie's matchbox machine learns to play by reward alone
skip-to-play = Skip to the game
menu-game = Game
menu-seed = Seed
menu-language = Language
game-ttt = noughts and crosses
game-nim = Nim (3, 4, 5)
game-hexapawn = Hexapawn
button-set-seed = Set seed
connection-connecting = connecting…
connection-connected = connected
connection-in-page = engine in this page
connection-lost = disconnected (click to reconnect)
panel-play = Play
board-label = the board: click a free cell to play there
cell-free = { $cell }: free
cell-taken = { $cell }: { $mark }
move-placeholder = your move, e.g. 2:3
button-move = Move
message-start = Press New game to play MENACE (it plays X and moves first), or let it train below.
message-thinking = MENACE is choosing a bead…
message-you-first = You move first: type your move below.
message-you-first-click = You move first: click a free square.
message-watch-start = MENACE against { $opponent }: a game starts.
message-menace-moved = MENACE played { $move } with a bead from box { $box }. { $next }
message-menace-forced = MENACE played { $move }, its only possible move. { $next }
message-your-move-click = Your move: click a free cell.
message-your-move-type = Your move: type it below.
message-opponent-moved = { $opponent } played { $move }.
message-result-learned = { $result } What MENACE learns: { $rule }
message-training = MENACE is training: { $games ->
    [one] { $games } game
   *[other] { $games } games
  } against the opponent chosen above.
message-trained = MENACE trained for { $games ->
    [one] { $games } game
   *[other] { $games } games
  }. Press New game to see how it plays now.
message-seed = Seed set to { $seed }: the same clicks now give the same game every time.
message-imported = Loaded a MENACE that learned from { $games ->
    [one] { $games } game
   *[other] { $games } games
  } ({ $preset }).
message-saved = Saved: MENACE after { $games ->
    [one] { $games } game
   *[other] { $games } games
  } is in your downloads.
result-menace-wins = MENACE wins.
result-draw = A draw.
result-you-win = You win!
result-opponent-wins = { $opponent } wins.
result-menace-resigned = MENACE resigned: its box was empty. You win!
result-you-resigned = You resigned: MENACE wins.
result-opponent-resigned = { $opponent } resigned: MENACE wins.
result-and-why = { $result } { $why }
result-resigned-for-good-first = MENACE has resigned for good: its first box is empty, and when an empty box makes MENACE resign it never gets beads back. Update and reset refills every box; "put in 3 random beads" lets it play on.
result-resigned-for-good-second = MENACE has resigned for good: every box of its first move is empty, and when an empty box makes MENACE resign it never gets beads back. Update and reset refills every box; "put in 3 random beads" lets it play on.
button-new-game = New game
button-resign = Resign
counter-won = MENACE won
counter-drawn = drawn
counter-lost = MENACE lost
games-learned = Games learned from in all:
panel-opponent = Opponent
menu-opponent = MENACE plays
opponent-human = you (click the board)
opponent-you = you
opponent-random = a player who moves at random
opponent-perfect = a perfect player
opponent-mixed = a perfect player who sometimes moves at random
opponent-exploiter = the best possible opponent against MENACE now
opponent-menace = a second MENACE, learning too
mixed-share = share of random moves
menu-speed = Speed
speed-ms = { $ms } ms a move
speed-fastest = as fast as it goes
watch-label = Games to watch
button-watch = Watch
train-label = Games to train
button-train = Train
button-stop = Stop
progress-label = training progress
progress-line = { $done } of { $of } games: MENACE won { $won }, drew { $drawn }, lost { $lost }
progress-trained = Trained { $games } games against { $opponent }: MENACE won { $won }, drew { $drawn }, lost { $lost }.
progress-trained-stopped = Stopped after { $games } games against { $opponent }: MENACE won { $won }, drew { $drawn }, lost { $lost }.
panel-beads = Beads
menu-preset = Preset
preset-option = { $name }: beads { $initial }; win, draw, loss { $reward }
preset-challenge = the challenge's rules
preset-michie = Michie's rules of 1961
preset-scroggs = Scroggs's rules
preset-custom = your own rules
rules-initial = Beads per move at MENACE's 1st, 2nd, 3rd, 4th move
rules-reward = Beads added per drawn bead after a win, a draw, a loss
rules-empty = When a box is empty
rules-empty-refill = put in 3 random beads
rules-empty-resign = MENACE resigns
rules-symmetry = one bead colour per kind of move (Scroggs)
rules-symmetry-help = each box gets one bead colour for each group of moves that are the same up to turning the board
rules-symmetry-missing = this engine's bead rules have no such option
button-update = Update
button-update-reset = Update and reset
rules-now = Now: { $preset }.
rules-refilled = Every box was refilled.
rules-kept = The beads were kept.
panel-eval = How good is MENACE now?
button-eval = Work it out exactly
eval-what = What does this mean?
eval-exploit = If the best possible opponent played MENACE now, MENACE would lose { $share } of games.
eval-exploit-help = This is MENACE's "exploitability": the share of games an opponent who knows every bead in every box, and plays the best reply to them, would win.
eval-greedy = If MENACE always took the colour with the most beads, that opponent would win { $share } of games.
eval-greedy-help = MENACE draws a bead at random; this is the same figure if it always took the colour with the most beads in the box instead.
eval-random = Against a player who moves at random, MENACE wins { $win }, draws { $draw } and loses { $loss } of games.
eval-random-help = Exact odds over every game such a player could play, not a sample.
eval-perfect = Against a perfect player, MENACE wins { $win }, draws { $draw } and loses { $loss } of games.
eval-perfect-help = A perfect player never loses; it picks at random among its best moves.
panel-save = Save and load
button-download = Download MENACE
button-upload = Upload a MENACE
panel-explain = Why MENACE moved there
explain-none = When MENACE moves, this shows the matchbox it used and the bead it drew.
explain-latest = MENACE's latest move
explain-after-game = What the game taught MENACE
explain-real-board = the real board
explain-box-drawing = the drawing on box { $box }
explain-cell = bead { $bead }: { $count ->
    [one] { $count } bead
   *[other] { $count } beads
  }, { $share } of the box
explain-same-board = The box shows this very board, so every bead means the cell it is drawn on.
explain-turned = The box shows this board { $how }, so each bead is turned back to find its cell on the real board.
explain-drew = MENACE shook box { $box } and drew bead { $letter } ({ $bead } on the box), one of { $count } of that colour among { $total } beads: a chance of { $share }. Turned back, it lands on { $move }.
explain-forced = Only one cell was free: MENACE played { $move } without opening a box.
explain-refilled = The box was empty, so { $count ->
    [one] { $count } random bead was
   *[other] { $count } random beads were
  } put in first.
explain-nim-row = row { $row }: { $count ->
    [one] { $count } counter
   *[other] { $count } counters
  }
explain-col-bead = bead
explain-col-move = move on the real board
explain-col-beads = beads
explain-col-share = chance
explain-col-after = beads after the game
explain-won = MENACE won:
explain-draw = A draw:
explain-lost = MENACE lost:
explain-rule-more = each bead it drew goes back into its box with { $count ->
    [one] { $count } more of its colour
   *[other] { $count } more of its colour
  }, so those moves become likelier.
explain-rule-same = each bead it drew goes back into its box; nothing changes.
explain-rule-out = each bead it drew is taken out ({ $count ->
    [one] { $count } bead
   *[other] { $count } beads
  } of its colour), so those moves become rarer.
explain-before-after = Box { $box }: bead { $bead } (played { $move }) went from { $before } to { $after }.
explain-now-holds = With the other games played since, box { $box } now holds { $now } { $bead } beads.
symmetry-identity = as it is
symmetry-rotate-90-clockwise = turned a quarter turn clockwise
symmetry-rotate-180 = turned half a turn
symmetry-rotate-90-anticlockwise = turned a quarter turn anticlockwise
symmetry-mirror-left-right = mirrored left to right
symmetry-mirror-top-bottom = mirrored top to bottom
symmetry-mirror-main-diagonal = mirrored in the diagonal from top left to bottom right
symmetry-mirror-anti-diagonal = mirrored in the diagonal from top right to bottom left
panel-learning = Learning
plot-label = learning curve: shares of recent games won, drawn and lost, and the beads in the first box
plot-game = game { $game }
plot-empty = Play, watch or train: the learning curve appears here.
plot-beads-axis = beads
plot-exploit-point = the best opponent would win { $share } after { $games } games
legend-won = won (share of recent games)
legend-drawn = drawn
legend-lost = lost
legend-beads = beads in the first box
legend-exploit = best opponent's wins (after Work it out)
panel-boxes = Matchboxes
show-opponent = show the second MENACE's boxes
boxes-key = Each free cell shows how many beads that move has. Outlined: the bead drawn; thick border: boxes used in the last game.
boxes-count = { $count ->
    [one] { $count } box
   *[other] { $count } boxes
  }
boxes-count-opponent = { $count } boxes of the second MENACE (O)
boxes-none-opponent = (train against a second MENACE first)
boxes-used = Boxes used in the last game, in the order drawn
boxes-for-move = Its move { $move }: { $count ->
    [one] { $count } box
   *[other] { $count } boxes
  }
box-title = box { $box }: { $count ->
    [one] { $count } bead
   *[other] { $count } beads
  }
box-beads = beads { $beads }
beads-count = { $count ->
    [one] { $count } bead
   *[other] { $count } beads
  }
toast-not-json = the server sent something that is not JSON
toast-not-connected = not connected to the engine
toast-not-state = { $file } is not a saved MENACE (not JSON)
toast-too-large = { $file } is too large to be a saved MENACE
toast-choose-opponent = choose an opponent for MENACE to play, or press New game to play yourself
message-start-second = Press New game to play MENACE (you play X and move first; MENACE plays O), or let it train below.
message-start-nim = Press New game to play Nim with MENACE (whoever takes the last counter wins), or let it train below.
message-start-hexapawn = Press New game to play Hexapawn with MENACE (you play the white pawns and move first; MENACE plays the black ones), or let it train below.
plot-window = The curve shows the last { $count } games the engine keeps (games { $from } to { $to }); earlier ones are not drawn.
explain-find-box = Find box { $box } among the matchboxes
links-label = More
link-print = Printable labels
link-guide = Lesson guide
link-projector = Projector view
link-take-home = Take MENACE home (one file)
link-take-home-title = menace.html: MENACE in one file that works with no server and no network. Open it in a browser, or share it.

## The class page (menace serve --class)

class-page-title = MENACE for the whole class: one machine of matchboxes, trained by everyone
class-tagline = one machine of matchboxes for the whole class: every game teaches it
class-name-placeholder = your name
class-message-start = Type your name and press New game: MENACE plays X and moves first.
class-message-start-second = Type your name and press New game: you play X and move first; MENACE plays O.
class-your-move = Your move (you are { $mark }).
class-panel-score = MENACE against the class
class-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
  }
class-curve-label = the class's learning curve: MENACE's wins minus its losses, game after game
class-curve-help = The curve: MENACE's wins minus its losses, game after game, in the games played on this page.
class-trained-apart = Trained apart from the class: { $list }.
class-trained-item = { $games } games against { $opponent } ({ $won } won, { $drawn } drawn, { $lost } lost)
class-panel-players = Players
class-col-name = name
class-col-games = games
class-col-won = won
class-col-drawn = drawn
class-col-lost = lost
class-panel-teacher = Teacher
class-key = Key
class-key-placeholder = the key the server printed
class-beads-placeholder = beads, e.g. 4,3,2,1
class-reward-placeholder = reward, e.g. 3,1,-1
class-button-rules = New rules (refill the boxes)
class-button-reset = Reset
class-teacher-note = The class's MENACE is kept after every game. A download is a copy of it: upload it again here, on the private page, or next year.
class-key-needed = Type the teacher's key first: the server printed it when it started.
class-teacher-open = The teacher's commands are open on this page.
class-training = Training: { $games } of { $of } games…
class-trained-line = Trained { $games } games against { $opponent }: MENACE won { $won }, drew { $drawn }, lost { $lost }.
class-rules-refilled = New rules: { $preset }; every box was refilled.
class-rules-kept = New rules: { $preset }; the beads were kept.
class-player-placeholder = a name on the board
class-player-label = A player's name on the board
class-button-remove-player = Take off the board
class-button-clear-players = Clear the board
class-confirm-clear = Take { $count ->
    [one] the { $count } name
   *[other] all { $count } names
  } off the board? The score, the curve and MENACE's boxes stay as they are.
class-removed = Taken off the board: { $names }.
class-unlisted = The board is full, so your name is not listed, but your games count for the class.
class-reset-done = MENACE starts again from fresh boxes.
class-imported = Uploaded: this MENACE has learned from { $games ->
    [one] { $games } game
   *[other] { $games } games
  }.
class-boxes-help = Every box shows its drawing; the number in a free cell is the beads for that move.
class-drew = { $player }'s game: MENACE drew { $bead } from box { $box }.
class-last-game-won = Game { $number } ({ $player }): MENACE won.
class-last-game-draw = Game { $number } ({ $player }): a draw.
class-last-game-lost = Game { $number } ({ $player }): MENACE lost.
class-connection-reconnecting = connection lost: reconnecting…
class-connection-again = connected again
class-game-dropped = The connection dropped; that game was not counted. Press New game to play again.
class-named = You play as { $name }.
class-panel-last-game = The latest game
class-last-game-none = The next game MENACE plays appears here.
class-last-game-caption = { $player }: MENACE's latest move, on the drawing of box { $box }
class-last-game-board = { $player }'s game: MENACE played { $move } (a bead from box { $box })
class-curve-empty = The curve starts with the class's first game.
class-panel-join = Join the class
class-qr-caption = Scan the code with a phone, or type the address:
class-previous-title = Earlier machines
class-previous-help = A reset, new rules, an upload or bringing one back keeps the machine it replaces here (the last five).
class-previous-none = None yet.
class-previous-entry = { $when }, { $why }: { $games ->
    [one] { $games } game
   *[other] { $games } games
  } (MENACE won { $won }, drew { $drawn }, lost { $lost }), { $players ->
    [one] { $players } player
   *[other] { $players } players
  }
class-previous-entry-undated = { $why }: { $games ->
    [one] { $games } game
   *[other] { $games } games
  } (MENACE won { $won }, drew { $drawn }, lost { $lost }), { $players ->
    [one] { $players } player
   *[other] { $players } players
  }
class-why-reset = replaced by a reset
class-why-rules = replaced by new rules
class-why-import = replaced by an upload
class-why-restore = replaced when an earlier one was brought back
class-button-restore = Bring back
class-button-restore-label = Bring back earlier machine { $number }
class-restored = Brought back earlier machine { $number }: it has learned from { $games ->
    [one] { $games } game
   *[other] { $games } games
  }.
class-confirm-reset-title = Reset MENACE for the whole class?
class-confirm-rules-title = New rules and fresh boxes for the whole class?
class-confirm-upload-title = Put the uploaded { $file } in place of the class's MENACE?
class-confirm-restore-title = Bring back earlier machine { $number } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
  })?
class-confirm-lost = This replaces the class's machine as it is now: the score of { $games ->
    [one] { $games } game
   *[other] { $games } games
  }, { $players ->
    [one] { $players } player
   *[other] { $players } players
  } on the board, the training record and what MENACE has learned. They are kept under "Earlier machines" in the Teacher panel, where you can bring them back.
class-confirm-replace = Replace it
class-confirm-cancel = Cancel

## The server's errors, by their code (protocol.md)

error-name-first = Type your name first: it goes on the class's board.
error-no-game = There is no game in progress: press New game.
error-teacher-only = "{ $command }" is the teacher's: give the teacher's key first.
error-wrong-key = Wrong key. (Wrong keys are slowed down, so keys cannot be guessed.)
error-idle = Closed after { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
  } without a move or command.
error-server-full = The server is full: it runs at most { $max } sessions at once. Try again later.
error-busy = MENACE is busy with the lines before: send this one again in a moment.
error-name-invisible = A name cannot hold invisible or direction characters.
error-name-too-long = A name is at most { $max } characters.
error-name-control = A name cannot hold control characters.
error-name-combining = A name cannot start with a combining mark.
error-name-empty = Type a name: it cannot be empty.
error-names-per-connection = One page gives at most { $max } new names: play under one of yours.
error-not-on-board = { $name } is not on the board.
error-class-file = The class's MENACE could not be saved to its file; the class goes on, and the teacher should download it.
error-line-too-long = That is too long to send (an upload is at most 1 MiB).
# engine: every other refusal the engine words, by its code (protocol.md's list)
error-not-utf8 = That text could not be read: it is not valid UTF-8.
error-one-line = Send one command at a time.
error-unknown-command = The engine does not know that command.
error-not-a-command = That is not a command.
error-private-only = That is only for a private session, not a class.
error-class-only = That is only for a class.
error-needs-learner = This learner cannot do that: it needs MENACE's matchboxes.
error-wrong-game = That is not part of this game.
error-unexpected-words = There is something extra after the command.
error-missing-argument = Something is missing after the command.
error-not-a-number = That needs a whole number.
error-out-of-range = Give a whole number from { $min } to { $max }.
error-bad-argument = The engine does not understand that choice.
error-match-in-progress = A game is in progress (game { $game } of { $games }): finish it, or start a new game, first.
error-nothing-to-abort = There is no game to stop.
error-not-a-ttt-move = That is not a cell: click an empty square.
error-cell-taken = That square is taken: choose an empty one.
error-not-a-nim-move = Write a move as row:counters, for example 2:3 takes 3 counters from row 2.
error-no-such-row = There is no row { $row }: the rows are numbered 1 to { $rows }.
error-take-one = Take at least one counter.
error-too-many-taken = Row { $row } has only { $left } left: you cannot take { $take }.
error-not-a-hexapawn-move = Write a move as from-to, for example a1-a2, or a capture as b2xa3.
error-no-pawn = You have no pawn on that square.
error-hexapawn-dash-x = Write a straight move with - and a capture with x, for example a1-a2 or b2xa3.
error-hexapawn-illegal = That pawn cannot move there: one square forward onto an empty square, or diagonally to capture.
error-no-opponent-machine = There is no second MENACE yet: train against MENACE first.
error-no-matchboxes = This learner has no matchboxes, so it has no saved machine.
error-unknown-opponent = The engine does not know that opponent.
error-bad-probability = The mixed opponent needs a share from 0 to 1, for example 0.3.
error-program-opponent = An outside program can only be an opponent on the command line.
error-too-many-opponents = The class keeps records of at most { $max } opponents: train against one of them.
error-class-opponent = A class's MENACE trains against random, perfect, mixed or the best possible opponent.
error-rules-nothing = Choose a rule to change.
error-rules-twice = One of the rules is given twice.
error-rules-needs-value = A rule is missing its value.
error-not-a-rule = That is not one of the bead rules.
error-unknown-preset = The engine does not know that preset.
error-bad-initial = The starting beads must be 1 to 64 counts, each from 1 to 1,000,000, for example 4,3,2,1.
error-bad-reward = The reward must be three whole numbers for a win, a draw and a loss, each from -1,000,000 to 1,000,000, for example 3,1,-1.
error-bad-empty = An empty box either refills with 1 to 1,000,000 beads, or MENACE resigns.
error-colours-need-reset = One bead colour per symmetry puts beads on other moves: choose the reset to change it.
error-bad-colours = The bead colours are one per move, or one per symmetry.
error-state-not-json = That file is damaged or not a saved MENACE: it is not JSON.
error-state-unknown-field = That file has parts a saved MENACE does not have: it is not a MENACE file.
error-state-missing-field = That file lacks parts every saved MENACE has.
error-state-malformed = That file is not a saved MENACE: its parts have the wrong shape.
error-state-format = That file is not a saved MENACE.
error-state-version = That file is a saved MENACE of version { $version }, which this page cannot read.
error-state-other-rows = That MENACE plays Nim with other rows.
error-state-other-game = That MENACE plays another game: choose its game first.
error-state-other-side = That MENACE plays the other side: choose who moves first to match it.
error-state-rules = The bead rules in that file are not valid.
error-state-curve = The learning curve or the results in that file do not add up.
error-state-class = The class record in that file is not valid.
error-state-boxes = The matchboxes in that file are not MENACE's boxes for this game.
error-files-refused = This session cannot use that file.
error-file-unreadable = That file could not be read.
error-file-unwritable = That file could not be written.
error-no-earlier = There is no earlier machine { $number }: the class keeps { $kept } now.

## The printed labels (menace print, /print)

print-title = { $machine }: matchbox labels
print-machine-menace = MENACE (noughts and crosses)
print-machine-menace-second = MENACE playing O (noughts and crosses)
print-machine-hexapawn = Hexapawn
print-machine-nim = Nim (rows of 3, 4 and 5)
print-key-heading = { $machine } — { $boxes } matchboxes, page { $page } of { $pages }
print-key-line = { $rules }; { $colours }.
print-rules = Beads: { $preset }: { $initial } beads per colour by move; win/draw/loss { $reward }; { $empty }
print-empty-refill = an empty box gets { $count } random beads
print-empty-resign = an empty box resigns
print-colours-cells = one colour per cell
print-colours-moves = one colour per move
print-colours-symmetry-cells = one colour per symmetry class of cells (symmetric cells share a bead)
print-colours-symmetry-moves = one colour per symmetry class of moves (symmetric moves share a bead)
print-colours-symmetry-nim = one colour per symmetry class of moves (Nim has no symmetry: one per move)
print-unit-cell = cell
print-unit-move = move
print-key-fill = Put in each box the beads its label lists, one colour per marked { $unit }.
print-build-numbers = The box numbers are the program's: the page shows the same ones; "move" on a label: the machine's move that first meets the box.
print-key-menace = The machine plays X.
print-key-menace-second = The machine plays O: its opponent opens every game.
print-key-hexapawn = The machine plays Black (filled, moving down); arrows are its moves.
print-key-nim = The machine moves first; a counter means: take it and all to its right.
print-label-box = box { $box }
print-label-move = move { $move }
print-label-each = { $count ->
    [one] { $count } bead of each colour
   *[other] { $count } beads of each colour
  }
print-label-colours = { $colours ->
    [one] { $colours } colour
   *[other] { $colours } colours
  }, { $beads } beads
print-colour-red = red
print-colour-amber = amber
print-colour-yellow = yellow
print-colour-green = green
print-colour-blue = blue
print-colour-purple = purple
print-colour-pink = pink
print-colour-brown = brown
print-colour-silver = silver
print-colour-cyan = cyan
print-colour-lime = lime
print-colour-magenta = magenta
print-build-title = How to build { $machine }
print-build-shopping = Beads to buy
print-build-col-colour = colour
print-build-col-start = in the boxes at the start
print-build-col-buy = to buy
print-build-total = In all: { $boxes } matchboxes and { $beads } beads at the start ({ $buy } to buy).
print-build-margin = "To buy" is what the boxes start with and a quarter more of each colour (at least 10 more): spares for the refills of empty boxes and for the beads that won games add.
print-build-steps = Steps
print-build-step-cut = Print these pages and cut the labels out along the dashed lines.
print-build-step-glue = Glue each label on the top of an empty matchbox: { $boxes } boxes.
print-build-step-sort = Sort the beads by colour into cups. Each marker's letter names its colour (key below), so the labels read on a black-and-white print too.
print-build-step-fill = Fill each box with the beads its label lists: beads of a colour for each marked { $unit }, as many as the label says.
print-build-step-rows = Stand the boxes in rows by "move" (the machine's 1st, 2nd, 3rd move …), in box-number order.
print-build-step-play = To play: find the box whose drawing is the board, turned or mirrored if need be. Shake it, draw a bead without looking, and play where its colour is marked, turned back the same way. Keep the bead beside the box until the game ends.
print-build-step-learn = After the game, put each drawn bead back with this many more of its colour: win { $win }, draw { $draw }, loss { $loss } (−1: the bead stays out).
print-build-key = Colour key

# state: the private page's questions before learning is lost, MENACE's side, training counts, the whole story's curve
menu-side = MENACE moves
side-first = first
side-second = second
ask-replace = Replace it
ask-switch = Switch
ask-reset-title = New rules and a fresh MENACE?
ask-load-title = Put { $file } in place of this MENACE?
ask-switch-game = Switch to { $game }?
ask-switch-side = Let MENACE move { $side }?
ask-lost = MENACE's { $games ->
    [one] { $games } game
   *[other] { $games } games
  } of learning will be replaced. Download MENACE first to keep them.
ask-switch-kept = The training stops after the game in progress; what MENACE has learned so far is kept.
message-stopping = Stopping the training…
train-count-empty = Write how many games MENACE should train, for example 1000. Nothing was trained.
train-count-not-whole = “{ $text }” is not a number of games: write a whole number, for example 1000. Nothing was trained.
train-count-zero = MENACE trains at least 1 game. Nothing was trained.
train-count-too-many = At most { $most } games at once ({ $games } asked). Nothing was trained.
opponent-exploiter-menu = the best possible opponent against MENACE now (when it cannot make MENACE lose, it plays the perfect move half the time and a random move the other half)
legend-net = MENACE's wins minus its losses, over every game since it was made
# page: the offline page's kept machines (a full storage, a damaged copy, another tab, the earlier machines), Nim's and Hexapawn's boards, the cells' legend (issue 73)
page-storage-full = This browser is not keeping what MENACE learns: its storage is full or turned off. Download MENACE to keep it.
page-storage-damaged = The MENACE kept in this browser could not be read, so a fresh one started. The damaged copy is kept aside.
page-damaged-download = Download the damaged copy
page-damaged-drop = Forget the damaged copy
page-storage-elsewhere = This MENACE is open in another tab, which keeps its learning now: what it learns in this tab is not kept.
page-take-over = Use it in this tab
page-earlier-help = A reset, new rules with fresh boxes, an upload or bringing one back keeps the machine it replaces here: the last five of each game, in this browser.
page-earlier-entry = { $when }, { $why }: { $games ->
    [one] { $games } game
   *[other] { $games } games
  }
page-why-tab = kept from this tab when another tab had it
page-bring-back-label = Bring back the machine of { $games ->
    [one] { $games } game
   *[other] { $games } games
  } ({ $when })
page-bring-back-busy = Stop the run first: bringing a machine back would cut it short.
page-brought-back = The earlier machine is back; the one it replaced is under "Earlier machines".
message-your-move-nim = Your move: click a counter to take it and every counter to its right.
message-you-first-nim = You move first: click a counter to take it and every counter to its right.
message-your-move-hexapawn = Your move: click one of your pawns, then where it goes.
message-you-first-hexapawn = You move first, with the white pawns: click one of them, then where it goes.
move-placeholder-hexapawn = your move, e.g. b1-b2 or b2xa3
game-help-nim = Click a counter, or reach it with the arrow keys and press Enter: you take it and every counter to its right. Typed, 2:3 takes 3 counters from row 2. Whoever takes the last counter wins.
game-help-hexapawn = Click one of your pawns, then a square marked green (or use the arrow keys and Enter). A pawn moves one square straight ahead onto an empty square, or one square diagonally ahead to capture. Typed, b1-b2 moves and b2xa3 captures. You win by reaching the far row, by capturing every pawn of MENACE, or when it cannot move.
nim-board-label = the rows of counters: a counter takes itself and every counter to its right
nim-take = row { $row }: take { $take ->
    [one] { $take } counter
   *[other] { $take } counters
  }
hexapawn-board-label-white = the board: you play the white pawns, from row 1 up
hexapawn-board-label-black = the board: you play the black pawns, from row 3 down
hexapawn-square-empty = { $square }: empty
hexapawn-square-white = { $square }: white pawn
hexapawn-square-black = { $square }: black pawn
hexapawn-square-chosen = { $square }: your pawn, chosen (press again to let it go)
hexapawn-square-target = { $square }: move your pawn here
hexapawn-square-capture = { $square }: capture the pawn here
cell-legend-title = What the cells and bead colours mean
cell-legend-cells = A cell is named by its row, then its column, each L, M or R: rows top, middle, bottom; columns left, middle, right. LL is the top left corner, MR the middle row's right cell. Each cell has its bead colour:
cell-legend-beads = In a box, the number in a free cell is how many beads of that cell's colour it holds. The explanation and the printed labels show each colour with its letter.

# offline: the matchbox labels drawn by the offline file's engine (issue 73)
offline-labels-help = The labels to stick on the matchboxes, with the beads each box starts with, and a page on building the machine. They open in a window of their own, ready to print.
offline-labels-machine = Machine
offline-labels-paper = Paper
offline-labels-paper-a4 = A4
offline-labels-paper-letter = US Letter
offline-labels-colours = Bead colours
offline-labels-colours-cells = one colour per cell or move (Michie)
offline-labels-colours-symmetry = one colour per symmetry class (Scroggs)
offline-labels-open = Open the labels
offline-labels-print = Print
offline-labels-blocked = The browser did not open the labels' window: allow pop-ups for this page, then try again.
offline-labels-failed = The labels could not be drawn. Reload the page and try again.
# rooms: the home page and the teacher's page of `menace serve --rooms`
rooms-title = MENACE: join your class
rooms-tagline = one machine of matchboxes for the whole class: every game teaches it
rooms-join-heading = Join your class
rooms-code-label = Your class's code (on the board)
rooms-join = Join
rooms-teacher-link = Teachers: make a room for your class
rooms-teacher-title = MENACE: your class rooms
rooms-teacher-tagline = your class rooms
rooms-home-link = Join a class
rooms-key-heading = Your teacher's key
rooms-key-about = Your key makes your rooms yours: it lists them here, and in a room's Teacher panel it lets you reset, import and restore. Keep it to yourself; this browser remembers it.
rooms-key-label = Key
rooms-key-use = Show my rooms
rooms-make-heading = A new room
rooms-make = Make a room
rooms-import = Make a room from a class file…
rooms-list-heading = Your rooms
rooms-col-code = Code
rooms-col-games = Games
rooms-col-used = Last played
rooms-col-actions = Actions
rooms-code-bad = A code has six letters and digits, written on the board. It has no O, 0, I, 1 or L.
rooms-error-no-room = No class has this code. Check it on the board.
rooms-error-closed = This class's room is closed. Ask your teacher.
rooms-error-too-many = Too many tries from here. Wait a while, then try again.
rooms-error-full = The server holds as many rooms as it may. Close a room you no longer need, or ask the server's owner.
rooms-error-wrong-key = That key is not the key of this room.
rooms-error-bad-class = That file is not a class MENACE could take: it is refused whole, and nothing was made.
rooms-error-too-large = That file is too large: a class file is at most 1 MiB.
rooms-error-offline = The server cannot be reached. Check the connection and try again.
rooms-error-other = The server could not do that. Try again in a moment.
rooms-list-no-key = Type your key to see your rooms, or make your first room.
rooms-list-none = You have no rooms yet.
rooms-made = Your new room's code is { $code }. Write it on the board; your key is above. Open the room from the list below.
rooms-games = { $games ->
    [one] { $games } game
   *[other] { $games } games
  }
rooms-projector = Projector view
rooms-closed = closed
rooms-export = Download
rooms-close = Close the room
rooms-close-title = Close room { $code }?
rooms-close-body = Students can no longer join room { $code }. Its MENACE and { $games } games are kept, and you can open it again or download it from this list until it is deleted, long after.
rooms-reopen = Open again

# rooms2: the operator's page of `menace serve --rooms` (its figures, refreshed)
rooms2-operator-title = MENACE: the server at a glance
rooms2-operator-tagline = the server at a glance
rooms2-operator-key-heading = The operator's key
rooms2-operator-key-about = The server prints it each time it starts. This tab keeps it until you close it.
rooms2-operator-show = Show the figures
rooms2-operator-heading = The server now
rooms2-fig-rooms = Open rooms
rooms2-fig-rooms-more = closed or archived: { $archived }; in memory now: { $memory }
rooms2-fig-players = Players now
rooms2-fig-rate = Games a second (over the last minute)
rooms2-fig-games = { $games ->
    [one] { $games } game in all
   *[other] { $games } games in all
  }
rooms2-fig-size = The database's size
rooms2-fig-mib = { $mib } MiB
rooms2-figures-when = As of { $time }. The figures update themselves.
rooms2-error-wrong-key = That is not the operator's key. The server prints a new key each time it starts.
