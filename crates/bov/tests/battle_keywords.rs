//! The unit keywords the turn engine plays: Command X, Giant and Flying
//! (BoV 5.1, "Unit Keywords").

use valerna_bov::battle::{Battle, Decision, Phase, Reaction};
use valerna_bov::geometry::{Point, TerrainKind, TerrainPiece};
use valerna_bov::rules::keywords::AttackKeyword;
use valerna_bov::rules::powers::Trigger;
use valerna_game::Game;

mod common;
use common::{decline_reactions, deployed, place_on, radius, row, unit_named};

/// The Oathguard Commander (Command Infantry) with the Dreamfencers
/// (Infantry) `gap` inches from him.
fn commander_and_fencers(seed: u64, gap: f64) -> (Battle, u16, u16) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
    let oc = unit_named(&g, "Oathguard Commander");
    let df = unit_named(&g, "Dreamfencers");
    let adrael = unit_named(&g, "Adrael");
    place_on(&mut g, Vec::new(), |g| {
        let y = 5.0 + radius(g, oc) + radius(g, df) + gap;
        vec![
            (oc, row(g, oc, 1, 10.0, 5.0, 0.0)),
            (df, row(g, df, 5, 10.0, y, 0.5)),
            (adrael, row(g, adrael, 1, 21.0, 5.0, 0.0)),
        ]
    });
    (g, oc, df)
}

/// "Command X": "Units with the X keyword within 1" of this Hero, or with
/// this Hero's activation marker on them, are 'commanded by' the Hero", and
/// upgrade their morale tests.
#[test]
fn command_covers_units_within_one_inch_or_with_the_marker() {
    let (g, oc, df) = commander_and_fencers(1, 0.9);
    assert!(g.commanded(df));
    assert!(!g.commanded(oc), "a Hero does not command itself");
    let (mut g, oc, df) = commander_and_fencers(1, 3.0);
    assert!(!g.commanded(df));
    g.command_marker = Some((oc, df));
    assert!(g.commanded(df), "the activation marker commands too");
    // Golden Gunners are Infantry of the Guild: commanded too; the
    // Bucentaur (a Beast) never.
    let bu = unit_named(&g, "Bucentaur");
    let gg = unit_named(&g, "Golden Gunners");
    place_on(&mut g, Vec::new(), |g| {
        vec![
            (oc, row(g, oc, 1, 10.0, 5.0, 0.0)),
            (
                bu,
                vec![Point::new(10.0, 5.0 + radius(g, oc) + radius(g, bu) + 0.5)],
            ),
            (
                gg,
                vec![Point::new(10.0 - radius(g, oc) - radius(g, gg) - 0.5, 5.0)],
            ),
        ]
    });
    g.command_marker = None;
    assert!(g.commanded(gg));
    assert!(!g.commanded(bu));
}

/// "Command X": "At the start of this Hero's activation, you may place an
/// activation marker on a single unit with the X keyword within 1" of it.
/// After this Hero has finished its activation, you must immediately
/// remove the activation marker and activate that unit."
#[test]
fn command_gives_two_activations_in_a_row() {
    let (mut g, oc, df) = commander_and_fencers(2, 0.5);
    let seat = g.units[usize::from(oc)].owner;
    g.phase = Phase::Turn { seat };
    g.passed = [false, false];
    g.apply(Decision::Activate { unit: oc }).unwrap();
    let Phase::Command { hero, candidates } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    assert_eq!((hero, candidates.clone()), (oc, vec![df]));
    assert!(g.validate(&Decision::Command { unit: Some(oc) }).is_err());
    g.apply(Decision::Command { unit: Some(df) }).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.phase, Phase::Action { unit: oc });
    assert!(g.commanded(df));
    let fatigue = g.units[usize::from(df)].state.fatigue;
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    // The same player's turn goes on with the marked unit.
    assert_eq!(g.phase, Phase::Action { unit: df });
    assert_eq!(g.units[usize::from(df)].state.fatigue, fatigue + 1);
    assert_eq!(g.command_marker, None);
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.phase, Phase::Turn { seat: 1 - seat });
}

