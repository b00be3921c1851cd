//! The invariants of a game of Lords of Vaala, one checker for the tests,
//! the fuzzing harnesses and (in debug builds) every decision: tokens and
//! Units are conserved (LoV p.5 component counts), no force is over the
//! 6-Unit limit, and between units of play no region holds the Units of two
//! owners.

use crate::content::Content;
use crate::state::Core;

/// What must hold at any point, inside a unit of play too.
pub fn anywhere(c: &Content, s: &Core) -> Result<(), String> {
    conserved(c, s)
}

/// What must hold between units of play.
pub fn settled(c: &Content, s: &Core) -> Result<(), String> {
    conserved(c, s)?;
    within_limits(s)?;
    one_owner_a_region(s)
}

/// Every invariant of a game where it stands: a game may end in the middle
/// of a combat (the 10th Power stolen), with the loser's pieces not yet
/// retreated, so an ended game is held to conservation and the limit only.
/// `now` is the game's state, `last` its state at the last settled point
/// (`Lov::state` and `Lov::settled`).
pub fn check(c: &Content, now: &Core, last: &Core) -> Result<(), String> {
    anywhere(c, now)?;
    if now.end.is_some() {
        within_limits(now)
    } else {
        settled(c, last)
    }
}

/// LoV p.5 component counts, wherever the tokens are.
pub fn conserved(c: &Content, s: &Core) -> Result<(), String> {
    let power: u32 = s.regions.iter().map(|r| u32::from(r.power)).sum::<u32>()
        + s.players
            .iter()
            .map(|p| u32::from(p.total_power()))
            .sum::<u32>()
        + u32::from(s.power_supply);
    if power != u32::from(c.power) {
        return Err(format!("{power} Power tokens"));
    }
    let cities = s.regions.iter().filter(|r| r.city).count() as u32 + u32::from(s.city_supply);
    if cities != u32::from(c.cities) {
        return Err(format!("{cities} cities"));
    }
    for d in [1, 3] {
        if s.players[d].wounds > 5 {
            return Err(format!("{} wounds on one track", s.players[d].wounds));
        }
    }
    let on_tracks = |code: u8| -> u32 {
        s.players
            .iter()
            .map(|p| {
                p.essence[..usize::from(p.essence_len)]
                    .iter()
                    .filter(|&&x| x == code)
                    .count() as u32
            })
            .sum()
    };
    let neutral = s.regions.iter().map(|r| u32::from(r.neutral)).sum::<u32>()
        + u32::from(s.neutral_supply)
        + on_tracks(0b1111_1100);
    if neutral != u32::from(c.neutral) {
        return Err(format!("{neutral} neutral Units"));
    }
    for seat in [0u8, 2] {
        let g = usize::from(seat / 2);
        for t in 0..3 {
            let n = s
                .regions
                .iter()
                .map(|r| u32::from(r.force[g].units[t]))
                .sum::<u32>()
                + u32::from(s.players[usize::from(seat)].supply[t])
                + on_tracks((seat << 2) | t as u8);
            if n != u32::from(c.per_type[t]) {
                return Err(format!("{n} Units of type {t} for seat {seat}"));
            }
        }
        let generals = s.regions.iter().filter(|r| r.force[g].general).count();
        if generals != 1 && !s.players[usize::from(seat)].eliminated {
            return Err(format!("{generals} General pieces for seat {seat}"));
        }
    }
    let wounds: u32 = s.players.iter().map(|p| u32::from(p.wounds)).sum();
    if wounds > u32::from(c.wounds) {
        return Err(format!("{wounds} wounds"));
    }
    Ok(())
}

pub fn within_limits(s: &Core) -> Result<(), String> {
    for (i, r) in s.regions.iter().enumerate() {
        for f in &r.force {
            if f.size() > 6 {
                return Err(format!("{} Units of one General in region {i}", f.size()));
            }
        }
    }
    Ok(())
}

/// LoV p.12: a combat goes on "until there are no more enemies in the
/// region or the attacker has retreated", and a peaceful move never enters
/// an enemy region (docs/rulings.md, "Entering enemy regions"); neutral Units
/// are never placed in a General's region (docs/rulings.md, "Neutral Units
/// and a General's region"). So between units of play no region holds Units
/// of two owners: both Generals, or a General and the neutrals.
pub fn one_owner_a_region(s: &Core) -> Result<(), String> {
    for (i, r) in s.regions.iter().enumerate() {
        let generals = r.force.iter().filter(|f| !f.is_empty()).count();
        if generals + usize::from(r.neutral > 0) > 1 {
            return Err(format!("Units of two owners in region {i}: {r:?}"));
        }
    }
    Ok(())
}
