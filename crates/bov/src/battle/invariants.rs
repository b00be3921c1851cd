//! What must hold of a battle after every decision, whatever was decided:
//! the book's counts stay in their ranges, the tokens and cards dealt are all
//! accounted for, and models stand where models may stand. One checker,
//! called by the property tests and, in debug builds, after every `apply`.

use super::Battle;
use crate::rules::state::ModelSet;

/// Touching bases are in contact, not overlapping: the tolerance, in inches,
/// for the arithmetic of placing one base against another.
const OVERLAP_TOLERANCE: f64 = 1e-6;

/// Every broken invariant of `b`, each in one line naming the unit or count
/// and what was wrong; empty when the battle is sound.
pub fn violations(b: &Battle) -> Vec<String> {
    let mut out = Vec::new();
    units(b, &mut out);
    bases(b, &mut out);
    flanking(b, &mut out);
    tokens(b, &mut out);
    b.quest_violations(&mut out);
    // The neutral side's decisions are the engine's (BoV 5.1, "Monsters").
    if valerna_game::Game::to_decide(b) == Some(super::monsters::NEUTRAL) {
        out.push(format!(
            "the neutral side is asked to decide ({:?})",
            b.phase
        ));
    }
    out
}

/// `Ok` when sound, else the violations joined into one message.
pub fn check(b: &Battle) -> Result<(), String> {
    let v = violations(b);
    if v.is_empty() {
        Ok(())
    } else {
        Err(v.join("; "))
    }
}

/// Each unit's counters against its card (BoV 5.1, "Apply Wounds": wounds
/// are tracked by the unit and a model is removed when they reach its
/// Health, so a living unit carries fewer than its Health).
fn units(b: &Battle, out: &mut Vec<String>) {
    for u in &b.units {
        let card = b.card(u.id);
        let name = format!("unit {} ({})", u.id, u.name);
        let all = ModelSet::first(card.models);
        if u.state.alive.iter().any(|m| !all.contains(m)) {
            out.push(format!("{name}: a model beyond its card's {}", card.models));
        }
        if u.positions.len() != usize::from(card.models) {
            out.push(format!(
                "{name}: {} positions for {} models",
                u.positions.len(),
                card.models
            ));
        }
        if u.reserve && u.deployed {
            out.push(format!("{name}: both in Reserve and on the battlefield"));
        }
        if u.alive() {
            let health = b.profile(u.id).health;
            if u.state.wounds >= health {
                out.push(format!(
                    "{name}: {} wounds on a model of Health {health}",
                    u.state.wounds
                ));
            }
        } else if u.state.is_defeated() && u.bonded.is_some() {
            // "If either of them is defeated, both of them are immediately
            // removed" (BoV 5.1, "The Dragonbond").
            out.push(format!("{name}: defeated but still bonded"));
        }
        // BoV 5.1, "The Dragonbond": a bond joins two living units, both ways.
        if let Some(p) = u.bonded {
            match b.units.get(usize::from(p)) {
                Some(partner) if partner.bonded == Some(u.id) && partner.owner == u.owner => {}
                _ => out.push(format!(
                    "{name}: bonded to unit {p}, which is not bonded back"
                )),
            }
        }
    }
}

/// Every living model on the table, inside it, and no two bases overlapping
/// (BoV 5.1, "Moving": "models cannot move through other models" and never
/// end a move on one).
fn bases(b: &Battle, out: &mut Vec<String>) {
    let snap = b.snapshot();
    let (w, h) = (b.field.width, b.field.height);
    for (k, m) in snap.models.iter().enumerate() {
        let (unit, n) = snap.index[k];
        let c = m.center;
        if !c.is_finite() || c.x < 0.0 || c.y < 0.0 || c.x > w || c.y > h {
            out.push(format!(
                "unit {unit} model {n}: centre ({}, {}) off the {w}\" x {h}\" table",
                c.x, c.y
            ));
        }
        for (j, o) in snap.models.iter().enumerate().skip(k + 1) {
            let gap = c.dist(o.center) - m.radius_in - o.radius_in;
            if gap < -OVERLAP_TOLERANCE {
                let (ou, on) = snap.index[j];
                out.push(format!(
                    "unit {unit} model {n} and unit {ou} model {on}: bases overlap by {:.6}\"",
                    -gap
                ));
            }
        }
    }
}

/// BoV p.14, "Flanking & Flanked": "a unit can never be both Flanked and
/// Flanking at the same time" (a Dragonrider and its Mount as one unit).
/// The starter edition has no such rule (its Fig. 4.1: "all four units are
/// flanked").
fn flanking(b: &Battle, out: &mut Vec<String>) {
    if !b.edition().charge_separates_flanking() {
        return;
    }
    let snap = b.snapshot();
    for u in b
        .units
        .iter()
        .filter(|u| u.alive() && u.mounted_on.is_none())
    {
        if !b.flanked(&snap, u.id) {
            continue;
        }
        if let Some(x) = b
            .engaged_with(&snap, u.id)
            .into_iter()
            .find(|&x| b.flanked(&snap, x))
        {
            out.push(format!(
                "unit {} ({}): both Flanked and Flanking unit {x}",
                u.id, u.name
            ));
        }
    }
}

/// What was dealt is all accounted for: every Vaala card in a hand was dealt
/// to that hand, every model lost is counted once, and defeated units are in
/// the opponent's score where the scenario scores them.
fn tokens(b: &Battle, out: &mut Vec<String>) {
    for seat in 0..2 {
        let mut dealt = b.dealt[seat].clone();
        for card in &b.hands[seat] {
            match dealt.iter().position(|d| d == card) {
                Some(i) => {
                    dealt.swap_remove(i);
                }
                None => out.push(format!(
                    "seat {seat} holds the Vaala card '{card}', which it was not dealt"
                )),
            }
        }
        let lost: u32 = b
            .units
            .iter()
            .filter(|u| usize::from(u.owner.min(1)) == seat && !u.monster)
            .map(|u| u32::from(b.models_fielded(u.id)) - u.state.models())
            .sum();
        if lost != b.models_lost[seat] {
            out.push(format!(
                "seat {seat}: {} models counted lost, {lost} missing from its units",
                b.models_lost[seat]
            ));
        }
        if b.setup.scenario.scores_defeated_units() {
            let defeated: i32 = b
                .units
                .iter()
                .filter(|u| usize::from(u.owner.min(1)) != seat && u.state.is_defeated())
                .map(|u| i32::from(u.value))
                .sum();
            // Bids paid for Monsters come off the score (BoV 5.1, "Bidding").
            if b.score.points[seat] + b.monsters.paid[seat] < defeated {
                out.push(format!(
                    "seat {seat}: {} points, fewer than the {defeated} of the enemy units it defeated",
                    b.score.points[seat]
                ));
            }
        }
    }
}
