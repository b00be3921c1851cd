//! Neutral units' data (BoV 5.1, "Neutral Units"): a Monster's trophy value
//! and behaviour deck. Mercenaries are ordinary cards with the Mercenary
//! keyword; their force-list limits are in [`super::force_list`].

use serde::{Deserialize, Serialize};

/// Victory points for defeating a Monster (BoV 5.1, "Trophy value").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trophy {
    Points(u16),
    /// "LSB": the last successful bid for the Monster.
    LastSuccessfulBid,
}

/// One card of a Monster's five-card behaviour deck: a target and actions
/// resolved top to bottom, each costing a fatigue if its condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BehaviourCard {
    pub name: String,
    /// Who the card targets; with none applicable, the closest unit.
    pub target: String,
    pub actions: Vec<String>,
}

/// What a Monster card adds to a unit card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterCard {
    pub trophy: Trophy,
    /// Five cards, or empty for a Monster controlled by bidding.
    #[serde(default)]
    pub behaviour: Vec<BehaviourCard>,
}
