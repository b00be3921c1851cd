//! Looking from one unit to another, as players check at the table before
//! an attack (BoV 5.1, "Line of Sight", "Cover", "Measuring"): for each
//! model of the looking unit, a line to a model of the other that nothing
//! blocks, if there is one; the distance between the two units, nearest
//! bases; and whether the other unit is in cover. Positions are public, so
//! anyone at the table may look; nothing is changed or rolled.

use serde::Serialize;

use super::Battle;
use crate::geometry::{Point, Sightlines, UnitId};

/// What `from` sees of `to`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovLook))]
pub struct Look {
    pub from: u16,
    pub to: u16,
    /// Base to base, nearest models, in inches.
    pub distance: f64,
    /// One unblocked line for each model of `from` that sees a model of
    /// `to`: from a point of its base to a point of the other's.
    pub lines: Vec<SightLine>,
    /// `to` is in cover from `from` (BoV 5.1, "Cover").
    pub in_cover: bool,
}

/// A line of sight a model draws.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovSightLine))]
pub struct SightLine {
    pub model: u8,
    pub target: u8,
    pub a: Point,
    pub b: Point,
}

impl Battle {
    /// What unit `from` sees of unit `to` (each measured from its body: a
    /// mounted rider from its Mount); `None` when either is not on the
    /// table.
    pub fn look(&self, from: u16, to: u16) -> Option<Look> {
        let n = self.units.len();
        if usize::from(from) >= n || usize::from(to) >= n || from == to {
            return None;
        }
        let (a, b) = (self.body(from), self.body(to));
        let snap = self.snapshot();
        let mine: Vec<usize> = (0..snap.index.len())
            .filter(|&i| snap.index[i].0 == a)
            .collect();
        let theirs: Vec<usize> = (0..snap.index.len())
            .filter(|&i| snap.index[i].0 == b)
            .collect();
        if mine.is_empty() || theirs.is_empty() {
            return None;
        }
        let sight = Sightlines::new(&self.field, &snap.models);
        let lines = mine
            .iter()
            .filter_map(|&i| {
                theirs.iter().find_map(|&j| {
                    sight.sight_line(i, j).map(|(p, q)| SightLine {
                        model: snap.index[i].1,
                        target: snap.index[j].1,
                        a: p,
                        b: q,
                    })
                })
            })
            .collect();
        Some(Look {
            from,
            to,
            distance: self.distance(from, to),
            lines,
            in_cover: sight.unit_in_cover_from(UnitId(a), UnitId(b)),
        })
    }
}

