//! Battles of Valerna at the server: its words (through
//! `valerna_texts::bov`), its setup from the options a battle is created
//! with, its bots (each told only its side's knowledge) and its public
//! content (the cards, the shipped lists without their Vaala cards).

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use valerna_ai::Sampler as _;
use valerna_ai::bov::BovSampler;
use valerna_ai::ismcts::{Budget, Ismcts, Outlook, Settings};
use valerna_ai::spec::{BovSpec, bov_settings};
use valerna_bov::battle::log::{Event, Meaning};
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::{Pack, SAMPLE_MAPS, shipped_lists};
use valerna_bov::force_list;
use valerna_bov::geometry::Map;
use valerna_bov::rules::edition::Edition;
use valerna_bov::rules::scenario::{Battlefield, Scenario};
use valerna_game::{Game as _, Seat};
use valerna_texts::Texts;
use valerna_texts::bov as words;

use crate::hosted::{SeatKind, Worded};

/// How a battle is set up: the `options` of `POST /api/games` for `bov`.
#[derive(Clone, Debug, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleOptions {
    /// Each side's force list, in seat order: a shipped list's name (see
    /// `/api/content/bov`, `lists`) or the text of a list as `valerna bov
    /// list validate` reads it. Default: `allaria_guild_line` against
    /// `tyveria_swarm`.
    #[serde(default)]
    #[schema(min_items = 2, max_items = 2)]
    pub lists: Option<Vec<String>>,
    /// `pitched_battle` (the default in 5.1), `seize_the_land`,
    /// `slay_the_foe`, `quest` (BoV 5.1, "Scenarios") or `grand_tactical`
    /// (the default in the starter edition, which has no Pitched Battle:
    /// BoV starter, "Determine Game Mode"). `/api/content/bov` lists each
    /// edition's (`editions`).
    #[serde(default)]
    #[schema(pattern = "^(pitched_battle|seize_the_land|slay_the_foe|quest|grand_tactical)$")]
    pub scenario: Option<String>,
    /// The rulebook the battle follows: `v5_1` (the default) or `starter`,
    /// the starter set's earlier edition. A list that names an edition
    /// plays only in it.
    #[serde(default)]
    pub edition: Option<valerna_bov::rules::edition::Edition>,
    /// `standard4x3` (the default), `small2x1` or `large6x4`.
    #[serde(default)]
    #[schema(pattern = "^(small2x1|standard4x3|large6x4)$")]
    pub battlefield: Option<String>,
    /// Monsters fielded (unit card ids), besides those the lists name.
    #[serde(default)]
    pub monsters: Vec<String>,
    /// Terrain set up in advance instead of placed by the rules: a shipped
    /// map's name (see `/api/content/bov`, `maps`) or a map's text as
    /// `valerna bov map` writes it. Its size must be the battlefield's.
    #[serde(default)]
    pub map: Option<String>,
    /// Unit cards of one's own the lists may field: a pack's private link
    /// id (`POST /api/bov/packs`), or the text of a list of unit cards as
    /// `content/bov/units/*.ron` holds them. The battle keeps the cards.
    #[serde(default)]
    pub pack: Option<String>,
}

/// The longest the search bot thinks over a decision of a battle.
pub const SEARCH_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// The scenarios by their API names.
pub const SCENARIOS: [(&str, Scenario); 5] = [
    ("pitched_battle", Scenario::PitchedBattle),
    ("seize_the_land", Scenario::SeizeTheLand),
    ("slay_the_foe", Scenario::SlayTheFoe),
    ("quest", Scenario::Quest),
    ("grand_tactical", Scenario::GrandTactical),
];

/// The scenarios an edition plays on a 4'x3' battlefield, by their API
/// names, its default first.
pub fn scenarios_of(edition: Edition) -> Vec<&'static str> {
    let mut names: Vec<&str> = SCENARIOS
        .iter()
        .filter(|(_, sc)| edition.plays(*sc, Battlefield::Standard4x3).is_ok())
        .map(|(n, _)| *n)
        .collect();
    names.sort_by_key(|n| *n != default_scenario(edition));
    names
}

/// The scenario a battle of `edition` plays when none is asked for.
fn default_scenario(edition: Edition) -> &'static str {
    match edition {
        Edition::V5_1 => "pitched_battle",
        Edition::Starter => "grand_tactical",
    }
}

