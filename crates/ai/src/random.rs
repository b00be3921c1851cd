//! The random player: a baseline every other bot must beat.

use valerna_dice::Stream;

use crate::{Bot, Observable};

/// Picks one of the legal decisions uniformly, from its own stream (never
/// the game's, so that the game's dice do not depend on the player).
#[derive(Clone, Debug)]
pub struct RandomBot {
    stream: Stream,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            stream: Stream::new(seed),
        }
    }
}

impl<G: Observable> Bot<G> for RandomBot {
    fn decide(&mut self, k: &G::Knowledge) -> G::Decision {
        let options = G::options(k);
        options[self.stream.index(options.len())].clone()
    }
}
