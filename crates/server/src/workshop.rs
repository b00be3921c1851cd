//! The wargamer's workshop: Battles of Valerna force lists checked by the
//! one validator (`valerna_bov::force_list`), starting lists, exact
//! dice odds (`valerna_dice::odds`, the numbers of `valerna calc`), and the
//! pages that use them (`/lists`, `/cards`, `/cards/edit`, `/odds`); what
//! is kept under private links is `crate::own`'s, where a card's words are
//! ruled `crate::rulings`'.

use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use valerna_bov::battle::Battle;
use valerna_bov::content::{Pack, shipped_lists};
use valerna_bov::force_list;
use valerna_bov::rules::modifiers::Modifier;
use valerna_dice::bov::{Colour, Shift};
use valerna_dice::odds::{self, Attack, Defense, MAX_DICE, Summary, Target};

use crate::app::App;
use crate::error::ApiError;
use crate::extract::{Q, read_body};
use crate::hosted::Worded;

/// The pack the server plays with.
fn pack() -> Arc<Pack> {
    <Battle as Worded>::pack()
}

/// A list to check, as JSON; the body may also be the list's RON text itself.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckList {
    /// The list as `valerna bov list validate` reads it (RON).
    pub text: String,
    /// A pack of one's own (its link id) whose cards the list may name.
    #[serde(default)]
    pub pack: Option<String>,
}

/// The pack of one's own a RON body's list may name cards of.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CheckQuery {
    /// A pack of one's own (its link id); for a JSON body, its `pack`.
    pub pack: Option<String>,
}

/// What a list spends, entry by entry.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListPoints {
    /// Each `units[i]` with its Artifacts (0 for a card the pack lacks).
    pub units: Vec<u32>,
    /// The Vaala cards together.
    pub vaala: u32,
    /// Units, Artifacts and Vaala.
    pub total: u32,
    /// Of which on Mercenaries.
    pub mercenary: u32,
}

/// A checked list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListCheck {
    /// Whether the list breaks no rule.
    pub valid: bool,
    /// The list as parsed (`name`, `force`, `game_size`, `units`, `vaala`,
    /// `monsters`); `null` when the text does not parse.
    #[schema(value_type = Option<valerna_bov::force_list::ForceList>)]
    pub list: Option<Value>,
    /// `null` when the text does not parse.
    pub points: Option<ListPoints>,
    /// Every rule broken, each `{rule, section, page, entry: {kind:
    /// list|unit|artifact|vaala|monster, index, ...}, message}`; a text that
    /// does not parse is one `format` violation of the list naming the line.
    #[schema(value_type = Vec<valerna_bov::force_list::Violation>)]
    pub violations: Vec<Value>,
}

/// Checks a force list with the validator `valerna bov list validate` runs.
#[utoipa::path(post, path = "/api/bov/lists/check", params(CheckQuery),
    request_body(content = CheckList, description = "`{\"text\": ..., \"pack\": ...}`, or the RON text itself (any other content type)"),
    responses((status = 200, body = ListCheck),
              (status = 400, description = "bad_json: empty, not UTF-8, or JSON without `text`", body = crate::error::ErrorBody),
              (status = 413, description = "too_large", body = crate::error::ErrorBody),
              (status = 422, description = "no_pack: `pack` names no pack of one's own", body = crate::error::ErrorBody)))]
pub async fn check_list(
    State(app): State<Arc<App>>,
    Q(query): Q<CheckQuery>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<ListCheck>, ApiError> {
    let bytes = read_body(&app, body).await?;
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::bad_json(
            "the body is empty: send the list's RON text, or `{\"text\": ...}` as JSON",
        ));
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let (text, own) = if json {
        let c = serde_json::from_slice::<CheckList>(&bytes)
            .map_err(|e| ApiError::bad_json(format!("the body is not valid: {e}")))?;
        (c.text, c.pack.or(query.pack))
    } else {
        let text = String::from_utf8(bytes.to_vec())
            .map_err(|_| ApiError::bad_json("the list's text is not UTF-8"))?;
        (text, query.pack)
    };
    match own {
        Some(id) => Ok(Json(check(
            &crate::own::pack_with(&app, &id)
                .await
                .map_err(crate::own::named_pack_missing)?,
            &text,
        ))),
        None => Ok(Json(check(&pack(), &text))),
    }
}

