//! Battles of Valerna dice: the attack d10 and defense d6 in three colours
//! (BoV 5.1, "Dice"; docs/rulings.md, "The attack die", "The defense die",
//! "Upgrades and downgrades").

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::stream::Stream;

/// A die's colour, strongest first. Attack and defense dice come in the same
/// three (BoV 5.1, "Dice").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceColour))]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Black,
    Gray,
    White,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::Black, Colour::Gray, Colour::White];

    /// One step stronger, or `None` for black (which rerolls instead).
    pub fn stronger(self) -> Option<Colour> {
        match self {
            Colour::Black => None,
            Colour::Gray => Some(Colour::Black),
            Colour::White => Some(Colour::Gray),
        }
    }

    /// One step weaker, or `None` for white (which rerolls instead).
    pub fn weaker(self) -> Option<Colour> {
        match self {
            Colour::Black => Some(Colour::Gray),
            Colour::Gray => Some(Colour::White),
            Colour::White => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::Gray => "gray",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a colour name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown die colour '{0}' (accepted: black, gray, white)")]
pub struct UnknownColour(pub String);

impl FromStr for Colour {
    type Err = UnknownColour;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Colour::Black),
            "gray" | "grey" | "g" => Ok(Colour::Gray),
            "white" | "w" => Ok(Colour::White),
            _ => Err(UnknownColour(s.to_string())),
        }
    }
}

/// One face of an attack die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceAttackFace))]
pub enum AttackFace {
    Miss,
    Hit,
    DoubleHit,
    Critical,
    DoubleCritical,
}

impl AttackFace {
    pub const ALL: [AttackFace; 5] = [
        AttackFace::Miss,
        AttackFace::Hit,
        AttackFace::DoubleHit,
        AttackFace::Critical,
        AttackFace::DoubleCritical,
    ];

    /// Standard hits on this face (a double hit is two).
    pub fn standard(self) -> u32 {
        match self {
            AttackFace::Hit => 1,
            AttackFace::DoubleHit => 2,
            _ => 0,
        }
    }

    /// Critical hits on this face (a double critical is two).
    pub fn critical(self) -> u32 {
        match self {
            AttackFace::Critical => 1,
            AttackFace::DoubleCritical => 2,
            _ => 0,
        }
    }

    /// Every hit symbol, standard and critical: what a face-off and a charge
    /// roll count (docs/rulings.md, "The attack die").
    pub fn symbols(self) -> u32 {
        self.standard() + self.critical()
    }

    pub fn is_miss(self) -> bool {
        self == AttackFace::Miss
    }
}

/// The face an attack die of `colour` shows for the d10 result `d10`
/// (1-10, 10 being the face printed "0"): the "Using normal dice" table as
/// docs/rulings.md, "The attack die" reads it. Each colour is the next stronger one shifted one face.
pub fn attack_face(colour: Colour, d10: u8) -> AttackFace {
    let shift = match colour {
        Colour::Black => 0,
        Colour::Gray => 1,
        Colour::White => 2,
    };
    // Black's faces from 1 to 10; weaker dice read them `shift` faces lower.
    const BLACK: [AttackFace; 10] = [
        AttackFace::Miss,
        AttackFace::Miss,
        AttackFace::Miss,
        AttackFace::Miss,
        AttackFace::Hit,
        AttackFace::Hit,
        AttackFace::Hit,
        AttackFace::DoubleHit,
        AttackFace::Critical,
        AttackFace::DoubleCritical,
    ];
    assert!((1..=10).contains(&d10), "d10 result {d10} out of 1..=10");
    let i = d10 as usize - 1;
    if i < shift {
        AttackFace::Miss
    } else {
        BLACK[i - shift]
    }
}

/// Whether a defense die of `colour` blocks on the d6 result `d6`
/// (docs/rulings.md, "The defense die": black blocks on 3-6, gray on 4-6,
/// white on 5-6).
pub fn defense_blocks(colour: Colour, d6: u8) -> bool {
    assert!((1..=6).contains(&d6), "d6 result {d6} out of 1..=6");
    let lowest_block = match colour {
        Colour::Black => 3,
        Colour::Gray => 4,
        Colour::White => 5,
    };
    d6 >= lowest_block
}

/// The net effect of every upgrade and downgrade on one roll: one step at most
/// (BoV 5.1, "Multiple Downgrades and Upgrades"; docs/rulings.md, "Upgrades and downgrades").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceShift))]
pub enum Shift {
    Downgrade,
    #[default]
    None,
    Upgrade,
}

