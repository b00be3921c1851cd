//! Lords of Vaala at the server: its words (through `valerna_texts::lov`),
//! its setup from a seat list, its bots and its public content.

use std::sync::{Arc, OnceLock};

use serde_json::{Value, json};
use valerna_ai::spec::Spec;
use valerna_game::{Narrated, Record, Seat};
use valerna_lov::content::{Content, Kind, REGIONS, SEATS};
use valerna_lov::{Decision, Lov, Setup};
use valerna_texts::Texts;
use valerna_texts::lov as words;

use crate::hosted::{Hosted, SeatKind, Table, Worded};

/// Colours told apart by colour-blind players (Okabe and Ito's palette).
const COLOURS: [&str; SEATS] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7"];

/// `NONE` in the engine's ids: no seat (an Event, the neutral Units).
const NONE: u8 = u8::MAX;

impl Worded for Lov {
    const NAME: &'static str = "lov";

    fn pack() -> Arc<Content> {
        static PACK: OnceLock<Arc<Content>> = OnceLock::new();
        PACK.get_or_init(|| {
            // The default pack is compiled in and checked by its own tests.
            Arc::new(Content::default_pack().expect("the built-in content pack loads"))
        })
        .clone()
    }

    fn new_setup(
        content: &Content,
        seats: &[SeatKind],
        seed: u64,
        first: Option<Seat>,
    ) -> Result<Setup, String> {
        if seats.len() != SEATS {
            return Err(format!(
                "Lords of Vaala has {SEATS} seats, not {}",
                seats.len()
            ));
        }
        let mut humans = [false; SEATS];
        for (h, k) in humans.iter_mut().zip(seats) {
            *h = *k != SeatKind::Faceless;
        }
        if !humans.iter().any(|h| *h) {
            return Err(
                "at least one seat must be human or a bot (random, heuristic or ismcts)".into(),
            );
        }
        let mut setup = Setup::new(seed, humans, content);
        setup.first = first;
        valerna_lov::setup::check(content, &setup)?;
        Ok(setup)
    }

    fn seat_count() -> usize {
        SEATS
    }

    fn event_text(&self, t: &Texts, e: &valerna_lov::log::Event) -> String {
        words::event_text(self.content(), t, e)
    }

    fn event_seat(e: &valerna_lov::log::Event) -> Option<Seat> {
        e.actor()
    }

    fn question_text(&self, t: &Texts) -> Option<(String, Option<Seat>)> {
        let seat = valerna_game::Game::to_decide(self)?;
        let m = self.describe(&Decision::Pass);
        let text = words::question_text(self.content(), t, seat, &m.ask, m.owner);
        Some((text, (m.owner != NONE).then_some(m.owner)))
    }

    fn option_text(&self, t: &Texts, m: &valerna_lov::log::Meaning) -> String {
        words::option_text(self.content(), t, m)
    }

    fn outcome_text(&self, t: &Texts) -> String {
        let Some(o) = valerna_game::Game::outcome(self) else {
            return String::new();
        };
        words::outcome_text(self.content(), t, &o.reason, &o.winners)
    }

    fn bot(&self, content: &Arc<Content>, spec: Spec, seed: u64) -> Option<Decision> {
        let seat = valerna_game::Game::to_decide(self)?;
        let mut bot = spec.lov_bot(content, seed)?;
        Some(bot.decide(&self.knowledge(seat)))
    }

    fn other_hidden(&self, seat: Seat, salt: u64) -> Lov {
        self.with_other_hidden_cards(seat, salt)
    }

    fn content_json(content: &Content, t: &Texts) -> Value {
        let n = REGIONS.min(content.regions.len());
        let regions: Vec<Value> = content
            .regions
            .iter()
            .enumerate()
            .map(|(i, r)| {
                json!({"index": i, "id": r.id, "name": words::region_name(content, t, i as u8),
                       "pos": r.pos, "glyphs": r.glyphs})
            })
            .collect();
        let mut borders = Vec::new();
        let mut sea = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if content.adjacent[a] & (1 << b) != 0 {
                    borders.push(json!({"a": a, "b": b,
                        "mountain": content.mountain[a] & (1 << b) != 0}));
                }
                if content.sea[a] & (1 << b) != 0 {
                    sea.push(json!({"a": a, "b": b}));
                }
            }
        }
        let characters: Vec<Value> = content
            .characters
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let kind = match c.kind {
                    Kind::General => "general",
                    Kind::Dragon => "dragon",
                };
                json!({"seat": i, "id": c.id, "name": c.name, "realm": c.realm, "kind": kind,
                       "colour": COLOURS.get(i).copied().unwrap_or("#777777"),
                       "wound_track": c.wound_track, "essence": c.essence, "start": c.start})
            })
            .collect();
        let actions: Vec<Value> = content
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                json!({"index": i, "id": a.id, "owner": a.owner, "glyphs": a.glyphs,
                       "label": words::action_glyphs(content, t, i as u8)})
            })
            .collect();
        let denizens: Vec<Value> = content
            .denizens
            .iter()
            .enumerate()
            .map(|(i, d)| {
                json!({"index": i, "id": d.id, "name": words::denizen_name(content, t, i as u8),
                       "unit": d.unit, "homeland": d.homeland, "text": d.text})
            })
            .collect();
        let events: Vec<Value> = content
            .events
            .iter()
            .enumerate()
            .map(|(i, e)| json!({"index": i, "id": e.id, "name": e.name, "text": e.text}))
            .collect();
        let vaala: Vec<Value> = content
            .vaala
            .iter()
            .enumerate()
            .map(|(i, v)| {
                json!({"index": i, "id": v.id, "owner": v.owner, "name": v.name,
                       "cost": v.cost, "text": v.text, "face_up": v.face_up})
            })
            .collect();
        json!({
            "provisional": content.provisional,
            "regions": regions, "borders": borders, "sea": sea,
            "characters": characters, "actions": actions, "denizens": denizens,
            "events": events, "vaala": vaala,
        })
    }
}

/// A Lords of Vaala game from its record.
pub fn host(record: &Value) -> Result<Box<dyn Hosted>, String> {
    let record: Record<Lov> =
        serde_json::from_value(record.clone()).map_err(|e| format!("bad record: {e}"))?;
    Table::replay(Lov::pack(), record).map(|t| Box::new(t) as Box<dyn Hosted>)
}

/// A new record for these seats.
pub fn new_record(seats: &[SeatKind], seed: u64, first: Option<Seat>) -> Result<Value, String> {
    let content = Lov::pack();
    let setup = Lov::new_setup(&content, seats, seed, first)?;
    serde_json::to_value(Record::<Lov>::new(setup)).map_err(|e| e.to_string())
}

pub fn seat_count() -> usize {
    Lov::seat_count()
}

/// The public content of the Lords of Vaala table.
pub fn content_json(t: &Texts) -> Value {
    Lov::content_json(&Lov::pack(), t)
}
