//! The Reversi Tiny commands (`reversi::tiny`) against their statement, checked by brute force
//! on 4x4 positions: the flags' codes, the successors, the status, the game value (dark is Max,
//! by discs) and a move reaching it.

use reversi::format::parse_tiny;
use reversi::tiny::{Flag, run};
use reversi::{Board, Position, Side};

/// The game value by plain minimax over every line: 1 dark wins, -1 light wins, 0 draw.
fn dark_value(position: &Position<4>) -> i32 {
    if position.is_over() {
        return position.board().margin().signum();
    }
    let values = position
        .moves()
        .map(|mv| dark_value(&position.play(mv).expect("a listed move is legal")));
    if position.to_move() == Side::Black {
        values.max().expect("a move")
    } else {
        values.min().expect("a move")
    }
}

/// Positions a few moves into random games (one with a pass or an end when any), the start, and
/// a finished game.
fn positions() -> Vec<Position<4>> {
    let mut out = vec![Position::<4>::start()];
    out.extend((1..12).map(|seed| Position::<4>::random_line(seed, 7)));
    out.extend((1..4).map(|seed| Position::<4>::random_line(seed, 2)));
    let full = parse_tiny::<4>("1111111111111222").expect("a 4x4 board");
    out.push(Position::new(full, Side::White));
    out
}

fn board_of(line: &str) -> Board<4> {
    parse_tiny::<4>(line).expect("a printed board")
}

#[test]
fn the_codes_are_the_hundreds_one_to_six() {
    let flags: Vec<_> = (1..=6).map(|k| Flag::from_code(100 * k)).collect();
    let expected = [
        Flag::Successors,
        Flag::Status,
        Flag::MinimaxValue,
        Flag::MinimaxMove,
        Flag::AlphaBetaValue,
        Flag::AlphaBetaMove,
    ];
    assert_eq!(flags, expected.map(Some));
    for code in [0, 1, 99, 101, 150, 700, 1000] {
        assert_eq!(Flag::from_code(code), None, "{code}");
    }
}

#[test]
fn successors_and_status_follow_the_rules() {
    for position in positions() {
        let lines: Vec<Board<4>> = run(Flag::Successors, &position)
            .lines()
            .map(board_of)
            .collect();
        let expected: Vec<Board<4>> = position
            .moves()
            .map(|mv| *position.play(mv).expect("legal").board())
            .collect();
        assert_eq!(lines, expected, "{position:?}");
        let status = run(Flag::Status, &position);
        if position.is_over() {
            assert_eq!(status, format!("{}\n", position.board().margin().signum()));
        } else {
            assert_eq!(status, "non-terminal\n");
        }
    }
}

#[test]
fn values_and_moves_are_minimax_ones() {
    for position in positions() {
        let value = dark_value(&position);
        let mut counts = Vec::new();
        for flag in [Flag::MinimaxValue, Flag::AlphaBetaValue] {
            let out = run(flag, &position);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 2, "{out}");
            assert_eq!(lines[0], value.to_string(), "{position:?}");
            counts.push(lines[1].parse::<u64>().expect("a count"));
        }
        // Every state is counted at least once; alpha-beta explores no more than minimax.
        assert!(counts[0] >= 1 && counts[1] <= counts[0], "{counts:?}");
        for flag in [Flag::MinimaxMove, Flag::AlphaBetaMove] {
            let out = run(flag, &position);
            if position.is_over() {
                assert_eq!(out, "");
                continue;
            }
            let chosen = board_of(out.trim_end());
            let child = position
                .moves()
                .map(|mv| position.play(mv).expect("legal"))
                .find(|next| *next.board() == chosen)
                .expect("the printed board is a successor's");
            assert_eq!(dark_value(&child), value, "{position:?}");
        }
    }
}
