//! The Battles of Valerna commands against what a new user types: games
//! that once aborted, your own list files, bad input of every kind (exit 2,
//! one line naming the input), and a reader that goes away.

use std::io::Read;
use std::process::{Command, Stdio};

mod common;
use common::{json, run, scratch, valerna};

fn repo(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Set-ups where a seat had no unit that fit its zone and could not yet
/// declare Reserves used to abort ("Pass is not a decision for now
/// (Deploy ...)"): game 0 of seed 3 with random bots on 2'x1' and on the
/// shipped 2'x1' map, game 12 with greedy against random.
#[test]
fn the_games_that_aborted_play_to_their_end() {
    let map = repo("content/bov/maps/hill_pass.ron");
    for command in [
        "bov sim --games 1 --seed 3 --bots random,random --battlefield small --json".to_string(),
        "bov sim --games 13 --seed 3 --bots greedy,random --battlefield small --jobs 2 --json"
            .to_string(),
        format!("bov sim --games 1 --seed 3 --bots random,random --map {map} --json"),
    ] {
        let v = json(&command);
        assert_eq!(v["finished"], v["games"], "{command}: {v}");
        assert_eq!(v["failed"].as_array().unwrap().len(), 0, "{command}: {v}");
    }
}

/// `--games 0` would print a summary of nothing: refused.
#[test]
fn zero_games_are_refused() {
    let out = run("bov sim --games 0");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--games"), "{}", stderr(&out));
}

/// A reader that closes the pipe (`| head -n 0`) ends the command quietly.
#[test]
fn a_closed_pipe_is_not_a_crash() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(["bov", "sim", "--games", "2", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `--jobs` changes only the speed.
#[test]
fn jobs_do_not_change_the_output() {
    let one = run("bov sim --games 6 --seed 9 --bots random,greedy --jobs 1 --json");
    let two = run("bov sim --games 6 --seed 9 --bots random,greedy --jobs 2 --json");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(one.stdout, two.stdout);
}

/// `--lists` takes list files, comments and a byte order mark included; an
/// invalid one is reported as `bov list validate` reports it; an unknown
/// name lists the shipped lists.
#[test]
fn lists_take_files_checked_first() {
    let dir = scratch("bov-input");
    let mine = dir.join("mine.ron");
    let text = std::fs::read_to_string(repo("content/bov/lists/tyveria_swarm.ron")).unwrap();
    std::fs::write(&mine, format!("\u{feff}// my own copy\n{text}")).unwrap();
    let v = json(&format!(
        "bov sim --games 2 --seed 4 --lists allaria_guild_line,{} --json",
        mine.display()
    ));
    assert_eq!(v["finished"], 2, "{v}");

    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        r#"(name: "x", force: "Allaria", game_size: 100, units: [(card: "dreamfencers")])"#,
    )
    .unwrap();
    let out = run(&format!(
        "bov sim --games 1 --lists {},tyveria_swarm",
        bad.display()
    ));
    let validate = run(&format!("bov list validate {}", bad.display()));
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(e.contains("--lists") && e.contains("1 rule"), "{e}");
    // The rule lines, each starting with the file, are those `bov list
    // validate` prints.
    let shown = bad.display().to_string();
    let rules = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.starts_with(&shown))
            .map(String::from)
            .collect()
    };
    assert_eq!(rules(&e), rules(&stderr(&validate)));
    assert!(!rules(&e).is_empty(), "{e}");

    let out = run("bov sim --games 1 --lists allaria_guild_line,nope");
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("'nope'") && e.contains("tyveria_swarm") && e.contains("allaria_dragon_host"),
        "{e}"
    );
}

