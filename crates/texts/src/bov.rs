//! Battles of Valerna in words: the battle's story (every event of
//! `valerna_bov::battle::log`) and every decision, named with the units,
//! cards and powers of the battle. The terminal and the web table word a
//! battle through here.

use valerna_bov::battle::log::{AttackKind, Event, FaceOffFor, Meaning, MoveCause, Odds};
use valerna_bov::battle::{Battle, Decision, Phase, Reaction};
use valerna_bov::geometry::Point;
use valerna_bov::rules::modifiers::{Modifier, MoraleCause};
use valerna_bov::rules::powers::Roll;
use valerna_bov::rules::status::StatusKind;
use valerna_dice::bov::{AttackDie, AttackFace, DefenseDie};
use valerna_game::Seat;

use crate::{Texts, tr};

/// A side of the battle.
pub fn side(t: &Texts, seat: Seat) -> String {
    tr!(t, "bov-side", seat = u32::from(seat))
}

/// A unit by its card's name, as the battle knows it.
pub fn unit(b: &Battle, u: u16) -> String {
    b.units
        .get(usize::from(u))
        .map_or_else(|| format!("#{u}"), |x| x.name.clone())
}

fn power(b: &Battle, u: u16, slot: u8) -> String {
    b.power_name(u, slot).unwrap_or_else(|| format!("#{slot}"))
}

fn vaala(b: &Battle, id: &str) -> String {
    b.pack()
        .vaala_card(id)
        .map_or_else(|| id.to_owned(), |c| c.name.clone())
}

fn point(p: Point) -> String {
    format!("({:.1}\", {:.1}\")", p.x, p.y)
}

fn face_key(f: AttackFace) -> &'static str {
    match f {
        AttackFace::Miss => "miss",
        AttackFace::Hit => "hit",
        AttackFace::DoubleHit => "double_hit",
        AttackFace::Critical => "critical",
        AttackFace::DoubleCritical => "double_critical",
    }
}

/// Attack dice face by face: "[black hit, black miss rerolled to hit]".
pub fn attack_dice(t: &Texts, dice: &[AttackDie]) -> String {
    let each: Vec<String> = dice
        .iter()
        .map(|d| {
            let face = tr!(t, "bov-face", face = face_key(d.face));
            let face = match d.rerolled {
                Some(first) => tr!(
                    t,
                    "bov-rerolled",
                    first = tr!(t, "bov-face", face = face_key(first)),
                    then = face
                ),
                None => face,
            };
            format!("{} {face}", tr!(t, "bov-colour", colour = d.colour.name()))
        })
        .collect();
    format!("[{}]", each.join(", "))
}

/// Defense (and morale) dice one by one: "[gray block, gray fail]".
pub fn defense_dice(t: &Texts, dice: &[DefenseDie]) -> String {
    let each: Vec<String> = dice
        .iter()
        .map(|d| {
            let result =
                |block: bool| tr!(t, "bov-block", block = if block { "yes" } else { "no" });
            let r = result(d.block);
            let r = match d.rerolled {
                Some(first) => tr!(
                    t,
                    "bov-rerolled",
                    first = result(first == valerna_dice::bov::DefenseFace::Block),
                    then = r
                ),
                None => r,
            };
            format!("{} {r}", tr!(t, "bov-colour", colour = d.colour.name()))
        })
        .collect();
    format!("[{}]", each.join(", "))
}

/// The modifiers of a roll, named with the way they shift it (", Fresh
/// upgrade, Flanked downgrade"); nothing when none applies.
pub fn modifiers(t: &Texts, mods: &[Modifier]) -> String {
    modifiers_of(t, mods, &[])
}

/// [`modifiers`], a power's modifier named by the `powers` behind it
/// ("Parry upgrade") when they are known.
pub fn modifiers_of(t: &Texts, mods: &[Modifier], powers: &[String]) -> String {
    if mods.is_empty() {
        return String::new();
    }
    let names: Vec<String> = mods
        .iter()
        .map(|m| {
            let name = match m {
                Modifier::Fresh => "fresh",
                Modifier::Exhausted => "exhausted",
                Modifier::Charge => "charge",
                Modifier::Skirmish => "skirmish",
                Modifier::Dragonbonded => "dragonbonded",
                Modifier::Obscured => "obscured",
                Modifier::Flanked => "flanked",
                Modifier::InCommandOfHero => "command",
                Modifier::GeneralsAura => "aura",
                Modifier::Injured => "injured",
                Modifier::CaptainInPlay => "captain",
                Modifier::CaptainKilled => "captain_killed",
                Modifier::HeroCaptain => "hero_captain",
                Modifier::UpgradeToken => "token",
                Modifier::Power(_) if !powers.is_empty() => "named",
                Modifier::Power(_) => "power",
            };
            let value = if m.value() > 0 { "up" } else { "down" };
            tr!(
                t,
                "bov-modifier",
                name = name,
                value = value,
                powers = powers.join(", ")
            )
        })
        .collect();
    tr!(t, "bov-modifiers", list = names.join(", "))
}

/// A status marker's kind as the texts select on it.
fn status_key(s: StatusKind) -> &'static str {
    match s {
        StatusKind::Poisoned => "poisoned",
        StatusKind::Slowed => "slowed",
        StatusKind::Immobilized => "immobilized",
    }
}

fn status_name(t: &Texts, s: StatusKind) -> String {
    tr!(t, "bov-status-name", status = status_key(s))
}

