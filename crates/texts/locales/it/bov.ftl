# Battles of Valerna: la storia della battaglia (valerna bov replay --log, il
# registro del tavolo web). Traduzione del progetto: il regolamento di Battles
# of Valerna esiste solo in inglese.

bov-side = { $seat ->
    [0] Giocatore 1
   *[other] Giocatore 2
}
bov-hand-dealt = { $side } tiene le carte Vaala { $cards }
bov-round = Round { $round }: { $side } vince l'Iniziativa
bov-face-off = tiro contrapposto per { $about ->
    [objectives] il primo obiettivo
    [monsters] il primo Mostro
    [table_edge] i bordi del tavolo
    [initiative] l'Iniziativa
   *[entry_edge] il bordo d'ingresso
}: { $rolls } — vince { $side }
bov-face-off-roll = { $side } { $dice }
bov-face-off-tie = pareggio, si ritira
bov-passed = { $side } passa per il resto del round
bov-activated = { $side } attiva { $unit }
bov-deployed = { $side } schiera { $unit }
bov-placed = { $side } colloca { $unit } in { $at }
bov-objective = { $side } piazza un obiettivo in { $at }
bov-edge = { $side } prende il lato lungo { $near ->
    [yes] vicino
   *[no] lontano
}
bov-token = { $side } { $spend ->
    [yes] spende un segnalino Potenziamento
   *[no] tiene i suoi segnalini Potenziamento
}
bov-short-edge = { $side } prende il lato corto { $near ->
    [yes] sinistro
   *[no] destro
}, il campo di battaglia girato verso di esso
bov-marched = { $unit } marcia
bov-moved = { $unit } si muove di { $inches }"
bov-moved-charge = { $unit } si muove di { $inches }" nella carica{ $piled ->
    [0] {""}
    [one] , e un modello si ammassa oltre (fino a { $longest }")
   *[other] , e { $piled } modelli si ammassano oltre (fino a { $longest }")
}
bov-moved-pile-in = { $unit } si ammassa: { $count ->
    [one] un modello si muove
   *[other] { $count } modelli si muovono
} fino a { $inches }" per entrare in contatto
bov-moved-consolidate = { $unit } si consolida: { $count ->
    [one] un modello non più ingaggiato si muove
   *[other] { $count } modelli non più ingaggiati si muovono
} fino a { $inches }" per tornare in contatto
bov-moved-separated = { $unit } viene spostata di { $inches }" lontano dall'unità che stava aggirando
bov-moved-alongside = { $unit } si sposta di { $inches }" insieme all'unità che ha caricato, restando in contatto
bov-moved-set-down = { $unit } viene posato accanto alla Cavalcatura caduta
bov-poison-rolled = Veleno di { $unit }: { $dice } — { $wounds ->
    [0] nessuna ferita
    [one] una ferita
   *[other] { $wounds } ferite
}
bov-affect-healed = { $unit } cura { $wounds ->
    [0] nessuna ferita
    [one] una ferita
   *[other] { $wounds } ferite
}{ $count ->
    [0] {""}
   *[other] , e perde { $markers }
}
bov-affect-lasting = { $unit }: { $what ->
    [speed] { $up ->
        [yes] +{ $amount }" di Velocità
       *[no] -{ $amount }" di Velocità
    }
    [attack] { $up ->
        [yes] i suoi tiri d'attacco sono potenziati
       *[no] i suoi tiri d'attacco sono depotenziati
    }
    [defense] { $up ->
        [yes] i suoi tiri di difesa sono potenziati
       *[no] i suoi tiri di difesa sono depotenziati
    }
   *[morale] { $up ->
        [yes] i suoi test di morale sono potenziati
       *[no] i suoi test di morale sono depotenziati
    }
}{ $against ->
    [melee] {" "}contro la mischia
    [ranged] {" "}contro gli attacchi a distanza
   *[any] {""}
}{ $duration ->
    [roll] {" "}per il prossimo tiro
    [activation] {" "}per questa attivazione
    [round] {" "}fino alla fine del round
   *[always] {""}
}
bov-affect-fatigue = { $unit } { $up ->
    [yes] riceve
   *[no] perde
} { $count ->
    [one] un segnalino fatica
   *[other] { $count } segnalini fatica
}
bov-affect-poison = { $count ->
    [one] il segnalino Veleno di { $unit } diventa una ferita
   *[other] i { $count } segnalini Veleno di { $unit } diventano ferite
}
bov-hits-split = i colpi su { $target } si dividono tra le unità ingaggiate con essa: { $shares }
bov-hit-share = { $unit } { $hits ->
    [0] nessun colpo
    [one] un colpo
   *[other] { $hits } colpi
}{ $critical ->
    [0] {""}
    [one] {" "}e un critico
   *[other] {" "}e { $critical } critici
}
bov-attack = { $unit } attacca { $target }
bov-charge = { $unit } carica { $target }
bov-skirmish = { $unit } schermaglia contro { $target }
bov-power = { $unit } usa { $power }
bov-power-on = { $unit } usa { $power } su { $target }
bov-react-power = { $side } reagisce: { $unit } usa { $power }
bov-react-power-on = { $side } reagisce: { $unit } usa { $power } su { $target }
bov-react-vaala = { $side } gioca la carta Vaala { $card }
bov-react-vaala-on = { $side } gioca la carta Vaala { $card } su { $target }
bov-opportunity = { $unit } fa un Attacco di Opportunità su { $mover }
bov-flanked-attack = { $unit } attacca modello per modello: { $targets }
bov-pair-attack = { $unit } attacca { $target } e { $general }, in sella, attacca { $second }: entrambi dichiarati prima di ogni tiro
bov-consolidated = { $side } colloca i modelli di { $unit } che si consolidano: { $count ->
    [one] un modello torna
   *[other] { $count } modelli tornano
} in contatto
bov-removed = { $side } rimuove { $count ->
    [one] il modello { $models }
   *[other] i modelli { $models }
} di { $unit }
bov-markers = { $side } rimuove i segnalini { $markers } da { $unit }
bov-reserve = { $side } tiene il resto della forza in Riserva
bov-enter = { $unit } entra dalla Riserva a { $at }
bov-stay = { $unit } resta in Riserva
bov-dangerous = { $side } sceglie { $unit } come bersaglio del terreno Pericoloso
bov-giant = le ferite del Gigante vanno a { $unit }
bov-command = { $unit } prende il segnalino di attivazione
bov-redirect = { $unit } prende i colpi al suo posto
bov-mount = { $unit } monta { $mount }
bov-dismount = { $unit } smonta in { $at }
bov-entry-edge = { $side } sceglie il lato { $edge } da cui l'unità entra
bov-place-monster = { $side } piazza il Mostro in { $at }
bov-bid = { $side } fa un'offerta segreta
bov-bid-own = { $side } offre { $points } punti vittoria
bov-power-move = { $unit } è mossa da un potere
bov-charge-rolled = tiro di carica { $dice }: +{ $bonus }", { $allowance }" di movimento per { $distance }" da coprire: { $engaged ->
    [yes] la carica arriva al contatto
   *[no] la carica non arriva
}
bov-attack-rolled = { $attacker } tira { $count ->
    [one] un dado
   *[other] { $count } dadi
} ({ $kind }) contro { $target }{ $modifiers }: { $dice } — { $hits ->
    [0] nessun colpo
    [one] un colpo
   *[other] { $hits } colpi
}, { $critical ->
    [0] nessun critico
    [one] un critico
   *[other] { $critical } critici
}
bov-defense-rolled = { $unit } tira { $count ->
    [0] nessun dado di difesa
    [one] un dado di difesa
   *[other] { $count } dadi di difesa
}{ $modifiers }: { $dice } — { $blocks ->
    [0] nessun blocco
    [one] un blocco
   *[other] { $blocks } blocchi
}, { $wounds ->
    [0] nessuna ferita
    [one] una ferita
   *[other] { $wounds } ferite
}
bov-no-defense = { $unit } non può bloccare i critici: { $wounds ->
    [one] una ferita
   *[other] { $wounds } ferite
}
bov-wounded = { $unit } subisce { $wounds ->
    [one] una ferita
   *[other] { $wounds } ferite
}: { $lost ->
    [0] nessun modello perso
    [one] un modello perso
   *[other] { $lost } modelli persi
}
bov-destroyed = { $unit } è distrutta
bov-hero-fights-on = { $unit } combatte da solo, caduti i suoi soldati
bov-hero-side-again = { $unit } resta dove è caduta la sua cavalcatura, la sua carta di nuovo sul lato Eroe
bov-status = { $unit } riceve un segnalino { $kind ->
   *[other] { $status }
}
bov-morale = { $unit } fa un test di morale ({ $cause }){ $modifiers }: { $dice } — { $failed ->
    [0] ogni modello tiene
    [one] un modello fugge
   *[other] { $failed } modelli fuggono
}
bov-scored = fine del Round { $round }: { $first } a { $second }
bov-control = obiettivi tenuti: { $held }
bov-ended = la battaglia è finita: { $winner }, { $first } a { $second } ({ $reason })
bov-winner = vince { $side }
bov-draw = pareggio
bov-nobody = nessuno

