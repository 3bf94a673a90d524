//! Benchmarks for `connect4`: the evaluation, perft, and one computer move as a function of
//! depth for plain alpha-beta (search-core) and the engine (iterative deepening, transposition
//! table, centre-first ordering), from the empty board and from `input2.txt`.
//!
//! `cargo bench -p benches --bench connect4`. The README's depth 1..14 table comes from
//! `cargo run --release -p connect4 --example depth_table` (plain alpha-beta at depth 14 takes
//! seconds, too long for criterion's repeated samples).
#![allow(missing_docs)]

use connect4::{Position, choose_move, eval, format, new_engine, perft};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use search_core::{games::Game, games::alpha_beta};
use std::hint::black_box;
use std::time::Duration;

const INPUT2: &str = include_str!("../../data/maxconnect4/input2.txt");

fn starts() -> [(&'static str, Position); 2] {
    let input2 = format::parse_game(INPUT2, "input2.txt").expect("sample parses");
    [("empty", Position::start()), ("input2", input2)]
}

fn evaluation(c: &mut Criterion) {
    // 40 positions along one deterministic game.
    let mut positions = Vec::new();
    let mut p = Position::start();
    for i in 0..40usize {
        let moves = p.legal_moves();
        p = p.play(moves[(i * 7 + i / 3) % moves.len()]);
        positions.push(p);
    }
    c.bench_function("connect4/evaluate_40_positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|q| eval::evaluate(black_box(q.board())))
                .sum::<i32>()
        })
    });
    c.bench_function("connect4/perft_6", |b| {
        b.iter(|| perft(black_box(&Position::start()), 6))
    });
}

fn one_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4/move");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (name, position) in starts() {
        for depth in [6u32, 8, 10] {
            group.bench_with_input(
                BenchmarkId::new(format!("alpha_beta/{name}"), depth),
                &depth,
                |b, &d| b.iter(|| alpha_beta(black_box(&position), Some(d)).value),
            );
        }
        for depth in [8u32, 10, 12, 14] {
            group.bench_with_input(
                BenchmarkId::new(format!("engine/{name}"), depth),
                &depth,
                |b, &d| {
                    b.iter(|| {
                        let mut engine = new_engine();
                        choose_move(&mut engine, black_box(&position), d).value
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, evaluation, one_move);
criterion_main!(benches);
