//! Captain cards and Heroes as Captains in the starter edition (BoV
//! starter, "Hero/Captain cards", "Captains", "Heroes as Captains",
//! "Ultimate Powers", "SELECT UNITS"). Each test cites the section it
//! holds the engine to.

use valerna_bov::battle::log::Event;
use valerna_bov::battle::{Battle, BattleSetup, Decision, Phase};
use valerna_bov::content::STARTER_LISTS;
use valerna_bov::force_list::{self, ListRule};
use valerna_bov::geometry::Point;
use valerna_bov::rules::edition::Edition;
use valerna_bov::rules::modifiers::{Modifier, MoraleCause};
use valerna_bov::rules::morale;
use valerna_bov::rules::powers::CAPTAIN_POWER_SLOT;
use valerna_bov::rules::scenario::Scenario;
use valerna_game::Game;

mod common;
use common::{
    activate, decline_reactions, pack, past_set_up, place, row, unit_named, without_artifacts,
};

fn starter(seed: u64, a: &str, b: &str) -> BattleSetup {
    BattleSetup {
        edition: Edition::Starter,
        scenario: Scenario::SlayTheFoe,
        ..BattleSetup::pitched(seed, &without_artifacts(a), &without_artifacts(b))
    }
}

/// A starter battle past deployment.
fn deployed(seed: u64, a: &str, b: &str) -> Battle {
    let mut g = Battle::start_narrated(&pack(), &starter(seed, a, b)).unwrap();
    past_set_up(&mut g);
    g
}

/// Declines reactions and Upgrade tokens, and removes the first models
/// offered as casualties (or model `keep_captain`'s trooper 1, when
/// asked), until the engine asks something else.
fn settle_removing(g: &mut Battle, trooper: Option<u8>) {
    let mut buf = Vec::new();
    loop {
        decline_reactions(g);
        match g.phase {
            Phase::UpgradeToken { .. } => {
                g.apply(Decision::UpgradeToken { spend: false }).unwrap();
            }
            Phase::Casualties { .. } => match trooper {
                Some(m) => g.apply(Decision::Remove { models: vec![m] }).unwrap(),
                None => {
                    g.choices(&mut buf);
                    g.apply(buf[0].clone()).unwrap();
                }
            },
            _ => return,
        }
    }
}

fn settle(g: &mut Battle) {
    settle_removing(g, None);
}

fn list(text: &str) -> force_list::ForceList {
    force_list::parse(text).unwrap()
}

fn shipped(name: &str) -> &'static str {
    STARTER_LISTS
        .iter()
        .find(|(f, _)| f.contains(name))
        .unwrap()
        .1
}

/// BoV starter, "SELECT UNITS": "Choose Trooper cards and for each of
/// them you must attach a Captain card with the same keyword as the
/// troopers"; "Heroes as Captains": "attach its card next to the Trooper
/// card that the Hero now leads". The shipped starter lists are valid; the
/// Hero leading is one of the troopers' models, not a unit of the force,
/// and its points are spent.
#[test]
fn captain_cards_are_attached_to_trooper_cards_by_keyword() {
    let pack = pack();
    for (file, text) in STARTER_LISTS {
        let l = list(text);
        let force = force_list::validate(&pack, &l).unwrap_or_else(|e| panic!("{file}: {e:?}"));
        let led = l.units.iter().filter(|e| e.captain.is_some()).count();
        assert!(led >= 3, "{file}");
        assert_eq!(force.units.len(), l.units.len() - led, "{file}");
        assert_eq!(
            force.units.iter().filter(|u| u.captain.is_some()).count(),
            led
        );
        let spent: u32 = l
            .units
            .iter()
            .map(|e| u32::from(pack.unit(&e.card).unwrap().1.points))
            .sum();
        assert_eq!(force.points, spent + l.upgrade_tokens, "{file}");
    }
    let l = list(shipped("tyveria_packs"));
    let force = force_list::validate(&pack, &l).unwrap();
    let fangs = force
        .units
        .iter()
        .find(|u| u.entry == "bloodfangs")
        .unwrap();
    let c = fangs.captain.as_ref().unwrap();
    assert_eq!(c.entry, "bloodfang_packmaster");
    assert_eq!(c.value, 5);
    assert!(
        !force
            .units
            .iter()
            .any(|u| u.entry == "bloodfang_packmaster")
    );
    // The General keeps its place among the units the force deploys.
    assert_eq!(force.units[force.general].entry, "adrael");
}

