# Русский: слова страниц MENACE и печатных наклеек.
# Переведено инженерами проекта с помощью машинного перевода; нужна проверка носителем
# языка (как исправить сообщение, сказано в docs/menace.md).
# История: issue 59 (настоящий урок): в том, что читает класс, нет текста командной строки
# (class-teacher-note, print-build-numbers); ошибки сервера по коду.

## Личная страница

page-title = MENACE: машина из спичечных коробков, которая учится играть в крестики-нолики
page-tagline = спичечная машина Мичи учится играть только за награду
skip-to-play = К игре
menu-game = Игра
menu-seed = Зерно
menu-language = Язык
game-ttt = крестики-нолики
game-nim = Ним (3, 4, 5)
game-hexapawn = Гексапешка
button-set-seed = Задать зерно
connection-connecting = подключение…
connection-connected = подключено
connection-in-page = движок на этой странице
connection-lost = нет связи (нажмите, чтобы подключиться снова)
panel-play = Игра
board-label = доска: нажмите на свободную клетку, чтобы сходить туда
cell-free = { $cell }: свободна
cell-taken = { $cell }: { $mark }
move-placeholder = ваш ход, например 2:3
button-move = Сходить
message-start = Нажмите «Новая игра», чтобы сыграть с MENACE (он играет X и ходит первым), или дайте ему потренироваться ниже.
message-thinking = MENACE выбирает бусину…
message-you-first = Вы ходите первым: введите свой ход ниже.
message-you-first-click = Вы ходите первым: нажмите на свободную клетку.
message-watch-start = MENACE против соперника ({ $opponent }): партия начинается.
message-menace-moved = MENACE сходил { $move } бусиной из коробка { $box }. { $next }
message-menace-forced = MENACE сходил { $move }: других ходов не было. { $next }
message-your-move-click = Ваш ход: нажмите на свободную клетку.
message-your-move-type = Ваш ход: введите его ниже.
message-opponent-moved = Соперник ({ $opponent }) сходил { $move }.
message-result-learned = { $result } Чему учится MENACE: { $rule }
message-training = MENACE тренируется: { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  } против соперника, выбранного выше.
message-trained = MENACE сыграл { $games ->
    [one] { $games } тренировочную партию
    [few] { $games } тренировочные партии
   *[many] { $games } тренировочных партий
  }. Нажмите «Новая игра», чтобы увидеть, как он играет теперь.
message-seed = Зерно { $seed }: теперь одни и те же нажатия всегда дают одну и ту же партию.
message-imported = Загружен MENACE, обученный на { $games ->
    [one] { $games } партии
    [few] { $games } партиях
   *[many] { $games } партиях
  } ({ $preset }).
message-saved = Сохранено: MENACE после { $games ->
    [one] { $games } партии
    [few] { $games } партий
   *[many] { $games } партий
  } — в ваших загрузках.
