//! Lords of Vaala bots: they decide only from what their seat knows, and
//! only legally.

use std::sync::Arc;

use proptest::prelude::*;
use valerna_ai::ismcts::{Budget, Ismcts, Settings};
use valerna_ai::lov::{Heuristic, LovSampler};
use valerna_ai::random::RandomBot;
use valerna_ai::spec::Spec;
use valerna_ai::{Bot, Observable, Sampler};
use valerna_game::Game;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::{Content, Lov, Setup};

fn content() -> Arc<Content> {
    Arc::new(Content::default_pack().unwrap())
}

fn ismcts(c: &Arc<Content>, iters: u32, seed: u64) -> Ismcts<Lov, LovSampler> {
    Ismcts::new(
        LovSampler::new(c.clone()),
        Settings {
            budget: Budget::Iterations(iters),
            ..Settings::default()
        },
        seed,
        Box::new(Heuristic::new(c.clone(), seed)),
    )
}

/// A game with `humans`, played `steps` random decisions in.
fn game_at(c: &Arc<Content>, seed: u64, humans: [bool; 4], steps: usize) -> Lov {
    let mut g = Lov::start(c, &Setup::new(seed, humans, c)).unwrap();
    let mut p = RandomPolicy::new(seed ^ 99);
    for _ in 0..steps {
        match p.choose(&g) {
            Some(d) => g.apply(d).unwrap(),
            None => break,
        }
    }
    g
}

/// A game built from a seat's knowledge shows that seat exactly its view,
/// whatever the deal.
#[test]
fn a_determinisation_shows_the_seat_its_own_view() {
    let c = content();
    let sampler = LovSampler::new(c.clone());
    let mut built = 0;
    for seed in 0..20 {
        let g = game_at(
            &c,
            seed,
            [true, true, true, false],
            (seed as usize * 7) % 60,
        );
        let Some(seat) = g.to_decide() else { continue };
        let k = g.knowledge(seat);
        for i in 0..5 {
            if let Some(d) = sampler.sample(&k, i) {
                assert_eq!(d.view(seat), g.view(seat));
                assert_eq!(d.options(), g.options());
                built += 1;
            }
        }
    }
    assert!(built > 50, "only {built} determinisations built");
}

/// The no-peeking test: two games that differ only in what the bot's seat
/// may not see (the other seats' hands, face-down cards and Vaala decks)
/// give the bot the same knowledge, and so the same decision with the same
/// seed and budget.
#[test]
fn ismcts_decides_the_same_whatever_is_hidden_from_it() {
    let c = content();
    let mut compared = 0;
    for seed in 0..12u64 {
        let g = game_at(&c, seed, [true, true, true, true], 10 + seed as usize * 5);
        let Some(seat) = g.to_decide() else { continue };
        let mut other = g.clone();
        for s in 0..4u8 {
            if s != seat {
                other = other.with_other_hidden_cards(s, seed * 31 + u64::from(s));
            }
        }
        assert_eq!(g.knowledge(seat), other.knowledge(seat));
        let a = ismcts(&c, 60, seed).decide(&g.knowledge(seat));
        let b = ismcts(&c, 60, seed).decide(&other.knowledge(seat));
        assert_eq!(a, b, "seed {seed}");
        compared += 1;
    }
    assert!(compared >= 10);
}

