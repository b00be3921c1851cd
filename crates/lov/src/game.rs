//! `valerna_game::Game` for Lords of Vaala: the driver that runs units of
//! play from checkpoints (see `engine.rs`).

use std::sync::Arc;

use valerna_game::{Choices, Game, Narrated, Outcome, Seat, Viewer};

use crate::content::Content;
use crate::decision::{Decision, Question};
use crate::engine::{Eng, Halt};
use crate::log::{Ask, Card, Entry, Event, Meaning, PUBLIC};
use crate::setup::{self, Setup};
use crate::state::{Core, NONE, Phase};
use crate::view::{self, View};

/// Most answers within one unit of play (one card of the stack).
const MAX_ANSWERS: usize = 192;

/// A refused setup or decision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LovError {
    #[error("setup refused: {0}")]
    Setup(String),
    #[error("the game is over")]
    Over,
    #[error("{decision:?} is not a legal choice for seat {seat} now; the choices are {choices}")]
    Illegal {
        seat: u8,
        decision: Decision,
        choices: String,
    },
    #[error("more than {MAX_ANSWERS} decisions within one card")]
    TooLong,
}

/// The refusal of a decision that is not among the question's options.
fn illegal(q: &Question, decision: Decision) -> LovError {
    LovError::Illegal {
        seat: q.seat,
        decision,
        choices: format!("{:?}", q.options()),
    }
}

/// A game of Lords of Vaala.
#[derive(Clone, Debug)]
pub struct Lov {
    content: Arc<Content>,
    /// Two states: the checkpoint at the start of the unit of play in
    /// progress, and the working copy where the pending question was asked.
    /// A finished unit's working copy becomes the next checkpoint by
    /// swapping roles, not by copying.
    slots: [Core; 2],
    /// Which slot is the checkpoint.
    checkpoint: u8,
    /// Which slot holds the state where the question stands.
    current: u8,
    answers: [u8; MAX_ANSWERS],
    n_answers: u8,
    question: Option<Question>,
    /// Whether events are kept (simulations and search switch it off).
    logging: bool,
    /// The events of finished units of play.
    log: Vec<Entry>,
    /// The events of the unit in progress, up to its question.
    pending: Vec<Entry>,
    /// The state's marks when the last decision was made: it may be taken
    /// back while they have not moved.
    undo: Option<Marks>,
}

/// What moves when dice are rolled, a card is revealed or drawn, or the
/// round goes on: a decision after which none of them moved can be taken
/// back without anyone having learnt anything from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Marks {
    draws: u32,
    stack_pos: u8,
    round: u8,
    resolving: bool,
    vaala_decks: [u8; 4],
}

impl Marks {
    fn of(s: &Core) -> Marks {
        Marks {
            draws: s.draws,
            stack_pos: s.stack_pos,
            round: s.round,
            resolving: !matches!(s.phase, Phase::Planning { .. }),
            vaala_decks: std::array::from_fn(|i| s.players[i].vaala_deck_len),
        }
    }
}

impl Lov {
    /// Runs units of play until a question or the end.
    fn advance(&mut self) {
        loop {
            let cp = usize::from(self.checkpoint);
            if let Phase::Planning { turn } = self.slots[cp].phase
                && self.n_answers == 0
            {
                let seat = usize::from(turn);
                if !self.slots[cp].players[seat].human {
                    let before = self.slots[cp].stack_len;
                    self.slots[cp].faceless_planning_turn(&self.content, turn);
                    let core = &self.slots[cp];
                    if self.logging && core.stack_len > before {
                        let card = core.stack[usize::from(before)];
                        self.log.push(Entry {
                            to: PUBLIC,
                            event: Event::CardPlayed {
                                seat: turn,
                                position: before,
                                back: card.kind,
                            },
                        });
                        self.log.push(Entry {
                            to: turn,
                            event: Event::OwnCardPlayed {
                                seat: turn,
                                position: before,
                                card: Card::of(card.kind, card.id),
                            },
                        });
                    }
                    continue;
                }
                // A human's turn opens with its question: asked from the
                // checkpoint, the turn runs once, with the answer.
                let o = self.slots[cp].planning_options(turn);
                if o.len() > 1 {
                    self.question = Some(Question::new(turn, o.as_slice()).asking(Ask::Plan));
                    self.current = self.checkpoint;
                    self.pending.clear();
                    return;
                }
            }
            let [a, b] = &mut self.slots;
            let (from, work) = if cp == 0 { (&*a, b) } else { (&*b, a) };
            work.restart_from(from);
            let log = if self.logging {
                self.pending.clear();
                Some(&mut self.pending)
            } else {
                None
            };
            let mut e = Eng::new(
                work,
                &self.content,
                &self.answers[..usize::from(self.n_answers)],
                log,
            );
            let r = e.run_unit();
            let question = e.question;
            let other = (1 - cp) as u8;
            match r {
                Ok(()) => {
                    self.checkpoint = other;
                    self.n_answers = 0;
                    if self.logging {
                        self.log.append(&mut self.pending);
                    }
                }
                Err(Halt::Ask) => {
                    self.question = question;
                    self.current = other;
                    return;
                }
                Err(Halt::Over) => {
                    self.checkpoint = other;
                    self.current = other;
                    self.n_answers = 0;
                    self.question = None;
                    self.log.append(&mut self.pending);
                    return;
                }
            }
        }
    }