/// The Ogerron Warchief (Command Ogerron) and the Ogerron Phalanx, 0.6"
/// apart, both in base contact with Parrymaster Qui; Qui's Parry not yet
/// used this turn.
fn warchief_and_phalanx_on_qui(seed: u64) -> (Battle, u16, u16, u16) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
    let qui = unit_named(&g, "Parrymaster Qui");
    let wc = unit_named(&g, "Ogerron Warchief");
    let ph = unit_named(&g, "Ogerron Phalanx");
    place_on(&mut g, Vec::new(), |g| {
        let (rq, rw, rp) = (radius(g, qui), radius(g, wc), radius(g, ph));
        let x = 20.0 - rq - rp;
        let step = 2.0 * rp + 0.5;
        vec![
            (qui, vec![Point::new(20.0, 10.0)]),
            (wc, vec![Point::new(20.0, 10.0 - rq - rw)]),
            (
                ph,
                (0..3)
                    .map(|k| Point::new(x - f64::from(k) * step, 10.0))
                    .collect(),
            ),
        ]
    });
    (g, qui, wc, ph)
}

/// Whether the pending question offers Qui's Parry.
fn parry_offered(g: &Battle, qui: u16) -> bool {
    matches!(&g.phase, Phase::Reaction { options, .. }
        if options.iter().any(|o| matches!(o, Reaction::Power { unit, .. } if *unit == qui)))
}

/// BoV p.21, "Activating Powers": "a given power may only be activated once
/// per turn; this is true even for reaction powers regardless of how many
/// times their triggering conditions are met during a turn", and p.22,
/// "Command X": the marked unit's activation comes "in a row in a single
/// turn". Qui parries the Warchief's attack; the Phalanx, activated by the
/// Warchief's marker in the same turn, attacks him and Parry is not offered
/// again.
#[test]
fn a_reaction_power_is_used_once_across_a_command_turn() {
    let mut checked = 0;
    for seed in 0..8 {
        let (mut g, qui, wc, ph) = warchief_and_phalanx_on_qui(seed);
        let seat = g.units[usize::from(wc)].owner;
        g.phase = Phase::Turn { seat };
        g.passed = [false, false];
        g.apply(Decision::Activate { unit: wc }).unwrap();
        g.apply(Decision::Command { unit: Some(ph) }).unwrap();
        decline_reactions(&mut g);
        assert_eq!(g.phase, Phase::Action { unit: wc });
        g.apply(Decision::Attack { target: qui }).unwrap();
        assert!(parry_offered(&g, qui), "{:?}", g.phase);
        let Phase::Reaction { options, .. } = g.phase.clone() else {
            unreachable!()
        };
        g.apply(Decision::Reaction {
            reaction: options.first().cloned(),
        })
        .unwrap();
        decline_reactions(&mut g);
        if !g.units[usize::from(qui)].alive() {
            continue;
        }
        // The same turn goes on with the Phalanx.
        assert_eq!(g.phase, Phase::Action { unit: ph });
        g.apply(Decision::Attack { target: qui }).unwrap();
        assert!(!parry_offered(&g, qui), "{:?}", g.phase);
        checked += 1;
    }
    assert!(checked > 0);
}

/// BoV p.19, "Simultaneous Activation" and p.21, "Activating Powers": a
/// reaction power used in a Command X Hero's activation stays used through
/// the second activation and comes back with the next turn.
#[test]
fn powers_used_in_a_command_turn_come_back_next_turn() {
    let (mut g, qui, wc, ph) = warchief_and_phalanx_on_qui(0);
    let seat = g.units[usize::from(wc)].owner;
    g.phase = Phase::Turn { seat };
    g.passed = [false, false];
    g.apply(Decision::Activate { unit: wc }).unwrap();
    g.apply(Decision::Command { unit: Some(ph) }).unwrap();
    decline_reactions(&mut g);
    g.units[usize::from(qui)].powers_used = 1;
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.phase, Phase::Action { unit: ph });
    assert!(g.used_this_turn(qui, 0), "still the same turn");
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    decline_reactions(&mut g);
    assert_eq!(g.phase, Phase::Turn { seat: 1 - seat });
    assert!(!g.used_this_turn(qui, 0), "a new turn");
}

