//! The engine on one and two threads (search-core's `ParallelEngine`) beside the
//! single-threaded `Engine`: time to a fixed depth on Max-Connect4 and 8x8 Othello, and
//! `perft` on one and two threads.
//!
//! `cargo bench -p benches --bench games`. Each search starts from a fresh table (its
//! allocation included). A simple wall-clock version with ratios:
//! `cargo run --release -p benches --example parallel_timing`.
#![allow(missing_docs)]

#[path = "../examples/support/game_positions.rs"]
mod game_positions;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use game_positions::{connect4_positions, othello_positions};
use search_core::{games::Engine, games::EngineGame, games::ParallelEngine};
use std::hint::black_box;
use std::time::Duration;

/// Table size for both games (2^18 entries).
const BITS: u32 = 18;

fn time_to_depth<G>(c: &mut Criterion, group: &str, positions: &[(&str, G)], depth: u32)
where
    G: EngineGame + Sync,
    G::Move: Send,
{
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (name, position) in positions {
        group.bench_with_input(BenchmarkId::new("engine", name), position, |b, p| {
            b.iter(|| Engine::new(BITS).search(black_box(p), depth).value)
        });
        for threads in [1, 2] {
            let id = BenchmarkId::new(format!("parallel_{threads}_threads"), name);
            group.bench_with_input(id, position, |b, p| {
                b.iter(|| {
                    ParallelEngine::new(BITS, threads)
                        .search(black_box(p), depth)
                        .value
                })
            });
        }
    }
    group.finish();
}

fn connect4(c: &mut Criterion) {
    time_to_depth(c, "games/connect4_depth_12", &connect4_positions(), 12);
}

fn othello(c: &mut Criterion) {
    time_to_depth(c, "games/othello_depth_9", &othello_positions(), 9);
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("games/othello_perft_8");
    group.sample_size(10);
    let start = reversi::Position::<8>::start();
    for threads in [1, 2] {
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| black_box(start).perft_threads(8, threads))
        });
    }
    group.finish();
}

criterion_group!(benches, connect4, othello, perft);
criterion_main!(benches);
