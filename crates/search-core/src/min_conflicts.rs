//! Min-conflicts repair for constraint problems.
//!
//! The problem keeps a complete assignment and answers "how many conflicts would variable `v`
//! have with value `x`" (ideally in O(1), from counters it maintains). The driver keeps a list of
//! variables that were conflicted when last looked at, picks one at random, moves it to a value
//! with the fewest conflicts (ties broken at random), and lazily drops variables that turn out
//! not to be conflicted any more. A repair can make other variables conflicted: the problem may
//! report them ([`ConflictProblem::affected_by`]). The driver rescans every variable when its
//! list runs dry; and earlier, once the repairs since the last scan have weighed at least a
//! quarter as many candidate values as there are variables (so scans stay a fraction of the
//! work), when picks stop changing anything (more idle picks in a row than the list holds,
//! plus 8) or, for a problem that does not report, after `found / 4 + 2` repairs since the last
//! scan found `found` variables. On n-queens from random starts (tests/min_conflicts.rs, 40
//! boards, 400 repairs an attempt) that takes 6.1k repairs, against 3.3k when the problem
//! reports and outright failure at n = 18 when the driver waited for its list to run dry.
//! A scan that finds nothing proves the assignment is a solution. After a bounded number of
//! repairs it restarts from a fresh assignment the problem builds.

use crate::Error;
use rand::Rng;

/// A constraint problem over variables `0..variable_count()` with a complete assignment.
pub trait ConflictProblem {
    /// A value of a variable.
    type Value: Copy + PartialEq;

    /// The number of variables.
    fn variable_count(&self) -> usize;

    /// The current value of `var`.
    fn value(&self, var: usize) -> Self::Value;

    /// How many conflicts `var` would have if it had `value`, the other variables unchanged.
    /// Should be O(1): the driver calls it for every candidate value.
    fn conflicts(&self, var: usize, value: Self::Value) -> usize;

    /// The values to consider when repairing `var`, written into `out` (cleared by the driver):
    /// the whole domain, or a sample of it for very large domains. May include the current value.
    fn candidates<R: Rng + ?Sized>(&self, var: usize, rng: &mut R, out: &mut Vec<Self::Value>);

    /// Gives `var` the value `value`, updating whatever counters the problem keeps.
    fn assign(&mut self, var: usize, value: Self::Value);

    /// Builds a fresh assignment for a restart (called before every attempt but the first).
    fn restart<R: Rng + ?Sized>(&mut self, rng: &mut R);

    /// Whether [`affected_by`](ConflictProblem::affected_by) reports every variable a repair may
    /// make conflicted. When it does not (the default), the driver also rescans early after a
    /// quarter as many repairs as the last scan found conflicted variables (see the module docs).
    const REPORTS_AFFECTED: bool = false;

    /// Reports the variables that moving `var` from `old` to `new` may have made conflicted
    /// (those now sharing a constraint with it), so the driver can look at them without a full
    /// scan. The default reports none: the driver then finds them at its next scan.
    fn affected_by(
        &self,
        _var: usize,
        _old: Self::Value,
        _new: Self::Value,
        _report: impl FnMut(usize),
    ) {
    }

    /// Whether `var` is conflicted under the current assignment.
    fn is_conflicted(&self, var: usize) -> bool {
        self.conflicts(var, self.value(var)) > 0
    }
}

/// Limits of a min-conflicts run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinConflictsLimits {
    /// Repairs allowed per attempt before a restart.
    pub max_steps: u64,
    /// Restarts allowed after the first attempt.
    pub max_restarts: u32,
}

impl Default for MinConflictsLimits {
    fn default() -> Self {
        Self {
            max_steps: 100_000,
            max_restarts: 10,
        }
    }
}

/// What a successful run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MinConflictsStats {
    /// Repairs made (variables reassigned), over all attempts.
    pub steps: u64,
    /// Restarts made.
    pub restarts: u32,
    /// Full scans of the variables (one per attempt at least, and one to prove the solution).
    pub scans: u64,
}

