//! The HTTP API: every route, its request and answer types (which the
//! OpenAPI document is generated from), and the checks each request passes
//! before it reaches a game.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{OpenApi, ToSchema};
use valerna_game::Viewer;
use valerna_texts::Lang;

use crate::app::{App, Choice, Create, Live};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{P, Q, read_body};
use crate::games::lov::{AssaultOdds, AttackOdds, DefenseOdds, EnemyOdds};
use crate::hosted::{Mode, SeatKind, Turn};
use crate::limit::limit_keys;
use crate::ws::{Looked, MoveMeasure, Routed, SocketError, Tried, WhyNot};

/// A game to create.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// Which game: `"lov"` (Lords of Vaala) or `"bov"` (Battles of Valerna).
    #[schema(pattern = "^(lov|bov)$")]
    pub game: String,
    /// How each seat is played, in seat order. Lords of Vaala: 4 seats
    /// (Allaria, Fulgen, Tyveria, Magnifex), each `human`, `faceless`,
    /// `random`, `heuristic` or `ismcts`. Battles of Valerna: 2 sides, each
    /// `human`, `random`, `greedy` or `ismcts`.
    #[schema(min_items = 2, max_items = 4)]
    pub seats: Vec<SeatKind>,
    /// The language of the game's texts: `en`, `it` or `fr` (default `en`;
    /// another is refused, 400 `bad_lang`).
    #[serde(default)]
    #[schema(value_type = Option<LangCode>)]
    pub lang: Option<String>,
    /// The seed of the game's random stream: an integer from 0 to 2^64 - 1
    /// (a JavaScript number is exact only up to 2^53); drawn at random if
    /// absent.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Lords of Vaala only: the seat that gets the initiative token first
    /// (0 to 3), drawn if absent. It must be a seat that is not `faceless`
    /// (Faceless players never hold the token, LoV p.10): else 422
    /// `bad_setup`, as for `first` in a battle (face-offs decide there).
    #[serde(default)]
    #[schema(maximum = 3)]
    pub first: Option<u8>,
    /// Where the people play (default `network`): `network`, each in their
    /// own browser, each friend sent an invitation; `hotseat`, all at one
    /// screen, the creator given every person's seat.
    #[serde(default)]
    pub mode: Mode,
    /// In a network game, the creator's own seat (a `human` one): its token
    /// is in the answer, and every other person's seat gets an invitation.
    /// Without it, every person's seat gets an invitation.
    #[serde(default)]
    #[schema(maximum = 3)]
    pub me: Option<u8>,
    /// The game's own options: for Battles of Valerna the lists, scenario,
    /// battlefield, Monsters and map; Lords of Vaala takes none.
    #[serde(default)]
    #[schema(value_type = Option<crate::games::bov::BattleOptions>)]
    pub options: Option<Value>,
}

/// One seat of a created game.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedSeat {
    pub seat: u8,
    pub kind: SeatKind,
    /// The seat's secret (128 random bits, hex): every person's seat at one
    /// screen, the creator's own (`me`) in a network game. It is given only
    /// here: the server keeps only its SHA-256.
    pub token: Option<String>,
    /// A network game's invitation to a person's seat other than the
    /// creator's (128 random bits, hex): the friend's browser exchanges it
    /// once for the seat's token (`POST /api/games/{id}/join`). It acts for
    /// no seat itself.
    pub invite: Option<String>,
    /// The page that opens the seat in a network game: the token
    /// (`#seat=N&token=...`) or the invitation (`#invite=...`) in the URL
    /// fragment, which browsers never send to the server.
    pub link: Option<String>,
}

/// A created game.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub id: String,
    pub mode: Mode,
    pub seats: Vec<CreatedSeat>,
    /// At one screen: the page that holds every person's seat
    /// (`#seats=0:token,2:token`). `null` in a network game.
    pub link: Option<String>,
}

/// An invitation to exchange for its seat's token.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The invitation, as the game's creation gave it.
    pub invite: String,
}

/// A seat joined: its token, given only here.
#[derive(Debug, Serialize, ToSchema)]
pub struct Joined {
    pub seat: u8,
    /// The seat's secret (128 random bits, hex); the server keeps only its SHA-256.
    pub token: String,
    /// The page that plays the seat (`/play/{id}#seat=N&token=...`).
    pub link: String,
}

/// A new invitation asked for by the game's creator (their own seat's
/// token as `Authorization: Bearer`).
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Reinvite {
    /// The friend's seat to invite again.
    pub seat: u8,
    /// That seat's token, when the asking browser holds the seat itself
    /// (the creator opened the friend's invitation): needed once the
    /// seat's token has been used.
    #[serde(default)]
    pub token: Option<String>,
}

/// A seat's new invitation: the old one, and any token it gave, open
/// nothing more.
#[derive(Debug, Serialize, ToSchema)]
pub struct Invited {
    pub seat: u8,
    /// The invitation (128 random bits, hex), to send to the friend.
    pub invite: String,
    /// The page that opens it (`/play/{id}#invite=...`).
    pub link: String,
}

/// A seat in the lobby.
#[derive(Debug, Serialize, ToSchema)]
pub struct LobbySeat {
    pub seat: u8,
    pub kind: SeatKind,
    /// Whether the seat is held: a person's once it has its token (given at
    /// creation, or its invitation exchanged); always true for bot and
    /// Faceless seats. Kept in the store: the same after a restart.
    pub taken: bool,
}

/// A game in the lobby.
#[derive(Debug, Serialize, ToSchema)]
pub struct LobbyGame {
    pub id: String,
    pub game: String,
    /// Seconds since the Unix epoch.
    pub created: i64,
    pub lang: String,
    pub mode: Mode,
    /// `open` (a human seat is free), `playing`, `over` or `broken`.
    pub status: String,
    pub seats: Vec<LobbySeat>,
    pub version: u64,
    /// When the game last moved, in seconds since the Unix epoch (the
    /// server's clock): its last decision or take-back, or its creation.
    pub last_move: i64,
    /// Whether a game being played (`open` or `playing`) has gone without
    /// a decision for 7 days (`app::IDLE_AFTER`): idle, not under way.
    pub idle: bool,
}

