//! Bots that play whole battles headless: a random-legal bot and a greedy
//! one. Both draw from their own seeded stream, never the game's.

use valerna_dice::Stream;
use valerna_dice::odds;
use valerna_game::Game;

use super::actions::centre;
use super::deployment::objectives_fit;
use super::powers::Named;
use super::{Battle, Decision, Paths, Phase, Reaction, Window};
use crate::geometry::point::total_order;
use crate::geometry::{Point, Sightlines};
use crate::rules::modifiers::{AttackModifiers, DefenseModifiers, Modifiers};
use crate::rules::powers::{Effect, Target, Trigger};
use crate::rules::status::StatusKind;
use crate::rules::units::{Dice, WeaponKind};
use valerna_dice::bov::Shift;

/// The battlefield as seen once per decision.
type Seen = (super::units::Snapshot, Sightlines);

/// Something that answers a battle's pending decision.
pub trait Bot {
    fn decide(&mut self, game: &Battle) -> Decision;
}

/// Picks uniformly among the listed choices (or the engine's examples of a
/// continuous one).
#[derive(Clone, Debug)]
pub struct RandomBot {
    stream: Stream,
    buf: Vec<Decision>,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        Self {
            stream: Stream::new(seed),
            buf: Vec::new(),
        }
    }
}

impl Bot for RandomBot {
    fn decide(&mut self, game: &Battle) -> Decision {
        // An action's march examples come last. Outside the Quest whether an
        // example exists costs about as much as working it out, so the draw
        // is made before it is known: a drawn example that cannot be marched
        // is struck out and the draw made again among what is left. Every
        // legal choice and every example that exists stays equally likely.
        if let Phase::Action { unit } = game.phase
            && !game.is_quest()
        {
            self.buf.clear();
            game.list_choices_with(&mut self.buf, false);
            let mut goals: Vec<Point> = game.march_goals(unit);
            loop {
                let n = self.buf.len() + goals.len();
                if n == 0 {
                    return Decision::Pass;
                }
                let i = self.stream.index(n);
                let Some(k) = i.checked_sub(self.buf.len()) else {
                    return self.buf.swap_remove(i);
                };
                if let Some(paths) = game.march_toward(unit, goals.remove(k), false) {
                    return Decision::March { paths };
                }
            }
        }
        game.choices(&mut self.buf);
        if self.buf.is_empty() {
            return Decision::Pass;
        }
        let i = self.stream.index(self.buf.len());
        self.buf.swap_remove(i)
    }
}

/// Charges, shoots or activates the power that does most (expected points of
/// models removed, from the exact odds; a rough worth for markers, fatigue
/// and modifiers), otherwise marches toward the nearest objective it does
/// not hold; activates each unit at most twice a round so none becomes
/// Exhausted; removes the most harmful status markers first. Takes every
/// reaction worth more than a little; places Command and Dragonrider
/// activation markers; a Dragonrider mounts whenever it may and dismounts
/// only when its Mount is spent for the round. Places
/// objectives in one half of the table (seat 0 toward y = 0, seat 1 toward
/// the far edge) as near the edge as the rules allow, and if it wins the
/// table edges takes the edge of the half with more objectives; deploys
/// everything (Reserve only for units that find no room in the zone), and
/// aims Dangerous terrain at the costliest enemy. Places Monsters where the
/// engine offers first and bids for one as many points as there are enemy
/// units within its reach. Its force advances as one (`keep_up`), and a
/// bonded Mount takes melee hits that would defeat its rider
/// (`shields_rider`).
#[derive(Clone, Debug)]
pub struct GreedyBot {
    stream: Stream,
    buf: Vec<Decision>,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        Self {
            stream: Stream::new(seed),
            buf: Vec::new(),
        }
    }
}

/// Expected points of models removed by an attack of `unit` on `target`.
pub fn expected_points(
    game: &Battle,
    unit: u16,
    target: u16,
    weapon: WeaponKind,
    models: u32,
    charge: bool,
) -> f64 {
    let p = game.profile(unit);
    let Some(dice) = p.weapon_dice(weapon) else {
        return 0.0;
    };
    if models == 0 {
        return 0.0;
    }
    let mut am = AttackModifiers::new(game.units[usize::from(unit)].fatigue());
    am.charge = charge;
    let t = &game.units[usize::from(target)];
    let dm = DefenseModifiers::new(t.fatigue(), weapon);
    let attack = odds::Attack {
        per_model: dice.groups().to_vec(),
        models,
        shift: am.shift(),
    };
    let defense = odds::Defense {
        colour: game.profile(target).defense,
        shift: dm.shift(),
    };
    let Ok(wounds) = odds::attack_wounds(&attack, defense) else {
        return 0.0;
    };
    points_for_wounds(game, target, wounds.mean())
}

