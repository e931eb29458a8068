# Português (do Brasil): as palavras das páginas do MENACE e das etiquetas impressas.
# Traduzido com ajuda de máquina pelos engenheiros do projeto; falta a revisão de um
# falante nativo (docs/menace.md explica como corrigir uma mensagem).
# Histórico: issue 59 (uma aula de verdade): nenhum texto de linha de comando no que a turma lê
# (class-teacher-note, print-build-numbers); os erros do servidor por código.

## A página particular

page-title = MENACE: a máquina de caixas de fósforos que aprende o jogo da velha
page-tagline = a máquina de caixas de fósforos de Michie aprende a jogar só com recompensas
skip-to-play = Ir para o jogo
menu-game = Jogo
menu-seed = Semente
menu-language = Idioma
game-ttt = jogo da velha
game-nim = Nim (3, 4, 5)
game-hexapawn = Hexapawn
button-set-seed = Usar semente
connection-connecting = conectando…
connection-connected = conectado
connection-in-page = motor nesta página
connection-lost = desconectado (clique para reconectar)
panel-play = Jogar
board-label = o tabuleiro: clique numa casa livre para jogar nela
cell-free = { $cell }: livre
cell-taken = { $cell }: { $mark }
move-placeholder = sua jogada, por exemplo 2:3
button-move = Jogar
message-start = Clique em Novo jogo para jogar contra o MENACE (ele joga com X e começa), ou deixe-o treinar abaixo.
message-thinking = O MENACE está escolhendo uma conta…
message-you-first = Você começa: digite sua jogada abaixo.
message-you-first-click = Você começa: clique numa casa livre.
message-watch-start = MENACE contra { $opponent }: começa uma partida.
message-menace-moved = O MENACE jogou { $move } com uma conta da caixa { $box }. { $next }
message-menace-forced = O MENACE jogou { $move }, sua única jogada possível. { $next }
message-your-move-click = Sua vez: clique numa casa livre.
message-your-move-type = Sua vez: digite a jogada abaixo.
message-opponent-moved = { $opponent } jogou { $move }.
message-result-learned = { $result } O que o MENACE aprende: { $rule }
message-training = O MENACE está treinando: { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } contra o adversário escolhido acima.
message-trained = O MENACE treinou { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  }. Clique em Novo jogo para ver como ele joga agora.
message-seed = Semente { $seed }: os mesmos cliques agora dão sempre a mesma partida.
message-imported = Carregado um MENACE que aprendeu com { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } ({ $preset }).
message-saved = Salvo: o MENACE depois de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } está nos seus downloads.
result-menace-wins = O MENACE venceu.
result-draw = Empate.
result-you-win = Você venceu!
result-opponent-wins = { $opponent } venceu.
result-menace-resigned = O MENACE desistiu: a caixa estava vazia. Você venceu!
result-you-resigned = Você desistiu: o MENACE vence.
result-opponent-resigned = { $opponent } desistiu: o MENACE vence.
result-and-why = { $result } { $why }
result-resigned-for-good-first = O MENACE desistiu de vez: a primeira caixa está vazia e, quando uma caixa vazia o faz desistir, ela nunca recebe contas de volta. Atualizar e recomeçar reabastece todas as caixas; "pôr 3 contas ao acaso" o deixa continuar.
result-resigned-for-good-second = O MENACE desistiu de vez: todas as caixas da sua primeira jogada estão vazias e, quando uma caixa vazia o faz desistir, ela nunca recebe contas de volta. Atualizar e recomeçar reabastece todas as caixas; "pôr 3 contas ao acaso" o deixa continuar.
button-new-game = Novo jogo
button-resign = Desistir
counter-won = vitórias do MENACE
counter-drawn = empates
counter-lost = derrotas do MENACE
games-learned = Partidas com que aprendeu, ao todo:
panel-opponent = Adversário
menu-opponent = O MENACE joga contra
opponent-human = você (clique no tabuleiro)
opponent-you = você
opponent-random = um jogador que joga ao acaso
opponent-perfect = um jogador perfeito
opponent-mixed = um jogador perfeito que às vezes joga ao acaso
opponent-exploiter = o melhor adversário possível contra o MENACE de agora
opponent-menace = um segundo MENACE, que também aprende
mixed-share = parte de jogadas ao acaso
menu-speed = Velocidade
speed-ms = { $ms } ms por jogada
speed-fastest = o mais rápido possível
watch-label = Partidas para assistir
button-watch = Assistir
train-label = Partidas de treino
button-train = Treinar
button-stop = Parar
progress-label = progresso do treino
progress-line = { $done } de { $of } partidas: o MENACE venceu { $won }, empatou { $drawn }, perdeu { $lost }
progress-trained = Treinou { $games } partidas contra { $opponent }: o MENACE venceu { $won }, empatou { $drawn }, perdeu { $lost }.
progress-trained-stopped = Parou depois de { $games } partidas contra { $opponent }: o MENACE venceu { $won }, empatou { $drawn }, perdeu { $lost }.
panel-beads = Contas
menu-preset = Regras prontas
preset-option = { $name }: contas { $initial }; vitória, empate, derrota { $reward }
preset-challenge = as regras do desafio
preset-michie = as regras de Michie (1961)
preset-scroggs = as regras de Scroggs
preset-custom = regras suas
rules-initial = Contas por jogada na 1ª, 2ª, 3ª e 4ª jogada do MENACE
rules-reward = Contas a mais por conta tirada depois de vitória, empate, derrota
rules-empty = Quando uma caixa fica vazia
rules-empty-refill = pôr 3 contas ao acaso
rules-empty-resign = o MENACE desiste
rules-symmetry = uma cor de conta por tipo de jogada (Scroggs)
rules-symmetry-help = cada caixa recebe uma cor de conta para cada grupo de jogadas que são iguais girando o tabuleiro
rules-symmetry-missing = as regras deste motor não têm essa opção
button-update = Atualizar
button-update-reset = Atualizar e recomeçar
rules-now = Agora: { $preset }.
rules-refilled = Todas as caixas foram reabastecidas.
rules-kept = As contas foram mantidas.
panel-eval = Quão bom é o MENACE agora?
button-eval = Calcular exatamente
eval-what = O que isto quer dizer?
eval-exploit = Se o melhor adversário possível jogasse contra o MENACE agora, o MENACE perderia { $share } das partidas.
eval-exploit-help = É a "explorabilidade" do MENACE: a parte das partidas que venceria um adversário que conhece todas as contas de todas as caixas e joga a melhor resposta a elas.
eval-greedy = Se o MENACE sempre pegasse a cor com mais contas, esse adversário venceria { $share } das partidas.
eval-greedy-help = O MENACE tira uma conta ao acaso; este é o mesmo número se ele sempre pegasse a cor com mais contas na caixa.
eval-random = Contra um jogador que joga ao acaso, o MENACE vence { $win }, empata { $draw } e perde { $loss } das partidas.
eval-random-help = Probabilidades exatas sobre todas as partidas que esse jogador poderia jogar, não uma amostra.
eval-perfect = Contra um jogador perfeito, o MENACE vence { $win }, empata { $draw } e perde { $loss } das partidas.
eval-perfect-help = Um jogador perfeito nunca perde; ele escolhe ao acaso entre as suas melhores jogadas.
panel-save = Salvar e carregar
button-download = Baixar o MENACE
button-upload = Carregar um MENACE
panel-explain = Por que o MENACE jogou ali
explain-none = Quando o MENACE jogar, aqui aparecem a caixa de fósforos que ele usou e a conta que tirou.
explain-latest = A última jogada do MENACE
explain-after-game = O que a partida ensinou ao MENACE
explain-real-board = o tabuleiro de verdade
explain-box-drawing = o desenho da caixa { $box }
explain-cell = conta { $bead }: { $count ->
    [one] { $count } conta
   *[other] { $count } contas
  }, { $share } da caixa
