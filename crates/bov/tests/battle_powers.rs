//! Passive and reaction powers, Vaala cards, moves made by powers, the
//! General's aura model by model, charges under status effects and the
//! count of cards used, against the rulebook (BoV 5.1).

use valerna_bov::battle::{Battle, BattleSetup, CardKind, Decision, Phase, Reaction, Window};
use valerna_bov::content::{FileKind, Pack, Source};
use valerna_bov::geometry::{Point, TerrainKind, TerrainPiece};
use valerna_bov::rules::powers::{ARTIFACT_POWER_SLOT, Roll, Trigger};
use valerna_bov::rules::status::StatusKind;
use valerna_bov::rules::units::WeaponKind;
use valerna_game::Game;

mod common;
use common::{activate, decline_reactions, deployed, pack, place, radius, row, unit_named};

fn uses(g: &Battle, kind: CardKind, id: &str) -> u32 {
    g.cards_used()
        .into_iter()
        .find(|c| c.kind == kind && c.id == id)
        .unwrap_or_else(|| panic!("{id} is not in the lists"))
        .uses
}

/// The y of a unit of `b` in base contact with a unit of `a` standing at y.
fn contact_y(g: &Battle, a: u16, b: u16, y: f64) -> f64 {
    y + radius(g, a) + radius(g, b)
}

/// "Passive Powers": "This power is always active and does not need to be
/// activated". Flowing Guard upgrades the Dreamfencers' defense against
/// ranged attacks only, and is counted each time it changes a roll.
#[test]
fn flowing_guard_is_always_active_against_ranged_attacks() {
    let g = deployed(1, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let ranged = Some(WeaponKind::Ranged);
    assert_eq!(g.passive_modifier(df, Roll::Defense, ranged, None), 1);
    assert_eq!(
        g.passive_modifier(df, Roll::Defense, Some(WeaponKind::Melee), None),
        0
    );
    assert_eq!(g.passive_modifier(df, Roll::Attack, ranged, None), 0);
    // Shot at by Adrael: each defense roll uses it (a roll is made
    // whenever the attack hits).
    let mut used = 0;
    for seed in 0..8 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_swarm");
        let adrael = unit_named(&g, "Adrael");
        place(&mut g, |g| {
            vec![
                (df, row(g, df, 5, 10.0, 5.0, 0.5)),
                (adrael, row(g, adrael, 1, 12.0, 12.0, 0.0)),
            ]
        });
        activate(&mut g, adrael);
        g.apply(Decision::Attack { target: df }).unwrap();
        decline_reactions(&mut g);
        used += uses(&g, CardKind::Power, "flowing_guard");
    }
    assert!(used > 0);
}

/// "Passive Powers" with a condition: Pack Hunt upgrades the Bloodfangs'
/// attack "against a unit that is already engaged with another friendly
/// unit" - a Flanked one - and not otherwise.
#[test]
fn pack_hunt_needs_a_flanked_target() {
    let mut g = deployed(2, "allaria_guild_line", "tyveria_dragon_host");
    let bf = unit_named(&g, "Bloodfangs");
    let shiv = unit_named(&g, "Shiv Cutthroats");
    let df = unit_named(&g, "Dreamfencers");
    let y = contact_y(&g, df, bf, 10.0);
    place(&mut g, |g| {
        vec![
            (df, row(g, df, 1, 10.0, 10.0, 0.0)),
            (bf, row(g, bf, 1, 10.0, y, 0.0)),
        ]
    });
    let melee = Some(WeaponKind::Melee);
    assert_eq!(g.passive_modifier(bf, Roll::Attack, melee, Some(df)), 0);
    let ys = 10.0 - radius(&g, df) - radius(&g, shiv);
    place(&mut g, |g| {
        vec![
            (df, row(g, df, 1, 10.0, 10.0, 0.0)),
            (bf, row(g, bf, 1, 10.0, y, 0.0)),
            (shiv, row(g, shiv, 1, 10.0, ys, 0.0)),
        ]
    });
    assert_eq!(g.passive_modifier(bf, Roll::Attack, melee, Some(df)), 1);
}

/// "Reaction Powers": Parry is offered to Qui when an enemy declares a
/// melee attack on him, before the attack is rolled, costs no fatigue, and
/// "a given power may only be activated once per turn ... regardless of how
/// many times their triggering conditions are met".
#[test]
fn parry_answers_a_declared_melee_attack_once_a_turn() {
    let mut g = deployed(3, "allaria_guild_line", "tyveria_swarm");
    let qui = unit_named(&g, "Parrymaster Qui");
    let foe = unit_named(&g, "Bloodclaws");
    let y = contact_y(&g, qui, foe, 10.0);
    place(&mut g, |g| {
        vec![
            (qui, row(g, qui, 1, 10.0, 10.0, 0.0)),
            (foe, row(g, foe, 1, 10.0, y, 0.0)),
        ]
    });
    activate(&mut g, foe);
    g.apply(Decision::Attack { target: qui }).unwrap();
    let Phase::Reaction {
        seat,
        window,
        options,
    } = g.phase.clone()
    else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(seat, g.units[usize::from(qui)].owner);
    assert_eq!(window.trigger, Trigger::AttackDeclared(WeaponKind::Melee));
    let parry = Reaction::Power {
        unit: qui,
        power: 0,
        target: None,
    };
    assert!(options.contains(&parry), "{options:?}");
    assert_eq!(
        g.power_modifier(qui, Roll::Defense, Some(WeaponKind::Melee)),
        0
    );
    g.apply(Decision::Reaction {
        reaction: Some(parry.clone()),
    })
    .unwrap();
    decline_reactions(&mut g);
    // The upgrade was spent on the defense roll of that attack.
    assert_eq!(
        g.power_modifier(qui, Roll::Defense, Some(WeaponKind::Melee)),
        0
    );
    assert_eq!(uses(&g, CardKind::Power, "parry"), 1);
    assert_eq!(g.units[usize::from(qui)].state.fatigue, 0, "no fatigue");
}

