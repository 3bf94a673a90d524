//! Self-play: the engine at depth D against the engine at depth 2 on Kalah(6,4), from each of
//! the first player's opening chains with colours swapped, played by search-core's
//! `play_match`.
//!
//! `cargo run --release -p kalah --example kalah_self_play [D]` (default 8) prints every game
//! and the tally.

use kalah::{Board, Player, Rules, chains};
use search_core::{games::Budget, games::EnginePlayer, games::play_match};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let start = Board::new(Rules::default(), Player::Max);
    let openings: Vec<_> = chains(&start).iter().map(|&chain| vec![chain]).collect();
    let mut deep = EnginePlayer::new(18, Budget::depth(depth));
    let mut shallow = EnginePlayer::new(18, Budget::depth(2));
    let result = play_match(&start, &mut deep, &mut shallow, &openings);
    for game in &result.games {
        let side = if game.a_side == Player::Max {
            "first"
        } else {
            "second"
        };
        println!(
            "opening {:2}: depth {depth} moves {side:6} -> final margin {:+} for depth {depth}",
            game.opening, game.value
        );
    }
    println!(
        "depth {depth} vs depth 2: {} wins, {} draws, {} losses ({} of {} points)",
        result.wins,
        result.draws,
        result.losses,
        result.score(),
        result.games.len()
    );
}
