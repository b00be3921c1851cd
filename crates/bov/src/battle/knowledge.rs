//! What one seat knows of a battle, and battles built from it.
//!
//! The only things hidden in a battle are the Vaala cards in each hand
//! (BoV 5.1, "Vaala Cards"; the house ruling "Force lists name their Vaala
//! cards": the opponent knows only how many). A search bot must not read
//! them, nor the dice still to come. So the engine hands a seat a
//! [`Knowledge`]: the battle as it stands with the other seat's hand taken
//! out, its list's text (which names the cards) blanked, and the dice
//! stream reset; how many cards that hand holds; and the cards it already
//! played, which were named at the table when played. A battle is built
//! back from it with a guessed hand and a fresh stream of dice.
//!
//! What the seat knows of the other hand: it holds `other_cards` cards, all
//! different ("no duplicate Vaala cards", "Select Vaala and Artifacts"),
//! none of them one it already played ("Once a Vaala card is played, it is
//! discarded from the game"). And when the other seat is pausing on a
//! reaction window, it has some reaction to take (house ruling: the window
//! opens only for a player who has one).

use valerna_dice::Stream;
use valerna_game::Seat;

use super::{Battle, BattleError, Phase, Step, err};

/// What one seat knows (see the module documentation). Two battles that
/// differ only in the other seat's Vaala cards and the dice to come give
/// the same knowledge.
#[derive(Clone, Debug)]
pub struct Knowledge {
    seat: Seat,
    /// The battle with the other hand emptied, its list's text blanked and
    /// a stream of seed 0.
    base: Battle,
    /// How many Vaala cards the other hand holds.
    other_cards: usize,
    /// The Vaala cards the other seat played, in the order it was dealt them.
    played: Vec<String>,
}

impl Battle {
    /// What `seat` knows of this battle now.
    pub fn knowledge(&self, seat: Seat) -> Knowledge {
        let seat = seat.min(1);
        let o = usize::from(Battle::other(seat));
        let mut base = self.clone();
        let hand = std::mem::take(&mut base.hands[o]);
        // The cards dealt and no longer in the hand were played, and named.
        let mut held = hand.clone();
        let mut played = Vec::new();
        for card in &self.dealt[o] {
            match held.iter().position(|h| h == card) {
                Some(i) => {
                    held.swap_remove(i);
                }
                None => played.push(card.clone()),
            }
        }
        base.dealt[o] = played.clone();
        base.setup.lists[o] = String::new();
        base.stream = Stream::new(0);
        if let Phase::Reaction {
            seat: reacting,
            options,
            ..
        } = &mut base.phase
            && usize::from(*reacting) == o
        {
            options.clear();
        }
        Knowledge {
            seat,
            base,
            other_cards: hand.len(),
            played,
        }
    }
}

impl Knowledge {
    /// The seat that knows this.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The battle as the seat knows it: the other hand empty, the dice
    /// stream of seed 0. Enough for anything that reads only the table and
    /// the seat's own cards.
    pub fn base(&self) -> &Battle {
        &self.base
    }

    /// How many Vaala cards the other hand holds.
    pub fn other_cards(&self) -> usize {
        self.other_cards
    }

    /// The Vaala cards the other seat played so far.
    pub fn played(&self) -> &[String] {
        &self.played
    }

    /// The Vaala cards the other hand may hold: the pack's, less those the
    /// other seat played, in pack order.
    pub fn other_pool(&self) -> Vec<String> {
        self.base
            .pack
            .vaala
            .iter()
            .filter(|c| !self.played.contains(&c.id))
            .map(|c| c.id.clone())
            .collect()
    }

    /// A battle built from this knowledge with `hand` as the other seat's
    /// Vaala cards and dice from `seed`. Refused when the hand does not fit
    /// what the seat knows: the wrong number of cards, a card twice, a card
    /// not in the pack or already played. A reaction window the other seat
    /// is pausing on says nothing of its hand (it opens for any hand that
    /// may hold an answer), so any hand fits it; its options are the hand's.
    pub fn build(&self, hand: Vec<String>, seed: u64) -> Result<Battle, BattleError> {
        let o = usize::from(Battle::other(self.seat));
        if hand.len() != self.other_cards {
            return err(format!(
                "hand refused: {} cards, not the {} the other seat holds",
                hand.len(),
                self.other_cards
            ));
        }
        for (i, card) in hand.iter().enumerate() {
            if hand[..i].contains(card) {
                return err(format!("hand refused: '{card}' twice"));
            }
            if self.base.pack.vaala_card(card).is_none() {
                return err(format!("hand refused: no Vaala card '{card}' in the pack"));
            }
            if self.played.contains(card) {
                return err(format!("hand refused: '{card}' was already played"));
            }
        }
        let mut b = self.base.clone();
        b.dealt[o].extend(hand.iter().cloned());
        b.hands[o] = hand;
        b.stream = Stream::new(seed);
        let vaala_played = matches!(
            b.queue.front(),
            Some(Step::Reactions {
                vaala_played: true,
                ..
            })
        );
        let reopened = match &b.phase {
            Phase::Reaction { seat, window, .. } if usize::from(*seat) == o => {
                Some(b.reaction_options(window, *seat, vaala_played))
            }
            _ => None,
        };
        if let (Some(new), Phase::Reaction { options, .. }) = (reopened, &mut b.phase) {
            *options = new;
        }
        Ok(b)
    }
}