result-menace-wins = MENACE выиграл.
result-draw = Ничья.
result-you-win = Вы выиграли!
result-opponent-wins = Соперник ({ $opponent }) выиграл.
result-menace-resigned = MENACE сдался: его коробок был пуст. Вы выиграли!
result-you-resigned = Вы сдались: MENACE выигрывает.
result-opponent-resigned = Соперник ({ $opponent }) сдался: MENACE выигрывает.
result-and-why = { $result } { $why }
result-resigned-for-good-first = MENACE сдался насовсем: его первый коробок пуст, а когда из-за пустого коробка MENACE сдаётся, бусины туда не возвращаются. «Применить и начать заново» наполнит все коробки; «положить 3 случайные бусины» позволит играть дальше.
result-resigned-for-good-second = MENACE сдался насовсем: все коробки его первого хода пусты, а когда из-за пустого коробка MENACE сдаётся, бусины туда не возвращаются. «Применить и начать заново» наполнит все коробки; «положить 3 случайные бусины» позволит играть дальше.
button-new-game = Новая игра
button-resign = Сдаться
counter-won = MENACE выиграл
counter-drawn = ничьи
counter-lost = MENACE проиграл
games-learned = Всего партий, на которых он учился:
panel-opponent = Соперник
menu-opponent = MENACE играет против
opponent-human = вас (нажимайте на доску)
opponent-you = вы
opponent-random = игрок, который ходит наугад
opponent-perfect = безупречный игрок
opponent-mixed = безупречный игрок, иногда ходящий наугад
opponent-exploiter = сильнейший возможный соперник против нынешнего MENACE
opponent-menace = второй MENACE, который тоже учится
mixed-share = доля случайных ходов
menu-speed = Скорость
speed-ms = { $ms } мс на ход
speed-fastest = как можно быстрее
watch-label = Партий посмотреть
button-watch = Смотреть
train-label = Партий для тренировки
button-train = Тренировать
button-stop = Стоп
progress-label = ход тренировки
progress-line = { $done } из { $of } партий: MENACE выиграл { $won }, сыграл вничью { $drawn }, проиграл { $lost }
progress-trained = Сыграно { $games } тренировочных партий (соперник: { $opponent }): MENACE выиграл { $won }, сыграл вничью { $drawn }, проиграл { $lost }.
progress-trained-stopped = Остановлено после { $games } партий (соперник: { $opponent }): MENACE выиграл { $won }, сыграл вничью { $drawn }, проиграл { $lost }.
panel-beads = Бусины
menu-preset = Готовые правила
preset-option = { $name }: бусин { $initial }; победа, ничья, поражение { $reward }
preset-challenge = правила конкурса
preset-michie = правила Мичи 1961 года
preset-scroggs = правила Скроггса
preset-custom = свои правила
rules-initial = Бусин на ход при 1-м, 2-м, 3-м, 4-м ходе MENACE
rules-reward = Сколько бусин добавить за каждую вынутую после победы, ничьей, поражения
rules-empty = Когда коробок пуст
rules-empty-refill = положить 3 случайные бусины
rules-empty-resign = MENACE сдаётся
rules-symmetry = один цвет бусины на каждый вид хода (Скроггс)
rules-symmetry-help = в каждом коробке один цвет бусин на группу ходов, одинаковых с точностью до поворота доски
rules-symmetry-missing = у этого движка нет такого правила
button-update = Применить
button-update-reset = Применить и начать заново
rules-now = Сейчас: { $preset }.
rules-refilled = Все коробки наполнены заново.
rules-kept = Бусины сохранены.
panel-eval = Насколько хорош MENACE сейчас?
button-eval = Посчитать точно
eval-what = Что это значит?
eval-exploit = Если бы с MENACE сейчас играл сильнейший возможный соперник, MENACE проиграл бы { $share } партий.
eval-exploit-help = Это «уязвимость» MENACE: доля партий, которую выиграл бы соперник, знающий все бусины во всех коробках и отвечающий на них наилучшим ходом.
eval-greedy = Если бы MENACE всегда брал цвет, которого в коробке больше всего, этот соперник выигрывал бы { $share } партий.
eval-greedy-help = MENACE вынимает бусину наугад; здесь то же число, если бы он всегда брал самый многочисленный цвет в коробке.
eval-random = Против игрока, который ходит наугад, MENACE выигрывает { $win }, играет вничью { $draw } и проигрывает { $loss } партий.
eval-random-help = Точные вероятности по всем партиям, какие может сыграть такой игрок, а не выборка.
eval-perfect = Против безупречного игрока MENACE выигрывает { $win }, играет вничью { $draw } и проигрывает { $loss } партий.
eval-perfect-help = Безупречный игрок никогда не проигрывает; среди лучших ходов он выбирает наугад.
panel-save = Сохранить и загрузить
button-download = Скачать MENACE
button-upload = Загрузить MENACE
panel-explain = Почему MENACE сходил туда
explain-none = Когда MENACE сходит, здесь будет видно, какой коробок он открыл и какую бусину вынул.
explain-latest = Последний ход MENACE
explain-after-game = Чему партия научила MENACE
explain-real-board = настоящая доска
explain-box-drawing = рисунок на коробке { $box }
explain-cell = бусина { $bead }: { $count ->
    [one] { $count } бусина
    [few] { $count } бусины
   *[many] { $count } бусин
  }, { $share } коробка
explain-same-board = На коробке нарисована та же доска, поэтому каждая бусина означает клетку, на которой нарисована.
explain-turned = На коробке эта доска { $how }, поэтому каждую бусину поворачивают обратно, чтобы найти её клетку на настоящей доске.
explain-drew = MENACE встряхнул коробок { $box } и вынул бусину { $letter } ({ $bead } на коробке) — одну из { $count } такого цвета среди { $total } бусин: шанс { $share }. Если повернуть обратно, она попадает на { $move }.
explain-forced = Свободной была только одна клетка: MENACE сходил { $move }, не открывая коробка.
explain-refilled = Коробок был пуст, поэтому сначала в него { $count ->
    [one] положили { $count } случайную бусину
    [few] положили { $count } случайные бусины
   *[many] положили { $count } случайных бусин
  }.
explain-nim-row = ряд { $row }: { $count ->
    [one] { $count } фишка
    [few] { $count } фишки
   *[many] { $count } фишек
  }
explain-col-bead = бусина
explain-col-move = ход на настоящей доске
explain-col-beads = бусин
explain-col-share = шанс
explain-col-after = бусин после партии
explain-won = MENACE выиграл:
explain-draw = Ничья:
explain-lost = MENACE проиграл:
explain-rule-more = каждая вынутая бусина возвращается в свой коробок и к ней { $count ->
    [one] добавляется ещё { $count } такого же цвета
    [few] добавляются ещё { $count } такого же цвета
   *[many] добавляются ещё { $count } такого же цвета
  }, так что эти ходы становятся вероятнее.
explain-rule-same = каждая вынутая бусина возвращается в свой коробок; ничего не меняется.
explain-rule-out = каждая вынутая бусина убирается ({ $count ->
    [one] { $count } бусина
    [few] { $count } бусины
   *[many] { $count } бусин
  } этого цвета), так что эти ходы становятся реже.
