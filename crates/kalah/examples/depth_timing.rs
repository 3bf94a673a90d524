//! Times one engine search from the start of Kalah(6,4) per depth given on the command line
//! (default 5 10 12): nodes, wall time, nodes per second.
//!
//! `cargo run --release -p kalah --example depth_timing -- 5 10 12 15`

use kalah::{Board, Rules};
use search_core::{games::Engine, games::Player};
use std::time::Instant;

fn main() {
    let depths: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depths = if depths.is_empty() {
        vec![5, 10, 12]
    } else {
        depths
    };
    let start = Board::new(Rules::default(), Player::Max);
    for depth in depths {
        let bits = std::env::var("TABLE_BITS")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(20);
        let mut engine = Engine::new(bits);
        let t = Instant::now();
        let outcome = engine.search(&start, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "depth {depth:>2}: value {:+}, move {}, {} nodes, {s:.3} s, {:.0} nodes/s",
            outcome.value,
            outcome
                .best_move
                .map_or_else(String::new, |c| c.to_string()),
            outcome.stats.nodes,
            outcome.stats.nodes as f64 / s
        );
    }
}