/// "Once per turn": Parry used this turn is not offered again until the
/// turn ends; then it is (once per turn, not per game).
#[test]
fn parry_is_offered_again_next_turn() {
    let mut g = deployed(3, "allaria_guild_line", "tyveria_swarm");
    let qui = unit_named(&g, "Parrymaster Qui");
    let foe = unit_named(&g, "Bloodclaws");
    let seat = g.units[usize::from(qui)].owner;
    g.units[usize::from(qui)].powers_used = 1;
    let w = Window {
        trigger: Trigger::AttackDeclared(WeaponKind::Melee),
        subjects: vec![qui],
        actor: Some(foe),
    };
    assert!(g.reaction_options(&w, seat, false).is_empty());
    g.units[usize::from(qui)].powers_used = 0;
    assert_eq!(g.reaction_options(&w, seat, false).len(), 1);
}

/// "The same player cannot take more than one reaction activated by the
/// same trigger": Qui carrying the Cloak of Shadows, with Veil of Mist in
/// hand, is shot at; both answer the trigger, only one is taken.
#[test]
fn one_reaction_per_player_per_trigger() {
    let list = r#"(
        name: "Test", force: "Allaria", game_size: 100,
        units: [
            (card: "eldai_alarn", general: true),
            (card: "parrymaster_qui", artifacts: ["cloak_of_shadows"]),
        ],
        vaala: ["veil_of_mist"],
    )"#;
    let mut g = deployed(4, list, "tyveria_swarm");
    let qui = unit_named(&g, "Parrymaster Qui");
    let adrael = unit_named(&g, "Adrael");
    place(&mut g, |g| {
        vec![
            (qui, row(g, qui, 1, 10.0, 5.0, 0.0)),
            (adrael, row(g, adrael, 1, 10.0, 12.0, 0.0)),
        ]
    });
    activate(&mut g, adrael);
    g.apply(Decision::Attack { target: qui }).unwrap();
    let Phase::Reaction { options, .. } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    let fade = Reaction::Power {
        unit: qui,
        power: ARTIFACT_POWER_SLOT,
        target: None,
    };
    let veil = Reaction::Vaala {
        card: "veil_of_mist".into(),
        caster: None,
        target: None,
    };
    assert!(
        options.contains(&fade) && options.contains(&veil),
        "{options:?}"
    );
    g.apply(Decision::Reaction {
        reaction: Some(veil),
    })
    .unwrap();
    // Veil of Mist upgraded the attacked unit's defense for this roll, the
    // card is discarded, and nothing else is offered on this trigger.
    assert!(!matches!(g.phase, Phase::Reaction { ref window, .. }
        if window.trigger == Trigger::AttackDeclared(WeaponKind::Ranged)));
    assert_eq!(uses(&g, CardKind::Vaala, "veil_of_mist"), 1);
    assert_eq!(uses(&g, CardKind::Artifact, "cloak_of_shadows"), 0);
    assert!(g.view(0).hand.is_empty() || g.view(1).hand.is_empty());
}

/// "Move effects": the Cloak of Shadows' Fade moves the bearer up to 3"
/// when a ranged attack is declared against it; its owner draws the move
/// (BoV 5.1, "Artifact Cards": a reaction power).
#[test]
fn fade_moves_the_bearer_before_the_attack() {
    let mut g = deployed(5, "allaria_guild_line", "tyveria_swarm");
    let adrael = unit_named(&g, "Adrael");
    let gunners = unit_named(&g, "Golden Gunners");
    place(&mut g, |g| {
        vec![
            (adrael, row(g, adrael, 1, 20.0, 20.0, 0.0)),
            (gunners, row(g, gunners, 4, 14.0, 4.0, 0.5)),
        ]
    });
    let before = g.units[usize::from(adrael)].positions[0];
    activate(&mut g, gunners);
    g.apply(Decision::Attack { target: adrael }).unwrap();
    let fade = Reaction::Power {
        unit: adrael,
        power: ARTIFACT_POWER_SLOT,
        target: None,
    };
    let Phase::Reaction { options, .. } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    assert!(options.contains(&fade), "{options:?}");
    g.apply(Decision::Reaction {
        reaction: Some(fade),
    })
    .unwrap();
    let Phase::PowerMove { unit, inches } = g.phase.clone() else {
        panic!("{:?}", g.phase)
    };
    assert_eq!((unit, inches), (adrael, 3.0));
    // Beyond 3" is refused.
    let far = vec![(0u8, vec![Point::new(20.0, 24.0)])];
    assert!(g.validate(&Decision::March { paths: far }).is_err());
    let mut buf = Vec::new();
    g.choices(&mut buf);
    let away = buf
        .iter()
        .find(|d| matches!(d, Decision::March { paths } if !paths.is_empty()))
        .cloned()
        .expect("a move is offered");
    g.apply(away).unwrap();
    let after = g.units[usize::from(adrael)].positions[0];
    let moved = after.dist(before);
    assert!(moved > 0.5 && moved <= 3.0 + 1e-6, "{moved}");
    assert!(after.y > before.y, "away from the Gunners");
}