/// The list rules of "Heroes as Captains" name what was wrong: a Hero
/// without "Captain, X", a keyword the troopers lack, a Hero leading two
/// units, a Hero (or a single model) led, the General as a Captain, and a
/// list not written for the starter edition.
#[test]
fn a_list_s_captains_are_checked_with_clear_errors() {
    let pack = pack();
    let check = |units: &str, edition: &str| -> Vec<String> {
        let text = format!(
            "(name: \"t\", force: \"Tyveria\", game_size: 200, units: [(card: \"adrael\", general: true), {units}], {edition})"
        );
        match force_list::validate(&pack, &list(&text)) {
            Ok(_) => Vec::new(),
            Err(v) => v
                .into_iter()
                .filter(|v| v.rule == ListRule::Captains || v.rule == ListRule::UnknownEntry)
                .map(|v| v.to_string())
                .collect(),
        }
    };
    let starter = "edition: starter";
    let one = |units: &str, edition: &str, want: &str| {
        let found = check(units, edition);
        assert!(
            found.iter().any(|m| m.contains(want)),
            "{units}: {found:?} lacks {want:?}"
        );
    };
    one(
        "(card: \"ogerron_warchief\"), (card: \"bloodfangs\", captain: Some(\"ogerron_warchief\"))",
        starter,
        "Ogerron Warchief has no \"Captain, X\" keyword",
    );
    one(
        "(card: \"bloodfang_packmaster\"), (card: \"shiv_cutthroats\", captain: Some(\"bloodfang_packmaster\"))",
        starter,
        "Bloodfang Packmaster is \"Captain, Bloodfang\", and Shiv Cutthroats bear no 'Bloodfang' keyword",
    );
    one(
        "(card: \"bloodfang_packmaster\"), (card: \"bloodfangs\", captain: Some(\"bloodfang_packmaster\")), (id: \"more\", card: \"bloodfangs\", captain: Some(\"bloodfang_packmaster\"))",
        starter,
        "leads 'bloodfangs' already: a Hero leads one unit at most",
    );
    one(
        "(card: \"ogerron_shieldbreaker\"), (card: \"ogerron_warchief\", captain: Some(\"ogerron_shieldbreaker\"))",
        starter,
        "Ogerron Warchief is not a unit of troopers",
    );
    one(
        "(card: \"bloodfangs\", captain: Some(\"adrael\"))",
        starter,
        "Adrael has no \"Captain, X\" keyword",
    );
    one(
        "(card: \"bloodfangs\", captain: Some(\"nobody\"))",
        starter,
        "captain 'nobody' names no entry of the list",
    );
    one(
        "(card: \"bloodfang_packmaster\"), (card: \"bloodfangs\", captain: Some(\"bloodfang_packmaster\"))",
        "",
        "the list must follow the starter set's rules (`edition: starter` in the file)",
    );
    let general = format!(
        "(name: \"t\", force: \"Tyveria\", game_size: 200, units: [(card: \"bloodfang_packmaster\", general: true), (card: \"bloodfangs\", captain: Some(\"bloodfang_packmaster\"))], {starter})"
    );
    let v = force_list::validate(&pack, &list(&general)).unwrap_err();
    assert!(
        v.iter()
            .any(|v| v.message.contains("is the General, who fights on its own")),
        "{v:?}"
    );
    let good = check(
        "(card: \"bloodfang_packmaster\"), (card: \"bloodfangs\", captain: Some(\"bloodfang_packmaster\"))",
        starter,
    );
    assert!(good.is_empty(), "{good:?}");
}

