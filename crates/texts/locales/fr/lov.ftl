# valerna lov : la partie au terminal, les simulations et les replays, en français.
# Termes de jeu du livre de règles français de Dragonbond : Lords of Vaala.
# Chaque message existe aussi dans en/lov.ftl et it/lov.ftl avec les mêmes
# variables (les tests comparent les trois fichiers).

## Termes de jeu

-power = Pouvoir
-faceless = Sans-Visage
-initiative = Initiative
-dragonbond = Dragonbond
-general = Général
-dragon = Dragon

## Glyphes (LoV, « Glyphes ») : le nom du Général d'abord, puis celui du Dragon

glyph-assault = Assaut
glyph-wrath = Courroux
glyph-deploy = Déploiement
glyph-soar = Envol
glyph-harvest = Récolte
glyph-hoard = Réserves
glyph-vaala = Vaala
glyph-upgrade = Amélioration
glyph-reinforce = Renforts
glyph-fortify = Fortification

## Le tour (LoV, « Le Tour »)

phase-planning = Planification
phase-resolution = Résolution
phase-cleanup = Purge
phase-over = partie terminée

## Le plateau en texte

status = == Tour { $round } · { $phase } · { -initiative } : { $holder } · Événements restants { $events } · contenu provisoire ==
region-city = [Ville]
region-power = { -power } { $power }
region-neutral = neutres { $units }
# I, C, A : Unités d'Infanterie, de Cavalerie, d'Archerie.
region-force = { $who } : { $infantry }I { $cavalry }C { $ranged }A
region-force-general = { $who } : { -general } { $infantry }I { $cavalry }C { $ranged }A
region-dragon = { $who } le { -dragon }
player-power = { -power } { $power }+{ $spent } { $spent ->
    [one] dépensé
   *[other] dépensés
}
player-wounds = blessures { $wounds }/{ $max }
player-essence = Essence { $essence }/{ $max }
player-faceless = { -faceless }
player-bond = { -dragonbond } avec { $partner }
player-hand = main { $cards } { $cards ->
    [one] carte
   *[other] cartes
}
player-vaala = main Vaala { $cards }
stack = deck Action : { $cards } { $cards ->
    [one] carte
   *[other] cartes
}, { $unresolved } { $unresolved ->
    [one] non résolue
   *[other] non résolues
} ({ $hidden } { $hidden ->
    [one] face cachée
   *[other] faces cachées
} pour vous)
resolving = en résolution : { $what }
resolving-event = Événement { $name } : { $text }
resolving-action = carte Action { $glyphs } ({ $owner })
resolving-region = carte Région { $region } ({ $glyphs })
roll = dernier jet : { $who } a lancé { $dice } { $dice ->
    [one] dé de Combat
   *[other] dés de Combat
} : { $criticals } { $criticals ->
    [one] touche critique
   *[other] touches critiques
}, { $standard } { $standard ->
    [one] touche standard
   *[other] touches standards
}
roll-neutral = dernier jet : les Unités Neutres ont lancé { $dice } { $dice ->
    [one] dé de Combat
   *[other] dés de Combat
} : { $criticals } { $criticals ->
    [one] touche critique
   *[other] touches critiques
}, { $standard } { $standard ->
    [one] touche standard
   *[other] touches standards
}
lineup = ligne des Seigneurs de Guerre : { $denizens }
vaala-cards = vos cartes Vaala : { $cards }
vaala-cards-none = aucune

## Les choix d'une décision

decision-action = jouer la carte Action { $glyphs }
decision-region = jouer la carte Région { $region } ({ $glyphs })
decision-pass = passer
decision-give-initiative = donner le jeton d'{ -initiative } à { $seat }
decision-activate = activer ce Glyphe
decision-skip = ne pas activer ce Glyphe
decision-option = option { $number }
decision-done = aucun / arrêter / rester
decision-neutral = les Unités Neutres
decision-counterattack = Contre-attaque
decision-retreat = Retraite
decision-attack-again = attaquer de nouveau
decision-lose = perdre une Unité { $unit ->
    [infantry] d'Infanterie
    [cavalry] de Cavalerie
   *[ranged] d'Archerie
}
decision-steal = voler un jeton { -power } { $spent ->
    [yes] dépensé
   *[no] non dépensé
}
decision-vaala = jouer { $name } (coût { $cost }) : { $text }
decision-reroll = relancer votre dé de { -dragonbond } pour 1 { -power }
decision-keep = garder votre dé
decision-denizen = prendre { $name } ({ $unit ->
    [infantry] Infanterie
    [cavalry] Cavalerie
   *[ranged] Archerie
}, { $region }){ $cost ->
    [0] {""}
   *[other] {" "}pour { $cost } { -power }
} : { $text }
decision-unit = placer une Unité { $unit ->
    [infantry] d'Infanterie
    [cavalry] de Cavalerie
   *[ranged] d'Archerie
}

