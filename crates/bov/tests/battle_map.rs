//! Terrain from a saved map, the alternative to sectors and scatter: "one
//! player to set up the terrain in advance" (BoV 5.1, "Setting up a game" >
//! "1) Place Terrain").

use proptest::prelude::*;
use valerna_bov::battle::bots::{GreedyBot, RandomBot, play};
use valerna_bov::battle::{Battle, BattleSetup};
use valerna_bov::geometry::{
    Map, MapError, PieceFault, Point, TerrainKind, TerrainPiece, TerrainTemplate,
};
use valerna_bov::rules::scenario::Battlefield;
use valerna_game::{Game, Record, replay};

mod common;
use common::pack;

fn map_file(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../content/bov/maps")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn pts(corners: &[(f64, f64)]) -> Vec<Point> {
    corners.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

/// A one-piece map on 4'x3' with the given outline, holes and kinds.
fn one_piece(outline: &[(f64, f64)], holes: &[&[(f64, f64)]], kinds: &str) -> Map {
    let ring = |r: &[(f64, f64)]| {
        let c: Vec<String> = r.iter().map(|(x, y)| format!("(x: {x}, y: {y})")).collect();
        format!("[{}]", c.join(", "))
    };
    let holes: Vec<String> = holes.iter().map(|h| ring(h)).collect();
    Map::parse(&format!(
        "(battlefield: Standard4x3, terrain: [(name: \"Hill\", outline: {}, holes: [{}], kinds: {kinds})])",
        ring(outline),
        holes.join(", ")
    ))
    .unwrap()
}

fn with_map(seed: u64, map: Map) -> BattleSetup {
    BattleSetup {
        cards: None,
        map: Some(map),
        monsters: Vec::new(),
        ..BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_swarm")
    }
}

/// The example maps load, and a game started from one has exactly the
/// pieces the file describes (checked against pieces built here from the
/// same corners), the keep with its courtyard as a hole.
#[test]
fn a_game_from_a_map_has_exactly_its_terrain() {
    let map = Map::parse(&map_file("river_crossing.ron")).unwrap();
    let g = Battle::start(&pack(), &with_map(3, map)).unwrap();
    assert_eq!((g.field.width, g.field.height), (48.0, 36.0));
    let keep = TerrainPiece::new(
        "Ruined keep",
        &pts(&[(32.0, 25.0), (42.0, 25.0), (42.0, 33.0), (32.0, 33.0)]),
        &[pts(&[
            (34.0, 27.0),
            (40.0, 27.0),
            (40.0, 31.0),
            (34.0, 31.0),
        ])],
        vec![TerrainKind::Obscuring, TerrainKind::Slowing],
    )
    .unwrap();
    let lava = TerrainPiece::new(
        "Lava pool",
        &pts(&[
            (36.0, 6.0),
            (40.0, 5.0),
            (42.0, 8.0),
            (38.0, 11.0),
            (35.0, 9.0),
        ]),
        &[],
        vec![TerrainKind::Dangerous(2), TerrainKind::Slowing],
    )
    .unwrap();
    let names: Vec<&str> = g.field.terrain.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "River, west reach",
            "River, east reach",
            "Darkwood",
            "Ruined keep",
            "Lava pool"
        ]
    );
    assert_eq!(g.field.terrain[3], keep);
    assert_eq!(g.field.terrain[4], lava);
    // A model in the courtyard is not inside the keep.
    assert!(!g.field.terrain[3].overlaps_base(Point::new(37.0, 29.0), 0.5));
    assert!(g.field.terrain[3].overlaps_base(Point::new(33.0, 29.0), 0.5));

    let small = Map::parse(&map_file("hill_pass.ron")).unwrap();
    let setup = BattleSetup {
        cards: None,
        battlefield: Battlefield::Small2x1,
        ..with_map(3, small)
    };
    let g = Battle::start(&pack(), &setup).unwrap();
    assert_eq!((g.field.width, g.field.height), (24.0, 12.0));
    assert_eq!(g.field.terrain.len(), 2);
}

