//! What the workshop keeps under private links, with no accounts: force
//! lists saved to be opened again, and packs of one's own (unit cards
//! written in the card editor, checked by the pack's own loader and played
//! on this server). A link's id is 128 random bits; whoever holds it may
//! read and replace what it keeps.

use std::sync::Arc;

use axum::Json;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use valerna_bov::battle::OWN_CARDS_FILE;
use valerna_bov::content::{FileKind, Pack, Source};
use valerna_bov::ron_options;

use crate::app::{App, new_token};
use crate::error::ApiError;
use crate::extract::read_body;

/// The store's kinds of kept documents.
const LIST: &str = "list";
const PACK: &str = "pack";

/// The most cards a pack of one's own holds.
pub const MAX_CARDS: usize = 64;

/// A unit card to check, as the card editor writes it.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CardToCheck {
    /// One unit card entry in the pack's format (RON): `(id: "...", name:
    /// "...", ...)`, as an element of `content/bov/units/*.ron`.
    pub card: String,
    /// A pack of one's own the card joins (its link id): its other cards
    /// count (a card of the same id is the one being edited, replaced).
    #[serde(default)]
    pub pack: Option<String>,
}

/// One error of the loader, on the field it concerns.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldError {
    /// The field, dotted as in the card (`front.health`,
    /// `front.melee.dice`, `keywords[1]`); `null` for the card as a whole
    /// (a syntax error outside any field).
    pub field: Option<String>,
    pub message: String,
}

/// The loader's verdict on one card.
#[derive(Debug, Serialize, ToSchema)]
pub struct CardCheck {
    pub valid: bool,
    /// The card as loaded (the shape of `/api/content/bov`'s `units`), when
    /// valid.
    #[schema(value_type = Option<valerna_bov::rules::units::UnitCard>)]
    pub card: Option<Value>,
    /// Every error the loader found, each on its field.
    pub errors: Vec<FieldError>,
    /// The card as a file to drop into `content/bov/units/`, when valid.
    pub file: Option<String>,
}

/// The cards of a pack of one's own.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PackBody {
    /// Unit card entries, each as [`CardToCheck::card`]; at most 64.
    pub cards: Vec<String>,
}

/// A pack of one's own as kept.
#[derive(Debug, Serialize, ToSchema)]
pub struct PackView {
    /// The link's id: `/cards/edit#pack=ID`, and `pack` in a list check or
    /// a battle's options.
    pub id: String,
    /// The card entries as written.
    pub cards: Vec<String>,
    /// The cards as loaded (the shape of `/api/content/bov`'s `units`).
    #[schema(value_type = Vec<valerna_bov::rules::units::UnitCard>)]
    pub units: Vec<Value>,
    /// The whole pack as one file to drop into `content/bov/units/`.
    pub file: String,
}

/// A force list to keep.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ListBody {
    /// The list as `valerna bov list validate` reads it (RON); kept as
    /// written, valid or not.
    pub text: String,
    /// The pack of one's own its cards come from (a link id).
    #[serde(default)]
    pub pack: Option<String>,
}

/// A force list as kept.
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedList {
    /// The link's id: `/lists#list=ID`.
    pub id: String,
    pub text: String,
    pub pack: Option<String>,
}

fn no_pack(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_pack",
        format!("no pack of one's own {id:?}"),
    )
}

/// A pack named in a request's body (or query) that is not there: the
/// request is at fault, not its URL (422, not 404).
pub fn named_pack_missing(e: ApiError) -> ApiError {
    if e.code == "no_pack" {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "no_pack", e.message)
    } else {
        e
    }
}

fn bad_pack(m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "bad_pack", m)
}

/// Whether `id` can be a link's id (32 hex digits), so nothing else is
/// looked up.
fn link_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The pack the server plays with.
fn shipped() -> Arc<Pack> {
    <valerna_bov::battle::Battle as crate::hosted::Worded>::pack()
}

/// Card entries as one file of unit cards, the format of
/// `content/bov/units/*.ron`.
pub fn pack_file(cards: &[String]) -> String {
    let mut out = String::from(
        "// Unit cards of one's own: the format of content/bov/README.md, \"Unit card\".\n[\n",
    );
    for c in cards {
        out.push_str(c.trim());
        out.push_str(",\n");
    }
    out.push_str("]\n");
    out
}

