//! The dice of both Dragonbond games, exactly as docs/rulings.md, "Dice" reads them.
//!
//! * [`bov`]: the Battles of Valerna attack d10 and defense d6 in black, gray
//!   and white, the net upgrade/downgrade rule with its rerolls, face-off rolls.
//! * [`lov`]: the Lords of Vaala combat d10.
//! * [`stream`]: the one seeded random stream a game draws every die and
//!   shuffle from (docs/rulings.md, "One seeded stream a game").
//! * [`odds`]: exact probability distributions, by convolution.
//! * [`sim`]: the same quantities by seeded Monte Carlo, rolling the very
//!   dice the engines roll; tests hold the two against each other.
#![forbid(unsafe_code)]

pub mod bov;
pub mod lov;
pub mod odds;
pub mod pmf;
pub mod sim;
pub mod stream;

pub use pmf::Pmf;
pub use stream::Stream;
