//! `kalah solve`: the exact value of a variant, with MTD(f) and an endgame database.

use crate::db;
use kalah::{
    Board, CaptureRule, Chain, EndRule, Exact, ExactSolver, Player, Position, Probe, Progress,
    Rules,
};
use search_core::games::deepening::{EachIteration, Iteration, Step, iterate};
use search_core::games::{Engine, GameStats};
use std::cell::RefCell;
use std::error::Error;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
    /// Threads for the search and the database build.
    pub threads: usize,
    /// Give up after this long (`--time`) and print the bounds proved.
    pub time: Option<Duration>,
    /// MTD(f)'s first guess at the first player's value (`--guess`).
    pub guess: Option<i32>,
}

/// The database size `kalah solve` uses when none is asked for: none for games of at most 30
/// seeds (they solve in well under a second without), else a size whose building pays for
/// itself (measured on Kalah(5,4), Kalah(5,5), Kalah(6,4) and Kalah(6,5)).
pub fn auto_db_seeds(rules: Rules) -> u32 {
    let total = 2 * u32::from(rules.pots()) * u32::from(rules.stones());
    match rules.pots() {
        _ if total <= 30 => 0,
        1..=4 => total.min(40),
        5 if total <= 40 => 16,
        5 => 24,
        6 if total <= 48 => 16,
        6 => 24,
        _ => 16,
    }
}

/// The table size `kalah solve` uses when none is asked for: `2^(12 + seeds / 2)` entries up
/// to 2^24 (512 MB) for up to 60 seeds (a bigger one saves fewer nodes than its cache misses
/// cost there), 2^26 (2 GB) beyond; never more than half the memory available
/// (`/proc/meminfo`).
pub fn auto_table_bits(rules: Rules) -> u32 {
    let total = 2 * u32::from(rules.pots()) * u32::from(rules.stones());
    let wanted = if total <= 60 {
        (12 + total / 2).min(24)
    } else {
        26
    };
    match available_memory() {
        // 32 bytes per 2^bits: fit in half of what is available.
        Some(bytes) => (16..=wanted)
            .rev()
            .find(|&b| (32u64 << b) <= bytes / 2)
            .unwrap_or(16),
        None => wanted,
    }
}

/// `MemAvailable` of `/proc/meminfo` in bytes, when readable.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
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

/// The depth `d` of the searches giving MTD(f)'s first guess when `--deepen-to` is not given:
/// the mean of the values at depths `d` and `d + 1` (the heuristic values of Kalah swing with
/// the parity of the depth; their mean is nearer the exact value than either). Deeper for
/// bigger games, whose exact probes cost far more than the guess.
fn guess_depth(rules: Rules) -> u32 {
    let total = 2 * u32::from(rules.pots()) * u32::from(rules.stones());
    if total > 48 { 12 } else { 10 }
}

/// The depth-bounded searches of `--deepen-to`, one line each, or two silent searches: MTD(f)'s
/// first guess (the last value, or the mean of the two); fails when stdout cannot be written.
fn deepen(rules: Rules, options: &Options, started: Instant) -> Result<i32, cli_support::Error> {
    let start = options
        .position
        .unwrap_or_else(|| Board::new(rules, Player::Max));
    let mut engine = Engine::new(options.table_bits.min(22));
    if options.deepen_to == 0 {
        let d = guess_depth(rules);
        let low = engine.search_once(&start, Some(d)).value;
        let high = engine.search_once(&start, Some(d + 1)).value;
        return Ok((low + high).div_euclid(2));
    }
    // A failed write (a closed pipe) stops the deepening at the next depth.
    let printed = RefCell::new(Ok(()));
    let mut print = EachIteration(|it: &Iteration<'_, Chain>| {
        if printed.borrow().is_ok() {
            *printed.borrow_mut() = cli_support::print_out(&format!(
                "depth {}: value {:+}, best {}, nodes {}, elapsed {:.3} s\n",
                it.depth,
                it.outcome.value,
                it.outcome
                    .best_move
                    .map_or_else(String::new, |c| c.to_string()),
                it.outcome.stats.nodes,
                started.elapsed().as_secs_f64()
            ));
        }
    });
    let deepened = iterate(1..=options.deepen_to, None, &mut print, |depth| {
        if printed.borrow().is_err() {
            return Step::Interrupted(GameStats::default());
        }
        Step::Completed(engine.search_once(&start, Some(depth)))
    });
    printed.into_inner()?;
    Ok(deepened.deepest.map_or(0, |(_, outcome)| outcome.value))
}