/// `base` with the cards added, by the loader.
fn with_cards(base: &Pack, cards: &[String]) -> Result<Pack, valerna_bov::content::ContentErrors> {
    let file = pack_file(cards);
    base.with_units(&Source {
        file: OWN_CARDS_FILE,
        kind: FileKind::Units,
        text: &file,
    })
}

/// The id a card entry gives itself, if it reads that far.
fn card_id(card: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct IdOnly {
        id: String,
    }
    ron_options().from_str::<IdOnly>(card).ok().map(|c| c.id)
}

/// The cards kept under a pack's link.
pub async fn pack_cards(app: &App, id: &str) -> Result<Vec<String>, ApiError> {
    if !link_id(id) {
        return Err(no_pack(id));
    }
    let body = app
        .store()
        .kept(PACK, id)
        .await
        .map_err(ApiError::store)?
        .ok_or_else(|| no_pack(id))?;
    let b: PackBody = serde_json::from_str(&body)
        .map_err(|e| bad_pack(format!("the pack {id:?} is not readable: {e}")))?;
    Ok(b.cards)
}

/// The shipped pack with a pack of one's own added: what a list naming its
/// cards is checked against.
pub async fn pack_with(app: &App, id: &str) -> Result<Pack, ApiError> {
    let cards = pack_cards(app, id).await?;
    with_cards(&shipped(), &cards).map_err(|e| bad_pack(format!("the pack {id:?}: {e}")))
}

/// One card checked by the loader, on top of `base` and `others` (a card
/// of `others` with the same id is the one being edited and makes way).
pub fn check_card(base: &Pack, others: &[String], card: &str) -> CardCheck {
    let id = card_id(card);
    let rest: Vec<String> = others
        .iter()
        .filter(|c| id.is_none() || card_id(c) != id)
        .cloned()
        .collect();
    let base = with_cards(base, &rest).unwrap_or_else(|_| base.clone());
    // The card alone is an entry of a file whose first line is `[`.
    let file = format!("[\n{card}\n]");
    match base.with_units(&Source {
        file: OWN_CARDS_FILE,
        kind: FileKind::Units,
        text: &file,
    }) {
        // One card and one only: an empty text (or a comment alone) adds
        // none, and a text of several entries is not a card.
        Ok(pack) if pack.units.len() != base.units.len() + 1 => CardCheck {
            valid: false,
            card: None,
            errors: vec![FieldError {
                field: None,
                message: format!(
                    "{} unit card entries were written: write exactly one, `(id: \"...\", ...)`",
                    pack.units.len() - base.units.len()
                ),
            }],
            file: None,
        },
        Ok(pack) => CardCheck {
            valid: true,
            card: pack.units.last().and_then(|u| serde_json::to_value(u).ok()),
            errors: Vec::new(),
            file: Some(pack_file(&[card.to_owned()])),
        },
        Err(es) => CardCheck {
            valid: false,
            card: None,
            errors: es
                .0
                .into_iter()
                .map(|e| FieldError {
                    message: match (&e.field, e.file.rsplit_once(':')) {
                        // A syntax error outside a field: where it is.
                        (None, Some((rest, col))) => match rest.rsplit_once(':') {
                            Some((_, line)) => {
                                let line = line.parse::<usize>().map_or(0, |l| l.saturating_sub(1));
                                format!("line {line}, column {col}: {}", e.message)
                            }
                            None => e.message,
                        },
                        _ => e.message,
                    },
                    field: e.field,
                })
                .collect(),
            file: None,
        },
    }
}

/// Which pack a card is looked up in.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CardQuery {
    /// A pack of one's own (its link id), looked in before the shipped pack.
    pub pack: Option<String>,
}

/// A card to start writing from.
#[derive(Debug, Serialize, ToSchema)]
pub struct CardSource {
    /// The card as loaded (the shape of `/api/content/bov`'s `units`).
    #[schema(value_type = valerna_bov::rules::units::UnitCard)]
    pub card: Value,
    /// Its front's powers in the pack's format (RON), as the editor's
    /// powers field holds them.
    pub powers: String,
}

/// Powers written in the pack's format.
pub fn powers_ron(powers: &[valerna_bov::rules::powers::Power]) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .indentor("    ".to_owned());
    ron::ser::to_string_pretty(powers, config).map_err(|e| e.to_string())
}

/// A unit card to start from: the card and its powers as the editor
/// writes them.
#[utoipa::path(get, path = "/api/bov/cards/{id}", params(("id" = String, Path, description = "The card's id"), CardQuery),
    responses((status = 200, body = CardSource),
              (status = 404, description = "no_card, or no_pack", body = crate::error::ErrorBody)))]
