//! Properties over many random games (issue "Must show"): tokens are
//! conserved, no region holds more than 6 Units of one General, no region
//! holds the Units of two owners between units of play, every game
//! ends by one of the three rules of LoV p.9 within 6 rounds, no panic;
//! views hide what they must; a record replays bit for bit.

use std::sync::Arc;

use proptest::prelude::*;
use valerna_game::{Game, Record, replay};
use valerna_lov::invariants;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::state::NONE;
use valerna_lov::{Content, Lov, Setup};

fn content() -> Arc<Content> {
    Arc::new(Content::default_pack().unwrap())
}

fn humans(mask: u8) -> [bool; 4] {
    let m = if mask & 15 == 0 { 1 } else { mask & 15 };
    [m & 1 != 0, m & 2 != 0, m & 4 != 0, m & 8 != 0]
}

/// Plays one game with the random policy, checking at every decision.
fn play(
    c: &Arc<Content>,
    seed: u64,
    mask: u8,
) -> Result<(Lov, Vec<valerna_lov::Decision>), String> {
    let setup = Setup::new(seed, humans(mask), c);
    let mut g = Lov::start(c, &setup).map_err(|e| e.to_string())?;
    // The rules are checked here; the narration has tests of its own.
    g.set_logging(false);
    let mut policy = RandomPolicy::new(seed ^ 0x5eed);
    let mut log = Vec::new();
    while let Some(d) = policy.choose(&g) {
        invariants::check(c, g.state(), g.settled())?;
        g.apply(d).map_err(|e| e.to_string())?;
        log.push(d);
        if log.len() > 20_000 {
            return Err("more than 20,000 decisions".into());
        }
    }
    invariants::check(c, g.state(), g.settled())?;
    Ok((g, log))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2500, failure_persistence: None, ..ProptestConfig::default() })]

    // LoV p.9: the game ends by 10 Power, an empty Event deck (12 Events, two
    // a round: 6 rounds at most) or an elimination.
    #[test]
    fn random_games_keep_the_rules(seed in any::<u64>(), mask in 0u8..16) {
        let c = content();
        let (g, _) = play(&c, seed, mask).map_err(TestCaseError::fail)?;
        let o = g.outcome().expect("the game ended");
        prop_assert!(["power", "events", "elimination"].contains(&o.reason.as_str()), "{:?}", o);
        prop_assert!(g.state().round <= 6, "round {}", g.state().round);
        if o.reason == "events" {
            prop_assert!(!o.winners.is_empty());
        }
        if o.reason == "power" {
            prop_assert!(o.winners.iter().any(|&w| g.state().players[usize::from(w)].total_power() >= 10));
        }
        // A shared victory is a bonded pair.
        if o.winners.len() == 2 {
            prop_assert_eq!(g.state().players[usize::from(o.winners[0])].partner, o.winners[1]);
        }
        prop_assert!(o.winners.len() <= 2);
        for &w in &o.winners {
            prop_assert!(!g.state().players[usize::from(w)].eliminated);
            prop_assert!(g.state().players[usize::from(w)].partner == NONE || o.winners.len() == 2);
        }
    }
}

// Issue "A decision log": setup + decisions, as JSON, replay bit for bit.
#[test]
fn records_replay_bit_for_bit() {
    let c = content();
    for seed in 0..60u64 {
        let (g, log) = play(&c, seed, (seed % 16) as u8).unwrap();
        let record = Record::<Lov> {
            setup: Setup::new(seed, humans((seed % 16) as u8), &c),
            decisions: log,
        };
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Lov> = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        let again = replay(&c, &back).unwrap();
        assert_eq!(format!("{:?}", again.state()), format!("{:?}", g.state()));
        assert_eq!(again.outcome(), g.outcome());
    }
}

// A record made with another content pack is refused, naming both hashes.
#[test]
fn a_record_for_another_pack_is_refused() {
    let c = content();
    let mut setup = Setup::new(1, [true, false, false, false], &c);
    setup.content ^= 1;
    let e = Lov::start(&c, &setup).unwrap_err().to_string();
    assert!(e.contains("content pack"), "{e}");
    let e = Lov::start(&c, &Setup::new(1, [false; 4], &c))
        .unwrap_err()
        .to_string();
    assert!(e.contains("1 to 4 human"), "{e}");
}

