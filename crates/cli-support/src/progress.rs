//! Progress of a long search on stderr: once a search has run for [`AFTER`], each completed
//! depth prints one line
//!
//! ```text
//! search: depth 9/42, best column 4, value 3, 1234567 nodes, 1.4 s
//! ```
//!
//! but only when stderr is a terminal, so piped and redirected output (and every golden test)
//! is unchanged. Setting the environment variable [`FORCE`] to `always` reports every depth
//! from the start wherever stderr goes (for tests and for watching a run in a log).
//!
//! [`Progress`] is a [`search_core::games::deepening::Observer`]: hand it to the search.
//!
//! ```
//! use cli_support::progress::{Progress, line};
//! use search_core::games::deepening::{Iteration, Observer};
//! use search_core::games::GameOutcome;
//! use std::time::Duration;
//! assert_eq!(
//!     line(9, 42, Some("column 4"), Some(3), 1234567, Duration::from_millis(1400)),
//!     "search: depth 9/42, best column 4, value 3, 1234567 nodes, 1.4 s"
//! );
//! // Silent before a second has passed.
//! let mut progress = Progress::new(true, Duration::from_secs(1), |c: &u8| format!("column {}", c + 1));
//! progress.started();
//! let outcome = GameOutcome { value: 3, best_move: Some(3u8), stats: Default::default() };
//! let iteration = Iteration { depth: 1, of: 42, outcome: &outcome, nodes: 10 };
//! assert_eq!(progress.line_for(&iteration), None);
//! ```

use search_core::games::Value;
use search_core::games::deepening::{Iteration, Observer};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// A search reports its progress once it has run this long.
pub const AFTER: Duration = Duration::from_secs(1);

/// The environment variable that forces progress lines (value `always`) where stderr is not a
/// terminal, from the first depth on.
pub const FORCE: &str = "CLASSIC_SEARCH_PROGRESS";

/// One progress line (without its newline): the depth completed of the deepest to try, the
/// best move so far in words, its value, the positions visited and the time spent.
#[must_use]
pub fn line(
    depth: u32,
    of: u32,
    best: Option<&str>,
    value: Option<Value>,
    nodes: u64,
    elapsed: Duration,
) -> String {
    let best = best.unwrap_or("-");
    let value = value.map_or_else(String::new, |v| format!(", value {v}"));
    format!(
        "search: depth {depth}/{of}, best {best}{value}, {nodes} nodes, {:.1} s",
        elapsed.as_secs_f64()
    )
}

/// When progress is due: on (a terminal, or [`FORCE`]) and the search has run long enough.
/// For reports of their own ([`Progress`] is the one for iterative deepening).
///
/// ```
/// use cli_support::progress::Gate;
/// use std::time::Duration;
/// assert!(Gate::new(true, Duration::ZERO).due());
/// assert!(!Gate::new(true, Duration::from_secs(60)).due());
/// assert!(!Gate::new(false, Duration::ZERO).due());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Gate {
    enabled: bool,
    after: Duration,
    start: Instant,
}

impl Gate {
    /// Due when `enabled`, once `after` has passed since now (or the last [`restart`](Self::restart)).
    #[must_use]
    pub fn new(enabled: bool, after: Duration) -> Self {
        Self {
            enabled,
            after,
            start: Instant::now(),
        }
    }

    /// The program's gate: on when stderr is a terminal (due after [`AFTER`]), or when
    /// [`FORCE`] is `always` (due at once).
    #[must_use]
    pub fn on_stderr() -> Self {
        if std::env::var_os(FORCE).is_some_and(|v| v == "always") {
            Self::new(true, Duration::ZERO)
        } else {
            Self::new(std::io::stderr().is_terminal(), AFTER)
        }
    }

    /// Whether reports are printed at all.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// The time since the start.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether a report is due now.
    #[must_use]
    pub fn due(&self) -> bool {
        self.enabled && self.start.elapsed() >= self.after
    }

    /// Starts the clock again (a new search).
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }
}

/// Progress lines for the searches of a program, on stderr. The moves of type `M` are named
/// by a function given at construction (`column 4`, `pots 2 5`, `square 19`).
#[derive(Debug, Clone)]
pub struct Progress<M> {
    gate: Gate,
    name: fn(&M) -> String,
    show_value: bool,
}

impl<M> Progress<M> {
    /// Progress reporting when `enabled`, once a search has run for `after`.
    pub fn new(enabled: bool, after: Duration, name: fn(&M) -> String) -> Self {
        Self {
            gate: Gate::new(enabled, after),
            name,
            show_value: true,
        }
    }

    /// The program's progress: on when stderr is a terminal (after [`AFTER`]), or when
    /// [`FORCE`] is `always` (from the start).
    pub fn on_stderr(name: fn(&M) -> String) -> Self {
        Self {
            gate: Gate::on_stderr(),
            name,
            show_value: true,
        }
    }

    /// The same reporter without the search value in its lines (where the engine's value is
    /// an internal scale the user does not know).
    #[must_use]
    pub fn without_value(mut self) -> Self {
        self.show_value = false;
        self
    }

