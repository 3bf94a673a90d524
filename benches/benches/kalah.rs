//! Benchmarks for `kalah`: engine search (chain model) from the start of Kalah(6,4) at depths 5,
//! 10 and 12 (15 in the summary), plain alpha-beta at depths 5 and 10 (the peer: same values, no table or ordering),
//! the sample-compatible search, chain generation and exact solves: the engine's `solve` (the
//! peer) beside the exact solver (MTD(f)) on Kalah(4,3) and Kalah(5,3), and a database build.
//!
//! Before the criterion groups it prints one line per depth with the nodes searched, the time
//! and nodes per second of a single search from a fresh engine (`kalah/summary`); depth 15 is
//! searched once there (not sampled by criterion: tens of seconds) when `KALAH_BENCH_DEEP` is
//! set.
#![allow(missing_docs)]

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use kalah::{
    Board, CaptureRule, EndgameDb, ExactSolver, Position, Rules, chains, sample::sample_choice,
    solve,
};
use search_core::{games::Engine, games::Player, games::alpha_beta};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn start() -> Board {
    Board::new(Rules::default(), Player::Max)
}

/// One search per depth from a fresh engine: nodes, time, nodes/s (printed once).
fn summary() {
    let deep = std::env::var_os("KALAH_BENCH_DEEP").is_some();
    let depths: &[u32] = if deep { &[5, 10, 12, 15] } else { &[5, 10, 12] };
    for &depth in depths {
        let mut engine = Engine::new(20);
        let t = Instant::now();
        let outcome = engine.search(&start(), depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "kalah/summary engine depth {depth:>2}: value {:+}, move {}, {} nodes, {:.4} s, {:.0} nodes/s",
            outcome.value,
            outcome
                .best_move
                .map_or_else(String::new, |c| c.to_string()),
            outcome.stats.nodes,
            s,
            outcome.stats.nodes as f64 / s
        );
    }
    for depth in [5, 8, 10] {
        let t = Instant::now();
        let outcome = alpha_beta(&start(), Some(depth));
        let s = t.elapsed().as_secs_f64();
        println!(
            "kalah/summary alpha-beta depth {depth:>2}: value {:+}, {} nodes, {:.4} s, {:.0} nodes/s",
            outcome.value,
            outcome.stats.nodes,
            s,
            outcome.stats.nodes as f64 / s
        );
    }
}

fn bench(c: &mut Criterion) {
    summary();
    let mut group = c.benchmark_group("kalah/engine_from_start");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for depth in [5u32, 10, 12] {
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &depth| {
            // A fresh engine per search; allocating and dropping its table is not timed.
            b.iter_batched(
                || Engine::new(20),
                |mut engine| {
                    let value = engine.search(black_box(&start()), depth).value;
                    (engine, value)
                },
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();

    let mut group = c.benchmark_group("kalah/alpha_beta_from_start");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for depth in [5u32, 10] {
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &depth| {
            b.iter(|| alpha_beta(black_box(&start()), Some(depth)).value);
        });
    }
    group.finish();

    let mut group = c.benchmark_group("kalah/sample_compatible");
    group.sample_size(10);
    for depth in [5u32, 7] {
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &depth| {
            b.iter(|| sample_choice(black_box(&start()), depth));
        });
    }
    group.finish();

    let mut group = c.benchmark_group("kalah/moves");
    group.bench_function("chains_at_start", |b| {
        b.iter(|| chains(black_box(&start())).len());
    });
    group.finish();

    // Exact solving side by side: the engine's solve (the peer: chain model, depth-bounded
    // table) and the exact solver (MTD(f), bounds table, ETC), with and without a database.
    let mut group = c.benchmark_group("kalah/solve");
    group.sample_size(10);
    let standard = |p, s| {
        Rules::new(p, s)
            .expect("valid")
            .with_capture(CaptureRule::OppositeNonEmpty)
    };
    group.bench_function("4x3", |b| {
        b.iter(|| solve(Rules::new(4, 3).expect("valid"), 18).value);
    });
    group.bench_function("4x3_standard_engine", |b| {
        b.iter(|| solve(standard(4, 3), 18).value);
    });
    for (p, s) in [(4u32, 3u32), (5, 3)] {
        let rules = standard(p, s);
        let start = Position::from_board(&Board::new(rules, Player::Max));
        group.bench_function(format!("{p}x{s}_standard_exact"), |b| {
            b.iter(|| {
                ExactSolver::new(rules, 18, None)
                    .solve(black_box(&start), 0, &mut |_| {})
                    .map(|e| e.value)
            });
        });
    }
    let rules = standard(5, 3);
    let db = EndgameDb::build(rules, 10, &mut |_, _| {});
    let start = Position::from_board(&Board::new(rules, Player::Max));
    group.bench_function("5x3_standard_exact_db10", |b| {
        b.iter(|| {
            ExactSolver::new(rules, 18, Some(&db))
                .solve(black_box(&start), 0, &mut |_| {})
                .map(|e| e.value)
        });
    });
    group.bench_function("database_5_pots_10_seeds", |b| {
        b.iter(|| EndgameDb::build(rules, 10, &mut |_, _| {}).len());
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
