//! Time and nodes per move as a function of depth (the README table), for plain alpha-beta and
//! the engine, from the empty board and from `data/maxconnect4/input2.txt`.
//!
//! `cargo run --release -p connect4 --example depth_table [MAX_DEPTH]` (default 14). Times are
//! means over repeated runs (see `timed`); the engine starts each run with
//! a fresh transposition table, whose allocation is included. On Linux the times are CPU time of
//! the searching thread (`/proc/thread-self/schedstat`), so other programs sharing the machine
//! slow the figures less; elsewhere they are wall-clock times.

use connect4::{Position, choose_move, format, new_engine};
use search_core::{GameOutcome, alpha_beta};
use std::time::{Duration, Instant};

const INPUT2: &str = include_str!("input2.txt");

/// Nanoseconds of CPU time of this thread, when the system tells.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// A clock: thread CPU time where available, else wall-clock time.
fn now() -> (Option<u64>, Instant) {
    (cpu_ns(), Instant::now())
}

fn since((cpu, wall): (Option<u64>, Instant)) -> Duration {
    match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => Duration::from_nanos(b - a),
        _ => wall.elapsed(),
    }
}

/// Runs `run` in doubling batches until it has used 0.3 s (at least once, at most about a million
/// times) and returns the last outcome and the mean time per run (the CPU clock ticks coarsely
/// and costs a file read, so short searches repeat).
fn timed(mut run: impl FnMut() -> GameOutcome<u8>) -> (GameOutcome<u8>, Duration) {
    let start = now();
    let mut runs = 0u32;
    let mut batch = 1;
    loop {
        let mut outcome = run();
        for _ in 1..batch {
            outcome = run();
        }
        runs += batch;
        let total = since(start);
        if total > Duration::from_millis(300) || runs >= 1_000_000 {
            return (outcome, total / runs);
        }
        batch *= 2;
    }
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
