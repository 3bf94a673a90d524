//! Time and nodes per move as a function of depth (the README table), for plain alpha-beta and
//! the engine, from the empty board and from `data/maxconnect4/input2.txt`.
//!
//! `cargo run --release -p connect4 --example depth_table [MAX_DEPTH]` (default 14). Times are
//! medians of 3 runs (1 run when a search takes over a second); the engine starts each run with
//! a fresh transposition table, whose allocation is included.

use connect4::{Position, choose_move, format, new_engine};
use search_core::{GameOutcome, alpha_beta};
use std::time::{Duration, Instant};

const INPUT2: &str = include_str!("../../../data/maxconnect4/input2.txt");

fn timed(mut run: impl FnMut() -> GameOutcome<u8>) -> (GameOutcome<u8>, Duration) {
    let mut times = Vec::new();
    let mut outcome;
    loop {
        let start = Instant::now();
        outcome = run();
        let elapsed = start.elapsed();
        times.push(elapsed);
        if times.len() == 3 || elapsed > Duration::from_secs(1) {
            break;
        }
    }
    times.sort();
    (outcome, times[times.len() / 2])
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn main() {
    let max_depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(14);
    let input2 = format::parse_game(INPUT2, "input2.txt").expect("sample input parses");
    for (name, position) in [("empty board", Position::start()), ("input2.txt", input2)] {
        println!("\nFrom {name}:\n");
        println!(
            "| depth | alpha-beta nodes | alpha-beta ms | Mnodes/s | engine nodes | engine ms | same value |"
        );
        println!("|---:|---:|---:|---:|---:|---:|:---:|");
        for depth in 1..=max_depth {
            let (plain, plain_time) = timed(|| alpha_beta(&position, Some(depth)));
            let (engine, engine_time) = timed(|| {
                let mut engine = new_engine();
                choose_move(&mut engine, &position, depth)
            });
            let rate = plain.stats.nodes as f64 / plain_time.as_secs_f64() / 1e6;
            println!(
                "| {depth} | {} | {} | {rate:.1} | {} | {} | {} |",
                plain.stats.nodes,
                ms(plain_time),
                engine.stats.nodes,
                ms(engine_time),
                if plain.value == engine.value {
                    "yes"
                } else {
                    "NO"
                }
            );
        }
    }
}
