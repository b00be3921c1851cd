//! Where the book states each keyword and kind of power, and the project's
//! rulings (docs/rulings.md) that touch it: the cards gallery links a card's
//! words to them. Pages are those the engine's own citations give (the
//! keyword lines on p.22, "Neutral Units" on p.30, powers on p.21).

use serde::Serialize;

use super::keywords::{AttackKeyword, UnitKeyword};
use super::powers::Timing;

/// A rule of the book and the rulings that read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovRuleRef))]
pub struct RuleRef {
    /// The section of BoV 5.1, its headings joined by " > ".
    pub section: &'static str,
    /// The page the section is on.
    pub page: u16,
    /// Headings of docs/rulings.md, exactly as written there.
    pub rulings: &'static [&'static str],
}

const fn at(section: &'static str, page: u16, rulings: &'static [&'static str]) -> RuleRef {
    RuleRef {
        section,
        page,
        rulings,
    }
}

impl UnitKeyword {
    /// Where the keyword's rule is written.
    pub fn reference(self) -> RuleRef {
        match self {
            UnitKeyword::Command => at("Keywords > Unit Keywords > Command X", 22, &["Command X"]),
            UnitKeyword::Dragonrider => at(
                "Dragonriders",
                19,
                &[
                    "Dragonrider is a Hero's keyword",
                    "Dragonriders",
                    "An Opportunity Attack on a Mount carrying its rider",
                ],
            ),
            UnitKeyword::Epic => at(
                "Keywords > Unit Keywords > Epic",
                22,
                &["Wounds beyond the last model are lost"],
            ),
            UnitKeyword::FieldCraft => at("Keywords > Unit Keywords > Field Craft", 22, &[]),
            UnitKeyword::Flying => at(
                "Keywords > Unit Keywords > Flying",
                22,
                &["Flying or on the ground"],
            ),
            UnitKeyword::Giant => at(
                "Keywords > Unit Keywords > Giant",
                22,
                &["Giant's dice are on the card", "Giant"],
            ),
            UnitKeyword::Hero => at(
                "Keywords > Unit Keywords > Hero",
                22,
                &[
                    "Hero outranks Shirkers",
                    "The General is chosen among the force's own Heroes",
                ],
            ),
            UnitKeyword::Huge => at(
                "Keywords > Unit Keywords > Huge",
                22,
                &["Huge and Tiny together"],
            ),
            UnitKeyword::Mount => at(
                "Keywords > Unit Keywords > Mount",
                22,
                &[
                    "Dragonriders",
                    "An Opportunity Attack on a Mount carrying its rider",
                ],
            ),
            UnitKeyword::Shirkers => at(
                "Keywords > Unit Keywords > Shirkers",
                22,
                &["Hero outranks Shirkers"],
            ),
            UnitKeyword::Tiny => at(
                "Keywords > Unit Keywords > Tiny",
                22,
                &["Huge and Tiny together"],
            ),
            UnitKeyword::Unfeeling => at("Keywords > Unit Keywords > Unfeeling", 22, &[]),
            UnitKeyword::Mercenary => at(
                "Neutral Units > Mercenaries",
                30,
                &["The General is chosen among the force's own Heroes"],
            ),
            UnitKeyword::Monster => at(
                "Neutral Units > Monsters",
                30,
                &[
                    "Monsters: a third side the engine plays",
                    "Placing Monsters",
                    "Who defeated a Monster",
                    "Flanked and Flanking with a Monster",
                ],
            ),
        }
    }
}

impl AttackKeyword {
    /// Where the keyword's rule is written.
    pub fn reference(self) -> RuleRef {
        match self {
            AttackKeyword::Assassinate => at(
                "Keywords > Attack Keywords > Assassinate",
                22,
                &["Assassinate is not split"],
            ),
            AttackKeyword::Immobilizing => at(
                "Keywords > Attack Keywords > Immobilizing",
                22,
                &["Charges under status effects"],
            ),
            AttackKeyword::Vaala => at(
                "Keywords > Attack Keywords > Vaala",
                22,
                &["Vaala cards", "An engaged caster casts on its own melee"],
            ),
            AttackKeyword::Poisoned => at(
                "Keywords > Attack Keywords > Poisoned",
                22,
                &["Poison counts every hit symbol"],
            ),
            AttackKeyword::Slowing => at(
                "Keywords > Attack Keywords > Slowing",
                22,
                &["Several Slowed markers halve once"],
            ),
        }
    }

    /// Every attack keyword.
    pub const ALL: [AttackKeyword; 5] = [
        AttackKeyword::Assassinate,
        AttackKeyword::Immobilizing,
        AttackKeyword::Vaala,
        AttackKeyword::Poisoned,
        AttackKeyword::Slowing,
    ];
}

/// Where a power of this timing is ruled (BoV 5.1, "Powers").
pub fn power_reference(timing: &Timing) -> RuleRef {
    match timing {
        Timing::Passive => at(
            "Powers > Passive",
            21,
            &["Passive powers act without being activated"],
        ),
        Timing::Action => at(
            "Powers > Action",
            21,
            &[
                "Activate Power: one interpreter of the effect language",
                "An action power costs the activation's counter",
            ],
        ),
        Timing::Reaction(_) => at(
            "Powers > Reaction",
            21,
            &["Reactions: one window per trigger"],
        ),
    }
}

/// Where an Ultimate power is ruled: once a game.
pub const ULTIMATE: RuleRef = at(
    "Powers > Ultimate",
    21,
    &["Ultimate powers are actions or reactions"],
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::powers::Trigger;

    /// Every ruling named is a heading of docs/rulings.md, so a renamed
    /// heading is caught here rather than as a dead link.
    #[test]
    fn every_ruling_named_is_a_heading() {
        let doc = include_str!("../../../../docs/rulings.md");
        let headings: Vec<&str> = doc
            .lines()
            .filter_map(|l| l.strip_prefix('#'))
            .map(|l| l.trim_start_matches('#').trim())
            .collect();
        let mut refs: Vec<RuleRef> = UnitKeyword::ALL.iter().map(|k| k.reference()).collect();
        refs.extend(AttackKeyword::ALL.iter().map(|k| k.reference()));
        refs.extend(
            [
                Timing::Passive,
                Timing::Action,
                Timing::Reaction(Trigger::EndOfTurn),
            ]
            .iter()
            .map(power_reference),
        );
        refs.push(ULTIMATE);
        for r in refs {
            assert!(r.page > 0, "{}", r.section);
            for ruling in r.rulings {
                assert!(
                    headings.contains(ruling),
                    "{ruling:?} ({}) is not a heading of docs/rulings.md",
                    r.section
                );
            }
        }
    }
}
