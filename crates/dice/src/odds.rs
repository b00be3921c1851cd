//! Exact odds, by convolution of per-die distributions: no sampling.
//!
//! Every die of a roll is independent, and so is every defense die rolled
//! against a standard hit, so a whole attack is the convolution of what one
//! die deals. Rerolls are folded into the per-die face distribution first.

use serde::{Deserialize, Serialize};

use crate::Pmf;
use crate::bov::{
    AttackFace, Colour, DiceGroup, Reroll, Shift, ShiftedDie, attack_face, defense_blocks,
};

/// More dice than this in one roll is refused: no table rolls that many, and
/// the answer would be noise.
pub const MAX_DICE: u32 = 1_000;

/// Why an odds question cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    #[error("{dice} dice in one roll is more than the {MAX_DICE} accepted")]
    TooManyDice { dice: u64 },
    #[error("a roll needs at least one die")]
    NoDice,
    #[error("Health must be at least 1")]
    ZeroHealth,
}

/// The probability of each attack face, in the order of [`AttackFace::ALL`],
/// after the die's reroll: a rerolled face's mass is spread again over every
/// face, and the reroll's result stands.
pub fn attack_face_probabilities(die: ShiftedDie) -> [f64; 5] {
    let mut base = [0.0; 5];
    for d10 in 1..=10 {
        let f = attack_face(die.colour, d10);
        base[face_index(f)] += 0.1;
    }
    let rerolled: f64 = AttackFace::ALL
        .iter()
        .zip(base)
        .filter(|(f, _)| die.rerolls_attack(**f))
        .map(|(_, p)| p)
        .sum();
    let mut out = [0.0; 5];
    for (i, f) in AttackFace::ALL.iter().enumerate() {
        let kept = if die.rerolls_attack(*f) { 0.0 } else { base[i] };
        out[i] = kept + rerolled * base[i];
    }
    out
}

fn face_index(f: AttackFace) -> usize {
    AttackFace::ALL.iter().position(|&g| g == f).unwrap()
}

/// The probability that one defense die blocks, after its reroll.
pub fn block_probability(die: ShiftedDie) -> f64 {
    let b = (1..=6).filter(|&d| defense_blocks(die.colour, d)).count() as f64 / 6.0;
    match die.reroll {
        Reroll::Nothing => b,
        // A fail is rerolled: block at once, or fail then block.
        Reroll::Failures => b + (1.0 - b) * b,
        // A block is rerolled: it must block twice.
        Reroll::Successes => b * b,
    }
}

/// An attack: the dice each model rolls, how many models roll them, and the
/// net modifier of the roll (BoV 5.1, "Count Attacking Models and Collect Dice").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceAttack))]
pub struct Attack {
    pub per_model: Vec<DiceGroup>,
    pub models: u32,
    pub shift: Shift,
}

impl Attack {
    /// The dice rolled in all, checked against [`MAX_DICE`].
    pub fn dice(&self) -> Result<u32, OddsError> {
        let per_model: u64 = self.per_model.iter().map(|g| u64::from(g.count)).sum();
        let dice = per_model * u64::from(self.models);
        match dice {
            0 => Err(OddsError::NoDice),
            d if d > u64::from(MAX_DICE) => Err(OddsError::TooManyDice { dice: d }),
            d => Ok(d as u32),
        }
    }
}

/// The defense against it: the target's defense die and the net modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceDefense))]
pub struct Defense {
    pub colour: Colour,
    pub shift: Shift,
}

/// Everything an attack can deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceAttackOdds))]
pub struct AttackOdds {
    /// Wounds: criticals plus unblocked standard hits (BoV 5.1, "Apply Wounds").
    pub wounds: Pmf,
    /// Hits of any kind, doubles as two.
    pub hits: Pmf,
    pub standard_hits: Pmf,
    pub critical_hits: Pmf,
}

/// What one die contributes, as four distributions over 0..=2.
struct PerDie {
    wounds: Pmf,
    hits: Pmf,
    standard: Pmf,
    critical: Pmf,
}

