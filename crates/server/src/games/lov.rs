//! Lords of Vaala at the server: its words (through `valerna_texts::lov`),
//! its setup from a seat list, its bots and its public content.

use std::sync::{Arc, OnceLock};

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;
use valerna_ai::ismcts::{Budget, Outlook};
use valerna_ai::spec::Spec;
use valerna_game::{Narrated, Seat};
use valerna_lov::content::{Content, Kind, REGIONS, SEATS};
use valerna_lov::{Decision, Lov, Setup};
use valerna_texts::Texts;
use valerna_texts::lov as words;

use crate::hosted::{SeatKind, Worded};

/// Colours told apart by colour-blind players (Okabe and Ito's palette).
const COLOURS: [&str; SEATS] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7"];

/// `NONE` in the engine's ids: no seat (an Event, the neutral Units).
const NONE: u8 = u8::MAX;

impl Worded for Lov {
    const NAME: &'static str = "lov";
    const SEATS: usize = SEATS;
    const KINDS: &'static [SeatKind] = &[
        SeatKind::Human,
        SeatKind::Faceless,
        SeatKind::Random,
        SeatKind::Heuristic,
        SeatKind::Ismcts,
    ];
    const PAGE: &'static str = "play.html";
    const REPLAY_PAGE: &'static str = "replay.html";

    fn pack() -> Arc<Content> {
        static PACK: OnceLock<Arc<Content>> = OnceLock::new();
        PACK.get_or_init(|| {
            // The default pack is compiled in and checked by its own tests.
            Arc::new(Content::default_pack().expect("the built-in content pack loads"))
        })
        .clone()
    }

    fn new_setup(
        content: &Content,
        seats: &[SeatKind],
        seed: u64,
        first: Option<Seat>,
        options: &Value,
    ) -> Result<Setup, String> {
        if options.as_object().is_some_and(|o| !o.is_empty()) {
            return Err("Lords of Vaala takes no options".into());
        }
        if seats.len() != SEATS {
            return Err(format!(
                "Lords of Vaala has {SEATS} seats, not {}",
                seats.len()
            ));
        }
        let mut humans = [false; SEATS];
        for (h, k) in humans.iter_mut().zip(seats) {
            *h = *k != SeatKind::Faceless;
        }
        if !humans.iter().any(|h| *h) {
            return Err(
                "at least one seat must be human or a bot (random, heuristic or ismcts)".into(),
            );
        }
        let mut setup = Setup::new(seed, humans, content);
        setup.first = first;
        valerna_lov::setup::check(content, &setup)?;
        Ok(setup)
    }

    fn event_text(&self, t: &Texts, e: &valerna_lov::log::Event) -> String {
        words::event_text(self.content(), t, e)
    }

    fn event_seat(&self, e: &valerna_lov::log::Event) -> Option<Seat> {
        e.actor()
    }

    fn question_text(&self, t: &Texts) -> Option<(String, Option<Seat>)> {
        let seat = valerna_game::Game::to_decide(self)?;
        let m = self.describe(&Decision::Pass);
        if m.ask == valerna_lov::log::Ask::Focus {
            // The tie is the initiative holder's to break for the Faceless
            // player (or the Event) whose card is being resolved.
            let s = self.state();
            let card = (s.phase == valerna_lov::state::Phase::Resolution)
                .then(|| s.stack.get(usize::from(s.stack_pos)))
                .flatten()
                .filter(|_| s.stack_pos < s.stack_len)
                .copied();
            let owner = card.map_or(m.owner, |c| c.owner);
            let text = words::focus_question(
                self.content(),
                t,
                seat,
                card.map(|c| valerna_lov::log::Card::of(c.kind, c.id)),
                owner,
            );
            return Some((text, (owner != NONE).then_some(owner)));
        }
        let text = words::question_text(self.content(), t, seat, &m.ask, m.owner);
        Some((text, (m.owner != NONE).then_some(m.owner)))
    }

    fn option_text(&self, t: &Texts, m: &valerna_lov::log::Meaning) -> String {
        words::option_text(self.content(), t, m)
    }

    fn question_figures(&self) -> Option<(&'static str, Value)> {
        if let Some(d) = defense_odds(self) {
            return serde_json::to_value(d).ok().map(|v| ("defense", v));
        }
        if let Some(a) = assault_odds(self) {
            return serde_json::to_value(a).ok().map(|v| ("assault", v));
        }
        attack_odds(self).and_then(|a| serde_json::to_value(a).ok().map(|v| ("attack", v)))
    }

    fn outcome_text(&self, t: &Texts) -> String {
        let Some(o) = valerna_game::Game::outcome(self) else {
            return String::new();
        };
        words::outcome_text(self.content(), t, &o.reason, &o.winners)
    }

    fn bot(
        &self,
        content: &Arc<Content>,
        kind: SeatKind,
        iterations: u32,
        seed: u64,
    ) -> Option<Decision> {
        let seat = valerna_game::Game::to_decide(self)?;
        let spec = match kind {
            SeatKind::Random => Spec::Random,
            SeatKind::Heuristic => Spec::Heuristic,
            SeatKind::Ismcts => Spec::Ismcts(Budget::Iterations(iterations.max(1))),
            _ => return None,
        };
        let mut bot = spec.lov_bot(content, seed)?;
        Some(bot.decide(&self.knowledge(seat)))
    }

    fn outlook(
        &self,
        content: &Arc<Content>,
        iterations: u32,
        seed: u64,
    ) -> Option<Outlook<Decision>> {
        use valerna_ai::ismcts::{Ismcts, Settings};
        let seat = valerna_game::Game::to_decide(self)?;
        let mut search = Ismcts::new(
            valerna_ai::lov::LovSampler::new(content.clone()),
            Settings {
                budget: Budget::Iterations(iterations.max(1)),
                // The whole budget, so that every option's estimate gets
                // its share, not only the choice's.
                settle: false,
                ..Settings::default()
            },
            seed,
            Box::new(valerna_ai::lov::Heuristic::new(content.clone(), seed)),
        );
        search.outlook(&self.knowledge(seat))
    }

    fn other_hidden(&self, seat: Seat, salt: u64) -> Lov {
        self.with_other_hidden_cards(seat, salt)
    }

    fn content_json(content: &Content, t: &Texts) -> Value {
        serde_json::to_value(content_body(content, t)).unwrap_or(Value::Null)
    }
}

