//! Wall-clock time to a fixed depth on one and two threads (search-core's `ParallelEngine`),
//! beside the single-threaded `Engine`, on Max-Connect4 and 8x8 Othello positions; and `perft`
//! on one and two threads. Each run searches with the three engines in turn, from a cleared
//! table (the clearing is not timed); the table shows the median of the runs, the 1-vs-2-thread
//! ratio of the medians, the nodes of one thread, the nodes of the two threads together
//! (their ratio is the search overhead, which the load does not change) and the load average
//! (other programs on the machine distort the times). Every parallel value is checked against
//! the single-threaded engine's.
//!
//! `cargo run --release -p benches --example parallel_timing [RUNS] [C4_DEPTH] [OTHELLO_DEPTH]`
//! (defaults 5, 16 and 11: under a minute on an idle 2-core machine).

#[path = "support/game_positions.rs"]
mod game_positions;

use game_positions::{connect4_positions, othello_positions};
use search_core::{games::Engine, games::EngineGame, games::ParallelEngine};
use std::time::Instant;

/// Table size for every engine (2^20 entries).
const BITS: u32 = 20;

/// The median of `values`.
fn median<T: Copy + PartialOrd>(mut values: Vec<T>) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    values[values.len() / 2]
}

/// The wall-clock milliseconds `f` takes, and its result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let t = Instant::now();
    let result = f();
    (t.elapsed().as_secs_f64() * 1000.0, result)
}

/// One position's figures.
struct Row {
    /// Median milliseconds: the `Engine`, the parallel engine on one thread, on two.
    ms: [f64; 3],
    /// Median nodes on one thread, of the main thread of two, of both threads.
    nodes: [u64; 3],
}

/// Measures `runs` searches of `position` to `depth` with each engine, in turn.
fn measure<G>(label: &str, position: &G, depth: u32, runs: usize) -> Row
where
    G: EngineGame + Sync,
    G::Move: Send,
{
    let mut engine = Engine::new(BITS);
    let mut parallel = [ParallelEngine::new(BITS, 1), ParallelEngine::new(BITS, 2)];
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    let mut nodes = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..runs {
        engine.clear();
        let (ms, single) = timed(|| engine.search(position, depth));
        times[0].push(ms);
        for (i, p) in parallel.iter_mut().enumerate() {
            p.clear();
            let (ms, outcome) = timed(|| p.search(position, depth));
            assert_eq!(outcome.value, single.value, "{label}: the value differs");
            times[i + 1].push(ms);
            nodes[2 * i].push(outcome.stats.nodes);
        }
        nodes[1].push(parallel[1].main_thread_stats().nodes);
    }
    Row {
        ms: times.map(median),
        nodes: nodes.map(median),
    }
}

/// Prints a row per position; returns the speed-ups.
fn compare<G>(game: &str, positions: &[(&str, G)], depth: u32, runs: usize) -> Vec<f64>
where
    G: EngineGame + Sync,
    G::Move: Send,
{
    let mut speed_ups = Vec::new();
    for (name, position) in positions {
        let label = format!("{game} {name}");
        let Row { ms, nodes } = measure(&label, position, depth, runs);
        let speed_up = ms[1] / ms[2];
        speed_ups.push(speed_up);
        println!(
            "| {label} | {depth} | {:.1} | {:.1} | {:.1} | {speed_up:.2}x | {} | {} | {} | {:.2} |",
            ms[0],
            ms[1],
            ms[2],
            nodes[0],
            nodes[1],
            nodes[2],
            nodes[2] as f64 / nodes[0] as f64
        );
    }
    speed_ups
}

/// Prints the `perft 10` row.
fn perft(runs: usize) {
    let start = reversi::Position::<8>::start();
    let expected = reversi::perft(&start, 10);
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..runs {
        for (i, threads) in [1, 2].into_iter().enumerate() {
            let (ms, count) = timed(|| start.perft_threads(10, threads));
            assert_eq!(count, expected);
            times[i].push(ms);
        }
    }
    let [one, two] = times.map(median);
    println!(
        "| othello perft 10 | 10 | - | {one:.1} | {two:.1} | {:.2}x | - | - | - | - |",
        one / two
    );
}

/// The geometric mean.
fn geometric_mean(values: &[f64]) -> f64 {
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let runs = arg(1, 5).max(1);
    let (c4_depth, othello_depth) = (arg(2, 16) as u32, arg(3, 11) as u32);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before: {}", load.trim());
    println!(
        "| position | depth | Engine ms | 1 thread ms | 2 threads ms | speed-up | nodes 1 thread | main thread of 2 | both threads | overhead |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let c4 = compare("connect4", &connect4_positions(), c4_depth, runs);
    let othello = compare("othello", &othello_positions(), othello_depth, runs);
    perft(runs);
    println!(
        "geometric mean speed-up: connect4 {:.2}x, othello {:.2}x",
        geometric_mean(&c4),
        geometric_mean(&othello)
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average after: {}", load.trim());
}