## lov play

play-intro = Lords of Vaala, graine { $seed }. Le contenu est provisoire (docs/rulings.md, "The provisional pack"). Tapez q pour quitter.
# L'écran de passage qui cache la main du dernier joueur.
play-hand-over = Passez le clavier à { $seat }. Appuyez sur Entrée.
play-bad-choice = tapez un nombre de 1 à { $options }, ou q
play-saved = journal de la partie enregistré dans { $path }
play-error-humans = --humans { $humans } : indiquez de 1 à 4 joueurs humains

## Fin de partie (LoV, « Fin de Partie »)

outcome-reason = { $reason ->
    [power] 10 { -power }
    [events] le deck Événement est vide : le plus de { -power }
   *[elimination] un joueur a été éliminé : le plus de { -power }
}
outcome = partie terminée ({ $why }) : { $winner } a gagné
# Une équipe Dragonbond gagne ensemble.
outcome-team = partie terminée ({ $why }) : { $first } et { $second } ont gagné

## lov replay

replay-decisions = { $decisions } { $decisions ->
    [one] décision rejouée
   *[other] décisions rejouées
}
replay-not-over = la partie n'est pas terminée : la place { $seat } doit décider

## lov sim

sim-header = Lords of Vaala : { $games } { $games ->
    [one] partie
   *[other] parties
}, graine { $seed }, { $humans } { $humans ->
    [one] place humaine
   *[other] places humaines
} (politique aléatoire), les autres { -faceless }s
sim-provisional = contenu : provisoire (docs/rulings.md, "The provisional pack")
sim-col-seat = place
sim-col-win-rate = victoires
sim-col-alone = seul
sim-shared-wins = victoires partagées par une équipe { -dragonbond } : { $percent } % des parties, comptées pour les deux places (les victoires dépassent 100 % au total)
sim-col-mean-power = { -power } moyen
sim-human-wins = les places humaines ont gagné { $percent } % des parties
sim-mean-rounds = tours en moyenne { $rounds }
sim-end-reasons = fins de partie : 10 { -power } { $power }, deck Événement vide { $events }, élimination { $elimination }
sim-dragonbond = { -dragonbond } dans { $percent } % des parties
sim-progress = parties
sim-error-humans = --humans { $humans } : indiquez de 1 à 4 places humaines
sim-error-games = --games 0 : indiquez au moins 1 partie

## La partie racontée : une ligne par évènement du journal

units-count = { $count } { $count ->
      [one] Unité
     *[other] Unités
  } { $unit ->
      [infantry] d'Infanterie
      [cavalry] de Cavalerie
     *[ranged] d'Archerie
  }