/// BoV starter, "Captains": "Example: the Bloodfangs have 7 models; they
/// have 6 troopers plus their captain"; "Heroes as Captains": the Hero
/// "will be treated just as any other trooper model in the unit". The
/// Packmaster leads the Bloodfangs as their Captain, model 0, and is no
/// unit of its own; a 5.1 battle refuses the starter list.
#[test]
fn a_hero_captain_is_one_of_the_troopers_models() {
    let g = deployed(1, "allaria_fencers", "tyveria_packs");
    let fangs = unit_named(&g, "Bloodfangs");
    let f = &g.units[usize::from(fangs)];
    assert_eq!(f.captain, Some(0));
    let h = f.hero_captain.unwrap();
    assert_eq!(g.pack().card(h.card).unwrap().id, "bloodfang_packmaster");
    assert_eq!(morale::troopers(f.state.alive, f.captain).count(), 6);
    assert_eq!(f.state.models(), 7);
    assert!(!g.units.iter().any(|u| u.name == "Bloodfang Packmaster"));
    // Scored whole: the Trooper card's points and the Captain card's.
    assert_eq!(f.value, 12 + 5);
    // The Hero stands and fights as a trooper: the troopers' profile.
    assert_eq!(g.profile(fangs).health, 1);

    let v51 = Battle::start(
        &pack(),
        &BattleSetup::pitched(
            1,
            &without_artifacts("allaria_guild_line"),
            &without_artifacts("tyveria_packs"),
        ),
    );
    let e = v51.err().unwrap().to_string();
    assert!(e.contains("starter"), "{e}");
}

/// BoV starter, "Heroes as Captains": "The whole unit benefits from the
/// Power shown on the Hero's card and the Power shown on the Trooper's
/// card"; "Hero/Captain cards": "If a unit's captain is killed, the unit
/// continues to function normally, but loses the power that the captain
/// granted it". The Dreamfencers led by Parrymaster Qui have Flowing
/// Guard and Parry; once Qui falls, Flowing Guard alone.
#[test]
fn the_unit_has_both_cards_powers_until_its_captain_falls() {
    let mut g = deployed(2, "allaria_fencers", "tyveria_packs");
    let fencers = unit_named(&g, "Dreamfencers");
    let powers = |g: &Battle| -> Vec<(u8, String)> {
        g.powers_of(fencers)
            .map(|(s, p)| (s, p.id.clone()))
            .collect()
    };
    assert_eq!(
        powers(&g),
        vec![
            (0, "flowing_guard".to_string()),
            (CAPTAIN_POWER_SLOT, "parry".to_string())
        ]
    );
    g.units[usize::from(fencers)].state.alive.remove(0);
    assert_eq!(powers(&g), vec![(0, "flowing_guard".to_string())]);
}

/// BoV starter, "Keywords" > "Assassinate": "Critical hits rolled by this
/// attack are applied to the target unit's Captain": a critical from Eldai
/// Alarn's shots kills the Packmaster leading the Bloodfangs (the
/// troopers' Health 1), and Blood Frenzy goes with it.
#[test]
fn assassinate_s_criticals_kill_a_hero_captain_and_its_power() {
    let mut killed = 0;
    for seed in 0..30u64 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_packs");
        let alarn = unit_named(&g, "Eldai Alarn");
        let fangs = unit_named(&g, "Bloodfangs");
        place(&mut g, |g| {
            vec![
                (alarn, vec![Point::new(20.0, 10.0)]),
                (fangs, row(g, fangs, 7, 16.0, 20.0, 0.1)),
            ]
        });
        activate(&mut g, alarn);
        g.apply(Decision::Attack { target: fangs }).unwrap();
        settle(&mut g);
        let critical = common::criticals_rolled(&g, alarn);
        let f = &g.units[usize::from(fangs)];
        if critical > 0 {
            killed += 1;
            assert!(!f.captain_in_play(), "seed {seed}");
            assert!(
                !g.powers_of(fangs).any(|(s, _)| s >= CAPTAIN_POWER_SLOT),
                "seed {seed}: Blood Frenzy is gone"
            );
        } else if f.alive() && f.captain_in_play() {
            assert!(g.powers_of(fangs).any(|(_, p)| p.id == "blood_frenzy"));
        }
    }
    assert!(killed > 0);
}

