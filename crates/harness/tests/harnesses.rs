//! The fuzz targets on stable: every committed seed of `fuzz/corpus/`
//! replayed, then proptest's inputs, each a seed of the target's corpus
//! with random edits (bytes changed, inserted, removed, runs repeated) so
//! the inputs stay near the shapes the surfaces read, plus raw bytes.

use std::path::PathBuf;

use proptest::prelude::*;
use valerna_harness::TARGETS;

fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

fn target(name: &str) -> fn(&[u8]) {
    TARGETS.iter().find(|(n, _)| *n == name).unwrap().1
}

#[test]
fn every_target_has_a_seed_corpus_and_passes_it() {
    for (name, run) in TARGETS {
        let seeds = corpus(name);
        assert!(!seeds.is_empty(), "{name} has no seeds");
        for s in seeds {
            run(&s);
        }
    }
}

/// One edit of an input.
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Remove(usize, usize),
    Repeat(usize, usize, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), 1usize..64).prop_map(|(i, n)| Edit::Remove(i, n)),
        (any::<usize>(), 1usize..32, 1u8..8).prop_map(|(i, n, k)| Edit::Repeat(i, n, k)),
    ]
}

fn edited(mut input: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = input.len().max(1);
        match *e {
            Edit::Set(i, b) => {
                if let Some(x) = input.get_mut(i % len) {
                    *x = b;
                }
            }
            Edit::Insert(i, b) => input.insert(i % (input.len() + 1), b),
            Edit::Remove(i, n) => {
                let at = i % len;
                let end = (at + n).min(input.len());
                if at < end {
                    input.drain(at..end);
                }
            }
            Edit::Repeat(i, n, k) => {
                let at = i % len;
                let end = (at + n).min(input.len());
                let run: Vec<u8> = input.get(at..end).unwrap_or_default().to_vec();
                for _ in 0..k {
                    input.splice(end..end, run.iter().copied());
                }
            }
        }
    }
    input
}

/// A seed of `name`'s corpus with random edits, or raw bytes.
fn inputs(name: &'static str) -> impl Strategy<Value = Vec<u8>> {
    let seeds = corpus(name);
    prop_oneof![
        4 => (0..seeds.len(), proptest::collection::vec(edit(), 0..8))
            .prop_map(move |(k, e)| edited(seeds[k].clone(), &e)),
        1 => proptest::collection::vec(any::<u8>(), 0..512),
    ]
}

macro_rules! harness {
    ($name:ident, $cases:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig {
                cases: $cases,
                ..ProptestConfig::default()
            })]
            #[test]
            fn $name(input in inputs(stringify!($name))) {
                target(stringify!($name))(&input);
            }
        }
    };
}

harness!(lov_content, 256);
harness!(bov_content, 128);
harness!(bov_force_list, 512);
harness!(bov_map, 512);
harness!(lov_replay, 128);
harness!(server_decision, 512);
harness!(server_message, 1024);
harness!(lov_decisions, 96);
harness!(bov_decisions, 24);
