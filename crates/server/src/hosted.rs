//! The erased table: one game of any kind behind one object-safe trait, so
//! that the routes, the store and the socket never ask which game they hold.
//!
//! [`Table`] wraps a rule engine with its record; the blanket
//! `impl<G: Worded> Hosted for Table<G>` turns the engine's typed decisions,
//! views and events into JSON for one viewer. What is specific to a game
//! (its words, its setup from a seat list, its bot) is the [`Worded`] hook,
//! implemented for each game in its own small module under `games/`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use valerna_ai::ismcts::Outlook;
use valerna_game::{Game, Narrated, Record, Seat, Viewer};
use valerna_texts::Texts;

/// How a seat is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person, with a secret token.
    Human,
    /// The engine's own automaton (LoV's Faceless players).
    Faceless,
    /// A bot playing the seeded random policy for a person's seat.
    Random,
    /// A bot playing the heuristic player (`valerna_ai::lov::Heuristic`)
    /// for a person's seat (Lords of Vaala).
    Heuristic,
    /// A bot playing the greedy player (`valerna_ai::bov::Greedy`) for a
    /// side (Battles of Valerna).
    Greedy,
    /// A bot searching (information-set Monte Carlo tree search) for a
    /// person's seat, with a fixed number of iterations a decision.
    Ismcts,
}

/// Where a game's people play.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Each person in their own browser: the creator hands each friend an
    /// invitation, which the friend's browser exchanges once for the seat's
    /// token. No browser holds another person's seat.
    #[default]
    Network,
    /// Every person at one screen: the creator's browser holds every
    /// person's seat, and the table covers each hand until its owner asks.
    Hotseat,
}

impl Mode {
    /// The mode's name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Network => "network",
            Mode::Hotseat => "hotseat",
        }
    }

    /// The mode a stored name means; a game stored before modes existed
    /// gave every token to its creator, so it plays at one screen.
    pub fn from_name(name: &str) -> Mode {
        if name == "network" {
            Mode::Network
        } else {
            Mode::Hotseat
        }
    }
}

impl SeatKind {
    /// The kind's name in the API and the store.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Faceless => "faceless",
            SeatKind::Random => "random",
            SeatKind::Heuristic => "heuristic",
            SeatKind::Greedy => "greedy",
            SeatKind::Ismcts => "ismcts",
        }
    }

    /// The kind a stored name means.
    pub fn from_name(name: &str) -> Option<SeatKind> {
        [
            SeatKind::Human,
            SeatKind::Faceless,
            SeatKind::Random,
            SeatKind::Heuristic,
            SeatKind::Greedy,
            SeatKind::Ismcts,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }

    /// Whether a bot plays the seat (the server asks it for decisions).
    pub fn is_bot(self) -> bool {
        !matches!(self, SeatKind::Human | SeatKind::Faceless)
    }
}

/// One step of a game as the search weighed it: who was to decide, and
/// every seat's estimated chance to win (at the end, 1 for each winner).
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct Turn {
    /// The seat to decide; `null` once the game is over.
    pub seat: Option<Seat>,
    /// Each seat's chance to win, from 0 to 1, in seat order (a shared
    /// Dragonbond win counts for both).
    pub chances: Vec<f64>,
    /// Whether the search weighed this step; `false` where it found no
    /// game consistent with what the seat knew (rare: after a Vaala deck
    /// was shuffled again in the card being resolved), the chances being
    /// the step before's.
    pub weighed: bool,
}

/// A decision of a record, as its question offered it ([`Hosted::chosen`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Chosen {
    pub seat: Seat,
    pub index: Option<usize>,
    pub label: String,
}

