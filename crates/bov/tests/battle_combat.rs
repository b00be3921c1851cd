//! The turn engine's Activate Power, Restore Fatigue's status markers, the
//! Flanked unit's attack model by model, and consolidation, against the
//! rulebook (BoV 5.1).

use valerna_bov::battle::{Battle, Decision, Phase};
use valerna_bov::geometry::Point;
use valerna_bov::rules::powers::{ARTIFACT_POWER_SLOT, Roll};
use valerna_bov::rules::status::StatusKind;
use valerna_bov::rules::units::WeaponKind;
use valerna_game::Game;

mod common;
use common::{activate, deployed, place, radius, row, unit_named};

fn powers_offered(g: &Battle) -> Vec<(u8, Option<u16>)> {
    let mut buf = Vec::new();
    g.choices(&mut buf);
    buf.into_iter()
        .filter_map(|d| match d {
            Decision::ActivatePower { power, target } => Some((power, target)),
            _ => None,
        })
        .collect()
}

/// "Activate power": "The unit chooses one of its action powers": a unit
/// with one is offered it, a unit with only a reaction or a passive power is
/// not (BoV 5.1, "Powers" > "Type").
#[test]
fn only_action_powers_are_offered() {
    let mut g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let oc = unit_named(&g, "Oathguard Commander");
    let qui = unit_named(&g, "Parrymaster Qui");
    let df = unit_named(&g, "Dreamfencers");
    place(&mut g, |g| {
        vec![
            (oc, row(g, oc, 1, 10.0, 5.0, 0.0)),
            (qui, row(g, qui, 1, 14.0, 5.0, 0.0)),
            (df, row(g, df, 5, 10.0, 9.0, 0.5)),
        ]
    });
    activate(&mut g, oc);
    let offered = powers_offered(&g);
    assert!(offered.contains(&(0, Some(df))), "{offered:?}");
    assert!(
        offered.contains(&(0, Some(oc))),
        "the caster is a friend too"
    );
    activate(&mut g, qui);
    assert!(powers_offered(&g).is_empty(), "Parry is a reaction");
    activate(&mut g, df);
    assert!(powers_offered(&g).is_empty(), "Flowing Guard is passive");
    let e = g
        .validate(&Decision::ActivatePower {
            power: 0,
            target: None,
        })
        .unwrap_err();
    assert!(e.to_string().contains("not an action power"), "{e}");
}

/// Rally heals 2 on a friendly unit within 6" ("Healing": "remove a number
/// of wound counters ... equal to the amount"); as an action it costs the
/// activation's one fatigue counter and no more ("Action Powers"); a friend
/// beyond 6" is refused.
#[test]
fn rally_heals_a_friend_within_six_inches_for_the_activation_counter() {
    let mut g = deployed(2, "allaria_guild_line", "tyveria_swarm");
    let oc = unit_named(&g, "Oathguard Commander");
    let bu = unit_named(&g, "Bucentaur");
    let far = unit_named(&g, "Eldai Alarn");
    place(&mut g, |g| {
        vec![
            (oc, row(g, oc, 1, 10.0, 5.0, 0.0)),
            (bu, row(g, bu, 1, 14.0, 5.0, 0.0)),
            (far, row(g, far, 1, 30.0, 5.0, 0.0)),
        ]
    });
    g.units[usize::from(bu)].state.wounds = 3;
    activate(&mut g, oc);
    let e = g
        .validate(&Decision::ActivatePower {
            power: 0,
            target: Some(far),
        })
        .unwrap_err();
    assert!(e.to_string().contains("6\""), "{e}");
    g.apply(Decision::ActivatePower {
        power: 0,
        target: Some(bu),
    })
    .unwrap();
    assert_eq!(g.units[usize::from(bu)].state.wounds, 1);
    assert_eq!(g.units[usize::from(oc)].state.fatigue, 1);
    // The end of the turn may be answered (Mending Light, cast by Eldai).
    common::decline_reactions(&mut g);
    assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
}

