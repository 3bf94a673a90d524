//! The computer's search with a depth limit, an optional time budget and progress reports.
//!
//! Iterative deepening from depth 1 to the requested depth, clamped to the number of empty cells
//! (searching past the end of the game changes nothing), by `search_core::games::deepening::deepen`.
//! With a time budget the search stops when the budget is spent, even inside an iteration, and
//! plays the move of the last completed depth. Without one the moves and counters are exactly
//! those of [`connect4::choose_move`]. A search running longer than a second reports each
//! completed depth on stderr when stderr is a terminal (`cli_support::progress`).

use cli_support::progress::Progress;
use connect4::Position;
use search_core::games::GameOutcome;
use search_core::games::deepening::deepen;
use std::time::Duration;

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
    engine: &mut search_core::games::Engine<u8>,
    position: &Position,
    depth: u32,
    budget: Option<Duration>,
) -> Choice {
    let empty = (connect4::ROWS * connect4::COLUMNS) as u32 - position.board().piece_count();
    let depth = depth.min(empty);
    let mut progress = Progress::on_stderr(|column: &u8| format!("column {}", column + 1));
    let budget = search_core::games::Budget {
        time: budget,
        ..search_core::games::Budget::depth(depth)
    };
    let found = deepen(engine, position, budget, &mut progress);
    Choice {
        outcome: found.outcome,
        depth: found.depth,
        stopped: found.depth < depth,
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
