//! Captain cards and Heroes as Captains in a starter list (BoV starter,
//! "SELECT UNITS": "Choose Trooper cards and for each of them you must
//! attach a Captain card with the same keyword as the troopers";
//! "Heroes as Captains"; "Duplicates").
//!
//! A trooper entry names the Hero leading it (`captain: Some("entry")`);
//! the Hero's entry stays in the list, its points spent as any card's, and
//! the force folds it into the troopers' unit ([`super::ForceCaptain`]).

use std::collections::HashMap;

use super::{Found, Reading};
use crate::rules::edition::Edition;
use crate::rules::keywords::UnitKeyword;

impl Reading<'_> {
    /// The entry of the Hero leading the troopers of entry `i`, when it
    /// names one of the list's other entries.
    pub(super) fn captain(&self, i: usize) -> Option<usize> {
        self.list.units[i]
            .captain
            .as_deref()
            .and_then(|c| self.find(c))
            .filter(|&h| h != i)
    }

    /// Each Hero leading troopers, with the first troopers' entry naming
    /// it.
    pub(super) fn leaders(&self) -> HashMap<usize, usize> {
        let mut out = HashMap::new();
        for i in 0..self.list.units.len() {
            if let Some(h) = self.captain(i) {
                out.entry(h).or_insert(i);
            }
        }
        out
    }
}

/// Whether a card is one of troopers a Captain may lead: two or more
/// models and no Hero ("All units that consist of two or more models start
/// the game with a captain").
fn troopers(card: &crate::rules::units::UnitCard) -> bool {
    card.models >= 2 && !card.has(UnitKeyword::Hero)
}

/// BoV starter, "Heroes as Captains": "Some Heroes have the keyword
/// 'Captain, X' ... Such Heroes can become the Captain in one of the units
/// that bear the same Keyword"; "SELECT UNITS": a Captain card "with the
/// same keyword as the troopers"; "Duplicates": a Hero leading a unit
/// leads no other. The General "can fight on its own" and is no one's
/// Captain, nor is a Hero riding a Mount, bonded to a dragon or carrying
/// an Artifact (docs/rulings.md, "Heroes as Captains").
pub(super) fn heroes_as_captains(r: &Reading<'_>) -> Found {
    let mut found = Found::new();
    let starter = r.list.edition == Some(Edition::Starter);
    let mut led: HashMap<usize, &str> = HashMap::new();
    for (i, e) in r.list.units.iter().enumerate() {
        let Some(c) = e.captain.as_deref() else {
            continue;
        };
        if !starter {
            found.push((
                r.unit(i),
                format!(
                    "captain '{c}': Captain cards and Heroes leading troopers are the starter set's, so the list must follow the starter set's rules (`edition: starter` in the file)"
                ),
            ));
            continue;
        }
        let Some(h) = r.find(c) else {
            continue; // reported as an unknown entry
        };
        if h == i {
            found.push((r.unit(i), "a unit cannot be its own Captain".into()));
            continue;
        }
        if let Some(first) = led.insert(h, e.entry_id()) {
            found.push((
                r.unit(i),
                format!("captain '{c}' leads '{first}' already: a Hero leads one unit at most"),
            ));
        }
        let (Some(unit), Some(hero)) = (r.card(i), r.card(h)) else {
            continue; // reported as an unknown card
        };
        if !troopers(unit) {
            found.push((
                r.unit(i),
                format!(
                    "{} is not a unit of troopers (two or more models, no Hero): only troopers are led by a Captain",
                    unit.name
                ),
            ));
        }
        let Some(x) = hero.captain_of().filter(|_| hero.has(UnitKeyword::Hero)) else {
            found.push((
                r.unit(i),
                format!(
                    "captain '{c}': {} has no \"Captain, X\" keyword, so it leads no troopers",
                    hero.name
                ),
            ));
            continue;
        };
        if !unit.answers_to(x) {
            found.push((
                r.unit(i),
                format!(
                    "captain '{c}': {} is \"Captain, {x}\", and {} bear no '{x}' keyword",
                    hero.name, unit.name
                ),
            ));
        }
        let leader = &r.list.units[h];
        for (breaks, why) in [
            (leader.general, "is the General, who fights on its own"),
            (leader.mounted_on.is_some(), "rides a Mount"),
            (leader.bonded_to.is_some(), "is bonded to a dragon"),
            (!leader.artifacts.is_empty(), "carries an Artifact"),
            (leader.captain.is_some(), "is led by a Captain itself"),
        ] {
            if breaks {
                found.push((
                    r.unit(i),
                    format!(
                        "captain '{c}': {} {why}, so it cannot lead troopers",
                        hero.name
                    ),
                ));
            }
        }
    }
    found
}
