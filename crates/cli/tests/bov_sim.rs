//! `valerna bov sim` as a user runs it: the scenario and battlefield flags.

mod common;
use common::{json, run};

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

/// A bad value exits 2 with one line naming the argument.
#[test]
fn bad_values_name_the_argument() {
    for (command, arg) in [
        ("bov sim --games 1 --scenario quest", "--scenario"),
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
