//! Every kind of decision the engine has is reachable in play: the battles
//! that `web-check/tests/bov-kinds.test.mjs` plays at one screen, played
//! here with the same chooser (a kind not made yet first, then any but
//! Pass, then Pass) and the same pseudo-random stream (mulberry32), so the
//! browser test makes the same decisions from the page. When a rule or the
//! content changes what these battles offer, this test names the kind that
//! is no longer made; `SEARCH=1 cargo test --release -p valerna-bov --test
//! decision_kinds -- --nocapture --ignored` looks for new seeds.

use std::collections::BTreeSet;
use std::sync::Arc;

use valerna_bov::battle::{Battle, BattleSetup, Decision};
use valerna_bov::content::{Pack, SAMPLE_MAPS};
use valerna_bov::geometry::map::Map;
use valerna_bov::rules::scenario::{Battlefield, Scenario};
use valerna_game::Game;

/// The harness's `rng(seed)` (mulberry32), value for value.
struct Mulberry(u32);

impl Mulberry {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }
}

/// A decision's kind as the page names it (`data-kind`): its variant.
fn kind(d: &Decision) -> String {
    let s = format!("{d:?}");
    s.split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The browser test's battles: (setup, seed of its chooser, most decisions).
fn battles() -> Vec<(BattleSetup, u32, usize)> {
    let lists = ["allaria_dragon_host", "tyveria_dragon_host"];
    let river = SAMPLE_MAPS
        .iter()
        .find(|(f, _)| f.contains("river_crossing"))
        .map(|(_, text)| Map::parse(text).unwrap())
        .unwrap();
    let mut a = BattleSetup::pitched(12, lists[0], lists[1]);
    a.battlefield = river.battlefield;
    a.map = Some(river);
    a.monsters = ["ravine_troll", "marsh_hydra", "ravine_wyvern"]
        .map(String::from)
        .to_vec();
    let mut b = BattleSetup::pitched(13, lists[0], lists[1]);
    b.scenario = Scenario::Quest;
    // On the small table, the Guild Line against Tyveria's host: a unit
    // with two kinds of status markers chooses which to remove (seed 146);
    // an Opportunity Attack is split between a Mount and its rider, and a
    // fallen Giant's owner chooses where it falls (seed 92); a rider gets
    // back on its Mount (seed 35).
    let small = |seed| {
        let mut s = BattleSetup::pitched(seed, "allaria_guild_line", lists[1]);
        s.battlefield = Battlefield::Small2x1;
        s
    };
    vec![
        (a, 12, 400),
        (b, 13, 300),
        (small(146), 146, 300),
        (small(92), 92, 300),
        (small(35), 35, 300),
    ]
}

/// Plays one battle with the chooser; the kinds made and how many decisions.
fn play(
    pack: &Arc<Pack>,
    setup: &BattleSetup,
    seed: u32,
    most: usize,
) -> (BTreeSet<String>, usize) {
    let mut g = Battle::start(pack, setup).unwrap();
    let mut random = Mulberry(seed);
    let mut made = BTreeSet::new();
    let mut buf = Vec::new();
    let mut n = 0;
    while n < most && g.outcome().is_none() {
        g.choices(&mut buf);
        if buf.is_empty() {
            break;
        }
        // A reaction window with nothing to answer it: the page declines
        // it itself, drawing no number.
        if buf
            .iter()
            .all(|d| matches!(d, Decision::Reaction { reaction: None }))
        {
            g.apply(buf[0].clone()).unwrap();
            continue;
        }
        let fresh: Vec<&Decision> = buf.iter().filter(|d| !made.contains(&kind(d))).collect();
        let acts: Vec<&Decision> = buf.iter().filter(|d| kind(d) != "Pass").collect();
        let all: Vec<&Decision> = buf.iter().collect();
        let pool = [fresh, acts, all]
            .into_iter()
            .find(|p| !p.is_empty())
            .unwrap();
        let pick = pool[(random.next() * pool.len() as f64).floor() as usize].clone();
        made.insert(kind(&pick));
        g.apply(pick).unwrap();
        n += 1;
    }
    (made, n)
}

#[test]
fn every_decision_kind_is_made_in_the_browser_tests_battles() {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut made = BTreeSet::new();
    for (setup, seed, most) in battles() {
        made.extend(play(&pack, &setup, seed, most).0);
    }
    let every = [
        "Deploy",
        "Pass",
        "Activate",
        "March",
        "Attack",
        "Charge",
        "Skirmish",
        "React",
        "ReactSplit",
        "Remove",
        "Consolidate",
        "PlaceObjective",
        "Reserve",
        "Enter",
        "StayInReserve",
        "DangerousTarget",
        "TableEdge",
        "RemoveMarkers",
        "ActivatePower",
        "FlankedAttack",
        "Reaction",
        "GiantTarget",
        "Command",
        "Mount",
        "Dismount",
        "Redirect",
        "Bid",
        "PlaceMonster",
        "EntryEdge",
    ];
    let missing: Vec<&str> = every.into_iter().filter(|k| !made.contains(*k)).collect();
    assert!(
        missing.is_empty(),
        "never made: {missing:?} (made: {made:?})"
    );
}

/// Looks for seeds of small-table battles that make the rarest kinds:
/// prints each seed's decisions and which of them it made.
#[test]
#[ignore]
fn search_seeds() {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let rare = [
        "ReactSplit",
        "RemoveMarkers",
        "GiantTarget",
        "Redirect",
        "Mount",
    ];
    for seed in 0..600u64 {
        let mut setup = BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_dragon_host");
        setup.battlefield = Battlefield::Small2x1;
        let (made, n) = play(&pack, &setup, seed as u32, 300);
        let got: Vec<&str> = rare.into_iter().filter(|k| made.contains(*k)).collect();
        if !got.is_empty() {
            println!("seed {seed}: {n} decisions, {got:?}");
        }
    }
}
