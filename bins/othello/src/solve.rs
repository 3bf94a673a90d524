//! `othello solve`: exact solving of an 8x8 position (a COL106 file or OBF lines) with the
//! dedicated endgame solver, or of the 4x4 / 6x6 start with the engine search.

use clap::Args;
use reversi::exact::Solver;
use reversi::obf::{self, Problem};
use reversi::{Move, Position, Progress, format, solve_reporting};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use text_input::Located;

/// Arguments of `othello solve`.
#[derive(Debug, Args)]
#[command(after_help = "\
An 8x8 position prints one line: the exact final margin of the side to move with perfect play \
(empty squares left at the end go to the winner, as FForum counts), a best move (G8, pass when \
the side to move must pass, none when the game is over), the positions searched and the time. \
With --obf every problem line is solved in order; a bad line prints `error: FILE:LINE: ...` on \
stderr, the other lines are still solved, and the exit status is 1; a summary (positions, \
nodes, wall time, nodes per second) ends on stderr unless every line was bad. Without a \
position the 4x4 or 6x6 start is solved (`--size`, disc margin for Black, empty squares counting for nobody).")]
pub struct SolveArgs {
    /// An 8x8 position: an OBF line (64 X/O/- for a1..h8, a space, the side to move X or O),
    /// a COL106 position file or a file holding one OBF line, or `-` for either on stdin.
    #[arg(allow_hyphen_values = true)]
    position: Option<String>,
    /// Solve every OBF line of FILE (blank lines and lines starting with % or # are skipped).
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    obf: Option<PathBuf>,
    /// With --obf or an OBF line listing move values: check the margin and the move against
    /// them (a mismatch is an error).
    #[arg(long)]
    check: bool,
    /// Without a position: the board size of the start to solve (8x8 is out of reach).
    #[arg(long, default_value_t = 6, value_parser = parse_solve_size)]
    size: u8,
    /// The transposition table has 2^BITS entries (default: 20 for 8x8 positions, where a table
    /// that stays in the caches is faster; 22 for the --size starts).
    #[arg(long, value_name = "BITS", value_parser = clap::value_parser!(u32).range(10..=28))]
    table_bits: Option<u32>,
    /// An 8x8 position: search on N threads sharing the table (the same values; the move may
    /// be another of the same value; a position with fewer than 18 empty squares is searched
    /// on one) [default: the cores available].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Without a position: print each step (the warm-up guess, every null-window test) on
    /// stderr as it ends [default: after a second, when stderr is a terminal].
    #[arg(long)]
    progress: bool,
}

/// The exact solver the arguments ask for.
fn solver(args: &SolveArgs) -> Solver {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    Solver::new(args.table_bits.unwrap_or(20)).with_threads(threads)
}

fn parse_solve_size(text: &str) -> Result<u8, String> {
    match text {
        "4" | "6" => Ok(text.parse().unwrap_or(6)),
        _ => Err("the size must be 4 or 6 (8x8 is out of reach; give an 8x8 position)".to_owned()),
    }
}

