# বাংলা: MENACE-এর পাতা আর ছাপা লেবেলের শব্দ।
# প্রকল্পের প্রকৌশলীরা যন্ত্রের সাহায্যে অনুবাদ করেছেন; একজন মাতৃভাষীর যাচাই এখনও বাকি
# (কোনো বার্তা কীভাবে ঠিক করবেন, docs/menace.md-তে লেখা আছে)।
# ইতিহাস: issue 59 (একটা আসল পাঠ): "খেলোয়াড়-এর বিরুদ্ধে" জাতীয় জোড় এখন "প্রতিপক্ষের (…) বিরুদ্ধে";
# খেলার মেনু আর কাটা পড়ে না (পাতার নকশা); পড়ার লেখায় কোনো কমান্ড-লাইনের শব্দ নেই (--state, menace eval, dump)।

## নিজের পাতা

page-title = MENACE: দেশলাই বাক্সের যন্ত্র যে কাটাকুটি খেলা শেখে
page-tagline = মিশির দেশলাই-বাক্স যন্ত্র শুধু পুরস্কার থেকেই খেলতে শেখে
skip-to-play = খেলায় যান
menu-game = খেলা
menu-seed = বীজ
menu-language = ভাষা
game-ttt = কাটাকুটি (টিক-ট্যাক-টো)
game-nim = নিম (৩, ৪, ৫)
game-hexapawn = হেক্সাপন
button-set-seed = বীজ বসান
connection-connecting = সংযোগ হচ্ছে…
connection-connected = সংযুক্ত
connection-in-page = ইঞ্জিন এই পাতাতেই
connection-lost = সংযোগ নেই (আবার যুক্ত করতে চাপুন)
panel-play = খেলুন
board-label = বোর্ড: কোনো খালি ঘরে চাপ দিয়ে সেখানে চাল দিন
cell-free = { $cell }: খালি
cell-taken = { $cell }: { $mark }
move-placeholder = আপনার চাল, যেমন 2:3
button-move = চাল দিন
message-start = MENACE-এর সঙ্গে খেলতে নতুন খেলা চাপুন (সে X নিয়ে খেলে আর আগে চাল দেয়), অথবা নিচে তাকে অনুশীলন করতে দিন।
message-thinking = MENACE একটা পুঁতি বাছছে…
message-you-first = প্রথম চাল আপনার: নিচে আপনার চাল লিখুন।
message-you-first-click = প্রথম চাল আপনার: একটা খালি ঘরে চাপুন।
message-watch-start = MENACE বনাম { $opponent }: খেলা শুরু।
message-menace-moved = MENACE বাক্স { $box }-এর পুঁতি দিয়ে { $move } চাল দিল। { $next }
message-menace-forced = MENACE { $move } চাল দিল, তার একমাত্র সম্ভব চাল। { $next }
message-your-move-click = আপনার পালা: একটা খালি ঘরে চাপুন।
message-your-move-type = আপনার পালা: নিচে চাল লিখুন।
message-opponent-moved = { $opponent } { $move } চাল দিল।
message-result-learned = { $result } MENACE যা শেখে: { $rule }
message-training = MENACE অনুশীলন করছে: ওপরে বাছা প্রতিপক্ষের বিরুদ্ধে { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  }।
message-trained = MENACE { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  } অনুশীলন করল। এখন সে কেমন খেলে দেখতে নতুন খেলা চাপুন।
message-seed = বীজ { $seed }: এখন একই ক্লিকে প্রতিবার একই খেলা হবে।
message-imported = এমন একটা MENACE লোড হল যে { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  } থেকে শিখেছে ({ $preset })।
message-saved = রাখা হল: { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  }র পরের MENACE আপনার ডাউনলোডে আছে।
result-menace-wins = MENACE জিতল।
result-draw = ড্র।
result-you-win = আপনি জিতলেন!
result-opponent-wins = { $opponent } জিতল।
result-menace-resigned = MENACE হার মানল: তার বাক্স খালি ছিল। আপনি জিতলেন!
result-you-resigned = আপনি হার মানলেন: MENACE জিতল।
result-opponent-resigned = { $opponent } হার মানল: MENACE জিতল।
result-and-why = { $result } { $why }
result-resigned-for-good-first = MENACE চিরকালের মতো হার মেনেছে: তার প্রথম বাক্স খালি, আর খালি বাক্সের জন্য MENACE হার মানলে সেই বাক্সে আর পুঁতি ফেরে না। "বদলান আর নতুন করে শুরু করুন" সব বাক্স ভরে দেয়; "৩টি এলোমেলো পুঁতি রাখুন" দিলে সে খেলে চলে।
result-resigned-for-good-second = MENACE চিরকালের মতো হার মেনেছে: তার প্রথম চালের সব বাক্স খালি, আর খালি বাক্সের জন্য MENACE হার মানলে সেই বাক্সে আর পুঁতি ফেরে না। "বদলান আর নতুন করে শুরু করুন" সব বাক্স ভরে দেয়; "৩টি এলোমেলো পুঁতি রাখুন" দিলে সে খেলে চলে।
button-new-game = নতুন খেলা
button-resign = হার মানুন
counter-won = MENACE জিতেছে
counter-drawn = ড্র
counter-lost = MENACE হেরেছে
games-learned = মোট যত খেলা থেকে শিখেছে:
panel-opponent = প্রতিপক্ষ
menu-opponent = MENACE খেলবে
opponent-human = আপনার সঙ্গে (বোর্ডে চাপুন)
opponent-you = আপনি
opponent-random = এলোমেলো চাল দেওয়া খেলোয়াড়
opponent-perfect = নিখুঁত খেলোয়াড়
opponent-mixed = নিখুঁত খেলোয়াড়, যে মাঝে মাঝে এলোমেলো চাল দেয়
opponent-exploiter = এখনকার MENACE-এর বিরুদ্ধে সেরা সম্ভাব্য প্রতিপক্ষ
opponent-menace = দ্বিতীয় একটা MENACE, যে নিজেও শেখে
mixed-share = এলোমেলো চালের ভাগ
menu-speed = গতি
speed-ms = প্রতি চালে { $ms } মি.সে.
speed-fastest = যত দ্রুত সম্ভব
watch-label = দেখার খেলা
button-watch = দেখুন
train-label = অনুশীলনের খেলা
button-train = অনুশীলন করান
button-stop = থামান
progress-label = অনুশীলনের অগ্রগতি
progress-line = { $of }টির মধ্যে { $done }টি খেলা: MENACE জিতেছে { $won }, ড্র { $drawn }, হেরেছে { $lost }
progress-trained = প্রতিপক্ষের ({ $opponent }) বিরুদ্ধে { $games }টি খেলার অনুশীলন: MENACE জিতেছে { $won }, ড্র { $drawn }, হেরেছে { $lost }।
progress-trained-stopped = প্রতিপক্ষের ({ $opponent }) বিরুদ্ধে { $games }টি খেলার পর থামানো হল: MENACE জিতেছে { $won }, ড্র { $drawn }, হেরেছে { $lost }।
panel-beads = পুঁতি
menu-preset = তৈরি নিয়ম
preset-option = { $name }: পুঁতি { $initial }; জয়, ড্র, হার { $reward }
preset-challenge = প্রতিযোগিতার নিয়ম
preset-michie = মিশির ১৯৬১ সালের নিয়ম
preset-scroggs = স্ক্রগসের নিয়ম
preset-custom = আপনার নিজের নিয়ম
rules-initial = MENACE-এর ১ম, ২য়, ৩য়, ৪র্থ চালে প্রতি চালের পুঁতি
rules-reward = জয়, ড্র, হারের পর প্রতিটি তোলা পুঁতির জন্য যোগ হওয়া পুঁতি
rules-empty = কোনো বাক্স খালি হলে
rules-empty-refill = ৩টি এলোমেলো পুঁতি রাখুন
rules-empty-resign = MENACE হার মানে
rules-symmetry = প্রতি ধরনের চালের জন্য এক রঙের পুঁতি (স্ক্রগস)
rules-symmetry-help = প্রতিটি বাক্সে এমন চালের প্রতিটি দলের জন্য এক রং, বোর্ড ঘোরালে যেগুলো একই
rules-symmetry-missing = এই ইঞ্জিনের নিয়মে এই বিকল্প নেই
button-update = বদলান
button-update-reset = বদলান আর নতুন করে শুরু করুন
rules-now = এখন: { $preset }।
rules-refilled = প্রতিটি বাক্স আবার ভরা হয়েছে।
rules-kept = পুঁতিগুলো রাখা হয়েছে।
panel-eval = MENACE এখন কতটা ভালো?
button-eval = ঠিকঠাক হিসাব করুন
eval-what = এর মানে কী?
eval-exploit = সেরা সম্ভাব্য প্রতিপক্ষ এখন MENACE-এর সঙ্গে খেললে MENACE { $share } খেলায় হারবে।
eval-exploit-help = এটা MENACE-এর "দুর্বলতার মাপ": সেই প্রতিপক্ষ কত ভাগ খেলা জিতবে, যে প্রতিটি বাক্সের প্রতিটি পুঁতি জানে আর তার সেরা জবাব দেয়।
eval-greedy = MENACE সবসময় সবচেয়ে বেশি পুঁতির রংটা নিলে সেই প্রতিপক্ষ { $share } খেলা জিতত।
eval-greedy-help = MENACE এলোমেলোভাবে পুঁতি তোলে; এটা সেই একই সংখ্যা, যদি সে সবসময় বাক্সের সবচেয়ে বেশি পুঁতির রং নিত।
eval-random = এলোমেলো চাল দেওয়া খেলোয়াড়ের বিরুদ্ধে MENACE { $win } খেলা জেতে, { $draw } ড্র করে আর { $loss } হারে।
eval-random-help = এমন খেলোয়াড়ের সম্ভাব্য প্রতিটি খেলার ওপর ঠিকঠাক সম্ভাবনা, কোনো নমুনা নয়।
eval-perfect = নিখুঁত খেলোয়াড়ের বিরুদ্ধে MENACE { $win } খেলা জেতে, { $draw } ড্র করে আর { $loss } হারে।
eval-perfect-help = নিখুঁত খেলোয়াড় কখনো হারে না; সে তার সেরা চালগুলোর মধ্যে এলোমেলোভাবে একটা বাছে।
panel-save = রাখুন আর লোড করুন
button-download = MENACE ডাউনলোড করুন
button-upload = একটা MENACE আপলোড করুন
panel-explain = MENACE কেন ওখানে চাল দিল
explain-none = MENACE চাল দিলে এখানে দেখা যাবে সে কোন দেশলাই বাক্স খুলল আর কোন পুঁতি তুলল।
explain-latest = MENACE-এর শেষ চাল
explain-after-game = এই খেলা MENACE-কে কী শেখাল
explain-real-board = আসল বোর্ড
explain-box-drawing = বাক্স { $box }-এর ছবি
explain-cell = পুঁতি { $bead }: { $count ->
    [one] { $count }টি পুঁতি
   *[other] { $count }টি পুঁতি
  }, বাক্সের { $share }