pub async fn get_card(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    crate::extract::Q(q): crate::extract::Q<CardQuery>,
) -> Result<Json<CardSource>, ApiError> {
    let pack = match &q.pack {
        Some(p) => Arc::new(pack_with(&app, p).await?),
        None => shipped(),
    };
    let (_, card) = pack.unit(&id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_card",
            format!("no unit card {id:?}"),
        )
    })?;
    Ok(Json(CardSource {
        card: serde_json::to_value(card).map_err(|e| bad_pack(e.to_string()))?,
        powers: powers_ron(&card.front.powers).map_err(bad_pack)?,
    }))
}

fn json_body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad_json(format!("the body is not valid: {e}")))
}

/// Checks one unit card with the pack's own loader, every error on its
/// field: what the card editor shows as a card is written.
#[utoipa::path(post, path = "/api/bov/cards/check", request_body = CardToCheck,
    responses((status = 200, body = CardCheck),
              (status = 400, description = "bad_json", body = crate::error::ErrorBody),
              (status = 413, description = "too_large", body = crate::error::ErrorBody),
              (status = 422, description = "no_pack: `pack` names no pack of one's own", body = crate::error::ErrorBody)))]
pub async fn check_card_route(
    State(app): State<Arc<App>>,
    body: Body,
) -> Result<Json<CardCheck>, ApiError> {
    let c: CardToCheck = json_body(&read_body(&app, body).await?)?;
    let others = match &c.pack {
        Some(id) => pack_cards(&app, id).await.map_err(named_pack_missing)?,
        None => Vec::new(),
    };
    Ok(Json(check_card(&shipped(), &others, &c.card)))
}

/// The cards checked together; the view of them under `id`.
fn pack_view(id: String, cards: Vec<String>) -> Result<PackView, ApiError> {
    if cards.len() > MAX_CARDS {
        return Err(bad_pack(format!(
            "{} cards: a pack of one's own holds at most {MAX_CARDS}",
            cards.len()
        )));
    }
    let base = shipped();
    let pack = with_cards(&base, &cards).map_err(|e| bad_pack(e.to_string()))?;
    let units = pack.units[base.units.len()..]
        .iter()
        .filter_map(|u| serde_json::to_value(u).ok())
        .collect();
    Ok(PackView {
        file: pack_file(&cards),
        id,
        cards,
        units,
    })
}

async fn keep_pack(app: &App, id: String, cards: Vec<String>) -> Result<PackView, ApiError> {
    let view = pack_view(id, cards)?;
    let body = serde_json::to_string(&PackBody {
        cards: view.cards.clone(),
    })
    .map_err(|e| bad_pack(e.to_string()))?;
    app.keep(PACK, &view.id, body).await?;
    Ok(view)
}

/// Keeps a new pack of one's own under a private link: every card checked
/// by the loader first, a refused card refusing the pack.
#[utoipa::path(post, path = "/api/bov/packs", request_body = PackBody,
    responses((status = 201, body = PackView),
              (status = 400, description = "bad_json", body = crate::error::ErrorBody),
              (status = 422, description = "bad_pack: a card the loader refuses (each error named), or too many cards", body = crate::error::ErrorBody)))]
pub async fn create_pack(
    State(app): State<Arc<App>>,
    req: axum::extract::Request,
) -> Result<(StatusCode, Json<PackView>), ApiError> {
    let (parts, body) = req.into_parts();
    let b: PackBody = json_body(&read_body(&app, body).await?)?;
    // Checked before the link is counted: a refused pack makes no link.
    pack_view(String::new(), b.cards.clone())?;
    app.new_link(address(&parts))?;
    let view = keep_pack(&app, new_token(), b.cards).await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// A pack of one's own, by its link.
#[utoipa::path(get, path = "/api/bov/packs/{id}", params(("id" = String, Path, description = "The link's id")),
    responses((status = 200, body = PackView),
              (status = 404, description = "no_pack", body = crate::error::ErrorBody),
              (status = 422, description = "bad_pack: its cards no longer load with the shipped pack", body = crate::error::ErrorBody)))]