/// Points of the models `wounds` wounds would remove from `target`. A
/// Dragonbonded unit's fall removes its partner too ("if either of them is
/// defeated, both of them are immediately removed"), so each wound on it
/// also bears its share of the partner's points: a bonded rider with few
/// wounds to go is the pair's weak point.
fn points_for_wounds(game: &Battle, target: u16, wounds: f64) -> f64 {
    let t = &game.units[usize::from(target)];
    let health = f64::from(game.profile(target).health.max(1));
    let per_model = f64::from(t.value) / f64::from(game.card(target).models.max(1));
    let left = f64::from(t.state.models());
    let own = (wounds / health).min(left) * per_model;
    let partner = t
        .bonded
        .filter(|_| game.dragonbonded(target))
        .map_or(0.0, |p| f64::from(game.units[usize::from(p)].value));
    if partner == 0.0 {
        return own;
    }
    let card = game.card(target);
    let injured_side = match (&card.injured, t.state.injured) {
        (Some(p), false) => f64::from(p.health),
        _ => 0.0,
    };
    let to_go = (left * health - f64::from(t.state.wounds) + injured_side).max(1.0);
    own + (wounds / to_go).min(1.0) * partner
}

/// Mean hits (`wounds: false`) or wounds past the target's defense of the
/// dice a power rolls: not an attack, so one set of dice and no modifier.
fn power_dice_mean(game: &Battle, target: u16, dice: &Dice, defended: bool) -> f64 {
    let attack = odds::Attack {
        per_model: dice.groups().to_vec(),
        models: 1,
        shift: Shift::None,
    };
    let t = &game.units[usize::from(target)];
    let dm = DefenseModifiers::new(t.fatigue(), WeaponKind::Ranged);
    let defense = odds::Defense {
        colour: game.profile(target).defense,
        shift: dm.shift(),
    };
    let pmf = if defended {
        odds::attack_wounds(&attack, defense)
    } else {
        odds::attack_hits(&attack, defense)
    };
    pmf.map_or(0.0, |p| p.mean())
}

/// A rough worth of an Activate Power, effect by effect, in the points of
/// models it is expected to remove or save; small values for markers,
/// fatigue and modifiers.
pub fn power_value(game: &Battle, seen: &Seen, unit: u16, slot: u8, target: Option<u16>) -> f64 {
    let Some((_, power)) = game.powers_of(unit).into_iter().find(|(s, _)| *s == slot) else {
        return 0.0;
    };
    let named = Named {
        unit: target,
        ..Named::default()
    };
    effects_value(game, seen, unit, &power.effects, &named, false)
}

/// The rough worth of effects cast by `unit` on the units `named`;
/// `saving`: the heals come before wounds that would remove a model, so
/// all of them count.
fn effects_value(
    game: &Battle,
    seen: &Seen,
    unit: u16,
    effects: &[Effect],
    named: &Named,
    saving: bool,
) -> f64 {
    let target = named.unit;
    let owner = game.units[usize::from(unit)].owner;
    let mut v = 0.0;
    for e in effects {
        if let Effect::Attack {
            weapon, modifier, ..
        } = e
        {
            let Some(t) = target else { continue };
            let n = match weapon {
                WeaponKind::Melee => game.melee_models(&seen.0, unit, t),
                WeaponKind::Ranged => game.ranged_models(&seen.0, &seen.1, unit, t),
            };
            v += expected_points(game, unit, t, *weapon, n, *modifier > 0);
            continue;
        }
        let units: Vec<u16> = match e.target() {
            Some(Target::Caster) => vec![unit],
            Some(Target::AllFriends { range }) | Some(Target::AllEnemies { range }) => {
                let friends = matches!(e.target(), Some(Target::AllFriends { .. }));
                let range = f64::from(*range);
                game.units
                    .iter()
                    .filter(|u| u.alive() && (u.owner == owner) == friends)
                    .filter(|u| u.id == unit || game.distance(unit, u.id) <= range)
                    .map(|u| u.id)
                    .collect()
            }
            Some(Target::Triggering) => named.triggering.into_iter().collect(),
            Some(Target::Subject) => named.subject.into_iter().collect(),
            Some(_) => target.into_iter().collect(),
            None => Vec::new(),
        };
        for u in units {
            let uu = &game.units[usize::from(u)];
            let sign = if uu.owner == owner { -1.0 } else { 1.0 };
            let health = f64::from(game.profile(u).health.max(1));
            let per_model = f64::from(uu.value) / f64::from(game.card(u).models.max(1));
            v += match e {
                Effect::Wounds { dice, .. } => {
                    sign * points_for_wounds(game, u, power_dice_mean(game, u, dice, false))
                }
                Effect::Hits { dice, .. } => {
                    sign * points_for_wounds(game, u, power_dice_mean(game, u, dice, true))
                }
                Effect::Heal { amount, .. } => {
                    let w = if saving {
                        f64::from(*amount)
                    } else {
                        f64::from(uu.state.wounds.min(*amount))
                    };
                    let m = f64::from(*amount) - w;
                    -sign * (w / health * per_model + 0.2 * m.min(uu.state.status.total() as f64))
                }
                Effect::Status { status, count, .. } => {
                    let each = match status {
                        // A white die per marker at each activation until
                        // it hits (4 faces in 10): most markers wound once
                        // before Restore Fatigue clears them.
                        StatusKind::Poisoned => 0.8 / health * per_model,
                        StatusKind::Slowed | StatusKind::Immobilized => 0.2,
                    };
                    sign * each * f64::from(*count)
                }
                Effect::Fatigue { amount, .. } => {
                    let a = i32::from(*amount);
                    let f = i32::from(uu.state.fatigue);
                    // Only the counters a unit has can be removed.
                    let real = if a < 0 { -(f.min(-a)) } else { a };
                    sign * 0.4 * f64::from(real)
                }
                Effect::Modifier { amount, .. } => -sign * 0.3 * f64::from(*amount),
                // A rider moves only with its Mount (BoV 5.1,
                // "Dragonriders"): its own Speed lends it nothing.
                Effect::Speed { .. } if game.mounted(u) => 0.0,
                Effect::Speed { inches, .. } => -sign * 0.02 * f64::from(*inches),
                Effect::Attack { .. } => 0.0,
                // Moving out of an enemy's reach when it attacks.
                Effect::Move { .. } => -sign * 0.1,
                // Anywhere on the table: more than a move's reach.
                Effect::Place { .. } => -sign * 0.2,
                Effect::PoisonToWounds { .. } => {
                    let markers = f64::from(uu.state.status.get(StatusKind::Poisoned));
                    sign * points_for_wounds(game, u, markers)
                }
            };
        }
    }
    v
}

