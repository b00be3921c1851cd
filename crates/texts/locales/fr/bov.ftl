# Battles of Valerna : l'histoire de la bataille (valerna bov replay --log, le
# journal de la table web). Traduction du projet : le livre de règles de
# Battles of Valerna n'existe qu'en anglais.

bov-side = { $seat ->
    [0] Joueur 1
   *[other] Joueur 2
}
bov-hand-dealt = { $side } tient les cartes Vaala { $cards }
bov-round = Manche { $round } : { $side } remporte l'Initiative
bov-face-off = jet d'opposition pour { $about ->
    [objectives] le premier objectif
    [monsters] le premier Monstre
    [table_edge] les bords de table
    [initiative] l'Initiative
   *[entry_edge] le bord d'entrée
} : { $rolls } — { $side } l'emporte
bov-face-off-roll = { $side } { $dice }
bov-face-off-tie = égalité, on relance
bov-passed = { $side } passe jusqu'à la fin de la manche
bov-activated = { $side } active { $unit }
bov-deployed = { $side } déploie { $unit }
bov-placed = { $side } place { $unit } en { $at }
bov-objective = { $side } place un objectif en { $at }
bov-edge = { $side } prend le grand bord { $near ->
    [yes] proche
   *[no] éloigné
}
bov-token = { $side } { $spend ->
    [yes] dépense un jeton d'Amélioration
   *[no] garde ses jetons d'Amélioration
}
bov-short-edge = { $side } prend le petit bord { $near ->
    [yes] gauche
   *[no] droit
}, le champ de bataille tourné vers lui
bov-marched = { $unit } marche
bov-moved = { $unit } se déplace de { $inches }"
bov-moved-charge = { $unit } se déplace de { $inches }" dans sa charge{ $piled ->
    [0] {""}
    [one] , et une figurine se rue au-delà (jusqu'à { $longest }")
   *[other] , et { $piled } figurines se ruent au-delà (jusqu'à { $longest }")
}
bov-moved-pile-in = { $unit } se rue au contact : { $count ->
    [one] une figurine se déplace
   *[other] { $count } figurines se déplacent
} jusqu'à { $inches }"
bov-moved-consolidate = { $unit } consolide : { $count ->
    [one] une figurine qui n'est plus engagée se déplace
   *[other] { $count } figurines qui ne sont plus engagées se déplacent
} jusqu'à { $inches }" pour revenir au contact
bov-moved-separated = { $unit } est écartée de { $inches }" de l'unité qu'elle prenait de flanc
bov-moved-alongside = { $unit } se déplace de { $inches }" avec l'unité qu'elle a chargée, en restant au contact
bov-moved-set-down = { $unit } est posé à côté de la Monture tombée
bov-poison-rolled = Poison de { $unit } : { $dice } — { $wounds ->
    [0] aucune blessure
    [one] une blessure
   *[other] { $wounds } blessures
}
bov-affect-healed = { $unit } soigne { $wounds ->
    [0] aucune blessure
    [one] une blessure
   *[other] { $wounds } blessures
}{ $count ->
    [0] {""}
   *[other] , et perd { $markers }
}
bov-affect-lasting = { $unit } : { $what ->
    [speed] { $up ->
        [yes] +{ $amount }" de Vitesse
       *[no] -{ $amount }" de Vitesse
    }
    [attack] { $up ->
        [yes] ses jets d'attaque sont améliorés
       *[no] ses jets d'attaque sont dégradés
    }
    [defense] { $up ->
        [yes] ses jets de défense sont améliorés
       *[no] ses jets de défense sont dégradés
    }
   *[morale] { $up ->
        [yes] ses tests de moral sont améliorés
       *[no] ses tests de moral sont dégradés
    }
}{ $against ->
    [melee] {" "}contre le corps à corps
    [ranged] {" "}contre les attaques à distance
   *[any] {""}
}{ $duration ->
    [roll] {" "}pour le prochain jet
    [activation] {" "}pendant cette activation
    [round] {" "}jusqu'à la fin de la manche
   *[always] {""}
}
bov-affect-fatigue = { $unit } { $up ->
    [yes] reçoit
   *[no] perd
} { $count ->
    [one] un marqueur de fatigue
   *[other] { $count } marqueurs de fatigue
}
bov-affect-poison = { $count ->
    [one] le marqueur de Poison de { $unit } devient une blessure
   *[other] les { $count } marqueurs de Poison de { $unit } deviennent des blessures
}
bov-hits-split = les touches sur { $target } se répartissent entre les unités engagées avec elle : { $shares }
bov-hit-share = { $unit } { $hits ->
    [0] aucune touche
    [one] une touche
   *[other] { $hits } touches
}{ $critical ->
    [0] {""}
    [one] {" "}et un critique
   *[other] {" "}et { $critical } critiques
}
bov-attack = { $unit } attaque { $target }
bov-charge = { $unit } charge { $target }
bov-skirmish = { $unit } escarmouche contre { $target }
bov-power = { $unit } utilise { $power }
bov-power-on = { $unit } utilise { $power } sur { $target }
bov-react-power = { $side } réagit : { $unit } utilise { $power }
bov-react-power-on = { $side } réagit : { $unit } utilise { $power } sur { $target }
bov-react-vaala = { $side } joue la carte Vaala { $card }
bov-react-vaala-on = { $side } joue la carte Vaala { $card } sur { $target }
bov-opportunity = { $unit } fait une Attaque d'Opportunité sur { $mover }
bov-flanked-attack = { $unit } attaque figurine par figurine : { $targets }
bov-pair-attack = { $unit } attaque { $target } et { $general }, sur son dos, attaque { $second } : les deux déclarées avant tout jet
bov-consolidated = { $side } place les figurines de { $unit } qui consolident : { $count ->
    [one] une figurine revient
   *[other] { $count } figurines reviennent
} au contact
bov-removed = { $side } retire { $count ->
    [one] la figurine { $models }
   *[other] les figurines { $models }
} de { $unit }
bov-markers = { $side } retire les marqueurs { $markers } de { $unit }
bov-reserve = { $side } garde le reste de sa force en Réserve
bov-enter = { $unit } entre depuis la Réserve à { $at }
bov-stay = { $unit } reste en Réserve
bov-dangerous = { $side } désigne { $unit } comme cible du terrain Dangereux
bov-giant = les blessures du Géant vont à { $unit }
bov-command = { $unit } prend le marqueur d'activation
bov-redirect = { $unit } prend les touches à sa place
bov-mount = { $unit } monte { $mount }
bov-dismount = { $unit } met pied à terre en { $at }
bov-entry-edge = { $side } choisit le bord { $edge } par lequel l'unité entre
bov-place-monster = { $side } place le Monstre en { $at }
bov-bid = { $side } fait une enchère secrète
bov-bid-own = { $side } enchérit { $points } points de victoire
bov-power-move = { $unit } est déplacée par un pouvoir
bov-charge-rolled = jet de charge { $dice } : +{ $bonus }", { $allowance }" de mouvement pour { $distance }" à couvrir : { $engaged ->
    [yes] la charge arrive au contact
   *[no] la charge échoue
}
bov-attack-rolled = { $attacker } lance { $count ->
    [one] un dé
   *[other] { $count } dés
} ({ $kind }) contre { $target }{ $modifiers } : { $dice } — { $hits ->
    [0] aucune touche
    [one] une touche
   *[other] { $hits } touches
}, { $critical ->
    [0] aucun critique
    [one] un critique
   *[other] { $critical } critiques
}
bov-defense-rolled = { $unit } lance { $count ->
    [0] aucun dé de défense
    [one] un dé de défense
   *[other] { $count } dés de défense
}{ $modifiers } : { $dice } — { $blocks ->
    [0] aucun blocage
    [one] un blocage
   *[other] { $blocks } blocages
}, { $wounds ->
    [0] aucune blessure
    [one] une blessure
   *[other] { $wounds } blessures
}
bov-no-defense = { $unit } ne peut bloquer les critiques : { $wounds ->
    [one] une blessure
   *[other] { $wounds } blessures
}
bov-wounded = { $unit } subit { $wounds ->
    [one] une blessure
   *[other] { $wounds } blessures
} : { $lost ->
    [0] aucune figurine perdue
    [one] une figurine perdue
   *[other] { $lost } figurines perdues
}
bov-destroyed = { $unit } est détruite
bov-hero-fights-on = { $unit } se bat seul, ses troupiers tombés
bov-hero-side-again = { $unit } reste là où sa monture est tombée, sa carte retournée côté Héros
bov-status = { $unit } reçoit un marqueur { $kind ->
   *[other] { $status }
}
bov-morale = { $unit } fait un test de moral ({ $cause }){ $modifiers } : { $dice } — { $failed ->
    [0] chaque figurine tient
    [one] une figurine fuit
   *[other] { $failed } figurines fuient
}
bov-scored = fin de la manche { $round } : { $first } à { $second }
bov-control = objectifs tenus : { $held }
bov-ended = la bataille est terminée : { $winner }, { $first } à { $second } ({ $reason })
bov-winner = { $side } l'emporte
bov-draw = égalité
bov-nobody = personne