explain-before-after = Коробок { $box }: бусин { $bead } (ход { $move }) было { $before }, стало { $after }.
explain-now-holds = С учётом других партий, сыгранных с тех пор, в коробке { $box } теперь { $now } бусин { $bead }.
symmetry-identity = как есть
symmetry-rotate-90-clockwise = повёрнута на четверть оборота по часовой стрелке
symmetry-rotate-180 = повёрнута на пол-оборота
symmetry-rotate-90-anticlockwise = повёрнута на четверть оборота против часовой стрелки
symmetry-mirror-left-right = отражена слева направо
symmetry-mirror-top-bottom = отражена сверху вниз
symmetry-mirror-main-diagonal = отражена относительно диагонали из левого верхнего угла в правый нижний
symmetry-mirror-anti-diagonal = отражена относительно диагонали из правого верхнего угла в левый нижний
panel-learning = Обучение
plot-label = кривая обучения: доли выигранных, ничейных и проигранных недавних партий и бусины в первом коробке
plot-game = партия { $game }
plot-empty = Играйте, смотрите или тренируйте: здесь появится кривая обучения.
plot-beads-axis = бусины
plot-exploit-point = сильнейший соперник выиграл бы { $share } после { $games } партий
legend-won = победы (доля недавних партий)
legend-drawn = ничьи
legend-lost = поражения
legend-beads = бусины в первом коробке
legend-exploit = победы сильнейшего соперника (после «Посчитать»)
panel-boxes = Спичечные коробки
show-opponent = показать коробки второго MENACE
boxes-key = В каждой свободной клетке — сколько бусин у этого хода. Обведена вынутая бусина; толстая рамка — коробки последней партии.
boxes-count = { $count ->
    [one] { $count } коробок
    [few] { $count } коробка
   *[many] { $count } коробков
  }
boxes-count-opponent = коробков второго MENACE (O): { $count }
boxes-none-opponent = (сначала потренируйте против второго MENACE)
boxes-used = Коробки последней партии, в порядке, в каком вынимались бусины
boxes-for-move = Его ход { $move }: { $count ->
    [one] { $count } коробок
    [few] { $count } коробка
   *[many] { $count } коробков
  }
box-title = коробок { $box }: { $count ->
    [one] { $count } бусина
    [few] { $count } бусины
   *[many] { $count } бусин
  }
box-beads = бусины { $beads }
beads-count = { $count ->
    [one] { $count } бусина
    [few] { $count } бусины
   *[many] { $count } бусин
  }
toast-not-json = сервер прислал не JSON
toast-not-connected = нет связи с движком
toast-not-state = { $file } — не сохранённый MENACE (не JSON)
toast-too-large = { $file } слишком велик для сохранённого MENACE
toast-choose-opponent = выберите соперника для MENACE или нажмите «Новая игра», чтобы играть самому
message-start-second = Нажмите «Новая игра», чтобы сыграть с MENACE (вы играете X и ходите первым; MENACE играет O), или дайте ему потренироваться ниже.
message-start-nim = Нажмите «Новая игра», чтобы сыграть с MENACE в ним (кто возьмёт последнюю фишку, тот выиграл), или дайте ему потренироваться ниже.
message-start-hexapawn = Нажмите «Новая игра», чтобы сыграть с MENACE в гексапешку (вы играете белыми пешками и ходите первым; MENACE играет чёрными), или дайте ему потренироваться ниже.
plot-window = Кривая показывает последние { $count } партий, которые хранит движок (партии с { $from } по { $to }); более ранние не нарисованы.
explain-find-box = Найти коробок { $box } среди спичечных коробков
links-label = Ещё
link-print = Наклейки для печати
link-guide = Руководство к уроку
link-projector = Вид для проектора
link-take-home = Забрать MENACE домой (один файл)
link-take-home-title = menace.html: MENACE в одном файле, который работает без сервера и без сети. Откройте его в браузере или поделитесь им.

## Страница класса (menace serve --class)

class-page-title = MENACE для всего класса: одна машина из спичечных коробков, которую учат все
class-tagline = одна машина из спичечных коробков на весь класс: каждая партия её учит
class-name-placeholder = ваше имя
class-message-start = Введите имя и нажмите «Новая игра»: MENACE играет X и ходит первым.
class-message-start-second = Введите имя и нажмите «Новая игра»: вы играете X и ходите первым; MENACE играет O.
class-your-move = Ваш ход (вы — { $mark }).
class-panel-score = MENACE против класса
class-games = { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
  }