fn per_die(colour: Colour, attack: Shift, block: f64) -> PerDie {
    let faces = attack_face_probabilities(ShiftedDie::new(colour, attack));
    let through = 1.0 - block;
    let mut wounds = [0.0; 3];
    let mut hits = [0.0; 3];
    let mut standard = [0.0; 3];
    let mut critical = [0.0; 3];
    for (f, p) in AttackFace::ALL.iter().zip(faces) {
        let (s, c) = (f.standard() as usize, f.critical() as usize);
        standard[s] += p;
        critical[c] += p;
        hits[s + c] += p;
        // Each standard hit gets its own defense die: Binomial(s, through).
        match s {
            0 => wounds[c] += p,
            1 => {
                wounds[c] += p * block;
                wounds[c + 1] += p * through;
            }
            _ => {
                wounds[c] += p * block * block;
                wounds[c + 1] += p * 2.0 * block * through;
                wounds[c + 2] += p * through * through;
            }
        }
    }
    let pmf = |a: [f64; 3]| Pmf::from_vec(a.to_vec());
    PerDie {
        wounds: pmf(wounds),
        hits: pmf(hits),
        standard: pmf(standard),
        critical: pmf(critical),
    }
}

/// The exact odds of `attack` against `defense`.
pub fn attack(attack: &Attack, defense: Defense) -> Result<AttackOdds, OddsError> {
    attack.dice()?;
    let block = block_probability(ShiftedDie::new(defense.colour, defense.shift));
    let mut odds = AttackOdds {
        wounds: Pmf::point(0),
        hits: Pmf::point(0),
        standard_hits: Pmf::point(0),
        critical_hits: Pmf::point(0),
    };
    for group in &attack.per_model {
        let n = group.count * attack.models;
        let d = per_die(group.colour, attack.shift, block);
        odds.wounds = odds.wounds.convolve(&d.wounds.power(n));
        odds.hits = odds.hits.convolve(&d.hits.power(n));
        odds.standard_hits = odds.standard_hits.convolve(&d.standard.power(n));
        odds.critical_hits = odds.critical_hits.convolve(&d.critical.power(n));
    }
    Ok(odds)
}

/// The wounds of [`attack`] alone, worked out as it works them out (the same
/// convolutions in the same order, so the same bits): a bot weighing many
/// attacks needs only their wounds, a quarter of the work.
pub fn attack_wounds(attack: &Attack, defense: Defense) -> Result<Pmf, OddsError> {
    attack_one(attack, defense, |d| d.wounds)
}

/// The hits of [`attack`] alone, as [`attack_wounds`] is its wounds.
pub fn attack_hits(attack: &Attack, defense: Defense) -> Result<Pmf, OddsError> {
    attack_one(attack, defense, |d| d.hits)
}

fn attack_one(
    attack: &Attack,
    defense: Defense,
    pick: fn(PerDie) -> Pmf,
) -> Result<Pmf, OddsError> {
    attack.dice()?;
    let block = block_probability(ShiftedDie::new(defense.colour, defense.shift));
    let mut out = Pmf::point(0);
    for group in &attack.per_model {
        let n = group.count * attack.models;
        let d = pick(per_die(group.colour, attack.shift, block));
        out = out.convolve(&d.power(n));
    }
    Ok(out)
}

/// The target unit of a models-lost question (BoV 5.1, "Apply Wounds").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceTarget))]
pub struct Target {
    /// Wounds per model.
    pub health: u32,
    /// Models in the unit; `None` for as many as the wounds can reach.
    pub models: Option<u32>,
    /// Wound counters already on the unit.
    pub wounds: u32,
}

/// The distribution of models lost when `wounds` are applied to `target`:
/// a model falls each time the unit's wound counters reach its Health, until
/// none is left.
pub fn models_lost(wounds: &Pmf, target: Target) -> Result<Pmf, OddsError> {
    if target.health == 0 {
        return Err(OddsError::ZeroHealth);
    }
    let h = target.health as usize;
    let already = target.wounds as usize;
    let cap = target.models.map_or(usize::MAX, |m| m as usize);
    Ok(wounds.map(|w| ((already + w) / h).min(cap)))
}