/// BoV starter, "Heroes as Captains": "The troopers' Morale tests are
/// Upgraded", besides the "Captain in play" Upgrade of the Morale Test
/// Modifiers. The Golden Gunners (led by their Sergeant) shoot the
/// Bloodfangs; when half of the troopers fall the survivors test with
/// both upgrades.
#[test]
fn a_hero_captain_upgrades_the_troopers_morale_tests() {
    let mut tested = 0;
    for seed in 0..40u64 {
        let mut g = deployed(seed, "allaria_fencers", "tyveria_packs");
        let gunners = unit_named(&g, "Golden Gunners");
        let fangs = unit_named(&g, "Bloodfangs");
        place(&mut g, |g| {
            vec![
                (gunners, row(g, gunners, 4, 10.0, 6.0, 0.2)),
                (fangs, row(g, fangs, 7, 10.0, 20.0, 0.1)),
            ]
        });
        activate(&mut g, gunners);
        g.apply(Decision::Attack { target: fangs }).unwrap();
        settle(&mut g);
        for e in g.entries() {
            if let Event::MoraleTested {
                unit,
                cause,
                modifiers,
                ..
            } = &e.event
                && *unit == fangs
                && *cause == MoraleCause::HeavyCasualties
            {
                tested += 1;
                assert!(modifiers.contains(&Modifier::HeroCaptain), "seed {seed}");
                assert!(modifiers.contains(&Modifier::CaptainInPlay), "seed {seed}");
            }
        }
    }
    assert!(tested > 0);
}

/// BoV starter, "Heroes as Captains": "If during the game, all of the
/// troopers are removed, the Hero reverts to fighting as a unit of its own
/// (any wounds outstanding on the unit are carried over by the Hero), flip
/// the card to the appropriate side"; "Slay the Foe": "for Trooper cards
/// you need to defeat all of them to score". The Ogerron Phalanx down to
/// its Shieldbreaker and one trooper, 4 wounds on it (Health 5): the
/// trooper falls, the Shieldbreaker fights on with the wounds left over,
/// and the Phalanx's 18 points are scored.
#[test]
fn the_hero_fights_on_alone_with_the_outstanding_wounds() {
    let mut flipped = 0;
    for seed in 0..40u64 {
        let mut g = deployed(seed, "allaria_guild_line", "tyveria_packs");
        let alarn = unit_named(&g, "Eldai Alarn");
        let phalanx = unit_named(&g, "Ogerron Phalanx");
        place(&mut g, |g| {
            vec![
                (alarn, vec![Point::new(20.0, 10.0)]),
                (phalanx, row(g, phalanx, 2, 16.0, 20.0, 0.1)),
            ]
        });
        g.units[usize::from(phalanx)].state.wounds = 4;
        let score = g.score.points[0];
        activate(&mut g, alarn);
        g.apply(Decision::Attack { target: phalanx }).unwrap();
        // The trooper goes, the Captain stays.
        settle_removing(&mut g, Some(1));
        let u = &g.units[usize::from(phalanx)];
        let Some(h) = u.hero_captain.filter(|h| h.alone) else {
            continue;
        };
        if !u.alive() {
            continue;
        }
        flipped += 1;
        let card = g.card(phalanx);
        assert_eq!(card.id, "ogerron_shieldbreaker", "seed {seed}");
        assert_eq!(u.name, "Ogerron Shieldbreaker");
        assert_eq!(g.pack().card(h.troopers).unwrap().id, "ogerron_phalanx");
        assert!(u.hero && u.captain.is_none());
        assert_eq!(u.positions.len(), 1);
        assert_eq!(u.state.models(), 1);
        assert_eq!(u.value, 6);
        assert_eq!(g.score.points[0], score + 18, "seed {seed}");
        assert!(u.state.wounds < g.profile(phalanx).health);
        let wounds: u32 = g
            .entries()
            .iter()
            .filter_map(|e| match &e.event {
                Event::Wounded { unit, wounds, .. } if *unit == phalanx => Some(*wounds),
                _ => None,
            })
            .sum();
        // 4 + the attack's wounds, 5 of them taking the trooper.
        assert_eq!(u32::from(u.state.wounds), 4 + wounds - 5, "seed {seed}");
        assert!(
            g.entries()
                .iter()
                .any(|e| matches!(e.event, Event::HeroFightsOn { unit } if unit == phalanx))
        );
        // Its own powers now, from slot 0.
        assert_eq!(
            g.powers_of(phalanx).map(|(s, _)| s).collect::<Vec<_>>(),
            vec![0]
        );
        valerna_bov::battle::invariants::check(&g).unwrap();
    }
    assert!(flipped > 0);
}