class-curve-label = кривая обучения класса: победы MENACE минус поражения, партия за партией
class-curve-help = Кривая: победы MENACE минус его поражения, партия за партией, в партиях на этой странице.
class-trained-apart = Тренировки отдельно от класса: { $list }.
class-trained-item = { $games } партий против соперника ({ $opponent }): { $won } побед, { $drawn } ничьих, { $lost } поражений
class-panel-players = Игроки
class-col-name = имя
class-col-games = партии
class-col-won = победы
class-col-drawn = ничьи
class-col-lost = поражения
class-panel-teacher = Учитель
class-key = Ключ
class-key-placeholder = ключ, который напечатал сервер
class-beads-placeholder = бусины, например 4,3,2,1
class-reward-placeholder = награда, например 3,1,-1
class-button-rules = Новые правила (наполнить коробки заново)
class-button-reset = Начать заново
class-teacher-note = MENACE класса сохраняется после каждой партии. Скачанный файл — его копия: загрузите её снова здесь, на личной странице или в следующем году.
class-key-needed = Сначала введите ключ учителя: сервер напечатал его при запуске.
class-teacher-open = Команды учителя открыты на этой странице.
class-training = Тренировка: { $games } из { $of } партий…
class-trained-line = Сыграно { $games } тренировочных партий (соперник: { $opponent }): MENACE выиграл { $won }, сыграл вничью { $drawn }, проиграл { $lost }.
class-rules-refilled = Новые правила: { $preset }; все коробки наполнены заново.
class-rules-kept = Новые правила: { $preset }; бусины сохранены.
class-player-placeholder = имя на доске
class-player-label = Имя игрока на доске
class-button-remove-player = Убрать с доски
class-button-clear-players = Очистить доску
class-confirm-clear = Убрать с доски { $count ->
    [one] { $count } имя
    [few] все { $count } имени
   *[many] все { $count } имён
  }? Счёт, кривая и коробки MENACE останутся как есть.
class-removed = Убрано с доски: { $names }.
class-unlisted = Доска заполнена, поэтому вашего имени на ней нет, но ваши партии засчитываются классу.
class-reset-done = MENACE начинает заново с новыми коробками.
class-imported = Загружено: этот MENACE учился на { $games ->
    [one] { $games } партии
    [few] { $games } партиях
   *[many] { $games } партиях
  }.
class-boxes-help = На каждом коробке его рисунок; число в свободной клетке — сколько бусин у этого хода.
class-drew = Партия игрока { $player }: MENACE вынул { $bead } из коробка { $box }.
class-last-game-won = Партия { $number } ({ $player }): MENACE выиграл.
class-last-game-draw = Партия { $number } ({ $player }): ничья.
class-last-game-lost = Партия { $number } ({ $player }): MENACE проиграл.
class-connection-reconnecting = связь потеряна: подключаемся снова…
class-connection-again = снова подключено
class-game-dropped = Связь прервалась; эта партия не засчитана. Нажмите «Новая игра», чтобы сыграть снова.
class-named = Вы играете как { $name }.
class-panel-last-game = Последняя партия
class-last-game-none = Здесь появится следующая партия MENACE.
class-last-game-caption = { $player }: последний ход MENACE на рисунке коробка { $box }
class-last-game-board = Партия игрока { $player }: MENACE сходил { $move } (бусина из коробки { $box })
class-curve-empty = Кривая начинается с первой партии класса.
class-panel-join = Присоединиться к классу
class-qr-caption = Отсканируйте код телефоном или наберите адрес:
class-previous-title = Прежние машины
class-previous-help = Сброс, новые правила, загрузка или возврат прежней машины сохраняют здесь машину, которую они заменяют (последние пять).
class-previous-none = Пока нет.
class-previous-entry = { $when }, { $why }: { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  } (MENACE выиграл { $won }, ничьих { $drawn }, проиграл { $lost }), { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[many] { $players } игроков
  }
class-previous-entry-undated = { $why }: { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  } (MENACE выиграл { $won }, ничьих { $drawn }, проиграл { $lost }), { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
   *[many] { $players } игроков
  }
class-why-reset = заменена сбросом
class-why-rules = заменена новыми правилами
class-why-import = заменена загрузкой
class-why-restore = заменена при возврате прежней
class-button-restore = Вернуть
class-button-restore-label = Вернуть прежнюю машину { $number }
class-restored = Прежняя машина { $number } возвращена: она училась на { $games ->
    [one] { $games } партии
    [few] { $games } партиях
   *[many] { $games } партиях
  }.
class-confirm-reset-title = Сбросить MENACE для всего класса?
class-confirm-rules-title = Новые правила и заново наполненные коробки для всего класса?
class-confirm-upload-title = Поставить загруженный файл { $file } на место MENACE класса?
class-confirm-restore-title = Вернуть прежнюю машину { $number } ({ $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  })?
class-confirm-lost = Это заменит машину класса в нынешнем виде: счёт { $games ->
    [one] { $games } партии
    [few] { $games } партий
   *[many] { $games } партий
  }, { $players ->
    [one] { $players } игрока
    [few] { $players } игроков
   *[many] { $players } игроков
  } на доске, запись тренировок и всё, чему научился MENACE. Всё это хранится в разделе «Прежние машины» на панели учителя, откуда его можно вернуть.
class-confirm-replace = Заменить
class-confirm-cancel = Отмена

## Ошибки сервера по их коду (protocol.md)

error-name-first = Сначала введите своё имя: оно появится на доске класса.
error-no-game = Партия не идёт: нажмите «Новая игра».
error-teacher-only = «{ $command }» — команда учителя: сначала введите ключ учителя.
error-wrong-key = Неверный ключ. (Неверные ключи замедляются, чтобы ключ нельзя было подобрать.)
error-idle = Закрыто после { $minutes ->
    [one] { $minutes } минуты
    [few] { $minutes } минут
   *[many] { $minutes } минут
  } без хода и команды.