/// Stopping a search once the iterations left cannot change its choice
/// gives the decision the whole budget gives, and stops early at times.
#[test]
fn a_settled_search_decides_as_the_whole_budget_would() {
    let c = content();
    let (mut compared, mut saved) = (0, 0u64);
    for seed in 0..16u64 {
        let g = game_at(&c, seed, [true, true, true, true], 8 + seed as usize * 4);
        let Some(seat) = g.to_decide() else { continue };
        let k = g.knowledge(seat);
        let mut whole = ismcts(&c, 200, seed);
        whole.settings_mut().settle = false;
        let mut settled = ismcts(&c, 200, seed);
        assert_eq!(whole.decide(&k), settled.decide(&k), "seed {seed}");
        assert!(settled.stats().iterations <= whole.stats().iterations);
        saved += whole.stats().iterations - settled.stats().iterations;
        compared += 1;
    }
    assert!(compared >= 12);
    assert!(saved > 0, "no search settled early");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    /// Every bot answers only with a legal decision, to the end of a game.
    #[test]
    fn bots_only_decide_legally(seed in 0u64..1_000_000, which in 0usize..3) {
        let c = content();
        let mut g = Lov::start(&c, &Setup::new(seed, [true, false, true, false], &c)).unwrap();
        g.set_logging(false);
        let mut bots: Vec<Box<dyn Bot<Lov>>> = vec![
            Box::new(RandomBot::new(seed)),
            Box::new(Heuristic::new(c.clone(), seed)),
            Box::new(ismcts(&c, 20, seed)),
        ];
        let bot = &mut bots[which];
        let mut other = RandomPolicy::new(seed);
        let mut n = 0;
        while let Some(seat) = g.to_decide() {
            let d = if seat == 0 {
                let k = Observable::knowledge(&g, seat);
                let d = bot.decide(&k);
                prop_assert!(g.validate(&d).is_ok(), "{d:?} is not among {:?}", g.options());
                d
            } else {
                other.choose(&g).unwrap()
            };
            g.apply(d).unwrap();
            n += 1;
            prop_assert!(n < 5000);
        }
    }
}

/// Bot specifications read as written, and a bad one says what was wrong.
#[test]
fn bot_specifications() {
    assert_eq!("faceless".parse::<Spec>().unwrap(), Spec::Faceless);
    assert_eq!(
        "ismcts:iters=300".parse::<Spec>().unwrap(),
        Spec::Ismcts(Budget::Iterations(300))
    );
    assert_eq!(
        "ismcts:think=500ms".parse::<Spec>().unwrap(),
        Spec::Ismcts(Budget::Time(std::time::Duration::from_millis(500)))
    );
    assert_eq!(
        "ismcts:think=1s".parse::<Spec>().unwrap(),
        Spec::Ismcts(Budget::Time(std::time::Duration::from_secs(1)))
    );
    assert_eq!(
        "ismcts:iters=128,think=400ms".parse::<Spec>().unwrap(),
        Spec::Ismcts(Budget::Capped {
            iterations: 128,
            time: std::time::Duration::from_millis(400)
        })
    );
    for written in [
        "ismcts:iters=128,think=400ms",
        "ismcts:think=400ms,iters=128",
    ] {
        let spec = written.parse::<Spec>().unwrap();
        assert_eq!(spec.to_string().parse::<Spec>().unwrap(), spec);
    }
    for bad in [
        "",
        "ismcts:iters=0",
        "ismcts:iters=3,iters=4",
        "ismcts:iters=3,",
        "ismcts:iters=3,think=1s,think=2s",
        "ismcts:think=fast",
        "greedy",
        "random:iters=3",
    ] {
        let e = bad.parse::<Spec>().unwrap_err().to_string();
        assert!(e.starts_with(&format!("bot `{bad}`")), "{e}");
    }
}

