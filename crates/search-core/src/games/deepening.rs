//! Iterative deepening, written once: [`iterate`] runs a game's own one-depth search at depth
//! 1, 2, 3, ..., tells an [`Observer`] about every completed iteration (a program shows them as
//! progress; a test counts them), keeps the deepest completed one when a search is interrupted,
//! and, under a time target, starts a depth only when it is likely to end in time ([`Pace`]).
//! Every deepening loop of the workspace is this one: [`deepen`] and the [`Engine`]'s own
//! searches drive the engine with it, and the games drive their specialised searches with it.
//!
//! [`deepen`] gives the value, move and counters of [`Engine::search`] when it has no time
//! budget (or one that is not spent), and the move of the deepest depth it completed when the
//! budget runs out, like [`Engine::search_timed`].
//!
//! ```
//! use search_core::{games::Engine, games::EngineGame, games::Game, games::GameOutcome, games::MoveList, games::Player, games::Value};
//! use search_core::games::Budget;
//! use search_core::games::deepening::{deepen, Ended, Iteration, Observer};
//! #[derive(Clone, Copy)]
//! struct Nim { pile: u8, max_to_move: bool }
//! impl Game for Nim {
//!     type Move = u8;
//!     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
//!     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(3)).collect() }
//!     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
//!     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
//! }
//! impl EngineGame for Nim {
//!     fn key(&self) -> u64 { u64::from(self.pile) << 1 | u64::from(self.max_to_move) }
//! }
//! /// Remembers the depths it was told about.
//! struct Depths(Vec<u32>);
//! impl Observer<u8> for Depths {
//!     fn completed(&mut self, iteration: &Iteration<'_, u8>) { self.0.push(iteration.depth); }
//! }
//! let start = Nim { pile: 30, max_to_move: true };
//! let mut seen = Depths(Vec::new());
//! let found = deepen(&mut Engine::new(16), &start, Budget::depth(5), &mut seen);
//! assert_eq!(seen.0, [1, 2, 3, 4, 5]);
//! assert_eq!((found.depth, found.ended), (5, Ended::Depth));
//! assert_eq!(found.outcome, Engine::new(16).search(&start, 5));
//! ```

use crate::adversarial::{GameOutcome, GameStats};
use crate::budget::Budget;
use crate::engine::{Engine, Stop, Timed};
use crate::game::{EngineGame, INFINITY};
use crate::strategy::DEFAULT_DEPTH;
use std::ops::RangeInclusive;
use std::time::{Duration, Instant};

/// A completed iteration of iterative deepening.
#[derive(Debug, Clone, Copy)]
pub struct Iteration<'a, M> {
    /// The depth just completed.
    pub depth: u32,
    /// The deepest depth the search will try.
    pub of: u32,
    /// That iteration's value and best move (its counters: that iteration's only).
    pub outcome: &'a GameOutcome<M>,
    /// The positions visited since the search started, every iteration included.
    pub nodes: u64,
}

/// Told about the iterations of a deepening search.
pub trait Observer<M> {
    /// Whether this observer looks at the iterations at all. A search that would not otherwise
    /// deepen (a plain fixed-depth search) deepens only for an observer that answers `true`.
    fn wants_iterations(&self) -> bool {
        true
    }

    /// A new search starts (a program's progress clock restarts here).
    fn started(&mut self) {}

    /// An iteration completed.
    fn completed(&mut self, iteration: &Iteration<'_, M>);

    /// Whether the deepening should go on after the iteration just reported (a program whose
    /// output has closed says no). The default is yes.
    fn keep_going(&self) -> bool {
        true
    }
}

/// The observer that looks at nothing.
impl<M> Observer<M> for () {
    fn wants_iterations(&self) -> bool {
        false
    }