/// "Vaala Cards": Binding Roots answers a charge on a friendly unit; it
/// names the charging unit, so a Vaala caster needs it in range and line
/// of sight. "An Immobilized unit's Speed is reduced to zero", and the
/// charge dice are added to Speed, so the charge moves no further.
#[test]
fn binding_roots_stops_a_charge_by_the_charging_unit() {
    let mut g = deployed(6, "allaria_guild_line", "tyveria_swarm");
    let adrael = unit_named(&g, "Adrael");
    let df = unit_named(&g, "Dreamfencers");
    place(&mut g, |g| {
        vec![
            (adrael, row(g, adrael, 1, 10.0, 14.0, 0.0)),
            (df, row(g, df, 5, 10.0, 5.0, 0.5)),
        ]
    });
    let before: Vec<Point> = g.units[usize::from(df)].positions.clone();
    activate(&mut g, df);
    g.apply(Decision::Charge { target: adrael }).unwrap();
    let roots = Reaction::Vaala {
        card: "binding_roots".into(),
        caster: Some(adrael),
        target: None,
    };
    let Phase::Reaction {
        window, options, ..
    } = g.phase.clone()
    else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(window.trigger, Trigger::Charged);
    assert!(options.contains(&roots), "{options:?}");
    g.apply(Decision::Reaction {
        reaction: Some(roots),
    })
    .unwrap();
    decline_reactions(&mut g);
    assert_eq!(uses(&g, CardKind::Vaala, "binding_roots"), 1);
    let c = g.last_charge.unwrap();
    assert!(!c.engaged);
    assert_eq!(g.units[usize::from(df)].positions, before, "no move");
}

/// A targeted Vaala card needs a caster with the Vaala keyword in range and
/// line of sight of the target: beyond Adrael's 12" nothing is offered.
#[test]
fn a_targeted_vaala_card_needs_a_caster_in_range() {
    let mut g = deployed(6, "allaria_guild_line", "tyveria_swarm");
    let adrael = unit_named(&g, "Adrael");
    let df = unit_named(&g, "Dreamfencers");
    let seat = g.units[usize::from(adrael)].owner;
    place(&mut g, |g| {
        vec![
            (adrael, row(g, adrael, 1, 10.0, 30.0, 0.0)),
            (df, row(g, df, 5, 10.0, 5.0, 0.5)),
        ]
    });
    let w = Window {
        trigger: Trigger::Charged,
        subjects: vec![adrael],
        actor: Some(df),
    };
    assert!(g.reaction_options(&w, seat, false).is_empty());
    // "No two Vaala cards can be played on the same trigger".
    place(&mut g, |g| {
        vec![
            (adrael, row(g, adrael, 1, 10.0, 12.0, 0.0)),
            (df, row(g, df, 5, 10.0, 5.0, 0.5)),
        ]
    });
    assert_eq!(g.reaction_options(&w, seat, false).len(), 1);
    assert!(g.reaction_options(&w, seat, true).is_empty());
}