explain-same-board = বাক্সে ঠিক এই বোর্ডই আঁকা, তাই প্রতিটি পুঁতি মানে যে ঘরে সেটা আঁকা সেই ঘর।
explain-turned = বাক্সে এই বোর্ড { $how } আঁকা, তাই আসল বোর্ডে ঘর খুঁজতে প্রতিটি পুঁতিকে উল্টো দিকে ঘুরিয়ে আনা হয়।
explain-drew = MENACE বাক্স { $box } ঝাঁকিয়ে পুঁতি { $letter } তুলল (বাক্সে { $bead }), { $total }টি পুঁতির মধ্যে ওই রঙের { $count }টির একটি: সম্ভাবনা { $share }। ঘুরিয়ে আনলে এটা পড়ে { $move } ঘরে।
explain-forced = মাত্র একটা ঘর খালি ছিল: MENACE বাক্স না খুলেই { $move } চাল দিল।
explain-refilled = বাক্সটা খালি ছিল, তাই আগে { $count ->
    [one] { $count }টি এলোমেলো পুঁতি রাখা হল
   *[other] { $count }টি এলোমেলো পুঁতি রাখা হল
  }।
explain-nim-row = সারি { $row }: { $count ->
    [one] { $count }টি কাঠি
   *[other] { $count }টি কাঠি
  }
explain-col-bead = পুঁতি
explain-col-move = আসল বোর্ডে চাল
explain-col-beads = পুঁতি
explain-col-share = সম্ভাবনা
explain-col-after = খেলার পর পুঁতি
explain-won = MENACE জিতল:
explain-draw = ড্র:
explain-lost = MENACE হারল:
explain-rule-more = তোলা প্রতিটি পুঁতি নিজের বাক্সে ফেরে, সঙ্গে ওই রঙের আরও { $count ->
    [one] { $count }টি
   *[other] { $count }টি
  }, তাই এই চালগুলোর সম্ভাবনা বাড়ে।
explain-rule-same = তোলা প্রতিটি পুঁতি নিজের বাক্সে ফেরে; কিছুই বদলায় না।
explain-rule-out = তোলা প্রতিটি পুঁতি সরিয়ে নেওয়া হয় (ওই রঙের { $count ->
    [one] { $count }টি পুঁতি
   *[other] { $count }টি পুঁতি
  }), তাই এই চালগুলো কমে আসে।
