//! Unit coherency and engagement (BoV 5.1, "Unit Coherency", "Engaged").

use super::{COHERENCY_IN, EPS, Model};

/// The pairs of models (indices into `models`) within coherency distance of
/// each other: 1" base to base, a model exactly 1" away included.
///
/// These are also the "imaginary lines that link one model to other models in
/// the same unit" of BoV 5.1, "Line of Sight" (Fig. 8); docs/rulings.md,
/// "Which models of a unit are linked".
pub fn coherency_links(models: &[Model]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for i in 0..models.len() {
        for j in i + 1..models.len() {
            if models[i].gap(&models[j]) <= COHERENCY_IN + EPS {
                out.push((i, j));
            }
        }
    }
    out
}

/// Whether the models of one unit are in coherency: each within 1" of another
/// and all in one uninterrupted group (BoV 5.1, "Unit Coherency", Fig. 7).
/// A unit of one model (or none) is trivially in coherency.
pub fn in_coherency(models: &[Model]) -> bool {
    let n = models.len();
    if n <= 1 {
        return true;
    }
    let mut reached = vec![false; n];
    let mut stack = vec![0usize];
    reached[0] = true;
    let mut count = 1;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if !reached[j] && models[i].gap(&models[j]) <= COHERENCY_IN + EPS {
                reached[j] = true;
                count += 1;
                stack.push(j);
            }
        }
    }
    count == n
}

/// For each model of `unit`, whether it is engaged with any of `enemies`: in
/// base contact with an enemy model, or in base contact with a model of its own
/// unit that is in base contact with an enemy model (BoV 5.1, "Engaged").
pub fn engaged_models(unit: &[Model], enemies: &[Model]) -> Vec<bool> {
    let direct: Vec<bool> = unit
        .iter()
        .map(|m| enemies.iter().any(|e| e.is_enemy_of(m) && m.in_contact(e)))
        .collect();
    unit.iter()
        .enumerate()
        .map(|(i, m)| {
            direct[i]
                || unit
                    .iter()
                    .enumerate()
                    .any(|(j, f)| j != i && direct[j] && f.unit == m.unit && m.in_contact(f))
        })
        .collect()
}

/// Whether `unit` is engaged with `other`: any of its models engaged with a
/// model of `other` (BoV 5.1, "Engaged": a unit is engaged if any of its models are).
pub fn unit_engaged_with(unit: &[Model], other: &[Model]) -> bool {
    // A model engaged through a friend needs that friend in contact with an
    // enemy: the unit is engaged exactly when one of its models touches one.
    unit.iter()
        .any(|m| other.iter().any(|e| e.is_enemy_of(m) && m.in_contact(e)))
}
