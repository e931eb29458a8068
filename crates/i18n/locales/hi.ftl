# हिन्दी: MENACE के पन्नों और छपे लेबलों के शब्द।
# परियोजना के इंजीनियरों ने मशीन की मदद से अनुवाद किया है; किसी मूल वक्ता की जाँच बाक़ी है
# (कोई संदेश कैसे सुधारें, यह docs/menace.md में लिखा है)।
# इतिहास: issue 59 (एक असली पाठ): "वाला खिलाड़ी के ख़िलाफ़" जैसे जोड़ अब "विरोधी (…) के ख़िलाफ़";
# "1,000 खेल का अभ्यास" → "खेलों का"; "MENACE ने वहाँ क्यों चला" → "MENACE ने वहाँ चाल क्यों चली";
# खेल का नाम "काटा-छोटी" → "ज़ीरो-काटा"; पढ़ने वाले पाठ में कोई कमांड-लाइन शब्द नहीं (--state, menace eval, dump)।

## निजी पन्ना

page-title = MENACE: माचिस की डिब्बियों की मशीन जो ज़ीरो-काटा (टिक-टैक-टो) सीखती है
page-tagline = मिशी की माचिस-डिब्बी मशीन सिर्फ़ इनाम से खेलना सीखती है
skip-to-play = खेल पर जाएँ
menu-game = खेल
menu-seed = बीज
menu-language = भाषा
game-ttt = ज़ीरो-काटा (टिक-टैक-टो)
game-nim = निम (3, 4, 5)
game-hexapawn = हेक्सापॉन
button-set-seed = बीज लगाएँ
connection-connecting = जुड़ रहा है…
connection-connected = जुड़ गया
connection-in-page = इंजन इसी पेज में
connection-lost = संपर्क टूटा (फिर जोड़ने के लिए दबाएँ)
panel-play = खेलें
board-label = बोर्ड: किसी ख़ाली खाने को दबाकर वहाँ चाल चलें
cell-free = { $cell }: ख़ाली
cell-taken = { $cell }: { $mark }
move-placeholder = आपकी चाल, जैसे 2:3
button-move = चाल चलें
message-start = MENACE से खेलने के लिए नया खेल दबाएँ (वह X से खेलता है और पहले चलता है), या नीचे उसे अभ्यास करने दें।
message-thinking = MENACE मनका चुन रहा है…
message-you-first = पहली चाल आपकी है: नीचे अपनी चाल लिखें।
message-you-first-click = पहली चाल आपकी है: कोई ख़ाली खाना दबाएँ।
message-watch-start = MENACE बनाम { $opponent }: खेल शुरू होता है।
message-menace-moved = MENACE ने डिब्बी { $box } के मनके से { $move } चला। { $next }
message-menace-forced = MENACE ने { $move } चला, उसकी अकेली संभव चाल। { $next }
message-your-move-click = आपकी बारी: कोई ख़ाली खाना दबाएँ।
message-your-move-type = आपकी बारी: नीचे चाल लिखें।
message-opponent-moved = विरोधी ({ $opponent }) ने { $move } पर चाल चली।
message-result-learned = { $result } MENACE क्या सीखता है: { $rule }
message-training = MENACE अभ्यास कर रहा है: ऊपर चुने विरोधी के ख़िलाफ़ { $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  }।
message-trained = MENACE ने { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } का अभ्यास किया। अब वह कैसे खेलता है, देखने के लिए नया खेल दबाएँ।
message-seed = बीज { $seed }: अब वही क्लिक हर बार वही खेल देंगे।
message-imported = एक MENACE लोड हुआ जिसने { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } से सीखा है ({ $preset })।
message-saved = सहेजा गया: { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } के बाद का MENACE आपके डाउनलोड में है।
result-menace-wins = MENACE जीता।
result-draw = बराबरी।
result-you-win = आप जीते!
result-opponent-wins = { $opponent } जीता।
result-menace-resigned = MENACE ने हार मान ली: उसकी डिब्बी ख़ाली थी। आप जीते!
result-you-resigned = आपने हार मान ली: MENACE जीता।
result-opponent-resigned = विरोधी ({ $opponent }) ने हार मान ली: MENACE जीता।
result-and-why = { $result } { $why }
result-resigned-for-good-first = MENACE ने हमेशा के लिए हार मान ली: उसकी पहली डिब्बी ख़ाली है, और जब ख़ाली डिब्बी से MENACE हार मानता है तो उसमें मनके कभी नहीं लौटते। "बदलें और फिर से शुरू करें" हर डिब्बी भर देता है; "3 बेतरतीब मनके डालें" से वह खेलता रहता है।
result-resigned-for-good-second = MENACE ने हमेशा के लिए हार मान ली: उसकी पहली चाल की हर डिब्बी ख़ाली है, और जब ख़ाली डिब्बी से MENACE हार मानता है तो उसमें मनके कभी नहीं लौटते। "बदलें और फिर से शुरू करें" हर डिब्बी भर देता है; "3 बेतरतीब मनके डालें" से वह खेलता रहता है।
button-new-game = नया खेल
button-resign = हार मानें
counter-won = MENACE जीता
counter-drawn = बराबरी
counter-lost = MENACE हारा
games-learned = कुल कितने खेलों से सीखा:
panel-opponent = विरोधी
menu-opponent = MENACE किससे खेले
opponent-human = आपसे (बोर्ड पर दबाएँ)
opponent-you = आप
opponent-random = बेतरतीब चाल चलने वाला खिलाड़ी
opponent-perfect = निपुण खिलाड़ी
opponent-mixed = निपुण खिलाड़ी जो कभी-कभी बेतरतीब चलता है
opponent-exploiter = अभी के MENACE के ख़िलाफ़ सबसे अच्छा संभव विरोधी
opponent-menace = दूसरा MENACE, जो ख़ुद भी सीखता है
mixed-share = बेतरतीब चालों का हिस्सा
menu-speed = रफ़्तार
speed-ms = हर चाल { $ms } मि.से.
speed-fastest = जितना तेज़ हो सके
watch-label = देखने के लिए खेल
button-watch = देखें
train-label = अभ्यास के खेल
button-train = अभ्यास कराएँ
button-stop = रोकें
progress-label = अभ्यास की प्रगति
progress-line = { $of } में से { $done } खेल: MENACE जीता { $won }, बराबरी { $drawn }, हारा { $lost }
progress-trained = विरोधी ({ $opponent }) के ख़िलाफ़ { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } का अभ्यास: MENACE जीता { $won }, बराबरी { $drawn }, हारा { $lost }।
progress-trained-stopped = विरोधी ({ $opponent }) के ख़िलाफ़ { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } के बाद रोका: MENACE जीता { $won }, बराबरी { $drawn }, हारा { $lost }।
panel-beads = मनके
menu-preset = तैयार नियम
preset-option = { $name }: मनके { $initial }; जीत, बराबरी, हार { $reward }
preset-challenge = चुनौती के नियम
preset-michie = मिशी के 1961 के नियम
preset-scroggs = स्क्रॉग्स के नियम
preset-custom = आपके अपने नियम
rules-initial = MENACE की पहली, दूसरी, तीसरी, चौथी चाल पर हर चाल के मनके
rules-reward = जीत, बराबरी, हार के बाद हर निकाले मनके पर जोड़े जाने वाले मनके
rules-empty = जब कोई डिब्बी ख़ाली हो
rules-empty-refill = 3 बेतरतीब मनके डालें
rules-empty-resign = MENACE हार मान ले
rules-symmetry = हर तरह की चाल के लिए एक रंग (स्क्रॉग्स)
rules-symmetry-help = हर डिब्बी में उन चालों के हर समूह के लिए एक रंग, जो बोर्ड घुमाने पर एक जैसी हों
rules-symmetry-missing = इस इंजन के नियमों में यह विकल्प नहीं है
button-update = बदलें
button-update-reset = बदलें और फिर से शुरू करें
rules-now = अभी: { $preset }।
rules-refilled = हर डिब्बी फिर से भरी गई।
rules-kept = मनके वैसे ही रखे गए।
panel-eval = MENACE अभी कितना अच्छा है?
button-eval = ठीक-ठीक गिनें
eval-what = इसका मतलब क्या है?
eval-exploit = अगर सबसे अच्छा संभव विरोधी अभी MENACE से खेले, तो MENACE { $share } खेल हारेगा।
eval-exploit-help = यह MENACE की "कमज़ोरी का माप" है: उन खेलों का हिस्सा जो ऐसा विरोधी जीतेगा जिसे हर डिब्बी का हर मनका पता है और जो उनका सबसे अच्छा जवाब देता है।
eval-greedy = अगर MENACE हमेशा सबसे ज़्यादा मनकों वाला रंग लेता, तो वह विरोधी { $share } खेल जीतता।
eval-greedy-help = MENACE मनका बेतरतीब निकालता है; यह वही आँकड़ा है अगर वह हमेशा डिब्बी का सबसे ज़्यादा मनकों वाला रंग लेता।
eval-random = बेतरतीब चलने वाले खिलाड़ी के ख़िलाफ़ MENACE { $win } खेल जीतता, { $draw } बराबर करता और { $loss } हारता है।
eval-random-help = ऐसे खिलाड़ी के हर संभव खेल पर ठीक-ठीक संभावनाएँ, कोई नमूना नहीं।
eval-perfect = निपुण खिलाड़ी के ख़िलाफ़ MENACE { $win } खेल जीतता, { $draw } बराबर करता और { $loss } हारता है।
eval-perfect-help = निपुण खिलाड़ी कभी नहीं हारता; वह अपनी सबसे अच्छी चालों में से बेतरतीब चुनता है।
panel-save = सहेजें और लोड करें
button-download = MENACE डाउनलोड करें
button-upload = कोई MENACE अपलोड करें
panel-explain = MENACE ने वहाँ चाल क्यों चली
explain-none = जब MENACE चलेगा, यहाँ दिखेगा कि उसने कौन-सी डिब्बी खोली और कौन-सा मनका निकाला।
explain-latest = MENACE की आख़िरी चाल
explain-after-game = इस खेल ने MENACE को क्या सिखाया
explain-real-board = असली बोर्ड
explain-box-drawing = डिब्बी { $box } पर बना चित्र
explain-cell = मनका { $bead }: { $count ->
    [one] { $count } मनका
   *[other] { $count } मनके
  }, डिब्बी का { $share }
