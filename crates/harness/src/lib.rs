//! The bodies of the fuzz targets, one function per input surface: each
//! takes arbitrary bytes, feeds them to the surface, and panics only if
//! the surface broke a promise (it panicked itself, accepted what it must
//! refuse, changed a game on a refusal, or broke an invariant).
//!
//! The same functions run under cargo-fuzz (`fuzz/`, nightly, coverage
//! guided) and under proptest on stable (`tests/harnesses.rs`, which also
//! replays every committed seed of `fuzz/corpus/`), so CI runs them
//! without nightly.
#![forbid(unsafe_code)]

use std::sync::{Arc, OnceLock};

use serde_json::Value;
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::content::{DEFAULT_SOURCES, Pack, SAMPLE_LISTS, Source};
use valerna_bov::force_list;
use valerna_bov::geometry::{BattlefieldSize, Map};
use valerna_game::{Game, Narrated, Record, Viewer, replay};
use valerna_lov::content::DEFAULT_FILES;
use valerna_lov::{Content, Lov, Setup, invariants};

/// A harness: bytes in, a panic if a promise was broken.
pub type Harness = fn(&[u8]);

/// Every target, by name: the names of `fuzz/fuzz_targets/*.rs` and of the
/// corpus folders.
pub const TARGETS: &[(&str, Harness)] = &[
    ("lov_content", lov_content),
    ("bov_content", bov_content),
    ("bov_force_list", bov_force_list),
    ("bov_map", bov_map),
    ("lov_replay", lov_replay),
    ("server_decision", server_decision),
    ("server_message", server_message),
    ("lov_decisions", lov_decisions),
    ("bov_decisions", bov_decisions),
];

fn lov_pack() -> &'static Arc<Content> {
    static PACK: OnceLock<Arc<Content>> = OnceLock::new();
    PACK.get_or_init(|| Arc::new(Content::default_pack().expect("the default LoV pack loads")))
}

fn bov_pack() -> &'static Arc<Pack> {
    static PACK: OnceLock<Arc<Pack>> = OnceLock::new();
    PACK.get_or_init(|| Arc::new(Pack::default_pack().expect("the default BoV pack loads")))
}

/// The first byte picks one of `n` things; the rest is the text.
fn pick_and_text(data: &[u8], n: usize) -> (usize, String) {
    match data.split_first() {
        Some((&b, rest)) => (
            usize::from(b) % n,
            String::from_utf8_lossy(rest).into_owned(),
        ),
        None => (0, String::new()),
    }
}

/// The LoV content loader: one file of the default pack replaced by the
/// bytes. It loads or says why; it never panics.
pub fn lov_content(data: &[u8]) {
    let (k, text) = pick_and_text(data, DEFAULT_FILES.len());
    let mut files = DEFAULT_FILES;
    files[k].1 = &text;
    if let Err(e) = Content::load(&files) {
        assert!(!e.to_string().is_empty());
    }
}

/// The BoV content loader: one source of the default pack replaced by
/// the bytes.
pub fn bov_content(data: &[u8]) {
    let (k, text) = pick_and_text(data, DEFAULT_SOURCES.len());
    let sources: Vec<Source<'_>> = DEFAULT_SOURCES
        .iter()
        .enumerate()
        .map(|(i, s)| Source {
            file: s.file,
            kind: s.kind,
            text: if i == k { &text } else { s.text },
        })
        .collect();
    if let Err(e) = Pack::load(&sources) {
        assert!(!e.to_string().is_empty());
    }
}

/// The BoV force-list parser, then the list's rules against the default
/// pack.
pub fn bov_force_list(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(list) = force_list::parse(&text) {
        let _ = force_list::validate(bov_pack(), &list);
    }
}

/// The BoV map parser, then the map laid on each battlefield size.
pub fn bov_map(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(map) = Map::parse(&text) {
        for size in [
            BattlefieldSize::Small2x1,
            BattlefieldSize::Standard4x3,
            BattlefieldSize::Large6x4,
        ] {
            let _ = map.battlefield(size);
        }
    }
}