error-server-full = Сервер заполнен: он держит не больше { $max } сеансов одновременно. Попробуйте позже.
error-busy = MENACE занят предыдущими строками: отправьте эту чуть позже.
error-name-invisible = В имени не может быть невидимых символов и символов направления.
error-name-too-long = Имя — не длиннее { $max } символов.
error-name-control = В имени не может быть управляющих символов.
error-name-combining = Имя не может начинаться с комбинируемого знака.
error-name-empty = Введите имя: оно не может быть пустым.
error-names-per-connection = Одна страница даёт не больше { $max } новых имён: играйте под одним из своих.
error-not-on-board = { $name } нет на доске.
error-class-file = MENACE класса не удалось сохранить в его файл; урок продолжается, учителю стоит его скачать.
error-line-too-long = Это слишком длинно для отправки (загрузка — не больше 1 МиБ).
# engine: every other refusal the engine words, by its code (protocol.md's list)
error-not-utf8 = Этот текст не прочитать: это не UTF-8.
error-one-line = Отправляйте по одной команде.
error-unknown-command = Движок не знает такой команды.
error-not-a-command = Это не команда.
error-private-only = Это только для личного сеанса, не для класса.
error-class-only = Это только для класса.
error-needs-learner = Этот ученик так не умеет: нужны спичечные коробки MENACE.
error-wrong-game = В этой игре такого нет.
error-unexpected-words = После команды есть что-то лишнее.
error-missing-argument = После команды чего-то не хватает.
error-not-a-number = Здесь нужно целое число.
error-out-of-range = Введите целое число от { $min } до { $max }.
error-bad-argument = Движок не понимает такой выбор.
error-match-in-progress = Идёт игра (партия { $game } из { $games }): сначала закончите её или начните новую.
error-nothing-to-abort = Нет игры, которую можно остановить.
error-not-a-ttt-move = Это не клетка: нажмите на пустую клетку.
error-cell-taken = Эта клетка занята: выберите пустую.
error-not-a-nim-move = Запишите ход как ряд:фишки, например 2:3 берёт 3 фишки из ряда 2.
error-no-such-row = Ряда { $row } нет: ряды пронумерованы от 1 до { $rows }.
error-take-one = Возьмите хотя бы одну фишку.
error-too-many-taken = В ряду { $row } осталось только { $left }: нельзя взять { $take }.
error-not-a-hexapawn-move = Запишите ход как откуда-куда, например a1-a2, а взятие — как b2xa3.
error-no-pawn = На этой клетке нет вашей пешки.
error-hexapawn-dash-x = Ход прямо пишется через -, взятие — через x, например a1-a2 или b2xa3.
error-hexapawn-illegal = Эта пешка туда не ходит: на одну клетку вперёд на пустую клетку или по диагонали со взятием.
error-no-opponent-machine = Второго MENACE ещё нет: сначала потренируйте против MENACE.
error-no-matchboxes = У этого ученика нет спичечных коробков, поэтому нет и сохранённой машины.
error-unknown-opponent = Движок не знает такого соперника.
error-bad-probability = Смешанному сопернику нужна доля от 0 до 1, например 0,3.
error-program-opponent = Внешняя программа может быть соперником только в командной строке.
error-too-many-opponents = Класс хранит записи не больше чем о { $max } соперниках: тренируйте против одного из них.
error-class-opponent = MENACE класса тренируется против случайного, идеального, смешанного или сильнейшего соперника.
error-rules-nothing = Выберите правило, которое нужно изменить.
error-rules-twice = Одно из правил указано дважды.
error-rules-needs-value = У правила не хватает значения.
error-not-a-rule = Это не правило бусин.
error-unknown-preset = Движок не знает такой набор правил.
error-bad-initial = Начальные бусины — от 1 до 64 чисел, каждое от 1 до 1 000 000, например 4,3,2,1.
error-bad-reward = Награда — три целых числа за победу, ничью и поражение, каждое от -1 000 000 до 1 000 000, например 3,1,-1.
error-bad-empty = Пустой коробок либо пополняется 1–1 000 000 бусинами, либо MENACE сдаётся.
error-colours-need-reset = Один цвет на класс симметрии кладёт бусины на другие ходы: чтобы это изменить, выберите сброс.
error-bad-colours = Цвета бусин: по одному на ход или по одному на класс симметрии.
error-state-not-json = Этот файл повреждён или не является сохранённым MENACE: это не JSON.
error-state-unknown-field = В этом файле есть части, которых у сохранённого MENACE не бывает: это не файл MENACE.
error-state-missing-field = В этом файле не хватает частей, которые есть у каждого сохранённого MENACE.
error-state-malformed = Этот файл не сохранённый MENACE: его части не той формы.
error-state-format = Этот файл не сохранённый MENACE.
error-state-version = Этот файл — сохранённый MENACE версии { $version }, которую эта страница не читает.
error-state-other-rows = Этот MENACE играет в Ним с другими рядами.
error-state-other-game = Этот MENACE играет в другую игру: сначала выберите его игру.
error-state-other-side = Этот MENACE играет за другую сторону: выберите, кто ходит первым, как у него.
error-state-rules = Правила бусин в этом файле неверны.
error-state-curve = Кривая обучения или результаты в этом файле не сходятся.
error-state-class = Запись класса в этом файле неверна.
error-state-boxes = Коробки в этом файле — не коробки MENACE для этой игры.
error-files-refused = Этот сеанс не может использовать этот файл.
error-file-unreadable = Этот файл не удалось прочитать.
error-file-unwritable = Этот файл не удалось записать.
error-no-earlier = Прежней машины { $number } нет: сейчас класс хранит { $kept }.

