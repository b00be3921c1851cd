//! The games the server hosts: each is one module here, which teaches the
//! erased table ([`crate::hosted`]) its words, setup, bots and content,
//! and one line in [`GAMES`]. The routes, the store, the socket, the lobby
//! and the replay page ask this registry, never a game by name.

use serde_json::Value;
use valerna_game::{Record, Seat};
use valerna_texts::Texts;

use crate::hosted::{Hosted, SeatKind, Table, Worded};

pub mod bov;
pub mod lov;

/// Makes a new record from the seats, seed, first seat and options.
pub type NewRecord = fn(&[SeatKind], u64, Option<Seat>, &Value) -> Result<Value, String>;

/// One hosted game.
#[derive(Debug)]
pub struct Entry {
    /// Its id in the API (`"lov"`, `"bov"`).
    pub name: &'static str,
    /// How many seats every game of it has.
    pub seats: usize,
    /// How its seats may be played.
    pub kinds: &'static [SeatKind],
    /// The page that plays it, among the embedded web files.
    pub page: &'static str,
    /// The page that steps through a game of it.
    pub replay_page: &'static str,
    /// A game from its record (setup and decisions) in JSON.
    pub host: fn(&Value) -> Result<Box<dyn Hosted>, String>,
    /// A new record for these seats, seed, first seat and options.
    pub new_record: NewRecord,
    /// The public content its pages draw from, in one language.
    pub content_json: fn(&Texts) -> Value,
}

const fn entry<G: Worded>() -> Entry
where
    G::Content: Send + Sync,
    G::Decision: Send + Sync,
    G::Setup: Send + Sync,
{
    Entry {
        name: G::NAME,
        seats: G::SEATS,
        kinds: G::KINDS,
        page: G::PAGE,
        replay_page: G::REPLAY_PAGE,
        host: host::<G>,
        new_record: new_record::<G>,
        content_json: content_json::<G>,
    }
}

fn host<G: Worded>(record: &Value) -> Result<Box<dyn Hosted>, String>
where
    G::Content: Send + Sync,
    G::Decision: Send + Sync,
    G::Setup: Send + Sync,
{
    let record: Record<G> =
        serde_json::from_value(record.clone()).map_err(|e| format!("bad record: {e}"))?;
    Table::replay(G::pack(), record).map(|t| Box::new(t) as Box<dyn Hosted>)
}

fn new_record<G: Worded>(
    seats: &[SeatKind],
    seed: u64,
    first: Option<Seat>,
    options: &Value,
) -> Result<Value, String>
where
    G::Content: Send + Sync,
{
    if let Some(k) = seats.iter().find(|k| !G::KINDS.contains(k)) {
        let kinds: Vec<&str> = G::KINDS.iter().map(|k| k.name()).collect();
        return Err(format!(
            "{} seats cannot be played by `{}` (kinds: {})",
            G::NAME,
            k.name(),
            kinds.join(", ")
        ));
    }
    let setup = G::new_setup(&G::pack(), seats, seed, first, options)?;
    serde_json::to_value(Record::<G>::new(setup)).map_err(|e| e.to_string())
}

fn content_json<G: Worded>(t: &Texts) -> Value
where
    G::Content: Send + Sync,
{
    G::content_json(&G::pack(), t)
}

/// Every hosted game.
pub static GAMES: &[Entry] = &[
    entry::<valerna_lov::Lov>(),
    entry::<valerna_bov::battle::Battle>(),
];

/// The hosted game called `name`.
pub fn find(name: &str) -> Option<&'static Entry> {
    GAMES.iter().find(|e| e.name == name)
}

/// The hosted game called `name`, or an error that lists them.
pub fn named(name: &str) -> Result<&'static Entry, String> {
    find(name).ok_or_else(|| {
        let names: Vec<&str> = GAMES.iter().map(|e| e.name).collect();
        format!("no game called {name:?} (games: {})", names.join(", "))
    })
}
