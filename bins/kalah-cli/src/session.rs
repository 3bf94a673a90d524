//! The interactive game on standard input and output.

use cli_support::Prompt;
use cli_support::progress::Progress;
use kalah::format::{
    self, GAME_OVER, GREETING, I_GO_FIRST, INITIAL_BOARD, MY_TURN, PROGRAM, TITLE, WHO_FIRST,
    YOU_GO_FIRST,
};
use kalah::{Board, Chain, Computer, EndgameDb, PlayStyle, Player, Rules};
use std::error::Error;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::time::Duration;

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// The game was played to the end.
    GameOver,
    /// The input ended at a prompt.
    EndOfInput,
}

/// Plays one game on stdin/stdout; end of input at a prompt ends it with a message on stderr.
/// `db` is the perfect player's endgame database, `time` the computer's budget per move.
pub fn run(
    depth: u32,
    strategy: PlayStyle,
    db: Option<EndgameDb>,
    time: Option<Duration>,
) -> Result<(), Box<dyn Error>> {
    let stdout = io::stdout();
    let on_terminal = stdout.is_terminal();
    let mut output = BufWriter::new(stdout.lock());
    let mut computer = Computer::new(strategy, depth);
    if let Some(db) = db {
        computer = computer.with_database(db);
    }
    if let Some(time) = time {
        computer = computer.with_time(time);
    }
    let progress = Progress::on_stderr(name_chain);
    let ended = play(io::stdin().lock(), &mut output, depth, computer, progress)?;
    if ended == Ended::EndOfInput {
        if on_terminal {
            // Finish the prompt's line; piped output stays exactly the session text.
            writeln!(output)?;
        }
        output.flush()?;
        eprintln!("end of input: game abandoned");
    }
    output.flush()?;
    Ok(())
}

/// A computer move in progress lines: `pot 5` or `pots 1-0`.
fn name_chain(chain: &Chain) -> String {
    let s = if chain.len() == 1 { "" } else { "s" };
    format!("pot{s} {chain}")
}

/// Plays one game reading answers from `input` and printing the session to `output`
/// (`depth` is the depth bound printed in the header); the computer's long searches report
/// to `progress`.
pub fn play<R: BufRead, W: Write>(
    input: R,
    output: W,
    depth: u32,
    mut computer: Computer,
    mut progress: Progress<Chain>,
) -> Result<Ended, Box<dyn Error>> {
    let mut prompt = Prompt::new(input, output);
    let out = prompt.output();
    writeln!(out, "{TITLE}\n{PROGRAM}")?;
    write!(out, "{}", format::depth_header(depth))?;
    writeln!(out, "{GREETING}")?;
    let Some(first) = prompt.ask(WHO_FIRST, format::parse_first)? else {
        return Ok(Ended::EndOfInput);
    };
    let out = prompt.output();
    let mut board = Board::new(Rules::default(), first);
    let who = if first == Player::Max {
        I_GO_FIRST
    } else {
        YOU_GO_FIRST
    };
    writeln!(out, "{who}\n{INITIAL_BOARD}")?;
    write!(out, "{}", format::board_block(&board))?;
    while !board.is_over() {
        if board.to_move() == Player::Max {
            let Some(decision) = computer.choose_observed(&board, &mut progress) else {
                break;
            };
            let out = prompt.output();
            writeln!(out, "{MY_TURN}")?;
            for pot in decision.chain.pots() {
                board = board.play_pot(pot);
                writeln!(out, "{}", format::i_choose(pot))?;
                write!(out, "{}", format::board_block(&board))?;
            }
        } else {
            let question = format::move_prompt(&board);
            let current = board;
            let Some(pot) = prompt.ask(&question, |line| format::parse_move(line, &current))?
            else {
                return Ok(Ended::EndOfInput);
            };
            board = board.play_pot(pot);
            write!(prompt.output(), "{}", format::board_block(&board))?;
        }
    }
    let out = prompt.output();
    writeln!(out, "{GAME_OVER}\n{}", format::result_line(&board))?;
    out.flush()?;
    Ok(Ended::GameOver)
}