bov-kind = { $kind ->
    [melee] mischia
    [ranged] a distanza
    [power] i dadi di un potere
    [giant] le ferite del Gigante
   *[terrain] terreno Pericoloso
}
bov-colour = { $colour ->
    [black] nero
    [gray] grigio
   *[white] bianco
}
bov-face = { $face ->
    [miss] mancato
    [hit] colpo
    [double_hit] colpo doppio
    [critical] critico
   *[double_critical] critico doppio
}
bov-block = { $block ->
    [yes] blocco
   *[no] fallito
}
bov-rerolled = { $first } rilanciato in { $then }
bov-modifiers = , { $list }
bov-modifier = { $value ->
    [up] potenziamento
   *[down] depotenziamento
} ({ $name ->
    [fresh] Fresco
    [exhausted] Esausto
    [charge] Carica
    [skirmish] Schermaglia
    [dragonbonded] Legame del Drago
    [obscured] in terreno Coprente
    [flanked] Aggirato
    [command] al comando di un Eroe
    [aura] l'aura del Generale
    [injured] Ferito
    [token] un segnalino Potenziamento
    [captain] il Capitano in gioco
    [captain_killed] il Capitano ucciso
    [hero_captain] un Eroe al comando come Capitano
    [named] { $powers }
   *[power] un potere
})
bov-status-name = { $status ->
    [poisoned] Avvelenato
    [slowed] Rallentato
   *[immobilized] Immobilizzato
}
bov-cause = { $cause ->
    [heavy] perdite pesanti
    [general] il Generale è sconfitto
    [captain] il Capitano è ucciso
   *[effect] un effetto
}
bov-reason = { $reason ->
    [wipe_out] annientamento
    [score] punti vittoria
    [draw] il margine non è stato raggiunto
   *[other] { $reason }
}