/// BoV starter, "Ultimate Powers": "If a unit is using the ultimate power
/// of a captain, the token is placed on the captain's unit card and
/// remains there even if all troopers are killed." The Bloodfangs use the
/// Packmaster's Blood Frenzy; when the troopers are gone the Packmaster,
/// fighting alone, cannot use it again.
#[test]
fn an_ultimate_marker_stays_on_the_captain_s_card() {
    let mut checked = 0;
    for seed in 0..20u64 {
        let mut g = deployed(seed, "allaria_fencers", "tyveria_packs");
        let fangs = unit_named(&g, "Bloodfangs");
        activate(&mut g, fangs);
        g.apply(Decision::ActivatePower {
            power: CAPTAIN_POWER_SLOT,
            target: None,
        })
        .unwrap();
        let f = &g.units[usize::from(fangs)];
        assert_ne!(f.state.ultimates_used & (1 << CAPTAIN_POWER_SLOT), 0);
        let again = g.check_power(fangs, CAPTAIN_POWER_SLOT, None).unwrap_err();
        assert!(again.to_string().contains("Ultimate"), "{again}");
        // The Golden Gunners shoot the Captain and its last trooper until
        // the trooper falls.
        let gunners = unit_named(&g, "Golden Gunners");
        place(&mut g, |g| {
            vec![
                (gunners, row(g, gunners, 4, 10.0, 6.0, 0.2)),
                (fangs, row(g, fangs, 2, 10.0, 20.0, 0.1)),
            ]
        });
        for _ in 0..40 {
            let f = &g.units[usize::from(fangs)];
            if !f.alive() || f.hero_captain.is_some_and(|h| h.alone) {
                break;
            }
            g.units[usize::from(gunners)].state.fatigue = 0;
            activate(&mut g, gunners);
            g.apply(Decision::Attack { target: fangs }).unwrap();
            settle_removing(&mut g, Some(1));
        }
        let f = &g.units[usize::from(fangs)];
        if !f.alive() {
            continue; // both fell to one volley
        }
        checked += 1;
        assert!(f.hero_captain.unwrap().alone, "the Packmaster fights alone");
        assert_ne!(
            f.state.ultimates_used & 1,
            0,
            "the marker moved with the card"
        );
        let again = g.check_power(fangs, 0, None).unwrap_err();
        assert!(again.to_string().contains("Ultimate"), "{again}");
    }
    assert!(checked > 0);
}

/// BoV starter, Fig. 5.2, the Captain card's power the book prints:
/// "Ranged attacks made by this unit are upgraded against units with 4 or
/// more models". The Golden Gunners led by their Sergeant shoot upgraded
/// at the Bloodfangs while four or more stand, not at three.
#[test]
fn the_gunnery_sergeant_upgrades_shots_at_units_of_four_or_more() {
    use valerna_bov::rules::powers::Roll;
    use valerna_bov::rules::units::WeaponKind;
    let mut g = deployed(4, "allaria_fencers", "tyveria_packs");
    let gunners = unit_named(&g, "Golden Gunners");
    let fangs = unit_named(&g, "Bloodfangs");
    let shot = |g: &Battle| {
        g.passive_modifier(gunners, Roll::Attack, Some(WeaponKind::Ranged), Some(fangs))
    };
    assert_eq!(shot(&g), 1);
    assert_eq!(
        g.passive_modifier(gunners, Roll::Attack, Some(WeaponKind::Melee), Some(fangs)),
        0,
        "ranged attacks only"
    );
    for m in 3..7 {
        g.units[usize::from(fangs)].state.alive.remove(m);
    }
    assert_eq!(shot(&g), 0, "three models left");
}

/// Greedy bots play the starter lists whose troopers Heroes lead, the
/// invariants holding after every decision: they use the Captains' powers,
/// and Heroes whose troopers fall fight on (BoV starter, "Heroes as
/// Captains").
#[test]
fn bots_play_heroes_as_captains() {
    use valerna_bov::battle::bots::{Bot, GreedyBot};
    let (mut used, mut fought_on) = (0, 0);
    for seed in 0..6u64 {
        let mut g = Battle::start_narrated(
            &pack(),
            &BattleSetup {
                scenario: Scenario::GrandTactical,
                ..starter(seed, "allaria_fencers", "tyveria_packs")
            },
        )
        .unwrap();
        let mut bots = [GreedyBot::new(seed), GreedyBot::new(seed + 1)];
        let mut n = 0;
        while let Some(s) = g.to_decide() {
            let d = bots[usize::from(s.min(1))].decide(&g);
            g.apply(d).unwrap();
            valerna_bov::battle::invariants::check(&g).unwrap();
            n += 1;
            assert!(n < 20_000, "seed {seed}");
        }
        used += g
            .cards_used()
            .iter()
            .filter(|c| {
                ["parry", "volley_drill", "shield_wall", "blood_frenzy"].contains(&c.id.as_str())
            })
            .map(|c| c.uses)
            .sum::<u32>();
        fought_on += g
            .entries()
            .iter()
            .filter(|e| matches!(e.event, Event::HeroFightsOn { .. }))
            .count();
    }
    assert!(
        used > 0 && fought_on > 0,
        "{used} uses, {fought_on} fighting on"
    );
}