explain-same-board = डिब्बी पर यही बोर्ड बना है, इसलिए हर मनका उसी खाने का है जिस पर वह बना है।
explain-turned = डिब्बी पर यह बोर्ड { $how } बना है, इसलिए असली बोर्ड पर खाना ढूँढने के लिए हर मनके को वापस घुमाया जाता है।
explain-drew = MENACE ने डिब्बी { $box } हिलाई और मनका { $letter } निकाला (डिब्बी पर { $bead }), { $total } मनकों में उस रंग के { $count } में से एक: { $share } की संभावना। वापस घुमाने पर यह { $move } पर आता है।
explain-forced = बस एक खाना ख़ाली था: MENACE ने बिना डिब्बी खोले { $move } चला।
explain-refilled = डिब्बी ख़ाली थी, इसलिए पहले { $count ->
    [one] { $count } बेतरतीब मनका डाला गया
   *[other] { $count } बेतरतीब मनके डाले गए
  }।
explain-nim-row = पंक्ति { $row }: { $count ->
    [one] { $count } तीली
   *[other] { $count } तीलियाँ
  }
explain-col-bead = मनका
explain-col-move = असली बोर्ड पर चाल
explain-col-beads = मनके
explain-col-share = संभावना
explain-col-after = खेल के बाद मनके
explain-won = MENACE जीता:
explain-draw = बराबरी:
explain-lost = MENACE हारा:
explain-rule-more = निकाला गया हर मनका अपनी डिब्बी में लौटता है और उसके साथ उसी रंग के { $count ->
    [one] { $count } और
   *[other] { $count } और
  } डाले जाते हैं, इसलिए ये चालें ज़्यादा संभावित हो जाती हैं।
explain-rule-same = निकाला गया हर मनका अपनी डिब्बी में लौटता है; कुछ नहीं बदलता।
explain-rule-out = निकाला गया हर मनका बाहर कर दिया जाता है (उस रंग के { $count ->
    [one] { $count } मनका
   *[other] { $count } मनके
  }), इसलिए ये चालें कम होती जाती हैं।
