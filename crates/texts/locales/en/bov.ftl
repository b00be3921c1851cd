# Battles of Valerna: the battle's story (valerna bov replay --log, the web
# table's log). Game terms as the Battles of Valerna 5.1 rulebook prints them.

bov-side = { $seat ->
    [0] Player 1
   *[other] Player 2
}
bov-hand-dealt = { $side } holds the Vaala cards { $cards }
bov-round = Round { $round }: { $side } wins the Initiative
bov-face-off = face-off for { $about ->
    [objectives] the first objective
    [monsters] the first Monster
    [table_edge] the table edges
    [initiative] the Initiative
   *[entry_edge] the entry edge
}: { $rolls } — { $side } wins
bov-face-off-roll = { $side } { $dice }
bov-face-off-tie = a tie, rolled again
bov-passed = { $side } passes for the rest of the round
bov-activated = { $side } activates { $unit }
bov-deployed = { $side } deploys { $unit }
bov-placed = { $side } places { $unit } at { $at }
bov-objective = { $side } places an objective at { $at }
bov-edge = { $side } takes the { $near ->
    [yes] near
   *[no] far
} long edge
bov-token = { $side } { $spend ->
    [yes] spends an Upgrade token
   *[no] keeps its Upgrade tokens
}
bov-short-edge = { $side } takes the { $near ->
    [yes] left
   *[no] right
} short edge, the battlefield turned to it
bov-marched = { $unit } marches
bov-moved = { $unit } moves { $inches }"
bov-moved-charge = { $unit } moves { $inches }" in its charge{ $piled ->
    [0] {""}
    [one] , and one model piles in beyond it (up to { $longest }")
   *[other] , and { $piled } models pile in beyond it (up to { $longest }")
}
bov-moved-pile-in = { $unit } piles in: { $count ->
    [one] one model moves
   *[other] { $count } models move
} up to { $inches }" into contact
bov-moved-consolidate = { $unit } consolidates: { $count ->
    [one] one model no longer engaged moves
   *[other] { $count } models no longer engaged move
} up to { $inches }" back into contact
bov-moved-separated = { $unit } is moved { $inches }" apart from the unit it was flanking
bov-moved-alongside = { $unit } moves { $inches }" along with the unit it charged, keeping contact
bov-moved-set-down = { $unit } is set down beside the Mount that fell
bov-poison-rolled = { $unit }'s Poison: { $dice } — { $wounds ->
    [0] no wound
    [one] one wound
   *[other] { $wounds } wounds
}
bov-affect-healed = { $unit } heals { $wounds ->
    [0] no wound
    [one] one wound
   *[other] { $wounds } wounds
}{ $count ->
    [0] {""}
   *[other] , and loses { $markers }
}
bov-affect-lasting = { $unit }: { $what ->
    [speed] { $up ->
        [yes] +{ $amount }" of Speed
       *[no] -{ $amount }" of Speed
    }
    [attack] { $up ->
        [yes] its attack rolls are upgraded
       *[no] its attack rolls are downgraded
    }
    [defense] { $up ->
        [yes] its defense rolls are upgraded
       *[no] its defense rolls are downgraded
    }
   *[morale] { $up ->
        [yes] its morale tests are upgraded
       *[no] its morale tests are downgraded
    }
}{ $against ->
    [melee] {" "}against melee
    [ranged] {" "}against ranged attacks
   *[any] {""}
}{ $duration ->
    [roll] {" "}for the next roll
    [activation] {" "}this activation
    [round] {" "}until the end of the round
   *[always] {""}
}
bov-affect-fatigue = { $unit } { $up ->
    [yes] takes
   *[no] loses
} { $count ->
    [one] a fatigue counter
   *[other] { $count } fatigue counters
}
bov-affect-poison = { $unit }'s { $count ->
    [one] Poison marker turns
   *[other] { $count } Poison markers turn
} into wounds
bov-hits-split = the hits on { $target } split among the units engaged with it: { $shares }
bov-hit-share = { $unit } { $hits ->
    [0] no hit
    [one] one hit
   *[other] { $hits } hits
}{ $critical ->
    [0] {""}
    [one] {" "}and one critical
   *[other] {" "}and { $critical } critical
}
bov-attack = { $unit } attacks { $target }
bov-charge = { $unit } charges { $target }
bov-skirmish = { $unit } skirmishes against { $target }
bov-power = { $unit } uses { $power }
bov-power-on = { $unit } uses { $power } on { $target }
bov-react-power = { $side } reacts: { $unit } uses { $power }
bov-react-power-on = { $side } reacts: { $unit } uses { $power } on { $target }
bov-react-vaala = { $side } plays the Vaala card { $card }
bov-react-vaala-on = { $side } plays the Vaala card { $card } on { $target }
bov-opportunity = { $unit } makes an Opportunity Attack on { $mover }
bov-flanked-attack = { $unit } attacks model by model: { $targets }
bov-pair-attack = { $unit } attacks { $target } and { $general }, riding it, attacks { $second }: both declared before either is rolled
bov-consolidated = { $side } places the consolidating models of { $unit }: { $count ->
    [one] one model moves
   *[other] { $count } models move
} back into contact
bov-removed = { $side } removes { $count ->
    [one] model { $models }
   *[other] models { $models }
} of { $unit }
bov-markers = { $side } removes the markers { $markers } from { $unit }
bov-reserve = { $side } keeps the rest of the force in Reserve
bov-enter = { $unit } enters from Reserve at { $at }
bov-stay = { $unit } stays in Reserve
bov-dangerous = { $side } picks { $unit } as the target of Dangerous terrain
bov-giant = the Giant's wounds go to { $unit }
bov-command = { $unit } takes the activation marker
bov-redirect = { $unit } takes the hits instead
bov-mount = { $unit } mounts { $mount }
bov-dismount = { $unit } dismounts at { $at }
bov-entry-edge = { $side } picks the edge { $edge } for the unit to enter
bov-place-monster = { $side } places the Monster at { $at }
bov-bid = { $side } makes a secret bid
bov-bid-own = { $side } bids { $points } victory points
bov-power-move = { $unit } is moved by a power
bov-charge-rolled = charge roll { $dice }: +{ $bonus }", { $allowance }" of move for { $distance }" to cover: { $engaged ->
    [yes] the charge makes contact
   *[no] the charge falls short
}
bov-attack-rolled = { $attacker } rolls { $count ->
    [one] one die
   *[other] { $count } dice
} ({ $kind }) against { $target }{ $modifiers }: { $dice } — { $hits ->
    [0] no hit
    [one] one hit
   *[other] { $hits } hits
}, { $critical ->
    [0] no critical
    [one] one critical
   *[other] { $critical } critical
}
bov-defense-rolled = { $unit } rolls { $count ->
    [0] no defense die
    [one] one defense die
   *[other] { $count } defense dice
}{ $modifiers }: { $dice } — { $blocks ->
    [0] no block
    [one] one block
   *[other] { $blocks } blocks
}, { $wounds ->
    [0] no wound
    [one] one wound
   *[other] { $wounds } wounds
}
bov-no-defense = { $unit } cannot block critical hits: { $wounds ->
    [one] one wound
   *[other] { $wounds } wounds
}
bov-wounded = { $unit } takes { $wounds ->
    [one] one wound
   *[other] { $wounds } wounds
}: { $lost ->
    [0] no model lost
    [one] one model lost
   *[other] { $lost } models lost
}
bov-destroyed = { $unit } is destroyed
bov-hero-fights-on = { $unit } fights on alone, its troopers gone
bov-hero-side-again = { $unit } stands where its mount fell, its card back on the Hero side
bov-status = { $unit } gains { $kind ->
    [immobilized] an
   *[other] a
} { $status } marker
bov-morale = { $unit } tests morale ({ $cause }){ $modifiers }: { $dice } — { $failed ->
    [0] every model holds
    [one] one model flees
   *[other] { $failed } models flee
}
bov-scored = end of Round { $round }: { $first } to { $second }
bov-control = objectives held: { $held }
bov-ended = the battle is over: { $winner }, { $first } to { $second } ({ $reason })
bov-winner = { $side } wins
bov-draw = a draw
bov-nobody = nobody

