//! Nanoseconds per call of the full evaluation and of a move, on 4096 pseudo-random positions.
//!
//! `cargo run --release -p connect4 --example eval_timing`. Wall-clock time, best of five rounds.

use connect4::eval::evaluate;
use connect4::{COLUMNS, Position};
use search_core::games::Game;
use std::hint::black_box;
use std::time::Instant;

fn positions() -> Vec<Position> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut out = Vec::new();
    while out.len() < 4096 {
        let mut p = Position::start();
        let target = (state >> 59) as usize + 8;
        for _ in 0..target {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let c = ((state >> 33) % COLUMNS as u64) as usize;
            if let Some(next) = p.play_column(c) {
                p = next;
            }
        }
        if !p.board().is_full() && p.board().playable_columns() & 1 != 0 {
            out.push(p);
        }
    }
    out
}

fn best_ns(rounds: usize, calls: usize, mut f: impl FnMut() -> i64) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        let mut sink = 0i64;
        for _ in 0..rounds {
            sink = sink.wrapping_add(f());
        }
        black_box(sink);
        best = best.min(start.elapsed().as_nanos() as f64 / (rounds * calls) as f64);
    }
    best
}

fn main() {
    let ps = positions();
    let eval = best_ns(500, ps.len(), || {
        ps.iter()
            .map(|p| i64::from(evaluate(black_box(p.board()))))
            .sum()
    });
    println!("full evaluate(&board): {eval:.2} ns per call");
    let play = best_ns(500, ps.len(), || {
        ps.iter()
            .map(|p| i64::from(black_box(p).play(0).evaluate()))
            .sum()
    });
    println!("Position::play + evaluate (the leaf step): {play:.2} ns per call");
    let board_play = best_ns(500, ps.len(), || {
        ps.iter()
            .map(|p| black_box(p).board().play(0, p.next()).occupied() as i64)
            .sum()
    });
    println!("Board::play alone: {board_play:.2} ns per call");
}
