//! `valerna bov sim` as a user runs it: the scenario, battlefield and map
//! flags, and `valerna bov map`.

mod common;
use common::{json, run, scratch};

/// The three scenarios of BoV 5.1 on the three battlefield sizes; the JSON
/// names both, and every game is counted once.
#[test]
fn each_scenario_and_battlefield_plays() {
    for (scenario, battlefield) in [
        ("pitched", "large"),
        ("seize", "small"),
        ("slay", "standard"),
    ] {
        let v = json(&format!(
            "bov sim --games 2 --seed 4 --bots greedy,random --json --scenario {scenario} --battlefield {battlefield}"
        ));
        assert_eq!(v["scenario"], scenario);
        assert_eq!(v["battlefield"], battlefield);
        let wins = v["wins"].as_array().unwrap();
        let played = wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap();
        assert_eq!(played + v["draws"].as_u64().unwrap(), 2);
        if scenario == "seize" {
            // "No points are scored for defeated enemy units, but only for
            // control of objectives": 10 a token a round.
            for s in v["mean_score"].as_array().unwrap() {
                let twice = s.as_f64().unwrap() * 2.0;
                assert_eq!(twice % 10.0, 0.0, "{v}");
            }
        }
    }
}

/// The defaults are a Pitched Battle on 4'x3'.
#[test]
fn defaults_are_a_pitched_battle_on_four_by_three() {
    let v = json("bov sim --games 1 --seed 2 --json");
    assert_eq!(v["scenario"], "pitched");
    assert_eq!(v["battlefield"], "standard");
}

/// `--scenario quest` plays the Quest (BoV 5.1, "The Quest"): the output
/// counts the treasures grabbed and brought home by each seat, and a
/// second run is the same.
#[test]
fn the_quest_reports_its_treasures() {
    let command = "bov sim --games 3 --seed 5 --scenario quest --battlefield small --json";
    let v = json(command);
    assert_eq!(v["scenario"], "quest");
    assert_eq!(v["finished"], 3);
    let grabbed = v["treasures_grabbed"].as_array().unwrap();
    let scored = v["treasures_scored"].as_array().unwrap();
    assert_eq!((grabbed.len(), scored.len()), (2, 2));
    // A treasure is grabbed before it is brought home.
    for s in 0..2 {
        assert!(scored[s].as_u64().unwrap() <= grabbed[s].as_u64().unwrap());
    }
    assert_eq!(json(command), v);
}

/// A bad value exits 2 with one line naming the argument.
#[test]
fn bad_values_name_the_argument() {
    for (command, arg) in [
        ("bov sim --games 1 --scenario siege", "--scenario"),
        ("bov sim --games 1 --battlefield huge", "--battlefield"),
    ] {
        let out = run(command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(arg), "{err}");
        assert!(out.stdout.is_empty());
    }
}

/// BoV 5.1, "Monsters": `--monster` fields one (repeated or a comma
/// list); the JSON counts the trophies and the bids paid, and an unknown
/// id exits 2 naming it and the Monsters there are.
#[test]
fn monsters_are_fielded_by_id() {
    let v = json(
        "bov sim --games 2 --seed 5 --json --monster ravine_troll,marsh_hydra --monster ravine_wyvern",
    );
    assert_eq!(
        v["monsters"],
        serde_json::json!(["ravine_troll", "marsh_hydra", "ravine_wyvern"])
    );
    assert_eq!(v["finished"], 2);
    assert!(v["trophies"].as_array().unwrap().len() == 2, "{v}");
    assert!(v["bids_paid"].as_array().unwrap().len() == 2, "{v}");
    let out = run("bov sim --games 1 --monster bucentaur");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--monster 'bucentaur'"), "{err}");
    assert!(
        err.contains("ravine_troll, ravine_wyvern, marsh_hydra"),
        "{err}"
    );
}

fn maps_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content/bov/maps")
}

/// `--map` plays on the saved map (BoV 5.1, "1) Place Terrain": terrain set
/// up in advance), whose size is the battlefield; naming the same size with
/// `--battlefield` is allowed.
#[test]
fn a_map_sets_the_battlefield() {
    let map = maps_dir().join("hill_pass.ron");
    let map = map.to_str().unwrap();
    for extra in ["", "--battlefield small"] {
        let v = json(&format!(
            "bov sim --games 1 --seed 2 --json --map {map} {extra}"
        ));
        assert_eq!(v["battlefield"], "small");
        assert_eq!(v["map"], map);
    }
}

/// `--map` with a different `--battlefield`, or a map with a faulty piece,
/// exits 2 with one line naming the arguments (and the piece).
#[test]
fn a_map_against_the_battlefield_or_a_faulty_map_is_a_usage_error() {
    let dir = scratch("bov-map");
    let map = maps_dir().join("river_crossing.ron");
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "(battlefield: Small2x1, terrain: [(name: \"Tar pit\", outline: [(x: 1, y: 1), (x: 4, y: 1), (x: 2, y: 3)], kinds: [Dangerous(0)])])",
    )
    .unwrap();
    let cases = [
        (
            format!(
                "bov sim --games 1 --map {} --battlefield large",
                map.display()
            ),
            vec!["--map", "--battlefield", "standard", "large"],
        ),
        (
            format!("bov sim --games 1 --map {}", bad.display()),
            vec!["--map", "Tar pit", "Dangerous (0)"],
        ),
        (
            format!(
                "bov sim --games 1 --map {}",
                dir.join("missing.ron").display()
            ),
            vec!["--map", "cannot be read"],
        ),
    ];
    for (command, words) in cases {
        let out = run(&command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        for w in words {
            assert!(err.contains(w), "{w}: {err}");
        }
        assert!(out.stdout.is_empty());
    }
}