/// A decision: who did what, with the battle's names. `about` is the unit
/// the question was about ([`Battle::about`]: the active unit, the unit
/// losing models, the unit an Opportunity Attack is made on).
pub fn decision_text(
    b: &Battle,
    t: &Texts,
    seat: Seat,
    about: Option<u16>,
    d: &Decision,
) -> String {
    let who = side(t, seat);
    let active = || about.unwrap_or(u16::MAX);
    match d {
        // A power's placement is answered with the same decision, about
        // the unit placed; a deployment is about no unit.
        Decision::Deploy { unit: u, positions } if about.is_some() => tr!(
            t,
            "bov-placed",
            side = who,
            unit = unit(b, *u),
            at = positions.first().map(|&p| point(p)).unwrap_or_default()
        ),
        Decision::Deploy { unit: u, .. } => tr!(t, "bov-deployed", side = who, unit = unit(b, *u)),
        Decision::Pass => tr!(t, "bov-passed", side = who),
        Decision::Activate { unit: u } => tr!(t, "bov-activated", side = who, unit = unit(b, *u)),
        Decision::March { .. } => tr!(t, "bov-marched", unit = unit(b, active())),
        Decision::Attack { target } => tr!(
            t,
            "bov-attack",
            unit = unit(b, active()),
            target = unit(b, *target)
        ),
        Decision::Charge { target } => tr!(
            t,
            "bov-charge",
            unit = unit(b, active()),
            target = unit(b, *target)
        ),
        Decision::Skirmish { target, .. } => tr!(
            t,
            "bov-skirmish",
            unit = unit(b, active()),
            target = unit(b, *target)
        ),
        Decision::ReactSplit { unit: u, targets } => {
            let mut names: Vec<String> = targets.iter().map(|&(_, x)| unit(b, x)).collect();
            names.dedup();
            tr!(
                t,
                "bov-opportunity",
                unit = unit(b, *u),
                mover = names.join(", ")
            )
        }
        Decision::React { unit: Some(u) } => {
            tr!(
                t,
                "bov-opportunity",
                unit = unit(b, *u),
                mover = unit(b, active())
            )
        }
        Decision::Remove { models } => tr!(
            t,
            "bov-removed",
            side = who,
            count = models.len() as u32,
            models = model_numbers(models),
            unit = unit(b, active())
        ),
        Decision::Consolidate { paths } => tr!(
            t,
            "bov-consolidated",
            side = who,
            count = paths.iter().filter(|(_, w)| !w.is_empty()).count() as u32,
            unit = unit(b, active())
        ),
        Decision::PlaceObjective { at } => tr!(t, "bov-objective", side = who, at = point(*at)),
        Decision::Reserve => tr!(t, "bov-reserve", side = who),
        Decision::Enter { point: at, .. } => {
            tr!(t, "bov-enter", unit = unit(b, active()), at = point(*at))
        }
        Decision::StayInReserve => tr!(t, "bov-stay", unit = unit(b, active())),
        Decision::DangerousTarget { unit: u } => {
            tr!(t, "bov-dangerous", side = who, unit = unit(b, *u))
        }
        Decision::UpgradeToken { spend } => tr!(
            t,
            "bov-token",
            side = who,
            spend = if *spend { "yes" } else { "no" }
        ),
        Decision::TableEdge { near, short } => {
            let near = if *near { "yes" } else { "no" };
            if *short {
                tr!(t, "bov-short-edge", side = who, near = near)
            } else {
                tr!(t, "bov-edge", side = who, near = near)
            }
        }
        Decision::RemoveMarkers { markers } => {
            let names: Vec<String> = markers.iter().map(|&m| status_name(t, m)).collect();
            tr!(
                t,
                "bov-markers",
                side = who,
                markers = names.join(", "),
                unit = unit(b, active())
            )
        }
        Decision::ActivatePower { power: p, target } => {
            let (u, name) = (active(), power(b, active(), *p));
            match target {
                Some(x) => tr!(
                    t,
                    "bov-power-on",
                    unit = unit(b, u),
                    power = name,
                    target = unit(b, *x)
                ),
                None => tr!(t, "bov-power", unit = unit(b, u), power = name),
            }
        }
        Decision::FlankedAttack { targets } => {
            let mut names: Vec<String> = targets.iter().map(|&(_, u)| unit(b, u)).collect();
            names.dedup();
            tr!(
                t,
                "bov-flanked-attack",
                unit = unit(b, active()),
                targets = names.join(", ")
            )
        }
        Decision::Reaction {
            reaction: Some(r), ..
        } => match r {
            Reaction::Power {
                unit: u,
                power: p,
                target: Some(x),
            } if x != u => tr!(
                t,
                "bov-react-power-on",
                side = who,
                unit = unit(b, *u),
                power = power(b, *u, *p),
                target = unit(b, *x)
            ),
            Reaction::Power {
                unit: u, power: p, ..
            } => tr!(
                t,
                "bov-react-power",
                side = who,
                unit = unit(b, *u),
                power = power(b, *u, *p)
            ),
            Reaction::Vaala {
                card,
                target: Some(x),
                ..
            } => tr!(
                t,
                "bov-react-vaala-on",
                side = who,
                card = vaala(b, card),
                target = unit(b, *x)
            ),
            Reaction::Vaala { card, .. } => {
                tr!(t, "bov-react-vaala", side = who, card = vaala(b, card))
            }
        },
        Decision::GiantTarget { unit: u } => tr!(t, "bov-giant", unit = unit(b, *u)),
        Decision::Command { unit: Some(u) } => tr!(t, "bov-command", unit = unit(b, *u)),
        Decision::Redirect { unit: Some(u) } => tr!(t, "bov-redirect", unit = unit(b, *u)),
        Decision::Mount { mount: Some(m) } => tr!(
            t,
            "bov-mount",
            unit = unit(b, active()),
            mount = unit(b, *m)
        ),
        Decision::PairAttack {
            target,
            general_target,
        } => {
            let mount = active();
            let general = b.riders_of(mount).first().copied().unwrap_or(mount);
            tr!(
                t,
                "bov-pair-attack",
                unit = unit(b, mount),
                target = unit(b, *target),
                general = unit(b, general),
                second = unit(b, *general_target)
            )
        }
        // Where the rider is set down tells one way to dismount from another.
        Decision::Dismount { positions } => tr!(
            t,
            "bov-dismount",
            unit = unit(b, active()),
            at = positions.first().map(|p| point(*p)).unwrap_or_default()
        ),
        Decision::EntryEdge { edge } => tr!(
            t,
            "bov-entry-edge",
            side = who,
            edge = format!("{edge:?}").to_lowercase()
        ),
        Decision::PlaceMonster { at } => {
            tr!(t, "bov-place-monster", side = who, at = point(*at))
        }
        Decision::Bid { points } => tr!(t, "bov-bid-own", side = who, points = u32::from(*points)),
        Decision::React { unit: None }
        | Decision::Reaction { reaction: None }
        | Decision::Command { unit: None }
        | Decision::Redirect { unit: None }
        | Decision::Mount { mount: None } => String::new(),
    }
}