/// The battlefield sizes by their API names.
pub const BATTLEFIELDS: [(&str, Battlefield); 3] = [
    ("small2x1", Battlefield::Small2x1),
    ("standard4x3", Battlefield::Standard4x3),
    ("large6x4", Battlefield::Large6x4),
];

fn pick<T: Copy>(what: &str, table: &[(&str, T)], name: &str) -> Result<T, String> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            format!("no {what} {name:?} ({})", names.join(", "))
        })
}

/// A shipped map's name (`river_crossing`).
fn map_name(file: &str) -> &str {
    file.trim_start_matches("maps/").trim_end_matches(".ron")
}

impl Worded for Battle {
    const NAME: &'static str = "bov";
    const SEATS: usize = 2;
    const KINDS: &'static [SeatKind] = &[
        SeatKind::Human,
        SeatKind::Random,
        SeatKind::Greedy,
        SeatKind::Ismcts,
    ];
    const PAGE: &'static str = "bov.html";
    /// The same page, which steps through a battle at `/replay/{id}`.
    const REPLAY_PAGE: &'static str = "bov.html";

    fn pack() -> Arc<Pack> {
        static PACK: OnceLock<Arc<Pack>> = OnceLock::new();
        PACK.get_or_init(|| {
            // The default pack is compiled in and checked by its own tests.
            Arc::new(Pack::default_pack().expect("the built-in content pack loads"))
        })
        .clone()
    }

    fn new_setup(
        content: &Pack,
        seats: &[SeatKind],
        seed: u64,
        first: Option<Seat>,
        options: &Value,
    ) -> Result<BattleSetup, String> {
        if seats.len() != 2 {
            return Err(format!(
                "Battles of Valerna has 2 sides, not {}",
                seats.len()
            ));
        }
        if first.is_some() {
            return Err(
                "`first` is not for Battles of Valerna: face-offs decide who goes first \
                 (BoV 5.1, \"Face-off\")"
                    .into(),
            );
        }
        let o: BattleOptions = if options.is_null() {
            BattleOptions::default()
        } else {
            serde_json::from_value(options.clone()).map_err(|e| format!("options: {e}"))?
        };
        // A link's id was replaced by its cards when the game was asked for
        // (`workshop::own_pack_in`); what is left is the cards' text.
        let own = match o.pack.as_deref() {
            None => None,
            Some(text) if !text.contains('(') => {
                return Err(format!("options.pack: no pack of one's own {text:?}"));
            }
            Some(text) => Some((
                text.to_owned(),
                content
                    .with_units(&valerna_bov::content::Source {
                        file: valerna_bov::battle::OWN_CARDS_FILE,
                        kind: valerna_bov::content::FileKind::Units,
                        text,
                    })
                    .map_err(|e| format!("options.pack: {e}"))?,
            )),
        };
        let content = own.as_ref().map_or(content, |(_, p)| p);
        let lists = match o.lists {
            // Each edition's own: the starter set's lists in a starter
            // battle, which refuses 5.1's Artifacts and Mercenaries.
            None => match o.edition.unwrap_or_default() {
                Edition::V5_1 => ["allaria_guild_line".to_owned(), "tyveria_swarm".to_owned()],
                Edition::Starter => ["allaria_fencers".to_owned(), "tyveria_packs".to_owned()],
            },
            Some(l) => <[String; 2]>::try_from(l)
                .map_err(|l| format!("options.lists: 2 lists, one a side, not {}", l.len()))?,
        };
        for (seat, list) in lists.iter().enumerate() {
            let shipped = shipped_lists().any(|(name, _)| name == list);
            if !shipped && !list.contains('(') {
                let names: Vec<&str> = shipped_lists().map(|(name, _)| name).collect();
                return Err(format!(
                    "options.lists[{seat}]: no shipped list {list:?} ({}), and not the text of a list",
                    names.join(", ")
                ));
            }
            if !shipped {
                let parsed =
                    force_list::parse(list).map_err(|e| format!("options.lists[{seat}]: {e}"))?;
                force_list::validate(content, &parsed).map_err(|es| {
                    let all: Vec<String> = es.iter().map(|e| e.to_string()).collect();
                    format!("options.lists[{seat}]: {}", all.join("; "))
                })?;
            }
        }
        let map = match o.map.as_deref() {
            None => None,
            Some(m) => {
                let text = SAMPLE_MAPS
                    .iter()
                    .find(|(f, _)| map_name(f) == m)
                    .map_or(m, |(_, text)| *text);
                if !text.contains('(') {
                    let names: Vec<&str> = SAMPLE_MAPS.iter().map(|(f, _)| map_name(f)).collect();
                    return Err(format!(
                        "options.map: no shipped map {m:?} ({}), and not the text of a map",
                        names.join(", ")
                    ));
                }
                Some(Map::parse(text).map_err(|e| format!("options.map: {e}"))?)
            }
        };
        let edition = o.edition.unwrap_or_default();
        Ok(BattleSetup {
            seed,
            lists,
            scenario: pick(
                "scenario",
                &SCENARIOS,
                o.scenario.as_deref().unwrap_or(default_scenario(edition)),
            )?,
            // A map's own size unless another is asked for (which the
            // battle then refuses, naming both).
            battlefield: match (o.battlefield.as_deref(), &map) {
                (None, Some(m)) => m.battlefield,
                (b, _) => pick("battlefield", &BATTLEFIELDS, b.unwrap_or("standard4x3"))?,
            },
            map,
            monsters: o.monsters,
            cards: own.map(|(text, _)| text),
            edition,
        })
    }

    /// A hosted battle tells its story (the log beside the table).
    fn begin(content: &Arc<Pack>, setup: &BattleSetup) -> Result<Self, String> {
        Battle::start_narrated(content, setup).map_err(|e| e.to_string())
    }

    fn event_text(&self, t: &Texts, e: &Event) -> String {
        words::event_text(self, t, e)
    }

    fn event_seat(&self, e: &Event) -> Option<Seat> {
        let owner = |u: &u16| self.units.get(usize::from(*u)).map(|x| x.owner);
        match e {
            Event::HandDealt { seat, .. }
            | Event::Decided { seat, .. }
            | Event::BidMade { seat } => Some(*seat),
            Event::RoundStarted { initiative, .. } => Some(*initiative),
            Event::FaceOff { winner, .. } => Some(*winner),
            Event::Moved { unit, .. }
            | Event::ChargeRolled { unit, .. }
            | Event::DefenseRolled { unit, .. }
            | Event::Wounded { unit, .. }
            | Event::Destroyed { unit }
            | Event::PoisonRolled { unit, .. }
            | Event::HeroFightsOn { unit }
            | Event::HeroSideAgain { unit }
            | Event::StatusGained { unit, .. }
            | Event::StatusLost { unit, .. }
            | Event::Fatigue { unit, .. }
            | Event::MoraleTested { unit, .. }
            | Event::MonsterCard { unit, .. } => owner(unit),
            Event::AttackRolled { attacker, .. } | Event::HitsSplit { attacker, .. } => {
                owner(attacker)
            }
            Event::Affected { caster, .. } => owner(caster),
            Event::Ended { winner, .. } => *winner,
            Event::Scored { .. } | Event::Control { .. } | Event::TerrainAttacked { .. } => None,
        }
    }

    fn question_text(&self, t: &Texts) -> Option<(String, Option<Seat>)> {
        words::question_text(self, t).map(|q| (q, None))
    }

    fn option_text(&self, t: &Texts, m: &Meaning) -> String {
        words::option_text(self, t, m)
    }

    fn outcome_text(&self, t: &Texts) -> String {
        words::outcome_text(self, t)
    }

    fn bot(
        &self,
        _content: &Arc<Pack>,
        kind: SeatKind,
        iterations: u32,
        seed: u64,
    ) -> Option<valerna_bov::battle::Decision> {
        let seat = self.to_decide()?;
        let spec = match kind {
            SeatKind::Random => BovSpec::Random,
            SeatKind::Greedy => BovSpec::Greedy,
            // A battle's playouts are slow: the search also stops at the
            // play-speed bound, so a person never waits longer for it.
            SeatKind::Ismcts => BovSpec::Ismcts {
                budget: Budget::Capped {
                    iterations: iterations.max(1),
                    time: SEARCH_TIME,
                },
                playout: Default::default(),
            },
            _ => return None,
        };
        // Told only what its side knows: the other hand is not in it.
        Some(
            spec.bot(seed)
                .decide(&valerna_ai::Observable::knowledge(self, seat)),
        )
    }

    /// The search bot's search, with the whole budget spent so that every
    /// option it tries gets its share, and stopped at the play-speed bound
    /// as the bot is.
    fn outlook(
        &self,
        _content: &Arc<Pack>,
        iterations: u32,
        seed: u64,
    ) -> Option<Outlook<valerna_bov::battle::Decision>> {
        let seat = self.to_decide()?;
        let budget = Budget::Capped {
            iterations: iterations.max(1),
            time: SEARCH_TIME,
        };
        let mut search = Ismcts::new(
            BovSampler::new(),
            Settings {
                settle: false,
                ..bov_settings(budget)
            },
            seed,
            Box::new(valerna_ai::bov::Greedy::new(seed)),
        );
        search.outlook(&valerna_ai::Observable::knowledge(self, seat))
    }

    /// The position as the search judges a playout cut short (the points,
    /// the units standing, the objectives held: all public), not a search
    /// at each of a battle's hundreds of steps.
    fn chances(&self, _content: &Arc<Pack>, _iterations: u32, _seed: u64) -> Option<Vec<f64>> {
        let mut out = vec![0.0; 2];
        BovSampler::new().evaluate(self, &mut out);
        Some(out)
    }

    fn other_hidden(&self, seat: Seat, salt: u64) -> Battle {
        self.with_other_hand(seat, salt)
    }

    /// `{"from": unit, "to": unit}`: the lines of sight `from` draws to
    /// `to`, the distance and cover ([`valerna_bov::battle::look::Look`]).
    fn look(&self, query: &Value) -> Result<Value, String> {
        if let Some(unit) = query.get("route") {
            return route(self, unit, &query["to"]);
        }
        if query.get("why").is_some() {
            return why_not(self, query);
        }
        let unit = |k: &str| {
            query[k]
                .as_u64()
                .and_then(|u| u16::try_from(u).ok())
                .ok_or_else(|| {
                    format!("a look names two units by number: `{k}` is missing or not one")
                })
        };
        let (from, to) = (unit("from")?, unit("to")?);
        let look = Battle::look(self, from, to)
            .ok_or_else(|| format!("units {from} and {to} are not both on the table"))?;
        serde_json::to_value(look).map_err(|e| e.to_string())
    }

    /// A move's inches: `{"used": …, "allowance": …}`.
    fn measure(&self, decision: &valerna_bov::battle::Decision) -> Option<Value> {
        self.move_measure(decision)
            .map(|(used, allowance)| json!({"used": used, "allowance": allowance}))
    }

    fn content_json(content: &Pack, _t: &Texts) -> Value {
        serde_json::to_value(content_body(content)).unwrap_or(Value::Null)
    }
}

