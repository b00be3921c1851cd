//! `valerna_game::Game` for Lords of Vaala: the driver that runs units of
//! play from checkpoints (see `engine.rs`).

use std::sync::Arc;

use valerna_game::{Choices, Game, Narrated, Outcome, Seat, Viewer};

use crate::content::Content;
use crate::decision::{Decision, Question};
use crate::engine::{Eng, Halt};
use crate::log::{Entry, Event, Meaning, PUBLIC};
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
                    self.slots[cp].faceless_planning_turn(&self.content, turn);
                    continue;
                }
                // A human's turn opens with its question: asked from the
                // checkpoint, the turn runs once, with the answer.
                let o = self.slots[cp].planning_options(turn);
                if o.len() > 1 {
                    self.question = Some(Question::new(turn, o.as_slice()));
                    self.current = self.checkpoint;
                    return;
                }
            }
            let [a, b] = &mut self.slots;
            let (from, work) = if cp == 0 { (&*a, b) } else { (&*b, a) };
            work.restart_from(from);
            let mut e = Eng::new(
                work,
                &self.content,
                &self.answers[..usize::from(self.n_answers)],
            );
            let r = e.run_unit();
            let question = e.question;
            let other = (1 - cp) as u8;
            match r {
                Ok(()) => {
                    self.checkpoint = other;
                    self.n_answers = 0;
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
        };
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
        self.advance();
        Ok(())
    }

    fn view(&self, seat: Seat) -> View {
        view::build(self.state(), seat, self.question.as_ref())
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
        let (ask, owner) = self
            .question
            .as_ref()
            .map_or((Default::default(), NONE), |q| (q.ask, q.owner));
        Meaning {
            ask,
            decision: *decision,
            owner,
            eliminates: false,
        }
    }

    fn view_as(&self, viewer: Viewer) -> View {
        match viewer {
            Viewer::Seat(s) => self.view(s),
            Viewer::Spectator => view::build(self.state(), NONE, self.question.as_ref()),
        }
    }

    fn can_take_back(&self) -> bool {
        false
    }
}
