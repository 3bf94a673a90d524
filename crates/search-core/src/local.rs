//! Local search: hill climbing, steepest-ascent hill climbing and simulated annealing on the
//! heuristic.
//!
//! All climb towards lower [`heuristic`](crate::SearchProblem::heuristic) values (lower is
//! better: "ascent" on `-h`) from the start, never backtrack, and return the state they stop at
//! with the reason.

use crate::problem::{Path, PathOf, SearchProblem, Stats};
use rand::Rng;

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
    /// The annealing schedule's temperature reached zero (simulated annealing only).
    Frozen,
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
    climb(problem, options, Climb::First, |_| 0)
}

/// Steepest-ascent hill climbing: move to the successor with the lowest heuristic (the first
/// one among equals) when it is strictly lower than the current one.
///
/// ```
/// use search_core::{local_search::steepest_ascent, local_search::LocalOptions, SearchProblem, local_search::StopReason};
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
    climb(problem, options, Climb::Steepest, |_| 0)
}

/// Stochastic hill climbing (aima-python's `stochastic_hill_climbing`): move to a successor
/// chosen uniformly at random among those whose heuristic is strictly lower than the current
/// one. Stops as [`hill_climbing`] does; seeded through `rng`, so runs repeat exactly.
///
/// ```
/// use rand::{SeedableRng, rngs::StdRng};
/// use search_core::FnProblem;
/// use search_core::local_search::{stochastic_hill_climbing, LocalOptions, StopReason};
/// // Down to (0, 0) from (5, 5) on h(x, y) = |x| + |y|, one coordinate at a time.
/// let moves = |&(x, y): &(i32, i32)| [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].map(|s| (s, 1));
/// let h = |&(x, y): &(i32, i32)| x.abs() + y.abs();
/// let problem = FnProblem::new((5, 5), moves, h, |&s: &(i32, i32)| s == (0, 0));
/// let mut rng = StdRng::seed_from_u64(1);
/// let r = stochastic_hill_climbing(&problem, &mut rng, LocalOptions::default());
/// assert_eq!((r.reason, *r.path.last(), r.path.steps()), (StopReason::Goal, (0, 0), 10));
/// ```
pub fn stochastic_hill_climbing<P, R>(
    problem: &P,
    rng: &mut R,
    options: LocalOptions,
) -> LocalResultOf<P>
where
    P: SearchProblem,
    R: Rng + ?Sized,
{
    climb(problem, options, Climb::Random, |n| rng.random_range(0..n))
}

/// Which better successor hill climbing moves to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Climb {
    /// The first in order.
    First,
    /// The best (the first among equals).
    Steepest,
    /// One of them, chosen by the caller's `pick`.
    Random,
}

/// A successor worth climbing to: action, state, step cost and heuristic.
type Candidate<P> = (
    <P as SearchProblem>::Action,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Cost,
    <P as SearchProblem>::Cost,
);

/// Hill climbing; `pick(n)` chooses among `n` candidates (one unless `mode` is random).
fn climb<P: SearchProblem>(
    problem: &P,
    options: LocalOptions,
    mode: Climb,
    mut pick: impl FnMut(usize) -> usize,
) -> LocalResultOf<P> {
    let mut climbed = Climbed::start(problem);
    let mut better: Vec<Candidate<P>> = Vec::new();
    let reason = loop {
        let current = climbed.path.last();
        if options.stop_at_goal && problem.is_goal(current) {
            break StopReason::Goal;
        }
        if options
            .max_steps
            .is_some_and(|m| climbed.path.steps() as u64 >= m)
        {
            break StopReason::StepLimit;
        }
        climbed.stats.expanded += 1;
        let h = problem.heuristic(current);
        let mut any = false;
        better.clear();
        problem.successors(current, |action, state, step| {
            climbed.stats.generated += 1;
            any = true;
            if mode == Climb::First && !better.is_empty() {
                return;
            }
            let child_h = problem.heuristic(&state);
            let bar = match better.last() {
                Some(best) if mode == Climb::Steepest => best.3,
                _ => h,
            };
            if child_h < bar {
                if mode == Climb::Steepest {
                    better.clear();
                }
                better.push((action, state, step, child_h));
            }
        });
        if better.is_empty() {
            break if any {
                StopReason::LocalOptimum
            } else {
                StopReason::DeadEnd
            };
        }
        let (action, state, step, _) = better.swap_remove(pick(better.len()));
        climbed.move_to(action, state, step);
    };
    climbed.stop(reason)
}

/// The path a local search has climbed so far, and its counters.
struct Climbed<P: SearchProblem> {
    path: PathOf<P>,
    stats: Stats,
}

impl<P: SearchProblem> Climbed<P> {
    /// At the problem's start, counted as generated and popped.
    fn start(problem: &P) -> Self {
        Self {
            path: Path::single(problem.start()),
            stats: Stats {
                generated: 1,
                popped: 1,
                ..Stats::default()
            },
        }
    }