bov-kind = { $kind ->
    [melee] melee
    [ranged] ranged
    [power] a power's dice
    [giant] the Giant's wounds
   *[terrain] Dangerous terrain
}
bov-colour = { $colour ->
    [black] black
    [gray] gray
   *[white] white
}
bov-face = { $face ->
    [miss] miss
    [hit] hit
    [double_hit] double hit
    [critical] critical
   *[double_critical] double critical
}
bov-block = { $block ->
    [yes] block
   *[no] fail
}
bov-rerolled = { $first } rerolled to { $then }
bov-modifiers = , { $list }
bov-modifier = { $name ->
    [fresh] Fresh
    [exhausted] Exhausted
    [charge] Charge
    [skirmish] Skirmish
    [dragonbonded] Dragonbonded
    [obscured] in Obscuring terrain
    [flanked] Flanked
    [command] in command of a Hero
    [aura] the General's aura
    [injured] Injured
    [token] an Upgrade token
    [captain] the Captain in play
    [captain_killed] the Captain killed
    [hero_captain] a Hero leading as Captain
    [named] { $powers }
   *[power] a power
} { $value ->
    [up] upgrade
   *[down] downgrade
}
bov-status-name = { $status ->
    [poisoned] Poisoned
    [slowed] Slowed
   *[immobilized] Immobilized
}
bov-cause = { $cause ->
    [heavy] heavy casualties
    [general] the General is defeated
    [captain] the Captain is killed
   *[effect] an effect
}
bov-reason = { $reason ->
    [wipe_out] wipe-out
    [score] victory points
    [draw] the margin was not reached
   *[other] { $reason }
}

