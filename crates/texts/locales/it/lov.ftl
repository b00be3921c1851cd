# valerna lov: la partita al terminale, le simulazioni e i replay, in italiano.
# Termini di gioco dal regolamento italiano di Dragonbond: Lords of Vaala.
# Ogni messaggio esiste anche in en/lov.ftl e fr/lov.ftl con le stesse
# variabili (i test confrontano i tre file).

## Termini di gioco

-power = Potere
-faceless = Senzavolto
-initiative = Iniziativa
-dragonbond = Legame Draconico
-general = Generale
-dragon = Drago

## Glifi (LoV, "Glifi"): prima il nome del Generale, poi quello del Drago

glyph-assault = Assalto
glyph-wrath = Ira
glyph-deploy = Schieramento
glyph-soar = Volo
glyph-harvest = Raccolto
glyph-hoard = Accumulo
glyph-vaala = Vaala
glyph-upgrade = Miglioramento
glyph-reinforce = Rinforzi
glyph-fortify = Fortificazione

## Il round (LoV, "Il Round")

phase-planning = Pianificazione
phase-resolution = Risoluzione
phase-cleanup = Mantenimento
phase-over = partita finita

## Il tabellone come testo

status = == Round { $round } · { $phase } · { -initiative }: { $holder } · Eventi rimasti { $events } · contenuti provvisori ==
region-city = [Città]
region-power = { -power } { $power }
region-neutral = neutrali { $units }
# F, C, D: Unità di Fanteria, di Cavalleria, a Distanza.
region-force = { $who }: { $infantry }F { $cavalry }C { $ranged }D
region-force-general = { $who }: { -general } { $infantry }F { $cavalry }C { $ranged }D
region-dragon = { $who } il { -dragon }
player-power = { -power } { $power }+{ $spent } speso
player-wounds = ferite { $wounds }/{ $max }
player-essence = Essenza { $essence }/{ $max }
player-faceless = { -faceless }
player-bond = { -dragonbond } con { $partner }
player-hand = mano { $cards } { $cards ->
    [one] carta
   *[other] carte
}
player-vaala = mano Vaala { $cards }
stack = pila delle Azioni: { $cards } { $cards ->
    [one] carta
   *[other] carte
}, { $unresolved } da risolvere ({ $hidden } { $hidden ->
    [one] coperta
   *[other] coperte
} per te)
resolving = in risoluzione: { $what }
resolving-event = Evento { $name }: { $text }
resolving-action = carta Azione di { $owner } { $glyphs }
resolving-region = carta Regione { $region } ({ $glyphs })
roll = ultimo tiro: { $who } ha lanciato { $dice } { $dice ->
    [one] Dado da Combattimento
   *[other] Dadi da Combattimento
}: { $criticals } { $criticals ->
    [one] colpo critico
   *[other] colpi critici
}, { $standard } { $standard ->
    [one] colpo standard
   *[other] colpi standard
}
roll-neutral = ultimo tiro: le Unità neutrali hanno lanciato { $dice } { $dice ->
    [one] Dado da Combattimento
   *[other] Dadi da Combattimento
}: { $criticals } { $criticals ->
    [one] colpo critico
   *[other] colpi critici
}, { $standard } { $standard ->
    [one] colpo standard
   *[other] colpi standard
}
lineup = Abitanti nel display: { $denizens }
vaala-cards = le tue carte Vaala: { $cards }
vaala-cards-none = nessuna

## Le scelte di una decisione

decision-action = gioca la carta Azione { $glyphs }
decision-region = gioca la carta Regione { $region } ({ $glyphs })
decision-pass = passa
decision-give-initiative = dai il segnalino { -initiative } al giocatore { $seat }
decision-activate = attiva questo Glifo
decision-skip = salta questo Glifo
decision-option = opzione { $number }
decision-done = nessuno / basta / resta
decision-neutral = le Unità neutrali
decision-counterattack = Contrattacco
decision-retreat = Ritirata
decision-attack-again = attacca di nuovo
decision-lose = perdi un'Unità { $unit ->
    [infantry] di Fanteria
    [cavalry] di Cavalleria
   *[ranged] a Distanza
}
decision-steal = ruba un segnalino { -power } { $spent ->
      [yes] speso
     *[no] non speso
  }
