//! Strategies, matches and the time-limited engine on tic-tac-toe.

#[path = "support/tic_tac_toe.rs"]
mod tic_tac_toe;

use search_core::{
    games::AlphaBetaPlayer, games::Budget, games::Engine, games::EnginePlayer, games::Game,
    games::MinimaxPlayer, games::Player, games::RandomPlayer, games::Strategy, games::alpha_beta,
    games::play_match,
};
use std::time::Duration;
use tic_tac_toe::TicTacToe;

/// Every position reachable from the start.
fn all_positions() -> Vec<TicTacToe> {
    let mut seen = vec![TicTacToe::default()];
    let mut i = 0;
    while i < seen.len() {
        let p = seen[i];
        for mv in p.legal_moves() {
            let q = p.play(mv);
            if !seen.contains(&q) {
                seen.push(q);
            }
        }
        i += 1;
    }
    seen
}

#[test]
fn perfect_players_draw_and_never_lose_to_random() {
    let start = TicTacToe::default();
    let mut a = AlphaBetaPlayer { depth: None };
    let mut b = MinimaxPlayer { depth: None };
    let result = play_match(&start, &mut a, &mut b, &[vec![]]);
    assert_eq!((result.wins, result.draws, result.losses), (0, 2, 0));
    assert_eq!(result.score(), 1.0);
    assert_eq!(result.games[0].a_side, Player::Max);
    assert_eq!(result.games[1].a_side, Player::Min);
    // The last position of a game is over.
    assert!(result.games.iter().all(|g| g.last.is_terminal()));

    let mut random = RandomPlayer::new(1);
    let openings: Vec<Vec<u8>> = (0..9).map(|sq| vec![sq]).collect();
    let result = play_match(&start, &mut a, &mut random, &openings);
    assert_eq!(result.games.len(), 18);
    assert_eq!(result.losses, 0);
    // A random player loses some of them: the tally is not all draws.
    assert!(result.wins > 0);
    assert_eq!(result.margin(), i64::from(result.wins));
}

#[test]
fn random_player_is_seeded_and_legal() {
    let positions = all_positions();
    let picks = |seed| {
        let mut player = RandomPlayer::new(seed);
        positions
            .iter()
            .map(|p| Strategy::<TicTacToe>::choose_move(&mut player, p))
            .collect::<Vec<_>>()
    };
    let first = picks(5);
    assert_eq!(first, picks(5));
    assert_ne!(first, picks(6));
    for (p, mv) in positions.iter().zip(&first) {
        match mv {
            Some(mv) => assert!(p.legal_moves().contains(mv)),
            None => assert!(p.legal_moves().is_empty()),
        }
    }
}

/// A player that always plays square 0, legal or not.
struct Stubborn;

impl Strategy<TicTacToe> for Stubborn {
    fn choose_move(&mut self, _: &TicTacToe) -> Option<u8> {
        Some(0)
    }
}

#[test]
fn an_illegal_move_forfeits() {
    let mut a = AlphaBetaPlayer { depth: Some(2) };
    let result = play_match(&TicTacToe::default(), &mut Stubborn, &mut a, &[vec![]]);
    // As X it plays 0 first, then 0 again: a forfeit. As O, square 0 is free until it is not.
    assert_eq!(result.losses, 2);
    assert!(
        result
            .games
            .iter()
            .all(|g| g.forfeit.is_some() && g.value == -1)
    );
}

#[test]
fn timed_engine_returns_a_completed_iteration_and_keeps_its_table_sound() {
    let start = TicTacToe::default();
    let mut engine = Engine::new(10);
    // No time at all: depth 1 still completes; deeper iterations are cut within 1024 nodes.
    let timed = engine.search_timed(&start, 9, Duration::ZERO);
    assert!(timed.depth >= 1 && timed.depth < 9, "depth {}", timed.depth);
    let reference = alpha_beta(&start, Some(timed.depth));
    assert_eq!(timed.outcome.value, reference.value);
    let mv = timed.outcome.best_move.expect("a move at depth >= 1");
    assert_eq!(
        alpha_beta(&start.play(mv), Some(timed.depth - 1)).value,
        reference.value
    );
    // The abandoned iteration left nothing wrong behind.
    for depth in 0..=9 {
        assert_eq!(
            engine.search(&start, depth).value,
            alpha_beta(&start, Some(depth)).value
        );
    }
    // With time to spare every iteration completes.
    let timed = Engine::new(10).search_timed(&start, 9, Duration::from_secs(60));
    assert_eq!((timed.depth, timed.outcome.value), (9, 0));
}

#[test]
fn engine_players_draw_each_other_at_full_depth() {
    let start = TicTacToe::default();
    let mut deep = EnginePlayer::new(10, Budget::depth(9));
    let mut timed = EnginePlayer::new(10, Budget::time(Duration::from_secs(30)).with_depth(9));
    let result = play_match(&start, &mut deep, &mut timed, &[vec![], vec![4], vec![0]]);
    assert_eq!(result.draws, 6);
}