/// A schema that is either game's type: Lords of Vaala's (in a game whose
/// `game` is `lov`) or Battles of Valerna's (`bov`). `anyOf`, not `oneOf`:
/// a few values are the same in both (`"Pass"` is a decision of each).
macro_rules! either {
    ($(#[$doc:meta])* $name:ident = $lov:ty | $bov:ty, $description:literal) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use utoipa::openapi::Ref;
                utoipa::openapi::schema::AnyOfBuilder::new()
                    .item(Ref::from_schema_name(<$lov as ToSchema>::name()))
                    .item(Ref::from_schema_name(<$bov as ToSchema>::name()))
                    .description(Some($description))
                    .into()
            }
        }

        impl ToSchema for $name {
            fn schemas(
                schemas: &mut Vec<(
                    String,
                    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
                )>,
            ) {
                schemas.push((
                    <$lov as ToSchema>::name().into(),
                    <$lov as utoipa::PartialSchema>::schema(),
                ));
                <$lov as ToSchema>::schemas(schemas);
                schemas.push((
                    <$bov as ToSchema>::name().into(),
                    <$bov as utoipa::PartialSchema>::schema(),
                ));
                <$bov as ToSchema>::schemas(schemas);
            }
        }
    };
}

either!(
    /// A game's view for one viewer.
    AnyView = valerna_lov::view::View | valerna_bov::battle::BattleView,
    "What this viewer may see: Lords of Vaala's `LovView` or Battles of Valerna's `BovBattleView`, as `game` says."
);
either!(
    /// A decision of either game.
    AnyDecision = valerna_lov::Decision | valerna_bov::battle::Decision,
    "A decision in the game's JSON form: Lords of Vaala's `LovDecision` or Battles of Valerna's `BovDecision`, as `game` says. A decision without data is a string (`\"Pass\"`), one with data an object of one key (`{\"Region\": 4}`)."
);
either!(
    /// What an option of either game means.
    AnyMeaning = valerna_lov::log::Meaning | valerna_bov::battle::log::Meaning,
    "What the option means: Lords of Vaala's `LovMeaning` or Battles of Valerna's `BovMeaning`, as `game` says."
);
either!(
    /// An event of either game.
    AnyEvent = valerna_lov::log::Event | valerna_bov::battle::log::Event,
    "The event, tagged by `kind`: Lords of Vaala's `LovEvent` or Battles of Valerna's `BovEvent`, as `game` says."
);
either!(
    /// The record of either game.
    AnyRecord = LovRecord | BovRecord,
    "A finished game's setup and decisions: `LovRecord` or `BovRecord`, as the game's `game` says."
);
either!(
    /// The public content of either game.
    AnyContent = crate::games::lov::ContentBody | crate::games::bov::ContentBody,
    "The content the table is drawn from: `LovContent` for `/api/content/lov`, `BovContent` for `/api/content/bov`."
);

/// A finished game of Lords of Vaala as it is saved: its setup and every
/// decision, in order (take-backs already applied).
#[derive(Debug, ToSchema)]
#[allow(
    dead_code,
    reason = "describes `valerna_game::Record<Lov>` in the API document"
)]
pub struct LovRecord {
    setup: valerna_lov::Setup,
    decisions: Vec<valerna_lov::Decision>,
}

/// A finished battle of Battles of Valerna as it is saved: its setup and
/// every decision, in order (take-backs already applied).
#[derive(Debug, ToSchema)]
#[allow(
    dead_code,
    reason = "describes `valerna_game::Record<Battle>` in the API document"
)]
pub struct BovRecord {
    setup: valerna_bov::battle::BattleSetup,
    decisions: Vec<valerna_bov::battle::Decision>,
}

/// Who looks at the game: one seat, or a spectator.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ViewerBody {
    /// The token's seat.
    Seat { seat: u8 },
    /// No token: a spectator, who sees only what is public.
    Spectator {
        /// Always `true`.
        spectator: bool,
    },
}

/// A language of the texts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LangCode {
    En,
    It,
    Fr,
}

/// One option of the pending question.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuestionOption {
    /// Send this as `option` to choose it.
    pub index: usize,
    /// The decision itself (the game's JSON form; may be sent as `decision`).
    #[schema(value_type = AnyDecision)]
    pub decision: Value,
    /// What the option means: the question it answers (`ask`, tagged by
    /// `kind`), the decision, whose choice it is and what it names.
    #[schema(value_type = AnyMeaning)]
    pub meaning: Value,
    /// The option as a button's label, in the requested language.
    pub label: String,
}

/// The pending question.
#[derive(Debug, Serialize, ToSchema)]
pub struct Question {
    /// The seat that must decide.
    pub seat: u8,
    /// Whose choice it is: the seat itself, or the Faceless player it decides for.
    pub owner: u8,
    pub text: String,
    /// The legal options: only for the seat that must decide.
    pub options: Option<Vec<QuestionOption>>,
    /// Lords of Vaala's "counterattack or retreat?": what comes and the
    /// odds of the counterattack (absent for every other question).
    pub defense: Option<DefenseOdds>,
    /// Lords of Vaala's attacker's choices (the target, attack again or
    /// retreat, the next defender): the attack's odds and each enemy's
    /// (absent for every other question).
    pub attack: Option<AttackOdds>,
    /// Lords of Vaala's "assault which region?": for each region option,
    /// the attack at its strongest (every Unit that may move in moved in,
    /// with the General) and each enemy there (absent for every other
    /// question).
    pub assault: Option<Vec<AssaultOdds>>,
}

/// How the game ended.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameOutcome {
    pub winners: Vec<u8>,
    /// The rule that ended it (e.g. `power`).
    pub reason: String,
    pub text: String,
}

/// A seat of a game and how it is played.
#[derive(Debug, Serialize, ToSchema)]
pub struct SeatInfo {
    pub seat: u8,
    pub kind: SeatKind,
    /// Whether the seat is held, as the lobby says: a person's once it has
    /// its token, always for bot and Faceless seats. Kept in the store (the
    /// same after a restart) and pushed to every socket when a seat is joined.
    pub taken: bool,
}

/// A game as one viewer sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameState {
    pub id: String,
    pub game: String,
    pub lang: String,
    /// `hotseat`: every person plays at one screen (a page may hold all
    /// their seats); `network`: each person in their own browser.
    pub mode: Mode,
    /// Bumped by every accepted decision or take-back; send it back with a decision.
    pub version: u64,
    /// `{"seat": n}` or `{"spectator": true}`.
    #[schema(value_type = ViewerBody)]
    pub viewer: Value,
    /// `open`, `playing`, `over` or `broken`.
    pub status: String,
    /// Why a broken game does not replay.
    pub broken: Option<String>,
    pub seats: Vec<SeatInfo>,
    /// What this viewer may see (the game's `View`).
    #[schema(value_type = AnyView)]
    pub view: Value,
    pub question: Option<Question>,
    /// How many events this viewer's stream holds.
    pub events_total: usize,
    /// Whether this viewer may take back its last decision now.
    pub can_take_back: bool,
    pub outcome: Option<GameOutcome>,
}