explain-same-board = A caixa mostra este mesmo tabuleiro, então cada conta indica a casa em que está desenhada.
explain-turned = A caixa mostra este tabuleiro { $how }; por isso cada conta é virada de volta para achar a sua casa no tabuleiro de verdade.
explain-drew = O MENACE sacudiu a caixa { $box } e tirou a conta { $letter } ({ $bead } na caixa), uma das { $count } dessa cor entre { $total } contas: uma chance de { $share }. Virada de volta, ela cai em { $move }.
explain-forced = Só havia uma casa livre: o MENACE jogou { $move } sem abrir caixa.
explain-refilled = A caixa estava vazia, então antes { $count ->
    [one] foi posta { $count } conta ao acaso
   *[other] foram postas { $count } contas ao acaso
  }.
explain-nim-row = fileira { $row }: { $count ->
    [one] { $count } palito
   *[other] { $count } palitos
  }
explain-col-bead = conta
explain-col-move = jogada no tabuleiro de verdade
explain-col-beads = contas
explain-col-share = chance
explain-col-after = contas depois da partida
explain-won = O MENACE venceu:
explain-draw = Empate:
explain-lost = O MENACE perdeu:
explain-rule-more = cada conta que ele tirou volta para a caixa com { $count ->
    [one] mais { $count } da mesma cor
   *[other] mais { $count } da mesma cor
  }, e essas jogadas ficam mais prováveis.
explain-rule-same = cada conta que ele tirou volta para a caixa; nada muda.
explain-rule-out = cada conta que ele tirou é retirada ({ $count ->
    [one] { $count } conta
   *[other] { $count } contas
  } da cor), e essas jogadas ficam mais raras.
