//! Every option a battle offers reads apart from the others: a player
//! choosing among buttons sees what differs (where a march goes and how
//! far, which models are removed), in each of the books' languages.

use std::collections::BTreeMap;
use std::sync::Arc;

use valerna_bov::battle::{Battle, BattleSetup, Decision};
use valerna_bov::content::Pack;
use valerna_bov::rules::scenario::{Battlefield, Scenario};
use valerna_game::{Game, Narrated};
use valerna_texts::bov::option_text;
use valerna_texts::{Lang, Texts};

/// Plays `most` decisions of a battle, choosing by a small deterministic
/// stream that prefers acting to passing, and checks each question's
/// labels. Returns how many questions had more than one option.
fn play(setup: &BattleSetup, seed: u64, most: usize) -> usize {
    let pack = Arc::new(Pack::default_pack().unwrap());
    let mut g = Battle::start(&pack, setup).unwrap();
    let texts = [Lang::En, Lang::It, Lang::Fr].map(Texts::new);
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005) | 1;
    let mut buf = Vec::new();
    let mut asked = 0;
    for _ in 0..most {
        if g.outcome().is_some() {
            break;
        }
        g.choices(&mut buf);
        if buf.is_empty() {
            break;
        }
        // The same decision listed twice would be two buttons doing one thing.
        for (i, d) in buf.iter().enumerate() {
            assert!(
                !buf[..i].contains(d),
                "{d:?} is offered twice, among {buf:?}"
            );
        }
        if buf.len() > 1 {
            asked += 1;
            let meanings: Vec<_> = buf.iter().map(|d| g.describe(d)).collect();
            for t in &texts {
                let mut seen: BTreeMap<String, &Decision> = BTreeMap::new();
                for m in &meanings {
                    let label = option_text(&g, t, m);
                    if let Some(other) = seen.insert(label.clone(), &m.decision) {
                        panic!("two options read {label:?}: {other:?} and {:?}", m.decision);
                    }
                }
            }
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let acts: Vec<&Decision> = buf.iter().filter(|d| **d != Decision::Pass).collect();
        let pool: Vec<&Decision> = if acts.is_empty() {
            buf.iter().collect()
        } else {
            acts
        };
        let pick = pool[((state >> 33) as usize) % pool.len()].clone();
        g.apply(pick).unwrap();
    }
    asked
}

#[test]
fn options_read_apart_in_pitched_battles() {
    let lists = [
        "allaria_dragon_host",
        "allaria_guild_line",
        "tyveria_dragon_host",
        "tyveria_swarm",
    ];
    for seed in 1..=8_u64 {
        let a = lists[(seed % 2) as usize];
        let b = lists[2 + (seed / 2 % 2) as usize];
        let asked = play(&BattleSetup::pitched(seed, a, b), seed, 3000);
        assert!(
            asked > 100,
            "seed {seed}: only {asked} questions had a choice"
        );
    }
}

#[test]
fn options_read_apart_in_quests_on_a_small_table() {
    for seed in 1..=4_u64 {
        let mut setup = BattleSetup::pitched(seed, "allaria_guild_line", "tyveria_dragon_host");
        setup.scenario = Scenario::Quest;
        setup.battlefield = Battlefield::Small2x1;
        let asked = play(&setup, seed, 3000);
        assert!(
            asked > 100,
            "seed {seed}: only {asked} questions had a choice"
        );
    }
}
