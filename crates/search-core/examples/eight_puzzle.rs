//! The 8-puzzle solved by A* with the Manhattan heuristic, compared with breadth-first search.
//!
//! Run with `cargo run -p search-core --example eight_puzzle`.

use search_core::{SearchProblem, astar, breadth_first};

/// A board: tile numbers in reading order, 0 for the blank.
type Board = [u8; 9];

/// Slide tiles until the board reads 1..8 with the blank last.
struct EightPuzzle {
    start: Board,
}

const GOAL: Board = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// The direction the blank moves.
#[derive(Debug, Clone, Copy)]
enum Slide {
    Up,
    Down,
    Left,
    Right,
}

impl SearchProblem for EightPuzzle {
    type State = Board;
    type Action = Slide;
    type Cost = u32;

    fn start(&self) -> Board {
        self.start
    }

    fn is_goal(&self, board: &Board) -> bool {
        *board == GOAL
    }

    fn successors(&self, board: &Board, mut visit: impl FnMut(Slide, Board, u32)) {
        let blank = board.iter().position(|&t| t == 0).expect("a blank");
        let (row, col) = (blank / 3, blank % 3);
        let mut slide = |action, target: usize| {
            let mut next = *board;
            next.swap(blank, target);
            visit(action, next, 1);
        };
        if row > 0 {
            slide(Slide::Up, blank - 3);
        }
        if row < 2 {
            slide(Slide::Down, blank + 3);
        }
        if col > 0 {
            slide(Slide::Left, blank - 1);
        }
        if col < 2 {
            slide(Slide::Right, blank + 1);
        }
    }

    /// The sum of each tile's Manhattan distance to its goal square (admissible and consistent).
    fn heuristic(&self, board: &Board) -> u32 {
        board
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(i, &t)| {
                let goal = usize::from(t - 1);
                ((i / 3).abs_diff(goal / 3) + (i % 3).abs_diff(goal % 3)) as u32
            })
            .sum()
    }
}

fn main() {
    // One of the two hardest positions: 31 moves from the goal.
    let puzzle = EightPuzzle {
        start: [8, 6, 7, 2, 5, 4, 3, 0, 1],
    };
    let informed = astar(&puzzle);
    let blind = breadth_first(&puzzle);
    let a_path = informed.path.expect("solvable");
    let b_path = blind.path.expect("solvable");
    assert_eq!(a_path.cost, b_path.steps() as u32, "both are optimal");
    println!("solution: {} moves: {:?}", a_path.steps(), a_path.actions);
    println!(
        "A* (Manhattan): {:>7} expanded, {:>7} generated",
        informed.stats.expanded, informed.stats.generated
    );
    println!(
        "breadth-first:  {:>7} expanded, {:>7} generated",
        blind.stats.expanded, blind.stats.generated
    );
    assert!(informed.stats.expanded * 5 < blind.stats.expanded);
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_runs_and_checks_itself() {
        super::main();
    }
}