units-general = le { -general }
who-neutral = les Unités Neutres
who-you = vous
card-back = { $back ->
    [action] une carte Action
    [region] une carte Région
   *[event] une carte Événement
}
ev-round = ── Tour { $round } ──
ev-phase = phase de { $phase }
ev-card-played = { $who } pose { $back } face cachée sur le deck Action
ev-own-card = (vous avez joué : { $card })
ev-event-placed = une carte Événement est posée face cachée sur le deck Action
ev-passed = { $who } passe{ $initiative ->
    [yes] {" "}et prend le jeton d'{ -initiative }
   *[no] {""}
}
ev-initiative-given = { $from } donne le jeton d'{ -initiative } à { $to }
ev-revealed-event = révélée : Événement « { $name } » : { $text }
ev-revealed-action = révélée : carte Action de { $who } { $glyphs }
ev-revealed-region = révélée : carte Région { $region } de { $who } ({ $glyphs })
ev-cancelled = la carte est annulée
ev-glyph = { $who } { $activated ->
    [yes] active
   *[no] ignore
} { $glyph }
ev-force-moved = { $who } déplace { $units } de la Région { $from } vers la Région { $to }
ev-dragon-moved = { $who } se déplace de la Région { $from } vers la Région { $to }
ev-units-placed = { $who } place { $units } dans la Région { $region }
ev-neutral-placed = { $count } { $count ->
    [one] Unité Neutre est placée
   *[other] Unités Neutres sont placées
} dans la Région { $region }
ev-combat = combat dans la Région { $region } : { $attacker } (Valeur de Combat { $attack }) contre { $defender } (Valeur de Combat { $defense })
ev-combat-ended = { $won ->
    [yes] { $who } remporte le combat dans la Région { $region }
   *[no] { $who } perd le combat dans la Région { $region }
}
ev-rolled = { $who } lance { $dice } : { $criticals } { $criticals ->
    [one] touche critique
   *[other] touches critiques
}, { $standard } { $standard ->
    [one] touche standard
   *[other] touches standards
}
ev-neutral-rolled = les Unités Neutres lancent { $dice } : { $criticals } { $criticals ->
    [one] touche critique
   *[other] touches critiques
}, { $standard } { $standard ->
    [one] touche standard
   *[other] touches standards
}
ev-unit-lost = { $who } perd une Unité { $unit ->
    [infantry] d'Infanterie
    [cavalry] de Cavalerie
   *[ranged] d'Archerie
} dans la Région { $region }
ev-neutral-lost = une Unité Neutre est détruite dans la Région { $region }
ev-general-injured = le { -general } de { $who } est blessé dans la Région { $region }
ev-wounded = { $who } subit une blessure ({ $wounds } sur { $max })
ev-healed = { $who } guérit { $amount } { $amount ->
      [one] blessure
     *[other] blessures
  }
ev-hit-ignored = { $who } ignore une touche : { $shield ->
    [mountain] la Montagne
    [ward] une protection
   *[city] la Ville, qui est retirée
}
ev-neutral-hit-ignored = les Unités Neutres ignorent une touche : { $shield ->
    [mountain] la Montagne
    [ward] une protection
   *[city] la Ville, qui est retirée
}
ev-force-destroyed = la force de { $who } dans la Région { $region } ne peut pas battre en retraite et est détruite
ev-essence = une Unité va sur le compteur d'Essence de { $who }
ev-retreated = { $who } bat en retraite de la Région { $from } vers la Région { $to }
ev-eliminated = élimination de { $who }
ev-power-collected = { $who } collecte { $amount } { -power } dans la Région { $region }
ev-power-gained = { $who } gagne { $amount } { -power }
ev-power-placed = { $amount } { -power } { $amount ->
    [one] est placé
   *[other] sont placés
} dans la Région { $region }
ev-power-spent = { $who } dépense { $amount } { -power }
ev-power-stolen = { $thief } vole un jeton { -power } { $spent ->
    [yes] dépensé
   *[no] non dépensé
} à { $victim }
ev-denizen = { $who } recrute { $denizen } pour { $unit ->
      [infantry] l'Infanterie
      [cavalry] la Cavalerie
     *[ranged] l'Archerie
  }
ev-city-built = une Ville est construite dans la Région { $region }
ev-city-destroyed = la Ville de la Région { $region } est détruite
ev-bond-rolled = test de { -dragonbond } : { $general } obtient { $gdie }, { $dragon } obtient { $ddie }
ev-bond-rerolled = { $who } relance : { $die }
ev-bonded = { $general } et { $dragon } sont liés par le { -dragonbond }
ev-bond-failed = pas de { -dragonbond } : les deux dés doivent montrer une touche
ev-vaala-played = { $who } joue la carte Vaala { $name }
ev-vaala-drawn = { $who } pioche une carte Vaala
ev-own-vaala-drawn = (vous avez pioché : { $name })
ev-ended = { $outcome }

## La question en attente, et ce que signifie chaque option

