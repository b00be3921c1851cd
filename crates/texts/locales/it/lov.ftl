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
lineup = fila degli Abitanti: { $denizens }
vaala-cards = le tue carte Vaala: { $cards }
vaala-cards-none = nessuna

## Le scelte di una decisione

decision-action = gioca la carta Azione { $glyphs }
decision-region = gioca la carta Regione { $region } ({ $glyphs })
decision-pass = passa
decision-give-initiative = dai il segnalino { -initiative } a { $seat }
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
    [yes] utilizzato
   *[no] non utilizzato
}
decision-vaala = gioca { $name } (costo { $cost }): { $text }
decision-reroll = rilancia il tuo dado del { -dragonbond } per 1 { -power }
decision-keep = tieni il tuo dado
decision-denizen = prendi { $name } ({ $unit ->
    [infantry] Fanteria
    [cavalry] Cavalleria
   *[ranged] a Distanza
}, { $region }): { $text }
decision-unit = piazza un'Unità { $unit ->
    [infantry] di Fanteria
    [cavalry] di Cavalleria
   *[ranged] a Distanza
}

## lov play

play-intro = Lords of Vaala, seme { $seed }. I contenuti sono provvisori (RULINGS §4). Scrivi q per uscire.
# La schermata di passaggio che nasconde la mano dell'ultimo giocatore.
play-hand-over = Passa la tastiera a { $seat }. Premi Invio.
play-choose = { $seat }, scegli:
play-choose-for = { $seat }, scegli per { $owner }, { -faceless }:
play-choose-for-event = { $seat }, scegli per l'Evento:
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
sim-provisional = contenuti: provvisori (RULINGS §4)
sim-col-seat = posto
sim-col-win-rate = vittorie
sim-col-mean-power = { -power } medio
sim-human-wins = i posti umani hanno vinto il { $percent }% delle partite
sim-mean-rounds = round medi { $rounds }
sim-end-reasons = fine della partita: 10 { -power } { $power }, mazzo Eventi finito { $events }, eliminazione { $elimination }
sim-dragonbond = { -dragonbond } nel { $percent }% delle partite
sim-progress = partite
sim-error-humans = --humans { $humans }: indica da 1 a 4 posti umani
sim-error-games = --games 0: indica almeno 1 partita

## Nomi stampati nel regolamento italiano (Preparazione, Montagne, FAQ).
## Gli altri restano come nel pacchetto di contenuti provvisorio.

content-region-fai_woods = Boschi Fai
content-region-north_tyveria = Tyveria del Nord
content-region-upper_primalian_range = Primalia Superiore
content-region-trade_road = Via del Commercio
content-region-lower_primalian_range = Primalia Inferiore
content-region-south_tyveria = Tyveria del Sud
content-region-nahuwoods = Boschi Nahu
content-denizen-oathguard = Guardia Giurata
content-denizen-warden_cavalry = Cavalleria Guardiana
content-denizen-griffon_knights = Cavalieri Griffon
content-denizen-fai_hunters = Cacciatori Fai
