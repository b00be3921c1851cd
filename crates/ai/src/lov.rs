//! Lords of Vaala: what a seat knows, the sampler that deals the hidden
//! cards back, and a heuristic player.

use std::sync::Arc;

use valerna_dice::Stream;
use valerna_dice::odds::lov_combat;
use valerna_game::{Game, Seat};
use valerna_lov::content::{Content, REGIONS, SEATS};
use valerna_lov::decision::Target;
use valerna_lov::effect::{From, Glyph, Piece, Step, UnitType};
use valerna_lov::knowledge::{Deal, Knowledge};
use valerna_lov::log::Ask;
use valerna_lov::state::{CardKind, Core, NONE};
use valerna_lov::view::View;
use valerna_lov::{Decision, Lov};

use crate::{Bot, Observable, Sampler, mix};

impl Observable for Lov {
    type Knowledge = Knowledge;

    fn knowledge(&self, seat: Seat) -> Knowledge {
        Lov::knowledge(self, seat)
    }

    fn knower(k: &Knowledge) -> Seat {
        k.seat()
    }

    fn options(k: &Knowledge) -> &[Decision] {
        k.options()
    }
}

/// Deals the cards hidden from a seat back at random, within the pools they
/// are known to come from (see `valerna_lov::knowledge`).
#[derive(Clone, Debug)]
pub struct LovSampler {
    content: Arc<Content>,
}

impl LovSampler {
    pub fn new(content: Arc<Content>) -> Self {
        LovSampler { content }
    }

    /// One deal of the hidden cards, uniformly at random.
    pub fn deal(&self, k: &Knowledge, st: &mut Stream) -> Deal {
        let c = &self.content;
        let base = k.base();
        let mut deal = Deal::default();
        let mut actions: [Vec<u8>; SEATS] = Default::default();
        let mut regions: [Vec<u8>; SEATS] = Default::default();
        for o in 0..SEATS as u8 {
            actions[usize::from(o)] = members(u16::from(k.action_pool(o))).collect();
            regions[usize::from(o)] = members(k.region_pool(o)).collect();
        }
        let mut events = k.unseen_events().to_vec();
        st.shuffle(&mut events);
        for (pos, kind, owner) in k.hidden_stack() {
            let o = usize::from(owner);
            let id = match kind {
                CardKind::Event => events.pop(),
                CardKind::Action => take(&mut actions[o], st).map(|i| c.hand[o][usize::from(i)]),
                CardKind::Region => take(&mut regions[o], st),
            };
            if let Some(id) = id {
                deal.stack.push((pos, id));
            }
        }
        deal.events = events;
        for o in 0..SEATS {
            deal.actions[o] = actions[o].iter().fold(0, |m, &i| m | 1 << i);
            deal.region_cards[o] = regions[o].iter().fold(0, |m, &i| m | 1 << i);
            let mut vaala: Vec<u8> = members(u16::from(k.vaala_pool(o as u8))).collect();
            st.shuffle(&mut vaala);
            if o == usize::from(k.seat()) {
                // The cards the seat drew in this unit stay on top, as drawn.
                let drawn = k.own_drawn();
                vaala.retain(|v| !drawn.contains(v));
                vaala.extend_from_slice(drawn);
            }
            let n = usize::from(base.players[o].vaala_deck_len).min(vaala.len());
            deal.vaala_hand[o] = vaala[n..].iter().fold(0, |m, &i| m | 1 << i);
            vaala.truncate(n);
            deal.vaala_deck[o] = vaala;
        }
        let mut denizens = base.denizen_deck[..usize::from(base.denizen_len)].to_vec();
        st.shuffle(&mut denizens);
        deal.denizens = denizens;
        deal
    }
}

/// Removes a random element.
fn take(v: &mut Vec<u8>, st: &mut Stream) -> Option<u8> {
    if v.is_empty() {
        return None;
    }
    let i = st.index(v.len());
    Some(v.swap_remove(i))
}

fn members(mask: u16) -> impl Iterator<Item = u8> {
    (0..16u8).filter(move |b| mask & (1 << b) != 0)
}

impl Sampler<Lov> for LovSampler {
    fn sample(&self, k: &Knowledge, seed: u64) -> Option<Lov> {
        let mut st = Stream::new(seed);
        let deal = self.deal(k, &mut st);
        k.build(&self.content, &deal, mix(seed, 1)).ok()
    }

    /// Power decides the game (LoV p.9): a seat's share of the Power held,
    /// its bonded ally's counted with its own.
    fn evaluate(&self, g: &Lov, out: &mut [f64]) {
        let s = g.state();
        let power: [f64; SEATS] =
            std::array::from_fn(|i| f64::from(s.players[i].total_power()) + 1.0);
        let team = |i: usize| {
            let p = s.players[i].partner;
            power[i]
                + if p == NONE {
                    0.0
                } else {
                    power[usize::from(p)]
                }
        };
        let total: f64 = power.iter().sum();
        for (i, o) in out.iter_mut().enumerate().take(SEATS) {
            *o = (team(i) / total).min(1.0);
        }
    }
}

