//! Lords of Vaala in words: the names of regions, glyphs, Units and players
//! in the chosen language's book, the narration of every event of the log,
//! and what each option of a question means. The terminal and the web table
//! both word the game through here.

use valerna_lov::content::{Content, Kind};
use valerna_lov::decision::{Decision, Target};
use valerna_lov::effect::{Glyph, Piece, Step, UnitType};
use valerna_lov::log::{Ask, Card, Event, Faces, Meaning, Shield, face_slot};
use valerna_lov::state::{CardKind, Core, NONE, Phase, WOUND_SPACES};

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

/// A region's name in the chosen language: the book's where it prints one,
/// else the pack's own translation (provisional), else its English.
pub fn region_name(content: &Content, t: &Texts, r: u8) -> String {
    match content.regions.get(usize::from(r)) {
        Some(reg) => reg.name_in(t.lang().code()).to_owned(),
        None => "-".to_owned(),
    }
}

/// A Denizen's name in the chosen language (as [`region_name`]).
pub fn denizen_name(content: &Content, t: &Texts, d: u8) -> String {
    match content.denizens.get(usize::from(d)) {
        Some(den) => den.name_in(t.lang().code()).to_owned(),
        None => "-".to_owned(),
    }
}

/// A Denizen's text in the chosen language.
pub fn denizen_text(content: &Content, t: &Texts, d: u8) -> String {
    match content.denizens.get(usize::from(d)) {
        Some(den) => den.text_in(t.lang().code()).to_owned(),
        None => "-".to_owned(),
    }
}

/// An Event card's name in the chosen language.
pub fn event_name(content: &Content, t: &Texts, e: u8) -> String {
    match content.events.get(usize::from(e)) {
        Some(ev) => ev.name_in(t.lang().code()).to_owned(),
        None => "-".to_owned(),
    }
}

/// An Event card's text in the chosen language.
pub fn event_body(content: &Content, t: &Texts, e: u8) -> String {
    match content.events.get(usize::from(e)) {
        Some(ev) => ev.text_in(t.lang().code()).to_owned(),
        None => "-".to_owned(),
    }
}

/// A Vaala card's name in the chosen language.
pub fn vaala_name(content: &Content, t: &Texts, v: u8) -> String {
    match content.vaala.get(usize::from(v)) {
        Some(card) => card.name_in(t.lang().code()).to_owned(),
        None => "-".to_owned(),
    }
}