explain-before-after = Caixa { $box }: a conta { $bead } (jogou { $move }) passou de { $before } para { $after }.
explain-now-holds = Com as outras partidas jogadas desde então, a caixa { $box } tem agora { $now } contas { $bead }.
symmetry-identity = tal como é
symmetry-rotate-90-clockwise = girado um quarto de volta no sentido horário
symmetry-rotate-180 = girado meia volta
symmetry-rotate-90-anticlockwise = girado um quarto de volta no sentido anti-horário
symmetry-mirror-left-right = espelhado da esquerda para a direita
symmetry-mirror-top-bottom = espelhado de cima para baixo
symmetry-mirror-main-diagonal = espelhado na diagonal do canto superior esquerdo ao inferior direito
symmetry-mirror-anti-diagonal = espelhado na diagonal do canto superior direito ao inferior esquerdo
panel-learning = Aprendizado
plot-label = curva de aprendizado: partes das partidas recentes ganhas, empatadas e perdidas, e as contas da primeira caixa
plot-game = partida { $game }
plot-empty = Jogue, assista ou treine: a curva de aprendizado aparece aqui.
plot-beads-axis = contas
plot-exploit-point = o melhor adversário venceria { $share } depois de { $games } partidas
legend-won = vitórias (parte das partidas recentes)
legend-drawn = empates
legend-lost = derrotas
legend-beads = contas na primeira caixa
legend-exploit = vitórias do melhor adversário (depois de Calcular)
panel-boxes = Caixas de fósforos
show-opponent = mostrar as caixas do segundo MENACE
boxes-key = Cada casa livre mostra quantas contas essa jogada tem. Contorno: a conta tirada; borda grossa: caixas usadas na última partida.
boxes-count = { $count ->
    [one] { $count } caixa
   *[other] { $count } caixas
  }
boxes-count-opponent = { $count } caixas do segundo MENACE (O)
boxes-none-opponent = (treine contra um segundo MENACE antes)
boxes-used = Caixas usadas na última partida, na ordem em que foram tiradas as contas
boxes-for-move = Sua jogada { $move }: { $count ->
    [one] { $count } caixa
   *[other] { $count } caixas
  }
box-title = caixa { $box }: { $count ->
    [one] { $count } conta
   *[other] { $count } contas
  }
box-beads = contas { $beads }
beads-count = { $count ->
    [one] { $count } conta
   *[other] { $count } contas
  }
toast-not-json = o servidor enviou algo que não é JSON
toast-not-connected = sem conexão com o motor
toast-not-state = { $file } não é um MENACE salvo (não é JSON)
toast-too-large = { $file } é grande demais para ser um MENACE salvo
toast-choose-opponent = escolha um adversário para o MENACE, ou clique em Novo jogo para jogar você mesmo
message-start-second = Aperte Nova partida para jogar contra o MENACE (você joga com X e começa; o MENACE joga com O), ou deixe-o treinar abaixo.
message-start-nim = Aperte Nova partida para jogar Nim contra o MENACE (quem tirar o último palito vence), ou deixe-o treinar abaixo.
message-start-hexapawn = Aperte Nova partida para jogar Hexapawn contra o MENACE (você joga com os peões brancos e começa; o MENACE joga com os pretos), ou deixe-o treinar abaixo.
plot-window = A curva mostra as últimas { $count } partidas que o motor guarda (partidas { $from } a { $to }); as anteriores não aparecem.
explain-find-box = Encontrar a caixa { $box } entre as caixas de fósforos
links-label = Mais
link-print = Etiquetas para imprimir
link-guide = Guia da aula
link-projector = Visão para projetor
link-take-home = Leve o MENACE para casa (um arquivo)
link-take-home-title = menace.html: o MENACE num só arquivo, que funciona sem servidor e sem rede. Abra-o num navegador ou compartilhe-o.

## A página da turma (menace serve --class)

class-page-title = MENACE para a turma toda: uma só máquina de caixas de fósforos, treinada por todos
class-tagline = uma só máquina de caixas de fósforos para a turma toda: cada partida a ensina
class-name-placeholder = seu nome
class-message-start = Digite seu nome e clique em Novo jogo: o MENACE joga com X e começa.
class-message-start-second = Digite seu nome e clique em Novo jogo: você joga com X e começa; o MENACE joga com O.
class-your-move = Sua vez (você é { $mark }).
class-panel-score = O MENACE contra a turma
class-games = { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
  }
class-curve-label = a curva de aprendizado da turma: vitórias do MENACE menos derrotas, partida após partida
class-curve-help = A curva: vitórias do MENACE menos as suas derrotas, partida após partida, nas partidas jogadas nesta página.
class-trained-apart = Treinado fora da turma: { $list }.
class-trained-item = { $games } partidas contra { $opponent } ({ $won } vitórias, { $drawn } empates, { $lost } derrotas)
class-panel-players = Jogadores
class-col-name = nome
class-col-games = partidas
class-col-won = vitórias
class-col-drawn = empates
class-col-lost = derrotas
class-panel-teacher = Professor
class-key = Chave
class-key-placeholder = a chave que o servidor mostrou
class-beads-placeholder = contas, por exemplo 4,3,2,1
class-reward-placeholder = recompensa, por exemplo 3,1,-1
class-button-rules = Novas regras (reabastecer as caixas)
class-button-reset = Recomeçar
class-teacher-note = O MENACE da turma é guardado depois de cada partida. Um download é uma cópia dele: envie-o de novo aqui, na página particular ou no ano que vem.
class-key-needed = Digite primeiro a chave do professor: o servidor a mostrou ao começar.
class-teacher-open = Os comandos do professor estão abertos nesta página.
class-training = Treinando: { $games } de { $of } partidas…
class-trained-line = Treinou { $games } partidas contra { $opponent }: o MENACE venceu { $won }, empatou { $drawn }, perdeu { $lost }.
class-rules-refilled = Novas regras: { $preset }; todas as caixas foram reabastecidas.
class-rules-kept = Novas regras: { $preset }; as contas foram mantidas.
class-player-placeholder = um nome do quadro
class-player-label = O nome de um jogador no quadro
class-button-remove-player = Tirar do quadro
class-button-clear-players = Limpar o quadro
class-confirm-clear = Tirar { $count ->
    [one] o { $count } nome
   *[other] todos os { $count } nomes
  } do quadro? O placar, a curva e as caixas do MENACE ficam como estão.