explain-before-after = বাক্স { $box }: পুঁতি { $bead } (চাল { $move }) { $before } থেকে { $after } হল।
explain-now-holds = এরপর অন্যদের খেলার পরে বাক্স { $box }-এ এখন { $bead } পুঁতি আছে { $now }টি।
symmetry-identity = যেমন আছে তেমন
symmetry-rotate-90-clockwise = ঘড়ির কাঁটার দিকে এক-চতুর্থাংশ ঘুরিয়ে
symmetry-rotate-180 = অর্ধেক ঘুরিয়ে
symmetry-rotate-90-anticlockwise = ঘড়ির কাঁটার উল্টো দিকে এক-চতুর্থাংশ ঘুরিয়ে
symmetry-mirror-left-right = বাঁ থেকে ডানে উল্টে
symmetry-mirror-top-bottom = ওপর থেকে নিচে উল্টে
symmetry-mirror-main-diagonal = ওপর-বাঁ থেকে নিচ-ডান কর্ণ বরাবর উল্টে
symmetry-mirror-anti-diagonal = ওপর-ডান থেকে নিচ-বাঁ কর্ণ বরাবর উল্টে
panel-learning = শেখা
plot-label = শেখার রেখা: সাম্প্রতিক খেলায় জয়, ড্র আর হারের ভাগ, আর প্রথম বাক্সের পুঁতি
plot-game = খেলা { $game }
plot-empty = খেলুন, দেখুন বা অনুশীলন করান: শেখার রেখা এখানে দেখা যাবে।
plot-beads-axis = পুঁতি
plot-exploit-point = { $games }টি খেলার পর সেরা প্রতিপক্ষ { $share } জিতত
legend-won = জয় (সাম্প্রতিক খেলার ভাগ)
legend-drawn = ড্র
legend-lost = হার
legend-beads = প্রথম বাক্সের পুঁতি
legend-exploit = সেরা প্রতিপক্ষের জয় (হিসাবের পর)
panel-boxes = দেশলাই বাক্স
show-opponent = দ্বিতীয় MENACE-এর বাক্স দেখান
boxes-key = প্রতিটি খালি ঘরে সেই চালের পুঁতির সংখ্যা। ঘেরা: তোলা পুঁতি; মোটা পাড়: শেষ খেলায় ব্যবহৃত বাক্স।
boxes-count = { $count ->
    [one] { $count }টি বাক্স
   *[other] { $count }টি বাক্স
  }
boxes-count-opponent = দ্বিতীয় MENACE (O)-এর { $count }টি বাক্স
boxes-none-opponent = (আগে দ্বিতীয় MENACE-এর বিরুদ্ধে অনুশীলন করান)
boxes-used = শেষ খেলায় ব্যবহৃত বাক্স, পুঁতি তোলার ক্রমে
boxes-for-move = তার চাল { $move }: { $count ->
    [one] { $count }টি বাক্স
   *[other] { $count }টি বাক্স
  }
box-title = বাক্স { $box }: { $count ->
    [one] { $count }টি পুঁতি
   *[other] { $count }টি পুঁতি
  }
box-beads = পুঁতি { $beads }
beads-count = { $count ->
    [one] { $count }টি পুঁতি
   *[other] { $count }টি পুঁতি
  }
toast-not-json = সার্ভার এমন কিছু পাঠাল যা JSON নয়
toast-not-connected = ইঞ্জিনের সঙ্গে সংযোগ নেই
toast-not-state = { $file } রাখা কোনো MENACE নয়: ফাইলটি পড়া গেল না
toast-too-large = { $file } রাখা MENACE হওয়ার পক্ষে খুব বড়
toast-choose-opponent = MENACE-এর জন্য একজন প্রতিপক্ষ বাছুন, অথবা নিজে খেলতে নতুন খেলা চাপুন
message-start-second = MENACE-এর সঙ্গে খেলতে নতুন খেলা চাপুন (আপনি X নিয়ে খেলেন আর আগে চাল দেন; MENACE O নিয়ে খেলে), অথবা নিচে তাকে অনুশীলন করতে দিন।
message-start-nim = MENACE-এর সঙ্গে নিম খেলতে নতুন খেলা চাপুন (যে শেষ কাঠিটা তোলে, সে জেতে), অথবা নিচে তাকে অনুশীলন করতে দিন।
message-start-hexapawn = MENACE-এর সঙ্গে হেক্সাপন খেলতে নতুন খেলা চাপুন (আপনি সাদা বোড়ে নিয়ে খেলেন আর আগে চাল দেন; MENACE কালো বোড়ে নিয়ে খেলে), অথবা নিচে তাকে অনুশীলন করতে দিন।
plot-window = রেখাটা ইঞ্জিনের রাখা শেষ { $count }টি খেলা দেখায় (খেলা { $from } থেকে { $to }); তার আগের খেলাগুলো আঁকা হয়নি।
explain-find-box = দেশলাই বাক্সগুলোর মধ্যে বাক্স { $box } খুঁজুন
links-label = আরও
link-print = ছাপার লেবেল
link-guide = পাঠের নির্দেশিকা
link-projector = প্রজেক্টরের দৃশ্য
link-take-home = MENACE বাড়ি নিয়ে যান (একটি ফাইল)
link-take-home-title = menace.html: একটি ফাইলে MENACE, যা সার্ভার ও নেটওয়ার্ক ছাড়াই চলে। ব্রাউজারে খুলুন, বা অন্যদের দিন।

## ক্লাসের পাতা (menace serve --class)

class-page-title = পুরো ক্লাসের জন্য MENACE: দেশলাই বাক্সের একটাই যন্ত্র, যাকে সবাই শেখায়
class-tagline = পুরো ক্লাসের জন্য দেশলাই বাক্সের একটাই যন্ত্র: প্রতিটি খেলা তাকে শেখায়
class-name-placeholder = আপনার নাম
class-message-start = আপনার নাম লিখে নতুন খেলা চাপুন: MENACE X নিয়ে খেলে আর আগে চাল দেয়।
class-message-start-second = আপনার নাম লিখে নতুন খেলা চাপুন: আপনি X নিয়ে খেলেন আর আগে চাল দেন; MENACE O নিয়ে খেলে।
class-your-move = আপনার পালা (আপনি { $mark })।
class-panel-score = MENACE বনাম ক্লাস
class-games = { $count ->
    [one] { $count }টি খেলা
   *[other] { $count }টি খেলা
  }
class-curve-label = ক্লাসের শেখার রেখা: MENACE-এর জয় বিয়োগ হার, খেলার পর খেলা
class-curve-help = রেখা: এই পাতায় খেলা খেলাগুলোতে MENACE-এর জয় বিয়োগ তার হার, খেলার পর খেলা।
class-trained-apart = ক্লাসের বাইরে অনুশীলন: { $list }।
class-trained-item = প্রতিপক্ষের ({ $opponent }) বিরুদ্ধে { $games }টি খেলা ({ $won } জয়, { $drawn } ড্র, { $lost } হার)
class-panel-players = খেলোয়াড়
class-col-name = নাম
class-col-games = খেলা
class-col-won = জয়
class-col-drawn = ড্র
class-col-lost = হার
class-panel-teacher = শিক্ষক
class-key = চাবি
class-key-placeholder = সার্ভার যে চাবি ছাপল
class-beads-placeholder = পুঁতি, যেমন 4,3,2,1
class-reward-placeholder = পুরস্কার, যেমন 3,1,-1
class-button-rules = নতুন নিয়ম (বাক্স আবার ভরুন)
class-button-reset = নতুন করে শুরু
class-teacher-note = ক্লাসের MENACE প্রতিটি খেলার পর রেখে দেওয়া হয়। ডাউনলোড তার একটা কপি: সেটা এখানে, নিজের পাতায় বা পরের বছর আবার আপলোড করুন।
class-key-needed = আগে শিক্ষকের চাবি লিখুন: সার্ভার চালু হওয়ার সময় সেটা ছেপেছিল।
class-teacher-open = শিক্ষকের আদেশ এই পাতায় খোলা।
class-training = অনুশীলন: { $of }টির মধ্যে { $games }টি খেলা…
class-trained-line = প্রতিপক্ষের ({ $opponent }) বিরুদ্ধে { $games }টি খেলার অনুশীলন: MENACE জিতেছে { $won }, ড্র { $drawn }, হেরেছে { $lost }।
class-rules-refilled = নতুন নিয়ম: { $preset }; প্রতিটি বাক্স আবার ভরা হয়েছে।
class-rules-kept = নতুন নিয়ম: { $preset }; পুঁতিগুলো রাখা হয়েছে।
class-player-placeholder = বোর্ডে থাকা একটি নাম
class-player-label = বোর্ডে থাকা কোনো খেলোয়াড়ের নাম
class-button-remove-player = বোর্ড থেকে সরান
class-button-clear-players = বোর্ড খালি করুন
class-confirm-clear = বোর্ড থেকে { $count ->
    [one] এই { $count }টি নাম
   *[other] সব { $count }টি নাম
  } সরাবেন? স্কোর, রেখা আর MENACE-এর বাক্সগুলো যেমন আছে তেমনই থাকবে।
