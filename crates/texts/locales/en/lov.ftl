# valerna lov: the terminal game, simulations and replays, in English.
# Game terms from the English rulebook of Dragonbond: Lords of Vaala.
# Every message here exists in it/lov.ftl and fr/lov.ftl with the same
# variables (the tests compare the three files).

## Game terms

-power = Power
-faceless = Faceless
-initiative = Initiative
-dragonbond = Dragonbond
-general = General
-dragon = Dragon

## Glyphs (LoV, "Glyphs"); the General's name first, then the Dragon's

glyph-assault = Assault
glyph-wrath = Wrath
glyph-deploy = Deploy
glyph-soar = Soar
glyph-harvest = Harvest
glyph-hoard = Hoard
glyph-vaala = Vaala
glyph-upgrade = Upgrade
glyph-reinforce = Reinforce
glyph-fortify = Fortify

## The round (LoV, "The Round")

phase-planning = Planning
phase-resolution = Resolution
phase-cleanup = Clean-up
phase-over = game over

## The board as text

status = == Round { $round } · { $phase } · { -initiative }: { $holder } · Events left { $events } · provisional content ==
region-city = [city]
region-power = { -power } { $power }
region-neutral = neutral { $units }
# I, C, R: Infantry, Cavalry, Ranged Units.
region-force = { $who }: { $infantry }I { $cavalry }C { $ranged }R
region-force-general = { $who }: { -general } { $infantry }I { $cavalry }C { $ranged }R
region-dragon = { $who } the { -dragon }
player-power = { -power } { $power }+{ $spent } spent
player-wounds = wounds { $wounds }/{ $max }
player-essence = essence { $essence }/{ $max }
player-faceless = { -faceless }
player-bond = { -dragonbond } with { $partner }
player-hand = hand { $cards } { $cards ->
    [one] card
   *[other] cards
}
player-vaala = Vaala hand { $cards }
stack = Action stack: { $cards } { $cards ->
    [one] card
   *[other] cards
}, { $unresolved } unresolved ({ $hidden } face down to you)
resolving = resolving: { $what }
resolving-event = Event { $name }: { $text }
resolving-action = { $owner }'s Action card { $glyphs }
resolving-region = Region card { $region } ({ $glyphs })
roll = last roll: { $who } rolled { $dice } { $dice ->
    [one] die
   *[other] dice
}: { $criticals } critical, { $standard } standard { $standard ->
    [one] hit
   *[other] hits
}
roll-neutral = last roll: the neutral Units rolled { $dice } { $dice ->
    [one] die
   *[other] dice
}: { $criticals } critical, { $standard } standard { $standard ->
    [one] hit
   *[other] hits
}
lineup = Denizen lineup: { $denizens }
vaala-cards = your Vaala cards: { $cards }
vaala-cards-none = none

## The choices of a decision

decision-action = play Action card { $glyphs }
decision-region = play Region card { $region } ({ $glyphs })
decision-pass = pass
decision-give-initiative = give the { -initiative } token to { $seat }
decision-activate = activate this glyph
decision-skip = skip this glyph
decision-option = option { $number }
decision-done = none / stop / stay
decision-neutral = the neutral Units
decision-counterattack = Counterattack
decision-retreat = Retreat
decision-attack-again = attack again
decision-lose = lose one { $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
}
decision-steal = steal { $spent ->
    [yes] a spent
   *[no] an unspent
} { -power } token
decision-vaala = play { $name } (cost { $cost }): { $text }
decision-reroll = re-roll your { -dragonbond } die for 1 { -power }
decision-keep = keep your die
decision-denizen = take { $name } ({ $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
}, { $region }){ $cost ->
    [0] {""}
   *[other] {" "}for { $cost } { -power }
}: { $text }
decision-unit = place one { $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
}

## lov play

play-intro = Lords of Vaala, seed { $seed }. The content pack is provisional (docs/rulings.md, "The provisional pack"). Type q to quit.
# The hand-over screen that hides the last player's hand.
play-hand-over = Pass the keyboard to { $seat }. Press Enter.
play-bad-choice = type a number from 1 to { $options }, or q
play-saved = saved the game log to { $path }
play-error-humans = --humans { $humans }: give 1 to 4 human players

## The end of the game (LoV, "End of the Game")

outcome-reason = { $reason ->
    [power] 10 { -power }
    [events] the Event deck ran out: most { -power }
   *[elimination] a player was eliminated: most { -power }
}
outcome = game over ({ $why }): { $winner } won
# A Dragonbonded team wins together.
outcome-team = game over ({ $why }): { $first } and { $second } won