/// The validator's answer for one text.
pub fn check(pack: &Pack, text: &str) -> ListCheck {
    let to_value = |v: &force_list::Violation| serde_json::to_value(v).unwrap_or(Value::Null);
    let list = match force_list::parse(text) {
        Ok(l) => l,
        Err(v) => {
            return ListCheck {
                valid: false,
                list: None,
                points: None,
                violations: vec![to_value(&v)],
            };
        }
    };
    let c = force_list::costs(pack, &list);
    let violations = match force_list::validate(pack, &list) {
        Ok(_) => Vec::new(),
        Err(vs) => vs.iter().map(to_value).collect(),
    };
    ListCheck {
        valid: violations.is_empty(),
        list: serde_json::to_value(&list).ok(),
        points: Some(ListPoints {
            units: c.units,
            vaala: c.vaala,
            total: c.total,
            mercenary: c.mercenary,
        }),
        violations,
    }
}

/// Which list to start from.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NewList {
    /// The force of a starting list (`Allaria`, `Tyveria`, ...).
    pub faction: Option<String>,
    /// The game size of a starting list (default 100).
    #[param(minimum = 1, maximum = 10000)]
    pub points: Option<u32>,
    /// A shipped list by name instead (see `/api/content/bov`, `lists`).
    pub list: Option<String>,
}

/// A list to start from, as the RON file `valerna bov list validate`
/// reads: the starting list `valerna bov list new` writes for a force and a
/// game size, or a shipped list without the Vaala cards it picks (a side's
/// secret hand).
#[utoipa::path(get, path = "/api/bov/lists/new", params(NewList),
    responses((status = 200, description = "The list's RON text", content_type = "text/plain", body = String),
              (status = 404, description = "no_list: no shipped list of that name", body = crate::error::ErrorBody),
              (status = 422, description = "bad_list: no faction given, an unknown force, or a game size too small for its General", body = crate::error::ErrorBody)))]
pub async fn new_list(Q(q): Q<NewList>) -> Result<Response, ApiError> {
    let text = if let Some(name) = &q.list {
        let text = shipped_lists()
            .find(|(shipped, _)| shipped == name)
            .map(|(_, t)| t)
            .ok_or_else(|| {
                let names: Vec<&str> = shipped_lists().map(|(n, _)| n).collect();
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    "no_list",
                    format!("no shipped list {name:?} ({})", names.join(", ")),
                )
            })?;
        // The Vaala cards a list picks are the hand of a side playing it,
        // which no one else is shown (as `/api/content/bov` leaves them
        // out): the list starts with none, for its player to choose.
        let mut list = force_list::parse(text).map_err(|e| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        })?;
        list.vaala.clear();
        force_list::to_ron(&pack(), &list)
    } else {
        let bad = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_list", m);
        let faction = q
            .faction
            .as_deref()
            .ok_or_else(|| bad("give `faction` (and `points`), or `list`".into()))?;
        let points = q.points.unwrap_or(force_list::STANDARD_GAME_SIZE);
        if !(1..=force_list::MAX_GAME_SIZE).contains(&points) {
            return Err(bad(format!(
                "`points` {points} is out of range (accepted: 1 to {})",
                force_list::MAX_GAME_SIZE
            )));
        }
        let pack = pack();
        let list = force_list::starter(&pack, faction, points).map_err(|e| bad(e.to_string()))?;
        force_list::to_ron(&pack, &list)
    };
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// An odds question: the numbers of `valerna calc bov`, `calc morale` and
/// `calc charge` at once.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OddsQuery {
    /// Attack dice per model: COUNTxCOLOUR, several joined by commas
    /// (`3xblack`, `2xblack,1xgray`), as `calc bov --attack`.
    pub attack: String,
    /// The target's defense die: `black`, `gray` or `white`.
    pub defense: String,
    /// Attacking models, each rolling the attack dice (default 1).
    pub models: Option<u32>,
    /// Net attack modifier, upgrades minus downgrades (default 0), added
    /// to `attack_with`.
    pub attack_mod: Option<i32>,
    /// Attack Roll Modifiers that apply, by name, joined by commas: `fresh`,
    /// `exhausted`, `charge`, `skirmish`, `dragonbonded`.
    pub attack_with: Option<String>,
    /// Net defense modifier (default 0), added to `defense_with`.
    pub defense_mod: Option<i32>,
    /// Defense Roll Modifiers that apply: `fresh`, `exhausted`, `obscured`
    /// (against a ranged attack), `flanked` (against a melee attack),
    /// `dragonbonded`.
    pub defense_with: Option<String>,
    /// The target's Health: adds the models lost.
    pub health: Option<u32>,
    /// Models in the target unit (with `health`); unlimited if absent.
    pub target_models: Option<u32>,
    /// Wound counters already on the target (with `health`; default 0).
    pub wounds: Option<u32>,
    /// The Morale test die (default `gray`; `black` for Heroes and Epic
    /// creatures, `white` for Shirkers).
    pub morale_die: Option<String>,
    /// Net Morale modifier (default 0), added to `morale_with`.
    pub morale_mod: Option<i32>,
    /// Morale Test Modifiers that apply: `fresh`, `exhausted`,
    /// `in_command_of_hero`, `generals_aura`, `dragonbonded`.
    pub morale_with: Option<String>,
    /// Models taking the Morale test (default `target_models`, else 1).
    pub morale_models: Option<u32>,
    /// The charging unit's Speed, in inches (default 0).
    pub speed: Option<u32>,
    /// The distance to the charge's target, in inches.
    pub distance: Option<f64>,
}

