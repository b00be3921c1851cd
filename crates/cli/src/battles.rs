//! What the Battles of Valerna commands share: the edition, scenario and
//! battlefield as the command line names them, the bots by name, force
//! lists by name or file, and a battle played with a panic caught as that
//! battle's error.

use std::path::Path;

use clap::ValueEnum;
use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot};
use valerna_bov::content::Pack;
use valerna_bov::force_list;
use valerna_bov::rules::edition::Edition;
use valerna_bov::rules::scenario::{Battlefield, Scenario};

use crate::error::{self, CliError, MAX_LIST_OR_MAP_BYTES};

/// The scenarios as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum ScenarioArg {
    /// Pitched Battle: objectives and defeated units score.
    Pitched,
    /// Seize the Land!: only objectives score.
    Seize,
    /// Slay the Foe!: no objectives; only defeated units score.
    Slay,
    /// The Quest: every unit in Reserve; treasures carried home score.
    Quest,
    /// The Grand Tactical (starter edition only): objectives and defeated
    /// units score.
    Grand,
}

impl ScenarioArg {
    pub(crate) fn scenario(self) -> Scenario {
        match self {
            ScenarioArg::Pitched => Scenario::PitchedBattle,
            ScenarioArg::Seize => Scenario::SeizeTheLand,
            ScenarioArg::Slay => Scenario::SlayTheFoe,
            ScenarioArg::Quest => Scenario::Quest,
            ScenarioArg::Grand => Scenario::GrandTactical,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            ScenarioArg::Pitched => "pitched",
            ScenarioArg::Seize => "seize",
            ScenarioArg::Slay => "slay",
            ScenarioArg::Quest => "quest",
            ScenarioArg::Grand => "grand",
        }
    }

    /// The scenario played when none is asked for: the Pitched Battle, or
    /// in the starter edition, which has none, the Grand Tactical.
    pub(crate) fn default_for(edition: Edition) -> Self {
        match edition {
            Edition::V5_1 => ScenarioArg::Pitched,
            Edition::Starter => ScenarioArg::Grand,
        }
    }

    /// The scenarios `edition` plays on `battlefield`, in the order the
    /// command line lists them.
    pub(crate) fn of_edition(edition: Edition, battlefield: Battlefield) -> Vec<Self> {
        Self::value_variants()
            .iter()
            .copied()
            .filter(|s| edition.plays(s.scenario(), battlefield).is_ok())
            .collect()
    }

    /// `self` if `edition` plays it on `battlefield`, else a usage error
    /// saying why.
    pub(crate) fn checked(
        self,
        edition: Edition,
        battlefield: Battlefield,
    ) -> Result<Self, CliError> {
        edition
            .plays(self.scenario(), battlefield)
            .map(|()| self)
            .map_err(|e| CliError::usage(format!("--scenario {}: {e}", self.name())))
    }
}

/// The editions as the command line names them (docs/editions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize, serde::Deserialize)]
pub(crate) enum EditionArg {
    /// Battles of Valerna 5.1.
    #[value(name = "5.1")]
    #[serde(rename = "5.1")]
    V5_1,
    /// The starter set's rules.
    #[value(name = "starter")]
    #[serde(rename = "starter")]
    Starter,
}

impl EditionArg {
    pub(crate) fn edition(self) -> Edition {
        match self {
            EditionArg::V5_1 => Edition::V5_1,
            EditionArg::Starter => Edition::Starter,
        }
    }
}

/// The battlefield sizes as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum BattlefieldArg {
    /// 2' x 1'.
    Small,
    /// 4' x 3'.
    Standard,
    /// 6' x 4'.
    Large,
}

impl BattlefieldArg {
    pub(crate) fn battlefield(self) -> Battlefield {
        match self {
            BattlefieldArg::Small => Battlefield::Small2x1,
            BattlefieldArg::Standard => Battlefield::Standard4x3,
            BattlefieldArg::Large => Battlefield::Large6x4,
        }
    }

    pub(crate) fn of(size: Battlefield) -> Self {
        match size {
            Battlefield::Small2x1 => BattlefieldArg::Small,
            Battlefield::Standard4x3 => BattlefieldArg::Standard,
            Battlefield::Large6x4 => BattlefieldArg::Large,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            BattlefieldArg::Small => "small",
            BattlefieldArg::Standard => "standard",
            BattlefieldArg::Large => "large",
        }
    }
}

pub(crate) fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, CliError> {
    match name {
        "greedy" => Ok(Box::new(GreedyBot::new(seed))),
        "random" => Ok(Box::new(RandomBot::new(seed))),
        _ => Err(CliError::usage(format!(
            "--bots '{name}': each bot is greedy or random"
        ))),
    }
}

/// A force list as the engine takes it: a shipped list's name, or the text
/// of a list file after checking it. An unknown name lists the shipped ones.
pub(crate) fn resolve_list(arg: &str) -> Result<String, CliError> {
    let shipped = shipped_lists();
    if shipped.contains(&arg) {
        return Ok(arg.to_string());
    }
    let path = Path::new(arg);
    if path.exists() || arg.ends_with(".ron") {
        return checked_list(path, &format!("--lists '{arg}'"));
    }
    Err(CliError::usage(format!(
        "--lists '{arg}': no such file and no shipped list of that name; the shipped lists are {}",
        shipped.join(", ")
    )))
}

/// The lists a battle of `edition` plays when none are named: two of 5.1's,
/// or the starter set's own, which its book's rules allow.
pub(crate) fn default_lists(edition: valerna_bov::rules::edition::Edition) -> &'static str {
    match edition {
        valerna_bov::rules::edition::Edition::V5_1 => "allaria_guild_line,tyveria_swarm",
        valerna_bov::rules::edition::Edition::Starter => "allaria_fencers,tyveria_packs",
    }
}

/// The shipped lists' names (5.1's, then the starter's), as `bov sim
/// --lists` takes them.
pub(crate) fn shipped_lists() -> Vec<&'static str> {
    valerna_bov::content::shipped_lists()
        .map(|(name, _)| name)
        .collect()
}

/// Reads a force list file and checks it as `bov list validate` does:
/// its text, or each broken rule printed to stderr and a usage error naming
/// `what`.
pub(crate) fn checked_list(path: &std::path::Path, what: &str) -> Result<String, CliError> {
    let text = error::read_text(path, what, MAX_LIST_OR_MAP_BYTES)?;
    let pack = Pack::default_pack().map_err(|e| CliError::failed(format!("content pack: {e}")))?;
    let result = force_list::parse(&text)
        .map_err(|e| vec![*e])
        .and_then(|list| force_list::validate(&pack, &list));
    match result {
        Ok(_) => Ok(text),
        Err(errors) => {
            for e in &errors {
                eprintln!("{}: {e}", path.display());
            }
            Err(CliError::usage(format!(
                "{what}: the force list breaks {} rule(s)",
                errors.len()
            )))
        }
    }
}

/// Runs one game's `play`, a panic turned into that game's error.
pub(crate) fn caught<T>(play: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(play)).unwrap_or_else(|p| {
        let what = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        Err(format!("the engine panicked: {what}"))
    })
}