/// `{"why": unit, "target": unit}`: why `unit` may not attack, and may not
/// charge, `target` ([`valerna_bov::battle::why::WhyNots`]).
fn why_not(b: &Battle, query: &Value) -> Result<Value, String> {
    let unit = |k: &str| {
        query[k]
            .as_u64()
            .and_then(|u| u16::try_from(u).ok())
            .filter(|&u| usize::from(u) < b.units.len())
            .ok_or_else(|| format!("`{k}` names no unit of the battle"))
    };
    let (u, target) = (unit("why")?, unit("target")?);
    serde_json::to_value(b.why_not(u, target)).map_err(|e| e.to_string())
}

/// The public content of Battles of Valerna (`GET /api/content/bov`): the
/// cards, and the shipped lists without the Vaala cards they pick.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContent)]
pub struct ContentBody {
    /// Whether any unit card is provisional (not yet checked against the book).
    pub provisional: bool,
    /// The forces a list may be written for.
    pub forces: Vec<String>,
    /// Every unit card, as the pack writes it.
    pub units: Vec<valerna_bov::rules::units::UnitCard>,
    pub vaala: Vec<ContentVaala>,
    pub artifacts: Vec<ContentArtifact>,
    pub lists: Vec<ContentList>,
    /// The Monsters a battle may field (`options.monsters`).
    pub monsters: Vec<ContentMonster>,
    /// The shipped maps (`options.map`).
    pub maps: Vec<ContentMap>,
    /// The scenarios' names (`options.scenario`).
    pub scenarios: Vec<String>,
    /// The battlefields' names (`options.battlefield`).
    pub battlefields: Vec<String>,
    /// The editions a battle may follow (`options.edition`), the default
    /// first.
    pub editions: Vec<ContentEdition>,
}

