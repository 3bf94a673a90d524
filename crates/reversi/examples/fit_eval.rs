//! Fits the pattern evaluation (`crates/reversi/weights/eval.bin`) from nothing, reproducibly:
//!
//! ```text
//! cargo run --release -p reversi --example fit_eval -- --seed 1 --games 10000 --rounds 3 \
//!     --label-depth 5 --out crates/reversi/weights/eval.bin
//! ```
//!
//! (the defaults; about 20 minutes of wall time on 2 threads, the 2-core machine shared at
//! load 4-10).
//!
//! Each round plays `--games` self-play games (game `i` seeded by `--seed` and `i`: 0-12
//! random opening plies, then a `--play-depth` search with the previous round's weights, a
//! random move one time in ten) until `--exact` empty squares are left; from there the game goes
//! on with perfect play (the exact solver; the first best move in move order), so every later
//! position is labelled by the exact value. Earlier positions are labelled by that value
//! (round 1), or by the mean of that and a `--label-depth` search with the previous round's
//! weights (later rounds). Then per stage, ridge regression by preconditioned gradient descent
//! (the same result whatever `--threads` is). Round 0's weights are a hand-set mobility term.
//! Nothing depends on the weights compiled into the crate, so the file comes out the same
//! whatever weights the example was built with. `--holdout N` reports the last round's error on
//! N more games kept out of the fit.

use clap::Parser;
use clap::builder::RangedU64ValueParser;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi::eval::{self, ONE_DISC, PATTERNS, SCALARS, STAGES, Weights, table_size};
use reversi::exact::{DiscsOnly, Solver};
use reversi::player::{Player, search_value};
use reversi::{Move, Position};
use search_core::games::Budget;
use std::time::Instant;

/// Fits the pattern evaluation's weights from nothing (see the file's header).
#[derive(Debug, Clone, Parser)]
struct Options {
    /// The games' seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Self-play games a round.
    #[arg(long, default_value_t = 10000)]
    games: usize,
    /// Rounds of play and fit.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// The self-play search's depth.
    #[arg(long, default_value_t = 2)]
    play_depth: u32,
    /// The labelling search's depth.
    #[arg(long, default_value_t = 5)]
    label_depth: u32,
    /// Empty squares from which the games are played out exactly.
    #[arg(long, default_value_t = 12)]
    exact: usize,
    /// Threads (1 or more).
    #[arg(long, default_value_t = 2, value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    threads: usize,
    /// Gradient descent's epochs.
    #[arg(long, default_value_t = 400)]
    epochs: usize,
    /// The ridge penalty.
    #[arg(long, default_value_t = 5.0)]
    ridge: f64,
    /// Samples a weight needs to be fitted.
    #[arg(long, default_value_t = 24)]
    min_count: u32,
    /// Weights below this (stored units, 0-1000) are set to 0.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(i16).range(0..=1000))]
    prune: i16,
    /// Extra games of the last round kept out of the fit (game indices from `--games` on),
    /// on which the fitted weights' error is reported.
    #[arg(long, default_value_t = 0)]
    holdout: usize,
    /// The weights file written.
    #[arg(long, default_value = "crates/reversi/weights/eval.bin")]
    out: String,
}

/// A labelled position: its stage, feature indices and label (discs, side to move's view).
struct Sample {
    stage: usize,
    patterns: Vec<u32>,
    scalars: [i32; SCALARS],
    label: f64,
    /// The game's exact outcome (discs, side to move's view).
    outcome: f64,
}

/// Plays game `index` and returns its labelled samples.
fn game(o: &Options, index: usize, weights: &'static Weights, previous: bool) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(o.seed.wrapping_mul(1_000_003).wrapping_add(index as u64));
    let mut player = Player::new(weights, 14);
    let mut solver = Solver::discs_only(18);
    let random_plies = rng.random_range(0..=12);
    let mut position = Position::<8>::start();
    let mut seen = Vec::new();
    // The exact value (Black's view) from the first position with `exact` empties on, where
    // the game goes on with perfect play (which keeps the value).
    let mut anchor = None;
    let mut ply = 0;
    while !position.is_over() {
        let moves: Vec<Move<8>> = position.moves().collect();
        if moves == [Move::Pass] {
            position = position.pass();
            continue;
        }
        seen.push(position);
        let mv = if position.board().empties().len() <= o.exact {
            let (margin, best) = label(&mut solver, &position);
            anchor.get_or_insert(margin);
            best.unwrap_or(moves[0])
        } else if ply < random_plies || rng.random_range(0..10) == 0 {
            moves[rng.random_range(0..moves.len())]
        } else {
            player
                .choose(&position, Budget::depth(o.play_depth))
                .best
                .unwrap_or(moves[0])
        };
        position = position.play(mv).expect("legal");
        ply += 1;
    }
    let anchor = anchor.unwrap_or_else(|| eval::final_margin_black(&position));
    seen.iter()
        .map(|p| {
            let empties = p.board().empties().len();
            let outcome = f64::from(black_view(p, anchor));
            let label = if empties > o.exact && previous {
                let searched =
                    f64::from(search_value(weights, p, o.label_depth)) / f64::from(ONE_DISC);
                (outcome + searched) / 2.0
            } else {
                outcome
            };
            let (stage, patterns, scalars) = eval::features(p);
            let patterns = patterns
                .into_iter()
                .map(|(pattern, index)| (pattern as u32) << 24 | index as u32)
                .collect();
            Sample {
                stage,
                patterns,
                scalars,
                label,
                outcome,
            }
        })
        .collect()
}