/// One distribution: mean, standard deviation, P(= k) and P(>= k) from k = 0.
#[derive(Debug, Serialize, ToSchema)]
pub struct Distribution {
    pub mean: f64,
    pub sd: f64,
    pub pmf: Vec<f64>,
    pub at_least: Vec<f64>,
}

impl From<Summary> for Distribution {
    fn from(s: Summary) -> Self {
        Distribution {
            mean: s.mean,
            sd: s.sd,
            pmf: s.pmf,
            at_least: s.at_least,
        }
    }
}

/// The attack as understood.
#[derive(Debug, Serialize, ToSchema)]
pub struct OddsAttack {
    /// Each dice group per model, `3xblack`.
    pub per_model: Vec<String>,
    pub models: u32,
    /// Dice rolled in all.
    pub dice: u32,
    /// The net modifier: `attack_mod` plus the conditions.
    pub modifier: i32,
}

/// The defense as understood.
#[derive(Debug, Serialize, ToSchema)]
pub struct OddsDefense {
    pub die: String,
    pub modifier: i32,
}

/// Models lost by the target.
#[derive(Debug, Serialize, ToSchema)]
pub struct ModelsLost {
    pub health: u32,
    pub models: Option<u32>,
    pub wounds_before: u32,
    pub lost: Distribution,
}

/// A Morale test.
#[derive(Debug, Serialize, ToSchema)]
pub struct MoraleOdds {
    pub die: String,
    pub modifier: i32,
    pub models: u32,
    /// The probability that one model passes.
    pub pass_probability: f64,
    /// Models fleeing.
    pub fleeing: Distribution,
}

/// A charge.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChargeOdds {
    pub speed: u32,
    /// The whole charge distance in inches: Speed plus the hits of 3 black
    /// attack dice.
    pub inches: Distribution,
    pub distance: Option<f64>,
    /// The probability the charge reaches `distance`.
    pub reach_probability: Option<f64>,
}

/// The exact odds.
#[derive(Debug, Serialize, ToSchema)]
pub struct OddsAnswer {
    pub attack: OddsAttack,
    pub defense: OddsDefense,
    /// Criticals plus unblocked standard hits.
    pub wounds: Distribution,
    pub hits: Distribution,
    pub standard_hits: Distribution,
    pub critical_hits: Distribution,
    /// With `health` only.
    pub models_lost: Option<ModelsLost>,
    pub morale: MoraleOdds,
    pub charge: ChargeOdds,
}