fn kind_key(k: AttackKind) -> &'static str {
    match k {
        AttackKind::Melee => "melee",
        AttackKind::Ranged => "ranged",
        AttackKind::Power => "power",
        AttackKind::Terrain => "terrain",
        AttackKind::Giant => "giant",
    }
}

/// One event of the story as a sentence. `b` names the units and cards:
/// any state of the same battle will do, since names do not change.
pub fn event_text(b: &Battle, t: &Texts, e: &Event) -> String {
    match e {
        Event::HandDealt { seat, cards } => {
            let names: Vec<String> = cards.iter().map(|c| vaala(b, c)).collect();
            tr!(
                t,
                "bov-hand-dealt",
                side = side(t, *seat),
                cards = names.join(", ")
            )
        }
        Event::Decided {
            seat,
            about,
            decision,
        } => decision_text(b, t, *seat, *about, decision),
        Event::BidMade { seat } => tr!(t, "bov-bid", side = side(t, *seat)),
        Event::Affected {
            unit: u, effect, ..
        } => {
            use valerna_bov::battle::log::Affect;
            use valerna_bov::rules::powers::{Change, Duration, Roll};
            let name = unit(b, *u);
            match effect {
                Affect::Healed { wounds, markers } => {
                    let markers: Vec<String> = markers
                        .iter()
                        .map(|&s| tr!(t, "bov-status-name", status = status_key(s)))
                        .collect();
                    tr!(
                        t,
                        "bov-affect-healed",
                        unit = name,
                        wounds = u32::from(*wounds),
                        count = markers.len() as u32,
                        markers = markers.join(", ")
                    )
                }
                Affect::Lasting { lasting } => {
                    let what = match lasting.change {
                        Change::Speed => "speed",
                        Change::Roll {
                            roll: Roll::Attack, ..
                        } => "attack",
                        Change::Roll {
                            roll: Roll::Defense,
                            ..
                        } => "defense",
                        Change::Roll {
                            roll: Roll::Morale, ..
                        } => "morale",
                    };
                    let against = match lasting.change {
                        Change::Roll {
                            against: Some(w), ..
                        } => kind_key(w.into()),
                        _ => "any",
                    };
                    let duration = match lasting.duration {
                        Duration::ThisRoll => "roll",
                        Duration::ThisActivation => "activation",
                        Duration::EndOfRound => "round",
                        Duration::Always => "always",
                    };
                    tr!(
                        t,
                        "bov-affect-lasting",
                        unit = name,
                        what = what,
                        against = against,
                        up = if lasting.amount > 0 { "yes" } else { "no" },
                        amount = u32::from(lasting.amount.unsigned_abs()),
                        duration = duration
                    )
                }
                Affect::Fatigue { change } => tr!(
                    t,
                    "bov-affect-fatigue",
                    unit = name,
                    up = if *change > 0 { "yes" } else { "no" },
                    count = u32::from(change.unsigned_abs())
                ),
                Affect::PoisonToWounds { markers } => tr!(
                    t,
                    "bov-affect-poison",
                    unit = name,
                    count = u32::from(*markers)
                ),
            }
        }
        Event::PoisonRolled {
            unit: u,
            dice,
            wounds,
        } => tr!(
            t,
            "bov-poison-rolled",
            unit = unit(b, *u),
            dice = attack_dice(t, dice),
            wounds = *wounds
        ),
        Event::HitsSplit { target, shares, .. } => {
            let each: Vec<String> = shares
                .iter()
                .map(|s| {
                    tr!(
                        t,
                        "bov-hit-share",
                        unit = unit(b, s.unit),
                        hits = s.standard,
                        critical = s.critical
                    )
                })
                .collect();
            tr!(
                t,
                "bov-hits-split",
                target = unit(b, *target),
                shares = each.join(", ")
            )
        }
        Event::FaceOff {
            about,
            attempts,
            winner,
        } => {
            let rolls: Vec<String> = attempts
                .iter()
                .enumerate()
                .map(|(k, pair)| {
                    let each: Vec<String> = pair
                        .iter()
                        .enumerate()
                        .map(|(s, d)| {
                            let dice: Vec<AttackDie> = d
                                .faces
                                .iter()
                                .map(|&face| AttackDie {
                                    colour: valerna_dice::bov::Colour::Black,
                                    face,
                                    rerolled: None,
                                })
                                .collect();
                            tr!(
                                t,
                                "bov-face-off-roll",
                                side = side(t, s as Seat),
                                dice = attack_dice(t, &dice)
                            )
                        })
                        .collect();
                    let tie = if k + 1 < attempts.len() {
                        format!(" ({})", tr!(t, "bov-face-off-tie"))
                    } else {
                        String::new()
                    };
                    format!("{}{tie}", each.join(", "))
                })
                .collect();
            let about = match about {
                FaceOffFor::Objectives => "objectives",
                FaceOffFor::Monsters => "monsters",
                FaceOffFor::TableEdge => "table_edge",
                FaceOffFor::Initiative => "initiative",
                FaceOffFor::EntryEdge => "entry_edge",
            };
            tr!(
                t,
                "bov-face-off",
                about = about,
                rolls = rolls.join("; "),
                side = side(t, *winner)
            )
        }
        Event::RoundStarted { round, initiative } => tr!(
            t,
            "bov-round",
            round = u32::from(*round),
            side = side(t, *initiative)
        ),
        Event::Moved {
            unit: u,
            paths,
            cause,
        } => {
            let lengths: Vec<f64> = paths
                .iter()
                .map(|p| {
                    let mut at = p.from;
                    let mut len = 0.0;
                    for w in &p.waypoints {
                        len += ((w.x - at.x).powi(2) + (w.y - at.y).powi(2)).sqrt();
                        at = *w;
                    }
                    len
                })
                .collect();
            let longest = |of: &mut dyn Iterator<Item = f64>| of.fold(0.0f64, f64::max);
            let inches = format!("{:.1}", longest(&mut lengths.iter().copied()));
            let name = unit(b, *u);
            let count = paths.len() as u32;
            match cause {
                MoveCause::Ordered => tr!(t, "bov-moved", unit = name, inches = inches),
                // The charge move, up to the allowance, told apart from
                // the pile-in beyond it.
                MoveCause::Charge { allowance } => {
                    let within = allowance + 0.05;
                    let piled = lengths.iter().filter(|&&l| l > within).count() as u32;
                    tr!(
                        t,
                        "bov-moved-charge",
                        unit = name,
                        inches = format!(
                            "{:.1}",
                            longest(&mut lengths.iter().copied().filter(|&l| l <= within))
                        ),
                        piled = piled,
                        longest = inches
                    )
                }
                MoveCause::PileIn => tr!(
                    t,
                    "bov-moved-pile-in",
                    unit = name,
                    count = count,
                    inches = inches
                ),
                MoveCause::Consolidate => tr!(
                    t,
                    "bov-moved-consolidate",
                    unit = name,
                    count = count,
                    inches = inches
                ),
                MoveCause::Separated => {
                    tr!(t, "bov-moved-separated", unit = name, inches = inches)
                }
                MoveCause::Alongside => {
                    tr!(t, "bov-moved-alongside", unit = name, inches = inches)
                }
                MoveCause::SetDown => tr!(t, "bov-moved-set-down", unit = name),
            }
        }
        Event::ChargeRolled {
            dice,
            bonus,
            allowance,
            distance,
            engaged,
            ..
        } => tr!(
            t,
            "bov-charge-rolled",
            dice = attack_dice(t, dice),
            bonus = *bonus,
            allowance = format!("{allowance:.1}"),
            distance = format!("{distance:.1}"),
            engaged = if *engaged { "yes" } else { "no" }
        ),
        Event::AttackRolled {
            attacker,
            target,
            attack,
            dice,
            modifiers: mods,
            powers,
            standard,
            critical,
        } => tr!(
            t,
            "bov-attack-rolled",
            attacker = unit(b, *attacker),
            count = dice.len() as u32,
            kind = tr!(t, "bov-kind", kind = kind_key(*attack)),
            target = unit(b, *target),
            modifiers = modifiers_of(t, mods, powers),
            dice = attack_dice(t, dice),
            hits = *standard,
            critical = *critical
        ),
        Event::TerrainAttacked {
            piece,
            unit: u,
            attack,
            dice,
            standard,
            critical,
        } => tr!(
            t,
            "bov-attack-rolled",
            attacker = b
                .field
                .terrain
                .get(usize::from(*piece))
                .map_or_else(|| format!("#{piece}"), |p| p.name.clone()),
            count = dice.len() as u32,
            kind = tr!(t, "bov-kind", kind = kind_key(*attack)),
            target = unit(b, *u),
            modifiers = String::new(),
            dice = attack_dice(t, dice),
            hits = *standard,
            critical = *critical
        ),
        Event::DefenseRolled {
            unit: u, wounds, ..
        } if matches!(e, Event::DefenseRolled { dice, .. } if dice.is_empty()) => {
            tr!(t, "bov-no-defense", unit = unit(b, *u), wounds = *wounds)
        }
        Event::DefenseRolled {
            unit: u,
            dice,
            modifiers: mods,
            powers,
            blocks,
            wounds,
            ..
        } => tr!(
            t,
            "bov-defense-rolled",
            unit = unit(b, *u),
            count = dice.len() as u32,
            modifiers = modifiers_of(t, mods, powers),
            dice = defense_dice(t, dice),
            blocks = *blocks,
            wounds = *wounds
        ),
        Event::Wounded {
            unit: u,
            wounds,
            models_lost,
            ..
        } => tr!(
            t,
            "bov-wounded",
            unit = unit(b, *u),
            wounds = *wounds,
            lost = *models_lost
        ),
        Event::Destroyed { unit: u } => tr!(t, "bov-destroyed", unit = unit(b, *u)),
        Event::HeroFightsOn { unit: u } => tr!(t, "bov-hero-fights-on", unit = unit(b, *u)),
        Event::HeroSideAgain { unit: u } => tr!(t, "bov-hero-side-again", unit = unit(b, *u)),
        Event::StatusGained { unit: u, status } => tr!(
            t,
            "bov-status",
            unit = unit(b, *u),
            status = status_name(t, *status),
            kind = status_key(*status)
        ),
        Event::MoraleTested {
            unit: u,
            cause,
            dice,
            modifiers: mods,
            powers,
            failed,
        } => {
            let cause = match cause {
                MoraleCause::HeavyCasualties => "heavy",
                MoraleCause::GeneralDefeated => "general",
                MoraleCause::Effect => "effect",
                MoraleCause::CaptainKilled => "captain",
            };
            tr!(
                t,
                "bov-morale",
                unit = unit(b, *u),
                cause = tr!(t, "bov-cause", cause = cause),
                modifiers = modifiers_of(t, mods, powers),
                dice = defense_dice(t, dice),
                failed = *failed
            )
        }
        Event::StatusLost { unit: u, status } => tr!(
            t,
            "bov-status-lost",
            unit = unit(b, *u),
            status = status_name(t, *status),
            kind = status_key(*status)
        ),
        Event::Fatigue { unit: u, fatigue } => tr!(
            t,
            "bov-fatigue",
            unit = unit(b, *u),
            fatigue = u32::from(*fatigue)
        ),
        Event::MonsterCard {
            unit: u,
            card,
            target,
        } => {
            let behaviour = b
                .card(*u)
                .monster
                .as_ref()
                .and_then(|m| m.behaviour.get(usize::from(*card)));
            let (name, text) = behaviour.map_or_else(
                || (format!("#{card}"), String::new()),
                |c| (c.name.clone(), c.text.clone()),
            );
            match target {
                Some(x) => tr!(
                    t,
                    "bov-monster-card-at",
                    unit = unit(b, *u),
                    card = name,
                    text = text,
                    target = unit(b, *x)
                ),
                None => tr!(
                    t,
                    "bov-monster-card",
                    unit = unit(b, *u),
                    card = name,
                    text = text
                ),
            }
        }
        Event::Scored { round, score } => tr!(
            t,
            "bov-scored",
            round = u32::from(*round),
            first = score[0],
            second = score[1]
        ),
        Event::Control { control } => {
            let held: Vec<String> = control
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let by = c.map_or_else(|| tr!(t, "bov-nobody"), |s| side(t, s));
                    format!("{} {by}", i + 1)
                })
                .collect();
            tr!(t, "bov-control", held = held.join(", "))
        }
        Event::Ended {
            winner,
            reason,
            score,
        } => tr!(
            t,
            "bov-ended",
            winner = winner.map_or_else(
                || tr!(t, "bov-draw"),
                |s| tr!(t, "bov-winner", side = side(t, s))
            ),
            first = score[0],
            second = score[1],
            reason = tr!(t, "bov-reason", reason = reason.as_str())
        ),
    }
}