/// A Vaala card's text in the chosen language.
pub fn vaala_text(content: &Content, t: &Texts, v: u8) -> String {
    match content.vaala.get(usize::from(v)) {
        Some(card) => card.text_in(t.lang().code()).to_owned(),
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

/// A player as the log names them: the character's name.
fn who(content: &Content, s: u8) -> String {
    match content.characters.get(usize::from(s)) {
        Some(c) => c.name.clone(),
        None => "-".to_owned(),
    }
}

/// A combat target: a player, or the neutral Units.
fn target(content: &Content, t: &Texts, target: Target) -> String {
    match target {
        Target::Seat(s) => who(content, s),
        Target::Neutral => tr!(t, "who-neutral"),
    }
}

/// "2 Infantry, 1 Cavalry, the General".
fn units(t: &Texts, units: [u8; 3], general: bool) -> String {
    let mut parts: Vec<String> = UnitType::ALL
        .iter()
        .filter(|u| units[u.index()] > 0)
        .map(|&u| {
            tr!(
                t,
                "units-count",
                count = units[u.index()],
                unit = unit_key(u)
            )
        })
        .collect();
    if general {
        parts.push(tr!(t, "units-general"));
    }
    parts.join(", ")
}

/// The dice of a roll as faces: `[·]` a miss, `[✓]` a hit, `[✓✓]` a double
/// hit, `[✶]` a critical, `[✶✶]` a double critical (docs/rulings.md, "The Lords of Vaala combat die").
pub fn faces_text(faces: &Faces) -> String {
    const SYMBOLS: [&str; 5] = ["[·]", "[✓]", "[✓✓]", "[✶]", "[✶✶]"];
    let dice: Vec<&str> = (0..5)
        .rev()
        .flat_map(|k| std::iter::repeat_n(SYMBOLS[k], usize::from(faces[k])))
        .collect();
    if dice.is_empty() {
        "-".to_owned()
    } else {
        dice.join(" ")
    }
}

/// A Dragonbond die (a d10 result) as its face.
fn bond_die(d10: u8) -> String {
    let f = valerna_dice::lov::face(d10);
    let mut faces = [0u8; 5];
    faces[face_slot(f)] = 1;
    faces_text(&faces)
}

fn phase_name(t: &Texts, phase: Phase) -> String {
    match phase {
        Phase::Planning { .. } => tr!(t, "phase-planning"),
        Phase::Resolution => tr!(t, "phase-resolution"),
        Phase::CleanUp => tr!(t, "phase-cleanup"),
        Phase::Over => tr!(t, "phase-over"),
    }
}

fn back_key(kind: CardKind) -> &'static str {
    match kind {
        CardKind::Action => "action",
        CardKind::Region => "region",
        CardKind::Event => "event",
    }
}

/// A card as the log names it.
pub fn card_text(content: &Content, t: &Texts, card: Card) -> String {
    card_in_case(content, t, card, "plain")
}

/// A card after "of" (`case` "of": "della carta", "du glyphe") or alone
/// (`case` "plain").
fn card_in_case(content: &Content, t: &Texts, card: Card, case: &str) -> String {
    match card {
        Card::Event { id } => match content.events.get(usize::from(id)) {
            Some(_) => tr!(
                t,
                "card-event",
                case = case,
                name = event_name(content, t, id)
            ),
            None => "-".to_owned(),
        },
        Card::Action { id } => match content.actions.get(usize::from(id)) {
            Some(a) => tr!(
                t,
                "card-action",
                case = case,
                who = who(content, a.owner),
                glyphs = action_glyphs(content, t, id)
            ),
            None => "-".to_owned(),
        },
        Card::Region { id } => tr!(
            t,
            "card-region",
            case = case,
            region = region_name(content, t, id)
        ),
        Card::Vaala { id } => match content.vaala.get(usize::from(id)) {
            Some(_) => tr!(
                t,
                "card-vaala",
                case = case,
                name = vaala_name(content, t, id)
            ),
            None => "-".to_owned(),
        },
        Card::Board { seat, glyph } => tr!(
            t,
            "card-board",
            case = case,
            glyph = glyph_name(t, glyph, Core::is_general(seat)),
            who = who(content, seat)
        ),
    }
}

/// How the game ended and who won (LoV p.9, "End of the Game").
pub fn outcome_text(content: &Content, t: &Texts, reason: &str, winners: &[u8]) -> String {
    let why = tr!(t, "outcome-reason", reason = reason);
    let names: Vec<String> = winners.iter().map(|&w| who(content, w)).collect();
    match names.as_slice() {
        [] => tr!(t, "outcome", why = why, winner = "-"),
        [one] => tr!(t, "outcome", why = why, winner = one.as_str()),
        [first, rest @ ..] => tr!(
            t,
            "outcome-team",
            why = why,
            first = first.as_str(),
            second = rest.join(", ")
        ),
    }
}

/// One event of the log as a sentence.
pub fn event_text(content: &Content, t: &Texts, e: &Event) -> String {
    let c = content;
    let reg = |r: u8| region_name(c, t, r);
    match *e {
        Event::RoundStarted { round } => tr!(t, "ev-round", round = round),
        Event::PhaseStarted { phase } => tr!(t, "ev-phase", phase = phase_name(t, phase)),
        Event::CardPlayed { seat, back, .. } => tr!(
            t,
            "ev-card-played",
            who = who(c, seat),
            back = tr!(t, "card-back", back = back_key(back))
        ),
        Event::OwnCardPlayed { card, .. } => {
            tr!(t, "ev-own-card", card = card_text(c, t, card))
        }
        Event::EventPlaced { .. } => tr!(t, "ev-event-placed"),
        Event::Passed { seat, initiative } => tr!(
            t,
            "ev-passed",
            who = who(c, seat),
            initiative = if initiative { "yes" } else { "no" }
        ),
        Event::InitiativeGiven { from, to } => tr!(
            t,
            "ev-initiative-given",
            from = who(c, from),
            to = who(c, to)
        ),
        Event::Revealed { card, owner, .. } => match card {
            Card::Event { id } => match c.events.get(usize::from(id)) {
                Some(_) => tr!(
                    t,
                    "ev-revealed-event",
                    name = event_name(c, t, id),
                    text = event_body(c, t, id)
                ),
                None => "-".to_owned(),
            },
            Card::Action { id } => tr!(
                t,
                "ev-revealed-action",
                who = who(c, owner),
                glyphs = action_glyphs(c, t, id)
            ),
            Card::Region { id } => tr!(
                t,
                "ev-revealed-region",
                who = who(c, owner),
                region = reg(id),
                glyphs = region_glyphs(c, t, id)
            ),
            other => card_text(c, t, other),
        },
        Event::Cancelled { .. } => tr!(t, "ev-cancelled"),
        Event::Glyph {
            seat,
            glyph,
            activated,
        } => tr!(
            t,
            "ev-glyph",
            who = who(c, seat),
            activated = if activated { "yes" } else { "no" },
            glyph = glyph_name(t, glyph, Core::is_general(seat))
        ),
        Event::ForceMoved {
            seat,
            from,
            to,
            units: u,
            general,
        } => tr!(
            t,
            "ev-force-moved",
            who = who(c, seat),
            units = units(t, u, general),
            from = reg(from),
            to = reg(to)
        ),
        Event::DragonMoved { seat, from, to } => tr!(
            t,
            "ev-dragon-moved",
            who = who(c, seat),
            from = reg(from),
            to = reg(to)
        ),
        Event::UnitsPlaced {
            seat,
            region,
            units: u,
        } => {
            if seat == NONE {
                tr!(t, "ev-neutral-placed", count = u[0], region = reg(region))
            } else {
                tr!(
                    t,
                    "ev-units-placed",
                    who = who(c, seat),
                    units = units(t, u, false),
                    region = reg(region)
                )
            }
        }
        Event::Combat {
            attacker,
            defender,
            region,
            attack,
            defense,
        } => tr!(
            t,
            "ev-combat",
            region = reg(region),
            attacker = who(c, attacker),
            attack = attack,
            defender = target(c, t, defender),
            defense = defense
        ),
        Event::CombatEnded {
            attacker,
            region,
            won,
        } => tr!(
            t,
            "ev-combat-ended",
            who = who(c, attacker),
            region = reg(region),
            won = if won { "yes" } else { "no" }
        ),
        Event::Rolled { seat, faces, .. } => {
            let crit = u16::from(faces[3]) + 2 * u16::from(faces[4]);
            let std = u16::from(faces[1]) + 2 * u16::from(faces[2]);
            if seat == NONE {
                tr!(
                    t,
                    "ev-neutral-rolled",
                    dice = faces_text(&faces),
                    criticals = crit,
                    standard = std
                )
            } else {
                tr!(
                    t,
                    "ev-rolled",
                    who = who(c, seat),
                    dice = faces_text(&faces),
                    criticals = crit,
                    standard = std
                )
            }
        }
        Event::UnitLost { seat, region, unit } => tr!(
            t,
            "ev-unit-lost",
            who = who(c, seat),
            unit = unit_key(unit),
            region = reg(region)
        ),
        Event::NeutralLost { region } => tr!(t, "ev-neutral-lost", region = reg(region)),
        Event::GeneralInjured { seat, region } => tr!(
            t,
            "ev-general-injured",
            who = who(c, seat),
            region = reg(region)
        ),
        Event::Wounded { seat, wounds } => tr!(
            t,
            "ev-wounded",
            who = who(c, seat),
            wounds = wounds,
            max = WOUND_SPACES
        ),
        Event::Healed { seat, amount } => {
            tr!(t, "ev-healed", who = who(c, seat), amount = amount)
        }
        Event::HitIgnored { seat, shield, .. } => {
            let shield = match shield {
                Shield::Mountain => "mountain",
                Shield::Ward => "ward",
                Shield::City => "city",
            };
            if seat == NONE {
                tr!(t, "ev-neutral-hit-ignored", shield = shield)
            } else {
                tr!(t, "ev-hit-ignored", who = who(c, seat), shield = shield)
            }
        }
        Event::ForceDestroyed { seat, region } => tr!(
            t,
            "ev-force-destroyed",
            who = who(c, seat),
            region = reg(region)
        ),
        Event::Essence { dragon, .. } => tr!(t, "ev-essence", who = who(c, dragon)),
        Event::Retreated { seat, from, to } => tr!(
            t,
            "ev-retreated",
            who = who(c, seat),
            from = reg(from),
            to = reg(to)
        ),
        Event::Eliminated { seat } => tr!(t, "ev-eliminated", who = who(c, seat)),
        Event::PowerCollected {
            seat,
            region,
            amount,
        } => tr!(
            t,
            "ev-power-collected",
            who = who(c, seat),
            amount = amount,
            region = reg(region)
        ),
        Event::PowerGained { seat, amount } => {
            tr!(t, "ev-power-gained", who = who(c, seat), amount = amount)
        }
        Event::PowerPlaced { region, amount } => {
            tr!(t, "ev-power-placed", amount = amount, region = reg(region))
        }
        Event::PowerSpent { seat, amount } => {
            tr!(t, "ev-power-spent", who = who(c, seat), amount = amount)
        }
        Event::PowerStolen {
            thief,
            victim,
            spent,
        } => tr!(
            t,
            "ev-power-stolen",
            thief = who(c, thief),
            spent = if spent { "yes" } else { "no" },
            victim = who(c, victim)
        ),
        Event::DenizenRecruited {
            seat,
            denizen,
            unit,
        } => tr!(
            t,
            "ev-denizen",
            who = who(c, seat),
            denizen = denizen_name(c, t, denizen),
            unit = unit_key(unit)
        ),
        Event::CityBuilt { region } => tr!(t, "ev-city-built", region = reg(region)),
        Event::CityDestroyed { region } => tr!(t, "ev-city-destroyed", region = reg(region)),
        Event::BondRolled {
            general,
            dragon,
            general_die,
            dragon_die,
        } => tr!(
            t,
            "ev-bond-rolled",
            general = who(c, general),
            gdie = bond_die(general_die),
            dragon = who(c, dragon),
            ddie = bond_die(dragon_die)
        ),
        Event::BondRerolled { seat, die } => {
            tr!(
                t,
                "ev-bond-rerolled",
                who = who(c, seat),
                die = bond_die(die)
            )
        }
        Event::Bonded { general, dragon } => tr!(
            t,
            "ev-bonded",
            general = who(c, general),
            dragon = who(c, dragon)
        ),
        Event::VaalaPlayed { seat, card } => tr!(
            t,
            "ev-vaala-played",
            who = who(c, seat),
            name = vaala_name(c, t, card)
        ),
        Event::VaalaDrawn { seat } => tr!(t, "ev-vaala-drawn", who = who(c, seat)),
        Event::OwnVaalaDrawn { card, .. } => {
            tr!(t, "ev-own-vaala-drawn", name = vaala_name(c, t, card))
        }
        Event::Ended { reason, winners } => {
            let w: Vec<u8> = (0..4u8).filter(|s| winners & (1 << s) != 0).collect();
            tr!(t, "ev-ended", outcome = outcome_text(c, t, reason.id(), &w))
        }
    }
}

/// The question as a phrase, without who is asked.
pub fn ask_text(content: &Content, t: &Texts, ask: &Ask) -> String {
    let c = content;
    let reg = |r: u8| region_name(c, t, r);
    let card = |k: Option<Card>| k.map_or_else(|| "-".to_owned(), |k| card_text(c, t, k));
    match *ask {
        Ask::Other => tr!(t, "ask-other"),
        Ask::Plan => tr!(t, "ask-plan"),
        Ask::Initiative => tr!(t, "ask-initiative"),
        Ask::Glyph { glyph, card: k } => {
            let general = match k {
                Card::Action { id } => c
                    .actions
                    .get(usize::from(id))
                    .is_none_or(|a| Core::is_general(a.owner)),
                Card::Board { seat, .. } => Core::is_general(seat),
                _ => true,
            };
            tr!(
                t,
                "ask-glyph",
                glyph = glyph_name(t, glyph, general),
                card = card_in_case(c, t, k, "of")
            )
        }
        Ask::Program { card: k } => tr!(t, "ask-program", card = card(k)),
        Ask::MoveFrom => tr!(t, "ask-move-from"),
        Ask::MoveTo { from } => tr!(t, "ask-move-to", from = reg(from)),
        Ask::MoveCount { unit, from, to } => tr!(
            t,
            "ask-move-count",
            unit = unit_key(unit),
            from = reg(from),
            to = reg(to)
        ),
        Ask::MoveGeneral { from, to } => {
            tr!(t, "ask-move-general", from = reg(from), to = reg(to))
        }
        Ask::AssaultRegion => tr!(t, "ask-assault"),
        Ask::RetreatTo { from } => tr!(t, "ask-retreat", from = reg(from)),
        Ask::Target { region } => tr!(t, "ask-target", region = reg(region)),
        Ask::NextDefender { region } => tr!(t, "ask-next-defender", region = reg(region)),
        Ask::Defend { region } => tr!(t, "ask-defend", region = reg(region)),
        Ask::Continue { region } => tr!(t, "ask-continue", region = reg(region)),
        Ask::Lose { region } => tr!(t, "ask-lose", region = reg(region)),
        Ask::Steal { victim } => tr!(t, "ask-steal", victim = who(c, victim)),
        Ask::StealFrom { region } => tr!(t, "ask-steal-from", region = reg(region)),
        Ask::AttemptBond { region } => tr!(t, "ask-attempt-bond", region = reg(region)),
        Ask::Vaala => tr!(t, "ask-vaala"),
        Ask::Bond { die, other } => {
            tr!(t, "ask-bond", die = bond_die(die), other = bond_die(other))
        }
        Ask::Denizen { .. } => tr!(t, "ask-denizen"),
        Ask::Place { region } => tr!(t, "ask-place", region = reg(region)),
        Ask::Region { card: k } => tr!(t, "ask-region", card = card(k)),
        Ask::Focus => tr!(t, "ask-focus"),
    }
}

/// A tie for the Focus region as a question (LoV Glossary "Focus region"):
/// the initiative holder chooses for the Faceless player (or the Event)
/// whose card is being resolved, named with that card.
pub fn focus_question(
    content: &Content,
    t: &Texts,
    seat: u8,
    card: Option<Card>,
    owner: u8,
) -> String {
    let what = match card {
        Some(k) => tr!(
            t,
            "ask-focus-card",
            card = card_in_case(content, t, k, "of")
        ),
        None => tr!(t, "ask-focus"),
    };
    asked(content, t, seat, what, owner)
}

/// The pending question as a sentence: who decides, for whom, and what.
pub fn question_text(content: &Content, t: &Texts, seat: u8, ask: &Ask, owner: u8) -> String {
    asked(content, t, seat, ask_text(content, t, ask), owner)
}

/// `what` asked of `seat`, for `owner` (itself, a Faceless player, or
/// `NONE`: an Event).
fn asked(content: &Content, t: &Texts, seat: u8, what: String, owner: u8) -> String {
    let name = seat_name(content, seat);
    if owner == seat {
        tr!(t, "question", who = name, ask = what)
    } else if owner == NONE {
        tr!(t, "question-for-event", who = name, ask = what)
    } else {
        tr!(
            t,
            "question-for",
            who = name,
            owner = seat_name(content, owner),
            ask = what
        )
    }
}

/// The steps of the `i`-th program of the choice that `card` offers.
fn program(content: &Content, card: Option<Card>, i: u8) -> Option<&[Step]> {
    let steps: &[Step] = match card? {
        Card::Board { seat, glyph } => {
            let ch = content.characters.get(usize::from(seat))?;
            let k = glyph.board_index()?;
            let human = &ch.human.glyphs[k];
            if human.iter().any(|s| matches!(s, Step::Choose { .. })) {
                human
            } else {
                &ch.faceless.glyphs[k]
            }
        }
        Card::Event { id } => &content.events.get(usize::from(id))?.steps,
        Card::Vaala { id } => &content.vaala.get(usize::from(id))?.steps,
        _ => return None,
    };
    steps.iter().find_map(|s| match s {
        Step::Choose { options } => options.get(usize::from(i)).map(Vec::as_slice),
        _ => None,
    })
}

/// What a program of a choice does, from its first step.
fn program_text(content: &Content, t: &Texts, card: Option<Card>, i: u8) -> String {
    let other = || tr!(t, "program-other", number = u16::from(i) + 1);
    let Some(first) = program(content, card, i).and_then(|p| p.first()) else {
        return other();
    };
    match *first {
        Step::Move {
            piece: Piece::Force,
            ..
        } => tr!(t, "program-move-force"),
        Step::Move {
            piece: Piece::General,
            range,
        } => tr!(t, "program-move-general", range = range),
        Step::Move {
            piece: Piece::Dragon,
            range,
        } => tr!(t, "program-move-dragon", range = range),
        Step::DrawVaala { count } => tr!(t, "program-draw-vaala", count = count),
        Step::PlayVaala => tr!(t, "program-play-vaala"),
        _ => other(),
    }
}

/// What one option means, as a button's label: the answer in the words of
/// the question it answers.
pub fn option_text(content: &Content, t: &Texts, m: &Meaning) -> String {
    let c = content;
    let reg = |r: u8| region_name(c, t, r);
    match (m.ask, m.decision) {
        (_, Decision::PlayAction(_)) => {
            tr!(
                t,
                "decision-action",
                glyphs = action_glyphs(c, t, m.subject)
            )
        }
        (_, Decision::PlayRegion(r)) => tr!(
            t,
            "decision-region",
            region = reg(r),
            glyphs = region_glyphs(c, t, r)
        ),
        (_, Decision::Pass) => tr!(t, "decision-pass"),
        (_, Decision::GiveInitiative(s)) => {
            tr!(t, "decision-give-initiative", seat = seat_name(c, s))
        }
        (_, Decision::Activate) => tr!(t, "decision-activate"),
        (_, Decision::Skip) => tr!(t, "decision-skip"),
        (Ask::Program { card }, Decision::Option(i)) => program_text(c, t, card, i),
        (_, Decision::Option(i)) => tr!(t, "program-other", number = u16::from(i) + 1),
        (Ask::MoveTo { .. }, Decision::Region(r)) => tr!(t, "opt-move-to", region = reg(r)),
        (Ask::RetreatTo { .. }, Decision::Region(r)) => {
            tr!(t, "opt-retreat-to", region = reg(r))
        }
        (Ask::AssaultRegion, Decision::Region(r)) => tr!(t, "opt-assault", region = reg(r)),
        (Ask::Focus, Decision::Region(r)) => tr!(t, "opt-focus", region = reg(r)),
        (_, Decision::Region(r)) => tr!(t, "opt-region", region = reg(r)),
        (Ask::Vaala, Decision::Done) => tr!(t, "opt-no-vaala"),
        (Ask::Denizen { .. }, Decision::Done) => tr!(t, "opt-no-denizen"),
        (Ask::AssaultRegion, Decision::Done) => tr!(t, "opt-no-assault"),
        (Ask::MoveTo { .. } | Ask::MoveFrom, Decision::Done) => tr!(t, "opt-stay"),
        (_, Decision::Done) => tr!(t, "decision-done"),
        (Ask::MoveGeneral { .. }, Decision::Count(n)) => {
            if n > 0 {
                tr!(t, "opt-general-moves")
            } else {
                tr!(t, "opt-general-stays")
            }
        }
        (Ask::MoveCount { unit, .. }, Decision::Count(n)) => {
            tr!(t, "units-count", count = n, unit = unit_key(unit))
        }
        (_, Decision::Count(n)) => tr!(t, "opt-count", count = n),
        (Ask::StealFrom { .. }, Decision::Attack(x)) => {
            tr!(t, "opt-steal-from", who = target(c, t, x))
        }
        (_, Decision::Attack(x)) => tr!(t, "opt-attack", who = target(c, t, x)),
        (_, Decision::Counterattack) => tr!(t, "decision-counterattack"),
        (_, Decision::Retreat) => tr!(t, "decision-retreat"),
        (_, Decision::AttackAgain) => tr!(t, "decision-attack-again"),
        (_, Decision::Lose(u)) => tr!(t, "decision-lose", unit = unit_key(u)),
        (_, Decision::Steal { spent }) => tr!(
            t,
            "decision-steal",
            spent = if spent { "yes" } else { "no" }
        ),
        (_, Decision::Vaala(_)) => match c.vaala.get(usize::from(m.subject)) {
            Some(v) => tr!(
                t,
                "decision-vaala",
                name = vaala_name(c, t, m.subject),
                cost = v.cost,
                text = vaala_text(c, t, m.subject)
            ),
            None => "-".to_owned(),
        },
        (_, Decision::Reroll) => tr!(t, "decision-reroll"),
        (_, Decision::Keep) => tr!(t, "decision-keep"),
        (_, Decision::Attempt) => tr!(t, "opt-attempt"),
        (_, Decision::Decline) => tr!(t, "opt-decline"),
        (_, Decision::Denizen(_)) => match c.denizens.get(usize::from(m.subject)) {
            Some(d) => tr!(
                t,
                "decision-denizen",
                name = denizen_name(c, t, m.subject),
                unit = unit_key(d.unit),
                region = reg(d.homeland),
                // Upgrading from an adjacent homeland costs 1 Power
                // (reference card "Region Glyphs").
                cost = match m.ask {
                    Ask::Denizen { region } if region != d.homeland => 1,
                    _ => 0,
                },
                text = denizen_text(c, t, m.subject)
            ),
            None => "-".to_owned(),
        },
        (_, Decision::Unit(u)) => tr!(t, "decision-unit", unit = unit_key(u)),
    }
}