## Печатные наклейки (menace print, /print)

print-title = { $machine }: наклейки на спичечные коробки
print-machine-menace = MENACE (крестики-нолики)
print-machine-menace-second = MENACE за O (крестики-нолики)
print-machine-hexapawn = Гексапешка
print-machine-nim = Ним (ряды из 3, 4 и 5)
print-key-heading = { $machine } — коробков: { $boxes }, страница { $page } из { $pages }
print-key-line = { $rules }; { $colours }.
print-rules = Бусины: { $preset }: { $initial } по ходам; победа/ничья/поражение { $reward }; { $empty }
print-empty-refill = в пустой коробок — { $count ->
    [one] { $count } случайная бусина
    [few] { $count } случайные бусины
   *[many] { $count } случайных бусин
  }
print-empty-resign = с пустым коробком машина сдаётся
print-colours-cells = один цвет на клетку
print-colours-moves = цвет на ход
print-colours-symmetry-cells = один цвет на класс симметричных клеток (симметричные клетки делят одну бусину)
print-colours-symmetry-moves = один цвет на класс симметричных ходов (симметричные ходы делят одну бусину)
print-colours-symmetry-nim = цвет на ход (у Нима нет симметрии)
print-unit-cell = отмеченную клетку
print-unit-move = отмеченный ход
print-key-fill = Положите в каждый коробок бусины с наклейки: по цвету на каждую { $unit }.
print-build-numbers = Номера коробков — как в программе: страница показывает те же; «ход» на наклейке — ход машины, где коробок встречается впервые.
print-key-menace = Машина играет X.
print-key-menace-second = Машина играет O: каждую партию начинает соперник.
print-key-hexapawn = Машина играет чёрными (закрашены, идут вниз); стрелки — её ходы.
print-key-nim = Машина ходит первой; фишка: взять её и все правее.
print-label-box = коробок { $box }
print-label-move = ход { $move }
print-label-each = { $count ->
    [one] { $count } бусина каждого цвета
    [few] { $count } бусины каждого цвета
   *[many] { $count } бусин каждого цвета
  }
print-label-colours = { $colours ->
    [one] { $colours } цвет
    [few] { $colours } цвета
   *[many] { $colours } цветов
  }, бусин: { $beads }
print-colour-red = красный
print-colour-amber = янтарный
print-colour-yellow = жёлтый
print-colour-green = зелёный
print-colour-blue = синий
print-colour-purple = фиолетовый
print-colour-pink = розовый
print-colour-brown = коричневый
print-colour-silver = серебристый
print-colour-cyan = голубой
print-colour-lime = салатовый
print-colour-magenta = пурпурный
print-build-title = Как собрать: { $machine }
print-build-shopping = Сколько бусин купить
print-build-col-colour = цвет
print-build-col-start = в коробках в начале
print-build-col-buy = купить
print-build-total = Всего: коробков — { $boxes }, бусин в начале — { $beads } (купить { $buy }).
print-build-margin = «Купить» — это то, что лежит в коробках в начале, и ещё четверть каждого цвета (не меньше 10): запас для пустых коробков и для бусин, которые добавляют победы.
print-build-steps = Шаги
print-build-step-cut = Напечатайте эти страницы и вырежьте наклейки по пунктиру.
print-build-step-glue = Наклейте каждую наклейку на крышку пустого спичечного коробка: коробков — { $boxes }.
print-build-step-sort = Разложите бусины по цветам в стаканчики. Буква на каждом кружке называет его цвет (ключ внизу), так что наклейки читаются и на чёрно-белой печати.
print-build-step-fill = Наполните каждый коробок бусинами, указанными на наклейке: бусины одного цвета на каждую { $unit }, столько, сколько написано.
print-build-step-rows = Расставьте коробки рядами по «ходу» (1-й, 2-й, 3-й ход машины …), по порядку номеров.
print-build-step-play = Как играть: найдите коробок, на котором нарисована доска — если нужно, повёрнутая или отражённая. Встряхните его, не глядя выньте бусину и сходите туда, где отмечен её цвет, повернув обратно так же. Держите бусину рядом с коробком до конца партии.
print-build-step-learn = После партии верните каждую вынутую бусину и добавьте столько же бусин её цвета: победа { $win }, ничья { $draw }, поражение { $loss } (−1: бусина остаётся снаружи).
print-build-key = Ключ цветов

