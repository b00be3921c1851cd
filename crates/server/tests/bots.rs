//! Every bot kind plays a seat at the server: a person (played here with
//! random legal options) against a heuristic seat, a searching seat and a
//! Faceless one; the bots decide through the same path as the person, and
//! the game reaches its end.

mod common;

use std::time::Duration;

use common::server_with;
use serde_json::json;
use valerna_server::Config;
use valerna_server::app::Choice;
use valerna_server::hosted::SeatKind;

/// A small generator for the person's picks (xorshift64).
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_game_against_the_heuristic_and_search_bots() {
    let s = server_with(Config {
        // A small fixed budget keeps the search quick in a debug build.
        ismcts_iterations: 60,
        ..common::at_full_speed()
    })
    .await;
    let (id, tokens) = s
        .create(&["human", "heuristic", "ismcts", "faceless"], 11)
        .await;
    assert!(tokens[0].len() > 10 && tokens[1..].iter().all(String::is_empty));
    let me = Some(tokens[0].as_str());
    let path = format!("/api/games/{id}/decisions");
    let mut pick = 0x9e37_79b9_7f4a_7c15u64;
    let mut over = false;
    for _ in 0..20_000 {
        let st = s.state(&id, me).await;
        if st["status"] == "over" {
            over = true;
            break;
        }
        let q = &st["question"];
        match q["options"].as_array() {
            Some(options) if q["seat"] == 0 && !options.is_empty() => {
                let i = next(&mut pick) % options.len() as u64;
                let body = json!({"version": st["version"], "option": i}).to_string();
                let a = s.post(&path, me, &body).await;
                assert!(
                    a.status == 200 || a.body["error"] == "stale_version",
                    "{}",
                    a.raw
                );
            }
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
    assert!(over, "the game reached its end");

    // Who took each decision: the seat asked at each step of the replay.
    let record = s.get(&format!("/api/games/{id}/record"), None).await;
    let n = record.body["decisions"].as_array().unwrap().len();
    let mut by_seat = [0usize; 4];
    for k in 0..n {
        let step = s.get(&format!("/api/games/{id}/at/{k}"), None).await;
        assert_eq!(step.status, 200, "{}", step.raw);
        let seat = step.body["question"]["seat"]
            .as_u64()
            .unwrap_or_else(|| panic!("{k}: {}", step.body["question"]));
        by_seat[seat as usize] += 1;
    }
    eprintln!("{n} decisions by seat: {by_seat:?}");
    assert!(by_seat[0] > 0, "the person decided: {by_seat:?}");
    assert!(by_seat[1] > 0, "the heuristic seat decided: {by_seat:?}");
    assert!(by_seat[2] > 0, "the search seat decided: {by_seat:?}");
    assert_eq!(
        by_seat[3], 0,
        "the Faceless seat is the rules': {by_seat:?}"
    );
}

#[tokio::test]
async fn the_bot_seats_are_listed_by_kind() {
    let s = common::server().await;
    let (id, _) = s
        .create(&["human", "heuristic", "ismcts", "random"], 4)
        .await;
    let st = s.state(&id, None).await;
    let kinds: Vec<&str> = st["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["human", "heuristic", "ismcts", "random"]);
}

/// A bot is told only its seat's knowledge: at every step of a game, each
/// bot decides the same for the game as it is and for the same game with
/// another seat's hidden cards changed; and the same seed gives the same
/// decision (the search's budget is iterations, not time).
#[tokio::test]
async fn a_bot_decides_from_its_seat_alone_and_from_its_seed() {
    let s = common::server().await;
    let (id, _) = s.create(&["human", "human", "human", "faceless"], 5).await;
    let kinds = [SeatKind::Heuristic, SeatKind::Ismcts, SeatKind::Random];
    let compared = bots_see_their_seat_alone(&s, &id, &kinds, 30, &[0, 1, 2], 80).await;
    assert!(compared > 100, "{compared} comparisons");
}

/// The same for the bots of Battles of Valerna: a side's bot never reads
/// the other side's Vaala cards.
#[tokio::test]
async fn a_battle_bot_decides_from_its_side_alone_and_from_its_seed() {
    let s = common::server().await;
    let (id, _) = s
        .create_battle(&["human", "human"], 9, serde_json::json!({}))
        .await;
    let kinds = [SeatKind::Greedy, SeatKind::Ismcts, SeatKind::Random];
    let compared = bots_see_their_seat_alone(&s, &id, &kinds, 4, &[0, 1], 60).await;
    assert!(compared > 60, "{compared} comparisons");
}

/// Plays `id` by random decisions for up to `max` steps; at each, every
/// bot of `kinds` decides twice from one seed, and once with each other
/// seat of `seats`' hidden cards changed: the three must agree. The number
/// of comparisons made.
async fn bots_see_their_seat_alone(
    s: &common::TestServer,
    id: &str,
    kinds: &[SeatKind],
    iterations: u32,
    seats: &[u8],
    max: u64,
) -> usize {
    let app = &s.app;
    let slot = app.slot(id).unwrap();
    let mut compared = 0;
    for step in 0..max {
        let (seat, version, decision) = {
            let live = slot.live.lock().await;
            if live.table.is_over() {
                break;
            }
            let seat = live.table.to_decide().unwrap();
            for &kind in kinds {
                let mine = live.table.bot(kind, iterations, step).unwrap();
                assert_eq!(
                    live.table.bot(kind, iterations, step).as_ref(),
                    Some(&mine),
                    "step {step}: {kind:?} decides the same twice from one seed"
                );
                for &other in seats.iter().filter(|o| **o != seat) {
                    let changed = live.table.with_other_hidden(other, step + 1);
                    assert_eq!(
                        changed.bot(kind, iterations, step).as_ref(),
                        Some(&mine),
                        "step {step}: {kind:?} in seat {seat} saw seat {other}'s hidden cards"
                    );
                    compared += 1;
                }
            }
            (
                seat,
                live.version,
                live.table.bot(SeatKind::Random, 0, step ^ 0xabc).unwrap(),
            )
        };
        app.decide(&slot, seat, version, Choice::Decision(decision), None)
            .await
            .unwrap();
    }
    compared
}
