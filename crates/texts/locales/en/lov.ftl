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
}, { $region }): { $text }
decision-unit = place one { $unit ->
    [infantry] Infantry
    [cavalry] Cavalry
   *[ranged] Ranged
}

## lov play

play-intro = Lords of Vaala, seed { $seed }. The content pack is provisional (RULINGS §4). Type q to quit.
# The hand-over screen that hides the last player's hand.
play-hand-over = Pass the keyboard to { $seat }. Press Enter.
play-choose = { $seat }, choose:
play-choose-for = { $seat }, choose for { $owner }, { -faceless }:
play-choose-for-event = { $seat }, choose for the Event:
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
sim-provisional = content pack: provisional (RULINGS §4)
sim-col-seat = seat
sim-col-win-rate = win rate
sim-col-mean-power = mean { -power }
sim-human-wins = human seats won { $percent }% of games
sim-mean-rounds = mean rounds { $rounds }
sim-end-reasons = end reasons: 10 { -power } { $power }, Event deck empty { $events }, elimination { $elimination }
sim-dragonbond = { -dragonbond } in { $percent }% of games
sim-progress = games
sim-error-humans = --humans { $humans }: give 1 to 4 human seats
sim-error-games = --games 0: give at least 1 game