/// The public content of Lords of Vaala the table is drawn from
/// (`GET /api/content/lov`), in one language.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContent)]
pub struct ContentBody {
    /// Whether any of it is provisional (not yet checked against the book).
    pub provisional: bool,
    pub regions: Vec<ContentRegion>,
    /// The land borders between regions.
    pub borders: Vec<Border>,
    /// The sea crossings between regions.
    pub sea: Vec<SeaCrossing>,
    /// The four characters, in seat order.
    pub characters: Vec<ContentCharacter>,
    pub actions: Vec<ContentAction>,
    pub denizens: Vec<ContentDenizen>,
    pub events: Vec<ContentEvent>,
    pub vaala: Vec<ContentVaala>,
}

/// A region of the board and its Region card.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentRegion)]
pub struct ContentRegion {
    /// Its region number, as views, events and decisions name it.
    pub index: u8,
    pub id: String,
    pub name: String,
    /// Where the board draws it (x, y).
    pub pos: [i32; 2],
    /// The Region card's glyphs, top to bottom.
    pub glyphs: Vec<valerna_lov::effect::Glyph>,
}

/// A land border between regions `a` and `b`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovBorder)]
pub struct Border {
    pub a: u8,
    pub b: u8,
    /// A mountain border (its defender ignores a hit, LoV p.12).
    pub mountain: bool,
}

/// A sea crossing between regions `a` and `b`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovSeaCrossing)]
pub struct SeaCrossing {
    pub a: u8,
    pub b: u8,
}

/// What kind of player a character is.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = LovCharacterKind)]
pub enum CharacterKind {
    General,
    Dragon,
}

/// A character: the seat that plays it and its board's numbers.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentCharacter)]
pub struct ContentCharacter {
    pub seat: u8,
    pub id: String,
    pub name: String,
    pub realm: String,
    pub kind: CharacterKind,
    /// The seat's colour on the table (`#rrggbb`).
    pub colour: String,
    /// Dragons: the Combat Value printed on each Wound-track space.
    pub wound_track: Vec<u8>,
    /// Dragons: the spaces of the Essence track.
    pub essence: u8,
    /// The region it starts in.
    pub start: u8,
    /// What each glyph of its player board does, on both sides.
    pub board: ContentBoard,
    /// The human board's standing lines in words (empty if it has none).
    pub traits: String,
    /// The Dragonbond ability of its Character card, in force once bonded
    /// (LoV p.10).
    pub bond: String,
}

/// A player board's two sides, each glyph's words (LoV p.7: a player
/// without a person turns the board to its Faceless side).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentBoard)]
pub struct ContentBoard {
    pub human: GlyphTexts,
    pub faceless: GlyphTexts,
}

/// What the four board glyphs do (LoV, "Glyphs").
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovGlyphTexts)]
pub struct GlyphTexts {
    /// Assault (a General) or Wrath (a Dragon).
    pub attack: String,
    /// Deploy or Soar.
    #[serde(rename = "move")]
    pub move_: String,
    /// Harvest or Hoard.
    pub collect: String,
    pub vaala: String,
}

/// An Action card.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentAction)]
pub struct ContentAction {
    /// Its card number, as `PlayAction` and a hand's bits name it.
    pub index: u8,
    pub id: String,
    /// The seat whose hand holds it.
    pub owner: u8,
    pub glyphs: Vec<valerna_lov::effect::Glyph>,
    /// Its glyphs in words.
    pub label: String,
}