/// BoV p.11, "Turn Order": "6. End of Turn" comes once a turn, and p.22,
/// "Command X": the marked unit's activation is part of the Hero's turn. So
/// "at the end of your turn" (Mending Light) is offered once, after the
/// second activation, not after the Hero's.
#[test]
fn the_end_of_a_command_turn_comes_once_after_the_second_activation() {
    let (mut g, oc, df) = commander_and_fencers(2, 0.5);
    let eldai = unit_named(&g, "Eldai Alarn");
    let adrael = unit_named(&g, "Adrael");
    place_on(&mut g, Vec::new(), |g| {
        let y = 5.0 + radius(g, oc) + radius(g, df) + 0.5;
        vec![
            (oc, row(g, oc, 1, 10.0, 5.0, 0.0)),
            (df, row(g, df, 5, 10.0, y, 0.5)),
            (eldai, row(g, eldai, 1, 14.0, 5.0, 0.0)),
            (adrael, row(g, adrael, 1, 40.0, 30.0, 0.0)),
        ]
    });
    let seat = g.units[usize::from(oc)].owner;
    // A marker to heal on a unit not activated, so that the end of the
    // turn opens its window (Mending Light has something to change).
    g.units[usize::from(eldai)]
        .state
        .status
        .add(valerna_bov::rules::status::StatusKind::Slowed, 1);
    g.phase = Phase::Turn { seat };
    g.passed = [false, false];
    let mut end_of_turn = Vec::new();
    // Declines everything, one question at a time, noting the windows of
    // the end of the turn.
    fn settle(g: &mut Battle, end_of_turn: &mut Vec<Phase>) {
        loop {
            let d = match &g.phase {
                Phase::Reaction { window, .. } => {
                    if window.trigger == Trigger::EndOfTurn {
                        end_of_turn.push(g.phase.clone());
                    }
                    Decision::Reaction { reaction: None }
                }
                Phase::Command { .. } => Decision::Command { unit: None },
                Phase::Redirect { .. } => Decision::Redirect { unit: None },
                _ => return,
            };
            g.apply(d).unwrap();
        }
    }
    g.apply(Decision::Activate { unit: oc }).unwrap();
    g.apply(Decision::Command { unit: Some(df) }).unwrap();
    settle(&mut g, &mut end_of_turn);
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    settle(&mut g, &mut end_of_turn);
    assert_eq!(g.phase, Phase::Action { unit: df });
    assert!(
        end_of_turn.is_empty(),
        "no end of turn between the two activations: {end_of_turn:?}"
    );
    g.apply(Decision::March { paths: Vec::new() }).unwrap();
    settle(&mut g, &mut end_of_turn);
    assert_eq!(end_of_turn.len(), 1, "{end_of_turn:?}");
    assert_eq!(g.phase, Phase::Turn { seat: 1 - seat });
}

/// "Command X": "Whenever one or more hits from ranged attacks are
/// inflicted onto this Hero, you may choose a unit with the X keyword
/// within 1" to take all of these ranged hits instead (rolling defense)";
/// "Assassinate": such hits "cannot be assigned to a different unit".
#[test]
fn command_lets_a_unit_take_the_heros_ranged_hits() {
    let mut redirected = 0;
    for seed in 0..10 {
        let (mut g, oc, df) = commander_and_fencers(seed, 0.5);
        let adrael = unit_named(&g, "Adrael");
        g.units[usize::from(adrael)].state.fatigue = 0;
        g.phase = Phase::Action { unit: adrael };
        g.apply(Decision::Attack { target: oc }).unwrap();
        while matches!(g.phase, Phase::Reaction { .. }) {
            g.apply(Decision::Reaction { reaction: None }).unwrap();
        }
        // No hit on the Commander: nothing to redirect.
        let Phase::Redirect { hero, candidates } = g.phase.clone() else {
            continue;
        };
        assert_eq!((hero, candidates), (oc, vec![df]));
        let wounds = g.units[usize::from(oc)].state.wounds;
        g.apply(Decision::Redirect { unit: Some(df) }).unwrap();
        assert_eq!(g.units[usize::from(oc)].state.wounds, wounds);
        redirected += 1;
    }
    assert!(redirected > 0);
    let (g, oc, _) = commander_and_fencers(0, 0.5);
    assert!(
        g.redirect_candidates(oc, &[AttackKeyword::Assassinate])
            .is_empty()
    );
    assert_eq!(g.redirect_candidates(oc, &[]).len(), 1);
}

