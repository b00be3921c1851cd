//! Bots for the Valerna games, written once over [`valerna_game::Game`].
//!
//! A bot sees a game only as its seat does: it is handed the seat's
//! [`Observable::Knowledge`], which the rule engine builds and which holds
//! nothing hidden from that seat, and never the game itself. So a bot cannot
//! peek, by construction: the search ([`ismcts`]) guesses the hidden part
//! with a per-game [`Sampler`] and plays the guesses out.
//!
//! The bots: [`random::RandomBot`] (uniform over the legal choices),
//! [`ismcts::Ismcts`] (single-observer information-set Monte Carlo tree
//! search, Cowling, Powley & Whitehouse 2012) and, per game, heuristic
//! players ([`lov::Heuristic`]).
#![forbid(unsafe_code)]

pub mod bov;
pub mod ismcts;
pub mod lov;
pub mod random;
pub mod spec;

use std::fmt::Debug;

use valerna_dice::Stream;
use valerna_game::{Game, Seat};

/// A game whose seats can be told what they know.
pub trait Observable: Game {
    /// What one seat knows: everything public, its own hidden things, the
    /// history it saw, and the pending question's options when it decides.
    type Knowledge: Clone + Debug + Send + Sync;

    /// What `seat` knows now (the table's side: the only place that holds
    /// the game itself).
    fn knowledge(&self, seat: Seat) -> Self::Knowledge;

    /// The seat that knows `k`.
    fn knower(k: &Self::Knowledge) -> Seat;

    /// The legal decisions, when the knowing seat is the one to decide.
    fn options(k: &Self::Knowledge) -> &[Self::Decision];

    /// Each seat's payoff in a finished game: 1 for each winner (a win
    /// shared by a bonded team counts for both), 0 for the others.
    fn payoffs(&self, out: &mut [f64]) {
        out.fill(0.0);
        if let Some(o) = self.outcome() {
            for w in o.winners {
                if let Some(p) = out.get_mut(usize::from(w)) {
                    *p = 1.0;
                }
            }
        }
    }
}

/// Builds games consistent with what a seat knows: the determinisations of
/// information-set search. Per game, because only a game knows its hidden
/// things.
pub trait Sampler<G: Observable>: Send + Sync {
    /// One full game consistent with `k`, its hidden things drawn at random
    /// from `seed`, and its dice to come from a stream of that seed too.
    /// `None` when no consistent game was found.
    fn sample(&self, k: &G::Knowledge, seed: u64) -> Option<G>;

    /// A guess at each seat's payoff (0 to 1) of an unfinished game, for a
    /// playout cut short.
    fn evaluate(&self, g: &G, out: &mut [f64]) {
        let n = out.len().max(1) as f64;
        out.fill(1.0 / n);
        let _ = g;
    }

    /// The decisions the search weighs at `g` (into `out`, cleared first),
    /// the likeliest best first: by default every legal choice the game
    /// lists. A game whose choices are continuous gives a finite list of
    /// candidates here.
    fn candidates(&self, g: &G, out: &mut Vec<G::Decision>) {
        g.choices(out);
    }

    /// The decision a playout takes at `g`: by default one of the game's
    /// choices (listed into `buf`) uniformly at random from `rng`.
    fn playout(&self, g: &G, rng: &mut Stream, buf: &mut Vec<G::Decision>) -> Option<G::Decision> {
        g.choices(buf);
        if buf.is_empty() {
            return None;
        }
        Some(buf[rng.index(buf.len())].clone())
    }
}

/// A player that decides from what its seat knows.
pub trait Bot<G: Observable>: Send {
    /// One of `G::options(k)`; `k` is the knowledge of the seat to decide.
    fn decide(&mut self, k: &G::Knowledge) -> G::Decision;

    /// What its searches added up to, for a bot that searches.
    fn stats(&self) -> Option<ismcts::Stats> {
        None
    }
}

/// SplitMix64: independent seeds from one seed and an index.
pub fn mix(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i.wrapping_add(1)));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