bov-kind = { $kind ->
    [melee] corps à corps
    [ranged] à distance
    [power] les dés d'un pouvoir
    [giant] les blessures du Géant
   *[terrain] terrain Dangereux
}
bov-colour = { $colour ->
    [black] noir
    [gray] gris
   *[white] blanc
}
bov-face = { $face ->
    [miss] raté
    [hit] touche
    [double_hit] double touche
    [critical] critique
   *[double_critical] double critique
}
bov-block = { $block ->
    [yes] blocage
   *[no] échec
}
bov-rerolled = { $first } relancé en { $then }
bov-modifiers = , { $list }
bov-modifier = { $value ->
    [up] amélioration
   *[down] dégradation
} ({ $name ->
    [fresh] Frais
    [exhausted] Épuisé
    [charge] Charge
    [skirmish] Escarmouche
    [dragonbonded] Lien du Dragon
    [obscured] en terrain Couvrant
    [flanked] Pris de flanc
    [command] aux ordres d'un Héros
    [aura] l'aura du Général
    [injured] Blessé
    [token] un jeton d'Amélioration
    [captain] le Capitaine en jeu
    [captain_killed] le Capitaine tué
    [hero_captain] un Héros menant comme Capitaine
    [named] { $powers }
   *[power] un pouvoir
})
bov-status-name = { $status ->
    [poisoned] Empoisonné
    [slowed] Ralenti
   *[immobilized] Immobilisé
}
bov-cause = { $cause ->
    [heavy] lourdes pertes
    [general] le Général est vaincu
    [captain] le Capitaine est tué
   *[effect] un effet
}
bov-reason = { $reason ->
    [wipe_out] anéantissement
    [score] points de victoire
    [draw] la marge n'a pas été atteinte
   *[other] { $reason }
}

