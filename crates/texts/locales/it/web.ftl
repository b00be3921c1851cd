# valerna serve: le pagine web (sala d'attesa, tavoli). I messaggi con
# variabili sono serviti con { $name } lasciato come {name}, che la pagina
# riempie. Termini di gioco dal regolamento italiano di Lords of Vaala.

web-title = Valerna
web-lov = Lords of Vaala
web-language = Lingua
web-loading = Caricamento…
web-error = Errore: { $message }
web-colon = {": "}
web-offline = Il server non è raggiungibile in questo momento: la pagina riprova da sola.
web-no-game = Questa partita non esiste.
web-back-lobby = Torna alla sala d'attesa
web-seat = Posto { $seat }

## Sala d'attesa

web-lobby-new = Nuova partita
web-lobby-seats = Posti
web-lobby-game-language = Lingua della partita
web-lobby-seed = Seme (facoltativo)
web-lobby-create = Crea la partita
web-lobby-created = La partita è pronta. Apri qui il tuo posto e manda a ogni amico il link del suo: un link è un posto, e lo tiene il primo browser che lo apre.
web-lobby-play-as = Gioca come { $name }
web-lobby-link-of = Link di { $name }
web-lobby-hotseat = Gioca tutti i posti umani a questo schermo
web-wrong-invite = Questo link non è un invito a questa partita. Stai guardando la partita.
web-already-joined = Questo posto è già stato aperto in un altro browser: è di chi l'ha aperto. Stai guardando la partita.
web-lobby-invited = invito non ancora aperto
web-lobby-copied = Copiato
web-lobby-copy = Copia
web-lobby-send-to = Per l'amico che gioca { $name }:
web-lobby-me-none = nessuno: preparo solo la partita
web-lobby-me = Il tuo posto
web-lobby-mode-hotseat = Tutti a questo schermo
web-lobby-mode-network = Ognuno nel proprio browser (manda a ogni amico il suo link)
web-lobby-where = Dove giocano le persone
web-lobby-created-hotseat = La partita è pronta: tutti giocano a questo schermo, e ogni mano resta coperta finché il suo proprietario non chiede di vederla.
web-lobby-need-human = Almeno un posto deve essere di una persona.
web-lobby-open-games = Partite in corso
web-lobby-no-games = Nessuna partita in corso.
web-lobby-finished = Partite finite
web-lobby-no-finished = Nessuna partita è ancora finita.
web-lobby-when = Iniziata
web-lobby-game = Partita
web-lobby-status = Stato
web-lobby-taken = occupato
web-lobby-free = libero
web-lobby-play = gioca
web-lobby-rejoin = rientra
web-lobby-watch = Guarda
web-seat-kind-human = Persona
web-seat-kind-faceless = Senzavolto
web-seat-kind-random = Bot (a caso)
web-seat-kind-heuristic = Bot (euristico)
web-seat-kind-ismcts = Bot (ricerca)
web-game-status-open = in attesa di giocatori
web-game-status-playing = in corso
web-game-status-over = finita
web-game-status-broken = guasta

## Il tavolo

web-status = Chi deve decidere ora
web-choices = Scelte
web-players = Giocatori
web-map = Mappa di Vaala
web-your-turn = Tocca a te
web-waiting = in attesa di { $name }…
web-waiting-kind = in attesa di { $name } ({ $kind })…
web-spectating = spettatore
web-pass-screen = Passa lo schermo a { $name }.
web-show-hand = Mostra la mia mano
web-hand-hidden = Nascosta finché il suo proprietario non chiede di vederla.
web-your-hand = Mano di { $name }
web-hand-empty = Nessuna carta in mano.
web-take-back = Annulla la mossa
web-reconnecting = Connessione persa: nuovo tentativo fra { $seconds } s…
web-game-over = La partita è finita.
web-winner = vincitore
web-end-won = Ha vinto { $name }
web-end-won-together = Hanno vinto insieme { $first } e { $second }
web-end-no-winner = Nessuno ha vinto
web-end-record = Scarica la registrazione
web-end-why-power = { $name } ha raggiunto 10 Potere: la partita finisce subito.
web-end-why-events = Il mazzo degli Eventi è finito alla fine di un round: vince chi ha più Potere.
web-end-why-elimination = Un giocatore è stato eliminato: la partita finisce, e vince chi ha più Potere.
web-broken = Questa partita non può continuare: { $message }
web-round = Round { $round }
web-phase-planning = Pianificazione
web-phase-resolution = Risoluzione
web-phase-cleanup = Mantenimento
web-phase-over = Partita finita
web-initiative-token = Iniziativa
web-events-left = Eventi rimasti: { $count }
web-deciding = sta decidendo
web-eliminated = eliminato

## Plance dei giocatori

web-power = Potere
web-power-count = Potere: { $power } non utilizzato, { $spent } utilizzato ({ $total } su 10)
web-wounds = Ferite
web-wounds-count = Ferite: { $wounds } su { $max }
web-essence = Essenza
web-essence-count = Essenza: { $essence } su { $max }
web-supply = Riserva
web-denizens = Abitanti
web-bond = Legame Draconico
web-combat-bonus = Valore di Combattimento +{ $bonus } in questo round
web-combat-value = Valore di Combattimento: { $value }
web-hand-counts = In mano: { $actions } Azione, { $regions } Regione, { $vaala } Vaala
web-vaala-counts = Vaala: { $face_up } scoperte, { $deck } nel mazzo, { $discard } scartate
web-general = Generale
web-dragon = Drago
web-infantry = Fanteria
web-cavalry = Cavalleria
web-ranged = a Distanza
web-neutral = Unità neutrali
web-city = Città
web-map-power = Potere: { $count }
web-mountain-border = Confine montuoso
web-sea-link = Collegate via mare

