//! Vaala and Artifact cards (BoV 5.1, "Vaala Cards", "Artifact Cards").

use serde::{Deserialize, Serialize};

use super::powers::{Effect, Power, Trigger};

/// A Vaala card: always played as a reaction to its trigger, then discarded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovVaalaCard))]
#[serde(deny_unknown_fields)]
pub struct VaalaCard {
    pub id: String,
    pub name: String,
    pub provisional: bool,
    pub trigger: Trigger,
    /// Whether it needs a target unit, and so a caster with the Vaala
    /// keyword and a ranged attack in range and line of sight.
    #[serde(default)]
    pub targeted: bool,
    pub text: String,
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// An Artifact card: one more power for the Hero carrying it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovArtifactCard))]
#[serde(deny_unknown_fields)]
pub struct ArtifactCard {
    pub id: String,
    pub name: String,
    pub provisional: bool,
    pub power: Power,
}
