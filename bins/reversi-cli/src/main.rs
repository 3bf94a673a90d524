//! `Reversi FLAG player board`: the CS540 "Reversi Tiny" program on a 4x4 board.
//!
//! FLAG 100 successors, 200 terminal test and value, 300/400 minimax value and states / move,
//! 500/600 the same with alpha-beta. Player 1 is dark (always Max), 2 is light. The board is 16
//! characters in reading order: 0 empty, 1 dark, 2 light.

use clap::Parser;
use reversi::tiny::{Flag, run};
use reversi::{Board, Position, Side, format};
use std::process::ExitCode;

/// Reversi Tiny (4x4): successors, terminal values, minimax and alpha-beta.
#[derive(Debug, Parser)]
#[command(name = "Reversi", version)]
struct Args {
    /// 100 successors, 200 terminal value, 300/400 minimax value+states/move, 500/600 alpha-beta.
    #[arg(value_parser = parse_flag)]
    flag: Flag,
    /// The player to move: 1 dark (Max), 2 light.
    #[arg(value_parser = parse_player)]
    player: Side,
    /// 16 characters in reading order: 0 empty, 1 dark, 2 light.
    #[arg(value_parser = parse_board)]
    board: Board<4>,
}

fn parse_flag(text: &str) -> Result<Flag, String> {
    text.parse()
        .ok()
        .and_then(Flag::from_code)
        .ok_or_else(|| "the flag must be one of 100, 200, 300, 400, 500, 600".to_owned())
}

fn parse_player(text: &str) -> Result<Side, String> {
    match text {
        "1" => Ok(Side::Black),
        "2" => Ok(Side::White),
        _ => Err("the player must be 1 (dark) or 2 (light)".to_owned()),
    }
}

fn parse_board(text: &str) -> Result<Board<4>, String> {
    format::parse_tiny(text).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Args = match cli_support::parse_args() {
        Ok(args) => args,
        Err(code) => return code,
    };
    cli_support::print_result(&run(args.flag, &Position::new(args.board, args.player)))
}