/// The exact label of a position near the end: the side to move's disc margin with perfect play
/// (empty squares to nobody), Black's view, and the first best move in move order, each
/// move's optimality decided by a null-window test on its child. Only exact values decide,
/// never the solver's move ordering (which reads the compiled-in weights), so the games and the
/// fitted file do not depend on the weights the example was built with.
fn label(solver: &mut Solver<DiscsOnly>, position: &Position<8>) -> (i32, Option<Move<8>>) {
    let margin = solver.solve(position).margin;
    let best = position.moves().find(|&mv| {
        let child = position.play(mv).expect("legal");
        // Optimal when the child's margin (its mover's view) is at most -margin (it is never
        // less).
        let test = solver
            .solve_window(&child, -margin, -margin + 1, Budget::default())
            .expect("an unlimited budget always finishes");
        test.margin <= -margin
    });
    (black_view(position, margin), best)
}

/// A margin for the side to move of `p` seen from Black (and back: the map is its own inverse).
fn black_view(p: &Position<8>, margin: i32) -> i32 {
    if p.to_move() == reversi::Side::Black {
        margin
    } else {
        -margin
    }
}

/// Plays games `games` of a round on `threads` threads; samples in game order.
fn play_round(
    o: &Options,
    games: std::ops::Range<usize>,
    weights: &'static Weights,
    previous: bool,
) -> Vec<Sample> {
    let chunks: Vec<Vec<Sample>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..o.threads)
            .map(|t| {
                let games = games.clone();
                scope.spawn(move || {
                    (games.start + t..games.end)
                        .step_by(o.threads)
                        .map(|i| (i, game(o, i, weights, previous)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, Vec<Sample>)> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker panicked"))
            .collect();
        all.sort_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, s)| s).collect()
    });
    chunks.into_iter().flatten().collect()
}

/// Ridge regression of one stage's samples by preconditioned gradient descent.
fn fit_stage(o: &Options, samples: &[&Sample]) -> (Vec<Vec<f64>>, [f64; SCALARS], f64) {
    let mut tables: Vec<Vec<f64>> = PATTERNS.iter().map(|p| vec![0.0; table_size(p)]).collect();
    let mut counts: Vec<Vec<f64>> = tables.clone();
    let mut scalars = [0.0; SCALARS];
    let mut squares = [0.0; SCALARS];
    for s in samples {
        for &f in &s.patterns {
            counts[(f >> 24) as usize][(f & 0xff_ffff) as usize] += 1.0;
        }
        for (k, &x) in s.scalars.iter().enumerate() {
            squares[k] += f64::from(x * x);
        }
    }
    let active = samples.first().map_or(1, |s| s.patterns.len() + SCALARS) as f64;
    let rate = 1.0 / active;
    let mut rmse = 0.0;
    for _ in 0..o.epochs {
        let mut grads: Vec<Vec<f64>> = PATTERNS.iter().map(|p| vec![0.0; table_size(p)]).collect();
        let mut sgrad = [0.0; SCALARS];
        let mut total = 0.0;
        for s in samples {
            let mut predicted: f64 = s
                .patterns
                .iter()
                .map(|&f| tables[(f >> 24) as usize][(f & 0xff_ffff) as usize])
                .sum();
            for (k, &x) in s.scalars.iter().enumerate() {
                predicted += scalars[k] * f64::from(x);
            }
            let residual = s.label - predicted;
            total += residual * residual;
            for &f in &s.patterns {
                grads[(f >> 24) as usize][(f & 0xff_ffff) as usize] += residual;
            }
            for (k, &x) in s.scalars.iter().enumerate() {
                sgrad[k] += residual * f64::from(x);
            }
        }
        rmse = (total / samples.len().max(1) as f64).sqrt();
        for ((table, grad), count) in tables.iter_mut().zip(&grads).zip(&counts) {
            for ((w, g), c) in table.iter_mut().zip(grad).zip(count) {
                if *c >= f64::from(o.min_count) {
                    *w += 2.0 * rate * (g - o.ridge * *w) / (c + o.ridge);
                }
            }
        }
        for k in 0..SCALARS {
            scalars[k] += rate * sgrad[k] / (squares[k] + 1.0);
        }
    }
    (tables, scalars, rmse)
}