/// The targets each seat-0 Vaala card `card` is offered on, cast by `caster`.
fn vaala_targets(g: &Battle, w: &Window, card: &str, caster: u16) -> Vec<u16> {
    let mut out: Vec<u16> = g
        .reaction_options(w, 0, false)
        .into_iter()
        .filter_map(|r| match r {
            Reaction::Vaala {
                card: c,
                caster: Some(k),
                target: Some(t),
            } if c == card && k == caster => Some(t),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out
}

/// BoV p.21, "Vaala Cards": "the caster must both be within range of and
/// have line of sight to the target unit"; p.22, "Vaala": "This ranged
/// attack can be used to cast Vaala"; p.14-15: "Melee attacks target enemy
/// units that are engaged with the attacking unit", "An engaged unit may
/// not make ranged attacks"; p.21, "Targets for powers & Vaala cards": a
/// card that can target friends "can also target the casting unit". Elyse,
/// on foot, casts Ember Lance on the Reavers in contact or the Bloodclaws
/// 6" off, and Mending Light on herself or the Dreamfencers 3" off; once
/// engaged with the Reavers she reaches only them and herself
/// (docs/rulings.md, "An engaged caster casts on its own melee").
#[test]
fn an_engaged_caster_casts_only_on_its_own_melee() {
    let mut g = deployed(4, "allaria_dragon_host", "tyveria_swarm");
    let elyse = unit_named(&g, "Elyse");
    let df = unit_named(&g, "Dreamfencers");
    let reavers = unit_named(&g, "Scythed Reavers");
    let claws = unit_named(&g, "Bloodclaws");
    assert_eq!(g.units[usize::from(elyse)].owner, 0);
    let at = |g: &mut Battle, reavers_y: f64| {
        place(g, |g| {
            vec![
                (elyse, vec![Point::new(20.0, 10.0)]),
                (df, row(g, df, 1, 14.0, 10.0, 0.0)),
                (reavers, vec![Point::new(20.0, reavers_y)]),
                (claws, vec![Point::new(27.0, 10.0)]),
            ]
        })
    };
    let end_of_activation = Window {
        trigger: Trigger::EndOfActivation,
        subjects: vec![df],
        actor: Some(df),
    };
    let end_of_turn = Window {
        trigger: Trigger::EndOfTurn,
        subjects: vec![df],
        actor: Some(df),
    };
    // Each friend has a marker for Mending Light to heal: a heal with
    // nothing to heal is not offered.
    for u in [elyse, df] {
        g.units[usize::from(u)]
            .state
            .status
            .add(valerna_bov::rules::status::StatusKind::Slowed, 1);
    }
    let mut apart = vec![reavers, claws];
    apart.sort_unstable();
    let mut friends = vec![elyse, df];
    friends.sort_unstable();
    let contact = 10.0 - radius(&g, elyse) - radius(&g, reavers);
    // 2" apart: nobody engaged.
    at(&mut g, contact - 2.0);
    let snap = g.snapshot();
    assert!(g.engaged_with(&snap, elyse).is_empty());
    assert_eq!(
        vaala_targets(&g, &end_of_activation, "ember_lance", elyse),
        apart
    );
    assert_eq!(
        vaala_targets(&g, &end_of_turn, "mending_light", elyse),
        friends
    );
    // In base contact with the Reavers.
    at(&mut g, contact);
    let snap = g.snapshot();
    assert_eq!(g.engaged_with(&snap, elyse), vec![reavers]);
    assert_eq!(
        vaala_targets(&g, &end_of_activation, "ember_lance", elyse),
        vec![reavers]
    );
    assert_eq!(
        vaala_targets(&g, &end_of_turn, "mending_light", elyse),
        vec![elyse]
    );
}

/// "Ultimate Powers ... can only be used once during a game": Iron Will
/// answers a friend's morale test once.
#[test]
fn iron_will_is_an_ultimate_reaction() {
    let mut g = deployed(7, "allaria_guild_line", "tyveria_swarm");
    let adrael = unit_named(&g, "Adrael");
    let reavers = unit_named(&g, "Scythed Reavers");
    let seat = g.units[usize::from(adrael)].owner;
    let w = Window {
        trigger: Trigger::MoraleTest,
        subjects: vec![reavers],
        actor: None,
    };
    let iron = Reaction::Power {
        unit: adrael,
        power: 0,
        target: None,
    };
    assert!(g.reaction_options(&w, seat, false).contains(&iron));
    g.units[usize::from(adrael)].state.ultimates_used = 1;
    assert!(!g.reaction_options(&w, seat, false).contains(&iron));
    // An Exhausted unit may not use reaction powers ("Fatigue").
    g.units[usize::from(adrael)].state.ultimates_used = 0;
    g.units[usize::from(adrael)].state.fatigue = 3;
    assert!(!g.reaction_options(&w, seat, false).contains(&iron));
}

/// The Ring of Second Breath answers "the bearer would be defeated" before
/// the wounds are applied: Adrael, one wound from defeat, heals 3 first.
#[test]
fn the_ring_heals_before_the_wounds_land() {
    let mut g = deployed(8, "allaria_guild_line", "tyveria_dragon_host");
    let adrael = unit_named(&g, "Adrael");
    let health = g.profile(adrael).health;
    let seat = g.units[usize::from(adrael)].owner;
    g.units[usize::from(adrael)].state.wounds = health - 1;
    let w = Window {
        trigger: Trigger::ModelDefeated,
        subjects: vec![adrael],
        actor: None,
    };
    let ring = Reaction::Power {
        unit: adrael,
        power: ARTIFACT_POWER_SLOT,
        target: None,
    };
    assert!(g.reaction_options(&w, seat, false).contains(&ring));
    g.units[usize::from(adrael)].state.ultimates_used = 1 << ARTIFACT_POWER_SLOT;
    assert!(!g.reaction_options(&w, seat, false).contains(&ring));
}

/// The loader refuses a power that could never be activated, naming it
/// ("Activating Powers"; "Passive Powers").
#[test]
fn the_loader_refuses_powers_that_can_never_be_used() {
    let kw = Source {
        file: "keywords.ron",
        kind: FileKind::Keywords,
        text: r#"(forces: ["Allaria"], tags: [])"#,
    };
    let artifacts = r#"[
        (id: "split", name: "Split", provisional: true,
         power: (id: "p", name: "Two Ways", timing: Action, text: "x",
           effects: [Heal(target: Friend(range: 6), amount: 1),
                     Wounds(target: Enemy(range: 6), dice: "1xgray")])),
        (id: "idle", name: "Idle", provisional: true,
         power: (id: "q", name: "Idle Heal", timing: Passive, text: "x",
           effects: [Heal(target: Caster, amount: 1)])),
        (id: "lost", name: "Lost", provisional: true,
         power: (id: "r", name: "Nobody", timing: Action, text: "x",
           effects: [Heal(target: Triggering, amount: 1)])),
    ]"#;
    let e = Pack::load(&[
        kw,
        Source {
            file: "cards/artifacts.ron",
            kind: FileKind::Artifacts,
            text: artifacts,
        },
    ])
    .unwrap_err()
    .to_string();
    assert!(e.contains("'Two Ways' can never be used"), "{e}");
    assert!(e.contains("'Idle Heal' can never be used"), "{e}");
    assert!(e.contains("'Nobody' can never be used"), "{e}");
    assert!(pack().artifacts.len() >= 6);
}

/// BoV 5.1, "Immobilized": "This unit's Speed is reduced to zero", so it
/// cannot charge; "Slowed": "Speed is reduced by half", and the charge
/// dice, added to Speed, are halved with it (docs/rulings.md, "Charges
/// under status effects").
#[test]
fn charges_under_status_effects() {
    let mut g = deployed(9, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let foe = g.units.iter().find(|u| u.owner == 1).unwrap().id;
    place(&mut g, |g| {
        vec![
            (df, row(g, df, 5, 10.0, 5.0, 0.5)),
            (foe, row(g, foe, 1, 12.0, 12.0, 0.0)),
        ]
    });
    assert_eq!(g.charge_distance(df, 4), 12.0);
    g.units[usize::from(df)]
        .state
        .status
        .add(StatusKind::Slowed, 1);
    assert_eq!(g.charge_distance(df, 4), 6.0);
    g.units[usize::from(df)]
        .state
        .status
        .add(StatusKind::Immobilized, 1);
    assert_eq!(g.charge_distance(df, 4), 0.0);
    activate(&mut g, df);
    let e = g.validate(&Decision::Charge { target: foe }).unwrap_err();
    assert!(e.to_string().contains("Immobilized"), "{e}");
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(!buf.iter().any(|d| matches!(d, Decision::Charge { .. })));
}

/// BoV p.13, "Select Target": "there must be a chance that the charge move
/// will succeed"; p.23, "Slowed": "This unit's Speed is reduced by half",
/// and the charge dice are added to Speed, so a Slowed charge goes at most
/// (Speed + 6") / 2. The declaration reads Slowed as the move does
/// (docs/rulings.md, "Charges under status effects"): the Slowed
/// Dreamfencers (Speed 8) may charge a target 6.9" away, not one 8" away,
/// which Speed / 2 + 6" would have allowed and no roll could reach.
#[test]
fn a_slowed_charge_is_declared_only_within_its_reach() {
    let mut g = deployed(9, "allaria_guild_line", "tyveria_swarm");
    let df = unit_named(&g, "Dreamfencers");
    let near = unit_named(&g, "Bloodclaws");
    let far = unit_named(&g, "Ogerron Phalanx");
    place(&mut g, |g| {
        let reach = |d: f64, u: u16| 5.0 + radius(g, df) + d + radius(g, u);
        vec![
            (df, row(g, df, 1, 10.0, 5.0, 0.0)),
            (near, row(g, near, 1, 10.0, reach(6.9, near), 0.0)),
            (far, row(g, far, 1, 30.0, 5.0, 0.0)),
        ]
    });
    // The far target 8" from the Dreamfencers, along the row.
    let x = 10.0 + radius(&g, df) + 8.0 + radius(&g, far);
    g.units[usize::from(far)].positions[0] = Point::new(x, 5.0);
    assert!((g.distance(df, far) - 8.0).abs() < 1e-9);
    g.units[usize::from(df)]
        .state
        .status
        .add(StatusKind::Slowed, 1);
    assert_eq!(g.charge_reach(df), 7.0);
    activate(&mut g, df);
    let e = g.validate(&Decision::Charge { target: far }).unwrap_err();
    assert!(e.to_string().contains("Speed + 6"), "{e}");
    assert!(g.validate(&Decision::Charge { target: near }).is_ok());
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(buf.contains(&Decision::Charge { target: near }));
    assert!(!buf.contains(&Decision::Charge { target: far }));
    // Not Slowed, both are within Speed + 6".
    g.units[usize::from(df)].state.status = Default::default();
    assert_eq!(g.charge_reach(df), 14.0);
    assert!(g.validate(&Decision::Charge { target: far }).is_ok());
}

/// The Serpent Fang's Venom Strike (provisional pack: "Make a melee attack;
/// an enemy unit it wounds also gains a Poison marker"), the effect
/// language's `if_wounds`: the Ogerron Warchief, carrying it, strikes
/// Parrymaster Qui. No marker while the attack is only declared; after the
/// roll, one exactly when the defense roll left Qui a wound (BoV p.21,
/// "Making Attacks vs. Rolling Dice": the power's attack "follow[s] the
/// standard rules for making an attack").
#[test]
fn venom_strike_poisons_only_a_unit_it_wounds_after_the_roll() {
    let list = r#"(
        name: "Fang",
        force: "Tyveria",
        game_size: 100,
        units: [
            (card: "adrael", general: true),
            (card: "ogerron_warchief", artifacts: ["serpent_fang"]),
        ],
        vaala: [],
    )"#;
    let (mut wounded, mut unhurt) = (0, 0);
    for seed in 0..24 {
        let mut g = deployed(seed, "allaria_guild_line", list);
        let qui = unit_named(&g, "Parrymaster Qui");
        let wc = unit_named(&g, "Ogerron Warchief");
        let adrael = unit_named(&g, "Adrael");
        let y = contact_y(&g, qui, wc, 10.0);
        place(&mut g, |g| {
            vec![
                (qui, row(g, qui, 1, 10.0, 10.0, 0.0)),
                (wc, row(g, wc, 1, 10.0, y, 0.0)),
                (adrael, row(g, adrael, 1, 40.0, 30.0, 0.0)),
            ]
        });
        activate(&mut g, wc);
        g.apply(Decision::ActivatePower {
            power: ARTIFACT_POWER_SLOT,
            target: Some(qui),
        })
        .unwrap();
        // Declared, not rolled: Qui's owner may Parry.
        assert!(matches!(g.phase, Phase::Reaction { .. }), "{:?}", g.phase);
        assert_eq!(g.units[usize::from(qui)].state.status.poisoned, 0);
        decline_reactions(&mut g);
        let q = &g.units[usize::from(qui)].state;
        if q.is_defeated() {
            continue;
        }
        if q.wounds > 0 {
            wounded += 1;
            assert_eq!(q.status.poisoned, 1, "seed {seed}: wounded, so poisoned");
        } else {
            unhurt += 1;
            assert_eq!(
                q.status.poisoned, 0,
                "seed {seed}: not wounded, not poisoned"
            );
        }
    }
    assert!(
        wounded > 0 && unhurt > 0,
        "{wounded} wounded, {unhurt} unhurt"
    );
}

/// The effect language's `if_wounds` names the units an attack wounded
/// (`Wounded`): the loader refuses `Wounded` anywhere else, and an
/// `if_wounds` effect that has the player name a unit.
#[test]
fn the_loader_refuses_wounded_outside_an_attacks_result() {
    let card = |effects: &str| {
        format!(
            r#"[(id: "x", name: "X", provisional: true, force: "Allaria", keywords: ["Hero"],
            points: 10, base_mm: 40, front: (health: 5, speed: 6, defense: gray, melee: (dice: "2xgray"),
            powers: [(id: "p", name: "P", timing: Action, text: "t", effects: {effects})]))]"#
        )
    };
    let ok = card(
        "[Attack(weapon: Melee, modifier: 0, if_wounds: [Status(target: Wounded, status: Slowed, count: 1)])]",
    );
    common::load_units(&[], &ok).unwrap();
    for bad in [
        "[Status(target: Wounded, status: Slowed, count: 1)]",
        "[Attack(weapon: Melee, modifier: 0, if_wounds: [Status(target: EngagedEnemy, status: Slowed, count: 1)])]",
        "[Attack(weapon: Melee, modifier: 0, if_wounds: [Attack(weapon: Melee, modifier: 0)])]",
    ] {
        let e = common::load_units(&[], &card(bad)).unwrap_err();
        assert!(
            e.contains("Wounded") || e.contains("another attack"),
            "{bad}: {e}"
        );
    }
}

