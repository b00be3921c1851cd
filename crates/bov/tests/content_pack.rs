//! The provisional pack exercises every rule a card can carry (docs/rulings.md, "The provisional pack":
//! "authored to exercise every rule in the books"): each unit keyword,
//! attack keyword, power type, status effect and healing on some card; six
//! Vaala cards and six Artifacts; and a Dragon Host list for each faction
//! whose Dragonrider starts mounted (BoV 5.1, "Select Units" >
//! "Dragonriders").

use valerna_bov::content::{Pack, SAMPLE_LISTS};
use valerna_bov::force_list;
use valerna_bov::rules::keywords::{AttackKeyword, UnitKeyword};
use valerna_bov::rules::powers::{Effect, Power, Timing};
use valerna_bov::rules::status::StatusKind;

/// Every power in the pack: the units' (both sides of the card) and the
/// Artifacts'.
fn powers(p: &Pack) -> Vec<&Power> {
    let mut out: Vec<&Power> = Vec::new();
    for u in &p.units {
        out.extend(&u.front.powers);
        if let Some(i) = &u.injured {
            out.extend(&i.powers);
        }
    }
    out.extend(p.artifacts.iter().map(|a| &a.power));
    out
}

/// Every effect of every power and Vaala card.
fn effects(p: &Pack) -> Vec<&Effect> {
    let mut out: Vec<&Effect> = powers(p).into_iter().flat_map(|w| &w.effects).collect();
    out.extend(p.vaala.iter().flat_map(|v| &v.effects));
    out
}

#[test]
fn every_keyword_power_type_status_and_healing_is_on_a_card() {
    let p = Pack::default_pack().unwrap();
    for k in UnitKeyword::ALL {
        assert!(p.units.iter().any(|u| u.has(k)), "no card has {}", k.name());
    }
    let attack_keywords: Vec<AttackKeyword> = p
        .units
        .iter()
        .flat_map(|u| [Some(&u.front), u.injured.as_ref()])
        .flatten()
        .flat_map(|pr| {
            let mut ks = pr.melee.keywords.clone();
            if let Some(r) = &pr.ranged {
                ks.extend(r.keywords.iter().copied());
            }
            ks
        })
        .collect();
    for k in [
        AttackKeyword::Assassinate,
        AttackKeyword::Immobilizing,
        AttackKeyword::Vaala,
        AttackKeyword::Poisoned,
        AttackKeyword::Slowing,
    ] {
        assert!(attack_keywords.contains(&k), "no attack has {k:?}");
    }
    let all = powers(&p);
    assert!(all.iter().any(|w| w.timing == Timing::Passive));
    assert!(all.iter().any(|w| w.timing == Timing::Action));
    assert!(all.iter().any(|w| matches!(w.timing, Timing::Reaction(_))));
    assert!(all.iter().any(|w| w.ultimate && w.timing == Timing::Action));
    assert!(
        all.iter()
            .any(|w| w.ultimate && matches!(w.timing, Timing::Reaction(_)))
    );
    let fx = effects(&p);
    for s in [
        StatusKind::Poisoned,
        StatusKind::Slowed,
        StatusKind::Immobilized,
    ] {
        let by_effect = fx
            .iter()
            .any(|e| matches!(e, Effect::Status { status, .. } if *status == s));
        assert!(by_effect, "no card places {s:?}");
    }
    assert!(fx.iter().any(|e| matches!(e, Effect::Heal { .. })));
    assert!(p.vaala.len() >= 6, "{} Vaala cards", p.vaala.len());
    assert!(p.artifacts.len() >= 6, "{} Artifacts", p.artifacts.len());
    assert!(p.units.iter().all(|u| u.provisional));
    assert!(p.vaala.iter().all(|v| v.provisional));
    assert!(p.artifacts.iter().all(|a| a.provisional));
}

#[test]
fn each_faction_has_a_dragon_host_with_a_rider_that_starts_mounted() {
    let p = Pack::default_pack().unwrap();
    for force in ["Allaria", "Tyveria"] {
        let hosts: Vec<force_list::Force> = SAMPLE_LISTS
            .iter()
            .map(|(_, text)| force_list::validate(&p, &force_list::parse(text).unwrap()).unwrap())
            .filter(|f| f.force == force && f.name.contains("Dragon Host"))
            .collect();
        assert_eq!(hosts.len(), 1, "{force}");
        let mounted = hosts[0].units.iter().filter(|u| u.mounted_on.is_some());
        assert_eq!(mounted.count(), 1, "{force}: a rider that starts mounted");
    }
}
