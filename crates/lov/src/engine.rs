//! The rules run as plain code that asks questions.
//!
//! A unit of play (one planning turn, one card of the stack, Clean-up) runs
//! from a checkpoint with the answers given so far. When it needs an answer it
//! does not have, it stops with the question; when the answer comes, the unit
//! runs again from its checkpoint, the same dice falling from the same
//! stream, up to the next question. So every rule reads as the book does, top
//! to bottom, and the state needs no record of where inside a rule it stopped.

use crate::content::{Content, Kind};
use crate::decision::{Decision, Question};
use crate::effect::Passive;
use crate::log::{Ask, Card, Entry, Event, PUBLIC};
use crate::state::{Core, EndReason, NONE};

/// Why a unit of play stopped early.
#[derive(Debug)]
pub enum Halt {
    /// It needs an answer: the question is in [`Eng::question`].
    Ask,
    /// The game ended.
    Over,
}

pub type Res<T = ()> = Result<T, Halt>;

/// A working copy of the game running one unit of play.
#[derive(Debug)]
pub struct Eng<'a> {
    pub s: &'a mut Core,
    pub c: &'a Content,
    answers: &'a [u8],
    used: usize,
    /// The question that stopped the unit.
    pub question: Option<Question>,
    /// Where the unit's events go, when the game keeps a log.
    log: Option<&'a mut Vec<Entry>>,
    /// The card being resolved (or played), for the questions it asks.
    pub source: Option<Card>,
}

/// Power that wins at once (LoV p.9, "End of Game" 1).
pub const WINNING_POWER: u8 = 10;

impl<'a> Eng<'a> {
    pub fn new(
        s: &'a mut Core,
        c: &'a Content,
        answers: &'a [u8],
        log: Option<&'a mut Vec<Entry>>,
    ) -> Self {
        Eng {
            s,
            c,
            answers,
            used: 0,
            question: None,
            log,
            source: None,
        }
    }

    /// Whether the game keeps a log (what only a log needs is skipped).
    pub fn logging(&self) -> bool {
        self.log.is_some()
    }

    /// Records a public event.
    pub fn emit(&mut self, event: Event) {
        self.emit_to(PUBLIC, event);
    }

    /// Records an event that only `seat` may see (`PUBLIC`: everyone).
    #[inline]
    pub fn emit_to(&mut self, to: u8, event: Event) {
        if let Some(log) = self.log.as_deref_mut() {
            log.push(Entry { to, event });
        }
    }

    /// `seat` chooses one of `opts` (not empty), answering `ask`. A single
    /// option needs no answer.
    pub fn ask(&mut self, seat: u8, ask: Ask, opts: &[Decision]) -> Res<Decision> {
        self.ask_as(seat, seat, ask, opts)
    }

    /// `seat` chooses one of `opts` for `owner` (see [`Eng::ask_for`]).
    fn ask_as(&mut self, seat: u8, owner: u8, ask: Ask, opts: &[Decision]) -> Res<Decision> {
        if opts.len() <= 1 {
            return Ok(opts.first().copied().unwrap_or(Decision::Done));
        }
        if let Some(&i) = self.answers.get(self.used) {
            self.used += 1;
            return Ok(opts[usize::from(i).min(opts.len() - 1)]);
        }
        self.question = Some(Question::new(seat, opts).on_behalf_of(owner).asking(ask));
        Err(Halt::Ask)
    }

    pub fn human(&self, seat: u8) -> bool {
        self.s.players[seat as usize].human
    }

    /// A choice that belongs to `owner`. A Faceless player's choice is made
    /// by its bonded ally, else by the initiative holder, or in solo play at
    /// random (LoV p.10 and Appendix "Solo play"; docs/rulings.md, "Timing and wording").
    pub fn ask_for(&mut self, owner: u8, ask: Ask, opts: &[Decision]) -> Res<Decision> {
        if owner != NONE && self.human(owner) {
            return self.ask(owner, ask, opts);
        }
        if opts.len() <= 1 {
            return self.ask(owner, ask, opts);
        }
        let partner = if owner == NONE {
            NONE
        } else {
            self.s.players[owner as usize].partner
        };
        // The bonded ally's right comes first, in solo play too (p.10: "If
        // bonded with a Faceless player, you may make any decisions they
        // would make"); chance replaces only the initiative holder.
        if partner != NONE && self.human(partner) {
            return self.ask_as(partner, owner, ask, opts);
        }
        if self.s.solo {
            let i = self.s.dice().index(opts.len());
            return Ok(opts[i]);
        }
        let holder = self.s.initiative;
        self.ask_as(holder, owner, ask, opts)
    }

    pub fn kind(&self, seat: u8) -> Kind {
        self.c.characters[seat as usize].kind
    }