## Carte e pila delle Azioni

web-stack = Pila delle Azioni
web-stack-empty = La pila delle Azioni è vuota.
web-face-down = coperta
web-action-card = Carta Azione
web-region-card = Carta Regione
web-event-card = Evento
web-vaala-card = Carta Vaala
web-cost = Costo { $cost }
web-lineup = Abitanti
web-glyph-attack = Assalto
web-glyph-attack-dragon = Ira
web-glyph-move = Schieramento
web-glyph-move-dragon = Volo
web-glyph-collect = Raccolto
web-glyph-collect-dragon = Accumulo
web-glyph-vaala = Vaala
web-glyph-upgrade = Miglioramento
web-glyph-reinforce = Rinforzi
web-glyph-fortify = Fortificazione

## Combattimento e dadi

web-combat = Battaglia
web-dice = Dadi
web-die-miss = mancato
web-die-hit = colpo standard
web-die-double-hit = due colpi standard
web-die-critical = colpo critico
web-die-double-critical = due colpi critici

## Registro e replay

web-log = Registro
web-replay = Replay
web-replay-first = Prima decisione
web-replay-prev = Decisione precedente
web-replay-next = Decisione seguente
web-replay-last = Ultima decisione
web-replay-step-label = Decisione
web-replay-step = dopo { $step } di { $total } decisioni
web-download = Scarica il registro della partita (JSON)

## Battles of Valerna

web-bov = Battles of Valerna
web-side = Giocatore { $seat }
web-seat-kind-greedy = Bot (avido)
web-lobby-which-game = Gioco
web-lobby-scenario = Scenario
web-lobby-battlefield = Campo di battaglia
web-lobby-list-of = Lista dell'esercito di { $side }
web-scenario-pitched_battle = Battaglia Campale
web-scenario-seize_the_land = Conquista la Terra
web-scenario-slay_the_foe = Annienta il Nemico
web-scenario-quest = La Cerca
web-battlefield-small2x1 = 2' × 1'
web-battlefield-standard4x3 = 4' × 3'
web-battlefield-large6x4 = 6' × 4'
web-bov-field = Campo di battaglia
web-bov-terrain-impassable = Invalicabile
web-bov-terrain-slowing = Rallentante
web-bov-terrain-obscuring = Occultante
web-bov-terrain-dangerous = Pericoloso
web-bov-objective = Obiettivo
web-bov-zone = Zona di schieramento
web-bov-drag = Trascina l'unità per farla marciare.
web-bov-legal = Movimento legale: rilascia per farlo.
web-bov-thinking = { $side } ({ $kind }) sta pensando…
web-bov-select = Seleziona un'unità per vederne la carta.
web-bov-general = Generale
web-bov-fatigue = fatica { $count }
web-bov-status-poisoned = Avvelenato
web-bov-status-slowed = Rallentato
web-bov-status-immobilized = Immobilizzato
web-bov-reserve = in Riserva
web-bov-speed = Velocità
web-bov-defense = Difesa
web-bov-health = Salute
web-bov-melee = Mischia
web-bov-ranged = Distanza
web-bov-points = Punti
web-bov-provisional = Testo provvisorio della carta (la carta stampata può differire).
web-bov-won = Vince { $side }
web-bov-drawn = Pareggio
web-bov-score = { $points } punti vittoria
web-bov-your-vaala = Le tue carte Vaala
web-bov-no-vaala = Nessuna carta Vaala rimasta.
web-bov-setup = Preparazione
web-bov-drag-deploy = Trascina un'unità dal suo pulsante nella tua zona, o cliccalo per schierarla dove indica il pulsante.
web-bov-tools = Strumenti
web-bov-look = Linea di vista
web-bov-ruler = Righello
web-bov-look-from = Clicca l'unità che guarda.
web-bov-look-to = { $unit } guarda: clicca l'unità che guarda.
web-bov-ruler-how = Trascina sul campo di battaglia per misurare.
web-bov-look-blind = Nessun modello di { $from } vede { $to } (a { $distance }").
web-bov-models = modelli: { $count }
web-bov-wounds = ferite: { $count }
web-bov-vaala-count = carte Vaala: { $count }
web-bov-destroyed = unità distrutte: { $count }
web-bov-look-sees = Modelli di { $from } che vedono { $to }: { $seeing } su { $models }, a { $distance }".
web-bov-look-cover = { $to } è in copertura.
web-bov-zoom-in = Ingrandisci
web-bov-zoom-out = Riduci
web-bov-zoom-all = Tutto il tavolo
web-lobby-monsters = Mostri
web-lobby-list-own = Lista propria (file)…
web-lobby-list-file = Il file della lista dell'esercito di { $side }
web-lobby-list-missing = Scegli il file della lista dell'esercito di { $side }.
web-bov-colour-black = nero
web-bov-colour-gray = grigio
web-bov-colour-white = bianco
web-bov-legal-move = Movimento legale, { $used }" usati di { $allowance }": rilascia per farlo.
