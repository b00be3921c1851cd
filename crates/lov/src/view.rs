//! What one seat may see (issue "Hidden information"): its own hand and
//! Vaala cards, everyone's public state, and of anything else hidden only
//! how many there are.

use serde::Serialize;

use crate::content::SEATS;
use crate::decision::{Decision, Question};
use crate::state::{
    CardKind, Core, EndReason, Force, LastRoll, Phase, Player, RegionState, StackCard,
};

/// One player's board as another seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovPlayerView))]
pub struct PlayerView {
    pub human: bool,
    pub power: u8,
    pub spent: u8,
    pub partner: u8,
    pub at: u8,
    pub wounds: u8,
    pub essence: u8,
    pub denizens: [u8; 3],
    pub supply: [u8; 3],
    pub combat_bonus: u8,
    pub eliminated: bool,
    pub played: bool,
    /// Cards in hand: counts for everyone.
    pub action_count: u8,
    pub region_count: u8,
    pub vaala_count: u8,
    pub vaala_deck: u8,
    /// Face-up Vaala cards (public) and the discard pile (played face up).
    pub vaala_face_up: u8,
    pub vaala_discard: u8,
    /// The viewing seat's own hand only (`null` on another's board), as a
    /// bit mask: bit `i` set when the character's `i`-th Action card is
    /// in hand (`PlayAction(i)`).
    pub actions: Option<u8>,
    /// The viewing seat's own Region cards only, as a bit mask: bit `r`
    /// set when region `r`'s card is in hand (`PlayRegion(r)`).
    pub region_cards: Option<u16>,
    /// The viewing seat's own Vaala hand only, as a bit mask: bit `i` set
    /// when the character's `i`-th Vaala card is in hand (`Vaala(i)`).
    pub vaala_hand: Option<u8>,
}

/// A card of the Action stack: known once resolved, or to its owner. Face
/// down, who played it and its back are public (LoV p.8: each player in
/// turn places a card; docs/rulings.md, "The Action stack's backs").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovStackView))]
pub enum StackView {
    /// `owner` is `NONE` (255) for an Event card.
    FaceDown {
        /// The seat that played it, or 255 for an Event card.
        owner: u8,
        back: CardKind,
    },
    Known(StackCard),
}

/// Everything `seat` may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(utoipa::ToSchema), schema(as = LovView))]
pub struct View {
    pub seat: u8,
    pub round: u8,
    pub phase: Phase,
    pub initiative: u8,
    pub solo: bool,
    pub regions: Vec<RegionState>,
    pub players: Vec<PlayerView>,
    pub power_supply: u8,
    pub neutral_supply: u8,
    pub city_supply: u8,
    pub events_left: u8,
    pub denizen_deck: u8,
    pub lineup: Vec<u8>,
    pub stack: Vec<StackView>,
    pub stack_pos: u8,
    pub cancel_next: bool,
    pub last_roll: [LastRoll; 2],
    pub bond_dice: [u8; 2],
    /// Who must decide now, and the options if it is this seat.
    pub to_decide: Option<u8>,
    /// Whose choice that is, when not the decider's own: a Faceless player
    /// (LoV p.10: the bonded ally, else the initiative holder, decides for
    /// it), or `NONE` (255) for an Event's.
    pub deciding_for: Option<u8>,
    pub options: Vec<Decision>,
    pub end: Option<EndReason>,
    /// The winners once the game is over, as a bit mask: bit `s` set for
    /// seat `s` (0 before the end).
    pub winners: u8,
    /// Each player's Combat Value where its General or Dragon stands (LoV
    /// p.13): public, as everything it is counted from.
    pub combat_values: [u8; SEATS],
}

fn player_view(p: &Player, own: bool) -> PlayerView {
    PlayerView {
        human: p.human,
        power: p.power,
        spent: p.spent,
        partner: p.partner,
        at: p.at,
        wounds: p.wounds,
        essence: p.essence_len,
        denizens: p.denizens,
        supply: p.supply,
        combat_bonus: p.combat_bonus,
        eliminated: p.eliminated,
        played: p.played,
        action_count: p.actions.count_ones() as u8,
        region_count: p.region_cards.count_ones() as u8,
        vaala_count: p.vaala_hand.count_ones() as u8,
        vaala_deck: p.vaala_deck_len,
        vaala_face_up: p.vaala_face_up,
        vaala_discard: p.vaala_discard,
        actions: own.then_some(p.actions),
        region_cards: own.then_some(p.region_cards),
        vaala_hand: own.then_some(p.vaala_hand),
    }
}

