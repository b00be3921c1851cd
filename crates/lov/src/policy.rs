//! The simple seeded random policy that drives human seats in simulations.

use valerna_dice::Stream;
use valerna_game::Game;

use crate::decision::Decision;
use crate::game::Lov;

/// Picks one of the listed choices uniformly from its own stream (not the
/// game's, so the game's dice do not depend on the policy).
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    stream: Stream,
}

impl RandomPolicy {
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            stream: Stream::new(seed),
        }
    }

    /// A legal decision for the seat to decide, or `None` once over.
    pub fn choose(&mut self, game: &Lov) -> Option<Decision> {
        game.to_decide()?;
        // The pending question's own list: the same as `Game::choices`,
        // without the copy.
        let options = game.options();
        if options.is_empty() {
            return None;
        }
        let i = self.stream.index(options.len());
        Some(options[i])
    }
}
