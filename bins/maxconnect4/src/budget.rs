//! The computer's search with a depth limit, an optional time budget and progress reports.
//!
//! Iterative deepening from depth 1 to the requested depth, clamped to the number of empty cells
//! (searching past the end of the game changes nothing). With a time budget the search stops
//! when the budget is spent, even inside an iteration, and plays the move of the last completed
//! depth. Without one the moves and counters are exactly those of [`connect4::choose_move`].
//! A search running longer than a second reports each completed depth on stderr when stderr is
//! a terminal (`cli_support::progress`).

use cli_support::progress::Progress;
use connect4::Position;
use search_core::deepening::{Iteration, Observer};
use search_core::{EngineGame, Game, GameOutcome, MoveList, Player, Value};
use std::cell::Cell;
use std::time::{Duration, Instant};

/// How often (in positions visited) the clock is read.
const CHECK_EVERY: u32 = 4096;

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

    /// Whether the budget is spent; reads the clock once every [`CHECK_EVERY`] calls.
    fn expired(&self) -> bool {
        if self.expired.get() {
            return true;
        }
        let Some(deadline) = self.deadline else {
            return false;
        };
        let ticks = self.ticks.get().wrapping_add(1);
        self.ticks.set(ticks);
        if ticks % CHECK_EVERY == 0 && Instant::now() >= deadline {
            self.expired.set(true);
        }
        self.expired.get()
    }
}

/// A position searched under a clock: once the clock has expired every position looks terminal
/// (no legal move),
/// so the engine unwinds at once (the values of that iteration are then thrown away).
#[derive(Debug, Clone)]
struct Timed<'c> {
    position: Position,
    clock: &'c Clock,
}

impl Game for Timed<'_> {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.position.to_move()
    }
    fn legal_moves(&self) -> MoveList<u8> {
        // The engine recognises a terminal position by its empty move list.
        if self.clock.expired() {
            MoveList::new()
        } else {
            self.position.legal_moves()
        }
    }
    fn play(&self, column: u8) -> Self {
        Self {
            position: self.position.play(column),
            clock: self.clock,
        }
    }
    fn is_terminal(&self) -> bool {
        self.position.is_terminal() || self.clock.expired.get()
    }
    fn evaluate(&self) -> Value {
        self.position.evaluate()
    }
}

impl EngineGame for Timed<'_> {
    fn key(&self) -> u64 {
        self.position.key()
    }
    fn order_moves(&self, moves: &mut MoveList<u8>) {
        self.position.order_moves(moves);
    }
}

/// What the computer's search found.
#[derive(Debug)]
pub struct Choice {
    /// The outcome of the last completed depth (counters: all iterations).
    pub outcome: GameOutcome<u8>,
    /// The last completed depth.
    pub depth: u32,
    /// Whether the time budget stopped the search before the requested (clamped) depth.
    pub stopped: bool,
}

/// The engine's move at `position`: iterative deepening to `depth` (clamped to the empty cells),
/// stopped by `budget` if given.
pub fn choose(
    engine: &mut search_core::Engine<u8>,
    position: &Position,
    depth: u32,
    budget: Option<Duration>,
) -> Choice {
    let start = Instant::now();
    let empty = (connect4::ROWS * connect4::COLUMNS) as u32 - position.board().piece_count();
    let depth = depth.min(empty);
    let clock = Clock::new(budget.map(|b| start + b));
    let root = Timed {
        position: *position,
        clock: &clock,
    };
    let mut progress = Progress::on_stderr(|column: &u8| format!("column {}", column + 1));
    progress.started();
    let mut best = engine.search_once(&root, Some(0));
    let (mut nodes, mut leaves) = (best.stats.nodes, best.stats.leaves);
    let mut done = 0;
    for d in 1..=depth {
        let outcome = engine.search_once(&root, Some(d));
        nodes += outcome.stats.nodes;
        leaves += outcome.stats.leaves;
        if clock.expired.get() {
            // The unfinished iteration stored made-up values: forget them.
            engine.clear();
            break;
        }
        best = outcome;
        done = d;
        progress.completed(&Iteration {
            depth: d,
            of: depth,
            outcome: &best,
            nodes,
        });
    }
    if done == 0 && depth > 0 {
        // Not even depth 1 finished in time: it is instant without a clock.
        best = engine.search_once(position, Some(1));
        nodes += best.stats.nodes;
        leaves += best.stats.leaves;
        done = 1;
    }
    best.stats.nodes = nodes;
    best.stats.leaves = leaves;
    Choice {
        outcome: best,
        depth: done,
        stopped: done < depth,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use connect4::{choose_move, new_engine};

    /// Without a budget the move, value and counters are those of `choose_move`.
    #[test]
    fn without_a_budget_the_search_is_choose_move() {
        let mut position = Position::start();
        for (i, column) in [3, 3, 2, 4, 1, 0, 6, 5, 5, 2].into_iter().enumerate() {
            for depth in [1, 4, 7] {
                let plain = choose_move(&mut new_engine(), &position, depth);
                let ours = choose(&mut new_engine(), &position, depth, None);
                assert_eq!(ours.outcome, plain, "move {i}, depth {depth}");
                assert!(!ours.stopped);
            }
            position = position.play_column(column).unwrap();
        }
    }

    #[test]
    fn a_spent_budget_still_gives_a_move() {
        let choice = choose(
            &mut new_engine(),
            &Position::start(),
            42,
            Some(Duration::ZERO),
        );
        assert!(choice.outcome.best_move.is_some());
        assert!(choice.stopped);
        assert!(choice.depth >= 1);
    }
}