/// The extra inches of a charge: hits on 3 black attack dice, every symbol
/// counted and doubles as two (BoV 5.1, "Charge Move"; docs/rulings.md, "The attack die").
pub fn charge_bonus() -> Pmf {
    per_die(Colour::Black, Shift::None, 0.0).hits.power(3)
}

/// The probability that one model passes a Morale test on a defense die of
/// `colour` after the net `shift` (BoV 5.1, "Morale").
pub fn morale_pass(colour: Colour, shift: Shift) -> f64 {
    block_probability(ShiftedDie::new(colour, shift))
}

/// How many of `models` testing models flee.
pub fn morale_fleeing(colour: Colour, shift: Shift, models: u32) -> Pmf {
    let pass = morale_pass(colour, shift);
    Pmf::from_vec(vec![pass, 1.0 - pass]).power(models)
}

/// The odds of a Lords of Vaala combat roll (LoV, "Combat").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceLovOdds))]
pub struct LovOdds {
    /// Wounds dealt at once by criticals.
    pub immediate_wounds: Pmf,
    pub standard_hits: Pmf,
    /// Hits of every kind.
    pub hits: Pmf,
}

/// The exact odds of rolling `combat_value` Lords of Vaala combat dice.
pub fn lov_combat(combat_value: u32) -> Result<LovOdds, OddsError> {
    match combat_value {
        0 => return Err(OddsError::NoDice),
        n if n > MAX_DICE => return Err(OddsError::TooManyDice { dice: n.into() }),
        _ => {}
    }
    // The LoV die has the black attack die's faces (docs/rulings.md, "The Lords of Vaala combat die").
    let d = per_die(Colour::Black, Shift::None, 0.0);
    Ok(LovOdds {
        immediate_wounds: d.critical.power(combat_value),
        standard_hits: d.standard.power(combat_value),
        hits: d.hits.power(combat_value),
    })
}

/// A probability as shown: rounding in sums can leave -1e-17 or 1 + 1e-16.
pub fn clamp_probability(p: f64) -> f64 {
    if p > 0.0 { p.min(1.0) } else { 0.0 }
}

/// One distribution as `valerna calc --json` and the server's odds show it:
/// mean, standard deviation, P(= k) and P(>= k) for every k from 0.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceSummary))]
pub struct Summary {
    pub mean: f64,
    pub sd: f64,
    pub pmf: Vec<f64>,
    pub at_least: Vec<f64>,
}

impl Summary {
    pub fn of(p: &Pmf) -> Self {
        Summary {
            mean: p.mean(),
            sd: p.std_dev(),
            pmf: p.probabilities().to_vec(),
            at_least: (0..=p.max())
                .map(|k| clamp_probability(p.at_least(k)))
                .collect(),
        }
    }
}

/// A whole charge distance: `speed` plus [`charge_bonus`].
pub fn charge_distance(speed: u32) -> Pmf {
    let speed = speed as usize;
    charge_bonus().map(|k| k + speed)
}

/// The probability that a charge of `distance` inches reaches a target
/// `inches` away: Speed plus the roll must cover it.
pub fn charge_reach(distance: &Pmf, inches: f64) -> f64 {
    clamp_probability(distance.at_least(inches.ceil() as usize))
}

/// A dice count of one roll: 1 to [`MAX_DICE`].
pub fn parse_count(s: &str) -> Result<u32, String> {
    match s.trim().parse::<i64>() {
        Ok(n) if (1..=i64::from(MAX_DICE)).contains(&n) => Ok(n as u32),
        Ok(n) => Err(format!("{n} is out of range (accepted: 1 to {MAX_DICE})")),
        Err(_) => Err(format!(
            "'{s}' is not a whole number (accepted: 1 to {MAX_DICE})"
        )),
    }
}