/// The slot of the Hero's power its troopers are lent.
fn captain_power(g: &Battle, unit: u16, id: &str) -> u8 {
    g.powers_of(unit)
        .find(|(s, p)| *s >= CAPTAIN_POWER_SLOT && p.id == id)
        .map(|(s, _)| s)
        .unwrap_or_else(|| panic!("unit {unit} is not lent {id}"))
}

/// BoV starter, Fig. 5.2 (the 4-point card): "All units within 12" of the
/// attached unit remove all their poison tokens and take a wound for each
/// poison token removed." Friend and foe within 12" lose their markers
/// and take the wounds; a unit farther away keeps its marker.
#[test]
fn venom_reckoning_turns_the_poison_within_12_inches_into_wounds() {
    use valerna_bov::rules::status::StatusKind;
    let mut g = deployed(3, "allaria_fencers", "tyveria_packs");
    let shivs = unit_named(&g, "Shiv Cutthroats");
    let fangs = unit_named(&g, "Bloodfangs");
    let near = unit_named(&g, "Dreamfencers");
    let far = unit_named(&g, "Bladepath Warriors");
    place(&mut g, |g| {
        vec![
            (shivs, row(g, shivs, 3, 10.0, 10.0, 0.2)),
            (fangs, row(g, fangs, 3, 10.0, 4.0, 0.2)),
            (near, row(g, near, 3, 10.0, 20.0, 0.2)),
            (far, row(g, far, 3, 10.0, 30.0, 0.2)),
        ]
    });
    for u in [fangs, near, far] {
        g.units[usize::from(u)]
            .state
            .status
            .add(StatusKind::Poisoned, 1);
    }
    let wounds = |g: &Battle, u: u16| {
        let s = &g.units[usize::from(u)].state;
        (s.models(), s.wounds)
    };
    let before: Vec<_> = [fangs, near, far].iter().map(|&u| wounds(&g, u)).collect();
    activate(&mut g, shivs);
    let slot = captain_power(&g, shivs, "venom_reckoning");
    g.apply(Decision::ActivatePower {
        power: slot,
        target: None,
    })
    .unwrap();
    settle(&mut g);
    for (i, u) in [fangs, near].into_iter().enumerate() {
        let s = &g.units[usize::from(u)].state;
        assert_eq!(s.status.get(StatusKind::Poisoned), 0, "unit {u}");
        assert_ne!(wounds(&g, u), before[i], "unit {u} took its wound");
    }
    let f = &g.units[usize::from(far)].state;
    assert_eq!(f.status.get(StatusKind::Poisoned), 1, "beyond 12\"");
    assert_eq!(wounds(&g, far), before[2]);
}

