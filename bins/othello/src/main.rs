//! `othello`: the COL106 Othello assignment (boardScore, bestMove(K), fullGame(K)) on an 8x8
//! position file, plus `perft` and `solve` for small boards.

use clap::error::ErrorKind;
use clap::{Parser, Subcommand, ValueEnum};
use reversi::search::{Method, Searcher};
use reversi::{Position, Progress, format, full_game, perft, solve_reporting};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod gtp;
mod referee;

/// COL106 Othello: score, best move and full game by K-ply minimax; perft; solving small boards.
#[derive(Debug, Parser)]
#[command(name = "othello", version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// boardScore: the discs of the side to move minus the opponent's.
    Score {
        /// Position file: the turn (0 black, 1 white), then 8 rows of 8 cells (-1, 0, 1).
        file: PathBuf,
    },
    /// bestMove(K): the index i*8+j of the best move by K-ply minimax, -1 without a legal move.
    Best {
        /// Position file.
        file: PathBuf,
        /// Search depth in plies (a pass uses one).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
        k: u32,
        /// The search underneath (all give the same move).
        #[arg(long, value_enum, default_value_t = SearchKind::AlphaBeta)]
        search: SearchKind,
    },
    /// fullGame(K): both sides play bestMove(K) until neither can move.
    Full {
        /// Position file.
        file: PathBuf,
        /// Search depth in plies (a pass uses one).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
        k: u32,
        /// The search underneath (all give the same game).
        #[arg(long, value_enum, default_value_t = SearchKind::AlphaBeta)]
        search: SearchKind,
    },
    /// The number of move sequences of DEPTH plies from the start (a pass is a ply; a finished
    /// game is one leaf).
    Perft {
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Board size.
        #[arg(long, default_value_t = 8, value_parser = parse_perft_size)]
        size: u8,
    },
    /// Solves the game from the start with the engine search: the disc margin with perfect play.
    Solve {
        /// Board size (8x8 is out of reach).
        #[arg(long, default_value_t = 6, value_parser = parse_solve_size)]
        size: u8,
        /// The transposition table has 2^BITS entries.
        #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(10..=28))]
        table_bits: u32,
        /// Print each step (the warm-up guess, every null-window test) on stderr as it ends.
        #[arg(long)]
        progress: bool,
    },
    /// Plays 8x8 Othello over the Go Text Protocol on stdin/stdout (default: 1 s per move).
    Gtp {
        /// Thinking time per move in seconds.
        #[arg(long, value_name = "S", value_parser = parse_seconds, conflicts_with = "time_per_game")]
        time_per_move: Option<Duration>,
        /// Thinking time per game in seconds (GTP `time_settings`/`time_left` override it).
        #[arg(long, value_name = "S", value_parser = parse_seconds)]
        time_per_game: Option<Duration>,
        /// Deepest search in plies (with no time given: a fixed-depth, repeatable player).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Play uniformly random legal moves instead (for testing referees and engines).
        #[arg(long)]
        random: bool,
        /// The random player's seed.
        #[arg(long, default_value_t = 1, requires = "random")]
        seed: u64,
    },
    /// Plays a match between two GTP engines given as shell commands.
    Match {
        /// Engine A's command.
        engine_a: String,
        /// Engine B's command.
        engine_b: String,
        /// Number of games (each opening twice, colours swapped).
        #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        games: u32,
        /// Thinking time per game and engine in seconds, told to the engines and enforced.
        #[arg(long, value_name = "S", value_parser = parse_seconds)]
        time_per_game: Option<Duration>,
        /// Longest wait for any one reply before the engine forfeits, in seconds.
        #[arg(long, value_name = "S", default_value = "60", value_parser = parse_seconds)]
        move_timeout: Duration,
        /// Write each game's moves here (one line per game; the whole file at the end).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s < 1e9 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("{text:?} is not a positive number of seconds")),
    }
}

fn parse_perft_size(text: &str) -> Result<u8, String> {
    match text {
        "4" | "6" | "8" => Ok(text.parse().unwrap_or(8)),
        _ => Err("the size must be 4, 6 or 8".to_owned()),
    }
}

fn parse_solve_size(text: &str) -> Result<u8, String> {
    match text {
        "4" | "6" => Ok(text.parse().unwrap_or(6)),
        _ => Err("the size must be 4 or 6 (8x8 is out of reach)".to_owned()),
    }
}

/// The search underneath `best` and `full`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SearchKind {
    /// Plain minimax.
    Minimax,
    /// Alpha-beta.
    AlphaBeta,
    /// The search-core engine (iterative deepening, ordering, transposition table).
    Engine,
}