class-removed = বোর্ড থেকে সরানো হল: { $names }।
class-unlisted = বোর্ড ভরে গেছে, তাই আপনার নাম তালিকায় নেই, তবে আপনার খেলাগুলো ক্লাসে গোনা হয়।
class-reset-done = MENACE নতুন বাক্স নিয়ে আবার শুরু করছে।
class-imported = আপলোড হল: এই MENACE { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  } থেকে শিখেছে।
class-boxes-help = প্রতিটি বাক্সে তার ছবি; খালি ঘরের সংখ্যা মানে সেই চালের পুঁতি।
class-drew = { $player }-এর খেলা: MENACE বাক্স { $box } থেকে { $bead } তুলল।
class-last-game-won = খেলা { $number } ({ $player }): MENACE জিতল।
class-last-game-draw = খেলা { $number } ({ $player }): ড্র।
class-last-game-lost = খেলা { $number } ({ $player }): MENACE হারল।
class-connection-reconnecting = সংযোগ কেটে গেছে: আবার যুক্ত হচ্ছে…
class-connection-again = আবার সংযুক্ত
class-game-dropped = সংযোগ কেটে গিয়েছিল; সেই খেলাটা গোনা হয়নি। আবার খেলতে নতুন খেলা চাপুন।
class-named = আপনি { $name } নামে খেলছেন।
class-panel-last-game = সবচেয়ে নতুন খেলা
class-last-game-none = MENACE-এর পরের খেলা এখানে দেখা যাবে।
class-last-game-caption = { $player }: MENACE-এর সবচেয়ে নতুন চাল, বাক্স { $box }-এর ছবিতে
class-last-game-board = { $player }-এর খেলা: MENACE { $move }-এ চাল দিল (বাক্স { $box }-এর পুঁতি)
class-curve-empty = রেখাটা ক্লাসের প্রথম খেলা থেকে শুরু হয়।
class-panel-join = ক্লাসে যোগ দিন
class-qr-caption = ফোন দিয়ে কোডটা স্ক্যান করুন, অথবা ঠিকানাটা লিখুন:
class-previous-title = আগের যন্ত্রগুলো
class-previous-help = রিসেট, নতুন নিয়ম, আপলোড বা আগের কোনো যন্ত্র ফিরিয়ে আনলে, যে যন্ত্রের জায়গা নেয় সেটা এখানে থাকে (শেষ পাঁচটা)।
class-previous-none = এখনও কিছু নেই।
class-previous-entry = { $when }, { $why }: { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  } (MENACE জিতেছে { $won }, ড্র { $drawn }, হেরেছে { $lost }), { $players ->
    [one] { $players } জন খেলোয়াড়
   *[other] { $players } জন খেলোয়াড়
  }
class-previous-entry-undated = { $why }: { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  } (MENACE জিতেছে { $won }, ড্র { $drawn }, হেরেছে { $lost }), { $players ->
    [one] { $players } জন খেলোয়াড়
   *[other] { $players } জন খেলোয়াড়
  }
class-why-reset = রিসেটে বদলানো
class-why-rules = নতুন নিয়মে বদলানো
class-why-import = আপলোডে বদলানো
class-why-restore = আগের যন্ত্র ফিরিয়ে আনায় বদলানো
class-button-restore = ফিরিয়ে আনুন
class-button-restore-label = আগের যন্ত্র { $number } ফিরিয়ে আনুন
class-restored = আগের যন্ত্র { $number } ফিরে এসেছে: সে { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  } থেকে শিখেছে।
class-confirm-reset-title = পুরো ক্লাসের জন্য MENACE রিসেট করবেন?
class-confirm-rules-title = পুরো ক্লাসের জন্য নতুন নিয়ম আর নতুন করে ভরা বাক্স?
class-confirm-upload-title = আপলোড করা { $file } কি ক্লাসের MENACE-এর জায়গায় বসাবেন?
class-confirm-restore-title = আগের যন্ত্র { $number } ({ $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  }) ফিরিয়ে আনবেন?
class-confirm-lost = এতে ক্লাসের এখনকার যন্ত্র বদলে যাবে: { $games ->
    [one] { $games }টি খেলার
   *[other] { $games }টি খেলার
  } স্কোর, বোর্ডে { $players ->
    [one] { $players } জন খেলোয়াড়
   *[other] { $players } জন খেলোয়াড়
  }, অনুশীলনের হিসাব আর MENACE যা শিখেছে। এসব শিক্ষকের অংশে "আগের যন্ত্রগুলো"-র নিচে রাখা থাকে, সেখান থেকে আপনি ফিরিয়ে আনতে পারেন।
class-confirm-replace = হ্যাঁ, বদলান
class-confirm-cancel = থাক

## সার্ভারের ত্রুটি, তাদের কোড দিয়ে (protocol.md)

error-name-first = আগে আপনার নাম লিখুন: সেটা ক্লাসের বোর্ডে যায়।
error-no-game = এখন কোনো খেলা চলছে না: নতুন খেলা চাপুন।
error-teacher-only = "{ $command }" শিক্ষকের কাজ: আগে শিক্ষকের চাবি দিন।
error-wrong-key = চাবি ভুল। (ভুল চাবি ধীর করে দেওয়া হয়, যাতে কেউ চাবি আন্দাজ করতে না পারে।)
error-idle = { $minutes ->
    [one] { $minutes } মিনিট
   *[other] { $minutes } মিনিট
  } কোনো চাল বা আদেশ না আসায় সংযোগ বন্ধ হয়েছে।
