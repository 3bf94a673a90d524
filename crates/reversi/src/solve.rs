//! Exact solving: an MTD(f) loop of null-window engine searches ("is Black's margin at least
//! beta?") with the root expanded here, one move per symmetry class of the positions it leads
//! to.

use crate::board::Board;
use crate::endgame;
use crate::position::{Move, Position};
use crate::search::{Margin, Scored};
use crate::side::Side;
use crate::square::Square;
use crate::stability;
use search_core::{
    games::Bounds, games::Engine, games::EngineGame, games::Game, games::INFINITY, games::MoveList,
    games::Mtdf, games::Player, games::Value,
};

/// The result of [`solve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution<const N: usize> {
    /// Black's discs minus White's at the end of perfect play (empty squares count for nobody).
    pub margin: Value,
    /// A best first move (`None` when the game is over).
    pub best_move: Option<Move<N>>,
    /// Positions the engine visited (warm-up included).
    pub nodes: u64,
}

/// The depth of the iterative deepening that starts [`solve`].
const WARM_UP_DEPTH: u32 = 14;

/// At most this many empty squares, [`solve`] searches without the engine's table: there a
/// probe (a cache miss) costs more than the subtree.
const NO_TABLE_EMPTIES: usize = 5;

/// At most this many empty squares, [`solve`] hands the position to
/// [`endgame::solve_small`].
const SMALL_EMPTIES: usize = 8;

/// The solver's view of a position: [`Scored`] by the margin, whose engine hooks keep the table
/// off the last empty squares, hand small endgames to [`endgame::solve_small`] and cut on
/// stable discs. The engine searches it exactly like `Scored` otherwise (same keys, same order).
#[derive(Debug, Clone, Copy)]
struct Exact<const N: usize>(Scored<N, Margin>);

impl<const N: usize> Game for Exact<N> {
    type Move = Move<N>;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self) -> MoveList<Move<N>> {
        self.0.legal_moves()
    }
    fn play(&self, mv: Move<N>) -> Self {
        Self(self.0.play(mv))
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn evaluate(&self) -> Value {
        self.0.evaluate()
    }
}

impl<const N: usize> EngineGame for Exact<N> {
    fn key(&self) -> u64 {
        self.0.key()
    }
    fn order_moves(&self, moves: &mut MoveList<Move<N>>) {
        self.0.order_moves(moves);
    }
    fn use_table(&self) -> bool {
        self.0.position.board().empties().len() > NO_TABLE_EMPTIES
    }
    fn solve_small(&self, alpha: Value, beta: Value) -> Option<(Value, u64)> {
        let position = &self.0.position;
        if position.board().empties().len() <= SMALL_EMPTIES {
            return Some(endgame::solve_small(position, alpha, beta));
        }
        // Stability cut-off: the opponent's stable discs cap the mover's margin; a cap at or
        // below alpha is a fail-low bound.
        let side = position.to_move();
        let board = position.board();
        stability::upper_bound_at_most::<N>(board.mask(side), board.mask(side.opponent()), alpha)
            .map(|bound| (bound, 1))
    }
}

/// `board` under symmetry `t` (0..8): bit 2 transposes, bit 0 mirrors the rows, bit 1 the
/// columns.
fn transform<const N: usize>(board: &Board<N>, t: usize) -> Board<N> {
    let mut out = Board::empty();
    for square in Square::<N>::all() {
        let (r, c) = (square.row(), square.col());
        let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
        let r = if t & 1 != 0 { N - 1 - r } else { r };
        let c = if t & 2 != 0 { N - 1 - c } else { c };
        if let Some(target) = Square::new(r, c) {
            out = out.with(target, board.get(square));
        }
    }
    out
}

/// The same value for all positions that are images of each other under the board's eight
/// symmetries (which keep the rules and the margin).
fn canonical<const N: usize>(position: &Position<N>) -> (u64, u64, bool) {
    (0..8)
        .map(|t| {
            let board = transform(position.board(), t);
            (
                board.mask(Side::Black),
                board.mask(Side::White),
                position.to_move() == Side::White,
            )
        })
        .min()
        .unwrap_or((0, 0, false))
}