bov-odds-charge = { $option } (à { $distance }", { $needed }" des dés : { $chance } %)
bov-odds-charge-sure = { $option } (à { $distance }" : la Vitesse suffit)
bov-odds-charge-never = { $option } (à { $distance }" : aucun jet ne suffit)
bov-odds-attack = { $option } ({ $dice } dés : { $wounds } blessures en moyenne, { $any } % au moins une, { $models } figurines en moyenne)
bov-monster-card = { $unit } tire la carte de comportement { $card } : « { $text } »
bov-monster-card-at = { $unit } tire la carte de comportement { $card }, visant { $target } : « { $text } »
bov-status-lost = { $unit } perd un marqueur { $kind ->
   *[other] { $status }
}
bov-fatigue = { $fatigue ->
    [0] { $unit } n'a plus aucun marqueur de fatigue
    [one] { $unit } porte maintenant un marqueur de fatigue
   *[other] { $unit } porte maintenant { $fatigue } marqueurs de fatigue
}

bov-ask = { $side } : { $ask ->
    [deploy] déployez une unité dans votre zone, ou gardez le reste en Réserve
    [turn] activez une unité, ou passez pour le reste de la manche
    [action] l'action de { $unit }
    [opportunity] une Attaque d'Opportunité sur { $unit }, ou aucune
    [casualties] les figurines que perd { $unit }
    [objective] placez un objectif
    [reserve] { $unit } entre depuis la Réserve, ou y reste
    [dangerous] une cible pour le terrain Dangereux
    [edge] choisissez votre grand bord de table
    [token] dépenser un jeton d'Amélioration sur le jet de { $unit }, ou non
    [token_attack] dépenser un jeton d'Amélioration sur le jet d'attaque de { $unit }, ou non
    [token_attack_idle] dépenser un jeton d'Amélioration sur le jet d'attaque de { $unit } (cela ne changerait rien : le jet est déjà amélioré), ou non
    [token_defense] dépenser un jeton d'Amélioration sur le jet de défense de { $unit }, ou non
    [token_defense_idle] dépenser un jeton d'Amélioration sur le jet de défense de { $unit } (cela ne changerait rien : le jet est déjà amélioré ou n'a aucun dé à lancer), ou non
    [markers] les marqueurs que retire { $unit } (Récupérer de la Fatigue)
    [reaction] une réaction, ou aucune
    [power_move] les chemins du mouvement de { $unit }
    [power_place] où placer { $unit } : n'importe où, sans engager d'ennemi
    [consolidate] où les figurines de { $unit } qui ne sont plus engagées reviennent au contact (Consolidation)
    [giant] l'unité qui subit les blessures du Géant
    [pair_attack] la cible du Général qui chevauche { $unit }, à côté de l'attaque de la créature, ou aucune
    [command] l'unité que { $unit } commande ensuite, ou aucune
    [redirect] une unité qui prend les touches à sa place, ou aucune
    [mount] une Monture pour { $unit }, ou aucune
    [entry_edge] le bord par lequel entre { $unit }
    [monster] placez un Monstre, ou faites une enchère
   *[other] { $ask }
}
bov-option-stay = { $unit } reste où elle est
bov-option-march = { $unit } marche de { $inches }" { $toward ->
    [objective] vers l'objectif { $objective }
    [unit] vers { $target }
    [forward] vers le bord adverse
    [back] en arrière, vers son propre bord
    [left] sur sa gauche
   *[right] sur sa droite
}
bov-option-none = { $what ->
    [react] Pas d'Attaque d'Opportunité
    [reaction] Aucune réaction
    [command] Aucun marqueur d'activation
    [redirect] Aucune unité ne prend les touches à sa place
   *[mount] Ne pas monter
}
bov-odds-shared = { $odds } ; les touches sont partagées entre { $units }, les blessures ci-dessus comme si la cible les prenait toutes{ $mine ->
    [yes] : { $chance } % qu'au moins une touche aille à votre unité { $own }
   *[no] {""}
}
bov-odds-attack-none = { $option } (aucune figurine ne serait à portée et en vue : aucun dé n'est lancé)