/// The worth of a reaction: its effects, less a little for the fatigue it
/// costs; `None` (declining) is worth nothing.
fn reaction_value(game: &Battle, seen: &Seen, window: &Window, r: &Reaction) -> f64 {
    let subject = window.subjects.first().copied();
    let mut named = Named {
        unit: None,
        triggering: window.actor.or(subject),
        subject,
        wounded: None,
        source: None,
    };
    let saving = window.trigger == Trigger::ModelDefeated;
    match r {
        Reaction::Power {
            unit,
            power,
            target,
        } => {
            let Some((_, p)) = game.powers_of(*unit).into_iter().find(|(s, _)| s == power) else {
                return 0.0;
            };
            named.unit = *target;
            // Taking off the caster's own counter that the power costs does
            // nothing.
            if *target == Some(*unit)
                && p.fatigue_cost() > 0
                && p.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Fatigue { amount, .. } if *amount < 0))
            {
                return 0.0;
            }
            // A counter on the caster weighs a little less than one taken
            // from a friend in the fight.
            effects_value(game, seen, *unit, &p.effects, &named, saving)
                - 0.3 * f64::from(p.fatigue_cost())
        }
        Reaction::Vaala {
            card,
            caster,
            target,
        } => {
            let Some(c) = game.pack().vaala.iter().find(|c| &c.id == card) else {
                return 0.0;
            };
            named.unit = *target;
            let Some(by) = caster.or(subject) else {
                return 0.0;
            };
            effects_value(game, seen, by, &c.effects, &named, saving)
        }
    }
}

/// The points an attack of `unit` on `target` is expected to win.
fn attack_value(game: &Battle, seen: &Seen, unit: u16, target: u16) -> f64 {
    let (snap, sight) = (&seen.0, &seen.1);
    if game.engaged_with(snap, unit).contains(&target) {
        let n = game.melee_models(snap, unit, target);
        // BoV 5.1, "The Quest" > "Carrying Treasure": defeating a carrier
        // in melee takes its treasures.
        let prize = 0.5 * game.carried_worth(target);
        expected_points(game, unit, target, WeaponKind::Melee, n, false) + prize
    } else {
        let n = game.ranged_models(snap, sight, unit, target);
        expected_points(game, unit, target, WeaponKind::Ranged, n, false)
    }
}

impl GreedyBot {
    /// The value of one action of the active unit.
    fn value(&self, game: &Battle, seen: &Seen, unit: u16, d: &Decision) -> f64 {
        match d {
            Decision::Attack { target } => attack_value(game, seen, unit, *target),
            // BoV starter: the creature's attack and its General's.
            Decision::PairAttack {
                target,
                general_target,
            } => {
                attack_value(game, seen, unit, *target)
                    + game
                        .attached_general(unit)
                        .map_or(0.0, |g| attack_value(game, seen, g, *general_target))
            }
            Decision::Charge { target } => {
                let need = game.distance(unit, *target) - game.allowance(unit, false);
                let p = if need <= 0.0 {
                    1.0
                } else {
                    odds::charge_bonus().at_least(need.ceil() as usize)
                };
                let n = game.units[usize::from(unit)].state.models();
                // A charge also denies the target its own choice of fight.
                let prize = 0.5 * game.carried_worth(*target);
                1.1 * p * (expected_points(game, unit, *target, WeaponKind::Melee, n, true) + prize)
            }
            Decision::FlankedAttack { targets } => game
                .check_flanked_attack(unit, targets)
                .map(|groups| {
                    groups
                        .iter()
                        .map(|&(t, n)| expected_points(game, unit, t, WeaponKind::Melee, n, false))
                        .sum()
                })
                .unwrap_or(0.0),
            Decision::ActivatePower { power, target } => {
                power_value(game, seen, unit, *power, *target)
            }
            // A rider stays on its Mount (two activations in a row, the
            // Mount taking its melee hits) unless the Mount is spent for the
            // round, when it gets off to march or charge on its own.
            Decision::Dismount { .. } => {
                let spent = game.units[usize::from(unit)]
                    .mounted_on
                    .is_some_and(|m| game.units[usize::from(m)].state.fatigue >= 2);
                if spent { 0.06 } else { -1.0 }
            }
            Decision::March { paths } if !paths.is_empty() => {
                MARCH_WORTH + game.quest_march_value(unit, paths)
            }
            _ => 0.0,
        }
    }

