//! What one seat knows of a game, and games built from it.
//!
//! A search bot must not read what its seat may not see. The engine, which
//! alone knows what is hidden from whom, hands a seat a [`Knowledge`]: the
//! state at the start of the unit of play in progress with every card the
//! seat may not see taken out, the pools those cards are known to come from,
//! the answers given since (each seen by everyone in what it did) and the
//! seat's view now. A sampler deals the hidden cards back ([`Deal`]) and
//! [`Knowledge::build`] makes a playable game of it, refusing a deal that
//! contradicts what the seat saw.
//!
//! What is hidden (LoV p.8-10): the cards in
//! other players' hands and their cards face down on the Action stack, the
//! order of every Vaala deck (one's own too) and which of another player's
//! Vaala cards are in hand, the Event deck and the Event face down on the
//! stack, the order of the Denizen deck, and the dice still to fall (the
//! stream). What is not: the sets those cards come from. A character's
//! Action cards are its own printed hand; the Region cards a General holds
//! were dealt at Clean-up for the regions it controlled (p.9); a player's
//! Vaala cards not face up or discarded are in its hand or deck; the Events
//! not yet revealed are in the deck or face down.

use std::sync::Arc;

use valerna_dice::Stream;
use valerna_game::Game;

use crate::content::{Content, SEATS};
use crate::decision::Decision;
use crate::game::{Lov, LovError};
use crate::log::Ask;
use crate::state::{CardKind, Core, NONE, Phase};
use crate::view::View;

/// What `seat` knows (see the module documentation). Two games that differ
/// only in what `seat` may not see give equal knowledge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    seat: u8,
    /// The settled state with the hidden cards taken out (`NONE` ids on the
    /// stack and in the Event deck, empty hands and Vaala decks of their
    /// length), the Denizen deck in id order and a stream of seed 0.
    base: Core,
    answers: Vec<u8>,
    view: View,
    /// What the pending question asks (public at the table).
    ask: Ask,
    /// Per seat: the Action cards (bits of its printed hand) in hand or face
    /// down on the stack.
    action_pool: [u8; SEATS],
    /// Per seat: the Region cards in hand or face down on the stack.
    region_pool: [u16; SEATS],
    /// Per seat: the Vaala cards in hand or deck (the viewer's: in deck).
    vaala_pool: [u8; SEATS],
    /// The Events in the deck or face down on the stack, in id order.
    unseen_events: Vec<u8>,
    /// The stream's words drawn since `base` in the Resolution phase, where
    /// every draw is a die the seat saw rolled: a game built from `base`
    /// rolls them again, so it reaches the view the seat has.
    rolled: Vec<u32>,
    /// The Vaala cards the seat drew from its own deck since `base`, from
    /// the deck's top down (it saw each one): a game built from `base` has
    /// them where they were.
    own_drawn: Vec<u8>,
}

/// The hidden cards dealt back: one consistent guess at what the seat cannot
/// see. Entries for what the seat can see are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deal {
    /// Per seat, the Action cards in hand (bits of its printed hand).
    pub actions: [u8; SEATS],
    /// Per seat, the Region cards in hand.
    pub region_cards: [u16; SEATS],
    /// Per seat, the Vaala cards in hand.
    pub vaala_hand: [u8; SEATS],
    /// Per seat, its Vaala deck, bottom first.
    pub vaala_deck: [Vec<u8>; SEATS],
    /// The id of each face-down stack card the seat cannot see, by position
    /// (Action cards by content id, Region cards by region, Events by id).
    pub stack: Vec<(u8, u8)>,
    /// The Event deck, bottom first.
    pub events: Vec<u8>,
    /// The Denizen deck, bottom first.
    pub denizens: Vec<u8>,
}

/// The first stack position still face down in `s`.
/// The most stream words a seat's knowledge carries from one unit of play
/// (a combat of many rounds with six dice a side draws a few hundred).
const MAX_ROLLED: usize = 4096;

fn first_face_down(s: &Core) -> u8 {
    s.stack_pos + u8::from(s.phase == Phase::Resolution || s.phase == Phase::Over)
}

impl Lov {
    /// What `seat` knows of this game.
    pub fn knowledge(&self, seat: u8) -> Knowledge {
        Knowledge::of(self, seat)
    }
}

