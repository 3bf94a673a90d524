//! Benchmarks for `nqueens`: the phases apart (greedy start, full solve, O(n) check, writing the
//! list) at 10^4 .. 10^7 queens.
//!
//! Targets: n = 10^6 solved and verified under 1 s, n = 10^7 under 10 s on one core, under 20
//! bytes per queen (the board keeps about 13.6; measure with `/usr/bin/time -v nqueens`).
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::{Board, format::write_board, seeded_rng, solve_unchecked, verify};
use std::hint::black_box;
use std::time::Duration;

fn phases(c: &mut Criterion) {
    let mut group = c.benchmark_group("nqueens");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for n in [10_000usize, 100_000, 1_000_000] {
        group.bench_with_input(BenchmarkId::new("start", n), &n, |b, &n| {
            b.iter(|| Board::new(n, &mut seeded_rng(1)).unwrap().attacking_pairs());
        });
        group.bench_with_input(BenchmarkId::new("solve", n), &n, |b, &n| {
            b.iter(|| solve_unchecked(n, &mut seeded_rng(1)).unwrap().1);
        });
        let rows = solve_unchecked(n, &mut seeded_rng(1)).unwrap().0;
        group.bench_with_input(BenchmarkId::new("verify", n), &rows, |b, rows| {
            b.iter(|| verify(black_box(rows)).unwrap());
        });
        group.bench_with_input(BenchmarkId::new("write", n), &rows, |b, rows| {
            b.iter(|| write_board(&mut std::io::sink(), black_box(rows)).unwrap());
        });
    }
    group.finish();
}

fn ten_million(c: &mut Criterion) {
    let n = 10_000_000;
    let mut group = c.benchmark_group("nqueens-1e7");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    group.bench_function("solve", |b| {
        b.iter(|| solve_unchecked(n, &mut seeded_rng(1)).unwrap().1);
    });
    let rows = solve_unchecked(n, &mut seeded_rng(1)).unwrap().0;
    group.bench_function("verify", |b| b.iter(|| verify(black_box(&rows)).unwrap()));
    group.bench_function("write", |b| {
        b.iter(|| write_board(&mut std::io::sink(), black_box(&rows)).unwrap());
    });
    group.finish();
}

criterion_group!(benches, phases, ten_million);
criterion_main!(benches);
