//! Bot specifications as the command line and the tables write them:
//! `faceless`, `random`, `heuristic`, `ismcts`, `ismcts:iters=2000`,
//! `ismcts:think=500ms`, `ismcts:iters=2000,think=500ms` (the iterations,
//! cut short by the clock).

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use valerna_lov::Lov;
use valerna_lov::content::Content;

use valerna_bov::battle::Battle;

use crate::bov::{self, BovSampler};
use crate::ismcts::{Budget, Ismcts, Settings, Widening};
use crate::lov::{Heuristic, LovSampler};
use crate::random::RandomBot;
use crate::{Bot, mix};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spec {
    /// The rulebook's automaton (LoV p.10): the seat is no player's.
    Faceless,
    Random,
    Heuristic,
    /// Information-set search with this budget a decision.
    Ismcts(Budget),
}

/// A bot specification that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bot `{spec}`: {why} (expected faceless, random, heuristic, ismcts, ismcts:iters=N, ismcts:think=500ms or ismcts:iters=N,think=500ms)"
)]
pub struct SpecError {
    pub spec: String,
    pub why: String,
}

/// The budget of `ismcts` written alone.
pub const DEFAULT_ITERATIONS: u32 = 2000;

fn duration(s: &str) -> Option<Duration> {
    let (num, scale) = if let Some(n) = s.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1.0)
    } else {
        return None;
    };
    let x: f64 = num.parse().ok()?;
    (x.is_finite() && x > 0.0 && x * scale <= 3600.0).then(|| Duration::from_secs_f64(x * scale))
}

/// The budget in `ismcts:ARG`: `iters=N`, `think=TIME`, or both joined by
/// a comma (N iterations, cut short at TIME).
fn budget(arg: &str) -> Result<Budget, &'static str> {
    let (mut iters, mut think) = (None, None);
    for part in arg.split(',') {
        match part.split_once('=') {
            Some(("iters", n)) if iters.is_none() => match n.parse::<u32>() {
                Ok(n) if n > 0 => iters = Some(n),
                _ => return Err("iters must be a whole number above 0"),
            },
            Some(("think", t)) if think.is_none() => match duration(t) {
                Some(d) => think = Some(d),
                None => return Err("think must be a time such as 500ms or 2s"),
            },
            _ => return Err("ismcts takes iters=N, think=TIME or iters=N,think=TIME"),
        }
    }
    match (iters, think) {
        (Some(n), None) => Ok(Budget::Iterations(n)),
        (None, Some(t)) => Ok(Budget::Time(t)),
        (Some(iterations), Some(time)) => Ok(Budget::Capped { iterations, time }),
        (None, None) => Err("ismcts takes iters=N, think=TIME or iters=N,think=TIME"),
    }
}

/// Renders a budget as `ismcts:ARG` reads it.
fn write_budget(f: &mut std::fmt::Formatter<'_>, b: Budget) -> std::fmt::Result {
    match b {
        Budget::Iterations(n) => write!(f, "ismcts:iters={n}"),
        Budget::Time(t) => write!(f, "ismcts:think={}ms", t.as_millis()),
        Budget::Capped { iterations, time } => {
            write!(f, "ismcts:iters={iterations},think={}ms", time.as_millis())
        }
    }
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Spec, SpecError> {
        let err = |why: &str| SpecError {
            spec: s.to_string(),
            why: why.to_string(),
        };
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let spec = match (name, arg) {
            ("faceless", None) => Spec::Faceless,
            ("random", None) => Spec::Random,
            ("heuristic", None) => Spec::Heuristic,
            ("ismcts", None) => Spec::Ismcts(Budget::Iterations(DEFAULT_ITERATIONS)),
            ("ismcts", Some(a)) => Spec::Ismcts(budget(a).map_err(&err)?),
            (_, Some(_)) if ["faceless", "random", "heuristic"].contains(&name) => {
                return Err(err("this bot takes no settings"));
            }
            _ => return Err(err("unknown bot")),
        };
        Ok(spec)
    }
}

