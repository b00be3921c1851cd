//! The narrated game (issue "Lords of Vaala, second pass", items 7 and 8):
//! the event log and the meanings of options.

use std::sync::Arc;

use valerna_game::{Game, Narrated, Viewer};
use valerna_lov::log::Event;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::{Content, Lov, Setup};

fn content() -> Arc<Content> {
    Arc::new(Content::default_pack().unwrap())
}

fn events(g: &Lov, viewer: Viewer) -> Vec<Event> {
    let mut out = Vec::new();
    g.events(viewer, 0, &mut out);
    out
}

/// Every viewer's stream only grows: what was shown after a decision is
/// never taken back or reordered by a later one, and a replay of the same
/// decisions gives the same stream.
#[test]
fn the_log_of_a_prefix_is_a_prefix_of_the_log() {
    let c = content();
    for seed in 0..40u64 {
        let humans = [seed % 2 == 0, seed % 3 == 0, true, seed % 5 == 0];
        let setup = Setup::new(seed, humans, &c);
        let mut g = Lov::start(&c, &setup).unwrap();
        let mut policy = RandomPolicy::new(seed);
        let mut seen: Vec<Vec<Event>> = (0..5).map(|_| Vec::new()).collect();
        let viewers = [
            Viewer::Seat(0),
            Viewer::Seat(1),
            Viewer::Seat(2),
            Viewer::Seat(3),
            Viewer::Spectator,
        ];
        let mut decisions = Vec::new();
        while let Some(d) = policy.choose(&g) {
            g.apply(d).unwrap();
            decisions.push(d);
            for (k, v) in viewers.iter().enumerate() {
                let now = events(&g, *v);
                assert!(
                    now.starts_with(&seen[k]),
                    "seed {seed}, viewer {v:?}, after {} decisions: the stream changed",
                    decisions.len()
                );
                seen[k] = now;
            }
        }
        let again = valerna_game::replay(
            &c,
            &valerna_game::Record::<Lov> {
                setup: setup.clone(),
                decisions,
            },
        )
        .unwrap();
        for (k, v) in viewers.iter().enumerate() {
            assert_eq!(events(&again, *v), seen[k]);
        }
        assert!(matches!(seen[4].last(), Some(Event::Ended { .. })));
    }
}

/// A decision can be taken back while nothing was rolled, revealed or drawn
/// since it was made, and taking it back (replaying the record without it)
/// gives the game as it was before it.
#[test]
fn a_decision_can_be_taken_back_until_something_is_learnt() {
    let c = content();
    let mut both = [0usize; 2];
    for seed in 0..30u64 {
        let humans = [true, seed % 2 == 0, true, seed % 3 == 0];
        let setup = Setup::new(seed, humans, &c);
        let mut g = Lov::start(&c, &setup).unwrap();
        let mut policy = RandomPolicy::new(seed);
        let mut decisions = Vec::new();
        while let Some(d) = policy.choose(&g) {
            let before_draws = g.state().draws;
            let before_events = events(&g, Viewer::Spectator).len();
            g.apply(d).unwrap();
            decisions.push(d);
            let news = events(&g, Viewer::Spectator)[before_events..].to_vec();
            let learnt = g.state().draws != before_draws
                || news.iter().any(|e| {
                    matches!(
                        e,
                        Event::Revealed { .. }
                            | Event::BondRolled { .. }
                            | Event::VaalaDrawn { .. }
                            | Event::Ended { .. }
                    )
                    // A side with no dice to roll (a Dragon wounded down to
                    // nothing) rolls in the open but draws nothing.
                    || matches!(e, Event::Rolled { faces, .. } if faces.iter().any(|&n| n > 0))
                });
            if learnt {
                assert!(!g.can_take_back(), "seed {seed}: {news:?}");
                both[0] += 1;
            } else if g.can_take_back() {
                both[1] += 1;
                let mut back = decisions.clone();
                back.pop();
                let undone = valerna_game::replay(
                    &c,
                    &valerna_game::Record::<Lov> {
                        setup: setup.clone(),
                        decisions: back,
                    },
                )
                .unwrap();
                assert!(undone.options().contains(&d));
            }
        }
    }
    assert!(both[0] > 100 && both[1] > 100, "{both:?}");
}

