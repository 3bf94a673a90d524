//! The positions of the parallel-engine benchmark (`benches/games.rs`) and its timing example.

use connect4::{Position, format};
use reversi::{RootScore, Scored};
use search_core::games::Game;

const INPUT2: &str = include_str!("../../../data/maxconnect4/input2.txt");

/// Max-Connect4: the empty board, the assignment's `input2.txt`, and two positions after fixed
/// sequences of columns (6 and 12 discs).
pub fn connect4_positions() -> [(&'static str, Position); 4] {
    let input2 = format::parse_game(INPUT2, "input2.txt").expect("sample parses");
    let after = |columns: &[usize]| {
        columns.iter().fold(Position::start(), |p, &c| {
            p.play_column(c).expect("the column has room")
        })
    };
    [
        ("empty", Position::start()),
        ("input2", input2),
        ("6 discs", after(&[3, 3, 2, 4, 4, 1])),
        ("12 discs", after(&[3, 2, 4, 3, 3, 5, 1, 0, 6, 4, 2, 2])),
    ]
}

/// 8x8 Othello: positions 12, 20, 28 and 36 plies in (fixed sequences of choices).
pub fn othello_positions() -> [(&'static str, Scored<8, RootScore>); 4] {
    let start = reversi::Position::<8>::start();
    let game = Scored::new(
        start,
        RootScore {
            root: start.to_move(),
        },
    );
    let after = |plies: usize| {
        let mut p = game;
        for i in 0..plies {
            let moves = p.legal_moves();
            p = p.play(moves[(i * 5 + 3) % moves.len()]);
        }
        p
    };
    [
        ("ply12", after(12)),
        ("ply20", after(20)),
        ("ply28", after(28)),
        ("ply36", after(36)),
    ]
}
