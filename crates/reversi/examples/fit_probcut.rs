//! Fits the player's Multi-ProbCut models (`crates/reversi/weights/probcut.txt`),
//! reproducibly:
//!
//! ```text
//! cargo run --release -p reversi --example fit_probcut -- --seed 1 --games 160 --max-depth 10 \
//!     --out crates/reversi/weights/probcut.txt
//! ```
//!
//! (the defaults; the run time is written in the file's header).
//!
//! Game `i` (seeded by `--seed` and `i`) plays 0-12 random opening plies, then depth-2 searches
//! with the built-in weights, a random move one time in ten, until 12 squares are empty; one
//! position in `--every` with 13-60 empties is kept. Each kept position is searched by
//! iterative deepening to `--max-depth` plies with the built-in weights and no probable
//! cut-offs, and every depth's value is kept (the side to move's view). Then per band of
//! empties and depth `d` from 3, least squares of the value at `d` on the value at
//! `shallow_depth(d)` gives the slope and offset, and the residuals' standard deviation sigma.

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi::eval::Weights;
use reversi::player::{Evaluated, Player};
use reversi::probcut::{MIN_DEPTH, shallow_depth};
use reversi::{Move, Position};
use search_core::games::{Budget, Engine};
use std::fmt::Write as _;
use std::time::Instant;

/// Fits the player's Multi-ProbCut models (see the file's header).
#[derive(Debug, Clone, Parser)]
struct Options {
    /// The games' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Self-play games.
    #[arg(long, default_value_t = 160)]
    games: usize,
    /// Keep one position in this many (1 or more).
    #[arg(long, default_value_t = 6, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    every: usize,
    /// The deepest search fitted.
    #[arg(long, default_value_t = 10)]
    max_depth: u32,
    /// Empty squares a band (1 or more).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..))]
    band: u32,
    /// Threads (1 or more).
    #[arg(long, default_value_t = 2, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    threads: usize,
    /// The models file written.
    #[arg(long, default_value = "crates/reversi/weights/probcut.txt")]
    out: String,
}

/// The kept positions of game `index`.
fn positions(o: &Options, index: usize) -> Vec<Position<8>> {
    let mut rng = StdRng::seed_from_u64(o.seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
    let mut player = Player::new(Weights::builtin(), 14);
    let random_plies = rng.random_range(0..=12);
    let mut position = Position::<8>::start();
    let mut kept = Vec::new();
    let mut ply = 0;
    while !position.is_over() && position.board().empties().len() > 12 {
        let moves: Vec<Move<8>> = position.moves().collect();
        if moves == [Move::Pass] {
            position = position.pass();
            continue;
        }
        if ply >= random_plies && rng.random_range(0..o.every) == 0 {
            kept.push(position);
        }
        let mv = if ply < random_plies || rng.random_range(0..10) == 0 {
            moves[rng.random_range(0..moves.len())]
        } else {
            player
                .choose(&position, Budget::depth(2))
                .best
                .unwrap_or(moves[0])
        };
        position = position.play(mv).expect("legal");
        ply += 1;
    }
    kept
}

/// A kept position's empties and its values at depths 1 to `max_depth` (index 0: depth 1).
struct Sample {
    empties: u32,
    values: Vec<f64>,
}

fn label(o: &Options, position: &Position<8>) -> Sample {
    let game = Evaluated {
        position: *position,
        max: position.to_move(),
        weights: Weights::builtin(),
        selectivity: None,
    };
    let mut engine = Engine::new(18);
    let values = (1..=o.max_depth)
        .map(|d| f64::from(engine.search_once(&game, Some(d)).value))
        .collect();
    Sample {
        empties: position.board().empties().len() as u32,
        values,
    }
}

/// All samples, on `threads` threads, in game order.
fn samples(o: &Options) -> Vec<Sample> {
    let chunks: Vec<(usize, Vec<Sample>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..o.threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..o.games)
                        .step_by(o.threads)
                        .map(|i| {
                            let kept = positions(o, i);
                            (i, kept.iter().map(|p| label(o, p)).collect())
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect()
    });
    let mut chunks = chunks;
    chunks.sort_by_key(|(i, _)| *i);
    chunks.into_iter().flat_map(|(_, s)| s).collect()
}

/// Least squares of `y` on `x`: slope, offset, the residuals' standard deviation.
fn fit(pairs: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = pairs.len() as f64;
    let (mx, my) = pairs
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let (sxy, sxx) = pairs.iter().fold((0.0, 0.0), |(a, b), (x, y)| {
        (a + (x - mx) * (y - my), b + (x - mx) * (x - mx))
    });
    let slope = if sxx > 0.0 { sxy / sxx } else { 1.0 };
    let offset = my - slope * mx;
    let sse: f64 = pairs
        .iter()
        .map(|(x, y)| (y - slope * x - offset).powi(2))
        .sum();
    (slope, offset, (sse / (n - 2.0).max(1.0)).sqrt())
}

fn main() {
    let o = Options::parse();
    let started = Instant::now();
    let samples = samples(&o);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Multi-ProbCut models, fitted by: cargo run --release -p reversi --example fit_probcut \
         -- --seed {} --games {} --every {} --max-depth {} --band {} --out {}\n\
         # {} positions, {:.0} s on {} threads. Values in ONE_DISC units (the side to move's view).\n\
         # empties_low empties_high depth slope offset sigma   (shallow depth: probcut::shallow_depth; n)",
        o.seed,
        o.games,
        o.every,
        o.max_depth,
        o.band,
        o.out,
        samples.len(),
        started.elapsed().as_secs_f64(),
        o.threads,
    );
    let mut low = 13;
    while low <= 60 {
        let high = (low + o.band - 1).min(60);
        for depth in MIN_DEPTH..=o.max_depth {
            let pairs: Vec<(f64, f64)> = samples
                .iter()
                .filter(|s| (low..=high).contains(&s.empties) && depth < s.empties)
                .map(|s| {
                    let shallow = shallow_depth(depth) as usize;
                    (s.values[shallow - 1], s.values[depth as usize - 1])
                })
                .collect();
            if pairs.len() < 20 {
                continue;
            }
            let (slope, offset, sigma) = fit(&pairs);
            let _ = writeln!(
                text,
                "{low} {high} {depth} {slope:.4} {offset:.1} {sigma:.1}   # d'={} n={}",
                shallow_depth(depth),
                pairs.len()
            );
        }
        low = high + 1;
    }
    print!("{text}");
    std::fs::write(&o.out, text).expect("writes the table");
}
