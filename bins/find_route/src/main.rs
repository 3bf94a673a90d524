//! `find_route`: the shortest route between two cities of a road map, by uniform-cost search,
//! or by A* when a heuristic file is given.
//!
//! ```text
//! find_route input_filename origin_city destination_city [heuristic_filename]
//! ```
//!
//! Prints the search counters, the distance and the route on stdout. Warnings (a city not on the
//! map, a file without `END OF INPUT`) go to stderr; bad files print `error: ...` and exit 1,
//! a wrong argument count prints the usage and exits 2.

use clap::Parser;
use route::{Heuristic, RoadMap, find_route, format};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Shortest route between two cities: uniform-cost search, or A* with a heuristic file.
#[derive(Parser, Debug)]
#[command(name = "find_route", version)]
struct Args {
    /// The road map: lines `City1 City2 distance`, then `END OF INPUT`.
    #[arg(value_name = "input_filename")]
    input_filename: PathBuf,
    /// Where the route starts.
    #[arg(value_name = "origin_city", allow_hyphen_values = true)]
    origin_city: String,
    /// Where the route ends.
    #[arg(value_name = "destination_city", allow_hyphen_values = true)]
    destination_city: String,
    /// Heuristic values `City value`, then `END OF INPUT`: search with A* instead of
    /// uniform-cost search.
    #[arg(value_name = "heuristic_filename")]
    heuristic_filename: Option<PathBuf>,
}

fn main() -> ExitCode {
    cli_support::run_main(|args: &Args| run(args).map(|()| ExitCode::SUCCESS))
}

fn run(args: &Args) -> Result<(), Box<dyn std::error::Error>> {
    let map_file = args.input_filename.display().to_string();
    let map = RoadMap::read(&args.input_filename)?;
    if !map.terminated() {
        cli_support::warn(format::missing_end_warning(&map_file));
    }
    let heuristic = match &args.heuristic_filename {
        Some(path) => {
            let table = Heuristic::read(path)?;
            if !table.terminated() {
                cli_support::warn(format::missing_end_warning(&path.display().to_string()));
            }
            Some(table.for_map(&map))
        }
        None => None,
    };
    let outcome = find_route(
        &map,
        &args.origin_city,
        &args.destination_city,
        heuristic.as_deref(),
    );
    for city in &outcome.unknown {
        cli_support::warn(format::unknown_city_warning(&map_file, city));
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(format::report(&outcome).as_bytes())?;
    stdout.flush()?;
    Ok(())
}