    fn best_action(&mut self, game: &Battle, unit: u16) -> Decision {
        // Outside the Quest every march example is worth MARCH_WORTH (or
        // nothing, with no path), and the examples are listed last: one
        // can be the first best only while nothing before it is worth as
        // much, so they are worked out one at a time, as far as that holds.
        // Each costs a formation planned; most actions need none of them.
        let each = game.is_quest();
        self.buf.clear();
        game.list_choices_with(&mut self.buf, each);
        let seen = see(game);
        let valued = self
            .buf
            .iter()
            .map(|d| (self.value(game, &seen, unit, d), d));
        let (mut value, best) = most_valued(valued);
        let mut best = best.cloned();
        if !each {
            let mut examples = game.march_examples(unit);
            while value < MARCH_WORTH {
                let Some(paths) = examples.next() else {
                    break;
                };
                let d = Decision::March { paths };
                let v = self.value(game, &seen, unit, &d);
                if v > value {
                    (value, best) = (v, Some(d));
                }
            }
        }
        let best = best.unwrap_or(Decision::March { paths: Vec::new() });
        as_one(game, &seen, unit, best)
    }
}

/// The battlefield as the greedy bot sees it for one decision.
fn see(game: &Battle) -> Seen {
    let snap = game.snapshot();
    let sight = Sightlines::new(&game.field, &snap.models);
    (snap, sight)
}

/// What the greedy bot puts on a march that goes somewhere, besides what
/// it does in the Quest.
const MARCH_WORTH: f64 = 0.05;

/// The first of the most valued actions, Skirmishes aside; a march that
/// stays when none is worth anything.
fn first_best<'a>(valued: impl Iterator<Item = (f64, &'a Decision)>) -> Decision {
    most_valued(valued)
        .1
        .cloned()
        .unwrap_or(Decision::March { paths: Vec::new() })
}

/// The first of the most valued actions, Skirmishes aside, and its value
/// (-1 and none when there is none).
fn most_valued<'a>(
    valued: impl Iterator<Item = (f64, &'a Decision)>,
) -> (f64, Option<&'a Decision>) {
    let mut best: (f64, Option<&Decision>) = (-1.0, None);
    for (v, d) in valued {
        if !matches!(d, Decision::Skirmish { .. }) && v > best.0 {
            best = (v, Some(d));
        }
    }
    best
}

/// The force advances as one: no charge that leaves it behind, no march
/// that outruns it.
fn as_one(game: &Battle, seen: &Seen, unit: u16, best: Decision) -> Decision {
    match &best {
        Decision::Charge { .. } if charge_waits(game, &seen.0, unit) => {
            keep_up(game, &seen.0, unit, None).unwrap_or(Decision::March { paths: Vec::new() })
        }
        Decision::March { paths } if !paths.is_empty() => {
            let aim = (!marches_on_foe(game, unit)).then(|| march_aim(game, unit, paths));
            keep_up(game, &seen.0, unit, aim).unwrap_or(best)
        }
        _ => best,
    }
}

/// A unit's action weighed once, for a search that widens over its
/// candidates: the greedy bot's pick among `listed`, the engine's choices
/// (what [`GreedyBot`] decides), and then `listed` with `more` (a
/// planner's own marches) in the greedy bot's order, the likeliest best
/// first: by the value it puts on each, a stable sort.
pub fn weigh_action(
    game: &Battle,
    unit: u16,
    listed: Vec<Decision>,
    more: impl IntoIterator<Item = Decision>,
) -> (Decision, Vec<Decision>) {
    let seen = see(game);
    let bot = GreedyBot::new(0);
    let value = |d: Decision| (bot.value(game, &seen, unit, &d), d);
    let mut keyed: Vec<(f64, Decision)> = listed.into_iter().map(value).collect();
    let pick = as_one(
        game,
        &seen,
        unit,
        first_best(keyed.iter().map(|(v, d)| (*v, d))),
    );
    keyed.extend(more.into_iter().map(value));
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
    (pick, keyed.into_iter().map(|(_, d)| d).collect())
}

/// How near the enemy the friends that hold a unit back stand before it
/// charges (`support`): farther off, the charge would meet the enemy
/// alone, and the greedy bot marches with its force instead. The lone
/// charge this stops: Ferellon Fulgen with Elyse, 15" with Wind Step, into
/// the whole Tyverian Dragon Host in the first round.
pub const SUPPORT: f64 = 9.0;

