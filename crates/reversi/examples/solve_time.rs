//! Times the exact solve of 8x8 positions from random games at a few numbers of empties.
use reversi::{Position, solve};
use std::time::Instant;
fn main() {
    for bits in [12u32, 16, 18] {
        for target in [10usize, 12, 14, 16, 18] {
            let mut total = 0.0;
            for g in 0..5u64 {
                let position = Position::<8>::random_line(12345 + g, target);
                let t = Instant::now();
                let _ = solve(&position, bits);
                total += t.elapsed().as_secs_f64();
            }
            println!("bits {bits} empties {target}: {:.2} ms avg", total * 200.0);
        }
    }
}