/// Nagasha Magnifex's Venom Cloud (1 gray die of hits on every enemy unit
/// within 6") on the Dreamfencers, five models standing in an Obscuring
/// wood or, with the same seed, in the open: the models they lost and the
/// Flowing Guard's count of uses after it.
fn venom_cloud_on_dreamfencers(seed: u64, wood: bool) -> (u32, u32) {
    let mut g = deployed(seed, "allaria_guild_line", "tyveria_dragon_host");
    let df = unit_named(&g, "Dreamfencers");
    let nagasha = unit_named(&g, "Nagasha Magnifex");
    let terrain = if wood {
        vec![
            TerrainPiece::rect(
                "Wood",
                Point::new(8.0, 2.0),
                Point::new(20.0, 7.0),
                vec![TerrainKind::Obscuring],
            )
            .unwrap(),
        ]
    } else {
        Vec::new()
    };
    common::place_on(&mut g, terrain, |g| {
        vec![
            (df, row(g, df, 5, 10.0, 5.0, 0.5)),
            (
                nagasha,
                vec![Point::new(
                    14.0,
                    5.0 + radius(g, df) + 2.0 + radius(g, nagasha),
                )],
            ),
        ]
    });
    // One fatigue counter: neither Fresh (an upgrade) nor Exhausted.
    g.units[usize::from(df)].state.fatigue = 1;
    activate(&mut g, nagasha);
    g.apply(Decision::ActivatePower {
        power: 0,
        target: None,
    })
    .unwrap();
    decline_reactions(&mut g);
    while let Phase::Casualties { .. } = g.phase {
        let mut buf = Vec::new();
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
        decline_reactions(&mut g);
    }
    let lost = 5 - g.units[usize::from(df)].state.models();
    (lost, uses(&g, CardKind::Power, "flowing_guard"))
}