/// One event of a viewer's stream.
#[derive(Debug, Serialize, ToSchema)]
pub struct EventItem {
    /// Its place in this viewer's stream.
    pub n: usize,
    /// The event (the game's `Event`, tagged by `kind`).
    #[schema(value_type = AnyEvent)]
    pub event: Value,
    pub text: String,
    /// The seat it is about first, if any.
    pub seat: Option<u8>,
}

/// Events from `from` on.
#[derive(Debug, Serialize, ToSchema)]
pub struct Events {
    pub from: usize,
    pub events: Vec<EventItem>,
}

/// A finished game after its first `k` decisions.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReplayStep {
    #[serde(flatten)]
    pub state: GameState,
    /// How many decisions the whole game has.
    pub decisions: usize,
    /// Every public event up to this point.
    pub events: Vec<EventItem>,
}

/// A decision: give `decision` (the game's JSON form) or `option` (an index
/// of the question's options), not both.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Decide {
    /// The version of the state the decision was made on.
    pub version: u64,
    /// The decision itself, in the game's JSON form.
    #[schema(value_type = Option<AnyDecision>)]
    #[serde(default)]
    pub decision: Option<Value>,
    /// An index of the question's options.
    #[serde(default)]
    pub option: Option<usize>,
}

/// A take-back of this seat's last decision.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeBack {
    pub version: u64,
}

/// The server's health.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when the store does not answer.
    pub status: String,
    /// `ok`, or what the store answered (within 2 s).
    pub store: String,
}

/// The web pages' messages in one language.
#[derive(Debug, Serialize, ToSchema)]
pub struct TextsBody {
    pub lang: String,
    /// Message id to text; variables are left as `{name}`.
    pub messages: BTreeMap<String, String>,
}

/// The language query parameter.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangQuery {
    /// `en`, `it` or `fr` (another is refused, 400 `bad_lang`); default:
    /// the game's language.
    #[param(value_type = Option<LangCode>)]
    pub lang: Option<String>,
}

/// The events query parameters.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// The first event wanted, counted in this viewer's stream (default 0).
    pub from: Option<usize>,
    /// `en`, `it` or `fr` (another is refused, 400 `bad_lang`); default:
    /// the game's language.
    #[param(value_type = Option<LangCode>)]
    pub lang: Option<String>,
}

#[derive(Debug, OpenApi)]
#[openapi(
    info(
        title = "Valerna",
        description = "Lords of Vaala played in the browser: games, seats, decisions and replays. \
                       Errors are always `{\"error\": code, \"message\": text}`. The WebSocket \
                       protocol of `/api/games/{id}/ws` is described in docs/api.md."
    ),
    paths(healthz, texts, content, list_games, create_game, join, reinvite, get_game, get_events, decide,
          take_back, hint, record, at, hint_at, turns, websocket,
          crate::workshop::check_list, crate::workshop::new_list, crate::workshop::bov_odds,
          crate::own::create_list, crate::own::get_list, crate::own::put_list,
          crate::own::check_card_route, crate::own::get_card, crate::own::create_pack, crate::own::get_pack,
          crate::own::put_pack, crate::rulings::rules),
    components(schemas(CreateGame, Created, CreatedSeat, Join, Joined, Reinvite, Invited, Mode, LobbyGame, LobbySeat, GameState, SeatInfo,
                       Question, QuestionOption, GameOutcome, Events, EventItem, ReplayStep, Decide,
                       TakeBack, Hint, HintOption, StepHint, AttackOdds, EnemyOdds, Turns, Turning, Cause, crate::hosted::Turn, ErrorBody, SocketError, Tried, MoveMeasure, Looked, WhyNot, Routed, Health, TextsBody, SeatKind, crate::games::bov::BattleOptions)),
    modifiers(&SeatToken, &FloodLimits)
)]
pub struct ApiDoc;

/// Every route may answer 429 `rate_limited` with `Retry-After` (the flood
/// limits come before the routes), 400 for a path or query that does not
/// parse, and 503 `store_failed` (finished games are read from the store).
struct FloodLimits;

impl utoipa::Modify for FloodLimits {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        use utoipa::openapi::{ContentBuilder, HeaderBuilder, Ref, ResponseBuilder};
        // Each answers the one JSON error body.
        let error = |description: &str| {
            ResponseBuilder::new().description(description).content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorBody")))
                    .build(),
            )
        };
        let limited = error("Over the flood limit of the client's address or token")
            .header(
                "Retry-After",
                HeaderBuilder::new()
                    .schema(
                        ObjectBuilder::new()
                            .schema_type(Type::Integer)
                            .minimum(Some(1)),
                    )
                    .description(Some("Seconds until a request will be accepted"))
                    .build(),
            )
            .build();
        let malformed = error("A path or query parameter that does not parse").build();
        let long = error("uri_too_long: a request target over 8 KiB").build();
        let heavy = error("headers_too_large: over 64 headers or 32 KiB of them").build();
        let failed = error("The database failed; nothing was changed").build();
        let large = error("too_large: a body over the limit (64 KiB), or declared so").build();
        let scheme =
            error("no_token: an Authorization header that is not `Bearer <token>`").build();
        // A created game's id leads to every route of a game: links that
        // let generated tests (schemathesis) follow a game from its creation.
        if let Some(op) = api
            .paths
            .paths
            .get_mut("/api/games")
            .and_then(|i| i.post.as_mut())
            && let Some(utoipa::openapi::RefOr::T(created)) = op.responses.responses.get_mut("201")
        {
            use utoipa::openapi::link::LinkBuilder;
            for (name, operation) in [
                ("GetGame", "get_game"),
                ("Join", "join"),
                ("GetEvents", "get_events"),
                ("Decide", "decide"),
                ("TakeBack", "take_back"),
                ("Record", "record"),
                ("ReplayStep", "at"),
                ("StepHint", "hint_at"),
                ("Turns", "turns"),
            ] {
                let link = LinkBuilder::new()
                    .operation_id(operation)
                    .parameter("id", "$response.body#/id")
                    .build();
                created.links.insert(name.into(), link.into());
            }
        }
        for item in api.paths.paths.values_mut() {
            for op in [&mut item.get, &mut item.post, &mut item.put]
                .into_iter()
                .flatten()
            {
                let r = &mut op.responses.responses;
                r.insert("429".into(), limited.clone().into());
                r.insert("414".into(), long.clone().into());
                r.insert("431".into(), heavy.clone().into());
                r.entry("400".into())
                    .or_insert_with(|| malformed.clone().into());
                r.entry("503".into())
                    .or_insert_with(|| failed.clone().into());
                if op.request_body.is_some() {
                    r.entry("413".into())
                        .or_insert_with(|| large.clone().into());
                }
                r.entry("401".into())
                    .or_insert_with(|| scheme.clone().into());
            }
        }
    }
}

/// The seat token scheme: `Authorization: Bearer <token>`.
struct SeatToken;

