//! A newcomer's first force list: [`starter`] picks a valid one for a force
//! and a game size, and [`to_ron`] writes any list as a file to edit, each
//! line with what it costs and the rules that govern it.

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use serde::Serialize;

use super::{CARD_POINTS, ForceList, ListEntry, ListRule};
use crate::content::Pack;
use crate::rules::keywords::{AttackKeyword, UnitKeyword};
use crate::rules::units::UnitCard;

/// Why no starting list can be written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = BovStarterError))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StarterError {
    /// `force` is none of `forces`, those a list can be written for.
    UnknownForce { force: String, forces: Vec<String> },
    /// The game size buys no Hero of the force to lead it: the cheapest
    /// costs `cheapest`.
    TooSmall {
        force: String,
        game_size: u32,
        cheapest: u32,
    },
    /// A game size past [`super::MAX_GAME_SIZE`].
    TooLarge { game_size: u32 },
}

impl fmt::Display for StarterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StarterError::UnknownForce { force, forces } => write!(
                f,
                "'{force}' is not a force a list can be written for; the pack has {}",
                forces.join(", ")
            ),
            StarterError::TooSmall {
                force,
                game_size,
                cheapest,
            } => write!(
                f,
                "a {game_size}-point {force} force cannot include its General: its cheapest Hero costs {cheapest} points ({})",
                ListRule::General.citation()
            ),
            StarterError::TooLarge { game_size } => write!(
                f,
                "a game size of {game_size} points is past the largest a list may agree ({})",
                super::MAX_GAME_SIZE
            ),
        }
    }
}

impl std::error::Error for StarterError {}

/// A force's own units: neither Mercenaries nor Monsters, nor the starter
/// edition's Captain cards ("Captain, X"), whose place is at the head of
/// troopers.
fn own_units<'a>(pack: &'a Pack, force: &'a str) -> impl Iterator<Item = &'a UnitCard> {
    pack.units.iter().filter(move |c| {
        c.force == force
            && !c.has(UnitKeyword::Monster)
            && !c.has(UnitKeyword::Mercenary)
            && c.captain_of().is_none()
    })
}

/// The forces a starting list can be written for: those of the pack with a
/// Hero of their own to be the General.
pub fn starter_forces(pack: &Pack) -> Vec<&str> {
    pack.forces
        .iter()
        .filter(|f| own_units(pack, f).any(|c| c.has(UnitKeyword::Hero)))
        .map(String::as_str)
        .collect()
}

/// Whether a card can cast a targeted Vaala card: a ranged attack with the
/// Vaala keyword (BoV 5.1, "Vaala Cards", p. 21).
fn casts_vaala(card: &UnitCard) -> bool {
    card.front
        .ranged
        .as_ref()
        .is_some_and(|r| r.keywords.contains(&AttackKeyword::Vaala))
}

fn entry(card: &UnitCard) -> ListEntry {
    ListEntry {
        id: None,
        card: card.id.clone(),
        general: false,
        artifacts: Vec::new(),
        bonded_to: None,
        mounted_on: None,
        captain: None,
    }
}

