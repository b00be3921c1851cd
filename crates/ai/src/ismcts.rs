//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS;
//! Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
//! IEEE TCIAIG 4(2), 2012, Algorithm 3).
//!
//! The tree is over the deciding seat's information set: every iteration
//! draws one game consistent with what the seat knows (a determinisation,
//! from the game's [`Sampler`], with its own dice to come), walks the tree
//! along decisions legal in that game (at the root, the seat's own options,
//! worked out once), choosing by UCB1 among the children
//! available in it (availability counts stand in for the parent's visits),
//! adds one node, plays out (at random, or by the sampler's own cheap
//! policy) and backs up each seat's payoff:
//! max-n, every node keeps the payoff of the seat that chose its decision,
//! so that with three or four seats each decides for itself.

use std::time::{Duration, Instant};

use valerna_dice::Stream;
use valerna_game::Seat;

use crate::{Bot, Observable, Sampler, mix};

/// How long a decision may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many iterations: the same decisions on every machine.
    Iterations(u32),
    /// This long by the clock.
    Time(Duration),
    /// This many iterations, or fewer when this long by the clock comes
    /// first: the same decisions on every machine wherever a decision's
    /// iterations fit in the time, and no decision much longer than it.
    Capped { iterations: u32, time: Duration },
}

impl Budget {
    /// The iterations the budget allows, if it counts them.
    fn iterations(self) -> Option<u64> {
        match self {
            Budget::Iterations(n) | Budget::Capped { iterations: n, .. } => Some(u64::from(n)),
            Budget::Time(_) => None,
        }
    }

    /// The time the budget allows, if it has a clock.
    fn time(self) -> Option<Duration> {
        match self {
            Budget::Time(t) | Budget::Capped { time: t, .. } => Some(t),
            Budget::Iterations(_) => None,
        }
    }
}

/// The search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub budget: Budget,
    /// UCB1's exploration constant (payoffs are in 0..=1).
    pub exploration: f64,
    /// Decisions a playout may take before it is cut short and judged by
    /// [`Sampler::evaluate`].
    pub playout_cap: u32,
    /// Fruitless draws of a determinisation, in a row, before the search
    /// gives the decision to its fallback player.
    pub max_failed_samples: u32,
    /// Progressive widening: a node visited `n` times weighs only the first
    /// `ceil(k (n + 1)^alpha)` of its candidates (the sampler lists the
    /// likeliest best first), and tries them in that order. `None`: every
    /// candidate at once, the untried ones in random order.
    pub widening: Option<Widening>,
    /// Under an iteration budget, stop as soon as the iterations left could
    /// not change the choice (the most visited child leads every other by
    /// more than them): the same decision, sooner.
    pub settle: bool,
}

/// Progressive widening's constants (Coulom 2007; Chaslot et al. 2008):
/// the number of candidates a node weighs grows as `k (n + 1)^alpha`
/// with its visits `n`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    pub k: f64,
    pub alpha: f64,
}

impl Widening {
    /// How many candidates a node visited `visits` times weighs.
    pub fn allowed(self, visits: f64) -> usize {
        let n = (self.k * (visits + 1.0).powf(self.alpha)).ceil();
        if n.is_finite() && n >= 1.0 {
            n.min(usize::MAX as f64) as usize
        } else {
            1
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            budget: Budget::Iterations(1000),
            exploration: 0.7,
            playout_cap: 2000,
            max_failed_samples: 64,
            widening: None,
            settle: true,
        }
    }
}

/// What the searches of one bot added up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub decisions: u64,
    pub iterations: u64,
    /// Decisions given to the fallback player (no consistent game found).
    pub fallbacks: u64,
    pub failed_samples: u64,
}

#[derive(Debug)]
struct Node<D> {
    /// The decision that led here, and who made it.
    decision: Option<D>,
    seat: Seat,
    children: Vec<usize>,
    visits: f64,
    /// Times this node was available to choose when its parent was visited.
    available: f64,
    /// Sum of the payoffs of `seat`.
    reward: f64,
}

/// A decision as a search weighed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighed<D> {
    pub decision: D,
    /// Iterations that went through it.
    pub visits: u32,
    /// The deciding seat's mean payoff after it: 1 a win, 0 a loss (an
    /// estimate of its chance to win).
    pub value: f64,
}

/// What one search made of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Outlook<D> {
    /// The deciding seat's options, each weighed.
    pub options: Vec<Weighed<D>>,
    /// Every seat's mean payoff over the search's iterations: its estimate
    /// of each seat's chance to win from here, the deciding seat playing
    /// as the search would.
    pub chances: Vec<f64>,
}