explain-before-after = डिब्बी { $box }: मनका { $bead } (चाल { $move }) { $before } से { $after } हुआ।
explain-now-holds = तब से खेले गए बाकी खेलों के बाद, डिब्बी { $box } में अब { $bead } के { $now } मनके हैं।
symmetry-identity = जैसा है वैसा
symmetry-rotate-90-clockwise = घड़ी की दिशा में चौथाई घुमाकर
symmetry-rotate-180 = आधा घुमाकर
symmetry-rotate-90-anticlockwise = घड़ी की उलटी दिशा में चौथाई घुमाकर
symmetry-mirror-left-right = बाएँ से दाएँ उलटकर
symmetry-mirror-top-bottom = ऊपर से नीचे उलटकर
symmetry-mirror-main-diagonal = ऊपर-बाएँ से नीचे-दाएँ वाले विकर्ण पर उलटकर
symmetry-mirror-anti-diagonal = ऊपर-दाएँ से नीचे-बाएँ वाले विकर्ण पर उलटकर
panel-learning = सीखना
plot-label = सीखने का वक्र: हाल के खेलों में जीत, बराबरी और हार का हिस्सा, और पहली डिब्बी के मनके
plot-game = खेल { $game }
plot-empty = खेलें, देखें या अभ्यास कराएँ: सीखने का वक्र यहाँ दिखेगा।
plot-beads-axis = मनके
plot-exploit-point = { $games } खेलों के बाद सबसे अच्छा विरोधी { $share } जीतता
legend-won = जीत (हाल के खेलों का हिस्सा)
legend-drawn = बराबरी
legend-lost = हार
legend-beads = पहली डिब्बी के मनके
legend-exploit = सबसे अच्छे विरोधी की जीत (ठीक-ठीक गिनने के बाद)
panel-boxes = माचिस की डिब्बियाँ
show-opponent = दूसरे MENACE की डिब्बियाँ दिखाएँ
boxes-key = हर ख़ाली खाने में उस चाल के मनकों की गिनती है। घेरा: निकाला गया मनका; मोटी किनारी: पिछले खेल में इस्तेमाल हुई डिब्बियाँ।
boxes-count = { $count ->
    [one] { $count } डिब्बी
   *[other] { $count } डिब्बियाँ
  }
boxes-count-opponent = दूसरे MENACE (O) की { $count } डिब्बियाँ
boxes-none-opponent = (पहले दूसरे MENACE के ख़िलाफ़ अभ्यास कराएँ)
boxes-used = पिछले खेल में इस्तेमाल हुई डिब्बियाँ, मनके निकलने के क्रम में
boxes-for-move = उसकी चाल { $move }: { $count ->
    [one] { $count } डिब्बी
   *[other] { $count } डिब्बियाँ
  }
box-title = डिब्बी { $box }: { $count ->
    [one] { $count } मनका
   *[other] { $count } मनके
  }
box-beads = मनके { $beads }
beads-count = { $count ->
    [one] { $count } मनका
   *[other] { $count } मनके
  }
toast-not-json = सर्वर ने कुछ ऐसा भेजा जो JSON नहीं है
toast-not-connected = इंजन से संपर्क नहीं है
toast-not-state = { $file } सहेजा हुआ MENACE नहीं है: यह फ़ाइल पढ़ी नहीं जा सकी
toast-too-large = { $file } सहेजे हुए MENACE के लिए बहुत बड़ी है
toast-choose-opponent = MENACE के लिए कोई विरोधी चुनें, या ख़ुद खेलने के लिए नया खेल दबाएँ
message-start-second = MENACE से खेलने के लिए नया खेल दबाएँ (आप X से खेलते हैं और पहले चलते हैं; MENACE O से खेलता है), या नीचे उसे अभ्यास करने दें।
message-start-nim = MENACE से निम खेलने के लिए नया खेल दबाएँ (आखिरी तीली उठाने वाला जीतता है), या नीचे उसे अभ्यास करने दें।
message-start-hexapawn = MENACE से हेक्सापॉन खेलने के लिए नया खेल दबाएँ (आप सफ़ेद प्यादों से खेलते हैं और पहले चलते हैं; MENACE काले प्यादों से खेलता है), या नीचे उसे अभ्यास करने दें।
plot-window = वक्र वे आख़िरी { $count } खेल दिखाता है जो इंजन रखता है (खेल { $from } से { $to } तक); उनसे पहले के खेल नहीं दिखाए गए।
explain-find-box = माचिस की डिब्बियों में डिब्बी { $box } ढूँढें
links-label = और
link-print = छापने लायक़ लेबल
link-guide = पाठ की मार्गदर्शिका
link-projector = प्रोजेक्टर दृश्य
link-take-home = MENACE घर ले जाएँ (एक फ़ाइल)
link-take-home-title = menace.html: एक फ़ाइल में MENACE, जो बिना सर्वर और बिना नेटवर्क के चलता है। इसे ब्राउज़र में खोलें, या दूसरों को दें।

## कक्षा का पन्ना (menace serve --class)

class-page-title = पूरी कक्षा के लिए MENACE: माचिस की डिब्बियों की एक मशीन, जिसे सब सिखाते हैं
class-tagline = पूरी कक्षा के लिए माचिस की डिब्बियों की एक मशीन: हर खेल उसे सिखाता है
class-name-placeholder = आपका नाम
class-message-start = अपना नाम लिखें और नया खेल दबाएँ: MENACE X से खेलता है और पहले चलता है।
class-message-start-second = अपना नाम लिखें और नया खेल दबाएँ: आप X से खेलते हैं और पहले चलते हैं; MENACE O से खेलता है।
class-your-move = आपकी बारी (आप { $mark } हैं)।
class-panel-score = MENACE बनाम कक्षा
class-games = { $count ->
    [one] { $count } खेल
   *[other] { $count } खेल
  }
class-curve-label = कक्षा का सीखने का वक्र: MENACE की जीत घटा हार, खेल-दर-खेल
class-curve-help = वक्र: इस पन्ने पर खेले गए खेलों में MENACE की जीत घटा उसकी हार, खेल-दर-खेल।
class-trained-apart = कक्षा से अलग अभ्यास: { $list }।
class-trained-item = विरोधी ({ $opponent }) के ख़िलाफ़ { $games } खेल ({ $won } जीत, { $drawn } बराबरी, { $lost } हार)
class-panel-players = खिलाड़ी
class-col-name = नाम
class-col-games = खेल
class-col-won = जीत
class-col-drawn = बराबरी
class-col-lost = हार
class-panel-teacher = शिक्षक
class-key = कुंजी
class-key-placeholder = सर्वर ने जो कुंजी छापी
class-beads-placeholder = मनके, जैसे 4,3,2,1
class-reward-placeholder = इनाम, जैसे 3,1,-1
class-button-rules = नए नियम (डिब्बियाँ फिर भरें)
class-button-reset = फिर से शुरू करें
class-teacher-note = कक्षा का MENACE हर खेल के बाद सँभालकर रखा जाता है। डाउनलोड उसकी एक प्रति है: उसे यहाँ, निजी पन्ने पर या अगले साल फिर से अपलोड करें।
class-key-needed = पहले शिक्षक की कुंजी लिखें: सर्वर ने शुरू होते समय उसे छापा था।
class-teacher-open = शिक्षक के आदेश इस पन्ने पर खुले हैं।
class-training = अभ्यास: { $of } में से { $games } खेल…
class-trained-line = विरोधी ({ $opponent }) के ख़िलाफ़ { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } का अभ्यास: MENACE जीता { $won }, बराबरी { $drawn }, हारा { $lost }।
class-rules-refilled = नए नियम: { $preset }; हर डिब्बी फिर से भरी गई।
class-rules-kept = नए नियम: { $preset }; मनके वैसे ही रखे गए।
class-player-placeholder = बोर्ड पर एक नाम
class-player-label = बोर्ड पर किसी खिलाड़ी का नाम
class-button-remove-player = बोर्ड से हटाएँ
class-button-clear-players = बोर्ड ख़ाली करें
class-confirm-clear = क्या बोर्ड से { $count ->
    [one] यह { $count } नाम
   *[other] सभी { $count } नाम
  } हटा दें? स्कोर, वक्र और MENACE की डिब्बियाँ जैसी हैं वैसी ही रहेंगी।