impl Shift {
    /// The net shift of a sum of modifiers: positive is one upgrade, negative
    /// one downgrade, zero nothing. Never two steps.
    pub fn net(sum: i32) -> Shift {
        match sum.signum() {
            1 => Shift::Upgrade,
            -1 => Shift::Downgrade,
            _ => Shift::None,
        }
    }

    /// The net shift of a list of upgrade (+1) and downgrade (-1) sources.
    pub fn of(sources: impl IntoIterator<Item = i32>) -> Shift {
        Shift::net(sources.into_iter().sum())
    }
}

/// Which results of a roll are rerolled once after a shift that had no
/// stronger or weaker die to go to (docs/rulings.md, "Upgrades and downgrades").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceReroll))]
pub enum Reroll {
    Nothing,
    /// A black die upgraded: every miss (attack) or fail (defense).
    Failures,
    /// A white die downgraded: every hit of any kind (attack) or block (defense).
    Successes,
}

/// The die actually rolled: a colour and the reroll it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceShiftedDie))]
pub struct ShiftedDie {
    pub colour: Colour,
    pub reroll: Reroll,
}

impl ShiftedDie {
    /// `colour` after the net `shift`. Each die of a mixed pool shifts on its
    /// own (docs/rulings.md, "Upgrades and downgrades").
    pub fn new(colour: Colour, shift: Shift) -> Self {
        let (colour, reroll) = match shift {
            Shift::None => (colour, Reroll::Nothing),
            Shift::Upgrade => match colour.stronger() {
                Some(c) => (c, Reroll::Nothing),
                None => (colour, Reroll::Failures),
            },
            Shift::Downgrade => match colour.weaker() {
                Some(c) => (c, Reroll::Nothing),
                None => (colour, Reroll::Successes),
            },
        };
        Self { colour, reroll }
    }

    /// Rolls one attack die, rerolling it at most once: a reroll's result
    /// always stands (BoV 5.1, "Rerolls").
    pub fn roll_attack(self, stream: &mut Stream) -> AttackFace {
        let first = attack_face(self.colour, stream.d10());
        if self.rerolls_attack(first) {
            attack_face(self.colour, stream.d10())
        } else {
            first
        }
    }

    /// Rolls one defense die with its reroll; `true` is a block.
    pub fn roll_defense(self, stream: &mut Stream) -> bool {
        let first = defense_blocks(self.colour, stream.d6());
        if self.rerolls_defense(first) {
            defense_blocks(self.colour, stream.d6())
        } else {
            first
        }
    }

    /// Whether this attack face is rerolled.
    pub fn rerolls_attack(self, face: AttackFace) -> bool {
        match self.reroll {
            Reroll::Nothing => false,
            Reroll::Failures => face.is_miss(),
            Reroll::Successes => !face.is_miss(),
        }
    }

    /// Whether this defense result (`true` = block) is rerolled.
    pub fn rerolls_defense(self, block: bool) -> bool {
        match self.reroll {
            Reroll::Nothing => false,
            Reroll::Failures => !block,
            Reroll::Successes => block,
        }
    }
}

/// Some dice of one colour: "3xblack".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceDiceGroup))]
pub struct DiceGroup {
    pub count: u32,
    pub colour: Colour,
}

impl fmt::Display for DiceGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.count, self.colour)
    }
}

/// The total of an attack roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceAttackRoll))]
pub struct AttackRoll {
    pub standard: u32,
    pub critical: u32,
}

impl AttackRoll {
    pub fn add(&mut self, face: AttackFace) {
        self.standard += face.standard();
        self.critical += face.critical();
    }
}

/// Rolls an attack pool after the net `shift` (BoV 5.1, "Make Attack Roll").
pub fn roll_attack(pool: &[DiceGroup], shift: Shift, stream: &mut Stream) -> AttackRoll {
    let mut total = AttackRoll::default();
    for group in pool {
        let die = ShiftedDie::new(group.colour, shift);
        for _ in 0..group.count {
            total.add(die.roll_attack(stream));
        }
    }
    total
}

/// Rolls `count` defense dice of `colour` after the net `shift` and returns
/// the blocks (BoV 5.1, "Make Defense Roll").
pub fn roll_defense(count: u32, colour: Colour, shift: Shift, stream: &mut Stream) -> u32 {
    let die = ShiftedDie::new(colour, shift);
    (0..count).filter(|_| die.roll_defense(stream)).count() as u32
}

/// One attack die as it fell: the die rolled (after the shift), the face
/// that stands, and the face it showed first when it was rerolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceAttackDie))]
pub struct AttackDie {
    pub colour: Colour,
    pub face: AttackFace,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rerolled: Option<AttackFace>,
}

