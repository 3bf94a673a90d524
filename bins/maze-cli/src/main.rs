//! `maze`: the CS364 search platform's six methods on Roger Rat's maze and on labelled graphs.
//!
//! ```text
//! maze [MAZE_FILE] [--start R,C] [--goal R,C]... [--method M]... [--trace] [--draw] [--svg FILE]
//! maze graph GRAPH_FILE [--method M]... [--trace] [--svg FILE] [--dot FILE]
//! ```

use clap::{Args, Parser, Subcommand, ValueEnum};
use maze::{
    DEFAULT_GOALS, DEFAULT_START, Error, Grid, MAZE0, MazeProblem, Method, Platform, draw, format,
    parse_graphs, platform,
};
use std::path::PathBuf;
use std::process::ExitCode;

mod pictures;

/// Runs the CS364 search platform's methods (depth, hill, steep, best, algA, algAM) on a grid
/// maze (default: the shipped maze0) or, with `graph`, on a labelled graph.
#[derive(Parser)]
#[command(name = "maze", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    maze: MazeArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Search a labelled graph (successor lists with optional arc costs, an h table, root and goal).
    Graph(GraphArgs),
}

#[derive(Args)]
struct MazeArgs {
    /// The maze file (rows of 4-bit wall strings N,E,S,W; 1 = open). Default: the shipped maze0.
    file: Option<PathBuf>,
    /// The start cell.
    #[arg(long, value_name = "R,C", value_parser = parse_cell)]
    start: Option<(u32, u32)>,
    /// A goal cell (repeatable; default: the centre square (6,6),(6,7),(7,6),(7,7)).
    #[arg(long = "goal", value_name = "R,C", value_parser = parse_cell)]
    goals: Vec<(u32, u32)>,
    /// A method to run (repeatable; default: depth, hill, steep, best, algAM).
    #[arg(long = "method", value_name = "M")]
    methods: Vec<MethodArg>,
    /// Print the platform's step-by-step trace.
    #[arg(long)]
    trace: bool,
    /// Draw the maze with each returned path marked.
    #[arg(long)]
    draw: bool,
    /// Also draw the runs as SVG: the maze, each path, every expanded cell shaded by order.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

#[derive(Args)]
struct GraphArgs {
    /// The graph file.
    file: PathBuf,
    /// A method to run (repeatable; default: depth, hill, steep, best, algA).
    #[arg(long = "method", value_name = "M")]
    methods: Vec<MethodArg>,
    /// Print the platform's step-by-step trace.
    #[arg(long)]
    trace: bool,
    /// Also draw the runs as an SVG map (graphs whose nodes have known coordinates: Romania).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Also draw the runs as Graphviz DOT (any graph).
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,
}

/// The platform's method names.
#[derive(Clone, Copy, ValueEnum)]
enum MethodArg {
    /// Depth-first search.
    Depth,
    /// Hill climbing.
    Hill,
    /// Steepest-ascent hill climbing with backtracking.
    Steep,
    /// Best-first search.
    Best,
    /// Algorithm A with path redirection.
    #[value(name = "algA", alias = "alga")]
    AlgA,
    /// Algorithm A without path redirection.
    #[value(name = "algAM", alias = "algam")]
    AlgAM,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Self {
        match m {
            MethodArg::Depth => Method::Depth,
            MethodArg::Hill => Method::Hill,
            MethodArg::Steep => Method::Steep,
            MethodArg::Best => Method::Best,
            MethodArg::AlgA => Method::AlgA,
            MethodArg::AlgAM => Method::AlgAM,
        }
    }
}

fn parse_cell(text: &str) -> Result<(u32, u32), String> {
    let parsed = text
        .split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    parsed.ok_or_else(|| format!("expected ROW,COL (two whole numbers), got `{text}`"))
}

fn main() -> ExitCode {
    let cli: Cli = match cli_support::parse_args() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Some(Command::Graph(args)) => run_graph(&args),
        None => run_maze(&cli.maze),
    };
    match result {
        Ok(text) => cli_support::print_result(&text),
        Err(e) => cli_support::fail(e),
    }
}

fn read(path: &PathBuf) -> Result<(String, String), Error> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        file: file.clone(),
        source,
    })?;
    Ok((text, file))
}

fn run_maze(args: &MazeArgs) -> Result<String, Box<dyn std::error::Error>> {
    let (text, file) = match &args.file {
        Some(path) => read(path)?,
        None => (MAZE0.to_owned(), "maze0.txt".to_owned()),
    };
    let grid = Grid::parse(&text, &file)?;
    let goals = if args.goals.is_empty() {
        DEFAULT_GOALS.to_vec()
    } else {
        args.goals.clone()
    };
    let problem = MazeProblem::new(&grid, &file, args.start.unwrap_or(DEFAULT_START), &goals)?;
    let methods = chosen(&args.methods, Method::AlgAM);
    let mut out = String::new();
    for &method in &methods {
        let outcome = report(&problem, method, args.trace, methods.len() > 1, &mut out);
        if args.draw {
            let path = outcome.result.as_deref().unwrap_or_default();
            out.push_str(&draw::draw(&grid, path, problem.goals()));
        }
    }
    if let Some(path) = &args.svg {
        pictures::maze(&grid, &problem, &methods, path)?;
    }
    Ok(out)
}

fn run_graph(args: &GraphArgs) -> Result<String, Box<dyn std::error::Error>> {
    let (text, file) = read(&args.file)?;
    let graphs = parse_graphs(&text, &file)?;
    let methods = chosen(&args.methods, Method::AlgA);
    let mut out = String::new();
    for (part, graph) in graphs.iter().enumerate() {
        if graphs.len() > 1 {
            let costs = if graph.weighted() {
                "arc costs"
            } else {
                "unit costs"
            };
            out.push_str(&format!(
                "# part ({}): {costs}\n",
                char::from(b'a' + part as u8)
            ));
        }
        for &method in &methods {
            report(graph, method, args.trace, methods.len() > 1, &mut out);
        }
    }
    pictures::graphs(
        &graphs,
        &file,
        &methods,
        args.svg.as_deref(),
        args.dot.as_deref(),
    )?;
    Ok(out)
}

/// The methods asked for, or the assignment's five (the last one `algAM` for the maze, `algA`
/// for graphs, as the distributed programs ran them).
fn chosen(asked: &[MethodArg], fifth: Method) -> Vec<Method> {
    if asked.is_empty() {
        vec![
            Method::Depth,
            Method::Hill,
            Method::Steep,
            Method::Best,
            fifth,
        ]
    } else {
        asked.iter().map(|&m| m.into()).collect()
    }
}

/// Runs one method and appends its result line (or its trace, headed when several methods are
/// traced, and `=>  ` result line).
fn report<P: Platform>(
    problem: &P,
    method: Method,
    trace: bool,
    several: bool,
    out: &mut String,
) -> maze::Outcome<P::State> {
    if trace {
        if several {
            out.push_str(&format::trace_header(method));
            out.push('\n');
        }
        let outcome = platform::run(problem, method, Some(out));
        out.push_str(&format::trace_result_line(&format::dict(problem, &outcome)));
        out.push('\n');
        outcome
    } else {
        let outcome = platform::run(problem, method, None);
        out.push_str(&format::result_line(
            method,
            &format::dict(problem, &outcome),
        ));
        out.push('\n');
        outcome
    }
}
