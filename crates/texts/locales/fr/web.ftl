# valerna serve : les pages web (salon, tables). Les messages à variables
# sont servis avec { $name } laissé en {name}, que la page remplit. Termes
# de jeu du livre de règles français de Lords of Vaala.

web-title = Valerna
web-lov = Lords of Vaala
web-language = Langue
web-loading = Chargement…
web-error = Erreur : { $message }
web-colon = {" : "}
web-offline = Le serveur est injoignable pour l'instant : la page réessaie d'elle-même.
web-no-game = Cette partie n'existe pas.
web-back-lobby = Retour au salon
web-seat = Place { $seat }

## Salon

web-lobby-new = Nouvelle partie
web-lobby-seats = Places
web-lobby-game-language = Langue de la partie
web-lobby-seed = Graine (facultative)
web-lobby-create = Créer la partie
web-lobby-created = La partie est prête. Ouvrez ici votre place, et envoyez à chaque ami le lien de la sienne : un lien est une place, gardée par le premier navigateur qui l'ouvre.
web-lobby-play-as = Jouer { $name }
web-lobby-link-of = Lien pour { $name }
web-lobby-hotseat = Jouer toutes les places humaines sur cet écran
web-wrong-invite = Ce lien n'est pas une invitation à cette partie. Vous regardez la partie.
web-already-joined = Cette place a déjà été ouverte dans un autre navigateur : elle est à cette personne. Vous regardez la partie.
web-lobby-invited = invitation pas encore ouverte
web-lobby-copied = Copié
web-lobby-copy = Copier
web-lobby-send-to = Pour l'ami qui joue { $name } :
web-lobby-me-none = aucune : je prépare seulement la partie
web-lobby-me = Votre place
web-lobby-mode-hotseat = Tous sur cet écran
web-lobby-mode-network = Chacun dans son navigateur (envoyez à chaque ami son lien)
web-lobby-where = Où jouent les personnes
web-lobby-created-hotseat = La partie est prête : tout le monde joue sur cet écran, et chaque main reste cachée tant que sa ou son propriétaire ne demande pas à la voir.
web-lobby-need-human = Au moins une place doit être celle d'une personne.
web-lobby-open-games = Parties en cours
web-lobby-no-games = Aucune partie en cours.
web-lobby-finished = Parties terminées
web-lobby-no-finished = Aucune partie n'est encore terminée.
web-lobby-when = Commencée
web-lobby-game = Partie
web-lobby-status = État
web-lobby-taken = prise
web-lobby-free = libre
web-lobby-play = jouer
web-lobby-rejoin = revenir
web-lobby-watch = Regarder
web-seat-kind-human = Joueur humain
web-seat-kind-faceless = Sans-Visage
web-seat-kind-random = Bot (au hasard)
web-seat-kind-heuristic = Bot (heuristique)
web-seat-kind-ismcts = Bot (recherche)
web-game-status-open = attend des joueurs
web-game-status-playing = en cours
web-game-status-over = terminée
web-game-status-broken = cassée

## La table

web-status = Qui doit décider maintenant
web-choices = Choix
web-players = Joueurs
web-map = Carte de Vaala
web-your-turn = À vous de jouer
web-waiting = on attend { $name }…
web-waiting-kind = on attend { $name } ({ $kind })…
web-spectating = spectateur
web-pass-screen = Passez l'écran à { $name }.
web-show-hand = Montrer ma main
web-hand-hidden = Cachée jusqu'à ce que son propriétaire demande à la voir.
web-your-hand = Main : { $name }
web-hand-empty = Aucune carte en main.
web-take-back = Reprendre le coup
web-reconnecting = Connexion perdue : nouvel essai dans { $seconds } s…
web-game-over = La partie est terminée.
web-winner = vainqueur
web-end-won = { $name } a gagné
web-end-won-together = { $first } et { $second } ont gagné ensemble
web-end-no-winner = Personne n'a gagné
web-end-record = Télécharger l'enregistrement
web-end-why-power = { $name } a atteint 10 Pouvoir : la partie s'arrête aussitôt.
web-end-why-events = La pioche d'Événements est épuisée à la fin d'un tour : le plus de Pouvoir l'emporte.
web-end-why-elimination = Un joueur a été éliminé : la partie s'arrête, et le plus de Pouvoir l'emporte.
web-broken = Cette partie ne peut pas continuer : { $message }
web-round = Tour { $round }
web-phase-planning = Planification
web-phase-resolution = Résolution
web-phase-cleanup = Purge
web-phase-over = Partie terminée
web-initiative-token = Initiative
web-events-left = Événements restants : { $count }
web-deciding = décide
web-eliminated = éliminé

## Plateaux des joueurs

web-power = Pouvoir
web-power-count = Pouvoir : { $power } non dépensé, { $spent } dépensé ({ $total } sur 10)
web-wounds = Blessures
web-wounds-count = Blessures : { $wounds } sur { $max }
web-essence = Essence
web-essence-count = Essence : { $essence } sur { $max }
web-supply = Réserve
web-denizens = Seigneurs de Guerre
web-bond = Dragonbond
web-combat-bonus = Valeur de Combat +{ $bonus } ce tour
web-combat-value = Valeur de Combat : { $value }
web-hand-counts = En main : { $actions } Action, { $regions } Région, { $vaala } Vaala
web-vaala-counts = Vaala : { $face_up } face visible, { $deck } dans le deck, { $discard } défaussées
web-general = Général
web-dragon = Dragon
web-infantry = Infanterie
web-cavalry = Cavalerie
web-ranged = Archerie
web-neutral = Unités Neutres
web-city = Ville
web-map-power = Pouvoir : { $count }
web-mountain-border = Frontière montagneuse
web-sea-link = Reliées par la mer