/// BoV p.21, "Making Attacks vs. Rolling Dice": powers that roll dice and
/// deal hits "are not considered attacks", so the Dreamfencers' Flowing
/// Guard ("Upgrade this unit's defense rolls against ranged attacks") does
/// not reach a power's hits; p.24, "Obscuring Terrain", still does: "the
/// unit's defense roll is upgraded when it is hit by a ranged attack or
/// power". In the open the Dreamfencers (one fatigue counter) defend
/// un-upgraded; in the wood, upgraded, and lose fewer models for the same
/// dice.
#[test]
fn a_powers_hits_are_not_a_ranged_attack_but_cover_still_counts() {
    let mut cover_helped = 0;
    for seed in 0..40 {
        let (open, guard) = venom_cloud_on_dreamfencers(seed, false);
        assert_eq!(
            guard, 0,
            "seed {seed}: Flowing Guard acted on a power's hits"
        );
        let (covered, _) = venom_cloud_on_dreamfencers(seed, true);
        assert!(
            covered <= open,
            "seed {seed}: {covered} lost in cover, {open} in the open"
        );
        if covered < open {
            cover_helped += 1;
        }
    }
    assert!(cover_helped > 0);
}

/// BoV 5.1, "General's Aura of Command": "All friendly models within 12"
/// of the general upgrade their Morale tests" - model by model, not the
/// whole unit for one model.
#[test]
fn the_generals_aura_is_counted_per_model() {
    let mut g = deployed(10, "allaria_guild_line", "tyveria_swarm");
    let eldai = unit_named(&g, "Eldai Alarn");
    assert!(g.units[usize::from(eldai)].general);
    let gunners = unit_named(&g, "Golden Gunners");
    let r = radius(&g, eldai) + radius(&g, gunners);
    // Gunner models 11", 11.9", 12.5" and 14" from the General's base.
    let xs = [11.0, 11.9, 12.5, 14.0];
    place(&mut g, |_| {
        vec![
            (eldai, vec![Point::new(0.0 + 5.0, 10.0)]),
            (
                gunners,
                xs.iter().map(|d| Point::new(5.0 + d + r, 10.0)).collect(),
            ),
        ]
    });
    let set = g.models_in_generals_aura(gunners);
    assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 1]);
}

/// "cards_used": every power, Vaala card and Artifact of the two lists,
/// zeros included, counted as they act.
#[test]
fn cards_used_lists_every_card_of_both_lists() {
    let g = deployed(11, "allaria_guild_line", "tyveria_swarm");
    let used = g.cards_used();
    for (kind, id) in [
        (CardKind::Power, "flowing_guard"),
        (CardKind::Power, "parry"),
        (CardKind::Power, "iron_will"),
        (CardKind::Power, "bellow"),
        (CardKind::Artifact, "stormcaller_horn"),
        (CardKind::Artifact, "blade_of_dawn"),
        (CardKind::Artifact, "cloak_of_shadows"),
        (CardKind::Vaala, "wind_step"),
        (CardKind::Vaala, "sapping_curse"),
    ] {
        let c = used
            .iter()
            .find(|c| c.kind == kind && c.id == id)
            .unwrap_or_else(|| panic!("{id} missing: {used:?}"));
        assert_eq!(c.uses, 0);
    }
    assert!(!used.iter().any(|c| c.id == "searing_breath"));
}

/// A whole game between bots uses cards, and the same seed and decisions
/// give the same counts.
#[test]
fn bots_use_cards_and_replays_count_the_same() {
    use valerna_bov::battle::bots::{GreedyBot, play};
    let setup = BattleSetup::pitched(12, "allaria_dragon_host", "tyveria_swarm");
    let mut g = Battle::start(&pack(), &setup).unwrap();
    let (mut a, mut b) = (GreedyBot::new(1), GreedyBot::new(2));
    let log = play(&mut g, &mut [&mut a, &mut b], 20_000).unwrap();
    assert!(g.outcome().is_some());
    let total: u32 = g.cards_used().iter().map(|c| c.uses).sum();
    assert!(total > 0, "{:?}", g.cards_used());
    let mut h = Battle::start(&pack(), &setup).unwrap();
    for d in log {
        h.apply(d).unwrap();
    }
    assert_eq!(h.cards_used(), g.cards_used());
}

