//! The parallel engine (Lazy SMP, search-core) gives the single-threaded engine's value on random
//! 8x8 Othello positions.

use proptest::prelude::*;
use reversi::{Position, RootScore, Scored};
use search_core::{Engine, Game, ParallelEngine, alpha_beta};

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
        let parallel = ParallelEngine::new(16, 2).search(&game, depth);
        prop_assert_eq!(parallel.value, single.value);
        let mv = parallel.best_move.unwrap();
        prop_assert_eq!(alpha_beta(&game.play(mv), Some(depth - 1)).value, single.value);
    }
}