/// The information-set search bot.
pub struct Ismcts<G: Observable, S: Sampler<G>> {
    sampler: S,
    settings: Settings,
    seed: u64,
    /// Decides when no consistent game can be drawn.
    fallback: Box<dyn Bot<G>>,
    stats: Stats,
}

impl<G: Observable, S: Sampler<G>> std::fmt::Debug for Ismcts<G, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ismcts")
            .field("settings", &self.settings)
            .field("seed", &self.seed)
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<G: Observable, S: Sampler<G>> Ismcts<G, S> {
    /// A bot drawing its determinisations from `sampler`, every search
    /// seeded from `seed` and the number of decisions it made before.
    pub fn new(sampler: S, settings: Settings, seed: u64, fallback: Box<dyn Bot<G>>) -> Self {
        Ismcts {
            sampler,
            settings,
            seed,
            fallback,
            stats: Stats::default(),
        }
    }

    /// The settings, to change between decisions.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Whether the root's most visited child leads the next by more than
    /// `left` visits (a child not yet made has none).
    fn settled(nodes: &[Node<G::Decision>], left: u64) -> bool {
        let (mut first, mut second) = (0.0f64, 0.0f64);
        for &c in &nodes[0].children {
            let v = nodes[c].visits;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        first - second > left as f64
    }

    /// Runs one search from `k`, returning the root's children as
    /// (decision, visits), or `None` if no consistent game was found.
    pub fn search(&mut self, k: &G::Knowledge) -> Option<Vec<(G::Decision, u32)>> {
        self.weigh(k)
            .map(|v| v.into_iter().map(|w| (w.decision, w.visits)).collect())
    }

    /// Runs one search from `k`, returning each of the root's children
    /// with its visits and its mean payoff to the deciding seat (an
    /// estimate of its chance to win after that decision), or `None` if no
    /// consistent game was found.
    pub fn weigh(&mut self, k: &G::Knowledge) -> Option<Vec<Weighed<G::Decision>>> {
        self.outlook(k).map(|o| o.options)
    }

    /// Runs one search from `k`, returning its options weighed (as
    /// [`Ismcts::weigh`]) and every seat's estimated chance to win.
    pub fn outlook(&mut self, k: &G::Knowledge) -> Option<Outlook<G::Decision>> {
        let seed = mix(self.seed, self.stats.decisions);
        self.stats.decisions += 1;
        let mut rng = Stream::new(seed ^ 0x5eed_5eed);
        let me = G::knower(k);
        let mut nodes: Vec<Node<G::Decision>> = vec![Node {
            decision: None,
            seat: me,
            children: Vec::new(),
            visits: 0.0,
            available: 0.0,
            reward: 0.0,
        }];
        let start = Instant::now();
        let root_options = G::options(k).to_vec();
        let mut choices = Vec::new();
        let mut payoff = Vec::new();
        let mut chances: Vec<f64> = Vec::new();
        let mut path = Vec::new();
        let mut failures = 0u32;
        let mut iteration = 0u64;
        let (most, clock) = (
            self.settings.budget.iterations(),
            self.settings.budget.time(),
        );
        loop {
            if let Some(n) = most {
                // Done, or decided: the most visited child leads every other
                // by more than the iterations left could give it, so they
                // would not change the choice (each iteration visits one
                // root child).
                if iteration >= n || (self.settings.settle && Self::settled(&nodes, n - iteration))
                {
                    break;
                }
            }
            if clock.is_some_and(|t| iteration > 0 && start.elapsed() >= t) {
                break;
            }
            let Some(mut g) = self.sampler.sample(k, mix(seed, iteration)) else {
                iteration += 1;
                failures += 1;
                self.stats.failed_samples += 1;
                if failures >= self.settings.max_failed_samples {
                    break;
                }
                continue;
            };
            failures = 0;
            iteration += 1;
            self.stats.iterations += 1;
            path.clear();
            path.push(0usize);
            let mut node = 0usize;
            // Selection and expansion.
            while let Some(seat) = g.to_decide() {
                if node == 0 {
                    // The seat's own options: the same in every
                    // determinisation, and the only ones it may take.
                    choices.clone_from(&root_options);
                } else {
                    self.sampler.candidates(&g, &mut choices);
                }
                if choices.is_empty() {
                    break;
                }
                if let Some(w) = self.settings.widening {
                    choices.truncate(w.allowed(nodes[node].visits));
                }
                let untried = choices.iter().position(|d| {
                    !nodes[node]
                        .children
                        .iter()
                        .any(|&c| nodes[c].seat == seat && nodes[c].decision.as_ref() == Some(d))
                });
                if let Some(first) = untried {
                    // One untried decision at random among the untried ones.
                    let untried: Vec<usize> = (first..choices.len())
                        .filter(|&i| {
                            !nodes[node].children.iter().any(|&c| {
                                nodes[c].seat == seat
                                    && nodes[c].decision.as_ref() == Some(&choices[i])
                            })
                        })
                        .collect();
                    let pick = if self.settings.widening.is_some() {
                        0
                    } else {
                        rng.index(untried.len())
                    };
                    let d = choices[untried[pick]].clone();
                    for i in 0..nodes[node].children.len() {
                        let c = nodes[node].children[i];
                        if nodes[c].seat == seat
                            && choices
                                .iter()
                                .any(|x| nodes[c].decision.as_ref() == Some(x))
                        {
                            nodes[c].available += 1.0;
                        }
                    }
                    let child = nodes.len();
                    nodes.push(Node {
                        decision: Some(d.clone()),
                        seat,
                        children: Vec::new(),
                        visits: 0.0,
                        available: 1.0,
                        reward: 0.0,
                    });
                    nodes[node].children.push(child);
                    if g.apply(d).is_err() {
                        break;
                    }
                    path.push(child);
                    break;
                }
                // Every legal decision has a node: UCB1 over the available.
                let mut best = usize::MAX;
                let mut best_score = f64::NEG_INFINITY;
                let c = self.settings.exploration;
                for i in 0..nodes[node].children.len() {
                    let ch = nodes[node].children[i];
                    let n = &nodes[ch];
                    if n.seat != seat || !choices.iter().any(|x| n.decision.as_ref() == Some(x)) {
                        continue;
                    }
                    nodes[ch].available += 1.0;
                    let n = &nodes[ch];
                    let score = n.reward / n.visits + c * (n.available.ln() / n.visits).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = ch;
                    }
                }
                let Some(d) = nodes[best].decision.clone() else {
                    break;
                };
                if g.apply(d).is_err() {
                    break;
                }
                node = best;
                path.push(node);
            }
            // Playout.
            let mut steps = 0;
            while g.to_decide().is_some() && steps < self.settings.playout_cap {
                let Some(d) = self.sampler.playout(&g, &mut rng, &mut choices) else {
                    break;
                };
                if g.apply(d).is_err() {
                    break;
                }
                steps += 1;
            }
            payoff.resize(g.seats(), 0.0);
            if g.to_decide().is_none() {
                g.payoffs(&mut payoff);
            } else {
                self.sampler.evaluate(&g, &mut payoff);
            }
            chances.resize(payoff.len(), 0.0);
            for (c, p) in chances.iter_mut().zip(&payoff) {
                *c += p;
            }
            // Backup (max-n).
            for &i in &path {
                let n = &mut nodes[i];
                n.visits += 1.0;
                n.reward += payoff.get(usize::from(n.seat)).copied().unwrap_or(0.0);
            }
        }
        let root = &nodes[0];
        if root.children.is_empty() {
            return None;
        }
        let done = root.visits.max(1.0);
        chances.iter_mut().for_each(|c| *c /= done);
        let options = root
            .children
            .iter()
            .filter(|&&c| {
                nodes[c].seat == me
                    && root_options
                        .iter()
                        .any(|o| nodes[c].decision.as_ref() == Some(o))
            })
            .filter_map(|&c| {
                let n = &nodes[c];
                n.decision.clone().map(|decision| Weighed {
                    decision,
                    visits: n.visits as u32,
                    value: if n.visits > 0.0 {
                        n.reward / n.visits
                    } else {
                        0.0
                    },
                })
            })
            .collect();
        Some(Outlook { options, chances })
    }
}

impl<G: Observable, S: Sampler<G>> Bot<G> for Ismcts<G, S> {
    fn decide(&mut self, k: &G::Knowledge) -> G::Decision {
        let options = G::options(k);
        if options.len() == 1 {
            self.stats.decisions += 1;
            return options[0].clone();
        }
        match self.search(k) {
            // The most visited decision; ties to the first found.
            Some(children) if !children.is_empty() => {
                let mut best = &children[0];
                for c in &children[1..] {
                    if c.1 > best.1 {
                        best = c;
                    }
                }
                best.0.clone()
            }
            _ => {
                self.stats.fallbacks += 1;
                self.fallback.decide(k)
            }
        }
    }

    fn stats(&self) -> Option<Stats> {
        Some(self.stats)
    }
}