/// Entry ids are written like card ids: `""` and `"Bad ID!"` are refused.
#[test]
fn bad_entry_ids_are_refused() {
    let dir = scratch("bov-input");
    for id in ["", "Bad ID!"] {
        let f = dir.join("ids.ron");
        let text = std::fs::read_to_string(repo("content/bov/lists/tyveria_swarm.ron"))
            .unwrap()
            .replace(
                r#"(card: "bloodclaws")"#,
                &format!(r#"(card: "bloodclaws", id: "{id}")"#),
            );
        std::fs::write(&f, text).unwrap();
        let out = valerna(&["bov", "list", "validate", f.to_str().unwrap(), "--json"]);
        assert_eq!(out.status.code(), Some(2), "id {id:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["errors"][0]["rule"], "entry_id", "{v}");
    }
}

/// `bov list new` writes a starting list for each force and the book's two
/// game sizes that `bov list validate` accepts; the same
/// text on standard output as in `-o FILE`, and a file never written over.
#[test]
fn new_lists_validate_for_each_force_and_size() {
    let dir = scratch("bov-input");
    for faction in ["allaria", "Tyveria"] {
        for points in ["50", "100"] {
            let f = dir.join(format!("new-{faction}-{points}.ron"));
            let path = f.to_str().unwrap();
            let args = [
                "bov",
                "list",
                "new",
                "--faction",
                faction,
                "--points",
                points,
            ];
            let printed = valerna(&args);
            assert!(printed.status.success(), "{}", stderr(&printed));
            let written = valerna(&[&args[..], &["-o", path]].concat());
            assert!(written.status.success(), "{}", stderr(&written));
            assert_eq!(std::fs::read(&f).unwrap(), printed.stdout);
            let out = valerna(&["bov", "list", "validate", path, "--json"]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["game_size"].as_u64().unwrap().to_string(), points, "{v}");
            let again = valerna(&[&args[..], &["-o", path]].concat());
            assert_eq!(again.status.code(), Some(2));
            assert!(stderr(&again).contains("exists"), "{}", stderr(&again));
        }
    }
}

/// An unknown force (Nahuac has no cards yet) names those a list can be
/// written for; no force at all, or a size that buys no Hero, is a usage
/// error too.
#[test]
fn new_lists_refuse_bad_arguments() {
    for faction in ["nowhere", "nahuac"] {
        let out = run(&format!("bov list new --faction {faction}"));
        assert_eq!(out.status.code(), Some(2));
        let e = stderr(&out);
        assert!(e.contains("Allaria, Tyveria") && e.contains(faction), "{e}");
    }
    assert_eq!(run("bov list new").status.code(), Some(2));
    let out = run("bov list new --faction allaria --points 5");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--points 5"), "{}", stderr(&out));
}

/// The README's steps for a list of one's own run as written.
#[test]
fn the_readme_list_steps_run() {
    let dir = scratch("bov-input");
    let f = dir.join("my-force.ron");
    let path = f.to_str().unwrap();
    assert!(
        run(&format!(
            "bov list new --faction allaria --points 100 -o {path}"
        ))
        .status
        .success()
    );
    assert!(run(&format!("bov list validate {path}")).status.success());
    let v = json(&format!(
        "bov sim --games 1 --lists {path},tyveria_swarm --json"
    ));
    assert_eq!(v["finished"], 1, "{v}");
}

/// `bov list validate --json` names each violation's rule, page and entry.
#[test]
fn validate_json_names_rule_page_and_entry() {
    let dir = scratch("bov-input");
    let f = dir.join("two-generals.ron");
    std::fs::write(
        &f,
        r#"(name: "x", force: "Allaria", game_size: 100, units: [(card: "eldai_alarn", general: true), (card: "parrymaster_qui", general: true)])"#,
    )
    .unwrap();
    let out = valerna(&["bov", "list", "validate", f.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &v["errors"][0];
    assert_eq!(e["rule"], "general", "{v}");
    assert_eq!(e["page"], 20, "{v}");
    assert_eq!(e["section"], "The General", "{v}");
    assert_eq!(e["entry"]["kind"], "unit", "{v}");
    assert_eq!(e["entry"]["index"], 1, "{v}");
    assert_eq!(e["entry"]["id"], "parrymaster_qui", "{v}");
    let text = run(&format!("bov list validate {}", f.display()));
    let e = stderr(&text);
    assert!(
        e.contains("unit entry 'parrymaster_qui' (units[1])") && e.contains("p. 20"),
        "{e}"
    );
}

/// `bov cards` lists what a list is written with.
#[test]
fn cards_lists_ids_points_and_keywords() {
    let v = json("bov cards --faction tyveria --json");
    let units = v["units"].as_array().unwrap();
    assert!(!units.is_empty());
    assert!(units.iter().all(|u| u["force"] == "Tyveria"), "{v}");
    let swarm = units.iter().find(|u| u["id"] == "vespidai_swarm").unwrap();
    assert!(swarm["points"].as_u64().unwrap() > 0);
    assert!(
        swarm["keywords"]
            .as_array()
            .unwrap()
            .iter()
            .any(|k| k == "Tiny")
    );
    assert!(!v["vaala"].as_array().unwrap().is_empty());
    assert!(!v["artifacts"].as_array().unwrap().is_empty());
    let out = run("bov cards --faction Nowhere");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Allaria"), "{}", stderr(&out));
}

/// Oversized input, a wholly Impassable table and a broken log are bad
/// input (exit 2) for every command that reads them.
#[test]
fn bad_files_exit_two_naming_the_file() {
    let dir = scratch("bov-input");
    let out = run("bov sim --games 1 --map /dev/zero");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("larger than"), "{}", stderr(&out));
    let out = run("bov list validate /dev/zero");
    assert_eq!(out.status.code(), Some(2));

    let lava = dir.join("lava.ron");
    std::fs::write(
        &lava,
        "(battlefield: Small2x1, terrain: [(name: \"Lava\", outline: [(x: 0, y: 0), (x: 24, y: 0), (x: 24, y: 12), (x: 0, y: 12)], kinds: [Impassable])])",
    )
    .unwrap();
    let out = run(&format!("bov sim --games 1 --map {}", lava.display()));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("wholly Impassable"),
        "{}",
        stderr(&out)
    );

    let log = dir.join("broken.json");
    std::fs::write(&log, "{\"setup\": 1}").unwrap();
    let render = run(&format!(
        "bov render {} -o {}",
        log.display(),
        dir.join("x.svg").display()
    ));
    let map = run(&format!("bov map {}", log.display()));
    assert_eq!(render.status.code(), Some(2), "{}", stderr(&render));
    assert_eq!(map.status.code(), Some(2), "{}", stderr(&map));
}

/// An output path in a missing directory is named; `.png` is a PNG; a
/// turn past the battle's end is refused saying how many turns it has.
#[test]
fn render_writes_png_and_names_bad_paths_and_turns() {
    let dir = scratch("bov-input");
    let log = dir.join("game.json");
    let out = run(&format!("bov sim --games 1 --save-log {}", log.display()));
    assert!(out.status.success(), "{}", stderr(&out));
    let png = dir.join("board.png");
    let out = run(&format!(
        "bov render {} --turn 8 -o {}",
        log.display(),
        png.display()
    ));
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let out = run(&format!(
        "bov render {} --turn 100000 -o {}",
        log.display(),
        png.display()
    ));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--turn 100000: the battle ends after turn"),
        "{}",
        stderr(&out)
    );
    let out = run(&format!(
        "bov render {} -o /nonexistent/x.svg",
        log.display()
    ));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("/nonexistent/x.svg"),
        "{}",
        stderr(&out)
    );
}

/// BoV starter, "SELECT UNITS" and "Add Vaala cards or Upgrade tokens":
/// a starter list's summary shows every point it spends: each Hero leading
/// its troopers as their Captain, and the Upgrade tokens bought; the sum
/// of the lines is the total it states.
#[test]
fn validate_shows_a_starter_list_s_captains_and_tokens() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/bov/lists/starter/allaria_fencers.ron"
    );
    let out = run(&format!("bov list validate {path}"));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("led by its Captain Parrymaster Qui (parrymaster_qui)"),
        "{text}"
    );
    assert!(text.contains("Upgrade tokens: "), "{text}");
    let spent: u32 = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
        .sum();
    assert!(text.contains(&format!(", {spent} of 100 points")), "{text}");
    let v = json(&format!("bov list validate {path} --json"));
    let fencers = v["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["entry"] == "dreamfencers")
        .unwrap();
    assert_eq!(fencers["captain"]["entry"], "parrymaster_qui", "{v}");
    assert!(v["upgrade_tokens"].as_u64().unwrap() > 0, "{v}");
}
