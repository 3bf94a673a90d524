//! Choosing a move: the engine search of search-core (iterative deepening, transposition table,
//! killer moves) with a perfect position key and centre-first move ordering.

use crate::board::{BOTTOM_MASK, CELLS, Side};
use crate::rules::Position;
use search_core::{
    games::Engine, games::EngineGame, games::GameOutcome, games::MoveList, games::mix64,
};

/// Columns from the centre outwards: central cells lie in the most windows.
pub const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

/// Transposition-table size (as a power of two) used by [`new_engine`]: 2^16 entries (1.5 MB).
/// Larger tables save nodes at depth 14, but their probes miss the caches and their allocation
/// costs more than a search of that depth saves (measured in docs/performance-history.md).
pub const TABLE_BITS: u32 = 16;

impl EngineGame for Position {
    /// A perfect packing made well spread: `pieces(1) + occupied + bottom row` is unique for
    /// every board that obeys gravity (per column it is the bit above the top piece plus player
    /// 1's pieces below it, which never carries into the next column), the side to move goes into
    /// bit 63, and a bijective mixer spreads the bits so the table index (low bits) is uniform.
    fn key(&self) -> u64 {
        let board = self.board();
        let packed = board.pieces(Side::One) + board.occupied() + BOTTOM_MASK;
        let side = u64::from(self.next() == Side::Two) << 63;
        mix64(packed | side)
    }

    /// Centre columns first.
    fn order_moves(&self, moves: &mut MoveList<u8>) {
        // The engine passes every legal move: then the set is the playable columns (moves are
        // legal, so as many as there are playable columns means all of them). Any other list is
        // gathered move by move.
        let playable = self.board().playable_columns();
        let set = if moves.len() == playable.count_ones() as usize {
            playable
        } else {
            moves.iter().fold(0u8, |set, &m| set | (1 << m))
        };
        let set = usize::from(set & 0x7f);
        *moves = MoveList::from_buf_and_len(CENTRE_FIRST_LISTS[set], set.count_ones() as usize);
    }
}

/// For each set of columns (bit `c` = column `c`), its columns in [`CENTRE_FIRST`] order.
static CENTRE_FIRST_LISTS: [[u8; 32]; 128] = {
    let mut lists = [[0u8; 32]; 128];
    let mut set = 0;
    while set < 128 {
        let mut len = 0;
        let mut i = 0;
        while i < CENTRE_FIRST.len() {
            let c = CENTRE_FIRST[i];
            if set & (1 << c) != 0 {
                lists[set][len] = c;
                len += 1;
            }
            i += 1;
        }
        set += 1;
    }
    lists
};

/// An engine with the default table size ([`TABLE_BITS`]).
#[must_use]
pub fn new_engine() -> Engine<u8> {
    Engine::new(TABLE_BITS)
}