/// "Giant": "When this unit is defeated, inflict [its] wounds on any one
/// enemy unit engaged with this unit (controlling player's choice), then
/// remove this unit." The Bucentaur, engaged with two enemy units, is
/// defeated; its owner picks which takes its 2 black dice of wounds.
#[test]
fn a_defeated_giant_wounds_an_engaged_enemy_of_its_owners_choice() {
    let mut asked = 0;
    for seed in 0..20 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
        let bu = unit_named(&g, "Bucentaur");
        let a = unit_named(&g, "Adrael");
        let b = unit_named(&g, "Ogerron Warchief");
        // Someone stays on each side, so the battle goes on.
        let eldai = unit_named(&g, "Eldai Alarn");
        place_on(&mut g, Vec::new(), |g| {
            let y = 10.0 + radius(g, bu) + radius(g, a);
            let y2 = 10.0 - radius(g, bu) - radius(g, b);
            vec![
                (bu, vec![Point::new(20.0, 10.0)]),
                (a, vec![Point::new(20.0, y)]),
                (b, vec![Point::new(20.0, y2)]),
                (eldai, vec![Point::new(40.0, 30.0)]),
            ]
        });
        let health = g.profile(bu).health;
        g.units[usize::from(bu)].state.wounds = health - 1;
        let mut engaged = g.engaged_where_it_stood(bu);
        engaged.sort();
        let mut both = vec![a, b];
        both.sort();
        assert_eq!(engaged, both);
        g.phase = Phase::Action { unit: a };
        g.apply(Decision::Attack { target: bu }).unwrap();
        decline_reactions(&mut g);
        if g.units[usize::from(bu)].alive() {
            continue;
        }
        let Phase::Giant { unit, candidates } = g.phase.clone() else {
            panic!("seed {seed}: {:?}", g.phase)
        };
        assert_eq!(unit, bu);
        let mut c = candidates.clone();
        c.sort();
        assert_eq!(c, both);
        let before = g.units[usize::from(b)].state.wounds;
        g.apply(Decision::GiantTarget { unit: b }).unwrap();
        decline_reactions(&mut g);
        let after = g.units[usize::from(b)].state;
        // Two black dice: at most 4 wounds, no defense roll.
        assert!(u32::from(after.wounds) <= u32::from(before) + 4 || after.is_defeated());
        asked += 1;
    }
    assert!(asked > 0);
}

/// The Bucentaur (Giant 2xblack), the Guild Line's last unit, one wound from
/// defeat, in base contact with the Ogerron Warchief, who has `left` wounds
/// to go; the Swarm keeps the Bloodclaws far away when `others`.
fn last_giant(seed: u64, left: u8, others: bool) -> (Battle, u16, u16) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
    let bu = unit_named(&g, "Bucentaur");
    let wc = unit_named(&g, "Ogerron Warchief");
    let bc = unit_named(&g, "Bloodclaws");
    place_on(&mut g, Vec::new(), |g| {
        let y = 10.0 + radius(g, bu) + radius(g, wc);
        let mut keep = vec![
            (bu, vec![Point::new(20.0, 10.0)]),
            (wc, vec![Point::new(20.0, y)]),
        ];
        if others {
            keep.push((bc, row(g, bc, 1, 40.0, 30.0, 0.0)));
        }
        keep
    });
    g.units[usize::from(bu)].state.wounds = g.profile(bu).health - 1;
    g.units[usize::from(wc)].state.wounds = g.profile(wc).health - left;
    (g, bu, wc)
}

/// BoV p.22, "Giant": "When this unit is defeated, inflict [its] wounds on
/// any one enemy unit engaged with this unit ..., then remove this unit."
/// The Bucentaur is the Guild Line's last unit: its wounds are inflicted on
/// the Warchief before the game ends on the wipe-out (p.11, "End of
/// Game"), which the Swarm then wins.
#[test]
fn a_giant_that_is_the_last_unit_wounds_before_the_game_ends() {
    let (mut wounded, mut ended) = (0, 0);
    for seed in 0..12 {
        let (mut g, bu, wc) = last_giant(seed, 6, true);
        g.phase = Phase::Action { unit: wc };
        g.apply(Decision::Attack { target: bu }).unwrap();
        decline_reactions(&mut g);
        if g.units[usize::from(bu)].alive() {
            continue;
        }
        ended += 1;
        assert_eq!(g.phase, Phase::Over, "seed {seed}");
        let swarm = g.units[usize::from(wc)].owner;
        assert_eq!(g.outcome().unwrap().winners, vec![swarm]);
        if g.units[usize::from(wc)].state.wounds > 0 {
            wounded += 1;
        }
    }
    assert!(ended > 0);
    // Two black dice miss together 16% of the time.
    assert!(wounded > 0, "the Giant's wounds were never inflicted");
}