fn bad_odds(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_odds", m)
}

fn colour(name: &str, what: &str) -> Result<Colour, ApiError> {
    name.parse()
        .map_err(|e: valerna_dice::bov::UnknownColour| bad_odds(format!("`{what}`: {e}")))
}

fn count(n: Option<u32>, default: u32, what: &str) -> Result<u32, ApiError> {
    let n = n.unwrap_or(default);
    if (1..=MAX_DICE).contains(&n) {
        Ok(n)
    } else {
        Err(bad_odds(format!(
            "`{what}` {n} is out of range (accepted: 1 to {MAX_DICE})"
        )))
    }
}

/// The conditions of each 5.1 modifier table a page may tick, by name.
const ATTACK_CONDITIONS: &[(&str, Modifier)] = &[
    ("fresh", Modifier::Fresh),
    ("exhausted", Modifier::Exhausted),
    ("charge", Modifier::Charge),
    ("skirmish", Modifier::Skirmish),
    ("dragonbonded", Modifier::Dragonbonded),
];
const DEFENSE_CONDITIONS: &[(&str, Modifier)] = &[
    ("fresh", Modifier::Fresh),
    ("exhausted", Modifier::Exhausted),
    ("obscured", Modifier::Obscured),
    ("flanked", Modifier::Flanked),
    ("dragonbonded", Modifier::Dragonbonded),
];
const MORALE_CONDITIONS: &[(&str, Modifier)] = &[
    ("fresh", Modifier::Fresh),
    ("exhausted", Modifier::Exhausted),
    ("in_command_of_hero", Modifier::InCommandOfHero),
    ("generals_aura", Modifier::GeneralsAura),
    ("dragonbonded", Modifier::Dragonbonded),
];

/// The net of a raw modifier and the named conditions.
fn net(
    raw: Option<i32>,
    with: Option<&str>,
    table: &[(&str, Modifier)],
    what: &str,
) -> Result<i32, ApiError> {
    let raw = raw.unwrap_or(0);
    if raw.abs() > 99 {
        return Err(bad_odds(format!(
            "`{what}_mod` {raw} is out of range (accepted: -99 to +99)"
        )));
    }
    let mut sum = raw;
    let mut named: Vec<&str> = Vec::new();
    for name in with.unwrap_or("").split(',').map(str::trim) {
        if name.is_empty() {
            continue;
        }
        // A condition holds or not: named twice, it is not worth twice.
        if named.contains(&name) {
            return Err(bad_odds(format!(
                "`{what}_with`: {name:?} is named more than once (each condition counts once)"
            )));
        }
        named.push(name);
        let m = table.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            bad_odds(format!(
                "`{what}_with`: no condition {name:?} (accepted: {})",
                names.join(", ")
            ))
        })?;
        sum += m.1.value();
    }
    Ok(sum)
}

/// Exact odds of an attack, its models lost, a Morale test and a charge:
/// the numbers `valerna calc bov --json`, `calc morale --json` and `calc
/// charge --json` print for the same question.
#[utoipa::path(get, path = "/api/bov/odds", params(OddsQuery),
    responses((status = 200, body = OddsAnswer),
              (status = 422, description = "bad_odds: a colour, count or condition not accepted", body = crate::error::ErrorBody)))]
pub async fn bov_odds(Q(q): Q<OddsQuery>) -> Result<Json<OddsAnswer>, ApiError> {
    odds_of(&q).map(Json)
}

