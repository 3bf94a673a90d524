//! Self-play on 8x8: the pattern-evaluation player (`reversi::player`) against plain alpha-beta
//! on the disc count, both at depth D, from the four first moves with colours swapped, played by
//! search-core's `play_match`.
//!
//! `cargo run --release -p reversi --example reversi_self_play [D]` (default 4) prints the tally.

use reversi::player::{Player, Timed};
use reversi::{Margin, Move, Position, Scored, Square};
use search_core::games::Budget;
use search_core::{games::AlphaBetaPlayer, games::play_match};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let openings: Vec<Vec<Move<8>>> = [(2, 3), (3, 2), (4, 5), (5, 4)]
        .iter()
        .filter_map(|&(r, c)| Square::new(r, c).map(|s| vec![Move::Place(s)]))
        .collect();
    let start = Scored::new(Position::<8>::start(), Margin);
    let mut ours = Timed {
        player: Player::new(reversi::eval::Weights::builtin(), 18),
        budget: Budget::depth(depth),
    };
    let mut discs = AlphaBetaPlayer { depth: Some(depth) };
    let result = play_match(&start, &mut ours, &mut discs, &openings);
    for game in &result.games {
        println!(
            "opening {}: evaluation plays {:?}, final disc margin {:+}",
            game.opening, game.a_side, game.value
        );
    }
    println!(
        "evaluation vs disc count at depth {depth}: {} wins, {} draws, {} losses, margin {:+}",
        result.wins,
        result.draws,
        result.losses,
        result.margin()
    );
}
