//! `maxconnect4`: the Max-Connect4 agent of the assignment, in one-move and interactive modes.
//!
//! ```text
//! maxconnect4 [--stats] [--time SECONDS] one-move INPUT OUTPUT DEPTH
//! maxconnect4 [--stats] [--time SECONDS] interactive INPUT computer-next|human-next DEPTH
//! maxconnect4 match "CMD_A" "CMD_B" [--games N] [--depth D] [--time-limit S]
//! ```
//! The console layout follows the assignment's sample program (docs/maxconnect4-format.md); the
//! computer moves by the engine search of search-core (iterative deepening, transposition table,
//! centre-first ordering) to DEPTH plies, clamped to the moves that remain in the game. With
//! `--time` the search stops when the budget is spent and plays the move of the last completed
//! depth; a search longer than a second shows its progress on stderr when stderr is a terminal;
//! Ctrl-C stops the program at once (exit 130) without leaving a partial file.

mod budget;

use clap::Parser;
use cli_support::{Prompt, atomic_write, fail, usage_error, warn};
use connect4::{Error, Position, Side, format, new_engine};
use search_core::games::Engine;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod results;
mod tournament;

/// The Max-Connect4 agent: one move from a game file, or a game against a human.
#[derive(Parser, Debug)]
#[command(
    name = "maxconnect4",
    version,
    override_usage = "maxconnect4 [--stats] [--time SECONDS] one-move INPUT OUTPUT DEPTH\n       \
                      maxconnect4 [--stats] [--time SECONDS] interactive INPUT computer-next|human-next DEPTH\n       \
                      maxconnect4 match \"CMD_A\" \"CMD_B\" [--games N] [--depth D] [--time-limit S]  \
                      (see 'maxconnect4 match --help')"
)]
struct Cli {
    /// Print the depth, nodes searched and time of every computer move on stderr.
    #[arg(long)]
    stats: bool,
    /// Time budget of each computer move in seconds: the search stops when it is spent and plays
    /// the move of the last depth it completed (at least depth 1).
    #[arg(long, value_name = "SECONDS", value_parser = cli_support::positive_seconds)]
    time: Option<Duration>,
    /// `one-move` or `interactive`.
    mode: String,
    /// The game file to start from (interactive: a missing file starts an empty board).
    input: PathBuf,
    /// one-move: the file to write the new state to; interactive: who moves first.
    #[arg(value_name = "OUTPUT|computer-next|human-next")]
    third: String,
    /// Search depth in plies (1 to 42); a depth past the end of the game is clamped to the moves
    /// that remain.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=42))]
    depth: u32,
}