    /// The current state (where the pending question stands).
    pub fn state(&self) -> &Core {
        &self.slots[usize::from(self.current)]
    }

    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    /// The state at the start of the unit of play in progress (between two
    /// cards, turns or phases: where every standing limit holds).
    pub fn settled(&self) -> &Core {
        &self.slots[usize::from(self.checkpoint)]
    }

    /// The same game with `seat`'s hidden cards changed: its Vaala deck
    /// reordered and swapped with its Vaala hand, its face-down cards on the
    /// stack swapped with cards of the same kind in its hand. Any other seat's
    /// view must not change (issue "Hidden information").
    #[doc(hidden)]
    pub fn with_other_hidden_cards(&self, seat: u8, salt: u64) -> Lov {
        let mut g = self.clone();
        let stream = valerna_dice::Stream::new(salt);
        let mut done = [false; 2];
        for i in [usize::from(g.checkpoint), usize::from(g.current)] {
            if !std::mem::replace(&mut done[i], true) {
                crate::view::perturb_hidden(
                    &mut g.slots[i],
                    &self.content,
                    seat,
                    &mut stream.clone(),
                );
            }
        }
        g
    }

    /// The answers given so far in the unit of play in progress.
    pub fn unit_answers(&self) -> &[u8] {
        &self.answers[..usize::from(self.n_answers)]
    }

    /// A game resumed from a settled state (the start of a unit of play)
    /// with the answers given in that unit so far, played on to its next
    /// question, without an event log. What [`crate::knowledge::Knowledge`]
    /// builds its games with.
    pub(crate) fn resume(
        content: &Arc<Content>,
        core: Core,
        answers: &[u8],
    ) -> Result<Lov, LovError> {
        if answers.len() > MAX_ANSWERS {
            return Err(LovError::TooLong);
        }
        let mut g = Lov {
            content: content.clone(),
            slots: [core.clone(), core],
            checkpoint: 0,
            current: 0,
            answers: [0; MAX_ANSWERS],
            n_answers: answers.len() as u8,
            question: None,
            logging: false,
            log: Vec::new(),
            pending: Vec::new(),
            undo: None,
        };
        g.answers[..answers.len()].copy_from_slice(answers);
        if g.slots[0].end.is_none() {
            g.advance();
        }
        Ok(g)
    }

    /// Each player's Combat Value now where its General or Dragon stands
    /// (LoV p.13), as a combat there would count it.
    pub fn combat_values(&self) -> [u8; 4] {
        let mut s = self.state().clone();
        let e = Eng::new(&mut s, &self.content, &[], None);
        std::array::from_fn(|seat| {
            let seat = seat as u8;
            let r = e.s.piece_at(seat);
            if r == NONE {
                0
            } else {
                e.combat_value(crate::decision::Target::Seat(seat), r)
            }
        })
    }

    /// What `side` would roll in a combat in region `r` now: its Combat
    /// Value there (LoV p.13), 0 where it has nothing.
    pub fn combat_value_in(&self, side: crate::decision::Target, r: u8) -> u8 {
        let mut s = self.state().clone();
        let e = Eng::new(&mut s, &self.content, &[], None);
        if usize::from(r) >= e.s.regions.len() || !e.present(side, r) {
            return 0;
        }
        e.combat_value(side, r)
    }

    /// The enemies `seat` may fight in region `r` (LoV p.12: the neutral
    /// Units, then every other seat not bonded to it, with something there).
    pub fn enemies_in(&self, seat: u8, r: u8) -> Vec<crate::decision::Target> {
        let mut s = self.state().clone();
        let e = Eng::new(&mut s, &self.content, &[], None);
        if usize::from(r) >= e.s.regions.len() {
            return Vec::new();
        }
        e.targets_in(seat, r)
            .as_slice()
            .iter()
            .filter_map(|d| match d {
                Decision::Attack(t) => Some(*t),
                _ => None,
            })
            .collect()
    }

    /// The pending question: who decides, for whom, what is asked.
    pub fn question(&self) -> Option<&Question> {
        self.question.as_ref()
    }

    /// The pending question's options.
    pub fn options(&self) -> &[Decision] {
        self.question.as_ref().map_or(&[], |q| q.options())
    }
}

