//! Prints the depth and nodes per second the player reaches with a time budget per move on a
//! few positions of a random opening: `cargo run --release -p reversi --example play_speed -- 50`
//! (milliseconds per move, default 50).

use reversi::player::{Budget, Player};
use reversi::{Move, Position};
use std::time::{Duration, Instant};

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let mut player = Player::new(reversi::eval::Weights::builtin(), 20);
    for target in [50usize, 40, 30, 24] {
        let mut position = Position::<8>::start();
        let mut seed: u64 = 99;
        while position.board().empties().len() > target && !position.is_over() {
            let moves: Vec<Move<8>> = position.moves().collect();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            position = position
                .play(moves[(seed >> 33) as usize % moves.len()])
                .expect("legal");
        }
        player.clear();
        let started = Instant::now();
        let choice = player.choose(&position, Budget::time(Duration::from_millis(ms)));
        let took = started.elapsed().as_secs_f64();
        println!(
            "{target} empties: depth {} value {} nodes {} in {:.1} ms ({:.2} M nodes/s)",
            choice.depth,
            choice.value,
            choice.nodes,
            took * 1000.0,
            choice.nodes as f64 / took / 1e6
        );
    }
}