impl std::fmt::Display for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spec::Faceless => write!(f, "faceless"),
            Spec::Random => write!(f, "random"),
            Spec::Heuristic => write!(f, "heuristic"),
            Spec::Ismcts(b) => write_budget(f, *b),
        }
    }
}

impl Spec {
    /// Whether a person's rules apply to the seat (every bot plays a
    /// person's side of the board; the Faceless its own).
    pub fn plays_human_side(self) -> bool {
        self != Spec::Faceless
    }

    /// The Lords of Vaala bot of this specification, seeded (`None` for a
    /// Faceless seat, which the rules play).
    pub fn lov_bot(self, content: &Arc<Content>, seed: u64) -> Option<Box<dyn Bot<Lov>>> {
        match self {
            Spec::Faceless => None,
            Spec::Random => Some(Box::new(RandomBot::new(seed))),
            Spec::Heuristic => Some(Box::new(Heuristic::new(content.clone(), seed))),
            Spec::Ismcts(budget) => Some(Box::new(Ismcts::new(
                LovSampler::new(content.clone()),
                Settings {
                    budget,
                    ..Settings::default()
                },
                seed,
                Box::new(Heuristic::new(content.clone(), mix(seed, 7))),
            ))),
        }
    }
}

/// Who plays a side of a Battle of Valerna: `random`, `greedy`, `ismcts`,
/// `ismcts:iters=N`, `ismcts:think=500ms` or `ismcts:iters=N,think=500ms`;
/// the search may add `,playout=N` or `,playout=end` (see [`Playout`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BovSpec {
    Random,
    Greedy,
    /// Information-set search with this budget a decision and these playouts.
    Ismcts {
        budget: Budget,
        playout: Playout,
    },
}

/// How far each playout of the Battles of Valerna search goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// This many decisions, then judged by the points ([`BOV_PLAYOUT_CAP`]
    /// unless told otherwise): more playouts a second.
    Cut(u32),
    /// To the end of the battle, judged by who won: a surer result, some
    /// ten times the decisions.
    ToTheEnd,
}

impl Default for Playout {
    fn default() -> Self {
        Playout::Cut(BOV_PLAYOUT_CAP)
    }
}

impl Playout {
    /// The most decisions a playout takes.
    fn cap(self) -> u32 {
        match self {
            Playout::Cut(n) => n,
            Playout::ToTheEnd => u32::MAX,
        }
    }
}

/// A Battles of Valerna bot specification that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "bot `{spec}`: {why} (expected random, greedy, ismcts, ismcts:iters=N, ismcts:think=500ms or ismcts:iters=N,think=500ms, the search with ,playout=N or ,playout=end if wanted)"
)]
pub struct BovSpecError {
    pub spec: String,
    pub why: String,
}

/// The budget of `ismcts` written alone for a battle: a game of it takes
/// well under a minute.
pub const BOV_DEFAULT_ITERATIONS: u32 = 64;

impl FromStr for BovSpec {
    type Err = BovSpecError;

    fn from_str(s: &str) -> Result<BovSpec, BovSpecError> {
        let err = |why: &str| BovSpecError {
            spec: s.to_string(),
            why: why.to_string(),
        };
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        Ok(match (name, arg) {
            ("random", None) => BovSpec::Random,
            ("greedy", None) => BovSpec::Greedy,
            ("ismcts", None) => BovSpec::Ismcts {
                budget: Budget::Iterations(BOV_DEFAULT_ITERATIONS),
                playout: Playout::default(),
            },
            ("ismcts", Some(a)) => {
                // The playout's setting apart, the rest is the budget.
                let (mut playout, mut rest) = (None, Vec::new());
                for part in a.split(',') {
                    match part.strip_prefix("playout=") {
                        Some(_) if playout.is_some() => return Err(err("playout is given twice")),
                        Some("end") => playout = Some(Playout::ToTheEnd),
                        Some(n) => match n.parse::<u32>() {
                            Ok(n) if n > 0 => playout = Some(Playout::Cut(n)),
                            _ => {
                                return Err(err(
                                    "playout must be end or a whole number of decisions above 0",
                                ));
                            }
                        },
                        None => rest.push(part),
                    }
                }
                let budget = if rest.is_empty() {
                    Budget::Iterations(BOV_DEFAULT_ITERATIONS)
                } else {
                    budget(&rest.join(",")).map_err(&err)?
                };
                BovSpec::Ismcts {
                    budget,
                    playout: playout.unwrap_or_default(),
                }
            }
            ("random" | "greedy", Some(_)) => return Err(err("this bot takes no settings")),
            _ => return Err(err("unknown bot")),
        })
    }
}