/// Models named by their numbers in their unit, 1-based as the table
/// numbers them ("2, 3, 4").
fn model_numbers(models: &[u8]) -> String {
    let numbers: Vec<String> = models
        .iter()
        .map(|m| (u32::from(*m) + 1).to_string())
        .collect();
    numbers.join(", ")
}

/// A march told apart from the other marches offered: how far its
/// farthest model goes and where to ("Dreamfencers marches 5.8" toward
/// objective 2"), or that it stays. `b` is the battle before the march.
fn march_option(b: &Battle, t: &Texts, u: u16, paths: &valerna_bov::battle::Paths) -> String {
    let name = unit(b, u);
    let Some(own) = b.units.get(usize::from(u)) else {
        return tr!(t, "bov-marched", unit = name);
    };
    let from = |m: u8| own.positions.get(usize::from(m)).copied();
    let mut inches = 0.0_f64;
    let (mut c0, mut c1, mut n) = (Point::new(0.0, 0.0), Point::new(0.0, 0.0), 0.0);
    for (m, way) in paths {
        let (Some(start), Some(&end)) = (from(*m), way.last()) else {
            continue;
        };
        let mut at = start;
        let mut length = 0.0;
        for &p in way {
            length += at.dist(p);
            at = p;
        }
        inches = inches.max(length);
        c0 = Point::new(c0.x + start.x, c0.y + start.y);
        c1 = Point::new(c1.x + end.x, c1.y + end.y);
        n += 1.0;
    }
    if n == 0.0 || inches < 0.05 {
        return tr!(t, "bov-option-stay", unit = name);
    }
    let (c0, c1) = (
        Point::new(c0.x / n, c0.y / n),
        Point::new(c1.x / n, c1.y / n),
    );
    let (vx, vy) = (c1.x - c0.x, c1.y - c0.y);
    let moved = vx.hypot(vy);
    // The place the march heads most straight for, within about 20°.
    let cosine = |p: Point| {
        let (dx, dy) = (p.x - c0.x, p.y - c0.y);
        let d = dx.hypot(dy);
        if d < 0.5 || moved < 0.05 {
            -1.0
        } else {
            (dx * vx + dy * vy) / (d * moved)
        }
    };
    let objectives = b
        .objectives
        .iter()
        .enumerate()
        .map(|(i, &p)| (cosine(p), Some(i + 1), None));
    let foes = b
        .enemies(own.owner)
        .filter(|e| e.alive_positions().next().is_some())
        .map(|e| (cosine(b.centre_of(e.id)), None, Some(e.id)));
    let best = objectives
        .chain(foes)
        .filter(|(c, ..)| *c >= 0.94)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let inches = format!("{inches:.1}");
    match best {
        Some((_, Some(objective), _)) => tr!(
            t,
            "bov-option-march",
            unit = name,
            inches = inches,
            toward = "objective",
            objective = objective as u32,
            target = ""
        ),
        Some((_, _, Some(foe))) => tr!(
            t,
            "bov-option-march",
            unit = name,
            inches = inches,
            toward = "unit",
            objective = 0,
            target = unit(b, foe)
        ),
        _ => {
            // Forward is toward the enemy's edge; left and right as the
            // side faces it.
            let facing = if b.near_edge(own.owner) { 1.0 } else { -1.0 };
            let (ahead, left) = (vy * facing, -vx * facing);
            let toward = if ahead.abs() >= left.abs() {
                if ahead > 0.0 { "forward" } else { "back" }
            } else if left > 0.0 {
                "left"
            } else {
                "right"
            };
            tr!(
                t,
                "bov-option-march",
                unit = name,
                inches = inches,
                toward = toward,
                objective = 0,
                target = ""
            )
        }
    }
}