class-removed = बोर्ड से हटाए गए: { $names }।
class-unlisted = बोर्ड भरा हुआ है, इसलिए आपका नाम सूची में नहीं है, पर आपके खेल कक्षा में गिने जाते हैं।
class-reset-done = MENACE नई डिब्बियों के साथ फिर से शुरू करता है।
class-imported = अपलोड हुआ: इस MENACE ने { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } से सीखा है।
class-boxes-help = हर डिब्बी पर उसका चित्र है; ख़ाली खाने की संख्या उस चाल के मनके हैं।
class-drew = { $player } का खेल: MENACE ने डिब्बी { $box } से { $bead } निकाला।
class-last-game-won = खेल { $number } ({ $player }): MENACE जीता।
class-last-game-draw = खेल { $number } ({ $player }): बराबरी।
class-last-game-lost = खेल { $number } ({ $player }): MENACE हारा।
class-connection-reconnecting = संपर्क टूटा: फिर से जुड़ रहा है…
class-connection-again = फिर से जुड़ गया
class-game-dropped = संपर्क टूट गया; वह खेल नहीं गिना गया। फिर खेलने के लिए नया खेल दबाएँ।
class-named = आप { $name } के नाम से खेल रहे हैं।
class-panel-last-game = सबसे नया खेल
class-last-game-none = MENACE का अगला खेल यहाँ दिखेगा।
class-last-game-caption = { $player }: MENACE की सबसे नई चाल, डिब्बी { $box } के चित्र पर
class-last-game-board = { $player } का खेल: MENACE ने { $move } पर चाल चली (डिब्बी { $box } का मनका)
class-curve-empty = वक्र कक्षा के पहले खेल से शुरू होता है।
class-panel-join = कक्षा से जुड़ें
class-qr-caption = फ़ोन से कोड स्कैन करें, या पता लिखें:
class-previous-title = पहले की मशीनें
class-previous-help = रीसेट, नए नियम, अपलोड या कोई पुरानी मशीन वापस लाना, जिस मशीन की जगह लेता है उसे यहाँ रखता है (आख़िरी पाँच)।
class-previous-none = अभी कोई नहीं।
class-previous-entry = { $when }, { $why }: { $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  } (MENACE जीता { $won }, बराबरी { $drawn }, हारा { $lost }), { $players ->
    [one] { $players } खिलाड़ी
   *[other] { $players } खिलाड़ी
  }
class-previous-entry-undated = { $why }: { $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  } (MENACE जीता { $won }, बराबरी { $drawn }, हारा { $lost }), { $players ->
    [one] { $players } खिलाड़ी
   *[other] { $players } खिलाड़ी
  }
class-why-reset = रीसेट से बदली गई
class-why-rules = नए नियमों से बदली गई
class-why-import = अपलोड से बदली गई
class-why-restore = पुरानी मशीन वापस लाने पर बदली गई
class-button-restore = वापस लाएँ
class-button-restore-label = पहले की मशीन { $number } वापस लाएँ
class-restored = पहले की मशीन { $number } वापस आई: उसने { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } से सीखा है।
class-confirm-reset-title = क्या पूरी कक्षा के लिए MENACE को रीसेट करें?
class-confirm-rules-title = क्या पूरी कक्षा के लिए नए नियम और भरी हुई नई डिब्बियाँ?
class-confirm-upload-title = क्या अपलोड की गई { $file } को कक्षा के MENACE की जगह रखें?
class-confirm-restore-title = क्या पहले की मशीन { $number } ({ $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  }) वापस लाएँ?
class-confirm-lost = इससे कक्षा की अभी की मशीन बदल जाएगी: { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } का स्कोर, बोर्ड पर { $players ->
    [one] { $players } खिलाड़ी
   *[other] { $players } खिलाड़ी
  }, अभ्यास का हिसाब और MENACE की सारी सीख। ये सब शिक्षक के हिस्से में "पहले की मशीनें" के नीचे रखे जाते हैं, जहाँ से आप इन्हें वापस ला सकते हैं।
class-confirm-replace = हाँ, बदलें
class-confirm-cancel = रहने दें

## सर्वर की त्रुटियाँ, उनके कोड से (protocol.md)

error-name-first = पहले अपना नाम लिखें: वह कक्षा के बोर्ड पर जाता है।
error-no-game = अभी कोई खेल नहीं चल रहा: नया खेल दबाएँ।
error-teacher-only = "{ $command }" शिक्षक का काम है: पहले शिक्षक की कुंजी दें।
error-wrong-key = कुंजी ग़लत है। (ग़लत कुंजियाँ धीमी की जाती हैं, ताकि कोई कुंजी का अंदाज़ा न लगा सके।)
error-idle = { $minutes ->
    [one] { $minutes } मिनट
   *[other] { $minutes } मिनट
  } तक कोई चाल या आदेश न आने पर संपर्क बंद हुआ।