# state: the private page's questions before learning is lost, MENACE's side, training counts, the whole story's curve
menu-side = MENACE ходит
side-first = первым
side-second = вторым
ask-replace = Заменить
ask-switch = Переключить
ask-reset-title = Новые правила и новый MENACE?
ask-load-title = Поставить { $file } на место этого MENACE?
ask-switch-game = Переключиться на { $game }?
ask-switch-side = Пусть MENACE ходит { $side }?
ask-lost = Опыт MENACE за { $games ->
    [one] { $games } партию
    [few] { $games } партии
   *[other] { $games } партий
  } будет заменён. Чтобы его сохранить, сначала скачайте MENACE.
ask-switch-kept = Тренировка остановится после текущей партии; всё, чему MENACE уже научился, сохранится.
message-stopping = Тренировка останавливается…
train-count-empty = Напишите, сколько партий тренировать MENACE, например 1000. Ничего не натренировано.
train-count-not-whole = «{ $text }» — не число партий: напишите целое число, например 1000. Ничего не натренировано.
train-count-zero = MENACE тренируется хотя бы 1 партию. Ничего не натренировано.
train-count-too-many = Не больше { $most } партий за раз (запрошено { $games }). Ничего не натренировано.
opponent-exploiter-menu = сильнейший возможный соперник против нынешнего MENACE (когда он не может заставить MENACE проиграть, половину ходов он делает лучшими, а половину — случайными)
legend-net = победы MENACE минус его поражения, за все партии с его создания
# page: the offline page's kept machines (a full storage, a damaged copy, another tab, the earlier machines), Nim's and Hexapawn's boards, the cells' legend (issue 73)
page-storage-full = Этот браузер не сохраняет то, чему учится MENACE: хранилище заполнено или отключено. Скачайте MENACE, чтобы сохранить его.
page-storage-damaged = MENACE, сохранённый в этом браузере, не удалось прочитать, поэтому начат новый. Повреждённая копия отложена в сторону.
page-damaged-download = Скачать повреждённую копию
page-damaged-drop = Забыть повреждённую копию
page-storage-elsewhere = Этот MENACE открыт в другой вкладке, и теперь его обучение сохраняет она: то, чему он научится в этой вкладке, не сохраняется.
page-take-over = Работать в этой вкладке
page-earlier-help = Сброс, новые правила с новыми коробками, загрузка или возврат прежней машины сохраняют здесь заменённую машину: последние пять для каждой игры, в этом браузере.
page-earlier-entry = { $when }, { $why }: { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  }
page-why-tab = сохранена из этой вкладки, когда машина была у другой
page-bring-back-label = Вернуть машину после { $games ->
    [one] { $games } партии
    [few] { $games } партий
   *[many] { $games } партий
  } ({ $when })
page-bring-back-busy = Сначала остановите обучение: возврат машины прервал бы его.
page-brought-back = Прежняя машина возвращена; та, которую она заменила, — в «Прежних машинах».
message-your-move-nim = Ваш ход: нажмите на фишку, чтобы взять её и все фишки справа от неё.
message-you-first-nim = Вы ходите первым: нажмите на фишку, чтобы взять её и все фишки справа от неё.
message-your-move-hexapawn = Ваш ход: нажмите на свою пешку, затем на клетку, куда она пойдёт.
message-you-first-hexapawn = Вы ходите первым, белыми пешками: нажмите на одну из них, затем на клетку, куда она пойдёт.
move-placeholder-hexapawn = ход, например b1-b2 или b2xa3
game-help-nim = Нажмите на фишку или дойдите до неё стрелками и нажмите Enter: вы берёте её и все фишки справа. Текстом: 2:3 берёт 3 фишки из ряда 2. Кто возьмёт последнюю фишку, тот выиграл.
game-help-hexapawn = Нажмите на свою пешку, затем на клетку, отмеченную зелёным (или стрелки и Enter). Пешка ходит на одну клетку вперёд на пустую клетку или на одну клетку по диагонали вперёд, чтобы взять. Текстом: b1-b2 — ход, b2xa3 — взятие. Вы выигрываете, дойдя до дальнего ряда, взяв все пешки MENACE или когда ему некуда ходить.
nim-board-label = ряды фишек: фишка берётся вместе со всеми фишками справа от неё
nim-take = ряд { $row }: взять { $take ->
    [one] { $take } фишку
    [few] { $take } фишки
   *[many] { $take } фишек
  }
hexapawn-board-label-white = доска: вы играете белыми пешками, от ряда 1 вверх
hexapawn-board-label-black = доска: вы играете чёрными пешками, от ряда 3 вниз
hexapawn-square-empty = { $square }: пусто
hexapawn-square-white = { $square }: белая пешка
hexapawn-square-black = { $square }: чёрная пешка
hexapawn-square-chosen = { $square }: ваша пешка, выбрана (нажмите ещё раз, чтобы отпустить)
hexapawn-square-target = { $square }: пойти сюда своей пешкой
hexapawn-square-capture = { $square }: взять здесь пешку
cell-legend-title = Что значат клетки и цвета бусин
cell-legend-cells = Клетка называется по строке, затем по столбцу, каждый L, M или R: строки верхняя, средняя, нижняя; столбцы левый, средний, правый. LL — левый верхний угол, MR — правая клетка средней строки. У каждой клетки свой цвет бусин:
cell-legend-beads = В коробке число в свободной клетке — сколько в ней бусин цвета этой клетки. Объяснение и напечатанные наклейки показывают каждый цвет его буквой.