    fn completed(&mut self, _: &Iteration<'_, M>) {}
}

/// An observer made of a closure called with every completed iteration.
///
/// ```
/// use search_core::games::deepening::{EachIteration, Observer};
/// let mut depths = Vec::new();
/// let mut observer = EachIteration(|it: &search_core::games::deepening::Iteration<'_, u8>| depths.push(it.depth));
/// assert!(Observer::<u8>::wants_iterations(&observer));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct EachIteration<F>(pub F);

impl<M, F: FnMut(&Iteration<'_, M>)> Observer<M> for EachIteration<F> {
    fn completed(&mut self, iteration: &Iteration<'_, M>) {
        (self.0)(iteration);
    }
}

/// What one depth of a game's search gave [`iterate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<M> {
    /// The search completed.
    Completed(GameOutcome<M>),
    /// The search completed, and a deeper one would find nothing more (the game ends within this
    /// depth): the deepening stops here.
    Final(GameOutcome<M>),
    /// The search was interrupted (its clock or a node limit) and its result thrown away; what
    /// it spent.
    Interrupted(GameStats),
}

/// When to start another depth under a time target: only when the next iteration, predicted to
/// cost this one's time times its growth over the previous one (clamped to 2..=6; 4 after the
/// first), ends within 1.3 times the target (a small overrun is repaid by later moves' shares
/// of a game's clock). The rule Othello's player was measured with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// The time the whole deepening should take.
    pub target: Duration,
}

impl Pace {
    /// Whether another iteration fits: `elapsed` since the start, `took` by the last iteration
    /// and `before` by the one before it (zero after the first).
    #[must_use]
    pub fn next_fits(&self, elapsed: Duration, took: Duration, before: Duration) -> bool {
        let growth = if before.is_zero() {
            4.0
        } else {
            (took.as_secs_f64() / before.as_secs_f64()).clamp(2.0, 6.0)
        };
        elapsed + took.mul_f64(growth) <= self.target.mul_f64(1.3)
    }
}

/// Why a deepening search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// It completed its deepest depth.
    Depth,
    /// A depth reached the end of the game ([`Step::Final`]): deeper ones would find nothing.
    GameOver,
    /// Its budget (time, nodes, or the stop flag) ran out inside an iteration.
    Interrupted,
    /// The next depth would not have ended in time ([`Pace`]).
    Pace,
    /// The observer said not to [keep going](Observer::keep_going).
    Observer,
}

/// What [`iterate`] found: the deepest completed iteration, if any, the counters of every
/// iteration, the interrupted one included, and why it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deepened<M> {
    /// The depth and outcome (with its own counters) of the deepest completed iteration.
    pub deepest: Option<(u32, GameOutcome<M>)>,
    /// The counters of all iterations.
    pub stats: GameStats,
    /// Why the deepening ended.
    pub ended: Ended,
}

/// Iterative deepening over `depths` with a game's own one-depth `search`: tells `observer`
/// about each completed depth, stops at an interrupted or final depth, at the end of `depths`,
/// when the observer does not [keep going](Observer::keep_going), or, with a `pace`, before a
/// depth that would not end in time.
///
/// ```
/// use search_core::games::deepening::{iterate, Ended, Step};
/// use search_core::games::{GameOutcome, GameStats};
/// // A "search" whose value is the depth, and which is interrupted at depth 5.
/// let found = iterate(1..=9, None, &mut (), |depth| {
///     let stats = GameStats { nodes: u64::from(depth), leaves: 0 };
///     if depth == 5 {
///         Step::Interrupted(stats)
///     } else {
///         Step::Completed(GameOutcome { value: depth as i32, best_move: Some(depth), stats })
///     }
/// });
/// assert_eq!(found.deepest.map(|(depth, outcome)| (depth, outcome.value)), Some((4, 4)));
/// assert_eq!(found.stats.nodes, 1 + 2 + 3 + 4 + 5);
/// assert_eq!(found.ended, Ended::Interrupted);
/// ```
pub fn iterate<M>(
    depths: RangeInclusive<u32>,
    pace: Option<Pace>,
    observer: &mut dyn Observer<M>,
    mut search: impl FnMut(u32) -> Step<M>,
) -> Deepened<M> {
    observer.started();
    let started = Instant::now();
    let of = *depths.end();
    let mut found = Deepened {
        deepest: None,
        stats: GameStats::default(),
        ended: Ended::Depth,
    };
    let (mut before, mut last_end) = (Duration::ZERO, Duration::ZERO);
    for depth in depths {
        let (outcome, last) = match search(depth) {
            Step::Completed(outcome) => (outcome, false),
            Step::Final(outcome) => (outcome, true),
            Step::Interrupted(spent) => {
                found.stats.add(&spent);
                found.ended = Ended::Interrupted;
                break;
            }
        };
        found.stats.add(&outcome.stats);
        let nodes = found.stats.nodes;
        observer.completed(&Iteration {
            depth,
            of,
            outcome: &outcome,
            nodes,
        });
        found.deepest = Some((depth, outcome));
        let elapsed = started.elapsed();
        let took = elapsed.saturating_sub(last_end);
        let ended = if last {
            Some(Ended::GameOver)
        } else if !observer.keep_going() {
            Some(Ended::Observer)
        } else if pace.is_some_and(|p| !p.next_fits(elapsed, took, before)) {
            Some(Ended::Pace)
        } else {
            None
        };
        if let Some(ended) = ended {
            found.ended = ended;
            break;
        }
        (before, last_end) = (took, elapsed);
    }
    found
}