impl Game for Lov {
    type Content = Content;
    type Setup = Setup;
    type Decision = Decision;
    type View = View;
    type Error = LovError;

    fn start(content: &Arc<Content>, setup: &Setup) -> Result<Self, LovError> {
        let core = setup::start(content, setup).map_err(LovError::Setup)?;
        let mut g = Lov {
            content: content.clone(),
            slots: [core.clone(), core],
            checkpoint: 0,
            current: 0,
            answers: [0; MAX_ANSWERS],
            n_answers: 0,
            question: None,
            logging: true,
            log: Vec::new(),
            pending: Vec::new(),
            undo: None,
        };
        let s = &g.slots[0];
        g.log.push(Entry {
            to: PUBLIC,
            event: Event::RoundStarted { round: s.round },
        });
        if s.stack_len > 0 {
            g.log.push(Entry {
                to: PUBLIC,
                event: Event::EventPlaced { position: 0 },
            });
        }
        g.advance();
        Ok(g)
    }

    fn seats(&self) -> usize {
        crate::content::SEATS
    }

    fn to_decide(&self) -> Option<Seat> {
        self.question.as_ref().map(|q| q.seat)
    }

    fn choices(&self, out: &mut Vec<Decision>) -> Choices {
        out.clear();
        out.extend_from_slice(self.options());
        Choices::Listed
    }

    fn validate(&self, decision: &Decision) -> Result<(), LovError> {
        let q = self.question.as_ref().ok_or(LovError::Over)?;
        if q.options().contains(decision) {
            return Ok(());
        }
        Err(illegal(q, *decision))
    }

    fn apply(&mut self, decision: Decision) -> Result<(), LovError> {
        let q = self.question.as_ref().ok_or(LovError::Over)?;
        let Some(i) = q.options().iter().position(|d| *d == decision) else {
            return Err(illegal(q, decision));
        };
        if usize::from(self.n_answers) >= MAX_ANSWERS {
            return Err(LovError::TooLong);
        }
        self.answers[usize::from(self.n_answers)] = i as u8;
        self.n_answers += 1;
        self.question = None;
        // Only a table (which keeps the log) takes decisions back.
        self.undo = self.logging.then(|| Marks::of(self.state()));
        self.advance();
        #[cfg(debug_assertions)]
        if let Err(broken) = crate::invariants::check(&self.content, self.state(), self.settled()) {
            panic!("an invariant broke after {decision:?}: {broken}");
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> View {
        let mut v = view::build(self.state(), seat, self.question.as_ref());
        v.combat_values = self.combat_values();
        v
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.state().end?;
        Some(Outcome {
            winners: (0..4u8)
                .filter(|s| self.state().winners & (1 << s) != 0)
                .collect(),
            reason: reason.id().to_string(),
        })
    }
}

impl Lov {
    /// Keeps the event log (the default) or not: simulations and search
    /// switch it off, and then [`Narrated::events`] gives nothing.
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
        if !on {
            self.log = Vec::new();
            self.pending = Vec::new();
        }
    }

    /// Every event with its audience, the unit in progress included.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.log.iter().chain(self.pending.iter())
    }
}

impl Narrated for Lov {
    type Event = Event;
    type Meaning = Meaning;

    fn events(&self, viewer: Viewer, from: usize, out: &mut Vec<Event>) {
        let seen = self
            .entries()
            .filter(|e| e.to == PUBLIC || viewer.is(e.to))
            .skip(from)
            .map(|e| e.event);
        out.extend(seen);
    }

    fn describe(&self, decision: &Decision) -> Meaning {
        let (ask, seat, owner) = self
            .question
            .as_ref()
            .map_or((Ask::Other, NONE, NONE), |q| (q.ask, q.seat, q.owner));
        let c = &self.content;
        let s = self.state();
        let subject = match *decision {
            Decision::PlayAction(i) => c
                .hand
                .get(usize::from(seat))
                .and_then(|h| h.get(usize::from(i)))
                .copied(),
            Decision::Denizen(i) => s.lineup.get(usize::from(i)).copied(),
            Decision::Vaala(i) => c
                .vaala_of
                .get(usize::from(seat))
                .and_then(|v| v.get(usize::from(i)))
                .copied(),
            _ => None,
        };
        Meaning {
            ask,
            decision: *decision,
            owner,
            subject: subject.unwrap_or(NONE),
        }
    }

    fn view_as(&self, viewer: Viewer) -> View {
        match viewer {
            Viewer::Seat(s) => self.view(s),
            Viewer::Spectator => {
                let mut v = view::build(self.state(), NONE, self.question.as_ref());
                v.combat_values = self.combat_values();
                v
            }
        }
    }

    fn can_take_back(&self) -> bool {
        self.state().end.is_none() && self.undo == Some(Marks::of(self.state()))
    }
}