impl utoipa::Modify for SeatToken {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let c = api.components.get_or_insert_with(Default::default);
        c.add_security_scheme(
            "seat_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A seat's secret token, as given when the game was created.",
                    ))
                    .build(),
            ),
        );
    }
}

/// The OpenAPI document, as committed in docs/openapi.json.
pub fn openapi_json() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
        // utoipa 5 writes a link's `operationId` in snake case.
        .replace("\"operation_id\": \"", "\"operationId\": \"")
        + "\n"
}

type Shared = State<Arc<App>>;

/// The seat token of `Authorization: Bearer <token>`, if any.
fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(v) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let v = v.to_str().unwrap_or("").trim();
    // The scheme's name in any case (RFC 7235, 2.1), then the token.
    let token = match v.split_once([' ', '\t']) {
        Some((scheme, t)) if scheme.eq_ignore_ascii_case("bearer") => t.trim(),
        _ => "",
    };
    if token.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no_token",
            "the Authorization header must be `Bearer <token>`",
        ));
    }
    Ok(Some(token.to_owned()))
}

fn parse_lang(code: Option<&str>, default: Lang) -> Result<Lang, ApiError> {
    match code {
        None => Ok(default),
        Some(c) => Lang::ALL
            .into_iter()
            .find(|l| l.code() == c)
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "bad_lang",
                    format!("no language {c:?} (languages: en, it, fr)"),
                )
            }),
    }
}

fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad_json(format!("the body is not valid: {e}")))
}

/// The header a node asks its own address's `/healthz` with, carrying its
/// lease id; `/healthz` echoes it only to the node it names.
pub const NODE_CHECK: &str = "x-valerna-node-check";

/// The server is up and its store answers: 503 when the store does not
/// answer within 2 s (a database restarting or out of reach), so that a
/// load balancer sends no one to a node that cannot keep a decision.
#[utoipa::path(get, path = "/healthz", responses((status = 200, body = Health),
    (status = 503, description = "the store does not answer", body = Health)))]
async fn healthz(State(app): Shared, headers: HeaderMap) -> Response {
    let mut res = health(&app).await.into_response();
    if let (Some(node), Some(asked)) = (app.node(), headers.get(NODE_CHECK))
        && asked.as_bytes() == node.id.as_bytes()
        && let Ok(v) = axum::http::HeaderValue::from_str(&node.id)
    {
        res.headers_mut().insert(NODE_CHECK, v);
    }
    res
}

async fn health(app: &App) -> (StatusCode, Json<Value>) {
    let store =
        match tokio::time::timeout(std::time::Duration::from_secs(2), app.store().ping()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err("the store did not answer within 2 s".to_owned()),
        };
    match store {
        Ok(()) => (StatusCode::OK, Json(json!({"status": "ok", "store": "ok"}))),
        Err(why) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": "unavailable", "store": why})),
        ),
    }
}

/// The web pages' own messages in one language.
#[utoipa::path(get, path = "/api/texts/{lang}",
    params(("lang" = String, Path, description = "en, it or fr", pattern = "^(en|it|fr)$")),
    responses((status = 200, body = TextsBody), (status = 400, body = ErrorBody)))]
async fn texts(State(app): Shared, P(lang): P<String>) -> Result<Json<Value>, ApiError> {
    let lang = parse_lang(Some(&lang), Lang::En)?;
    let messages: BTreeMap<String, String> = app.texts(lang).web_messages().into_iter().collect();
    Ok(Json(json!({"lang": lang.code(), "messages": messages})))
}

/// The public content a game's table is drawn from (regions, borders, characters, cards).
#[utoipa::path(get, path = "/api/content/{game}",
    params(("game" = String, Path, description = "`lov` or `bov`; another is 404 `no_game`"), LangQuery),
    responses((status = 200, description = "The content (see docs/api.md)", body = AnyContent),
              (status = 404, description = "no_game: no game of this name", body = ErrorBody)))]
async fn content(
    State(app): Shared,
    P(game): P<String>,
    Q(q): Q<LangQuery>,
) -> Result<Json<Value>, ApiError> {
    let lang = parse_lang(q.lang.as_deref(), Lang::En)?;
    match crate::games::named(&game) {
        Ok(entry) => Ok(Json((entry.content_json)(app.texts(lang)))),
        Err(why) => Err(ApiError::new(StatusCode::NOT_FOUND, "no_game", why)),
    }
}

/// A page of the lobby.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LobbyQuery {
    /// How many games being played (default 100, at most 500).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<usize>,
    /// How many to pass over, newest first (default 0).
    pub offset: Option<usize>,
}

/// The lobby: the games being played (or broken), newest first, a page of
/// them (`limit`, from `offset`); on the first page also the 100 games
/// finished last. Fewer than `limit` games being played: the last page.
#[utoipa::path(get, path = "/api/games", params(LobbyQuery),
    responses((status = 200, body = Vec<LobbyGame>),
              (status = 400, description = "bad_query: a `limit` of 0 or over 500", body = ErrorBody)))]
async fn list_games(State(app): Shared, Q(q): Q<LobbyQuery>) -> Result<Json<Value>, ApiError> {
    let limit = q.limit.unwrap_or(LOBBY_PAGE);
    if !(1..=500).contains(&limit) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_query",
            format!("`limit` {limit}: give 1 to 500"),
        ));
    }
    let page = app
        .lobby_page(q.offset.unwrap_or(0), limit, FINISHED_LISTED)
        .await?;
    Ok(Json(Value::Array(page)))
}

/// How many games being played a page of the lobby lists by default.
pub const LOBBY_PAGE: usize = 100;

/// How many finished games the lobby lists.
pub const FINISHED_LISTED: usize = 100;