class-removed = Tirado do quadro: { $names }.
class-unlisted = O quadro está cheio, por isso o seu nome não aparece, mas as suas partidas contam para a turma.
class-reset-done = O MENACE recomeça com caixas novas.
class-imported = Carregado: este MENACE aprendeu com { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  }.
class-boxes-help = Cada caixa mostra o seu desenho; o número numa casa livre é o de contas dessa jogada.
class-drew = Partida de { $player }: o MENACE tirou { $bead } da caixa { $box }.
class-last-game-won = Partida { $number } ({ $player }): o MENACE venceu.
class-last-game-draw = Partida { $number } ({ $player }): empate.
class-last-game-lost = Partida { $number } ({ $player }): o MENACE perdeu.
class-connection-reconnecting = conexão perdida: reconectando…
class-connection-again = conectado de novo
class-game-dropped = A conexão caiu; aquela partida não foi contada. Aperte Nova partida para jogar de novo.
class-named = Você joga como { $name }.
class-panel-last-game = A partida mais recente
class-last-game-none = A próxima partida do MENACE aparece aqui.
class-last-game-caption = { $player }: a jogada mais recente do MENACE, no desenho da caixa { $box }
class-last-game-board = Partida de { $player }: o MENACE jogou { $move } (uma conta da caixa { $box })
class-curve-empty = A curva começa com a primeira partida da turma.
class-panel-join = Entrar na turma
class-qr-caption = Leia o código com o celular, ou digite o endereço:
class-previous-title = Máquinas anteriores
class-previous-help = Um reinício, regras novas, um envio ou a volta de uma máquina anterior guarda aqui a máquina que substitui (as cinco últimas).
class-previous-none = Nenhuma ainda.
class-previous-entry = { $when }, { $why }: { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } (MENACE venceu { $won }, empatou { $drawn }, perdeu { $lost }), { $players ->
    [one] { $players } jogador
   *[other] { $players } jogadores
  }
class-previous-entry-undated = { $why }: { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } (MENACE venceu { $won }, empatou { $drawn }, perdeu { $lost }), { $players ->
    [one] { $players } jogador
   *[other] { $players } jogadores
  }
class-why-reset = substituída por um reinício
class-why-rules = substituída por regras novas
class-why-import = substituída por um envio
class-why-restore = substituída quando uma anterior voltou
class-button-restore = Trazer de volta
class-button-restore-label = Trazer de volta a máquina anterior { $number }
class-restored = A máquina anterior { $number } voltou: ela aprendeu com { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  }.
class-confirm-reset-title = Reiniciar o MENACE da turma toda?
class-confirm-rules-title = Regras novas e caixas cheias de novo para a turma toda?
class-confirm-upload-title = Colocar o arquivo enviado { $file } no lugar do MENACE da turma?
class-confirm-restore-title = Trazer de volta a máquina anterior { $number } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  })?
class-confirm-lost = Isto substitui a máquina da turma como ela está agora: o placar de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  }, { $players ->
    [one] { $players } jogador
   *[other] { $players } jogadores
  } no quadro, o registro do treino e o que o MENACE aprendeu. Tudo fica em "Máquinas anteriores", no painel do Professor, de onde você pode trazer de volta.
class-confirm-replace = Substituir
class-confirm-cancel = Cancelar

## Os erros do servidor, pelo código (protocol.md)

error-name-first = Digite seu nome primeiro: ele vai para o quadro da turma.
error-no-game = Não há partida em andamento: aperte Nova partida.
error-teacher-only = "{ $command }" é do professor: dê a chave do professor primeiro.
error-wrong-key = Chave errada. (Chaves erradas são retardadas, para que ninguém adivinhe a chave.)
error-idle = Fechado depois de { $minutes ->
    [one] { $minutes } minuto
   *[other] { $minutes } minutos
  } sem jogada nem comando.