error-server-full = সার্ভার ভরা: একসঙ্গে সর্বোচ্চ { $max }টি সেশন চলে। একটু পরে আবার চেষ্টা করুন।
error-busy = MENACE আগের লাইনগুলো নিয়ে ব্যস্ত: একটু পরে এটা আবার পাঠান।
error-name-invisible = নামে অদৃশ্য বা দিক বদলানোর অক্ষর থাকতে পারে না।
error-name-too-long = নাম সর্বোচ্চ { $max } অক্ষরের হয়।
error-name-control = নামে নিয়ন্ত্রণ অক্ষর থাকতে পারে না।
error-name-combining = নাম কোনো কার-চিহ্ন বা যুক্ত-চিহ্ন দিয়ে শুরু হতে পারে না।
error-name-empty = একটা নাম লিখুন: নাম খালি হতে পারে না।
error-names-per-connection = একটা পাতা সর্বোচ্চ { $max }টি নতুন নাম দিতে পারে: আপনার কোনো একটা নামে খেলুন।
error-not-on-board = { $name } বোর্ডে নেই।
error-class-file = ক্লাসের MENACE তার ফাইলে রাখা যায়নি; ক্লাস চলবে, শিক্ষক সেটা ডাউনলোড করে রাখুন।
error-line-too-long = পাঠানোর জন্য এটা খুব লম্বা (আপলোড সর্বোচ্চ ১ MiB)।
# engine: every other refusal the engine words, by its code (protocol.md's list)
error-not-utf8 = এই লেখাটা পড়া গেল না: এর এনকোডিং ঠিক নয়।
error-one-line = একবারে একটাই নির্দেশ পাঠান।
error-unknown-command = ইঞ্জিন এই নির্দেশ চেনে না।
error-not-a-command = এটা কোনো নির্দেশ নয়।
error-private-only = এটা শুধু নিজের সেশনের জন্য, ক্লাসের জন্য নয়।
error-class-only = এটা শুধু ক্লাসের জন্য।
error-needs-learner = এই শিক্ষার্থী এটা পারে না: এর জন্য যন্ত্রের দেশলাই-বাক্স লাগে।
error-wrong-game = এটা এই খেলার অংশ নয়।
error-unexpected-words = নির্দেশের পরে বাড়তি কিছু লেখা আছে।
error-missing-argument = নির্দেশের পরে কিছু একটা বাদ পড়েছে।
error-not-a-number = এখানে একটা পূর্ণসংখ্যা লাগবে।
error-out-of-range = { $min } থেকে { $max } পর্যন্ত একটা পূর্ণসংখ্যা দিন।
error-bad-argument = ইঞ্জিন এই পছন্দটা বোঝে না।
error-match-in-progress = একটা খেলা চলছে ({ $games }টির মধ্যে খেলা { $game }): আগে সেটা শেষ করুন বা নতুন খেলা শুরু করুন।
error-nothing-to-abort = থামানোর মতো কোনো খেলা চলছে না।
error-not-a-ttt-move = এটা কোনো ঘর নয়: একটা খালি ঘরে ক্লিক করুন।
error-cell-taken = ঘরটা ভরা: একটা খালি ঘর বাছুন।
error-not-a-nim-move = চাল লিখুন সারি:কাঠি, যেমন ২:৩ মানে সারি ২ থেকে ৩টি কাঠি।
error-no-such-row = সারি { $row } নেই: সারিগুলো ১ থেকে { $rows } পর্যন্ত।
error-take-one = অন্তত একটা কাঠি তুলুন।
error-too-many-taken = সারি { $row }-এ মাত্র { $left }টি বাকি: { $take }টি তোলা যায় না।
error-not-a-hexapawn-move = চাল লিখুন: কোথা থেকে, ড্যাশ, কোথায়; খাওয়ার চালে মাঝে ক্রস চিহ্ন।
error-no-pawn = ওই ঘরে আপনার কোনো বোড়ে নেই।
error-hexapawn-dash-x = সোজা চাল ড্যাশ দিয়ে লিখুন, খাওয়ার চাল ক্রস চিহ্ন দিয়ে।
error-hexapawn-illegal = ওই বোড়ে সেখানে যেতে পারে না: এক ঘর সামনে কোনো খালি ঘরে, বা খাওয়ার জন্য কোনাকুনি।
error-no-opponent-machine = এখনও দ্বিতীয় যন্ত্র নেই: আগে যন্ত্রের বিরুদ্ধে অনুশীলন করান।
error-no-matchboxes = এই শিক্ষার্থীর দেশলাই-বাক্স নেই, তাই তার কোনো সংরক্ষিত যন্ত্রও নেই।
error-unknown-opponent = ইঞ্জিন এই প্রতিপক্ষকে চেনে না।
error-bad-probability = মিশ্র প্রতিপক্ষের জন্য ০ থেকে ১-এর মধ্যে একটা ভাগ লাগে, যেমন ০.৩।
error-program-opponent = বাইরের কোনো প্রোগ্রাম শুধু কমান্ড লাইনে প্রতিপক্ষ হতে পারে।
error-too-many-opponents = ক্লাস সর্বোচ্চ { $max } জন প্রতিপক্ষের হিসাব রাখে: তাদেরই কারও বিরুদ্ধে অনুশীলন করান।
error-class-opponent = ক্লাসের যন্ত্র এলোমেলো, নিখুঁত, মিশ্র বা সবচেয়ে শক্ত প্রতিপক্ষের বিরুদ্ধে অনুশীলন করে।
error-rules-nothing = বদলানোর জন্য একটা নিয়ম বাছুন।
error-rules-twice = একটা নিয়ম দুবার দেওয়া হয়েছে।
error-rules-needs-value = একটা নিয়মের মান বাদ পড়েছে।
error-not-a-rule = এটা পুঁতির কোনো নিয়ম নয়।
error-unknown-preset = ইঞ্জিন এই নিয়ম-সেট চেনে না।
error-bad-initial = শুরুর পুঁতি ১ থেকে ৬৪টি সংখ্যা, প্রতিটি ১ থেকে ১০,০০,০০০, যেমন ৪,৩,২,১।
error-bad-reward = পুরস্কার হল জয়, ড্র আর হারের জন্য তিনটি পূর্ণসংখ্যা, প্রতিটি -১০,০০,০০০ থেকে ১০,০০,০০০, যেমন ৩,১,-১।
error-bad-empty = খালি বাক্সে ১ থেকে ১০,০০,০০০টি পুঁতি ভরা হয়, নয়তো যন্ত্র হার মেনে নেয়।
error-colours-need-reset = প্রতি প্রতিসাম্যে একটা রং পুঁতিকে অন্য চালে রাখে: এটা বদলাতে নতুন করে শুরু বাছুন।
error-bad-colours = পুঁতির রং হয় প্রতি চালে একটা, নয় প্রতি প্রতিসাম্যে একটা।
error-state-not-json = ফাইলটা নষ্ট, বা সংরক্ষিত যন্ত্র নয়: এর লেখার গঠন ঠিক নয়।
error-state-unknown-field = এই ফাইলে এমন অংশ আছে যা সংরক্ষিত যন্ত্রে থাকে না: এটা যন্ত্রের ফাইল নয়।
error-state-missing-field = প্রতিটি সংরক্ষিত যন্ত্রে যে অংশগুলো থাকে, এই ফাইলে তা নেই।
error-state-malformed = এই ফাইল সংরক্ষিত যন্ত্র নয়: এর অংশগুলোর গড়ন ভুল।
error-state-format = এই ফাইল সংরক্ষিত যন্ত্র নয়।
error-state-version = এই ফাইল সংস্করণ { $version }-এর সংরক্ষিত যন্ত্র, যা এই পাতা পড়তে পারে না।
error-state-other-rows = ওই যন্ত্র অন্য সারির নিম খেলে।
error-state-other-game = ওই যন্ত্র অন্য খেলা খেলে: আগে তার খেলাটা বাছুন।
error-state-other-side = ওই যন্ত্র অন্য দিক থেকে খেলে: তার সঙ্গে মিলিয়ে বাছুন কে আগে চালবে।
error-state-rules = এই ফাইলে পুঁতির নিয়ম ঠিক নয়।
error-state-curve = এই ফাইলে শেখার রেখা বা ফলাফল মিলছে না।
error-state-class = এই ফাইলে ক্লাসের হিসাব ঠিক নয়।
error-state-boxes = এই ফাইলের বাক্সগুলো এই খেলার জন্য যন্ত্রের বাক্স নয়।
error-files-refused = এই সেশন ওই ফাইল ব্যবহার করতে পারে না।
error-file-unreadable = ফাইলটা পড়া গেল না।
error-file-unwritable = ফাইলটা লেখা গেল না।
error-no-earlier = আগের যন্ত্র { $number } নেই: ক্লাসের কাছে এখন { $kept }টি আছে।

