//! Moving (LoV Glossary "Move"), Deploy, Soar and Assault.

use crate::content::REGIONS;
use crate::decision::{Decision, Opts};
use crate::effect::{Passive, Piece, When};
use crate::effects::bits;
use crate::engine::{Eng, Res};
use crate::log::{Ask, Event};
use crate::state::{Core, Force, NONE};

impl Eng<'_> {
    /// Regions one move away from `r` for `seat`: the bordering regions
    /// (sea links are not borders: LoV FAQ, Allaria and Nahuac), plus the
    /// bonded ally's region for a piece that counts as adjacent to it (LoV
    /// FAQ, Ferellon and Elyse).
    pub fn neighbours(&self, seat: u8, r: u8) -> u16 {
        let mut m = self.c.adjacent[r as usize];
        let partner = self.s.players[seat as usize].partner;
        if partner != NONE && self.has_passive(seat, |p| matches!(p, Passive::BondAdjacent)) {
            let a = self.s.piece_at(partner);
            if a != NONE && a != r {
                m |= 1 << a;
            }
        }
        m
    }

    /// Whether General `seat` may end a peaceful move in `r`: a region it
    /// controls or an uncontrolled one (docs/rulings.md, "Entering enemy
    /// regions").
    pub fn may_enter(&self, seat: u8, r: u8) -> bool {
        self.s.uncontrolled(r) || self.s.controller(r) == Some(seat)
    }

    pub fn move_piece(&mut self, seat: u8, piece: Piece, range: u8) -> Res {
        match (piece, Core::is_general(seat)) {
            (Piece::Dragon, false) => self.soar(seat, range),
            (Piece::Force, true) => self.deploy_force(seat),
            (Piece::General, true) => self.deploy_general(seat, range),
            _ => Ok(()),
        }
    }

    /// A Dragon moves up to `range` regions, anywhere (Glossary "Move").
    fn soar(&mut self, seat: u8, range: u8) -> Res {
        let from = self.s.players[seat as usize].at;
        let mut reach = 1u16 << from;
        let mut frontier = reach;
        for _ in 0..range {
            let mut next = 0;
            for r in bits(frontier) {
                next |= self.neighbours(seat, r);
            }
            next &= !reach;
            reach |= next;
            frontier = next;
        }
        let mut o = Opts::default();
        o.push(Decision::Done);
        for r in bits(reach & !(1 << from)) {
            o.push(Decision::Region(r));
        }
        if let Decision::Region(to) = self.ask_for(seat, Ask::MoveTo { from }, o.as_slice())? {
            self.emit(Event::DragonMoved { seat, from, to });
            self.s.players[seat as usize].at = to;
            self.after_move(seat, to, None, true)?;
        }
        Ok(())
    }

    /// Deploy: any number of Units (the General among them, if chosen) from
    /// one region to one adjacent region (content brief).
    fn deploy_force(&mut self, seat: u8) -> Res {
        let g = Core::general_index(seat);
        let mut o = Opts::default();
        o.push(Decision::Done);
        for r in 0..REGIONS as u8 {
            if !self.s.regions[r as usize].force[g].is_empty()
                && bits(self.neighbours(seat, r)).any(|a| self.may_enter(seat, a))
            {
                o.push(Decision::Region(r));
            }
        }
        let Decision::Region(from) = self.ask_for(seat, Ask::MoveFrom, o.as_slice())? else {
            return Ok(());
        };
        let mut o = Opts::default();
        for a in bits(self.neighbours(seat, from)) {
            if self.may_enter(seat, a) {
                o.push(Decision::Region(a));
            }
        }
        let Decision::Region(to) = self.ask_for(seat, Ask::MoveTo { from }, o.as_slice())? else {
            return Ok(());
        };
        let moved = self.choose_movers(seat, from, to)?;
        self.move_units(seat, from, to, moved)
    }

    /// The owner picks how many of each type (and whether the General) go.
    fn choose_movers(&mut self, seat: u8, from: u8, to: u8) -> Res<Force> {
        let g = Core::general_index(seat);
        let f = self.s.regions[from as usize].force[g];
        let mut moved = Force::default();
        for unit in crate::effect::UnitType::ALL {
            let t = unit.index();
            if f.units[t] > 0 {
                let mut o = Opts::default();
                for n in 0..=f.units[t] {
                    o.push(Decision::Count(n));
                }
                let ask = Ask::MoveCount { unit, from, to };
                if let Decision::Count(n) = self.ask_for(seat, ask, o.as_slice())? {
                    moved.units[t] = n;
                }
            }
        }
        if f.general
            && let Decision::Count(n) = self.ask_for(
                seat,
                Ask::MoveGeneral { from, to },
                &[Decision::Count(0), Decision::Count(1)],
            )?
        {
            moved.general = n == 1;
        }
        Ok(moved)
    }

    /// Moves `moved` from `from` to `to`, then the 6-Unit limit and the
    /// "after it moves" rules.
    pub fn move_units(&mut self, seat: u8, from: u8, to: u8, moved: Force) -> Res {
        if moved.is_empty() || from == to {
            return Ok(());
        }
        self.transfer(seat, from, to, moved);
        self.enforce_limit(seat, to)?;
        self.after_move(seat, to, Some(moved), moved.general)
    }

    /// Takes `moved` out of `from` and puts it in `to`, with no rule checked:
    /// the callers check the limit and run the move triggers.
    fn transfer(&mut self, seat: u8, from: u8, to: u8, moved: Force) {
        self.emit(Event::ForceMoved {
            seat,
            from,
            to,
            units: moved.units,
            general: moved.general,
        });
        let g = Core::general_index(seat);
        let src = &mut self.s.regions[from as usize].force[g];
        for t in 0..3 {
            src.units[t] -= moved.units[t];
        }
        src.general &= !moved.general;
        let dst = &mut self.s.regions[to as usize].force[g];
        for t in 0..3 {
            dst.units[t] += moved.units[t];
        }
        dst.general |= moved.general;
    }

    /// The General alone up to `range` regions through regions it controls.
    fn deploy_general(&mut self, seat: u8, range: u8) -> Res {
        let from = self.s.general_at(seat);
        if from == NONE {
            return Ok(());
        }
        let mut reach = 1u16 << from;
        let mut frontier = reach;
        let mut ends = 0u16;
        for _ in 0..range {
            let mut next = 0;
            for r in bits(frontier) {
                next |= self.neighbours(seat, r);
            }
            next &= !reach;
            reach |= next;
            for r in bits(next) {
                if self.may_enter(seat, r) {
                    ends |= 1 << r;
                }
            }
            // Only regions it controls lead further.
            frontier = bits(next)
                .filter(|&r| self.s.controller(r) == Some(seat))
                .fold(0, |m, r| m | 1 << r);
        }
        let mut o = Opts::default();
        o.push(Decision::Done);
        for r in bits(ends) {
            o.push(Decision::Region(r));
        }
        if let Decision::Region(to) = self.ask_for(seat, Ask::MoveTo { from }, o.as_slice())? {
            let moved = Force {
                units: [0; 3],
                general: true,
            };
            self.move_units(seat, from, to, moved)?;
        }
        Ok(())
    }

    /// "After it moves" rules: Denizens of the types that moved (LoV FAQ:
    /// Griffon Knights, Fai Hunters) and the character's own (LoV FAQ:
    /// Ferellon heals when he moves next to Elyse).
    pub fn after_move(&mut self, seat: u8, to: u8, units: Option<Force>, piece_moved: bool) -> Res {
        if let Some(f) = units {
            for t in 0..3 {
                let d = self.s.players[seat as usize].denizens[t];
                if f.units[t] > 0 && d != NONE {
                    let ability = &self.c.denizens[usize::from(d)].ability;
                    if let Passive::OnMove { when, steps } = ability
                        && self.move_condition(seat, to, *when)
                    {
                        self.run_steps(seat, to, steps)?;
                    }
                }
            }
        }
        if piece_moved {
            for p in self.passives(seat) {
                if let Passive::OnMove { when, steps } = p
                    && self.move_condition(seat, to, *when)
                {
                    self.run_steps(seat, to, steps)?;
                }
            }
        }
        Ok(())
    }

    fn move_condition(&self, seat: u8, to: u8, when: When) -> bool {
        match when {
            When::Always => true,
            When::IntoCity => self.s.regions[to as usize].city,
            When::AdjacentToBond => {
                let partner = self.s.players[seat as usize].partner;
                if partner == NONE {
                    return false;
                }
                let a = self.s.piece_at(partner);
                a != NONE && (a == to || self.neighbours(seat, to) & (1 << a) != 0)
            }
        }
    }

    /// Assault: move Units from regions up to `reach` away into a target
    /// region, then initiate combat there (content brief; LoV FAQ: it is a
    /// move).
    pub fn assault(&mut self, seat: u8, reach: u8) -> Res {
        let g = Core::general_index(seat);
        let occupied = (0..REGIONS as u8)
            .filter(|&r| !self.s.regions[r as usize].force[g].is_empty())
            .fold(0u16, |m, r| m | 1 << r);
        let mut o = Opts::default();
        o.push(Decision::Done);
        for t in 0..REGIONS as u8 {
            let has_source = bits(occupied & !(1 << t))
                .any(|s| self.c.distance[s as usize][t as usize] <= reach);
            let here = || occupied & (1 << t) != 0 && !self.targets_in(seat, t).is_empty();
            if has_source || here() {
                o.push(Decision::Region(t));
            }
        }
        let Decision::Region(target) = self.ask_for(seat, Ask::AssaultRegion, o.as_slice())? else {
            return Ok(());
        };
        let mut mountain = false;
        let mut all = Force::default();
        for s in 0..REGIONS as u8 {
            let d = self.c.distance[s as usize][target as usize];
            if s == target || d > reach || self.s.regions[s as usize].force[g].is_empty() {
                continue;
            }
            let moved = self.choose_movers(seat, s, target)?;
            if moved.is_empty() {
                continue;
            }
            mountain |= self.mountain_protects(seat, s, target, moved);
            for t in 0..3 {
                all.units[t] += moved.units[t];
            }
            all.general |= moved.general;
            self.transfer(seat, s, target, moved);
        }
        if !all.is_empty() {
            self.enforce_limit(seat, target)?;
            self.after_move(seat, target, Some(all), all.general)?;
        }
        self.attack_in(seat, target, mountain, false)
    }

    /// Whether `moved`, attacking from `s` into `t`, lets the defender
    /// ignore the first hit (LoV p.12, "Mountains"): it crossed a mountain
    /// border, and not every piece of it climbs (a Denizen that ignores
    /// mountains carries only the Units of its type; the General does not
    /// climb). One rule for a human's Assault and a Faceless one.
    pub fn mountain_protects(&self, seat: u8, s: u8, t: u8, moved: Force) -> bool {
        if !self.crosses_mountain(s, t) {
            return false;
        }
        let climbs = |k: usize| {
            let den = self.s.players[seat as usize].denizens[k];
            den != NONE
                && matches!(
                    self.c.denizens[usize::from(den)].ability,
                    Passive::IgnoreMountain
                )
        };
        moved.general || (0..3).any(|k| moved.units[k] > 0 && !climbs(k))
    }

    /// Whether Units moving from `s` to `t` cross a mountain border: the
    /// border itself, or every two-step way round (LoV Glossary "Mountains").
    pub fn crosses_mountain(&self, s: u8, t: u8) -> bool {
        if self.c.is_adjacent(s, t) {
            return self.c.is_mountain(s, t);
        }
        !bits(self.c.adjacent[s as usize] & self.c.adjacent[t as usize])
            .any(|m| !self.c.is_mountain(s, m) && !self.c.is_mountain(m, t))
    }
}