/// BoV starter, Fig. 5.3 (the 9-point card): "Ultimate. Choose a friendly
/// unit within 12" (including the attached unit), then place it anywhere
/// on the play area without becoming engaged. This does not trigger
/// opportunity attacks." The Dreamfencers, engaged with the Bloodfangs,
/// are lifted out of the fight: a spot in base contact with an enemy, on
/// another base or off the table is refused with the reason, a spot across
/// the table is taken, and no Opportunity Attack is offered.
#[test]
fn hidden_trails_places_a_friend_anywhere_without_engaging() {
    let mut g = deployed(5, "allaria_fencers", "tyveria_packs");
    let hunters = unit_named(&g, "Fai Hunters");
    let fencers = unit_named(&g, "Dreamfencers");
    let fangs = unit_named(&g, "Bloodfangs");
    let r = common::radius(&g, fencers) + common::radius(&g, fangs);
    place(&mut g, |g| {
        vec![
            (hunters, row(g, hunters, 3, 10.0, 10.0, 0.2)),
            (fencers, row(g, fencers, 3, 20.0, 10.0, 0.2)),
            (fangs, row(g, fangs, 3, 20.0, 10.0 + r, 0.2)),
        ]
    });
    let snap = g.snapshot();
    assert!(g.engaged_with(&snap, fencers).contains(&fangs));
    activate(&mut g, hunters);
    let slot = captain_power(&g, hunters, "hidden_trails");
    g.apply(Decision::ActivatePower {
        power: slot,
        target: Some(fencers),
    })
    .unwrap();
    settle(&mut g);
    assert_eq!(g.phase, Phase::PowerPlace { unit: fencers });
    let n = g.units[usize::from(fencers)].state.models() as usize;
    let refused = |g: &Battle, positions: Vec<Point>, why: &str| {
        let e = g
            .validate(&Decision::Deploy {
                unit: fencers,
                positions,
            })
            .unwrap_err();
        assert!(e.to_string().contains(why), "{e} lacks {why:?}");
    };
    // In base contact with the Bloodfangs' first model.
    let fang0 = g.units[usize::from(fangs)].positions[0];
    let touching: Vec<Point> = (0..n)
        .map(|k| Point::new(fang0.x - r - 2.5 * k as f64, fang0.y))
        .collect();
    refused(&g, touching, "engaged with an enemy");
    refused(
        &g,
        row(&g, fencers, n, 10.0, 10.0, 0.2),
        "another model's base",
    );
    refused(
        &g,
        row(&g, fencers, n, -5.0, 30.0, 0.2),
        "not on the battlefield",
    );
    refused(
        &g,
        row(&g, fencers, n - 1, 30.0, 30.0, 0.2),
        "positions were given",
    );
    // Engine examples are legal placements.
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(!buf.is_empty());
    for d in &buf {
        g.validate(d).unwrap();
    }
    let across = row(&g, fencers, n, 30.0, 30.0, 0.2);
    g.apply(Decision::Deploy {
        unit: fencers,
        positions: across.clone(),
    })
    .unwrap();
    decline_reactions(&mut g);
    assert!(
        !matches!(
            g.phase,
            Phase::Opportunity { .. } | Phase::PowerPlace { .. }
        ),
        "{:?}",
        g.phase
    );
    let f = &g.units[usize::from(fencers)];
    let at: Vec<Point> = f
        .state
        .alive
        .iter()
        .map(|m| f.positions[usize::from(m)])
        .collect();
    assert_eq!(at, across);
    let snap = g.snapshot();
    assert!(g.engaged_with(&snap, fencers).is_empty());
    // An Ultimate: once a game.
    let again = g.check_power(hunters, slot, Some(fencers)).unwrap_err();
    assert!(again.to_string().contains("Ultimate"), "{again}");
}

/// BoV starter, Fig. 5.3 ("Hidden Trails": "place it anywhere on the play
/// area without becoming engaged") and "Unit Coherency": a unit whose
/// casualties broke its coherency, three Dreamfencers strung 8" apart, is
/// placed in coherency: the engine's examples are legal placements, so a
/// bot always has one. Before, every example kept the broken formation and
/// none was legal.
#[test]
fn hidden_trails_places_a_unit_out_of_coherency_in_coherency() {
    let mut g = deployed(5, "allaria_fencers", "tyveria_packs");
    let hunters = unit_named(&g, "Fai Hunters");
    let fencers = unit_named(&g, "Dreamfencers");
    place(&mut g, |g| {
        vec![
            (hunters, row(g, hunters, 3, 10.0, 10.0, 0.2)),
            (
                fencers,
                vec![
                    Point::new(16.0, 14.0),
                    Point::new(24.0, 14.0),
                    Point::new(32.0, 14.0),
                ],
            ),
        ]
    });
    activate(&mut g, hunters);
    let slot = captain_power(&g, hunters, "hidden_trails");
    g.apply(Decision::ActivatePower {
        power: slot,
        target: Some(fencers),
    })
    .unwrap();
    settle(&mut g);
    assert_eq!(g.phase, Phase::PowerPlace { unit: fencers });
    let mut buf = Vec::new();
    g.choices(&mut buf);
    assert!(!buf.is_empty(), "a placement is offered");
    for d in &buf {
        g.validate(d).unwrap();
    }
    let d = buf[0].clone();
    g.apply(d).unwrap();
    assert_ne!(g.phase, Phase::PowerPlace { unit: fencers });
}