/// Repairs `problem` in place until no variable is conflicted.
///
/// ```
/// use rand::{Rng, SeedableRng, rngs::StdRng};
/// use search_core::{local_search::min_conflicts, local_search::ConflictProblem, local_search::MinConflictsLimits};
///
/// /// Colour a path of 5 vertices with 2 colours so that neighbours differ.
/// struct PathColouring(Vec<u8>);
/// impl ConflictProblem for PathColouring {
///     type Value = u8;
///     fn variable_count(&self) -> usize { self.0.len() }
///     fn value(&self, v: usize) -> u8 { self.0[v] }
///     fn conflicts(&self, v: usize, c: u8) -> usize {
///         let left = v > 0 && self.0[v - 1] == c;
///         let right = v + 1 < self.0.len() && self.0[v + 1] == c;
///         usize::from(left) + usize::from(right)
///     }
///     fn candidates<R: Rng + ?Sized>(&self, _: usize, _: &mut R, out: &mut Vec<u8>) {
///         out.extend([0, 1]);
///     }
///     fn assign(&mut self, v: usize, c: u8) { self.0[v] = c; }
///     fn restart<R: Rng + ?Sized>(&mut self, rng: &mut R) {
///         for c in &mut self.0 { *c = rng.random_range(0..2); }
///     }
/// }
///
/// let mut problem = PathColouring(vec![0; 5]);
/// let mut rng = StdRng::seed_from_u64(7);
/// min_conflicts(&mut problem, &mut rng, MinConflictsLimits::default()).unwrap();
/// assert!(problem.0.windows(2).all(|w| w[0] != w[1]));
/// ```
///
/// # Errors
/// [`Error::Unsolved`] when every attempt ran out of steps; the problem keeps the last
/// assignment.
pub fn min_conflicts<P, R>(
    problem: &mut P,
    rng: &mut R,
    limits: MinConflictsLimits,
) -> Result<MinConflictsStats, Error>
where
    P: ConflictProblem,
    R: Rng + ?Sized,
{
    let mut stats = MinConflictsStats::default();
    let mut conflicted: Vec<usize> = Vec::new();
    let mut candidates: Vec<P::Value> = Vec::new();
    for attempt in 0..=limits.max_restarts {
        if attempt > 0 {
            problem.restart(rng);
            stats.restarts += 1;
        }
        let mut steps = 0u64;
        let mut rescan = Rescan::default();
        loop {
            if conflicted.is_empty() {
                stats.scans += 1;
                let found = scan_conflicted(problem, &mut conflicted);
                if found == 0 {
                    return Ok(stats);
                }
                rescan = Rescan::after_scan(found);
            }
            let pick = rng.random_range(0..conflicted.len());
            let var = conflicted[pick];
            if !problem.is_conflicted(var) {
                conflicted.swap_remove(pick);
                continue;
            }
            if steps == limits.max_steps {
                conflicted.clear();
                break;
            }
            steps += 1;
            stats.steps += 1;
            let (weighed, changed) = repair(problem, var, rng, &mut candidates, &mut conflicted);
            rescan.record_repair(weighed, changed);
            if rescan.is_due(problem, conflicted.len()) {
                conflicted.clear();
            }
        }
    }
    Err(Error::Unsolved {
        steps: stats.steps,
        restarts: stats.restarts,
    })
}

/// Fills the empty `conflicted` with every conflicted variable (a full scan); returns how many.
fn scan_conflicted<P: ConflictProblem>(problem: &P, conflicted: &mut Vec<usize>) -> usize {
    conflicted.extend((0..problem.variable_count()).filter(|&v| problem.is_conflicted(v)));
    conflicted.len()
}

/// Moves `var` to a least-conflicted candidate value, listing in `conflicted` the variables the
/// move may have made conflicted; returns how many candidates it weighed and whether `var` moved.
fn repair<P, R>(
    problem: &mut P,
    var: usize,
    rng: &mut R,
    candidates: &mut Vec<P::Value>,
    conflicted: &mut Vec<usize>,
) -> (usize, bool)
where
    P: ConflictProblem,
    R: Rng + ?Sized,
{
    candidates.clear();
    problem.candidates(var, rng, candidates);
    let old = problem.value(var);
    match least_conflicted(problem, var, candidates, rng) {
        Some(value) if value != old => {
            problem.assign(var, value);
            problem.affected_by(var, old, value, |v| conflicted.push(v));
            (candidates.len(), true)
        }
        _ => (candidates.len(), false),
    }
}

/// When to rebuild the list of conflicted variables from a full scan.
#[derive(Default)]
struct Rescan {
    /// Repairs since the last scan, and how many variables that scan found: a bound on how
    /// long hidden conflicts can stay unseen.
    since_scan: u64,
    scan_size: u64,
    /// Picks in a row that changed nothing.
    idle_picks: usize,
    /// Candidate values weighed since the last scan: a scan is only worth it once the repairs
    /// have cost about as much as it does.
    work: usize,
}

impl Rescan {
    /// Fresh counters after a scan that found `found` conflicted variables.
    fn after_scan(found: usize) -> Self {
        Self {
            scan_size: found as u64,
            ..Self::default()
        }
    }

    /// Counts a repair that weighed `weighed` candidate values and moved its variable or not.
    fn record_repair(&mut self, weighed: usize, changed: bool) {
        self.since_scan += 1;
        self.work += weighed + 1;
        if changed {
            self.idle_picks = 0;
        } else {
            self.idle_picks += 1;
        }
    }

    /// Stuck on the variables it knows (of which `known` are listed), or long enough since it
    /// looked, and the repairs since have cost about a scan.
    fn is_due<P: ConflictProblem>(&self, problem: &P, known: usize) -> bool {
        let stuck = self.idle_picks > known + 8;
        let stale_list = !P::REPORTS_AFFECTED && self.since_scan > self.scan_size / 4 + 2;
        let scan_is_affordable = self.work * 4 >= problem.variable_count();
        (stuck || stale_list) && scan_is_affordable
    }
}

/// The candidate with the fewest conflicts, ties broken uniformly at random (reservoir sampling).
fn least_conflicted<P: ConflictProblem, R: Rng + ?Sized>(
    problem: &P,
    var: usize,
    candidates: &[P::Value],
    rng: &mut R,
) -> Option<P::Value> {
    let mut best = None;
    let mut best_conflicts = usize::MAX;
    let mut ties = 0u32;
    for &value in candidates {
        let c = problem.conflicts(var, value);
        if c < best_conflicts {
            best_conflicts = c;
            best = Some(value);
            ties = 1;
        } else if c == best_conflicts {
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = Some(value);
            }
        }
    }
    best
}
