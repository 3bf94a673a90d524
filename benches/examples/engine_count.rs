//! The single-threaded `Engine` once on each position of `parallel_timing`, for instruction
//! counts under `valgrind --tool=callgrind` (deterministic on a loaded machine): the parallel
//! engine's sibling splitting must cost the single-threaded engine nothing.
//!
//! `cargo run --release -p benches --example engine_count [C4_DEPTH] [OTHELLO_DEPTH]`
//! (defaults 12 and 8); prints each position's value and node count.

#[path = "support/game_positions.rs"]
mod game_positions;

use game_positions::{connect4_positions, othello_positions};
use search_core::{games::Engine, games::EngineGame};

fn run<G: EngineGame>(game: &str, positions: &[(&str, G)], depth: u32) {
    for (name, position) in positions {
        let outcome = Engine::new(18).search(position, depth);
        println!(
            "{game} {name} depth {depth}: value {} nodes {}",
            outcome.value, outcome.stats.nodes
        );
    }
}

fn main() {
    let arg = |i: usize, default: u32| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    run("connect4", &connect4_positions(), arg(1, 12));
    run("othello", &othello_positions(), arg(2, 8));
}
