//! The interpreter of the effect language (`effect.rs`): each step as the
//! rulebook's glossary defines the verb it uses.

use crate::content::{Kind, REGIONS, SEATS};
use crate::decision::{Decision, Opts, Target};
use crate::effect::{At, From, Glyph, Step, UnitType, Who};
use crate::engine::{Eng, Res};
use crate::log::{Ask, Card, Event};
use crate::state::{Core, NONE, WOUND_SPACES};

/// Most Units of one General in one region (LoV Glossary "Force").
pub const UNIT_LIMIT: u8 = 6;

impl Eng<'_> {
    /// Runs a program for `actor` (`NONE` for an Event). `here` is the
    /// region of a Region card, else `NONE` (the actor's piece is "here").
    pub fn run_steps(&mut self, actor: u8, here: u8, steps: &[Step]) -> Res {
        for step in steps {
            self.run_step(actor, here, step)?;
        }
        Ok(())
    }

    fn here(&self, actor: u8, here: u8) -> u8 {
        if here != NONE {
            here
        } else if actor != NONE {
            self.s.piece_at(actor)
        } else {
            NONE
        }
    }

    /// The regions a placing step names, asking when it is a choice.
    fn regions_at(&mut self, actor: u8, here: u8, at: At) -> Res<u16> {
        let all = (1u16 << REGIONS) - 1;
        let mask = match at {
            At::Here => {
                let h = self.here(actor, here);
                if h == NONE { 0 } else { 1 << h }
            }
            At::Focus => 1 << self.focus_region(actor)?,
            At::Chosen | At::Controlled => {
                let mut o = Opts::default();
                for r in 0..REGIONS as u8 {
                    if at == At::Chosen || (actor != NONE && self.s.controller(r) == Some(actor)) {
                        o.push(Decision::Region(r));
                    }
                }
                if o.is_empty() {
                    return Ok(0);
                }
                let who = if actor == NONE {
                    self.s.initiative
                } else {
                    actor
                };
                let ask = Ask::Region { card: self.source };
                match self.ask_for(who, ask, o.as_slice())? {
                    Decision::Region(r) => 1 << r,
                    _ => 0,
                }
            }
            At::EachUncontrolled => (0..REGIONS as u8)
                .filter(|&r| self.s.uncontrolled(r))
                .fold(0, |m, r| m | 1 << r),
            At::EachControlled => (0..REGIONS as u8)
                .filter(|&r| self.s.controller(r).is_some())
                .fold(0, |m, r| m | 1 << r),
            At::EachWithCity => (0..REGIONS)
                .filter(|&r| self.s.regions[r].city)
                .fold(0, |m, r| m | 1 << r),
            At::EachWithDragon => (0..SEATS as u8)
                .filter(|&s| !Core::is_general(s))
                .fold(0, |m, s| m | 1 << self.s.players[s as usize].at),
            At::Every => all,
        };
        Ok(mask & all)
    }

    fn who(&self, actor: u8, who: Who) -> u8 {
        match who {
            Who::Actor => {
                if actor == NONE {
                    0
                } else {
                    1 << actor
                }
            }
            Who::AllDragons => 0b1010,
            Who::AllGenerals => 0b0101,
            Who::LowestPower => {
                let first = self.s.initiative;
                let mut best = (first, u8::MAX);
                for k in 0..SEATS as u8 {
                    let s = (first + k) % SEATS as u8;
                    let p = self.s.players[s as usize].total_power();
                    if p < best.1 {
                        best = (s, p);
                    }
                }
                1 << best.0
            }
        }
    }

    pub fn run_step(&mut self, actor: u8, here: u8, step: &Step) -> Res {
        let general = actor != NONE && Core::is_general(actor);
        match step {
            Step::Move { piece, range } => {
                if actor != NONE {
                    self.move_piece(actor, *piece, *range)?;
                }
            }
            Step::Assault { reach } => {
                if general {
                    self.assault(actor, *reach)?;
                }
            }
            Step::Attack => {
                if actor != NONE {
                    let r = self.s.piece_at(actor);
                    self.attack_in(actor, r, false, false)?;
                }
            }
            Step::Collect { from, amount } => {
                if actor == NONE {
                    return Ok(());
                }
                match from {
                    From::Here => {
                        let r = self.here(actor, here);
                        if r != NONE {
                            self.collect(actor, r, *amount)?;
                        }
                    }
                    From::EachControlled | From::EachControlledWithCity => {
                        for r in 0..REGIONS as u8 {
                            let city = self.s.regions[r as usize].city;
                            if self.s.controller(r) == Some(actor)
                                && (*from == From::EachControlled || city)
                            {
                                self.collect(actor, r, *amount)?;
                            }
                        }
                    }
                }
            }
            Step::PlacePower { at, count } => {
                let m = self.regions_at(actor, here, *at)?;
                for r in bits(m) {
                    self.place_power(r, *count);
                }
            }
            Step::PlaceNeutral { at, count } => {
                let m = self.regions_at(actor, here, *at)?;
                for r in bits(m) {
                    self.place_neutral(r, *count);
                }
            }
            Step::PlaceUnits { at, count } => {
                if general {
                    let m = self.regions_at(actor, here, *at)?;
                    for r in bits(m) {
                        for _ in 0..*count {
                            self.place_unit_choice(actor, r)?;
                        }
                    }
                }
            }
            Step::PlaceLacking => {
                if general {
                    self.place_lacking(actor)?;
                }
            }
            Step::PlaceCity { at } => {
                let m = self.regions_at(actor, here, *at)?;
                for r in bits(m) {
                    self.place_city(r);
                }
            }
            Step::RemoveCity { at } => {
                let m = self.regions_at(actor, here, *at)?;
                for r in bits(m) {
                    if self.s.regions[r as usize].city {
                        self.s.regions[r as usize].city = false;
                        self.s.city_supply += 1;
                        self.emit(Event::CityDestroyed { region: r });
                    }
                }
            }
            Step::DrawVaala { count } => {
                if actor != NONE {
                    for _ in 0..*count {
                        self.draw_vaala(actor);
                    }
                }
            }
            Step::PlayVaala => {
                if actor != NONE {
                    self.play_vaala(actor)?;
                }
            }
            Step::Heal { who, amount } => {
                for s in bits(u16::from(self.who(actor, *who))) {
                    if !Core::is_general(s) {
                        self.heal(s, *amount);
                    }
                }
            }
            Step::Wound { count } => {
                if actor != NONE {
                    self.wound_effect(actor, *count)?;
                }
            }
            Step::Steal { count } => {
                if actor != NONE {
                    self.steal_effect(actor, *count)?;
                }
            }
            Step::Cancel => self.s.cancel_next = true,
            Step::CombatBonus { amount } => {
                if actor != NONE {
                    let p = &mut self.s.players[actor as usize];
                    p.combat_bonus = p.combat_bonus.saturating_add(*amount);
                }
            }
            Step::Choose { options } => {
                let mut o = Opts::default();
                for i in 0..options.len() {
                    o.push(Decision::Option(i as u8));
                }
                let who = if actor == NONE {
                    self.s.initiative
                } else {
                    actor
                };
                let ask = Ask::Program { card: self.source };
                if let Decision::Option(i) = self.ask_for(who, ask, o.as_slice())?
                    && let Some(prog) = options.get(usize::from(i))
                {
                    self.run_steps(actor, here, prog)?;
                }
            }
            Step::ExtraGlyph { who, glyph } => {
                for s in bits(u16::from(self.who(actor, *who))) {
                    self.activate_glyph(s, *glyph, true)?;
                }
            }
            Step::DragonbondCheck => self.dragonbond_check_all()?,
            Step::MoveDragons => {
                for s in [1u8, 3] {
                    self.toward(s, crate::effect::Piece::Dragon, 1)?;
                }
                self.dragonbond_check_all()?;
            }
            Step::Toward { piece, range } => {
                if actor != NONE {
                    self.toward(actor, *piece, *range)?;
                }
            }
            Step::AttackStrongest => {
                if actor != NONE {
                    self.attack_strongest(actor)?;
                }
            }
            Step::AssaultToward => {
                if general {
                    self.assault_toward(actor)?;
                }
            }
            Step::Upgrade => self.upgrade(actor, here)?,
            Step::Reinforce => self.reinforce(actor, here)?,
            Step::Fortify => {
                let r = self.here(actor, here);
                if r != NONE {
                    self.place_city(r);
                }
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------- tokens

    /// Places up to `n` neutral Units from the supply in `r`, unless a
    /// General controls it: neutral Units go only to neutral or uncontrolled
    /// regions, as the board's Reinforce has them (p.21), so that no region
    /// is both neutral and a General's (Glossary "Control"; docs/rulings.md,
    /// "Neutral Units and a General's region").
    pub fn place_neutral(&mut self, r: u8, n: u8) {
        if self.s.controller(r).is_some() {
            return;
        }
        let k = self.s.neutral_supply.min(n);
        self.s.neutral_supply -= k;
        self.s.regions[r as usize].neutral += k;
        if k > 0 {
            self.emit(Event::UnitsPlaced {
                seat: NONE,
                region: r,
                units: [k, 0, 0],
            });
        }
    }

    /// "If there is no city in this region, place a city" (Fortify), from
    /// the supply while it lasts.
    pub fn place_city(&mut self, r: u8) {
        if !self.s.regions[r as usize].city && self.s.city_supply > 0 {
            self.s.city_supply -= 1;
            self.s.regions[r as usize].city = true;
            self.emit(Event::CityBuilt { region: r });
        }
    }

    /// Places one Unit of `t` for General `seat` in `r` from its supply,
    /// then enforces the 6-Unit limit (Glossary "Unit").
    pub fn place_unit(&mut self, seat: u8, r: u8, t: UnitType) -> Res {
        let g = Core::general_index(seat);
        let p = &mut self.s.players[seat as usize];
        if p.supply[t.index()] == 0 {
            return Ok(());
        }
        p.supply[t.index()] -= 1;
        self.s.regions[r as usize].force[g].units[t.index()] += 1;
        let mut units = [0; 3];
        units[t.index()] = 1;
        self.emit(Event::UnitsPlaced {
            seat,
            region: r,
            units,
        });
        self.enforce_limit(seat, r)
    }

    /// The General chooses a Unit type with supply left and places it.
    pub fn place_unit_choice(&mut self, seat: u8, r: u8) -> Res {
        let mut o = Opts::default();
        for t in UnitType::ALL {
            if self.s.players[seat as usize].supply[t.index()] > 0 {
                o.push(Decision::Unit(t));
            }
        }
        if o.is_empty() {
            return Ok(());
        }
        if let Decision::Unit(t) = self.ask_for(seat, Ask::Place { region: r }, o.as_slice())? {
            self.place_unit(seat, r, t)?;
        }
        Ok(())
    }

    /// Faceless Vaala (content brief): one Unit of a type the General's
    /// force lacks, in its region.
    fn place_lacking(&mut self, seat: u8) -> Res {
        let r = self.s.general_at(seat);
        if r == NONE {
            return Ok(());
        }
        let g = Core::general_index(seat);
        let f = self.s.regions[r as usize].force[g];
        let mut o = Opts::default();
        for t in UnitType::ALL {
            if f.units[t.index()] == 0 && self.s.players[seat as usize].supply[t.index()] > 0 {
                o.push(Decision::Unit(t));
            }
        }
        if o.is_empty() {
            return Ok(());
        }
        if let Decision::Unit(t) = self.ask_for(seat, Ask::Place { region: r }, o.as_slice())? {
            self.place_unit(seat, r, t)?;
        }
        Ok(())
    }

    /// Over 6 Units of one General in a region, the owner removes Units
    /// until 6 remain (Glossary "Force"; the General stays).
    pub fn enforce_limit(&mut self, seat: u8, r: u8) -> Res {
        let g = Core::general_index(seat);
        while self.s.regions[r as usize].force[g].size() > UNIT_LIMIT {
            let t = self.choose_loss(seat, r)?;
            self.s.regions[r as usize].force[g].units[t.index()] -= 1;
            self.s.players[seat as usize].supply[t.index()] += 1;
            self.emit(Event::UnitLost {
                seat,
                region: r,
                unit: t,
            });
        }
        Ok(())
    }

    /// The owner chooses a Unit type present in `r` to lose (never the
    /// General: Glossary "Wounds").
    pub fn choose_loss(&mut self, seat: u8, r: u8) -> Res<UnitType> {
        let g = Core::general_index(seat);
        let f = self.s.regions[r as usize].force[g];
        let mut o = Opts::default();
        for t in UnitType::ALL {
            if f.units[t.index()] > 0 {
                o.push(Decision::Lose(t));
            }
        }
        match self.ask_for(seat, Ask::Lose { region: r }, o.as_slice())? {
            Decision::Lose(t) => Ok(t),
            _ => Ok(UnitType::Infantry),
        }
    }

    /// Heals a Dragon (Glossary "Healing").
    pub fn heal(&mut self, seat: u8, n: u8) {
        let p = &mut self.s.players[seat as usize];
        let amount = p.wounds.min(n);
        p.wounds -= amount;
        if amount > 0 {
            self.emit(Event::Healed { seat, amount });
        }
    }

    // ------------------------------------------------------------- Vaala

    /// Draws a Vaala card; an empty deck is first refilled from the discard
    /// pile, shuffled (Glossary "Vaala").
    pub fn draw_vaala(&mut self, seat: u8) {
        let p = &mut self.s.players[seat as usize];
        if p.vaala_deck_len == 0 {
            let mut n = 0;
            for i in 0..5u8 {
                if p.vaala_discard & (1 << i) != 0 {
                    p.vaala_deck[n] = i;
                    n += 1;
                }
            }
            p.vaala_discard = 0;
            p.vaala_deck_len = n as u8;
            let mut deck = p.vaala_deck;
            self.s.dice().shuffle(&mut deck[..n]);
            self.s.players[seat as usize].vaala_deck = deck;
        }
        let p = &mut self.s.players[seat as usize];
        if p.vaala_deck_len > 0 {
            p.vaala_deck_len -= 1;
            let c = p.vaala_deck[usize::from(p.vaala_deck_len)];
            p.vaala_hand |= 1 << c;
            self.emit(Event::VaalaDrawn { seat });
            let card = self.c.vaala_of[seat as usize][usize::from(c)];
            self.emit_to(seat, Event::OwnVaalaDrawn { seat, card });
        }
    }

    /// Plays any number of Vaala cards, each paid by flipping Power (Glossary
    /// "Vaala"); face-up cards stay out until Clean-up.
    fn play_vaala(&mut self, seat: u8) -> Res {
        loop {
            let p = self.s.players[seat as usize];
            let mut o = Opts::default();
            for i in 0..5u8 {
                if p.vaala_hand & (1 << i) != 0 {
                    let v =
                        &self.c.vaala[usize::from(self.c.vaala_of[seat as usize][usize::from(i)])];
                    if v.cost <= p.power {
                        o.push(Decision::Vaala(i));
                    }
                }
            }
            if o.is_empty() {
                return Ok(());
            }
            o.push(Decision::Done);
            let Decision::Vaala(i) = self.ask(seat, Ask::Vaala, o.as_slice())? else {
                return Ok(());
            };
            let card = self.c.vaala_of[seat as usize][usize::from(i)];
            let v = &self.c.vaala[usize::from(card)];
            self.emit(Event::VaalaPlayed { seat, card });
            self.spend(seat, v.cost);
            let p = &mut self.s.players[seat as usize];
            p.vaala_hand &= !(1 << i);
            if v.face_up {
                p.vaala_face_up |= 1 << i;
            } else {
                p.vaala_discard |= 1 << i;
            }
            let source = self.source.replace(Card::Vaala { id: card });
            self.run_steps(seat, NONE, &v.steps)?;
            self.source = source;
        }
    }

    // ------------------------------------------------- wound and steal cards

    /// The enemies of `seat` in region `r` that it may target: other
    /// players' forces and Dragons, and neutral Units, never the bonded ally
    /// (LoV p.10).
    pub fn targets_in(&self, seat: u8, r: u8) -> Opts {
        let mut o = Opts::default();
        let reg = &self.s.regions[r as usize];
        if reg.neutral > 0 {
            o.push(Decision::Attack(Target::Neutral));
        }
        for s in 0..SEATS as u8 {
            if s == seat || self.s.bonded(seat, s) {
                continue;
            }
            let present = if Core::is_general(s) {
                !reg.force[Core::general_index(s)].is_empty()
            } else {
                self.s.players[s as usize].at == r
            };
            if present {
                o.push(Decision::Attack(Target::Seat(s)));
            }
        }
        o
    }

    /// Wounds dealt by an effect, not in combat: no Essence, no stealing.
    fn wound_effect(&mut self, actor: u8, n: u8) -> Res {
        let r = self.s.piece_at(actor);
        if r == NONE {
            return Ok(());
        }
        let o = self.targets_in(actor, r);
        if o.is_empty() {
            return Ok(());
        }
        let Decision::Attack(t) = self.ask(actor, Ask::Target { region: r }, o.as_slice())? else {
            return Ok(());
        };
        let injured = self.deal_wounds(t, r, n, None)?;
        if injured && let Target::Seat(s) = t {
            self.retreat(s, r, None)?;
        }
        Ok(())
    }

    fn steal_effect(&mut self, actor: u8, n: u8) -> Res {
        let r = self.s.piece_at(actor);
        if r == NONE {
            return Ok(());
        }
        let mut o = Opts::default();
        for d in self.targets_in(actor, r).as_slice() {
            if let Decision::Attack(Target::Seat(s)) = d
                && self.s.players[*s as usize].total_power() > 0
            {
                o.push(*d);
            }
        }
        if o.is_empty() {
            return Ok(());
        }
        if let Decision::Attack(Target::Seat(v)) =
            self.ask(actor, Ask::StealFrom { region: r }, o.as_slice())?
        {
            for _ in 0..n {
                self.steal_one(actor, v)?;
            }
        }
        Ok(())
    }

    // --------------------------------------------------------- region glyphs

    /// Upgrade: the controlling General may take a Denizen of this homeland,
    /// or of an adjacent one for 1 Power (reference card "Region Glyphs";
    /// Glossary "Upgrading"). The Faceless take a free one only.
    fn upgrade(&mut self, actor: u8, r: u8) -> Res {
        if actor == NONE || r == NONE || !Core::is_general(actor) {
            return Ok(());
        }
        let human = self.human(actor);
        let power = self.s.players[actor as usize].power;
        let mut o = Opts::default();
        for i in 0..usize::from(self.s.lineup_len) {
            let d = &self.c.denizens[usize::from(self.s.lineup[i])];
            if d.homeland == r || (human && power > 0 && self.c.is_adjacent(d.homeland, r)) {
                o.push(Decision::Denizen(i as u8));
            }
        }
        if o.is_empty() {
            return Ok(());
        }
        if human {
            o.push(Decision::Done);
        }
        let Decision::Denizen(i) = self.ask_for(actor, Ask::Denizen { region: r }, o.as_slice())?
        else {
            return Ok(());
        };
        let id = self.s.lineup[usize::from(i)];
        let d = &self.c.denizens[usize::from(id)];
        if d.homeland != r {
            self.spend(actor, 1);
        }
        // Out of the lineup (not replaced until Clean-up).
        let len = usize::from(self.s.lineup_len);
        self.s
            .lineup
            .copy_within(usize::from(i) + 1..len, usize::from(i));
        self.s.lineup_len -= 1;
        self.s.lineup[len - 1] = NONE;
        self.emit(Event::DenizenRecruited {
            seat: actor,
            denizen: id,
            unit: d.unit,
        });
        let slot = &mut self.s.players[actor as usize].denizens[d.unit.index()];
        let old = std::mem::replace(slot, id);
        if old != NONE {
            // The replaced Denizen is discarded: it goes back to the deck.
            self.s.denizen_deck[usize::from(self.s.denizen_len)] = old;
            self.s.denizen_len += 1;
        }
        Ok(())
    }

    /// Reinforce: a neutral or uncontrolled region gets 2 neutral Units; a
    /// controlled one gets a Unit of the controller's choice, and so does
    /// each adjacent region it controls (reference card "Region Glyphs").
    fn reinforce(&mut self, actor: u8, r: u8) -> Res {
        if r == NONE {
            return Ok(());
        }
        match self.s.controller(r) {
            None => self.place_neutral(r, 2),
            Some(g) => {
                let _ = actor;
                self.place_unit_choice(g, r)?;
                for a in bits(self.c.adjacent[r as usize]) {
                    if self.s.controller(a) == Some(g) {
                        self.place_unit_choice(g, a)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the fully wounded rule applies to `seat` (a Dragon).
    pub fn is_fully_wounded(&self, seat: u8) -> bool {
        self.kind(seat) == Kind::Dragon && self.s.players[seat as usize].wounds >= WOUND_SPACES
    }

    /// Activates a glyph outside a card (extra glyph): same as a card's.
    pub fn extra_glyph(&mut self, seat: u8, g: Glyph) -> Res {
        self.activate_glyph(seat, g, true)
    }
}

/// The set bits of a mask, low to high.
pub fn bits(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let i = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        Some(i)
    })
}