error-server-full = O servidor está cheio: ele roda no máximo { $max } sessões ao mesmo tempo. Tente de novo mais tarde.
error-busy = O MENACE está ocupado com as linhas anteriores: envie esta de novo daqui a pouco.
error-name-invisible = Um nome não pode ter caracteres invisíveis ou de direção.
error-name-too-long = Um nome tem no máximo { $max } caracteres.
error-name-control = Um nome não pode ter caracteres de controle.
error-name-combining = Um nome não pode começar com um sinal diacrítico combinante.
error-name-empty = Digite um nome: ele não pode ficar vazio.
error-names-per-connection = Uma página dá no máximo { $max } nomes novos: jogue com um dos seus.
error-not-on-board = { $name } não está no quadro.
error-class-file = Não foi possível salvar o MENACE da turma no arquivo; a turma continua, e o professor deve baixá-lo.
error-line-too-long = Isso é grande demais para enviar (um envio tem no máximo 1 MiB).
# engine: every other refusal the engine words, by its code (protocol.md's list)
error-not-utf8 = Não foi possível ler esse texto: não é UTF-8 válido.
error-one-line = Envie um comando de cada vez.
error-unknown-command = O motor não conhece esse comando.
error-not-a-command = Isso não é um comando.
error-private-only = Isso é só para uma sessão particular, não para uma turma.
error-class-only = Isso é só para uma turma.
error-needs-learner = Este aprendiz não faz isso: é preciso ter as caixas de fósforos do MENACE.
error-wrong-game = Isso não faz parte deste jogo.
error-unexpected-words = Há algo a mais depois do comando.
error-missing-argument = Falta algo depois do comando.
error-not-a-number = Isso precisa de um número inteiro.
error-out-of-range = Dê um número inteiro de { $min } a { $max }.
error-bad-argument = O motor não entende essa escolha.
error-match-in-progress = Há um jogo em andamento (jogo { $game } de { $games }): termine-o ou comece um novo jogo antes.
error-nothing-to-abort = Não há jogo para parar.
error-not-a-ttt-move = Isso não é uma casa: clique numa casa vazia.
error-cell-taken = Essa casa está ocupada: escolha uma vazia.
error-not-a-nim-move = Escreva a jogada como fila:peças; por exemplo, 2:3 tira 3 peças da fila 2.
error-no-such-row = Não existe a fila { $row }: as filas vão de 1 a { $rows }.
error-take-one = Tire pelo menos uma peça.
error-too-many-taken = A fila { $row } só tem { $left }: não dá para tirar { $take }.
error-not-a-hexapawn-move = Escreva a jogada como origem-destino, por exemplo a1-a2, ou uma captura como b2xa3.
error-no-pawn = Você não tem peão nessa casa.
error-hexapawn-dash-x = Escreva um avanço com - e uma captura com x, por exemplo a1-a2 ou b2xa3.
error-hexapawn-illegal = Esse peão não pode ir para lá: uma casa para a frente numa casa vazia, ou na diagonal para capturar.
error-no-opponent-machine = Ainda não há um segundo MENACE: treine primeiro contra o MENACE.
error-no-matchboxes = Este aprendiz não tem caixas de fósforos, por isso não tem máquina salva.
error-unknown-opponent = O motor não conhece esse adversário.
error-bad-probability = O adversário misto precisa de uma proporção de 0 a 1, por exemplo 0,3.
error-program-opponent = Um programa externo só pode ser adversário na linha de comando.
error-too-many-opponents = A turma guarda registros de no máximo { $max } adversários: treine contra um deles.
error-class-opponent = O MENACE de uma turma treina contra o aleatório, o perfeito, o misto ou o melhor adversário possível.
error-rules-nothing = Escolha uma regra para mudar.
error-rules-twice = Uma das regras aparece duas vezes.
error-rules-needs-value = Falta o valor de uma regra.
error-not-a-rule = Isso não é uma das regras das contas.
error-unknown-preset = O motor não conhece essa predefinição.
error-bad-initial = As contas iniciais são de 1 a 64 números, cada um de 1 a 1.000.000, por exemplo 4,3,2,1.
error-bad-reward = O prêmio são três números inteiros para vitória, empate e derrota, cada um de -1.000.000 a 1.000.000, por exemplo 3,1,-1.
error-bad-empty = Uma caixa vazia recebe de 1 a 1.000.000 contas, ou o MENACE desiste.
error-colours-need-reset = Uma cor por simetria põe contas noutras jogadas: escolha reiniciar para mudar isso.
error-bad-colours = As cores das contas são uma por jogada, ou uma por simetria.
error-state-not-json = Esse arquivo está danificado ou não é um MENACE salvo: não é JSON.
error-state-unknown-field = Esse arquivo tem partes que um MENACE salvo não tem: não é um arquivo do MENACE.
error-state-missing-field = Faltam nesse arquivo partes que todo MENACE salvo tem.
error-state-malformed = Esse arquivo não é um MENACE salvo: as partes têm a forma errada.
error-state-format = Esse arquivo não é um MENACE salvo.
error-state-version = Esse arquivo é um MENACE salvo da versão { $version }, que esta página não sabe ler.
error-state-other-rows = Esse MENACE joga Nim com outras filas.
error-state-other-game = Esse MENACE joga outro jogo: escolha primeiro o jogo dele.
error-state-other-side = Esse MENACE joga do outro lado: escolha quem começa para combinar com ele.
error-state-rules = As regras das contas nesse arquivo não são válidas.
error-state-curve = A curva de aprendizagem ou os resultados nesse arquivo não conferem.
error-state-class = O registo da turma nesse arquivo não é válido.
error-state-boxes = As caixas nesse arquivo não são as caixas do MENACE para este jogo.
error-files-refused = Esta sessão não pode usar esse arquivo.
error-file-unreadable = Não foi possível ler esse arquivo.
error-file-unwritable = Não foi possível salvar esse arquivo.
error-no-earlier = Não há máquina anterior { $number }: a turma guarda { $kept } agora.