question = { $who } : { $ask }
question-for = { $who }, pour { $owner } ({ -faceless }) : { $ask }
question-for-event = { $who }, pour l'Événement : { $ask }
waiting = en attente de { $who }
ask-plan = posez une carte face cachée sur le deck Action, ou passez
ask-initiative = donnez le jeton d'{ -initiative } à un autre joueur
ask-glyph = { $glyph } { $card } : l'activer ?
ask-program = choisissez ce que fait { $card }
ask-move-from = choisissez la Région dont la force se déplace
ask-move-to = choisissez où aller depuis la Région { $from }
ask-move-count = combien d'Unités { $unit ->
    [infantry] d'Infanterie
    [cavalry] de Cavalerie
   *[ranged] d'Archerie
} vont de la Région { $from } vers la Région { $to } ?
ask-move-general = le { -general } va-t-il de la Région { $from } vers la Région { $to } ?
ask-assault = choisissez la Région à attaquer
ask-retreat = choisissez où battre en retraite depuis la Région { $from }
ask-target = choisissez qui attaquer dans la Région { $region }
ask-next-defender = choisissez qui attaquer ensuite dans la Région { $region }
ask-defend = attaque dans la Région { $region } : contre-attaquer ou battre en retraite ?
ask-continue = il reste des ennemis dans la Région { $region } : attaquer encore ou battre en retraite ?
ask-lose = choisissez quelle Unité perdre dans la Région { $region }
ask-steal = voler à { $victim } un jeton { -power } non dépensé ou dépensé ?
ask-steal-from = choisissez à qui voler du { -power } dans la Région { $region }
ask-attempt-bond = un { -general } et un { -dragon } sont dans la Région { $region } : tenter le { -dragonbond } ?
ask-vaala = jouer une carte Vaala ?
ask-bond = votre dé montre { $die }, l'autre { $other } : le garder ou le relancer ?
ask-denizen = choisissez un Seigneur de Guerre dans la ligne
ask-place = choisissez l'Unité à placer dans la Région { $region }
ask-region = choisissez une Région pour { $card }
ask-focus = la Région Cible est à égalité : choisissez-la
ask-focus-card = la Région Cible { $card } est à égalité : choisissez-la
ask-other = choisissez
# Une carte seule ($case "plain") ou après le nom d'un Glyphe ($case "of").
card-board = { $case ->
      [of] du Glyphe
     *[plain] le Glyphe
  } { $glyph } du plateau de { $who }
card-event = { $case ->
    [of] de l'Événement
   *[plain] l'Événement
} « { $name } »
card-vaala = { $case ->
    [of] de la carte Vaala
   *[plain] la carte Vaala
} { $name }
card-region = { $case ->
    [of] de la carte Région
   *[plain] la carte Région
} { $region }
card-action = { $case ->
    [of] de la carte Action
   *[plain] la carte Action
} de { $who } { $glyphs }
opt-move-to = aller dans la Région { $region }
opt-retreat-to = battre en retraite dans la Région { $region }
opt-stay = rester
opt-no-assault = ne pas attaquer
opt-region = { $region }
opt-assault = attaquer la Région { $region }
opt-count = en déplacer { $count }
opt-general-moves = le { -general } y va aussi
opt-general-stays = le { -general } reste
opt-attack = attaquer { $who }
opt-steal-from = voler à { $who }
opt-attempt = tenter le { -dragonbond }
opt-decline = ne pas le tenter
opt-no-vaala = ne jouer aucune carte Vaala
opt-no-denizen = ne prendre aucun Seigneur de Guerre
opt-focus = { $region } est la Région Cible
program-move-force = déplacer une force vers une Région adjacente
program-move-general = déplacer le { -general } seul, de { $range } { $range ->
      [one] Région
     *[other] Régions
  } au plus
program-move-dragon = se déplacer de { $range } { $range ->
      [one] Région
     *[other] Régions
  } au plus
program-draw-vaala = piocher { $count } { $count ->
    [one] carte Vaala
   *[other] cartes Vaala
}
program-play-vaala = jouer des cartes Vaala
program-other = option { $number }

## Le plateau en texte : frontières, et ce que possède chaque joueur

region-borders = frontières : { $list }
region-sea = mer : { $list }
region-mountain = { $region } ▲
player-supply = réserve { $infantry }I { $cavalry }C { $ranged }A
player-combat = Valeur de Combat { $value }
player-denizens = Seigneurs de Guerre : { $list }
player-face-up = Vaala face visible : { $list }
