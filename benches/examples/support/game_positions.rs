//! The positions of the parallel-engine benchmark (`benches/games.rs`) and its timing example.

use connect4::{Position, format};
use reversi::{RootScore, Scored};
use search_core::Game;

const INPUT2: &str = include_str!("../../../data/maxconnect4/input2.txt");

/// Max-Connect4: the empty board and the assignment's `input2.txt`.
pub fn connect4_positions() -> [(&'static str, Position); 2] {
    let input2 = format::parse_game(INPUT2, "input2.txt").expect("sample parses");
    [("empty", Position::start()), ("input2", input2)]
}

/// 8x8 Othello: positions 12 and 20 plies in (fixed sequences of choices).
pub fn othello_positions() -> [(&'static str, Scored<8, RootScore>); 2] {
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
    [("ply12", after(12)), ("ply20", after(20))]
}
