//! reversi: the bitboard move generator and flips against plain square-by-square walking, perft
//! from the 8x8 start, Reversi Tiny full minimax / alpha-beta from the 4x4 start, and COL106
//! bestMove(6) with alpha-beta and with the engine, and FForum endgame problems solved exactly
//! by the dedicated endgame solver, side by side with the engine-based `solve` (MTD(f) over
//! search-core's engine, disc-count margins) on the smallest one.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use reversi::exact::Solver;
use reversi::search::{Method, Searcher};
use reversi::{Position, Scored, Side, WinLoss, obf, perft, rules};
use search_core::{games::alpha_beta, games::minimax};
use std::hint::black_box;

/// Middle-game positions (black and white masks) from a fixed sequence of first moves.
fn midgame() -> Vec<(u64, u64)> {
    let mut position = Position::<8>::start();
    let mut boards = Vec::new();
    for ply in 0..40 {
        let moves: Vec<_> = position.moves().collect();
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[(ply * 7) % moves.len()]).unwrap();
        let b = position.board();
        let mask = |side| {
            b.discs(side)
                .fold(0u64, |m, s| m | 1 << (s.row() * 8 + s.col()))
        };
        boards.push((mask(Side::Black), mask(Side::White)));
    }
    boards
}

fn move_generation(c: &mut Criterion) {
    let boards = midgame();
    let mut group = c.benchmark_group("reversi_movegen_40_positions");
    group.sample_size(20);
    group.bench_function("kogge_stone", |b| {
        b.iter(|| {
            boards.iter().fold(0u64, |acc, &(own, opp)| {
                acc ^ rules::moves(black_box(own), black_box(opp), u64::MAX)
            })
        });
    });
    group.bench_function("walking_every_square", |b| {
        b.iter(|| {
            boards.iter().fold(0u64, |acc, &(own, opp)| {
                let empty = !(own | opp);
                let mut moves = 0;
                for sq in 0..64 {
                    let bit = 1u64 << sq;
                    if empty & bit != 0 && rules::flips_by_walking(own, opp, bit) != 0 {
                        moves |= bit;
                    }
                }
                acc ^ black_box(moves)
            })
        });
    });
    group.bench_function("flips_ray_table", |b| {
        b.iter(|| flip_every_move(&boards, rules::flips));
    });
    group.bench_function("flips_walking", |b| {
        b.iter(|| flip_every_move(&boards, rules::flips_by_walking));
    });
    group.finish();
}

fn perft_8x8(c: &mut Criterion) {
    let mut group = c.benchmark_group("reversi_perft");
    group.sample_size(10);
    let start = Position::<8>::start();
    group.bench_function("perft_7_8x8", |b| b.iter(|| perft(black_box(&start), 7)));
    group.finish();
}

fn tiny_full_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("reversi_tiny_4x4_full");
    group.sample_size(10);
    let game = Scored::new(Position::<4>::start(), WinLoss);
    group.bench_function("minimax_224821_states", |b| {
        b.iter(|| minimax(black_box(&game), None).value)
    });
    group.bench_function("alpha_beta_7208_states", |b| {
        b.iter(|| alpha_beta(black_box(&game), None).value)
    });
    group.finish();
}

fn col106_best_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("othello_best_move_k6_start");
    group.sample_size(10);
    let start = Position::<8>::start();
    for (name, method) in [
        ("alpha_beta", Method::AlphaBeta),
        ("engine", Method::Engine),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| Searcher::new(method).best_move(black_box(&start), 6))
        });
    }
    group.finish();
}

/// The FForum problem on line `line` (from 1) of an OBF file of data/othello/ffo.
fn ffo(file: &str, line: usize) -> Position<8> {
    let path = format!("{}/../data/othello/ffo/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the FFO data is checked in");
    let problem = obf::parse_line(text.lines().nth(line - 1).expect("the line exists"));
    problem.expect("a valid problem").position
}

fn ffo_exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("othello_ffo_exact");
    group.sample_size(10);
    // #1 (14 empties), #9 (16), #20 (6), #21 (15), #25 (19).
    let problems = [
        ("ffo_01", ffo("fforum-1-19.obf", 1)),
        ("ffo_09", ffo("fforum-1-19.obf", 9)),
        ("ffo_20", ffo("fforum-20-39.obf", 1)),
        ("ffo_21", ffo("fforum-20-39.obf", 2)),
        ("ffo_25", ffo("fforum-20-39.obf", 6)),
    ];
    for (name, position) in &problems {
        // A fresh table each time (2^16 entries, 1.5 MB: its set-up stays small beside the
        // search): no answer carried over from the previous iteration.
        group.bench_function(format!("endgame_solver_{name}"), |b| {
            b.iter(|| Solver::new(16).solve(black_box(position)).margin)
        });
    }
    // The engine-based solve on #20 (6 empties), the one it reaches in benchmark time.
    group.bench_function("engine_solve_ffo_20", |b| {
        b.iter(|| reversi::solve(black_box(&problems[2].1), 16).margin)
    });
    group.finish();
}

criterion_group!(
    benches,
    move_generation,
    perft_8x8,
    tiny_full_search,
    col106_best_move,
    ffo_exact
);
criterion_main!(benches);

/// Applies `flips` to every legal move of every board (XOR-folded so nothing is optimised away).
fn flip_every_move(boards: &[(u64, u64)], flips: fn(u64, u64, u64) -> u64) -> u64 {
    boards.iter().fold(0u64, |acc, &(own, opp)| {
        let mut m = rules::moves(own, opp, u64::MAX);
        let mut x = acc;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m ^= bit;
            x ^= flips(black_box(own), black_box(opp), bit);
        }
        x
    })
}
