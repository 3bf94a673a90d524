//! Exact solving for COL106's convention (discs only: empty squares count for nobody), Black's
//! margin: a short engine search gives the first guess, then the exact solver
//! ([`exact::Solver::discs_only`]) closes in on the value with null-window tests (MTD(f)).

use crate::exact::{self, Solved};
use crate::position::{Move, Position};
use crate::search::{Margin, Scored};
use crate::side::Side;
use search_core::games::{Budget, Engine, Value};

/// The result of [`solve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution<const N: usize> {
    /// Black's discs minus White's at the end of perfect play (empty squares count for nobody).
    pub margin: Value,
    /// A best first move (`None` when the game is over).
    pub best_move: Option<Move<N>>,
    /// Positions visited (the warm-up's included).
    pub nodes: u64,
}

/// The depth of the iterative deepening that starts [`solve`].
const WARM_UP_DEPTH: u32 = 14;

/// Solves `position` exactly (tables of `2^table_bits` entries): Black's disc margin with perfect
/// play, empty squares counting for nobody.
///
/// A depth-limited engine search gives the first guess; then the exact solver
/// ([`exact::Solver::discs_only`]) answers null-window tests "is the margin at least beta?" and
/// the tests close in on the value from both sides (MTD(f)). Only alpha-beta cuts: the value is
/// exact.
#[must_use]
pub fn solve<const N: usize>(position: &Position<N>, table_bits: u32) -> Solution<N> {
    solve_reporting(position, table_bits, |_| {})
}

/// One step of [`solve`], as [`solve_reporting`] reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// The warm-up's margin (the first guess) and the positions it visited.
    WarmUp {
        /// The depth-limited margin.
        guess: Value,
        /// Positions visited.
        nodes: u64,
    },
    /// A null-window test "margin >= beta" has been answered (margins for the side to move).
    Test {
        /// The tested margin.
        beta: Value,
        /// The fail-soft answer: `value >= beta` means yes, and the margin is at least `value`;
        /// otherwise it is at most `value`.
        value: Value,
        /// Positions visited by this test.
        nodes: u64,
    },
}

/// [`solve`], calling `report` after the warm-up and after each null-window test (for progress
/// output on long solves).
#[must_use]
pub fn solve_reporting<const N: usize>(
    position: &Position<N>,
    table_bits: u32,
    mut report: impl FnMut(Progress),
) -> Solution<N> {
    let game = Scored::new(*position, Margin);
    // Killer moves would push the fastest-first order back.
    let warm_up = Engine::new(table_bits)
        .with_killers(false)
        .search(&game, WARM_UP_DEPTH);
    report(Progress::WarmUp {
        guess: warm_up.value,
        nodes: warm_up.stats.nodes,
    });
    // The engine's values are Black's; the solver's the side to move's.
    let sign = if position.to_move() == Side::Black {
        1
    } else {
        -1
    };
    let mut solver = exact::Solver::discs_only(table_bits);
    let solved = solver
        .mtdf(
            position,
            Budget::default(),
            sign * warm_up.value,
            |beta, test: &Solved<N>| {
                report(Progress::Test {
                    beta,
                    value: test.margin,
                    nodes: test.nodes,
                });
            },
        )
        .expect("an unlimited budget always finishes");
    Solution {
        margin: sign * solved.margin,
        best_move: solved.best_move,
        nodes: warm_up.stats.nodes + solved.nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 6x6 start: White wins 20-16 (Feinstein 1993). Minutes in release (tables of 2^24
    /// entries): `cargo test --release -p reversi -- --ignored`.
    #[test]
    #[ignore = "minutes in release"]
    fn the_6x6_start_is_a_four_disc_loss_for_black() {
        assert_eq!(solve(&Position::<6>::start(), 24).margin, -4);
    }

    #[test]
    fn the_4x4_start_is_a_loss_for_black() {
        let solution = solve(&Position::<4>::start(), 12);
        let exact =
            search_core::games::alpha_beta(&Scored::new(Position::<4>::start(), Margin), None);
        assert_eq!(solution.margin, exact.value);
        assert!(solution.margin < 0);
    }

    /// The warm-up's guess (Black's margin) starts the tests at the side to move's margin: the
    /// first test asks whether the mover's margin is at least the guess, signed for the mover
    /// (within the margins a test can separate, -15..=16 on 4x4). The reported tests' nodes and
    /// the warm-up's add up to the solution's.
    #[test]
    fn the_first_test_is_the_warm_ups_guess_for_the_mover() {
        let start = Position::<4>::start();
        let first = start.moves().next().expect("a move at the start");
        for position in [start, start.play(first).expect("a legal move")] {
            let mut reports = Vec::new();
            let solution = solve_reporting(&position, 12, |p| reports.push(p));
            let Some(Progress::WarmUp { guess, nodes }) = reports.first().copied() else {
                panic!("the warm-up first: {reports:?}");
            };
            let mover = if position.to_move() == Side::Black {
                guess
            } else {
                -guess
            };
            assert!(matches!(
                reports[1],
                Progress::Test { beta, .. } if beta == mover.clamp(-15, 16)
            ));
            let tests: u64 = reports[1..]
                .iter()
                .map(|p| match p {
                    Progress::Test { nodes, .. } => *nodes,
                    Progress::WarmUp { .. } => panic!("one warm-up"),
                })
                .sum();
            assert_eq!(solution.nodes, nodes + tests);
        }
    }
}