/// Whether a march of `unit` heads for the nearest enemy unit: no treasure
/// to fetch or carry home ("The Quest") and no objective its side does not
/// control ([`Battle::march_goals`]). In "Slay the Foe!", with no
/// objectives, every march does.
fn marches_on_foe(game: &Battle, unit: u16) -> bool {
    let owner = game.units[usize::from(unit)].owner;
    game.quest_goals(unit).is_empty()
        && game
            .control
            .control
            .iter()
            .take(game.objectives.len())
            .all(|c| *c == Some(owner))
}

/// A march toward a place: where it ends, how far it goes, and how much
/// nearer its nearest enemy unit it brings the unit (centre to centre).
#[derive(Clone, Copy, Debug)]
struct Aim {
    goal: Point,
    length: f64,
    closing: f64,
}

impl Aim {
    /// A march of `unit` whose models' centre ends at `to`.
    fn toward(game: &Battle, unit: u16, to: Point) -> Aim {
        let from = game.centre_of(unit);
        let closing = game
            .nearest_enemy_centre(unit)
            .map_or(0.0, |e| e.dist(from) - e.dist(to));
        Aim {
            goal: to,
            length: to.dist(from),
            closing,
        }
    }
}

/// The [`Aim`] of a march of `unit` along `paths`: toward where its models'
/// centre ends.
fn march_aim(game: &Battle, unit: u16, paths: &Paths) -> Aim {
    let ends: Vec<Point> = paths
        .iter()
        .filter_map(|(_, w)| w.last().copied())
        .collect();
    let to = if ends.is_empty() {
        game.centre_of(unit)
    } else {
        centre(&ends)
    };
    Aim::toward(game, unit, to)
}

/// Whether a charge of `unit` would meet the enemy without its force
/// ([`SUPPORT`]): the greedy bot marches with the force instead.
pub fn charge_waits(game: &Battle, snap: &super::units::Snapshot, unit: u16) -> bool {
    support(game, snap, unit).is_some_and(|s| s > SUPPORT)
}

/// How far a march of `unit` whose centre would end at `to` goes when its
/// force advances as one (see [`keep_up`]), along the same line: `None`
/// when the whole march stands, else the shorter length (under 1/2", the
/// greedy bot stays where it is).
pub fn kept_length(
    game: &Battle,
    snap: &super::units::Snapshot,
    unit: u16,
    to: Point,
) -> Option<f64> {
    cut_short(game, snap, unit, Aim::toward(game, unit, to))
}

/// The length `aim` is cut to (see [`kept_length`]).
fn cut_short(game: &Battle, snap: &super::units::Snapshot, unit: u16, aim: Aim) -> Option<f64> {
    let hold = support(game, snap, unit)?;
    let own = nearest_enemy(game, unit);
    if !own.is_finite() || aim.closing <= 0.0 || own - aim.closing >= hold {
        return None;
    }
    Some((own - hold) * aim.length / aim.closing)
}

/// The distance from `unit` to its nearest enemy unit (infinite if none).
fn nearest_enemy(game: &Battle, unit: u16) -> f64 {
    let owner = game.units[usize::from(unit)].owner;
    nearest_among(game, unit, &enemies_of(game, owner))
}

/// The enemy units of `owner`, each with its [`Extent`].
fn enemies_of(game: &Battle, owner: valerna_game::Seat) -> Vec<(u16, Option<Extent>)> {
    game.enemies(owner)
        .map(|e| (e.id, Extent::of(game, e.id)))
        .collect()
}

/// [`nearest_enemy`] among `enemies` (each with its [`Extent`]): an enemy
/// whose bases all lie farther than the nearest so far is not measured.
fn nearest_among(game: &Battle, unit: u16, enemies: &[(u16, Option<Extent>)]) -> f64 {
    let own = Extent::of(game, unit);
    let mut nearest = f64::INFINITY;
    for &(e, ref at) in enemies {
        if let (Some(a), Some(b)) = (&own, at)
            && a.apart(b) > nearest + 1e-6
        {
            continue;
        }
        nearest = nearest.min(game.distance(unit, e));
    }
    nearest
}

/// Where a unit's bases stand: the box of their centres and the largest radius.
struct Extent {
    lo: Point,
    hi: Point,
    radius: f64,
}

impl Extent {
    /// `None` for a unit with no base on the table.
    fn of(game: &Battle, unit: u16) -> Option<Extent> {
        Extent::of_bases(game.placed(unit))
    }

    /// `None` when there is no base.
    fn of_bases(bases: impl Iterator<Item = crate::geometry::Model>) -> Option<Extent> {
        bases.fold(None, |ext: Option<Extent>, m| {
            Some(match ext {
                None => Extent {
                    lo: m.center,
                    hi: m.center,
                    radius: m.radius_in,
                },
                Some(x) => Extent {
                    lo: x.lo.min(m.center),
                    hi: x.hi.max(m.center),
                    radius: x.radius.max(m.radius_in),
                },
            })
        })
    }