/// Creates a game: at one screen, every person's seat's token; in a network
/// game, the creator's own seat's token (`me`) and an invitation for each
/// other person's seat.
#[utoipa::path(post, path = "/api/games", request_body = CreateGame,
    responses((status = 201, body = Created), (status = 400, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn create_game(
    State(app): Shared,
    body: Body,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let c: CreateGame = parse(&read_body(&app, body).await?)?;
    let lang = parse_lang(Some(c.lang.as_deref().unwrap_or("en")), Lang::En)?;
    let options = crate::own::own_pack_in(&app, &c.game, c.options.unwrap_or(Value::Null)).await?;
    let (slot, issued) = app
        .create(Create {
            game: c.game,
            seats: c.seats,
            lang,
            seed: c.seed,
            first: c.first,
            mode: c.mode,
            me: c.me,
            options,
        })
        .await?;
    let seats: Vec<Value> = slot
        .seats
        .iter()
        .zip(&issued)
        .enumerate()
        .map(|(i, (k, x))| {
            let link = match (slot.mode, &x.token, &x.invite) {
                (Mode::Network, Some(t), _) => Some(seat_link(&slot.id, i, t)),
                (Mode::Network, None, Some(inv)) => Some(format!("/play/{}#invite={inv}", slot.id)),
                _ => None,
            };
            json!({"seat": i, "kind": k, "token": x.token, "invite": x.invite, "link": link})
        })
        .collect();
    let link = (slot.mode == Mode::Hotseat).then(|| {
        let all: Vec<String> = issued
            .iter()
            .enumerate()
            .filter_map(|(i, x)| x.token.as_ref().map(|t| format!("{i}:{t}")))
            .collect();
        format!("/play/{}#seats={}", slot.id, all.join(","))
    });
    Ok((
        StatusCode::CREATED,
        Json(json!({"id": slot.id, "mode": slot.mode, "seats": seats, "link": link})),
    ))
}

/// The page that plays one seat, its token in the URL fragment.
fn seat_link(id: &str, seat: usize, token: &str) -> String {
    format!("/play/{id}#seat={seat}&token={token}")
}

/// Exchanges an invitation for its seat's token: the seat is then the
/// joining client's alone. The same invitation is answered the same token
/// again until that token is first used (a join whose answer was lost);
/// after, it is refused with 409 `already_joined`.
#[utoipa::path(post, path = "/api/games/{id}/join",
    params(("id" = String, Path)),
    request_body = Join,
    responses((status = 200, body = Joined),
              (status = 400, description = "bad_json", body = ErrorBody),
              (status = 403, description = "wrong_invite: no seat of this game has it", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody),
              (status = 409, description = "already_joined, game_over, broken", body = ErrorBody),
              (status = 413, description = "too_large", body = ErrorBody)))]
async fn join(State(app): Shared, P(id): P<String>, body: Body) -> Result<Json<Value>, ApiError> {
    let bytes = read_body(&app, body).await?;
    let slot = app.find(&id).await?;
    let j: Join = parse(&bytes)?;
    let (seat, token) = app.join(&slot, &j.invite).await?;
    let link = seat_link(&slot.id, usize::from(seat), &token);
    Ok(Json(json!({"seat": seat, "token": token, "link": link})))
}

/// Issues a friend's seat a new invitation, for the game's creator (their
/// own seat's token): a join whose answer went astray after the seat's
/// token was used, or an invitation opened in the wrong browser. The old
/// invitation and any token it gave open nothing more.
#[utoipa::path(post, path = "/api/games/{id}/invitations",
    params(("id" = String, Path)),
    request_body = Reinvite,
    security(("seat_token" = [])),
    responses((status = 200, body = Invited),
              (status = 400, description = "bad_json", body = ErrorBody),
              (status = 401, description = "no_token", body = ErrorBody),
              (status = 403, description = "wrong_token; not_creator: the token is not the seat of the game's creator", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody),
              (status = 409, description = "seat_in_use: the seat's holder has used its token; game_over, broken", body = ErrorBody),
              (status = 413, description = "too_large", body = ErrorBody),
              (status = 422, description = "bad_seat: not a friend's seat (one with an invitation)", body = ErrorBody)))]
async fn reinvite(
    State(app): Shared,
    P(id): P<String>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let bytes = read_body(&app, body).await?;
    let slot = app.find(&id).await?;
    let by = app.seat(&slot, bearer(&headers)?.as_deref()).await?;
    let r: Reinvite = parse(&bytes)?;
    let invite = app.reinvite(&slot, by, r.seat, r.token).await?;
    let link = format!("/play/{}#invite={invite}", slot.id);
    Ok(Json(
        json!({"seat": r.seat, "invite": invite, "link": link}),
    ))
}

/// A game as the token's seat (or, without a token, a spectator) sees it.
#[utoipa::path(get, path = "/api/games/{id}",
    params(("id" = String, Path), LangQuery),
    security((), ("seat_token" = [])),
    responses((status = 200, body = GameState),
              (status = 401, description = "no_token: an Authorization header that is not `Bearer <token>`", body = ErrorBody),
              (status = 403, description = "wrong_token", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody)))]
async fn get_game(
    State(app): Shared,
    P(id): P<String>,
    Q(q): Q<LangQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let slot = app.find(&id).await?;
    let viewer = app.viewer(&slot, bearer(&headers)?.as_deref()).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    let live = slot.live.lock().await;
    Ok(Json(app.state(&slot, &live, viewer, lang)))
}

/// The viewer's events from `from` on: the public ones and its own private ones.
#[utoipa::path(get, path = "/api/games/{id}/events",
    params(("id" = String, Path), EventsQuery),
    security((), ("seat_token" = [])),
    responses((status = 200, body = Events),
              (status = 401, description = "no_token: an Authorization header that is not `Bearer <token>`", body = ErrorBody),
              (status = 403, description = "wrong_token", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody)))]
async fn get_events(
    State(app): Shared,
    P(id): P<String>,
    Q(q): Q<EventsQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let slot = app.find(&id).await?;
    let viewer = app.viewer(&slot, bearer(&headers)?.as_deref()).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    let from = q.from.unwrap_or(0);
    let live = slot.live.lock().await;
    let events = live.table.events(viewer, from, app.texts(lang));
    Ok(Json(json!({"from": from, "events": events})))
}

/// Decides for the token's seat. The answer is the new state, once the
/// decision is durable.
#[utoipa::path(post, path = "/api/games/{id}/decisions",
    params(("id" = String, Path), LangQuery),
    request_body = Decide,
    security(("seat_token" = [])),
    responses((status = 200, body = GameState),
              (status = 400, description = "bad_json", body = ErrorBody),
              (status = 401, description = "no_token", body = ErrorBody),
              (status = 403, description = "wrong_token", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody),
              (status = 409, description = "stale_version, not_your_turn, game_over, broken", body = ErrorBody),
              (status = 413, description = "too_large", body = ErrorBody),
              (status = 422, description = "illegal_decision", body = ErrorBody)))]
async fn decide(
    State(app): Shared,
    P(id): P<String>,
    Q(q): Q<LangQuery>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let bytes = read_body(&app, body).await?;
    let slot = app.find(&id).await?;
    let seat = app.seat(&slot, bearer(&headers)?.as_deref()).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    let d: Decide = parse(&bytes)?;
    let choice = Choice::given(d.decision, d.option)?;
    app.decide(&slot, seat, d.version, choice, Some(lang))
        .await
        .map(Json)
}

