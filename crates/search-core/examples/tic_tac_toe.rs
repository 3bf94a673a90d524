//! Tic-tac-toe solved by alpha-beta (value 0: a draw), checked against minimax and the engine;
//! then Monte Carlo tree search plays perfect alpha-beta and a random player.
//!
//! Run with `cargo run -p search-core --example tic_tac_toe`.

#[path = "../tests/support/tic_tac_toe.rs"]
mod board;

pub use board::TicTacToe;
use search_core::{
    games::AlphaBetaPlayer, games::Engine, games::Mcts, games::MctsConfig, games::RandomPlayer,
    games::alpha_beta, games::minimax, games::play_match,
};

fn main() {
    let start = TicTacToe::default();
    let full = minimax(&start, None);
    let pruned = alpha_beta(&start, None);
    let mut engine = Engine::new(12);
    let solved = engine.solve(&start);
    assert_eq!(full.value, 0);
    assert_eq!(pruned.value, 0);
    assert_eq!(solved.value, 0);
    println!("value with perfect play: {} (a draw)", pruned.value);
    println!("minimax:    {:>7} positions", full.stats.nodes);
    println!("alpha-beta: {:>7} positions", pruned.stats.nodes);
    println!("engine:     {:>7} positions", solved.stats.nodes);

    // Each match plays the start twice, MCTS first as X, then as O.
    let mut mcts = Mcts::new(MctsConfig::default());
    let against_perfect = play_match(
        &start,
        &mut mcts,
        &mut AlphaBetaPlayer { depth: None },
        &[vec![]],
    );
    assert_eq!(against_perfect.draws, 2);
    let openings = vec![vec![]; 10];
    let against_random = play_match(&start, &mut mcts, &mut RandomPlayer::new(1), &openings);
    assert_eq!(against_random.losses, 0);
    println!(
        "MCTS (10,000 iterations) vs alpha-beta: {} draws of 2; vs random: {} wins, {} draws of 20",
        against_perfect.draws, against_random.wins, against_random.draws
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_runs_and_checks_itself() {
        super::main();
    }
}