/// Attack dice per model: "3xblack", "black" (one die), "2xblack,1xgray",
/// or joined by `+` as the content files write them: "2xblack+1xgray".
pub fn parse_pool(s: &str) -> Result<Vec<DiceGroup>, String> {
    let mut groups = Vec::new();
    for part in s.split([',', '+']) {
        let part = part.trim();
        let (count, colour) = match part.split_once(['x', 'X', '*']) {
            Some((n, c)) => (n.trim(), c),
            None => ("1", part),
        };
        let count = parse_count(count)
            .map_err(|e| format!("'{part}': dice count {e}; write COUNTxCOLOUR such as 3xblack"))?;
        let colour: Colour = colour
            .parse()
            .map_err(|e: crate::bov::UnknownColour| format!("'{part}': {e}"))?;
        groups.push(DiceGroup { count, colour });
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn black(n: u32) -> Vec<DiceGroup> {
        vec![DiceGroup {
            count: n,
            colour: Colour::Black,
        }]
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    /// The calculator's headline: 3 black dice against gray defense deal
    /// 0.3 criticals and 0.5 standard hits a die, half of them blocked:
    /// 3 × (0.3 + 0.25) = 1.65.
    #[test]
    fn three_black_against_gray_mean_is_1_65() {
        let a = Attack {
            per_model: black(3),
            models: 1,
            shift: Shift::None,
        };
        let d = Defense {
            colour: Colour::Gray,
            shift: Shift::None,
        };
        let o = attack(&a, d).unwrap();
        assert!(close(o.wounds.mean(), 1.65), "{}", o.wounds.mean());
        assert!(close(o.critical_hits.mean(), 0.9));
        assert!(close(o.standard_hits.mean(), 1.5));
    }

    #[test]
    fn one_black_die_against_gray_by_hand() {
        // Faces: miss .4, hit .3, double hit .1, crit .1, double crit .1.
        // Gray blocks half. Wounds 0: .4 + .3*.5 + .1*.25 = .575;
        // 1: .3*.5 + .1*.5 + .1 = .3; 2: .1*.25 + .1 = .125.
        let a = Attack {
            per_model: black(1),
            models: 1,
            shift: Shift::None,
        };
        let o = attack(
            &a,
            Defense {
                colour: Colour::Gray,
                shift: Shift::None,
            },
        )
        .unwrap();
        let w = o.wounds.probabilities();
        assert!(
            close(w[0], 0.575) && close(w[1], 0.3) && close(w[2], 0.125),
            "{w:?}"
        );
    }

    // docs/rulings.md, "Upgrades and downgrades": upgraded black rerolls misses: P(miss) = 0.4².
    #[test]
    fn upgraded_black_miss_probability() {
        let p = attack_face_probabilities(ShiftedDie::new(Colour::Black, Shift::Upgrade));
        assert!(close(p[0], 0.16));
        assert!(close(p[1], 0.3 * 1.4));
        assert!(close(p.iter().sum::<f64>(), 1.0));
    }

    // docs/rulings.md, "Upgrades and downgrades": downgraded white rerolls every hit: P(hit face) = p·P(miss).
    #[test]
    fn downgraded_white_hit_probability() {
        let p = attack_face_probabilities(ShiftedDie::new(Colour::White, Shift::Downgrade));
        // White: miss .6, hit .3, double hit .1.
        assert!(close(p[0], 0.6 + 0.4 * 0.6));
        assert!(close(p[1], 0.3 * 0.4));
        assert!(close(p[2], 0.1 * 0.4));
        assert!(close(p[3], 0.0) && close(p[4], 0.0));
    }

    #[test]
    fn block_probabilities_with_rerolls() {
        let b = |c, s| block_probability(ShiftedDie::new(c, s));
        assert!(close(b(Colour::Black, Shift::None), 4.0 / 6.0));
        assert!(close(b(Colour::Gray, Shift::None), 0.5));
        assert!(close(b(Colour::White, Shift::None), 1.0 / 3.0));
        assert!(close(
            b(Colour::Black, Shift::Upgrade),
            4.0 / 6.0 + 2.0 / 6.0 * 4.0 / 6.0
        ));
        assert!(close(b(Colour::Gray, Shift::Upgrade), 4.0 / 6.0));
        assert!(close(b(Colour::White, Shift::Downgrade), 1.0 / 9.0));
        assert!(close(b(Colour::Black, Shift::Downgrade), 0.5));
    }

    // BoV 5.1, "Apply Wounds": the Ogerron Phalanx (Health 5) with 2 wound
    // counters takes 4 more: one model falls and 1 counter is left.
    #[test]
    fn ogerron_phalanx_loses_one_model_to_four_more_wounds() {
        let lost = models_lost(
            &Pmf::point(4),
            Target {
                health: 5,
                models: Some(3),
                wounds: 2,
            },
        )
        .unwrap();
        assert_eq!(lost, Pmf::point(1));
    }

    #[test]
    fn models_lost_stops_at_the_unit_size() {
        let lost = models_lost(
            &Pmf::point(40),
            Target {
                health: 1,
                models: Some(5),
                wounds: 0,
            },
        )
        .unwrap();
        assert_eq!(lost, Pmf::point(5));
        assert!(
            models_lost(
                &Pmf::point(1),
                Target {
                    health: 0,
                    models: None,
                    wounds: 0
                }
            )
            .is_err()
        );
    }

    // BoV 5.1, "Charge Move": 3 black dice, each hit adds 1". A black die
    // shows 0 symbols on 4 faces, 1 on 4 (three hits and a critical), 2 on 2.
    #[test]
    fn charge_bonus_distribution() {
        let c = charge_bonus();
        assert_eq!(c.max(), 6);
        assert!(close(c.p(0), 0.4f64.powi(3)));
        assert!(close(c.p(6), 0.2f64.powi(3)));
        assert!(close(c.mean(), 3.0 * (0.4 + 0.4)));
        // Enumerating the 3 dice by hand: (0.4 + 0.4x + 0.2x²)³ in 125ths.
        let expect = [8.0, 24.0, 36.0, 32.0, 18.0, 6.0, 1.0].map(|n| n / 125.0);
        assert!(c.max_abs_diff(&Pmf::from_vec(expect.to_vec())) < 1e-15);
        // The Dreamfencers' example: Speed 8, target just over 10": 3 hits
        // or more reach, 57 times in 125.
        assert!(close(c.at_least(3), 57.0 / 125.0));
    }

    // BoV 5.1, "Morale": gray die, block passes.
    #[test]
    fn morale_pass_probabilities() {
        assert!(close(morale_pass(Colour::Gray, Shift::None), 0.5));
        assert!(close(morale_pass(Colour::Gray, Shift::Upgrade), 4.0 / 6.0));
        assert!(close(morale_pass(Colour::Black, Shift::None), 4.0 / 6.0));
        assert!(close(
            morale_pass(Colour::White, Shift::Downgrade),
            1.0 / 9.0
        ));
        let f = morale_fleeing(Colour::Gray, Shift::None, 4);
        assert!(close(f.p(0), 1.0 / 16.0));
        assert!(close(f.mean(), 2.0));
    }

    // LoV p.12, the worked example rolls Combat Value 5 and gets two standard
    // hits and a critical: a result this distribution must allow.
    #[test]
    fn lov_combat_value_five() {
        let o = lov_combat(5).unwrap();
        assert!(o.immediate_wounds.p(1) > 0.0 && o.standard_hits.p(2) > 0.0);
        assert!(close(o.immediate_wounds.mean(), 5.0 * 0.3));
        assert!(close(o.standard_hits.mean(), 5.0 * 0.5));
        assert!(close(o.hits.mean(), 5.0 * 0.8));
        assert_eq!(o.hits.max(), 10);
        assert!(close(o.hits.p(0), 0.4f64.powi(5)));
    }

    #[test]
    fn too_many_or_no_dice_are_refused() {
        let a = Attack {
            per_model: black(100),
            models: 100,
            shift: Shift::None,
        };
        assert_eq!(a.dice(), Err(OddsError::TooManyDice { dice: 10_000 }));
        let a = Attack {
            per_model: black(0),
            models: 3,
            shift: Shift::None,
        };
        assert_eq!(a.dice(), Err(OddsError::NoDice));
        assert!(lov_combat(0).is_err());
        assert!(lov_combat(10_000).is_err());
    }
}