    /// Moves on to `state`, reached by `action` at cost `step`.
    fn move_to(&mut self, action: P::Action, state: P::State, step: P::Cost) {
        self.stats.popped += 1;
        self.path.push(action, state, step);
    }

    /// The result of stopping here for `reason`.
    fn stop(self, reason: StopReason) -> LocalResultOf<P> {
        LocalResult {
            path: self.path,
            reason,
            stats: self.stats,
        }
    }
}

/// The temperature of simulated annealing at each step.
pub trait Schedule {
    /// The temperature at step `t` (0 for the first move); zero or below stops the search.
    fn temperature(&self, t: u64) -> f64;
}

/// AIMA's exponential schedule (aima-python's `exp_schedule`): `k * exp(-lam * t)` for
/// `t < limit`, then zero.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExpSchedule {
    /// The starting temperature.
    pub k: f64,
    /// The decay rate.
    pub lam: f64,
    /// The step at which the temperature drops to zero.
    pub limit: u64,
}

impl Default for ExpSchedule {
    /// aima-python's defaults: `k = 20`, `lam = 0.005`, `limit = 100`.
    fn default() -> Self {
        Self {
            k: 20.0,
            lam: 0.005,
            limit: 100,
        }
    }
}

impl Schedule for ExpSchedule {
    fn temperature(&self, t: u64) -> f64 {
        if t < self.limit {
            self.k * (-self.lam * t as f64).exp()
        } else {
            0.0
        }
    }
}

impl<F: Fn(u64) -> f64> Schedule for F {
    fn temperature(&self, t: u64) -> f64 {
        self(t)
    }
}

/// Simulated annealing (AIMA figure 4.5) on the heuristic, lower being better: at step `t`
/// with temperature `T = schedule(t)`, stop when `T <= 0`; otherwise pick a successor uniformly
/// at random and move to it when it is better, or else with probability `e^(-Δh / T)` where
/// `Δh` is how much worse it is. Seeded through `rng`, so runs repeat exactly.
///
/// Stops as hill climbing does (goal when `options.stop_at_goal`, dead end, `options.max_steps`
/// annealing steps, moves or not), or
/// [`StopReason::Frozen`]. Counters: `popped` counts the states moved to (the start
/// included), `expanded` the states whose successors were generated, `generated` the start and
/// every successor reported.
///
/// ```
/// use rand::{SeedableRng, rngs::StdRng};
/// use search_core::{local_search::simulated_annealing, local_search::ExpSchedule, local_search::LocalOptions, SearchProblem, local_search::StopReason};
/// // A bumpy line: h has local minima at every multiple of 5, the global one at 40.
/// struct Bumpy;
/// impl SearchProblem for Bumpy {
///     type State = i32;
///     type Action = ();
///     type Cost = i32;
///     fn start(&self) -> i32 { 0 }
///     fn is_goal(&self, x: &i32) -> bool { *x == 40 }
///     fn successors(&self, x: &i32, mut visit: impl FnMut((), i32, i32)) {
///         visit((), x - 1, 1);
///         visit((), x + 1, 1);
///     }
///     fn heuristic(&self, x: &i32) -> i32 { (40 - x).abs() + 3 * (x.rem_euclid(5)) }
/// }
/// let schedule = ExpSchedule { k: 10.0, lam: 0.001, limit: 100_000 };
/// let mut rng = StdRng::seed_from_u64(7);
/// let r = simulated_annealing(&Bumpy, &schedule, &mut rng, LocalOptions::default());
/// assert_eq!(r.reason, StopReason::Goal);
/// assert_eq!(*r.path.last(), 40);
/// ```
pub fn simulated_annealing<P, S, R>(
    problem: &P,
    schedule: &S,
    rng: &mut R,
    options: LocalOptions,
) -> LocalResultOf<P>
where
    P: SearchProblem,
    P::Cost: Into<f64>,
    S: Schedule + ?Sized,
    R: Rng + ?Sized,
{
    let mut climbed = Climbed::start(problem);
    let mut moves: Vec<(P::Action, P::State, P::Cost)> = Vec::new();
    let mut t = 0u64;
    let reason = loop {
        let current = climbed.path.last();
        if options.stop_at_goal && problem.is_goal(current) {
            break StopReason::Goal;
        }
        if options.max_steps.is_some_and(|m| t >= m) {
            break StopReason::StepLimit;
        }
        let temperature = schedule.temperature(t);
        if temperature <= 0.0 {
            break StopReason::Frozen;
        }
        t += 1;
        climbed.stats.expanded += 1;
        moves.clear();
        problem.successors(current, |action, state, step| {
            moves.push((action, state, step))
        });
        climbed.stats.generated += moves.len() as u64;
        if moves.is_empty() {
            break StopReason::DeadEnd;
        }
        let pick = rng.random_range(0..moves.len());
        let worse: f64 =
            problem.heuristic(&moves[pick].1).into() - problem.heuristic(current).into();
        if worse < 0.0 || rng.random::<f64>() < (-worse / temperature).exp() {
            let (action, state, step) = moves.swap_remove(pick);
            climbed.move_to(action, state, step);
        }
    };
    climbed.stop(reason)
}