error-server-full = सर्वर भरा है: वह एक साथ ज़्यादा से ज़्यादा { $max } सत्र चलाता है। थोड़ी देर बाद फिर कोशिश करें।
error-busy = MENACE पिछली पंक्तियों में व्यस्त है: इसे थोड़ी देर में फिर भेजें।
error-name-invisible = नाम में अदृश्य या दिशा बदलने वाले अक्षर नहीं हो सकते।
error-name-too-long = नाम ज़्यादा से ज़्यादा { $max } अक्षरों का होता है।
error-name-control = नाम में नियंत्रण अक्षर नहीं हो सकते।
error-name-combining = नाम किसी मात्रा या जुड़ने वाले चिह्न से शुरू नहीं हो सकता।
error-name-empty = कोई नाम लिखें: नाम ख़ाली नहीं हो सकता।
error-names-per-connection = एक पन्ना ज़्यादा से ज़्यादा { $max } नए नाम दे सकता है: अपने किसी नाम से खेलें।
error-not-on-board = { $name } बोर्ड पर नहीं है।
error-class-file = कक्षा का MENACE उसकी फ़ाइल में सहेजा नहीं जा सका; कक्षा चलती रहेगी, शिक्षक उसे डाउनलोड कर लें।
error-line-too-long = यह भेजने के लिए बहुत लंबा है (अपलोड ज़्यादा से ज़्यादा 1 MiB का होता है)।
# engine: every other refusal the engine words, by its code (protocol.md's list)
error-not-utf8 = यह पाठ पढ़ा नहीं जा सका: इसकी एन्कोडिंग सही नहीं है।
error-one-line = एक बार में एक ही आदेश भेजें।
error-unknown-command = इंजन यह आदेश नहीं जानता।
error-not-a-command = यह कोई आदेश नहीं है।
error-private-only = यह सिर्फ़ निजी सत्र के लिए है, कक्षा के लिए नहीं।
error-class-only = यह सिर्फ़ कक्षा के लिए है।
error-needs-learner = यह सीखने वाला ऐसा नहीं कर सकता: इसके लिए मशीन की माचिस-डिब्बियाँ चाहिए।
error-wrong-game = यह इस खेल का हिस्सा नहीं है।
error-unexpected-words = आदेश के बाद कुछ फ़ालतू लिखा है।
error-missing-argument = आदेश के बाद कुछ छूट गया है।
error-not-a-number = यहाँ एक पूर्ण संख्या चाहिए।
error-out-of-range = { $min } से { $max } तक की कोई पूर्ण संख्या दें।
error-bad-argument = इंजन यह चुनाव नहीं समझता।
error-match-in-progress = एक खेल चल रहा है ({ $games } में से खेल { $game }): पहले उसे पूरा करें या नया खेल शुरू करें।
error-nothing-to-abort = रोकने के लिए कोई खेल नहीं चल रहा।
error-not-a-ttt-move = यह कोई खाना नहीं है: किसी ख़ाली खाने पर क्लिक करें।
error-cell-taken = यह खाना भरा है: कोई ख़ाली खाना चुनें।
error-not-a-nim-move = चाल पंक्ति:तीलियाँ लिखें, जैसे 2:3 यानी पंक्ति 2 से 3 तीलियाँ।
error-no-such-row = पंक्ति { $row } नहीं है: पंक्तियाँ 1 से { $rows } तक हैं।
error-take-one = कम से कम एक तीली उठाएँ।
error-too-many-taken = पंक्ति { $row } में सिर्फ़ { $left } बची हैं: { $take } नहीं उठा सकते।
error-not-a-hexapawn-move = चाल ऐसे लिखें: जहाँ से, डैश, जहाँ तक; मारने के लिए बीच में क्रॉस का चिह्न।
error-no-pawn = उस खाने पर आपका कोई प्यादा नहीं है।
error-hexapawn-dash-x = सीधी चाल डैश से लिखें और मारने वाली चाल क्रॉस के चिह्न से।
error-hexapawn-illegal = वह प्यादा वहाँ नहीं जा सकता: एक खाना आगे किसी ख़ाली खाने पर, या मारने के लिए तिरछा।
error-no-opponent-machine = अभी दूसरी मशीन नहीं है: पहले मशीन के ख़िलाफ़ अभ्यास कराएँ।
error-no-matchboxes = इस सीखने वाले के पास माचिस-डिब्बियाँ नहीं हैं, इसलिए उसकी कोई सहेजी मशीन नहीं है।
error-unknown-opponent = इंजन इस विरोधी को नहीं जानता।
error-bad-probability = मिले-जुले विरोधी को 0 से 1 तक का हिस्सा चाहिए, जैसे 0.3।
error-program-opponent = बाहर का कोई प्रोग्राम सिर्फ़ कमांड लाइन पर विरोधी बन सकता है।
error-too-many-opponents = कक्षा ज़्यादा से ज़्यादा { $max } विरोधियों का हिसाब रखती है: उन्हीं में से किसी के ख़िलाफ़ अभ्यास कराएँ।
error-class-opponent = कक्षा की मशीन बेतरतीब, बेहतरीन, मिले-जुले या सबसे मज़बूत विरोधी के ख़िलाफ़ अभ्यास करती है।
error-rules-nothing = बदलने के लिए कोई नियम चुनें।
error-rules-twice = कोई नियम दो बार दिया गया है।
error-rules-needs-value = किसी नियम का मान छूट गया है।
error-not-a-rule = यह मनकों का कोई नियम नहीं है।
error-unknown-preset = इंजन यह नियम-समूह नहीं जानता।
error-bad-initial = शुरू के मनके 1 से 64 गिनतियाँ हों, हर एक 1 से 10,00,000 तक, जैसे 4,3,2,1।
error-bad-reward = इनाम जीत, बराबरी और हार के लिए तीन पूर्ण संख्याएँ हों, हर एक -10,00,000 से 10,00,000 तक, जैसे 3,1,-1।
error-bad-empty = ख़ाली डिब्बी में 1 से 10,00,000 मनके भरे जाते हैं, या मशीन हार मान लेती है।
error-colours-need-reset = हर समरूपता का एक रंग मनकों को दूसरी चालों पर रखता है: इसे बदलने के लिए फिर से शुरू करना चुनें।
error-bad-colours = मनकों के रंग हर चाल का एक, या हर समरूपता का एक होते हैं।
error-state-not-json = यह फ़ाइल ख़राब है या सहेजी गई मशीन नहीं है: यह सही ढाँचे वाला पाठ नहीं है।
error-state-unknown-field = इस फ़ाइल में ऐसे हिस्से हैं जो सहेजी गई मशीन में नहीं होते: यह मशीन की फ़ाइल नहीं है।
error-state-missing-field = इस फ़ाइल में वे हिस्से नहीं हैं जो हर सहेजी गई मशीन में होते हैं।
error-state-malformed = यह फ़ाइल सहेजी गई मशीन नहीं है: इसके हिस्सों का रूप ग़लत है।
error-state-format = यह फ़ाइल सहेजी गई मशीन नहीं है।
error-state-version = यह फ़ाइल संस्करण { $version } की सहेजी गई मशीन है, जिसे यह पन्ना नहीं पढ़ सकता।
error-state-other-rows = वह मशीन दूसरी पंक्तियों वाला निम खेलती है।
error-state-other-game = वह मशीन कोई दूसरा खेल खेलती है: पहले उसका खेल चुनें।
error-state-other-side = वह मशीन दूसरी तरफ़ से खेलती है: उसके हिसाब से चुनें कि पहले कौन चलेगा।
error-state-rules = इस फ़ाइल में मनकों के नियम सही नहीं हैं।
error-state-curve = इस फ़ाइल में सीखने का वक्र या नतीजे आपस में मेल नहीं खाते।
error-state-class = इस फ़ाइल में कक्षा का हिसाब सही नहीं है।
error-state-boxes = इस फ़ाइल की डिब्बियाँ इस खेल के लिए मशीन की डिब्बियाँ नहीं हैं।
error-files-refused = यह सत्र उस फ़ाइल का इस्तेमाल नहीं कर सकता।
error-file-unreadable = वह फ़ाइल पढ़ी नहीं जा सकी।
error-file-unwritable = वह फ़ाइल लिखी नहीं जा सकी।
error-no-earlier = पहले की मशीन { $number } नहीं है: कक्षा के पास अभी { $kept } हैं।

