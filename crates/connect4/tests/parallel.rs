//! The parallel engine (search-core's, the moves of each node split among the threads) gives the
//! single-threaded engine's value on random Max-Connect4 positions.

use connect4::search::TABLE_BITS;
use connect4::{COLUMNS, Position, new_engine};
use proptest::prelude::*;
use search_core::{games::Game, games::ParallelEngine, games::alpha_beta};

fn random_position(columns: &[usize]) -> Position {
    columns
        .iter()
        .fold(Position::start(), |p, &c| p.play_column(c).unwrap_or(p))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn two_threads_give_the_single_thread_value(columns in proptest::collection::vec(0..COLUMNS, 0..36), depth in 1u32..9) {
        let position = random_position(&columns);
        prop_assume!(!position.is_terminal());
        let single = new_engine().search(&position, depth);
        for threads in [2, 3] {
            let parallel = ParallelEngine::new(TABLE_BITS, threads).search(&position, depth);
            prop_assert_eq!(parallel.value, single.value, "{} threads", threads);
            // The move achieves the value.
            let mv = parallel.best_move.unwrap();
            prop_assert!(position.legal_moves().contains(&mv));
            prop_assert_eq!(alpha_beta(&position.play(mv), Some(depth - 1)).value, single.value);
        }
    }
}

#[test]
fn repeated_searches_keep_the_value() {
    // A table kept across searches (and across threads) never changes a value.
    let position = random_position(&[3, 3, 2, 4, 1]);
    let mut parallel = ParallelEngine::new(12, 2);
    for depth in 1..=9 {
        let expected = new_engine().search(&position, depth).value;
        assert_eq!(
            parallel.search(&position, depth).value,
            expected,
            "depth {depth}"
        );
    }
}

#[test]
fn deep_searches_keep_the_value() {
    // Deep enough for the threads to split many nodes and meet in the table.
    for columns in [&[][..], &[3, 3, 3, 2, 4], &[0, 6, 1, 5, 2, 4, 3, 3]] {
        let position = random_position(columns);
        let depth = 10;
        let single = new_engine().search(&position, depth);
        for threads in [2, 4] {
            let parallel = ParallelEngine::new(16, threads).search(&position, depth);
            assert_eq!(
                parallel.value, single.value,
                "{columns:?}, {threads} threads"
            );
            let mv = parallel.best_move.unwrap();
            let child = new_engine().search(&position.play(mv), depth - 1).value;
            assert_eq!(child, single.value, "{columns:?}, {threads} threads");
        }
    }
}