/// The LoV replay-log reader (`lov replay`, `lov play --load`): JSON to a
/// record, then the record replayed. A record that replays is a game whose
/// every invariant holds.
pub fn lov_replay(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<Record<Lov>>(data) else {
        return;
    };
    if record.decisions.len() > 5_000 {
        return;
    }
    if let Ok(game) = replay(lov_pack(), &record) {
        invariants::check(lov_pack(), game.state(), game.settled())
            .expect("a replayed game keeps the rules");
    }
}

/// A LoV game hosted as the server hosts it, at its first question.
fn hosted_table() -> Box<dyn valerna_server::hosted::Hosted> {
    use valerna_server::hosted::SeatKind;
    let lov = valerna_server::games::named("lov").expect("Lords of Vaala is hosted");
    let seats = [SeatKind::Human; 4];
    let record = (lov.new_record)(&seats, 7, Some(0), &serde_json::Value::Null).expect("a setup");
    (lov.host)(&record).expect("the game starts")
}

/// The server's decision decoder (`POST /api/games/{id}/decisions`): the
/// body as a `Decide`, then its decision or option as the game reads it.
/// A decision the game accepts is one of its options.
pub fn server_decision(data: &[u8]) {
    use valerna_server::api::Decide;
    use valerna_server::app::Choice;
    let Ok(d) = serde_json::from_slice::<Decide>(data) else {
        return;
    };
    let Ok(c) = Choice::given(d.decision, d.option) else {
        return;
    };
    let table = hosted_table();
    let decision = match c {
        Choice::Option(i) => table.option(i),
        Choice::Decision(v) => table.check(&v).ok(),
    };
    if let Some(v) = decision {
        let mut next = table.clone_box();
        next.apply(&v).expect("an accepted decision applies");
        assert_ne!(next.state_hash(), table.state_hash());
    }
}

/// The server's WebSocket message decoder.
pub fn server_message(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(e) = valerna_server::ws::decode(text)
    {
        assert!(e.code == "bad_json" || e.code == "too_large", "{}", e.code);
    }
}

fn seed_of(data: &[u8]) -> (u64, &[u8]) {
    let mut s = [0u8; 8];
    let n = data.len().min(8);
    s[..n].copy_from_slice(&data[..n]);
    (u64::from_le_bytes(s), &data[n..])
}

/// LoV played from bytes: a seed and which seats are people, then three
/// bytes a step (an offered decision or any decision). An illegal decision
/// is refused with the view and the events unchanged, a legal one applied,
/// and every invariant (`valerna_lov::invariants`) holds after each step.
pub fn lov_decisions(data: &[u8]) {
    let (seed, rest) = seed_of(data);
    let Some((&mask, steps)) = rest.split_first() else {
        return;
    };
    let m = if mask & 15 == 0 { 1 } else { mask & 15 };
    let humans = [m & 1 != 0, m & 2 != 0, m & 4 != 0, m & 8 != 0];
    let c = lov_pack();
    let mut g = Lov::start(c, &Setup::new(seed, humans, c)).expect("a game starts");
    for step in steps.chunks_exact(3) {
        let (pick, kind, x) = (step[0], step[1], step[2]);
        let Some(seat) = g.to_decide() else { break };
        let d = if pick.is_multiple_of(2) {
            let o = g.options();
            o[usize::from(x) % o.len()]
        } else {
            valerna_lov::Decision::arbitrary(kind, x)
        };
        let legal = g.options().contains(&d);
        let view = g.view(seat);
        let mut events = Vec::new();
        g.events(Viewer::Spectator, 0, &mut events);
        match g.apply(d) {
            Ok(()) => assert!(legal, "{d:?} was not offered but applied"),
            Err(e) => {
                assert!(!legal, "{d:?} was offered but refused: {e}");
                assert_eq!(g.view(seat), view, "a refusal changed the view");
                let mut again = Vec::new();
                g.events(Viewer::Spectator, 0, &mut again);
                assert_eq!(again, events, "a refusal changed the events");
            }
        }
        if let Err(e) = invariants::check(c, g.state(), g.settled()) {
            panic!("after {d:?}: {e}");
        }
    }
}