/// BoV p.22, "Giant", with docs/rulings.md, "When both sides are wiped out
/// at once": the Bucentaur's wounds defeat the Warchief, the Swarm's last
/// unit, so both sides are gone together and the score decides; it is no
/// wipe-out victory.
#[test]
fn a_last_giant_that_defeats_the_last_enemy_leaves_both_sides_gone() {
    let mut both = 0;
    for seed in 0..12 {
        let (mut g, bu, wc) = last_giant(seed, 1, false);
        g.phase = Phase::Action { unit: wc };
        g.apply(Decision::Attack { target: bu }).unwrap();
        decline_reactions(&mut g);
        if g.units[usize::from(bu)].alive() {
            continue;
        }
        assert_eq!(g.phase, Phase::Over, "seed {seed}");
        if g.units[usize::from(wc)].alive() {
            assert_eq!(g.outcome().unwrap().reason, "wipe_out");
            continue;
        }
        both += 1;
        assert_ne!(g.outcome().unwrap().reason, "wipe_out", "seed {seed}");
    }
    assert!(both > 0);
}

/// "Flying": "This unit can choose to either move on the ground or fly. If
/// flying, this unit ... cannot end its move inside Impassable or
/// Obscuring terrain". The Vespidai Swarm walks into a wood it could not
/// land in, and flies over a wall it could not walk through.
#[test]
fn flying_units_may_move_on_the_ground() {
    let mut g = deployed(3, "allaria_guild_line", "tyveria_swarm");
    let vs = unit_named(&g, "Vespidai Swarm");
    let wood = TerrainPiece::rect(
        "Wood",
        Point::new(10.0, 8.0),
        Point::new(20.0, 14.0),
        vec![TerrainKind::Obscuring],
    )
    .unwrap();
    let wall = TerrainPiece::rect(
        "Wall",
        Point::new(30.0, 7.0),
        Point::new(40.0, 7.5),
        vec![TerrainKind::Impassable],
    )
    .unwrap();
    place_on(&mut g, vec![wood, wall], |_| {
        vec![(vs, vec![Point::new(15.0, 5.0)])]
    });
    g.units[usize::from(vs)].state.fatigue = 1;
    g.phase = Phase::Action { unit: vs };
    // Into the wood: only on the ground.
    let into_wood = vec![(0u8, vec![Point::new(15.0, 10.0)])];
    g.validate(&Decision::March { paths: into_wood }).unwrap();
    // Over the wall: only flying.
    place_on(&mut g, Vec::new(), |_| Vec::new());
    let wall = TerrainPiece::rect(
        "Wall",
        Point::new(10.0, 7.0),
        Point::new(20.0, 7.5),
        vec![TerrainKind::Impassable],
    )
    .unwrap();
    place_on(&mut g, vec![wall], |_| {
        vec![(vs, vec![Point::new(15.0, 5.0)])]
    });
    let over = vec![(0u8, vec![Point::new(15.0, 10.0)])];
    g.validate(&Decision::March { paths: over }).unwrap();
    // A unit that cannot fly cannot cross the wall.
    g.units[usize::from(vs)].traits.flying = false;
    let over = vec![(0u8, vec![Point::new(15.0, 10.0)])];
    assert!(g.validate(&Decision::March { paths: over }).is_err());
}

/// BoV 5.1, "Game Size": the players "decide a size for the game": two
/// lists written for different sizes are refused, naming both.
#[test]
fn lists_of_different_game_sizes_are_refused() {
    use valerna_bov::battle::BattleSetup;
    let small = r#"(
        name: "Small", force: "Allaria", game_size: 50,
        units: [(card: "eldai_alarn", general: true), (card: "dreamfencers")],
    )"#;
    let e = Battle::start(
        &common::pack(),
        &BattleSetup::pitched(1, small, "tyveria_swarm"),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("different game sizes (50 and 100 points)"),
        "{e}"
    );
}