impl Battle {
    /// The same battle with `seat`'s Vaala cards in hand swapped for other
    /// cards of the pack (`salt` picks which), none of them one it already
    /// played. Everything another seat or a spectator may be told is the
    /// same in both: tests compare what each is sent.
    pub fn with_other_hand(&self, seat: Seat, salt: u64) -> Battle {
        let s = usize::from(seat.min(1));
        let mut b = self.clone();
        let pool: Vec<&String> = self
            .pack
            .vaala
            .iter()
            .map(|c| &c.id)
            .filter(|id| !self.dealt[s].contains(id))
            .collect();
        if pool.is_empty() {
            return b;
        }
        for (i, card) in b.hands[s].iter_mut().enumerate() {
            let new = pool[(salt as usize).wrapping_add(i) % pool.len()].clone();
            if let Some(d) = b.dealt[s].iter_mut().find(|d| **d == *card) {
                *d = new.clone();
            }
            *card = new;
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use valerna_game::Game;

    use super::*;
    use crate::battle::BattleSetup;
    use crate::battle::bots::{Bot, GreedyBot};
    use crate::content::Pack;

    fn pitched(seed: u64, b: &str) -> Battle {
        let pack = Arc::new(Pack::default_pack().unwrap());
        Battle::start(&pack, &BattleSetup::pitched(seed, "allaria_guild_line", b)).unwrap()
    }

    /// The knowledge of seat 0 holds none of seat 1's cards, and a battle
    /// built back with seat 1's true hand shows both seats what the true
    /// battle shows them.
    #[test]
    fn knowledge_holds_nothing_of_the_other_hand_and_builds_it_back() {
        let mut g = pitched(3, "tyveria_swarm");
        let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
        for _ in 0..60 {
            let seat = g.to_decide().unwrap();
            let d = bots[usize::from(seat)].decide(&g);
            g.apply(d).unwrap();
        }
        let k = g.knowledge(0);
        assert!(k.base().hands[1].is_empty());
        assert!(k.base().setup.lists[1].is_empty());
        let hand = g.hands[1].clone();
        let n = hand.len();
        assert!(n >= 2, "the Swarm holds {n} Vaala cards");
        assert_eq!(k.other_cards(), n);
        assert_eq!(k.base().view(0).hand, g.view(0).hand);
        let built = k.build(hand.clone(), 9).unwrap();
        for seat in 0..2 {
            assert_eq!(
                serde_json::to_string(&built.view(seat)).unwrap(),
                serde_json::to_string(&g.view(seat)).unwrap()
            );
        }
        let e = k.build(vec![hand[0].clone()], 9).unwrap_err().to_string();
        assert!(e.contains(&format!("1 cards, not the {n}")), "{e}");
        let mut twice = hand.clone();
        twice[1] = hand[0].clone();
        let e = k.build(twice, 9).unwrap_err().to_string();
        assert!(e.contains("twice"), "{e}");
        let mut unknown = hand.clone();
        unknown[1] = "no_such_card".into();
        let e = k.build(unknown, 9).unwrap_err().to_string();
        assert!(e.contains("no Vaala card"), "{e}");
    }

    /// A played card is known to be gone from the other hand (BoV 5.1,
    /// "Vaala Cards": "Once a Vaala card is played, it is discarded").
    #[test]
    fn a_played_card_is_out_of_the_pool() {
        let mut g = pitched(3, "tyveria_swarm");
        let card = g.hands[1][0].clone();
        g.hands[1].remove(0);
        let k = g.knowledge(0);
        assert_eq!(k.played(), std::slice::from_ref(&card));
        assert!(!k.other_pool().contains(&card));
        assert_eq!(k.other_cards(), g.hands[1].len());
        let mut with_played = g.hands[1].clone();
        with_played[0] = card;
        let e = k.build(with_played, 1).unwrap_err().to_string();
        assert!(e.contains("already played"), "{e}");
    }
}