// ------------------------------------------------------------ heuristic

/// The chance that a side of Combat Value `a` rolls more hits than one of
/// `d` (a tie counts half), from the exact dice odds (LoV "Combat dice").
pub fn edge(a: u8, d: u8) -> f64 {
    if a == 0 {
        return 0.0;
    }
    if d == 0 {
        return 1.0;
    }
    let (Ok(oa), Ok(od)) = (lov_combat(u32::from(a)), lov_combat(u32::from(d))) else {
        return if a > d { 1.0 } else { 0.0 };
    };
    let (pa, pd) = (oa.hits.probabilities(), od.hits.probabilities());
    let mut p = 0.0;
    for (i, x) in pa.iter().enumerate() {
        for (j, y) in pd.iter().enumerate() {
            p += x
                * y
                * if i > j {
                    1.0
                } else if i == j {
                    0.5
                } else {
                    0.0
                };
        }
    }
    p
}

/// A rule-of-thumb player: it goes where the Power is and collects it,
/// fights when the exact odds favour it, and seeks the Dragonbond when it
/// is behind and avoids it when it leads.
#[derive(Clone, Debug)]
pub struct Heuristic {
    content: Arc<Content>,
    stream: Stream,
}

impl Heuristic {
    pub fn new(content: Arc<Content>, seed: u64) -> Self {
        Heuristic {
            content,
            stream: Stream::new(seed),
        }
    }

    /// The region of `seat`'s General or Dragon.
    fn at(v: &View, seat: u8) -> u8 {
        if Core::is_general(seat) {
            (0..REGIONS)
                .find(|&r| v.regions[r].force[usize::from(seat / 2)].general)
                .map_or(NONE, |r| r as u8)
        } else {
            v.players[usize::from(seat)].at
        }
    }

    /// The Combat Value of `t` in region `r` as the view shows it (its
    /// piece's region only; a force elsewhere by its size).
    fn value(v: &View, t: Target, r: u8) -> u8 {
        match t {
            Target::Neutral => v.regions[usize::from(r)].neutral,
            Target::Seat(s) if Self::at(v, s) == r => v.combat_values[usize::from(s)],
            Target::Seat(s) if Core::is_general(s) => v.regions[usize::from(r)].force
                [usize::from(s / 2)]
            .units
            .iter()
            .sum(),
            Target::Seat(_) => 0,
        }
    }

    /// How much a region is worth reaching: its Power, less when strong
    /// enemies hold it.
    fn worth(&self, v: &View, r: u8) -> f64 {
        let reg = &v.regions[usize::from(r)];
        let mut w = f64::from(reg.power) * 2.0 + if reg.city { 0.5 } else { 0.0 };
        let me = v.seat;
        let mine = v.combat_values[usize::from(me)].max(1);
        for s in 0..SEATS as u8 {
            if s == me || v.players[usize::from(me)].partner == s {
                continue;
            }
            let present = if Core::is_general(s) {
                !reg.force[usize::from(s / 2)].units.iter().all(|&u| u == 0)
                    || reg.force[usize::from(s / 2)].general
            } else {
                v.players[usize::from(s)].at == r
            };
            if present {
                let theirs = Self::value(v, Target::Seat(s), r);
                w -= (1.0 - edge(mine, theirs)) * 3.0;
            }
        }
        w -= f64::from(reg.neutral) * 0.3;
        w
    }

    /// Whether `seat` should attack `t` in `r`.
    fn favours(v: &View, seat: u8, t: Target, r: u8) -> bool {
        let mine = v.combat_values[usize::from(seat)];
        edge(mine, Self::value(v, t, r)) > 0.55
    }

    /// How far the human board's `glyph` program of `seat` first moves its
    /// Dragon (a Soar, or the flight a Wrath makes before its combat); 0 when
    /// the program does not begin with a Dragon's move.
    fn lead_move(&self, seat: u8, glyph: Glyph) -> u8 {
        let Some(i) = glyph.board_index() else {
            return 0;
        };
        match self.content.characters[usize::from(seat)].human.glyphs[i].first() {
            Some(Step::Move {
                piece: Piece::Dragon,
                range,
            }) => *range,
            _ => 0,
        }
    }

    /// The Power in the regions within `range` of `here`.
    fn power_within(&self, v: &View, here: u8, range: u8) -> f64 {
        if here == NONE {
            return 0.0;
        }
        (0..REGIONS as u8)
            .filter(|&r| self.content.distance[usize::from(here)][usize::from(r)] <= range)
            .map(|r| f64::from(v.regions[usize::from(r)].power))
            .sum()
    }