/// Solves the variant and prints the value, the rules, a best first move, the counters, the
/// database and the time; with `--time`, the bounds proved when the time runs out.
pub fn run(options: &Options) -> Result<(), Box<dyn Error>> {
    let rules = options.rules;
    let started = Instant::now();
    let board = options
        .position
        .unwrap_or_else(|| Board::new(rules, Player::Max));
    let guess = match options.guess {
        Some(guess) => guess,
        None => deepen(rules, options, started)?,
    };
    let loaded = load_database(options)?;
    // Small games need no large table (allocating and clearing one costs more than solving).
    let total = 2 * u32::from(rules.pots()) * u32::from(rules.stones());
    let table_bits = options.table_bits.min(12 + total / 2);
    let mut solver = ExactSolver::new(rules, table_bits, loaded.as_ref().map(|l| &l.db))
        .with_threads(options.threads);
    solver.set_deadline(options.time.map(|t| started + t));
    let heartbeat = Heartbeat::new(solver.progress(), started, options.progress);
    let (exact, bounds) = watched_solve(&mut solver, &board, guess, &heartbeat);
    let summary = Summary {
        rules,
        position: options.position.is_some(),
        loaded: loaded.as_ref(),
        table_bytes: solver.table_bytes(),
        threads: solver.threads(),
        started,
    };
    let first_player = |v| kalah::position_text::first_player_value(&board, v);
    match exact {
        Some(mut exact) => {
            exact.value = first_player(exact.value);
            cli_support::print_out(&summary.solution(&exact))?;
        }
        None if options.time.is_some() => {
            let (a, b) = (first_player(bounds.0), first_player(bounds.1));
            cli_support::print_out(&summary.unfinished(a.min(b), a.max(b), solver.nodes()))?;
        }
        None => return Err("the solver stopped early".into()),
    }
    Ok(())
}

/// The endgame database of `options` (loaded, or built and cached), if it asks for one.
fn load_database(options: &Options) -> Result<Option<db::Loaded>, Box<dyn Error>> {
    if options.db_seeds == 0 {
        return Ok(None);
    }
    let loaded = db::load_or_build(
        &options.db_dir,
        (options.rules, options.db_seeds),
        options.threads,
        options.progress,
    )?;
    Ok(Some(loaded))
}

/// Solves `board` from `guess` (the first player's view) with the heartbeat showing; the
/// result (`None` when the solver gave up) and the last bounds proved (side to move's view).
fn watched_solve(
    solver: &mut ExactSolver<'_>,
    board: &Board,
    guess: i32,
    heartbeat: &Heartbeat,
) -> (Option<Exact>, (i32, i32)) {
    let start = Position::from_board(board);
    let n = start.seeds() as i32;
    let mut bounds = (-n, n);
    let mut report = |probe: Probe| {
        bounds = (probe.lower, probe.upper);
        heartbeat.probe(&probe);
    };
    let finished = AtomicBool::new(false);
    let exact = std::thread::scope(|scope| {
        scope.spawn(|| heartbeat.run(&finished));
        let exact = solver.solve(
            &start,
            kalah::position_text::houses_value(board, guess),
            &mut report,
        );
        finished.store(true, Ordering::Relaxed);
        exact
    });
    heartbeat.clear();
    (exact, bounds)
}

/// The progress display of a solve on stderr: with `--progress`, a line per closed probe;
/// within a probe, a heartbeat (nodes, elapsed time, the value tested, root moves done) as a
/// status line rewritten every second when stderr is a terminal (also without `--progress`),
/// else as a line every ten seconds with `--progress`.
struct Heartbeat {
    live: std::sync::Arc<Progress>,
    started: Instant,
    lines: bool,
    terminal: bool,
}