// An illegal decision is refused with the state unchanged.
#[test]
fn illegal_decisions_are_refused() {
    let c = content();
    let mut g = Lov::start(&c, &Setup::new(3, [true, true, true, true], &c)).unwrap();
    let before = format!("{:?}", g.state());
    let e = g
        .apply(valerna_lov::Decision::GiveInitiative(9))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a legal choice"), "{e}");
    assert_eq!(format!("{:?}", g.state()), before);
}

// Issue "Hidden information": for every seat, at many points of many games,
// changing another seat's hidden cards changes nothing in the view.
#[test]
fn views_do_not_leak_other_seats_hidden_cards() {
    let c = content();
    let mut checked = 0;
    for seed in 0..80u64 {
        let setup = Setup::new(seed, humans((seed % 15 + 1) as u8), &c);
        let mut g = Lov::start(&c, &setup).unwrap();
        let mut policy = RandomPolicy::new(seed);
        let mut step = 0u64;
        while let Some(d) = policy.choose(&g) {
            if step.is_multiple_of(3) {
                for other in 0..4u8 {
                    let alt = g.with_other_hidden_cards(other, seed * 1000 + step);
                    for seat in 0..4u8 {
                        if seat == other {
                            continue;
                        }
                        assert_eq!(
                            g.view(seat),
                            alt.view(seat),
                            "seat {seat} sees seat {other}'s hidden cards"
                        );
                        checked += 1;
                    }
                }
            }
            g.apply(d).unwrap();
            step += 1;
        }
    }
    assert!(checked > 10_000, "{checked} comparisons");
}

// The perturbation used above does change what the owner sees, so the test
// above can fail.
#[test]
fn the_hidden_card_change_is_visible_to_its_owner() {
    let c = content();
    let mut differs = 0;
    for seed in 0..40u64 {
        let mut g = Lov::start(&c, &Setup::new(seed, [true, true, true, true], &c)).unwrap();
        let mut policy = RandomPolicy::new(seed);
        for _ in 0..6 {
            if let Some(d) = policy.choose(&g) {
                g.apply(d).unwrap();
            }
        }
        for seat in 0..4u8 {
            if g.view(seat) != g.with_other_hidden_cards(seat, seed).view(seat) {
                differs += 1;
            }
        }
    }
    assert!(differs > 20, "{differs}");
}

