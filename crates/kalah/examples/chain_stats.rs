//! How many chains positions have (a `MoveList` holds 32 on the stack, more spill to the heap),
//! over the whole chain-model game tree of Kalah(6,4) to a depth (default 6 plies).
//!
//! `cargo run --release -p kalah --example chain_stats -- 6`

use kalah::{Board, Rules, chains};
use search_core::{games::Game, games::Player};

fn main() {
    let depth: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let start = Board::new(Rules::default(), Player::Max);
    let mut histogram = vec![0u64; 1];
    let (mut positions, mut spilled, mut longest, mut chains_total) = (0u64, 0u64, 0usize, 0u64);
    let mut stack = vec![(start, 0usize)];
    while let Some((board, ply)) = stack.pop() {
        if ply == depth || board.is_over() {
            continue;
        }
        let moves = chains(&board);
        positions += 1;
        chains_total += moves.len() as u64;
        if moves.spilled() {
            spilled += 1;
        }
        if histogram.len() <= moves.len() {
            histogram.resize(moves.len() + 1, 0);
        }
        histogram[moves.len()] += 1;
        for chain in &moves {
            longest = longest.max(chain.len());
            stack.push((board.play(*chain), ply + 1));
        }
    }
    println!(
        "{positions} positions searched to depth {depth}: {chains_total} chains, {:.2} per position, \
         {spilled} positions ({:.3}%) with more than 32 chains (heap), at most {} chains, longest chain {longest} pots",
        chains_total as f64 / positions as f64,
        100.0 * spilled as f64 / positions as f64,
        histogram.len() - 1
    );
}