    /// The standing rules of a character now: its board lines, and its
    /// Dragonbond abilities once bonded (LoV p.10).
    pub fn passives(&self, seat: u8) -> impl Iterator<Item = &'a Passive> + use<'a> {
        let ch = &self.c.characters[seat as usize];
        // Faceless players have no Character card (p.7), so no Dragonbond
        // ability, and their board side has no special line.
        let bonded =
            self.s.players[seat as usize].partner != NONE && self.s.players[seat as usize].human;
        let traits: &'a [Passive] = if self.s.players[seat as usize].human {
            &ch.traits
        } else {
            &[]
        };
        let bond: &'a [Passive] = if bonded { &ch.bond } else { &[] };
        traits.iter().chain(bond.iter())
    }

    pub fn has_passive(&self, seat: u8, f: impl Fn(&Passive) -> bool) -> bool {
        self.passives(seat).any(f)
    }

    // ------------------------------------------------------------- Power

    /// Gains `n` Power from the supply or a region, then checks for the
    /// immediate win (LoV Glossary "Power track").
    pub fn gain_power(&mut self, seat: u8, n: u8) -> Res {
        if n == 0 {
            return Ok(());
        }
        self.emit(Event::PowerGained { seat, amount: n });
        self.s.players[seat as usize].power += n;
        self.check_power_win(seat)
    }

    pub fn check_power_win(&mut self, seat: u8) -> Res {
        if self.s.players[seat as usize].total_power() >= WINNING_POWER {
            let mut w = 1u8 << seat;
            let p = self.s.players[seat as usize].partner;
            if p != NONE {
                w |= 1 << p;
            }
            return self.end_game(EndReason::Power, w);
        }
        Ok(())
    }

    /// Collect up to `n` Power from region `r` (LoV Glossary "Collect": if
    /// there are not enough, take all of them and nothing from the supply).
    pub fn collect(&mut self, seat: u8, r: u8, n: u8) -> Res {
        let take = self.s.regions[r as usize].power.min(n);
        if take == 0 {
            return Ok(());
        }
        self.s.regions[r as usize].power -= take;
        self.emit(Event::PowerCollected {
            seat,
            region: r,
            amount: take,
        });
        self.s.players[seat as usize].power += take;
        self.check_power_win(seat)
    }

    /// Place `n` Power from the supply in region `r` (LoV Glossary "Place").
    pub fn place_power(&mut self, r: u8, n: u8) {
        let k = self.s.power_supply.min(n);
        self.s.power_supply -= k;
        self.s.regions[r as usize].power += k;
        if k > 0 {
            self.emit(Event::PowerPlaced {
                region: r,
                amount: k,
            });
        }
    }

    /// Spends `n` unspent Power by flipping it (LoV Glossary "Power track").
    pub fn spend(&mut self, seat: u8, n: u8) -> bool {
        let p = &mut self.s.players[seat as usize];
        if p.power < n {
            return false;
        }
        p.power -= n;
        p.spent += n;
        if n > 0 {
            self.emit(Event::PowerSpent { seat, amount: n });
        }
        true
    }

    /// `thief` steals one Power token from `victim`, choosing which; it does
    /// not flip (LoV Glossary "Stealing").
    pub fn steal_one(&mut self, thief: u8, victim: u8) -> Res {
        let v = self.s.players[victim as usize];
        if v.total_power() == 0 {
            return Ok(());
        }
        let spent = if v.power > 0 && v.spent > 0 {
            let d = self.ask_for(
                thief,
                Ask::Steal { victim },
                &[
                    Decision::Steal { spent: false },
                    Decision::Steal { spent: true },
                ],
            )?;
            matches!(d, Decision::Steal { spent: true })
        } else {
            v.power == 0
        };
        self.emit(Event::PowerStolen {
            thief,
            victim,
            spent,
        });
        if spent {
            self.s.players[victim as usize].spent -= 1;
            self.s.players[thief as usize].spent += 1;
        } else {
            self.s.players[victim as usize].power -= 1;
            self.s.players[thief as usize].power += 1;
        }
        self.check_power_win(thief)
    }

    // -------------------------------------------------------------- end

    /// Ends the game now.
    pub fn end_game(&mut self, reason: EndReason, winners: u8) -> Res {
        self.emit(Event::Ended { reason, winners });
        self.s.end = Some(reason);
        self.s.winners = winners;
        self.s.phase = crate::state::Phase::Over;
        Err(Halt::Over)
    }

    /// The player with the most Power among those who may win, with the
    /// bonded ally; a tie goes to the player closest in turn order to the
    /// first player (LoV p.9, "End of Game" 3). With `teams`, a bonded team
    /// counts its Power together (LoV p.9, "End of Game" 2 in the Italian
    /// and French books: "il giocatore o alleanza", "le joueur ou l'équipe
    /// Dragonbond"; docs/rulings.md, "The end by the Event deck").
    pub fn most_power_winners(&self, excluded: u8, teams: bool) -> u8 {
        let first = self.s.initiative;
        let mut best: Option<(u8, u8)> = None;
        let mut counted = 0u8;
        for k in 0..4u8 {
            let seat = (first + k) % 4;
            if excluded & (1 << seat) != 0 || counted & (1 << seat) != 0 {
                continue;
            }
            counted |= 1 << seat;
            let mut p = self.s.players[seat as usize].total_power();
            let partner = self.s.players[seat as usize].partner;
            if teams && partner != NONE {
                counted |= 1 << partner;
                p += self.s.players[partner as usize].total_power();
            }
            if best.is_none_or(|(_, bp)| p > bp) {
                best = Some((seat, p));
            }
        }
        match best {
            Some((seat, _)) => {
                let partner = self.s.players[seat as usize].partner;
                (1 << seat) | if partner != NONE { 1 << partner } else { 0 }
            }
            None => 0,
        }
    }

    /// A player is eliminated: the game ends; they and their ally cannot
    /// win (LoV Glossary "Elimination").
    pub fn eliminate(&mut self, seat: u8) -> Res {
        self.emit(Event::Eliminated { seat });
        self.s.players[seat as usize].eliminated = true;
        let mut out = 1u8 << seat;
        let p = self.s.players[seat as usize].partner;
        if p != NONE {
            out |= 1 << p;
        }
        let w = self.most_power_winners(out, false);
        self.end_game(EndReason::Elimination, w)
    }
}