/// One option of the pending question, with its exact odds when it rolls
/// dice: "Ogerron Phalanx charges Dreamfencers (9.9" away, 2" from the
/// dice: 83%)".
pub fn option_text(b: &Battle, t: &Texts, m: &Meaning) -> String {
    let mut option = match (&m.decision, m.unit) {
        (Decision::March { paths }, Some(u)) => march_option(b, t, u, paths),
        _ => decision_text(b, t, m.seat.unwrap_or(0), m.unit, &m.decision),
    };
    if option.is_empty() {
        // The choice to do nothing, which the story leaves untold.
        let what = match m.decision {
            Decision::React { .. } => "react",
            Decision::Reaction { .. } => "reaction",
            Decision::Command { .. } => "command",
            Decision::Redirect { .. } => "redirect",
            _ => "mount",
        };
        option = tr!(t, "bov-option-none", what = what);
    }
    let pct = |p: f64| format!("{:.0}", 100.0 * p);
    match &m.odds {
        Some(Odds::Charge {
            distance,
            needed: Some(0),
            ..
        }) => tr!(
            t,
            "bov-odds-charge-sure",
            option = option,
            distance = format!("{distance:.1}")
        ),
        Some(Odds::Charge {
            distance,
            needed: Some(n),
            chance,
        }) => tr!(
            t,
            "bov-odds-charge",
            option = option,
            distance = format!("{distance:.1}"),
            needed = *n,
            chance = pct(*chance)
        ),
        Some(Odds::Charge { distance, .. }) => tr!(
            t,
            "bov-odds-charge-never",
            option = option,
            distance = format!("{distance:.1}")
        ),
        Some(Odds::Attack { dice: 0, .. }) => tr!(t, "bov-odds-attack-none", option = option),
        Some(Odds::Attack {
            dice,
            mean_wounds,
            any_wound,
            mean_models,
            shared,
            own_hit,
            ..
        }) => {
            let odds = tr!(
                t,
                "bov-odds-attack",
                option = option,
                dice = *dice,
                wounds = format!("{mean_wounds:.1}"),
                any = pct(*any_wound),
                models = format!("{mean_models:.1}")
            );
            if shared.is_empty() {
                return odds;
            }
            // Ranged hits on a unit in a melee are shared: say with whom,
            // and the chance one lands on the attacker's own side.
            let seat = m.seat.unwrap_or(0);
            let names = |own: bool| -> Vec<String> {
                shared
                    .iter()
                    .filter(|&&u| (b.units[usize::from(u)].owner == seat) == own)
                    .map(|&u| unit(b, u))
                    .collect()
            };
            let own = names(true);
            let mut all = names(false);
            all.extend(own.iter().cloned());
            tr!(
                t,
                "bov-odds-shared",
                odds = odds,
                units = all.join(", "),
                own = own.join(", "),
                chance = pct(*own_hit),
                mine = if own.is_empty() { "no" } else { "yes" }
            )
        }
        None => option,
    }
}

