//! Monte Carlo tree search on tic-tac-toe: against the random player and perfect play.

#[path = "support/tic_tac_toe.rs"]
mod tic_tac_toe;

use search_core::{
    games::AlphaBetaPlayer, games::Game, games::Mcts, games::MctsConfig, games::RandomPlayer,
    games::Strategy, games::alpha_beta, games::play_match,
};
use std::time::Duration;
use tic_tac_toe::TicTacToe;

fn mcts(seed: u64) -> Mcts<TicTacToe> {
    Mcts::new(MctsConfig {
        seed,
        ..MctsConfig::default()
    })
}

#[test]
fn ten_thousand_iterations_never_lose_to_random_in_200_games() {
    let mut player = mcts(1);
    let mut random = RandomPlayer::new(2);
    let openings = vec![vec![]; 100];
    let result = play_match(&TicTacToe::default(), &mut player, &mut random, &openings);
    assert_eq!(result.games.len(), 200);
    println!(
        "MCTS 10k vs random, 200 games: {} wins, {} draws, {} losses",
        result.wins, result.draws, result.losses
    );
    assert_eq!(
        result.losses, 0,
        "{} wins, {} draws",
        result.wins, result.draws
    );
    // Against random play most games are won, not just drawn.
    assert!(result.wins >= 150, "{} wins", result.wins);
}

#[test]
fn draws_against_alpha_beta_with_both_colours() {
    for seed in 0..3 {
        let mut player = mcts(seed);
        let mut perfect = AlphaBetaPlayer { depth: None };
        let openings = [vec![], vec![4], vec![0], vec![1]];
        let result = play_match(&TicTacToe::default(), &mut player, &mut perfect, &openings);
        assert_eq!(result.draws, 8, "seed {seed}: {:?}", result.games);
    }
}

#[test]
fn every_choice_keeps_the_game_theoretic_value() {
    // Every position with X to move after O's reply to the four openings: MCTS's move keeps the
    // alpha-beta value (never throws a draw or a win away).
    let mut player = mcts(9);
    let start = TicTacToe::default();
    for first in [0u8, 1, 4] {
        let after = start.play(first);
        for reply in after.legal_moves() {
            let position = after.play(reply);
            let value = alpha_beta(&position, None).value;
            let mv = player.choose_move(&position).unwrap();
            assert_eq!(
                alpha_beta(&position.play(mv), None).value,
                value,
                "{first} {reply}"
            );
        }
    }
}

#[test]
fn the_tree_is_reused_after_our_move_and_the_reply() {
    let mut player = mcts(4);
    let start = TicTacToe::default();
    let mv = player.choose_move(&start).unwrap();
    assert_eq!(player.stats().reused_visits, 0);
    let after = start.play(mv);
    let reply = after.legal_moves()[0];
    player.choose_move(&after.play(reply)).unwrap();
    let stats = player.stats();
    assert!(stats.reused_visits > 0);
    assert_eq!(stats.iterations, 10_000);
    // A position from another game starts a new tree.
    let elsewhere = start.play(8).play(7).play(6);
    player.choose_move(&elsewhere).unwrap();
    assert_eq!(player.stats().reused_visits, 0);
}

#[test]
fn time_budget_and_seed() {
    let mut slow = Mcts::new(MctsConfig {
        iterations: u64::MAX,
        time: Some(Duration::from_millis(20)),
        ..MctsConfig::default()
    });
    assert!(slow.choose_move(&TicTacToe::default()).is_some());
    assert!(slow.stats().iterations < u64::MAX);
    // The same seed plays the same moves.
    let moves = |seed| {
        let mut p = Mcts::new(MctsConfig {
            iterations: 300,
            seed,
            ..MctsConfig::default()
        });
        let mut position = TicTacToe::default();
        let mut played = Vec::new();
        while let Some(mv) = p.choose_move(&position) {
            played.push(mv);
            position = position.play(mv);
        }
        played
    };
    assert_eq!(moves(11), moves(11));
    assert!(position_is_over(&TicTacToe::default(), &moves(11)));
}

fn position_is_over(start: &TicTacToe, moves: &[u8]) -> bool {
    moves.iter().fold(*start, |p, &m| p.play(m)).is_terminal()
}