    /// No more than the gap between any base of one and any of the other.
    fn apart(&self, other: &Extent) -> f64 {
        let dx = (other.lo.x - self.hi.x)
            .max(self.lo.x - other.hi.x)
            .max(0.0);
        let dy = (other.lo.y - self.hi.y)
            .max(self.lo.y - other.hi.y)
            .max(0.0);
        dx.hypot(dy) - self.radius - other.radius
    }
}

/// How near its nearest enemy the force of `unit` will stand after its
/// next marches: the distance of the second slowest friend to come up,
/// less its allowance. The very slowest is left to follow: waiting for it
/// leaves the whole force under fire for a round or more. Friends already
/// engaged, riding, or unable to move hold no one back. `None`: no friend
/// to wait for.
fn support(game: &Battle, snap: &super::units::Snapshot, unit: u16) -> Option<f64> {
    let owner = game.units[usize::from(unit)].owner;
    // The second largest (the largest when alone), kept as the list's sort
    // would order it, without gathering the list.
    let (mut first, mut second): (Option<f64>, Option<f64>) = (None, None);
    let speeds: Vec<_> = game.passive_speeds().collect();
    let enemies = enemies_of(game, owner);
    let behind = game
        .living(owner)
        .filter(|f| f.id != unit && !game.mounted(f.id) && !f.monster)
        .filter_map(|f| {
            let allowance = game.allowance_among(f.id, false, &speeds);
            (allowance > 0.0 && !game.engaged(snap, f.id))
                .then(|| nearest_among(game, f.id, &enemies) - allowance)
        })
        .filter(|d| d.is_finite());
    for d in behind {
        if first.is_none_or(|f| d.total_cmp(&f).is_gt()) {
            second = first;
            first = Some(d);
        } else if second.is_none_or(|s| d.total_cmp(&s).is_gt()) {
            second = Some(d);
        }
    }
    second.or(first)
}

/// The greedy bot's force advances as one, in every scenario: a fast unit
/// that marches its whole Speed arrives alone and is destroyed before the
/// rest of its force can support it (in "Slay the Foe!", where only
/// defeated units score, Nagasha Magnifex reached the Guild Line alone in
/// the first round and fell with Adrael). A unit marches no nearer its
/// nearest enemy than its force will stand ([`support`]): along `aim`,
/// or straight at that enemy when the march heads for it (`None`), as far
/// as keeps it there, and stays where it is when it is already that close.
/// `None`: the march stands.
fn keep_up(
    game: &Battle,
    snap: &super::units::Snapshot,
    unit: u16,
    aim: Option<Aim>,
) -> Option<Decision> {
    let aim = match aim {
        Some(a) => a,
        None => {
            let allowance = game.allowance(unit, false);
            Aim {
                goal: game.nearest_enemy_centre(unit)?,
                length: allowance,
                closing: allowance,
            }
        }
    };
    let step = cut_short(game, snap, unit, aim)?;
    if step < 0.5 {
        return Some(Decision::March { paths: Vec::new() });
    }
    let paths = game.march_within(unit, aim.goal, step).unwrap_or_default();
    Some(Decision::March { paths })
}

impl GreedyBot {
    /// The legal point nearest its own table edge, then nearest the middle
    /// of that edge, that leaves room for the objectives still to come.
    fn place_objective(&mut self, game: &Battle, seat: u8) -> Decision {
        game.choices(&mut self.buf);
        let (w, h) = game.setup.battlefield.inches();
        let key = |p: &Point| {
            let edge = if seat == 0 { p.y } else { h - p.y };
            edge + 0.1 * (p.x - w / 2.0).abs()
        };
        let points: Vec<Point> = self
            .buf
            .iter()
            .filter_map(|d| match d {
                Decision::PlaceObjective { at } => Some(*at),
                _ => None,
            })
            .collect();
        let want = usize::from(game.edition().objectives(game.setup.battlefield));
        let later = want.saturating_sub(game.objectives.len() + 1);
        let mut placed = game.objectives.clone();
        let mut fits = |p: Point| {
            placed.push(p);
            let fits = objectives_fit(game.edition(), game.setup.battlefield, &placed, later);
            placed.pop();
            fits
        };
        // In the order of a stable sort by the key; the first point nearly
        // always fits, and is found without sorting the others.
        let mut order: Vec<(i64, usize)> = points
            .iter()
            .enumerate()
            .map(|(i, p)| (total_order(key(p)), i))
            .collect();
        let first = order.iter().min().map(|&(_, i)| points[i]);
        let at = match first {
            Some(p) if fits(p) => p,
            _ => {
                order.sort_unstable();
                order
                    .iter()
                    .map(|&(_, i)| points[i])
                    .find(|&p| fits(p))
                    .or(first)
                    .unwrap_or_default()
            }
        };
        Decision::PlaceObjective { at }
    }
}