/// A map taken from a game set up by sectors and scatter, written out and
/// read back, is the same map and gives the same terrain; the game's record
/// with that map in its set-up replays to the same end (the scatter dice
/// are rolled either way, so the rest of the game draws the same dice).
#[test]
fn a_saved_map_round_trips_and_replays_its_game() {
    let pack = pack();
    let setup = BattleSetup::pitched(11, "allaria_guild_line", "tyveria_swarm");
    let mut g = Battle::start(&pack, &setup).unwrap();
    let map = Map::of(setup.battlefield, &g.field);
    let text = map.to_ron();
    let back = Map::parse(&text).unwrap();
    assert_eq!(back, map, "{text}");
    assert_eq!(back.battlefield(setup.battlefield).unwrap(), g.field);

    let decisions = play(
        &mut g,
        &mut [&mut GreedyBot::new(1), &mut RandomBot::new(2)],
        20_000,
    )
    .unwrap();
    let record: Record<Battle> = Record {
        setup: BattleSetup {
            cards: None,
            map: Some(back),
            monsters: Vec::new(),
            ..setup.clone()
        },
        decisions,
    };
    // The map is part of the set-up: it survives the record's JSON.
    let json = serde_json::to_string(&record).unwrap();
    let record: Record<Battle> = serde_json::from_str(&json).unwrap();
    assert!(record.setup.map.is_some());
    let again = replay(&pack, &record).unwrap();
    assert_eq!(again.field, g.field);
    assert_eq!(again.score, g.score);
    assert_eq!(again.outcome(), g.outcome());
    assert_eq!(again.models_lost, g.models_lost);
}

/// A record saved before maps existed has no `map` and still loads, playing
/// on sectors and scatter.
#[test]
fn a_set_up_without_a_map_still_loads() {
    let json = r#"{"seed":5,"lists":["allaria_guild_line","tyveria_swarm"],"scenario":"PitchedBattle","battlefield":"Standard4x3"}"#;
    let setup: BattleSetup = serde_json::from_str(json).unwrap();
    assert_eq!(setup.map, None);
    assert_eq!(
        setup,
        BattleSetup::pitched(5, "allaria_guild_line", "tyveria_swarm")
    );
}

fn piece_fault(map: &Map) -> PieceFault {
    match map.battlefield(Battlefield::Standard4x3) {
        Err(MapError::Piece { index, name, fault }) => {
            assert_eq!((index, name.as_str()), (0, "Hill"));
            fault
        }
        other => panic!("{other:?}"),
    }
}

