//! `valerna lov play` as players run it: a scripted game through stdin, in
//! the languages of the three rulebooks.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::scratch;

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
    // A game may end before it has read every choice typed: it then closes
    // its input, and the rest of the choices find no reader.
    match child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            panic!("the choices are typed: {e}")
        }
        _ => {}
    }
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
fn assert_no_english(out: &str, event_lines: &[&str]) {
    for line in out
        .lines()
        .filter(|l| !event_lines.iter().any(|e| l.contains(e)))
    {
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
        "metti una carta coperta sulla pila delle Azioni, o passa",
        "attiva questo Glifo",
        "Scrivi q per uscire",
    ] {
        assert!(out.contains(term), "no {term:?} in:\n{out}");
    }
    // Region names as the Italian book prints them ("Preparazione", step 5).
    assert!(out.contains("Via del Commercio") && out.contains("Primalia Inferiore"));
    assert_no_english(&out, &["in risoluzione: Evento ", "rivelata: Evento "]);
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
        "posez une carte face cachée sur le deck Action, ou passez",
        "Passez le clavier à Ferellon (Fulgen)",
        "Tapez q pour quitter",
    ] {
        assert!(out.contains(term), "no {term:?} in:\n{out}");
    }
    // "Mise en place", step 5: Tyveria starts on the Route Commerciale.
    assert!(out.contains("Route Commerciale") && out.contains("Chaîne du Bas-Primalian"));
    assert_no_english(
        &out,
        &["en résolution : Événement ", "révélée : Événement "],
    );
}

