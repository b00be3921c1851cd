//! Every Lords of Vaala option that costs something says so, in each of the
//! books' languages: a Denizen taken by an Upgrade from an adjacent homeland
//! costs 1 Power (LoV reference card "Region Glyphs": "or if they spend a
//! power, an adjacent region"), one of the region's own homeland nothing.

use valerna_lov::Decision;
use valerna_lov::content::Content;
use valerna_lov::log::{Ask, Meaning};
use valerna_texts::lov::option_text;
use valerna_texts::{Lang, Texts};

#[test]
fn an_upgrade_from_an_adjacent_homeland_says_it_costs_one_power() {
    let c = Content::default_pack().unwrap();
    let (subject, d) = c.denizens.iter().enumerate().next().unwrap();
    let next = (0..c.regions.len() as u8)
        .find(|&r| r != d.homeland && c.is_adjacent(d.homeland, r))
        .expect("a region next to the homeland");
    let meaning = |region| Meaning {
        ask: Ask::Denizen { region },
        decision: Decision::Denizen(0),
        owner: 0,
        subject: subject as u8,
    };
    for (lang, paid) in [
        (Lang::En, " for 1 Power:"),
        (Lang::It, " per 1 Potere:"),
        (Lang::Fr, " pour 1 Pouvoir :"),
    ] {
        let t = Texts::new(lang);
        let from_next = option_text(&c, &t, &meaning(next));
        assert!(from_next.contains(paid), "{from_next}");
        let at_home = option_text(&c, &t, &meaning(d.homeland));
        assert!(
            !at_home.contains(paid.trim_end_matches(':').trim()),
            "{at_home}"
        );
        assert!(!at_home.contains("{"), "{at_home}");
    }
}
