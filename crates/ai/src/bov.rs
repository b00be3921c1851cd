//! Battles of Valerna: what a seat knows, the sampler that deals the other
//! hand back, the candidate decisions the search weighs, a greedy playout
//! and a judgement of a battle cut short.
//!
//! The moves of Battles of Valerna are continuous; the search weighs a
//! finite list of candidates instead: the decision the greedy bot would
//! take first, then the engine's own listed choices and the planner's
//! marches (toward each objective not held, toward the nearest enemy, into
//! charge range), ordered as the greedy bot values them, so that
//! progressive widening weighs the likeliest best first. Where there is
//! nothing to weigh (deployment, objectives, casualties, markers), the one
//! candidate is the greedy bot's, so the search spends its time on the
//! turns.

use valerna_bov::battle::bots::{self, Bot as _, GreedyBot};
use valerna_bov::battle::knowledge::Knowledge;
use valerna_bov::battle::units::Snapshot;
use valerna_bov::battle::{Battle, Decision, Phase};
use valerna_bov::geometry::Sightlines;
use valerna_bov::rules::scenario::{POINTS_PER_OBJECTIVE, ROUNDS, victory_margin};
use valerna_bov::rules::units::WeaponKind;
use valerna_dice::Stream;
use valerna_dice::odds;
use valerna_game::{Game, Seat};

use crate::{Bot, Observable, Sampler, mix};

/// What a seat knows of a battle, and the decisions it weighs now.
#[derive(Clone, Debug)]
pub struct BovKnowledge {
    knowledge: Knowledge,
    options: Vec<Decision>,
}

impl BovKnowledge {
    /// What the engine tells the seat (see `valerna_bov::battle::knowledge`).
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The battle as the seat sees it (the other hand empty).
    pub fn base(&self) -> &Battle {
        self.knowledge.base()
    }
}

impl Observable for Battle {
    type Knowledge = BovKnowledge;

    fn knowledge(&self, seat: Seat) -> BovKnowledge {
        let knowledge = Battle::knowledge(self, seat);
        let mut options = Vec::new();
        // Worked out from what the seat knows, never from the battle itself.
        if self.to_decide() == Some(seat) {
            candidates(knowledge.base(), &mut options);
        }
        BovKnowledge { knowledge, options }
    }

    fn knower(k: &BovKnowledge) -> Seat {
        k.knowledge.seat()
    }

    fn options(k: &BovKnowledge) -> &[Decision] {
        &k.options
    }

    /// A win is 1, a loss 0 and a draw (neither side ahead by the victory
    /// margin, BoV 5.1, "Winning the Game") half a win each.
    fn payoffs(&self, out: &mut [f64]) {
        out.fill(0.0);
        if let Some(o) = self.outcome() {
            if o.winners.is_empty() {
                out.fill(0.5);
            }
            for w in o.winners {
                if let Some(p) = out.get_mut(usize::from(w)) {
                    *p = 1.0;
                }
            }
        }
    }
}

/// Whether the pending decision is one the search weighs (a turn, an
/// action, a reaction and the like) rather than leaves to the greedy bot.
fn weighed(phase: &Phase) -> bool {
    matches!(
        phase,
        Phase::Turn { .. }
            | Phase::Action { .. }
            | Phase::Reaction { .. }
            | Phase::Opportunity { .. }
            | Phase::Command { .. }
            | Phase::Redirect { .. }
            | Phase::Mount { .. }
            | Phase::Giant { .. }
            | Phase::Dangerous { .. }
    )
}

/// The candidate decisions at `g` (into `out`, cleared first), the greedy
/// bot's first, the rest in its order; see the module documentation.
pub fn candidates(g: &Battle, out: &mut Vec<Decision>) {
    out.clear();
    if g.to_decide().is_none() {
        return;
    }
    let (pick, rest) = match g.phase {
        // The unit's choices are listed and valued once, for the greedy
        // bot's pick and for their order.
        Phase::Action { unit } => {
            let mut listed = Vec::new();
            g.choices(&mut listed);
            bots::weigh_action(g, unit, listed, marches(g, unit))
        }
        _ if weighed(&g.phase) => {
            let mut listed = Vec::new();
            g.choices(&mut listed);
            // At a turn, Pass last: the greedy bot takes it only when
            // nothing is left.
            if matches!(g.phase, Phase::Turn { .. }) {
                listed.sort_by_key(|d| matches!(d, Decision::Pass));
            }
            (GreedyBot::new(0).decide(g), listed)
        }
        _ => (GreedyBot::new(0).decide(g), Vec::new()),
    };
    out.push(pick);
    for d in rest {
        // A Skirmish without a move is a weaker shot; the greedy bot never
        // takes one either.
        let still_shot = matches!(&d, Decision::Skirmish { paths, .. } if paths.is_empty());
        if !still_shot && !out.contains(&d) {
            out.push(d);
        }
    }
}

