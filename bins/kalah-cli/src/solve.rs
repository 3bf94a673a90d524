//! `kalah solve`: the exact value of a variant, with MTD(f) and an endgame database.

use crate::db;
use cli_support::status::StatusLine;
use kalah::{Board, Chain, Exact, ExactSolver, Player, Position, Probe, Progress, Rules, plan};
use search_core::games::deepening::{Iteration, Observer};
use std::error::Error;
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

/// Prints each depth of `--deepen-to` as it completes; a failed write (a closed pipe) is kept
/// and stops the deepening.
struct DepthLines {
    started: Instant,
    failed: Option<cli_support::Error>,
}

impl Observer<Chain> for DepthLines {
    fn completed(&mut self, it: &Iteration<'_, Chain>) {
        if self.failed.is_none() {
            let best = it
                .outcome
                .best_move
                .map_or_else(String::new, |c| c.to_string());
            let line = format!(
                "depth {}: value {:+}, best {best}, nodes {}, elapsed {:.3} s\n",
                it.depth,
                it.outcome.value,
                it.outcome.stats.nodes,
                self.started.elapsed().as_secs_f64()
            );
            self.failed = cli_support::print_out(&line).err();
        }
    }

    fn keep_going(&self) -> bool {
        self.failed.is_none()
    }
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
        None => {
            let mut lines = DepthLines {
                started,
                failed: None,
            };
            let table_bits = options.table_bits.min(22);
            let guess = plan::first_guess(&board, table_bits, options.deepen_to, &mut lines);
            if let Some(failed) = lines.failed {
                return Err(failed.into());
            }
            guess
        }
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
    heartbeat.status.clear();
    (exact, bounds)
}

/// The progress display of a solve on stderr: with `--progress`, a line per closed probe;
/// within a probe, a heartbeat (nodes, elapsed time, the value tested, root moves done) as a
/// [`StatusLine`].
struct Heartbeat {
    live: std::sync::Arc<Progress>,
    started: Instant,
    status: StatusLine,
}

impl Heartbeat {
    fn new(live: std::sync::Arc<Progress>, started: Instant, lines: bool) -> Self {
        let status = StatusLine::new(lines);
        Self {
            live,
            started,
            status,
        }
    }

    /// Shows the heartbeat until `finished` is set.
    fn run(&self, finished: &AtomicBool) {
        self.status.run_until(finished, self.started, |elapsed| {
            let s = self.live.snapshot();
            format!(
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
            )
        });
    }

    /// A closed probe's bounds, as a line with `--progress`.
    fn probe(&self, probe: &Probe) {
        if self.status.lines() {
            let line = format!(
                "bounds [{:+}, {:+}], nodes {}, {:.1} s",
                probe.lower,
                probe.upper,
                probe.nodes,
                self.started.elapsed().as_secs_f64()
            );
            self.status.show(&line, true);
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
            self.rules.capture.describe(),
            self.rules.end.describe()
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