/// The public events from `from` on.
fn public_events(g: &Lov, from: usize) -> Vec<valerna_lov::log::Event> {
    use valerna_game::{Narrated, Viewer};
    let mut out = Vec::new();
    g.events(Viewer::Spectator, from, &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    // Issue "Lords of Vaala, second pass", Must show: no offered decision is
    // ever refused, and a retreat offered by choice never eliminates (LoV
    // p.13, p.16; docs/rulings.md, "A retreat by choice").
    #[test]
    fn every_offered_decision_is_accepted_and_no_retreat_by_choice_eliminates(
        seed in any::<u64>(),
        mask in 0u8..16,
    ) {
        use valerna_lov::Decision;
        use valerna_lov::log::Event;
        let c = content();
        let mut g = Lov::start(&c, &Setup::new(seed, humans(mask), &c)).unwrap();
        let mut policy = RandomPolicy::new(seed);
        while let Some(d) = policy.choose(&g) {
            let seat = g.to_decide().unwrap();
            let owner = g.question().map_or(seat, |q| q.owner);
            let before = public_events(&g, 0).len();
            for &o in g.options() {
                prop_assert!(g.validate(&o).is_ok(), "{:?} offered and refused", o);
                if o == Decision::Retreat {
                    let mut alt = g.clone();
                    prop_assert!(alt.apply(o).is_ok());
                    // What became of the retreating piece first: it moved.
                    let after = public_events(&alt, before);
                    let fate = after.iter().find(|e| match e {
                        Event::Retreated { seat, .. }
                        | Event::Eliminated { seat }
                        | Event::ForceDestroyed { seat, .. } => *seat == owner,
                        _ => false,
                    });
                    // Or it is being asked where to go.
                    let asked_where = alt
                        .question()
                        .is_some_and(|q| matches!(q.ask, valerna_lov::log::Ask::RetreatTo { .. }));
                    prop_assert!(
                        matches!(fate, Some(Event::Retreated { .. })) || (fate.is_none() && asked_where),
                        "seed {}: a retreat by choice of {} ended in {:?}", seed, owner, fate
                    );
                }
            }
            prop_assert!(g.apply(d).is_ok());
        }
        prop_assert!(g.outcome().is_some());
    }
}

// Issue "Lords of Vaala, second pass", Must show: a seat's event stream never
// holds another seat's private events. Two games that differ only in which
// card a player put face down give every other seat, and a spectator, the
// same events and the same view.
#[test]
fn events_do_not_tell_a_face_down_card() {
    use valerna_game::{Narrated, Viewer};
    use valerna_lov::Decision;
    let c = content();
    let mut compared = 0;
    for seed in 0..60u64 {
        let setup = Setup::new(seed, humans((seed % 15 + 1) as u8), &c);
        let mut g = Lov::start(&c, &setup).unwrap();
        let mut policy = RandomPolicy::new(seed);
        while let Some(d) = policy.choose(&g) {
            let plays: Vec<Decision> = g
                .options()
                .iter()
                .copied()
                .filter(|o| matches!(o, Decision::PlayAction(_)))
                .collect();
            if plays.len() >= 2 {
                let seat = g.to_decide().unwrap();
                let (mut a, mut b) = (g.clone(), g.clone());
                a.apply(plays[0]).unwrap();
                b.apply(plays[1]).unwrap();
                let mut viewers = vec![Viewer::Spectator];
                viewers.extend((0..4u8).filter(|&s| s != seat).map(Viewer::Seat));
                for v in viewers {
                    let (mut ea, mut eb) = (Vec::new(), Vec::new());
                    a.events(v, 0, &mut ea);
                    b.events(v, 0, &mut eb);
                    assert_eq!(ea, eb, "seed {seed}: {v:?} learns seat {seat}'s card");
                    assert_eq!(a.view_as(v), b.view_as(v));
                    compared += 1;
                }
                // The player itself does learn which card it played.
                let (mut ea, mut eb) = (Vec::new(), Vec::new());
                a.events(Viewer::Seat(seat), 0, &mut ea);
                b.events(Viewer::Seat(seat), 0, &mut eb);
                assert_ne!(ea, eb);
            }
            g.apply(d).unwrap();
        }
    }
    assert!(compared > 1000, "{compared} comparisons");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    // Issue "Trust", item 7, as a stable property test: decisions from
    // arbitrary bytes, legal or not. An illegal one is refused with the game
    // unchanged (its view, its events, its version of the truth); a legal one
    // is applied; every invariant holds after each step (`invariants::check`,
    // which debug builds also run inside `apply`).
    #[test]
    fn arbitrary_decisions_never_break_the_game(
        seed in any::<u64>(),
        mask in 0u8..16,
        bytes in proptest::collection::vec(any::<(u8, u8, u8)>(), 0..400),
    ) {
        use valerna_game::{Narrated, Viewer};
        let c = content();
        let mut g = Lov::start(&c, &Setup::new(seed, humans(mask), &c)).unwrap();
        for (pick, kind, x) in bytes {
            let Some(seat) = g.to_decide() else { break };
            let d = if pick.is_multiple_of(2) {
                let o = g.options();
                o[usize::from(x) % o.len()]
            } else {
                valerna_lov::Decision::arbitrary(kind, x)
            };
            let legal = g.options().contains(&d);
            let (view, mut events) = (g.view(seat), Vec::new());
            g.events(Viewer::Spectator, 0, &mut events);
            match g.apply(d) {
                Ok(()) => prop_assert!(legal, "{:?} was not offered but applied", d),
                Err(e) => {
                    prop_assert!(!legal, "{:?} was offered but refused: {}", d, e);
                    prop_assert_eq!(g.view(seat), view);
                    let mut again = Vec::new();
                    g.events(Viewer::Spectator, 0, &mut again);
                    prop_assert_eq!(again, events);
                }
            }
            prop_assert!(invariants::check(&c, g.state(), g.settled()).is_ok(), "{:?}", invariants::check(&c, g.state(), g.settled()));
        }
    }
}