/// The heuristic General deploys as a player holding regions would: a
/// force moving out of a region with Power or a city leaves one Unit
/// behind, so the region stays controlled for the Harvest (LoV Glossary
/// "Control", "Harvest"); out of a bare region the whole force goes.
#[test]
fn the_heuristic_general_keeps_a_region_worth_holding() {
    use valerna_lov::decision::Decision;
    use valerna_lov::effect::UnitType;
    use valerna_lov::log::Ask;
    let c = content();
    let (mut kept, mut left_empty) = (0, 0);
    for seed in 0..40 {
        let mut g = Lov::start(&c, &Setup::new(seed, [true; 4], &c)).unwrap();
        g.set_logging(false);
        let mut bots: Vec<Heuristic> = (0..4)
            .map(|s| Heuristic::new(c.clone(), seed + s))
            .collect();
        let mut n = 0;
        while let Some(seat) = g.to_decide() {
            let k = Observable::knowledge(&g, seat);
            let d = bots[usize::from(seat)].decide(&k);
            if let (Ask::MoveCount { unit, from, .. }, Decision::Count(moved)) = (k.ask(), d) {
                let v = k.view();
                let reg = &v.regions[usize::from(from)];
                let force = &reg.force[usize::from(seat / 2)];
                let first = UnitType::ALL
                    .into_iter()
                    .find(|t| force.units[t.index()] > 0)
                    .unwrap();
                let have = force.units[unit.index()];
                if unit == first && force.units.iter().sum::<u8>() >= 2 {
                    if reg.power > 0 || reg.city {
                        assert_eq!(moved, have - 1, "seed {seed}: one Unit stays in {from}");
                        kept += 1;
                    } else {
                        assert_eq!(moved, have, "seed {seed}: nothing to hold in {from}");
                        left_empty += 1;
                    }
                }
            }
            g.apply(d).unwrap();
            n += 1;
            assert!(n < 5000);
        }
    }
    assert!(
        kept >= 5 && left_empty >= 5,
        "kept {kept}, left {left_empty}"
    );
}

/// The search's outlook: every seat's chance is a mean payoff (between 0
/// and 1), and the deciding seat's is the visit-weighted mean of its
/// options' values, every iteration passing through one of them.
#[test]
fn the_outlook_is_the_mean_of_the_searched_payoffs() {
    let c = content();
    for (seed, steps) in [(3u64, 5usize), (8, 40), (21, 120)] {
        let g = game_at(&c, seed, [true, true, false, true], steps);
        let Some(seat) = g.to_decide() else { continue };
        let mut search = ismcts(&c, 300, seed);
        search.settings_mut().settle = false;
        let o = search.outlook(&g.knowledge(seat)).unwrap();
        assert_eq!(o.chances.len(), g.seats());
        assert!(o.chances.iter().all(|p| (0.0..=1.0).contains(p)), "{o:?}");
        let visits: u32 = o.options.iter().map(|w| w.visits).sum();
        let weighted: f64 = o
            .options
            .iter()
            .map(|w| w.value * f64::from(w.visits))
            .sum();
        let mine = o.chances[usize::from(seat)];
        assert!(
            (weighted / f64::from(visits) - mine).abs() < 1e-9,
            "{mine} {o:?}"
        );
        // `weigh` is the same search's options.
        let mut again = ismcts(&c, 300, seed);
        again.settings_mut().settle = false;
        assert_eq!(again.weigh(&g.knowledge(seat)).unwrap(), o.options);
    }
}

/// Every question of whole games can be weighed: the seat's knowledge builds
/// games that show it its view, deep in a card's resolution too, after dice
/// were rolled in it (they roll again the dice the seat saw, then their own).
#[test]
fn every_question_of_a_game_builds_games_from_what_its_seat_knows() {
    let c = content();
    let sampler = LovSampler::new(c.clone());
    let (mut positions, mut after_dice, mut built) = (0, 0, 0);
    for seed in 0..4u64 {
        let mut g = Lov::start(&c, &Setup::new(seed, [true, true, false, true], &c)).unwrap();
        let mut p = RandomPolicy::new(seed ^ 7);
        while let Some(seat) = g.to_decide() {
            positions += 1;
            if g.settled().stream != g.state().stream {
                after_dice += 1;
            }
            let k = g.knowledge(seat);
            if (0..4).any(|i| {
                sampler
                    .sample(&k, i)
                    .is_some_and(|d| d.view(seat) == g.view(seat))
            }) {
                built += 1;
            }
            g.apply(p.choose(&g).unwrap()).unwrap();
        }
    }
    assert!(
        after_dice >= 20,
        "{after_dice} questions after dice, of {positions}"
    );
    assert_eq!(built, positions, "{after_dice} questions after dice");
}