/// A Denizen card.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentDenizen)]
pub struct ContentDenizen {
    pub index: u8,
    pub id: String,
    pub name: String,
    /// The Unit type it is recruited onto.
    pub unit: valerna_lov::effect::UnitType,
    /// The region it comes from.
    pub homeland: u8,
    pub text: String,
}

/// An Event card.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentEvent)]
pub struct ContentEvent {
    pub index: u8,
    pub id: String,
    pub name: String,
    pub text: String,
}

/// A Vaala card.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LovContentVaala)]
pub struct ContentVaala {
    pub index: u8,
    pub id: String,
    /// The seat whose deck holds it.
    pub owner: u8,
    pub name: String,
    /// What it costs to play, in Power.
    pub cost: u8,
    pub text: String,
    /// Whether it is played face up.
    pub face_up: bool,
}

/// One board side's glyph texts in language `lang`.
fn glyph_texts(c: &valerna_lov::content::Character, lang: &str, faceless: bool) -> GlyphTexts {
    let text = |g| c.glyph_text_in(lang, faceless, g).to_owned();
    GlyphTexts {
        attack: text(0),
        move_: text(1),
        collect: text(2),
        vaala: text(3),
    }
}

/// The public content, worded in `t`'s language.
pub fn content_body(content: &Content, t: &Texts) -> ContentBody {
    let lang = t.lang().code();
    let n = REGIONS.min(content.regions.len());
    let regions = content
        .regions
        .iter()
        .enumerate()
        .map(|(i, r)| ContentRegion {
            index: i as u8,
            id: r.id.clone(),
            name: words::region_name(content, t, i as u8),
            pos: r.pos,
            glyphs: r.glyphs.clone(),
        })
        .collect();
    let mut borders = Vec::new();
    let mut sea = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (a8, b8) = (a as u8, b as u8);
            if content.adjacent[a] & (1 << b) != 0 {
                borders.push(Border {
                    a: a8,
                    b: b8,
                    mountain: content.mountain[a] & (1 << b) != 0,
                });
            }
            if content.sea[a] & (1 << b) != 0 {
                sea.push(SeaCrossing { a: a8, b: b8 });
            }
        }
    }
    let characters = content
        .characters
        .iter()
        .enumerate()
        .map(|(i, c)| ContentCharacter {
            seat: i as u8,
            id: c.id.clone(),
            name: c.name.clone(),
            realm: c.realm.clone(),
            kind: match c.kind {
                Kind::General => CharacterKind::General,
                Kind::Dragon => CharacterKind::Dragon,
            },
            colour: COLOURS.get(i).copied().unwrap_or("#777777").to_owned(),
            wound_track: c.wound_track.clone(),
            essence: c.essence,
            start: c.start,
            board: ContentBoard {
                human: glyph_texts(c, lang, false),
                faceless: glyph_texts(c, lang, true),
            },
            traits: c.traits_in(lang).to_owned(),
            bond: c.bond_in(lang).to_owned(),
        })
        .collect();
    let actions = content
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| ContentAction {
            index: i as u8,
            id: a.id.clone(),
            owner: a.owner,
            glyphs: a.glyphs.clone(),
            label: words::action_glyphs(content, t, i as u8),
        })
        .collect();
    let denizens = content
        .denizens
        .iter()
        .enumerate()
        .map(|(i, d)| ContentDenizen {
            index: i as u8,
            id: d.id.clone(),
            name: words::denizen_name(content, t, i as u8),
            unit: d.unit,
            homeland: d.homeland,
            text: words::denizen_text(content, t, i as u8),
        })
        .collect();
    let events = content
        .events
        .iter()
        .enumerate()
        .map(|(i, e)| ContentEvent {
            index: i as u8,
            id: e.id.clone(),
            name: words::event_name(content, t, i as u8),
            text: words::event_body(content, t, i as u8),
        })
        .collect();
    let vaala = content
        .vaala
        .iter()
        .enumerate()
        .map(|(i, v)| ContentVaala {
            index: i as u8,
            id: v.id.clone(),
            owner: v.owner,
            name: words::vaala_name(content, t, i as u8),
            cost: v.cost,
            text: words::vaala_text(content, t, i as u8),
            face_up: v.face_up,
        })
        .collect();
    ContentBody {
        provisional: content.provisional,
        regions,
        borders,
        sea,
        characters,
        actions,
        denizens,
        events,
        vaala,
    }
}