/// An edition of the rules and the scenarios it plays.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContentEdition)]
pub struct ContentEdition {
    pub id: Edition,
    /// Its scenarios' names on a 4'x3' battlefield, its default first.
    pub scenarios: Vec<String>,
}

/// A Vaala card.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContentVaala)]
pub struct ContentVaala {
    pub id: String,
    pub name: String,
    pub text: String,
    /// Whether it needs a target unit.
    pub targeted: bool,
}

/// An Artifact card.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContentArtifact)]
pub struct ContentArtifact {
    pub id: String,
    pub name: String,
    /// Its power's name.
    pub power: String,
    pub text: String,
}

/// A shipped force list, without the Vaala cards it picks (its side's secret).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContentList)]
pub struct ContentList {
    /// Its name in `options.lists`.
    pub id: String,
    pub name: String,
    pub force: String,
    pub game_size: u32,
    /// The rulebook it is written for, when it names one: a battle of the
    /// other edition refuses it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<valerna_bov::rules::edition::Edition>,
    /// The editions whose battles play it, each reading a list that names
    /// none by its own rules (a starter battle refuses Artifacts and
    /// Mercenaries: docs/editions.md).
    pub editions: Vec<valerna_bov::rules::edition::Edition>,
    /// Its units' card ids.
    pub units: Vec<String>,
}