/// "Ultimate Powers can only be used once during a game"; Dawnfire
/// "inflicts" wounds: 3 black dice, every hit a wound, no defense ("Hits vs.
/// Wounds"), so never more than 6 (two per die at most).
#[test]
fn dawnfire_wounds_without_defense_once_a_game() {
    let mut dealt = 0;
    for seed in 0..12 {
        let mut g = deployed(seed, "allaria_dragon_host", "tyveria_swarm");
        let elyse = unit_named(&g, "Elyse");
        let foe = unit_named(&g, "Ogerron Warchief");
        place(&mut g, |g| {
            vec![
                (elyse, row(g, elyse, 1, 10.0, 5.0, 0.0)),
                (foe, row(g, foe, 1, 10.0, 15.0, 0.0)),
            ]
        });
        activate(&mut g, elyse);
        assert!(powers_offered(&g).contains(&(0, Some(foe))));
        g.apply(Decision::ActivatePower {
            power: 0,
            target: Some(foe),
        })
        .unwrap();
        let w = u32::from(g.units[usize::from(foe)].state.wounds);
        assert!(w <= 6, "{w}");
        dealt += w;
        activate(&mut g, elyse);
        assert!(!powers_offered(&g).iter().any(|(p, _)| *p == 0));
        let e = g
            .validate(&Decision::ActivatePower {
                power: 0,
                target: Some(foe),
            })
            .unwrap_err();
        assert!(e.to_string().contains("Ultimate"), "{e}");
    }
    assert!(dealt > 0);
}

/// Envenom targets "an enemy unit engaged with this unit": offered only
/// when engaged, and it places its 2 Poison markers ("Status Effects").
#[test]
fn envenom_poisons_an_engaged_enemy() {
    let mut g = deployed(3, "allaria_guild_line", "tyveria_dragon_host");
    let shiv = unit_named(&g, "Shiv Cutthroats");
    let df = unit_named(&g, "Dreamfencers");
    let y = 5.0 + 2.0 * radius(&g, df);
    place(&mut g, |g| {
        vec![
            (shiv, row(g, shiv, 5, 10.0, 5.0, 0.5)),
            (df, row(g, df, 5, 10.0, y + 6.0, 0.5)),
        ]
    });
    activate(&mut g, shiv);
    assert!(powers_offered(&g).is_empty(), "no engaged enemy");
    place(&mut g, |g| {
        vec![
            (shiv, row(g, shiv, 5, 10.0, 5.0, 0.5)),
            (df, row(g, df, 5, 10.0, y, 0.5)),
        ]
    });
    assert_eq!(powers_offered(&g), vec![(0, Some(df))]);
    g.apply(Decision::ActivatePower {
        power: 0,
        target: Some(df),
    })
    .unwrap();
    assert_eq!(
        g.units[usize::from(df)]
            .state
            .status
            .get(StatusKind::Poisoned),
        2
    );
}

/// Bladepath Stance: "Until the end of the round, upgrade this unit's
/// defense rolls against melee attacks" - and not against ranged ones.
#[test]
fn bladepath_stance_lasts_until_the_end_of_the_round() {
    let mut g = deployed(4, "allaria_dragon_host", "tyveria_swarm");
    let bp = unit_named(&g, "Bladepath Warriors");
    activate(&mut g, bp);
    g.apply(Decision::ActivatePower {
        power: 0,
        target: None,
    })
    .unwrap();
    let melee = Some(WeaponKind::Melee);
    assert_eq!(g.power_modifier(bp, Roll::Defense, melee), 1);
    assert_eq!(
        g.power_modifier(bp, Roll::Defense, Some(WeaponKind::Ranged)),
        0
    );
    while g.round == 1 {
        // Reactions to the end of the turn and round are declined.
        let d = if matches!(g.phase, Phase::Reaction { .. }) {
            Decision::Reaction { reaction: None }
        } else {
            Decision::Pass
        };
        g.apply(d).unwrap();
    }
    assert_eq!(g.power_modifier(bp, Roll::Defense, melee), 0);
}

/// An Artifact "confers an additional power to the Hero carrying it": the
/// Stormcaller Horn removes a fatigue counter from every friendly unit
/// within 6", the bearer included, and costs the bearer 2.
#[test]
fn the_stormcaller_horn_is_the_bearers_action_power() {
    let mut g = deployed(5, "allaria_guild_line", "tyveria_swarm");
    let ea = unit_named(&g, "Eldai Alarn");
    let df = unit_named(&g, "Dreamfencers");
    let far = unit_named(&g, "Guild Enforcers");
    place(&mut g, |g| {
        vec![
            (ea, row(g, ea, 1, 10.0, 5.0, 0.0)),
            (df, row(g, df, 5, 10.0, 9.0, 0.5)),
            (far, row(g, far, 6, 10.0, 30.0, 0.5)),
        ]
    });
    g.units[usize::from(df)].state.fatigue = 2;
    g.units[usize::from(far)].state.fatigue = 2;
    activate(&mut g, ea);
    assert_eq!(powers_offered(&g), vec![(ARTIFACT_POWER_SLOT, None)]);
    g.apply(Decision::ActivatePower {
        power: ARTIFACT_POWER_SLOT,
        target: None,
    })
    .unwrap();
    assert_eq!(g.units[usize::from(df)].state.fatigue, 1);
    assert_eq!(g.units[usize::from(far)].state.fatigue, 2, "beyond 6\"");
    assert_eq!(g.units[usize::from(ea)].state.fatigue, 1, "1 + 1 - 1");
}