/// Every trigger the lists answer opens its window in play: over a few
/// greedy games, the windows for an activation's start and end, an attack
/// declared, a charge, the end of a turn and Initiative ("When you win
/// Initiative": Sapping Curse) are all offered.
#[test]
fn bot_games_meet_the_triggers_of_the_lists() {
    use valerna_bov::battle::bots::{Bot, GreedyBot};
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..4 {
        let setup = BattleSetup::pitched(seed, "allaria_dragon_host", "tyveria_swarm");
        let mut g = Battle::start(&pack(), &setup).unwrap();
        let (mut a, mut b) = (GreedyBot::new(seed), GreedyBot::new(seed + 9));
        for _ in 0..20_000 {
            let Some(seat) = g.to_decide() else { break };
            if let Phase::Reaction { window, .. } = &g.phase {
                seen.insert(format!("{:?}", window.trigger));
            }
            let d = if seat == 0 {
                a.decide(&g)
            } else {
                b.decide(&g)
            };
            g.apply(d).unwrap();
        }
    }
    for t in [
        "StartOfActivation",
        "EndOfActivation",
        "EndOfTurn",
        "AttackDeclared(Ranged)",
        "Initiative",
    ] {
        assert!(seen.contains(t), "{t} never offered: {seen:?}");
    }
}

/// The shipped pack with one more Artifact card, `card` (its RON text), to
/// hold a power to a test.
fn pack_with_artifact(card: &str) -> std::sync::Arc<Pack> {
    use valerna_bov::content::DEFAULT_SOURCES;
    let texts: Vec<String> = DEFAULT_SOURCES
        .iter()
        .map(|s| {
            if matches!(s.kind, FileKind::Artifacts) {
                let t = s.text.trim_end();
                let body = t.strip_suffix(']').unwrap().trim_end();
                format!("{},{card}]", body.trim_end_matches(','))
            } else {
                s.text.to_string()
            }
        })
        .collect();
    let sources: Vec<Source> = DEFAULT_SOURCES
        .iter()
        .zip(&texts)
        .map(|(s, t)| Source {
            file: s.file,
            kind: s.kind,
            text: t,
        })
        .collect();
    std::sync::Arc::new(Pack::load(&sources).unwrap())
}

/// "This unit is hit, before defense dice are rolled": a reaction on the
/// `Hit` trigger is offered after the attack roll, only when it hit, and
/// its upgrade counts on that defense roll. The pack has no such card, so
/// the test adds one: an Artifact for Qui.
#[test]
fn a_hit_reaction_comes_between_the_attack_and_the_defense() {
    let pack = pack_with_artifact(
        r#"(
        id: "stone_skin", name: "Stone Skin", provisional: true,
        power: (id: "harden", name: "Harden", timing: Reaction(Hit(Melee)), text: "x",
          effects: [Modifier(target: Caster, roll: Defense, amount: 1, duration: ThisRoll)]),
    )"#,
    );
    let list = r#"(
        name: "Test", force: "Allaria", game_size: 100,
        units: [
            (card: "eldai_alarn", general: true),
            (card: "parrymaster_qui", artifacts: ["stone_skin"]),
        ],
    )"#;
    let mut offered = 0;
    for seed in 0..10 {
        let setup = BattleSetup::pitched(seed, list, "tyveria_swarm");
        let mut g = Battle::start(&pack, &setup).unwrap();
        common::past_set_up(&mut g);
        let qui = unit_named(&g, "Parrymaster Qui");
        let foe = unit_named(&g, "Bloodclaws");
        place(&mut g, |g| {
            let y = contact_y(g, qui, foe, 10.0);
            vec![
                (qui, row(g, qui, 1, 10.0, 10.0, 0.0)),
                (foe, row(g, foe, 1, 10.0, y, 0.0)),
            ]
        });
        g.phase = Phase::Action { unit: foe };
        g.apply(Decision::Attack { target: qui }).unwrap();
        // First the declaration: Parry; declined.
        let Phase::Reaction { window, .. } = g.phase.clone() else {
            panic!("{:?}", g.phase)
        };
        assert_eq!(window.trigger, Trigger::AttackDeclared(WeaponKind::Melee));
        g.apply(Decision::Reaction { reaction: None }).unwrap();
        // The hit's window, unless the attack missed (the end of the
        // activation's, for a hand that may answer it, declined).
        let mut hit = None;
        while let Phase::Reaction {
            window, options, ..
        } = g.phase.clone()
        {
            if window.trigger == Trigger::Hit(WeaponKind::Melee) {
                hit = Some((window, options));
                break;
            }
            g.apply(Decision::Reaction { reaction: None }).unwrap();
        }
        let Some((window, options)) = hit else {
            continue; // the attack missed: no hit to answer
        };
        assert_eq!(window.trigger, Trigger::Hit(WeaponKind::Melee));
        let harden = Reaction::Power {
            unit: qui,
            power: ARTIFACT_POWER_SLOT,
            target: None,
        };
        assert_eq!(options, vec![harden.clone()]);
        g.apply(Decision::Reaction {
            reaction: Some(harden),
        })
        .unwrap();
        decline_reactions(&mut g);
        // Spent on the defense roll that followed.
        assert_eq!(
            g.power_modifier(qui, Roll::Defense, Some(WeaponKind::Melee)),
            0
        );
        assert_eq!(uses(&g, CardKind::Artifact, "stone_skin"), 1);
        offered += 1;
    }
    assert!(offered > 0);
}