## As etiquetas impressas (menace print, /print)

print-title = { $machine }: etiquetas das caixas de fósforos
print-machine-menace = MENACE (jogo da velha)
print-machine-menace-second = MENACE jogando com O (jogo da velha)
print-machine-hexapawn = Hexapawn
print-machine-nim = Nim (fileiras de 3, 4 e 5)
print-key-heading = { $machine } — { $boxes } caixas de fósforos, página { $page } de { $pages }
print-key-line = { $rules }; { $colours }.
print-rules = Contas: { $preset }: { $initial } contas por cor conforme a jogada; vitória/empate/derrota { $reward }; { $empty }
print-empty-refill = uma caixa vazia recebe { $count } contas ao acaso
print-empty-resign = com uma caixa vazia, a máquina desiste
print-colours-cells = uma cor por casa
print-colours-moves = uma cor por jogada
print-colours-symmetry-cells = uma cor por classe de simetria de casas (casas simétricas dividem uma conta)
print-colours-symmetry-moves = uma cor por classe de simetria de jogadas (jogadas simétricas dividem uma conta)
print-colours-symmetry-nim = uma cor por classe de simetria de jogadas (o Nim não tem simetria: uma por jogada)
print-unit-cell = casa
print-unit-move = jogada
print-key-fill = Ponha em cada caixa as contas que a etiqueta indica, uma cor por { $unit } marcada.
print-build-numbers = Os números das caixas são os do programa: a página mostra os mesmos; "jogada" numa etiqueta: a jogada da máquina em que a caixa aparece pela primeira vez.
print-key-menace = A máquina joga com X.
print-key-menace-second = A máquina joga com O: o adversário começa todas as partidas.
print-key-hexapawn = A máquina joga com as pretas (cheias, descendo); as setas são as suas jogadas.
print-key-nim = A máquina começa; um palito quer dizer: tire-o e todos à direita dele.
print-label-box = caixa { $box }
print-label-move = jogada { $move }
print-label-each = { $count ->
    [one] { $count } conta de cada cor
   *[other] { $count } contas de cada cor
  }
print-label-colours = { $colours ->
    [one] { $colours } cor
   *[other] { $colours } cores
  }, { $beads } contas
print-colour-red = vermelho
print-colour-amber = âmbar
print-colour-yellow = amarelo
print-colour-green = verde
print-colour-blue = azul
print-colour-purple = roxo
print-colour-pink = rosa
print-colour-brown = marrom
print-colour-silver = prata
print-colour-cyan = ciano
print-colour-lime = verde-limão
print-colour-magenta = magenta
print-build-title = Como montar { $machine }
print-build-shopping = Contas para comprar
print-build-col-colour = cor
print-build-col-start = nas caixas no início
print-build-col-buy = para comprar
print-build-total = Ao todo: { $boxes } caixas de fósforos e { $beads } contas no início ({ $buy } para comprar).
print-build-margin = "Para comprar" é o que as caixas recebem no início e mais um quarto de cada cor (pelo menos 10 a mais): sobras para reabastecer caixas vazias e para as contas que as vitórias acrescentam.
print-build-steps = Passos
print-build-step-cut = Imprima estas páginas e recorte as etiquetas pelas linhas tracejadas.
print-build-step-glue = Cole cada etiqueta na tampa de uma caixa de fósforos vazia: { $boxes } caixas.
print-build-step-sort = Separe as contas por cor em copinhos. A letra de cada marcador diz a sua cor (legenda abaixo), então as etiquetas se leem também numa impressão em preto e branco.
print-build-step-fill = Encha cada caixa com as contas que a etiqueta indica: contas de uma cor para cada { $unit } marcada, tantas quantas a etiqueta diz.
print-build-step-rows = Arrume as caixas em fileiras por "jogada" (1ª, 2ª, 3ª jogada da máquina …), na ordem dos números.
print-build-step-play = Para jogar: ache a caixa cujo desenho é o tabuleiro, girado ou espelhado se for preciso. Sacuda-a, tire uma conta sem olhar e jogue onde a sua cor está marcada, virando de volta do mesmo jeito. Deixe a conta ao lado da caixa até o fim da partida.
print-build-step-learn = Depois da partida, devolva cada conta tirada com tantas a mais da sua cor: vitória { $win }, empate { $draw }, derrota { $loss } (−1: a conta fica fora).
print-build-key = Legenda das cores

