//! Invariants of the exact odds over arbitrary attacks, and agreement with
//! the seeded Monte Carlo that rolls the engines' own dice.

use proptest::prelude::*;
use valerna_dice::bov::{Colour, DiceGroup, Shift};
use valerna_dice::odds::{self, Attack, Defense, Target};
use valerna_dice::{Pmf, Stream, sim};

fn colour() -> impl Strategy<Value = Colour> {
    prop_oneof![Just(Colour::Black), Just(Colour::Gray), Just(Colour::White)]
}

fn shift() -> impl Strategy<Value = Shift> {
    prop_oneof![
        Just(Shift::Downgrade),
        Just(Shift::None),
        Just(Shift::Upgrade)
    ]
}

fn pool() -> impl Strategy<Value = Vec<DiceGroup>> {
    prop::collection::vec(
        (1u32..12, colour()).prop_map(|(count, colour)| DiceGroup { count, colour }),
        1..4,
    )
}

fn sums_to_one(p: &Pmf) -> bool {
    (p.total() - 1.0).abs() < 1e-12 && p.probabilities().iter().all(|&x| x >= 0.0)
}

proptest! {
    /// The story's dice are the rules' dice: rolled die by die from the same
    /// stream, a pool totals what `roll_attack` counts and blocks what
    /// `roll_defense` counts, and leaves the stream where they leave it.
    #[test]
    fn dice_told_one_by_one_are_the_dice_rolled(pool in pool(), s in shift(), seed in any::<u64>(), n in 0u32..12, d in colour(), ds in shift()) {
        use valerna_dice::bov::{roll_attack, roll_attack_dice, roll_defense, roll_defense_dice};
        let mut a = Stream::new(seed);
        let mut b = Stream::new(seed);
        let counted = roll_attack(&pool, s, &mut a);
        let dice = roll_attack_dice(&pool, s, &mut b);
        prop_assert_eq!(dice.len() as u32, pool.iter().map(|g| g.count).sum::<u32>());
        prop_assert_eq!(dice.iter().map(|x| x.face.standard()).sum::<u32>(), counted.standard);
        prop_assert_eq!(dice.iter().map(|x| x.face.critical()).sum::<u32>(), counted.critical);
        let blocks = roll_defense(n, d, ds, &mut a);
        let told = roll_defense_dice(n, d, ds, &mut b);
        prop_assert_eq!(told.iter().filter(|x| x.block).count() as u32, blocks);
        prop_assert_eq!(a.d10(), b.d10(), "the stream moved on alike");
    }

    /// The wounds or hits alone are the whole attack's, to the bit.
    #[test]
    fn wounds_and_hits_alone_are_the_attacks(
        per_model in pool(), models in 1u32..8, a in shift(), d in colour(), ds in shift(),
    ) {
        let attack = Attack { per_model, models, shift: a };
        let defense = Defense { colour: d, shift: ds };
        let o = odds::attack(&attack, defense).unwrap();
        prop_assert_eq!(odds::attack_wounds(&attack, defense).unwrap(), o.wounds);
        prop_assert_eq!(odds::attack_hits(&attack, defense).unwrap(), o.hits);
    }

    #[test]
    fn every_pmf_sums_to_one(
        per_model in pool(), models in 1u32..8, a in shift(), d in colour(), ds in shift(),
        health in 1u32..6, size in 1u32..12, already in 0u32..5,
    ) {
        let attack = Attack { per_model, models, shift: a };
        let o = odds::attack(&attack, Defense { colour: d, shift: ds }).unwrap();
        prop_assert!(sums_to_one(&o.wounds), "wounds sum {}", o.wounds.total());
        prop_assert!(sums_to_one(&o.hits));
        prop_assert!(sums_to_one(&o.standard_hits));
        prop_assert!(sums_to_one(&o.critical_hits));
        let lost = odds::models_lost(&o.wounds, Target { health, models: Some(size), wounds: already }).unwrap();
        prop_assert!(sums_to_one(&lost));
        prop_assert!(lost.max() <= size as usize);
        prop_assert!(sums_to_one(&odds::morale_fleeing(d, ds, size)));
        prop_assert!(sums_to_one(&odds::lov_combat(models * 3).unwrap().hits));
    }

    /// BoV 5.1, "Upgrading & Downgrading": an upgrade never makes a roll
    /// worse for the roller; a downgrade never makes it better.
    #[test]
    fn an_upgrade_never_lowers_the_mean(per_model in pool(), models in 1u32..5, d in colour(), ds in shift(), a in shift()) {
        let wounds = |a: Shift, d: Defense| {
            odds::attack(&Attack { per_model: per_model.clone(), models, shift: a }, d).unwrap().wounds.mean()
        };
        let def = Defense { colour: d, shift: ds };
        let (down, none, up) = (wounds(Shift::Downgrade, def), wounds(Shift::None, def), wounds(Shift::Upgrade, def));
        prop_assert!(down <= none + 1e-12 && none <= up + 1e-12, "{down} {none} {up}");
        // The defender's upgrade lowers the wounds it takes: its blocks rise.
        let against = |s| wounds(a, Defense { colour: d, shift: s });
        prop_assert!(against(Shift::Upgrade) <= against(Shift::None) + 1e-12);
        prop_assert!(against(Shift::None) <= against(Shift::Downgrade) + 1e-12);
        // A Morale test passes at least as often when upgraded.
        prop_assert!(odds::morale_pass(d, Shift::Upgrade) >= odds::morale_pass(d, Shift::None));
        prop_assert!(odds::morale_pass(d, Shift::None) >= odds::morale_pass(d, Shift::Downgrade));
    }

    /// A stronger colour never deals fewer wounds on average.
    #[test]
    fn a_stronger_die_never_lowers_the_mean(n in 1u32..15, a in shift(), d in colour(), ds in shift()) {
        let mean = |c| {
            let attack = Attack { per_model: vec![DiceGroup { count: n, colour: c }], models: 1, shift: a };
            odds::attack(&attack, Defense { colour: d, shift: ds }).unwrap().wounds.mean()
        };
        prop_assert!(mean(Colour::White) <= mean(Colour::Gray) + 1e-12);
        prop_assert!(mean(Colour::Gray) <= mean(Colour::Black) + 1e-12);
    }
}

