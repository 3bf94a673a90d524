//! Wall-clock time to a fixed depth on one and two threads (search-core's `ParallelEngine`),
//! beside the single-threaded `Engine`, on Max-Connect4 and 8x8 Othello; and `perft` on one
//! and two threads. Prints the median of several runs, the 1-vs-2 ratio and the load average
//! (other programs on the machine distort the ratio).
//!
//! `cargo run --release -p benches --example parallel_timing [RUNS] [C4_DEPTH] [OTHELLO_DEPTH]`
//! (defaults 5, 14 and 10).

#[path = "support/game_positions.rs"]
mod game_positions;

use game_positions::{connect4_positions, othello_positions};
use search_core::{Engine, EngineGame, ParallelEngine};
use std::time::Instant;

const BITS: u32 = 18;

/// The median wall-clock milliseconds of `runs` calls of `f`.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn compare<G>(game: &str, positions: &[(&str, G)], depth: u32, runs: usize)
where
    G: EngineGame + Sync,
    G::Move: Send,
{
    for (name, position) in positions {
        let single = Engine::new(BITS).search(position, depth).value;
        let engine = median_ms(runs, || {
            Engine::new(BITS).search(position, depth);
        });
        let mut ms = [0.0; 2];
        let mut main_nodes = [0; 2];
        let mut all_nodes = [0; 2];
        for (i, threads) in [1, 2].into_iter().enumerate() {
            ms[i] = median_ms(runs, || {
                let mut parallel = ParallelEngine::new(BITS, threads);
                let outcome = parallel.search(position, depth);
                assert_eq!(outcome.value, single, "{game} {name}: the value differs");
                main_nodes[i] = parallel.main_thread_stats().nodes;
                all_nodes[i] = outcome.stats.nodes;
            });
        }
        println!(
            "| {game} {name} | {depth} | {engine:.1} | {:.1} | {:.1} | {:.2}x | {} | {} | {} |",
            ms[0],
            ms[1],
            ms[0] / ms[1],
            main_nodes[0],
            main_nodes[1],
            all_nodes[1]
        );
    }
}

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let runs = arg(1, 5);
    let (c4_depth, othello_depth) = (arg(2, 14) as u32, arg(3, 10) as u32);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before: {}", load.trim());
    println!(
        "| position | depth | Engine ms | 1 thread ms | 2 threads ms | speed-up | nodes 1 | main nodes 2 | all nodes 2 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    compare("connect4", &connect4_positions(), c4_depth, runs);
    compare("othello", &othello_positions(), othello_depth, runs);
    let start = reversi::Position::<8>::start();
    let expected = reversi::perft(&start, 10);
    let perft: Vec<f64> = [1, 2]
        .into_iter()
        .map(|threads| {
            median_ms(runs, || {
                assert_eq!(start.perft_threads(10, threads), expected);
            })
        })
        .collect();
    println!(
        "| othello perft 10 | 10 | - | {:.1} | {:.1} | {:.2}x | - | - | - |",
        perft[0],
        perft[1],
        perft[0] / perft[1]
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average after: {}", load.trim());
}