# state: the private page's questions before learning is lost, MENACE's side, training counts, the whole story's curve
menu-side = O MENACE joga
side-first = primeiro
side-second = em segundo
ask-replace = Substituir
ask-switch = Trocar
ask-reset-title = Novas regras e um MENACE novo?
ask-load-title = Pôr { $file } no lugar deste MENACE?
ask-switch-game = Trocar para { $game }?
ask-switch-side = O MENACE passa a jogar { $side }?
ask-lost = O aprendizado de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } do MENACE será substituído. Baixe o MENACE antes para guardá-lo.
ask-switch-kept = O treino para depois da partida em curso; o que o MENACE aprendeu até agora fica guardado.
message-stopping = Parando o treino…
train-count-empty = Escreva quantas partidas o MENACE deve treinar, por exemplo 1000. Nada foi treinado.
train-count-not-whole = “{ $text }” não é um número de partidas: escreva um número inteiro, por exemplo 1000. Nada foi treinado.
train-count-zero = O MENACE treina pelo menos 1 partida. Nada foi treinado.
train-count-too-many = No máximo { $most } partidas de uma vez ({ $games } pedidas). Nada foi treinado.
opponent-exploiter-menu = o melhor adversário possível contra o MENACE de agora (quando não consegue fazê-lo perder, joga a jogada perfeita metade das vezes e uma jogada ao acaso na outra metade)
legend-net = vitórias menos derrotas do MENACE, em todas as partidas desde que foi criado
# page: the offline page's kept machines (a full storage, a damaged copy, another tab, the earlier machines), Nim's and Hexapawn's boards, the cells' legend (issue 73)
page-storage-full = Este navegador não está guardando o que o MENACE aprende: o armazenamento está cheio ou desligado. Baixe o MENACE para guardá-lo.
page-storage-damaged = O MENACE guardado neste navegador não pôde ser lido, então um novo começou. A cópia danificada foi guardada à parte.
page-damaged-download = Baixar a cópia danificada
page-damaged-drop = Esquecer a cópia danificada
page-storage-elsewhere = Este MENACE está aberto em outra aba, que agora guarda o que ele aprende: o que ele aprender nesta aba não será guardado.
page-take-over = Usar nesta aba
page-earlier-help = Um reinício, regras novas com caixas novas, um envio ou trazer uma de volta guarda aqui a máquina substituída: as cinco últimas de cada jogo, neste navegador.
page-earlier-entry = { $when }, { $why }: { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  }
page-why-tab = guardada desta aba quando outra aba a tinha
page-bring-back-label = Trazer de volta a máquina de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  } ({ $when })
page-bring-back-busy = Pare o treino primeiro: trazer uma máquina de volta o interromperia.
page-brought-back = A máquina anterior voltou; a que ela substituiu está em "Máquinas anteriores".
message-your-move-nim = Sua vez: clique num palito para tirá-lo junto com todos à direita dele.
message-you-first-nim = Você começa: clique num palito para tirá-lo junto com todos à direita dele.
message-your-move-hexapawn = Sua vez: clique num dos seus peões e depois para onde ele vai.
message-you-first-hexapawn = Você começa, com os peões brancos: clique num deles e depois para onde ele vai.
move-placeholder-hexapawn = sua jogada, p. ex. b1-b2 ou b2xa3
game-help-nim = Clique num palito, ou chegue nele com as setas e aperte Enter: você tira ele e todos à direita dele. Digitando, 2:3 tira 3 palitos da fileira 2. Quem tirar o último palito vence.
game-help-hexapawn = Clique num dos seus peões e depois numa casa marcada de verde (ou use as setas e Enter). Um peão anda uma casa para a frente até uma casa vazia, ou uma casa na diagonal para a frente para capturar. Digitando, b1-b2 anda e b2xa3 captura. Você vence ao chegar à última fileira, ao capturar todos os peões do MENACE ou quando ele não puder jogar.
nim-board-label = as fileiras de palitos: um palito leva junto todos os palitos à direita dele
nim-take = fileira { $row }: tirar { $take ->
    [one] { $take } palito
   *[other] { $take } palitos
  }
hexapawn-board-label-white = o tabuleiro: você joga com os peões brancos, da fileira 1 para cima
hexapawn-board-label-black = o tabuleiro: você joga com os peões pretos, da fileira 3 para baixo
hexapawn-square-empty = { $square }: vazia
hexapawn-square-white = { $square }: peão branco
hexapawn-square-black = { $square }: peão preto
hexapawn-square-chosen = { $square }: seu peão, escolhido (aperte de novo para soltá-lo)
hexapawn-square-target = { $square }: mover seu peão para cá
hexapawn-square-capture = { $square }: capturar o peão daqui
cell-legend-title = O que as casas e as cores das contas querem dizer
cell-legend-cells = Uma casa tem o nome da sua linha e depois da sua coluna, cada uma L, M ou R: linhas de cima, do meio e de baixo; colunas da esquerda, do meio e da direita. LL é o canto de cima à esquerda, MR a casa da direita na linha do meio. Cada casa tem a sua cor de conta:
cell-legend-beads = Numa caixa, o número numa casa livre é quantas contas da cor dessa casa ela tem. A explicação e as etiquetas impressas mostram cada cor com a sua letra.