pub async fn get_pack(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<PackView>, ApiError> {
    let cards = pack_cards(&app, &id).await?;
    pack_view(id, cards).map(Json)
}

/// Replaces the cards a pack's link keeps.
#[utoipa::path(put, path = "/api/bov/packs/{id}", request_body = PackBody,
    params(("id" = String, Path, description = "The link's id")),
    responses((status = 200, body = PackView),
              (status = 400, description = "bad_json", body = crate::error::ErrorBody),
              (status = 404, description = "no_pack", body = crate::error::ErrorBody),
              (status = 422, description = "bad_pack", body = crate::error::ErrorBody)))]
pub async fn put_pack(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Body,
) -> Result<Json<PackView>, ApiError> {
    let b: PackBody = json_body(&read_body(&app, body).await?)?;
    pack_cards(&app, &id).await?;
    keep_pack(&app, id, b.cards).await.map(Json)
}

fn no_list(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no_list",
        format!("no saved list {id:?}"),
    )
}

/// The client's address, when the server was started with its peers'.
fn address(parts: &axum::http::request::Parts) -> Option<std::net::IpAddr> {
    parts
        .extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip())
}

/// The longest force list kept: a hundred times a 100-point list's text.
pub const MAX_LIST_BYTES: usize = 16 * 1024;

/// Refuses a list longer than [`MAX_LIST_BYTES`], naming its length.
fn list_size(b: &ListBody) -> Result<(), ApiError> {
    if b.text.len() > MAX_LIST_BYTES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!(
                "a force list of {} bytes: the most kept is {MAX_LIST_BYTES}",
                b.text.len()
            ),
        ));
    }
    Ok(())
}

async fn keep_list(app: &App, id: String, b: ListBody) -> Result<SavedList, ApiError> {
    list_size(&b)?;
    if let Some(p) = &b.pack {
        pack_cards(app, p).await.map_err(named_pack_missing)?;
    }
    let body = serde_json::to_string(&b).map_err(|e| ApiError::bad_json(e.to_string()))?;
    app.keep(LIST, &id, body).await?;
    Ok(SavedList {
        id,
        text: b.text,
        pack: b.pack,
    })
}

/// Keeps a force list under a new private link, as written (valid or not).
#[utoipa::path(post, path = "/api/bov/lists", request_body = ListBody,
    responses((status = 201, body = SavedList),
              (status = 400, description = "bad_json", body = crate::error::ErrorBody),
              (status = 422, description = "no_pack: `pack` names no pack of one's own", body = crate::error::ErrorBody)))]
pub async fn create_list(
    State(app): State<Arc<App>>,
    req: axum::extract::Request,
) -> Result<(StatusCode, Json<SavedList>), ApiError> {
    let (parts, body) = req.into_parts();
    let b: ListBody = json_body(&read_body(&app, body).await?)?;
    list_size(&b)?;
    app.new_link(address(&parts))?;
    let saved = keep_list(&app, new_token(), b).await?;
    Ok((StatusCode::CREATED, Json(saved)))
}

/// A saved force list, by its link.
#[utoipa::path(get, path = "/api/bov/lists/{id}", params(("id" = String, Path, description = "The link's id")),
    responses((status = 200, body = SavedList),
              (status = 404, description = "no_list", body = crate::error::ErrorBody)))]
pub async fn get_list(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Json<SavedList>, ApiError> {
    if !link_id(&id) {
        return Err(no_list(&id));
    }
    let body = app
        .store()
        .kept(LIST, &id)
        .await
        .map_err(ApiError::store)?
        .ok_or_else(|| no_list(&id))?;
    let b: ListBody = serde_json::from_str(&body).map_err(|e| ApiError::bad_json(e.to_string()))?;
    Ok(Json(SavedList {
        id,
        text: b.text,
        pack: b.pack,
    }))
}

/// Replaces the force list a link keeps.
#[utoipa::path(put, path = "/api/bov/lists/{id}", request_body = ListBody,
    params(("id" = String, Path, description = "The link's id")),
    responses((status = 200, body = SavedList),
              (status = 400, description = "bad_json", body = crate::error::ErrorBody),
              (status = 404, description = "no_list", body = crate::error::ErrorBody),
              (status = 422, description = "no_pack: `pack` names no pack of one's own", body = crate::error::ErrorBody)))]
pub async fn put_list(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Body,
) -> Result<Json<SavedList>, ApiError> {
    let b: ListBody = json_body(&read_body(&app, body).await?)?;
    if !link_id(&id)
        || app
            .store()
            .kept(LIST, &id)
            .await
            .map_err(ApiError::store)?
            .is_none()
    {
        return Err(no_list(&id));
    }
    keep_list(&app, id, b).await.map(Json)
}

