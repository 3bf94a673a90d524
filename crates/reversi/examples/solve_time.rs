//! Times the exact solve of 8x8 positions from random games at a few numbers of empties.
use reversi::{Move, Position, solve};
use std::time::Instant;
fn main() {
    for bits in [12u32, 16, 18] {
        for target in [10usize, 12, 14, 16, 18] {
            let mut total = 0.0;
            for g in 0..5u64 {
                let mut position = Position::<8>::start();
                let mut seed: u64 = 12345 + g;
                while position.board().empties().len() > target && !position.is_over() {
                    let moves: Vec<Move<8>> = position.moves().collect();
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    position = position
                        .play(moves[(seed >> 33) as usize % moves.len()])
                        .expect("legal");
                }
                let t = Instant::now();
                let _ = solve(&position, bits);
                total += t.elapsed().as_secs_f64();
            }
            println!("bits {bits} empties {target}: {:.2} ms avg", total * 200.0);
        }
    }
}