/// One defense die as it fell: a block or not, and the result it showed
/// first when it was rerolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceDefenseDie))]
pub struct DefenseDie {
    pub colour: Colour,
    pub block: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rerolled: Option<DefenseFace>,
}

/// What a defense (or morale) die shows: a block or a fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceDefenseFace))]
#[serde(rename_all = "snake_case")]
pub enum DefenseFace {
    Block,
    Fail,
}

impl DefenseFace {
    pub fn of(block: bool) -> Self {
        if block {
            DefenseFace::Block
        } else {
            DefenseFace::Fail
        }
    }
}

/// [`roll_attack`] die by die: the same draws from the stream, so that a
/// copy of the stream taken before a roll tells how that roll fell (for
/// the battle's story; the rules count with [`roll_attack`]).
pub fn roll_attack_dice(pool: &[DiceGroup], shift: Shift, stream: &mut Stream) -> Vec<AttackDie> {
    let mut out = Vec::new();
    for group in pool {
        let die = ShiftedDie::new(group.colour, shift);
        for _ in 0..group.count {
            let first = attack_face(die.colour, stream.d10());
            out.push(if die.rerolls_attack(first) {
                AttackDie {
                    colour: die.colour,
                    face: attack_face(die.colour, stream.d10()),
                    rerolled: Some(first),
                }
            } else {
                AttackDie {
                    colour: die.colour,
                    face: first,
                    rerolled: None,
                }
            });
        }
    }
    out
}

/// [`roll_defense`] die by die, with the same draws from the stream.
pub fn roll_defense_dice(
    count: u32,
    colour: Colour,
    shift: Shift,
    stream: &mut Stream,
) -> Vec<DefenseDie> {
    let die = ShiftedDie::new(colour, shift);
    (0..count)
        .map(|_| {
            let first = defense_blocks(die.colour, stream.d6());
            if die.rerolls_defense(first) {
                DefenseDie {
                    colour: die.colour,
                    block: defense_blocks(die.colour, stream.d6()),
                    rerolled: Some(DefenseFace::of(first)),
                }
            } else {
                DefenseDie {
                    colour: die.colour,
                    block: first,
                    rerolled: None,
                }
            }
        })
        .collect()
}

/// One side's three black dice in a face-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceFaceOffDice))]
pub struct FaceOffDice {
    pub faces: [AttackFace; 3],
}

impl FaceOffDice {
    pub fn roll(stream: &mut Stream) -> Self {
        let die = ShiftedDie::new(Colour::Black, Shift::None);
        Self {
            faces: [
                die.roll_attack(stream),
                die.roll_attack(stream),
                die.roll_attack(stream),
            ],
        }
    }

    /// Hits counted as docs/rulings.md, "The attack die" says: every symbol, doubles as two.
    pub fn hits(&self) -> u32 {
        self.faces.iter().map(|f| f.symbols()).sum()
    }

    pub fn criticals(&self) -> u32 {
        self.faces.iter().map(|f| f.critical()).sum()
    }

    /// Compares by hits, then by critical hits; `Equal` means reroll all.
    pub fn compare(&self, other: &Self) -> std::cmp::Ordering {
        self.hits()
            .cmp(&other.hits())
            .then(self.criticals().cmp(&other.criticals()))
    }
}

/// A face-off roll between two players, with every tied attempt kept so an
/// interface can show them (BoV 5.1, "Face-off Rolls").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = DiceFaceOff))]
pub struct FaceOff {
    /// Every attempt, `[first player, second player]`; all but the last tied.
    pub attempts: Vec<[FaceOffDice; 2]>,
    /// 0 if the first player won, 1 if the second did.
    pub winner: usize,
}

