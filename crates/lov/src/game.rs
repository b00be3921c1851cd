//! `valerna_game::Game` for Lords of Vaala: the driver that runs units of
//! play from checkpoints (see `engine.rs`).

use std::sync::Arc;

use valerna_game::{Choices, Game, Outcome, Seat};

use crate::content::Content;
use crate::decision::{Decision, Question};
use crate::engine::{Eng, Halt};
use crate::setup::{self, Setup};
use crate::state::{Core, Phase};
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

/// A game of Lords of Vaala.
#[derive(Clone, Debug)]
pub struct Lov {
    content: Arc<Content>,
    /// The state at the start of the unit of play in progress.
    core: Core,
    /// The state where the pending question was asked.
    now: Core,
    answers: [u8; MAX_ANSWERS],
    n_answers: u8,
    question: Option<Question>,
}

impl Lov {
    /// Runs units of play until a question or the end.
    fn advance(&mut self) {
        loop {
            if let Phase::Planning { turn } = self.core.phase
                && !self.core.players[usize::from(turn)].human
                && self.n_answers == 0
            {
                self.core.faceless_planning_turn(&self.content, turn);
                continue;
            }
            let c: &Content = &self.content;
            let mut e = Eng::new(
                self.core.clone(),
                c,
                &self.answers[..usize::from(self.n_answers)],
            );
            match e.run_unit() {
                Ok(()) => {
                    self.core = e.s;
                    self.n_answers = 0;
                }
                Err(Halt::Ask) => {
                    self.question = e.question;
                    self.now = e.s;
                    return;
                }
                Err(Halt::Over) => {
                    self.core = e.s;
                    self.now = self.core.clone();
                    self.n_answers = 0;
                    self.question = None;
                    return;
                }
            }
        }
    }

    /// The current state (where the pending question stands).
    pub fn state(&self) -> &Core {
        &self.now
    }

    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    /// The state at the start of the unit of play in progress (between two
    /// cards, turns or phases: where every standing limit holds).
    pub fn settled(&self) -> &Core {
        &self.core
    }

    /// The same game with `seat`'s hidden cards changed: its Vaala deck
    /// reordered and swapped with its Vaala hand, its face-down cards on the
    /// stack swapped with cards of the same kind in its hand. Any other seat's
    /// view must not change (issue "Hidden information").
    #[doc(hidden)]
    pub fn with_other_hidden_cards(&self, seat: u8, salt: u64) -> Lov {
        let mut g = self.clone();
        let stream = valerna_dice::Stream::new(salt);
        for core in [&mut g.core, &mut g.now] {
            crate::view::perturb_hidden(core, &self.content, seat, &mut stream.clone());
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
            now: core.clone(),
            core,
            answers: [0; MAX_ANSWERS],
            n_answers: 0,
            question: None,
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
        Err(LovError::Illegal {
            seat: q.seat,
            decision: *decision,
            choices: format!("{:?}", q.options()),
        })
    }

    fn apply(&mut self, decision: Decision) -> Result<(), LovError> {
        self.validate(&decision)?;
        let q = self.question.as_ref().ok_or(LovError::Over)?;
        let i = q.options().iter().position(|d| *d == decision).unwrap_or(0);
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
        view::build(&self.now, seat, self.to_decide(), self.options())
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.now.end?;
        Some(Outcome {
            winners: (0..4u8)
                .filter(|s| self.now.winners & (1 << s) != 0)
                .collect(),
            reason: reason.id().to_string(),
        })
    }
}
