use std::sync::Arc;
use valerna_game::Game;
use valerna_lov::policy::RandomPolicy;
use valerna_lov::{Content, Lov, Setup};

#[test]
fn random_games_end() {
    let content = Arc::new(Content::default_pack().unwrap());
    for seed in 0..200u64 {
        let humans = match seed % 4 {
            0 => [true, false, false, false],
            1 => [true, true, false, false],
            2 => [true, true, true, true],
            _ => [false, true, false, true],
        };
        let setup = Setup::new(seed, humans, &content);
        let mut g = Lov::start(&content, &setup).unwrap();
        let mut p = RandomPolicy::new(seed);
        let mut n = 0;
        while let Some(d) = p.choose(&g) {
            g.apply(d).unwrap();
            n += 1;
            assert!(n < 100_000);
        }
        let o = g.outcome().unwrap();
        eprintln!("{seed}: {} decisions round {} {:?}", n, g.state().round, o);
    }
}