const ROLLS: u64 = 200_000;
/// "Every probability within 0.5% over 200,000 rolls" (absolute).
const AGREEMENT: f64 = 0.005;

fn agree(exact: &Pmf, simulated: &Pmf, what: &str) {
    let gap = exact.max_abs_diff(simulated);
    assert!(
        gap < AGREEMENT,
        "{what}: simulated differs from exact by {gap:.5}"
    );
}

#[test]
fn monte_carlo_agrees_with_exact_attacks() {
    let cases = [
        (
            vec![DiceGroup {
                count: 3,
                colour: Colour::Black,
            }],
            1,
            Shift::None,
            Colour::Gray,
            Shift::None,
        ),
        (
            vec![DiceGroup {
                count: 2,
                colour: Colour::Black,
            }],
            3,
            Shift::Upgrade,
            Colour::Black,
            Shift::Upgrade,
        ),
        (
            vec![DiceGroup {
                count: 4,
                colour: Colour::White,
            }],
            2,
            Shift::Downgrade,
            Colour::White,
            Shift::Downgrade,
        ),
        (
            vec![
                DiceGroup {
                    count: 2,
                    colour: Colour::Gray,
                },
                DiceGroup {
                    count: 1,
                    colour: Colour::White,
                },
            ],
            2,
            Shift::Upgrade,
            Colour::Gray,
            Shift::Downgrade,
        ),
    ];
    for (i, (per_model, models, a, d, ds)) in cases.into_iter().enumerate() {
        let attack = Attack {
            per_model,
            models,
            shift: a,
        };
        let defense = Defense {
            colour: d,
            shift: ds,
        };
        let exact = odds::attack(&attack, defense).unwrap().wounds;
        let simulated =
            sim::attack_wounds(&attack, defense, ROLLS, &mut Stream::new(100 + i as u64)).unwrap();
        agree(&exact, &simulated, &format!("attack case {i}"));
    }
}

#[test]
fn monte_carlo_agrees_with_exact_charge_morale_and_lov() {
    agree(
        &odds::charge_bonus(),
        &sim::charge_bonus(ROLLS, &mut Stream::new(7)),
        "charge",
    );
    for (die, s) in [
        (Colour::Gray, Shift::None),
        (Colour::Black, Shift::Upgrade),
        (Colour::White, Shift::Downgrade),
    ] {
        let exact = odds::morale_fleeing(die, s, 5);
        let simulated = sim::morale_fleeing(die, s, 5, ROLLS, &mut Stream::new(8));
        agree(&exact, &simulated, &format!("morale {die} {s:?}"));
    }
    let exact = odds::lov_combat(5).unwrap();
    let (crit, std) = sim::lov_combat(5, ROLLS, &mut Stream::new(9));
    agree(&exact.immediate_wounds, &crit, "LoV immediate wounds");
    agree(&exact.standard_hits, &std, "LoV standard hits");
}