/// Takes back the token's seat's last decision, while the engine allows it.
#[utoipa::path(post, path = "/api/games/{id}/takeback",
    params(("id" = String, Path), LangQuery),
    request_body = TakeBack,
    security(("seat_token" = [])),
    responses((status = 200, body = GameState),
              (status = 409, description = "cannot_take_back, stale_version, game_over, broken", body = ErrorBody),
              (status = 400, description = "bad_json", body = ErrorBody),
              (status = 401, description = "no_token", body = ErrorBody),
              (status = 403, description = "wrong_token", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody),
              (status = 413, description = "too_large", body = ErrorBody)))]
async fn take_back(
    State(app): Shared,
    P(id): P<String>,
    Q(q): Q<LangQuery>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, ApiError> {
    let bytes = read_body(&app, body).await?;
    let slot = app.find(&id).await?;
    let seat = app.seat(&slot, bearer(&headers)?.as_deref()).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    let t: TakeBack = parse(&bytes)?;
    app.take_back(&slot, seat, t.version, Some(lang))
        .await
        .map(Json)
}

/// The search bot's estimate of each option of the pending question, for
/// the seat that must decide in a game with one person.
#[derive(Debug, Serialize, ToSchema)]
pub struct Hint {
    /// The game's version the hint is for.
    pub version: u64,
    /// The search's iterations (`valerna serve --ismcts-iterations`).
    pub iterations: u32,
    /// Every option of the question, in its order.
    pub options: Vec<HintOption>,
}

/// One option as the search weighed it.
#[derive(Debug, Serialize, ToSchema)]
pub struct HintOption {
    /// The option's index in the question (`option` of a decision).
    pub index: usize,
    /// The option as a button's label.
    pub label: String,
    /// Iterations of the search that went through it: the most visited is
    /// what the search bot would choose.
    pub visits: u32,
    /// The deciding seat's estimated chance to win after it, from 0 to 1
    /// (a shared Dragonbond win counts as a win); `null` if never tried.
    pub win: Option<f64>,
}

/// What the search bot would make of each option of the question the
/// token's seat must answer, from what that seat knows only. Off in games
/// between people (403 `hint_off`). A battle's search stops after
/// `iterations` or 2 seconds, whichever comes first; options it never
/// tried have `win` `null`.
#[utoipa::path(get, path = "/api/games/{id}/hint",
    params(("id" = String, Path), LangQuery),
    security(("seat_token" = [])),
    responses((status = 200, body = Hint),
              (status = 409, description = "not_your_turn, no_hint (a game without a search hint), broken", body = ErrorBody),
              (status = 400, description = "bad_lang", body = ErrorBody),
              (status = 401, description = "no_token", body = ErrorBody),
              (status = 403, description = "wrong_token, hint_off", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody)))]
async fn hint(
    State(app): Shared,
    P(id): P<String>,
    Q(q): Q<LangQuery>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let slot = app.find(&id).await?;
    let seat = app.seat(&slot, bearer(&headers)?.as_deref()).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    app.hint(&slot, seat, lang).await.map(Json)
}

/// The record of a finished game (setup and decisions), as `valerna lov replay` reads it.
#[utoipa::path(get, path = "/api/games/{id}/record",
    params(("id" = String, Path)),
    responses((status = 200, description = "The game's setup and decisions", body = AnyRecord),
              (status = 404, body = ErrorBody), (status = 409, description = "not_over", body = ErrorBody)))]
async fn record(State(app): Shared, P(id): P<String>) -> Result<Response, ApiError> {
    let slot = app.find(&id).await?;
    let live = slot.live.lock().await;
    if !live.table.is_over() {
        return Err(ApiError::not_over());
    }
    let name = format!("attachment; filename=\"valerna-{}.json\"", slot.id);
    Ok((
        [(header::CONTENT_DISPOSITION, name)],
        Json(live.table.record()),
    )
        .into_response())
}

/// A finished game after its first `k` decisions, as a spectator sees it.
#[utoipa::path(get, path = "/api/games/{id}/at/{k}",
    params(("id" = String, Path), ("k" = usize, Path), LangQuery),
    responses((status = 200, body = ReplayStep),
              (status = 400, description = "bad_path: `k` is not a number; bad_lang", body = ErrorBody),
              (status = 404, description = "no_game; no_step: `k` past the game's last decision", body = ErrorBody),
              (status = 409, description = "not_over", body = ErrorBody)))]
async fn at(
    State(app): Shared,
    P((id, k)): P<(String, String)>,
    Q(q): Q<LangQuery>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.find(&id).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    let no_step = |m: String| ApiError::new(StatusCode::NOT_FOUND, "no_step", m);
    let k = step_number(&k)?;
    let table = {
        let live = slot.live.lock().await;
        if !live.table.is_over() {
            return Err(ApiError::not_over());
        }
        live.table.clone_box()
    };
    let total = table.decisions();
    if k > total {
        return Err(no_step(format!("the game has {total} decisions, not {k}")));
    }
    // Replaying is work for the processor: off the async threads.
    let step = tokio::task::spawn_blocking(move || table.at(k))
        .await
        .map_err(|e| no_step(e.to_string()))?
        .map_err(|e| no_step(e.0))?;
    let events = step.events(Viewer::Spectator, 0, app.texts(lang));
    let live = Live::snapshot(step, k as u64);
    let mut body = app.state(&slot, &live, Viewer::Spectator, lang);
    body["decisions"] = json!(total);
    body["events"] = Value::Array(events);
    Ok(Json(body))
}

/// The search bot's estimate of one question of a finished game.
#[derive(Debug, Serialize, ToSchema)]
pub struct StepHint {
    /// The step (`k` of `/at/{k}`): the question asked after `k` decisions.
    pub version: u64,
    /// The search's iterations (`valerna serve --ismcts-iterations`).
    pub iterations: u32,
    /// The seat that answered the question.
    pub seat: u8,
    /// The index of the option it chose; `null` for a decision not among
    /// the listed options (a free path).
    pub chosen: Option<usize>,
    /// Every option of the question, in its order.
    pub options: Vec<HintOption>,
}

/// What the search bot would have chosen at step `k` of a finished game,
/// from what the seat to decide knew then (a finished game's record is
/// public), beside what it chose.
#[utoipa::path(get, path = "/api/games/{id}/at/{k}/hint",
    params(("id" = String, Path), ("k" = usize, Path), LangQuery),
    responses((status = 200, body = StepHint),
              (status = 400, description = "bad_path: `k` is not a number; bad_lang", body = ErrorBody),
              (status = 404, description = "no_game; no_step: no question at step `k`", body = ErrorBody),
              (status = 409, description = "not_over; broken; no_hint (a game without a search hint)", body = ErrorBody)))]
async fn hint_at(
    State(app): Shared,
    P((id, k)): P<(String, String)>,
    Q(q): Q<LangQuery>,
) -> Result<Json<Value>, ApiError> {
    let slot = app.find(&id).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    app.hint_at(&slot, step_number(&k)?, lang).await.map(Json)
}