/// Moves every number of a decision's JSON by amounts from the bytes: a
/// legal decision becomes a nearby one, legal or not.
fn nudge(v: &mut Value, bytes: &mut impl Iterator<Item = u8>) {
    match v {
        Value::Number(n) => {
            let b = bytes.next().unwrap_or(0);
            if b.is_multiple_of(3) {
                return;
            }
            let delta = f64::from(b) / 16.0 - 8.0;
            *v = if let Some(i) = n.as_i64() {
                Value::from(i + (delta as i64))
            } else if let Some(f) = n.as_f64() {
                serde_json::Number::from_f64(f + delta).map_or(Value::Null, Value::Number)
            } else {
                return;
            };
        }
        Value::Array(a) => a.iter_mut().for_each(|x| nudge(x, bytes)),
        Value::Object(o) => o.values_mut().for_each(|x| nudge(x, bytes)),
        _ => {}
    }
}

/// BoV played from bytes: a seed and two sample lists, then two bytes a
/// step: an offered decision, or one nudged off it (moves to other points,
/// other units, other cards). A refused decision changes neither seat's
/// view, every invariant (`valerna_bov::battle::invariants`) holds after
/// each step, and the game never panics and ends or runs out of steps.
pub fn bov_decisions(data: &[u8]) {
    let (seed, rest) = seed_of(data);
    let [a, b, steps @ ..] = rest else {
        return;
    };
    let name = |k: u8| {
        let (file, _) = SAMPLE_LISTS[usize::from(k) % SAMPLE_LISTS.len()];
        file.trim_start_matches("lists/")
            .trim_end_matches(".ron")
            .to_owned()
    };
    let setup = BattleSetup::pitched(seed, &name(*a), &name(*b));
    // Two lists of different game sizes are refused, naming both.
    let Ok(mut g) = Battle::start(bov_pack(), &setup) else {
        return;
    };
    let mut choices = Vec::new();
    let mut bytes = steps.iter().copied();
    for _ in 0..400 {
        let (Some(pick), Some(x)) = (bytes.next(), bytes.next()) else {
            break;
        };
        let Some(seat) = g.to_decide() else { break };
        g.choices(&mut choices);
        let Some(offered) = choices.get(usize::from(x) % choices.len().max(1)) else {
            break;
        };
        let d = if pick.is_multiple_of(4) {
            let mut v = serde_json::to_value(offered).expect("a decision is JSON");
            nudge(&mut v, &mut bytes);
            match serde_json::from_value(v) {
                Ok(d) => d,
                Err(_) => offered.clone(),
            }
        } else {
            offered.clone()
        };
        let views = |g: &Battle| {
            (
                serde_json::to_string(&g.view(0)).expect("a view is JSON"),
                serde_json::to_string(&g.view(1)).expect("a view is JSON"),
            )
        };
        let before = views(&g);
        let checked = g.validate(&d);
        match g.apply(d.clone()) {
            Ok(()) => assert!(checked.is_ok(), "{d:?} failed validation but applied"),
            Err(e) => {
                assert!(checked.is_err(), "{d:?} validated but was refused: {e:?}");
                assert!(
                    choices.iter().all(|c| c != &d) || pick.is_multiple_of(4),
                    "the offered {d:?} was refused: {e:?}"
                );
                assert_eq!(views(&g), before, "a refusal changed a view");
                assert_eq!(g.to_decide(), Some(seat));
            }
        }
        // Release builds (the fuzzer's) do not check inside `apply`.
        if let Err(e) = valerna_bov::battle::invariants::check(&g) {
            panic!("after {d:?}: {e}");
        }
    }
}