/// Each fault of a piece is named with the piece: off the table, fewer than
/// three corners, no area, a crossing outline, a hole outside its outline, a
/// degenerate hole, and Dangerous (0) (BoV 5.1, "Dangerous Terrain (X)": X
/// dice).
#[test]
fn each_fault_names_the_piece_and_what_is_wrong() {
    let square = [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)];
    let off = one_piece(
        &[(40.0, 30.0), (50.0, 30.0), (50.0, 35.0), (40.0, 35.0)],
        &[],
        "[Slowing]",
    );
    assert_eq!(
        piece_fault(&off),
        PieceFault::OffTheBattlefield {
            x: 50.0,
            y: 30.0,
            width: 48.0,
            height: 36.0
        }
    );
    let two = one_piece(&[(10.0, 10.0), (20.0, 10.0)], &[], "[Slowing]");
    assert_eq!(piece_fault(&two), PieceFault::DegenerateOutline);
    let flat = one_piece(
        &[(10.0, 10.0), (20.0, 10.0), (30.0, 10.0)],
        &[],
        "[Slowing]",
    );
    assert_eq!(piece_fault(&flat), PieceFault::ZeroArea);
    let bowtie = one_piece(
        &[(10.0, 10.0), (30.0, 20.0), (30.0, 10.0), (10.0, 14.0)],
        &[],
        "[Slowing]",
    );
    assert!(
        matches!(piece_fault(&bowtie), PieceFault::NotSimple(m) if m.contains("self-intersection"))
    );
    let hole_out = one_piece(
        &square,
        &[&[(30.0, 30.0), (32.0, 30.0), (32.0, 32.0)]],
        "[Slowing]",
    );
    assert!(
        matches!(piece_fault(&hole_out), PieceFault::NotSimple(m) if m.contains("not contained"))
    );
    let thin_hole = one_piece(&square, &[&[(12.0, 12.0), (14.0, 12.0)]], "[Slowing]");
    assert_eq!(piece_fault(&thin_hole), PieceFault::DegenerateHole(0));
    let harmless = one_piece(&square, &[], "[Dangerous(0), Slowing]");
    assert_eq!(piece_fault(&harmless), PieceFault::DangerousZero);

    let e = MapError::Piece {
        index: 0,
        name: "Hill".into(),
        fault: PieceFault::DangerousZero,
    };
    assert_eq!(
        e.to_string(),
        "map: terrain piece 0 (\"Hill\"): Dangerous (0) rolls no dice: X must be at least 1"
    );
    // Refused by the engine too, never a panic.
    let err = Battle::start(&pack(), &with_map(1, off)).unwrap_err();
    assert!(
        err.to_string().contains("\"Hill\"") && err.to_string().contains("off the 48\" x 36\""),
        "{err}"
    );
}

/// A map for one battlefield size is refused for a game on another; a file
/// that is not a map is refused with RON's position.
#[test]
fn a_map_of_another_size_or_not_a_map_is_refused() {
    let map = Map::parse(&map_file("hill_pass.ron")).unwrap();
    assert_eq!(
        map.battlefield(Battlefield::Standard4x3),
        Err(MapError::Size {
            map: Battlefield::Small2x1,
            setup: Battlefield::Standard4x3
        })
    );
    let err = Battle::start(&pack(), &with_map(1, map)).unwrap_err();
    assert!(err.to_string().contains("Small2x1"), "{err}");
    match Map::parse(
        "(battlefield: Standard4x3, terrain: [(name: \"x\", outline: [], kinds: [Wet])])",
    ) {
        Err(MapError::Syntax(m)) => assert!(m.contains("1:"), "{m}"),
        other => panic!("{other:?}"),
    }
}

fn triangle() -> impl Strategy<Value = Vec<Point>> {
    // Corners anywhere on a 4'x3' table, any f64 the file must carry exactly.
    prop::collection::vec((0.0f64..=48.0, 0.0f64..=36.0), 3)
        .prop_map(|c| c.into_iter().map(|(x, y)| Point::new(x, y)).collect())
}

proptest! {
    /// Any map of pieces on the table is written and read back unchanged,
    /// and the battlefield built from it gives back the same map.
    #[test]
    fn any_map_round_trips(
        pieces in prop::collection::vec(
            (triangle(), prop::sample::subsequence(
                vec![TerrainKind::Impassable, TerrainKind::Slowing, TerrainKind::Obscuring, TerrainKind::Dangerous(3)], 1..=4)),
            0..6,
        )
    ) {
        let terrain = pieces
            .into_iter()
            .enumerate()
            .map(|(k, (outline, kinds))| TerrainTemplate {
                name: format!("piece \"{k}\""),
                outline,
                holes: Vec::new(),
                kinds,
            })
            .collect();
        let map = Map { battlefield: Battlefield::Standard4x3, terrain };
        let back = Map::parse(&map.to_ron()).unwrap();
        prop_assert_eq!(&back, &map);
        // Triangles of (nearly) no area are refused, never a panic.
        if let Ok(field) = map.battlefield(Battlefield::Standard4x3) {
            prop_assert_eq!(Map::of(Battlefield::Standard4x3, &field), map);
        }
    }
}