// LoV p.8: "each player in turn places a card ... on the Action stack": who
// played each face-down card is public, and its back tells an Action card
// from a Region card (docs/rulings.md, "The Action stack's backs"); the card
// itself is its owner's until revealed.
#[test]
fn who_played_each_face_down_card_is_public() {
    use valerna_lov::Decision;
    use valerna_lov::state::{CardKind, NONE};
    use valerna_lov::view::StackView;
    let c = content();
    let mut g = Lov::start(&c, &Setup::new(5, [true, true, true, true], &c)).unwrap();
    let seat = g.to_decide().unwrap();
    let region = g
        .options()
        .iter()
        .copied()
        .find(|d| matches!(d, Decision::PlayRegion(_)))
        .unwrap_or(g.options()[0]);
    g.apply(region).unwrap();
    let back = match region {
        Decision::PlayRegion(_) => CardKind::Region,
        _ => CardKind::Action,
    };
    let other = (seat + 1) % 4;
    let v = g.view(other);
    assert_eq!(
        v.stack[0],
        StackView::FaceDown {
            owner: NONE,
            back: CardKind::Event
        }
    );
    assert_eq!(v.stack[1], StackView::FaceDown { owner: seat, back });
    assert!(matches!(g.view(seat).stack[1], StackView::Known(card) if card.owner == seat));
    assert!(
        events(&g, Viewer::Seat(other)).contains(&Event::CardPlayed {
            seat,
            position: 1,
            back
        })
    );
}

/// LoV p.12-13: every combat that rolled dice ends once, said in the log;
/// it is won when the attacker holds the region with no enemy left, so an
/// attacker that retreated from it or lost its force there did not win, and
/// one that won took the region's last enemy out of it.
#[test]
fn every_combat_ends_once_won_or_lost() {
    use valerna_lov::Target;
    let c = content();
    let (mut won, mut lost) = (0, 0);
    for seed in 0..60u64 {
        let humans = [seed % 2 == 0, seed % 3 == 0, true, seed % 5 == 0];
        let mut g = Lov::start(&c, &Setup::new(seed, humans, &c)).unwrap();
        let mut policy = RandomPolicy::new(seed);
        while let Some(d) = policy.choose(&g) {
            g.apply(d).unwrap();
        }
        // The combat under way: its attacker, region and events so far.
        let mut open: Option<(u8, u8, Vec<Event>)> = None;
        for e in events(&g, Viewer::Spectator) {
            match e {
                Event::Combat {
                    attacker, region, ..
                } => match &mut open {
                    Some((a, r, seen)) => {
                        assert_eq!((*a, *r), (attacker, region), "seed {seed}: {seen:?}");
                        seen.push(e);
                    }
                    None => open = Some((attacker, region, vec![e])),
                },
                Event::CombatEnded {
                    attacker,
                    region,
                    won: w,
                } => {
                    let (a, r, seen) = open.take().expect("a combat ends after it began");
                    assert_eq!((a, r), (attacker, region), "seed {seed}");
                    let left = seen.iter().any(|e| {
                        matches!(*e, Event::Retreated { seat, from, .. } if seat == a && from == r)
                            || matches!(*e, Event::ForceDestroyed { seat, region } if seat == a && region == r)
                    });
                    if left {
                        assert!(!w, "seed {seed}: the attacker left {r} and won: {seen:?}");
                    }
                    if w {
                        // Its last defender left the region or lost its last piece there.
                        let last = seen.iter().rev().find_map(|e| match e {
                            Event::Combat { defender, .. } => Some(*defender),
                            _ => None,
                        });
                        let out = seen.iter().any(|e| match (last, e) {
                            (Some(Target::Neutral), Event::NeutralLost { .. }) => true,
                            (Some(Target::Seat(d)), Event::Retreated { seat, .. })
                            | (Some(Target::Seat(d)), Event::ForceDestroyed { seat, .. })
                            | (Some(Target::Seat(d)), Event::UnitLost { seat, .. })
                            | (Some(Target::Seat(d)), Event::GeneralInjured { seat, .. }) => {
                                *seat == d
                            }
                            (Some(Target::Seat(_)), Event::Eliminated { .. }) => true,
                            _ => false,
                        });
                        assert!(
                            out,
                            "seed {seed}: won without its defender losing: {seen:?}"
                        );
                        won += 1;
                    } else {
                        lost += 1;
                    }
                }
                _ => {
                    if let Some((_, _, seen)) = &mut open {
                        seen.push(e);
                    }
                }
            }
        }
        // Only the game's end (10 Power stolen, an elimination) cuts one short.
        if let Some((_, _, seen)) = open {
            let ended = matches!(seen.last(), Some(Event::Ended { .. }));
            assert!(ended, "seed {seed}: a combat never ended: {seen:?}");
        }
    }
    assert!(won > 50 && lost > 20, "{won} combats won, {lost} lost");
}
