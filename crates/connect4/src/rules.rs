//! Max-Connect4 positions and rules: play until all 42 cells are filled (no early win).
//!
//! [`Position`] implements [`search_core::games::Game`] with **Max = player 1** in every position, so a
//! value means the same thing wherever it comes from (a table entry, a search at either side's
//! turn): positive is good for player 1. When player 2 is to move, the searches minimise.

use crate::board::{Board, COLUMNS, Side};
use crate::eval::{score_difference, weighted};
use crate::incremental::drop_delta;
use search_core::{games::Game, games::MoveList, games::Player, games::Value};

/// The legal-move buffer for each set of playable columns (bit `c` = column `c`).
static MOVE_LISTS: [[u8; 32]; 128] = {
    let mut lists = [[0u8; 32]; 128];
    let mut set = 0;
    while set < 128 {
        let mut len = 0;
        let mut c = 0;
        while c < COLUMNS {
            if set & (1 << c) != 0 {
                lists[set][len] = c as u8;
                len += 1;
            }
            c += 1;
        }
        set += 1;
    }
    lists
};

/// The number of moves in each entry of [`MOVE_LISTS`].
static MOVE_COUNTS: [u8; 128] = {
    let mut counts = [0u8; 128];
    let mut set = 0;
    while set < 128 {
        counts[set] = (set as u32).count_ones() as u8;
        set += 1;
    }
    counts
};

/// A board and the player to move next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    next: Side,
    /// The not-full evaluation of `board` ([`crate::eval::weighted`]), kept up to date by every
    /// move from the cells around the new piece ([`crate::incremental`]).
    value: Value,
}

impl Position {
    /// A position from a board and the player to move. The board's piece counts need not match
    /// the player to move: game files may give any player.
    #[must_use]
    pub fn new(board: Board, next: Side) -> Self {
        Self {
            board,
            next,
            value: weighted(&board),
        }
    }

    /// The empty board with player 1 to move.
    #[must_use]
    pub const fn start() -> Self {
        // Every window of the empty board is worth nothing.
        Self {
            board: Board::empty(),
            next: Side::One,
            value: 0,
        }
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move next.
    #[must_use]
    pub const fn next(&self) -> Side {
        self.next
    }

    /// The position after the player to move drops a piece into `column` (not full), with the
    /// evaluation updated from the windows through the new piece.
    #[inline]
    fn drop_piece(&self, column: usize) -> Self {
        let board = self.board.play(column, self.next);
        let (own, opp) = (
            self.board.pieces(self.next),
            self.board.pieces(self.next.other()),
        );
        let cell = (board.occupied() ^ self.board.occupied()).trailing_zeros();
        let delta = drop_delta(own, opp, cell);
        Self {
            board,
            next: self.next.other(),
            value: match self.next {
                Side::One => self.value + delta,
                Side::Two => self.value - delta,
            },
        }
    }

    /// The position after the player to move drops a piece into `column` (0..7); `None` when the
    /// column does not exist or is full.
    #[must_use]
    pub fn play_column(&self, column: usize) -> Option<Self> {
        if !self.board.can_play(column) {
            return None;
        }
        Some(self.drop_piece(column))
    }
}

impl Game for Position {
    /// A column, 0 (left) to 6.
    type Move = u8;

    fn to_move(&self) -> Player {
        match self.next {
            Side::One => Player::Max,
            Side::Two => Player::Min,
        }
    }

    /// The columns that are not full, left to right.
    #[inline]
    fn legal_moves(&self) -> MoveList<u8> {
        // A table lookup: building the list byte by byte on the stack and reading it back whole
        // stalls store forwarding, and this runs at every inner node.
        let playable = usize::from(self.board.playable_columns());
        MoveList::from_buf_and_len(MOVE_LISTS[playable], MOVE_COUNTS[playable] as usize)
    }

    #[inline]
    fn play(&self, column: u8) -> Self {
        self.drop_piece(usize::from(column))
    }

    fn is_terminal(&self) -> bool {
        self.board.is_full()
    }

    /// [`crate::eval::evaluate`] of the board, from the kept value (same result).
    #[inline]
    fn evaluate(&self) -> Value {
        if self.board.is_full() {
            score_difference(&self.board)
        } else {
            self.value
        }
    }
}

/// A position evaluated by the score difference alone (completed fours, nothing else): the
/// baseline opponent of the self-play harness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoreOnly(pub Position);

impl Game for ScoreOnly {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.0.to_move()
    }

    fn legal_moves(&self) -> MoveList<u8> {
        self.0.legal_moves()
    }

    fn play(&self, column: u8) -> Self {
        Self(self.0.play(column))
    }

    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }

    fn evaluate(&self) -> Value {
        score_difference(self.0.board())
    }
}