/// `k` of a replay's path.
fn step_number(k: &str) -> Result<usize, ApiError> {
    k.parse().map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_path",
            format!("{k:?} is not a step number (0 to the game's decisions)"),
        )
    })
}

/// Where a finished game turned: every seat's estimated chance to win at
/// each step, and the decisions that moved it most.
#[derive(Debug, Serialize, ToSchema)]
pub struct Turns {
    /// The search's iterations at each step (`valerna serve
    /// --turn-iterations`).
    pub iterations: u32,
    /// Step `k` (after `k` decisions, as `/at/{k}` shows it): who was to
    /// decide and each seat's chance; the last step is the result.
    pub steps: Vec<Turn>,
    /// The three decisions after which a seat's chance moved most, the
    /// largest first: judged by the median of the five steps before against
    /// the five after (one step's estimate jumps with who decides there),
    /// no two within five decisions of each other.
    pub turning: Vec<Turning>,
}

/// One decision that moved the game.
#[derive(Debug, Serialize, ToSchema)]
pub struct Turning {
    /// The decision's index: made at step `k`, its result shown at step
    /// `k + 1`.
    pub k: usize,
    /// The seat that made it.
    pub seat: u8,
    /// The decision as its option's label.
    pub label: String,
    /// Each seat's chance before it (the median of steps `k - 4 ..= k`),
    /// and after it (of steps `k + 1 ..= k + 5`).
    pub before: Vec<f64>,
    pub after: Vec<f64>,
    /// The largest change of one seat's chance, from 0 to 1.
    pub moved: f64,
    /// The seat whose chance changed by `moved`.
    pub mover: u8,
    /// The deciding seat's estimated chance right after its decision,
    /// before anything that followed it: the search's estimate of the
    /// option chosen, from what that seat knew (`null` for a decision not
    /// among the listed options, or one the search did not try).
    pub expected: Option<f64>,
    /// What followed the decision until the next question, as the log
    /// tells it to everyone (dice, the Faceless players' cards, Events):
    /// the first lines, at most 12; empty when the next question came
    /// with nothing told between.
    pub followed: Vec<String>,
    /// What the swing is put down to, when the seat whose chance moved
    /// most is the deciding seat: `decision` when the decision's own
    /// expected effect (`before` to `expected`) is the larger part,
    /// `what_followed` when what followed it (`expected` to `after`) is:
    /// `followed`, or the decisions after it when `followed` is empty.
    /// `null` when another seat's chance moved most (the search weighs an
    /// option for the seat choosing it only) or without `expected`.
    pub cause: Option<Cause>,
}

/// What moved a seat's chance at a turning decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    Decision,
    WhatFollowed,
}

/// The lines of what followed a turning decision that `/turns` gives.
const FOLLOWED_LINES: usize = 12;

/// Decision `k`'s expected effect and what followed it (see [`Turning`]):
/// the search's estimate of the option chosen at step `k`, the public log
/// between step `k` and step `k + 1`, and which of the two moved the
/// deciding seat's chance more.
fn turning_cause(
    table: &dyn crate::hosted::Hosted,
    k: usize,
    chosen: &crate::hosted::Chosen,
    (before, after): (&[f64], &[f64]),
    search: (u32, u64),
    t: &valerna_texts::Texts,
) -> (Option<f64>, Vec<String>, u8, Option<Cause>) {
    let at = table.at(k).ok();
    let expected = at.as_ref().and_then(|g| {
        let hint = g.hint(search.0, search.1, t)?;
        let index = chosen.index?;
        hint["options"]
            .as_array()?
            .iter()
            .find(|o| o["index"].as_u64() == Some(index as u64))?["win"]
            .as_f64()
    });
    let from = at.as_ref().map_or(0, |g| g.events_total(Viewer::Spectator));
    let followed = table
        .at(k + 1)
        .map(|g| {
            g.events(Viewer::Spectator, from, t)
                .iter()
                .filter_map(|e| e["text"].as_str().filter(|x| !x.is_empty()))
                .take(FOLLOWED_LINES)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let seat = usize::from(chosen.seat);
    let moved = |s: usize| (after[s] - before[s]).abs();
    let mover =
        (0..before.len().min(after.len())).fold(0, |m, s| if moved(s) > moved(m) { s } else { m });
    let cause = expected.filter(|_| mover == seat).map(|e| {
        if (e - before[seat]).abs() >= (after[seat] - e).abs() {
            Cause::Decision
        } else {
            Cause::WhatFollowed
        }
    });
    (expected, followed, mover as u8, cause)
}

/// How many turning decisions a game's chart names.
const TURNING: usize = 3;

/// The steps each side of a decision whose estimates judge it: one step's
/// estimate jumps with who decides there (each seat's search weighs from
/// what it knows), so a decision is judged by the median of the steps
/// before it against the median of the steps after.
const TURN_WINDOW: usize = 5;

/// The decisions that moved a seat's chance most: (decision, each seat's
/// chance before, after, the largest change), the largest first, no two
/// within [`TURN_WINDOW`] of each other. Before a decision `k` is the
/// median of steps `k - 4 ..= k`; after it, of steps `k + 1 ..= k + 5`.
fn turning_points(steps: &[Turn]) -> Vec<(usize, Vec<f64>, Vec<f64>, f64)> {
    let median = |range: std::ops::Range<usize>, seat: usize| {
        let mut v: Vec<f64> = steps[range].iter().map(|s| s.chances[seat]).collect();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        }
    };
    let seats = steps.first().map_or(0, |s| s.chances.len());
    let mut all: Vec<(usize, Vec<f64>, Vec<f64>, f64)> = (0..steps.len().saturating_sub(1))
        .map(|k| {
            let before: Vec<f64> = (0..seats)
                .map(|s| median(k.saturating_sub(TURN_WINDOW - 1)..k + 1, s))
                .collect();
            let after: Vec<f64> = (0..seats)
                .map(|s| median(k + 1..(k + 1 + TURN_WINDOW).min(steps.len()), s))
                .collect();
            let moved = before
                .iter()
                .zip(&after)
                .map(|(a, b)| (b - a).abs())
                .fold(0.0, f64::max);
            (k, before, after, moved)
        })
        .filter(|t| t.3 > 0.0)
        .collect();
    // The largest first; of equal moves, the earlier.
    all.sort_by(|a, b| b.3.total_cmp(&a.3).then(a.0.cmp(&b.0)));
    let mut chosen: Vec<(usize, Vec<f64>, Vec<f64>, f64)> = Vec::new();
    for t in all {
        if chosen.len() == TURNING {
            break;
        }
        if chosen.iter().all(|c| c.0.abs_diff(t.0) >= TURN_WINDOW) {
            chosen.push(t);
        }
    }
    chosen
}

/// Every seat's estimated chance to win after each decision of a finished
/// game (the search bot weighing each step from what the seat to decide
/// knew then) and the three decisions that moved them most; a few seconds
/// the first time, kept after. A battle's steps are judged as its search
/// judges a playout cut short (the points, the units standing and the
/// objectives held), not searched one by one.
#[utoipa::path(get, path = "/api/games/{id}/turns",
    params(("id" = String, Path), LangQuery),
    responses((status = 200, body = Turns),
              (status = 400, description = "bad_lang", body = ErrorBody),
              (status = 404, description = "no_game", body = ErrorBody),
              (status = 409, description = "not_over; broken; no_turns (a game without a search)", body = ErrorBody)))]