impl Bot for GreedyBot {
    fn decide(&mut self, game: &Battle) -> Decision {
        match &game.phase {
            Phase::Turn { seat } => {
                let seat = *seat;
                if game.passed[usize::from(seat)] {
                    return Decision::Pass;
                }
                // The least tired unit that is engaged or has something in
                // reach goes first; ties by list order.
                // Units in Reserve come in as soon as they may.
                if game.round >= game.first_entry_round()
                    && let Some(u) = game.reserves(seat).find(|u| {
                        u.state.fatigue < 2 && game.can_activate_reserve(seat, u.id).is_ok()
                    })
                {
                    return Decision::Activate { unit: u.id };
                }
                let mut best: Option<(u8, u8, u16)> = None;
                let snap = game.snapshot();
                for u in game.living(seat) {
                    if u.state.fatigue >= 2 || game.can_activate(seat, u.id).is_err() {
                        continue;
                    }
                    // Units come in id order: one that cannot come first
                    // even if engaged is not measured.
                    if best.is_some_and(|b| (u.state.fatigue, 0, u.id) >= b) {
                        continue;
                    }
                    let busy = u8::from(!game.engaged(&snap, u.id));
                    let key = (u.state.fatigue, busy, u.id);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                    }
                }
                match best {
                    Some((_, _, unit)) => Decision::Activate { unit },
                    None => Decision::Pass,
                }
            }
            Phase::Action { unit } => self.best_action(game, *unit),
            Phase::PlaceObjective { seat } => self.place_objective(game, *seat),
            Phase::TableEdge { .. } => {
                let h = game.field.height;
                // The Quest's treasure tokens too: the nearer, the shorter
                // the walk home.
                let tokens: Vec<Point> = game
                    .objectives
                    .iter()
                    .copied()
                    .chain(game.quest.treasures.iter().filter_map(|t| match t.place {
                        super::quest::Place::Table(p) => Some(p),
                        _ => None,
                    }))
                    .collect();
                let near = tokens.iter().filter(|p| p.y < h / 2.0).count();
                let far = tokens.iter().filter(|p| p.y > h / 2.0).count();
                // The starter's short edges when more tokens lie by one
                // of them (the left one at x = 0 is "near" there).
                if game.edition().any_table_edge() {
                    let w = game.field.width;
                    let left = tokens.iter().filter(|p| p.x < w / 2.0).count();
                    let right = tokens.iter().filter(|p| p.x > w / 2.0).count();
                    if left.max(right) > near.max(far) {
                        return Decision::TableEdge {
                            near: left >= right,
                            short: true,
                        };
                    }
                }
                Decision::TableEdge {
                    near: near >= far,
                    short: false,
                }
            }
            // "The Quest": its own units come in from its own edge, the
            // enemy's from the edge opposite theirs, farthest from home.
            // The winner's own edge is both.
            Phase::EntryEdge { seat, .. } => Decision::EntryEdge {
                edge: game.own_edge(*seat),
            },
            // BoV starter, "Upgrade tokens": a token left at the end is worth
            // nothing, so each goes on the first roll it may.
            // A token spent where it changes nothing is a token wasted.
            Phase::UpgradeToken {
                changes_nothing, ..
            } => Decision::UpgradeToken {
                spend: !changes_nothing,
            },
            Phase::Reserve { .. } => {
                game.choices(&mut self.buf);
                // The first entry the engine offers comes in from the middle
                // of the player's own edge.
                self.buf
                    .iter()
                    .find(|d| matches!(d, Decision::Enter { .. }))
                    .cloned()
                    .unwrap_or(Decision::StayInReserve)
            }
            Phase::Dangerous {
                seat, candidates, ..
            } => {
                let enemy = candidates
                    .iter()
                    .filter(|&&u| game.units[usize::from(u)].owner != *seat)
                    .max_by_key(|&&u| (game.units[usize::from(u)].value, std::cmp::Reverse(u)));
                let friend = candidates
                    .iter()
                    .min_by_key(|&&u| (game.units[usize::from(u)].value, u));
                Decision::DangerousTarget {
                    unit: enemy.or(friend).copied().unwrap_or(0),
                }
            }
            Phase::Opportunity { candidates, .. } => Decision::React {
                unit: candidates.first().copied(),
            },
            // The General strikes beside its creature whenever it can: the
            // same target if it may, else the first.
            Phase::PairAttack {
                target, candidates, ..
            } => Decision::PairAttack {
                target: *target,
                general_target: if candidates.contains(target) {
                    *target
                } else {
                    candidates.first().copied().unwrap_or(*target)
                },
            },
            Phase::Giant { candidates, .. } => Decision::GiantTarget {
                // The costliest enemy unit takes the wounds.
                unit: candidates
                    .iter()
                    .copied()
                    .max_by_key(|&u| (game.units[usize::from(u)].value, std::cmp::Reverse(u)))
                    .unwrap_or(0),
            },
            Phase::Command { candidates, .. } => Decision::Command {
                // A second activation in a row for the freshest unit.
                unit: candidates
                    .iter()
                    .copied()
                    .filter(|&u| game.units[usize::from(u)].state.fatigue < 2)
                    .min_by_key(|&u| (game.units[usize::from(u)].state.fatigue, u)),
            },
            Phase::Redirect { hero, candidates } => Decision::Redirect {
                // Rank and file (or a Mount) take the hits meant for the
                // Hero when each wound costs them fewer points; a bonded
                // Mount also takes hits that would defeat its rider.
                unit: candidates.iter().copied().find(|&u| {
                    let per_wound = |x: u16| {
                        f64::from(game.units[usize::from(x)].value)
                            / f64::from(game.units[usize::from(x)].state.models().max(1))
                            / f64::from(game.profile(x).health.max(1))
                    };
                    per_wound(u) < per_wound(*hero) || shields_rider(game, *hero, u)
                }),
            },
            // A Dragonrider gets on its Mount whenever it may.
            Phase::Mount { candidates, .. } => Decision::Mount {
                mount: candidates.first().copied(),
            },
            // BoV 5.1, "Bidding": a Monster is worth more the more of the
            // enemy's units it can reach this round.
            Phase::Monster {
                seat,
                ask: super::monsters::MonsterAsk::Bid { unit },
            } => {
                let reach = game.allowance(*unit, false) + 6.0;
                let prey = game
                    .enemies(*seat)
                    .filter(|e| e.id != *unit && !e.monster && game.distance(*unit, e.id) <= reach)
                    .count();
                Decision::Bid {
                    points: (prey as u16).min(5),
                }
            }
            Phase::Reaction {
                window, options, ..
            } => {
                let seen = see(game);
                let mut best = (0.05, None);
                for r in options {
                    let v = reaction_value(game, &seen, window, r);
                    if v > best.0 {
                        best = (v, Some(r.clone()));
                    }
                }
                Decision::Reaction { reaction: best.1 }
            }
            _ => {
                game.choices(&mut self.buf);
                if self.buf.is_empty() {
                    return Decision::Pass;
                }
                let _ = self.stream.below(1);
                self.buf.swap_remove(0)
            }
        }
    }
}