/// What a game needs besides its rules to be hosted: words for its events,
/// questions and options, a setup from the seats asked for, and a bot.
pub trait Worded: Narrated + Send + Sync + 'static
where
    Self::Content: Send + Sync + 'static,
{
    /// The game's id in the API (`"lov"`).
    const NAME: &'static str;
    /// The number of seats every game of this kind has.
    const SEATS: usize;
    /// How its seats may be played.
    const KINDS: &'static [SeatKind];
    /// The page that plays it (under the embedded web files).
    const PAGE: &'static str;
    /// The page that steps through a game of it.
    const REPLAY_PAGE: &'static str;
    /// The content pack games are played with.
    fn pack() -> Arc<Self::Content>;
    /// A setup for these seats (`Faceless` seats are the engine's own),
    /// with the game's own `options` (a JSON object, `{}` for none).
    fn new_setup(
        content: &Self::Content,
        seats: &[SeatKind],
        seed: u64,
        first: Option<Seat>,
        options: &Value,
    ) -> Result<Self::Setup, String>;
    /// The game started from its setup, as the table hosts it (a game that
    /// tells its story only when asked is asked here).
    fn begin(content: &Arc<Self::Content>, setup: &Self::Setup) -> Result<Self, String> {
        Self::start(content, setup).map_err(|e| e.to_string())
    }
    /// One event as a sentence.
    fn event_text(&self, t: &Texts, e: &Self::Event) -> String;
    /// The seat an event is about first (for colouring a log line).
    fn event_seat(&self, e: &Self::Event) -> Option<Seat>;
    /// The pending question as a sentence, and whose choice it is.
    fn question_text(&self, t: &Texts) -> Option<(String, Option<Seat>)>;
    /// One option of the pending question as a button's label.
    fn option_text(&self, t: &Texts, m: &Self::Meaning) -> String;
    /// What a player weighs the pending question by, when the rules give
    /// figures for it, under the question's field it goes in (Lords of
    /// Vaala's combat choices: `defense`, the hits coming and the
    /// counterattack's exact odds, [`crate::games::lov::DefenseOdds`]; `attack`,
    /// the attack's and each enemy's odds, [`crate::games::lov::AttackOdds`]);
    /// public, as what it is counted from.
    fn question_figures(&self) -> Option<(&'static str, Value)> {
        None
    }
    /// What the search bot makes of the pending question, from what the
    /// deciding seat knows only: each option weighed, and every seat's
    /// estimated chance to win. `None` when the game has no such search.
    fn outlook(
        &self,
        _content: &Arc<Self::Content>,
        _iterations: u32,
        _seed: u64,
    ) -> Option<Outlook<Self::Decision>> {
        None
    }
    /// Every seat's estimated chance to win now, for the chart of where a
    /// finished game turned ([`Hosted::turns`], weighed at every step): by
    /// default the search's ([`Worded::outlook`]); a game whose search is
    /// too slow for every step of a whole game judges the position instead.
    fn chances(
        &self,
        content: &Arc<Self::Content>,
        iterations: u32,
        seed: u64,
    ) -> Option<Vec<f64>> {
        self.outlook(content, iterations, seed).map(|o| o.chances)
    }
    /// How the game ended, in words.
    fn outcome_text(&self, t: &Texts) -> String;
    /// The decision a bot of `kind` takes now, from its own `seed` (a
    /// search gets `iterations` a decision, so that its choice depends on
    /// its seed alone, not on the machine's speed): it is told only what
    /// the seat to decide knows, never the game.
    fn bot(
        &self,
        content: &Arc<Self::Content>,
        kind: SeatKind,
        iterations: u32,
        seed: u64,
    ) -> Option<Self::Decision>;
    /// The same game with `seat`'s hidden cards changed (`salt` picks how):
    /// what any other viewer is sent must not change. Tests use it to show
    /// that no seat is sent another's hand.
    fn other_hidden(&self, seat: Seat, salt: u64) -> Self;
    /// The public content a page draws the table from.
    fn content_json(content: &Self::Content, t: &Texts) -> Value;
    /// A look at the table any viewer may ask for, changing nothing (for
    /// Battles of Valerna, what one unit sees of another): the answer, or
    /// why there is none.
    fn look(&self, _query: &Value) -> Result<Value, String> {
        Err(format!("{} has nothing to look at", Self::NAME))
    }
    /// What a decision being tried measures, for the page to show as it
    /// is drawn (for Battles of Valerna, a move's inches used and its
    /// allowance); `None` for a game or decision with nothing to measure.
    fn measure(&self, _decision: &Self::Decision) -> Option<Value> {
        None
    }
}

/// A decision refused by the rules, or one that does not parse.
#[derive(Debug)]
pub struct Refused(pub String);

