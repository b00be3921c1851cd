//! "Bidding" (BoV 5.1, "Monsters"): secret bids of victory points for
//! control of a Monster for the round.

use super::*;
use crate::battle::{Battle, Phase, Step};

impl Battle {
    /// At the start of each round control returns to the neutral side and
    /// the players bid again for every Monster that is controlled by
    /// bidding (its card has no behaviour deck) (BoV 5.1, "Bidding").
    pub(crate) fn queue_bids(&mut self) {
        let mut bids = Vec::new();
        for k in 0..self.monsters.list.len() {
            let unit = self.monsters.list[k].unit;
            let m = &mut self.monsters.list[k];
            m.controller = None;
            m.bids = [None; 2];
            let u = &mut self.units[usize::from(unit)];
            u.owner = NEUTRAL;
            u.state.owner = NEUTRAL;
            if u.alive()
                && self
                    .card(unit)
                    .monster
                    .as_ref()
                    .is_some_and(|c| c.behaviour.is_empty())
            {
                bids.push(unit);
            }
        }
        for unit in bids.into_iter().rev() {
            self.queue
                .push_front(Step::Monster(MonsterStep::Bid { unit }));
        }
    }

    /// Asks each seat's bid in turn, then reveals: the higher bid wins,
    /// pays its victory points (the score may go below zero) and controls
    /// the Monster this round; a tie wins nothing (docs/rulings.md, "Tied
    /// bids for a Monster").
    pub(super) fn bid_step(&mut self, unit: u16) -> bool {
        if !self.units[usize::from(unit)].alive() {
            return true;
        }
        let Some(m) = self.monster(unit) else {
            return true;
        };
        if let Some(seat) = (0..2).find(|&s| m.bids[usize::from(s)].is_none()) {
            self.phase = Phase::Monster {
                seat,
                ask: MonsterAsk::Bid { unit },
            };
            return false;
        }
        let bids = m.bids.map(|b| b.unwrap_or(0));
        let winner = match bids[0].cmp(&bids[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let m = self.monster_mut(unit).expect("a Monster");
        m.revealed = Some(bids);
        m.bids = [None; 2];
        if let Some(w) = winner {
            let paid = bids[usize::from(w)];
            m.last_bid = Some((w, paid));
            m.controller = Some(w);
            self.score.points[usize::from(w)] -= i32::from(paid);
            self.monsters.paid[usize::from(w)] += i32::from(paid);
            let u = &mut self.units[usize::from(unit)];
            u.owner = w;
            u.state.owner = w;
        }
        true
    }
}
