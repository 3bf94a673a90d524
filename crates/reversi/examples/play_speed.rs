//! Prints the depth and nodes per second the player reaches with a time budget per move on a
//! few positions of a random opening: `cargo run --release -p reversi --example play_speed -- 50`
//! (milliseconds per move, default 50; a second argument turns Multi-ProbCut on with that margin
//! in standard deviations).

use reversi::Position;
use reversi::player::Player;
use search_core::games::Budget;
use std::time::{Duration, Instant};

fn main() {
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(50);
    let probcut: Option<f32> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let mut player = Player::new(reversi::eval::Weights::builtin(), 20).with_probcut(probcut);
    for target in [50usize, 40, 30, 24] {
        let position = Position::<8>::random_line(99, target);
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