# offline: the matchbox labels drawn by the offline file's engine (issue 73)
offline-labels-help = As etiquetas para colar nas caixas de fósforos, com as contas com que cada caixa começa, e uma página sobre como montar a máquina. Abrem numa janela própria, prontas para imprimir.
offline-labels-machine = Máquina
offline-labels-paper = Papel
offline-labels-paper-a4 = A4
offline-labels-paper-letter = Carta (EUA)
offline-labels-colours = Cores das contas
offline-labels-colours-cells = uma cor por casa ou jogada (Michie)
offline-labels-colours-symmetry = uma cor por classe de simetria (Scroggs)
offline-labels-open = Abrir as etiquetas
offline-labels-print = Imprimir
offline-labels-blocked = O navegador não abriu a janela das etiquetas: permita pop-ups para esta página e tente de novo.
offline-labels-failed = Não foi possível desenhar as etiquetas. Recarregue a página e tente de novo.
# rooms: the home page and the teacher's page of `menace serve --rooms`
rooms-title = MENACE: entre na sua turma
rooms-tagline = uma máquina de caixas de fósforos para a turma toda: cada partida a ensina
rooms-join-heading = Entre na sua turma
rooms-code-label = O código da sua turma (no quadro)
rooms-join = Entrar
rooms-teacher-link = Professores: criem uma sala para a sua turma
rooms-teacher-title = MENACE: as salas das suas turmas
rooms-teacher-tagline = as salas das suas turmas
rooms-home-link = Entrar numa turma
rooms-key-heading = A sua chave de professor
rooms-key-about = A sua chave faz das salas suas: ela as lista aqui e, no painel Professor de uma sala, permite reiniciar, importar e restaurar. Guarde-a só para você; este navegador a lembra.
rooms-key-label = Chave
rooms-key-use = Mostrar minhas salas
rooms-make-heading = Uma sala nova
rooms-make = Criar uma sala
rooms-import = Criar uma sala a partir de um arquivo de turma…
rooms-list-heading = As suas salas
rooms-col-code = Código
rooms-col-games = Partidas
rooms-col-used = Última partida
rooms-col-actions = Ações
rooms-code-bad = Um código tem seis letras e algarismos, escritos no quadro. Ele não tem O, 0, I, 1 nem L.
rooms-error-no-room = Nenhuma turma tem este código. Confira no quadro.
rooms-error-closed = A sala desta turma está fechada. Pergunte ao seu professor.
rooms-error-too-many = Tentativas demais a partir daqui. Espere um pouco e tente de novo.
rooms-error-full = O servidor já tem todas as salas que pode ter. Feche uma sala de que não precisa mais, ou pergunte ao dono do servidor.
rooms-error-wrong-key = Esta não é a chave desta sala.
rooms-error-bad-class = Este arquivo não é uma turma que o MENACE aceite: foi recusado por inteiro, e nada foi criado.
rooms-error-too-large = Este arquivo é grande demais: um arquivo de turma tem no máximo 1 MiB.
rooms-error-offline = Não foi possível alcançar o servidor. Verifique a conexão e tente de novo.
rooms-error-other = O servidor não conseguiu fazer isso. Tente de novo daqui a pouco.
rooms-list-no-key = Digite a sua chave para ver as suas salas, ou crie a sua primeira sala.
rooms-list-none = Você ainda não tem salas.
rooms-made = O código da sua sala nova é { $code }. Escreva-o no quadro; a sua chave está acima. Abra a sala pela lista abaixo.
rooms-games = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
  }
rooms-projector = Vista do projetor
rooms-closed = fechada
rooms-export = Baixar
rooms-close = Fechar a sala
rooms-close-title = Fechar a sala { $code }?
rooms-close-body = Os alunos não poderão mais entrar na sala { $code }. O MENACE dela e as { $games } partidas ficam guardados, e você pode abri-la de novo ou baixá-la desta lista até ela ser apagada, muito depois.
rooms-reopen = Abrir de novo

# rooms2: the operator's page of `menace serve --rooms` (its figures, refreshed)
rooms2-operator-title = MENACE: o servidor num relance
rooms2-operator-tagline = o servidor num relance
rooms2-operator-key-heading = A chave do operador
rooms2-operator-key-about = O servidor a imprime cada vez que inicia. Esta aba a guarda até você fechá-la.
rooms2-operator-show = Mostrar os números
rooms2-operator-heading = O servidor agora
rooms2-fig-rooms = Salas abertas
rooms2-fig-rooms-more = fechadas ou arquivadas: { $archived }; na memória agora: { $memory }
rooms2-fig-players = Jogando agora
rooms2-fig-rate = Partidas por segundo (no último minuto)
rooms2-fig-games = { $games ->
    [one] { $games } partida no total
   *[other] { $games } partidas no total
  }
rooms2-fig-size = O tamanho do banco de dados
rooms2-fig-mib = { $mib } MiB
rooms2-figures-when = Números de { $time }. Eles se atualizam sozinhos.
rooms2-error-wrong-key = Esta não é a chave do operador. O servidor imprime uma chave nova cada vez que inicia.