impl FaceOff {
    /// Each player rolls three black attack dice; most hits wins, then most
    /// criticals, and a full tie rerolls everything.
    pub fn roll(stream: &mut Stream) -> Self {
        let mut attempts = Vec::new();
        loop {
            let a = FaceOffDice::roll(stream);
            let b = FaceOffDice::roll(stream);
            attempts.push([a, b]);
            match a.compare(&b) {
                std::cmp::Ordering::Greater => {
                    return Self {
                        attempts,
                        winner: 0,
                    };
                }
                std::cmp::Ordering::Less => {
                    return Self {
                        attempts,
                        winner: 1,
                    };
                }
                std::cmp::Ordering::Equal => continue,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AttackFace::*;

    fn faces(colour: Colour) -> Vec<AttackFace> {
        (1..=10).map(|d| attack_face(colour, d)).collect()
    }

    // docs/rulings.md, "The attack die", the table row by row.
    #[test]
    fn black_attack_die_faces() {
        assert_eq!(
            faces(Colour::Black),
            [
                Miss,
                Miss,
                Miss,
                Miss,
                Hit,
                Hit,
                Hit,
                DoubleHit,
                Critical,
                DoubleCritical
            ]
        );
    }

    #[test]
    fn gray_attack_die_faces() {
        assert_eq!(
            faces(Colour::Gray),
            [
                Miss, Miss, Miss, Miss, Miss, Hit, Hit, Hit, DoubleHit, Critical
            ]
        );
    }

    #[test]
    fn white_attack_die_faces() {
        assert_eq!(
            faces(Colour::White),
            [Miss, Miss, Miss, Miss, Miss, Miss, Hit, Hit, Hit, DoubleHit]
        );
    }

    #[test]
    fn black_die_deals_point_three_criticals_and_half_a_standard_hit() {
        // The figures of the calculator's headline example: per black die,
        // 0.3 critical wounds and 0.5 standard hits on average.
        let f = faces(Colour::Black);
        let crit: u32 = f.iter().map(|x| x.critical()).sum();
        let std: u32 = f.iter().map(|x| x.standard()).sum();
        assert_eq!((crit, std), (3, 5));
    }

    // docs/rulings.md, "The defense die".
    #[test]
    fn defense_die_faces() {
        let blocks = |c| {
            (1..=6)
                .filter(|&d| defense_blocks(c, d))
                .collect::<Vec<_>>()
        };
        assert_eq!(blocks(Colour::Black), [3, 4, 5, 6]);
        assert_eq!(blocks(Colour::Gray), [4, 5, 6]);
        assert_eq!(blocks(Colour::White), [5, 6]);
    }

    #[test]
    fn symbols_count_doubles_as_two() {
        assert_eq!(DoubleCritical.symbols(), 2);
        assert_eq!(DoubleHit.symbols(), 2);
        assert_eq!(Critical.symbols(), 1);
        assert_eq!(Hit.symbols(), 1);
        assert_eq!(Miss.symbols(), 0);
    }

    // BoV 5.1, "Multiple Downgrades and Upgrades": net, one step at most.
    #[test]
    fn net_modifier_is_one_step_at_most() {
        assert_eq!(Shift::of([1, 1, 1, -1]), Shift::Upgrade);
        assert_eq!(Shift::of([1, -1]), Shift::None);
        assert_eq!(Shift::of([-1, -1, 1]), Shift::Downgrade);
        assert_eq!(Shift::of([]), Shift::None);
        assert_eq!(Shift::net(5), Shift::Upgrade);
        assert_eq!(Shift::net(-3), Shift::Downgrade);
        // "if you are rolling white dice, and three sources upgrade and one
        // downgrade that roll, you will be rolling gray dice, not black"
        let d = ShiftedDie::new(Colour::White, Shift::of([1, 1, 1, -1]));
        assert_eq!(
            d,
            ShiftedDie {
                colour: Colour::Gray,
                reroll: Reroll::Nothing
            }
        );
    }

    // BoV 5.1, "Upgrading & Downgrading", the table; docs/rulings.md, "Upgrades and downgrades".
    #[test]
    fn upgrade_and_downgrade_table() {
        use Colour::*;
        use Reroll::*;
        let table = [
            (Black, Shift::Upgrade, Black, Failures),
            (Gray, Shift::Upgrade, Black, Nothing),
            (White, Shift::Upgrade, Gray, Nothing),
            (Black, Shift::Downgrade, Gray, Nothing),
            (Gray, Shift::Downgrade, White, Nothing),
            (White, Shift::Downgrade, White, Successes),
            (Black, Shift::None, Black, Nothing),
            (Gray, Shift::None, Gray, Nothing),
            (White, Shift::None, White, Nothing),
        ];
        for (from, shift, colour, reroll) in table {
            let rolled = ShiftedDie::new(from, shift);
            assert_eq!(rolled, ShiftedDie { colour, reroll }, "{from} {shift:?}");
        }
    }

    #[test]
    fn upgraded_black_rerolls_misses_and_fails_only() {
        let d = ShiftedDie::new(Colour::Black, Shift::Upgrade);
        assert!(d.rerolls_attack(Miss));
        for f in [Hit, DoubleHit, Critical, DoubleCritical] {
            assert!(!d.rerolls_attack(f));
        }
        assert!(d.rerolls_defense(false));
        assert!(!d.rerolls_defense(true));
    }

    #[test]
    fn downgraded_white_rerolls_every_hit_and_block() {
        let d = ShiftedDie::new(Colour::White, Shift::Downgrade);
        assert!(!d.rerolls_attack(Miss));
        for f in [Hit, DoubleHit, Critical, DoubleCritical] {
            assert!(d.rerolls_attack(f));
        }
        assert!(d.rerolls_defense(true));
        assert!(!d.rerolls_defense(false));
    }

    /// A stream whose d10 results are scripted, to watch the reroll happen.
    fn stream_with_first_d10s(wanted: &[u8]) -> Stream {
        // Search seeds for one whose first d10 results are `wanted`.
        (0u64..)
            .map(Stream::new)
            .find(|s| {
                let mut s = s.clone();
                wanted.iter().all(|&w| s.d10() == w)
            })
            .unwrap()
    }

    // BoV 5.1, "Rerolls": "you cannot reroll a reroll" and "you must always
    // accept the new result of a reroll, even if it is worse".
    #[test]
    fn a_reroll_is_never_rerolled_and_always_stands() {
        // Miss, then miss again: an upgraded black die keeps the second miss.
        let mut s = stream_with_first_d10s(&[2, 3]);
        assert_eq!(
            ShiftedDie::new(Colour::Black, Shift::Upgrade).roll_attack(&mut s),
            Miss
        );
        // Double critical rerolled into a miss: a downgraded white die keeps it.
        let mut s = stream_with_first_d10s(&[10, 1]);
        assert_eq!(
            ShiftedDie::new(Colour::White, Shift::Downgrade).roll_attack(&mut s),
            Miss
        );
        // Hit rerolled into another hit: it stands, no third roll.
        let mut s = stream_with_first_d10s(&[7, 10]);
        let mut after = s.clone();
        after.d10();
        after.d10();
        assert_eq!(
            ShiftedDie::new(Colour::White, Shift::Downgrade).roll_attack(&mut s),
            DoubleHit
        );
        assert_eq!(s, after, "exactly two d10 were drawn");
    }

    #[test]
    fn roll_attack_counts_every_die_of_a_mixed_pool() {
        let pool = [
            DiceGroup {
                count: 4,
                colour: Colour::Black,
            },
            DiceGroup {
                count: 2,
                colour: Colour::White,
            },
        ];
        let mut a = Stream::new(3);
        let mut b = a.clone();
        let total = roll_attack(&pool, Shift::None, &mut a);
        let mut expect = AttackRoll::default();
        for _ in 0..4 {
            expect.add(attack_face(Colour::Black, b.d10()));
        }
        for _ in 0..2 {
            expect.add(attack_face(Colour::White, b.d10()));
        }
        assert_eq!(total, expect);
    }

    // BoV 5.1, "Face-off Rolls" > "Tiebreakers".
    #[test]
    fn face_off_ties_go_to_criticals_then_reroll() {
        let a = FaceOffDice {
            faces: [Critical, Hit, Miss],
        };
        let b = FaceOffDice {
            faces: [DoubleHit, Miss, Miss],
        };
        assert_eq!(a.hits(), b.hits());
        assert_eq!(a.compare(&b), std::cmp::Ordering::Greater);
        let c = FaceOffDice {
            faces: [Hit, Hit, Miss],
        };
        assert_eq!(b.compare(&c), std::cmp::Ordering::Equal);
        let d = FaceOffDice {
            faces: [DoubleCritical, Miss, Miss],
        };
        assert_eq!(d.compare(&a), std::cmp::Ordering::Greater);
        assert_eq!(c.compare(&d), std::cmp::Ordering::Less);
    }

    #[test]
    fn face_off_keeps_rerolling_until_someone_wins() {
        let mut ties_seen = 0;
        for seed in 0..2_000 {
            let f = FaceOff::roll(&mut Stream::new(seed));
            let (last, earlier) = f.attempts.split_last().unwrap();
            for [a, b] in earlier {
                assert_eq!(a.compare(b), std::cmp::Ordering::Equal);
                ties_seen += 1;
            }
            let expect = if last[0].compare(&last[1]).is_gt() {
                0
            } else {
                1
            };
            assert_ne!(last[0].compare(&last[1]), std::cmp::Ordering::Equal);
            assert_eq!(f.winner, expect);
        }
        assert!(ties_seen > 0, "2000 face-offs without a full tie");
    }

    #[test]
    fn colours_parse_and_name_what_is_accepted() {
        assert_eq!("Black".parse::<Colour>(), Ok(Colour::Black));
        assert_eq!("grey".parse::<Colour>(), Ok(Colour::Gray));
        let e = "purple".parse::<Colour>().unwrap_err().to_string();
        assert!(
            e.contains("purple") && e.contains("black, gray, white"),
            "{e}"
        );
    }
}
