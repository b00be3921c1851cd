//! Dragonbond (LoV p.10).

use valerna_dice::lov::{face, shows_a_hit};

use crate::decision::Decision;
use crate::engine::{Eng, Res};
use crate::log::{Ask, Event};
use crate::state::{Core, NONE};

impl Eng<'_> {
    /// Checks every non-bonded General standing with a non-bonded Dragon
    /// (the Events that call for it).
    pub fn dragonbond_check_all(&mut self) -> Res {
        self.dragonbond_check(NONE)
    }

    /// After `seat` activates a glyph or retreats: "if your non-bonded
    /// General is in the same region as a non-bonded Dragon, or if your
    /// non-bonded Dragon is in the same region as a non-bonded General"
    /// (LoV p.10; docs/rulings.md, "Timing and wording"). `NONE` checks every pair.
    pub fn dragonbond_check(&mut self, seat: u8) -> Res {
        // Only non-bonded pieces bond.
        if seat != NONE && self.s.players[seat as usize].partner != NONE {
            return Ok(());
        }
        for g in [0u8, 2] {
            if seat != NONE && Core::is_general(seat) && seat != g
                || self.s.players[g as usize].partner != NONE
            {
                continue;
            }
            let at = self.s.general_at(g);
            for d in [1u8, 3] {
                if seat != NONE && !Core::is_general(seat) && seat != d {
                    continue;
                }
                // A bond just made ends the General's checks.
                let (pg, pd) = (&self.s.players[g as usize], &self.s.players[d as usize]);
                if pg.partner == NONE && pd.partner == NONE && at != NONE && at == pd.at {
                    // "You may choose to attempt" (LoV p.10, Italian "potete
                    // scegliere di tentare", French "vous pouvez déclencher"):
                    // the player whose glyph or retreat brought it about
                    // decides (an Event's check: the General's player, else
                    // the Dragon's). The Faceless, who activate every glyph
                    // and never retreat by choice (p.10), always attempt it
                    // (docs/rulings.md, "The Dragonbond attempt").
                    let chooser = match seat {
                        NONE if self.human(g) => g,
                        NONE => d,
                        s => s,
                    };
                    let ask = Ask::AttemptBond { region: at };
                    let opts = [Decision::Attempt, Decision::Decline];
                    if !self.human(chooser) || self.ask(chooser, ask, &opts)? == Decision::Attempt {
                        self.bond_check(g, d)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Both roll a combat die; starting with the General, either may re-roll
    /// for 1 Power, any number of times (the Faceless never do); both
    /// showing a hit bond them for good (LoV p.10; docs/rulings.md, "The Lords of Vaala combat die").
    pub fn bond_check(&mut self, g: u8, d: u8) -> Res {
        let mut dice = [self.s.dice().d10(), self.s.dice().d10()];
        self.s.bond_dice = dice;
        self.emit(Event::BondRolled {
            general: g,
            dragon: d,
            general_die: dice[0],
            dragon_die: dice[1],
        });
        loop {
            let mut rerolled = false;
            for (i, seat) in [g, d].into_iter().enumerate() {
                if !self.human(seat) || self.s.players[seat as usize].power == 0 {
                    continue;
                }
                let ask = Ask::Bond {
                    die: dice[i],
                    other: dice[1 - i],
                };
                if self.ask(seat, ask, &[Decision::Keep, Decision::Reroll])? == Decision::Reroll {
                    self.spend(seat, 1);
                    dice[i] = self.s.dice().d10();
                    self.s.bond_dice = dice;
                    self.emit(Event::BondRerolled { seat, die: dice[i] });
                    rerolled = true;
                }
            }
            if !rerolled {
                break;
            }
        }
        if shows_a_hit(face(dice[0])) && shows_a_hit(face(dice[1])) {
            self.s.players[g as usize].partner = d;
            self.s.players[d as usize].partner = g;
            self.emit(Event::Bonded {
                general: g,
                dragon: d,
            });
        }
        Ok(())
    }
}