/// BoV 5.1, "Opportunity Attack", its example: Scythed Reavers engaged
/// with the Dreamfencers "move them away as part of a Skirmish action":
/// an engaged unit with a ranged attack is offered a Skirmish away.
#[test]
fn an_engaged_unit_is_offered_a_skirmish_away() {
    let mut g = deployed(2, "allaria_guild_line", "tyveria_swarm");
    let gunners = unit_named(&g, "Golden Gunners");
    let foe = unit_named(&g, "Bloodclaws");
    let far = unit_named(&g, "Adrael");
    place_on(&mut g, Vec::new(), |g| {
        let y = 10.0 + radius(g, gunners) + radius(g, foe);
        vec![
            (gunners, row(g, gunners, 1, 20.0, 10.0, 0.0)),
            (foe, row(g, foe, 1, 20.0, y, 0.0)),
            (far, row(g, far, 1, 30.0, 5.0, 0.0)),
        ]
    });
    g.units[usize::from(gunners)].state.fatigue = 1;
    g.phase = Phase::Action { unit: gunners };
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let skirmish = buf
        .iter()
        .find(|d| matches!(d, Decision::Skirmish { target, paths } if *target == far && !paths.is_empty()))
        .cloned()
        .unwrap_or_else(|| panic!("{buf:?}"));
    g.validate(&skirmish).unwrap();
}

/// BoV 5.1, "The Dragonbond": the bonded Hero and dragon "benefit from an
/// upgrade on all of their attack, defense, and morale rolls. However, if
/// either of them is defeated, both of them are immediately removed."
#[test]
fn the_dragonbond_upgrades_both_and_falls_with_either() {
    let g = deployed(1, "allaria_dragon_host", "tyveria_swarm");
    let elyse = unit_named(&g, "Elyse");
    let dragon = unit_named(&g, "Ferellon Fulgen");
    let df = unit_named(&g, "Dreamfencers");
    assert!(g.dragonbonded(elyse) && g.dragonbonded(dragon));
    assert!(!g.dragonbonded(df));
    let mut removed = 0;
    for seed in 0..20 {
        let mut g = deployed(seed, "allaria_dragon_host", "tyveria_swarm");
        let adrael = unit_named(&g, "Adrael");
        place_on(&mut g, Vec::new(), |g| {
            vec![
                (dragon, vec![Point::new(20.0, 10.0)]),
                (elyse, vec![Point::new(40.0, 30.0)]),
                (df, row(g, df, 5, 2.0, 30.0, 0.5)),
                (adrael, vec![Point::new(20.0, 18.0)]),
            ]
        });
        g.units[usize::from(dragon)].state.injured = true;
        let health = g.profile(dragon).health;
        g.units[usize::from(dragon)].state.wounds = health - 1;
        g.phase = Phase::Action { unit: adrael };
        g.apply(Decision::Attack { target: dragon }).unwrap();
        while matches!(g.phase, Phase::Reaction { .. }) {
            g.apply(Decision::Reaction { reaction: None }).unwrap();
        }
        if g.units[usize::from(dragon)].alive() {
            assert!(g.units[usize::from(elyse)].alive());
            continue;
        }
        assert!(!g.units[usize::from(elyse)].alive(), "seed {seed}");
        assert!(g.units[usize::from(df)].alive());
        removed += 1;
    }
    assert!(removed > 0);
}

/// BoV 5.1, "Artifact Cards": an Artifact "confers an additional power to
/// the Hero carrying it, which could be a passive power, an action power,
/// or a reaction power": the Sunforged Aegis (passive) upgrades Elyse's
/// defense against ranged attacks; its point counts in what the opponent
/// scores for her ("Scoring points for defeating enemy units").
#[test]
fn a_passive_artifact_acts_and_its_points_are_scored() {
    use valerna_bov::rules::powers::Roll;
    use valerna_bov::rules::units::WeaponKind;
    let g = deployed(1, "allaria_dragon_host", "tyveria_swarm");
    let elyse = unit_named(&g, "Elyse");
    let ranged = Some(WeaponKind::Ranged);
    assert_eq!(g.passive_modifier(elyse, Roll::Defense, ranged, None), 1);
    assert_eq!(
        g.passive_modifier(elyse, Roll::Defense, Some(WeaponKind::Melee), None),
        0
    );
    let points = g.pack().unit("elyse").unwrap().1.points;
    assert_eq!(g.units[usize::from(elyse)].value, points + 1);
}
