//! Fixtures shared by the turn-engine tests. Each test binary uses its own
//! part of them.
#![allow(dead_code)]

use std::sync::Arc;

use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::content::Pack;
use valerna_bov::geometry::{Battlefield, Point, TerrainPiece};
use valerna_bov::rules::scenario::Scenario;
use valerna_game::Game;

/// A pack of one units file, `text`, with the force Allaria and the tags
/// `tags` declared: for the loader's tests.
pub fn load_units(tags: &[&str], text: &str) -> Result<Pack, String> {
    use valerna_bov::content::{FileKind, Source};
    let keywords = format!(r#"(forces: ["Allaria"], tags: {tags:?})"#);
    Pack::load(&[
        Source {
            file: "keywords.ron",
            kind: FileKind::Keywords,
            text: &keywords,
        },
        Source {
            file: "units/test.ron",
            kind: FileKind::Units,
            text,
        },
    ])
    .map_err(|e| e.to_string())
}

pub fn pack() -> Arc<Pack> {
    Arc::new(Pack::default_pack().unwrap())
}

/// A Pitched Battle set up by the engine's first suggestions: objectives,
/// table edges and deployment.
pub fn deployed(seed: u64, a: &str, b: &str) -> Battle {
    let mut g = Battle::start(&pack(), &BattleSetup::pitched(seed, a, b)).unwrap();
    past_set_up(&mut g);
    g
}

/// Applies the engine's first suggestion while the phase matches.
pub fn first_choices_while(g: &mut Battle, phase: impl Fn(&Phase) -> bool) {
    let mut buf = Vec::new();
    while phase(&g.phase) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
}

/// Takes the engine's first suggestions through the set-up: objectives,
/// table edges and deployment; then declines the reactions to the first
/// Initiative (a hand that may hold a card answering it is asked).
pub fn past_set_up(g: &mut Battle) {
    first_choices_while(g, |p| {
        matches!(
            p,
            Phase::PlaceObjective { .. } | Phase::TableEdge { .. } | Phase::Deploy { .. }
        )
    });
    decline_reactions(g);
}

pub fn unit_named(g: &Battle, name: &str) -> u16 {
    g.units.iter().find(|u| u.name == name).unwrap().id
}

/// Declines every reaction, Command activation marker and Command
/// redirect offered until the engine asks something else (BoV 5.1,
/// "Reactions", "Command X": each is the player's option).
pub fn decline_reactions(g: &mut Battle) {
    use valerna_bov::battle::Decision;
    loop {
        let d = match g.phase {
            Phase::Reaction { .. } => Decision::Reaction { reaction: None },
            Phase::Command { .. } => Decision::Command { unit: None },
            Phase::Redirect { .. } => Decision::Redirect { unit: None },
            _ => return,
        };
        g.apply(d).unwrap();
    }
}

/// A model's base radius in inches.
pub fn radius(g: &Battle, id: u16) -> f64 {
    f64::from(g.units[usize::from(id)].base_mm) / 25.4 / 2.0
}

/// A battlefield with `terrain` and only `keep` on it, each model placed at
/// the point given for it; models not placed are taken off the table. Every
/// unit stands on its own base: a Dragonrider that started mounted is
/// placed on foot (set `mounted_on` again to ride).
pub fn place_on(
    g: &mut Battle,
    terrain: Vec<TerrainPiece>,
    keep: impl FnOnce(&Battle) -> Vec<(u16, Vec<Point>)>,
) {
    let keep = keep(g);
    let blocking = g.field.base_blocking;
    let cover = g.field.cover_rule;
    g.field = Battlefield::new(48.0, 36.0, terrain).unwrap();
    g.field.base_blocking = blocking;
    g.field.cover_rule = cover;
    for u in &mut g.units {
        u.deployed = false;
        u.mounted_on = None;
        u.reserve = false;
    }
    for (id, points) in keep {
        let u = &mut g.units[usize::from(id)];
        u.deployed = true;
        for (m, p) in points.iter().enumerate() {
            u.positions[m] = *p;
        }
        let owner = usize::from(u.owner.min(1));
        for m in points.len()..u.positions.len() {
            if u.state.alive.contains(m as u8) {
                u.state.alive.remove(m as u8);
                // Taken off as if lost, so that every model stays counted.
                g.models_lost[owner] += 1;
            }
        }
    }
}

/// An open battlefield with only `keep` on it (see [`place_on`]).
pub fn place(g: &mut Battle, keep: impl FnOnce(&Battle) -> Vec<(u16, Vec<Point>)>) {
    place_on(g, Vec::new(), keep);
}

/// A row of `n` models of `unit` from `x` along `y`, `gap` inches apart.
pub fn row(g: &Battle, unit: u16, n: usize, x: f64, y: f64, gap: f64) -> Vec<Point> {
    let step = 2.0 * radius(g, unit) + gap;
    (0..n).map(|k| Point::new(x + k as f64 * step, y)).collect()
}

/// Makes `unit` the active unit, as after "Select a Unit".
pub fn activate(g: &mut Battle, unit: u16) {
    g.units[usize::from(unit)].state.fatigue += 1;
    g.phase = Phase::Action { unit };
}

/// Nagasha Magnifex (Speed 10, flying) at (24, 5), the Ogerron Phalanx
/// (Speed 6) and the Bloodfangs (Speed 10) at `friends_y`, the Guild
/// Enforcers at (24, 34), in `scenario` with no objectives: the battle,
/// Nagasha and the Enforcers.
pub fn nagasha_ahead(scenario: Scenario, nagasha_y: f64, friends_y: f64) -> (Battle, u16, u16) {
    let mut g = deployed(5, "tyveria_dragon_host", "allaria_guild_line");
    let nagasha = unit_named(&g, "Nagasha Magnifex");
    let phalanx = unit_named(&g, "Ogerron Phalanx");
    let bloodfangs = unit_named(&g, "Bloodfangs");
    let enforcers = unit_named(&g, "Guild Enforcers");
    place(&mut g, |_| {
        vec![
            (nagasha, vec![Point::new(24.0, nagasha_y)]),
            (phalanx, vec![Point::new(12.0, friends_y)]),
            (bloodfangs, vec![Point::new(36.0, friends_y)]),
            (enforcers, vec![Point::new(24.0, 34.0)]),
        ]
    });
    g.setup.scenario = scenario;
    g.objectives.clear();
    (g, nagasha, enforcers)
}

/// Where the force of the greedy bot will stand: its second slowest unit
/// to come up after a march (the Bloodfangs; the Phalanx is slower).
pub fn force_stands(g: &Battle, enforcers: u16) -> f64 {
    let after_march = |name: &str| {
        let u = unit_named(g, name);
        g.distance(u, enforcers) - g.allowance(u, false)
    };
    after_march("Ogerron Phalanx").min(after_march("Bloodfangs"))
}

/// Nagasha far ahead of her force ([`nagasha_ahead`] at 5" and 3"; an
/// objective at `objective` if any) marches as `decide` decides: checks
/// that she advances and goes no nearer the Enforcers than her force will
/// stand ([`force_stands`]), less `slack`.
pub fn check_march_as_one(
    scenario: Scenario,
    objective: Option<Point>,
    slack: f64,
    decide: impl FnOnce(&Battle) -> Decision,
) {
    let (mut g, nagasha, enforcers) = nagasha_ahead(scenario, 5.0, 3.0);
    if let Some(at) = objective {
        g.objectives = vec![at];
        g.control.control = vec![None];
    }
    let before = g.distance(nagasha, enforcers);
    let hold = force_stands(&g, enforcers);
    assert!(before - g.allowance(nagasha, false) < hold - 1.0);
    activate(&mut g, nagasha);
    let d = decide(&g);
    assert!(
        matches!(&d, Decision::March { paths } if !paths.is_empty()),
        "{d:?}"
    );
    g.apply(d).unwrap();
    let after = g.distance(nagasha, enforcers);
    assert!(after < before - 1.0, "{scenario:?}: it advances");
    assert!(after >= hold - slack, "{scenario:?}: {after} {hold}");
}

/// Nagasha in charge reach of the Enforcers ([`nagasha_ahead`] at 22"), her
/// friends at `friends_y`, decides as `decide` does: checks that she
/// charges when `supported` and marches otherwise. Returns how near the
/// enemy her force will stand ([`force_stands`]).
pub fn check_charge_waits(
    friends_y: f64,
    supported: bool,
    decide: impl FnOnce(&Battle) -> Decision,
) -> f64 {
    let (mut g, nagasha, enforcers) = nagasha_ahead(Scenario::PitchedBattle, 22.0, friends_y);
    assert!(g.distance(nagasha, enforcers) < g.allowance(nagasha, false));
    let stands = force_stands(&g, enforcers);
    activate(&mut g, nagasha);
    let d = decide(&g);
    if supported {
        assert_eq!(d, Decision::Charge { target: enforcers });
    } else {
        assert!(matches!(d, Decision::March { .. }), "{d:?}");
    }
    stands
}

/// The critical hits `attacker`'s attack rolls have shown so far.
pub fn criticals_rolled(g: &Battle, attacker: u16) -> u32 {
    g.entries()
        .iter()
        .filter_map(|e| match &e.event {
            valerna_bov::battle::log::Event::AttackRolled {
                attacker: a,
                critical,
                ..
            } if *a == attacker => Some(*critical),
            _ => None,
        })
        .sum()
}

/// Declines every reaction, activation marker, redirect, mount, Opportunity
/// Attack and Upgrade token, and takes the engine's first suggestion for
/// anything else (casualties, a power's move), until a turn, an action or
/// the end.
pub fn settle_declining(g: &mut Battle) {
    use valerna_bov::battle::Decision;
    let mut buf = Vec::new();
    for _ in 0..300 {
        let d = match &g.phase {
            Phase::Turn { .. } | Phase::Action { .. } | Phase::Over => return,
            Phase::Reaction { .. } => Decision::Reaction { reaction: None },
            Phase::Command { .. } => Decision::Command { unit: None },
            Phase::Redirect { .. } => Decision::Redirect { unit: None },
            Phase::Mount { .. } => Decision::Mount { mount: None },
            Phase::Opportunity { .. } => Decision::React { unit: None },
            Phase::UpgradeToken { .. } => Decision::UpgradeToken { spend: false },
            _ => {
                g.choices(&mut buf);
                buf[0].clone()
            }
        };
        g.apply(d).unwrap();
    }
}

/// Shipped list `name` as a starter army may have it: without its
/// Artifacts, Mercenaries and Monsters, which the starter book has not (BoV
/// starter, "Writing army lists"), naming no edition.
pub fn without_artifacts(name: &str) -> String {
    use valerna_bov::force_list;
    use valerna_bov::rules::keywords::UnitKeyword;
    let (_, text) = valerna_bov::content::shipped_lists()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no shipped list {name}"));
    let pack = pack();
    let mut list = force_list::parse(text).unwrap();
    list.units.retain(|e| {
        pack.unit(&e.card)
            .is_none_or(|(_, c)| !c.has(UnitKeyword::Mercenary))
    });
    for e in &mut list.units {
        e.artifacts.clear();
    }
    list.monsters.clear();
    force_list::to_ron(&pack, &list)
}
