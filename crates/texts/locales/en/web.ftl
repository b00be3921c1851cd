# valerna serve: the web pages (lobby, tables). Messages with variables are
# served with { $name } left as {name} for the page to fill in. Game terms as
# the English rulebook of Lords of Vaala prints them.

web-title = Valerna
web-lov = Lords of Vaala
web-language = Language
web-loading = Loading…
web-error = Error: { $message }
web-colon = {": "}
web-offline = The server cannot be reached just now: the page tries again by itself.
web-no-game = There is no such game.
web-back-lobby = Back to the lobby
web-seat = Seat { $seat }

## Lobby

web-lobby-new = New game
web-lobby-seats = Seats
web-lobby-game-language = Language of the game
web-lobby-seed = Seed (optional)
web-lobby-create = Create the game
web-lobby-created = The game is ready. Open your own seat here, and send each friend the link of theirs: a link is a seat, kept by the first browser that opens it.
web-lobby-play-as = Play as { $name }
web-lobby-link-of = Link of { $name }
web-lobby-hotseat = Play all the human seats at this screen
web-wrong-invite = This link is not an invitation to this game. You are watching the game.
web-already-joined = This seat was opened already, in another browser: it is theirs. You are watching the game.
web-lobby-invited = invitation not opened yet
web-lobby-copied = Copied
web-lobby-copy = Copy
web-lobby-send-to = For the friend who plays { $name }:
web-lobby-me-none = none: I only set the game up
web-lobby-me = Your seat
web-lobby-mode-hotseat = All at this screen (hot seat)
web-lobby-mode-network = Each in their own browser (send each friend their link)
web-lobby-where = Where the people play
web-lobby-created-hotseat = The game is ready: everyone plays at this screen, and each hand stays covered until its owner asks to see it.
web-lobby-need-human = At least one seat must be a person.
web-lobby-open-games = Games under way
web-lobby-no-games = No game is under way.
web-lobby-finished = Finished games
web-lobby-no-finished = No game has finished yet.
web-lobby-when = Started
web-lobby-game = Game
web-lobby-status = Status
web-lobby-taken = taken
web-lobby-free = free
web-lobby-play = play
web-lobby-rejoin = rejoin
web-lobby-watch = Watch
web-seat-kind-human = Person
web-seat-kind-faceless = Faceless
web-seat-kind-random = Bot (random)
web-seat-kind-heuristic = Bot (heuristic)
web-seat-kind-ismcts = Bot (search)
web-game-status-open = waiting for players
web-game-status-playing = under way
web-game-status-over = over
web-game-status-broken = broken

## The table

web-status = Who must decide now
web-choices = Choices
web-players = Players
web-map = Map of Vaala
web-your-turn = Your turn
web-waiting = waiting for { $name }…
web-waiting-kind = waiting for { $name } ({ $kind })…
web-spectating = watching
web-pass-screen = Pass the screen to { $name }.
web-show-hand = Show my hand
web-hand-hidden = Hidden until its owner asks to see it.
web-your-hand = Hand of { $name }
web-hand-empty = No cards in hand.
web-take-back = Take back
web-reconnecting = Connection lost: trying again in { $seconds } s…
web-game-over = The game is over.
web-winner = winner
web-end-won = { $name } won
web-end-won-together = { $first } and { $second } won together
web-end-no-winner = No one won
web-end-record = Download the record
web-end-why-power = { $name } reached 10 Power: the game ends at once.
web-end-why-events = The Event deck ran out at the end of a round: the most Power wins.
web-end-why-elimination = A player was eliminated: the game ends, and the most Power wins.
web-broken = This game cannot go on: { $message }
web-round = Round { $round }
web-phase-planning = Planning
web-phase-resolution = Resolution
web-phase-cleanup = Clean-up
web-phase-over = Game over
web-initiative-token = Initiative
web-events-left = Events left: { $count }
web-deciding = deciding
web-eliminated = eliminated

## Player boards

web-power = Power
web-power-count = Power: { $power } unspent, { $spent } spent ({ $total } of 10)
web-wounds = Wounds
web-wounds-count = Wounds: { $wounds } of { $max }
web-essence = Essence
web-essence-count = Essence: { $essence } of { $max }
web-supply = Supply
web-denizens = Denizens
web-bond = Dragonbond
web-combat-bonus = Combat Value +{ $bonus } this round
web-combat-value = Combat Value: { $value }
web-hand-counts = In hand: { $actions } Action, { $regions } Region, { $vaala } Vaala
web-vaala-counts = Vaala: { $face_up } face up, { $deck } in deck, { $discard } discarded
web-general = General
web-dragon = Dragon
web-infantry = Infantry
web-cavalry = Cavalry
web-ranged = Ranged
web-neutral = neutral Units
web-city = City
web-map-power = Power: { $count }
web-mountain-border = Mountain border
web-sea-link = Connected by sea