/// A valid list of `force` (any case) for a game of `game_size` points, made
/// the same way every time: the General (a Dragonrider if the force has
/// one, so that any other Hero may join later), bonded to and riding a
/// dragon when the pair costs at most half the game, then the force's other
/// cards in the pack's order, again and again while points remain, then an
/// Artifact for the General and Vaala cards the force can use.
pub fn starter(pack: &Pack, force: &str, game_size: u32) -> Result<ForceList, StarterError> {
    let forces = starter_forces(pack);
    let Some(force) = forces
        .iter()
        .copied()
        .find(|f| f.eq_ignore_ascii_case(force))
    else {
        return Err(StarterError::UnknownForce {
            force: force.to_string(),
            forces: forces.iter().map(|f| f.to_string()).collect(),
        });
    };
    if game_size > super::MAX_GAME_SIZE {
        return Err(StarterError::TooLarge { game_size });
    }
    let own: Vec<&UnitCard> = own_units(pack, force).collect();
    let points = |c: &UnitCard| u32::from(c.points);
    let heroes = || own.iter().copied().filter(|c| c.has(UnitKeyword::Hero));
    let fits = |c: &&UnitCard| points(c) <= game_size;
    let general = heroes()
        .filter(|c| c.has(UnitKeyword::Dragonrider))
        .filter(fits)
        .min_by_key(|c| points(c))
        .or_else(|| heroes().filter(fits).min_by_key(|c| points(c)));
    let Some(general) = general else {
        return Err(StarterError::TooSmall {
            force: force.to_string(),
            game_size,
            cheapest: heroes().map(points).min().unwrap_or(0),
        });
    };
    let mut left = game_size - points(general);
    let mut units = vec![ListEntry {
        general: true,
        ..entry(general)
    }];
    if general.has(UnitKeyword::Dragonrider)
        && let Some(dragon) = own
            .iter()
            .copied()
            .filter(|c| c.is_dragon())
            .min_by_key(|c| points(c))
        && 2 * (points(general) + points(dragon)) <= game_size
    {
        left -= points(dragon);
        units[0].bonded_to = Some(dragon.id.clone());
        if dragon.has(UnitKeyword::Mount) {
            units[0].mounted_on = Some(dragon.id.clone());
        }
        units.push(entry(dragon));
    }
    let troops: Vec<&UnitCard> = own
        .iter()
        .copied()
        .filter(|c| !c.has(UnitKeyword::Hero) && !c.is_dragon() && c.points > 0)
        .collect();
    let mut copies: HashMap<&str, usize> = HashMap::new();
    loop {
        let mut added = false;
        for &c in &troops {
            let n = copies.entry(c.id.as_str()).or_insert(0);
            if points(c) > left || (c.unique && *n > 0) {
                continue;
            }
            *n += 1;
            left -= points(c);
            added = true;
            units.push(ListEntry {
                id: (*n > 1).then(|| format!("{}_{n}", c.id)),
                ..entry(c)
            });
        }
        if !added {
            break;
        }
    }
    if left >= CARD_POINTS
        && let Some(a) = pack.artifacts.first()
    {
        left -= CARD_POINTS;
        units[0].artifacts.push(a.id.clone());
    }
    let caster = units
        .iter()
        .any(|u| pack.unit(&u.card).is_some_and(|(_, c)| casts_vaala(c)));
    let mut vaala = Vec::new();
    for v in &pack.vaala {
        if left >= CARD_POINTS && (caster || !v.targeted) {
            left -= CARD_POINTS;
            vaala.push(v.id.clone());
        }
    }
    Ok(ForceList {
        name: format!("{force}: a starting force"),
        force: force.to_string(),
        game_size,
        units,
        vaala,
        monsters: Vec::new(),
        edition: None,
        upgrade_tokens: 0,
    })
}

/// A RON string literal.
fn quoted(s: &str) -> String {
    ron::to_string(s).unwrap_or_else(|_| format!("{s:?}"))
}

fn quoted_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|s| quoted(s)).collect();
    format!("[{}]", items.join(", "))
}