impl From<SearchKind> for Method {
    fn from(kind: SearchKind) -> Self {
        match kind {
            SearchKind::Minimax => Method::Minimax,
            SearchKind::AlphaBeta => Method::AlphaBeta,
            SearchKind::Engine => Method::Engine,
        }
    }
}

/// Errors of the program.
#[derive(Debug, thiserror::Error)]
enum Error {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Parse(#[from] reversi::Error),
}

fn load(path: &Path) -> Result<Position<8>, Error> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| Error::Read {
        path: name.clone(),
        source,
    })?;
    Ok(format::parse_position::<8>(&text, &name)?)
}

fn run(command: Command) -> Result<String, Error> {
    Ok(match command {
        Command::Gtp { .. } | Command::Match { .. } => unreachable!("served by main"),
        Command::Score { file } => format!("{}\n", load(&file)?.score()),
        Command::Best { file, k, search } => {
            let position = load(&file)?;
            let best = Searcher::new(search.into()).best_move(&position, k);
            format!("{}\n", best.map_or(-1, |s| s.index() as i64))
        }
        Command::Full { file, k, search } => {
            let position = load(&file)?;
            format::full_game_report(&full_game(&position, k, search.into()))
        }
        Command::Perft { depth, size } => {
            let n = match size {
                4 => perft(&Position::<4>::start(), depth),
                6 => perft(&Position::<6>::start(), depth),
                _ => perft(&Position::<8>::start(), depth),
            };
            format!("perft {depth} = {n}\n")
        }
        Command::Solve {
            size,
            table_bits,
            progress,
        } => {
            let started = Instant::now();
            let report = |step: Progress| {
                if progress {
                    let at = started.elapsed().as_secs_f64();
                    match step {
                        Progress::WarmUp { guess, nodes } => {
                            eprintln!("[{at:.2} s] warm-up guess {guess} ({nodes} nodes)");
                        }
                        Progress::Test { beta, value, nodes } => {
                            let answer = if value >= beta { "yes" } else { "no" };
                            eprintln!(
                                "[{at:.2} s] margin >= {beta}? {answer} (bound {value}, {nodes} nodes)"
                            );
                        }
                    }
                }
            };
            let (margin, first, nodes) = if size == 4 {
                let s = solve_reporting(&Position::<4>::start(), table_bits, report);
                (
                    s.margin,
                    move_name(s.best_move.map(|m| m.map_square(|q| q.index()))),
                    s.nodes,
                )
            } else {
                let s = solve_reporting(&Position::<6>::start(), table_bits, report);
                (
                    s.margin,
                    move_name(s.best_move.map(|m| m.map_square(|q| q.index()))),
                    s.nodes,
                )
            };
            let verdict = match margin {
                m if m > 0 => format!("the first player (black) wins by {m} discs"),
                m if m < 0 => format!("the second player (white) wins by {} discs", -m),
                _ => "a draw".to_owned(),
            };
            format!(
                "size {size}: value {margin} ({verdict})\nbest first move {first}\nnodes {nodes}\ntime {:.2} s\n",
                started.elapsed().as_secs_f64()
            )
        }
    })
}

/// A move as the files number it: the square index, or `pass`.
fn move_name(mv: Option<Option<usize>>) -> String {
    match mv {
        Some(Some(index)) => index.to_string(),
        Some(None) => "pass".to_owned(),
        None => "none".to_owned(),
    }
}

fn main() -> ExitCode {
    let args = match Args::try_parse() {
        Ok(args) => args,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            e.exit()
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("{}", e.render());
            return ExitCode::from(cli_support::EXIT_USAGE);
        }
        Err(e) => {
            return cli_support::usage_error(cli_support::one_line_usage_error(
                &e.render().to_string(),
            ));
        }
    };
    match args.command {
        Command::Gtp {
            time_per_move,
            time_per_game,
            depth,
            random,
            seed,
        } => {
            let limits = reversi::gtp::Limits {
                per_move: time_per_move.or(if time_per_game.is_none() && depth.is_none() {
                    Some(Duration::from_secs(1))
                } else {
                    None
                }),
                per_game: time_per_game,
                depth,
            };
            return gtp::run(limits, random.then_some(seed));
        }
        Command::Match {
            engine_a,
            engine_b,
            games,
            time_per_game,
            move_timeout,
            out,
        } => {
            let settings = referee::Settings {
                commands: [engine_a, engine_b],
                games: games as usize,
                time_per_game,
                move_timeout,
                out,
            };
            return referee::run(&settings);
        }
        _ => {}
    }
    match run(args.command) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => cli_support::fail(e),
    }
}
