//! `valerna lov play` as players run it: a scripted game through stdin, in
//! the languages of the three rulebooks.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `valerna lov play` with `args`, typing `choices` (one a line), and
/// returns what it printed; the game stops where the input ends.
fn play(args: &str, choices: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["lov", "play"])
        .args(args.split_whitespace())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("valerna runs");
    let mut input = choices.join("\n");
    input.push('\n');
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("the choices are typed");
    let out = child.wait_with_output().expect("valerna ends");
    assert!(
        out.status.success(),
        "{args}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Words of the English menus and status lines that a translated game must
/// not show. ("Initiative" is also the French book's word.)
const ENGLISH: [&str; 11] = [
    "choose:",
    "play Action card",
    "play Region card",
    "Action stack",
    "Planning",
    "Resolution",
    "Faceless",
    "Power",
    "Type q to quit",
    "Pass the keyboard",
    "activate this glyph",
];

/// Checks `out` for English, but for the lines that quote an Event card:
/// the provisional pack's card texts are English only (see the README).
fn assert_no_english(out: &str, event_line: &str) {
    for line in out.lines().filter(|l| !l.contains(event_line)) {
        for w in ENGLISH {
            assert!(!line.contains(w), "English {w:?} in {line:?}");
        }
    }
}

/// The first player's first card, then the first choice until the script
/// ends: into the Resolution phase of round 1.
fn opening(n: usize) -> Vec<&'static str> {
    vec!["1"; n]
}

#[test]
fn an_italian_solo_game_speaks_the_italian_book() {
    let out = play("--lang it --solo --seed 7", &opening(12));
    // LoV Italian: "Il Round" (Pianificazione, Risoluzione), "Giocatori
    // Senzavolto", "Iniziativa", "Tracciato Potere", the Action stack ("pila
    // delle Azioni") and the Glifi (Schieramento, Assalto).
    for term in [
        "Pianificazione",
        "Risoluzione",
        "Senzavolto",
        "Iniziativa",
        "Potere",
        "pila delle Azioni",
        "gioca la carta Azione",
        "Schieramento",
        "Assalto",
        "scegli:",
        "attiva questo Glifo",
        "Scrivi q per uscire",
    ] {
        assert!(out.contains(term), "no {term:?} in:\n{out}");
    }
    // Region names as the Italian book prints them ("Preparazione", step 5).
    assert!(out.contains("Via del Commercio") && out.contains("Primalia Inferiore"));
    assert_no_english(&out, "in risoluzione: Evento ");
}

#[test]
fn a_french_hot_seat_game_speaks_the_french_book() {
    let out = play("--lang fr --humans 2 --seed 7", &opening(30));
    // LoV French: "Le Tour" (Phase de Planification), "Sans-Visage",
    // "jeton d'Initiative", "Pouvoir", "deck Action", the Glyphes
    // (Déploiement, Assaut; the Dragon's Envol, Courroux).
    for term in [
        "Planification",
        "Sans-Visage",
        "Initiative",
        "Pouvoir",
        "deck Action",
        "jouer la carte Action",
        "Déploiement",
        "Envol",
        "choisissez :",
        "Passez le clavier à Ferellon (Fulgen)",
        "Tapez q pour quitter",
    ] {
        assert!(out.contains(term), "no {term:?} in:\n{out}");
    }
    // "Mise en place", step 5: Tyveria starts on the Route Commerciale.
    assert!(out.contains("Route Commerciale") && out.contains("Chaîne du Bas-Primalian"));
    assert_no_english(&out, "en résolution : Événement ");
}

#[test]
fn english_stays_the_default() {
    let out = play("--solo --seed 7", &opening(3));
    for term in [
        "Planning",
        "Faceless",
        "Initiative",
        "Action stack",
        "choose:",
        "play Action card",
        "Trade Road",
    ] {
        assert!(out.contains(term), "no {term:?} in:\n{out}");
    }
    // Counts agree with their nouns: the stack starts with one Event card.
    assert!(out.contains("Action stack: 1 card, 1 unresolved"), "{out}");
}

#[test]
fn a_number_out_of_range_is_asked_again_in_the_chosen_language() {
    let out = play("--lang it --solo --seed 7", &["99", "q"]);
    assert!(out.contains("scrivi un numero da 1 a"), "{out}");
    let out = play("--lang fr --solo --seed 7", &["0", "q"]);
    assert!(out.contains("tapez un nombre de 1 à"), "{out}");
}

/// A reader that stops early (`valerna lov sim | head -1`) ends the output
/// quietly: no panic, no error, exit 0.
#[test]
fn sim_and_replay_output_into_a_closed_pipe_is_not_an_error() {
    for json in [false, true] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_valerna"));
        cmd.args(["lov", "sim", "--games", "200", "--seed", "1"]);
        if json {
            cmd.arg("--json");
        }
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("valerna runs");
        // Close the reading end before anything is written.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("valerna ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "json {json}: {stderr}");
        assert!(!stderr.contains("panicked"), "json {json}: {stderr}");
    }
}