/// The pending question as a sentence: who decides, and what ("Player 1:
/// the action of Ogerron Phalanx"); `None` once the battle is over.
pub fn question_text(b: &Battle, t: &Texts) -> Option<String> {
    use valerna_bov::battle::log::Ask;
    let seat = valerna_game::Game::to_decide(b)?;
    let ask = Ask::of(&b.phase);
    let key = match ask {
        Ask::Deploy => "deploy",
        Ask::Turn => "turn",
        Ask::Action => "action",
        Ask::Opportunity => "opportunity",
        Ask::Casualties => "casualties",
        Ask::PlaceObjective => "objective",
        Ask::Reserve => "reserve",
        Ask::Dangerous => "dangerous",
        Ask::TableEdge => "edge",
        Ask::Markers => "markers",
        Ask::Reaction => "reaction",
        Ask::PowerMove => "power_move",
        Ask::PowerPlace => "power_place",
        Ask::Consolidate => "consolidate",
        Ask::Giant => "giant",
        Ask::PairAttack => "pair_attack",
        Ask::Command => "command",
        Ask::Redirect => "redirect",
        Ask::Mount => "mount",
        Ask::EntryEdge => "entry_edge",
        Ask::UpgradeToken => match b.phase {
            Phase::UpgradeToken {
                roll: Roll::Attack,
                changes_nothing: false,
                ..
            } => "token_attack",
            Phase::UpgradeToken {
                roll: Roll::Attack,
                changes_nothing: true,
                ..
            } => "token_attack_idle",
            Phase::UpgradeToken {
                roll: Roll::Defense,
                changes_nothing: false,
                ..
            } => "token_defense",
            Phase::UpgradeToken {
                roll: Roll::Defense,
                changes_nothing: true,
                ..
            } => "token_defense_idle",
            _ => "token",
        },
        Ask::Monster => "monster",
        Ask::Over => return None,
    };
    let about = b.about().map(|u| unit(b, u)).unwrap_or_default();
    Some(tr!(
        t,
        "bov-ask",
        side = side(t, seat),
        ask = key,
        unit = about
    ))
}