decision-vaala = gioca { $name } (costo { $cost }): { $text }
decision-reroll = rilancia il tuo dado del { -dragonbond } per 1 { -power }
decision-keep = tieni il tuo dado
decision-denizen = prendi { $name } ({ $unit ->
    [infantry] Fanteria
    [cavalry] Cavalleria
   *[ranged] a Distanza
}, { $region }){ $cost ->
    [0] {""}
   *[other] {" "}per { $cost } { -power }
}: { $text }
decision-unit = piazza un'Unità { $unit ->
    [infantry] di Fanteria
    [cavalry] di Cavalleria
   *[ranged] a Distanza
}

## lov play

play-intro = Lords of Vaala, seme { $seed }. I contenuti sono provvisori (docs/rulings.md, "The provisional pack"). Scrivi q per uscire.
# La schermata di passaggio che nasconde la mano dell'ultimo giocatore.
play-hand-over = Passa la tastiera al giocatore { $seat }. Premi Invio.
play-bad-choice = scrivi un numero da 1 a { $options }, oppure q
play-saved = registro della partita salvato in { $path }
play-error-humans = --humans { $humans }: indica da 1 a 4 giocatori umani

## Fine della partita (LoV, "Fine della Partita")

outcome-reason = { $reason ->
    [power] 10 { -power }
    [events] il mazzo Eventi è finito: più { -power }
   *[elimination] un giocatore è stato eliminato: più { -power }
}
outcome = partita finita ({ $why }): ha vinto { $winner }
# Una squadra con Legame Draconico vince insieme.
outcome-team = partita finita ({ $why }): hanno vinto { $first } e { $second }

## lov replay

replay-decisions = { $decisions } { $decisions ->
    [one] decisione rigiocata
   *[other] decisioni rigiocate
}
replay-not-over = la partita non è finita: decide il posto { $seat }

## lov sim

sim-header = Lords of Vaala: { $games } { $games ->
    [one] partita
   *[other] partite
}, seme { $seed }, { $humans } { $humans ->
    [one] posto umano
   *[other] posti umani
} (politica casuale), gli altri { -faceless }
sim-provisional = contenuti: provvisori (docs/rulings.md, "The provisional pack")
sim-col-seat = posto
sim-col-win-rate = vittorie
sim-col-alone = da solo
sim-shared-wins = vittorie condivise da una squadra del { -dragonbond }: { $percent }% delle partite, contate per entrambi i posti (le vittorie sommano oltre il 100%)
sim-col-mean-power = { -power } medio
sim-human-wins = i posti umani hanno vinto il { $percent }% delle partite
sim-mean-rounds = round medi { $rounds }
sim-end-reasons = fine della partita: 10 { -power } { $power }, mazzo Eventi finito { $events }, eliminazione { $elimination }
sim-dragonbond = { -dragonbond } nel { $percent }% delle partite
sim-progress = partite
sim-error-humans = --humans { $humans }: indica da 1 a 4 posti umani
sim-error-games = --games 0: indica almeno 1 partita

## La partita narrata: una riga per ogni evento del registro

units-count = { $count } Unità { $unit ->
      [infantry] di Fanteria
      [cavalry] di Cavalleria
     *[ranged] a Distanza
  }