    /// The Power the acting General's Harvest takes: its board's collect
    /// steps over the regions it controls.
    fn harvest_take(&self, v: &View) -> f64 {
        let g = usize::from(v.seat / 2);
        let mut left: [u8; REGIONS] = std::array::from_fn(|r| v.regions[r].power);
        let mut took = 0u32;
        let board = &self.content.characters[usize::from(v.seat)].human.glyphs;
        let program = Glyph::Collect
            .board_index()
            .map_or(&[][..], |i| &board[i][..]);
        for st in program {
            let Step::Collect { from, amount } = st else {
                continue;
            };
            for (r, reg) in v.regions.iter().enumerate() {
                let controlled = reg.force[g].units.iter().any(|&u| u > 0);
                let ok = match from {
                    From::Here => reg.force[g].general,
                    From::EachControlled => controlled,
                    From::EachControlledWithCity => controlled && reg.city,
                };
                if ok {
                    let t = left[r].min(*amount);
                    left[r] -= t;
                    took += u32::from(t);
                }
            }
        }
        f64::from(took)
    }

    /// How many Units of `unit` a force moving out of `from` takes when one
    /// stays behind (`None` when all may go): the region holds Power or a
    /// city, the force has at least two Units there, and `unit` is the
    /// first type (in the order the counts are asked) it has.
    fn leaving_one(v: &View, unit: UnitType, from: u8) -> Option<u8> {
        let reg = &v.regions[usize::from(from)];
        let force = &reg.force[usize::from(v.seat / 2)];
        let first = UnitType::ALL
            .into_iter()
            .find(|t| force.units[t.index()] > 0)?;
        ((reg.power > 0 || reg.city) && force.units.iter().sum::<u8>() >= 2 && first == unit)
            .then(|| force.units[unit.index()] - 1)
    }

    /// How good an Action card of `seat` (content id) looks now. A Dragon's
    /// Hoard takes Power where the Dragon stands (LoV "Harvest/Hoard"), so it
    /// is rated by the Power of its region unless a glyph before it on the
    /// card moves the Dragon first (a Soar, or a Wrath's flight), and then by
    /// the Power within reach of that move.
    fn card_worth(&self, v: &View, id: u8) -> f64 {
        let me = v.seat;
        let here = Self::at(v, me);
        let dragon = !Core::is_general(me);
        let mut reach = 0u8;
        let mut worth = 0.0;
        for &g in &self.content.actions[usize::from(id)].glyphs {
            worth += match g {
                Glyph::Collect if dragon => 1.0 + self.power_within(v, here, reach) * 0.5,
                Glyph::Collect => 1.0 + self.harvest_take(v) * 0.5,
                Glyph::Move => 1.0,
                Glyph::Attack => 0.8,
                Glyph::Vaala => 0.6,
                _ => 0.7,
            };
            if dragon {
                reach = reach.saturating_add(self.lead_move(me, g));
            }
        }
        worth
    }