/// A Monster.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContentMonster)]
pub struct ContentMonster {
    /// Its unit card's id.
    pub id: String,
    pub name: String,
}

/// A shipped map.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = BovContentMap)]
pub struct ContentMap {
    /// Its name in `options.map`.
    pub id: String,
    /// Its battlefield's name.
    pub battlefield: String,
}

/// The public content of the pack.
pub fn content_body(content: &Pack) -> ContentBody {
    let lists = shipped_lists()
        .filter_map(|(name, text)| {
            let l = force_list::parse(text).ok()?;
            let editions = Edition::ALL
                .into_iter()
                .filter(|&e| {
                    l.edition.is_none_or(|own| own == e) && {
                        let mut read = l.clone();
                        read.edition = Some(e);
                        force_list::validate(content, &read).is_ok()
                    }
                })
                .collect();
            // The Vaala cards a list picks are its side's secret.
            Some(ContentList {
                id: name.to_owned(),
                name: l.name,
                force: l.force,
                game_size: l.game_size,
                edition: l.edition,
                editions,
                units: l.units.into_iter().map(|u| u.card).collect(),
            })
        })
        .collect();
    ContentBody {
        provisional: content.units.iter().any(|u| u.provisional),
        forces: content.forces.clone(),
        units: content.units.clone(),
        vaala: content
            .vaala
            .iter()
            .map(|c| ContentVaala {
                id: c.id.clone(),
                name: c.name.clone(),
                text: c.text.clone(),
                targeted: c.targeted,
            })
            .collect(),
        artifacts: content
            .artifacts
            .iter()
            .map(|a| ContentArtifact {
                id: a.id.clone(),
                name: a.name.clone(),
                power: a.power.name.clone(),
                text: a.power.text.clone(),
            })
            .collect(),
        lists,
        monsters: content
            .units
            .iter()
            .filter(|u| u.monster.is_some())
            .map(|u| ContentMonster {
                id: u.id.clone(),
                name: u.name.clone(),
            })
            .collect(),
        maps: SAMPLE_MAPS
            .iter()
            .filter_map(|(file, text)| {
                let m = Map::parse(text).ok()?;
                let size = BATTLEFIELDS.iter().find(|(_, b)| *b == m.battlefield)?.0;
                Some(ContentMap {
                    id: map_name(file).to_owned(),
                    battlefield: size.to_owned(),
                })
            })
            .collect(),
        scenarios: SCENARIOS.iter().map(|(n, _)| (*n).to_owned()).collect(),
        battlefields: BATTLEFIELDS.iter().map(|(n, _)| (*n).to_owned()).collect(),
        editions: Edition::ALL
            .iter()
            .map(|&e| ContentEdition {
                id: e,
                scenarios: scenarios_of(e).into_iter().map(str::to_owned).collect(),
            })
            .collect(),
    }
}

