//! `PowerGrid`: critical lines of a wind power grid, and important-line counts for queries.
//!
//! ```text
//! PowerGrid INPUT              critical lines, one `cityA cityB` per line
//! PowerGrid INPUT QUERIES      then a line `important` and one count per query
//! PowerGrid INPUT -            queries from standard input
//! PowerGrid --dot INPUT        the grid as Graphviz DOT
//! ```

use clap::Parser;
use powergrid::{Grid, answer_queries, format};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Critical lines and important-line queries for a wind power grid.
#[derive(Parser, Debug)]
#[command(name = "PowerGrid", version)]
struct Args {
    /// Write the grid as Graphviz DOT (critical lines bold red, 2-edge-connected components as
    /// clusters) instead of the critical lines.
    #[arg(long, conflicts_with = "queries")]
    dot: bool,
    /// The grid file: n, m, n city names, m lines `cityA cityB`.
    input: PathBuf,
    /// Queries, one `cityA cityB` per line (`-` for standard input).
    queries: Option<PathBuf>,
}

fn main() -> ExitCode {
    cli_support::run_main(run)
}

fn run(args: &Args) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let grid = Grid::from_file(&args.input)?;
    if !grid.is_connected() {
        cli_support::warn(format!(
            "{}: the grid is not connected: it has {} separate parts",
            args.input.display(),
            grid.part_count()
        ));
    }
    let queries = match &args.queries {
        None => None,
        Some(path) if path.as_os_str() == "-" => Some((
            Box::new(io::stdin().lock()) as Box<dyn BufRead>,
            "<stdin>".to_owned(),
        )),
        Some(path) => {
            let name = path.display().to_string();
            let file = File::open(path).map_err(|source| powergrid::Error::Read {
                file: name.clone(),
                source,
            })?;
            Some((
                Box::new(BufReader::with_capacity(1 << 16, file)) as Box<dyn BufRead>,
                name,
            ))
        }
    };
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let write_error = cli_support::Error::Output;
    if args.dot {
        format::write_dot(&grid, &mut out).map_err(write_error)?;
        out.flush().map_err(write_error)?;
        return Ok(ExitCode::SUCCESS);
    }
    format::write_critical_lines(&grid, &mut out).map_err(write_error)?;
    let mut failed = 0;
    if let Some((input, name)) = queries {
        let index = grid.preprocess();
        writeln!(out, "important").map_err(write_error)?;
        failed = answer_queries(&index, input, &name, &mut out, |e| eprintln!("error: {e}"))
            .map_err(|e| format!("{name}: {e}"))?;
    }
    out.flush().map_err(write_error)?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(cli_support::EXIT_FAILURE)
    })
}