/// Solves `position` exactly with the search-core engine (table of `2^table_bits` entries):
/// the disc margin with perfect play.
///
/// A short iterative deepening fills the table with ordering hints and gives the first guess;
/// then each test "margin >= beta" searches the root's children (one per symmetry class) with
/// null windows until one answers for the side to move, and the tests close in on the value
/// from both sides (MTD(f)). Only alpha-beta cuts: the value is exact.
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
    /// A null-window test "margin >= beta" has been answered.
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
    // Killer moves would push the fastest-first order back (5 times the nodes).
    let mut engine = Engine::new(table_bits).with_killers(false);
    let warm_up = engine.search(&game, WARM_UP_DEPTH);
    let mut nodes = warm_up.stats.nodes + 1;
    report(Progress::WarmUp {
        guess: warm_up.value,
        nodes: warm_up.stats.nodes,
    });
    if game.legal_moves().is_empty() {
        return Solution {
            margin: position.board().margin(),
            best_move: None,
            nodes,
        };
    }
    let mut classes = root_classes(&game, warm_up.best_move);
    let max_to_move = game.to_move() == Player::Max;
    let everything = Bounds {
        lower: -INFINITY,
        upper: INFINITY,
    };
    let mut mtdf = Mtdf::new(everything, warm_up.value, 1);
    let mut best_move = Some(classes[0].0);
    while let Some(beta) = mtdf.next_beta() {
        let test = probe_root(&mut engine, &classes, beta, max_to_move);
        nodes += test.nodes;
        report(Progress::Test {
            beta,
            value: test.value,
            nodes: test.nodes,
        });
        mtdf.record(beta, test.value);
        // The move that answered for the side to move achieves the bound just proved (and the
        // last bound proved for that side is the value); it is tried first from now on.
        if let Some(i) = test.answered {
            best_move = Some(classes[i].0);
            classes[..=i].rotate_right(1);
        }
    }
    Solution {
        margin: mtdf.value().expect("MTD(f) runs until the bounds meet"),
        best_move,
        nodes,
    }
}

/// The root's moves, one per symmetry class of the positions they lead to, the warm-up's best
/// move first. The game must have a move.
fn root_classes<const N: usize>(
    game: &Scored<N, Margin>,
    first: Option<Move<N>>,
) -> Vec<(Move<N>, Exact<N>)> {
    let mut moves = game.legal_moves();
    if let Some(first) = first
        && let Some(i) = moves.iter().position(|&m| m == first)
    {
        moves[..=i].rotate_right(1);
    }
    let mut classes: Vec<(Move<N>, Exact<N>)> = Vec::new();
    let mut seen = Vec::new();
    for mv in moves {
        let child = game.play(mv);
        let class = canonical(&child.position);
        if !seen.contains(&class) {
            seen.push(class);
            classes.push((mv, Exact(child)));
        }
    }
    classes
}

/// The answer to one null-window test of [`solve`].
struct TestAnswer {
    /// Fail-soft, from Max's point of view.
    value: Value,
    /// The class that answered for the side to move, if one did.
    answered: Option<usize>,
    /// Positions visited.
    nodes: u64,
}

/// One ply of fail-soft alpha-beta over the root's classes, from Max's point of view: "is the
/// margin at least `beta`?".
fn probe_root<const N: usize>(
    engine: &mut Engine<Move<N>>,
    classes: &[(Move<N>, Exact<N>)],
    beta: Value,
    max_to_move: bool,
) -> TestAnswer {
    let mut answer = TestAnswer {
        value: if max_to_move { Value::MIN } else { Value::MAX },
        answered: None,
        nodes: 0,
    };
    for (i, (_, child)) in classes.iter().enumerate() {
        let outcome = engine.search_window(child, None, beta - 1, beta);
        answer.nodes += outcome.stats.nodes;
        let v = outcome.value;
        answer.value = if max_to_move {
            answer.value.max(v)
        } else {
            answer.value.min(v)
        };
        if (v >= beta) == max_to_move {
            answer.answered = Some(i);
            break;
        }
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_one_move_up_to_symmetry() {
        let start = Position::<6>::start();
        let children: Vec<_> = start
            .moves()
            .map(|m| canonical(&start.play(m).expect("legal")))
            .collect();
        assert_eq!(children.len(), 4);
        assert!(children.iter().all(|c| *c == children[0]));
        // A position and its mirror image have the same canonical form, a different one not.
        let board = transform(start.board(), 2);
        assert_eq!(
            canonical(&Position::new(board, Side::Black)),
            canonical(&start)
        );
        assert_ne!(canonical(&start), canonical(&start.pass()));
    }

    /// The 6x6 start: White wins 20-16 (Feinstein 1993). About 6 minutes in release (8.6 G
    /// positions with a table of 2^24 entries): `cargo test --release -p reversi -- --ignored`.
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
}