units-general = il { -general }
who-neutral = le Unità neutrali
who-you = tu
card-back = { $back ->
    [action] una carta Azione
    [region] una carta Regione
   *[event] una carta Evento
}
ev-round = ── Round { $round } ──
ev-phase = fase di { $phase }
ev-card-played = { $who } mette { $back } coperta sulla pila delle Azioni
ev-own-card = (hai giocato: { $card })
ev-event-placed = una carta Evento va coperta sulla pila delle Azioni
ev-passed = { $who } passa{ $initiative ->
    [yes] {" "}e prende il segnalino { -initiative }
   *[no] {""}
}
ev-initiative-given = { $from } dà il segnalino { -initiative } al giocatore { $to }
ev-revealed-event = rivelata: Evento «{ $name }»: { $text }
ev-revealed-action = rivelata: carta Azione di { $who } { $glyphs }
ev-revealed-region = rivelata: carta Regione { $region } di { $who } ({ $glyphs })
ev-cancelled = la carta è annullata
ev-glyph = { $who } { $activated ->
    [yes] attiva
   *[no] salta
} { $glyph }
ev-force-moved = { $who } muove { $units } dalla Regione { $from } alla Regione { $to }
ev-dragon-moved = { $who } si sposta dalla Regione { $from } alla Regione { $to }
ev-units-placed = { $who } piazza { $units } nella Regione { $region }
ev-neutral-placed = { $count } { $count ->
    [one] Unità neutrale è piazzata
   *[other] Unità neutrali sono piazzate
} nella Regione { $region }
ev-combat = combattimento nella Regione { $region }: { $attacker } (Valore di Combattimento { $attack }) contro { $defender } (Valore di Combattimento { $defense })
ev-combat-ended = { $won ->
    [yes] { $who } vince il combattimento nella Regione { $region }
   *[no] { $who } perde il combattimento nella Regione { $region }
}
ev-rolled = { $who } lancia { $dice }: { $criticals } { $criticals ->
    [one] colpo critico
   *[other] colpi critici
}, { $standard } { $standard ->
    [one] colpo standard
   *[other] colpi standard
}
ev-neutral-rolled = le Unità neutrali lanciano { $dice }: { $criticals } { $criticals ->
    [one] colpo critico
   *[other] colpi critici
}, { $standard } { $standard ->
    [one] colpo standard
   *[other] colpi standard
}
ev-unit-lost = { $who } perde un'Unità { $unit ->
    [infantry] di Fanteria
    [cavalry] di Cavalleria
   *[ranged] a Distanza
} nella Regione { $region }
ev-neutral-lost = un'Unità neutrale è distrutta nella Regione { $region }
ev-general-injured = il { -general } di { $who } è inabile nella Regione { $region }
ev-wounded = { $who } subisce una ferita ({ $wounds } su { $max })
ev-healed = { $who } si cura di { $amount } { $amount ->
      [one] ferita
     *[other] ferite
  }
ev-hit-ignored = { $who } ignora un colpo: { $shield ->
    [mountain] la Montagna
    [ward] una protezione
   *[city] la Città, che viene rimossa
}
ev-neutral-hit-ignored = le Unità neutrali ignorano un colpo: { $shield ->
    [mountain] la Montagna
    [ward] una protezione
   *[city] la Città, che viene rimossa
}
ev-force-destroyed = l'armata di { $who } nella Regione { $region } non può ritirarsi ed è distrutta
ev-essence = un'Unità va sul tracciato Essenza di { $who }
ev-retreated = { $who } si ritira dalla Regione { $from } alla Regione { $to }
ev-eliminated = eliminazione di { $who }
ev-power-collected = { $who } raccoglie { $amount } { -power } dalla Regione { $region }
ev-power-gained = { $who } guadagna { $amount } { -power }
ev-power-placed = { $amount } { -power } { $amount ->
    [one] va
   *[other] vanno
} nella Regione { $region }
ev-power-spent = { $who } spende { $amount } { -power }
ev-power-stolen = { $thief } ruba un segnalino { -power } { $spent ->
      [yes] speso
     *[no] non speso
  } dal tracciato { -power } di { $victim }
ev-denizen = { $who } recluta { $denizen } per { $unit ->
      [infantry] la Fanteria
      [cavalry] la Cavalleria
     *[ranged] le Unità a Distanza
  }
ev-city-built = una Città è costruita nella Regione { $region }
ev-city-destroyed = la Città nella Regione { $region } è distrutta
ev-bond-rolled = prova di { -dragonbond }: { $general } ottiene { $gdie }, { $dragon } ottiene { $ddie }
ev-bond-rerolled = { $who } rilancia: { $die }
ev-bonded = { $general } e { $dragon } sono uniti dal { -dragonbond }
ev-bond-failed = nessun { -dragonbond }: entrambi i dadi devono mostrare un colpo
ev-vaala-played = { $who } gioca la carta Vaala { $name }
ev-vaala-drawn = { $who } pesca una carta Vaala
ev-own-vaala-drawn = (hai pescato: { $name })
ev-ended = { $outcome }

## La domanda in sospeso, e cosa significa ogni opzione