    /// Whether lines are printed at all.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.gate.enabled()
    }

    /// The line for `iteration`, if one is due now.
    #[must_use]
    pub fn line_for(&self, iteration: &Iteration<'_, M>) -> Option<String> {
        if !self.gate.due() {
            return None;
        }
        let elapsed = self.gate.elapsed();
        let best = iteration.outcome.best_move.as_ref().map(self.name);
        let value = self.show_value.then_some(iteration.outcome.value);
        Some(line(
            iteration.depth,
            iteration.of,
            best.as_deref(),
            value,
            iteration.nodes,
            elapsed,
        ))
    }
}

impl<M> Observer<M> for Progress<M> {
    fn wants_iterations(&self) -> bool {
        self.gate.enabled()
    }

    fn started(&mut self) {
        self.gate.restart();
    }

    fn completed(&mut self, iteration: &Iteration<'_, M>) {
        if let Some(text) = self.line_for(iteration) {
            eprintln!("{text}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::games::GameOutcome;

    fn outcome(best: Option<u8>) -> GameOutcome<u8> {
        GameOutcome {
            value: -7,
            best_move: best,
            stats: Default::default(),
        }
    }

    fn column(c: &u8) -> String {
        format!("column {}", c + 1)
    }

    #[test]
    fn lines_name_depth_move_value_nodes_and_time() {
        let zero = Duration::ZERO;
        assert_eq!(
            line(3, 8, None, None, 5, zero),
            "search: depth 3/8, best -, 5 nodes, 0.0 s"
        );
        assert_eq!(
            line(1, 1, Some("pots 2 5"), Some(-4), 0, Duration::from_secs(61)),
            "search: depth 1/1, best pots 2 5, value -4, 0 nodes, 61.0 s"
        );
    }

    #[test]
    fn reports_only_when_enabled_and_late_enough() {
        let found = outcome(Some(3));
        let it = Iteration {
            depth: 2,
            of: 9,
            outcome: &found,
            nodes: 40,
        };
        let off = Progress::new(false, Duration::ZERO, column);
        assert_eq!(off.line_for(&it), None);
        assert!(!Observer::<u8>::wants_iterations(&off));
        let early = Progress::new(true, Duration::from_secs(3600), column);
        assert_eq!(early.line_for(&it), None);
        let mut due = Progress::new(true, Duration::ZERO, column);
        due.started();
        let text = due.line_for(&it).unwrap();
        assert!(
            text.starts_with("search: depth 2/9, best column 4, value -7, 40 nodes, "),
            "{text}"
        );
        let quiet = due.without_value().line_for(&it).unwrap();
        assert!(quiet.starts_with("search: depth 2/9, best column 4, 40 nodes"));
    }

    #[test]
    fn the_gate_and_its_clock() {
        let minute = Duration::from_secs(60);
        assert!(Gate::new(true, minute).enabled());
        assert!(!Gate::new(false, Duration::ZERO).enabled());
        let mut gate = Gate {
            enabled: true,
            after: minute,
            start: Instant::now() - 2 * minute,
        };
        assert!(gate.elapsed() >= 2 * minute);
        assert!(gate.due());
        gate.restart();
        assert!(gate.elapsed() < minute);
        assert!(!gate.due());
    }

    #[test]
    fn a_started_search_restarts_the_clock_and_lines_show_the_time() {
        let found = outcome(None);
        let it = Iteration {
            depth: 1,
            of: 1,
            outcome: &found,
            nodes: 0,
        };
        let minute = Duration::from_secs(60);
        let mut progress = Progress::new(true, minute, column);
        assert!(progress.enabled() && Observer::<u8>::wants_iterations(&progress));
        assert!(!Progress::new(false, minute, column).enabled());
        progress.gate.start = Instant::now() - 2 * minute;
        let text = progress.line_for(&it).unwrap();
        assert!(
            text.starts_with("search: depth 1/1, best -, value -7, 0 nodes, 120."),
            "{text}"
        );
        progress.started();
        assert_eq!(progress.line_for(&it), None);
    }

    #[test]
    fn child_forced() {
        let name = "progress::tests::child_forced";
        if !crate::child::is(name) {
            return;
        }
        // The child's stderr is a pipe, not a terminal.
        let forced = std::env::var(FORCE).is_ok_and(|v| v == "always");
        let gate = Gate::on_stderr();
        assert_eq!((gate.enabled(), gate.due()), (forced, forced));
        let progress = Progress::on_stderr(column);
        assert_eq!(progress.enabled(), forced);
        let found = outcome(Some(0));
        let mut progress = progress;
        progress.completed(&Iteration {
            depth: 3,
            of: 5,
            outcome: &found,
            nodes: 12,
        });
    }

    #[test]
    fn progress_is_forced_by_the_variable_only_when_always() {
        let name = "progress::tests::child_forced";
        let dir = crate::child::folder("progress");
        for (value, shown) in [
            (Some("always"), true),
            (Some("never"), false),
            (None, false),
        ] {
            let vars: Vec<(&str, &str)> = value.map(|v| (FORCE, v)).into_iter().collect();
            let out = crate::child::run_with(name, &dir, &vars);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{value:?}: {out:?}");
            let line = "search: depth 3/5, best column 1, value -7, 12 nodes, ";
            assert_eq!(stderr.contains(line), shown, "{value:?}: {stderr}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