# offline: the matchbox labels drawn by the offline file's engine (issue 73)
offline-labels-help = Наклейки на спичечные коробки, с бусинами, с которых начинает каждый коробок, и страница о том, как собрать машину. Они открываются в отдельном окне, готовые к печати.
offline-labels-machine = Машина
offline-labels-paper = Бумага
offline-labels-paper-a4 = A4
offline-labels-paper-letter = US Letter
offline-labels-colours = Цвета бусин
offline-labels-colours-cells = один цвет на клетку или ход (Мичи)
offline-labels-colours-symmetry = один цвет на класс симметрии (Скроггс)
offline-labels-open = Открыть наклейки
offline-labels-print = Напечатать
offline-labels-blocked = Браузер не открыл окно с наклейками: разрешите всплывающие окна для этой страницы и попробуйте снова.
offline-labels-failed = Не удалось нарисовать наклейки. Перезагрузите страницу и попробуйте снова.
# rooms: the home page and the teacher's page of `menace serve --rooms`
rooms-title = MENACE: войдите в свой класс
rooms-tagline = одна машина из спичечных коробков на весь класс: каждая партия её учит
rooms-join-heading = Войдите в свой класс
rooms-code-label = Код вашего класса (на доске)
rooms-join = Войти
rooms-teacher-link = Учителям: создайте комнату для своего класса
rooms-teacher-title = MENACE: комнаты ваших классов
rooms-teacher-tagline = комнаты ваших классов
rooms-home-link = Войти в класс
rooms-key-heading = Ваш ключ учителя
rooms-key-about = Ключ делает комнаты вашими: по нему они перечислены здесь, а в панели «Учитель» комнаты он позволяет сбрасывать, импортировать и восстанавливать. Никому его не сообщайте; этот браузер его запомнит.
rooms-key-label = Ключ
rooms-key-use = Показать мои комнаты
rooms-make-heading = Новая комната
rooms-make = Создать комнату
rooms-import = Создать комнату из файла класса…
rooms-list-heading = Ваши комнаты
rooms-col-code = Код
rooms-col-games = Партии
rooms-col-used = Последняя игра
rooms-col-actions = Действия
rooms-code-bad = В коде шесть букв и цифр, он написан на доске. В нём нет O, 0, I, 1 и L.
rooms-error-no-room = Класса с таким кодом нет. Сверьтесь с доской.
rooms-error-closed = Комната этого класса закрыта. Спросите учителя.
rooms-error-too-many = Слишком много попыток отсюда. Подождите немного и попробуйте снова.
rooms-error-full = На сервере уже столько комнат, сколько можно. Закройте ненужную комнату или обратитесь к владельцу сервера.
rooms-error-wrong-key = Это не ключ этой комнаты.
rooms-error-bad-class = Этот файл не класс, который MENACE может принять: он отклонён целиком, ничего не создано.
rooms-error-too-large = Файл слишком большой: файл класса не больше 1 МиБ.
rooms-error-offline = Сервер недоступен. Проверьте подключение и попробуйте снова.
rooms-error-other = Сервер не смог этого сделать. Попробуйте чуть позже.
rooms-list-no-key = Введите ключ, чтобы увидеть свои комнаты, или создайте первую комнату.
rooms-list-none = У вас пока нет комнат.
rooms-made = Код вашей новой комнаты: { $code }. Напишите его на доске; ваш ключ выше. Откройте комнату из списка ниже.
rooms-games = { $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[many] { $games } партий
  }
rooms-projector = Вид для проектора
rooms-closed = закрыта
rooms-export = Скачать
rooms-close = Закрыть комнату
rooms-close-title = Закрыть комнату { $code }?
rooms-close-body = Ученики больше не смогут войти в комнату { $code }. Её MENACE и сыгранные партии ({ $games }) сохранятся, и пока комната не удалена (это будет нескоро), её можно снова открыть или скачать из этого списка.
rooms-reopen = Открыть снова

# rooms2: the operator's page of `menace serve --rooms` (its figures, refreshed)
rooms2-operator-title = MENACE: сервер с первого взгляда
rooms2-operator-tagline = сервер с первого взгляда
rooms2-operator-key-heading = Ключ оператора
rooms2-operator-key-about = Сервер печатает его при каждом запуске. Эта вкладка хранит его, пока вы её не закроете.
rooms2-operator-show = Показать цифры
rooms2-operator-heading = Сервер сейчас
rooms2-fig-rooms = Открытые комнаты
rooms2-fig-rooms-more = закрыто или в архиве: { $archived }; сейчас в памяти: { $memory }
rooms2-fig-players = Играют сейчас
rooms2-fig-rate = Партий в секунду (за последнюю минуту)
rooms2-fig-games = { $games ->
    [one] всего { $games } партия
    [few] всего { $games } партии
   *[many] всего { $games } партий
  }
rooms2-fig-size = Размер базы данных
rooms2-fig-mib = { $mib } МиБ
rooms2-figures-when = Данные на { $time }. Они обновляются сами.
rooms2-error-wrong-key = Это не ключ оператора. Сервер печатает новый ключ при каждом запуске.
