//! The parallel engine (search-core's, the moves of each node split among the threads) gives the
//! single-threaded engine's value on random 8x8 Othello positions.

use proptest::prelude::*;
use reversi::{Position, RootScore, Scored};
use search_core::{games::Engine, games::Game, games::ParallelEngine, games::alpha_beta};

/// The position after playing the `picks`-th legal move (modulo their number) while the game
/// lasts.
fn random_position(picks: &[usize]) -> Scored<8, RootScore> {
    let start = Position::<8>::start();
    let mut game = Scored::new(
        start,
        RootScore {
            root: start.to_move(),
        },
    );
    for &pick in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game = game.play(moves[pick % moves.len()]);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]
    #[test]
    fn two_threads_give_the_single_thread_value(picks in proptest::collection::vec(0usize..20, 0..40), depth in 1u32..6) {
        let game = random_position(&picks);
        prop_assume!(!game.legal_moves().is_empty());
        let single = Engine::new(16).search(&game, depth);
        for threads in [2, 3] {
            let parallel = ParallelEngine::new(16, threads).search(&game, depth);
            prop_assert_eq!(parallel.value, single.value, "{} threads", threads);
            let mv = parallel.best_move.unwrap();
            prop_assert!(game.legal_moves().contains(&mv));
            prop_assert_eq!(alpha_beta(&game.play(mv), Some(depth - 1)).value, single.value);
        }
    }
}

#[test]
fn deep_searches_keep_the_value() {
    // Deep enough for the threads to split many nodes and meet in the table.
    for picks in [&[][..], &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3], &[7; 20]] {
        let game = random_position(picks);
        let depth = 7;
        let single = Engine::new(16).search(&game, depth);
        for threads in [2, 4] {
            let parallel = ParallelEngine::new(16, threads).search(&game, depth);
            assert_eq!(parallel.value, single.value, "{picks:?}, {threads} threads");
            let mv = parallel.best_move.unwrap();
            let child = Engine::new(16).search(&game.play(mv), depth - 1).value;
            assert_eq!(child, single.value, "{picks:?}, {threads} threads");
        }
    }
}
