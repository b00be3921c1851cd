//! The one interface both rule engines implement, so that bots, the CLI and
//! the server drive Lords of Vaala and Battles of Valerna alike.
//!
//! A game is a value. At every point it names the one seat that must decide
//! ([`Game::to_decide`]), lists that seat's legal choices or says they are
//! continuous (a path to move along), validates and applies one decision, and
//! shows each seat only what that seat may see ([`Game::view`]). Dice and
//! shuffles happen inside, from the game's own seeded stream, so a game is
//! exactly its setup plus its decisions ([`Record`], [`replay`]).
#![forbid(unsafe_code)]

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A seat at the table: 0, 1, ... in turn order.
pub type Seat = u8;

/// How the legal choices of the pending decision are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choices {
    /// Every legal choice was listed.
    Listed,
    /// The choice is continuous (a path, a position): some examples may have
    /// been listed, and [`Game::validate`] judges any other.
    Continuous,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The seats that won; more than one for a shared victory, none for a draw.
    pub winners: Vec<Seat>,
    /// Which rule ended the game, as a stable identifier (e.g. `"power"`).
    pub reason: String,
}

/// A rule engine. Implementations are pure: no I/O, no clock, no globals.
pub trait Game: Clone + Sized {
    /// The loaded, validated content pack the game is played with.
    type Content;
    /// Everything needed to start a game: seed, seats, options.
    type Setup: Clone + Debug + Serialize + DeserializeOwned;
    /// One seat's answer to the pending decision.
    type Decision: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What one seat may see.
    type View: Debug + Serialize;
    /// A refused setup or decision, saying what was wrong.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Sets a game up (shuffles and rolls included) from its setup.
    fn start(
        content: &std::sync::Arc<Self::Content>,
        setup: &Self::Setup,
    ) -> Result<Self, Self::Error>;

    /// Number of seats, Faceless and bots included.
    fn seats(&self) -> usize;

    /// The seat that must decide now, or `None` once the game is over.
    fn to_decide(&self) -> Option<Seat>;

    /// Appends the legal choices of the pending decision to `out` (cleared
    /// first); a buffer, so that search does not allocate per node.
    fn choices(&self, out: &mut Vec<Self::Decision>) -> Choices;

    /// Whether `decision` is legal now, and if not, why.
    fn validate(&self, decision: &Self::Decision) -> Result<(), Self::Error>;

    /// Applies a legal decision and plays on until the next decision. An
    /// illegal one is refused with the state unchanged.
    fn apply(&mut self, decision: Self::Decision) -> Result<(), Self::Error>;

    /// What `seat` may see: its own hidden cards, everyone's public state,
    /// and of other hidden things only their number.
    fn view(&self, seat: Seat) -> Self::View;

    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;
}

/// Who looks at a game: one seat, or a spectator, who sees only what is
/// public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    /// Whether this viewer is `seat` itself.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

/// What a table around a rule engine needs beyond the rules: an account of
/// what happened, and decisions that say what they mean. A terminal, a web
/// page and a bot read the same events and descriptions, so no client needs
/// the engine's internals to word or highlight a choice.
pub trait Narrated: Game {
    /// One thing that happened, as ids and numbers (clients word it).
    type Event: Clone + Debug + PartialEq + Serialize;
    /// What one option of the pending decision means, in structured form.
    type Meaning: Clone + Debug + PartialEq + Serialize;

    /// Appends to `out` the events `viewer` may see, from its `from`-th on
    /// (counted in that viewer's own stream): every public event, and the
    /// viewer's own private ones. The stream of any prefix of a game is the
    /// same however the game was reached, live or replayed.
    fn events(&self, viewer: Viewer, from: usize, out: &mut Vec<Self::Event>);

    /// What `decision` means as an answer to the pending question.
    fn describe(&self, decision: &Self::Decision) -> Self::Meaning;

    /// What `viewer` may see: a seat's view, or the public view.
    fn view_as(&self, viewer: Viewer) -> Self::View;

    /// Whether the last decision may be taken back now: nothing was
    /// revealed or rolled, and no one else decided, since it was made.
    fn can_take_back(&self) -> bool;
}

/// A game as it is saved: its setup and every decision, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(
    bound = "G::Setup: Serialize + DeserializeOwned, G::Decision: Serialize + DeserializeOwned"
)]
pub struct Record<G: Game> {
    pub setup: G::Setup,
    pub decisions: Vec<G::Decision>,
}

