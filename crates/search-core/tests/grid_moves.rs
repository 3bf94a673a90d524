//! The moves `Grid` lists for an A* on the grid, in their documented order.

use search_core::grid::{Corners, Grid};

/// Rook steps come right, left, down, up (`y` grows downwards), each cell once, only free cells.
#[test]
fn rook_moves_go_right_left_down_up() {
    let open = Grid::new(3, 3);
    assert_eq!(
        open.rook_moves(1, 1).collect::<Vec<_>>(),
        [(2, 1), (0, 1), (1, 2), (1, 0)]
    );
    let walled = Grid::from_rows(&["...", "#..", "..."], |c| c == '#');
    assert_eq!(
        walled.rook_moves(1, 1).collect::<Vec<_>>(),
        [(2, 1), (1, 2), (1, 0)]
    );
    // At a corner, nothing off the grid.
    assert_eq!(open.rook_moves(0, 0).collect::<Vec<_>>(), [(1, 0), (0, 1)]);
}

/// King moves: the four straight ones in the rook order, then the diagonals, each marked.
#[test]
fn king_moves_list_straight_steps_first() {
    let open = Grid::new(3, 3);
    assert_eq!(
        open.king_moves(1, 1, Corners::NoCutting)
            .collect::<Vec<_>>(),
        [
            ((2, 1), false),
            ((0, 1), false),
            ((1, 2), false),
            ((1, 0), false),
            ((2, 2), true),
            ((2, 0), true),
            ((0, 2), true),
            ((0, 0), true),
        ]
    );
}
