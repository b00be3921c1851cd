//! Setup (LoV p.7-8, "Setup").

use serde::{Deserialize, Serialize};
use valerna_dice::Stream;

use crate::content::{Content, Kind, REGIONS, SEATS};
use crate::state::{Core, Force, NONE, Phase, Player, RegionState, STACK, StackCard};

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovSetup))]
pub struct Setup {
    /// Seed of the game's one random stream (docs/rulings.md, "One seeded stream a game").
    pub seed: u64,
    /// Which seats are played by humans; the others are Faceless (p.7).
    /// Seats follow the content's character order: Allaria, Fulgen,
    /// Tyveria, Magnifex (General and Dragon alternate, p.7).
    pub humans: [bool; 4],
    /// Who gets the initiative token; `None` draws one of the humans.
    pub first: Option<u8>,
    /// Hash of the content pack the game is played with.
    pub content: u64,
}

impl Setup {
    /// A setup for the default rules with `humans` human seats.
    pub fn new(seed: u64, humans: [bool; 4], content: &Content) -> Setup {
        Setup {
            seed,
            humans,
            first: None,
            content: content.hash,
        }
    }
}

/// Why a setup was refused.
pub fn check(content: &Content, setup: &Setup) -> Result<(), String> {
    if setup.content != content.hash {
        return Err(format!(
            "the setup was made for content pack {:016x}, this pack is {:016x}",
            setup.content, content.hash
        ));
    }
    let n = setup.humans.iter().filter(|&&h| h).count();
    if n == 0 {
        return Err("Lords of Vaala needs 1 to 4 human players; none given".into());
    }
    if let Some(f) = setup.first {
        if usize::from(f) >= SEATS {
            return Err(format!("first player {f}: seats are 0 to 3"));
        }
        if !setup.humans[usize::from(f)] {
            return Err(format!(
                "first player {f} is Faceless; Faceless players cannot hold the initiative token (p.10)"
            ));
        }
    }
    Ok(())
}

/// Builds the first state, shuffling decks from the game's stream.
pub fn start(content: &Content, setup: &Setup) -> Result<Core, String> {
    check(content, setup)?;
    let mut stream = Stream::new(setup.seed);
    let mut regions = [RegionState::default(); REGIONS];
    let mut players = [Player::default(); SEATS];
    let mut starts = 0u16;
    for (seat, ch) in content.characters.iter().enumerate() {
        let p = &mut players[seat];
        p.human = setup.humans[seat];
        p.partner = NONE;
        p.at = NONE;
        p.denizens = [NONE; 3];
        starts |= 1 << ch.start;
        // Action cards: the human's hand, or the Faceless deck (p.8, p.10).
        p.actions = ((1u16 << content.hand[seat].len()) - 1) as u8;
        match ch.kind {
            Kind::Dragon => p.at = ch.start,
            Kind::General => {
                // One friendly Infantry, Cavalry and Ranged and the General (p.7).
                let g = Core::general_index(seat as u8);
                regions[usize::from(ch.start)].force[g] = Force {
                    units: [1, 1, 1],
                    general: true,
                };
                p.supply = [
                    content.per_type[0] - 1,
                    content.per_type[1] - 1,
                    content.per_type[2] - 1,
                ];
                if p.human {
                    // The region card of the starting region (p.7).
                    p.region_cards = 1 << ch.start;
                }
            }
        }
        if p.human {
            // Vaala deck, shuffled (p.8); Faceless do not use theirs.
            let n = content.vaala_of[seat].len();
            for (i, slot) in p.vaala_deck.iter_mut().enumerate().take(n) {
                *slot = i as u8;
            }
            stream.shuffle(&mut p.vaala_deck[..n]);
            p.vaala_deck_len = n as u8;
        }
    }
    // Denizen deck and the lineup of 6; Event deck (p.8).
    let mut denizen_deck = [0u8; 36];
    let nd = content.denizens.len().min(36);
    for (i, d) in denizen_deck.iter_mut().enumerate().take(nd) {
        *d = i as u8;
    }
    stream.shuffle(&mut denizen_deck[..nd]);
    let mut events = [0u8; 12];
    let ne = content.events.len().min(12);
    for (i, e) in events.iter_mut().enumerate().take(ne) {
        *e = i as u8;
    }
    stream.shuffle(&mut events[..ne]);
    // A Power and a neutral Unit on each non-starting region (p.8).
    let mut power_supply = content.power;
    let mut neutral_supply = content.neutral;
    for (r, reg) in regions.iter_mut().enumerate() {
        if starts & (1 << r) == 0 {
            reg.power = 1;
            reg.neutral = 1;
            power_supply -= 1;
            neutral_supply -= 1;
        }
    }
    let humans: Vec<u8> = (0..SEATS as u8)
        .filter(|&s| setup.humans[usize::from(s)])
        .collect();
    let initiative = match setup.first {
        Some(f) => f,
        None => humans[stream.index(humans.len())],
    };
    let mut core = Core {
        regions,
        players,
        neutral_supply,
        power_supply,
        city_supply: content.cities,
        events,
        events_left: ne as u8,
        denizen_deck,
        denizen_len: nd as u8,
        lineup: [NONE; 6],
        lineup_len: 0,
        stack: [StackCard::default(); STACK],
        stack_len: 0,
        stack_pos: 0,
        glyph_pos: 0,
        cancel_next: false,
        initiative,
        round: 0,
        phase: Phase::CleanUp,
        solo: humans.len() == 1,
        winners: 0,
        end: None,
        last_roll: Default::default(),
        bond_dice: [0; 2],
        stream,
        draws: 0,
    };
    core.draw_lineup();
    core.begin_round();
    Ok(core)
}

impl Core {
    /// Draws the lineup of 6 Denizens from the top of the deck.
    pub fn draw_lineup(&mut self) {
        while usize::from(self.lineup_len) < self.lineup.len() && self.denizen_len > 0 {
            self.denizen_len -= 1;
            self.lineup[usize::from(self.lineup_len)] =
                self.denizen_deck[usize::from(self.denizen_len)];
            self.lineup_len += 1;
        }
    }

    /// Planning begins: an Event face down starts the Action stack (p.8).
    pub fn begin_round(&mut self) {
        self.round += 1;
        self.stack_len = 0;
        self.stack_pos = 0;
        self.cancel_next = false;
        for p in &mut self.players {
            p.played = false;
        }
        self.push_event();
        self.phase = Phase::Planning {
            turn: self.initiative,
        };
    }

    pub fn push_event(&mut self) {
        if self.events_left > 0 {
            self.events_left -= 1;
            let id = self.events[usize::from(self.events_left)];
            self.push_card(StackCard {
                kind: crate::state::CardKind::Event,
                id,
                owner: NONE,
            });
        }
    }

    pub fn push_card(&mut self, card: StackCard) {
        if usize::from(self.stack_len) < STACK {
            self.stack[usize::from(self.stack_len)] = card;
            self.stack_len += 1;
        }
    }
}
