# valerna lov : la partie au terminal, les simulations et les replays, en français.
# Termes de jeu du livre de règles français de Dragonbond: Lords of Vaala.
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
}, { $region }) : { $text }
decision-unit = placer une Unité { $unit ->
    [infantry] d'Infanterie
    [cavalry] de Cavalerie
   *[ranged] d'Archerie
}

## lov play

play-intro = Lords of Vaala, graine { $seed }. Le contenu est provisoire (RULINGS §4). Tapez q pour quitter.
# L'écran de passage qui cache la main du dernier joueur.
play-hand-over = Passez le clavier à { $seat }. Appuyez sur Entrée.
play-choose = { $seat }, choisissez :
play-choose-for = { $seat }, choisissez pour { $owner }, { -faceless } :
play-choose-for-event = { $seat }, choisissez pour l'Événement :
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
sim-provisional = contenu : provisoire (RULINGS §4)
sim-col-seat = place
sim-col-win-rate = victoires
sim-col-mean-power = { -power } moyen
sim-human-wins = les places humaines ont gagné { $percent } % des parties
sim-mean-rounds = tours en moyenne { $rounds }
sim-end-reasons = fins de partie : 10 { -power } { $power }, deck Événement vide { $events }, élimination { $elimination }
sim-dragonbond = { -dragonbond } dans { $percent } % des parties
sim-progress = parties
sim-error-humans = --humans { $humans } : indiquez de 1 à 4 places humaines
sim-error-games = --games 0 : indiquez au moins 1 partie

## Noms imprimés dans le livre de règles français (Mise en place, Montagnes, FAQ).
## Les autres restent ceux du pack de contenu provisoire.

content-region-fai_woods = Forêt Fai
content-region-north_tyveria = Tyveria du Nord
content-region-upper_primalian_range = Chaîne du Haut-Primalian
content-region-trade_road = Route Commerciale
content-region-lower_primalian_range = Chaîne du Bas-Primalian
content-region-south_tyveria = Tyveria du Sud
content-region-nahuwoods = Bois de Nahu
content-denizen-oathguard = Garde du Serment
content-denizen-warden_cavalry = Garde Montée
content-denizen-griffon_knights = Chevaliers Griffon
content-denizen-fai_hunters = Chasseurs Qirin Fai
