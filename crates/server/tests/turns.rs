//! A finished game weighed after the fact: the search bot's hint at any
//! step of its replay, and the chart of where it turned (every seat's
//! estimated chance to win after each decision, and the decisions that
//! moved it most). Neither is given while the game is played: the record
//! becomes public only at its end.

mod common;

use std::time::Duration;

use common::{TestServer, server_with};
use serde_json::Value;
use valerna_server::Config;

fn config() -> Config {
    Config {
        ismcts_iterations: 40,
        turn_iterations: 12,
        ..common::at_full_speed()
    }
}

/// A game of four bots, played to its end.
async fn finished_game(s: &TestServer, seed: u64) -> (String, Value) {
    let (id, _) = s
        .create(&["random", "random", "faceless", "random"], seed)
        .await;
    for _ in 0..6000 {
        let st = s.state(&id, None).await;
        if st["status"] == "over" {
            return (id, st);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("game {id} did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_shows_where_it_turned() {
    let s = server_with(config()).await;

    // While a game is played, its steps are not weighed for anyone.
    let (live, tokens) = s
        .create(&["human", "faceless", "faceless", "faceless"], 5)
        .await;
    for path in [
        format!("/api/games/{live}/turns"),
        format!("/api/games/{live}/at/0/hint"),
    ] {
        let a = s.get(&path, Some(&tokens[0])).await;
        assert_eq!(a.status, 409, "{path}: {}", a.raw);
        assert_eq!(a.body["error"], "not_over", "{path}");
    }

    let (id, end) = finished_game(&s, 9).await;
    let record = s.get(&format!("/api/games/{id}/record"), None).await.body;
    let decisions = record["decisions"].as_array().unwrap().len();
    let a = s.get(&format!("/api/games/{id}/turns"), None).await;
    assert_eq!(a.status, 200, "{}", a.raw);
    let turns = &a.body;
    assert_eq!(turns["iterations"], 12);
    let steps = turns["steps"].as_array().unwrap();
    // One step before each decision, and the result.
    assert_eq!(steps.len(), decisions + 1);
    let chances = |k: usize| -> Vec<f64> {
        steps[k]["chances"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_f64().unwrap())
            .collect()
    };
    for k in 0..=decisions {
        let p = chances(k);
        assert_eq!(p.len(), 4, "step {k}");
        assert!(p.iter().all(|p| (0.0..=1.0).contains(p)), "step {k}: {p:?}");
    }
    // Most steps are weighed by the search; the others carry the step
    // before's chances.
    let weighed = steps.iter().filter(|s| s["weighed"] == true).count();
    assert!(weighed * 4 > decisions * 3, "{weighed} of {decisions}");
    for k in 1..decisions {
        if steps[k]["weighed"] == false {
            assert_eq!(steps[k]["chances"], steps[k - 1]["chances"], "step {k}");
        }
    }
    // The seat to decide at a step is the replay's (spot checks).
    for k in [0, decisions / 2, decisions - 1] {
        let at = s.get(&format!("/api/games/{id}/at/{k}"), None).await.body;
        assert_eq!(steps[k]["seat"], at["question"]["seat"], "step {k}");
    }
    // The last step is the result: 1 for each winner (LoV, "End of the
    // Game"), 0 for the others.
    assert!(steps[decisions]["seat"].is_null());
    let winners: Vec<u64> = end["outcome"]["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    for (seat, p) in chances(decisions).into_iter().enumerate() {
        assert_eq!(p, f64::from(u8::from(winners.contains(&(seat as u64)))));
    }

    // The turning decisions: the three largest moves of one seat's chance,
    // the largest first, each judged by the median of the five steps before
    // against the five after, no two within five decisions; each as its
    // chooser's option.
    let median = |from: usize, to: usize, seat: usize| -> f64 {
        let mut v: Vec<f64> = (from..to).map(|k| chances(k)[seat]).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        }
    };
    let judged = |k: usize| -> (Vec<f64>, Vec<f64>) {
        let before = (0..4)
            .map(|s| median(k.saturating_sub(4), k + 1, s))
            .collect();
        let after = (0..4)
            .map(|s| median(k + 1, (k + 6).min(decisions + 1), s))
            .collect();
        (before, after)
    };
    let moved = |k: usize| -> f64 {
        let (before, after) = judged(k);
        before
            .iter()
            .zip(&after)
            .map(|(a, b)| (b - a).abs())
            .fold(0.0, f64::max)
    };
    let turning = turns["turning"].as_array().unwrap();
    assert_eq!(turning.len(), 3, "{turning:?}");
    let ks: Vec<usize> = turning
        .iter()
        .map(|t| t["k"].as_u64().unwrap() as usize)
        .collect();
    for (i, turn) in turning.iter().enumerate() {
        let k = ks[i];
        let (before, after) = judged(k);
        assert_eq!(turn["moved"].as_f64().unwrap(), moved(k), "{turn}");
        assert_eq!(turn["before"], serde_json::json!(before), "{turn}");
        assert_eq!(turn["after"], serde_json::json!(after), "{turn}");
        assert_eq!(turn["seat"], steps[k]["seat"], "{turn}");
        assert!(!turn["label"].as_str().unwrap().is_empty(), "{turn}");
        // The largest first, apart from one another.
        if i > 0 {
            assert!(moved(ks[i - 1]) >= moved(k), "{ks:?}");
        }
        for &other in &ks[..i] {
            assert!(other.abs_diff(k) >= 5, "{ks:?}");
        }
        // No decision outside the windows of those before it moved more.
        for j in 0..decisions {
            if ks[..i].iter().all(|&o| o.abs_diff(j) >= 5) {
                assert!(moved(j) <= moved(k), "decision {j} moved more than {k}");
            }
        }
    }
    // Each turning decision's swing is put down to its cause. The search
    // is seeded by the game's id: a game whose three turning decisions
    // are all another seat's swing names none, so other games are weighed
    // until one does.
    let mut causes = check_causes(&s, &id, turning).await;
    for seed in 10..20 {
        if causes > 0 {
            break;
        }
        let (other, _) = finished_game(&s, seed).await;
        let turns = s.get(&format!("/api/games/{other}/turns"), None).await.body;
        causes = check_causes(&s, &other, turns["turning"].as_array().unwrap()).await;
    }
    assert!(
        causes > 0,
        "no turning decision was put down to its cause in 11 games"
    );
    // Weighed once: the same answer again, in another language only the
    // labels differ.
    let again = s.get(&format!("/api/games/{id}/turns"), None).await;
    assert_eq!(again.body, a.body);
    let it = s.get(&format!("/api/games/{id}/turns?lang=it"), None).await;
    assert_eq!(it.body["steps"], a.body["steps"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_step_gets_the_hint_of_its_question() {
    let s = server_with(config()).await;
    let (id, _) = finished_game(&s, 14).await;
    let record = s.get(&format!("/api/games/{id}/record"), None).await.body;
    let decisions = record["decisions"].as_array().unwrap().len();
    let mut seen_choice = 0;
    for k in [0, 1, decisions / 3, decisions - 1] {
        let path = format!("/api/games/{id}/at/{k}/hint");
        let a = s.get(&path, None).await;
        assert_eq!(a.status, 200, "{path}: {}", a.raw);
        let h = &a.body;
        let at = s.get(&format!("/api/games/{id}/at/{k}"), None).await.body;
        assert_eq!(h["version"], k);
        assert_eq!(h["seat"], at["question"]["seat"], "{path}");
        assert_eq!(h["iterations"], 40);
        let options = h["options"].as_array().unwrap();
        let visits: u64 = options.iter().map(|o| o["visits"].as_u64().unwrap()).sum();
        assert!(visits > 0 && visits <= 40, "{path}: {visits}");
        // The option chosen at the table is one of the question's.
        let chosen = h["chosen"].as_u64().unwrap() as usize;
        assert!(chosen < options.len(), "{path}");
        if options.len() > 1 {
            seen_choice += 1;
        }
        // The same step, the same hint.
        assert_eq!(s.get(&path, None).await.body, a.body);
    }
    assert!(seen_choice > 0);
    // Past the last question, and not a number.
    let a = s
        .get(&format!("/api/games/{id}/at/{decisions}/hint"), None)
        .await;
    assert_eq!(a.status, 404, "{}", a.raw);
    assert_eq!(a.body["error"], "no_step");
    let a = s.get(&format!("/api/games/{id}/at/x/hint"), None).await;
    assert_eq!(a.status, 400, "{}", a.raw);
    assert_eq!(a.body["error"], "bad_path");
}

/// Checks each turning decision's cause against its rule: the decision's
/// own expected effect (the search's estimate of the option chosen) or
/// what followed it, which the log tells between the decision's step and
/// the next; `null` when another seat's chance moved most. Returns how
/// many had one.
async fn check_causes(s: &TestServer, id: &str, turning: &[Value]) -> usize {
    let mut causes = 0;
    for turn in turning {
        let k = turn["k"].as_u64().unwrap();
        let seat = turn["seat"].as_u64().unwrap() as usize;
        let here = s.get(&format!("/api/games/{id}/at/{k}"), None).await.body;
        let next = s
            .get(&format!("/api/games/{id}/at/{}", k + 1), None)
            .await
            .body;
        let told = here["events"].as_array().unwrap().len();
        let between: Vec<&str> = next["events"].as_array().unwrap()[told..]
            .iter()
            .filter_map(|e| e["text"].as_str().filter(|x| !x.is_empty()))
            .take(12)
            .collect();
        let followed: Vec<&str> = turn["followed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        assert_eq!(followed, between, "{turn}");
        // The seat whose chance moved most; a cause is given for the
        // deciding seat's own swing only.
        let swing = |s: usize| {
            (turn["after"][s].as_f64().unwrap() - turn["before"][s].as_f64().unwrap()).abs()
        };
        let mover = (0..4).fold(0, |m, s| if swing(s) > swing(m) { s } else { m });
        assert_eq!(turn["mover"], mover, "{turn}");
        assert!(
            (swing(mover) - turn["moved"].as_f64().unwrap()).abs() < 1e-9,
            "{turn}"
        );
        match turn["expected"].as_f64() {
            Some(e) if mover == seat => {
                assert!((0.0..=1.0).contains(&e), "{turn}");
                let before = turn["before"][seat].as_f64().unwrap();
                let after = turn["after"][seat].as_f64().unwrap();
                let by_decision = (e - before).abs() >= (after - e).abs();
                let cause = if by_decision {
                    "decision"
                } else {
                    "what_followed"
                };
                assert_eq!(turn["cause"], cause, "{turn}");
                causes += 1;
            }
            _ => assert!(turn["cause"].is_null(), "{turn}"),
        }
    }
    causes
}