impl Battle {
    /// How far a move now asked for goes: the most inches any model's path
    /// uses (Slowing terrain counted twice, BoV 5.1, "Movement") and the
    /// allowance it has (a March's Speed, a Skirmish's half, a power's
    /// inches), for a table that shows a move as it is drawn; `None` for a
    /// decision that moves nothing now. It measures, it does not judge: the
    /// move's legality is [`valerna_game::Game::validate`]'s.
    pub fn move_measure(&self, decision: &super::Decision) -> Option<(f64, f64)> {
        use super::{Decision, Phase};
        let (unit, paths, allowance) = match (&self.phase, decision) {
            (Phase::Action { unit }, Decision::March { paths }) => {
                (*unit, paths, self.allowance(*unit, false))
            }
            (Phase::Action { unit }, Decision::Skirmish { paths, .. }) => {
                (*unit, paths, self.allowance(*unit, true))
            }
            (Phase::PowerMove { unit, inches }, Decision::March { paths }) => {
                (*unit, paths, *inches)
            }
            _ => return None,
        };
        let u = &self.units[usize::from(unit)];
        let used = paths
            .iter()
            .filter(|(m, _)| usize::from(*m) < u.positions.len())
            .map(|(m, way)| {
                crate::geometry::movement::path_cost(&self.field, &u.model(*m), way, u.traits)
            })
            .fold(0.0, f64::max);
        Some((used, allowance))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use valerna_game::Game;

    use super::*;
    use crate::battle::BattleSetup;
    use crate::battle::bots::{Bot, GreedyBot};
    use crate::content::Pack;

    /// A battle played by the greedy bot until both sides stand on the table.
    fn deployed() -> Battle {
        let pack = Arc::new(Pack::default_pack().unwrap());
        let setup = BattleSetup::pitched(3, "allaria_guild_line", "tyveria_swarm");
        let mut b = Battle::start(&pack, &setup).unwrap();
        let mut bot = GreedyBot::new(1);
        while !matches!(
            b.phase,
            crate::battle::Phase::Turn { .. } | crate::battle::Phase::Over
        ) {
            let d = bot.decide(&b);
            b.apply(d).unwrap();
        }
        b
    }

    /// Every line drawn is one the line-of-sight rule accepts, from a model
    /// of the looking unit to one of the other, and the distance is the
    /// units' (BoV 5.1, "Line of Sight", "Measuring").
    #[test]
    fn a_look_draws_only_lines_that_see() {
        let b = deployed();
        let snap = b.snapshot();
        let sight = Sightlines::new(&b.field, &snap.models);
        let mut drawn = 0;
        let mut blind = 0;
        for f in b.units.iter().filter(|u| u.owner == 0 && u.alive()) {
            for t in b.units.iter().filter(|u| u.owner == 1 && u.alive()) {
                let look = b.look(f.id, t.id).expect("both on the table");
                assert_eq!(look.distance, b.distance(f.id, t.id));
                assert!(look.lines.len() <= f.state.models() as usize);
                for l in &look.lines {
                    let i = snap.find(f.id, l.model).unwrap();
                    let j = snap.find(t.id, l.target).unwrap();
                    assert!(sight.model_sees(i, j));
                }
                // A model that draws no line sees no model of the target.
                for m in f.alive_models() {
                    if !look.lines.iter().any(|l| l.model == m) {
                        let i = snap.find(f.id, m).unwrap();
                        assert!(
                            t.alive_models()
                                .all(|k| !sight.model_sees(i, snap.find(t.id, k).unwrap()))
                        );
                    }
                }
                if look.lines.is_empty() {
                    blind += 1;
                } else {
                    drawn += look.lines.len();
                }
            }
        }
        assert!(
            drawn > 0,
            "some lines were drawn ({blind} pairs saw nothing)"
        );
        assert!(b.look(0, 0).is_none());
    }

    /// A listed March uses no more than the unit's Speed; the same paths
    /// pushed twice the Speed away use more, and are refused (BoV 5.1,
    /// "Movement").
    #[test]
    fn a_march_is_measured_against_its_allowance() {
        use crate::battle::Decision;
        let mut b = deployed();
        let mut bot = GreedyBot::new(5);
        let mut measured = 0;
        for _ in 0..400 {
            if matches!(b.phase, crate::battle::Phase::Over) {
                break;
            }
            if let crate::battle::Phase::Action { unit } = b.phase {
                let mut all = Vec::new();
                b.choices(&mut all);
                for d in &all {
                    let Decision::March { paths } = d else {
                        continue;
                    };
                    if paths.is_empty() {
                        continue;
                    }
                    let (used, allowance) = b.move_measure(d).unwrap();
                    assert!(used <= allowance + 1e-6, "{used} of {allowance}");
                    assert_eq!(allowance, b.allowance(unit, false));
                    // Each model twice the allowance further on.
                    let u = &b.units[usize::from(unit)];
                    let far: Vec<_> = paths
                        .iter()
                        .map(|(m, way)| {
                            let from = u.positions[usize::from(*m)];
                            let to = *way.last().unwrap();
                            let (dx, dy) = (to.x - from.x, to.y - from.y);
                            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                            let k = 2.0 * allowance / len;
                            (
                                *m,
                                vec![Point {
                                    x: from.x + dx * k,
                                    y: from.y + dy * k,
                                }],
                            )
                        })
                        .collect();
                    let push = Decision::March { paths: far };
                    let (used, _) = b.move_measure(&push).unwrap();
                    assert!(used > allowance, "{used} of {allowance}");
                    assert!(b.validate(&push).is_err());
                    measured += 1;
                }
            }
            let d = bot.decide(&b);
            b.apply(d).unwrap();
        }
        assert!(measured > 10, "{measured} marches measured");
        assert_eq!(b.move_measure(&Decision::Pass), None);
    }
}