/// Iterative deepening from 1 ply to the `budget`'s depth ([`DEFAULT_DEPTH`] without one) with
/// `engine`, telling `observer` about each completed depth. While the budget's time, deadline
/// and stop flag are not spent, the value, move and counters are those of
/// [`Engine::search`]`(game, depth)`. When one runs out the search stops, even inside an
/// iteration, and answers the outcome of the deepest completed depth, at least 1 (depth 1 is
/// searched whatever the budget says). The budget's node limit is not read.
pub fn deepen<G: EngineGame>(
    engine: &mut Engine<G::Move>,
    game: &G,
    budget: Budget,
    observer: &mut dyn Observer<G::Move>,
) -> Timed<G::Move> {
    let max_depth = budget.depth.unwrap_or(DEFAULT_DEPTH);
    let deadline = budget.stop_at(Instant::now());
    let shallow = engine.search_once(game, Some(0));
    let terminal = game.is_terminal();
    // The observer's node counts include the depth-0 search.
    let mut observer = Offset {
        inner: observer,
        nodes: shallow.stats.nodes,
    };
    let found = iterate(1..=max_depth, None, &mut observer, |depth| {
        if depth > 1 && (budget.stop_requested() || deadline.is_some_and(|d| Instant::now() >= d)) {
            return Step::Interrupted(GameStats::default());
        }
        let stop = Stop {
            deadline: deadline.filter(|_| depth > 1),
            flag: budget.stop.filter(|_| depth > 1),
            ..Stop::NEVER
        };
        match engine.run(game, Some(depth), (-INFINITY, INFINITY), stop) {
            (Some(outcome), _) if terminal => Step::Final(outcome),
            (Some(outcome), _) => Step::Completed(outcome),
            (None, spent) => Step::Interrupted(spent),
        }
    });
    let (depth, mut outcome) = found.deepest.unwrap_or((0, shallow));
    outcome.stats = shallow.stats;
    outcome.stats.add(&found.stats);
    Timed {
        outcome,
        depth,
        ended: found.ended,
    }
}

/// An observer that adds `nodes` to every iteration's count before passing it on.
struct Offset<'a, M> {
    inner: &'a mut dyn Observer<M>,
    nodes: u64,
}

