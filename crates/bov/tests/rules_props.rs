//! Property tests of the rules that need no geometry: wounds are conserved,
//! model counts never go below zero, hits are neither lost nor made when
//! split, morale and fatigue only ever take away.

use proptest::prelude::*;
use valerna_bov::content::Pack;
use valerna_bov::rules::attack::split_hits;
use valerna_bov::rules::fatigue;
use valerna_bov::rules::modifiers::{MoraleCause, MoraleModifiers};
use valerna_bov::rules::morale;
use valerna_bov::rules::state::UnitState;
use valerna_bov::rules::units::{CardId, UnitCard};
use valerna_bov::rules::wounds::{self, LastModelFirst};
use valerna_dice::Stream;
use valerna_dice::bov::AttackRoll;

fn pack() -> Pack {
    Pack::default_pack().expect("default pack")
}

/// A regular (not Epic) card of the pack with `health` and `models` set.
fn regular(pack: &Pack, health: u8, models: u8) -> UnitCard {
    let mut c = pack.unit("bloodclaws").expect("bloodclaws").1.clone();
    c.front.health = health;
    c.models = models;
    c
}

proptest! {
    /// BoV 5.1, "Apply Wounds": every wound either stays as a counter or
    /// went with a model (Health each), until every model is gone.
    #[test]
    fn wounds_are_conserved(health in 1u8..8, models in 1u8..12, hits in proptest::collection::vec(0u32..20, 1..6)) {
        let p = pack();
        let card = regular(&p, health, models);
        let mut u = UnitState::new(CardId(0), &card, 0);
        let mut total = 0u32;
        for w in hits {
            let before = u.models();
            let r = wounds::apply_wounds(&mut u, &card, w, &mut LastModelFirst);
            total += w;
            prop_assert!(u.models() <= before);
            prop_assert_eq!(r.removed.count(), before - u.models());
            prop_assert!(u32::from(u.wounds) < u32::from(health));
            if u.is_defeated() {
                prop_assert!(total >= u32::from(models) * u32::from(health));
                prop_assert_eq!(u.wounds, 0);
                break;
            }
            let lost = u32::from(models) - u.models();
            prop_assert_eq!(lost * u32::from(health) + u32::from(u.wounds), total);
        }
    }

    /// Epic Creatures: Injured at Health, defeated at the Injured Health.
    #[test]
    fn an_epic_creature_falls_at_front_plus_injured_health(hits in proptest::collection::vec(0u32..8, 1..8)) {
        let p = pack();
        let (id, card) = p.unit("nagasha_magnifex").unwrap();
        let front = u32::from(card.front.health);
        let back = u32::from(card.injured.as_ref().unwrap().health);
        let mut u = UnitState::new(id, card, 1);
        let mut total = 0;
        for w in hits {
            wounds::apply_wounds(&mut u, card, w, &mut LastModelFirst);
            total += w;
            prop_assert_eq!(u.injured, total >= front);
            prop_assert_eq!(u.is_defeated(), total >= front + back);
            if !u.is_defeated() {
                let expect = if u.injured { total - front } else { total };
                prop_assert_eq!(u32::from(u.wounds), expect);
            }
        }
    }

    /// "Ranged Attacks against Engaged Units": hits are divided as evenly as
    /// possible, criticals first, nearest first; none lost, none made.
    #[test]
    fn split_hits_conserve_and_stay_even(standard in 0u32..30, critical in 0u32..10, units in 1usize..5) {
        let split = split_hits(AttackRoll { standard, critical }, units, 0, &[]);
        prop_assert_eq!(split.len(), units);
        prop_assert_eq!(split.iter().map(|r| r.standard).sum::<u32>(), standard);
        prop_assert_eq!(split.iter().map(|r| r.critical).sum::<u32>(), critical);
        let totals: Vec<u32> = split.iter().map(|r| r.standard + r.critical).collect();
        let (lo, hi) = (*totals.iter().min().unwrap(), *totals.iter().max().unwrap());
        prop_assert!(hi - lo <= 1);
        // Nearer units never get fewer hits than farther ones.
        prop_assert!(totals.windows(2).all(|w| w[0] >= w[1]));
        prop_assert!(split.windows(2).all(|w| w[0].critical >= w[1].critical));
    }

    /// Morale only removes models, and a unit that lost a model to it keeps
    /// no wound counter.
    #[test]
    fn morale_never_adds_models(seed in any::<u64>(), wounds_on in 0u8..2, fatigue_n in 0u8..5) {
        let p = pack();
        let (id, card) = p.unit("bloodfangs").unwrap();
        let mut u = UnitState::new(id, card, 0);
        u.wounds = wounds_on;
        let before = u.alive;
        let mods = MoraleModifiers::new(fatigue::FatigueState::of(fatigue_n), MoraleCause::HeavyCasualties);
        let all = u.alive;
        let r = morale::test_models(&mut u, card, all, &mods, &mut Stream::new(seed));
        prop_assert_eq!(u.alive, before.without(r.fled));
        if !r.fled.is_empty() {
            prop_assert_eq!(u.wounds, 0);
        }
    }

    /// "Restore Fatigue" never adds fatigue and never leaves more than it may.
    #[test]
    fn restore_fatigue_only_removes(f in 0u8..10) {
        let r = fatigue::restore(f);
        prop_assert!(r.fatigue <= f);
        prop_assert_eq!(r.fatigue, f.saturating_sub(2));
        prop_assert!(r.status_removals <= 2);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Errors name what was wrong; no input makes the loader or the list
    /// checker panic.
    #[test]
    fn no_text_makes_the_loader_or_the_list_checker_panic(text in ".{0,200}", cut in 0usize..4000) {
        use valerna_bov::content::{DEFAULT_SOURCES, SAMPLE_LISTS, Source};
        use valerna_bov::force_list;
        let _ = force_list::parse(&text);
        // A real file cut short anywhere.
        let src = DEFAULT_SOURCES[1];
        let end = src.text.char_indices().map(|(i, _)| i).take_while(|&i| i <= cut).last().unwrap_or(0);
        let sources = [DEFAULT_SOURCES[0], Source { text: &src.text[..end], ..src }];
        prop_assert!(Pack::load(&sources).is_err() || end == src.text.len());
        let list = SAMPLE_LISTS[0].1;
        let end = list.char_indices().map(|(i, _)| i).take_while(|&i| i <= cut % list.len()).last().unwrap_or(0);
        if let Ok(l) = force_list::parse(&list[..end]) {
            let _ = force_list::validate(&pack(), &l);
        }
    }
}
