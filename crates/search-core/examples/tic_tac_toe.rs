//! Tic-tac-toe solved by alpha-beta (value 0: a draw), checked against minimax and the engine.
//!
//! Run with `cargo run -p search-core --example tic_tac_toe`.

#[path = "../tests/support/tic_tac_toe.rs"]
mod tic_tac_toe;

use search_core::{Engine, alpha_beta, minimax};
use tic_tac_toe::TicTacToe;

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
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_runs_and_checks_itself() {
        super::main();
    }
}