## छपे लेबल (menace print, /print)

print-title = { $machine }: माचिस की डिब्बियों के लेबल
print-machine-menace = MENACE (ज़ीरो-काटा)
print-machine-menace-second = O से खेलता MENACE (ज़ीरो-काटा)
print-machine-hexapawn = हेक्सापॉन
print-machine-nim = निम (3, 4 और 5 की पंक्तियाँ)
print-key-heading = { $machine } — { $boxes } डिब्बियाँ, पन्ना { $page } / { $pages }
print-key-line = { $rules }; { $colours }।
print-rules = मनके: { $preset }: चाल के हिसाब से हर रंग के { $initial } मनके; जीत/बराबरी/हार { $reward }; { $empty }
print-empty-refill = ख़ाली डिब्बी में { $count } बेतरतीब मनके डाले जाते हैं
print-empty-resign = ख़ाली डिब्बी पर मशीन हार मान लेती है
print-colours-cells = हर खाने का एक रंग
print-colours-moves = हर चाल का एक रंग
print-colours-symmetry-cells = सममित खानों के हर वर्ग का एक रंग (सममित खाने एक मनका बाँटते हैं)
print-colours-symmetry-moves = सममित चालों के हर वर्ग का एक रंग (सममित चालें एक मनका बाँटती हैं)
print-colours-symmetry-nim = सममित चालों के हर वर्ग का एक रंग (निम में समरूपता नहीं: हर चाल का एक)
print-unit-cell = खाने
print-unit-move = चाल
print-key-fill = हर डिब्बी में उसके लेबल पर लिखे मनके डालें, हर चिह्नित { $unit } के लिए एक रंग।
print-build-numbers = डिब्बियों की संख्याएँ प्रोग्राम की हैं: पन्ना भी यही संख्याएँ दिखाता है; लेबल पर "चाल": मशीन की वह चाल जिस पर डिब्बी पहली बार आती है।
print-key-menace = मशीन X से खेलती है।
print-key-menace-second = मशीन O से खेलती है: हर खेल विरोधी शुरू करता है।
print-key-hexapawn = मशीन काले मोहरों से खेलती है (भरे हुए, नीचे की ओर); तीर उसकी चालें हैं।
print-key-nim = मशीन पहले चलती है; एक तीली का मतलब: उसे और उसके दाईं ओर की सब तीलियाँ उठाएँ।
print-label-box = डिब्बी { $box }
print-label-move = चाल { $move }
print-label-each = { $count ->
    [one] हर रंग का { $count } मनका
   *[other] हर रंग के { $count } मनके
  }
print-label-colours = { $colours ->
    [one] { $colours } रंग
   *[other] { $colours } रंग
  }, { $beads } मनके
print-colour-red = लाल
print-colour-amber = अंबर
print-colour-yellow = पीला
print-colour-green = हरा
print-colour-blue = नीला
print-colour-purple = बैंगनी
print-colour-pink = गुलाबी
print-colour-brown = भूरा
print-colour-silver = चाँदी
print-colour-cyan = आसमानी
print-colour-lime = धानी
print-colour-magenta = मैजेंटा
print-build-title = { $machine } कैसे बनाएँ
print-build-shopping = ख़रीदने के मनके
print-build-col-colour = रंग
print-build-col-start = शुरुआत में डिब्बियों में
print-build-col-buy = ख़रीदें
print-build-total = कुल: { $boxes } माचिस की डिब्बियाँ और शुरुआत में { $beads } मनके ({ $buy } ख़रीदें)।
print-build-margin = "ख़रीदें" में वे मनके हैं जिनसे डिब्बियाँ शुरू होती हैं, और हर रंग के एक चौथाई ज़्यादा (कम से कम 10): ख़ाली डिब्बियाँ भरने और जीत से जुड़ने वाले मनकों के लिए।
print-build-steps = क़दम
print-build-step-cut = ये पन्ने छापें और लेबल कटी-कटी रेखाओं पर काट लें।
print-build-step-glue = हर लेबल को एक ख़ाली माचिस की डिब्बी के ऊपर चिपकाएँ: { $boxes } डिब्बियाँ।
print-build-step-sort = मनकों को रंग के हिसाब से कटोरियों में अलग करें। हर निशान का अक्षर उसका रंग बताता है (नीचे कुंजी), इसलिए लेबल काले-सफ़ेद छपाई में भी पढ़े जाते हैं।
print-build-step-fill = हर डिब्बी में उसके लेबल पर लिखे मनके डालें: हर चिह्नित { $unit } के लिए एक रंग के, जितने लेबल पर लिखे हों।
print-build-step-rows = डिब्बियों को "चाल" (मशीन की पहली, दूसरी, तीसरी चाल …) के हिसाब से क़तारों में, संख्या के क्रम में रखें।
print-build-step-play = खेलने के लिए: वह डिब्बी ढूँढें जिस पर बोर्ड बना है, ज़रूरत हो तो घुमाकर या उलटकर। उसे हिलाएँ, बिना देखे एक मनका निकालें और वहाँ चलें जहाँ उसका रंग बना है, उसी तरह वापस घुमाकर। खेल ख़त्म होने तक मनका डिब्बी के पास रखें।
print-build-step-learn = खेल के बाद हर निकाला मनका उसके रंग के इतने और मनकों के साथ लौटाएँ: जीत { $win }, बराबरी { $draw }, हार { $loss } (−1: मनका बाहर रहता है)।
print-build-key = रंगों की कुंजी

# state: the private page's questions before learning is lost, MENACE's side, training counts, the whole story's curve
menu-side = MENACE की चाल
side-first = पहले
side-second = बाद में
ask-replace = हाँ, बदलें
ask-switch = हाँ, बदलें
ask-reset-title = नए नियम और नया MENACE?
ask-load-title = इस MENACE की जगह { $file } रखें?
ask-switch-game = { $game } पर जाएँ?
ask-switch-side = MENACE को { $side } चलने दें?
ask-lost = MENACE के { $games ->
    [one] { $games } खेल
   *[other] { $games } खेलों
  } की सीख मिट जाएगी। उसे रखना हो तो पहले MENACE डाउनलोड करें।