async fn turns(
    State(app): Shared,
    P(id): P<String>,
    Q(q): Q<LangQuery>,
) -> Result<Json<Turns>, ApiError> {
    let slot = app.find(&id).await?;
    let lang = parse_lang(q.lang.as_deref(), slot.lang)?;
    let steps = app.turns(&slot).await?;
    let moves = turning_points(&steps);
    let table = slot.live.lock().await.table.clone();
    let turning = tokio::task::spawn_blocking({
        let app = app.clone();
        let id = id.clone();
        move || {
            let texts = app.texts(lang);
            let iterations = app.config.turn_iterations;
            moves
                .into_iter()
                .filter_map(|(k, before, after, moved)| {
                    let chosen = table.chosen(k, texts)?;
                    let seed = crate::app::position_seed(&id, k as u64, "turn-cause");
                    let (expected, followed, mover, cause) = turning_cause(
                        &*table,
                        k,
                        &chosen,
                        (&before, &after),
                        (iterations, seed),
                        texts,
                    );
                    Some(Turning {
                        k,
                        seat: chosen.seat,
                        label: chosen.label,
                        before,
                        after,
                        moved,
                        mover,
                        expected,
                        followed,
                        cause,
                    })
                })
                .collect()
        }
    })
    .await
    .unwrap_or_default();
    Ok(Json(Turns {
        iterations: app.config.turn_iterations,
        steps: steps.to_vec(),
        turning,
    }))
}

/// The game's WebSocket (see docs/api.md for its messages).
#[utoipa::path(get, path = "/api/games/{id}/ws",
    params(("id" = String, Path)),
    responses((status = 101, description = "Switching to the WebSocket protocol"),
              (status = 400, description = "Not a WebSocket handshake (`not_websocket`)", body = ErrorBody),
              (status = 404, body = ErrorBody),
              (status = 426, description = "The connection cannot be upgraded (`not_websocket`)", body = ErrorBody)))]
#[allow(dead_code, reason = "documents `ws::upgrade` in the OpenAPI document")]
async fn websocket() {}

/// Logs each request's method, path (never its query or headers: no token
/// reaches the log), status and time.
async fn trace(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let start = std::time::Instant::now();
    let res = next.run(req).await;
    tracing::debug!(%method, %path, status = res.status().as_u16(),
        micros = start.elapsed().as_micros() as u64, "request");
    res
}

/// Refuses a request over its address's or token's flood limit with 429
/// `rate_limited` and `Retry-After`, before any other work.
async fn limit(State(app): Shared, req: Request, next: Next) -> Response {
    let token = bearer(req.headers()).ok().flatten();
    let keys = limit_keys(req.extensions(), token.as_deref());
    match app.limiter.check(&keys) {
        Ok(()) => next.run(req).await,
        Err(l) => {
            let mut res = ApiError::rate_limited(l).into_response();
            res.headers_mut()
                .insert(header::RETRY_AFTER, l.retry_after_secs().into());
            res
        }
    }
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such route")
}

async fn method_not_allowed(req: Request) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{} is not a method of {}", req.method(), req.uri().path()),
    )
}

/// The longest request target (path and query) the server reads.
pub const MAX_URI: usize = 8 * 1024;
/// The most header bytes (names and values) and headers a request may have.
pub const MAX_HEADER_BYTES: usize = 32 * 1024;
pub const MAX_HEADERS: usize = 64;

/// Refuses a request whose target or headers are too large, that declares
/// a body past the limit, or that carries an `Authorization` the API does
/// not read, with the one error body (414 `uri_too_long`, 431
/// `headers_too_large`, 413 `too_large`, 401 `no_token`), before any other
/// work: a declared `Content-Length` is not waited for.
async fn head_limits(State(app): Shared, req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > app.config.max_body as u64) {
        return ApiError::too_large(app.config.max_body).into_response();
    }
    // Every route of the API reads the one Authorization it knows, a seat's
    // `Bearer` token: any other is refused the same on all of them (the
    // pages and their files are not the API, and ignore it).
    let path = req.uri().path();
    if (path.starts_with("/api/") || path == "/healthz")
        && let Err(e) = bearer(req.headers())
    {
        return e.into_response();
    }
    let uri = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if uri > MAX_URI {
        return ApiError::new(
            StatusCode::URI_TOO_LONG,
            "uri_too_long",
            format!("the request target is {uri} bytes, more than {MAX_URI}"),
        )
        .into_response();
    }
    let headers = req.headers();
    let bytes: usize = headers
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len())
        .sum();
    if headers.len() > MAX_HEADERS || bytes > MAX_HEADER_BYTES {
        return ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "headers_too_large",
            format!(
                "{} headers of {bytes} bytes: at most {MAX_HEADERS} headers of {MAX_HEADER_BYTES} bytes",
                headers.len()
            ),
        )
        .into_response();
    }
    next.run(req).await
}

/// Every route of the server.
pub fn router(app: Arc<App>) -> Router {
    let limited = app.clone();
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/texts/{lang}", get(texts))
        .route("/api/content/{game}", get(content))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/invitations", post(reinvite))
        .route("/api/games/{id}/events", get(get_events))
        .route("/api/games/{id}/decisions", post(decide))
        .route("/api/games/{id}/takeback", post(take_back))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/at/{k}", get(at))
        .route("/api/games/{id}/at/{k}/hint", get(hint_at))
        .route("/api/games/{id}/turns", get(turns))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/", get(crate::web::lobby))
        .route("/play/{id}", get(crate::web::play))
        .route("/replay/{id}", get(crate::web::replay))
        .route("/static/{*path}", get(crate::web::asset))
        .merge(crate::workshop::router())
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(
            app.clone(),
            crate::nodes::route,
        ))
        .layer(DefaultBodyLimit::disable())
        .layer(middleware::from_fn_with_state(limited, limit))
        .layer(middleware::from_fn_with_state(app.clone(), head_limits))
        .layer(middleware::from_fn(trace))
        .with_state(app)
}
