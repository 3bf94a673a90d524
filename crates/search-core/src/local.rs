//! Local search: hill climbing and steepest-ascent hill climbing on the heuristic.
//!
//! Both climb towards lower [`heuristic`](crate::SearchProblem::heuristic) values (lower is
//! better: "ascent" on `-h`) from the start, never backtrack, and return the state they stop at
//! with the reason.

use crate::problem::{Path, PathOf, SearchProblem, Stats};

/// Why a local search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// The current state is a goal (only when goals are tested; see [`LocalOptions`]).
    Goal,
    /// No successor has a strictly lower heuristic: a local optimum or a plateau.
    LocalOptimum,
    /// The state has no successor at all.
    DeadEnd,
    /// The step limit was reached.
    StepLimit,
}

/// Options of a local search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalOptions {
    /// The most moves to make (`None`: no bound).
    pub max_steps: Option<u64>,
    /// Stop at a goal state (`true`, the default) or climb on past it while it improves.
    pub stop_at_goal: bool,
}

impl Default for LocalOptions {
    fn default() -> Self {
        Self {
            max_steps: None,
            stop_at_goal: true,
        }
    }
}

/// What a local search returns.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalResult<S, A, C> {
    /// The path climbed, from the start to the state it stopped at (`path.last()`).
    pub path: Path<S, A, C>,
    /// Why it stopped.
    pub reason: StopReason,
    /// The counters (`popped` counts the states climbed to, the start included).
    pub stats: Stats,
}

/// The local result type of a problem.
pub type LocalResultOf<P> = LocalResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

/// Simple (first-choice) hill climbing: move to the first successor, in order, whose heuristic is
/// strictly lower than the current one.
pub fn hill_climbing<P: SearchProblem>(problem: &P, options: LocalOptions) -> LocalResultOf<P> {
    climb(problem, options, false)
}

/// Steepest-ascent hill climbing: move to the successor with the lowest heuristic (the first
/// one among equals) when it is strictly lower than the current one.
///
/// ```
/// use search_core::{steepest_ascent, LocalOptions, SearchProblem, StopReason};
/// // Walk on the integers towards h(x) = |x - 7|, starting at 0.
/// struct Walk;
/// impl SearchProblem for Walk {
///     type State = i32;
///     type Action = i32;
///     type Cost = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, s: &i32) -> bool { *s == 7 }
///     fn successors(&self, s: &i32, mut visit: impl FnMut(i32, i32, i32)) {
///         for d in [1, 2, -1] { visit(d, s + d, 1); }
///     }
///     fn heuristic(&self, s: &i32) -> i32 { (s - 7).abs() }
/// }
/// let result = steepest_ascent(&Walk, LocalOptions::default());
/// assert_eq!(result.reason, StopReason::Goal);
/// assert_eq!(result.path.states, [0, 2, 4, 6, 7]);
/// ```
pub fn steepest_ascent<P: SearchProblem>(problem: &P, options: LocalOptions) -> LocalResultOf<P> {
    climb(problem, options, true)
}

/// A successor worth climbing to: action, state, step cost and heuristic.
type Candidate<P> = (
    <P as SearchProblem>::Action,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Cost,
    <P as SearchProblem>::Cost,
);

fn climb<P: SearchProblem>(problem: &P, options: LocalOptions, steepest: bool) -> LocalResultOf<P> {
    let mut stats = Stats {
        generated: 1,
        popped: 1,
        ..Stats::default()
    };
    let mut path: PathOf<P> = Path::single(problem.start());
    let mut steps = 0u64;
    let reason = loop {
        let current = path.last().clone();
        if options.stop_at_goal && problem.is_goal(&current) {
            break StopReason::Goal;
        }
        if options.max_steps.is_some_and(|m| steps >= m) {
            break StopReason::StepLimit;
        }
        stats.expanded += 1;
        let h = problem.heuristic(&current);
        let mut best: Option<Candidate<P>> = None;
        let mut any = false;
        problem.successors(&current, |action, state, step| {
            stats.generated += 1;
            any = true;
            if !steepest && best.is_some() {
                return;
            }
            let child_h = problem.heuristic(&state);
            let improves = match &best {
                Some((_, _, _, best_h)) => child_h < *best_h,
                None => child_h < h,
            };
            if improves {
                best = Some((action, state, step, child_h));
            }
        });
        match best {
            Some((action, state, step, _)) => {
                stats.popped += 1;
                steps += 1;
                path.states.push(state);
                path.actions.push(action);
                path.step_costs.push(step);
                path.cost = path.cost + step;
            }
            None if !any => break StopReason::DeadEnd,
            None => break StopReason::LocalOptimum,
        }
    };
    LocalResult {
        path,
        reason,
        stats,
    }
}