impl<G: Game> Record<G> {
    pub fn new(setup: G::Setup) -> Self {
        Self {
            setup,
            decisions: Vec::new(),
        }
    }
}

/// Why a record could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    #[error("the setup was refused: {0}")]
    Setup(#[source] E),
    #[error("decision {index} was refused: {error}")]
    Decision {
        index: usize,
        #[source]
        error: E,
    },
}

/// Replays a record: the same setup and decisions give the same game, bit
/// for bit.
pub fn replay<G: Game>(
    content: &std::sync::Arc<G::Content>,
    record: &Record<G>,
) -> Result<G, ReplayError<G::Error>> {
    let mut game = G::start(content, &record.setup).map_err(ReplayError::Setup)?;
    for (index, d) in record.decisions.iter().enumerate() {
        game.apply(d.clone())
            .map_err(|error| ReplayError::Decision { index, error })?;
    }
    Ok(game)
}

/// Plays `game` to its end (or `max_decisions`), asking `policy(seat)` for
/// each decision and recording them.
pub fn play_out<G: Game>(
    game: &mut G,
    record: &mut Vec<G::Decision>,
    max_decisions: usize,
    mut policy: impl FnMut(&G) -> G::Decision,
) -> Result<(), G::Error> {
    for _ in 0..max_decisions {
        if game.to_decide().is_none() {
            break;
        }
        let d = policy(game);
        game.apply(d.clone())?;
        record.push(d);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A toy game: two seats take turns adding 1 or 2; whoever reaches 5 wins.
    #[derive(Clone, Debug)]
    struct Race {
        total: u8,
        turn: Seat,
        winner: Option<Seat>,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("{0}")]
    struct RaceError(String);

    impl Game for Race {
        type Content = ();
        type Setup = u8;
        type Decision = u8;
        type View = u8;
        type Error = RaceError;
        fn start(_: &Arc<()>, first: &u8) -> Result<Self, RaceError> {
            if *first > 1 {
                return Err(RaceError(format!("no seat {first}")));
            }
            Ok(Race {
                total: 0,
                turn: *first,
                winner: None,
            })
        }
        fn seats(&self) -> usize {
            2
        }
        fn to_decide(&self) -> Option<Seat> {
            self.winner.is_none().then_some(self.turn)
        }
        fn choices(&self, out: &mut Vec<u8>) -> Choices {
            out.clear();
            out.extend([1, 2]);
            Choices::Listed
        }
        fn validate(&self, d: &u8) -> Result<(), RaceError> {
            match (self.winner, d) {
                (Some(_), _) => Err(RaceError("the game is over".into())),
                (None, 1 | 2) => Ok(()),
                _ => Err(RaceError(format!("add 1 or 2, not {d}"))),
            }
        }
        fn apply(&mut self, d: u8) -> Result<(), RaceError> {
            self.validate(&d)?;
            self.total += d;
            if self.total >= 5 {
                self.winner = Some(self.turn);
            }
            self.turn = 1 - self.turn;
            Ok(())
        }
        fn view(&self, _: Seat) -> u8 {
            self.total
        }
        fn outcome(&self) -> Option<Outcome> {
            self.winner.map(|w| Outcome {
                winners: vec![w],
                reason: "five".into(),
            })
        }
    }

    #[test]
    fn replay_reproduces_the_game_and_names_a_refused_decision() {
        let content = Arc::new(());
        let mut g = Race::start(&content, &0).unwrap();
        let mut decisions = Vec::new();
        play_out(&mut g, &mut decisions, 100, |_| 2).unwrap();
        assert_eq!(g.outcome().unwrap().winners, vec![0]);
        let record = Record::<Race> {
            setup: 0,
            decisions: decisions.clone(),
        };
        let json = serde_json::to_string(&record).unwrap();
        let back: Record<Race> = serde_json::from_str(&json).unwrap();
        let again = replay(&content, &back).unwrap();
        assert_eq!(again.total, g.total);
        assert_eq!(again.outcome(), g.outcome());

        let bad = Record::<Race> {
            setup: 0,
            decisions: vec![1, 3],
        };
        let e = replay(&content, &bad).unwrap_err().to_string();
        assert_eq!(e, "decision 1 was refused: add 1 or 2, not 3");
        let e = replay(&content, &Record::<Race>::new(4))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "the setup was refused: no seat 4");
    }
}