impl Knowledge {
    /// What `seat` knows of `g` now.
    pub fn of(g: &Lov, seat: u8) -> Knowledge {
        let c = g.content();
        let mut base = g.settled().clone();
        let mut action_pool = [0u8; SEATS];
        let mut region_pool = [0u16; SEATS];
        let mut vaala_pool = [0u8; SEATS];
        let mut unseen = Vec::new();
        let hidden_from = first_face_down(&base);
        for i in usize::from(hidden_from)..usize::from(base.stack_len) {
            let card = base.stack[i];
            let mine = card.kind != CardKind::Event && card.owner == seat;
            if mine {
                continue;
            }
            match card.kind {
                CardKind::Event => unseen.push(card.id),
                CardKind::Action => {
                    let o = usize::from(card.owner);
                    let local = c.hand[o].iter().position(|&x| x == card.id).unwrap_or(0);
                    action_pool[o] |= 1 << local;
                }
                CardKind::Region => region_pool[usize::from(card.owner)] |= 1 << card.id,
            }
            base.stack[i].id = NONE;
        }
        unseen.extend_from_slice(&base.events[..usize::from(base.events_left)]);
        unseen.sort_unstable();
        for e in &mut base.events[..usize::from(base.events_left)] {
            *e = NONE;
        }
        for (o, p) in base.players.iter_mut().enumerate() {
            let n = usize::from(p.vaala_deck_len);
            let deck = p.vaala_deck[..n].iter().fold(0u8, |m, &v| m | 1 << v);
            p.vaala_deck = [0; 5];
            if o == usize::from(seat) {
                vaala_pool[o] = deck;
                continue;
            }
            action_pool[o] |= p.actions;
            region_pool[o] |= p.region_cards;
            vaala_pool[o] = deck | p.vaala_hand;
            p.actions = 0;
            p.region_cards = 0;
            p.vaala_hand = 0;
        }
        let n = usize::from(base.denizen_len);
        base.denizen_deck[..n].sort_unstable();
        // Past dice are public; the stream's state, which holds the dice to
        // come, is not: only the words already drawn leave the game.
        let (was, now) = (g.settled(), g.state());
        // A Vaala deck shuffled again in this unit (a card in it now that
        // was not before) would give away its order through the words.
        let reshuffled = (0..SEATS).any(|o| {
            let deck = |c: &Core| {
                let p = &c.players[o];
                p.vaala_deck[..usize::from(p.vaala_deck_len)]
                    .iter()
                    .fold(0u8, |m, &v| m | 1 << v)
            };
            deck(now) & !deck(was) != 0
        });
        let own_drawn = if reshuffled {
            Vec::new()
        } else {
            let (p, q) = (
                &was.players[usize::from(seat)],
                &now.players[usize::from(seat)],
            );
            let (left, had) = (usize::from(q.vaala_deck_len), usize::from(p.vaala_deck_len));
            p.vaala_deck[left.min(had)..had].to_vec()
        };
        let rolled =
            if !reshuffled && base.phase == Phase::Resolution && now.phase == Phase::Resolution {
                was.stream
                    .words_to(&now.stream, MAX_ROLLED)
                    .unwrap_or_default()
            } else {
                Vec::new()
            };
        base.stream = Stream::new(0);
        base.draws = 0;
        Knowledge {
            seat,
            base,
            answers: g.unit_answers().to_vec(),
            view: g.view(seat),
            ask: g.question().map_or(Ask::Other, |q| q.ask),
            action_pool,
            region_pool,
            vaala_pool,
            unseen_events: unseen,
            rolled,
            own_drawn,
        }
    }

    /// The Vaala cards the seat drew from its own deck in this unit, in the
    /// order of the deck from its bottom: a deal puts them on top of it.
    pub fn own_drawn(&self) -> &[u8] {
        &self.own_drawn
    }

    /// The seat that knows this.
    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// The seat's view now (its options among it, when it decides).
    pub fn view(&self) -> &View {
        &self.view
    }

    /// What the pending question asks.
    pub fn ask(&self) -> Ask {
        self.ask
    }

    /// The state at the start of the unit of play in progress, hidden cards
    /// taken out.
    pub fn base(&self) -> &Core {
        &self.base
    }

    /// The answers given in the unit of play so far (each seen by every
    /// seat in what it did). After dice were rolled in the unit, only a
    /// deal whose dice fall the same way rebuilds the seat's view.
    pub fn answers(&self) -> &[u8] {
        &self.answers
    }

    /// `seat`'s Action cards in hand or face down (bits of its printed hand).
    pub fn action_pool(&self, seat: u8) -> u8 {
        self.action_pool[usize::from(seat)]
    }