## lov replay

replay-decisions = { $decisions } { $decisions ->
    [one] decision
   *[other] decisions
} replayed
replay-not-over = the game is not over: seat { $seat } to decide

## lov sim

sim-header = Lords of Vaala: { $games } { $games ->
    [one] game
   *[other] games
}, seed { $seed }, { $humans } human { $humans ->
    [one] seat
   *[other] seats
} (random policy), the rest { -faceless }
sim-provisional = content pack: provisional (docs/rulings.md, "The provisional pack")
sim-col-seat = seat
sim-col-win-rate = win rate
sim-col-alone = alone
sim-shared-wins = won by a bonded pair: { $percent }% of games, a shared win counted for both seats (so the win rates add up to more than 100%)
sim-col-mean-power = mean { -power }
sim-human-wins = human seats won { $percent }% of games
sim-mean-rounds = mean rounds { $rounds }
sim-end-reasons = end reasons: 10 { -power } { $power }, Event deck empty { $events }, elimination { $elimination }
sim-dragonbond = { -dragonbond } in { $percent }% of games
sim-progress = games
sim-error-humans = --humans { $humans }: give 1 to 4 human seats
sim-error-games = --games 0: give at least 1 game

## The narrated game: one line per event of the log

units-count = { $count } { $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
}
units-general = the { -general }
who-neutral = the neutral Units
who-you = you
card-back = { $back ->
    [action] an Action card
    [region] a Region card
   *[event] an Event card
}
ev-round = ── Round { $round } ──
ev-phase = { $phase } phase
ev-card-played = { $who } puts { $back } face down on the Action stack
ev-own-card = (you played: { $card })
ev-event-placed = an Event card goes face down on the Action stack
ev-passed = { $who } passes{ $initiative ->
    [yes] {" "}and takes the { -initiative } token
   *[no] {""}
}
ev-initiative-given = { $from } gives the { -initiative } token to { $to }
ev-revealed-event = revealed: Event “{ $name }”: { $text }
ev-revealed-action = revealed: { $who }'s Action card { $glyphs }
ev-revealed-region = revealed: { $who }'s Region card { $region } ({ $glyphs })
ev-cancelled = the card is cancelled
ev-glyph = { $who } { $activated ->
    [yes] activates
   *[no] skips
} { $glyph }
ev-force-moved = { $who } moves { $units } from { $from } to { $to }
ev-dragon-moved = { $who } moves from { $from } to { $to }
ev-units-placed = { $who } places { $units } in { $region }
ev-neutral-placed = { $count } neutral { $count ->
    [one] Unit is
   *[other] Units are
} placed in { $region }
ev-combat = combat in { $region }: { $attacker } (Combat Value { $attack }) against { $defender } (Combat Value { $defense })
ev-combat-ended = { $won ->
    [yes] { $who } wins the combat in { $region }
   *[no] { $who } loses the combat in { $region }
}
ev-rolled = { $who } rolls { $dice }: { $criticals } critical, { $standard } standard { $standard ->
    [one] hit
   *[other] hits
}
ev-neutral-rolled = the neutral Units roll { $dice }: { $criticals } critical, { $standard } standard { $standard ->
    [one] hit
   *[other] hits
}
ev-unit-lost = { $who } loses { $unit ->
    [infantry] an Infantry Unit
    [cavalry] a Cavalry Unit
   *[ranged] a Ranged Unit
} in { $region }
ev-neutral-lost = a neutral Unit is destroyed in { $region }
ev-general-injured = { $who }'s { -general } is injured in { $region }
ev-wounded = { $who } takes a wound ({ $wounds } of { $max })
ev-healed = { $who } heals { $amount } { $amount ->
      [one] wound
     *[other] wounds
  }