/// "Counterattack or retreat?" weighed (LoV p.12), from what the table
/// shows: the attack's roll (`last_roll[0]`), the hits mountains, cities
/// and wards took since it was rolled (each takes a critical first, as the
/// engine does), and the defender's Combat Value now.
fn defense_odds(g: &Lov) -> Option<DefenseOdds> {
    use valerna_game::{Game, Viewer};
    use valerna_lov::log::{Ask, Event};
    let seat = g.to_decide()?;
    let m = g.describe(&Decision::Pass);
    let Ask::Defend { region } = m.ask else {
        return None;
    };
    let defender = if m.owner == valerna_lov::state::NONE {
        seat
    } else {
        m.owner
    };
    let mut events = Vec::new();
    g.events(Viewer::Spectator, 0, &mut events);
    let since = events
        .iter()
        .rposition(|e| matches!(e, Event::Combat { region: r, .. } if *r == region))?;
    let ignored = events[since..]
        .iter()
        .filter(|e| matches!(e, Event::HitIgnored { region: r, .. } if *r == region))
        .count() as u8;
    let roll = g.state().last_roll[0];
    let from_criticals = ignored.min(roll.criticals);
    // Where its General or Dragon stands: the region fought over.
    let dice = g.combat_values()[usize::from(defender)];
    Some(DefenseOdds {
        region,
        attacker: roll.seat,
        defender,
        attack_dice: roll.dice,
        criticals_taken: roll.criticals - from_criticals,
        standard_hits_coming: roll.standard.saturating_sub(ignored - from_criticals),
        counterattack_dice: dice,
        counterattack_hits: valerna_dice::odds::lov_combat(u32::from(dice))
            .ok()
            .map(|o| valerna_dice::odds::Summary::of(&o.hits)),
    })
}

/// An attacker's choice weighed (LoV p.12): which enemy to attack, or
/// whether to attack again or retreat. The dice it rolls now (its Combat
/// Value) with their exact odds, and each enemy in the region with the
/// dice its counterattack would roll.
fn attack_odds(g: &Lov) -> Option<AttackOdds> {
    use valerna_game::Game;
    use valerna_lov::Target;
    use valerna_lov::log::Ask;
    let seat = g.to_decide()?;
    let m = g.describe(&Decision::Pass);
    let region = match m.ask {
        Ask::Target { region } | Ask::NextDefender { region } | Ask::Continue { region } => region,
        _ => return None,
    };
    let attacker = if m.owner == valerna_lov::state::NONE {
        seat
    } else {
        m.owner
    };
    let enemies = g
        .enemies_in(attacker, region)
        .into_iter()
        .map(|t| (t, g.combat_value_in(t, region)))
        .collect();
    Some(attack_figures(
        region,
        attacker,
        g.combat_value_in(Target::Seat(attacker), region),
        enemies,
    ))
}

/// "Assault which region?" weighed (LoV p.12, "Region Glyphs": Assault):
/// for each region, the attack at its strongest, every Unit that may move
/// in moved in with the General, and each enemy there. Played out on a copy
/// of the game, the attacker's own move questions answered in full, up to
/// the combat's first choice or first roll; what it reads (the board, the
/// Combat Values) is public.
fn assault_odds(g: &Lov) -> Option<Vec<AssaultOdds>> {
    use valerna_game::{Game, Viewer};
    use valerna_lov::log::{Ask, Event};
    let seat = g.to_decide()?;
    if g.describe(&Decision::Pass).ask != Ask::AssaultRegion {
        return None;
    }
    let mut out = Vec::new();
    let mut events = Vec::new();
    for (option, &d) in g.options().iter().enumerate() {
        let Decision::Region(region) = d else {
            continue;
        };
        let mut at = g.clone();
        events.clear();
        at.events(Viewer::Spectator, 0, &mut events);
        let before = events.len();
        if at.apply(d).is_err() {
            continue;
        }
        let mut odds = None;
        for _ in 0..64 {
            events.clear();
            at.events(Viewer::Spectator, before, &mut events);
            // One enemy: the combat began at once; its first round's
            // Combat Values are the figures.
            if let Some(a) = events.iter().find_map(|e| match *e {
                Event::Combat {
                    attacker,
                    defender,
                    attack,
                    defense,
                    ..
                } => Some(attack_figures(
                    region,
                    attacker,
                    attack,
                    vec![(defender, defense)],
                )),
                _ => None,
            }) {
                odds = Some(a);
                break;
            }
            if at.to_decide() != Some(seat) {
                break;
            }
            let m = at.describe(&Decision::Pass);
            match m.ask {
                Ask::MoveCount { .. } | Ask::MoveGeneral { .. } => {
                    let most = at.options().iter().copied().max_by_key(|d| match d {
                        Decision::Count(n) => *n,
                        _ => 0,
                    });
                    if most.is_none_or(|d| at.apply(d).is_err()) {
                        break;
                    }
                }
                _ => {
                    odds = attack_odds(&at).filter(|a| a.region == region);
                    break;
                }
            }
        }
        if let Some(odds) = odds {
            out.push(AssaultOdds { option, odds });
        }
    }
    (!out.is_empty()).then_some(out)
}

/// An attack's figures from its Combat Value and its enemies'.
fn attack_figures(
    region: u8,
    attacker: u8,
    attack_dice: u8,
    enemies: Vec<(valerna_lov::Target, u8)>,
) -> AttackOdds {
    use valerna_lov::Target;
    AttackOdds {
        region,
        attacker,
        attack_dice,
        attack_hits: hit_odds(attack_dice),
        enemies: enemies
            .into_iter()
            .map(|(t, dice)| EnemyOdds {
                seat: match t {
                    Target::Seat(s) => Some(s),
                    Target::Neutral => None,
                },
                dice,
                counterattack_hits: hit_odds(dice),
            })
            .collect(),
    }
}