/// How the battle ended, in words (empty while it goes on).
pub fn outcome_text(b: &Battle, t: &Texts) -> String {
    let Some(o) = valerna_game::Game::outcome(b) else {
        return String::new();
    };
    let winner = match o.winners.as_slice() {
        [w] => tr!(t, "bov-winner", side = side(t, *w)),
        _ => tr!(t, "bov-draw"),
    };
    tr!(
        t,
        "bov-ended",
        winner = winner,
        first = b.score.points[0],
        second = b.score.points[1],
        reason = tr!(t, "bov-reason", reason = o.reason.as_str())
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use valerna_bov::battle::{Battle, BattleSetup, Phase};
    use valerna_bov::content::Pack;
    use valerna_bov::rules::powers::Roll;

    use crate::{Lang, Texts};

    /// BoV starter, "Add Vaala cards or Upgrade tokens": a token is spent
    /// on an attack roll or a defense roll, so the question names which.
    #[test]
    fn an_upgrade_token_question_names_the_roll_in_each_language() {
        let pack = Arc::new(Pack::default_pack().unwrap());
        let mut g = Battle::start_narrated(
            &pack,
            &BattleSetup::pitched(1, "allaria_guild_line", "tyveria_swarm"),
        )
        .unwrap();
        for (roll, words) in [
            (
                Roll::Attack,
                ["attack roll of", "tiro d'attacco di", "jet d'attaque d"],
            ),
            (
                Roll::Defense,
                ["defense roll of", "tiro di difesa di", "jet de défense d"],
            ),
        ] {
            g.phase = Phase::UpgradeToken {
                seat: 0,
                unit: 0,
                roll,
                changes_nothing: false,
            };
            for (lang, words) in [Lang::En, Lang::It, Lang::Fr].into_iter().zip(words) {
                let q = super::question_text(&g, &Texts::new(lang)).unwrap();
                assert!(q.contains(words), "{lang:?}: {q}");
                assert!(q.contains(&g.units[0].name), "{lang:?}: {q}");
            }
        }
    }

    /// A narrated 5.1 battle of the Guild Line against the Swarm, to word
    /// events by.
    fn narrated() -> Battle {
        let pack = Arc::new(Pack::default_pack().unwrap());
        Battle::start_narrated(
            &pack,
            &BattleSetup::pitched(1, "allaria_guild_line", "tyveria_swarm"),
        )
        .unwrap()
    }

    /// A battle told in each language reads as its own: a modifier names
    /// its source and the way it shifts the roll in each language's order
    /// ("potenziamento (Carica)", not "Carica potenziamento"); a re-rolled
    /// die shows the face it showed first; the French log tells a round
    /// ("manche") from a turn; no fatigue left reads as such.
    #[test]
    fn the_log_reads_as_each_language_writes() {
        use valerna_bov::battle::log::Event;
        use valerna_bov::rules::modifiers::Modifier;
        use valerna_dice::bov::{Colour, DefenseDie, DefenseFace};
        let g = narrated();
        let en = Texts::new(Lang::En);
        let it = Texts::new(Lang::It);
        let fr = Texts::new(Lang::Fr);
        let mods = [Modifier::Charge, Modifier::Flanked];
        assert_eq!(
            super::modifiers(&en, &mods),
            ", Charge upgrade, Flanked downgrade"
        );
        assert_eq!(
            super::modifiers(&it, &mods),
            ", potenziamento (Carica), depotenziamento (Aggirato)"
        );
        assert_eq!(
            super::modifiers(&fr, &mods),
            ", amélioration (Charge), dégradation (Pris de flanc)"
        );
        let guard = ["Flowing Guard".to_string()];
        assert_eq!(
            super::modifiers_of(&en, &[Modifier::Power(1)], &guard),
            ", Flowing Guard upgrade"
        );
        assert_eq!(
            super::modifiers_of(&it, &[Modifier::Power(1)], &guard),
            ", potenziamento (Flowing Guard)"
        );
        assert_eq!(
            super::modifiers(&en, &[Modifier::Power(-1)]),
            ", a power downgrade"
        );
        let die = DefenseDie {
            colour: Colour::Black,
            block: true,
            rerolled: Some(DefenseFace::Fail),
        };
        let told = super::defense_dice(&en, &[die]);
        assert!(told.contains("fail rerolled to block"), "{told}");
        let round = Event::RoundStarted {
            round: 2,
            initiative: 0,
        };
        let text = super::event_text(&g, &fr, &round);
        assert!(text.starts_with("Manche 2"), "{text}");
        for (t, words) in [
            (&fr, "n'a plus aucun marqueur"),
            (&it, "non ha più segnalini"),
        ] {
            let text = super::event_text(
                &g,
                t,
                &Event::Fatigue {
                    unit: 0,
                    fatigue: 0,
                },
            );
            assert!(text.contains(words), "{text}");
        }
    }

    /// A face-off shows both sides' dice and each tie; split hits say who
    /// took which; a heal says how much; a lasting effect says what it
    /// changes and for how long; a Poison roll shows its dice.
    #[test]
    fn rolls_and_effects_read_in_full() {
        use valerna_bov::battle::log::{Affect, Event, FaceOffFor, HitShare};
        use valerna_bov::rules::powers::{Change, Duration, Lasting, Roll};
        use valerna_bov::rules::status::StatusKind;
        use valerna_dice::bov::{AttackFace, FaceOffDice};
        let g = narrated();
        let en = Texts::new(Lang::En);
        let hit = FaceOffDice {
            faces: [AttackFace::Hit, AttackFace::Miss, AttackFace::Critical],
        };
        let miss = FaceOffDice {
            faces: [AttackFace::Miss; 3],
        };
        let text = super::event_text(
            &g,
            &en,
            &Event::FaceOff {
                about: FaceOffFor::Initiative,
                attempts: vec![[miss, miss], [hit, miss]],
                winner: 0,
            },
        );
        assert_eq!(
            text,
            "face-off for the Initiative: Player 1 [black miss, black miss, black miss], \
             Player 2 [black miss, black miss, black miss] (a tie, rolled again); \
             Player 1 [black hit, black miss, black critical], \
             Player 2 [black miss, black miss, black miss] — Player 1 wins"
        );
        let name = |u: u16| g.units[usize::from(u)].name.clone();
        let text = super::event_text(
            &g,
            &en,
            &Event::HitsSplit {
                attacker: 9,
                target: 0,
                shares: vec![
                    HitShare {
                        unit: 0,
                        standard: 2,
                        critical: 1,
                    },
                    HitShare {
                        unit: 1,
                        standard: 1,
                        critical: 0,
                    },
                ],
            },
        );
        assert_eq!(
            text,
            format!(
                "the hits on {} split among the units engaged with it: {} 2 hits and one critical, {} one hit",
                name(0),
                name(0),
                name(1)
            )
        );
        let affected = |effect| Event::Affected {
            caster: 1,
            unit: 0,
            effect,
        };
        let healed = super::event_text(
            &g,
            &en,
            &affected(Affect::Healed {
                wounds: 2,
                markers: vec![StatusKind::Poisoned],
            }),
        );
        assert_eq!(
            healed,
            format!("{} heals 2 wounds, and loses Poisoned", name(0))
        );
        let veil = super::event_text(
            &g,
            &en,
            &affected(Affect::Lasting {
                lasting: Lasting {
                    change: Change::Roll {
                        roll: Roll::Defense,
                        against: Some(valerna_bov::rules::units::WeaponKind::Ranged),
                    },
                    amount: 1,
                    duration: Duration::ThisRoll,
                    source: None,
                },
            }),
        );
        assert_eq!(
            veil,
            format!(
                "{}: its defense rolls are upgraded against ranged attacks for the next roll",
                name(0)
            )
        );
    }

    /// Every move is told with its cause: a charge's move up to its
    /// allowance apart from the pile-in beyond it (BoV 5.1, "Charge Move",
    /// "Pile-In"), a consolidation, a Flanking unit separated, in each
    /// language.
    #[test]
    fn a_move_is_told_with_its_cause_in_each_language() {
        use valerna_bov::battle::DrawnPath;
        use valerna_bov::battle::log::{Event, MoveCause};
        use valerna_bov::geometry::Point;
        let g = narrated();
        let path = |len: f64| DrawnPath {
            unit: 0,
            from: Point::new(1.0, 1.0),
            waypoints: vec![Point::new(1.0, 1.0 + len)],
        };
        let moved = |cause| Event::Moved {
            unit: 0,
            paths: vec![path(12.0), path(13.3)],
            cause,
        };
        for (cause, words) in [
            (
                MoveCause::Charge { allowance: 13.0 },
                [
                    ["12.0\" in its charge", "one model piles in", "13.3\""],
                    ["12.0\" nella carica", "un modello si ammassa", "13.3\""],
                    ["12.0\" dans sa charge", "une figurine se rue", "13.3\""],
                ],
            ),
            (
                MoveCause::Consolidate,
                [
                    ["consolidates", "2 models no longer engaged", "13.3\""],
                    ["si consolida", "2 modelli non più ingaggiati", "13.3\""],
                    [
                        "consolide",
                        "2 figurines qui ne sont plus engagées",
                        "13.3\"",
                    ],
                ],
            ),
            (
                MoveCause::Separated,
                [
                    ["is moved 13.3\" apart", "flanking", "13.3"],
                    ["spostata di 13.3\"", "aggirando", "13.3"],
                    ["écartée de 13.3\"", "flanc", "13.3"],
                ],
            ),
        ] {
            for (lang, words) in [Lang::En, Lang::It, Lang::Fr].into_iter().zip(words) {
                let text = super::event_text(&g, &Texts::new(lang), &moved(cause));
                for w in words {
                    assert!(text.contains(w), "{lang:?}: {text} lacks {w:?}");
                }
                assert!(text.contains(&g.units[0].name), "{text}");
            }
        }
    }

    /// BoV 5.1, "Dragonriders": the rider is set down in base contact with
    /// its Mount, where its owner chooses; two ways to dismount read apart.
    #[test]
    fn a_dismount_says_where_the_rider_is_set_down() {
        use valerna_bov::battle::Decision;
        use valerna_bov::geometry::Point;
        let pack = Arc::new(Pack::default_pack().unwrap());
        let g = Battle::start_narrated(
            &pack,
            &BattleSetup::pitched(1, "allaria_guild_line", "tyveria_swarm"),
        )
        .unwrap();
        let [a, b] = [Point::new(10.0, 20.5), Point::new(12.25, 20.5)].map(|p| {
            super::decision_text(
                &g,
                &Texts::new(Lang::En),
                0,
                Some(0),
                &Decision::Dismount { positions: vec![p] },
            )
        });
        assert!(a.contains("dismounts at (10.0\", 20.5\")"), "{a}");
        assert_ne!(a, b);
    }

    /// BoV starter, Fig. 5.3: a power's placement ("place it anywhere on
    /// the play area") is answered with the deployment's decision, about
    /// the unit placed: it reads as a placement and says where, in each
    /// language, and its question says what is asked; a deployment still
    /// reads as one.
    #[test]
    fn a_power_s_placement_reads_as_a_placement_in_each_language() {
        use valerna_bov::battle::Decision;
        use valerna_bov::geometry::Point;
        let pack = Arc::new(Pack::default_pack().unwrap());
        let mut g = Battle::start_narrated(
            &pack,
            &BattleSetup::pitched(1, "allaria_guild_line", "tyveria_swarm"),
        )
        .unwrap();
        let d = Decision::Deploy {
            unit: 0,
            positions: vec![Point::new(30.0, 12.5)],
        };
        g.phase = Phase::PowerPlace { unit: 0 };
        for (lang, placed, deployed, asked) in [
            (Lang::En, "places", "deploys", "anywhere"),
            (Lang::It, "colloca", "schiera", "ovunque"),
            (Lang::Fr, "place", "déploie", "n'importe où"),
        ] {
            let t = Texts::new(lang);
            let said = super::decision_text(&g, &t, 0, Some(0), &d);
            assert!(said.contains(placed), "{lang:?}: {said}");
            assert!(said.contains("(30.0\", 12.5\")"), "{lang:?}: {said}");
            assert!(said.contains(&g.units[0].name), "{lang:?}: {said}");
            let dep = super::decision_text(&g, &t, 0, None, &d);
            assert!(dep.contains(deployed), "{lang:?}: {dep}");
            let q = super::question_text(&g, &t).unwrap();
            assert!(q.contains(asked), "{lang:?}: {q}");
        }
    }

    /// BoV starter, "Generals mounted on an Epic Creature": the pair's two
    /// attacks read as one declaration naming the creature, the General
    /// riding it and both targets, in each language; the creature killed,
    /// the General's Hero side again is told.
    #[test]
    fn a_pair_attack_names_both_attackers_and_targets_in_each_language() {
        use valerna_bov::battle::Decision;
        use valerna_bov::battle::log::Event;
        use valerna_bov::rules::edition::Edition;
        use valerna_bov::rules::scenario::Scenario;
        let pack = Arc::new(Pack::default_pack().unwrap());
        // The Dragon Host without its Artifact, which the starter has not.
        let host = valerna_bov::content::shipped_lists()
            .find(|(n, _)| *n == "allaria_dragon_host")
            .unwrap()
            .1
            .replace(r#"artifacts: ["sunforged_aegis"],"#, "");
        let setup = BattleSetup {
            edition: Edition::Starter,
            scenario: Scenario::SlayTheFoe,
            ..BattleSetup::pitched(1, &host, "tyveria_packs")
        };
        let g = Battle::start_narrated(&pack, &setup).unwrap();
        let named = |name: &str| g.units.iter().find(|u| u.name == name).unwrap().id;
        let (elyse, dragon) = (named("Elyse"), named("Ferellon Fulgen"));
        let foes: Vec<u16> = g
            .units
            .iter()
            .filter(|u| u.owner == 1)
            .map(|u| u.id)
            .collect();
        let d = Decision::PairAttack {
            target: foes[0],
            general_target: foes[1],
        };
        for lang in [Lang::En, Lang::It, Lang::Fr] {
            let t = Texts::new(lang);
            let said = super::decision_text(&g, &t, 0, Some(dragon), &d);
            for u in [dragon, elyse, foes[0], foes[1]] {
                assert!(
                    said.contains(&g.units[usize::from(u)].name),
                    "{lang:?}: {said}"
                );
            }
            let flipped = super::event_text(&g, &t, &Event::HeroSideAgain { unit: elyse });
            assert!(flipped.contains("Elyse"), "{lang:?}: {flipped}");
        }
    }
}