/// Discs to stored units, clamped to `i16`.
fn quantise(w: f64) -> i16 {
    (w * f64::from(ONE_DISC)).round().clamp(-32000.0, 32000.0) as i16
}

/// One stage's fit: the stage, its tables and scalar weights (discs), its rms error and its
/// number of samples.
type StageFit = (usize, Vec<Vec<f64>>, [f64; SCALARS], f64, usize);

/// Fits every stage of `samples` (the stages spread over `threads` threads; each stage's fit
/// is the same whatever the threads), quantised and pruned, with each stage's rms error.
fn fit_all(o: &Options, samples: &[Sample]) -> (Weights, Vec<(usize, f64)>) {
    let fits: Vec<StageFit> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..o.threads.min(STAGES))
            .map(|t| {
                scope.spawn(move || {
                    (t..STAGES)
                        .step_by(o.threads)
                        .map(|stage| {
                            let of_stage: Vec<&Sample> =
                                samples.iter().filter(|s| s.stage == stage).collect();
                            let (tables, scalars, rmse) = fit_stage(o, &of_stage);
                            (stage, tables, scalars, rmse, of_stage.len())
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
    let mut next = Weights::zero();
    let mut errors = vec![(0, 0.0); STAGES];
    for (stage, tables, scalars, rmse, count) in fits {
        for (out, table) in next.tables[stage].iter_mut().zip(&tables) {
            for (q, &w) in out.iter_mut().zip(table) {
                let w = quantise(w);
                *q = if w.abs() < o.prune { 0 } else { w };
            }
        }
        for (q, &w) in next.scalars[stage].iter_mut().zip(&scalars) {
            *q = quantise(w);
        }
        errors[stage] = (count, rmse);
    }
    (next, errors)
}

/// The rms errors (discs) of `weights` on `samples` per stage: against the labels and against
/// the games' outcomes.
fn holdout_errors(weights: &Weights, samples: &[Sample]) -> Vec<(usize, f64, f64)> {
    let mut sums = vec![(0, 0.0, 0.0); STAGES];
    for s in samples {
        let mut predicted: i32 = s
            .patterns
            .iter()
            .map(|&f| {
                i32::from(weights.tables[s.stage][(f >> 24) as usize][(f & 0xff_ffff) as usize])
            })
            .sum();
        for (x, w) in s.scalars.iter().zip(weights.scalars[s.stage]) {
            predicted += x * i32::from(w);
        }
        let predicted = f64::from(predicted) / f64::from(ONE_DISC);
        let entry = &mut sums[s.stage];
        entry.0 += 1;
        entry.1 += (s.label - predicted).powi(2);
        entry.2 += (s.outcome - predicted).powi(2);
    }
    sums.into_iter()
        .map(|(n, l, g)| {
            let n_f = n.max(1) as f64;
            (n, (l / n_f).sqrt(), (g / n_f).sqrt())
        })
        .collect()
}

fn main() {
    let o = Options::parse();
    let started = Instant::now();
    // Round 0: mobility (1 disc per move) and potential mobility (half a disc).
    let mut weights = Weights::zero();
    for s in &mut weights.scalars {
        *s = [ONE_DISC as i16, (ONE_DISC / 2) as i16, 0, 0];
    }
    for round in 1..=o.rounds {
        let frozen: &'static Weights = Box::leak(Box::new(weights.clone()));
        let samples = play_round(&o, 0..o.games, frozen, round > 1);
        eprintln!(
            "round {round}: {} positions from {} games ({:.1} s)",
            samples.len(),
            o.games,
            started.elapsed().as_secs_f64()
        );
        let (next, errors) = fit_all(&o, &samples);
        for (stage, (count, rmse)) in errors.iter().enumerate() {
            eprintln!("  stage {stage}: {count} positions, rms error {rmse:.2} discs");
        }
        eprintln!("  fitted ({:.1} s)", started.elapsed().as_secs_f64());
        if round == o.rounds && o.holdout > 0 {
            let held = play_round(&o, o.games..o.games + o.holdout, frozen, round > 1);
            for (stage, (n, label, outcome)) in holdout_errors(&next, &held).iter().enumerate() {
                eprintln!(
                    "  held out, stage {stage}: {n} positions, rms error {label:.2} discs \
                     (label), {outcome:.2} (outcome)"
                );
            }
        }
        weights = next;
        // Written after every round, so a long run leaves its latest weights behind.
        let bytes = weights.to_bytes();
        if let Err(e) = std::fs::write(&o.out, &bytes) {
            eprintln!("error: cannot write {}: {e}", o.out);
            std::process::exit(1);
        }
        eprintln!("wrote {} ({} bytes)", o.out, bytes.len());
    }
}