## ছাপা লেবেল (menace print, /print)

print-title = { $machine }: দেশলাই বাক্সের লেবেল
print-machine-menace = MENACE (কাটাকুটি)
print-machine-menace-second = O নিয়ে খেলা MENACE (কাটাকুটি)
print-machine-hexapawn = হেক্সাপন
print-machine-nim = নিম (৩, ৪ আর ৫-এর সারি)
print-key-heading = { $machine } — { $boxes }টি দেশলাই বাক্স, পাতা { $page } / { $pages }
print-key-line = { $rules }; { $colours }।
print-rules = পুঁতি: { $preset }: চাল অনুযায়ী প্রতি রঙের { $initial }টি পুঁতি; জয়/ড্র/হার { $reward }; { $empty }
print-empty-refill = খালি বাক্সে { $count }টি এলোমেলো পুঁতি রাখা হয়
print-empty-resign = বাক্স খালি হলে যন্ত্র হার মানে
print-colours-cells = প্রতি ঘরের এক রং
print-colours-moves = প্রতি চালের এক রং
print-colours-symmetry-cells = প্রতিসম ঘরের প্রতিটি শ্রেণির এক রং (প্রতিসম ঘর একটা পুঁতি ভাগ করে)
print-colours-symmetry-moves = প্রতিসম চালের প্রতিটি শ্রেণির এক রং (প্রতিসম চাল একটা পুঁতি ভাগ করে)
print-colours-symmetry-nim = প্রতিসম চালের প্রতিটি শ্রেণির এক রং (নিমে প্রতিসাম্য নেই: প্রতি চালের এক রং)
print-unit-cell = ঘরের
print-unit-move = চালের
print-key-fill = প্রতিটি বাক্সে তার লেবেলে লেখা পুঁতি রাখুন, প্রতিটি চিহ্নিত { $unit } জন্য এক রং।
print-build-numbers = বাক্সের সংখ্যাগুলো প্রোগ্রামের: পাতাতেও এই সংখ্যাগুলোই দেখায়; লেবেলে "চাল": যন্ত্রের যে চালে বাক্সটা প্রথম আসে।
print-key-menace = যন্ত্র X নিয়ে খেলে।
print-key-menace-second = যন্ত্র O নিয়ে খেলে: প্রতিটি খেলা প্রতিপক্ষ শুরু করে।
print-key-hexapawn = যন্ত্র কালো ঘুঁটি নিয়ে খেলে (ভরাট, নিচের দিকে চলে); তীরগুলো তার চাল।
print-key-nim = যন্ত্র আগে চাল দেয়; একটা কাঠি মানে: সেটা আর তার ডান দিকের সব কাঠি তুলে নিন।
print-label-box = বাক্স { $box }
print-label-move = চাল { $move }
print-label-each = { $count ->
    [one] প্রতি রঙের { $count }টি পুঁতি
   *[other] প্রতি রঙের { $count }টি পুঁতি
  }
print-label-colours = { $colours ->
    [one] { $colours }টি রং
   *[other] { $colours }টি রং
  }, { $beads }টি পুঁতি
print-colour-red = লাল
print-colour-amber = অ্যাম্বার
print-colour-yellow = হলুদ
print-colour-green = সবুজ
print-colour-blue = নীল
print-colour-purple = বেগুনি
print-colour-pink = গোলাপি
print-colour-brown = বাদামি
print-colour-silver = রুপালি
print-colour-cyan = আসমানি
print-colour-lime = কচি কলাপাতা
print-colour-magenta = ম্যাজেন্টা
print-build-title = { $machine } কীভাবে বানাবেন
print-build-shopping = যত পুঁতি কিনতে হবে
print-build-col-colour = রং
print-build-col-start = শুরুতে বাক্সে
print-build-col-buy = কিনুন
print-build-total = মোট: { $boxes }টি দেশলাই বাক্স আর শুরুতে { $beads }টি পুঁতি ({ $buy }টি কিনুন)।
print-build-margin = "কিনুন" মানে শুরুতে বাক্সে যত পুঁতি থাকে, তার সঙ্গে প্রতি রঙের এক-চতুর্থাংশ বেশি (অন্তত ১০টি): খালি বাক্স ভরার আর জয়ে যোগ হওয়া পুঁতির জন্য।
print-build-steps = ধাপ
print-build-step-cut = এই পাতাগুলো ছাপুন আর ফুটকি দেওয়া রেখা ধরে লেবেল কেটে নিন।
print-build-step-glue = প্রতিটি লেবেল একটা খালি দেশলাই বাক্সের ওপরে আঠা দিয়ে লাগান: { $boxes }টি বাক্স।
print-build-step-sort = পুঁতিগুলো রং অনুযায়ী বাটিতে আলাদা করুন। প্রতিটি চিহ্নের অক্ষর তার রঙের নাম বলে (নিচে চাবি), তাই সাদা-কালো ছাপাতেও লেবেল পড়া যায়।
print-build-step-fill = প্রতিটি বাক্সে তার লেবেলে লেখা পুঁতি রাখুন: প্রতিটি চিহ্নিত { $unit } জন্য এক রঙের, লেবেলে যতগুলো লেখা।
print-build-step-rows = বাক্সগুলো "চাল" (যন্ত্রের ১ম, ২য়, ৩য় চাল …) অনুযায়ী সারিতে, সংখ্যার ক্রমে সাজান।
print-build-step-play = খেলতে: যে বাক্সে বোর্ডটা আঁকা আছে সেটা খুঁজুন, দরকার হলে ঘুরিয়ে বা উল্টে। ঝাঁকিয়ে না দেখে একটা পুঁতি তুলুন, আর যেখানে তার রং চিহ্নিত সেখানে চাল দিন, একইভাবে ঘুরিয়ে এনে। খেলা শেষ না হওয়া পর্যন্ত পুঁতিটা বাক্সের পাশে রাখুন।
print-build-step-learn = খেলার পর প্রতিটি তোলা পুঁতি তার রঙের এতগুলো বেশি পুঁতির সঙ্গে ফেরত দিন: জয় { $win }, ড্র { $draw }, হার { $loss } (−১: পুঁতিটা বাইরে থাকে)।
print-build-key = রঙের চাবি

# state: the private page's questions before learning is lost, MENACE's side, training counts, the whole story's curve
menu-side = MENACE চাল দেবে
side-first = আগে
side-second = পরে
ask-replace = হ্যাঁ, বদলান
ask-switch = হ্যাঁ, বদলান
ask-reset-title = নতুন নিয়ম আর নতুন MENACE?
ask-load-title = এই MENACE-এর জায়গায় { $file } বসাবেন?
ask-switch-game = { $game }-এ যাবেন?
ask-switch-side = MENACE { $side } চাল দেবে?
ask-lost = MENACE-এর { $games ->
    [one] { $games }টি খেলার
   *[other] { $games }টি খেলার
  } শেখা মুছে যাবে। রাখতে চাইলে আগে MENACE ডাউনলোড করুন।