/// Builds the view of `seat` from a state.
pub fn build(s: &Core, seat: u8, question: Option<&Question>) -> View {
    let to_decide = question.map(|q| q.seat);
    let deciding_for = question.filter(|q| q.owner != q.seat).map(|q| q.owner);
    // In Resolution the card at `stack_pos` is the one being resolved: face up.
    let revealed = s.stack_pos + u8::from(s.phase == Phase::Resolution || s.phase == Phase::Over);
    let stack = (0..s.stack_len)
        .map(|i| {
            let c = s.stack[usize::from(i)];
            let mine = c.kind != CardKind::Event && c.owner == seat;
            if i < revealed || mine {
                StackView::Known(c)
            } else {
                StackView::FaceDown {
                    owner: c.owner,
                    back: c.kind,
                }
            }
        })
        .collect();
    View {
        seat,
        round: s.round,
        phase: s.phase,
        initiative: s.initiative,
        solo: s.solo,
        regions: s.regions.to_vec(),
        players: (0..SEATS)
            .map(|i| player_view(&s.players[i], i == usize::from(seat)))
            .collect(),
        power_supply: s.power_supply,
        neutral_supply: s.neutral_supply,
        city_supply: s.city_supply,
        events_left: s.events_left,
        denizen_deck: s.denizen_len,
        lineup: s.lineup[..usize::from(s.lineup_len)].to_vec(),
        stack,
        stack_pos: s.stack_pos,
        cancel_next: s.cancel_next,
        last_roll: s.last_roll,
        bond_dice: s.bond_dice,
        to_decide,
        deciding_for,
        options: match question {
            Some(q) if q.seat == seat => q.options().to_vec(),
            _ => Vec::new(),
        },
        end: s.end,
        winners: s.winners,
        combat_values: [0; SEATS],
    }
}

/// Changes what only `seat` may know (see `Lov::with_other_hidden_cards`).
pub fn perturb_hidden(
    s: &mut Core,
    c: &crate::content::Content,
    seat: u8,
    st: &mut valerna_dice::Stream,
) {
    let p = &mut s.players[usize::from(seat)];
    // Vaala: swap hand cards with deck cards, then reorder the deck.
    let n = usize::from(p.vaala_deck_len);
    for i in 0..5u8 {
        if p.vaala_hand & (1 << i) != 0 && n > 0 {
            let k = st.index(n);
            let other = p.vaala_deck[k];
            p.vaala_deck[k] = i;
            p.vaala_hand = (p.vaala_hand & !(1 << i)) | (1 << other);
        }
    }
    st.shuffle(&mut p.vaala_deck[..n]);
    // Face-down stack cards against cards of the same kind in hand.
    let hand = &c.hand[usize::from(seat)];
    let revealed = s.stack_pos + u8::from(s.phase == Phase::Resolution || s.phase == Phase::Over);
    for i in usize::from(revealed)..usize::from(s.stack_len) {
        let card = s.stack[i];
        if card.owner != seat {
            continue;
        }
        let p = &mut s.players[usize::from(seat)];
        match card.kind {
            CardKind::Action => {
                let in_hand: Vec<u8> = (0..8u8).filter(|b| p.actions & (1 << b) != 0).collect();
                if in_hand.is_empty() {
                    continue;
                }
                let b = in_hand[st.index(in_hand.len())];
                let a = hand.iter().position(|&x| x == card.id).unwrap_or(0) as u8;
                p.actions = (p.actions & !(1 << b)) | (1 << a);
                s.stack[i].id = hand[usize::from(b)];
            }
            CardKind::Region => {
                let in_hand: Vec<u8> = (0..16u8)
                    .filter(|b| p.region_cards & (1 << b) != 0)
                    .collect();
                if in_hand.is_empty() {
                    continue;
                }
                let b = in_hand[st.index(in_hand.len())];
                p.region_cards = (p.region_cards & !(1 << b)) | (1 << card.id);
                s.stack[i].id = b;
            }
            CardKind::Event => {}
        }
    }
}

impl View {
    /// A General's force in a region.
    pub fn force(&self, region: usize, general_seat: u8) -> Force {
        self.regions[region].force[Core::general_index(general_seat)]
    }
}
