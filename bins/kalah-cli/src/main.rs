//! `kalah`: play Kalah(6,4) against the computer, or solve small variants exactly.
//!
//! ```text
//! kalah [DEPTH] [--sample-compatible]     the interactive game (default depth 5)
//! kalah solve --pots P --stones S         the exact value of Kalah(P,S) for the first player
//! ```

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
    #[arg(long)]
    sample_compatible: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve Kalah(P,S) exactly and print its value with perfect play (first player's view).
    Solve {
        /// Pots per side (1 to 8).
        #[arg(long)]
        pots: u32,
        /// Stones per pot at the start.
        #[arg(long)]
        stones: u32,
        /// The capture rule.
        #[arg(long, value_enum, default_value_t = Capture::Always)]
        capture: Capture,
        /// The end-of-game rule.
        #[arg(long, value_enum, default_value_t = End::EitherSideEmpty)]
        end: End,
        /// The transposition table holds 2^BITS entries (about 40 bytes each).
        #[arg(long, value_name = "BITS", default_value_t = 22,
              value_parser = clap::value_parser!(u32).range(4..=30))]
        table_bits: u32,
        /// First deepen depth by depth up to this many plies, printing each depth's value as
        /// it goes (progress on large variants), then solve exactly.
        #[arg(long, value_name = "PLIES", default_value_t = 0)]
        deepen_to: u32,
    },
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Solve {
            pots,
            stones,
            capture,
            end,
            table_bits,
            deepen_to,
        }) => {
            let rules = match kalah::Rules::new(pots, stones) {
                Ok(rules) => rules
                    .with_capture(match capture {
                        Capture::Always => kalah::CaptureRule::Always,
                        Capture::OppositeNonEmpty => kalah::CaptureRule::OppositeNonEmpty,
                        Capture::Never => kalah::CaptureRule::Never,
                    })
                    .with_end(match end {
                        End::EitherSideEmpty => kalah::EndRule::EitherSideEmpty,
                        End::MoverSideEmpty => kalah::EndRule::MoverSideEmpty,
                    }),
                Err(e) => return cli_support::usage_error(e),
            };
            match solve::run(rules, table_bits, deepen_to) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => cli_support::fail(e),
            }
        }
        None => {
            let strategy = if cli.sample_compatible {
                kalah::Strategy::SampleCompatible
            } else {
                kalah::Strategy::Chains
            };
            match session::run(cli.depth.unwrap_or(5), strategy) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => cli_support::fail(e),
            }
        }
    }
}