/// The planner's marches of `unit` toward each objective its side does
/// not hold (the engine lists the nearest one only).
fn marches(g: &Battle, unit: u16) -> Vec<Decision> {
    let owner = g.units[usize::from(unit)].owner;
    g.objectives
        .iter()
        .enumerate()
        .filter(|&(i, _)| g.control.control.get(i).copied().flatten() != Some(owner))
        .filter_map(|(_, at)| g.march_toward(unit, *at, false))
        .map(|paths| Decision::March { paths })
        .collect()
}

/// Deals the other seat's Vaala cards back at random, among the cards it
/// may hold (see `valerna_bov::battle::knowledge`), and plays out with the
/// greedy bot.
#[derive(Clone, Debug, Default)]
pub struct BovSampler;

impl BovSampler {
    pub fn new() -> Self {
        BovSampler
    }
}

/// Hands drawn before the sampler gives up on one determinisation (a hand
/// must answer a reaction window the other seat is pausing on).
const HAND_DRAWS: u32 = 16;

impl Sampler<Battle> for BovSampler {
    fn sample(&self, k: &BovKnowledge, seed: u64) -> Option<Battle> {
        let k = &k.knowledge;
        let mut st = Stream::new(seed);
        let mut pool = k.other_pool();
        for _ in 0..HAND_DRAWS {
            st.shuffle(&mut pool);
            let hand = pool.iter().take(k.other_cards()).cloned().collect();
            if let Ok(b) = k.build(hand, mix(seed, 1)) {
                return Some(b);
            }
        }
        None
    }

    /// A battle cut short, judged by the points it would end with: the
    /// score so far, half the points of each side's units still standing
    /// (what it may yet lose or score with), and the objectives it holds
    /// scored again for each round to come at half weight; seat 0's share
    /// is a logistic of the difference, on the scale of the victory margin
    /// (the edition's).
    fn evaluate(&self, g: &Battle, out: &mut [f64]) {
        let mut d = f64::from(g.score.points[0] - g.score.points[1]);
        for u in g.units.iter().filter(|u| u.alive() && u.owner < 2) {
            let models = f64::from(g.card(u.id).models.max(1));
            let left = f64::from(u.state.models()) / models;
            let sign = if u.owner == 0 { 1.0 } else { -1.0 };
            d += 0.5 * sign * f64::from(u.value) * left;
        }
        let rounds_left = f64::from(ROUNDS.saturating_sub(g.round));
        for c in g.control.control.iter().flatten() {
            let sign = if *c == 0 { 1.0 } else { -1.0 };
            d += 0.5 * sign * f64::from(POINTS_PER_OBJECTIVE) * rounds_left;
        }
        // The lead that wins, at least 10% of the game size (the Quest's
        // any lead weighed as the other modes'): the starter's Seize the
        // Land is won by 30 points (BoV starter, "Seize the Land" >
        // "Scoring").
        let margin = victory_margin(g.game_size)
            .max(g.edition().victory_margin(g.setup.scenario, g.game_size));
        let scale = f64::from(margin.max(1));
        let p0 = 1.0 / (1.0 + (-d / scale).exp());
        if let [a, b, ..] = out {
            *a = p0;
            *b = 1.0 - p0;
        }
    }

    fn candidates(&self, g: &Battle, out: &mut Vec<Decision>) {
        candidates(g, out);
    }

    /// [`quick`]: the greedy bot's judgement without its path planning.
    fn playout(&self, g: &Battle, rng: &mut Stream, _buf: &mut Vec<Decision>) -> Option<Decision> {
        g.to_decide()?;
        Some(quick(g, rng))
    }
}

/// The playout policy: the greedy bot, but for a unit's action a cheaper
/// judgement of the same kind. The greedy bot weighs every choice the
/// engine lists, and listing a march plans paths around terrain (A* over a
/// 1/4" grid), most of a greedy battle's time. Here the unit attacks,
/// charges or activates the power the greedy bot values most when that is
/// worth anything, unless that is a charge that waits for its force
/// ([`bots::charge_waits`]); otherwise it marches straight toward the
/// engine's first march goal (the nearest objective not held, else the
/// nearest enemy), as far as its force advances as one and a straight
/// formation move is legal, or stays.
pub fn quick(g: &Battle, rng: &mut Stream) -> Decision {
    match g.phase {
        // A starter pair's two attacks are the greedy bot's to weigh.
        Phase::Action { unit } if !g.mounted(unit) && g.attached_general(unit).is_none() => {
            quick_action(g, unit)
        }
        _ => GreedyBot::new(u64::from(rng.next_u32())).decide(g),
    }
}

