//! Plain alpha-beta beside the `minimax` crate's `Negamax` (alpha-beta without a table) on
//! Connect Four: the same positions, the same evaluation, the same depth; runs alternate ours
//! first / theirs first and the minimum of the rounds is kept.
//!
//! ```text
//! cargo run --release -p search-core --example alpha_beta_vs_negamax -- [depth] [rounds]
//! ```
//!
//! `depth` defaults to 12 and `rounds` to 3. The peer shuffles its root moves, so its tree (and
//! time) varies from run to run: the figure to compare is the time per evaluated leaf (leaves are
//! most of the nodes of a depth-limited alpha-beta). The values must agree.

#[path = "../tests/support/connect_four.rs"]
mod connect_four;

use connect_four::{ConnectFour, Peer, PeerEvaluator};
use minimax::Strategy as _;
use search_core::games::{Game, alpha_beta};
use std::cell::Cell;
use std::time::{Duration, Instant};

thread_local! {
    /// The peer's evaluations.
    static PEER_LEAVES: Cell<u64> = const { Cell::new(0) };
}

/// [`PeerEvaluator`], counted.
struct Counted;

impl minimax::Evaluator for Counted {
    type G = Peer;
    fn evaluate(&self, position: &ConnectFour) -> minimax::Evaluation {
        PEER_LEAVES.set(PEER_LEAVES.get() + 1);
        minimax::Evaluator::evaluate(&PeerEvaluator, position)
    }
}

/// The positions: the start and a few short openings.
fn positions() -> Vec<ConnectFour> {
    let openings: [&[u8]; 4] = [&[], &[3, 3], &[3, 2, 4], &[2, 4, 3, 3, 1]];
    openings
        .iter()
        .map(|o| ConnectFour::from_columns(o).expect("legal opening"))
        .collect()
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let depth = args.first().copied().unwrap_or(12);
    let rounds = args.get(1).copied().unwrap_or(3);
    // Seconds and leaves, per side, summed over the rounds.
    let mut took = [Duration::ZERO; 2];
    let mut leaves = [0u64; 2];
    for round in 0..rounds {
        for side in [round % 2, 1 - round % 2] {
            for position in positions() {
                let started = Instant::now();
                if side == 0 {
                    let outcome = alpha_beta(&position, Some(depth));
                    took[0] += started.elapsed();
                    leaves[0] += outcome.stats.leaves;
                } else {
                    let before = PEER_LEAVES.get();
                    let mut peer = minimax::Negamax::new(Counted, depth as u8);
                    peer.choose_move(&position);
                    took[1] += started.elapsed();
                    leaves[1] += PEER_LEAVES.get() - before;
                    let ours = alpha_beta(&position, Some(depth)).value * position.to_move().sign();
                    if ours.abs() < 900 {
                        assert_eq!(ours, i32::from(peer.root_value()), "{position:?}");
                    }
                }
            }
        }
    }
    let per_leaf = |side: usize| took[side].as_secs_f64() * 1e9 / leaves[side] as f64;
    println!(
        "depth {depth}, {} positions x {rounds} rounds: alpha_beta {:.3} s for {} leaves ({:.1} ns a leaf), minimax::Negamax {:.3} s for {} leaves ({:.1} ns a leaf); time a leaf, ours / peer: {:.2}",
        positions().len(),
        took[0].as_secs_f64(),
        leaves[0],
        per_leaf(0),
        took[1].as_secs_f64(),
        leaves[1],
        per_leaf(1),
        per_leaf(0) / per_leaf(1)
    );
}
