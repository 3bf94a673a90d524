//! `nqueens`: a solution of the N-Queens problem for every board size in a file.
//!
//! ```text
//! nqueens [INPUT] [OUTPUT] [--seed S] [--stats]     (defaults: nqueens.txt, nqueens_out.txt)
//! ```
//!
//! INPUT holds one board size per line, 1 to 100000000 (`nqueens::format::MAX_SIZE`). OUTPUT gets one line per solvable size, a Python-style
//! list where entry `i` is the 1-based row of the queen in column `i` (`[2, 4, 1, 3]`). Sizes 2
//! and 3 have no solution: they are reported on stderr, the other answers are written, and the
//! exit status is 1. A line that is not a size is an error naming the file and line; then nothing
//! is written. Every board is checked before it is written, and OUTPUT is written whole or not
//! at all.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use text_input::Located;

/// N-Queens by min-conflicts, one board size per line of INPUT.
#[derive(Parser, Debug)]
#[command(name = "nqueens", version)]
struct Args {
    /// Board sizes, one per line: whole numbers from 1 to 100000000 (about 14 bytes of memory
    /// per queen: 1.4 GB at the limit).
    #[arg(default_value = "nqueens.txt")]
    input: PathBuf,
    /// Where the solutions go (written whole or not at all).
    #[arg(default_value = "nqueens_out.txt")]
    output: PathBuf,
    /// Seed of the random choices: the same seed gives the same output. Each size is solved with
    /// a generator seeded afresh, so its answer does not depend on the other lines.
    #[arg(long, default_value_t = nqueens::DEFAULT_SEED)]
    seed: u64,
    /// Print solve, verify and write times for every size on stderr.
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    cli_support::run_main(run)
}

fn run(args: &Args) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let file = args.input.display().to_string();
    let text = cli_support::read_text(&args.input)?;
    let sizes = match nqueens::format::parse_sizes(&text, &file) {
        Ok(sizes) => sizes,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            return Ok(ExitCode::from(cli_support::EXIT_FAILURE));
        }
    };
    let mut failed = false;
    cli_support::atomic_write(&args.output, |w| {
        for &(line, n) in &sizes {
            let start = Instant::now();
            let (rows, stats) =
                match nqueens::solve_unchecked(n, &mut nqueens::seeded_rng(args.seed)) {
                    Ok(solved) => solved,
                    Err(e) => {
                        eprintln!("error: {}", Located::new(&*file, line, e));
                        failed = true;
                        continue;
                    }
                };
            let solved = Instant::now();
            if let Err(reason) = nqueens::verify(&rows) {
                let e = format!("invalid board for n = {n} not written: {reason}");
                eprintln!("error: {}", Located::new(&*file, line, e));
                failed = true;
                continue;
            }
            let verified = Instant::now();
            nqueens::format::write_board(w, &rows)?;
            if args.stats {
                eprintln!(
                    "n = {n}: solve {:.3} s, verify {:.3} s, write {:.3} s ({} repairs, {} driver calls, {} rebuilds)",
                    (solved - start).as_secs_f64(),
                    (verified - solved).as_secs_f64(),
                    verified.elapsed().as_secs_f64(),
                    stats.repairs,
                    stats.attempts,
                    stats.rebuilds
                );
            }
        }
        Ok(())
    })?;
    Ok(if failed {
        ExitCode::from(cli_support::EXIT_FAILURE)
    } else {
        ExitCode::SUCCESS
    })
}