ask-switch-kept = चल रहा खेल पूरा होते ही अभ्यास रुक जाएगा; MENACE ने अब तक जो सीखा है, वह बना रहेगा।
message-stopping = अभ्यास रोका जा रहा है…
train-count-empty = लिखें कि MENACE कितने खेलों का अभ्यास करे, जैसे 1000। कोई अभ्यास नहीं हुआ।
train-count-not-whole = “{ $text }” खेलों की गिनती नहीं है: पूरी संख्या लिखें, जैसे 1000। कोई अभ्यास नहीं हुआ।
train-count-zero = MENACE कम से कम 1 खेल का अभ्यास करता है। कोई अभ्यास नहीं हुआ।
train-count-too-many = एक बार में ज़्यादा से ज़्यादा { $most } खेल ({ $games } माँगे गए)। कोई अभ्यास नहीं हुआ।
opponent-exploiter-menu = अभी के MENACE के ख़िलाफ़ सबसे अच्छा संभव विरोधी (जब वह MENACE को हरा नहीं सकता, तो आधी बार सबसे अच्छी चाल और आधी बार बेतरतीब चाल चलता है)
legend-net = MENACE की जीतें घटा उसकी हारें, बनने के बाद के हर खेल पर
# page: the offline page's kept machines (a full storage, a damaged copy, another tab, the earlier machines), Nim's and Hexapawn's boards, the cells' legend (issue 73)
page-storage-full = यह ब्राउज़र MENACE की सीख नहीं रख पा रहा: इसका स्टोरेज भरा है या बंद है। इसे रखने के लिए MENACE डाउनलोड करें।
page-storage-damaged = इस ब्राउज़र में रखा MENACE पढ़ा नहीं जा सका, इसलिए नया MENACE शुरू हुआ। खराब प्रति अलग रख दी गई है।
page-damaged-download = खराब प्रति डाउनलोड करें
page-damaged-drop = खराब प्रति भूल जाएँ
page-storage-elsewhere = यह MENACE दूसरे टैब में खुला है, अब उसकी सीख वही टैब रखता है: इस टैब में जो सीखेगा वह नहीं रखा जाएगा।
page-take-over = इसी टैब में चलाएँ
page-earlier-help = रीसेट, नए डिब्बों वाले नए नियम, अपलोड या पुरानी मशीन वापस लाना, जिस मशीन की जगह लेते हैं उसे यहाँ रखते हैं: हर खेल की आखिरी पाँच, इसी ब्राउज़र में।
page-earlier-entry = { $when }, { $why }: { $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  }
page-why-tab = इस टैब से रखी गई, जब मशीन दूसरे टैब के पास थी
page-bring-back-label = { $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  } वाली मशीन वापस लाएँ ({ $when })
page-bring-back-busy = पहले अभ्यास रोकें: मशीन वापस लाने से वह बीच में रुक जाएगा।
page-brought-back = पहले की मशीन वापस आ गई; जिसकी जगह उसने ली, वह "पहले की मशीनें" में है।
message-your-move-nim = आपकी चाल: किसी तीली पर क्लिक करें, वह और उसके दाईं ओर की सब तीलियाँ उठ जाएँगी।
message-you-first-nim = पहली चाल आपकी: किसी तीली पर क्लिक करें, वह और उसके दाईं ओर की सब तीलियाँ उठ जाएँगी।
message-your-move-hexapawn = आपकी चाल: अपने किसी प्यादे पर क्लिक करें, फिर जहाँ उसे जाना है।
message-you-first-hexapawn = पहली चाल आपकी, सफ़ेद प्यादों से: किसी एक पर क्लिक करें, फिर जहाँ उसे जाना है।
move-placeholder-hexapawn = आपकी चाल, जैसे b1-b2 या b2xa3
game-help-nim = किसी तीली पर क्लिक करें, या तीर वाली कुंजियों से उस तक जाकर Enter दबाएँ: वह और उसके दाईं ओर की सब तीलियाँ आप उठाते हैं। लिखकर: 2:3 पंक्ति 2 से 3 तीलियाँ उठाता है। आखिरी तीली उठाने वाला जीतता है।
game-help-hexapawn = अपने किसी प्यादे पर क्लिक करें, फिर हरे निशान वाले खाने पर (या तीर वाली कुंजियाँ और Enter)। प्यादा एक खाना सीधा आगे खाली खाने पर जाता है, या काटने के लिए एक खाना तिरछा आगे। लिखकर: b1-b2 चलता है, b2xa3 काटता है। आप जीतते हैं जब आपका प्यादा आखिरी पंक्ति तक पहुँचे, आप MENACE के सब प्यादे काट लें, या वह चल न सके।
nim-board-label = तीलियों की पंक्तियाँ: एक तीली के साथ उसके दाईं ओर की सब तीलियाँ उठती हैं
nim-take = पंक्ति { $row }: { $take ->
    [one] { $take } तीली उठाएँ
   *[other] { $take } तीलियाँ उठाएँ
  }
hexapawn-board-label-white = बोर्ड: आप सफ़ेद प्यादों से खेलते हैं, पंक्ति 1 से ऊपर की ओर
hexapawn-board-label-black = बोर्ड: आप काले प्यादों से खेलते हैं, पंक्ति 3 से नीचे की ओर
hexapawn-square-empty = { $square }: खाली
hexapawn-square-white = { $square }: सफ़ेद प्यादा
hexapawn-square-black = { $square }: काला प्यादा
hexapawn-square-chosen = { $square }: आपका प्यादा, चुना हुआ (छोड़ने के लिए फिर दबाएँ)
hexapawn-square-target = { $square }: अपना प्यादा यहाँ लाएँ
hexapawn-square-capture = { $square }: यहाँ का प्यादा काटें
cell-legend-title = खानों और मनकों के रंगों का मतलब
cell-legend-cells = खाने का नाम पहले उसकी पंक्ति, फिर उसका स्तंभ है, हर एक L, M या R: पंक्तियाँ ऊपर, बीच, नीचे; स्तंभ बाएँ, बीच, दाएँ। LL ऊपर बायाँ कोना है, MR बीच की पंक्ति का दायाँ खाना। हर खाने का अपना मनके का रंग है:
cell-legend-beads = डिब्बे में किसी खाली खाने की संख्या बताती है कि उसमें उस खाने के रंग के कितने मनके हैं। व्याख्या और छपे लेबल हर रंग को उसके अक्षर से दिखाते हैं।