/// The number of move sequences of exactly `depth` moves from `position` (perft). Full columns
/// are the only limit; a full board ends every sequence early and counts nothing further.
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    let mut count = 0;
    let mut stack = vec![(position.board, depth)];
    let side_of = |board: &Board| {
        // The side to move follows from the pieces played since the root.
        let played = board.piece_count() - position.board.piece_count();
        if played % 2 == 0 {
            position.next
        } else {
            position.next.other()
        }
    };
    while let Some((board, remaining)) = stack.pop() {
        if remaining == 0 {
            count += 1;
            continue;
        }
        let side = side_of(&board);
        let playable = board.playable_columns();
        for c in 0..COLUMNS {
            if playable & (1 << c) != 0 {
                stack.push((board.play(c, side), remaining - 1));
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn perft_from_the_empty_board() {
        let expected = [1, 7, 49, 343, 2401, 16807, 117_649, 823_536];
        for (depth, &count) in expected.iter().enumerate() {
            assert_eq!(
                perft(&Position::start(), depth as u32),
                count,
                "depth {depth}"
            );
        }
    }

    #[test]
    fn perft_counts_nothing_past_a_full_board() {
        let mut position = Position::start();
        for c in 0..COLUMNS {
            for _ in 0..6 {
                if position.board().piece_count() < 41 {
                    position = position.play_column(c).unwrap();
                }
            }
        }
        assert_eq!(position.board().piece_count(), 41);
        assert_eq!(perft(&position, 1), 1);
        assert_eq!(perft(&position, 2), 0);
    }

    #[test]
    fn full_columns_are_not_moves() {
        let mut position = Position::start();
        for _ in 0..6 {
            position = position.play_column(0).unwrap();
        }
        assert_eq!(position.play_column(0), None);
        assert_eq!(position.play_column(7), None);
        assert_eq!(position.legal_moves().as_slice(), &[1, 2, 3, 4, 5, 6]);
        assert_eq!(position.next(), Side::One);
        assert_eq!(position.to_move(), Player::Max);
    }

    /// Brute-force score of `side`: every line of four cells (rows, columns, both diagonals)
    /// read cell by cell through `Board::cell`.
    fn brute_score(board: &Board, side: Side) -> Value {
        let (rows, columns) = (crate::board::ROWS as i32, COLUMNS as i32);
        let mut fours = 0;
        for r in 0..rows {
            for c in 0..columns {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (-1, 1)] {
                    let owned = (0..4).all(|k| {
                        let (rr, cc) = (r + k * dr, c + k * dc);
                        (0..rows).contains(&rr)
                            && (0..columns).contains(&cc)
                            && board.cell(rr as usize, cc as usize) == Some(side)
                    });
                    fours += Value::from(owned);
                }
            }
        }
        fours
    }

    /// The position after playing `columns` in turn from the start (full columns skipped).
    fn played(columns: &[usize]) -> Position {
        columns
            .iter()
            .fold(Position::start(), |p, &c| p.play_column(c).unwrap_or(p))
    }

    /// `ScoreOnly` is the position's game with the brute-force score difference as its value,
    /// up to and including the full board.
    fn check_score_only(position: Position) {
        let game = ScoreOnly(position);
        let difference =
            brute_score(position.board(), Side::One) - brute_score(position.board(), Side::Two);
        assert_eq!(game.evaluate(), difference);
        assert_eq!(game.to_move(), position.to_move());
        assert_eq!(game.is_terminal(), position.board().is_full());
        assert_eq!(game.legal_moves(), position.legal_moves());
        for m in game.legal_moves() {
            assert_eq!(game.play(m), ScoreOnly(position.play(m)));
        }
    }

    #[test]
    fn score_only_values_the_score_difference() {
        // Column by column, the rows fill with one colour each (horizontal fours); the last
        // check is on the full board (terminal, no moves).
        let mut position = Position::start();
        let mut differences = Vec::new();
        for i in 0..42 {
            check_score_only(position);
            differences.push(ScoreOnly(position).evaluate());
            position = position.play_column(i / 6).unwrap();
        }
        check_score_only(position);
        assert!(ScoreOnly(position).is_terminal());
        assert!(differences.iter().any(|&d| d > 0));
        // Player 2 to move: Min.
        let two = played(&[3]);
        assert_eq!(ScoreOnly(two).to_move(), Player::Min);
    }

    proptest! {
        #[test]
        fn score_only_agrees_with_brute_force(columns in proptest::collection::vec(0..COLUMNS, 20..60)) {
            check_score_only(played(&columns));
        }

        #[test]
        fn perft_one_is_the_number_of_legal_moves(columns in proptest::collection::vec(0..COLUMNS, 0..42)) {
            let mut position = Position::start();
            for c in columns {
                if let Some(next) = position.play_column(c) {
                    position = next;
                }
            }
            let moves = position.legal_moves();
            prop_assert_eq!(perft(&position, 1), moves.len() as u64);
            let two: u64 = moves.iter().map(|&m| position.play(m).legal_moves().len() as u64).sum();
            prop_assert_eq!(perft(&position, 2), two);
        }
    }
}