/// A battlefield placed by sectors and scatter, saved with `bov map` and
/// played with `--map` and the same seed, is the same game: the same
/// decisions, the map now part of the record's set-up.
#[test]
fn a_saved_map_replays_its_game() {
    let dir = scratch("bov-map");
    let (log, map, again) = (dir.join("a.json"), dir.join("a.ron"), dir.join("b.json"));
    let sim = |extra: String, log: &std::path::Path| {
        json(&format!(
            "bov sim --games 1 --seed 7 --bots greedy,random --json --save-log {} {extra}",
            log.display()
        ))
    };
    let first = sim(String::new(), &log);
    let out = run(&format!("bov map {} -o {}", log.display(), map.display()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let second = sim(format!("--map {}", map.display()), &again);
    assert_eq!(first["mean_score"], second["mean_score"]);
    let read = |p: &std::path::Path| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
    };
    let (a, b) = (read(&log), read(&again));
    assert_eq!(a["decisions"], b["decisions"]);
    assert!(a["setup"]["map"].is_null());
    assert_eq!(b["setup"]["map"]["battlefield"], "Standard4x3");
    // The map of a game played on a map is that map again.
    let out = run(&format!("bov map {}", again.display()));
    assert!(out.status.success());
    assert_eq!(out.stdout, std::fs::read(&map).unwrap());
}

/// `--edition starter` plays the starter set's rules (docs/rulings.md, "Editions, inches and bases"): its
/// default game mode is the Grand Tactical, the JSON names the edition and
/// a 5.1 run's JSON does not.
#[test]
fn the_starter_edition_plays_its_own_game_modes() {
    let v = json("bov sim --games 2 --seed 4 --edition starter --json");
    assert_eq!(v["scenario"], "grand");
    assert_eq!(v["edition"], "starter");
    assert_eq!(v["finished"], 2, "{v}");
    for scenario in ["seize", "slay", "quest"] {
        let v = json(&format!(
            "bov sim --games 1 --seed 4 --edition starter --scenario {scenario} --json"
        ));
        assert_eq!(v["scenario"], scenario);
        assert_eq!(v["finished"], 1, "{v}");
    }
    let v = json("bov sim --games 1 --seed 4 --json");
    assert!(v.get("edition").is_none(), "{v}");
}

/// BoV starter, "Determine Game Mode": the Grand Tactical is the starter
/// book's and the Pitched Battle is not in it: either asked of the other
/// edition exits 2 with one line saying why.
#[test]
fn a_game_mode_of_the_other_edition_is_a_usage_error() {
    for (command, why) in [
        ("bov sim --games 1 --scenario grand", "starter edition only"),
        (
            "bov sim --games 1 --edition starter --scenario pitched",
            "has no Pitched Battle",
        ),
        ("bov sim --games 1 --edition 4.0", "--edition"),
    ] {
        let out = run(command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(why), "{command}: {err}");
        assert!(out.stdout.is_empty());
    }
}

/// The starter's shipped lists, whose Trooper cards Heroes lead as Captains,
/// play by name with `--edition starter` (BoV starter, "Heroes as
/// Captains"); a battle by BoV 5.1 refuses them at once, naming the list and
/// the flag to give and where the editions are told apart
/// (docs/editions.md), with a usage error.
#[test]
fn the_starter_lists_play_by_their_own_rules_only() {
    let v = json(
        "bov sim --edition starter --lists allaria_fencers,tyveria_packs --games 2 --seed 3 --json",
    );
    assert_eq!(v["finished"], 2, "{v}");
    assert_eq!(
        v["lists"],
        serde_json::json!(["allaria_fencers", "tyveria_packs"])
    );
    let out = run("bov sim --lists allaria_fencers,tyveria_swarm --games 2");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--lists 'allaria_fencers'"), "{err}");
    assert!(err.contains("--edition starter"), "{err}");
    assert!(err.contains("(docs/editions.md)"), "{err}");
}

/// BoV starter, "Writing army lists": the starter has no Monsters, and a
/// 5.1 list's Artifacts and Mercenaries are not the starter's. `--monster`
/// with `--edition starter` is a usage error saying so; a 5.1 list carrying
/// Artifacts is refused naming them; with no `--lists` the starter plays
/// its own two lists.
#[test]
fn the_starter_refuses_monsters_and_plays_its_own_lists() {
    for (command, why) in [
        (
            "bov sim --edition starter --monster ravine_troll --scenario slay --games 1",
            "the starter edition has no Monsters",
        ),
        (
            "bov sim --edition starter --lists allaria_guild_line,tyveria_packs --games 1",
            "the starter edition has no Artifacts",
        ),
    ] {
        let out = run(command);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}: {err}");
        assert!(err.contains(why), "{command}: {err}");
    }
    let v = json("bov sim --edition starter --games 1 --seed 5 --json");
    assert_eq!(
        v["lists"],
        serde_json::json!(["allaria_fencers", "tyveria_packs"])
    );
    assert_eq!(v["finished"], 1, "{v}");
}
