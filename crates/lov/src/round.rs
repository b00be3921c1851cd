//! The round (LoV p.8-9): Planning, Resolution, Clean-up.

use crate::content::{Kind, SEATS};
use crate::decision::{Decision, Opts};
use crate::effect::{Glyph, Step};
use crate::effects::bits;
use crate::engine::{Eng, Res};
use crate::log::{Ask, Card, Event};
use crate::state::{CardKind, EndReason, NONE, Phase, StackCard};

impl Eng<'_> {
    /// Runs one unit of play: a planning turn, one card, or Clean-up.
    pub fn run_unit(&mut self) -> Res {
        match self.s.phase {
            Phase::Planning { turn } => self.planning_turn(turn),
            Phase::Resolution => self.resolve_next(),
            Phase::CleanUp => self.clean_up(),
            Phase::Over => Err(crate::engine::Halt::Over),
        }
    }

    // ------------------------------------------------------------ Planning

    /// One player's planning turn (LoV p.8 "Planning Phase"; p.10 for the
    /// Faceless; docs/rulings.md, "Timing and wording": the first pass ends Planning).
    fn planning_turn(&mut self, seat: u8) -> Res {
        let next = Phase::Planning {
            turn: (seat + 1) % SEATS as u8,
        };
        if !self.s.players[seat as usize].human {
            self.s.faceless_planning_turn(self.c, seat);
            return Ok(());
        }
        let o = self.s.planning_options(seat);
        match self.ask(seat, Ask::Plan, o.as_slice())? {
            Decision::PlayAction(i) => {
                self.play_action(seat, i);
                self.s.phase = next;
            }
            Decision::PlayRegion(r) => {
                self.s.players[seat as usize].region_cards &= !(1 << r);
                self.s.players[seat as usize].played = true;
                self.play_card(StackCard {
                    kind: CardKind::Region,
                    id: r,
                    owner: seat,
                });
                self.s.phase = next;
            }
            _ => {
                self.pass(seat)?;
                self.place_event();
                self.s.phase = Phase::Resolution;
                self.emit(Event::PhaseStarted {
                    phase: Phase::Resolution,
                });
            }
        }
        Ok(())
    }

    fn play_action(&mut self, seat: u8, i: u8) {
        let p = &mut self.s.players[seat as usize];
        p.actions &= !(1 << i);
        p.played = true;
        let id = self.c.hand[seat as usize][usize::from(i)];
        self.play_card(StackCard {
            kind: CardKind::Action,
            id,
            owner: seat,
        });
    }

    /// A card goes on the stack face down: who played it and its back are
    /// public, the card itself is its owner's (LoV p.8; docs/rulings.md,
    /// "The Action stack's backs").
    fn play_card(&mut self, card: StackCard) {
        self.s.push_card(card);
        let position = self.s.stack_len - 1;
        self.emit(Event::CardPlayed {
            seat: card.owner,
            position,
            back: card.kind,
        });
        self.emit_to(
            card.owner,
            Event::OwnCardPlayed {
                seat: card.owner,
                position,
                card: Card::of(card.kind, card.id),
            },
        );
    }

    /// The next Event card goes on the stack face down (LoV p.8).
    fn place_event(&mut self) {
        let before = self.s.stack_len;
        self.s.push_event();
        if self.s.stack_len > before {
            self.emit(Event::EventPlaced { position: before });
        }
    }

    /// The passing player takes the initiative token, or, holding it
    /// already, gives it to another human (p.8). In solo play the human
    /// always keeps it (Appendix "Solo play").
    fn pass(&mut self, seat: u8) -> Res {
        let take = self.s.initiative != seat;
        self.emit(Event::Passed {
            seat,
            initiative: take,
        });
        if take {
            self.s.initiative = seat;
            return Ok(());
        }
        let mut o = Opts::default();
        for s in 0..SEATS as u8 {
            if s != seat && self.s.players[s as usize].human {
                o.push(Decision::GiveInitiative(s));
            }
        }
        if !o.is_empty()
            && let Decision::GiveInitiative(s) = self.ask(seat, Ask::Initiative, o.as_slice())?
        {
            self.s.initiative = s;
            self.emit(Event::InitiativeGiven { from: seat, to: s });
        }
        Ok(())
    }

    // ---------------------------------------------------------- Resolution

    /// Resolves the next card of the stack, in the order played (docs/rulings.md, "Timing and wording");
    /// an Action card one glyph at a time.
    fn resolve_next(&mut self) -> Res {
        if self.s.stack_pos >= self.s.stack_len {
            self.s.phase = Phase::CleanUp;
            self.emit(Event::PhaseStarted {
                phase: Phase::CleanUp,
            });
            return Ok(());
        }
        let card = self.s.stack[usize::from(self.s.stack_pos)];
        let shown = Card::of(card.kind, card.id);
        self.source = Some(shown);
        if self.s.glyph_pos == 0 {
            self.emit(Event::Revealed {
                position: self.s.stack_pos,
                card: shown,
                owner: card.owner,
            });
        }
        // A cancel played before this card ignores all of it (Glossary "Cancel").
        if self.s.glyph_pos == 0 && std::mem::replace(&mut self.s.cancel_next, false) {
            self.emit(Event::Cancelled {
                position: self.s.stack_pos,
            });
            self.finish_card(card);
            return Ok(());
        }
        match card.kind {
            CardKind::Event => {
                let steps = &self.c.events[usize::from(card.id)].steps;
                self.run_steps(NONE, NONE, steps)?;
                self.finish_card(card);
            }
            CardKind::Action => {
                // Glyphs top to bottom (p.8), each optional for a human, all
                // for the Faceless (p.10); Dragonbond after every glyph.
                let glyphs = &self.c.actions[usize::from(card.id)].glyphs;
                if let Some(&g) = glyphs.get(usize::from(self.s.glyph_pos)) {
                    self.activate_glyph(card.owner, g, true)?;
                }
                self.s.glyph_pos += 1;
                if usize::from(self.s.glyph_pos) >= glyphs.len() {
                    self.finish_card(card);
                }
            }
            CardKind::Region => {
                self.resolve_region(card.id)?;
                self.finish_card(card);
            }
        }
        Ok(())
    }

    /// A resolved card goes back to its owner's hand (p.8): an Action card
    /// for good, a Region card until Clean-up checks control (p.9).
    fn finish_card(&mut self, card: StackCard) {
        match card.kind {
            CardKind::Event => {}
            CardKind::Action => {
                let local = self.c.hand[card.owner as usize]
                    .iter()
                    .position(|&x| x == card.id)
                    .unwrap_or(0);
                self.s.players[card.owner as usize].actions |= 1 << local;
            }
            CardKind::Region => self.s.players[card.owner as usize].region_cards |= 1 << card.id,
        }
        self.s.stack_pos += 1;
        self.s.glyph_pos = 0;
    }

    /// Activates one board glyph of `seat` (`optional`: a human may skip it).
    pub fn activate_glyph(&mut self, seat: u8, g: Glyph, optional: bool) -> Res {
        if self.kind(seat) == Kind::Dragon && self.s.fully_wounded(seat) {
            // Rest & Recover heals 2 instead of this glyph; it is a glyph
            // activated, so Dragonbond is checked after it (p.10-11).
            self.heal(seat, 2);
            return self.dragonbond_check(seat);
        }
        let human = self.human(seat);
        let card = self.source.unwrap_or(Card::Board { seat, glyph: g });
        let ask = Ask::Glyph { glyph: g, card };
        let activated = !(human
            && optional
            && self.ask(seat, ask, &[Decision::Activate, Decision::Skip])? == Decision::Skip);
        self.emit(Event::Glyph {
            seat,
            glyph: g,
            activated,
        });
        if !activated {
            return Ok(());
        }
        let ch = &self.c.characters[seat as usize];
        let side = if human { &ch.human } else { &ch.faceless };
        let Some(i) = g.board_index() else {
            return Ok(());
        };
        let steps: &[Step] = &side.glyphs[i];
        let card = self.source.replace(Card::Board { seat, glyph: g });
        self.run_steps(seat, NONE, steps)?;
        self.source = card;
        self.dragonbond_check(seat)
    }

    /// A Region card: the map's glyphs for it, top to bottom, resolved by
    /// whoever controls the region now (p.8; Glossary "Region cards").
    fn resolve_region(&mut self, r: u8) -> Res {
        let glyphs = &self.c.regions[usize::from(r)].glyphs;
        for &g in glyphs {
            let controller = self.s.controller(r).unwrap_or(NONE);
            let steps: &[Step] = match g {
                Glyph::Upgrade => &self.c.upgrade,
                Glyph::Reinforce => &self.c.reinforce,
                _ => &self.c.fortify,
            };
            self.run_steps(controller, r, steps)?;
        }
        Ok(())
    }

    // ------------------------------------------------------------ Clean-up

    /// LoV p.9 "Clean-up Phase".
    fn clean_up(&mut self) -> Res {
        if self.s.events_left == 0 {
            let w = self.most_power_winners(0, true);
            return self.end_game(EndReason::Events, w);
        }
        for seat in 0..SEATS {
            let n = self.c.hand[seat].len();
            let p = &mut self.s.players[seat];
            // Hands hold every Action card again.
            p.actions = ((1u16 << n) - 1) as u8;
            p.combat_bonus = 0;
            // Face-up Vaala go to the discard pile.
            p.vaala_discard |= p.vaala_face_up;
            p.vaala_face_up = 0;
            // Human Generals hold the Region cards of the regions they control.
            if p.human && self.c.characters[seat].kind == Kind::General {
                let mut cards = 0u16;
                for r in 0..self.s.regions.len() as u8 {
                    if self.s.controller(r) == Some(seat as u8) {
                        cards |= 1 << r;
                    }
                }
                self.s.players[seat].region_cards = cards;
            } else {
                p.region_cards = 0;
            }
        }
        // Unclaimed lineup back into the deck, shuffled, 6 drawn.
        for i in 0..usize::from(self.s.lineup_len) {
            let d = self.s.lineup[i];
            self.s.denizen_deck[usize::from(self.s.denizen_len)] = d;
            self.s.denizen_len += 1;
        }
        self.s.lineup_len = 0;
        let n = usize::from(self.s.denizen_len);
        let mut deck = self.s.denizen_deck;
        self.s.dice().shuffle(&mut deck[..n]);
        self.s.denizen_deck = deck;
        self.s.draw_lineup();
        self.s.begin_round();
        self.emit(Event::RoundStarted {
            round: self.s.round,
        });
        if self.s.stack_len > 0 {
            self.emit(Event::EventPlaced { position: 0 });
        }
        Ok(())
    }
}