/// The exact hits of `dice` combat dice; none for no dice.
fn hit_odds(dice: u8) -> Option<valerna_dice::odds::Summary> {
    valerna_dice::odds::lov_combat(u32::from(dice))
        .ok()
        .filter(|_| dice > 0)
        .map(|o| valerna_dice::odds::Summary::of(&o.hits))
}

/// One region an Assault may strike, weighed (LoV p.12).
#[derive(Debug, Serialize, ToSchema)]
pub struct AssaultOdds {
    /// The index of the question's option that assaults it.
    pub option: usize,
    /// The attack with every Unit that may move in, and each enemy there.
    pub odds: AttackOdds,
}

/// A Lords of Vaala attacker's choice weighed (LoV p.12-13): the dice its
/// attack rolls now and each enemy in the region, with the exact chance of
/// each number of hits (criticals and standard hits together; mountains,
/// cities and wards may still take the first ones).
#[derive(Debug, Serialize, ToSchema)]
pub struct AttackOdds {
    /// The region fought over.
    pub region: u8,
    /// The attacking seat (the Faceless one a person decides for, if so).
    pub attacker: u8,
    /// The attack's dice: the attacker's Combat Value there now.
    pub attack_dice: u8,
    /// The hits the attack deals, exactly (`valerna calc lov
    /// --combat-value N`'s "all hits"); absent with no Combat Value.
    pub attack_hits: Option<valerna_dice::odds::Summary>,
    /// Every enemy in the region the attacker may fight, in the order of
    /// the question's options where they are its options.
    pub enemies: Vec<EnemyOdds>,
}

/// One enemy of an attacker's choice.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnemyOdds {
    /// The enemy's seat; `null` for the neutral Units.
    pub seat: Option<u8>,
    /// Its Combat Value there now: the dice its counterattack rolls.
    pub dice: u8,
    /// The hits its counterattack deals, exactly; absent with no Combat
    /// Value.
    pub counterattack_hits: Option<valerna_dice::odds::Summary>,
}

/// A Lords of Vaala defender's choice weighed (LoV p.12): the attacker's
/// criticals have struck already; its standard hits land after the
/// counterattack, and not at all if the defender retreats.
#[derive(Debug, Serialize, ToSchema)]
pub struct DefenseOdds {
    /// The region fought over.
    pub region: u8,
    /// The attacking seat.
    pub attacker: u8,
    /// The defending seat (the Faceless one a person decides for, if so).
    pub defender: u8,
    /// The attacker's dice: its Combat Value when it rolled.
    pub attack_dice: u8,
    /// Wounds the attack's criticals dealt at once, after mountains, cities
    /// and wards took their hits.
    pub criticals_taken: u8,
    /// The attack's standard hits still to land if the defender
    /// counterattacks.
    pub standard_hits_coming: u8,
    /// The counterattack's dice: the defender's Combat Value now.
    pub counterattack_dice: u8,
    /// The hits (critical and standard) the counterattack deals the
    /// attacker, exactly: what `valerna calc lov --combat-value N` prints
    /// as "all hits". Absent when the defender has no Combat Value left.
    pub counterattack_hits: Option<valerna_dice::odds::Summary>,
}

#[cfg(test)]
mod tests {
    use valerna_game::{Game, Viewer};
    use valerna_lov::policy::RandomPolicy;
    use valerna_texts::Lang;

    use super::*;

