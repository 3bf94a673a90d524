//! `kalah`: play Kalah(6,4) against the computer, or solve small variants exactly.
//!
//! ```text
//! kalah [DEPTH] [--sample-compatible]     the interactive game (default depth 5)
//! kalah solve --pots P --stones S         the exact value of Kalah(P,S) for the first player
//! kalah solve --position FILE             the exact value of a position for the first player
//!   [--capture always|opposite-non-empty|never] [--end either-side-empty|mover-side-empty]
//!   [--progress] [--db-dir DIR] [--db-seeds N] [--threads N] [--time SECONDS] [--guess V]
//! ```

mod db;
mod session;
mod solve;

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// Kalah against the computer (alpha-beta where a free-turn chain is one move), or exact solving.
#[derive(Debug, Parser)]
#[command(name = "kalah", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The search depth bound in plies (a whole free-turn chain is one ply), a positive number.
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(1..))]
    depth: Option<u32>,
    /// Choose moves the way the assignment's sample solution does (single pots, never a
    /// free-turn move), so that its recorded sessions replay exactly.
    #[arg(long, conflicts_with = "perfect")]
    sample_compatible: bool,
    /// Play perfectly where the exact solver, with an endgame database, finishes within
    /// --perfect-nodes nodes a move (and, with --time, within half the move's time); the
    /// depth-bounded search elsewhere (in the time left). The database is the one `kalah solve
    /// --pots 6 --stones 4` cached (16 seeds) when present, else a 12-seed one built in about
    /// a second and cached.
    #[arg(long)]
    perfect: bool,
    /// The exact solver's node budget per pot sown with --perfect.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    perfect_nodes: u64,
    /// A time budget per computer move in seconds: the search deepens towards DEPTH and plays
    /// the move of the deepest depth completed in time (at least 1 ply). Without it a large
    /// DEPTH can take minutes or hours a move.
    #[arg(long, value_name = "SECONDS", value_parser = cli_support::positive_seconds, conflicts_with = "sample_compatible")]
    time: Option<std::time::Duration>,
    /// The endgame database cache folder for --perfect (see `kalah solve --help`).
    #[arg(long, value_name = "DIR")]
    db_dir: Option<std::path::PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve Kalah(P,S) exactly and print its value with perfect play (first player's view).
    ///
    /// MTD(f) to the end of the game with a transposition table and an endgame database (the
    /// exact value of every position with at most N seeds left in the houses). The database is
    /// built by retrograde analysis the first time and cached in DIR (one file per board size,
    /// rules and N, with a checksum; rebuilt when missing or stale, written whole or not at all).
    Solve(SolveArgs),
}

/// The options of `kalah solve`.
#[derive(Debug, clap::Args)]
struct SolveArgs {
    /// Pots per side (1 to 8).
    #[arg(
        long,
        required_unless_present = "position",
        conflicts_with = "position"
    )]
    pots: Option<u32>,
    /// Stones per pot at the start.
    #[arg(
        long,
        required_unless_present = "position",
        conflicts_with = "position"
    )]
    stones: Option<u32>,
    /// Solve the position in FILE instead of a start (its value for the first player,
    /// stores included): `to-move first|second`, `first H0 H1 ...`, `second H0 H1 ...`
    /// and `stores F S` lines, `#` comments (see the README).
    #[arg(long, value_name = "FILE")]
    position: Option<std::path::PathBuf>,
    /// The capture rule.
    #[arg(long, value_enum, default_value_t = Capture::Always)]
    capture: Capture,
    /// The end-of-game rule.
    #[arg(long, value_enum, default_value_t = End::EitherSideEmpty)]
    end: End,
    /// The transposition table takes 2^BITS × 32 bytes (buckets of three entries in a
    /// 64-byte line) [default: from the variant's seeds, at most half the memory
    /// available: 24 up to Kalah(6,5), 26 for bigger games].
    #[arg(long, value_name = "BITS",
          value_parser = clap::value_parser!(u32).range(4..=30))]
    table_bits: Option<u32>,
    /// First run depth-bounded searches depth by depth up to this many plies (a free-turn
    /// chain is one ply), printing each depth's value as it goes; the last value is the
    /// exact search's first guess.
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    deepen_to: u32,
    /// Show the bounds on the value as they close, and the database build, on stderr.
    #[arg(long)]
    progress: bool,
    /// The endgame database cache folder [default: $XDG_CACHE_HOME/classic-search, else
    /// $HOME/.cache/classic-search, else ./target/classic-search-cache].
    #[arg(long, value_name = "DIR")]
    db_dir: Option<std::path::PathBuf>,
    /// The endgame database holds the positions with at most N seeds in the houses (0: no
    /// database) [default: none up to 30 seeds in the game; beyond, every seed of the game
    /// up to 40 for 4 pots or fewer, 16 up to 40 seeds (5 pots) or 48 (6 pots) and 24 above,
    /// 16 for 7 or 8 pots].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=40))]
    db_seeds: Option<u32>,
    /// Threads for the search and the database build [default: the cores available].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Give up the search after SECONDS (counted from the start, database build included; a
    /// build is finished, never cut short) and print the bounds on the value proved by then.
    #[arg(long, value_name = "SECONDS", value_parser = cli_support::positive_seconds, allow_hyphen_values = true)]
    time: Option<std::time::Duration>,
    /// MTD(f)'s first guess at the first player's value (skips the depth-bounded searches
    /// that give it otherwise); the first probe asks whether the value is at least this.
    #[arg(
        long,
        value_name = "V",
        allow_hyphen_values = true,
        conflicts_with = "deepen_to"
    )]
    guess: Option<i32>,
}