question = { $who }: { $ask }
question-for = { $who }, per { $owner } ({ -faceless }): { $ask }
question-for-event = { $who }, per l'Evento: { $ask }
waiting = in attesa di { $who }
ask-plan = metti una carta coperta sulla pila delle Azioni, o passa
ask-initiative = dai il segnalino { -initiative } a un altro giocatore
ask-glyph = { $glyph } { $card }: attivarlo?
ask-program = scegli cosa fa { $card }
ask-move-from = scegli la Regione da cui si muove l'armata
ask-move-to = scegli dove muovere dalla Regione { $from }
ask-move-count = quante Unità { $unit ->
    [infantry] di Fanteria
    [cavalry] di Cavalleria
   *[ranged] a Distanza
} muovono dalla Regione { $from } alla Regione { $to }?
ask-move-general = il { -general } va dalla Regione { $from } alla Regione { $to }?
ask-assault = scegli la Regione da assaltare
ask-retreat = scegli dove ritirarti dalla Regione { $from }
ask-target = scegli chi attaccare nella Regione { $region }
ask-next-defender = scegli chi attaccare ora nella Regione { $region }
ask-defend = attacco nella Regione { $region }: contrattaccare o ritirarsi?
ask-continue = restano nemici nella Regione { $region }: attaccare ancora o ritirarsi?
ask-lose = scegli quale Unità perdere nella Regione { $region }
ask-steal = rubare dal tracciato { -power } di { $victim } un segnalino { -power } non speso o speso?
ask-steal-from = scegli a chi rubare { -power } nella Regione { $region }
ask-attempt-bond = un { -general } e un { -dragon } sono nella Regione { $region }: tentare il { -dragonbond }?
ask-vaala = giocare una carta Vaala?
ask-bond = il tuo dado mostra { $die }, l'altro { $other }: tenerlo o rilanciarlo?
ask-denizen = scegli un Abitante dal display
ask-place = scegli l'Unità da piazzare nella Regione { $region }
ask-region = scegli una Regione per { $card }
ask-focus = la Regione Focus è in parità: sceglila
ask-focus-card = la Regione Focus { $card } è in parità: sceglila
ask-other = scegli
# Una carta da sola ($case "plain") o dopo il nome di un Glifo ($case "of").
card-board = { $case ->
      [of] del Glifo
     *[plain] il Glifo
  } { $glyph } della plancia di { $who }
card-event = { $case ->
    [of] dell'Evento
   *[plain] l'Evento
} «{ $name }»
card-vaala = { $case ->
    [of] della carta Vaala
   *[plain] la carta Vaala
} { $name }
card-region = { $case ->
    [of] della carta Regione
   *[plain] la carta Regione
} { $region }
card-action = { $case ->
    [of] della carta Azione
   *[plain] la carta Azione
} di { $who } { $glyphs }
opt-move-to = muovi nella Regione { $region }
opt-retreat-to = ritirati nella Regione { $region }
opt-stay = resta
opt-no-assault = non assaltare
opt-region = { $region }
opt-assault = assalta la Regione { $region }
opt-count = muovine { $count }
opt-general-moves = anche il { -general } va
opt-general-stays = il { -general } resta
opt-attack = attacca { $who }
opt-steal-from = ruba dal tracciato { -power } di { $who }
opt-attempt = tenta il { -dragonbond }
opt-decline = non tentarlo
opt-no-vaala = non giocare carte Vaala
opt-no-denizen = non prendere Abitanti
opt-focus = { $region } è la Regione Focus
program-move-force = muovi un'armata in una Regione adiacente
program-move-general = muovi solo il { -general }, fino a { $range } { $range ->
      [one] Regione
     *[other] Regioni
  }
program-move-dragon = spostati fino a { $range } { $range ->
      [one] Regione
     *[other] Regioni
  }
program-draw-vaala = pesca { $count } { $count ->
    [one] carta Vaala
   *[other] carte Vaala
}
program-play-vaala = gioca carte Vaala
program-other = opzione { $number }

## Il tabellone come testo: confini, e cosa ha ogni giocatore

region-borders = confini: { $list }
region-sea = mare: { $list }
region-mountain = { $region } ▲
player-supply = riserva { $infantry }F { $cavalry }C { $ranged }D
player-combat = Valore di Combattimento { $value }
player-denizens = Abitanti: { $list }
player-face-up = Vaala scoperte: { $list }
