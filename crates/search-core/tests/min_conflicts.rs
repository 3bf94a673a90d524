//! The min-conflicts driver on n-queens, a problem where a repair often makes another variable
//! conflicted (the queen already on the chosen row), which the driver must notice.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::test_support::queens_csp;
use search_core::{
    constraints::CspOptions, constraints::solve_all, local_search::ConflictProblem,
    local_search::MinConflictsLimits, local_search::min_conflicts,
};

/// One queen per column; `rows[c]` is its row. Counters per row and per diagonal give O(1)
/// conflict counts. `REPORT`: whether repairs report the queens they attack.
struct Queens<const REPORT: bool> {
    rows: Vec<usize>,
    per_row: Vec<u32>,
    per_diag: Vec<u32>,
    per_anti: Vec<u32>,
}

impl<const REPORT: bool> Queens<REPORT> {
    fn new(n: usize, rng: &mut StdRng) -> Self {
        let mut q = Self {
            rows: vec![0; n],
            per_row: vec![0; n],
            per_diag: vec![0; 2 * n],
            per_anti: vec![0; 2 * n],
        };
        q.restart(rng);
        q
    }

    fn lines(&self, col: usize, row: usize) -> (usize, usize, usize) {
        (row, col + self.rows.len() - row, col + row)
    }

    fn count(&mut self, col: usize, row: usize, delta: i32) {
        let (r, d, a) = self.lines(col, row);
        for counter in [
            &mut self.per_row[r],
            &mut self.per_diag[d],
            &mut self.per_anti[a],
        ] {
            *counter = counter.wrapping_add_signed(delta);
        }
    }

    fn valid(&self) -> bool {
        let n = self.rows.len();
        (0..n).all(|a| {
            (a + 1..n).all(|b| {
                self.rows[a] != self.rows[b] && self.rows[a].abs_diff(self.rows[b]) != b - a
            })
        })
    }
}

impl<const REPORT: bool> ConflictProblem for Queens<REPORT> {
    type Value = usize;
    const REPORTS_AFFECTED: bool = REPORT;
    fn variable_count(&self) -> usize {
        self.rows.len()
    }
    fn value(&self, col: usize) -> usize {
        self.rows[col]
    }
    fn conflicts(&self, col: usize, row: usize) -> usize {
        let (r, d, a) = self.lines(col, row);
        let own = usize::from(self.rows[col] == row);
        (self.per_row[r] + self.per_diag[d] + self.per_anti[a]) as usize - 3 * own
    }
    fn candidates<R: Rng + ?Sized>(&self, _col: usize, _rng: &mut R, out: &mut Vec<usize>) {
        out.extend(0..self.rows.len());
    }
    fn assign(&mut self, col: usize, row: usize) {
        self.count(col, self.rows[col], -1);
        self.rows[col] = row;
        self.count(col, row, 1);
    }
    fn restart<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let n = self.rows.len();
        self.per_row.fill(0);
        self.per_diag.fill(0);
        self.per_anti.fill(0);
        for col in 0..n {
            self.rows[col] = rng.random_range(0..n);
            self.count(col, self.rows[col], 1);
        }
    }
    fn affected_by(&self, col: usize, _old: usize, new: usize, mut report: impl FnMut(usize)) {
        if !REPORT {
            return;
        }
        // The queens now sharing a line with (col, new): found by a scan here, which is fine for
        // a test; a real solver keeps per-line membership.
        for other in 0..self.rows.len() {
            let r = self.rows[other];
            if other != col && (r == new || r.abs_diff(new) == other.abs_diff(col)) {
                report(other);
            }
        }
    }
}

/// Solves 40 boards (n = 8 to 48) from random starts; returns (repairs, most restarts).
fn solve_boards<const REPORT: bool>(limits: MinConflictsLimits) -> (u64, u32) {
    let mut repairs = 0;
    let mut worst = 0;
    for seed in 0..40 {
        let mut rng = StdRng::seed_from_u64(seed);
        let n = 8 + (seed as usize % 5) * 10;
        let mut queens = Queens::<REPORT>::new(n, &mut rng);
        let stats = min_conflicts(&mut queens, &mut rng, limits)
            .unwrap_or_else(|e| panic!("n = {n}, seed {seed}: {e}"));
        assert!(
            queens.valid(),
            "n = {n}, seed {seed}: an invalid board was returned"
        );
        repairs += stats.steps;
        worst = worst.max(stats.restarts);
    }
    (repairs, worst)
}

/// With 400 repairs per attempt, an attempt that loses track of the queens it displaced runs
/// out of repairs: the driver must rescan for them (this failed at n = 18 before it did).
#[test]
fn solves_queens_whether_or_not_repairs_report_what_they_displace() {
    let limits = MinConflictsLimits {
        max_steps: 400,
        max_restarts: 50,
    };
    let (quiet, quiet_restarts) = solve_boards::<false>(limits);
    let (reporting, reporting_restarts) = solve_boards::<true>(limits);
    eprintln!(
        "repairs: {quiet} unreported ({quiet_restarts} restarts at most), {reporting} reported"
    );
    assert!(quiet_restarts <= 3 && reporting_restarts <= 3);
    assert!(
        quiet < 4 * reporting,
        "rescans should keep up with reporting"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Min-conflicts and CSP backtracking agree: the board min-conflicts repairs to is one of
    /// the solutions backtracking enumerates, and every one of those verifies.
    #[test]
    fn min_conflicts_solutions_are_csp_solutions(n in 4usize..10, seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut queens = Queens::<true>::new(n, &mut rng);
        min_conflicts(&mut queens, &mut rng, MinConflictsLimits::default()).unwrap();
        prop_assert!(queens.valid());
        let mut solutions = Vec::new();
        solve_all(&queens_csp(n), CspOptions::fast(), |rows| {
            solutions.push(rows.to_vec());
            true
        });
        prop_assert!(solutions.contains(&queens.rows));
        for rows in &solutions {
            let board = Queens::<true> {
                rows: rows.clone(),
                per_row: Vec::new(),
                per_diag: Vec::new(),
                per_anti: Vec::new(),
            };
            prop_assert!(board.valid(), "{:?}", rows);
        }
    }
}
