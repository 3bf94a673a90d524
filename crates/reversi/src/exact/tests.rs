//! The exact solver against a plain negamax on the public rules (no bitboard tricks, no
//! pruning), on random positions with few empty squares: passes, games ending with empty
//! squares, all three board sizes, every window variant and budget.

use super::{Counting, DiscsOnly, EmptiesToWinner, Solver};
use crate::board::Board;
use crate::position::{Move, Position};
use crate::side::Side;
use crate::square::Square;
use proptest::prelude::*;
use search_core::games::Budget;

mod search_work;

/// The final margin for the side to move, empty squares to the winner, by plain negamax.
fn negamax<const N: usize>(position: &Position<N>) -> i32 {
    negamax_counting::<N, EmptiesToWinner>(position)
}

/// The final margin for the side to move by plain negamax, the empty squares left at the end
/// counted by `C` (written out here, not with `C::margin`).
fn negamax_counting<const N: usize, C: Counting>(position: &Position<N>) -> i32 {
    let moves: Vec<Move<N>> = position.moves().collect();
    if moves.is_empty() {
        let board = position.board();
        let own = board.count(position.to_move()) as i32;
        let opp = board.count(position.to_move().opponent()) as i32;
        let empties = board.empties().len() as i32;
        let discs_only = std::any::TypeId::of::<C>() == std::any::TypeId::of::<DiscsOnly>();
        return match own.cmp(&opp) {
            _ if discs_only => own - opp,
            std::cmp::Ordering::Greater => own - opp + empties,
            std::cmp::Ordering::Less => own - opp - empties,
            std::cmp::Ordering::Equal => 0,
        };
    }
    moves
        .iter()
        .map(|&mv| -negamax_counting::<N, C>(&position.play(mv).expect("listed moves are legal")))
        .max()
        .unwrap_or(i32::MIN)
}

/// The discs-only solver and the two-thread solvers against [`negamax_counting`]: the value,
/// and a best move reaching it.
fn check_counting_and_threads<const N: usize>(position: &Position<N>) -> Result<(), TestCaseError> {
    let discs = negamax_counting::<N, DiscsOnly>(position);
    let solved = Solver::discs_only(12)
        .with_threads(2)
        .split_from(0)
        .solve(position);
    prop_assert_eq!(solved.margin, discs);
    if let Some(mv) = solved.best_move {
        let child = position.play(mv).expect("the best move is legal");
        prop_assert_eq!(
            -negamax_counting::<N, DiscsOnly>(&child),
            discs,
            "best move {:?}",
            mv
        );
    }
    let exact = negamax(position);
    let solved = Solver::new(12)
        .with_threads(2)
        .split_from(0)
        .solve(position);
    prop_assert_eq!(solved.margin, exact);
    if let Some(mv) = solved.best_move {
        let child = position.play(mv).expect("the best move is legal");
        prop_assert_eq!(-negamax(&child), exact, "best move {:?}", mv);
    }
    Ok(())
}

/// Checks every entry point of the solver on `position` against [`negamax`].
fn check<const N: usize>(position: &Position<N>) -> Result<(), TestCaseError> {
    let exact = negamax(position);
    let mut solver = Solver::new(12);
    let solved = solver.solve(position);
    prop_assert_eq!(solved.margin, exact);
    match solved.best_move {
        None => prop_assert!(position.is_over()),
        Some(mv) => {
            let child = position.play(mv).expect("the best move is legal");
            prop_assert_eq!(-negamax(&child), exact, "best move {:?}", mv);
        }
    }
    // Solving again with the filled table gives the same value.
    prop_assert_eq!(solver.solve(position).margin, exact);
    let wld = Solver::new(10).win_loss_draw(position, Budget::default());
    prop_assert_eq!(wld.map(|s| s.margin), Some(exact.signum()));
    // Fail-soft windows: exact inside, a bound on the right side outside.
    for (alpha, beta) in [
        (exact - 3, exact + 1),
        (exact, exact + 5),
        (exact - 6, exact),
    ] {
        let bounded = Solver::new(10)
            .solve_window(position, alpha, beta, Budget::default())
            .expect("no budget");
        let v = bounded.margin;
        if exact <= alpha {
            prop_assert!(
                v <= alpha && v >= exact,
                "({alpha}, {beta}): {v} vs {exact}"
            );
        } else if exact >= beta {
            prop_assert!(v >= beta && v <= exact, "({alpha}, {beta}): {v} vs {exact}");
        } else {
            prop_assert_eq!(v, exact);
        }
    }
    Ok(())
}

