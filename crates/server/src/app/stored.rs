//! A stored game as this build makes of it: replayed from its record,
//! checked against the state hash the build that took it left, or kept as
//! one this build cannot host; and what `valerna admin games` reports.

use super::*;

/// What this build makes of a stored game, its broken mark aside
/// (`valerna admin games`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It replays, and is being played.
    Playing,
    /// It replays to its end.
    Over,
    /// It does not replay (or not to its stored state), or this build
    /// cannot host it: why.
    Broken(String),
}

/// Replays stored game `g` as a server starting would, but without taking
/// its broken mark as given: after an upgrade or a rollback, a game marked
/// broken may replay again.
pub fn recheck(mut g: crate::store::StoredGame, hash: &str) -> Verdict {
    g.broken = None;
    match rebuild(g, hash) {
        Err(u) => Verdict::Broken(u.reason),
        Ok(slot) => {
            let p = slot.published();
            match p.broken {
                Some(why) => Verdict::Broken(why),
                None if p.table.is_over() => Verdict::Over,
                None => Verdict::Playing,
            }
        }
    }
}

/// The build that took a stored state hash, if it was named.
pub fn taken_by(hash: &str) -> Option<&str> {
    hash.split_once(':').map(|(build, _)| build)
}

/// The state hash the store keeps: the build that took it ([`crate::BUILD`])
/// and the hash of every viewer's view and events. Only the same build
/// compares it: another may word a view otherwise (a new field) and play
/// the very same game.
pub(super) fn stamped(table: &dyn Hosted) -> String {
    format!("{}:{}", crate::BUILD, table.state_hash())
}

/// A game as its record replays it: checked against its stored state hash,
/// and broken (served read-only) if it does not replay to it; `Err` with
/// the reason, and what the lobby says of it, if not even its setup starts
/// a game on this build (another content pack, a game this build lacks).
pub(super) fn rebuild(
    g: crate::store::StoredGame,
    hash: &str,
) -> Result<Arc<Slot>, Box<Unplayable>> {
    let unplayable = |why: String| {
        tracing::error!(game = %g.new.id, reason = %why, "game broken: this build cannot host it");
        Box::new(Unplayable {
            id: g.new.id.clone(),
            game: g.new.game.clone(),
            created: g.new.created,
            lang: g.new.lang.clone(),
            mode: Mode::from_name(&g.new.mode),
            seats: g.new.seats.clone(),
            version: g.version(),
            last_move: g.last_move,
            reason: format!("this server cannot play it: {why}"),
        })
    };
    let record = json!({"setup": g.new.setup, "decisions": g.decisions()});
    let mut why = g.broken.clone();
    let host = match crate::games::named(&g.new.game) {
        Ok(e) => e.host,
        Err(e) => return Err(unplayable(e)),
    };
    let table = match host(&record) {
        Ok(t) => {
            match hash.split_once(':') {
                // The same build: its replay must reach the stored state.
                Some((build, h)) if build == crate::BUILD => {
                    if why.is_none() && t.state_hash() != h {
                        why = Some("its replay does not reach the stored state".into());
                    }
                }
                // Another build (or one from before builds were named),
                // whose views and events may be worded otherwise: every
                // decision of the record replays, and the game goes on as
                // this build plays it.
                _ => {
                    tracing::info!(game = %g.new.id, stored = %hash, "game replayed by another build")
                }
            }
            t
        }
        Err(e) => {
            why.get_or_insert(format!("its record does not replay: {e}"));
            // Served read-only from its setup alone.
            let setup_only = json!({"setup": g.new.setup, "decisions": []});
            match host(&setup_only) {
                Ok(t) => t,
                Err(e) => return Err(unplayable(e)),
            }
        }
    };
    let table: Arc<dyn Hosted> = Arc::from(table);
    let last_by = match g.rows.last() {
        Some(Row::Decision { .. }) => table
            .at(table.decisions().saturating_sub(1))
            .ok()
            .and_then(|t| t.to_decide()),
        _ => None,
    };
    let seats: Vec<SeatKind> = g
        .new
        .seats
        .iter()
        .map(|s| SeatKind::from_name(s).unwrap_or(SeatKind::Human))
        .collect();
    let auth = (0..seats.len())
        .map(|i| {
            let at = |v: &Vec<String>| v.get(i).cloned().unwrap_or_default();
            SeatAuth::stored(&at(&g.new.token_hashes), &at(&g.new.invite_hashes))
        })
        .collect();
    let slot = Slot {
        mode: Mode::from_name(&g.new.mode),
        auth: Mutex::new(auth),
        id: g.new.id.clone(),
        game: g.new.game.clone(),
        created: g.new.created,
        lang: lang_of(&g.new.lang),
        seats,
        gone: Default::default(),
        lease_until: Mutex::new(None),
        summary: Mutex::new(Summary {
            version: g.version(),
            status: "playing",
            last_move: g.last_move,
        }),
        published: std::sync::RwLock::new(Published::of(&table, g.version(), why.as_deref())),
        live: tokio::sync::Mutex::new(Live {
            table,
            version: g.version(),
            broken: why,
            last_by,
            subs: Vec::new(),
        }),
    };
    Ok(Arc::new(slot))
}

/// A stored game this build cannot host at all: listed in the lobby as
/// broken, and answered 409 `broken` with its reason, never hidden.
#[derive(Clone, Debug)]
pub struct Unplayable {
    pub(super) id: String,
    pub(super) game: String,
    pub(super) created: i64,
    pub(super) lang: String,
    pub(super) mode: Mode,
    pub(super) seats: Vec<String>,
    pub(super) version: u64,
    pub(super) last_move: i64,
    pub(super) reason: String,
}

impl Unplayable {
    pub(super) fn listed(&self) -> Value {
        json!({
            "id": self.id, "game": self.game, "created": self.created, "lang": self.lang,
            "mode": self.mode.name(), "status": "broken", "version": self.version,
            "last_move": self.last_move, "idle": false,
            "seats": self.seats.iter().enumerate().map(|(i, k)| json!({
                "seat": i, "kind": k, "taken": true,
            })).collect::<Vec<_>>(),
        })
    }

    pub(super) fn refusal(&self) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "broken", self.reason.clone())
    }
}