impl Heartbeat {
    fn new(live: std::sync::Arc<Progress>, started: Instant, lines: bool) -> Self {
        Self {
            live,
            started,
            lines,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// How often the heartbeat shows, `None` when it does not.
    fn every(&self) -> Option<Duration> {
        if self.terminal {
            Some(Duration::from_secs(1))
        } else if self.lines {
            Some(Duration::from_secs(10))
        } else {
            None
        }
    }

    /// Shows the heartbeat until `finished` is set.
    fn run(&self, finished: &AtomicBool) {
        let Some(every) = self.every() else { return };
        let mut next = every;
        while !finished.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            let elapsed = self.started.elapsed();
            if elapsed >= next && !finished.load(Ordering::Relaxed) {
                next = elapsed + every;
                let s = self.live.snapshot();
                let line = format!(
                    "bounds [{:+}, {:+}], testing >= {:+}: first moves {} of {} done (then {} of {}), nodes {}, {:.1} s",
                    s.lower,
                    s.upper,
                    s.test,
                    s.done[0],
                    s.moves[0],
                    s.done[1],
                    s.moves[1],
                    s.nodes,
                    elapsed.as_secs_f64()
                );
                self.show(&line, !self.terminal);
            }
        }
    }

    /// A closed probe's bounds, as a line with `--progress`.
    fn probe(&self, probe: &Probe) {
        if self.lines {
            let line = format!(
                "bounds [{:+}, {:+}], nodes {}, {:.1} s",
                probe.lower,
                probe.upper,
                probe.nodes,
                self.started.elapsed().as_secs_f64()
            );
            self.show(&line, true);
        }
    }

    /// `line` on stderr: kept (`keep`) or as the terminal's rewritten status line.
    fn show(&self, line: &str, keep: bool) {
        let clear = if self.terminal { "\r\x1b[K" } else { "" };
        let end = if keep { "\n" } else { "" };
        eprint!("{clear}{line}{end}");
        let _ = std::io::stderr().flush();
    }

    /// Erases the status line.
    fn clear(&self) {
        if self.terminal {
            eprint!("\r\x1b[K");
            let _ = std::io::stderr().flush();
        }
    }
}

/// What the result lines say besides the value.
struct Summary<'a> {
    rules: Rules,
    /// A position was solved (not a start).
    position: bool,
    loaded: Option<&'a db::Loaded>,
    table_bytes: usize,
    threads: usize,
    started: Instant,
}

impl Summary<'_> {
    /// The result lines: value, rules, best first move, database, counters and time.
    fn solution(&self, exact: &Exact) -> String {
        let verdict = match exact.value {
            v if v > 0 => format!("first player wins by {v}"),
            v if v < 0 => format!("second player wins by {}", -v),
            _ => "draw".to_owned(),
        };
        let mut text = format!("{}: {verdict} (value {:+})\n", self.title(), exact.value);
        text += &self.rules_line();
        if let Some(best) = exact.best {
            text += &format!("best first move: {best}\n");
        }
        text + &self.counters(exact.nodes)
    }

    /// The result lines of a solve given up at `--time`: the bounds proved, the rules, the
    /// database, counters and time.
    fn unfinished(&self, lower: i32, upper: i32, nodes: u64) -> String {
        let seconds = self.started.elapsed().as_secs_f64();
        format!(
            "{}: unfinished after {seconds:.1} s: the value is at least {lower:+} and at most {upper:+}\n{}{}",
            self.title(),
            self.rules_line(),
            self.counters(nodes)
        )
    }

    fn title(&self) -> String {
        if self.position {
            format!("Kalah({}) position", self.rules.pots())
        } else {
            format!("Kalah({},{})", self.rules.pots(), self.rules.stones())
        }
    }

    fn rules_line(&self) -> String {
        format!(
            "rules: capture {}; end {}\n",
            capture_name(self.rules.capture),
            end_name(self.rules.end)
        )
    }

    /// The database line, then nodes, table, threads and time.
    fn counters(&self, nodes: u64) -> String {
        let database = match self.loaded {
            Some(l) => format!(
                "database: positions with at most {} seeds in the houses, {} bytes, {} in {:.3} s ({})",
                l.db.seeds(),
                l.db.len(),
                if l.built { "built" } else { "loaded" },
                l.seconds,
                l.path.display()
            ),
            None => "database: none".to_owned(),
        };
        let seconds = self.started.elapsed().as_secs_f64();
        let threads = self.threads;
        format!(
            "{database}\nnodes {nodes}, table {} MB, {threads} thread{}, time {seconds:.3} s, {:.0} nodes/s\n",
            self.table_bytes >> 20,
            if threads == 1 { "" } else { "s" },
            nodes as f64 / seconds.max(1e-9)
        )
    }
}