/// The answer to one odds question.
pub fn odds_of(q: &OddsQuery) -> Result<OddsAnswer, ApiError> {
    let per_model = odds::parse_pool(&q.attack).map_err(|e| bad_odds(format!("`attack`: {e}")))?;
    let models = count(q.models, 1, "models")?;
    let attack_mod = net(
        q.attack_mod,
        q.attack_with.as_deref(),
        ATTACK_CONDITIONS,
        "attack",
    )?;
    let defense_mod = net(
        q.defense_mod,
        q.defense_with.as_deref(),
        DEFENSE_CONDITIONS,
        "defense",
    )?;
    let attack = Attack {
        per_model,
        models,
        shift: Shift::net(attack_mod),
    };
    let defense_die = colour(&q.defense, "defense")?;
    let defense = Defense {
        colour: defense_die,
        shift: Shift::net(defense_mod),
    };
    let dice = attack.dice().map_err(|e| bad_odds(e.to_string()))?;
    let o = odds::attack(&attack, defense).map_err(|e| bad_odds(e.to_string()))?;
    let target_models = q
        .target_models
        .map(|m| count(Some(m), 1, "target_models"))
        .transpose()?;
    let models_lost = match q.health {
        None => None,
        Some(h) => {
            let health = count(Some(h), 1, "health")?;
            let wounds = q.wounds.unwrap_or(0);
            // BoV 5.1, "Apply Wounds": a model falls as soon as its wounds
            // reach its Health.
            if wounds >= health {
                return Err(bad_odds(format!(
                    "`wounds` {wounds}: a unit of Health {health} carries at most {} wound counters",
                    health - 1
                )));
            }
            let target = Target {
                health,
                models: target_models,
                wounds,
            };
            let lost = odds::models_lost(&o.wounds, target).map_err(|e| bad_odds(e.to_string()))?;
            Some(ModelsLost {
                health,
                models: target_models,
                wounds_before: wounds,
                lost: Summary::of(&lost).into(),
            })
        }
    };
    let morale_die = colour(q.morale_die.as_deref().unwrap_or("gray"), "morale_die")?;
    let morale_mod = net(
        q.morale_mod,
        q.morale_with.as_deref(),
        MORALE_CONDITIONS,
        "morale",
    )?;
    let morale_models = count(q.morale_models.or(target_models), 1, "morale_models")?;
    let morale_shift = Shift::net(morale_mod);
    let speed = q.speed.unwrap_or(0);
    if speed > 100 {
        return Err(bad_odds(format!(
            "`speed` {speed} is out of range (accepted: 0 to 100 inches)"
        )));
    }
    if let Some(d) = q.distance
        && !(d.is_finite() && (0.0..=1000.0).contains(&d))
    {
        return Err(bad_odds(format!(
            "`distance` {d} is out of range (accepted: 0 to 1000 inches)"
        )));
    }
    let inches = odds::charge_distance(speed);
    let reach = q.distance.map(|d| odds::charge_reach(&inches, d));
    Ok(OddsAnswer {
        attack: OddsAttack {
            per_model: attack.per_model.iter().map(|g| g.to_string()).collect(),
            models,
            dice,
            modifier: attack_mod,
        },
        defense: OddsDefense {
            die: defense_die.to_string(),
            modifier: defense_mod,
        },
        wounds: Summary::of(&o.wounds).into(),
        hits: Summary::of(&o.hits).into(),
        standard_hits: Summary::of(&o.standard_hits).into(),
        critical_hits: Summary::of(&o.critical_hits).into(),
        models_lost,
        morale: MoraleOdds {
            die: morale_die.to_string(),
            modifier: morale_mod,
            models: morale_models,
            pass_probability: odds::morale_pass(morale_die, morale_shift),
            fleeing: Summary::of(&odds::morale_fleeing(
                morale_die,
                morale_shift,
                morale_models,
            ))
            .into(),
        },
        charge: ChargeOdds {
            speed,
            inches: Summary::of(&inches).into(),
            distance: q.distance,
            reach_probability: reach,
        },
    })
}

