//! The exact solver: MTD(f) straight to the end of the game over single sowings.
//!
//! Each probe is a fail-soft null-window alpha-beta search ("is the value at least β?") over
//! [`Position`]s, where a free turn is a single move whose child has the same side to move
//! (no chain generation; the table catches the transpositions). It uses:
//! - a transposition table of bounds on exact values keyed by the full position ([`Table`]),
//!   at nodes a few seeds above the database (nearer, a subtree costs less than a cache miss);
//! - futility cut-offs from the seeds left: the value of the houses lies in `-n..=n` and has
//!   the parity of `n` (a side holding more than half the seeds has won);
//! - enhanced transposition cut-offs: before searching, every child is looked up (end of game,
//!   endgame database, table) and a child proving the cut-off ends the node;
//! - move ordering: the table's move, then free turns, then by seeds banked (captures);
//! - the [`EndgameDb`] at the leaves: a position with few enough seeds is not searched.
//!
//! With more than one thread ([`ExactSolver::with_threads`]), the threads search each probe
//! together over the shared table and split the moves of big nodes between them
//! (simplified ABDADA, in `worker.rs`).
//!
//! The recursion is as deep as the game is long (a sowing that banks nothing lowers the
//! potential of the board, so games are finite and short).

use crate::board::Board;
use crate::endgame::EndgameDb;
use crate::exact::{Position, sign};
use crate::rules::Rules;
use crate::table::{NO_MOVE, Table};
use crate::worker::{Context, Worker};
use search_core::{games::Bounds, games::BusySet, games::Mtdf, games::Value};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, AtomicU64, Ordering};

/// Enhanced transposition cut-offs only at nodes with at least this many seeds more than the
/// database holds: nearer the leaves the children's table lookups (cache misses) cost more than
/// the nodes they save (measured in docs/performance-history.md).
const ETC_ABOVE_DB: i32 = 10;

/// The table is probed and written only at nodes with at least this many seeds more than the
/// database holds: the subtrees nearer the leaves are too small to pay for a table entry's
/// cache miss (Kalah(6,4) with a 16-seed database: 10% more nodes, 15% less time).
const TABLE_ABOVE_DB: i32 = 3;

/// Threads split a node's moves only at nodes with at least this many seeds more than the
/// database holds (nearer the leaves they search the same small subtrees side by side).
/// Kalah(6,4) on two threads with a 16-seed database: 3 or 20 cost 10% more time than 6 to
/// 14.
const SPLIT_ABOVE_DB: i32 = 8;

/// The busy marks of a solve with several threads: `2^BUSY_BITS` slots.
const BUSY_BITS: u32 = 16;

/// The bounds after one probe of MTD(f).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probe {
    /// The value (houses only, side to move's view) is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// Live counters of a running solve, readable from another thread (a progress display) while
/// [`ExactSolver::solve`] runs; see [`ExactSolver::progress`]. The node count lags by at most
/// 4096 nodes per thread.
///
/// # Example
///
/// ```
/// use kalah::{ExactSolver, Position, Rules};
///
/// let mut solver = ExactSolver::new(Rules::new(4, 3).unwrap(), 16, None);
/// let live = solver.progress(); // another thread may read it during the solve
/// let exact = solver.solve(&Position::from_rows(&[3; 4], &[3; 4]), 0, &mut |_| {}).unwrap();
/// let now = live.snapshot();
/// assert_eq!(now.nodes, exact.nodes);
/// assert!(now.lower <= exact.value && exact.value <= now.upper);
/// ```
#[derive(Debug)]
pub struct Progress {
    pub(crate) nodes: AtomicU64,
    test: AtomicI32,
    lower: AtomicI32,
    upper: AtomicI32,
    pub(crate) done: [AtomicU32; 2],
    pub(crate) moves: [AtomicU32; 2],
}

/// One reading of a [`Progress`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// Nodes searched by the current solve.
    pub nodes: u64,
    /// The probe under way asks whether the value is at least this.
    pub test: i32,
    /// The value is known to be at least this.
    pub lower: i32,
    /// The value is known to be at most this.
    pub upper: i32,
    /// Moves searched so far in the probe under way at the root (`[0]`) and at the node of
    /// the root's move being searched (`[1]`).
    pub done: [u32; 2],
    /// Moves at the root (`[0]`) and at the node of the root's move being searched (`[1]`).
    pub moves: [u32; 2],
}