fn quick_action(g: &Battle, unit: u16) -> Decision {
    let snap = g.snapshot();
    let sight = Sightlines::new(&g.field, &snap.models);
    let seen = (snap, sight);
    let owner = g.units[usize::from(unit)].owner;
    let engaged = g.engaged_with(&seen.0, unit);
    let mut best: (f64, Option<Decision>) = (0.05, None);
    let mut weigh = |v: f64, d: Decision| {
        if v > best.0 && g.validate(&d).is_ok() {
            best = (v, Some(d));
        }
    };
    if engaged.is_empty() {
        let models = g.units[usize::from(unit)].state.models();
        for e in g.living(1 - owner.min(1)) {
            let t = e.id;
            let n = g.ranged_models(&seen.0, &seen.1, unit, t);
            if n > 0 {
                let v = bots::expected_points(g, unit, t, WeaponKind::Ranged, n, false);
                weigh(v, Decision::Attack { target: t });
            }
            let need = g.distance(unit, t) - g.allowance(unit, false);
            if need < 12.0 {
                let p = if need <= 0.0 {
                    1.0
                } else {
                    odds::charge_bonus().at_least(need.ceil() as usize)
                };
                let v =
                    1.1 * p * bots::expected_points(g, unit, t, WeaponKind::Melee, models, true);
                weigh(v, Decision::Charge { target: t });
            }
        }
    } else {
        for &t in &engaged {
            let n = g.melee_models(&seen.0, unit, t);
            let v = bots::expected_points(g, unit, t, WeaponKind::Melee, n, false);
            weigh(v, Decision::Attack { target: t });
        }
    }
    for (power, target) in g.power_choices_seen(unit, Some((&seen.0, &seen.1))) {
        let v = bots::power_value(g, &seen, unit, power, target);
        weigh(v, Decision::ActivatePower { power, target });
    }
    // The greedy bot's best, unless it is a charge that waits for its
    // force: then it marches with the force instead.
    match best.1 {
        Some(Decision::Charge { .. }) if bots::charge_waits(g, &seen.0, unit) => {}
        Some(d) => return d,
        None => {}
    }
    if !engaged.is_empty() {
        // Engaged, with no attack worth making: the greedy bot knows the
        // rest (a Flanked unit's declaration).
        return GreedyBot::new(0).decide(g);
    }
    straight_march(g, &seen.0, unit).unwrap_or(Decision::March { paths: Vec::new() })
}

/// A march of every model of `unit` by the same step toward the engine's
/// first march goal, cut short as the greedy bot's force advances as one
/// ([`bots::kept_length`]): that length, else three quarters, a half or a
/// quarter of it, the first the engine accepts.
fn straight_march(g: &Battle, snap: &Snapshot, unit: u16) -> Option<Decision> {
    let goal = *g.march_goals(unit).first()?;
    let u = &g.units[usize::from(unit)];
    let c = g.centre_of(unit);
    let d = goal.minus(c);
    let len = d.len();
    if len < 0.5 {
        return None;
    }
    let whole = g.allowance(unit, false).min(len);
    let kept = bots::kept_length(g, snap, unit, c.plus(d.scale(whole / len)));
    let length = kept.map_or(whole, |k| k.min(whole));
    if length < 0.5 {
        return None;
    }
    let step = d.scale(length / len);
    [1.0, 0.75, 0.5, 0.25].into_iter().find_map(|f| {
        let paths = u
            .alive_models()
            .map(|m| (m, vec![u.positions[usize::from(m)].plus(step.scale(f))]))
            .collect();
        let dec = Decision::March { paths };
        g.validate(&dec).is_ok().then_some(dec)
    })
}

/// The greedy bot of `valerna_bov`, deciding from what its seat knows.
#[derive(Clone, Debug)]
pub struct Greedy(GreedyBot);

impl Greedy {
    pub fn new(seed: u64) -> Self {
        Greedy(GreedyBot::new(seed))
    }
}

impl Bot<Battle> for Greedy {
    fn decide(&mut self, k: &BovKnowledge) -> Decision {
        self.0.decide(k.base())
    }
}

/// The random bot of `valerna_bov` (uniform over the engine's listed
/// choices), deciding from what its seat knows.
#[derive(Clone, Debug)]
pub struct Random(bots::RandomBot);

impl Random {
    pub fn new(seed: u64) -> Self {
        Random(bots::RandomBot::new(seed))
    }
}

impl Bot<Battle> for Random {
    fn decide(&mut self, k: &BovKnowledge) -> Decision {
        self.0.decide(k.base())
    }
}

/// Plays a battle to its end (or `max` decisions) with one bot a seat, each
/// given only its seat's knowledge; the number of decisions taken.
pub fn play(g: &mut Battle, bots: &mut [Box<dyn Bot<Battle>>; 2], max: usize) -> usize {
    let mut n = 0;
    while let Some(seat) = g.to_decide() {
        if n >= max {
            break;
        }
        let k = Observable::knowledge(g, seat);
        let d = bots[usize::from(seat.min(1))].decide(&k);
        if g.apply(d).is_err() {
            break;
        }
        n += 1;
    }
    n
}