impl<M> Observer<M> for Offset<'_, M> {
    fn wants_iterations(&self) -> bool {
        self.inner.wants_iterations()
    }

    fn started(&mut self) {
        self.inner.started();
    }

    fn completed(&mut self, iteration: &Iteration<'_, M>) {
        self.inner.completed(&Iteration {
            nodes: iteration.nodes + self.nodes,
            ..*iteration
        });
    }

    fn keep_going(&self) -> bool {
        self.inner.keep_going()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, Player, Value};
    use std::time::Duration;

    /// Subtraction game where the last to take loses, scored by the pile at a depth limit, so
    /// that depths give different values.
    #[derive(Clone, Copy)]
    struct Take {
        pile: u8,
        max: bool,
    }

    impl Game for Take {
        type Move = u8;
        fn to_move(&self) -> Player {
            if self.max { Player::Max } else { Player::Min }
        }
        fn legal_moves(&self) -> MoveList<u8> {
            (1..=self.pile.min(3)).collect()
        }
        fn play(&self, take: u8) -> Self {
            Take {
                pile: self.pile - take,
                max: !self.max,
            }
        }
        fn evaluate(&self) -> Value {
            Value::from(self.pile % 4) * if self.max { 1 } else { -1 }
        }
    }

    impl EngineGame for Take {
        fn key(&self) -> u64 {
            u64::from(self.pile) << 1 | u64::from(self.max)
        }
    }

    #[derive(Default)]
    struct Log {
        started: u32,
        seen: Vec<(u32, u32, u64)>,
    }

    impl Observer<u8> for Log {
        fn started(&mut self) {
            self.started += 1;
        }
        fn completed(&mut self, it: &Iteration<'_, u8>) {
            self.seen.push((it.depth, it.of, it.nodes));
        }
    }

    #[test]
    fn without_a_budget_it_is_the_engines_search_and_reports_every_depth() {
        for pile in [5, 17, 40] {
            for depth in [1, 3, 7] {
                let game = Take { pile, max: true };
                let mut log = Log::default();
                let ours = deepen(&mut Engine::new(12), &game, Budget::depth(depth), &mut log);
                let plain = Engine::new(12).search(&game, depth);
                assert_eq!(ours.outcome, plain, "pile {pile} depth {depth}");
                assert_eq!(ours.depth, depth);
                assert_eq!(log.started, 1);
                let depths: Vec<u32> = log.seen.iter().map(|s| s.0).collect();
                assert_eq!(depths, (1..=depth).collect::<Vec<_>>());
                assert!(log.seen.iter().all(|s| s.1 == depth));
                // Nodes grow and end at the total.
                assert!(log.seen.windows(2).all(|w| w[0].2 < w[1].2));
                assert_eq!(log.seen.last().unwrap().2, plain.stats.nodes);
            }
        }
    }

    #[test]
    fn with_a_budget_the_move_is_that_of_the_deepest_completed_depth() {
        let game = Take {
            pile: 30,
            max: true,
        };
        let mut log = Log::default();
        let minute = Budget::time(Duration::from_secs(60)).with_depth(9);
        let ours = deepen(&mut Engine::new(12), &game, minute, &mut log);
        let plain = Engine::new(12).search(&game, 9);
        assert_eq!((ours.depth, ours.ended), (9, Ended::Depth));
        // An unspent budget changes nothing, counters included.
        assert_eq!(ours.outcome, plain);
        assert_eq!(log.seen.len(), 9);
        let none = Budget::time(Duration::ZERO).with_depth(30);
        let spent = deepen(&mut Engine::new(12), &game, none, &mut ());
        assert_eq!((spent.depth, spent.ended), (1, Ended::Interrupted));
        assert_eq!(
            spent.outcome.best_move,
            Engine::new(12).search(&game, 1).best_move
        );
    }

    #[test]
    fn a_terminal_root_stops_after_one_depth() {
        let mut log = Log::default();
        let over = Take { pile: 0, max: true };
        let done = deepen(&mut Engine::new(8), &over, Budget::depth(5), &mut log);
        assert_eq!((done.depth, done.ended), (1, Ended::GameOver));
        assert_eq!(log.seen.len(), 1);
        assert!(!Observer::<u8>::wants_iterations(&()));
    }

    #[test]
    fn a_raised_stop_flag_ends_the_search_after_depth_one() {
        static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
        let game = Take {
            pile: 30,
            max: true,
        };
        let flagged = Budget::depth(12).with_stop(&STOP);
        let stopped = deepen(&mut Engine::new(12), &game, flagged, &mut ());
        assert_eq!((stopped.depth, stopped.ended), (1, Ended::Interrupted));
        assert_eq!(
            stopped.outcome.best_move,
            Engine::new(12).search(&game, 1).best_move
        );
    }

    /// What a position two plies down does when evaluated.
    #[derive(Clone, Copy, PartialEq)]
    enum Deep {
        /// Nothing more.
        Plain,
        /// Takes 200 microseconds.
        Slow,
        /// Raises [`RAISED`] at its 10th evaluation on this thread.
        Raise,
    }

    /// Two moves, then 1,100 each, then the end; a position two plies down is worth its row
    /// (the root move that led there), so the second row is searched in full, twice.
    #[derive(Clone, Copy)]
    struct Wide {
        ply: u8,
        index: u32,
        deep: Deep,
    }

    static RAISED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    thread_local! {
        static DEEP_EVALUATIONS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    impl Game for Wide {
        type Move = u32;
        fn to_move(&self) -> Player {
            if self.ply == 1 {
                Player::Min
            } else {
                Player::Max
            }
        }
        fn legal_moves(&self) -> MoveList<u32> {
            match self.ply {
                0 => (0..2).collect(),
                1 => (0..1100).collect(),
                _ => MoveList::new(),
            }
        }
        fn play(&self, mv: u32) -> Self {
            Wide {
                ply: self.ply + 1,
                index: self.index * 1100 + mv,
                ..*self
            }
        }
        fn evaluate(&self) -> Value {
            if self.ply < 2 {
                return (self.index % 7) as Value;
            }
            match self.deep {
                Deep::Plain => {}
                Deep::Slow => std::thread::sleep(Duration::from_micros(200)),
                Deep::Raise => {
                    let n = DEEP_EVALUATIONS.with(|c| {
                        c.set(c.get() + 1);
                        c.get()
                    });
                    if n == 10 {
                        RAISED.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
            (self.index / 1100) as Value
        }
    }

    impl EngineGame for Wide {
        fn key(&self) -> u64 {
            u64::from(self.ply) << 32 | u64::from(self.index)
        }
    }

    const WIDE: Wide = Wide {
        ply: 0,
        index: 0,
        deep: Deep::Plain,
    };

    #[test]
    fn a_deadline_passing_inside_a_later_depth_abandons_it() {
        // Depth 1 takes a few positions; depth 2 passes 150 ms long before its 1024th position
        // (over 1,000 evaluations of 200 us), where the engine reads the clock and gives up.
        let root = Wide {
            deep: Deep::Slow,
            ..WIDE
        };
        let budget = Budget::time(Duration::from_millis(150)).with_depth(3);
        let timed = deepen(&mut Engine::new(12), &root, budget, &mut ());
        assert_eq!((timed.depth, timed.ended), (1, Ended::Interrupted));
        let one = Engine::new(12).search(&root, 1);
        assert_eq!(timed.outcome.best_move, one.best_move);
        assert_eq!(timed.outcome.stats.nodes, one.stats.nodes + 1024);
    }

    #[test]
    fn a_flag_raised_inside_a_later_depth_abandons_it() {
        // The flag goes up at depth 2's 10th evaluation; the search stops at its next position.
        let root = Wide {
            deep: Deep::Raise,
            ..WIDE
        };
        DEEP_EVALUATIONS.with(|c| c.set(0));
        let budget = Budget::depth(3).with_stop(&RAISED);
        let timed = deepen(&mut Engine::new(12), &root, budget, &mut ());
        assert_eq!((timed.depth, timed.ended), (1, Ended::Interrupted));
        // Depth 2 entered the root, its first row and 11 positions below.
        let one = Engine::new(12).search(&root, 1);
        assert_eq!(timed.outcome.stats.nodes, one.stats.nodes + 13);
    }

    #[test]
    fn depth_one_completes_past_any_deadline() {
        // Depth 1 from a row, 1,101 positions, would be stopped at its 1024th if it read the
        // clock.
        let row = WIDE.play(0);
        let none = Budget::time(Duration::ZERO).with_depth(4);
        let timed = deepen(&mut Engine::new(12), &row, none, &mut ());
        assert_eq!((timed.depth, timed.ended), (1, Ended::Interrupted));
        assert_eq!(timed.outcome.stats.nodes, 1 + 1101);
    }

    #[test]
    fn deepen_stops_when_its_observer_has_seen_enough() {
        /// Wants two iterations.
        struct Two(u32);
        impl Observer<u8> for Two {
            fn completed(&mut self, _: &Iteration<'_, u8>) {
                self.0 += 1;
            }
            fn keep_going(&self) -> bool {
                self.0 < 2
            }
        }
        let game = Take {
            pile: 30,
            max: true,
        };
        let mut two = Two(0);
        let timed = deepen(&mut Engine::new(12), &game, Budget::depth(9), &mut two);
        assert_eq!((timed.depth, timed.ended, two.0), (2, Ended::Observer, 2));
        assert_eq!(timed.outcome, Engine::new(12).search(&game, 2));
    }

    #[test]
    fn observers_see_every_iteration_by_default() {
        /// An observer that overrides only `completed`.
        struct Plain;
        impl Observer<u8> for Plain {
            fn completed(&mut self, _: &Iteration<'_, u8>) {}
        }
        assert!(Plain.wants_iterations());
        assert!(Plain.keep_going());
        let mut depths = Vec::new();
        let found = iterate(
            1..=3,
            None,
            &mut EachIteration(|it: &Iteration<'_, u8>| depths.push((it.depth, it.of, it.nodes))),
            |depth| {
                Step::Completed(GameOutcome {
                    value: 0,
                    best_move: Some(depth as u8),
                    stats: GameStats {
                        nodes: u64::from(depth),
                        leaves: 0,
                    },
                })
            },
        );
        assert_eq!(found.ended, Ended::Depth);
        // Nodes add up: 1, 1 + 2, 1 + 2 + 3.
        assert_eq!(depths, [(1, 3, 1), (2, 3, 3), (3, 3, 6)]);
    }

    #[test]
    fn the_pace_predicts_the_next_iteration_from_the_growth_of_the_last() {
        let ms = Duration::from_millis;
        let pace = Pace { target: ms(1000) };
        // After the first iteration the growth is 4: 300 + 4 * 250 = 1300 = 1.3 * 1000 fits, a
        // millisecond more does not.
        assert!(pace.next_fits(ms(300), ms(250), Duration::ZERO));
        assert!(!pace.next_fits(ms(301), ms(250), Duration::ZERO));
        assert!(!pace.next_fits(ms(300), ms(251), Duration::ZERO));
        // Later the growth is took / before, here 3: 400 + 3 * 300 = 1300 fits.
        assert!(pace.next_fits(ms(400), ms(300), ms(100)));
        assert!(!pace.next_fits(ms(401), ms(300), ms(100)));
        // Clamped to 2 (a shrinking iteration) and to 6.
        assert!(pace.next_fits(ms(700), ms(300), ms(600)));
        assert!(!pace.next_fits(ms(701), ms(300), ms(600)));
        assert!(pace.next_fits(ms(100), ms(200), ms(10)));
        assert!(!pace.next_fits(ms(101), ms(200), ms(10)));
    }

    #[test]
    fn it_reports_why_it_ended() {
        let completed = |d: u32| {
            Step::Completed(GameOutcome {
                value: 0,
                best_move: Some(d),
                stats: GameStats::default(),
            })
        };
        assert_eq!(iterate(1..=3, None, &mut (), completed).ended, Ended::Depth);
        let final_at_2 = |d: u32| match completed(d) {
            Step::Completed(o) if d == 2 => Step::Final(o),
            step => step,
        };
        let found = iterate(1..=3, None, &mut (), final_at_2);
        assert_eq!(
            (found.ended, found.deepest.map(|d| d.0)),
            (Ended::GameOver, Some(2))
        );
        /// Stops after the first iteration.
        struct Enough;
        impl Observer<u32> for Enough {
            fn completed(&mut self, _: &Iteration<'_, u32>) {}
            fn keep_going(&self) -> bool {
                false
            }
        }
        assert_eq!(
            iterate(1..=3, None, &mut Enough, completed).ended,
            Ended::Observer
        );
        let slow = |d: u32| {
            std::thread::sleep(Duration::from_millis(20));
            completed(d)
        };
        let pace = Pace {
            target: Duration::from_millis(1),
        };
        let paced = iterate(1..=3, Some(pace), &mut (), slow);
        assert_eq!(
            (paced.ended, paced.deepest.map(|d| d.0)),
            (Ended::Pace, Some(1))
        );
    }
}