impl Progress {
    fn new() -> Self {
        Self {
            nodes: AtomicU64::new(0),
            test: AtomicI32::new(0),
            lower: AtomicI32::new(0),
            upper: AtomicI32::new(0),
            done: [AtomicU32::new(0), AtomicU32::new(0)],
            moves: [AtomicU32::new(0), AtomicU32::new(0)],
        }
    }

    /// The counters now.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            nodes: self.nodes.load(Ordering::Relaxed),
            test: self.test.load(Ordering::Relaxed),
            lower: self.lower.load(Ordering::Relaxed),
            upper: self.upper.load(Ordering::Relaxed),
            done: [0, 1].map(|i| self.done[i].load(Ordering::Relaxed)),
            moves: [0, 1].map(|i| self.moves[i].load(Ordering::Relaxed)),
        }
    }

    fn start_probe(&self, test: i32, lower: i32, upper: i32) {
        self.test.store(test, Ordering::Relaxed);
        self.lower.store(lower, Ordering::Relaxed);
        self.upper.store(upper, Ordering::Relaxed);
        self.done[0].store(0, Ordering::Relaxed);
    }
}

/// An exact value found by [`ExactSolver::solve`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exact {
    /// The margin the side to move gets from the seeds in the houses with perfect play.
    pub value: i32,
    /// A house of the side to move that achieves it (`None` when the game is over).
    pub best: Option<usize>,
    /// Nodes searched by this solve.
    pub nodes: u64,
}

/// MTD(f) with a transposition table and an optional endgame database; keeps its table between
/// solves (bounds stay valid: they are about exact values).
///
/// # Example
///
/// ```
/// use kalah::{CaptureRule, ExactSolver, Position, Rules};
///
/// let rules = Rules::new(4, 3).unwrap().with_capture(CaptureRule::OppositeNonEmpty);
/// let mut solver = ExactSolver::new(rules, 16, None);
/// let start = Position::from_rows(&[3; 4], &[3; 4]);
/// let exact = solver.solve(&start, 0, &mut |_| {}).unwrap();
/// assert_eq!(exact.value, 6); // Kalah(4,3), standard rule: the first player wins by 6
/// ```
#[derive(Debug)]
pub struct ExactSolver<'a> {
    ctx: Context<'a>,
    threads: usize,
    nodes: u64,
}

impl<'a> ExactSolver<'a> {
    /// A solver for `rules` with a table of `2^table_bits` entries and, optionally, an endgame
    /// database built for the same board size and rules (ignored otherwise); one thread.
    pub fn new(rules: Rules, table_bits: u32, db: Option<&'a EndgameDb>) -> Self {
        let db = db.filter(|d| {
            let r = d.rules();
            r.pots() == rules.pots() && r.capture == rules.capture && r.end == rules.end
        });
        let db_seeds = db.map_or(0, EndgameDb::seeds);
        Self {
            ctx: Context {
                rules,
                pots: usize::from(rules.pots()),
                db,
                db_seeds,
                table: Table::new(table_bits),
                busy: None,
                live: Arc::new(Progress::new()),
                stop: AtomicBool::new(false),
                budget: u64::MAX,
                deadline: None,
                etc_from: db_seeds as i32 + ETC_ABOVE_DB,
                tt_from: db_seeds as i32 + TABLE_ABOVE_DB,
                split_from: db_seeds as i32 + SPLIT_ABOVE_DB,
            },
            threads: 1,
            nodes: 0,
        }
    }