ev-hit-ignored = { $who } ignores a hit: { $shield ->
    [mountain] the mountain
    [ward] a ward
   *[city] the city, which is removed
}
ev-neutral-hit-ignored = the neutral Units ignore a hit: { $shield ->
    [mountain] the mountain
    [ward] a ward
   *[city] the city, which is removed
}
ev-force-destroyed = { $who }'s force in { $region } cannot retreat and is destroyed
ev-essence = a Unit goes onto { $who }'s Essence track
ev-retreated = { $who } retreats from { $from } to { $to }
ev-eliminated = { $who } is eliminated
ev-power-collected = { $who } collects { $amount } { -power } from { $region }
ev-power-gained = { $who } gains { $amount } { -power }
ev-power-placed = { $amount } { -power } placed in { $region }
ev-power-spent = { $who } spends { $amount } { -power }
ev-power-stolen = { $thief } steals { $spent ->
    [yes] a spent
   *[no] an unspent
} { -power } token from { $victim }
ev-denizen = { $who } recruits { $denizen } onto the { $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
}
ev-city-built = a city is built in { $region }
ev-city-destroyed = the city in { $region } is destroyed
ev-bond-rolled = { -dragonbond } check: { $general } rolls { $gdie }, { $dragon } rolls { $ddie }
ev-bond-rerolled = { $who } re-rolls: { $die }
ev-bonded = { $general } and { $dragon } are bonded by the { -dragonbond }
ev-bond-failed = no { -dragonbond }: both dice must show a hit
ev-vaala-played = { $who } plays the Vaala card { $name }
ev-vaala-drawn = { $who } draws a Vaala card
ev-own-vaala-drawn = (you drew: { $name })
ev-ended = { $outcome }

## The pending question, and what each option means

question = { $who }: { $ask }
question-for = { $who }, for { $owner } ({ -faceless }): { $ask }
question-for-event = { $who }, for the Event: { $ask }
waiting = waiting for { $who }
ask-plan = put a card face down on the Action stack, or pass
ask-initiative = give the { -initiative } token to another player
ask-glyph = { $glyph } { $card }: activate it?
ask-program = choose what { $card } does
ask-move-from = choose the region whose force moves
ask-move-to = choose where to move from { $from }
ask-move-count = how many { $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
} move from { $from } to { $to }?
ask-move-general = does the { -general } go from { $from } to { $to }?
ask-assault = choose the region to assault
ask-retreat = choose where to retreat from { $from }
ask-target = choose whom to attack in { $region }
ask-next-defender = choose whom to attack next in { $region }
ask-defend = attacked in { $region }: counterattack or retreat?
ask-continue = enemies remain in { $region }: attack again or retreat?
ask-lose = choose which Unit to lose in { $region }
ask-steal = steal an unspent or a spent { -power } token from { $victim }?
ask-steal-from = choose whom to steal { -power } from in { $region }
ask-attempt-bond = a { -general } and a { -dragon } share { $region }: attempt the { -dragonbond }?
ask-vaala = play a Vaala card?
ask-bond = your die shows { $die }, the other shows { $other }: keep it or re-roll?
ask-denizen = choose a Denizen from the lineup
ask-place = choose the Unit to place in { $region }
ask-region = choose a region for { $card }
ask-focus = the Focus region is tied: choose it
ask-focus-card = the Focus region { $card } is tied: choose it
ask-other = choose
# A card alone ($case "plain") or after a glyph's name ($case "of").
card-board = { $case ->
    [of] of the
   *[plain] the
} { $glyph } glyph of { $who }'s board
card-event = { $case ->
    [of] of the
   *[plain] the
} Event “{ $name }”
card-vaala = { $case ->
    [of] of the
   *[plain] the
} Vaala card { $name }
card-region = { $case ->
    [of] of the
   *[plain] the
} Region card { $region }
card-action = { $case ->
    [of] of { $who }'s
   *[plain] { $who }'s
} Action card { $glyphs }
opt-move-to = move to { $region }
opt-retreat-to = retreat to { $region }
opt-stay = stay
opt-no-assault = don't assault
opt-region = { $region }
opt-assault = assault { $region }
opt-count = move { $count }
opt-general-moves = the { -general } goes too
opt-general-stays = the { -general } stays
opt-attack = attack { $who }
opt-steal-from = steal from { $who }
opt-attempt = attempt the { -dragonbond }
opt-decline = do not attempt it
opt-no-vaala = play no Vaala card
opt-no-denizen = take no Denizen
opt-focus = { $region } is the Focus region
program-move-force = move a force to an adjacent region
program-move-general = move the { -general } alone, up to { $range } { $range ->
      [one] region
     *[other] regions
  }
program-move-dragon = move up to { $range } { $range ->
      [one] region
     *[other] regions
  }
program-draw-vaala = draw { $count } Vaala { $count ->
    [one] card
   *[other] cards
}
program-play-vaala = play Vaala cards
program-other = option { $number }

## The board as text: borders, and what each player has

region-borders = borders: { $list }
region-sea = sea: { $list }
# Marks a border with the mountain icon (LoV Glossary "Mountains").
region-mountain = { $region } ▲
player-supply = supply { $infantry }I { $cavalry }C { $ranged }R
player-combat = Combat Value { $value }
player-denizens = Denizens: { $list }
player-face-up = face-up Vaala: { $list }