/// The capture rule (see `kalah::CaptureRule`).
#[derive(Debug, Clone, Copy, ValueEnum)]
enum Capture {
    /// Capture also when the opposite pot is empty (the assignment's rule).
    Always,
    /// Capture only when the opposite pot holds stones.
    OppositeNonEmpty,
    /// No captures.
    Never,
}

/// The end-of-game rule (see `kalah::EndRule`).
#[derive(Debug, Clone, Copy, ValueEnum)]
enum End {
    /// The game ends when either side's pots are all empty (the assignment's rule).
    EitherSideEmpty,
    /// The game ends when the side to move has no stones.
    MoverSideEmpty,
}

/// Reads a Kalah position file (`kalah solve --position`).
fn read_position(path: &std::path::Path) -> Result<kalah::Setup, Box<dyn std::error::Error>> {
    let text = cli_support::read_text(path)?;
    Ok(kalah::Setup::parse(&text, &path.display().to_string())?)
}

/// The stones per house of the start with as many seeds as `setup`'s houses (at least 1): it
/// sizes the default endgame database and the table like those of that start.
fn position_stones(setup: &kalah::Setup) -> u32 {
    let houses = setup.seeds() - u32::from(setup.stores[0]) - u32::from(setup.stores[1]);
    (houses / (2 * setup.pots() as u32)).max(1)
}

impl From<Capture> for kalah::CaptureRule {
    fn from(capture: Capture) -> Self {
        match capture {
            Capture::Always => kalah::CaptureRule::Always,
            Capture::OppositeNonEmpty => kalah::CaptureRule::OppositeNonEmpty,
            Capture::Never => kalah::CaptureRule::Never,
        }
    }
}

impl From<End> for kalah::EndRule {
    fn from(end: End) -> Self {
        match end {
            End::EitherSideEmpty => kalah::EndRule::EitherSideEmpty,
            End::MoverSideEmpty => kalah::EndRule::MoverSideEmpty,
        }
    }
}

fn main() -> ExitCode {
    let cli: Cli = match cli_support::parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    // Ctrl-C during a long search: exit 130 at once, no temporary file left behind.
    cli_support::interrupt::install();
    match cli.command {
        Some(Command::Solve(args)) => solve_command(args),
        None => play(cli),
    }
}

/// `kalah solve`: reads the position if any, settles the rules and sizes, and solves.
fn solve_command(args: SolveArgs) -> ExitCode {
    let setup = match args.position.as_deref().map(read_position).transpose() {
        Ok(setup) => setup,
        Err(e) => return cli_support::fail(e),
    };
    let (pots, stones) = match &setup {
        Some(setup) => (setup.pots() as u32, position_stones(setup)),
        None => (
            args.pots.unwrap_or_default(),
            args.stones.unwrap_or_default(),
        ),
    };
    let rules = match kalah::Rules::new(pots, stones) {
        Ok(rules) => rules
            .with_capture(args.capture.into())
            .with_end(args.end.into()),
        Err(e) => return cli_support::usage_error(e),
    };
    let position = match setup.map(|s| s.board(rules)).transpose() {
        Ok(board) => board,
        Err(e) => return cli_support::fail(e),
    };
    let options = solve::Options {
        rules,
        table_bits: args
            .table_bits
            .unwrap_or_else(|| kalah::plan::auto_table_bits(rules)),
        deepen_to: args.deepen_to,
        db_seeds: args
            .db_seeds
            .unwrap_or_else(|| kalah::plan::auto_db_seeds(rules)),
        db_dir: args.db_dir.unwrap_or_else(db::default_dir),
        progress: args.progress,
        position,
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        ),
        time: args.time,
        guess: args.guess,
    };
    match solve::run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cli_support::fail(e),
    }
}

/// The interactive game against the computer.
fn play(cli: Cli) -> ExitCode {
    let strategy = if cli.sample_compatible {
        kalah::PlayStyle::SampleCompatible
    } else if cli.perfect {
        kalah::PlayStyle::Perfect {
            nodes: cli.perfect_nodes,
        }
    } else {
        kalah::PlayStyle::Chains
    };
    let db = if cli.perfect {
        let dir = cli.db_dir.unwrap_or_else(db::default_dir);
        match db::for_play(&dir, kalah::Rules::default()) {
            Ok(db) => Some(db),
            Err(e) => return cli_support::fail(e),
        }
    } else {
        None
    };
    match session::run(cli.depth.unwrap_or(5), strategy, db, cli.time) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cli_support::fail(e),
    }
}