ask-switch-kept = চলতি খেলা শেষ হলেই অনুশীলন থামবে; MENACE এ পর্যন্ত যা শিখেছে, তা থেকে যাবে।
message-stopping = অনুশীলন থামানো হচ্ছে…
train-count-empty = লিখুন MENACE কতগুলো খেলা অনুশীলন করবে, যেমন 1000। কোনো অনুশীলন হয়নি।
train-count-not-whole = “{ $text }” খেলার সংখ্যা নয়: একটা পূর্ণ সংখ্যা লিখুন, যেমন 1000। কোনো অনুশীলন হয়নি।
train-count-zero = MENACE অন্তত ১টি খেলা অনুশীলন করে। কোনো অনুশীলন হয়নি।
train-count-too-many = একবারে বড়জোর { $most }টি খেলা ({ $games }টি চাওয়া হয়েছে)। কোনো অনুশীলন হয়নি।
opponent-exploiter-menu = এখনকার MENACE-এর বিরুদ্ধে সেরা সম্ভাব্য প্রতিপক্ষ (MENACE-কে হারাতে না পারলে সে অর্ধেক বার সেরা চাল আর বাকি অর্ধেক বার এলোমেলো চাল দেয়)
legend-net = MENACE-এর জয় বিয়োগ হার, তৈরি হওয়ার পর থেকে প্রতিটি খেলায়
# page: the offline page's kept machines (a full storage, a damaged copy, another tab, the earlier machines), Nim's and Hexapawn's boards, the cells' legend (issue 73)
page-storage-full = এই ব্রাউজার MENACE-এর শেখা রাখতে পারছে না: এর স্টোরেজ ভরা বা বন্ধ। রাখতে চাইলে MENACE ডাউনলোড করুন।
page-storage-damaged = এই ব্রাউজারে রাখা MENACE পড়া গেল না, তাই নতুন একটা শুরু হয়েছে। নষ্ট কপিটা আলাদা করে রাখা আছে।
page-damaged-download = নষ্ট কপিটা ডাউনলোড করুন
page-damaged-drop = নষ্ট কপিটা ভুলে যান
page-storage-elsewhere = এই MENACE আরেকটা ট্যাবে খোলা, এখন সেই ট্যাবই এর শেখা রাখছে: এই ট্যাবে যা শিখবে তা রাখা হবে না।
page-take-over = এই ট্যাবেই চালান
page-earlier-help = রিসেট, নতুন বাক্সসহ নতুন নিয়ম, আপলোড বা আগের যন্ত্র ফিরিয়ে আনা যে যন্ত্রের জায়গা নেয়, তা এখানে থাকে: প্রতিটি খেলার শেষ পাঁচটা, এই ব্রাউজারে।
page-earlier-entry = { $when }, { $why }: { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  }
page-why-tab = এই ট্যাব থেকে রাখা, যখন যন্ত্রটা আরেক ট্যাবে ছিল
page-bring-back-label = { $games ->
    [one] { $games }টি খেলার
   *[other] { $games }টি খেলার
  } যন্ত্রটা ফিরিয়ে আনুন ({ $when })
page-bring-back-busy = আগে অনুশীলন থামান: যন্ত্র ফিরিয়ে আনলে সেটা মাঝপথে থেমে যাবে।
page-brought-back = আগের যন্ত্র ফিরে এসেছে; যেটার জায়গা নিল, সেটা "আগের যন্ত্রগুলো"-তে আছে।
message-your-move-nim = আপনার চাল: একটা কাঠিতে ক্লিক করুন, সেটা আর তার ডানের সব কাঠি উঠে যাবে।
message-you-first-nim = প্রথম চাল আপনার: একটা কাঠিতে ক্লিক করুন, সেটা আর তার ডানের সব কাঠি উঠে যাবে।
message-your-move-hexapawn = আপনার চাল: আপনার একটা বোড়েতে ক্লিক করুন, তারপর যেখানে যাবে সেখানে।
message-you-first-hexapawn = প্রথম চাল আপনার, সাদা বোড়ে নিয়ে: একটাতে ক্লিক করুন, তারপর যেখানে যাবে সেখানে।
move-placeholder-hexapawn = আপনার চাল, যেমন b1-b2 বা b2xa3
game-help-nim = একটা কাঠিতে ক্লিক করুন, বা তীরচিহ্ন কী দিয়ে সেখানে গিয়ে Enter চাপুন: সেটা আর তার ডানের সব কাঠি আপনি তোলেন। লিখে: 2:3 সারি 2 থেকে 3টি কাঠি তোলে। যে শেষ কাঠিটা তোলে, সে জেতে।
game-help-hexapawn = আপনার একটা বোড়েতে ক্লিক করুন, তারপর সবুজ দাগ দেওয়া ঘরে (বা তীরচিহ্ন কী আর Enter)। বোড়ে এক ঘর সোজা সামনে খালি ঘরে যায়, বা কাটতে এক ঘর কোনাকুনি সামনে। লিখে: b1-b2 চলে, b2xa3 কাটে। আপনি জেতেন শেষ সারিতে পৌঁছালে, MENACE-এর সব বোড়ে কাটলে, বা সে চাল দিতে না পারলে।
nim-board-label = কাঠির সারি: একটা কাঠির সঙ্গে তার ডানের সব কাঠি ওঠে
nim-take = সারি { $row }: { $take ->
    [one] { $take }টি কাঠি তুলুন
   *[other] { $take }টি কাঠি তুলুন
  }
hexapawn-board-label-white = বোর্ড: আপনি সাদা বোড়ে নিয়ে খেলেন, সারি 1 থেকে ওপরের দিকে
hexapawn-board-label-black = বোর্ড: আপনি কালো বোড়ে নিয়ে খেলেন, সারি 3 থেকে নিচের দিকে
hexapawn-square-empty = { $square }: খালি
hexapawn-square-white = { $square }: সাদা বোড়ে
hexapawn-square-black = { $square }: কালো বোড়ে
hexapawn-square-chosen = { $square }: আপনার বোড়ে, বাছা হয়েছে (ছাড়তে আবার চাপুন)
hexapawn-square-target = { $square }: আপনার বোড়ে এখানে আনুন
hexapawn-square-capture = { $square }: এখানকার বোড়েটা কাটুন
cell-legend-title = ঘর আর পুঁতির রঙের মানে
cell-legend-cells = ঘরের নাম আগে তার সারি, পরে তার কলাম, প্রতিটি L, M বা R: সারি ওপর, মাঝ, নিচ; কলাম বাঁ, মাঝ, ডান। LL ওপরের বাঁ কোণ, MR মাঝের সারির ডান ঘর। প্রতিটি ঘরের নিজের পুঁতির রঙ আছে:
cell-legend-beads = বাক্সে খালি ঘরের সংখ্যাটা বলে সেই ঘরের রঙের কতগুলো পুঁতি তাতে আছে। ব্যাখ্যা আর ছাপা লেবেল প্রতিটি রঙ তার অক্ষর দিয়ে দেখায়।

