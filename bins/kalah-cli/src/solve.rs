//! `kalah solve`: the exact value of a variant, with MTD(f) and an endgame database.

use crate::db;
use kalah::{Board, CaptureRule, EndRule, Exact, ExactSolver, Player, Position, Probe, Rules};
use search_core::Engine;
use std::error::Error;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// What `kalah solve` was asked.
pub struct Options {
    /// The variant.
    pub rules: Rules,
    /// The transposition table holds `2^table_bits` entries.
    pub table_bits: u32,
    /// Depth-bounded searches before the exact one (their value is MTD(f)'s first guess).
    pub deepen_to: u32,
    /// Endgame database size (seeds in the houses); 0 for none.
    pub db_seeds: u32,
    /// The database cache folder.
    pub db_dir: PathBuf,
    /// Show the bounds as they close (and the database build) on stderr.
    pub progress: bool,
    /// A position to solve instead of the start (`--position FILE`).
    pub position: Option<Board>,
}

/// The database size `kalah solve` uses when none is asked for: none for games of at most 30
/// seeds (they solve in well under a second without), else a size whose building pays for
/// itself (measured on Kalah(6,4) and Kalah(6,5)).
pub fn auto_db_seeds(rules: Rules) -> u32 {
    let total = 2 * u32::from(rules.pots()) * u32::from(rules.stones());
    match rules.pots() {
        _ if total <= 30 => 0,
        1..=4 => total.min(40),
        5 => 24,
        6 => 16,
        _ => 16,
    }
}

fn capture_name(rule: CaptureRule) -> &'static str {
    match rule {
        CaptureRule::Always => "always (also when the opposite house is empty)",
        CaptureRule::OppositeNonEmpty => "opposite-non-empty (standard)",
        CaptureRule::Never => "never",
    }
}

fn end_name(rule: EndRule) -> &'static str {
    match rule {
        EndRule::EitherSideEmpty => "either-side-empty (each side keeps its own seeds)",
        EndRule::MoverSideEmpty => "mover-side-empty",
    }
}

/// The depth of the search giving MTD(f)'s first guess when `--deepen-to` is not given.
const GUESS_DEPTH: u32 = 10;

/// The depth-bounded searches of `--deepen-to`, one line each, or one silent search: the last
/// value, MTD(f)'s first guess.
fn deepen(rules: Rules, options: &Options, started: Instant) -> i32 {
    let start = options
        .position
        .unwrap_or_else(|| Board::new(rules, Player::Max));
    let mut engine = Engine::new(options.table_bits.min(22));
    if options.deepen_to == 0 {
        // A silent depth-10 search (well under a second) for MTD(f)'s first guess.
        return engine.search_once(&start, Some(GUESS_DEPTH)).value;
    }
    let mut guess = 0;
    for depth in 1..=options.deepen_to {
        let outcome = engine.search_once(&start, Some(depth));
        guess = outcome.value;
        println!(
            "depth {depth}: value {:+}, best {}, nodes {}, elapsed {:.3} s",
            outcome.value,
            outcome
                .best_move
                .map_or_else(String::new, |c| c.to_string()),
            outcome.stats.nodes,
            started.elapsed().as_secs_f64()
        );
        let _ = std::io::stdout().flush();
    }
    guess
}

/// Solves the variant and prints the value, the rules, a best first move, the counters, the
/// database and the time.
pub fn run(options: &Options) -> Result<(), Box<dyn Error>> {
    let rules = options.rules;
    let started = Instant::now();
    let guess = deepen(rules, options, started);
    let loaded = if options.db_seeds > 0 {
        Some(db::load_or_build(
            &options.db_dir,
            rules,
            options.db_seeds,
            options.progress,
        )?)
    } else {
        None
    };
    // Small games need no large table (allocating and clearing one costs more than solving).
    let total = 2 * u32::from(rules.pots()) * u32::from(rules.stones());
    let table_bits = options.table_bits.min(12 + total / 2);
    let mut solver = ExactSolver::new(rules, table_bits, loaded.as_ref().map(|l| &l.db));
    let board = options
        .position
        .unwrap_or_else(|| Board::new(rules, Player::Max));
    let start = Position::from_board(&board);
    let progress = options.progress;
    let mut report = |probe: Probe| {
        if progress {
            eprintln!(
                "bounds [{:+}, {:+}], nodes {}, {:.1} s",
                probe.lower,
                probe.upper,
                probe.nodes,
                started.elapsed().as_secs_f64()
            );
        }
    };
    let mut exact = solver
        .solve(&start, guess, &mut report)
        .ok_or("the solver stopped early")?;
    exact.value = kalah::position_text::first_player_value(&board, exact.value);
    print_solution(
        (rules, options.position.is_some()),
        &exact,
        loaded.as_ref(),
        solver.table_bytes(),
        started,
    );
    Ok(())
}

/// The result lines: value, rules, best first move, database, counters and time.
fn print_solution(
    (rules, position): (Rules, bool),
    exact: &Exact,
    loaded: Option<&db::Loaded>,
    table_bytes: usize,
    started: Instant,
) {
    let seconds = started.elapsed().as_secs_f64();
    let verdict = match exact.value {
        v if v > 0 => format!("first player wins by {v}"),
        v if v < 0 => format!("second player wins by {}", -v),
        _ => "draw".to_owned(),
    };
    let title = if position {
        format!("Kalah({}) position", rules.pots())
    } else {
        format!("Kalah({},{})", rules.pots(), rules.stones())
    };
    println!("{title}: {verdict} (value {:+})", exact.value);
    println!(
        "rules: capture {}; end {}",
        capture_name(rules.capture),
        end_name(rules.end)
    );
    if let Some(best) = exact.best {
        println!("best first move: {best}");
    }
    match loaded {
        Some(l) => println!(
            "database: positions with at most {} seeds in the houses, {} bytes, {} in {:.3} s ({})",
            l.db.seeds(),
            l.db.len(),
            if l.built { "built" } else { "loaded" },
            l.seconds,
            l.path.display()
        ),
        None => println!("database: none"),
    }
    println!(
        "nodes {}, table {} MB, time {seconds:.3} s, {:.0} nodes/s",
        exact.nodes,
        table_bytes >> 20,
        exact.nodes as f64 / seconds.max(1e-9)
    );
}
