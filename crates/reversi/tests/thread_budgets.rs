//! A parallel exact solve splits its node budget evenly among its threads, each thread checking
//! its share every 4096 positions (`Solver::with_threads`, `Budget::nodes`).
//!
//! Whether a solve finishes is decided by those shares through the work a proof needs: the
//! threads of a solve share its work, they do not save any (their positions add up to about
//! one thread's count, or more), so a test that one thread proves in over a hundred thousand
//! positions cannot be proved by a few threads stopping at their first check (4096 positions
//! each), while a share well above the one-thread count lets the first thread to finish
//! finish.

use reversi::Position;
use reversi::exact::Solver;
use search_core::games::Budget;

/// A test position and the one-thread solve of its window `(-1, 1)` (win, loss or draw).
fn win_loss_draw_test() -> (Position<8>, i32, u64) {
    let position = Position::<8>::random_line(POSITION_SEED, POSITION_EMPTIES);
    let solved = Solver::new(16)
        .solve_window(&position, -1, 1, Budget::default())
        .expect("no budget");
    (position, solved.margin, solved.nodes)
}

const POSITION_SEED: u64 = 10;
/// The threads of a solve share out the moves from 18 empty squares on; below, a solve runs on
/// one thread whatever it is asked for.
const POSITION_EMPTIES: usize = 18;

/// A share of nodes for each of `threads` threads: one short of the first check.
const fn first_check_shares(threads: u64) -> u64 {
    4095 * threads
}

#[test]
fn a_large_budget_shared_by_two_threads_lets_the_solve_finish() {
    let (position, margin, nodes) = win_loss_draw_test();
    // Far more than two threads stopping at their first check could prove.
    assert!(nodes > 100_000, "{nodes} nodes");
    // An even budget: each thread gets half of 2^40, not what is left over after the split.
    let solved =
        Solver::new(16)
            .with_threads(2)
            .solve_window(&position, -1, 1, Budget::nodes(1 << 40));
    assert_eq!(solved.map(|s| s.margin), Some(margin));
}

#[test]
fn eight_threads_split_a_small_budget_and_stop_at_their_first_check() {
    let (position, _, nodes) = win_loss_draw_test();
    // Eight threads stopping after 4096 positions each (32,768 in all) cannot prove a test one
    // thread needs over 100,000 for, while eight times the budget for each thread (262,080)
    // would let the first thread to finish finish.
    assert!((100_000..200_000).contains(&nodes), "{nodes} nodes");
    let solved = Solver::new(16).with_threads(8).solve_window(
        &position,
        -1,
        1,
        Budget::nodes(first_check_shares(8)),
    );
    assert_eq!(solved, None);
}