# offline: the matchbox labels drawn by the offline file's engine (issue 73)
offline-labels-help = দেশলাই বাক্সে সাঁটার লেবেল, প্রতিটি বাক্স যে পুঁতি নিয়ে শুরু করে তা সহ, আর যন্ত্রটা বানানোর একটা পাতা। এগুলো নিজের আলাদা উইন্ডোতে খোলে, ছাপার জন্য তৈরি।
offline-labels-machine = যন্ত্র
offline-labels-paper = কাগজ
offline-labels-paper-a4 = এ৪
offline-labels-paper-letter = ইউএস লেটার
offline-labels-colours = পুঁতির রং
offline-labels-colours-cells = প্রতি ঘর বা চালের এক রং (মিশি)
offline-labels-colours-symmetry = প্রতিসম চালের প্রতিটি শ্রেণির এক রং (স্ক্রগস)
offline-labels-open = লেবেল খুলুন
offline-labels-print = ছাপুন
offline-labels-blocked = ব্রাউজার লেবেলের উইন্ডো খোলেনি: এই পাতার জন্য পপ-আপের অনুমতি দিন, তারপর আবার চেষ্টা করুন।
offline-labels-failed = লেবেল আঁকা গেল না। পাতাটা আবার লোড করে আবার চেষ্টা করুন।
# rooms: the home page and the teacher's page of `menace serve --rooms`
rooms-title = MENACE: তোমার ক্লাসে যোগ দাও
rooms-tagline = পুরো ক্লাসের জন্য দেশলাই বাক্সের একটি যন্ত্র: প্রতিটি খেলা তাকে শেখায়
rooms-join-heading = তোমার ক্লাসে যোগ দাও
rooms-code-label = তোমার ক্লাসের কোড (বোর্ডে লেখা)
rooms-join = যোগ দাও
rooms-teacher-link = শিক্ষকেরা: আপনার ক্লাসের জন্য একটি ঘর তৈরি করুন
rooms-teacher-title = MENACE: আপনার ক্লাসের ঘরগুলো
rooms-teacher-tagline = আপনার ক্লাসের ঘরগুলো
rooms-home-link = কোনো ক্লাসে যোগ দিন
rooms-key-heading = আপনার শিক্ষকের চাবি
rooms-key-about = আপনার চাবি ঘরগুলোকে আপনার করে: এখানে সেগুলোর তালিকা দেখায়, আর কোনো ঘরের শিক্ষক প্যানেলে এটা দিয়ে আপনি রিসেট, আমদানি আর ফেরত আনতে পারেন। এটা কাউকে বলবেন না; এই ব্রাউজার এটা মনে রাখে।
rooms-key-label = চাবি
rooms-key-use = আমার ঘরগুলো দেখাও
rooms-make-heading = নতুন ঘর
rooms-make = ঘর তৈরি করুন
rooms-import = ক্লাসের ফাইল থেকে ঘর তৈরি করুন…
rooms-list-heading = আপনার ঘরগুলো
rooms-col-code = কোড
rooms-col-games = খেলা
rooms-col-used = শেষ খেলা হয়েছে
rooms-col-actions = কাজ
rooms-code-bad = কোডে ছয়টি অক্ষর আর অঙ্ক থাকে, বোর্ডে লেখা। তাতে O, 0, I, 1 বা L থাকে না।
rooms-error-no-room = এই কোডের কোনো ক্লাস নেই। বোর্ডে আবার দেখো।
rooms-error-closed = এই ক্লাসের ঘর বন্ধ। তোমার শিক্ষককে জিজ্ঞেস করো।
rooms-error-too-many = এখান থেকে অনেকবার চেষ্টা হয়েছে। কিছুক্ষণ অপেক্ষা করে আবার চেষ্টা করুন।
rooms-error-full = সার্ভারে যত ঘর থাকতে পারে, তত ঘর আছে। দরকার নেই এমন একটি ঘর বন্ধ করুন, বা সার্ভারের মালিককে জিজ্ঞেস করুন।
rooms-error-wrong-key = এটা এই ঘরের চাবি নয়।
rooms-error-bad-class = এই ফাইলটা এমন কোনো ক্লাস নয় যা MENACE নিতে পারে: পুরো ফাইলটা ফিরিয়ে দেওয়া হয়েছে, কিছুই তৈরি হয়নি।
rooms-error-too-large = ফাইলটা খুব বড়: ক্লাসের ফাইল বড়জোর 1 MiB হয়।
rooms-error-offline = সার্ভারে পৌঁছানো যাচ্ছে না। সংযোগ দেখে আবার চেষ্টা করুন।
rooms-error-other = সার্ভার এটা করতে পারেনি। একটু পরে আবার চেষ্টা করুন।
rooms-list-no-key = আপনার ঘরগুলো দেখতে চাবি লিখুন, বা আপনার প্রথম ঘর তৈরি করুন।
rooms-list-none = এখনও আপনার কোনো ঘর নেই।
rooms-made = আপনার নতুন ঘরের কোড { $code }। এটা বোর্ডে লিখুন; আপনার চাবি ওপরে আছে। নিচের তালিকা থেকে ঘরটা খুলুন।
rooms-games = { $games ->
    [one] { $games }টি খেলা
   *[other] { $games }টি খেলা
  }
rooms-projector = প্রজেক্টরের দৃশ্য
rooms-closed = বন্ধ
rooms-export = ডাউনলোড করুন
rooms-close = ঘর বন্ধ করুন
rooms-close-title = ঘর { $code } বন্ধ করবেন?
rooms-close-body = ছাত্রছাত্রীরা আর ঘর { $code }-এ যোগ দিতে পারবে না। এর MENACE আর { $games }টি খেলা রাখা থাকবে, আর মুছে ফেলার আগে পর্যন্ত (অনেক পরে) আপনি এই তালিকা থেকে এটা আবার খুলতে বা ডাউনলোড করতে পারবেন।
rooms-reopen = আবার খুলুন

# rooms2: the operator's page of `menace serve --rooms` (its figures, refreshed)
rooms2-operator-title = MENACE: এক নজরে সার্ভার
rooms2-operator-tagline = এক নজরে সার্ভার
rooms2-operator-key-heading = পরিচালকের চাবি
rooms2-operator-key-about = সার্ভার প্রতিবার চালু হওয়ার সময় এটা ছাপে। আপনি বন্ধ না করা পর্যন্ত এই ট্যাব এটা মনে রাখে।
rooms2-operator-show = সংখ্যাগুলো দেখান
rooms2-operator-heading = সার্ভার এখন
rooms2-fig-rooms = খোলা ঘর
rooms2-fig-rooms-more = বন্ধ বা সংরক্ষিত: { $archived }; এখন মেমোরিতে: { $memory }
rooms2-fig-players = এখন খেলছে
rooms2-fig-rate = প্রতি সেকেন্ডে খেলা (গত এক মিনিটে)
rooms2-fig-games = { $games ->
    [one] মোট { $games }টি খেলা
   *[other] মোট { $games }টি খেলা
  }
rooms2-fig-size = ডেটাবেসের আকার
rooms2-fig-mib = { $mib } এমবি
rooms2-figures-when = { $time } পর্যন্ত সংখ্যা। এগুলো নিজে থেকেই নতুন হয়।
rooms2-error-wrong-key = এটা পরিচালকের চাবি নয়। সার্ভার প্রতিবার চালু হওয়ার সময় নতুন চাবি ছাপে।