/// A random board: each square empty with probability `empty_per_256 / 256`, else a random
/// disc; the side to move random.
fn random_board<const N: usize>(seed: Vec<u8>, empty_per_256: u8, white: bool) -> Position<N> {
    let mut board = Board::empty();
    for (square, byte) in Square::<N>::all().zip(seed) {
        let disc = if byte < empty_per_256 {
            None
        } else if byte % 2 == 0 {
            Some(Side::Black)
        } else {
            Some(Side::White)
        };
        board = board.with(square, disc);
    }
    Position::new(board, if white { Side::White } else { Side::Black })
}

/// A position of a real game: random moves from the start until at most `empties` squares are
/// empty (or the game ends).
fn random_game<const N: usize>(choices: &[u8], empties: usize) -> Position<N> {
    let mut position = Position::<N>::start();
    for &choice in choices {
        let moves: Vec<Move<N>> = position.moves().collect();
        if moves.is_empty() || position.board().empties().len() <= empties {
            break;
        }
        position = position
            .play(moves[usize::from(choice) % moves.len()])
            .expect("legal");
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn game_positions_8x8(choices in prop::collection::vec(any::<u8>(), 60), empties in 1usize..=10) {
        let position = random_game::<8>(&choices, empties);
        check(&position)?;
        check_counting_and_threads(&position)?;
    }

    /// Random fillings: many passes and games that end with empty squares.
    #[test]
    fn random_boards_8x8(seed in prop::collection::vec(any::<u8>(), 64), rate in 4u8..=36, white: bool) {
        let position = random_board::<8>(seed, rate, white);
        prop_assume!(position.board().empties().len() <= 10);
        check(&position)?;
    }

    #[test]
    fn game_positions_6x6(choices in prop::collection::vec(any::<u8>(), 32), empties in 1usize..=10) {
        check(&random_game::<6>(&choices, empties))?;
    }

    #[test]
    fn random_boards_4x4(seed in prop::collection::vec(any::<u8>(), 16), rate in 0u8..=200, white: bool) {
        let position = random_board::<4>(seed, rate, white);
        check(&position)?;
        check_counting_and_threads(&position)?;
    }

    #[test]
    fn game_positions_6x6_both_countings(choices in prop::collection::vec(any::<u8>(), 32), empties in 1usize..=10) {
        check_counting_and_threads(&random_game::<6>(&choices, empties))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Up to 14 empty squares (past negamax's reach): two threads (sharing out the moves from
    /// 10 empty squares on) give one thread's value and a move of that value, for both
    /// countings.
    #[test]
    fn two_threads_equal_one_up_to_14_empties(choices in prop::collection::vec(any::<u8>(), 60), empties in 11usize..=14) {
        let position = random_game::<8>(&choices, empties);
        let one = Solver::new(16).solve(&position);
        let two = Solver::new(16).with_threads(2).split_from(10).solve(&position);
        prop_assert_eq!(two.margin, one.margin);
        if let Some(mv) = two.best_move {
            let child = position.play(mv).expect("the best move is legal");
            prop_assert_eq!(-Solver::new(16).solve(&child).margin, one.margin, "{:?}", mv);
        }
        let one = Solver::discs_only(16).solve(&position);
        let two = Solver::discs_only(16).with_threads(2).split_from(10).solve(&position);
        prop_assert_eq!(two.margin, one.margin);
    }
}

#[test]
fn the_4x4_start_matches_negamax() {
    let start = Position::<4>::start();
    let solved = Solver::new(14).solve(&start);
    assert_eq!(solved.margin, negamax(&start));
    assert!(solved.margin < 0, "White wins the 4x4 game");
}

#[test]
fn budgets_stop_and_the_table_survives() {
    let start = Position::<6>::start();
    let mut solver = Solver::new(14);
    let tiny = Budget::nodes(5000);
    assert_eq!(solver.solve_within(&start, tiny), None);
    let past = Budget {
        deadline: Some(std::time::Instant::now()),
        ..Budget::default()
    };
    assert_eq!(solver.win_loss_draw(&start, past), None);
    // A raised stop flag stops it too; lowered, the same budget solves.
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    let flagged = Budget::default().with_stop(&STOP);
    assert_eq!(solver.solve_within(&start, flagged), None);
    STOP.store(false, std::sync::atomic::Ordering::Relaxed);
    let small = Position::<4>::start();
    assert!(Solver::new(10).solve_within(&small, flagged).is_some());
    // A stopped search leaves only sound bounds behind: a later exact solve is still right.
    let position = random_game::<8>(&[7; 60], 12);
    let _ = solver.solve_within(&position, Budget::nodes(3000));
    let plain = negamax(&position);
    assert_eq!(solver.solve(&position).margin, plain);
}

#[test]
fn passes_and_finished_games() {
    // Black owns everything but a1, White can't move and nor can Black: the game is over,
    // the empty square goes to Black.
    let mut board = Board::<4>::empty();
    for square in Square::<4>::all().skip(1) {
        board = board.with(square, Some(Side::Black));
    }
    let over = Position::new(board, Side::White);
    let solved = Solver::new(8).solve(&over);
    assert_eq!((solved.margin, solved.best_move), (-16, None));
    // Black a1, White b1, White to move: White has no placement (a corner cannot be
    // flanked), Black can play c1; White must pass.
    let a1 = Square::<4>::new(0, 0).unwrap();
    let b1 = Square::<4>::new(0, 1).unwrap();
    let board = Board::<4>::empty()
        .with(a1, Some(Side::Black))
        .with(b1, Some(Side::White));
    let position = Position::new(board, Side::White);
    assert!(position.must_pass());
    let solved = Solver::new(8).solve(&position);
    assert_eq!(solved.best_move, Some(Move::Pass));
    assert_eq!(solved.margin, negamax(&position));
    // Black plays c1 and wins 3-0 with 13 empty squares: -16 for White.
    assert_eq!(solved.margin, -16);
}

/// An 8x8 board with about 18 empty squares, the others random discs (White's share from
/// `seed` too), Black to move: quick to solve, for all its empty squares.
fn sparse_8x8(seed: u64) -> Position<8> {
    let mut x = seed * 2_654_435_761 + 12_345;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut board = Board::<8>::empty();
    let mut empties = 0;
    let share = next() % 4;
    for square in Square::<8>::all() {
        if next() % 64 < 18 && empties < 18 {
            empties += 1;
            continue;
        }
        let white = next() % 8 <= share;
        board = board.with(square, Some(if white { Side::White } else { Side::Black }));
    }
    Position::new(board, Side::Black)
}

/// A solve's nodes are its null-window tests' and, on 8x8 boards from
/// [`PRESEARCH_EMPTIES`](super::PRESEARCH_EMPTIES) empty squares on only, the selective
/// pre-search's (a fresh solver's selective MTD(f) from the same guess repeats it).
#[test]
fn nodes_add_up_and_the_presearch_runs_only_far_from_the_end() {
    const { assert!(super::PRESEARCH_EMPTIES == 18) };
    for position in [
        sparse_8x8(24),
        sparse_8x8(29),
        Position::<8>::random_line(3, 12),
    ] {
        let empties = position.board().empties().len();
        assert!(empties == 12 || empties == 18);
        let mut tested = 0;
        let solved = Solver::new(16)
            .mtdf(&position, Budget::default(), 1, |_, t| tested += t.nodes)
            .expect("no budget");
        let presearch = if empties >= super::PRESEARCH_EMPTIES {
            let mut fresh = Solver::new(16);
            fresh.table.new_search();
            let likely = fresh
                .close_in(&position, Budget::default(), 1, true, |_, _| {})
                .expect("no budget");
            assert!(likely.nodes > 0);
            likely.nodes
        } else {
            0
        };
        assert!(tested > 0);
        assert_eq!(solved.nodes, presearch + tested, "{empties} empties");
        assert_eq!(solved.margin, Solver::new(16).solve(&position).margin);
    }
}

/// A finished game is one position visited; a last placement two (the position and the full
/// board after it).
#[test]
fn finished_games_and_last_moves_count_their_positions() {
    let black_but = |skip: usize| {
        Square::<4>::all()
            .skip(skip)
            .fold(Board::<4>::empty(), |b, s| b.with(s, Some(Side::Black)))
    };
    let over = Position::new(black_but(1), Side::White);
    let solved = Solver::new(8)
        .solve_window(&over, -16, 16, Budget::default())
        .expect("no budget");
    assert_eq!((solved.margin, solved.nodes), (-16, 1));
    // Every thread of a parallel solve visits it, and the nodes are all threads'.
    for threads in [2, 3] {
        let solved = Solver::new(8)
            .with_threads(threads)
            .split_from(0)
            .solve_window(&over, -16, 16, Budget::default())
            .expect("no budget");
        assert_eq!((solved.margin, solved.nodes), (-16, threads as u64));
    }
    // White on c1, a1 empty: White takes a1 flipping b1.
    let c1 = Square::<4>::new(0, 2).unwrap();
    let last = Position::new(black_but(1).with(c1, Some(Side::White)), Side::White);
    let solved = Solver::new(8)
        .solve_window(&last, -16, 16, Budget::default())
        .expect("no budget");
    assert_eq!((solved.margin, solved.nodes), (3 - 13, 2));
}

// The image of `x` under symmetry `t` of the `N`x`N` board, square by square.
use crate::board::tests::by_squares as image;

/// The root searches the first move (by key) of each class of moves whose children are images
/// of each other, and only those: checked against the eight images built square by square, on
/// the first plies of random games (where symmetric children abound).
fn check_symmetry_classes<const N: usize>() {
    use super::search::Candidate;
    for seed in 0..12 {
        for plies in 0..5 {
            let position = Position::<N>::random_line(seed, N * N - 4 - plies);
            let side = position.to_move();
            let (own, opp) = (
                position.board().mask(side),
                position.board().mask(side.opponent()),
            );
            let moves = crate::rules::moves(own, opp, Board::<N>::MASK);
            let mut list: Vec<Candidate> = (0..64)
                .map(|i| 1u64 << i)
                .filter(|bit| moves & bit != 0)
                .map(|bit| Candidate {
                    // Any order: the keys run against the squares'.
                    key: (bit.trailing_zeros() as i32 * 37) % 64,
                    bit,
                    flipped: crate::rules::flips(own, opp, bit),
                    replies: super::search::UNKNOWN,
                })
                .collect();
            let all = list.clone();
            let kept = super::one_per_symmetry_class::<N>(own, opp, &mut list);
            let child = |c: &Candidate| (opp & !c.flipped, own | c.flipped | c.bit);
            let alike = |a: (u64, u64), b: (u64, u64)| {
                (0..8).any(|t| (image::<N>(a.0, t), image::<N>(a.1, t)) == b)
            };
            let kept = &list[..kept];
            assert!(kept.windows(2).all(|w| w[0].key < w[1].key));
            for (i, a) in kept.iter().enumerate() {
                for b in &kept[i + 1..] {
                    assert!(!alike(child(a), child(b)), "{position:?}");
                }
            }
            for c in &all {
                let first = kept.iter().find(|k| alike(child(k), child(c)));
                let first = first.unwrap_or_else(|| panic!("{position:?}: {c:?} dropped"));
                assert!(first.key <= c.key);
            }
        }
    }
}

#[test]
fn the_root_searches_one_move_per_class_of_symmetric_children() {
    check_symmetry_classes::<4>();
    check_symmetry_classes::<6>();
    check_symmetry_classes::<8>();
}

/// The table's size is the one asked for, also through `with_threads` and `discs_only`: two
/// entries save less work than 2^16.
#[test]
fn a_bigger_table_saves_work() {
    let position = Position::<8>::random_line(5, 13);
    let tiny = Solver::new(1).solve(&position);
    let big = Solver::new(16).solve(&position);
    assert_eq!(tiny.margin, big.margin);
    assert!(tiny.nodes > big.nodes, "{} vs {}", tiny.nodes, big.nodes);
    assert_eq!(Solver::new(1).with_threads(1).solve(&position), tiny);
    let tiny = Solver::discs_only(1).solve(&position);
    let big = Solver::discs_only(16).solve(&position);
    assert!(tiny.nodes > big.nodes, "{} vs {}", tiny.nodes, big.nodes);
}

/// Below the split (18 empty squares by default), a solve asked for several threads runs on
/// one: the same move and the same positions as one thread's, run after run. From the split on,
/// every thread searches (a finished game: one position a thread).
#[test]
fn a_root_below_the_split_is_searched_on_one_thread() {
    let position = Position::<8>::random_line(9, 14);
    let one = Solver::new(12).solve(&position);
    for threads in [2, 3] {
        assert_eq!(Solver::new(12).with_threads(threads).solve(&position), one);
    }
    let below = Solver::new(12)
        .with_threads(2)
        .split_from(15)
        .solve(&position);
    assert_eq!(below, one);
    let full = |empties: usize| {
        let over = Position::<4>::new(
            Square::<4>::all()
                .skip(empties)
                .fold(Board::<4>::empty(), |b, s| b.with(s, Some(Side::Black))),
            Side::White,
        );
        Solver::new(8)
            .with_threads(2)
            .split_from(1)
            .solve(&over)
            .nodes
    };
    // A full board has no empty square: below a split from 1, one thread; one empty square
    // (nobody can move there: the game is over), at the split, two.
    assert_eq!((full(0), full(1)), (1, 2));
}

/// A time budget covers the whole solve: none at all stops it; a node budget split between
/// two threads still lets a large one finish.
#[test]
fn time_and_thread_budgets() {
    let position = Position::<8>::random_line(9, 14);
    let none = Budget::time(std::time::Duration::ZERO);
    assert_eq!(Solver::new(12).solve_within(&position, none), None);
    let plenty = Budget::nodes(1 << 40);
    let solved = Solver::new(12)
        .with_threads(2)
        .split_from(0)
        .solve_within(&position, plenty);
    assert_eq!(
        solved.map(|s| s.margin),
        Some(Solver::new(12).solve(&position).margin)
    );
}

/// A node budget spans the whole solve: one above every null-window test's nodes but well
/// below their sum runs out; their sum is enough.
#[test]
fn a_node_budget_spans_every_test() {
    let position = Position::<8>::random_line(3, 12);
    let mut tests = Vec::new();
    let solved = Solver::new(16)
        .mtdf(&position, Budget::default(), 1, |_, t| tests.push(t.nodes))
        .expect("no budget");
    let largest = tests.iter().copied().max().expect("one test at least");
    assert!(largest < 30_000 && solved.nodes > 60_000, "{tests:?}");
    let within = |nodes| Solver::new(16).solve_within(&position, Budget::nodes(nodes));
    assert_eq!(within(30_000), None);
    assert_eq!(within(solved.nodes).map(|s| s.margin), Some(solved.margin));
    // The pre-search's nodes count too: the tests' nodes alone are not enough (on a position
    // whose pre-search takes more than the 4096 positions between two checks of the budget).
    let position = sparse_8x8(31);
    let mut tested = 0;
    let solved = Solver::new(16)
        .mtdf(&position, Budget::default(), 1, |_, t| tested += t.nodes)
        .expect("no budget");
    assert!(solved.nodes > tested + 8192, "{} {tested}", solved.nodes);
    let within = |nodes| Solver::new(16).solve_within(&position, Budget::nodes(nodes));
    assert_eq!(within(tested), None);
    assert_eq!(within(solved.nodes).map(|s| s.margin), Some(solved.margin));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Every window, null and wider, on 6x6 boards with a few empty squares (passes inside the
    /// parity-ordered search abound): exact strictly inside, a bound on the right side outside.
    #[test]
    fn every_window_near_the_end(seed in prop::collection::vec(any::<u8>(), 36), rate in 0u8..=40, white: bool) {
        let position = random_board::<6>(seed, rate, white);
        prop_assume!(position.board().empties().len() <= 6);
        let exact = negamax(&position);
        let mut solver = Solver::new(8);
        for alpha in -37..=36 {
            for width in [1, 2, 7] {
                let beta = alpha + width;
                let v = solver
                    .solve_window(&position, alpha, beta, Budget::default())
                    .expect("no budget")
                    .margin;
                if exact <= alpha {
                    prop_assert!(v <= alpha && v >= exact, "({alpha}, {beta}): {v} vs {exact}");
                } else if exact >= beta {
                    prop_assert!(v >= beta && v <= exact, "({alpha}, {beta}): {v} vs {exact}");
                } else {
                    prop_assert_eq!(v, exact, "({}, {})", alpha, beta);
                }
            }
        }
    }
}

/// Every window from null to 9 wide, on 300 random 4x4 boards with 3 to 7 empty squares (where
/// sides must pass inside the parity-ordered search): exact strictly inside the window, a bound
/// on the right side outside, against negamax.
#[test]
fn every_window_on_small_boards() {
    let mut x = 5u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut positions = 0;
    while positions < 300 {
        let rate = (next() % 60) as u8;
        let seed: Vec<u8> = (0..16).map(|_| next() as u8).collect();
        let position = random_board::<4>(seed, rate, next() % 2 == 0);
        if !(3..=7).contains(&position.board().empties().len()) {
            continue;
        }
        positions += 1;
        let exact = negamax(&position);
        let mut solver = Solver::new(6);
        for alpha in -17..=16 {
            for width in 1..=9 {
                let beta = alpha + width;
                let v = solver
                    .solve_window(&position, alpha, beta, Budget::default())
                    .expect("no budget")
                    .margin;
                let sound = fail_soft(v, exact, alpha, beta);
                assert!(sound, "{position:?} ({alpha}, {beta}): {v} vs {exact}");
            }
        }
    }
}

/// Whether `v`, searched in the window `(alpha, beta)`, is a sound fail-soft answer for a
/// position worth `exact`: a bound on the right side of the window, or the value inside it.
pub(crate) fn fail_soft(v: i32, exact: i32, alpha: i32, beta: i32) -> bool {
    if exact <= alpha {
        v <= alpha && v >= exact
    } else if exact >= beta {
        v >= beta && v <= exact
    } else {
        v == exact
    }
}