/// Hits beyond the rider's Health left that make the greedy bot let the
/// Mount take them: the hits would defeat the rider even with three of
/// them blocked by its defense dice.
pub const SHIELD_MARGIN: u32 = 3;

/// Whether `mount` takes the melee hits meant for its bonded rider `hero`
/// (BoV 5.1, "Dragonriders": "you may choose to have the Mount take all of
/// the melee hits instead") because they would defeat the rider, and with
/// it the pair ("The Dragonbond": "if either of them is defeated, both of
/// them are immediately removed"), while the Mount has the Health to take
/// them.
fn shields_rider(game: &Battle, hero: u16, mount: u16) -> bool {
    let h = &game.units[usize::from(hero)];
    if h.mounted_on != Some(mount) || h.bonded != Some(mount) {
        return false;
    }
    let Some((unit, standard, critical)) = game.pending_hits() else {
        return false;
    };
    if unit != hero {
        return false;
    }
    let hits = standard + critical;
    let left = |u: u16| {
        u32::from(game.profile(u).health)
            .saturating_sub(u32::from(game.units[usize::from(u)].state.wounds))
    };
    hits >= left(hero) + SHIELD_MARGIN && hits < left(mount)
}

/// Plays a battle to its end with one bot per seat, returning the decisions.
/// Stops at the first refused decision (its error) or after `max` decisions.
pub fn play(
    game: &mut Battle,
    bots: &mut [&mut dyn Bot; 2],
    max: usize,
) -> Result<Vec<Decision>, super::BattleError> {
    let mut log = Vec::new();
    valerna_game::play_out(game, &mut log, max, |g| {
        let seat = g.to_decide().map_or(0, |s| s.min(1));
        bots[usize::from(seat)].decide(g)
    })?;
    Ok(log)
}

#[cfg(test)]
mod tests {
    use super::Extent;
    use crate::geometry::{Model, Point, Stature, UnitId};
    use proptest::prelude::*;

    fn bases() -> impl Strategy<Value = Vec<Model>> {
        proptest::collection::vec((0.0f64..48.0, 0.0f64..48.0, 0.4f64..2.0), 1..6).prop_map(|v| {
            v.into_iter()
                .map(|(x, y, r)| Model {
                    unit: UnitId(0),
                    side: 0,
                    center: Point::new(x, y),
                    radius_in: r,
                    stature: Stature::default(),
                })
                .collect()
        })
    }

    proptest! {
        /// Two units' extents are never farther apart than their nearest
        /// bases: an enemy skipped by it could not have been the nearest.
        #[test]
        fn extents_are_no_farther_apart_than_the_nearest_bases(a in bases(), b in bases()) {
            let (ea, eb) = (
                Extent::of_bases(a.iter().copied()).unwrap(),
                Extent::of_bases(b.iter().copied()).unwrap(),
            );
            let nearest = a
                .iter()
                .flat_map(|m| b.iter().map(move |n| m.gap(n)))
                .fold(f64::INFINITY, f64::min);
            prop_assert!(ea.apart(&eb) <= nearest + 1e-9);
            prop_assert!(eb.apart(&ea) <= nearest + 1e-9);
        }
    }
}