# offline: the matchbox labels drawn by the offline file's engine (issue 73)
offline-labels-help = माचिस की डिब्बियों पर चिपकाने के लेबल, हर डिब्बी के शुरू के मनकों के साथ, और मशीन बनाने का एक पन्ना। ये अपनी अलग विंडो में खुलते हैं, छापने के लिए तैयार।
offline-labels-machine = मशीन
offline-labels-paper = काग़ज़
offline-labels-paper-a4 = ए4
offline-labels-paper-letter = यूएस लेटर
offline-labels-colours = मनकों के रंग
offline-labels-colours-cells = हर खाने या चाल का एक रंग (मिशी)
offline-labels-colours-symmetry = सममित चालों के हर वर्ग का एक रंग (स्क्रॉग्स)
offline-labels-open = लेबल खोलें
offline-labels-print = छापें
offline-labels-blocked = ब्राउज़र ने लेबल की विंडो नहीं खोली: इस पन्ने के लिए पॉप-अप की अनुमति दें, फिर दोबारा कोशिश करें।
offline-labels-failed = लेबल नहीं बन सके। पेज दोबारा लोड करें और फिर कोशिश करें।
# rooms: the home page and the teacher's page of `menace serve --rooms`
rooms-title = MENACE: अपनी कक्षा से जुड़ें
rooms-tagline = पूरी कक्षा के लिए माचिस की डिब्बियों की एक मशीन: हर खेल उसे सिखाता है
rooms-join-heading = अपनी कक्षा से जुड़ें
rooms-code-label = आपकी कक्षा का कोड (बोर्ड पर लिखा)
rooms-join = जुड़ें
rooms-teacher-link = शिक्षक: अपनी कक्षा के लिए एक कमरा बनाएँ
rooms-teacher-title = MENACE: आपकी कक्षाओं के कमरे
rooms-teacher-tagline = आपकी कक्षाओं के कमरे
rooms-home-link = किसी कक्षा से जुड़ें
rooms-key-heading = आपकी शिक्षक कुंजी
rooms-key-about = आपकी कुंजी से कमरे आपके होते हैं: यहाँ उनकी सूची दिखती है, और किसी कमरे के शिक्षक पैनल में इससे आप रीसेट, आयात और वापसी कर सकते हैं। इसे किसी को न बताएँ; यह ब्राउज़र इसे याद रखता है।
rooms-key-label = कुंजी
rooms-key-use = मेरे कमरे दिखाएँ
rooms-make-heading = नया कमरा
rooms-make = कमरा बनाएँ
rooms-import = कक्षा की फ़ाइल से कमरा बनाएँ…
rooms-list-heading = आपके कमरे
rooms-col-code = कोड
rooms-col-games = खेल
rooms-col-used = आख़िरी बार खेला गया
rooms-col-actions = काम
rooms-code-bad = कोड में छह अक्षर और अंक होते हैं, जो बोर्ड पर लिखे हैं। उसमें O, 0, I, 1 या L नहीं होते।
rooms-error-no-room = इस कोड की कोई कक्षा नहीं है। बोर्ड पर फिर से देखें।
rooms-error-closed = इस कक्षा का कमरा बंद है। अपने शिक्षक से पूछें।
rooms-error-too-many = यहाँ से बहुत बार कोशिश हुई है। थोड़ी देर रुककर फिर कोशिश करें।
rooms-error-full = सर्वर में जितने कमरे हो सकते हैं, उतने हैं। जिस कमरे की ज़रूरत नहीं, उसे बंद करें, या सर्वर के मालिक से पूछें।
rooms-error-wrong-key = यह इस कमरे की कुंजी नहीं है।
rooms-error-bad-class = यह फ़ाइल ऐसी कक्षा नहीं है जिसे MENACE ले सके: पूरी फ़ाइल लौटा दी गई, और कुछ नहीं बना।
rooms-error-too-large = यह फ़ाइल बहुत बड़ी है: कक्षा की फ़ाइल अधिक से अधिक 1 MiB की होती है।
rooms-error-offline = सर्वर तक नहीं पहुँचा जा सका। कनेक्शन देखें और फिर कोशिश करें।
rooms-error-other = सर्वर यह नहीं कर सका। थोड़ी देर में फिर कोशिश करें।
rooms-list-no-key = अपने कमरे देखने के लिए अपनी कुंजी लिखें, या अपना पहला कमरा बनाएँ।
rooms-list-none = अभी आपका कोई कमरा नहीं है।
rooms-made = आपके नए कमरे का कोड { $code } है। इसे बोर्ड पर लिखें; आपकी कुंजी ऊपर है। कमरा नीचे की सूची से खोलें।
rooms-games = { $games ->
    [one] { $games } खेल
   *[other] { $games } खेल
  }
rooms-projector = प्रोजेक्टर दृश्य
rooms-closed = बंद
rooms-export = डाउनलोड करें
rooms-close = कमरा बंद करें
rooms-close-title = कमरा { $code } बंद करें?
rooms-close-body = विद्यार्थी अब कमरे { $code } से नहीं जुड़ पाएँगे। उसका MENACE और { $games } खेल रखे रहेंगे, और मिटाए जाने तक (जो बहुत बाद में होगा) आप इसे इस सूची से फिर खोल या डाउनलोड कर सकते हैं।
rooms-reopen = फिर से खोलें

# rooms2: the operator's page of `menace serve --rooms` (its figures, refreshed)
rooms2-operator-title = MENACE: सर्वर एक नज़र में
rooms2-operator-tagline = सर्वर एक नज़र में
rooms2-operator-key-heading = संचालक की कुंजी
rooms2-operator-key-about = सर्वर हर बार शुरू होते समय इसे छापता है। यह टैब इसे तब तक याद रखता है जब तक आप इसे बंद नहीं करते।
rooms2-operator-show = आँकड़े दिखाएँ
rooms2-operator-heading = सर्वर अभी
rooms2-fig-rooms = खुले कमरे
rooms2-fig-rooms-more = बंद या संग्रहीत: { $archived }; अभी मेमोरी में: { $memory }
rooms2-fig-players = अभी खेल रहे
rooms2-fig-rate = खेल प्रति सेकंड (पिछले एक मिनट में)
rooms2-fig-games = { $games ->
    [one] कुल { $games } खेल
   *[other] कुल { $games } खेल
  }
rooms2-fig-size = डेटाबेस का आकार
rooms2-fig-mib = { $mib } एमबी
rooms2-figures-when = { $time } तक के आँकड़े। ये अपने-आप नए होते रहते हैं।
rooms2-error-wrong-key = यह संचालक की कुंजी नहीं है। सर्वर हर बार शुरू होने पर नई कुंजी छापता है।
