//! Solves 6x6 positions a few moves in (the same deterministic line each time) and prints the
//! nodes and time per number of empty squares: `cargo run --release -p reversi --example
//! solve_growth -- 18 20 22` (default 16 18 20).

use reversi::{Position, solve};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let empties = if args.is_empty() {
        vec![16, 18, 20]
    } else {
        args
    };
    for target in empties {
        let position = Position::<6>::random_line(12345, target);
        let started = Instant::now();
        let bits = std::env::var("BITS")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(22);
        let s = solve(&position, bits);
        println!(
            "empties {:2}: margin {:3} nodes {:>12} time {:8.2} s ({:.0} ns/node)",
            position.board().empties().len(),
            s.margin,
            s.nodes,
            started.elapsed().as_secs_f64(),
            started.elapsed().as_secs_f64() * 1e9 / s.nodes as f64
        );
    }
}