bov-odds-charge = { $option } (a { $distance }", { $needed }" dai dadi: { $chance }%)
bov-odds-charge-sure = { $option } (a { $distance }": basta la Velocità)
bov-odds-charge-never = { $option } (a { $distance }": nessun tiro basta)
bov-odds-attack = { $option } ({ $dice } dadi: { $wounds } ferite in media, { $any }% almeno una, { $models } modelli in media)
bov-monster-card = { $unit } pesca la carta comportamento { $card }: "{ $text }"
bov-monster-card-at = { $unit } pesca la carta comportamento { $card }, contro { $target }: "{ $text }"
bov-status-lost = { $unit } perde un segnalino { $kind ->
   *[other] { $status }
}
bov-fatigue = { $fatigue ->
    [0] { $unit } non ha più segnalini fatica
    [one] { $unit } ora porta un segnalino fatica
   *[other] { $unit } ora porta { $fatigue } segnalini fatica
}

bov-ask = { $side }: { $ask ->
    [deploy] schiera un'unità nella tua zona, o tieni il resto in Riserva
    [turn] attiva un'unità, o passa per il resto del round
    [action] l'azione di { $unit }
    [opportunity] un Attacco di Opportunità su { $unit }, o nessuno
    [casualties] i modelli che perde { $unit }
    [objective] piazza un obiettivo
    [reserve] { $unit } entra dalla Riserva, o resta
    [dangerous] un bersaglio per il terreno Pericoloso
    [edge] scegli il tuo lato lungo del tavolo
    [token] spendere un segnalino Potenziamento sul tiro di { $unit }, o no
    [token_attack] spendere un segnalino Potenziamento sul tiro d'attacco di { $unit }, o no
    [token_attack_idle] spendere un segnalino Potenziamento sul tiro d'attacco di { $unit } (non cambierebbe nulla: il tiro è già potenziato), o no
    [token_defense] spendere un segnalino Potenziamento sul tiro di difesa di { $unit }, o no
    [token_defense_idle] spendere un segnalino Potenziamento sul tiro di difesa di { $unit } (non cambierebbe nulla: il tiro è già potenziato o non ha dadi da tirare), o no
    [markers] i segnalini che { $unit } rimuove (Recuperare Fatica)
    [reaction] una reazione, o nessuna
    [power_move] i percorsi del movimento di { $unit }
    [power_place] dove collocare { $unit }: ovunque, senza ingaggiare nemici
    [consolidate] dove i modelli di { $unit } non più ingaggiati tornano in contatto (Consolidamento)
    [giant] l'unità che subisce le ferite del Gigante
    [pair_attack] il bersaglio del Generale in sella a { $unit }, accanto all'attacco della creatura, o nessuno
    [command] l'unità che { $unit } comanda dopo, o nessuna
    [redirect] un'unità che subisca i colpi al suo posto, o nessuna
    [mount] una Cavalcatura per { $unit }, o nessuna
    [entry_edge] il lato da cui entra { $unit }
    [monster] piazza un Mostro, o fai un'offerta
   *[other] { $ask }
}
bov-option-stay = { $unit } resta dov'è
bov-option-march = { $unit } marcia di { $inches }" { $toward ->
    [objective] verso l'obiettivo { $objective }
    [unit] verso { $target }
    [forward] verso il bordo nemico
    [back] indietro verso il proprio bordo
    [left] alla sua sinistra
   *[right] alla sua destra
}
bov-option-none = { $what ->
    [react] Nessun Attacco di Opportunità
    [reaction] Nessuna reazione
    [command] Nessun segnalino di attivazione
    [redirect] Nessuna unità subisce i colpi al suo posto
   *[mount] Non montare
}
bov-odds-shared = { $odds }; i colpi sono divisi tra { $units }, le ferite sopra come se il bersaglio li subisse tutti{ $mine ->
    [yes] : { $chance }% che almeno un colpo vada alla tua unità { $own }
   *[no] {""}
}
bov-odds-attack-none = { $option } (nessun modello sarebbe a gittata e in vista: nessun dado è tirato)
