//! Iterative deepening driven one depth at a time, telling an [`Observer`] about every completed
//! iteration (a program shows them as progress; a test counts them).
//!
//! [`deepen`] gives the value, move and counters of [`Engine::search`] when it has no time
//! budget (or one that is not spent), and the move of the deepest depth it completed when the
//! budget runs out, like [`Engine::search_timed`].
//!
//! ```
//! use search_core::{games::Engine, games::EngineGame, games::Game, games::GameOutcome, games::MoveList, games::Player, games::Value};
//! use search_core::games::deepening::{deepen, Iteration, Observer};
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
//! let found = deepen(&mut Engine::new(16), &start, 5, None, &mut seen);
//! assert_eq!(seen.0, [1, 2, 3, 4, 5]);
//! assert_eq!(found.depth, 5);
//! assert_eq!(found.outcome, Engine::new(16).search(&start, 5));
//! ```

use crate::adversarial::GameOutcome;
use crate::engine::{Engine, Timed};
use crate::game::{EngineGame, Game, MoveList, Player, Value};
use std::cell::Cell;
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

/// Told about the iterations of a [`deepen`] search.
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
}

/// The observer that looks at nothing.
impl<M> Observer<M> for () {
    fn wants_iterations(&self) -> bool {
        false
    }

    fn completed(&mut self, _: &Iteration<'_, M>) {}
}

/// Iterative deepening from 1 ply to `max_depth` with `engine`, telling `observer` about each
/// completed depth. Without a `budget` the value, move and counters are those of
/// [`Engine::search`]`(game, max_depth)`; with a budget that is not spent, too. With one that
/// runs out the search stops, even inside an iteration, and answers the outcome of the deepest
/// completed depth, at least 1 (depth 1 is searched without the clock); the engine is then
/// cleared, since the abandoned iteration stored made-up values.
pub fn deepen<G: EngineGame>(
    engine: &mut Engine<G::Move>,
    game: &G,
    max_depth: u32,
    budget: Option<Duration>,
    observer: &mut dyn Observer<G::Move>,
) -> Timed<G::Move> {
    observer.started();
    let clock = Clock::new(budget.and_then(|b| Instant::now().checked_add(b)));
    let clocked = Clocked {
        game: game.clone(),
        clock: &clock,
    };
    let mut outcome = engine.search_once(game, Some(0));
    let mut total = outcome.stats;
    let mut depth = 0;
    for d in 1..=max_depth {
        let found = if d == 1 {
            engine.search_once(game, Some(1))
        } else {
            engine.search_once(&clocked, Some(d))
        };
        total.add(&found.stats);
        if clock.expired.get() {
            engine.clear();
            break;
        }
        outcome = found;
        depth = d;
        observer.completed(&Iteration {
            depth: d,
            of: max_depth,
            outcome: &outcome,
            nodes: total.nodes,
        });
        if game.is_terminal() {
            break;
        }
    }
    outcome.stats = total;
    Timed { outcome, depth }
}

/// How often (in move generations) the clock is read.
const CHECK_EVERY: u32 = 1024;

/// When a search must stop.
#[derive(Debug)]
struct Clock {
    deadline: Option<Instant>,
    ticks: Cell<u32>,
    expired: Cell<bool>,
}

impl Clock {
    fn new(deadline: Option<Instant>) -> Self {
        Self {
            deadline,
            ticks: Cell::new(0),
            expired: Cell::new(false),
        }
    }

    /// Whether the deadline has passed; reads the clock at the first call and then once every
    /// [`CHECK_EVERY`] calls.
    fn expired(&self) -> bool {
        if let Some(deadline) = self.deadline
            && !self.expired.get()
        {
            let ticks = self.ticks.get().wrapping_add(1);
            self.ticks.set(ticks);
            if ticks % CHECK_EVERY == 1 && Instant::now() >= deadline {
                self.expired.set(true);
            }
        }
        self.expired.get()
    }
}

/// `game` searched under a clock: once the clock has expired every position has no legal move
/// (it is terminal), so the engine unwinds at once. Everything else is the game's own, so an
/// unexpired search is exactly the game's.
#[derive(Debug, Clone)]
struct Clocked<'c, G> {
    game: G,
    clock: &'c Clock,
}

impl<G: Game> Game for Clocked<'_, G> {
    type Move = G::Move;

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn legal_moves(&self) -> MoveList<G::Move> {
        if self.clock.expired() {
            MoveList::new()
        } else {
            self.game.legal_moves()
        }
    }

    fn play(&self, mv: G::Move) -> Self {
        Self {
            game: self.game.play(mv),
            clock: self.clock,
        }
    }

    fn is_terminal(&self) -> bool {
        self.clock.expired.get() || self.game.is_terminal()
    }

    fn evaluate(&self) -> Value {
        self.game.evaluate()
    }
}

impl<G: EngineGame> EngineGame for Clocked<'_, G> {
    fn key(&self) -> u64 {
        self.game.key()
    }

    fn order_moves(&self, moves: &mut MoveList<G::Move>) {
        self.game.order_moves(moves);
    }

    fn use_table(&self) -> bool {
        self.game.use_table()
    }

    fn solve_small(&self, alpha: Value, beta: Value) -> Option<(Value, u64)> {
        if self.clock.expired.get() {
            return None;
        }
        self.game.solve_small(alpha, beta)
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
                let ours = deepen(&mut Engine::new(12), &game, depth, None, &mut log);
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
        let ours = deepen(
            &mut Engine::new(12),
            &game,
            9,
            Some(Duration::from_secs(60)),
            &mut log,
        );
        let plain = Engine::new(12).search(&game, 9);
        assert_eq!(ours.depth, 9);
        // An unspent budget changes nothing, counters included.
        assert_eq!(ours.outcome, plain);
        assert_eq!(log.seen.len(), 9);
        let spent = deepen(
            &mut Engine::new(12),
            &game,
            30,
            Some(Duration::ZERO),
            &mut (),
        );
        assert_eq!(spent.depth, 1);
        assert_eq!(
            spent.outcome.best_move,
            Engine::new(12).search(&game, 1).best_move
        );
    }

    #[test]
    fn a_terminal_root_stops_after_one_depth() {
        let mut log = Log::default();
        let done = deepen(
            &mut Engine::new(8),
            &Take { pile: 0, max: true },
            5,
            None,
            &mut log,
        );
        assert_eq!(done.depth, 1);
        assert_eq!(log.seen.len(), 1);
        assert!(!Observer::<u8>::wants_iterations(&()));
    }
}
