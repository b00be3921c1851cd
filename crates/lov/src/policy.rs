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
    buf: Vec<Decision>,
}

impl RandomPolicy {
    pub fn new(seed: u64) -> Self {
        RandomPolicy {
            stream: Stream::new(seed),
            buf: Vec::with_capacity(48),
        }
    }

    /// A legal decision for the seat to decide, or `None` once over.
    pub fn choose(&mut self, game: &Lov) -> Option<Decision> {
        game.to_decide()?;
        game.choices(&mut self.buf);
        if self.buf.is_empty() {
            return None;
        }
        let i = self.stream.index(self.buf.len());
        Some(self.buf[i])
    }
}
