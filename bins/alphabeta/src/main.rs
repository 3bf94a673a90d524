//! `alphabeta`: the minimax score of explicit game trees by alpha-beta, and the leaves examined.
//!
//! ```text
//! alphabeta [INPUT] [OUTPUT] [--dot FILE]      (defaults: alphabeta.txt, alphabeta_out.txt)
//! ```
//!
//! INPUT holds one tree per line, `{(A,MAX),(B,MIN),...} {(A,B),(A,C),...,(D,4),...}`; OUTPUT gets
//! `Graph k: Score: v; Leaf Nodes Examined: n` for every well-formed tree. A malformed tree is
//! reported on stderr (file, line, graph number, offending token), has no output line, and makes
//! the exit status 1; the other trees are still answered.

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;

/// Alpha-beta over explicit game trees, one per line of INPUT.
#[derive(Parser, Debug)]
#[command(name = "alphabeta", version)]
struct Args {
    /// The trees, one per line.
    #[arg(default_value = "alphabeta.txt")]
    input: PathBuf,
    /// Where the answers go (written whole or not at all).
    #[arg(default_value = "alphabeta_out.txt")]
    output: PathBuf,
    /// Also draw every tree as Graphviz DOT: node values, the chosen line bold, pruned branches
    /// dashed and grey.
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,
}

fn main() -> ExitCode {
    cli_support::run_main(run)
}

fn run(args: &Args) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let file = args.input.display().to_string();
    let text = cli_support::read_text(&args.input)?;
    let mut out = String::new();
    let mut failed = false;
    for result in gametree::solve_text(&text, &file) {
        match result {
            Ok((graph, answer)) => gametree::format::write_answer(&mut out, graph, &answer),
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        }
    }
    cli_support::atomic_write(&args.output, |w| {
        use std::io::Write;
        w.write_all(out.as_bytes())
    })?;
    if let Some(path) = &args.dot {
        let dot = gametree::dot::dot_text(&text);
        cli_support::atomic_write(path, |w| {
            use std::io::Write;
            w.write_all(dot.as_bytes())
        })?;
    }
    Ok(if failed {
        ExitCode::from(cli_support::EXIT_FAILURE)
    } else {
        ExitCode::SUCCESS
    })
}