/// One side's unit `killer`, wounded once, attacks the enemy `victim` cut
/// down to one model in base contact, from seeds 0 to 29 (a third unit,
/// `other`, stands far off so the battle goes on): the reaction `slot` of
/// the killer is offered on `DestroysUnit` exactly when the victim is gone,
/// after the attack's wounds, and heals the killer; the card is counted
/// used. Returns how many attacks destroyed and how many did not.
fn destruction_answered(
    pack: &std::sync::Arc<Pack>,
    lists: [&str; 2],
    [killer, victim, other]: [&str; 3],
    slot: u8,
    card: (CardKind, &str),
) -> (u32, u32) {
    let (mut destroyed, mut survived) = (0, 0);
    for seed in 0..30 {
        let setup = BattleSetup::pitched(seed, lists[0], lists[1]);
        let mut g = Battle::start(pack, &setup).unwrap();
        common::past_set_up(&mut g);
        let k = unit_named(&g, killer);
        let foe = unit_named(&g, victim);
        let far = unit_named(&g, other);
        place(&mut g, |g| {
            let y = contact_y(g, k, foe, 10.0);
            vec![
                (k, row(g, k, 1, 10.0, 10.0, 0.0)),
                (foe, row(g, foe, 1, 10.0, y, 0.0)),
                (far, row(g, far, 1, 40.0, 30.0, 0.0)),
            ]
        });
        g.units[usize::from(k)].state.wounds = 1;
        activate(&mut g, k);
        g.apply(Decision::Attack { target: foe }).unwrap();
        let answer = Reaction::Power {
            unit: k,
            power: slot,
            target: None,
        };
        let mut offered = false;
        while let Phase::Reaction {
            window, options, ..
        } = g.phase.clone()
        {
            let take = window.trigger == Trigger::DestroysUnit;
            if take {
                assert!(!g.units[usize::from(foe)].alive());
                assert_eq!(options, vec![answer.clone()]);
                offered = true;
            }
            g.apply(Decision::Reaction {
                reaction: take.then(|| answer.clone()),
            })
            .unwrap();
        }
        if g.units[usize::from(foe)].alive() {
            assert!(!offered);
            assert_eq!(g.units[usize::from(k)].state.wounds, 1);
            survived += 1;
        } else {
            assert!(offered, "seed {seed}: no reaction: {:?}", g.phase);
            assert_eq!(g.units[usize::from(k)].state.wounds, 0, "healed");
            assert_eq!(uses(&g, card.0, card.1), 1);
            destroyed += 1;
        }
    }
    (destroyed, survived)
}

/// BoV starter, Fig. 5.3 (the 21-point card): "After destroying the last
/// model in a unit, this unit heals one wound." A reaction on the
/// `DestroysUnit` trigger is offered to the unit whose attack removed the
/// last model, once that attack's wounds are applied, and heals it; an
/// attack that leaves a model standing offers nothing. Held on the pack's
/// card that prints it, the Skorpikon Broodmother, and on an Artifact the
/// test gives Qui.
#[test]
fn destroying_a_unit_s_last_model_sets_off_its_reaction() {
    let pack = pack_with_artifact(
        r#"(
        id: "victors_breath", name: "Victor's Breath", provisional: true,
        power: (id: "second_wind", name: "Second Wind", timing: Reaction(DestroysUnit),
          text: "After destroying the last model in a unit, this unit heals one wound.",
          effects: [Heal(target: Caster, amount: 1)]),
    )"#,
    );
    let qui = r#"(
        name: "Test", force: "Allaria", game_size: 100,
        units: [
            (card: "eldai_alarn", general: true),
            (card: "parrymaster_qui", artifacts: ["victors_breath"]),
        ],
    )"#;
    let (destroyed, survived) = destruction_answered(
        &pack,
        [qui, "tyveria_swarm"],
        ["Parrymaster Qui", "Bloodclaws", "Scythed Reavers"],
        ARTIFACT_POWER_SLOT,
        (CardKind::Artifact, "victors_breath"),
    );
    assert!(destroyed > 0 && survived > 0, "{destroyed} {survived}");
    let brood = r#"(
        name: "Test", force: "Tyveria", game_size: 100,
        units: [
            (card: "adrael", general: true),
            (card: "skorpikon_broodmother"),
        ],
    )"#;
    let (destroyed, _) = destruction_answered(
        &pack,
        ["allaria_guild_line", brood],
        ["Skorpikon Broodmother", "Dreamfencers", "Golden Gunners"],
        0,
        (CardKind::Power, "devour"),
    );
    assert!(destroyed > 0);
}

/// Bellow: "At the start of this unit's activation, remove 1 fatigue
/// counter from a friendly Ogerron unit within 6\"": a friend without the
/// Ogerron keyword is not offered ("Reaction Powers"; "Targets for powers").
#[test]
fn bellow_names_only_a_friendly_ogerron_unit() {
    let mut g = deployed(13, "allaria_guild_line", "tyveria_swarm");
    let chief = unit_named(&g, "Ogerron Warchief");
    let reavers = unit_named(&g, "Scythed Reavers");
    let seat = g.units[usize::from(chief)].owner;
    place(&mut g, |g| {
        vec![
            (chief, row(g, chief, 1, 10.0, 10.0, 0.0)),
            (reavers, row(g, reavers, 2, 10.0, 13.0, 0.5)),
        ]
    });
    // Both carry fatigue for Bellow to remove: a power that would change
    // nothing is not offered.
    g.units[usize::from(chief)].state.fatigue = 1;
    g.units[usize::from(reavers)].state.fatigue = 1;
    let w = Window {
        trigger: Trigger::StartOfActivation,
        subjects: vec![chief],
        actor: None,
    };
    let targets: Vec<Option<u16>> = g
        .reaction_options(&w, seat, false)
        .into_iter()
        .filter_map(|r| match r {
            Reaction::Power { unit, target, .. } if unit == chief => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![Some(chief)]);
}
