//! Fixtures shared by the turn-engine tests. Each test binary uses its own
//! part of them.
#![allow(dead_code)]

use std::sync::Arc;

use valerna_bov::battle::{Battle, BattleSetup, Phase};
use valerna_bov::content::Pack;
use valerna_game::Game;

pub fn pack() -> Arc<Pack> {
    Arc::new(Pack::default_pack().unwrap())
}

/// A Pitched Battle set up by the engine's first suggestions: objectives,
/// table edges and deployment.
pub fn deployed(seed: u64, a: &str, b: &str) -> Battle {
    let mut g = Battle::start(&pack(), &BattleSetup::pitched(seed, a, b)).unwrap();
    let mut buf = Vec::new();
    while matches!(
        g.phase,
        Phase::PlaceObjective { .. } | Phase::TableEdge { .. } | Phase::Deploy { .. }
    ) {
        g.choices(&mut buf);
        g.apply(buf[0].clone()).unwrap();
    }
    g
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