/// The march the bots' planner makes of `unit` toward the point `to`
/// (`{"x": …, "y": …}`, inches), as far as its Speed allows: each model's
/// path around terrain and bases, as a `March` decision (BoV 5.1,
/// "Movement"), or why there is none.
fn route(g: &Battle, unit: &Value, to: &Value) -> Result<Value, String> {
    let unit = unit
        .as_u64()
        .and_then(|u| u16::try_from(u).ok())
        .filter(|&u| usize::from(u) < g.units.len())
        .ok_or_else(|| format!("a route names a unit of the battle by number, not {unit}"))?;
    let (Some(x), Some(y)) = (to["x"].as_f64(), to["y"].as_f64()) else {
        return Err("a route goes to a point: `x` and `y` in inches".into());
    };
    if !x.is_finite() || !y.is_finite() {
        return Err("a route's point must be finite".into());
    }
    if !g.units[usize::from(unit)].alive() {
        return Err(format!("unit {unit} is not on the table"));
    }
    let paths = g
        .march_toward(unit, valerna_bov::geometry::Point::new(x, y), false)
        .ok_or_else(|| {
            format!("the planner finds no march of unit {unit} toward ({x:.1}\", {y:.1}\")")
        })?;
    serde_json::to_value(valerna_bov::battle::Decision::March { paths }).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use valerna_game::{Game, Narrated, Viewer};

    use super::*;

    /// A battle between a person and the greedy bot after `steps` of the
    /// greedy bot's decisions for both sides.
    fn battle(seed: u64, steps: usize) -> (Arc<Pack>, Battle) {
        let pack = <Battle as Worded>::pack();
        let setup = Battle::new_setup(
            &pack,
            &[SeatKind::Human, SeatKind::Greedy],
            seed,
            None,
            &json!({}),
        )
        .unwrap();
        let mut g = Battle::begin(&pack, &setup).unwrap();
        let mut bot = BovSpec::Greedy.bot(seed);
        for _ in 0..steps {
            let Some(seat) = g.to_decide() else { break };
            let d = bot.decide(&valerna_ai::Observable::knowledge(&g, seat));
            g.apply(d).unwrap();
        }
        (pack, g)
    }

    /// A hint is made from what the deciding side knows only: battles that
    /// differ only in the other side's Vaala cards get the same hint.
    #[test]
    fn a_battles_hint_is_made_from_the_deciding_sides_knowledge_only() {
        let (mut compared, mut changed) = (0, 0);
        for seed in [3u64, 8] {
            let (pack, mut g) = battle(seed, 0);
            let mut bot = BovSpec::Greedy.bot(seed);
            for step in 0..400 {
                let Some(seat) = g.to_decide() else { break };
                if seat == 0
                    && matches!(g.phase, valerna_bov::battle::Phase::Action { .. })
                    && step % 3 == 0
                {
                    // Few iterations, far inside the time bound, so that
                    // the search's budget is the same in both.
                    let hint = g.outlook(&pack, 12, seed).unwrap();
                    assert!(hint.options.iter().any(|w| w.visits > 0));
                    for salt in 1..3 {
                        let other = g.other_hidden(1, salt);
                        let hand = |b: &Battle| b.view_as(Viewer::Seat(1)).hand;
                        changed += usize::from(hand(&other) != hand(&g));
                        assert_eq!(
                            other.outlook(&pack, 12, seed).unwrap(),
                            hint,
                            "seed {seed}, step {step}, salt {salt}"
                        );
                    }
                    compared += 1;
                    if compared % 3 == 0 {
                        break;
                    }
                }
                let d = bot.decide(&valerna_ai::Observable::knowledge(&g, seat));
                g.apply(d).unwrap();
            }
        }
        assert!(compared >= 4, "{compared} positions compared");
        assert!(changed > compared, "{changed} battles with another hand");
    }

    /// Where a battle turned is judged from the position: both sides'
    /// chances add up to one, and the side ahead on points and units is
    /// the likelier winner.
    #[test]
    fn a_battles_chances_favour_the_side_ahead() {
        let (pack, g) = battle(5, 60);
        let even = g.chances(&pack, 1, 0).unwrap();
        assert!((even[0] + even[1] - 1.0).abs() < 1e-9, "{even:?}");
        let mut ahead = g.clone();
        ahead.score.points[0] += 40;
        let c = ahead.chances(&pack, 1, 0).unwrap();
        assert!(c[0] > even[0] && c[0] > 0.5, "{even:?} then {c:?}");
    }
}