/// A hosted game, whatever it is.
pub trait Hosted: Send + Sync {
    /// The game's id in the API (`"lov"`).
    fn game(&self) -> &'static str;
    /// A copy to try a decision on.
    fn clone_box(&self) -> Box<dyn Hosted>;
    /// The seat that must decide, `None` once over.
    fn to_decide(&self) -> Option<Seat>;
    /// Whether the game has ended.
    fn is_over(&self) -> bool;
    /// The decision a JSON value names, checked against the rules; the
    /// canonical JSON of it.
    fn check(&self, decision: &Value) -> Result<Value, Refused>;
    /// The `index`-th listed option.
    fn option(&self, index: usize) -> Option<Value>;
    /// Applies a checked decision (as given by [`Hosted::check`]).
    fn apply(&mut self, decision: &Value) -> Result<(), Refused>;
    /// The same game without its last decision (replayed from the setup).
    fn take_back(&self) -> Result<Box<dyn Hosted>, Refused>;
    /// Whether the engine allows taking the last decision back now.
    fn can_take_back(&self) -> bool;
    /// What `viewer` sees.
    fn view(&self, viewer: Viewer) -> Value;
    /// The pending question; options only for the seat that must decide.
    fn question(&self, viewer: Viewer, t: &Texts) -> Value;
    /// The events `viewer` may see from its `from`-th, numbered and worded.
    fn events(&self, viewer: Viewer, from: usize, t: &Texts) -> Vec<Value>;
    /// How many events `viewer` may see.
    fn events_total(&self, viewer: Viewer) -> usize;
    /// How the game ended, in words, or `null`.
    fn outcome(&self, t: &Texts) -> Value;
    /// The record (`{"setup":..., "decisions":[...]}`).
    fn record(&self) -> Value;
    /// How many decisions the record holds.
    fn decisions(&self) -> usize;
    /// The game after its first `k` decisions.
    fn at(&self, k: usize) -> Result<Box<dyn Hosted>, Refused>;
    /// A hash of everything any viewer can see: a replay that differs from
    /// the live game in anything observable differs here.
    fn state_hash(&self) -> String;
    /// The decision of a bot of `kind` for the pending question (a search
    /// may take a while: call it off the async runtime).
    fn bot(&self, kind: SeatKind, iterations: u32, seed: u64) -> Option<Value>;
    /// The search bot's estimate of each option of the pending question
    /// ([`Worded::hint`]), as the API answers it (`api::Hint`): the
    /// options in the question's order, with their labels in `t`'s
    /// language.
    fn hint(&self, iterations: u32, seed: u64, t: &Texts) -> Option<Value>;
    /// The record's decision `k`, as the question asked after `k`
    /// decisions saw it: who made it, its index among the listed options
    /// (`None` for a decision not among them, a free path), and its label
    /// in `t`'s language. `None` past the record's end.
    fn chosen(&self, k: usize, t: &Texts) -> Option<Chosen>;
    /// Every seat's estimated chance to win after each of the record's
    /// decisions ([`Worded::chances`], each from what the deciding seat
    /// knew then, with `seed(k)` at step `k`), replayed once; at the end,
    /// the result. `None` when the game has no such search or its record
    /// does not replay.
    fn turns(&self, iterations: u32, seed: &(dyn Fn(usize) -> u64 + Sync)) -> Option<Vec<Turn>>;
    /// The same game with `seat`'s hidden cards changed (see
    /// [`Worded::other_hidden`]).
    fn with_other_hidden(&self, seat: Seat, salt: u64) -> Box<dyn Hosted>;
    /// A look at the table (see [`Worded::look`]).
    fn look(&self, query: &Value) -> Result<Value, Refused>;
    /// A decision tried, not made: whether the rules allow it (as
    /// [`Hosted::check`] says) and what it measures ([`Worded::measure`],
    /// `null` when nothing), the decision read once for both.
    fn probe(&self, decision: &Value) -> (Result<(), Refused>, Value);
}

/// A rule engine and the record that reaches it.
pub struct Table<G: Game> {
    content: Arc<G::Content>,
    game: G,
    record: Record<G>,
}

impl<G: Game + std::fmt::Debug> std::fmt::Debug for Table<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("decisions", &self.record.decisions.len())
            .finish()
    }
}

impl<G: Game> Clone for Table<G> {
    fn clone(&self) -> Self {
        Table {
            content: self.content.clone(),
            game: self.game.clone(),
            record: self.record.clone(),
        }
    }
}

impl<G: Worded> Table<G>
where
    G::Content: Send + Sync,
{
    /// Replays a record: the way every game is started and loaded.
    pub fn replay(content: Arc<G::Content>, record: Record<G>) -> Result<Self, String> {
        let mut game =
            G::begin(&content, &record.setup).map_err(|e| format!("the setup was refused: {e}"))?;
        for (index, d) in record.decisions.iter().enumerate() {
            game.apply(d.clone())
                .map_err(|e| format!("decision {index} was refused: {e}"))?;
        }
        Ok(Table {
            content,
            game,
            record,
        })
    }

    /// The engine's game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The pending question's options in order: each decision with its
    /// meaning and its label in `t`'s words.
    fn options<'a>(
        &'a self,
        t: &'a Texts,
    ) -> impl Iterator<Item = (G::Decision, G::Meaning, String)> + 'a {
        let mut out = Vec::new();
        self.game.choices(&mut out);
        out.into_iter().map(move |d| {
            let meaning = self.game.describe(&d);
            let label = self.game.option_text(t, &meaning);
            (d, meaning, label)
        })
    }
}

fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

impl<G: Worded> Hosted for Table<G>
where
    G::Content: Send + Sync,
    G::Decision: Send + Sync,
    G::Setup: Send + Sync,
{
    fn game(&self) -> &'static str {
        G::NAME
    }
    fn clone_box(&self) -> Box<dyn Hosted> {
        Box::new(self.clone())
    }
    fn to_decide(&self) -> Option<Seat> {
        self.game.to_decide()
    }
    fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.game.to_decide().is_none()
    }
    fn check(&self, decision: &Value) -> Result<Value, Refused> {
        let d = decision_of::<G>(decision)?;
        self.game.validate(&d).map_err(|e| Refused(e.to_string()))?;
        Ok(to_json(&d))
    }
    fn option(&self, index: usize) -> Option<Value> {
        let mut out = Vec::new();
        self.game.choices(&mut out);
        out.get(index).map(to_json)
    }
    fn apply(&mut self, decision: &Value) -> Result<(), Refused> {
        let d = decision_of::<G>(decision)?;
        self.game
            .apply(d.clone())
            .map_err(|e| Refused(e.to_string()))?;
        self.record.decisions.push(d);
        Ok(())
    }
    fn take_back(&self) -> Result<Box<dyn Hosted>, Refused> {
        let n = self.record.decisions.len();
        if n == 0 {
            return Err(Refused("no decision to take back".into()));
        }
        self.at(n - 1)
    }
    fn can_take_back(&self) -> bool {
        !self.record.decisions.is_empty() && self.game.can_take_back()
    }
    fn view(&self, viewer: Viewer) -> Value {
        to_json(&self.game.view_as(viewer))
    }
    fn question(&self, viewer: Viewer, t: &Texts) -> Value {
        let Some(seat) = self.game.to_decide() else {
            return Value::Null;
        };
        let (text, owner) = self.game.question_text(t).unwrap_or_default();
        let mut q = json!({"seat": seat, "owner": owner.unwrap_or(seat), "text": text});
        if let Some((field, figures)) = self.game.question_figures() {
            q[field] = figures;
        }
        if viewer.is(seat) {
            let options: Vec<Value> = self
                .options(t)
                .enumerate()
                .map(|(index, (d, meaning, label))| {
                    json!({
                        "index": index,
                        "decision": to_json(&d),
                        "label": label,
                        "meaning": to_json(&meaning),
                    })
                })
                .collect();
            q["options"] = Value::Array(options);
        }
        q
    }
    fn events(&self, viewer: Viewer, from: usize, t: &Texts) -> Vec<Value> {
        let mut out = Vec::new();
        self.game.events(viewer, from, &mut out);
        out.iter()
            .enumerate()
            .map(|(i, e)| {
                json!({
                    "n": from + i,
                    "event": to_json(e),
                    "text": self.game.event_text(t, e),
                    "seat": self.game.event_seat(e),
                })
            })
            .collect()
    }
    fn events_total(&self, viewer: Viewer) -> usize {
        let mut out = Vec::new();
        self.game.events(viewer, 0, &mut out);
        out.len()
    }
    fn outcome(&self, t: &Texts) -> Value {
        match self.game.outcome() {
            None => Value::Null,
            Some(o) => json!({
                "winners": o.winners,
                "reason": o.reason,
                "text": self.game.outcome_text(t),
            }),
        }
    }
    fn record(&self) -> Value {
        to_json(&self.record)
    }
    fn decisions(&self) -> usize {
        self.record.decisions.len()
    }
    fn at(&self, k: usize) -> Result<Box<dyn Hosted>, Refused> {
        let record = Record::<G> {
            setup: self.record.setup.clone(),
            decisions: self.record.decisions[..k.min(self.record.decisions.len())].to_vec(),
        };
        Table::replay(self.content.clone(), record)
            .map(|t| Box::new(t) as Box<dyn Hosted>)
            .map_err(Refused)
    }
    fn state_hash(&self) -> String {
        let mut h = Sha256::new();
        let mut viewers = vec![Viewer::Spectator];
        viewers.extend((0..self.game.seats()).map(|s| Viewer::Seat(s as Seat)));
        let mut events = Vec::new();
        for v in viewers {
            let _ = serde_json::to_writer(&mut Hashing(&mut h), &self.game.view_as(v));
            // The length of each viewer's event stream and its last events:
            // hashing every event would cost each decision the whole game.
            events.clear();
            self.game.events(v, 0, &mut events);
            let tail = &events[events.len().saturating_sub(8)..];
            h.update(events.len().to_le_bytes());
            h.update(serde_json::to_vec(tail).unwrap_or_default());
        }
        let mut out = Vec::new();
        self.game.choices(&mut out);
        h.update(serde_json::to_vec(&out).unwrap_or_default());
        h.update(format!(
            "{:?}{:?}",
            self.game.to_decide(),
            self.game.outcome()
        ));
        hex(&h.finalize())
    }
    fn bot(&self, kind: SeatKind, iterations: u32, seed: u64) -> Option<Value> {
        self.game
            .bot(&self.content, kind, iterations, seed)
            .map(|d| to_json(&d))
    }
    fn hint(&self, iterations: u32, seed: u64, t: &Texts) -> Option<Value> {
        let weighed = self.game.outlook(&self.content, iterations, seed)?.options;
        let options: Vec<Value> = self
            .options(t)
            .enumerate()
            .map(|(index, (d, _, label))| {
                let w = weighed.iter().find(|w| w.decision == d);
                json!({
                    "index": index,
                    "label": label,
                    "visits": w.map_or(0, |w| w.visits),
                    "win": w.filter(|w| w.visits > 0).map(|w| w.value),
                })
            })
            .collect();
        Some(json!({"iterations": iterations, "options": options}))
    }
    fn chosen(&self, k: usize, t: &Texts) -> Option<Chosen> {
        let d = self.record.decisions.get(k)?;
        let mut game = G::begin(&self.content, &self.record.setup).ok()?;
        for earlier in &self.record.decisions[..k] {
            game.apply(earlier.clone()).ok()?;
        }
        let mut out = Vec::new();
        game.choices(&mut out);
        Some(Chosen {
            seat: game.to_decide()?,
            index: out.iter().position(|o| o == d),
            label: game.option_text(t, &game.describe(d)),
        })
    }
    fn turns(&self, iterations: u32, seed: &(dyn Fn(usize) -> u64 + Sync)) -> Option<Vec<Turn>> {
        let mut game = G::begin(&self.content, &self.record.setup).ok()?;
        let seats = game.seats();
        let mut turns: Vec<Turn> = Vec::with_capacity(self.record.decisions.len() + 1);
        for k in 0..=self.record.decisions.len() {
            let seat = game.to_decide();
            let (chances, weighed) = match seat {
                Some(_) => match game.chances(&self.content, iterations, seed(k)) {
                    Some(chances) => (chances, true),
                    // No game consistent with what the seat knew (a Vaala
                    // deck shuffled again mid-card): the step before's.
                    None => match turns.last() {
                        Some(t) => (t.chances.clone(), false),
                        None => (vec![1.0 / seats as f64; seats], false),
                    },
                },
                None => {
                    let winners = game.outcome().map(|o| o.winners).unwrap_or_default();
                    let result = (0..seats)
                        .map(|s| f64::from(u8::from(winners.contains(&(s as Seat)))))
                        .collect();
                    (result, true)
                }
            };
            turns.push(Turn {
                seat,
                chances,
                weighed,
            });
            if let Some(d) = self.record.decisions.get(k) {
                game.apply(d.clone()).ok()?;
            }
        }
        // A game without a search weighs no step before its result.
        let last = turns.len() - 1;
        turns[..last].iter().any(|t| t.weighed).then_some(turns)
    }
    fn look(&self, query: &Value) -> Result<Value, Refused> {
        self.game.look(query).map_err(Refused)
    }
    fn probe(&self, decision: &Value) -> (Result<(), Refused>, Value) {
        match decision_of::<G>(decision) {
            Err(e) => (Err(e), Value::Null),
            Ok(d) => (
                self.game.validate(&d).map_err(|e| Refused(e.to_string())),
                self.game.measure(&d).unwrap_or(Value::Null),
            ),
        }
    }
    fn with_other_hidden(&self, seat: Seat, salt: u64) -> Box<dyn Hosted> {
        Box::new(Table {
            content: self.content.clone(),
            game: self.game.other_hidden(seat, salt),
            record: self.record.clone(),
        })
    }
}

/// The decision of game `G` a JSON value names (read in place, not copied).
fn decision_of<G: Game>(v: &Value) -> Result<G::Decision, Refused> {
    G::Decision::deserialize(v).map_err(|e| Refused(format!("not a decision of this game: {e}")))
}

/// Feeds what is written to a hash, without a buffer.
struct Hashing<'a>(&'a mut Sha256);

impl std::io::Write for Hashing<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}