fn main() -> ExitCode {
    // `match` has its own arguments (see tournament.rs).
    if std::env::args_os().nth(1).is_some_and(|a| a == "match") {
        return tournament::main(std::env::args_os().skip(1));
    }
    let cli: Cli = match cli_support::parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    cli_support::interrupt::install();
    let result = match cli.mode.as_str() {
        "one-move" => one_move(&cli),
        "interactive" => {
            let computer_next = match cli.third.as_str() {
                "computer-next" => true,
                "human-next" => false,
                other => {
                    return usage_error(format!("`{other}` is not computer-next or human-next"));
                }
            };
            interactive(&cli, computer_next)
        }
        other => return usage_error(format!("{other} is an unrecognized game mode")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => fail(message),
    }
}

/// A failure to report as `error: ...` (a message, or a write error that keeps its cause so
/// that a closed pipe ends the program quietly).
type Failure = Box<dyn std::error::Error>;

/// A write to standard output that failed.
#[derive(Debug)]
struct OutputError(io::Error);

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write to standard output: {}", self.0)
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

fn output_error(e: io::Error) -> Failure {
    Box::new(OutputError(e))
}

/// The computer's move: the engine's choice, with `--stats` on stderr.
fn computer_move(engine: &mut Engine<u8>, position: &Position, cli: &Cli) -> Option<usize> {
    let start = Instant::now();
    let choice = budget::choose(engine, position, cli.depth, cli.time);
    let outcome = choice.outcome;
    let elapsed = start.elapsed();
    if cli.stats {
        let note = if choice.stopped {
            format!("; searched {} plies: time budget spent", choice.depth)
        } else if choice.depth < cli.depth {
            format!("; searched {} plies: the moves that remain", choice.depth)
        } else {
            String::new()
        };
        eprintln!(
            "stats: depth {}, nodes {}, time {:.3} ms, value {} (player 1's view){note}",
            cli.depth,
            outcome.stats.nodes,
            elapsed.as_secs_f64() * 1e3,
            outcome.value
        );
    }
    outcome.best_move.map(usize::from)
}

fn save(path: &Path, position: &Position) -> Result<(), Failure> {
    let text = format::game_file(position);
    atomic_write(path, |w| w.write_all(text.as_bytes())).map_err(Failure::from)
}

fn one_move(cli: &Cli) -> Result<(), Failure> {
    let position = format::read_game(&cli.input).map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    let board = position.board();
    write!(out, "{}{}", format::HEADER, format::state_before(board)).map_err(output_error)?;
    if board.is_full() {
        return end_with(&mut out, format::BOARD_FULL);
    }
    let mut engine = new_engine();
    let column = computer_move(&mut engine, &position, cli).ok_or("the search found no move")?;
    let after = position
        .play_column(column)
        .ok_or("the search chose a full column")?;
    let output = PathBuf::from(&cli.third);
    save(&output, &after)?;
    end_with(&mut out, &format::move_report(&after, column))
}

fn interactive(cli: &Cli, computer_next: bool) -> Result<(), Failure> {
    let mut position = read_or_start(&cli.input)?;
    let computer = if computer_next {
        position.next()
    } else {
        position.next().other()
    };
    let mut prompt = Prompt::new(io::stdin().lock(), io::stdout().lock());
    write!(
        prompt.output(),
        "{}{}",
        format::HEADER,
        format::state_before(position.board())
    )
    .map_err(output_error)?;
    let mut engine = new_engine();
    loop {
        if position.board().is_full() {
            let report = format::final_report(position.board(), computer);
            return end_with(prompt.output(), &report);
        }
        let (column, file) = if position.next() == computer {
            let column =
                computer_move(&mut engine, &position, cli).ok_or("the search found no move")?;
            (column, "computer.txt")
        } else {
            match ask_human(&mut prompt, &position)? {
                Some(column) => (column, "human.txt"),
                None => return end_with(prompt.output(), format::END_OF_INPUT),
            }
        };
        position = position
            .play_column(column)
            .ok_or("a full column was chosen")?;
        save(Path::new(file), &position)?;
        prompt
            .output()
            .write_all(format::move_report(&position, column).as_bytes())
            .map_err(output_error)?;
    }
}

/// The game in `input`, or the empty board (with a warning) when that file does not exist.
fn read_or_start(input: &Path) -> Result<Position, Failure> {
    match format::read_game(input) {
        Ok(position) => Ok(position),
        Err(Error::Read { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            warn(format!(
                "{} does not exist: starting from an empty board with player 1 to move",
                input.display()
            ));
            Ok(Position::start())
        }
        Err(e) => Err(e.into()),
    }
}

/// Writes the last words `text` to `out` and flushes it.
fn end_with(out: &mut impl Write, text: &str) -> Result<(), Failure> {
    out.write_all(text.as_bytes()).map_err(output_error)?;
    out.flush().map_err(output_error)
}

/// Asks the human for a column until the answer is playable; `None` at end of input.
fn ask_human<R: BufRead, W: Write>(
    prompt: &mut Prompt<R, W>,
    position: &Position,
) -> Result<Option<usize>, Failure> {
    let side: Side = position.next();
    prompt
        .ask(&format::human_prompt(side), |line| {
            format::parse_column(line, position.board())
        })
        .map_err(Failure::from)
}