impl std::fmt::Display for BovSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BovSpec::Random => write!(f, "random"),
            BovSpec::Greedy => write!(f, "greedy"),
            BovSpec::Ismcts { budget, playout } => {
                write_budget(f, *budget)?;
                match playout {
                    _ if *playout == Playout::default() => Ok(()),
                    Playout::Cut(n) => write!(f, ",playout={n}"),
                    Playout::ToTheEnd => write!(f, ",playout=end"),
                }
            }
        }
    }
}

/// The search settings of the Battles of Valerna bot: playouts of the
/// greedy bot cut short after a turn or two and judged by the points
/// ([`crate::bov::BovSampler`]), and progressive widening over the
/// candidates.
pub fn bov_settings(budget: Budget) -> Settings {
    Settings {
        budget,
        exploration: 0.5,
        playout_cap: BOV_PLAYOUT_CAP,
        widening: Some(Widening { k: 2.0, alpha: 0.5 }),
        ..Settings::default()
    }
}

/// Decisions a Battles of Valerna playout takes before it is judged.
pub const BOV_PLAYOUT_CAP: u32 = 24;

impl BovSpec {
    /// The bot of this specification, seeded.
    pub fn bot(self, seed: u64) -> Box<dyn Bot<Battle>> {
        match self {
            BovSpec::Random => Box::new(bov::Random::new(seed)),
            BovSpec::Greedy => Box::new(bov::Greedy::new(seed)),
            BovSpec::Ismcts { budget, playout } => Box::new(Ismcts::new(
                BovSampler::new(),
                Settings {
                    playout_cap: playout.cap(),
                    ..bov_settings(budget)
                },
                seed,
                Box::new(bov::Greedy::new(mix(seed, 7))),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every search setting reads back from its own text, and the playout
    /// is the default cut unless told.
    #[test]
    fn bov_specs_read_back_from_their_text() {
        let t = |s: &str| s.parse::<BovSpec>();
        let search = |budget, playout| BovSpec::Ismcts { budget, playout };
        let half = Duration::from_millis(500);
        assert_eq!(
            t("ismcts:think=500ms"),
            Ok(search(Budget::Time(half), Playout::Cut(BOV_PLAYOUT_CAP)))
        );
        assert_eq!(
            t("ismcts:think=500ms,playout=end"),
            Ok(search(Budget::Time(half), Playout::ToTheEnd))
        );
        assert_eq!(
            t("ismcts:playout=48,iters=9"),
            Ok(search(Budget::Iterations(9), Playout::Cut(48)))
        );
        assert_eq!(
            t("ismcts:playout=end"),
            Ok(search(
                Budget::Iterations(BOV_DEFAULT_ITERATIONS),
                Playout::ToTheEnd
            ))
        );
        for text in [
            "random",
            "greedy",
            "ismcts",
            "ismcts:iters=7,think=2000ms",
            "ismcts:think=500ms,playout=end",
            "ismcts:playout=3",
        ] {
            let spec = t(text).unwrap();
            assert_eq!(t(&spec.to_string()), Ok(spec), "{text}");
        }
        for bad in [
            "ismcts:playout=0",
            "ismcts:playout=soon",
            "ismcts:playout=end,playout=4",
            "ismcts:think=500ms,playout",
            "greedy:playout=end",
        ] {
            let e = t(bad).unwrap_err();
            assert_eq!(e.spec, bad);
        }
    }
}