    fn pick(&mut self, v: &View, ask: Ask, options: &[Decision]) -> Decision {
        let me = v.seat;
        let c = self.content.clone();
        let score = |d: &Decision, h: &Heuristic| -> f64 {
            match *d {
                Decision::PlayAction(i) => c.hand[usize::from(me)]
                    .get(usize::from(i))
                    .map_or(0.0, |&id| 10.0 + h.card_worth(v, id)),
                Decision::PlayRegion(r) => 9.0 + f64::from(v.regions[usize::from(r)].power),
                Decision::Pass => 0.0,
                Decision::Activate => match ask {
                    Ask::Glyph {
                        glyph: Glyph::Attack,
                        ..
                    } => {
                        // A Wrath flies first (the move its program begins
                        // with), so a target within that flight counts.
                        let here = Self::at(v, me);
                        let reach = h.lead_move(me, Glyph::Attack);
                        let good = here != NONE
                            && (0..REGIONS as u8)
                                .filter(|&r| c.distance[usize::from(here)][usize::from(r)] <= reach)
                                .any(|r| {
                                    (0..SEATS as u8)
                                        .map(Target::Seat)
                                        .chain([Target::Neutral])
                                        .any(|t| {
                                            t != Target::Seat(me)
                                                && Self::value(v, t, r) > 0
                                                && Self::favours(v, me, t, r)
                                        })
                                });
                        if good { 1.0 } else { -1.0 }
                    }
                    _ => 1.0,
                },
                Decision::Skip => 0.0,
                // A force is moved out of a region for where it can go.
                Decision::Region(r) if ask == Ask::MoveFrom => (0..REGIONS as u8)
                    .filter(|&a| c.distance[usize::from(r)][usize::from(a)] == 1)
                    .map(|a| h.worth(v, a))
                    .fold(f64::NEG_INFINITY, f64::max),
                Decision::Region(r) => h.worth(v, r),
                Decision::Attack(t) => {
                    let r = match ask {
                        Ask::Target { region } | Ask::NextDefender { region } => region,
                        _ => Self::at(v, me),
                    };
                    let steal = match t {
                        Target::Seat(s) => {
                            f64::from(
                                v.players[usize::from(s)].power + v.players[usize::from(s)].spent,
                            ) * 0.1
                        }
                        Target::Neutral => 0.0,
                    };
                    edge(v.combat_values[usize::from(me)], Self::value(v, t, r)) + steal
                }
                Decision::Counterattack | Decision::AttackAgain => {
                    let r = match ask {
                        Ask::Defend { region } | Ask::Continue { region } => region,
                        _ => Self::at(v, me),
                    };
                    let foe = (0..SEATS as u8)
                        .filter(|&s| s != me)
                        .map(|s| Self::value(v, Target::Seat(s), r))
                        .chain([v.regions[usize::from(r)].neutral])
                        .max()
                        .unwrap_or(0);
                    edge(v.combat_values[usize::from(me)], foe)
                }
                Decision::Retreat => 0.45,
                Decision::Lose(t) => {
                    let r = match ask {
                        Ask::Lose { region } => region,
                        _ => 0,
                    };
                    f64::from(v.regions[usize::from(r)].force[usize::from(me / 2)].units[t.index()])
                }
                Decision::Steal { spent } => {
                    if spent {
                        0.0
                    } else {
                        1.0
                    }
                }
                Decision::Vaala(_) => 1.0,
                Decision::Done => 0.5,
                Decision::Keep => 1.0,
                Decision::Reroll => 0.0,
                Decision::Attempt | Decision::Decline => {
                    let mine = v.players[usize::from(me)].power + v.players[usize::from(me)].spent;
                    let best_other = (0..SEATS)
                        .filter(|&s| s != usize::from(me))
                        .map(|s| v.players[s].power + v.players[s].spent)
                        .max()
                        .unwrap_or(0);
                    // Seek the bond unless well ahead (a bonded win is shared).
                    let seek = mine < best_other + 2;
                    if (*d == Decision::Attempt) == seek {
                        1.0
                    } else {
                        0.0
                    }
                }
                Decision::Denizen(_) => 1.0,
                Decision::Unit(t) => {
                    let r = match ask {
                        Ask::Place { region } => region,
                        _ => 0,
                    };
                    -f64::from(
                        v.regions[usize::from(r)].force[usize::from(me / 2)].units[t.index()],
                    )
                }
                Decision::Count(n) => match ask {
                    // A force leaves one Unit behind in a region worth
                    // holding, so the region stays controlled for the
                    // Harvest (LoV Glossary "Control").
                    Ask::MoveCount { unit, from, .. } => match Self::leaving_one(v, unit, from) {
                        Some(go) => -(f64::from(n) - f64::from(go)).abs(),
                        None => f64::from(n),
                    },
                    _ => f64::from(n),
                },
                _ => 0.0,
            }
        };
        let mut best = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for (i, d) in options.iter().enumerate() {
            let s = score(d, self);
            if s > best_score + 1e-9 {
                best_score = s;
                best.clear();
                best.push(i);
            } else if (s - best_score).abs() <= 1e-9 {
                best.push(i);
            }
        }
        options[best[self.stream.index(best.len())]]
    }
}

impl Bot<Lov> for Heuristic {
    fn decide(&mut self, k: &Knowledge) -> Decision {
        let v = k.view();
        self.pick(v, k.ask(), k.options())
    }
}

/// Plays a game of `g`'s seats to its end with `bots` (`None`: a Faceless
/// seat, which never decides), each given only its seat's knowledge.
pub fn play(g: &mut Lov, bots: &mut [Option<Box<dyn Bot<Lov>>>], max: usize) -> usize {
    play_watched(g, bots, max, &mut |_, _, _| {})
}

/// [`play`], showing `watch` each decision (and the game before it) as it
/// is taken: how the balance reports see which cards were played and when
/// the rounds turned.
pub fn play_watched(
    g: &mut Lov,
    bots: &mut [Option<Box<dyn Bot<Lov>>>],
    max: usize,
    watch: &mut dyn FnMut(&Lov, Seat, &Decision),
) -> usize {
    let mut n = 0;
    while let Some(seat) = g.to_decide() {
        if n >= max {
            break;
        }
        let k = Observable::knowledge(g, seat);
        let Some(bot) = bots.get_mut(usize::from(seat)).and_then(Option::as_mut) else {
            break;
        };
        let d = bot.decide(&k);
        watch(g, seat, &d);
        if g.apply(d).is_err() {
            break;
        }
        n += 1;
    }
    n
}
