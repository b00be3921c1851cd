//! Deployment always offers a legal decision, and every game bots play
//! reaches its end (BoV 5.1, "Take Turns Deploying" > "Rules for
//! Deployment", "Reserves"; docs/rulings.md, "Units with no room to
//! deploy").

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use valerna_bov::battle::bots::{Bot, GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::geometry::{Map, MapError, Point, TerrainKind, TerrainTemplate};
use valerna_bov::rules::scenario::{Battlefield, Scenario};
use valerna_game::Game;

mod common;
use common::pack;

const LISTS: [&str; 4] = [
    "allaria_guild_line",
    "tyveria_swarm",
    "allaria_dragon_host",
    "tyveria_dragon_host",
];

/// The maps shipped in content/bov/maps.
fn shipped_maps() -> Vec<Map> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/bov/maps");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no maps in {dir}");
    paths
        .iter()
        .map(|p| Map::parse(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect()
}

fn rect(name: &str, x0: f64, y0: f64, x1: f64, y1: f64) -> TerrainTemplate {
    TerrainTemplate {
        name: name.into(),
        outline: vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ],
        holes: Vec::new(),
        kinds: vec![TerrainKind::Impassable],
    }
}

/// A 4'x3' map whose zone along y = 0 (6" deep) is Impassable but for a
/// strip half an inch wide: no base fits there, though the zone is not
/// wholly covered.
fn walled_near_zone() -> Map {
    Map {
        battlefield: Battlefield::Standard4x3,
        terrain: vec![
            rect("West wall", 0.0, 0.0, 24.0, 6.5),
            rect("East wall", 24.5, 0.0, 48.0, 6.5),
        ],
    }
}

/// A seat none of whose units has room in its zone leaves them all in
/// Reserve, the General too, without being asked; the other seat deploys
/// as usual and the game is played to its end.
#[test]
fn a_seat_with_no_room_leaves_its_units_in_reserve() {
    let setup = BattleSetup {
        cards: None,
        edition: Default::default(),
        seed: 11,
        lists: ["allaria_guild_line".into(), "tyveria_swarm".into()],
        scenario: Scenario::SlayTheFoe,
        battlefield: Battlefield::Standard4x3,
        map: Some(walled_near_zone()),
        monsters: Vec::new(),
    };
    let mut g = Battle::start(&pack(), &setup).unwrap();
    let Phase::TableEdge { seat } = g.phase else {
        panic!("expected the table-edge choice, got {:?}", g.phase);
    };
    g.apply(Decision::TableEdge {
        near: true,
        short: false,
    })
    .unwrap();
    let walled = seat;
    let mut buf = Vec::new();
    while let Phase::Deploy { seat } = g.phase {
        assert_ne!(seat, walled, "the walled-in seat was asked to deploy");
        g.choices(&mut buf);
        let d = buf
            .iter()
            .find(|d| matches!(d, Decision::Deploy { .. }))
            .cloned()
            .expect("a seat asked to deploy is offered a placement");
        g.apply(d).unwrap();
    }
    assert!(
        g.units
            .iter()
            .filter(|u| u.owner == walled)
            .all(|u| u.reserve && !u.deployed),
        "every unit of the walled-in seat is in Reserve"
    );
    assert!(
        g.units
            .iter()
            .filter(|u| u.owner != walled)
            .all(|u| u.deployed),
        "the other seat deployed everything"
    );
    let mut a = RandomBot::new(1);
    let mut b = RandomBot::new(2);
    play(&mut g, &mut [&mut a, &mut b], 20_000).unwrap();
    assert!(g.outcome().is_some(), "the game ended");
}

/// A map whose deployment zone (here the whole table) is Impassable is
/// refused when loaded, naming why.
#[test]
fn a_wholly_impassable_table_is_refused() {
    let map = Map {
        battlefield: Battlefield::Small2x1,
        terrain: vec![rect("Lava", 0.0, 0.0, 24.0, 12.0)],
    };
    let e = map.battlefield(Battlefield::Small2x1).unwrap_err();
    assert!(matches!(e, MapError::NoRoom { .. }), "{e:?}");
    assert!(e.to_string().contains("Impassable"), "{e}");
    // The walled zone above keeps a strip: loaded, though no base fits.
    assert!(
        walled_near_zone()
            .battlefield(Battlefield::Standard4x3)
            .is_ok()
    );
}

fn bot(random: bool, seed: u64) -> Box<dyn Bot> {
    if random {
        Box::new(RandomBot::new(seed))
    } else {
        Box::new(GreedyBot::new(seed))
    }
}

const SCENARIOS: [Scenario; 4] = [
    Scenario::PitchedBattle,
    Scenario::SeizeTheLand,
    Scenario::SlayTheFoe,
    Scenario::Quest,
];
const SIZES: [Battlefield; 3] = [
    Battlefield::Small2x1,
    Battlefield::Standard4x3,
    Battlefield::Large6x4,
];

/// Plays one game of the given set-up with the given bots to its end.
fn play_to_end(setup: &BattleSetup, random: [bool; 2]) -> Result<(), String> {
    let mut g = Battle::start(&pack(), setup).map_err(|e| e.to_string())?;
    let mut a = bot(random[0], setup.seed ^ 0x5eed);
    let mut b = bot(random[1], setup.seed ^ 0xb07);
    play(&mut g, &mut [a.as_mut(), b.as_mut()], 20_000).map_err(|e| e.to_string())?;
    match g.outcome() {
        Some(_) => Ok(()),
        None => Err(format!("the game did not end ({:?})", g.phase)),
    }
}

proptest! {
    // A small fixed sample by default; `PROPTEST_CASES=3000` runs a large
    // one (`cargo test --release`).
    #![proptest_config(ProptestConfig {
        cases: cases(12),
        rng_seed: RngSeed::Fixed(0xdeb1),
        ..ProptestConfig::default()
    })]

    /// Any seed, battlefield size or shipped map, scenario, pair of lists,
    /// Monsters and pair of bots: every decision asked for is answered legally and
    /// the game ends.
    #[test]
    fn every_game_reaches_its_end(
        seed in any::<u64>(),
        layout in 0usize..1000,
        scenario in 0usize..4,
        lists in (0usize..4, 0usize..4),
        random in (any::<bool>(), any::<bool>()),
        monsters in 0usize..MONSTERS.len(),
    ) {
        let maps = shipped_maps();
        let layout = layout % (SIZES.len() + maps.len());
        let (battlefield, map) = if layout < SIZES.len() {
            (SIZES[layout], None)
        } else {
            let m = maps[layout - SIZES.len()].clone();
            (m.battlefield, Some(m))
        };
        let setup = BattleSetup {
            cards: None,
            edition: Default::default(),
            seed,
            lists: [LISTS[lists.0].into(), LISTS[lists.1].into()],
            scenario: SCENARIOS[scenario],
            battlefield,
            map,
            // The Quest fields no Monsters (docs/rulings.md).
            monsters: if SCENARIOS[scenario] == Scenario::Quest {
                Vec::new()
            } else {
                MONSTERS[monsters].iter().map(|m| m.to_string()).collect()
            },
        };
        let r = play_to_end(&setup, [random.0, random.1]);
        prop_assert!(r.is_ok(), "{:?}: {}", setup.seed, r.unwrap_err());
    }
}

/// The Monsters fielded (BoV 5.1, "Monsters"): none, each shipped one, all.
const MONSTERS: [&[&str]; 5] = [
    &[],
    &["ravine_troll"],
    &["marsh_hydra"],
    &["ravine_wyvern"],
    &["ravine_troll", "marsh_hydra", "ravine_wyvern"],
];

/// The case count: `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}
