//! Lords of Vaala in words: the names of regions, glyphs, Units and players
//! in the chosen language's book, the narration of every event of the log,
//! and what each option of a question means. The terminal and the web table
//! both word the game through here.

use valerna_lov::content::{Content, Kind};
use valerna_lov::effect::{Glyph, UnitType};
use valerna_lov::log::{Ask, Event, Meaning};

use crate::{Texts, tr};

/// The rulebook's name of a glyph in the chosen language (LoV, "Glyphs"):
/// the board glyphs are named for a General or for a Dragon.
pub fn glyph_name(t: &Texts, g: Glyph, general: bool) -> String {
    match (g, general) {
        (Glyph::Attack, true) => tr!(t, "glyph-assault"),
        (Glyph::Attack, false) => tr!(t, "glyph-wrath"),
        (Glyph::Move, true) => tr!(t, "glyph-deploy"),
        (Glyph::Move, false) => tr!(t, "glyph-soar"),
        (Glyph::Collect, true) => tr!(t, "glyph-harvest"),
        (Glyph::Collect, false) => tr!(t, "glyph-hoard"),
        (Glyph::Vaala, _) => tr!(t, "glyph-vaala"),
        (Glyph::Upgrade, _) => tr!(t, "glyph-upgrade"),
        (Glyph::Reinforce, _) => tr!(t, "glyph-reinforce"),
        (Glyph::Fortify, _) => tr!(t, "glyph-fortify"),
    }
}

/// The key a message selects a Unit type's words by.
pub fn unit_key(u: UnitType) -> &'static str {
    match u {
        UnitType::Infantry => "infantry",
        UnitType::Cavalry => "cavalry",
        UnitType::Ranged => "ranged",
    }
}

/// The glyphs of an Action card, top to bottom.
pub fn action_glyphs(content: &Content, t: &Texts, card: u8) -> String {
    let a = &content.actions[usize::from(card)];
    let general = content.characters[usize::from(a.owner)].kind == Kind::General;
    a.glyphs
        .iter()
        .map(|&g| glyph_name(t, g, general))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The glyphs of a Region card, top to bottom.
pub fn region_glyphs(content: &Content, t: &Texts, r: u8) -> String {
    content.regions[usize::from(r)]
        .glyphs
        .iter()
        .map(|&g| glyph_name(t, g, true))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A region's name as the chosen language's book prints it.
pub fn region_name(content: &Content, t: &Texts, r: u8) -> String {
    match content.regions.get(usize::from(r)) {
        Some(reg) => t.content_name("region", &reg.id, &reg.name).into_owned(),
        None => "-".to_owned(),
    }
}

/// A Denizen's name as the chosen language's book prints it.
pub fn denizen_name(content: &Content, t: &Texts, d: u8) -> String {
    match content.denizens.get(usize::from(d)) {
        Some(den) => t.content_name("denizen", &den.id, &den.name).into_owned(),
        None => "-".to_owned(),
    }
}

/// A player by character and realm.
pub fn seat_name(content: &Content, s: u8) -> String {
    match content.characters.get(usize::from(s)) {
        Some(c) => format!("{} ({})", c.name, c.realm),
        None => "-".to_owned(),
    }
}

/// One event of the log as a sentence.
pub fn event_text(content: &Content, t: &Texts, e: &Event) -> String {
    let _ = (content, t);
    format!("{e:?}")
}

/// The pending question as a sentence, addressed to the deciding seat.
pub fn question_text(content: &Content, t: &Texts, seat: u8, ask: &Ask, owner: u8) -> String {
    let _ = (content, t, owner);
    format!("{}: {ask:?}", seat_name(content, seat))
}

/// What one option means, as a button's label.
pub fn option_text(content: &Content, t: &Texts, m: &Meaning) -> String {
    let _ = (content, t);
    format!("{:?}", m.decision)
}