/// The engine's choice at `position` searching `depth` plies (capped at the number of empty
/// cells: searching past the end of the game changes nothing). The move is a column 0..7, `None`
/// on a full board. The value is from player 1's point of view; the counters add up all
/// iterations of the iterative deepening.
pub fn choose_move(engine: &mut Engine<u8>, position: &Position, depth: u32) -> GameOutcome<u8> {
    let empty = CELLS as u32 - position.board().piece_count();
    engine.search(position, depth.min(empty))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::COLUMNS;
    use proptest::prelude::*;
    use search_core::{games::Game, games::alpha_beta};
    use std::collections::HashMap;

    fn random_position(columns: &[usize]) -> Position {
        let mut position = Position::start();
        for &c in columns {
            if let Some(next) = position.play_column(c) {
                position = next;
            }
        }
        position
    }

    #[test]
    fn keys_are_distinct_for_distinct_positions() {
        // Every position up to 5 plies (and its side to move) gets its own key.
        let mut seen: HashMap<u64, Position> = HashMap::new();
        let mut frontier = vec![Position::start()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for p in frontier {
                for m in p.legal_moves() {
                    next.push(p.play(m));
                }
            }
            for p in &next {
                for q in [*p, Position::new(*p.board(), p.next().other())] {
                    if let Some(old) = seen.insert(q.key(), q) {
                        assert_eq!(old, q, "key collision");
                    }
                }
            }
            frontier = next;
        }
        assert!(seen.len() > 3000);
    }

    #[test]
    fn key_is_the_mixed_column_code_and_side() {
        // The documented packing, built cell by cell: per column, player 1's pieces and the bit
        // above the top piece; bit 63 when player 2 is to move; then mixed.
        let code = |position: &Position| {
            let board = position.board();
            let mut packed = 0u64;
            for c in 0..COLUMNS {
                let h = board.height(c);
                packed |= 1 << (c * crate::board::STRIDE + h);
                for r in 0..h {
                    if board.cell(r, c) == Some(Side::One) {
                        packed |= crate::board::cell_bit(r, c);
                    }
                }
            }
            if position.next() == Side::Two {
                packed |= 1 << 63;
            }
            mix64(packed)
        };
        let mut frontier = vec![Position::start()];
        for _ in 0..3 {
            let mut next = Vec::new();
            for p in frontier {
                for q in [p, Position::new(*p.board(), p.next().other())] {
                    assert_eq!(q.key(), code(&q), "{q:?}");
                }
                next.extend(p.legal_moves().into_iter().map(|m| p.play(m)));
            }
            frontier = next;
        }
        let full_column = random_position(&[0; 6]);
        assert_eq!(full_column.key(), code(&full_column));
    }

    #[test]
    fn ordering_is_centre_first() {
        let mut moves: MoveList<u8> = (0..7).collect();
        Position::start().order_moves(&mut moves);
        assert_eq!(moves.as_slice(), &CENTRE_FIRST);
        // A partial list (not every legal move) keeps its own moves.
        let mut some: MoveList<u8> = [0u8, 4, 6].into_iter().collect();
        Position::start().order_moves(&mut some);
        assert_eq!(some.as_slice(), &[4, 0, 6]);
        // A column listed twice is ordered once.
        let mut twice: MoveList<u8> = [6u8, 4, 6].into_iter().collect();
        Position::start().order_moves(&mut twice);
        assert_eq!(twice.as_slice(), &[4, 6]);
        let mut position = Position::start();
        for _ in 0..6 {
            position = position.play_column(3).unwrap();
        }
        let mut moves = position.legal_moves();
        position.order_moves(&mut moves);
        assert_eq!(moves.as_slice(), &[2, 4, 1, 5, 0, 6]);
    }

    #[test]
    fn new_engine_has_the_default_table() {
        // The same search as an engine built with TABLE_BITS, counters included (a smaller
        // table keeps fewer positions and searches more nodes).
        for columns in [&[][..], &[3, 3, 2], &[0, 6, 1, 5, 2, 4, 3, 3]] {
            let position = random_position(columns);
            let reference = Engine::new(TABLE_BITS).search(&position, 7);
            assert_eq!(new_engine().search(&position, 7), reference, "{columns:?}");
        }
    }

    #[test]
    fn full_board_has_no_move() {
        let mut position = Position::start();
        for c in 0..COLUMNS {
            for _ in 0..6 {
                position = position.play_column(c).unwrap();
            }
        }
        let mut engine = Engine::new(10);
        let outcome = choose_move(&mut engine, &position, 5);
        assert_eq!(outcome.best_move, None);
    }

    #[test]
    fn depth_is_capped_at_the_empty_cells() {
        // Searching past the last empty cell is searching to it: the same outcome, counters
        // included (an uncapped search repeats the last iteration's work at each extra depth).
        let mut position = Position::start();
        for i in 0..42 {
            let empty = CELLS as u32 - position.board().piece_count();
            if empty <= 8 {
                let capped = choose_move(&mut new_engine(), &position, empty);
                for depth in [empty + 1, 20] {
                    assert_eq!(choose_move(&mut new_engine(), &position, depth), capped);
                }
            }
            position = position.play_column(i * 3 % COLUMNS).unwrap();
        }
    }

    #[test]
    fn engine_agrees_with_alpha_beta_on_the_samples() {
        let input2 = "0000000\r\n0000000\r\n0200000\r\n0100002\r\n0200111\r\n1100222\r\n1";
        let input2 = crate::format::parse_game(input2, "input2.txt").unwrap();
        // Also a late position, where the depth reaches the end of the game.
        let late = random_position(&[
            3, 3, 2, 4, 1, 1, 0, 6, 5, 5, 5, 2, 2, 3, 4, 4, 0, 0, 6, 6, 1, 1, 2, 3, 3, 4, 4, 5, 5,
            6, 6, 0, 0, 1, 2,
        ]);
        assert_eq!(late.board().piece_count(), 35);
        let mut engine = Engine::new(16);
        for position in [Position::start(), input2, late] {
            for depth in 1..=7 {
                let chosen = choose_move(&mut engine, &position, depth);
                let reference = alpha_beta(&position, Some(depth));
                assert_eq!(chosen.value, reference.value, "depth {depth}");
                let mv = chosen.best_move.unwrap();
                let after = alpha_beta(&position.play(mv), Some(depth - 1));
                assert_eq!(after.value, reference.value, "depth {depth}: move {mv}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn engine_move_has_the_alpha_beta_value(columns in proptest::collection::vec(0..COLUMNS, 0..40), depth in 1u32..6) {
            let position = random_position(&columns);
            prop_assume!(!position.is_terminal());
            let mut engine = Engine::new(14);
            let chosen = choose_move(&mut engine, &position, depth);
            let reference = alpha_beta(&position, Some(depth));
            prop_assert_eq!(chosen.value, reference.value);
            // The chosen move is worth the same value: search it one ply shallower.
            let mv = chosen.best_move.unwrap();
            prop_assert!(position.legal_moves().contains(&mv));
            let after = alpha_beta(&position.play(mv), Some(depth - 1));
            prop_assert_eq!(after.value, reference.value);
        }
    }
}