## Cards and the Action stack

web-stack = Action stack
web-stack-empty = The Action stack is empty.
web-face-down = face down
web-action-card = Action card
web-region-card = Region card
web-event-card = Event
web-vaala-card = Vaala card
web-cost = Cost { $cost }
web-lineup = Denizens
web-glyph-attack = Assault
web-glyph-attack-dragon = Wrath
web-glyph-move = Deploy
web-glyph-move-dragon = Soar
web-glyph-collect = Harvest
web-glyph-collect-dragon = Hoard
web-glyph-vaala = Vaala
web-glyph-upgrade = Upgrade
web-glyph-reinforce = Reinforce
web-glyph-fortify = Fortify

## Combat and dice

web-combat = Combat
web-dice = Dice
web-die-miss = miss
web-die-hit = hit
web-die-double-hit = two hits
web-die-critical = critical hit
web-die-double-critical = two critical hits

## Log and replay

web-log = Log
web-replay = Replay
web-replay-first = First decision
web-replay-prev = Previous decision
web-replay-next = Next decision
web-replay-last = Last decision
web-replay-step-label = Decision
web-replay-step = after { $step } of { $total } decisions
web-download = Download the game's log (JSON)

## Battles of Valerna

web-bov = Battles of Valerna
web-side = Player { $seat }
web-seat-kind-greedy = Bot (greedy)
web-lobby-which-game = Game
web-lobby-scenario = Scenario
web-lobby-battlefield = Battlefield
web-lobby-list-of = Force list of { $side }
web-scenario-pitched_battle = Pitched Battle
web-scenario-seize_the_land = Seize the Land
web-scenario-slay_the_foe = Slay the Foe
web-scenario-quest = The Quest
web-battlefield-small2x1 = 2' × 1'
web-battlefield-standard4x3 = 4' × 3'
web-battlefield-large6x4 = 6' × 4'
web-bov-field = Battlefield
web-bov-terrain-impassable = Impassable
web-bov-terrain-slowing = Slowing
web-bov-terrain-obscuring = Obscuring
web-bov-terrain-dangerous = Dangerous
web-bov-objective = Objective
web-bov-zone = Deployment zone
web-bov-drag = Drag the unit to march it.
web-bov-legal = A legal move: let go to make it.
web-bov-thinking = { $side } ({ $kind }) is thinking…
web-bov-select = Select a unit to see its card.
web-bov-general = General
web-bov-fatigue = fatigue { $count }
web-bov-status-poisoned = Poisoned
web-bov-status-slowed = Slowed
web-bov-status-immobilized = Immobilized
web-bov-reserve = in Reserve
web-bov-speed = Speed
web-bov-defense = Defense
web-bov-health = Health
web-bov-melee = Melee
web-bov-ranged = Ranged
web-bov-points = Points
web-bov-provisional = Provisional card text (the printed card may differ).
web-bov-won = { $side } wins
web-bov-drawn = A draw
web-bov-score = { $points } victory points
web-bov-your-vaala = Your Vaala cards
web-bov-no-vaala = No Vaala card left.
web-bov-setup = Set-up
web-bov-drag-deploy = Drag a unit from its button onto your zone, or click it to deploy it where the button says.
web-bov-tools = Tools
web-bov-look = Line of sight
web-bov-ruler = Ruler
web-bov-look-from = Click the unit that looks.
web-bov-look-to = { $unit } looks: click the unit it looks at.
web-bov-ruler-how = Drag on the battlefield to measure.
web-bov-look-blind = No model of { $from } sees { $to } ({ $distance }" away).
web-bov-models = models: { $count }
web-bov-wounds = wounds: { $count }
web-bov-vaala-count = Vaala cards: { $count }
web-bov-destroyed = units destroyed: { $count }
web-bov-look-sees = Models of { $from } that see { $to }: { $seeing } of { $models }, { $distance }" away.
web-bov-look-cover = { $to } is in cover.
web-bov-zoom-in = Zoom in
web-bov-zoom-out = Zoom out
web-bov-zoom-all = Whole table
web-lobby-monsters = Monsters
web-lobby-list-own = Own list (file)…
web-lobby-list-file = The force list file of { $side }
web-lobby-list-missing = Choose the force list file of { $side }.
web-bov-colour-black = black
web-bov-colour-gray = gray
web-bov-colour-white = white
web-bov-legal-move = A legal move, { $used }" of { $allowance }" used: let go to make it.
