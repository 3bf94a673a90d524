//! The assignment's sample solution's search, reproduced so that its recorded sessions replay.
//!
//! The sample searches single pots with depth-bounded minimax (a depth of `N` is `N` plies,
//! one pot each) and the evaluation Max's kalah minus Min's kalah. It never considers a pot that
//! earns a free turn (a pot whose last stone lands in the mover's kalah and leaves the game
//! going), for either side. A position where the side to move has only such pots is worth
//! "minus infinity" to that side (its best value was never raised), unless it sits at the depth
//! bound, where it is evaluated as usual. At the root it chooses the first pot of best value.
//! These rules reproduce all 117 computer moves of the recorded sessions.

use crate::board::Board;
use search_core::{games::Game, games::MoveList, games::Player, games::Value, games::alpha_beta};

/// The value of a position whose side to move has only free-turn pots, for Max (negated for
/// Min): beyond every kalah difference.
pub const STUCK_VALUE: Value = 1000;

/// A move of the sample's search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SampleMove {
    /// Sow this pot (it does not earn a free turn).
    Pot(u8),
    /// The side to move has only free-turn pots: the search ends here with the stuck value.
    Stuck,
}

/// A position searched the sample's way (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SampleGame {
    board: Board,
    stuck: bool,
}

impl SampleGame {
    /// The sample's view of `board`.
    pub fn new(board: Board) -> Self {
        Self {
            board,
            stuck: false,
        }
    }
}

impl Game for SampleGame {
    type Move = SampleMove;

    fn to_move(&self) -> Player {
        self.board.to_move()
    }

    fn legal_moves(&self) -> MoveList<SampleMove> {
        let mut moves = MoveList::new();
        if self.is_terminal() {
            return moves;
        }
        for pot in self.board.legal_pots() {
            if !self.board.sow(pot).1.free_turn {
                moves.push(SampleMove::Pot(u8::try_from(pot).unwrap_or(u8::MAX)));
            }
        }
        if moves.is_empty() {
            moves.push(SampleMove::Stuck);
        }
        moves
    }

    fn play(&self, mv: SampleMove) -> Self {
        match mv {
            SampleMove::Pot(pot) => Self::new(self.board.play_pot(usize::from(pot))),
            SampleMove::Stuck => Self {
                board: self.board,
                stuck: true,
            },
        }
    }

    fn is_terminal(&self) -> bool {
        self.stuck || self.board.is_over()
    }

    fn evaluate(&self) -> Value {
        if self.stuck {
            -STUCK_VALUE * self.board.to_move().sign()
        } else {
            self.board.kalah_difference()
        }
    }
}

/// The pot the sample solution chooses for the side to move with depth bound `depth`; where the
/// sample has no move (every pot earns a free turn), the first legal pot. `None` once the game
/// is over.
pub fn sample_choice(board: &Board, depth: u32) -> Option<usize> {
    if board.is_over() {
        return None;
    }
    match alpha_beta(&SampleGame::new(*board), Some(depth.max(1))).best_move {
        Some(SampleMove::Pot(pot)) => Some(usize::from(pot)),
        _ => board.legal_pots().next(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn opening_choice_is_pot_5() {
        let start = Board::new(Rules::default(), Player::Max);
        assert_eq!(sample_choice(&start, 5), Some(5));
    }

    #[test]
    fn only_free_turns_falls_back_to_the_first_pot() {
        // Max's pots 4 and 5 hold 2 and 1 stones: both end in the kalah.
        let b = Board::from_parts(
            Rules::default(),
            &[0, 0, 0, 0, 2, 1],
            0,
            &[1, 1, 1, 1, 1, 1],
            0,
            Player::Max,
        )
        .unwrap();
        assert_eq!(
            SampleGame::new(b).legal_moves().as_slice(),
            [SampleMove::Stuck]
        );
        assert_eq!(sample_choice(&b, 3), Some(4));
    }

    /// A stuck side's position ends the search at "minus infinity" for that side; any other
    /// position is terminal only when the game is over, and worth the kalah difference.
    #[test]
    fn a_stuck_side_is_terminal_and_worth_minus_infinity_to_it() {
        let max_stuck = Board::from_parts(
            Rules::default(),
            &[0, 0, 0, 0, 2, 1],
            5,
            &[1, 1, 1, 1, 1, 1],
            3,
            Player::Max,
        )
        .unwrap();
        let game = SampleGame::new(max_stuck);
        assert!(!game.is_terminal());
        assert_eq!(game.evaluate(), 2);
        let stuck = game.play(SampleMove::Stuck);
        assert!(stuck.is_terminal());
        assert_eq!(stuck.evaluate(), -STUCK_VALUE);
        let min_stuck = Board::from_parts(
            Rules::default(),
            &[1, 1, 1, 1, 1, 1],
            3,
            &[0, 0, 0, 0, 2, 1],
            5,
            Player::Min,
        )
        .unwrap();
        let stuck = SampleGame::new(min_stuck).play(SampleMove::Stuck);
        assert!(stuck.is_terminal());
        assert_eq!(stuck.evaluate(), STUCK_VALUE);
    }

    #[test]
    fn a_free_turn_that_ends_the_game_is_a_move() {
        let b = Board::from_parts(
            Rules::default(),
            &[0, 0, 0, 0, 0, 1],
            28,
            &[4, 2, 1, 0, 0, 0],
            12,
            Player::Max,
        )
        .unwrap();
        assert_eq!(
            SampleGame::new(b).legal_moves().as_slice(),
            [SampleMove::Pot(5)]
        );
        assert_eq!(sample_choice(&b, 5), Some(5));
    }
}
