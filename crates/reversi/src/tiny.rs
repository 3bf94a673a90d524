//! The CS540 "Reversi Tiny" commands: one flag, one state (player and 4x4 board), exact output.

use crate::format::tiny;
use crate::position::{Move, Position};
use crate::search::{Scored, WinLoss};
use search_core::{games::GameOutcome, games::alpha_beta, games::minimax};
use std::fmt::Write as _;

/// What `Reversi FLAG player board` computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// 100: the successor boards, one per line.
    Successors,
    /// 200: `non-terminal` or the game value.
    Status,
    /// 300: the minimax value and the number of states explored.
    MinimaxValue,
    /// 400: the board after the minimax move.
    MinimaxMove,
    /// 500: the alpha-beta value and the number of states explored.
    AlphaBetaValue,
    /// 600: the board after the alpha-beta move.
    AlphaBetaMove,
}

impl Flag {
    /// The flag for a code 100, 200, ..., 600.
    #[must_use]
    pub fn from_code(code: u32) -> Option<Self> {
        Some(match code {
            100 => Self::Successors,
            200 => Self::Status,
            300 => Self::MinimaxValue,
            400 => Self::MinimaxMove,
            500 => Self::AlphaBetaValue,
            600 => Self::AlphaBetaMove,
            _ => return None,
        })
    }
}

/// The exact output of `Reversi FLAG player board` for `position` (dark is always Max).
///
/// - successors are ordered by the index of the new disc; a player who must pass has the one
///   successor "same board, other player"; a terminal state has none;
/// - the value is 1 (dark wins), -1 (light wins) or 0, by discs;
/// - states are counted once per Max-Value/Min-Value call: pass states and a terminal root count;
/// - the move is the first successor that strictly improves the best value so far (a pass prints
///   the board itself, a terminal state prints nothing).
#[must_use]
pub fn run(flag: Flag, position: &Position<4>) -> String {
    let game = Scored::new(*position, WinLoss);
    let mut out = String::new();
    match flag {
        Flag::Successors => {
            for mv in position.moves() {
                let next = position.play_legal(mv);
                let _ = writeln!(out, "{}", tiny(next.board()));
            }
        }
        Flag::Status => {
            if position.is_over() {
                let _ = writeln!(out, "{}", position.board().margin().signum());
            } else {
                out.push_str("non-terminal\n");
            }
        }
        Flag::MinimaxValue => value_and_count(&mut out, &minimax(&game, None)),
        Flag::AlphaBetaValue => value_and_count(&mut out, &alpha_beta(&game, None)),
        Flag::MinimaxMove => chosen_board(&mut out, position, &minimax(&game, None)),
        Flag::AlphaBetaMove => chosen_board(&mut out, position, &alpha_beta(&game, None)),
    }
    out
}

fn value_and_count(out: &mut String, outcome: &GameOutcome<Move<4>>) {
    let _ = writeln!(out, "{}\n{}", outcome.value, outcome.stats.nodes);
}

fn chosen_board(out: &mut String, position: &Position<4>, outcome: &GameOutcome<Move<4>>) {
    if let Some(mv) = outcome.best_move {
        let _ = writeln!(out, "{}", tiny(position.play_legal(mv).board()));
    }
}