    /// A hint is made from what the deciding seat knows only: games that
    /// differ only in the other seats' hidden cards get the same hint.
    #[test]
    fn a_hint_is_made_from_the_deciding_seats_knowledge_only() {
        let content = Lov::pack();
        let (mut compared, mut changed) = (0, 0);
        for seed in 0..3u64 {
            let setup = Setup::new(seed, [true, false, false, false], &content);
            let mut g = Lov::start(&content, &setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            for step in 0..60 {
                if g.to_decide() == Some(0) && step % 6 == 0 {
                    let hint = g.outlook(&content, 40, seed).unwrap();
                    // Each other seat's secrets changed in turn (its hand,
                    // its cards face down), by two salts.
                    for (other_seat, salt) in (1..4).flat_map(|o| (1..3).map(move |s| (o, s))) {
                        let other = g.other_hidden(other_seat, salt);
                        changed += usize::from(other.state() != g.state());
                        assert_eq!(
                            other.outlook(&content, 40, seed).unwrap(),
                            hint,
                            "seed {seed}, step {step}, seat {other_seat}'s secrets"
                        );
                    }
                    compared += 1;
                }
                let Some(d) = policy.choose(&g) else { break };
                g.apply(d).unwrap();
            }
        }
        assert!(compared >= 3, "{compared} positions compared");
        assert!(changed > compared, "{changed} games with other secrets");
    }

    /// "Counterattack or retreat?" comes with its figures (LoV p.12), and
    /// no other question does: the counterattack's dice are those the
    /// engine then rolls, and its odds are the die's of docs/rulings.md
    /// ("The Lords of Vaala combat die": four misses, three hits, a double
    /// hit, a critical and a double critical) added die by die.
    #[test]
    fn a_defender_weighs_the_counterattack_by_its_exact_odds() {
        use valerna_lov::log::Event;
        // Hits of one die: 0 on a miss, 1 on a hit or a critical, 2 on a
        // double hit or a double critical.
        let die = [0.4, 0.4, 0.2];
        let odds_of = |n: u8| {
            let mut p = vec![1.0];
            for _ in 0..n {
                let mut next = vec![0.0; p.len() + 2];
                for (k, pk) in p.iter().enumerate() {
                    for (h, ph) in die.iter().enumerate() {
                        next[k + h] += pk * ph;
                    }
                }
                p = next;
            }
            p
        };
        let content = Lov::pack();
        let (mut asked, mut with_dice) = (0, 0);
        let mut events = Vec::new();
        for seed in 0..12u64 {
            let setup = Setup::new(seed, [true; 4], &content);
            let mut g = Lov::start(&content, &setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Some(d) = policy.choose(&g) {
                let figures = defense_odds(&g);
                let m = g.describe(&Decision::Pass);
                let defend = matches!(m.ask, valerna_lov::log::Ask::Defend { .. });
                assert_eq!(figures.is_some(), defend, "seed {seed}: {:?}", m.ask);
                let Some(f) = figures else {
                    g.apply(d).unwrap();
                    continue;
                };
                asked += 1;
                // A defender with no Combat Value rolls nothing.
                assert_eq!(f.counterattack_hits.is_some(), f.counterattack_dice > 0);
                if let Some(hits) = &f.counterattack_hits {
                    let exact = odds_of(f.counterattack_dice);
                    assert_eq!(hits.pmf.len(), exact.len(), "seed {seed}");
                    for (a, b) in hits.pmf.iter().zip(&exact) {
                        assert!(
                            (a - b).abs() < 1e-12,
                            "seed {seed}: {:?} {exact:?}",
                            hits.pmf
                        );
                    }
                }
                assert!(f.criticals_taken <= g.state().last_roll[0].criticals);
                assert!(f.standard_hits_coming <= g.state().last_roll[0].standard);
                // Counterattack: the defender then rolls exactly those dice.
                g.choices(&mut Vec::new());
                events.clear();
                g.events(Viewer::Spectator, 0, &mut events);
                let before = events.len();
                g.apply(Decision::Counterattack).unwrap();
                events.clear();
                g.events(Viewer::Spectator, 0, &mut events);
                let rolled = events[before..].iter().find_map(|e| match e {
                    Event::Rolled { seat, faces, .. } if *seat == f.defender => {
                        Some(faces.iter().map(|&n| u32::from(n)).sum::<u32>())
                    }
                    _ => None,
                });
                assert_eq!(
                    rolled.unwrap_or(0),
                    u32::from(f.counterattack_dice),
                    "seed {seed}: {f:?}"
                );
                with_dice += usize::from(rolled.is_some());
            }
        }
        assert!(
            asked >= 5 && with_dice >= 3,
            "{asked} defenders asked in 12 games, {with_dice} with dice"
        );
    }

    /// An attacker's choices come with their figures (LoV p.12-13): the
    /// enemies are the question's targets, in its order, and the combat
    /// then fought counts the very Combat Values shown, the attack's and
    /// the chosen enemy's.
    #[test]
    fn an_attacker_weighs_each_enemy_by_the_combat_values_then_fought() {
        use valerna_lov::Target;
        use valerna_lov::log::{Ask, Event};
        let content = Lov::pack();
        let (mut asked, mut fought) = (0, 0);
        let mut events = Vec::new();
        for seed in 0..12u64 {
            let setup = Setup::new(seed, [true; 4], &content);
            let mut g = Lov::start(&content, &setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Some(d) = policy.choose(&g) {
                let figures = attack_odds(&g);
                let m = g.describe(&Decision::Pass);
                let attacking = matches!(
                    m.ask,
                    Ask::Target { .. } | Ask::NextDefender { .. } | Ask::Continue { .. }
                );
                assert_eq!(figures.is_some(), attacking, "seed {seed}: {:?}", m.ask);
                let Some(f) = figures else {
                    g.apply(d).unwrap();
                    continue;
                };
                asked += 1;
                assert_eq!(f.attack_hits.is_some(), f.attack_dice > 0);
                for e in &f.enemies {
                    assert_eq!(e.counterattack_hits.is_some(), e.dice > 0, "{e:?}");
                }
                let mut options = Vec::new();
                g.choices(&mut options);
                if !matches!(m.ask, Ask::Continue { .. }) {
                    let targets: Vec<Option<u8>> = options
                        .iter()
                        .map(|o| match o {
                            Decision::Attack(Target::Seat(s)) => Some(*s),
                            _ => None,
                        })
                        .collect();
                    let shown: Vec<Option<u8>> = f.enemies.iter().map(|e| e.seat).collect();
                    assert_eq!(shown, targets, "seed {seed}");
                }
                events.clear();
                g.events(Viewer::Spectator, 0, &mut events);
                let before = events.len();
                let chosen = match &d {
                    Decision::Attack(Target::Seat(s)) => Some(Some(*s)),
                    Decision::Attack(Target::Neutral) => Some(None),
                    _ => None,
                };
                g.apply(d).unwrap();
                let Some(chosen) = chosen else { continue };
                events.clear();
                g.events(Viewer::Spectator, 0, &mut events);
                let combat = events[before..].iter().find_map(|e| match e {
                    Event::Combat {
                        attacker,
                        attack,
                        defense,
                        ..
                    } if *attacker == f.attacker => Some((*attack, *defense)),
                    _ => None,
                });
                let enemy = f.enemies.iter().find(|e| e.seat == chosen).unwrap();
                if let Some((attack, defense)) = combat {
                    assert_eq!(
                        (attack, defense),
                        (f.attack_dice, enemy.dice),
                        "seed {seed}"
                    );
                    fought += 1;
                }
            }
        }
        assert!(
            asked >= 10 && fought >= 5,
            "{asked} attacker questions in 12 games, {fought} fought"
        );
    }

    /// "Assault which region?" (LoV p.12): each region's figures are the
    /// attack at its strongest. The combat then fought there, whatever was
    /// moved in, rolls at most those dice, against an enemy whose Combat
    /// Value is the one shown; with everything moved in, exactly those.
    #[test]
    fn an_assault_is_weighed_at_its_strongest_against_each_enemy_there() {
        use valerna_lov::Target;
        use valerna_lov::log::{Ask, Event};
        let content = Lov::pack();
        let (mut asked, mut fought, mut exact) = (0, 0, 0);
        let mut events = Vec::new();
        for seed in 0..16u64 {
            let setup = Setup::new(seed, [true; 4], &content);
            let mut g = Lov::start(&content, &setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            // The figures of the assault under way, and whether every
            // move question of it was answered in full.
            let mut pending: Option<(AttackOdds, bool)> = None;
            while let Some(mut d) = policy.choose(&g) {
                let m = g.describe(&Decision::Pass);
                let figures = assault_odds(&g);
                assert_eq!(
                    figures.is_some(),
                    m.ask == Ask::AssaultRegion,
                    "seed {seed}: {:?}",
                    m.ask
                );
                if let Some(list) = figures {
                    asked += 1;
                    let options = g.options();
                    for a in &list {
                        assert_eq!(options[a.option], Decision::Region(a.odds.region));
                        assert_eq!(a.odds.attack_hits.is_some(), a.odds.attack_dice > 0);
                    }
                    pending = list
                        .into_iter()
                        .find(|a| options[a.option] == d)
                        .map(|a| (a.odds, true));
                }
                // Every other assault of this seed moves everything in.
                if seed % 2 == 0
                    && matches!(m.ask, Ask::MoveCount { .. } | Ask::MoveGeneral { .. })
                    && let Some(most) = g.options().iter().copied().max_by_key(|d| match d {
                        Decision::Count(n) => *n,
                        _ => 0,
                    })
                {
                    d = most;
                }
                if let (Some((_, full)), Ask::MoveCount { .. } | Ask::MoveGeneral { .. }) =
                    (&mut pending, m.ask)
                {
                    let most = g.options().iter().filter_map(|d| match d {
                        Decision::Count(n) => Some(*n),
                        _ => None,
                    });
                    *full &= matches!(d, Decision::Count(n) if Some(n) == most.max());
                }
                events.clear();
                g.events(Viewer::Spectator, 0, &mut events);
                let before = events.len();
                g.apply(d).unwrap();
                let Some((f, full)) = &pending else { continue };
                events.clear();
                g.events(Viewer::Spectator, before, &mut events);
                let Some((attack, defender, defense)) = events.iter().find_map(|e| match *e {
                    Event::Combat {
                        attacker,
                        defender,
                        attack,
                        defense,
                        region,
                    } if attacker == f.attacker && region == f.region => {
                        Some((attack, defender, defense))
                    }
                    _ => None,
                }) else {
                    continue;
                };
                let seat = match defender {
                    Target::Seat(s) => Some(s),
                    Target::Neutral => None,
                };
                let enemy = f
                    .enemies
                    .iter()
                    .find(|e| e.seat == seat)
                    .expect("the enemy was shown");
                assert_eq!(defense, enemy.dice, "seed {seed}");
                assert!(
                    attack <= f.attack_dice,
                    "seed {seed}: {attack} dice, {} shown",
                    f.attack_dice
                );
                if *full {
                    assert_eq!(attack, f.attack_dice, "seed {seed}: everything moved in");
                    exact += 1;
                }
                fought += 1;
                pending = None;
            }
        }
        assert!(
            asked >= 40 && fought >= 25 && exact >= 15,
            "{asked} assault questions, {fought} fought, {exact} with everything moved in"
        );
    }

    /// A tie for the Focus region names whom it is broken for and the card
    /// that asks it (LoV Glossary "Focus region"): the Faceless player whose
    /// card is being resolved, or the Event.
    #[test]
    fn a_focus_tie_names_the_faceless_player_and_the_card() {
        use valerna_lov::log::Ask;
        let content = Lov::pack();
        let t = Texts::new(Lang::En);
        let (mut faceless, mut events) = (0, 0);
        for seed in 0..40u64 {
            let setup = Setup::new(seed, [true, false, false, false], &content);
            let mut g = Lov::start(&content, &setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Some(d) = policy.choose(&g) {
                if g.describe(&Decision::Pass).ask == Ask::Focus {
                    let s = g.state();
                    let card = s.stack[usize::from(s.stack_pos)];
                    let (text, owner) = g.question_text(&t).unwrap();
                    assert!(text.contains("Focus region of"), "{text}");
                    if card.owner == NONE {
                        assert_eq!(owner, None);
                        assert!(text.contains("for the Event"), "{text}");
                        events += 1;
                    } else {
                        assert_eq!(owner, Some(card.owner));
                        let name = &content.characters[usize::from(card.owner)].name;
                        assert!(text.contains(&format!(", for {name} (")), "{text}");
                        assert!(text.contains("(Faceless):"), "{text}");
                        assert!(text.contains(&format!("of {name}'s Action card")), "{text}");
                        faceless += 1;
                    }
                }
                g.apply(d).unwrap();
            }
        }
        assert!(
            faceless + events >= 3,
            "{faceless} Faceless ties, {events} Event ties"
        );
    }

    /// The pack's English names and texts that `lang` spells otherwise (a
    /// name the same in both, as "Allaria" or "Ysval", is no English left
    /// behind).
    fn english_words(content: &Content, lang: &str) -> Vec<String> {
        let mut out = Vec::new();
        // An entry without words in `lang` keeps all its English.
        let mut add = |words: &[valerna_lov::content::Words], english: &str, there: &str| {
            if english != there || !words.iter().any(|w| w.lang == lang) {
                out.push(english.to_owned());
            }
        };
        for r in &content.regions {
            add(&r.words, &r.name, r.name_in(lang));
        }
        for d in &content.denizens {
            add(&d.words, &d.name, d.name_in(lang));
            add(&d.words, &d.text, d.text_in(lang));
        }
        for e in &content.events {
            add(&e.words, &e.name, e.name_in(lang));
            add(&e.words, &e.text, e.text_in(lang));
        }
        for v in &content.vaala {
            add(&v.words, &v.name, v.name_in(lang));
            add(&v.words, &v.text, v.text_in(lang));
        }
        out
    }

    /// Seeded games narrated in Italian and in French (every event each
    /// seat and a spectator saw, every question and every option offered)
    /// and the table's content hold none of the pack's English words.
    #[test]
    fn a_game_in_italian_or_french_has_no_english_from_the_pack() {
        let content = Lov::pack();
        for lang in [Lang::It, Lang::Fr] {
            let t = Texts::new(lang);
            let english = english_words(&content, lang.code());
            assert!(english.len() > 100, "{} English words", english.len());
            let mut told = Lov::content_json(&content, &t).to_string();
            told.push('\n');
            let mut choices = Vec::new();
            for seed in 0..8u64 {
                let humans = [true, seed % 2 == 0, seed % 3 != 0, true];
                let setup = Setup::new(seed, humans, &content);
                let mut g = Lov::start(&content, &setup).unwrap();
                let mut policy = RandomPolicy::new(seed);
                loop {
                    if let Some((q, _)) = g.question_text(&t) {
                        told.push_str(&q);
                        told.push('\n');
                    }
                    g.choices(&mut choices);
                    for d in &choices {
                        told.push_str(&g.option_text(&t, &g.describe(d)));
                        told.push('\n');
                    }
                    let Some(d) = policy.choose(&g) else { break };
                    g.apply(d).unwrap();
                }
                let mut events = Vec::new();
                for viewer in (0..4).map(Viewer::Seat).chain([Viewer::Spectator]) {
                    events.clear();
                    g.events(viewer, 0, &mut events);
                    for e in &events {
                        told.push_str(&g.event_text(&t, e));
                        told.push('\n');
                    }
                }
            }
            for word in &english {
                assert!(
                    !told.contains(word.as_str()),
                    "{}: {word:?} in {}",
                    lang.code(),
                    told.lines()
                        .find(|l| l.contains(word.as_str()))
                        .unwrap_or_default()
                );
            }
            // The narration did meet the pack's cards in this language.
            let fr = lang == Lang::Fr;
            let surge = if fr {
                "Déferlante de Vaala"
            } else {
                "Ondata di Vaala"
            };
            assert!(told.contains(surge), "{}", lang.code());
        }
    }
}