/// A battle's `options.pack` given as a link's id becomes the cards it
/// keeps, so the battle's record carries them (`BattleSetup::cards`) and
/// replays without the link.
pub async fn own_pack_in(app: &App, game: &str, mut options: Value) -> Result<Value, ApiError> {
    if game != "bov" {
        return Ok(options);
    }
    let Some(id) = options
        .get("pack")
        .and_then(Value::as_str)
        .map(str::to_owned)
    else {
        return Ok(options);
    };
    if id.contains('(') {
        return Ok(options);
    }
    let cards = pack_cards(app, &id).await.map_err(|e| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_setup",
            format!("options.pack: {}", e.message),
        )
    })?;
    options["pack"] = Value::String(pack_file(&cards));
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: &str = r#"(
    id: "river_wardens",
    name: "River Wardens",
    provisional: false,
    force: "Allaria",
    keywords: ["Allaria", "Infantry"],
    points: 12,
    models: 5,
    base_mm: 25,
    front: (health: 1, speed: 7, defense: gray, melee: (dice: "2xgray")),
)"#;

    #[test]
    fn a_card_is_checked_by_the_loader_each_error_on_its_field() {
        let pack = shipped();
        let ok = check_card(&pack, &[], CARD);
        assert!(ok.valid, "{:?}", ok.errors);
        assert_eq!(ok.card.unwrap()["id"], "river_wardens");
        assert!(ok.file.unwrap().contains("River Wardens"));
        let bad = check_card(&pack, &[], &CARD.replace("health: 1", "health: 0"));
        assert!(!bad.valid);
        assert_eq!(bad.errors[0].field.as_deref(), Some("front.health"));
        let bad = check_card(&pack, &[], &CARD.replace("speed: 7", "speed: \"fast\""));
        assert_eq!(bad.errors[0].field.as_deref(), Some("front.speed"));
        let bad = check_card(&pack, &[], "nonsense");
        assert_eq!(bad.errors[0].field, None);
        assert!(
            bad.errors[0].message.starts_with("line "),
            "{}",
            bad.errors[0].message
        );
        // Editing a card of the pack: its old entry makes way.
        let again = check_card(
            &pack,
            &[CARD.to_owned()],
            &CARD.replace("speed: 7", "speed: 8"),
        );
        assert!(again.valid, "{:?}", again.errors);
        let clash = check_card(&pack, &[], &CARD.replace("river_wardens", "dreamfencers"));
        assert_eq!(clash.errors[0].field.as_deref(), Some("id"));
        // Nothing to check is no card, not the pack's last one; two
        // entries are not one card.
        let two = format!(
            "{CARD},\n{}",
            CARD.replace("river_wardens", "river_wardens_2")
        );
        for (text, count) in [
            ("", "0"),
            ("  \n", "0"),
            ("// a note", "0"),
            (two.as_str(), "2"),
        ] {
            let none = check_card(&pack, &[], text);
            assert!(!none.valid, "{text:?}");
            assert!(none.card.is_none() && none.file.is_none(), "{text:?}");
            let message = &none.errors[0].message;
            assert!(
                message.starts_with(&format!("{count} unit card entries")),
                "{message}"
            );
        }
    }

    /// The editor starts from a shipped card's powers as written here: they
    /// read back as the same powers.
    #[test]
    fn powers_written_read_back_the_same() {
        for u in &shipped().units {
            let text = powers_ron(&u.front.powers).unwrap();
            let back: Vec<valerna_bov::rules::powers::Power> = ron_options()
                .from_str(&text)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", u.id));
            assert_eq!(
                serde_json::to_value(&back).unwrap(),
                serde_json::to_value(&u.front.powers).unwrap(),
                "{}",
                u.id
            );
        }
    }

    #[test]
    fn a_pack_file_loads_as_the_shipped_units_do() {
        let view = pack_view("x".into(), vec![CARD.to_owned()]).unwrap();
        assert_eq!(view.units.len(), 1);
        assert!(view.file.starts_with("//"));
        let e = pack_view("x".into(), vec![CARD.to_owned(), CARD.to_owned()])
            .err()
            .unwrap();
        assert_eq!(e.code, "bad_pack");
        assert!(!link_id("../etc"));
        assert!(link_id(&new_token()));
    }
}
