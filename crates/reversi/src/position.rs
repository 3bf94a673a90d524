//! Positions: a board and the side to move, with the rules of play.

use crate::board::Board;
use crate::rules;
use crate::side::Side;
use crate::square::{Square, SquareSet};

/// A move: a disc placed on a square, or a pass (legal exactly when the side to move has no
/// placement and the game is not over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move<const N: usize> {
    /// Place a disc on the square.
    Place(Square<N>),
    /// Pass: the board stays, the other side moves.
    Pass,
}

/// A position: a board and the side to move. Any board with any side to move is a position
/// (the game may be over in it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<const N: usize> {
    board: Board<N>,
    to_move: Side,
}

impl<const N: usize> Position<N> {
    /// The position with `board` and `to_move` to move.
    #[must_use]
    pub fn new(board: Board<N>, to_move: Side) -> Self {
        Self { board, to_move }
    }

    /// The standard start, Black to move.
    #[must_use]
    pub fn start() -> Self {
        Self::new(Board::start(), Side::Black)
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board<N> {
        &self.board
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The mover's and the opponent's disc masks.
    fn own_opp(&self) -> (u64, u64) {
        (
            self.board.mask(self.to_move),
            self.board.mask(self.to_move.opponent()),
        )
    }

    /// The squares where the side to move may place a disc (empty when it must pass or the game
    /// is over).
    #[must_use]
    pub fn placements(&self) -> SquareSet<N> {
        let (own, opp) = self.own_opp();
        SquareSet(rules::moves(own, opp, Board::<N>::MASK))
    }

    /// Whether the game is over: neither side can place a disc.
    #[must_use]
    pub fn is_over(&self) -> bool {
        let (own, opp) = self.own_opp();
        rules::moves(own, opp, Board::<N>::MASK) == 0
            && rules::moves(opp, own, Board::<N>::MASK) == 0
    }

    /// Whether the side to move must pass: it has no placement but the opponent has one.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        let (own, opp) = self.own_opp();
        rules::moves(own, opp, Board::<N>::MASK) == 0
            && rules::moves(opp, own, Board::<N>::MASK) != 0
    }

    /// The legal moves in order: the placements by square index, or a single pass, or none when
    /// the game is over.
    pub fn moves(&self) -> impl Iterator<Item = Move<N>> + use<N> {
        let (own, opp) = self.own_opp();
        let placements = rules::moves(own, opp, Board::<N>::MASK);
        // Generated once; the opponent's moves only when the side to move has none.
        let pass = placements == 0 && rules::moves(opp, own, Board::<N>::MASK) != 0;
        SquareSet::<N>(placements)
            .map(Move::Place)
            .chain(pass.then_some(Move::Pass))
    }

    /// The discs `square` would flip for the side to move (empty: the placement is illegal).
    #[must_use]
    pub fn flips(&self, square: Square<N>) -> SquareSet<N> {
        let (own, opp) = self.own_opp();
        if (own | opp) & square.bit() != 0 {
            return SquareSet(0);
        }
        SquareSet(rules::flips(own, opp, square.bit()))
    }

    /// The position after placing on `square`, or `None` when that is not a legal move.
    #[must_use]
    pub fn place(&self, square: Square<N>) -> Option<Self> {
        let flipped = self.flips(square);
        (!flipped.is_empty()).then(|| self.place_flipping(square.bit(), flipped.0))
    }

    /// The position after passing (the board is kept; legality is not checked).
    #[must_use]
    pub fn pass(&self) -> Self {
        Self::new(self.board, self.to_move.opponent())
    }

    /// The position after `mv`, or `None` when it is not legal.
    #[must_use]
    pub fn play(&self, mv: Move<N>) -> Option<Self> {
        match mv {
            Move::Place(square) => self.place(square),
            Move::Pass => self.must_pass().then(|| self.pass()),
        }
    }

    /// Places the bit `mv` flipping `flipped` (both already known legal).
    pub(crate) fn place_flipping(&self, mv: u64, flipped: u64) -> Self {
        let (own, opp) = self.own_opp();
        let board = Board::from_masks(self.to_move, own | mv | flipped, opp & !flipped);
        Self::new(board, self.to_move.opponent())
    }

    /// The position after a move known to be legal (placements are not checked).
    pub(crate) fn play_legal(&self, mv: Move<N>) -> Self {
        match mv {
            Move::Place(square) => {
                let (own, opp) = self.own_opp();
                let bit = square.bit();
                self.place_flipping(bit, rules::flips(own, opp, bit))
            }
            Move::Pass => self.pass(),
        }
    }

    /// The winner by discs (empty squares count for nobody), `None` for a tie.
    #[must_use]
    pub fn leader(&self) -> Option<Side> {
        match self.board.margin() {
            m if m > 0 => Some(Side::Black),
            m if m < 0 => Some(Side::White),
            _ => None,
        }
    }

    /// The side to move's discs minus the opponent's (the COL106 `boardScore`).
    #[must_use]
    pub fn score(&self) -> i32 {
        self.board.count(self.to_move) as i32 - self.board.count(self.to_move.opponent()) as i32
    }

    /// A reproducible test position: from the start, moves picked by a linear congruential
    /// generator seeded with `seed` until at most `empties` squares are empty or the game is
    /// over (examples and benchmarks use it to sample positions of a given stage).
    ///
    /// ```
    /// use reversi::Position;
    /// let p = Position::<8>::random_line(1, 20);
    /// assert!(p.board().empties().len() <= 20 || p.is_over());
    /// assert_eq!(p, Position::<8>::random_line(1, 20));
    /// ```
    #[must_use]
    pub fn random_line(seed: u64, empties: usize) -> Self {
        let mut position = Self::start();
        let mut seed = seed;
        while position.board().empties().len() > empties && !position.is_over() {
            let moves: Vec<Move<N>> = position.moves().collect();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            position = position
                .play(moves[(seed >> 33) as usize % moves.len()])
                .expect("a listed move is legal");
        }
        position
    }
}

impl<const N: usize> Move<N> {
    /// The placed square through `f`, or `None` for a pass.
    pub fn map_square<T>(self, f: impl FnOnce(Square<N>) -> T) -> Option<T> {
        match self {
            Self::Place(square) => Some(f(square)),
            Self::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The discs of `side`, counted square by square.
    fn discs<const N: usize>(position: &Position<N>, side: Side) -> i32 {
        Square::<N>::all()
            .filter(|&s| position.board().get(s) == Some(side))
            .count() as i32
    }

    fn check_leader_and_score<const N: usize>(seed: u64, empties: usize) -> i32 {
        let position = Position::<N>::random_line(seed, empties);
        let (black, white) = (discs(&position, Side::Black), discs(&position, Side::White));
        let expected = match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(Side::Black),
            std::cmp::Ordering::Less => Some(Side::White),
            std::cmp::Ordering::Equal => None,
        };
        assert_eq!(position.leader(), expected);
        let own = discs(&position, position.to_move());
        let opp = discs(&position, position.to_move().opponent());
        assert_eq!(position.score(), own - opp);
        assert_eq!(position.pass().score(), opp - own);
        black - white
    }

    #[test]
    fn leader_and_score_follow_the_counts() {
        let mut margins = std::collections::BTreeSet::new();
        for seed in 0..40 {
            for empties in [0, 3, 10] {
                margins.insert(check_leader_and_score::<4>(seed, empties).signum());
                margins.insert(check_leader_and_score::<6>(seed, empties).signum());
                margins.insert(check_leader_and_score::<8>(seed, empties).signum());
            }
        }
        assert_eq!(margins.len(), 3, "wins of both sides and ties: {margins:?}");
        assert_eq!(Position::<8>::start().leader(), None);
    }

    #[test]
    fn random_lines_stop_at_the_empties_asked_for() {
        assert_eq!(Position::<8>::random_line(7, 60), Position::start());
        let mut distinct = std::collections::BTreeSet::new();
        for seed in 0..20 {
            let mut previous = Position::<6>::start();
            for empties in (0..32).rev() {
                let position = Position::<6>::random_line(seed, empties);
                let left = position.board().empties().len();
                assert!(left == empties || (left > empties && position.is_over()));
                // One placement (after a pass if need be) from the line one square earlier.
                if previous.is_over() {
                    assert_eq!(position, previous);
                } else {
                    let at = if previous.must_pass() {
                        previous.pass()
                    } else {
                        previous
                    };
                    let next: Vec<_> = at.placements().filter_map(|s| at.place(s)).collect();
                    assert!(next.contains(&position), "seed {seed}, {empties} empties");
                }
                previous = position;
            }
            distinct.insert(format!("{:?}", Position::<8>::random_line(seed, 50)));
        }
        assert!(distinct.len() > 15, "the seeds pick different lines");
        // Every first move of the 8x8 start is picked by some seed.
        let firsts: std::collections::BTreeSet<_> = (0..20)
            .map(|seed| format!("{:?}", Position::<8>::random_line(seed, 59)))
            .collect();
        assert_eq!(firsts.len(), 4);
    }

    #[test]
    fn map_square_maps_placements_only() {
        let square = Square::<8>::new(2, 3).unwrap();
        assert_eq!(Move::Place(square).map_square(Square::index), Some(19));
        assert_eq!(Move::<8>::Pass.map_square(Square::index), None);
    }
}
