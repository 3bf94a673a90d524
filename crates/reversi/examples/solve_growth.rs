//! Solves 6x6 positions a few moves in (the same deterministic line each time) and prints the
//! nodes and time per number of empty squares: `cargo run --release -p reversi --example
//! solve_growth -- 18 20 22` (default 16 18 20).

use reversi::{Move, Position, solve};
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
        let mut position = Position::<6>::start();
        let mut seed: u64 = 12345;
        while position.board().empties().len() > target && !position.is_over() {
            let moves: Vec<Move<6>> = position.moves().collect();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            position = position.play(mv).expect("legal");
        }
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