/// Runs `othello solve`, printing as it goes.
pub fn run(args: &SolveArgs) -> ExitCode {
    if let Some(path) = &args.obf {
        return solve_file(args, path);
    }
    let Some(source) = &args.position else {
        return cli_support::print_result(&solve_start(args));
    };
    match read_position(source) {
        Ok((name, problem)) => {
            let mut solver = solver(args);
            let mut failed = false;
            if let Err(e) = solve_one(&mut solver, &problem, args.check, &name, &mut failed) {
                return cli_support::fail(e);
            }
            if failed {
                ExitCode::from(cli_support::EXIT_FAILURE)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(message) => cli_support::fail(message),
    }
}

/// Reads the positional argument: an OBF line, `-` (stdin) or a file; the name for errors and
/// the problem.
fn read_position(source: &str) -> Result<(String, Problem), String> {
    let (name, text) = if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        ("stdin".to_owned(), text)
    } else if looks_like_obf(source) {
        return obf::parse_line(source)
            .map(|p| ("argument".to_owned(), p))
            .map_err(|e| format!("argument: {e}"));
    } else if is_board_text(source) && !Path::new(source).exists() {
        let squares = source
            .split_whitespace()
            .next()
            .map_or(0, |b| b.chars().count());
        let plural = if squares == 1 { "" } else { "s" };
        return Err(format!(
            "argument: \"{source}\" is no file, nor an OBF position ({squares} square{plural} \
             where one has 64, X, O or - for a1..h8, then a space and the side to move)"
        ));
    } else {
        let text = cli_support::read_text(source.as_ref()).map_err(|e| e.to_string())?;
        (source.to_owned(), text)
    };
    let first = text.lines().enumerate().find(|(_, l)| !obf::is_blank(l));
    if let Some((i, line)) = first
        && looks_like_obf(line)
    {
        return obf::parse_line(line)
            .map(|p| (name.clone(), p))
            .map_err(|e| Located::new(name, i + 1, e).to_string());
    }
    let position = format::parse_position::<8>(&text, &name).map_err(|e| e.to_string())?;
    Ok((
        name,
        Problem {
            position,
            values: Vec::new(),
        },
    ))
}

/// Whether `text` holds only board characters and spaces, with a board character first (a
/// position cut short rather than a file name).
fn is_board_text(text: &str) -> bool {
    let text = text.trim();
    text.starts_with(obf::is_square_char)
        && text
            .chars()
            .all(|c| obf::is_square_char(c) || c.is_whitespace())
}

/// Whether `text` starts like an OBF board (its first 64 characters are board characters).
fn looks_like_obf(text: &str) -> bool {
    let text = text.trim_start();
    text.chars().count() >= 64 && text.chars().take(64).all(obf::is_square_char)
}

/// Solves every problem of an OBF file; a summary on stderr.
fn solve_file(args: &SolveArgs, path: &Path) -> ExitCode {
    let name = path.display().to_string();
    let text = match cli_support::read_text(path) {
        Ok(text) => text,
        Err(e) => return cli_support::fail(e),
    };
    let mut solver = solver(args);
    let (mut failed, mut nodes, mut count) = (false, 0, 0);
    let started = Instant::now();
    for (i, line) in text.lines().enumerate() {
        if obf::is_blank(line) {
            continue;
        }
        match obf::parse_line(line) {
            Ok(problem) => {
                let at = format!("{name}:{}", i + 1);
                match solve_one(&mut solver, &problem, args.check, &at, &mut failed) {
                    Ok(n) => nodes += n,
                    Err(e) => return cli_support::fail(e),
                }
                count += 1;
            }
            Err(e) => {
                eprintln!("error: {}", Located::new(&*name, i + 1, e));
                failed = true;
            }
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    // After errors alone, the errors are the whole answer.
    if count > 0 || !failed {
        eprintln!(
            "{count} positions, {nodes} nodes, {seconds:.3} s, {:.1} M nodes/s",
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
    }
    if failed {
        ExitCode::from(cli_support::EXIT_FAILURE)
    } else {
        ExitCode::SUCCESS
    }
}

/// Solves one problem and prints its line; checks it against the listed values when asked.
/// Returns the nodes searched; fails when stdout cannot be written.
fn solve_one(
    solver: &mut Solver,
    problem: &Problem,
    check: bool,
    at: &str,
    failed: &mut bool,
) -> Result<u64, cli_support::Error> {
    let started = Instant::now();
    let solved = solver.solve(&problem.position);
    let seconds = started.elapsed().as_secs_f64();
    let name = move_name(solved.best_move);
    cli_support::print_out(&format!(
        "{:+} {name} {} nodes {seconds:.3} s\n",
        solved.margin, solved.nodes
    ))?;
    if check && let Some(expected) = problem.best_value() {
        let of_move = solved
            .best_move
            .and_then(|m| m.map_square(|s| problem.value_of(s)))
            .flatten();
        if solved.margin != expected || of_move != Some(expected) {
            eprintln!(
                "error: {at}: solved {:+} with {name}, the file says {expected:+} (that move: {})",
                solved.margin,
                of_move.map_or("not listed".to_owned(), |v| format!("{v:+}"))
            );
            *failed = true;
        }
    }
    Ok(solved.nodes)
}

/// A move in Othello notation: `G8`, `pass`, or `none` when the game is over.
fn move_name(mv: Option<Move<8>>) -> String {
    match mv {
        Some(Move::Place(square)) => obf::square_name(square),
        Some(Move::Pass) => "pass".to_owned(),
        None => "none".to_owned(),
    }
}

/// Solves the 4x4 or 6x6 start with the engine search (the report the README shows).
fn solve_start(args: &SolveArgs) -> String {
    let started = Instant::now();
    // On request, or on a terminal once the solve has run for a second.
    let gate = cli_support::progress::Gate::on_stderr();
    let progress = args.progress;
    let report = |step: Progress| {
        if progress || gate.due() {
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
    let index = |m: Option<Option<usize>>| match m {
        Some(Some(index)) => index.to_string(),
        Some(None) => "pass".to_owned(),
        None => "none".to_owned(),
    };
    let (margin, first, nodes) = if args.size == 4 {
        let s = solve_reporting(
            &Position::<4>::start(),
            args.table_bits.unwrap_or(22),
            report,
        );
        let first = index(s.best_move.map(|m| m.map_square(|q| q.index())));
        (s.margin, first, s.nodes)
    } else {
        let s = solve_reporting(
            &Position::<6>::start(),
            args.table_bits.unwrap_or(22),
            report,
        );
        let first = index(s.best_move.map(|m| m.map_square(|q| q.index())));
        (s.margin, first, s.nodes)
    };
    let verdict = match margin {
        m if m > 0 => format!("the first player (black) wins by {m} discs"),
        m if m < 0 => format!("the second player (white) wins by {} discs", -m),
        _ => "a draw".to_owned(),
    };
    format!(
        "size {}: value {margin} ({verdict})\nbest first move {first}\nnodes {nodes}\ntime {:.2} s\n",
        args.size,
        started.elapsed().as_secs_f64()
    )
}