#[test]
fn english_stays_the_default() {
    let out = play("--solo --seed 7", &opening(3));
    for term in [
        "Planning",
        "Faceless",
        "Initiative",
        "Action stack",
        "put a card face down on the Action stack, or pass",
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

/// The option lines of a transcript ("  3. move to Trade Road").
fn option_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter_map(|l| {
            let (n, rest) = l.trim_start().split_once(". ")?;
            n.parse::<usize>().ok().map(|_| rest)
        })
        .collect()
}

/// A whole game, typed from the keyboard in each language of the books:
/// every option says what it does, and the narration tells the Faceless
/// turns, the combats with their dice, and the end (issue "Lords of
/// Vaala, second pass", Must show).
#[test]
fn a_whole_game_is_narrated_in_each_language() {
    let answers = vec!["1"; 4000];
    for (lang, combat, faceless, over) in [
        (
            "en",
            "combat in",
            "puts an Action card face down",
            "game over",
        ),
        (
            "it",
            "combattimento nella Regione",
            "mette una carta Azione coperta",
            "partita finita",
        ),
        (
            "fr",
            "combat dans la Région",
            "pose une carte Action face cachée",
            "partie terminée",
        ),
    ] {
        let out = play(&format!("--lang {lang} --solo --seed 11"), &answers);
        let options = option_lines(&out);
        assert!(options.len() > 20, "{lang}: {} options", options.len());
        for o in &options {
            assert!(
                o.parse::<f64>().is_err() && !o.contains("option") && !o.contains("opzione"),
                "{lang}: an option that does not say what it does: {o:?}"
            );
        }
        for want in [combat, faceless, "] [", over] {
            assert!(out.contains(want), "{lang}: no {want:?} in the transcript");
        }
    }
}

fn valerna(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(args)
        .output()
        .expect("valerna runs")
}

/// `yes 1 | valerna lov play --seed 7 --humans 1 --save g.json` finishes, and
/// the saved game replays narrated, in Italian with the Italian book's terms.
#[test]
fn a_saved_game_replays_narrated() {
    let dir = scratch("lov");
    let log = dir.join("g.json");
    let log_arg = log.to_str().unwrap();
    let out = play(
        &format!("--seed 7 --humans 1 --save {log_arg}"),
        &vec!["1"; 4000],
    );
    assert!(out.contains("game over"), "the game did not end");
    let en = valerna(&["lov", "replay", log_arg, "--log"]);
    assert!(en.status.success());
    let en = String::from_utf8(en.stdout).unwrap();
    for want in ["── Round 1 ──", "revealed:", "rolls [", "game over"] {
        assert!(en.contains(want), "no {want:?} in the replay");
    }
    // A spectator's account: no one's own hand.
    assert!(!en.contains("(you played") && !en.contains("(you drew"));
    let it =
        String::from_utf8(valerna(&["lov", "replay", log_arg, "--log", "--lang", "it"]).stdout)
            .unwrap();
    for want in ["rivelata:", "Potere", "partita finita"] {
        assert!(it.contains(want), "no {want:?} in the Italian replay");
    }
    let json = valerna(&["lov", "replay", log_arg, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(v["events"].as_array().unwrap().len() > 50);
    assert_eq!(v["events"][0]["kind"], "round_started");
    // Resumed from the log, the game is over: it says so and ends.
    let resumed = play(&format!("--load {log_arg}"), &[]);
    assert!(resumed.contains("game over"), "{resumed}");
}

/// `--save` to a path that cannot be written is refused before the game
/// starts; `--as` picks the seats; `--solo --humans` conflict.
#[test]
fn bad_play_arguments_are_refused_before_the_game() {
    let out = valerna(&["lov", "play", "--save", "/nonexistent/dir/g.json"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--save /nonexistent/dir/g.json"), "{err}");
    assert!(out.stdout.is_empty(), "the game started");
    let out = valerna(&["lov", "play", "--solo", "--humans", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let out = valerna(&["lov", "play", "--as", "smaug"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nagasha"));
    // Playing Nagasha alone: her board asks, Elyse is Faceless.
    let out = play("--as nagasha --seed 3", &["1", "q"]);
    assert!(out.contains("Nagasha (Magnifex): put a card"), "{out}");
}

/// A line that is not text asks again; it does not end the game.
#[test]
fn a_line_that_is_not_text_is_asked_again() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["lov", "play", "--solo", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"\xff\xfe\n1\nq\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("type a number from 1 to"), "{text}");
    assert!(text.contains("puts an Action card face down"), "{text}");
}

/// `yes 1 | valerna lov play | head -1`: the reader goes away, the game
/// ends quietly.
#[test]
fn play_into_a_closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["lov", "play", "--solo", "--seed", "7"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let _ = child.stdin.take().unwrap().write_all(&b"1\n".repeat(500));
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// A file that is not a log, or far too large, is refused with its name.
#[test]
fn a_replay_of_something_else_names_the_file() {
    let dir = scratch("bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"setup\": 1}").unwrap();
    let out = valerna(&["lov", "replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a Lords of Vaala game log"));
    let seven = dir.join("seven.json");
    std::fs::write(
        &seven,
        r#"{"setup": {"seed": 1, "humans": [true, true, true, true, true, true, true], "first": null, "content": 1}, "decisions": []}"#,
    )
    .unwrap();
    let out = valerna(&["lov", "replay", seven.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("setup.humans must be 4 booleans, one a seat, not 7"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let big = dir.join("big.json");
    std::fs::write(&big, vec![b' '; (16 << 20) + 10]).unwrap();
    let out = valerna(&["lov", "replay", big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("larger than 16 MiB"));
}

/// A seed above 2^53 is printed exactly, not rounded to a float.
#[test]
fn large_seeds_are_printed_exactly() {
    let out = valerna(&[
        "lov",
        "sim",
        "--games",
        "1",
        "--seed",
        "18446744073709551615",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("18446744073709551615"), "{text}");
    let out = play("--solo --seed 9007199254740993", &["q"]);
    assert!(out.contains("seed 9007199254740993"), "{out}");
}

/// Arguments refused after `--save` leave no file behind.
#[test]
fn a_refused_play_leaves_no_save_file() {
    let dir = scratch("refused");
    let log = dir.join("g.json");
    let log_arg = log.to_str().unwrap();
    for args in [
        vec!["lov", "play", "--save", log_arg, "--seat0", "nonsense"],
        vec!["lov", "play", "--save", log_arg, "--as", "smaug"],
        vec!["lov", "play", "--save", log_arg, "--humans", "5"],
    ] {
        let out = valerna(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!log.exists(), "{args:?} left {}", log.display());
    }
}

/// The save is kept as the game goes: a game interrupted (SIGINT, as
/// Ctrl-C sends) while it waits for a player has every decision taken so
/// far in its save, which resumes.
#[test]
fn an_interrupted_game_keeps_its_save() {
    let dir = scratch("ctrl-c");
    let log = dir.join("g.json");
    let log_arg = log.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["lov", "play", "--solo", "--seed", "7", "--save", log_arg])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"1\n1\n1\n").unwrap();
    stdin.flush().unwrap();
    // The three choices are taken, then the game waits for the fourth.
    let decisions = |v: &serde_json::Value| v["decisions"].as_array().map_or(0, Vec::len);
    let mut saved = serde_json::Value::Null;
    for _ in 0..300 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        if let Ok(text) = std::fs::read_to_string(&log)
            && let Ok(v) = serde_json::from_str::<serde_json::Value>(&text)
            && decisions(&v) >= 3
        {
            saved = v;
            break;
        }
    }
    // Let the Faceless finish their turns: the game then waits for input.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let _ = child.wait();
    assert!(
        decisions(&saved) >= 3,
        "no save with the 3 choices: {saved}"
    );
    let after: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert!(decisions(&after) >= 3);
    let out = valerna(&["lov", "replay", log_arg]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Nothing but the save is left in the folder.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}