/// "Exhausted units may not activate any powers": a unit whose activation
/// counter is its third has no Activate Power.
#[test]
fn an_exhausted_unit_activates_no_power() {
    let mut g = deployed(6, "allaria_dragon_host", "tyveria_swarm");
    let bp = unit_named(&g, "Bladepath Warriors");
    g.units[usize::from(bp)].state.fatigue = 2;
    activate(&mut g, bp);
    assert!(powers_offered(&g).is_empty());
    let e = g
        .validate(&Decision::ActivatePower {
            power: 0,
            target: None,
        })
        .unwrap_err();
    assert!(e.to_string().contains("Exhausted"), "{e}");
}

/// Ends round 1 at once (both players pass).
/// Both seats pass; the reactions offered as the next round starts (a
/// hand that may hold a card answering Initiative) are declined.
fn end_round(g: &mut Battle) {
    g.phase = Phase::Turn { seat: 0 };
    g.passed = [false; 2];
    g.apply(Decision::Pass).unwrap();
    g.apply(Decision::Pass).unwrap();
    common::decline_reactions(g);
}

/// "Restore Fatigue": a unit that ended the round with no fatigue may
/// remove up to 2 status markers, with 1 counter 1 marker. The owner is
/// asked only when markers of several kinds compete for the removals.
#[test]
fn the_owner_chooses_the_status_markers_restore_fatigue_removes() {
    let mut g = deployed(7, "allaria_guild_line", "tyveria_swarm");
    let ids: Vec<u16> = g.units.iter().map(|u| u.id).collect();
    let (a, b, c) = (ids[0], ids[1], ids[2]);
    // a: two markers, two removals: no choice.
    g.units[usize::from(a)]
        .state
        .status
        .add(StatusKind::Poisoned, 1);
    g.units[usize::from(a)]
        .state
        .status
        .add(StatusKind::Slowed, 1);
    // b: one kind only, one removal: no choice.
    g.units[usize::from(b)]
        .state
        .status
        .add(StatusKind::Slowed, 2);
    g.units[usize::from(b)].state.fatigue = 1;
    // c: three kinds, two removals: the owner chooses.
    for k in StatusKind::ALL {
        g.units[usize::from(c)].state.status.add(k, 1);
    }
    end_round(&mut g);
    assert_eq!(g.units[usize::from(a)].state.status.total(), 0);
    assert_eq!(g.units[usize::from(b)].state.status.slowed, 1);
    assert_eq!(g.units[usize::from(b)].state.fatigue, 0);
    assert_eq!(
        g.phase,
        Phase::Markers {
            unit: c,
            allowed: 2
        }
    );
    assert_eq!(g.to_decide(), Some(g.units[usize::from(c)].owner));
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert_eq!(buf.len(), 3, "{buf:?}");
    let e = g
        .validate(&Decision::RemoveMarkers {
            markers: vec![StatusKind::Slowed, StatusKind::Slowed],
        })
        .unwrap_err();
    assert!(e.to_string().contains("Slowed"), "{e}");
    let e = g
        .validate(&Decision::RemoveMarkers {
            markers: StatusKind::ALL.to_vec(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("Restore Fatigue"), "{e}");
    g.apply(Decision::RemoveMarkers {
        markers: vec![StatusKind::Slowed, StatusKind::Immobilized],
    })
    .unwrap();
    common::decline_reactions(&mut g);
    let s = g.units[usize::from(c)].state.status;
    assert_eq!((s.poisoned, s.slowed, s.immobilized), (1, 0, 0));
    assert_eq!(g.round, 2);
    assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
}

/// Fig. 12: Tyverian units A and C flank Allarian unit B, A at one end of
/// B's line and C at the other. B's models are in base contact with each
/// other, so the second model of each end is engaged through the first
/// ("Engaged").
fn figure_12(seed: u64) -> (Battle, u16, u16, u16) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
    let b = unit_named(&g, "Dreamfencers");
    let a = unit_named(&g, "Ogerron Warchief");
    let c = unit_named(&g, "Adrael");
    let line = row(&g, b, 5, 10.0, 10.0, 0.0);
    let (first, last) = (line[0], line[4]);
    let ra = radius(&g, b) + radius(&g, a);
    let rc = radius(&g, b) + radius(&g, c);
    place(&mut g, |_| {
        vec![
            (b, line),
            (a, vec![Point::new(first.x - ra, first.y)]),
            (c, vec![Point::new(last.x + rc, last.y)]),
        ]
    });
    activate(&mut g, b);
    (g, a, b, c)
}

/// BoV 5.1, "Flanking & Flanked" (Fig. 12): "each model in the Flanked unit
/// can attack its choice of the enemy units it is engaged with. First,
/// declare which enemy unit each of your models is attacking, and then
/// resolve the attacks against each unit separately."
#[test]
fn a_flanked_unit_attacks_model_by_model_fig_12() {
    let (g, a, b, c) = figure_12(8);
    let snap = g.snapshot();
    assert!(g.flanked(&snap, b));
    let split = vec![(0, a), (1, a), (3, c), (4, c)];
    g.validate(&Decision::FlankedAttack {
        targets: split.clone(),
    })
    .unwrap();
    for (bad, why) in [
        (vec![(0, c)], "not engaged"),
        (vec![(2, a)], "not engaged"),
        (vec![(0, a), (0, a)], "twice"),
        (
            vec![(9, a)],
            "model 10 of Dreamfencers is not on the battlefield",
        ),
    ] {
        let e = g
            .validate(&Decision::FlankedAttack { targets: bad })
            .unwrap_err();
        assert!(e.to_string().contains(why), "{e}");
    }
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(buf.contains(&Decision::FlankedAttack { targets: split }));
    // Both units take wounds from the split attack over a few seeds; with
    // every model declared against A, C never does.
    let mut hurt = [0u32; 2];
    for seed in 0..30 {
        let (mut g, a, _, c) = figure_12(seed);
        g.apply(Decision::FlankedAttack {
            targets: vec![(0, a), (1, a), (3, c), (4, c)],
        })
        .unwrap();
        hurt[0] += u32::from(g.units[usize::from(a)].state.wounds);
        hurt[1] += u32::from(g.units[usize::from(c)].state.wounds);
        let (mut g, a, _, c) = figure_12(seed);
        g.apply(Decision::FlankedAttack {
            targets: vec![(0, a), (1, a)],
        })
        .unwrap();
        assert_eq!(g.units[usize::from(c)].state.wounds, 0);
    }
    assert!(hurt[0] > 0 && hurt[1] > 0, "{hurt:?}");
}

/// A unit engaged with one enemy unit is not Flanked and declares no split.
#[test]
fn only_a_flanked_unit_declares_model_by_model() {
    let (mut g, a, b, c) = figure_12(9);
    g.units[usize::from(c)].deployed = false;
    let snap = g.snapshot();
    assert!(!g.flanked(&snap, b));
    let e = g
        .validate(&Decision::FlankedAttack {
            targets: vec![(0, a)],
        })
        .unwrap_err();
    assert!(e.to_string().contains("Flanked"), "{e}");
}

/// The Guild Enforcers in two rows against a row of five Sellswords, and
/// a column of Dreamfencers whose first model alone touches the
/// Sellswords' end model: the battle, the three units (Enforcers,
/// Dreamfencers, Sellswords), the Sellswords' places and the
/// Dreamfencers'.
fn enforcers_beside_a_column(seed: u64) -> (Battle, [u16; 3], Vec<Point>, Vec<Point>) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
    let ge = unit_named(&g, "Guild Enforcers");
    let df = unit_named(&g, "Dreamfencers");
    let ss = unit_named(&g, "Sellsword Company");
    let foes = row(&g, ss, 5, 10.0, 10.0, 0.5);
    let d = 2.0 * radius(&g, ss);
    let mut attackers = row(&g, ge, 4, 10.0, 10.0 - d, 0.5);
    attackers.extend(row(&g, ge, 2, 10.0, 10.0 - d - 1.5, 0.5));
    let end = foes[4];
    let rd = radius(&g, df);
    let friends: Vec<Point> = (0..5)
        .map(|k| {
            Point::new(
                end.x,
                end.y + radius(&g, ss) + rd + f64::from(k) * (2.0 * rd + 0.2),
            )
        })
        .collect();
    place(&mut g, |_| {
        vec![(ss, foes.clone()), (ge, attackers), (df, friends.clone())]
    });
    (g, [ge, df, ss], foes, friends)
}

