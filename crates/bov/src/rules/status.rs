//! Status effects (BoV 5.1, "Status Effects"): Poisoned, Slowed, Immobilized.

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;
use valerna_dice::bov::{Colour, Shift, ShiftedDie};

/// The three status effects of 5.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovStatusKind))]
pub enum StatusKind {
    Poisoned,
    Slowed,
    Immobilized,
}

impl StatusKind {
    pub const ALL: [StatusKind; 3] = [
        StatusKind::Poisoned,
        StatusKind::Slowed,
        StatusKind::Immobilized,
    ];
}

/// The markers on a unit; several of one kind may stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovStatusMarkers))]
pub struct StatusMarkers {
    pub poisoned: u8,
    pub slowed: u8,
    pub immobilized: u8,
}

impl StatusMarkers {
    pub fn get(&self, kind: StatusKind) -> u8 {
        match kind {
            StatusKind::Poisoned => self.poisoned,
            StatusKind::Slowed => self.slowed,
            StatusKind::Immobilized => self.immobilized,
        }
    }

    fn slot(&mut self, kind: StatusKind) -> &mut u8 {
        match kind {
            StatusKind::Poisoned => &mut self.poisoned,
            StatusKind::Slowed => &mut self.slowed,
            StatusKind::Immobilized => &mut self.immobilized,
        }
    }

    pub fn add(&mut self, kind: StatusKind, n: u8) {
        let s = self.slot(kind);
        *s = s.saturating_add(n);
    }

    /// Places `n` markers of `kind`: added to those there, or, for a status
    /// that does not add up in the battle's edition (`adds_up`, from
    /// `Edition::status_adds_up`), one marker at most.
    pub fn place(&mut self, kind: StatusKind, n: u8, adds_up: bool) {
        if adds_up {
            self.add(kind, n);
        } else {
            let s = self.slot(kind);
            *s = (*s).max(n.min(1));
        }
    }

    /// Removes up to `n` markers of `kind`; returns how many were removed.
    pub fn remove(&mut self, kind: StatusKind, n: u8) -> u8 {
        let s = self.slot(kind);
        let removed = (*s).min(n);
        *s -= removed;
        removed
    }

    pub fn total(&self) -> u32 {
        u32::from(self.poisoned) + u32::from(self.slowed) + u32::from(self.immobilized)
    }

    /// Slowed and Immobilized each lose one marker at the end of the unit's
    /// activation ("Slowed", "Immobilized").
    pub fn end_of_activation(&mut self) {
        self.remove(StatusKind::Slowed, 1);
        self.remove(StatusKind::Immobilized, 1);
    }
}

/// The outcome of resolving Poison at the start of an activation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovPoisonRoll))]
pub struct PoisonRoll {
    /// Hits rolled: each is a wound, no defense allowed.
    pub wounds: u32,
    pub markers_removed: u8,
}

/// "Poisoned": one white attack die per marker; each hit adds a wound and
/// removes a marker, so there can be more wounds than markers. Every hit
/// symbol counts, doubles as two (docs/rulings.md, "Poison counts every
/// hit symbol"); it is not an attack, so no modifier applies.
pub fn resolve_poison(markers: &mut StatusMarkers, stream: &mut Stream) -> PoisonRoll {
    let die = ShiftedDie::new(Colour::White, Shift::None);
    let mut wounds = 0;
    for _ in 0..markers.poisoned {
        wounds += die.roll_attack(stream).symbols();
    }
    let markers_removed = markers.remove(
        StatusKind::Poisoned,
        u8::try_from(wounds).unwrap_or(u8::MAX),
    );
    PoisonRoll {
        wounds,
        markers_removed,
    }
}

/// The distance a unit may move this action, in inches: Immobilized makes
/// it zero; Slowed halves it and a Skirmish move halves it again, so a
/// Slowed Skirmish move is a quarter ("Slowed"). Several Slowed markers halve
/// once (docs/rulings.md, "Several Slowed markers halve once").
pub fn speed_allowance(speed: f64, markers: &StatusMarkers, skirmish: bool) -> f64 {
    if markers.immobilized > 0 {
        return 0.0;
    }
    let mut s = speed;
    if markers.slowed > 0 {
        s /= 2.0;
    }
    if skirmish {
        s /= 2.0;
    }
    s
}