    /// `seat`'s Region cards in hand or face down.
    pub fn region_pool(&self, seat: u8) -> u16 {
        self.region_pool[usize::from(seat)]
    }

    /// `seat`'s Vaala cards in hand or deck (the knowing seat's own: in its
    /// deck, its hand being known).
    pub fn vaala_pool(&self, seat: u8) -> u8 {
        self.vaala_pool[usize::from(seat)]
    }

    /// The Events not yet revealed, in id order.
    pub fn unseen_events(&self) -> &[u8] {
        &self.unseen_events
    }

    /// The stack positions face down to this seat, with the back and owner.
    pub fn hidden_stack(&self) -> impl Iterator<Item = (u8, CardKind, u8)> + '_ {
        let s = &self.base;
        (first_face_down(s)..s.stack_len).filter_map(move |i| {
            let c = s.stack[usize::from(i)];
            (c.id == NONE).then_some((i, c.kind, c.owner))
        })
    }

    /// The legal decisions now, when this seat decides.
    pub fn options(&self) -> &[Decision] {
        &self.view.options
    }

    /// A game built from this knowledge and `deal`, its dice from `seed`.
    /// Refused when the deal does not fit the pools, or when the game it
    /// makes does not show this seat exactly what it saw (a deal whose dice,
    /// rolled in the unit in progress, fell otherwise).
    pub fn build(&self, content: &Arc<Content>, deal: &Deal, seed: u64) -> Result<Lov, LovError> {
        let refuse = |what: String| Err(LovError::Setup(format!("deal refused: {what}")));
        let mut s = self.base.clone();
        let me = usize::from(self.seat);
        let mut placed_actions = [0u8; SEATS];
        let mut placed_regions = [0u16; SEATS];
        let mut events = self.unseen_events.clone();
        for &(pos, id) in &deal.stack {
            let Some(card) = s.stack.get_mut(usize::from(pos)) else {
                return refuse(format!("no stack position {pos}"));
            };
            if pos >= s.stack_len {
                return refuse(format!("no card at stack position {pos}"));
            }
            if card.id != NONE {
                // Seen by the seat: nothing to deal.
                continue;
            }
            match card.kind {
                CardKind::Event => match events.iter().position(|&e| e == id) {
                    Some(i) => {
                        events.swap_remove(i);
                    }
                    None => return refuse(format!("Event {id} is not unseen")),
                },
                CardKind::Action => {
                    let o = usize::from(card.owner);
                    let Some(local) = content.hand[o].iter().position(|&x| x == id) else {
                        return refuse(format!("Action card {id} is not seat {o}'s"));
                    };
                    placed_actions[o] |= 1 << local;
                }
                CardKind::Region => placed_regions[usize::from(card.owner)] |= 1 << id,
            }
            card.id = id;
        }
        if s.stack[..usize::from(s.stack_len)]
            .iter()
            .any(|c| c.id == NONE)
        {
            return refuse("a hidden stack card was not dealt".into());
        }
        events.sort_unstable();
        let mut dealt_events = deal.events.clone();
        dealt_events.sort_unstable();
        if events != dealt_events {
            return refuse("the Event deck is not the unseen Events".into());
        }
        s.events[..deal.events.len()].copy_from_slice(&deal.events);
        let mut denizens = deal.denizens.clone();
        denizens.sort_unstable();
        let n = usize::from(s.denizen_len);
        if denizens[..] != s.denizen_deck[..n] {
            return refuse("the Denizen deck is not the Denizens left".into());
        }
        s.denizen_deck[..n].copy_from_slice(&deal.denizens);
        for (o, p) in s.players.iter_mut().enumerate() {
            let deck = &deal.vaala_deck[o];
            let deck_bits = deck.iter().fold(0u8, |m, &v| m | 1 << v);
            if deck.len() != usize::from(p.vaala_deck_len)
                || deck_bits.count_ones() as usize != deck.len()
            {
                return refuse(format!("seat {o}'s Vaala deck"));
            }
            p.vaala_deck[..deck.len()].copy_from_slice(deck);
            if o == me {
                if deck_bits != self.vaala_pool[o] {
                    return refuse("the seat's own Vaala deck".into());
                }
                continue;
            }
            let hand = deal.vaala_hand[o];
            if hand & deck_bits != 0 || hand | deck_bits != self.vaala_pool[o] {
                return refuse(format!("seat {o}'s Vaala cards"));
            }
            p.vaala_hand = hand;
            if deal.actions[o] & placed_actions[o] != 0
                || deal.actions[o] | placed_actions[o] != self.action_pool[o]
            {
                return refuse(format!("seat {o}'s Action cards"));
            }
            p.actions = deal.actions[o];
            if deal.region_cards[o] & placed_regions[o] != 0
                || deal.region_cards[o] | placed_regions[o] != self.region_pool[o]
            {
                return refuse(format!("seat {o}'s Region cards"));
            }
            p.region_cards = deal.region_cards[o];
        }
        s.stream = Stream::replaying(seed, &self.rolled);
        let g = Lov::resume(content, s, &self.answers)?;
        if g.view(self.seat) != self.view {
            return refuse("the game it makes shows the seat another view".into());
        }
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::RandomPolicy;
    use crate::setup::Setup;

    /// The true hidden cards of `g`, as a deal.
    fn true_deal(g: &Lov) -> Deal {
        let s = g.settled();
        let mut d = Deal::default();
        for (o, p) in s.players.iter().enumerate() {
            d.actions[o] = p.actions;
            d.region_cards[o] = p.region_cards;
            d.vaala_hand[o] = p.vaala_hand;
            d.vaala_deck[o] = p.vaala_deck[..usize::from(p.vaala_deck_len)].to_vec();
        }
        for i in first_face_down(s)..s.stack_len {
            d.stack.push((i, s.stack[usize::from(i)].id));
        }
        d.events = s.events[..usize::from(s.events_left)].to_vec();
        d.denizens = s.denizen_deck[..usize::from(s.denizen_len)].to_vec();
        d
    }

    /// A planning question of seat 0 in the second round or later (an Event
    /// revealed), with cards face down on the stack.
    fn planning_game(c: &Arc<Content>) -> Lov {
        let mut g = Lov::start(c, &Setup::new(4, [true; 4], c)).unwrap();
        let mut p = RandomPolicy::new(4);
        while !(matches!(g.state().phase, Phase::Planning { .. })
            && g.to_decide() == Some(0)
            && g.state().round >= 2
            && g.state().stack_len >= 3)
        {
            g.apply(p.choose(&g).unwrap()).unwrap();
        }
        g
    }

    /// The true cards dealt back rebuild the game as the seat sees it; a
    /// deal that gives a player a card it cannot hold is refused.
    #[test]
    fn a_deal_must_fit_what_the_seat_knows() {
        let c = Arc::new(Content::default_pack().unwrap());
        let g = planning_game(&c);
        let k = g.knowledge(0);
        let deal = true_deal(&g);
        let built = k.build(&c, &deal, 1).unwrap();
        assert_eq!(built.view(0), g.view(0));
        assert_eq!(built.options(), g.options());

        // Seat 1 given an Action card it has face down as well as in hand.
        let mut bad = deal.clone();
        let (pos, id) = *deal
            .stack
            .iter()
            .find(|&&(pos, _)| {
                let card = g.settled().stack[usize::from(pos)];
                card.kind == CardKind::Action && card.owner != 0
            })
            .unwrap();
        let owner = usize::from(g.settled().stack[usize::from(pos)].owner);
        let local = c.hand[owner].iter().position(|&x| x == id).unwrap();
        bad.actions[owner] |= 1 << local;
        let e = k.build(&c, &bad, 1).unwrap_err().to_string();
        assert!(e.contains("Action cards"), "{e}");

        // An Event that was already revealed.
        let mut bad = deal.clone();
        bad.events[0] = (0..c.events.len() as u8)
            .find(|e| !k.unseen_events().contains(e))
            .unwrap();
        let e = k.build(&c, &bad, 1).unwrap_err().to_string();
        assert!(e.contains("Event deck"), "{e}");
    }

    /// What seat 0 knows does not change when another seat's hidden cards
    /// do, and holds none of them.
    #[test]
    fn knowledge_holds_nothing_hidden_from_its_seat() {
        let c = Arc::new(Content::default_pack().unwrap());
        let g = planning_game(&c);
        for other in 1..4 {
            let alt = g.with_other_hidden_cards(other, 77);
            assert_eq!(g.knowledge(0), alt.knowledge(0));
        }
        let k = g.knowledge(0);
        assert!(
            k.base().players[1..]
                .iter()
                .all(|p| p.actions == 0 && p.vaala_hand == 0)
        );
        assert_eq!(k.base().stream, Stream::new(0));
    }
}