/// The workshop's routes: its API and its pages.
pub fn router() -> Router<Arc<App>> {
    Router::new()
        .route("/api/bov/lists/check", post(check_list))
        .route("/api/bov/lists/new", get(new_list))
        .route("/api/bov/lists", post(crate::own::create_list))
        .route(
            "/api/bov/lists/{id}",
            get(crate::own::get_list).put(crate::own::put_list),
        )
        .route("/api/bov/cards/check", post(crate::own::check_card_route))
        .route("/api/bov/cards/{id}", get(crate::own::get_card))
        .route("/api/bov/packs", post(crate::own::create_pack))
        .route(
            "/api/bov/packs/{id}",
            get(crate::own::get_pack).put(crate::own::put_pack),
        )
        .route("/api/bov/rules", get(crate::rulings::rules))
        .route("/api/bov/odds", get(bov_odds))
        .route("/lists", get(|| async { crate::web::page("lists.html") }))
        .route("/cards", get(|| async { crate::web::page("cards.html") }))
        .route(
            "/cards/edit",
            get(|| async { crate::web::page("editor.html") }),
        )
        .route("/rulings", get(crate::rulings::rulings_page))
        .route("/odds", get(|| async { crate::web::page("odds.html") }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(attack: &str, defense: &str) -> OddsQuery {
        OddsQuery {
            attack: attack.into(),
            defense: defense.into(),
            models: None,
            attack_mod: None,
            attack_with: None,
            defense_mod: None,
            defense_with: None,
            health: None,
            target_models: None,
            wounds: None,
            morale_die: None,
            morale_mod: None,
            morale_with: None,
            morale_models: None,
            speed: None,
            distance: None,
        }
    }

    #[test]
    fn odds_are_the_dice_crates() {
        let a = odds_of(&query("3xblack", "gray")).unwrap();
        let o = odds::attack(
            &Attack {
                per_model: odds::parse_pool("3xblack").unwrap(),
                models: 1,
                shift: Shift::None,
            },
            Defense {
                colour: Colour::Gray,
                shift: Shift::None,
            },
        )
        .unwrap();
        assert_eq!(a.wounds.mean, o.wounds.mean());
        assert_eq!(a.attack.dice, 3);
    }

    #[test]
    fn conditions_are_summed_by_the_books_values() {
        let mut q = query("3xblack", "gray");
        q.attack_with = Some("charge,fresh".into());
        q.defense_with = Some("flanked".into());
        let a = odds_of(&q).unwrap();
        assert_eq!((a.attack.modifier, a.defense.modifier), (2, -1));
        q.attack_with = Some("sneaky".into());
        let e = odds_of(&q).err().unwrap();
        assert_eq!(e.code, "bad_odds");
        assert!(e.message.contains("charge"), "{}", e.message);
        // BoV 5.1, "Attack Modifiers": each condition holds or not; named
        // a thousand times it is still one, and refused as a slip.
        q.attack_with = Some(vec!["fresh"; 1000].join(","));
        let e = odds_of(&q).err().unwrap();
        assert_eq!(e.code, "bad_odds");
        assert!(
            e.message.contains("\"fresh\" is named more than once"),
            "{}",
            e.message
        );
    }

    #[test]
    fn too_many_wounds_are_refused() {
        let mut q = query("3xblack", "gray");
        q.health = Some(2);
        q.wounds = Some(2);
        assert_eq!(odds_of(&q).err().unwrap().code, "bad_odds");
        q.wounds = Some(1);
        q.target_models = Some(3);
        let a = odds_of(&q).unwrap();
        assert_eq!(a.morale.models, 3);
        assert!(a.models_lost.is_some());
    }

    #[test]
    fn a_starting_list_checks_clean_and_a_broken_one_names_its_entry() {
        let pack = pack();
        let l = force_list::starter(&pack, "Allaria", 100).unwrap();
        let c = check(&pack, &force_list::to_ron(&pack, &l));
        assert!(c.valid, "{:?}", c.violations);
        let p = c.points.unwrap();
        assert_eq!(p.units.iter().sum::<u32>() + p.vaala, p.total);
        let c = check(
            &pack,
            "(name: \"x\", force: \"Allaria\", game_size: 100, units: [(card: \"nobody\")])",
        );
        assert!(!c.valid);
        assert!(c.violations.iter().any(|v| v["entry"]["kind"] == "unit"));
        let c = check(&pack, "(name: ");
        assert_eq!(c.violations[0]["rule"], "format");
        assert!(c.list.is_none());
    }
}
