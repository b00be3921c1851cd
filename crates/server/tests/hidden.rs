//! No seat is sent another seat's hidden cards: two games that differ only
//! in seat 1's hidden cards (its hand, its Vaala deck, its face-down cards
//! on the stack) give every other viewer the same bytes, state and events,
//! at every step of a game.

mod common;

use std::sync::Arc;

use serde_json::Value;
use valerna_game::Viewer;
use valerna_server::App;
use valerna_server::app::{Choice, Live, Slot};
use valerna_server::hosted::SeatKind;
use valerna_texts::Lang;

/// What `viewer` is sent about `live`'s game: the state body (as HTTP and
/// the socket send it) and its whole event stream.
fn sent(app: &App, slot: &Slot, live: &Live, viewer: Viewer) -> String {
    let mut state = app.state(slot, live, viewer, Lang::En);
    state["events"] = Value::Array(live.table.events(viewer, 0, app.texts(Lang::En)));
    state.to_string()
}

#[tokio::test]
async fn no_viewer_is_sent_another_seats_hidden_cards() {
    let s = common::server().await;
    let (id, _) = s.create(&["human", "human", "human", "faceless"], 11).await;
    no_other_viewer_sees(
        &s,
        &id,
        &[Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(2)],
        400,
    )
    .await;
}

/// Battles of Valerna: no side nor spectator is sent side 1's Vaala cards
/// (BoV 5.1, "Vaala Cards"; docs/rulings.md, "Force lists name their
/// Vaala cards").
#[tokio::test]
async fn no_side_of_a_battle_is_sent_the_other_sides_vaala_cards() {
    let s = common::server().await;
    let (id, _) = s
        .create_battle(&["human", "human"], 4, serde_json::json!({}))
        .await;
    no_other_viewer_sees(&s, &id, &[Viewer::Spectator, Viewer::Seat(0)], 160).await;
}

/// Plays `id` by random decisions for up to `max` steps, comparing at each
/// what `viewers` are sent of the game and of the same game with seat 1's
/// hidden cards changed.
async fn no_other_viewer_sees(s: &common::TestServer, id: &str, viewers: &[Viewer], max: u64) {
    let app: &Arc<App> = &s.app;
    let slot = app.slot(id).unwrap();
    let mut differs_for_the_owner = 0;
    let mut steps = 0;
    for step in 0..max {
        {
            let live = slot.live.lock().await;
            if live.table.is_over() {
                break;
            }
            for salt in [1, 2, 3] {
                let same = Live::snapshot(live.table.clone_box(), live.version);
                let other =
                    Live::snapshot(live.table.with_other_hidden(1, salt + step), live.version);
                for &viewer in viewers {
                    assert_eq!(
                        sent(app, &slot, &same, viewer),
                        sent(app, &slot, &other, viewer),
                        "step {step}: {viewer:?} sees seat 1's hidden cards"
                    );
                }
                if sent(app, &slot, &same, Viewer::Seat(1))
                    != sent(app, &slot, &other, Viewer::Seat(1))
                {
                    differs_for_the_owner += 1;
                }
            }
            steps += 1;
        }
        let (seat, version, option) = {
            let live = slot.live.lock().await;
            let seat = live.table.to_decide().unwrap();
            let pick = live.table.bot(SeatKind::Random, 0, step).unwrap();
            (seat, live.version, pick)
        };
        app.decide(&slot, seat, version, Choice::Decision(option), None)
            .await
            .unwrap();
    }
    assert!(steps > 50, "the game went on for {steps} steps");
    // The change is real: seat 1 itself sees it.
    assert!(
        differs_for_the_owner > steps,
        "seat 1's own view changed at {differs_for_the_owner} of {} checks",
        3 * steps
    );
}