## Cartes et deck Action

web-stack = Deck Action
web-stack-empty = Le deck Action est vide.
web-face-down = face cachée
web-action-card = Carte Action
web-region-card = Carte Région
web-event-card = Événement
web-vaala-card = Carte Vaala
web-cost = Coût { $cost }
web-lineup = Seigneurs de Guerre
web-glyph-attack = Assaut
web-glyph-attack-dragon = Courroux
web-glyph-move = Déploiement
web-glyph-move-dragon = Envol
web-glyph-collect = Récolte
web-glyph-collect-dragon = Réserves
web-glyph-vaala = Vaala
web-glyph-upgrade = Amélioration
web-glyph-reinforce = Renforts
web-glyph-fortify = Fortification

## Combat et dés

web-combat = Combat
web-dice = Dés
web-die-miss = échec
web-die-hit = touche standard
web-die-double-hit = deux touches standards
web-die-critical = touche critique
web-die-double-critical = deux touches critiques

## Journal et replay

web-log = Journal
web-replay = Replay
web-replay-first = Première décision
web-replay-prev = Décision précédente
web-replay-next = Décision suivante
web-replay-last = Dernière décision
web-replay-step-label = Décision
web-replay-step = après { $step } sur { $total } décisions
web-download = Télécharger le journal de la partie (JSON)

## Battles of Valerna

web-bov = Battles of Valerna
web-side = Joueur { $seat }
web-seat-kind-greedy = Bot (glouton)
web-lobby-which-game = Jeu
web-lobby-scenario = Scénario
web-lobby-battlefield = Champ de bataille
web-lobby-list-of = Liste d'armée de { $side }
web-scenario-pitched_battle = Bataille Rangée
web-scenario-seize_the_land = Conquérir la Terre
web-scenario-slay_the_foe = Abattre l'Ennemi
web-scenario-quest = La Quête
web-battlefield-small2x1 = 2' × 1'
web-battlefield-standard4x3 = 4' × 3'
web-battlefield-large6x4 = 6' × 4'
web-bov-field = Champ de bataille
web-bov-terrain-impassable = Infranchissable
web-bov-terrain-slowing = Ralentissant
web-bov-terrain-obscuring = Occultant
web-bov-terrain-dangerous = Dangereux
web-bov-objective = Objectif
web-bov-zone = Zone de déploiement
web-bov-drag = Faites glisser l'unité pour la faire marcher.
web-bov-legal = Mouvement légal : relâchez pour le faire.
web-bov-thinking = { $side } ({ $kind }) réfléchit…
web-bov-select = Sélectionnez une unité pour voir sa carte.
web-bov-general = Général
web-bov-fatigue = fatigue { $count }
web-bov-status-poisoned = Empoisonné
web-bov-status-slowed = Ralenti
web-bov-status-immobilized = Immobilisé
web-bov-reserve = en Réserve
web-bov-speed = Vitesse
web-bov-defense = Défense
web-bov-health = Santé
web-bov-melee = Mêlée
web-bov-ranged = Distance
web-bov-points = Points
web-bov-provisional = Texte provisoire de la carte (la carte imprimée peut différer).
web-bov-won = { $side } l'emporte
web-bov-drawn = Égalité
web-bov-score = { $points } points de victoire
web-bov-your-vaala = Vos cartes Vaala
web-bov-no-vaala = Plus aucune carte Vaala.
web-bov-setup = Mise en place
web-bov-drag-deploy = Faites glisser une unité depuis son bouton dans votre zone, ou cliquez-le pour la déployer où le bouton l'indique.
web-bov-tools = Outils
web-bov-look = Ligne de vue
web-bov-ruler = Règle
web-bov-look-from = Cliquez l'unité qui regarde.
web-bov-look-to = { $unit } regarde : cliquez l'unité qu'elle regarde.
web-bov-ruler-how = Faites glisser sur le champ de bataille pour mesurer.
web-bov-look-blind = Aucune figurine de { $from } ne voit { $to } (à { $distance }").
web-bov-models = figurines : { $count }
web-bov-wounds = blessures : { $count }
web-bov-vaala-count = cartes Vaala : { $count }
web-bov-destroyed = unités détruites : { $count }
web-bov-look-sees = Figurines de { $from } qui voient { $to } : { $seeing } sur { $models }, à { $distance }".
web-bov-look-cover = { $to } est à couvert.
web-bov-zoom-in = Zoomer
web-bov-zoom-out = Dézoomer
web-bov-zoom-all = Toute la table
web-lobby-monsters = Monstres
web-lobby-list-own = Sa propre liste (fichier)…
web-lobby-list-file = Le fichier de la liste d'armée de { $side }
web-lobby-list-missing = Choisissez le fichier de la liste d'armée de { $side }.
web-bov-colour-black = noir
web-bov-colour-gray = gris
web-bov-colour-white = blanc
web-bov-legal-move = Mouvement légal, { $used }" utilisés sur { $allowance }" : relâchez pour le faire.
