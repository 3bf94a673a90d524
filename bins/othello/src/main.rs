//! `othello`: the COL106 Othello assignment (boardScore, bestMove(K), fullGame(K)) on an 8x8
//! position file, plus `perft`, and `solve` (exact solving of 8x8 positions and small boards).

use clap::{Parser, Subcommand, ValueEnum};
use cli_support::progress::Progress;
use reversi::search::{Method, Searcher};
use reversi::{Move, Position, format, full_game_observed, perft};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

mod gtp;
mod referee;
mod report;
mod solve;

/// COL106 Othello: score, best move and full game by K-ply minimax; perft; solving small boards.
#[derive(Debug, Parser)]
#[command(name = "othello", version)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

/// The arguments of bestMove(K) and fullGame(K).
#[derive(Debug, clap::Args)]
struct MoveArgs {
    /// Position file.
    file: PathBuf,
    /// Search depth in plies (a pass uses one).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
    k: u32,
    /// The search underneath (all give the same moves).
    #[arg(long, value_enum, default_value_t = SearchKind::AlphaBeta)]
    search: SearchKind,
    /// A time budget in seconds (per move): the engine deepens from 1 ply towards K.
    #[arg(long, value_name = "SECONDS", value_parser = cli_support::positive_seconds, conflicts_with = "search")]
    time: Option<Duration>,
}