    /// The same solver searching with `threads` threads (at least 1) that share its table.
    /// The values are the one-thread solver's; the best moves and node counts may differ.
    ///
    /// # Example
    ///
    /// ```
    /// use kalah::{ExactSolver, Position, Rules};
    ///
    /// let start = Position::from_rows(&[3; 5], &[3; 5]);
    /// let mut two = ExactSolver::new(Rules::new(5, 3).unwrap(), 18, None).with_threads(2);
    /// assert_eq!(two.solve(&start, 0, &mut |_| {}).unwrap().value, 8);
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self.ctx.busy = (self.threads > 1).then(|| BusySet::new(BUSY_BITS));
        self
    }

    /// The threads this solver searches with.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The live counters of this solver's solves, for another thread to read while
    /// [`solve`](Self::solve) runs.
    pub fn progress(&self) -> Arc<Progress> {
        Arc::clone(&self.ctx.live)
    }

    /// Gives up a solve after `nodes` nodes (`u64::MAX`: never).
    pub fn set_budget(&mut self, nodes: u64) {
        self.ctx.budget = nodes;
    }

    /// Gives up a solve at `deadline` (`None`: never). The probes that closed before it have
    /// been reported (their bounds stand); the clock is read every 4096 nodes of a thread.
    ///
    /// # Example
    ///
    /// ```
    /// use kalah::{ExactSolver, Position, Rules};
    /// use std::time::Instant;
    ///
    /// let mut solver = ExactSolver::new(Rules::new(6, 6).unwrap(), 16, None);
    /// solver.set_deadline(Some(Instant::now())); // already past: gives up at once
    /// let start = Position::from_rows(&[6; 6], &[6; 6]);
    /// assert_eq!(solver.solve(&start, 0, &mut |_| {}), None);
    /// ```
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.ctx.deadline = deadline;
    }

    /// The nodes searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.ctx.table.bytes()
    }

    /// What the threads share.
    #[cfg(test)]
    pub(crate) fn context(&self) -> &Context<'a> {
        &self.ctx
    }

    /// The exact value of `pos` and a best house, starting MTD(f) from `guess` and calling
    /// `report` after each probe; `None` when the node budget ran out or the deadline passed
    /// first (the last probe reported holds the bounds proved).
    pub fn solve(
        &mut self,
        pos: &Position,
        guess: i32,
        report: &mut dyn FnMut(Probe),
    ) -> Option<Exact> {
        self.nodes = 0;
        self.ctx.live.nodes.store(0, Ordering::Relaxed);
        let n = pos.seeds() as i32;
        if let Some(v) = pos.terminal_value(self.ctx.pots, self.ctx.rules.end) {
            return Some(Exact {
                value: v,
                best: None,
                nodes: 0,
            });
        }
        // Margins share the parity of the seeds: the values are -n, -n + 2, ..., n.
        let mut mtdf = Mtdf::new(
            Bounds {
                lower: -n,
                upper: n,
            },
            guess,
            2,
        );
        let mut best = NO_MOVE;
        while let Some(beta) = mtdf.next_beta() {
            let Bounds { lower, upper } = mtdf.bounds();
            self.ctx.live.start_probe(beta, lower, upper);
            let (r, root_best) = self.probe(pos, n, beta)?;
            if mtdf.record(beta, r) {
                best = root_best;
            }
            let Bounds { lower, upper } = mtdf.bounds();
            report(Probe {
                lower,
                upper,
                nodes: self.nodes,
            });
        }
        let value = mtdf.value().expect("MTD(f) runs until the bounds meet");
        if best == NO_MOVE {
            best = self.any_best(pos, value)?;
        }
        Some(Exact {
            value,
            best: (best != NO_MOVE).then_some(usize::from(best)),
            nodes: self.nodes,
        })
    }

    /// One probe of MTD(f) on all threads: the fail-soft value of `pos` against `beta` and the
    /// root's move that proved a fail-high; `None` when the node budget ran out.
    fn probe(&mut self, pos: &Position, n: i32, beta: i32) -> Option<(i32, u8)> {
        let ctx = &self.ctx;
        ctx.stop.store(false, Ordering::Relaxed);
        let spent = self.nodes;
        let results = if self.threads == 1 {
            vec![Worker::new(ctx, 0, spent).run(pos, n, beta)]
        } else {
            std::thread::scope(|s| {
                let helpers: Vec<_> = (1..self.threads)
                    .map(|id| s.spawn(move || Worker::new(ctx, id, spent).run(pos, n, beta)))
                    .collect();
                let mut all = vec![Worker::new(ctx, 0, spent).run(pos, n, beta)];
                for helper in helpers {
                    all.push(
                        helper
                            .join()
                            .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                    );
                }
                all
            })
        };
        self.nodes += results.iter().map(|r| r.1).sum::<u64>();
        results.into_iter().find_map(|r| r.0)
    }

    /// A house whose value is at least `value` (when no probe failed high: `value` is `-n`);
    /// `None` when the node budget ran out.
    fn any_best(&mut self, pos: &Position, value: i32) -> Option<u8> {
        self.ctx.stop.store(false, Ordering::Relaxed);
        let mut worker = Worker::new(&self.ctx, 0, self.nodes);
        let best = worker.any_best(pos, value);
        self.nodes += worker.finish();
        (!worker.aborted()).then_some(best)
    }

    /// The exact value of `board` (Max's kalah minus Min's at the end) and a best pot for the
    /// side to move; `None` when the node budget ran out.
    pub fn solve_board(&mut self, board: &Board) -> Option<(Value, Option<usize>)> {
        if board.is_over() {
            return Some((board.kalah_difference(), None));
        }
        let pos = Position::from_board(board);
        let exact = self.solve(&pos, 0, &mut |_| {})?;
        Some((
            board.kalah_difference() + exact.value * sign(board.to_move()),
            exact.best,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CaptureRule;

    fn start(p: usize, s: u8) -> Position {
        Position::from_rows(&vec![s; p], &vec![s; p])
    }

    fn value(p: u32, s: u32, capture: CaptureRule, db_seeds: u32) -> i32 {
        let rules = Rules::new(p, s).unwrap().with_capture(capture);
        let db = (db_seeds > 0).then(|| EndgameDb::build(rules, db_seeds, &mut |_, _| {}));
        let bits = if p * s > 20 { 24 } else { 18 };
        let mut solver = ExactSolver::new(rules, bits, db.as_ref());
        let s = u8::try_from(s).unwrap();
        solver
            .solve(&start(p as usize, s), 0, &mut |_| {})
            .unwrap()
            .value
    }

    /// Published values (standard rule: capture only when the opposite house has seeds; the
    /// game ends when either row is empty and each side keeps its own seeds).
    #[test]
    fn published_small_games_standard_rule() {
        let op = CaptureRule::OppositeNonEmpty;
        for (p, s, want) in [(4, 3, 6), (4, 4, 2), (5, 2, 2), (6, 2, 6), (5, 3, 6)] {
            assert_eq!(value(p, s, op, 0), want, "Kalah({p},{s})");
            assert_eq!(value(p, s, op, 10), want, "Kalah({p},{s}) with a database");
        }
    }

    /// Kalah(5,4): published +10 under the standard rule; +12 with empty captures (ours,
    /// also what `kalah solve` prints).
    #[test]
    fn kalah_5_4_standard_plus_10_empty_capture_plus_12() {
        assert_eq!(value(5, 4, CaptureRule::OppositeNonEmpty, 16), 10);
        assert_eq!(value(5, 4, CaptureRule::Always, 16), 12);
    }

    #[test]
    fn kalah_6_3_standard_rule_is_plus_2() {
        assert_eq!(value(6, 3, CaptureRule::OppositeNonEmpty, 12), 2);
    }

    /// The empty-capture rule (our default): the values we compute, each equal to the
    /// engine's independent solve over the chain model.
    #[test]
    fn small_games_empty_capture_rule() {
        for (p, s, want) in [(4, 3, 8), (4, 4, 2), (5, 2, 0), (6, 2, 10), (5, 3, 8)] {
            let rules = Rules::new(p, s).unwrap();
            assert_eq!(value(p, s, CaptureRule::Always, 10), want, "Kalah({p},{s})");
            if p * s <= 12 {
                assert_eq!(crate::solve(rules, 18).value, want, "Kalah({p},{s}) engine");
            }
        }
    }

    /// `EndRule::MoverSideEmpty` (the game ends only when the side to move has no seeds)
    /// is not the published convention: with empty captures it moves Kalah(4,4) from +2 to
    /// +4 and Kalah(5,3) from +8 to +10, as the rules' docs say; the chain model's engine
    /// agrees on Kalah(4,4).
    #[test]
    fn the_mover_side_empty_end_rule_gives_other_values() {
        use crate::rules::EndRule;
        for (p, s, want) in [(4, 4, 4), (5, 3, 10)] {
            let rules = Rules::new(p, s).unwrap().with_end(EndRule::MoverSideEmpty);
            let mut solver = ExactSolver::new(rules, 18, None);
            let start = start(p as usize, s as u8);
            assert_eq!(solver.solve(&start, 0, &mut |_| {}).unwrap().value, want);
            if p * s <= 16 {
                assert_eq!(crate::solve(rules, 18).value, want, "Kalah({p},{s}) engine");
            }
        }
    }

    /// The live counters agree with the solve they follow: its nodes, its last probe's
    /// bounds around the value, the root's moves all searched in a failing probe.
    #[test]
    fn progress_follows_the_solve() {
        let rules = Rules::new(4, 3).unwrap();
        let mut solver = ExactSolver::new(rules, 16, None);
        let live = solver.progress();
        let mut probes = Vec::new();
        let exact = solver
            .solve(&start(4, 3), 0, &mut |p| probes.push(p))
            .unwrap();
        let last = probes.last().copied().unwrap();
        assert_eq!((last.lower, last.upper), (exact.value, exact.value));
        let s = live.snapshot();
        assert_eq!(s.nodes, exact.nodes);
        assert_eq!(s.moves[0], 4);
        assert!(s.lower <= exact.value && exact.value <= s.upper);
        if s.test > exact.value {
            // The last probe failed low: every root move was searched.
            assert_eq!(s.done[0], 4);
        }
    }

    /// Threads: at least one; the busy marks only when there are several to share the work;
    /// the table's size follows its bits.
    #[test]
    fn threads_and_table_size() {
        let rules = Rules::new(4, 3).unwrap();
        for (asked, threads, busy) in [(0, 1, false), (1, 1, false), (2, 2, true), (5, 5, true)] {
            let solver = ExactSolver::new(rules, 10, None).with_threads(asked);
            assert_eq!(solver.threads(), threads, "{asked}");
            assert_eq!(solver.context().busy.is_some(), busy, "{asked}");
        }
        let small = ExactSolver::new(rules, 10, None).table_bytes();
        assert!(small >= 1 << 10, "{small}");
        assert_eq!(ExactSolver::new(rules, 11, None).table_bytes(), 2 * small);
    }

    /// A node budget or a deadline stops a solve that cannot finish (Kalah(6,6) from the
    /// start): past the budget, or at the first look at the clock.
    #[test]
    fn a_budget_or_a_deadline_stops_the_solve() {
        let rules = Rules::new(6, 6).unwrap();
        let start = start(6, 6);
        let mut budgeted = ExactSolver::new(rules, 12, None);
        budgeted.set_budget(100);
        assert_eq!(budgeted.solve(&start, 0, &mut |_| {}), None);
        // One thread stops at the node past its budget.
        assert_eq!(budgeted.nodes(), 101);
        let mut late = ExactSolver::new(rules, 12, None);
        late.set_deadline(Some(std::time::Instant::now()));
        assert_eq!(late.solve(&start, 0, &mut |_| {}), None);
        // The clock is looked at every 4096 nodes.
        assert!((4096..=8192).contains(&late.nodes()), "{}", late.nodes());
    }

    /// When the mover loses every seed (no probe fails high) the best house is found by a
    /// search of its own: here the only house that holds seeds. The mover's seed lands in its
    /// empty house opposite an empty house (no capture under the standard rule) and the
    /// opponent's seed takes it.
    #[test]
    fn a_lost_position_still_has_a_best_house() {
        use search_core::games::{Player, alpha_beta};
        let rules = Rules::new(4, 1)
            .unwrap()
            .with_capture(CaptureRule::OppositeNonEmpty);
        for (mover, opponent, house) in [
            ([1, 0, 0, 0], [0, 1, 0, 0], 0),
            ([0, 1, 0, 0], [1, 0, 0, 0], 1),
        ] {
            let board = Board::from_parts(rules, &mover, 0, &opponent, 0, Player::Max).unwrap();
            assert_eq!(alpha_beta(&board, None).value, -2, "{mover:?} {opponent:?}");
            let pos = Position::from_rows(&mover, &opponent);
            let mut solver = ExactSolver::new(rules, 10, None);
            let live = solver.progress();
            let exact = solver.solve(&pos, 0, &mut |_| {}).unwrap();
            assert_eq!((exact.value, exact.best), (-2, Some(house)));
            // The nodes of the probes and of the search for the house, counted live one by one.
            assert_eq!(exact.nodes, live.snapshot().nodes);
            assert_eq!(solver.nodes(), exact.nodes);
        }
    }

    /// The published Kalah(6,4) values: +10 with empty captures, +8 with the standard rule.
    /// Minutes in the test profile: run with
    /// `cargo test --release -p kalah -- --ignored kalah_6_4`.
    #[test]
    #[ignore = "minutes in the test profile; run in release"]
    fn kalah_6_4_published_values() {
        assert_eq!(value(6, 4, CaptureRule::OppositeNonEmpty, 16), 8);
        assert_eq!(value(6, 4, CaptureRule::Always, 16), 10);
    }
}
