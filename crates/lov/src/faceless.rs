//! The Faceless automaton (LoV p.10; Glossary "Focus region"; the Faceless
//! board sides of the content pack).

use crate::content::{REGIONS, SEATS};
use crate::decision::{Decision, Opts, Target};
use crate::effect::Piece;
use crate::effects::bits;
use crate::engine::{Eng, Res};
use crate::log::{Ask, Event};
use crate::state::{Core, Force, NONE};

impl Eng<'_> {
    /// The region with the most Power; ties go to the closest to the
    /// player's General or Dragon, then to the initiative holder's choice
    /// (Glossary "Focus region"). Without a player (an Event), the
    /// initiative holder breaks every tie.
    pub fn focus_region(&mut self, seat: u8) -> Res<u8> {
        let from = if seat == NONE {
            NONE
        } else {
            self.s.piece_at(seat)
        };
        let distance = if from == NONE {
            &[0; REGIONS]
        } else {
            &self.c.distance[from as usize]
        };
        // The most Power, then the shortest distance, as one number.
        let rank: [u16; REGIONS] = std::array::from_fn(|r| {
            u16::from(self.s.regions[r].power) << 8 | u16::from(u8::MAX - distance[r])
        });
        let best = rank.iter().copied().max().unwrap_or(0);
        let cands = (0..REGIONS)
            .filter(|&r| rank[r] == best)
            .fold(0u16, |m, r| m | 1 << r);
        if cands.count_ones() == 1 {
            return Ok(cands.trailing_zeros() as u8);
        }
        let mut o = Opts::default();
        for r in bits(cands) {
            o.push(Decision::Region(r));
        }
        let holder = self.s.initiative;
        match self.ask(holder, Ask::Focus, o.as_slice())? {
            Decision::Region(r) => Ok(r),
            _ => Ok(0),
        }
    }

    /// The next regions from `from` on a shortest way to `to`.
    fn steps_toward(&self, seat: u8, from: u8, to: u8) -> u16 {
        let d = self.c.distance[from as usize][to as usize];
        bits(self.neighbours(seat, from))
            .filter(|&n| self.c.distance[n as usize][to as usize] < d)
            .fold(0, |m, n| m | 1 << n)
    }

    /// Moves a Faceless piece up to `range` regions toward its Focus region;
    /// a tie between ways is the Faceless player's choice (p.10).
    pub fn toward(&mut self, seat: u8, piece: Piece, range: u8) -> Res {
        let focus = self.focus_region(seat)?;
        for _ in 0..range {
            let at = self.s.piece_at(seat);
            if at == NONE || at == focus {
                break;
            }
            let mut next = self.steps_toward(seat, at, focus);
            if Core::is_general(seat) {
                next = bits(next)
                    .filter(|&n| self.may_enter(seat, n))
                    .fold(0, |m, n| m | 1 << n);
            }
            let mut o = Opts::default();
            for n in bits(next) {
                o.push(Decision::Region(n));
            }
            if o.is_empty() {
                break;
            }
            let Decision::Region(to) =
                self.ask_for(seat, Ask::MoveTo { from: at }, o.as_slice())?
            else {
                break;
            };
            match piece {
                Piece::Dragon if !Core::is_general(seat) => {
                    self.emit(Event::DragonMoved { seat, from: at, to });
                    self.s.players[seat as usize].at = to;
                    self.after_move(seat, to, None, true)?;
                }
                _ if Core::is_general(seat) => {
                    let f = self.s.regions[at as usize].force[Core::general_index(seat)];
                    self.move_units(seat, at, to, f)?;
                }
                _ => break,
            }
        }
        Ok(())
    }

    /// The enemy forces of `seat` in `r` with the highest Combat Value
    /// (Dragons are not forces: Glossary "Force").
    fn strongest_forces(&self, seat: u8, r: u8) -> Opts {
        // The forces among the targets, with their Combat Values.
        let mut forces = [(Target::Neutral, 0u8); SEATS + 1];
        let mut n = 0;
        for d in self.targets_in(seat, r).as_slice() {
            let t = match *d {
                Decision::Attack(t @ Target::Neutral) => t,
                Decision::Attack(t @ Target::Seat(s)) if Core::is_general(s) => t,
                _ => continue,
            };
            forces[n] = (t, self.combat_value(t, r));
            n += 1;
        }
        let forces = &forces[..n];
        let best = forces.iter().map(|&(_, cv)| cv).max().unwrap_or(0);
        let mut o = Opts::default();
        for &(t, cv) in forces {
            if cv == best {
                o.push(Decision::Attack(t));
            }
        }
        o
    }

    /// Faceless Wrath: attack the strongest enemy force in the Dragon's
    /// region, else move one region toward the Focus region and attack the
    /// strongest there if there is one.
    pub fn attack_strongest(&mut self, seat: u8) -> Res {
        let mut r = self.s.piece_at(seat);
        if self.strongest_forces(seat, r).is_empty() {
            self.toward(seat, Piece::Dragon, 1)?;
            r = self.s.piece_at(seat);
        }
        let o = self.strongest_forces(seat, r);
        if o.is_empty() {
            return Ok(());
        }
        if let Decision::Attack(t) = self.ask_for(seat, Ask::Target { region: r }, o.as_slice())? {
            self.combat(seat, t, r, false)?;
        }
        Ok(())
    }

    /// Faceless Assault: the General's force moves into the adjacent region
    /// toward the Focus region and attacks there (the strongest force, else
    /// a Dragon).
    pub fn assault_toward(&mut self, seat: u8) -> Res {
        let at = self.s.general_at(seat);
        if at == NONE {
            return Ok(());
        }
        let focus = self.focus_region(seat)?;
        let mut r = at;
        let mut mountain = false;
        if at != focus {
            let mut o = Opts::default();
            for n in bits(self.steps_toward(seat, at, focus)) {
                o.push(Decision::Region(n));
            }
            if let Decision::Region(to) =
                self.ask_for(seat, Ask::MoveTo { from: at }, o.as_slice())?
            {
                let f: Force = self.s.regions[at as usize].force[Core::general_index(seat)];
                mountain = self.mountain_protects(seat, at, to, f);
                self.move_units(seat, at, to, f)?;
                r = to;
            }
        }
        let mut o = self.strongest_forces(seat, r);
        if o.is_empty() {
            o = self.targets_in(seat, r);
        }
        if o.is_empty() {
            return Ok(());
        }
        if let Decision::Attack(t) = self.ask_for(seat, Ask::Target { region: r }, o.as_slice())? {
            self.combat(seat, t, r, mountain)?;
        }
        Ok(())
    }
}
