//! Self-play: our engine (depth 8, the full evaluation) against plain alpha-beta (depth 8) with a
//! score-only evaluation, from 10 two-move openings with colours alternated: 20 games.
//!
//! `cargo run --release -p connect4 --example self_play [DEPTH]` prints every game and the tally.

use connect4::{Position, ScoreOnly, Side, choose_move, new_engine, score};
use search_core::alpha_beta;

/// Two-move openings (columns 0..7), player 1's move first.
const OPENINGS: [(usize, usize); 10] = [
    (3, 3),
    (3, 2),
    (2, 4),
    (0, 6),
    (1, 5),
    (4, 4),
    (5, 1),
    (6, 0),
    (3, 0),
    (2, 2),
];

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let (mut ours_total, mut theirs_total) = (0, 0);
    for (i, &(a, b)) in OPENINGS.iter().enumerate() {
        for ours in [Side::One, Side::Two] {
            let mut position = Position::start()
                .play_column(a)
                .and_then(|p| p.play_column(b))
                .expect("openings are legal");
            let mut engine = new_engine();
            while !position.board().is_full() {
                let column = if position.next() == ours {
                    choose_move(&mut engine, &position, depth).best_move
                } else {
                    alpha_beta(&ScoreOnly(position), Some(depth)).best_move
                }
                .expect("a move on a board that is not full");
                position = position.play_column(usize::from(column)).expect("legal");
            }
            let (one, two) = score::scores(position.board());
            let (us, them) = if ours == Side::One {
                (one, two)
            } else {
                (two, one)
            };
            ours_total += us;
            theirs_total += them;
            let result = match us.cmp(&them) {
                std::cmp::Ordering::Greater => {
                    wins += 1;
                    "win"
                }
                std::cmp::Ordering::Less => {
                    losses += 1;
                    "loss"
                }
                std::cmp::Ordering::Equal => {
                    draws += 1;
                    "draw"
                }
            };
            println!(
                "opening {} ({}, {}), ours = player {}: {us}-{them} {result}",
                i + 1,
                a + 1,
                b + 1,
                ours.number()
            );
        }
    }
    println!(
        "engine (evaluation) vs score-only alpha-beta, depth {depth}: {wins} wins, {losses} losses, \
         {draws} draws; points {ours_total}-{theirs_total}"
    );
}