impl crate::state::Core {
    /// What a human may do on its planning turn: play a card from its hand,
    /// or pass, but only after playing a card, and must with an empty hand
    /// (LoV p.8). The turn opens with this question, before it changes
    /// anything, so the driver asks it straight from the checkpoint.
    pub fn planning_options(&self, seat: u8) -> Opts {
        let p = &self.players[seat as usize];
        let mut o = Opts::default();
        for i in bits(u16::from(p.actions)) {
            o.push(Decision::PlayAction(i));
        }
        for r in bits(p.region_cards) {
            o.push(Decision::PlayRegion(r));
        }
        if p.played || o.is_empty() {
            o.push(Decision::Pass);
        }
        o
    }

    /// A Faceless planning turn: a random card, never a pass, skipped when
    /// out of cards (LoV p.10). It asks nothing, so the driver runs it in
    /// place, without a checkpoint.
    pub fn faceless_planning_turn(&mut self, c: &crate::content::Content, seat: u8) {
        let p = self.players[seat as usize];
        if p.actions != 0 {
            let n = p.actions.count_ones() as usize;
            let k = self.dice().index(n);
            let i = nth_bit(u16::from(p.actions), k);
            let p = &mut self.players[seat as usize];
            p.actions &= !(1 << i);
            p.played = true;
            let id = c.hand[seat as usize][usize::from(i)];
            self.push_card(StackCard {
                kind: CardKind::Action,
                id,
                owner: seat,
            });
        }
        self.phase = Phase::Planning {
            turn: (seat + 1) % SEATS as u8,
        };
    }
}

/// The index of the `k`-th set bit of `mask`.
pub fn nth_bit(mask: u16, k: usize) -> u8 {
    bits(mask).nth(k).unwrap_or(0)
}