bov-odds-charge = { $option } ({ $distance }" away, { $needed }" from the dice: { $chance }%)
bov-odds-charge-sure = { $option } ({ $distance }" away: Speed alone reaches)
bov-odds-charge-never = { $option } ({ $distance }" away: no roll reaches)
bov-odds-attack = { $option } ({ $dice } dice: { $wounds } wounds on average, { $any }% at least one, { $models } models on average)
bov-monster-card = { $unit } draws the behaviour card { $card }: "{ $text }"
bov-monster-card-at = { $unit } draws the behaviour card { $card }, aimed at { $target }: "{ $text }"
bov-status-lost = { $unit } loses { $kind ->
    [immobilized] an
   *[other] a
} { $status } marker
bov-fatigue = { $unit } now carries { $fatigue ->
    [0] no fatigue
    [one] one fatigue counter
   *[other] { $fatigue } fatigue counters
}

bov-ask = { $side }: { $ask ->
    [deploy] deploy a unit in your zone, or keep the rest in Reserve
    [turn] activate a unit, or pass for the rest of the round
    [action] the action of { $unit }
    [opportunity] an Opportunity Attack on { $unit }, or none
    [casualties] the models { $unit } loses
    [objective] place an objective
    [reserve] { $unit } enters from Reserve, or stays
    [dangerous] a target for Dangerous terrain
    [edge] pick your long table edge
    [token] spend an Upgrade token on the roll of { $unit }, or not
    [token_attack] spend an Upgrade token on the attack roll of { $unit }, or not
    [token_attack_idle] spend an Upgrade token on the attack roll of { $unit } (it would change nothing: the roll is upgraded already), or not
    [token_defense] spend an Upgrade token on the defense roll of { $unit }, or not
    [token_defense_idle] spend an Upgrade token on the defense roll of { $unit } (it would change nothing: the roll is upgraded already or has no die to roll), or not
    [markers] the markers { $unit } removes (Restore Fatigue)
    [reaction] a reaction, or none
    [power_move] the paths of { $unit }'s move
    [power_place] where { $unit } is placed: anywhere, engaged with no enemy
    [consolidate] where the models of { $unit } no longer engaged move back into contact (Consolidate)
    [giant] the unit that takes the Giant's wounds
    [pair_attack] the target of the General riding { $unit }, beside the creature's attack, or none
    [command] the unit { $unit } commands next, or none
    [redirect] a unit to take the hits instead, or none
    [mount] a Mount for { $unit }, or none
    [entry_edge] the edge { $unit } enters from
    [monster] place a Monster, or bid for one
   *[other] { $ask }
}
bov-option-stay = { $unit } stays where it stands
bov-option-march = { $unit } marches { $inches }" { $toward ->
    [objective] toward objective { $objective }
    [unit] toward { $target }
    [forward] toward the enemy's edge
    [back] back toward its own edge
    [left] to its left
   *[right] to its right
}
bov-option-none = { $what ->
    [react] No Opportunity Attack
    [reaction] No reaction
    [command] No activation marker
    [redirect] No unit takes the hits instead
   *[mount] Do not mount
}
bov-odds-shared = { $odds }; the hits are shared among { $units }, the wounds above as if the target took them all{ $mine ->
    [yes] : { $chance }% that your own { $own } takes at least one
   *[no] {""}
}
bov-odds-attack-none = { $option } (no model would be in range and sight: no die is rolled)