impl MoveArgs {
    /// The position and the searcher these arguments ask for.
    fn searcher(&self) -> Result<(Position<8>, Searcher<8>), Error> {
        let method = if self.time.is_some() {
            Method::Engine
        } else {
            self.search.into()
        };
        Ok((load(&self.file)?, Searcher::new(method)))
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// boardScore: the discs of the side to move minus the opponent's.
    Score {
        /// Position file: the turn (0 black, 1 white), then 8 rows of 8 cells (-1, 0, 1).
        file: PathBuf,
    },
    /// bestMove(K): the index i*8+j of the best move by K-ply minimax, -1 without a legal move.
    /// With --time, the deepest d <= K completed in time (said on stderr when d < K).
    Best(#[command(flatten)] MoveArgs),
    /// fullGame(K): both sides play bestMove(K) until neither can move. With --time, per move
    /// (the shallowest d is said on stderr when below K).
    Full(#[command(flatten)] MoveArgs),
    /// The number of move sequences of DEPTH plies from the start (a pass is a ply; a finished
    /// game is one leaf).
    Perft {
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Board size.
        #[arg(long, default_value_t = 8, value_parser = parse_perft_size)]
        size: u8,
        /// Threads counting subtrees in parallel (the count is the same).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// Solves a position exactly: an 8x8 position (a COL106 file or OBF lines) with the endgame
    /// solver, or the 4x4 / 6x6 start.
    Solve(solve::SolveArgs),
    /// Plays 8x8 Othello over the Go Text Protocol on stdin/stdout (default: 1 s per move).
    Gtp {
        /// Thinking time per move in seconds.
        #[arg(long, value_name = "S", value_parser = cli_support::positive_seconds, conflicts_with = "time_per_game")]
        time_per_move: Option<Duration>,
        /// Thinking time per game in seconds (GTP `time_settings`/`time_left` override it).
        #[arg(long, value_name = "S", value_parser = cli_support::positive_seconds)]
        time_per_game: Option<Duration>,
        /// Deepest search in plies (with no time given: a fixed-depth, repeatable player).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
        depth: Option<u32>,
        /// Multi-ProbCut in the midgame search: cut when the fitted model puts the value this
        /// many standard deviations beyond the window (0 to 10; 0: off, every depth searched
        /// in full).
        #[arg(long, value_name = "T", default_value_t = 1.5, value_parser = parse_probcut)]
        probcut: f32,
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
        #[arg(long, value_name = "S", value_parser = cli_support::positive_seconds)]
        time_per_game: Option<Duration>,
        /// Longest wait for any one reply before the engine forfeits, in seconds.
        #[arg(long, value_name = "S", default_value = "60", value_parser = cli_support::positive_seconds)]
        move_timeout: Duration,
        /// Write each game's moves here (one line per game; the whole file at the end).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn parse_probcut(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(t) if (0.0..=10.0).contains(&t) => Ok(t),
        _ => Err("T must be a number from 0 to 10".to_owned()),
    }
}

fn parse_perft_size(text: &str) -> Result<u8, String> {
    match text {
        "4" | "6" | "8" => Ok(text.parse().unwrap_or(8)),
        _ => Err("the size must be 4, 6 or 8".to_owned()),
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
    #[error(transparent)]
    Read(#[from] cli_support::Error),
    #[error(transparent)]
    Parse(#[from] reversi::Error),
}

fn load(path: &Path) -> Result<Position<8>, Error> {
    let name = path.display().to_string();
    let text = cli_support::read_text(path)?;
    Ok(format::parse_position::<8>(&text, &name)?)
}

/// Progress of a long search on stderr (see `cli_support::progress`); the engine's values are
/// on an internal scale, so lines name the move only.
fn progress() -> Progress<Move<8>> {
    Progress::on_stderr(|mv: &Move<8>| match mv {
        Move::Place(square) => format!("square {}", square.index()),
        Move::Pass => "pass".to_owned(),
    })
    .without_value()
}

/// Says on stderr when a time budget stopped a search before depth `k`.
fn note_depth(depth: u32, k: u32) {
    if depth < k {
        eprintln!("note: the time budget ran out: searched {depth} of {k} plies");
    }
}

fn run(command: Command) -> Result<String, Error> {
    Ok(match command {
        Command::Gtp { .. } | Command::Match { .. } => unreachable!("served by main"),
        Command::Score { file } => format!("{}\n", load(&file)?.score()),
        Command::Best(args) => {
            let (position, mut searcher) = args.searcher()?;
            let (best, depth) =
                searcher.best_move_observed(&position, args.k, args.time, &mut progress());
            if args.time.is_some() {
                note_depth(depth, args.k);
            }
            format!("{}\n", best.map_or(-1, |s| s.index() as i64))
        }
        Command::Full(args) => {
            let (position, searcher) = args.searcher()?;
            let (game, shallowest) =
                full_game_observed(&position, args.k, searcher, args.time, &mut progress());
            if args.time.is_some() {
                note_depth(shallowest, args.k);
            }
            format::full_game_report(&game)
        }
        Command::Perft {
            depth,
            size,
            threads,
        } => {
            let threads = usize::from(threads);
            let n = match (size, threads) {
                (4, 1) => perft(&Position::<4>::start(), depth),
                (6, 1) => perft(&Position::<6>::start(), depth),
                (_, 1) => perft(&Position::<8>::start(), depth),
                (4, _) => Position::<4>::start().perft_threads(depth, threads),
                (6, _) => Position::<6>::start().perft_threads(depth, threads),
                _ => Position::<8>::start().perft_threads(depth, threads),
            };
            format!("perft {depth} = {n}\n")
        }
        Command::Solve(_) => unreachable!("solve prints as it goes (see main)"),
    })
}

fn main() -> ExitCode {
    let args: Args = match cli_support::parse_args() {
        Ok(args) => args,
        Err(code) => return code,
    };
    // Ctrl-C during a long search: exit 130 at once, no temporary file left behind.
    cli_support::interrupt::install();
    match args.command {
        Command::Solve(solve_args) => return solve::run(&solve_args),
        Command::Gtp {
            time_per_move,
            time_per_game,
            depth,
            probcut,
            random,
            seed,
        } => {
            let limits = reversi::gtp::TimeControl {
                per_move: time_per_move.or(if time_per_game.is_none() && depth.is_none() {
                    Some(Duration::from_secs(1))
                } else {
                    None
                }),
                per_game: time_per_game,
                depth,
            };
            let probcut = (probcut > 0.0).then_some(probcut);
            return gtp::run(limits, random.then_some(seed), probcut);
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
        Ok(out) => cli_support::print_result(&out),
        Err(e) => cli_support::fail(e),
    }
}
