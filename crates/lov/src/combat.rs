//! Combat (LoV p.12-13, the FAQ, and the glossary entries it leans on:
//! "Cities", "Mountains", "Wounds", "Injured", "Essence track", "Retreat").

use valerna_dice::lov::CombatRoll;

use crate::content::Kind;
use crate::decision::{Decision, Opts, Target};
use crate::effect::Passive;
use crate::effects::bits;
use crate::engine::{Eng, Res};
use crate::log::{Ask, Event, Faces, Shield, face_slot};
use crate::state::{Core, LastRoll, NONE, WOUND_SPACES};

/// A combat that has not ended after this many rounds ends with the
/// attacker's retreat (docs/rulings.md, "An attacker with no Combat Value").
pub const MAX_COMBAT_ROUNDS: u8 = 30;

/// Code of a neutral Unit on an Essence track.
const NEUTRAL_UNIT: u8 = 0b1111_1100;

impl Eng<'_> {
    /// Combat Value (LoV p.13): a Dragon's leftmost uncovered Wound-track
    /// value (none when fully wounded); a General force's Units, +1 for a
    /// balanced force (not for the Faceless), +1 with its General; a neutral
    /// force's Units. Denizens, abilities and face-up Vaala add to it.
    pub fn combat_value(&self, side: Target, r: u8) -> u8 {
        let s = match side {
            Target::Neutral => return self.s.regions[r as usize].neutral,
            Target::Seat(s) => s,
        };
        let p = &self.s.players[s as usize];
        let mut cv: i16 = match self.kind(s) {
            Kind::Dragon => {
                if p.wounds >= WOUND_SPACES || p.at != r {
                    return 0;
                }
                i16::from(self.c.characters[s as usize].wound_track[usize::from(p.wounds)])
            }
            Kind::General => {
                let f = self.s.regions[r as usize].force[Core::general_index(s)];
                if f.is_empty() {
                    return 0;
                }
                let mut v = i16::from(f.size());
                if p.human && f.units.iter().all(|&n| n > 0) {
                    v += 1;
                }
                if f.general {
                    v += 1;
                }
                for t in 0..3 {
                    let d = p.denizens[t];
                    if f.units[t] > 0
                        && d != NONE
                        && let Passive::CombatValue { amount } =
                            self.c.denizens[usize::from(d)].ability
                    {
                        v += i16::from(amount);
                    }
                }
                v
            }
        };
        for pa in self.passives(s) {
            if let Passive::CombatValue { amount } = pa {
                cv += i16::from(*amount);
            }
        }
        cv += i16::from(p.combat_bonus);
        cv.clamp(0, 255) as u8
    }

    /// Whether `side` still has something in the region to fight.
    pub fn present(&self, side: Target, r: u8) -> bool {
        match side {
            Target::Neutral => self.s.regions[r as usize].neutral > 0,
            Target::Seat(s) if Core::is_general(s) => {
                !self.s.regions[r as usize].force[Core::general_index(s)].is_empty()
            }
            Target::Seat(s) => self.s.players[s as usize].at == r,
        }
    }

    fn has_unit_passive(&self, s: u8, r: u8, f: impl Fn(&Passive) -> bool) -> bool {
        if !Core::is_general(s) {
            return false;
        }
        let force = self.s.regions[r as usize].force[Core::general_index(s)];
        (0..3).any(|t| {
            let d = self.s.players[s as usize].denizens[t];
            force.units[t] > 0 && d != NONE && f(&self.c.denizens[usize::from(d)].ability)
        })
    }

    /// `seat` attacks in region `r`: it chooses the target (LoV p.12).
    pub fn attack_in(&mut self, seat: u8, r: u8, mountain: bool, _faceless: bool) -> Res {
        if !self.present(Target::Seat(seat), r) {
            return Ok(());
        }
        let o = self.targets_in(seat, r);
        if o.is_empty() {
            return Ok(());
        }
        if let Decision::Attack(t) = self.ask_for(seat, Ask::Target { region: r }, o.as_slice())? {
            self.combat(seat, t, r, mountain)?;
        }
        Ok(())
    }

    /// Rolls `dice` combat dice for `seat` (`NONE`: the neutral Units) in
    /// `r`, and shows the faces (LoV, "Combat dice").
    fn roll_dice(&mut self, seat: u8, r: u8, dice: u8) -> CombatRoll {
        let mut roll = CombatRoll::default();
        let mut faces: Faces = [0; 5];
        let shown = self.logging();
        for _ in 0..dice {
            let f = valerna_dice::lov::roll(self.s.dice());
            roll.add(f);
            if shown {
                faces[face_slot(f)] += 1;
            }
        }
        self.emit(Event::Rolled {
            seat,
            region: r,
            faces,
        });
        roll
    }

    /// One combat, round after round, until no enemy Units or Dragons are
    /// left in the region or the attacker retreats (LoV p.12: "This continues
    /// until there are no more enemies in the region or the attacker has
    /// retreated"; FAQ order of hits and stealing; docs/rulings.md, "Timing and wording"). `first` is
    /// the defender of the first round; the attacker chooses the defender of
    /// each later round among the enemies still there.
    pub fn combat(&mut self, att: u8, first: Target, r: u8, crossed_mountain: bool) -> Res {
        let mut fought = false;
        self.fight(att, first, r, crossed_mountain, &mut fought)?;
        if fought && self.logging() {
            // Won: the attacker stands in the region and no enemy is left
            // there (p.12, "Enemies left: attack again or retreat").
            let won = self.present(Target::Seat(att), r) && self.targets_in(att, r).is_empty();
            self.emit(Event::CombatEnded {
                attacker: att,
                region: r,
                won,
            });
        }
        Ok(())
    }

    /// The rounds of one combat; `fought` is set once dice are rolled.
    fn fight(
        &mut self,
        att: u8,
        first: Target,
        r: u8,
        crossed_mountain: bool,
        fought: &mut bool,
    ) -> Res {
        let a = Target::Seat(att);
        let mut def = first;
        // The mountain protects the first defender hit in this combat (p.12).
        let mut mountain = crossed_mountain;
        // Defenders whose `ward` has ignored its hit already (bit per seat,
        // bit 4 for the neutral Units).
        let mut warded = 0u8;
        // At most one Power is stolen per combat per side (Glossary
        // "Wounds"; docs/rulings.md, "Timing and wording"). The defenders steal only when the attacker
        // is injured, which ends the combat; the attacker may injure several
        // defenders in turn, and steals from the first only.
        let mut attacker_stole = false;
        let ignore_city = self.has_passive(att, |p| matches!(p, Passive::IgnoreCity))
            || self.has_unit_passive(att, r, |p| matches!(p, Passive::IgnoreCity));
        let relentless = self.has_passive(att, |p| matches!(p, Passive::Relentless));
        let dragon_att = !Core::is_general(att);
        let by = dragon_att.then_some(att);
        for round in 0..=MAX_COMBAT_ROUNDS {
            if round > 0 {
                // 5. Enemies left: attack again (choosing the defender) or
                // retreat (p.12).
                match self.next_defender(att, r, def, round)? {
                    Some(t) => def = t,
                    None => return Ok(()),
                }
            }
            let acv = self.combat_value(a, r);
            if acv == 0 {
                // No Combat Value, no dice: the attack ends (docs/rulings.md,
                // "An attacker with no Combat Value").
                return Ok(());
            }
            *fought = true;
            if self.logging() {
                let defense = self.combat_value(def, r);
                self.emit(Event::Combat {
                    attacker: att,
                    defender: def,
                    region: r,
                    attack: acv,
                    defense,
                });
            }
            let roll = self.roll_dice(att, r, acv);
            let mut crit = roll.immediate_wounds as u8;
            let mut std = roll.standard_hits as u8;
            self.s.last_roll[0] = LastRoll {
                seat: att,
                region: r,
                criticals: crit,
                standard: std,
                dice: acv,
            };
            self.s.last_roll[1] = LastRoll {
                seat: NONE,
                region: r,
                ..LastRoll::default()
            };
            let def_id = def_seat(def).unwrap_or(NONE);
            // Mountains: the defender ignores the first hit (p.12).
            if mountain && crit + std > 0 {
                take_one(&mut crit, &mut std);
                mountain = false;
                self.emit(Event::HitIgnored {
                    seat: def_id,
                    region: r,
                    shield: Shield::Mountain,
                });
            }
            let ward_bit = match def {
                Target::Seat(d) => 1u8 << d,
                Target::Neutral => 1 << 4,
            };
            if warded & ward_bit == 0 && crit + std > 0 && self.wards(def, r) {
                take_one(&mut crit, &mut std);
                warded |= ward_bit;
                self.emit(Event::HitIgnored {
                    seat: def_id,
                    region: r,
                    shield: Shield::Ward,
                });
            }
            // Cities: defending Units (not Dragons) ignore one hit, and the
            // city is removed (p.12; Glossary "Cities").
            let units_defend = match def {
                Target::Neutral => true,
                Target::Seat(d) => Core::is_general(d),
            };
            if units_defend && !ignore_city && self.s.regions[r as usize].city && crit + std > 0 {
                take_one(&mut crit, &mut std);
                self.s.regions[r as usize].city = false;
                self.s.city_supply += 1;
                self.emit(Event::HitIgnored {
                    seat: def_id,
                    region: r,
                    shield: Shield::City,
                });
                self.emit(Event::CityDestroyed { region: r });
            }
            // 1. The attacker's criticals, at once.
            if self.deal_wounds(def, r, crit, by)? {
                if let Target::Seat(d) = def {
                    if !std::mem::replace(&mut attacker_stole, true) {
                        self.steal_one(att, d)?;
                    }
                    self.retreat(d, r, Some(att))?;
                }
                continue;
            }
            if !self.present(def, r) {
                continue;
            }
            // 2. Counterattack or retreat; neutral and Faceless always
            // counterattack (p.12); a Relentless attacker allows no retreat
            // after its first roll. A retreat by choice goes to an adjacent
            // region, so it is offered only where one may receive it
            // (docs/rulings.md, "A retreat by choice").
            let may_retreat = match def {
                Target::Neutral => false,
                Target::Seat(d) => {
                    self.human(d)
                        && !(relentless && round == 0)
                        && self.retreat_choices(d, r, Some(att)) != 0
                }
            };
            if let Target::Seat(d) = def
                && may_retreat
                && self.ask(
                    d,
                    Ask::Defend { region: r },
                    &[Decision::Counterattack, Decision::Retreat],
                )? == Decision::Retreat
            {
                self.retreat(d, r, Some(att))?;
                continue;
            }
            let dcv = self.combat_value(def, r);
            let droll = self.roll_dice(def_id, r, dcv);
            let dhits = droll.hits() as u8;
            self.s.last_roll[1] = LastRoll {
                seat: match def {
                    Target::Seat(d) => d,
                    Target::Neutral => NONE,
                },
                region: r,
                criticals: droll.immediate_wounds as u8,
                standard: droll.standard_hits as u8,
                dice: dcv,
            };
            // 3. All the defender's hits, then 4. the attacker's standard
            // hits, "suffered even if there are no remaining attackers".
            let def_by = match def {
                Target::Seat(d) if !Core::is_general(d) => Some(d),
                _ => None,
            };
            let att_injured = self.deal_wounds(a, r, dhits, def_by)?;
            if att_injured && let Target::Seat(d) = def {
                self.steal_one(d, att)?;
            }
            let def_injured = self.deal_wounds(def, r, std, by)?;
            if def_injured && let Target::Seat(d) = def {
                if !std::mem::replace(&mut attacker_stole, true) {
                    self.steal_one(att, d)?;
                }
                if att_injured {
                    self.retreat(att, r, def_seat(def))?;
                }
                self.retreat(d, r, Some(att))?;
                if att_injured {
                    return Ok(());
                }
                continue;
            }
            if att_injured {
                self.retreat(att, r, def_seat(def))?;
                return Ok(());
            }
        }
        Ok(())
    }

    /// Whether `def` has a `ward` ability in `r` (a character's, or a
    /// Denizen's of a Unit type in its force there).
    fn wards(&self, def: Target, r: u8) -> bool {
        match def {
            Target::Seat(d) => {
                self.has_passive(d, |p| matches!(p, Passive::Ward))
                    || self.has_unit_passive(d, r, |p| matches!(p, Passive::Ward))
            }
            Target::Neutral => false,
        }
    }

    /// Between two rounds (LoV p.12): "If there are enemy Units or Dragons
    /// remaining in the region, the attacker must either immediately
    /// initiate another round of combat or retreat." Returns the defender of
    /// the next round, or `None` when the combat is over (the attacker gone,
    /// the region clear of its enemies, or the attacker retreated). A human
    /// attacker chooses; the Faceless never retreat by choice (p.10), and
    /// their choice of defender falls to their ally, the initiative holder
    /// or chance (p.10, Appendix). An attacker with no Combat Value left, or
    /// still fighting after `MAX_COMBAT_ROUNDS`, retreats (docs/rulings.md,
    /// "An attacker with no Combat Value").
    fn next_defender(&mut self, att: u8, r: u8, last: Target, round: u8) -> Res<Option<Target>> {
        if !self.present(Target::Seat(att), r) {
            return Ok(None);
        }
        let enemies = self.targets_in(att, r);
        if enemies.is_empty() {
            return Ok(None);
        }
        // A retreating Dragon may not enter a region controlled by "the
        // opposing force" (p.13), "l'attuale avversario" (the Italian book):
        // the last defender.
        let opponent = def_seat(last);
        let forced = round >= MAX_COMBAT_ROUNDS || self.combat_value(Target::Seat(att), r) == 0;
        let may_retreat = self.retreat_choices(att, r, opponent) != 0;
        if forced
            || (self.human(att)
                && may_retreat
                && self.ask(
                    att,
                    Ask::Continue { region: r },
                    &[Decision::AttackAgain, Decision::Retreat],
                )? == Decision::Retreat)
        {
            self.retreat(att, r, opponent)?;
            return Ok(None);
        }
        match self.ask_for(att, Ask::NextDefender { region: r }, enemies.as_slice())? {
            Decision::Attack(t) => Ok(Some(t)),
            _ => Ok(None),
        }
    }

    /// Deals `n` wounds to `side` in `r` (Glossary "Wounds"). Units killed by
    /// a Dragon in combat (`by`) go to its Essence track. Returns whether the
    /// side was injured (Glossary "Injured").
    pub fn deal_wounds(&mut self, side: Target, r: u8, n: u8, by: Option<u8>) -> Res<bool> {
        for _ in 0..n {
            match side {
                Target::Neutral => {
                    let reg = &mut self.s.regions[r as usize];
                    if reg.neutral == 0 {
                        return Ok(false);
                    }
                    reg.neutral -= 1;
                    self.emit(Event::NeutralLost { region: r });
                    match by {
                        Some(d) => self.add_essence(d, NEUTRAL_UNIT)?,
                        None => self.s.neutral_supply += 1,
                    }
                }
                Target::Seat(s) if Core::is_general(s) => {
                    let g = Core::general_index(s);
                    let f = self.s.regions[r as usize].force[g];
                    if f.units.iter().any(|&u| u > 0) {
                        // "destroy a friendly Unit in the region if possible"
                        let t = self.choose_loss(s, r)?;
                        self.s.regions[r as usize].force[g].units[t.index()] -= 1;
                        self.emit(Event::UnitLost {
                            seat: s,
                            region: r,
                            unit: t,
                        });
                        match by {
                            Some(d) => self.add_essence(d, (s << 2) | t.index() as u8)?,
                            None => self.s.players[s as usize].supply[t.index()] += 1,
                        }
                    } else if f.general {
                        self.emit(Event::GeneralInjured { seat: s, region: r });
                        return Ok(true);
                    } else {
                        return Ok(false);
                    }
                }
                Target::Seat(s) => {
                    let p = &mut self.s.players[s as usize];
                    if p.wounds >= WOUND_SPACES {
                        return Ok(true);
                    }
                    p.wounds += 1;
                    let wounds = p.wounds;
                    self.emit(Event::Wounded { seat: s, wounds });
                }
            }
        }
        Ok(false)
    }

    /// A Unit onto a Dragon's Essence track; a full track gives 1 Power from
    /// the supply and is emptied (Glossary "Essence track").
    fn add_essence(&mut self, dragon: u8, code: u8) -> Res {
        let spaces = self.c.characters[dragon as usize].essence;
        self.emit(Event::Essence {
            dragon,
            owner: if code == NEUTRAL_UNIT {
                NONE
            } else {
                code >> 2
            },
        });
        let p = &mut self.s.players[dragon as usize];
        p.essence[usize::from(p.essence_len)] = code;
        p.essence_len += 1;
        if p.essence_len >= spaces {
            let n = usize::from(p.essence_len);
            let codes = p.essence;
            p.essence_len = 0;
            for &c in &codes[..n] {
                if c == NEUTRAL_UNIT {
                    self.s.neutral_supply += 1;
                } else {
                    self.s.players[usize::from(c >> 2)].supply[usize::from(c & 3)] += 1;
                }
            }
            if self.s.power_supply > 0 {
                self.s.power_supply -= 1;
                self.gain_power(dragon, 1)?;
            }
        }
        Ok(())
    }

    /// A retreat from `r` (LoV p.13, "Retreat"): a force to an adjacent
    /// friendly or uncontrolled region (a Faceless General to a friendly one
    /// if it can), Units that cannot retreat destroyed; a Dragon to any
    /// adjacent region but, in combat, not one the opposing General controls.
    /// A `retreat` ability reaches further (`retreat_reach`).
    /// A Dragon or a force with its General that cannot retreat is eliminated.
    /// Dragonbond is checked after it (docs/rulings.md, "Timing and wording").
    pub fn retreat(&mut self, seat: u8, r: u8, opponent: Option<u8>) -> Res {
        let mut o = Opts::default();
        for x in bits(self.retreat_choices(seat, r, opponent)) {
            o.push(Decision::Region(x));
        }
        if Core::is_general(seat) {
            let g = Core::general_index(seat);
            let f = self.s.regions[r as usize].force[g];
            if f.is_empty() {
                return Ok(());
            }
            if o.is_empty() {
                // Units that cannot retreat are destroyed.
                self.emit(Event::ForceDestroyed { seat, region: r });
                self.s.regions[r as usize].force[g].units = [0; 3];
                for t in 0..3 {
                    self.s.players[seat as usize].supply[t] += f.units[t];
                }
                if f.general {
                    return self.eliminate(seat);
                }
                return Ok(());
            }
            let Decision::Region(to) =
                self.ask_for(seat, Ask::RetreatTo { from: r }, o.as_slice())?
            else {
                return Ok(());
            };
            self.emit(Event::Retreated { seat, from: r, to });
            self.s.regions[r as usize].force[g] = Default::default();
            let dst = &mut self.s.regions[to as usize].force[g];
            for t in 0..3 {
                dst.units[t] += f.units[t];
            }
            dst.general |= f.general;
            self.enforce_limit(seat, to)?;
        } else {
            if o.is_empty() {
                return self.eliminate(seat);
            }
            let Decision::Region(to) =
                self.ask_for(seat, Ask::RetreatTo { from: r }, o.as_slice())?
            else {
                return Ok(());
            };
            self.emit(Event::Retreated { seat, from: r, to });
            self.s.players[seat as usize].at = to;
        }
        self.dragonbond_check(seat)
    }

    /// Where `seat`'s force or Dragon in `r` may retreat to (LoV p.13): a
    /// force to a friendly or uncontrolled region (a Faceless General to a
    /// friendly one if it can); a Dragon anywhere but, in combat, not into
    /// a region the opposing General controls. None: it cannot retreat.
    pub fn retreat_choices(&self, seat: u8, r: u8, opponent: Option<u8>) -> u16 {
        if Core::is_general(seat) {
            let dest = self.retreat_destinations(seat, r, |s, x| {
                s.controller(x) == Some(seat) || s.uncontrolled(x)
            });
            let friendly: u16 = bits(dest)
                .filter(|&x| self.s.controller(x) == Some(seat))
                .fold(0, |m, x| m | 1 << x);
            if !self.human(seat) && friendly != 0 {
                friendly
            } else {
                dest
            }
        } else {
            self.retreat_destinations(seat, r, |s, x| {
                !opponent.is_some_and(|op| Core::is_general(op) && s.controller(x) == Some(op))
            })
        }
    }

    /// How far `seat`'s piece or force in `r` may retreat: 1 region over a
    /// border (LoV p.13), or further and across sea links with a `retreat`
    /// ability of the character or, for a force, of a Denizen of a Unit type
    /// in it (Glossary "Upgrading": the Units of that type gain the rule).
    fn retreat_reach(&self, seat: u8, r: u8) -> (u8, bool) {
        let mut reach = (1, false);
        let mut widen = |p: &Passive| {
            if let Passive::Retreat { range, by_sea } = p {
                reach = (reach.0.max(*range), reach.1 || *by_sea);
            }
        };
        self.passives(seat).for_each(&mut widen);
        if Core::is_general(seat) {
            let f = self.s.regions[r as usize].force[Core::general_index(seat)];
            for t in 0..3 {
                let d = self.s.players[seat as usize].denizens[t];
                if f.units[t] > 0 && d != NONE {
                    widen(&self.c.denizens[usize::from(d)].ability);
                }
            }
        }
        reach
    }

    /// The regions `seat` may retreat to from `r`: those `allowed` within
    /// its reach, each step of the way through an allowed region.
    fn retreat_destinations(&self, seat: u8, r: u8, allowed: impl Fn(&Core, u8) -> bool) -> u16 {
        let (range, by_sea) = self.retreat_reach(seat, r);
        let mut seen = 1u16 << r;
        let mut frontier = seen;
        let mut dest = 0u16;
        for _ in 0..range {
            let mut next = 0u16;
            for x in bits(frontier) {
                next |= self.c.adjacent[x as usize];
                if by_sea {
                    next |= self.c.sea[x as usize];
                }
            }
            next &= !seen;
            seen |= next;
            frontier = bits(next)
                .filter(|&x| allowed(self.s, x))
                .fold(0, |m, x| m | 1 << x);
            dest |= frontier;
        }
        dest
    }
}

fn def_seat(t: Target) -> Option<u8> {
    match t {
        Target::Seat(s) => Some(s),
        Target::Neutral => None,
    }
}

/// Ignores one hit: the first rolled, criticals being resolved first (FAQ).
fn take_one(crit: &mut u8, std: &mut u8) {
    if *crit > 0 {
        *crit -= 1;
    } else if *std > 0 {
        *std -= 1;
    }
}