/// `list` as a force list file, in the very format [`super::parse`] reads:
/// a header saying how to edit and check it, and beside each unit its card's
/// name and points.
pub fn to_ron(pack: &Pack, list: &ForceList) -> String {
    let mut out = String::new();
    let faction = list.force.to_lowercase();
    let general = ListRule::General;
    let _ = write!(
        out,
        "\
// {name}
//
// A Battles of Valerna force list (RON). Edit it, then check it with
// `valerna bov list validate FILE`: it names each entry that breaks a rule,
// the rule and its page. `valerna bov cards --faction {faction}` lists the
// cards to pick from, with their ids, points and keywords.
//
// - Each unit costs its card's points, each Vaala and Artifact card 1;
//   spend at most `game_size`
//   ({points}).
// - Mark exactly one Hero `general: true`. A Hero bonded with a dragon
//   must lead, else a Dragonrider if the force has one
//   ({general}).
// - A Hero may carry one Artifact: `artifacts: [\"id\"]`. A Dragonrider may
//   be bonded to a dragon, `bonded_to: Some(\"entry id\")`, and start the
//   game riding a Mount, `mounted_on: Some(\"entry id\")`.
// - A second copy of a card needs an `id` of its own (a-z, 0-9 and _); a
//   Unique card, a Vaala card or an Artifact never appears twice.
// - Neutral Mercenaries may join for no more points than the rest of the
//   force, and never as its General
//   ({mercenaries}).
(
    name: {qname},
    force: {qforce},
    game_size: {size},
    units: [
",
        name = list.name.replace(['\n', '\r'], " "),
        points = ListRule::Points.citation(),
        general = general.citation(),
        mercenaries = ListRule::Mercenaries.citation(),
        qname = quoted(&list.name),
        qforce = quoted(&list.force),
        size = list.game_size,
    );
    let tokens = list.upgrade_tokens.min(u32::from(u16::MAX));
    let mut spent = CARD_POINTS * (list.vaala.len() as u32 + tokens);
    for e in &list.units {
        let card = pack.unit(&e.card).map(|(_, c)| c);
        let cost = card.map_or(0, |c| u32::from(c.points));
        spent += cost + CARD_POINTS * e.artifacts.len() as u32;
        let comment = match card {
            Some(c) => {
                let mut what = format!("{}: {cost} points", c.name);
                if !e.artifacts.is_empty() {
                    let _ = write!(what, " + {} for its Artifact", e.artifacts.len());
                }
                if e.general {
                    what.push_str(", the General");
                }
                what
            }
            None => "not a card of the pack".into(),
        };
        let mut fields = Vec::new();
        if let Some(id) = &e.id {
            fields.push(format!("id: {}", quoted(id)));
        }
        fields.push(format!("card: {}", quoted(&e.card)));
        if e.general {
            fields.push("general: true".into());
        }
        let mut more = Vec::new();
        if !e.artifacts.is_empty() {
            more.push(format!("artifacts: {}", quoted_list(&e.artifacts)));
        }
        if let Some(b) = &e.bonded_to {
            more.push(format!("bonded_to: Some({})", quoted(b)));
        }
        if let Some(m) = &e.mounted_on {
            more.push(format!("mounted_on: Some({})", quoted(m)));
        }
        if let Some(c) = &e.captain {
            more.push(format!("captain: Some({})", quoted(c)));
        }
        if more.is_empty() {
            let _ = writeln!(out, "        ({}), // {comment}", fields.join(", "));
        } else {
            let _ = writeln!(out, "        ( // {comment}");
            for f in fields.iter().chain(&more) {
                let _ = writeln!(out, "            {f},");
            }
            let _ = writeln!(out, "        ),");
        }
    }
    let _ = write!(
        out,
        "    ],\n    // Vaala cards for the hand, by id, 1 point each.\n    vaala: {},\n",
        quoted_list(&list.vaala)
    );
    if list.monsters.is_empty() {
        if let Some(m) = pack.units.iter().find(|c| c.monster.is_some()) {
            let _ = writeln!(
                out,
                "    // Monsters to field in the battle join no force and cost nothing:\n    // monsters: [{}],",
                quoted(&m.id)
            );
        }
    } else {
        let _ = writeln!(out, "    monsters: {},", quoted_list(&list.monsters));
    }
    if let Some(e) = list.edition {
        let name = ron::to_string(&e).unwrap_or_default();
        let _ = writeln!(
            out,
            "    // The rulebook the list is written for: v5_1 or starter.\n    edition: {name},"
        );
    }
    if list.upgrade_tokens > 0 {
        let _ = writeln!(
            out,
            "    // Upgrade tokens, 1 point each: one may be spent on an attack or\n    // defense roll, declared before it ({}).\n    upgrade_tokens: {},",
            ListRule::UpgradeTokens.citation(),
            list.upgrade_tokens
        );
    }
    let _ = writeln!(out, ")\n// {spent} of {} points spent.", list.game_size);
    out
}
