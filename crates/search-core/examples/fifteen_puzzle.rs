//! The 15-puzzle solved optimally by IDA* with the Manhattan heuristic, on the easiest of
//! Korf's (1985) 100 random instances, with their published optimal lengths.
//!
//! Run with `cargo run --release -p search-core --example fifteen_puzzle`.

use search_core::{SearchProblem, idastar};

/// Tiles in reading order, 0 for the blank; the goal is 0, 1, ..., 15.
pub type Board = [u8; 16];

/// Korf's instances 79, 97 and 82 (numbering of the 1985 paper) with their optimal lengths.
pub const INSTANCES: [(Board, u32); 3] = [
    ([0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15], 42),
    ([13, 8, 14, 3, 9, 1, 0, 7, 15, 5, 4, 10, 12, 2, 6, 11], 41),
    ([14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15], 45),
];

/// A 15-puzzle from a start board.
pub struct Fifteen(pub Board);

impl Fifteen {
    /// The boards one slide away, in the order up, down, left, right (of the blank).
    pub fn slides(board: &Board) -> impl Iterator<Item = Board> + '_ {
        let blank = board.iter().position(|&t| t == 0).expect("a blank");
        let (row, col) = (blank / 4, blank % 4);
        [
            (row > 0).then(|| blank - 4),
            (row < 3).then(|| blank + 4),
            (col > 0).then(|| blank - 1),
            (col < 3).then(|| blank + 1),
        ]
        .into_iter()
        .flatten()
        .map(move |target| {
            let mut next = *board;
            next.swap(blank, target);
            next
        })
    }

    /// The sum of the tiles' Manhattan distances to their goal squares.
    pub fn manhattan(board: &Board) -> u32 {
        board
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != 0)
            .map(|(i, &t)| {
                let goal = usize::from(t);
                ((i / 4).abs_diff(goal / 4) + (i % 4).abs_diff(goal % 4)) as u32
            })
            .sum()
    }

    /// Whether `board` is the goal.
    pub fn solved(board: &Board) -> bool {
        board.iter().enumerate().all(|(i, &t)| usize::from(t) == i)
    }
}

impl SearchProblem for Fifteen {
    type State = Board;
    type Action = ();
    type Cost = u32;
    fn start(&self) -> Board {
        self.0
    }
    fn is_goal(&self, board: &Board) -> bool {
        Self::solved(board)
    }
    fn successors(&self, board: &Board, mut visit: impl FnMut((), Board, u32)) {
        for next in Self::slides(board) {
            visit((), next, 1);
        }
    }
    fn heuristic(&self, board: &Board) -> u32 {
        Self::manhattan(board)
    }
}

fn main() {
    for (board, optimal) in INSTANCES {
        let result = idastar(&Fifteen(board));
        let path = result.path.expect("solvable");
        assert_eq!(path.cost, optimal, "{board:?}");
        assert!(
            path.states
                .windows(2)
                .all(|w| Fifteen::slides(&w[0]).any(|n| n == w[1]))
        );
        assert!(Fifteen::solved(path.last()));
        println!(
            "{board:?}: {} moves, {} expanded, {} generated",
            path.cost, result.stats.expanded, result.stats.generated
        );
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_runs_and_checks_itself() {
        super::main();
    }
}