/// BoV 5.1, "Consolidate (melee only)": "models in the attacking unit and
/// other units on the attacking side that are no longer engaged ... must
/// move to be engaged with any of the enemy units that their unit was
/// engaged with before the attack." The Guild Enforcers attack the
/// Sellswords; the Dreamfencers, a friend in a column whose first model
/// alone touches the Sellswords' end model, lose their foe when the owner
/// removes that model, and that model consolidates back into contact, the
/// column's others, never engaged, staying where they stand.
#[test]
fn other_units_on_the_attacking_side_consolidate() {
    let mut checked = 0;
    for seed in 0..60 {
        let (mut g, [ge, df, ss], _, friends) = enforcers_beside_a_column(seed);
        let snap = g.snapshot();
        assert_eq!(g.engaged_with(&snap, df), vec![ss]);
        activate(&mut g, ge);
        g.apply(Decision::Attack { target: ss }).unwrap();
        let Phase::Casualties { plan, .. } = g.phase.clone() else {
            continue;
        };
        if plan.removals != 1 {
            continue;
        }
        g.apply(Decision::Remove { models: vec![4] }).unwrap();
        if !g.units[usize::from(ss)].alive() || !g.units[usize::from(df)].alive() {
            continue;
        }
        // "Must be moved (by their owner)": each unit's owner is asked in
        // turn, about the models no longer engaged alone.
        let mut asked = Vec::new();
        while let Phase::Consolidate { unit, movers, .. } = g.phase.clone() {
            asked.push((unit, movers));
            let mut buf = Vec::new();
            g.choices(&mut buf);
            g.apply(buf[0].clone()).unwrap();
        }
        assert!(asked.contains(&(df, vec![0])), "seed {seed}: {asked:?}");
        let snap = g.snapshot();
        assert_eq!(g.engaged_with(&snap, df), vec![ss], "seed {seed}");
        assert_eq!(
            g.units[usize::from(df)].positions[1..],
            friends[1..],
            "seed {seed}: the models never engaged stay"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

/// The column of Dreamfencers of [`other_units_on_the_attacking_side_consolidate`]
/// as their owner is asked where their first model consolidates, the
/// battle's other consolidations placed as offered; `None` for a seed whose
/// dice do not kill exactly the Sellswords' end model.
fn dreamfencers_consolidating(seed: u64) -> Option<(Battle, u16, Vec<Point>)> {
    let (mut g, [ge, df, ss], foes, _) = enforcers_beside_a_column(seed);
    activate(&mut g, ge);
    g.apply(Decision::Attack { target: ss }).unwrap();
    let Phase::Casualties { plan, .. } = g.phase.clone() else {
        return None;
    };
    if plan.removals != 1 {
        return None;
    }
    g.apply(Decision::Remove { models: vec![4] }).unwrap();
    let mut buf = Vec::new();
    loop {
        match &g.phase {
            Phase::Consolidate { unit, .. } if *unit == df => return Some((g, df, foes)),
            Phase::Consolidate { .. } => {
                g.choices(&mut buf);
                g.apply(buf[0].clone()).unwrap();
            }
            _ => return None,
        }
    }
}

/// BoV 5.1, "Consolidate": the models "must be moved (by their owner)"
/// following "the principle of engaging as many models in the enemy units
/// as possible, while maintaining coherency" (docs/rulings.md,
/// "Consolidation, by the owner"). The Dreamfencers' owner is offered the
/// engine's placement and may put the model elsewhere in contact, as long
/// as it engages as many models; a model that was never engaged may not
/// move, and the refusal names it by its unit, counting from 1.
#[test]
fn the_owner_places_the_consolidating_models() {
    let mut placed = 0;
    for seed in 0..60 {
        let Some((mut g, df, foes)) = dreamfencers_consolidating(seed) else {
            continue;
        };
        let Phase::Consolidate { proposal, .. } = g.phase.clone() else {
            unreachable!()
        };
        assert_eq!(proposal.len(), 1, "seed {seed}: the first model alone");
        assert_eq!(proposal[0].0, 0);
        let offered = *proposal[0].1.last().unwrap();
        let mut buf = Vec::new();
        g.choices(&mut buf);
        assert_eq!(buf, vec![Decision::Consolidate { paths: proposal }]);
        let e = g
            .validate(&Decision::Consolidate {
                paths: vec![(1, vec![Point::new(foes[3].x, foes[3].y + 1.0)])],
            })
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("model 2 of Dreamfencers does not consolidate"),
            "seed {seed}: {e}"
        );
        // Another spot in base contact with the Sellswords' model now at
        // the end of their line.
        let reach = radius(&g, df) + 0.5 * (foes[1].x - foes[0].x - 0.5) + 0.0005;
        let other = (0..36)
            .map(|k| {
                let a = f64::from(k) * std::f64::consts::PI / 18.0;
                Point::new(foes[3].x + reach * a.cos(), foes[3].y + reach * a.sin())
            })
            .filter(|p| p.dist(offered) > 0.3)
            .map(|p| Decision::Consolidate {
                paths: vec![(0, vec![p])],
            })
            .find(|d| g.validate(d).is_ok());
        let Some(d) = other else {
            continue;
        };
        let Decision::Consolidate { paths } = &d else {
            unreachable!()
        };
        let to = paths[0].1[0];
        g.apply(d.clone()).unwrap();
        assert_eq!(g.units[usize::from(df)].positions[0], to, "seed {seed}");
        placed += 1;
    }
    assert!(placed > 0, "no seed placed the model otherwise");
}

/// BoV 5.1, "Consolidate": the models "must move to be engaged", engaging
/// "as many models in the enemy units as possible": a placement that
/// leaves the model where it stands, or moves it short of contact, engages
/// fewer models than the one offered and is refused, saying so.
#[test]
fn a_consolidation_that_engages_fewer_models_is_refused() {
    let mut checked = 0;
    for seed in 0..60 {
        let Some((g, df, _)) = dreamfencers_consolidating(seed) else {
            continue;
        };
        let Phase::Consolidate { engages, .. } = g.phase.clone() else {
            unreachable!()
        };
        assert_eq!((engages.own, engages.enemy), (1, 1), "seed {seed}");
        let e = g
            .validate(&Decision::Consolidate { paths: Vec::new() })
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("engages 0 models of Dreamfencers with 0 enemy models")
                && e.contains("can engage 1 with 1"),
            "seed {seed}: {e}"
        );
        let at = g.units[usize::from(df)].positions[0];
        let short = Decision::Consolidate {
            paths: vec![(0, vec![Point::new(at.x - 0.3, at.y + 0.2)])],
        };
        assert!(g.validate(&short).is_err(), "seed {seed}");
        checked += 1;
    }
    assert!(checked > 0);
}

mod restore_props {
    use super::*;
    use proptest::prelude::*;
    use std::sync::LazyLock;
    use valerna_bov::rules::fatigue::restore;

    static BATTLE: LazyLock<Battle> =
        LazyLock::new(|| deployed(11, "allaria_guild_line", "tyveria_swarm"));

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// "Restore Fatigue": the owner is asked only when markers of more
        /// than one kind outnumber the removals; then every choice offered
        /// is legal and removes as many as allowed. Otherwise as many as
        /// allowed go at once.
        #[test]
        fn restore_fatigue_asks_only_for_a_real_choice(
            p in 0u8..3, s in 0u8..3, i in 0u8..3, fatigue in 0u8..5,
        ) {
            let mut g = BATTLE.clone();
            let u = g.units[0].id;
            let st = &mut g.units[0].state;
            st.fatigue = fatigue;
            st.status.add(StatusKind::Poisoned, p);
            st.status.add(StatusKind::Slowed, s);
            st.status.add(StatusKind::Immobilized, i);
            let total = u32::from(p + s + i);
            let kinds = [p, s, i].iter().filter(|&&n| n > 0).count();
            let allowed = restore(fatigue).status_removals;
            end_round(&mut g);
            if total > u32::from(allowed) && kinds > 1 && allowed > 0 {
                prop_assert_eq!(g.phase.clone(), Phase::Markers { unit: u, allowed });
                let mut buf = Vec::new();
                g.choices(&mut buf);
                prop_assert!(!buf.is_empty());
                for d in &buf {
                    prop_assert!(g.validate(d).is_ok());
                    let Decision::RemoveMarkers { markers } = d else {
                        panic!("{d:?}")
                    };
                    prop_assert_eq!(markers.len(), usize::from(allowed));
                }
            } else {
                prop_assert!(matches!(g.phase, Phase::Turn { .. }), "{:?}", g.phase);
                let left = g.units[0].state.status.total();
                prop_assert_eq!(left, total - total.min(u32::from(allowed)));
                prop_assert_eq!(g.units[0].state.fatigue, restore(fatigue).fatigue);
            }
        }
    }
}
