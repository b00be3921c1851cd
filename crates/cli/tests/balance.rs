//! `valerna lov balance` and `valerna bov balance`, as run from a shell.

use std::path::{Path, PathBuf};

mod common;
use common::{Scratch, scratch};

use serde_json::json;
use std::process::{Command, Output, Stdio};

fn valerna(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_valerna"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("valerna runs")
}

fn temp(name: &str) -> Scratch {
    scratch(&format!("balance-{name}"))
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The report covers every number of people (LoV p.7: 1 to 4) with every
/// character played by a person, is the same on one thread and two, and
/// writes its Markdown and charts.
#[test]
fn a_lov_report_covers_every_seat_assignment_on_any_threads() {
    let run = |jobs: &str, dir: &Path| {
        json(&valerna(&[
            "lov",
            "balance",
            "--bots",
            "random",
            "--games",
            "12",
            "--seed",
            "4",
            "--jobs",
            jobs,
            "--json",
            "--out",
            dir.to_str().unwrap(),
        ]))
    };
    let (d1, d2) = (temp("lov1"), temp("lov2"));
    let one = run("1", &d1);
    let two = run("2", &d2);
    assert_eq!(one, two);
    let section = &one["sections"][0];
    assert_eq!(section["bot"], "random");
    for c in section["characters"].as_array().unwrap() {
        let by_people = c["by_people"].as_array().unwrap();
        assert_eq!(by_people.len(), 4, "{c}");
        for p in by_people {
            let (wins, games) = (p["wins"].as_u64().unwrap(), p["games"].as_u64().unwrap());
            // 12 games spread over the C(4, h) choices: each character is a
            // person in 12 * h / 4 of them.
            assert_eq!(games, 12 * p["people"].as_u64().unwrap() / 4, "{c}");
            assert!(wins <= games);
        }
    }
    for g in section["games"].as_array().unwrap() {
        let e = &g["ended_by"];
        let sum = e["power"].as_u64().unwrap()
            + e["events"].as_u64().unwrap()
            + e["elimination"].as_u64().unwrap();
        assert_eq!(
            sum, 12,
            "every game ends by one of the three ways of LoV p.9"
        );
    }
    let md = std::fs::read_to_string(d1.join("README.md")).unwrap();
    for chart in [
        "lov-random-win-rate.svg",
        "lov-random-power.svg",
        "lov-random-vaala.svg",
    ] {
        assert!(md.contains(chart), "{chart}");
        let svg = std::fs::read_to_string(d1.join(chart)).unwrap();
        assert!(svg.starts_with("<svg"), "{chart}");
    }
}

/// Bad input is named in one line and exits 2.
#[test]
fn bad_balance_input_is_named() {
    for (args, names) in [
        (&["lov", "balance", "--bots", "faceless"][..], "--bots"),
        (&["lov", "balance", "--bots", "greedy"], "--bots"),
        (&["lov", "balance", "--pack", "/nonexistent"], "--pack"),
        (&["bov", "balance", "--bot", "clever"], "--bot"),
        (&["bov", "balance", "--pack", "/nonexistent"], "--pack"),
        (
            &["bov", "balance", "--lists", "allaria_guild_line,nosuch"],
            "nosuch",
        ),
        (&["bov", "balance", "--lists", "tyveria_swarm"], "--lists"),
    ] {
        let out = valerna(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(names), "{err}");
    }
}

/// A fresh copy of the shipped pack of `game` ("lov" or "bov") to edit.
fn pack_copy(game: &str, name: &str) -> Scratch {
    let content = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let dir = temp(name);
    let copy = Command::new("cp")
        .arg("-r")
        .arg(content.join(game).join("."))
        .arg(&*dir)
        .status()
        .unwrap();
    assert!(copy.success());
    dir
}

/// `game balance --pack dir`, which must exit 2: what it printed to stderr.
fn refused_pack(game: &str, dir: &std::path::Path) -> String {
    let out = valerna(&[
        game,
        "balance",
        "--games",
        "2",
        "--pack",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    err
}

/// A pack folder that lacks one of its files is refused with that file named.
#[test]
fn a_pack_without_one_of_its_files_names_it() {
    for (game, missing) in [("lov", "events.jsonc"), ("bov", "lists/tyveria_swarm.ron")] {
        let dir = pack_copy(game, &format!("pack-{game}"));
        std::fs::remove_file(dir.join(missing)).unwrap();
        let err = refused_pack(game, &dir);
        assert!(err.contains(missing), "{err}");
    }
}

/// A pack's list that spends more than the game size is refused before any
/// game is played, naming the list and the rule (BoV 5.1, "Select Units").
#[test]
fn a_pack_list_over_its_points_is_refused_up_front() {
    let dir = pack_copy("bov", "pack-points");
    let file = dir.join("lists/tyveria_dragon_host.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    // The Reavers cost more than the Swarm they replace: over 100 points.
    let over = text.replace("(card: \"vespidai_swarm\")", "(card: \"scythed_reavers\")");
    assert_ne!(over, text);
    std::fs::write(&file, over).unwrap();
    let err = refused_pack("bov", &dir);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("tyveria_dragon_host") && err.contains("points"),
        "{err}"
    );
}

/// `--lists` pairs only the lists named, and a pairing's games are those
/// of the whole report.
#[test]
fn a_bov_report_of_two_lists_plays_their_pairing_as_the_whole_report_does() {
    let run = |extra: &[&str], dir: &Path| {
        let mut args = vec!["bov", "balance", "--games", "2", "--scenarios", "seize"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--json", "--out", dir.to_str().unwrap()]);
        json(&valerna(&args))
    };
    let (d1, d2) = (temp("lists-two"), temp("lists-all"));
    let two = run(&["--lists", "tyveria_swarm,allaria_guild_line"], &d1);
    let all = run(&[], &d2);
    let cells = two["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 1);
    assert_eq!(
        cells[0]["lists"],
        json!(["allaria_guild_line", "tyveria_swarm"])
    );
    let same = all["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["lists"] == cells[0]["lists"])
        .unwrap();
    assert_eq!(&cells[0], same);
    let md = std::fs::read_to_string(d1.join("README.md")).unwrap();
    assert!(md.contains("--lists tyveria_swarm,allaria_guild_line"));
    assert!(!md.contains("| allaria_dragon_host |"), "{md}");
}

/// Every pairing of the four shipped lists (six) is played with the sides
/// swapped in half the games, and each game is counted once.
#[test]
fn a_bov_report_plays_every_pairing_with_the_sides_swapped() {
    let dir = temp("bov");
    let v = json(&valerna(&[
        "bov",
        "balance",
        "--games",
        "2",
        "--scenarios",
        "slay",
        "--seed",
        "3",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]));
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 6);
    for c in cells {
        let wins = c["wins"][0].as_u64().unwrap() + c["wins"][1].as_u64().unwrap();
        assert_eq!(wins + c["draws"].as_u64().unwrap(), 2, "{c}");
        // Slay the Foe!: no objectives are placed (BoV 5.1, "Alternative
        // Scenarios").
        assert_eq!(c["mean_objectives_held"][0], 0.0);
    }
    let md = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(md.contains("bov-slay-share.svg") && dir.join("bov-lists.svg").exists());
    // The chart shades the shares within 60/40, and says so.
    let svg = std::fs::read_to_string(dir.join("bov-slay-share.svg")).unwrap();
    assert!(svg.contains("within 60/40") && svg.contains("fill=\"#DEEED6\""));
}

/// Every file of a report's folder, by name, with its bytes.
fn files_of(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn stderr_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `base` whole into `full`, and as three shards (into one folder and
/// back into another) joined by `merge`: the two reports are the same to
/// the byte, charts included, and so are their figures.
fn sharded_equals_whole(game: &str, base: &[&str]) {
    let (full, shards, merged) = (
        temp(&format!("{game}-full")),
        temp(&format!("{game}-shards")),
        temp(&format!("{game}-merged")),
    );
    let with = |extra: &[&str]| {
        let mut args = vec![game, "balance"];
        args.extend_from_slice(base);
        args.extend_from_slice(extra);
        valerna(&args)
    };
    let whole = json(&with(&["--json", "--out", full.to_str().unwrap()]));
    let mut files = Vec::new();
    // Shards in the order 3, 1, 2: merge takes them in any order.
    for i in [3, 1, 2] {
        let shard = format!("{i}/3");
        let out = json(&with(&[
            "--shard",
            &shard,
            "--json",
            "--out",
            shards.to_str().unwrap(),
        ]));
        assert_eq!(out["shard"], shard.as_str());
        files.push(out["file"].as_str().unwrap().to_string());
    }
    assert!(
        !shards.join("README.md").exists(),
        "a shard writes no report"
    );
    let mut args = vec![game, "balance", "merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--json", "--out", merged.to_str().unwrap()]);
    let joined = json(&valerna(&args));
    assert_eq!(joined, whole);
    assert_eq!(files_of(&merged), files_of(&full));

    // Two shards of three: the missing one is named.
    let out = valerna(&[
        game,
        "balance",
        "merge",
        &files[0],
        &files[1],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("shard 2 of 3 missing"),
        "{}",
        stderr_of(&out)
    );
    // The same shard twice.
    let out = valerna(&[
        game,
        "balance",
        "merge",
        &files[0],
        &files[0],
        &files[1],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("shard 3/3 again"),
        "{}",
        stderr_of(&out)
    );
    // A shard of the same report played from another seed.
    let other = temp(&format!("{game}-other"));
    let mut reseeded: Vec<&str> = base.to_vec();
    let at = reseeded.iter().position(|a| *a == "--seed").unwrap();
    reseeded[at + 1] = "99";
    let mut args = vec![game, "balance"];
    args.extend(reseeded);
    args.extend(["--shard", "2/3", "--json", "--out", other.to_str().unwrap()]);
    let odd = json(&valerna(&args));
    let out = valerna(&[
        game,
        "balance",
        "merge",
        &files[0],
        odd["file"].as_str().unwrap(),
        &files[2],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("seed:"), "{}", stderr_of(&out));
    // A shard played by another build (engines or pack changed between
    // the runs): refused, both builds named.
    let mut foreign: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[1]).unwrap()).unwrap();
    let ours = foreign["build"].as_str().unwrap().to_owned();
    assert_eq!(ours.len(), 16, "the build is named in the shard: {ours}");
    foreign["build"] = serde_json::json!("0123456789abcdef");
    let foreign_file = other.join("foreign.json");
    std::fs::write(&foreign_file, foreign.to_string()).unwrap();
    let out = valerna(&[
        game,
        "balance",
        "merge",
        &files[0],
        foreign_file.to_str().unwrap(),
        &files[2],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr_of(&out);
    assert!(
        err.contains("another build of valerna (0123456789abcdef)") && err.contains(&ours),
        "{err}"
    );
    // The other game's merge refuses it by name.
    let twin = if game == "lov" { "bov" } else { "lov" };
    let out = valerna(&[
        twin,
        "balance",
        "merge",
        &files[0],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains(&format!("a shard of `valerna {game} balance`")),
        "{}",
        stderr_of(&out)
    );
    // A shard with --pack given where the built-in pack was played.
    let out = valerna(&[
        game,
        "balance",
        "merge",
        &files[0],
        &files[1],
        &files[2],
        "--pack",
        full.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_lov_report_played_in_shards_and_merged_is_the_whole_report() {
    sharded_equals_whole("lov", &["--bots", "random", "--games", "5", "--seed", "4"]);
}

#[test]
fn a_bov_report_played_in_shards_and_merged_is_the_whole_report() {
    sharded_equals_whole(
        "bov",
        &[
            "--bot",
            "random",
            "--games",
            "4",
            "--seed",
            "4",
            "--scenarios",
            "pitched,slay",
            "--lists",
            "allaria_guild_line,tyveria_swarm",
        ],
    );
}

#[test]
fn a_shard_is_named_as_i_of_n() {
    for bad in ["0/3", "4/3", "x", "1/0"] {
        let out = valerna(&["lov", "balance", "--shard", bad, "--out", "/nonexistent/x"]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            stderr_of(&out).contains("--shard"),
            "{bad}: {}",
            stderr_of(&out)
        );
    }
}

/// A starter balance report names its edition (BoV starter; docs/editions.md):
/// in its title, in the command it gives and in its JSON; a 5.1 report
/// names none, as before editions.
#[test]
fn a_starter_bov_report_names_its_edition() {
    // Each edition's lists: the starter's army has no Artifacts (BoV
    // starter, "Writing army lists").
    let run = |edition: &[&str], dir: &Path| {
        let mut args = vec!["bov", "balance", "--games", "2", "--scenarios", "slay"];
        args.extend_from_slice(edition);
        let lists = if edition.is_empty() {
            "tyveria_swarm,allaria_guild_line"
        } else {
            "allaria_fencers,tyveria_packs"
        };
        args.extend_from_slice(&["--lists", lists, "--json", "--out", dir.to_str().unwrap()]);
        json(&valerna(&args))
    };
    let (d1, d2) = (temp("starter"), temp("v51"));
    let starter = run(&["--edition", "starter"], &d1);
    assert_eq!(starter["edition"], json!("starter"));
    let md = std::fs::read_to_string(d1.join("README.md")).unwrap();
    assert!(md.contains("starter edition: balance report"), "{md}");
    assert!(md.contains("valerna bov balance --edition starter"), "{md}");
    // A 5.1 list named for a starter report is refused, saying why.
    let d3 = temp("starter-refused");
    let out = valerna(&[
        "bov",
        "balance",
        "--edition",
        "starter",
        "--lists",
        "tyveria_swarm,allaria_guild_line",
        "--out",
        d3.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the starter edition has no Artifacts"),
        "{err}"
    );
    let v51 = run(&[], &d2);
    assert!(v51.get("edition").is_none(), "{v51}");
    let md = std::fs::read_to_string(d2.join("README.md")).unwrap();
    assert!(!md.contains("edition"), "{md}");
}
