//! Depth-first search with cycle checking and an optional depth limit, and iterative deepening.
//!
//! Both are tree searches: a state may be visited again along another path, but never twice on
//! the same path (a successor already on the current path is generated and then dropped). The
//! search keeps an explicit stack, so its depth is limited by memory, not by the call stack.
//!
//! Counters: `generated` counts the start and every successor reported; `popped` counts every
//! node the search enters (successors on the current path are dropped before that); `expanded`
//! counts nodes whose successors were generated (not goals, not nodes at the depth limit).

use crate::cost::Cost;
use crate::problem::{Path, ResultOf, SearchProblem, SearchResult, Stats};
use crate::state_hash::FxHashSet;
use std::hash::Hash;

/// The states on the current path, as a depth-first search needs them: the start, then one
/// state inserted per step forward and the last one removed per step back.
pub(crate) trait OnPath<S> {
    fn starting(start: S) -> Self;
    fn insert(&mut self, state: S);
    /// Removes `state`, the last one inserted.
    fn remove(&mut self, state: &S);
    fn contains(&self, state: &S) -> bool;
}

/// Hashed: a constant-time test, for long paths.
impl<S: Eq + Hash> OnPath<S> for FxHashSet<S> {
    fn starting(start: S) -> Self {
        let mut set = FxHashSet::default();
        set.insert(start);
        set
    }
    fn insert(&mut self, state: S) {
        FxHashSet::insert(self, state);
    }
    fn remove(&mut self, state: &S) {
        FxHashSet::remove(self, state);
    }
    fn contains(&self, state: &S) -> bool {
        FxHashSet::contains(self, state)
    }
}

/// Scanned: states that are only `Eq` (iterative deepening's paths are short).
impl<S: Eq> OnPath<S> for Vec<S> {
    fn starting(start: S) -> Self {
        vec![start]
    }
    fn insert(&mut self, state: S) {
        self.push(state);
    }
    fn remove(&mut self, _: &S) {
        self.pop();
    }
    fn contains(&self, state: &S) -> bool {
        self.as_slice().contains(state)
    }
}

/// Depth-first search, successors in the problem's order, never revisiting a state of the
/// current path. `depth_limit` bounds the number of actions on a path (`None`: no bound).
///
/// ```
/// use search_core::{depth_first, SearchProblem};
/// struct Ring; // 0 -> 1 -> 2 -> 0, and 2 is the goal
/// impl SearchProblem for Ring {
///     type State = u8;
///     type Action = ();
///     type Cost = u32;
///     fn start(&self) -> u8 { 0 }
///     fn is_goal(&self, s: &u8) -> bool { *s == 2 }
///     fn successors(&self, s: &u8, mut visit: impl FnMut((), u8, u32)) {
///         visit((), (s + 2) % 3, 1); // backwards first: a cycle a naive DFS would loop on
///         visit((), (s + 1) % 3, 1);
///     }
/// }
/// let path = depth_first(&Ring, None).path.unwrap();
/// assert_eq!(path.states, [0, 2]);
/// let limited = depth_first(&Ring, Some(0));
/// assert!(limited.path.is_none() && limited.cut_off); // not within 0 steps, not "no path"
///
/// ```
pub fn depth_first<P: SearchProblem>(problem: &P, depth_limit: Option<usize>) -> ResultOf<P> {
    DepthFirst::<_, FxHashSet<P::State>>::new(problem, depth_limit).run()
}

/// Iterative deepening: depth-limited searches with limits 0, 1, ... up to `max_depth`
/// (`None`: no bound), stopping at the first path found or when a search was not cut off by its
/// limit (the space is exhausted). The counters add up over all iterations.
pub fn iterative_deepening<P: SearchProblem>(problem: &P, max_depth: Option<usize>) -> ResultOf<P> {
    deepen::<_, FxHashSet<P::State>>(problem, max_depth)
}

/// Iterative deepening, its path kept in `M`.
pub(crate) fn deepen<P: SearchProblem, M: OnPath<P::State>>(
    problem: &P,
    max_depth: Option<usize>,
) -> ResultOf<P> {
    let mut stats = Stats::default();
    let mut limit = 0;
    loop {
        let result = DepthFirst::<P, M>::new(problem, Some(limit)).run();
        stats += result.stats;
        if result.path.is_some() || !result.cut_off || max_depth.is_some_and(|m| limit >= m) {
            return SearchResult { stats, ..result };
        }
        limit += 1;
    }
}

/// One depth-limited search: the current path, the stack of its successor lists and the
/// counters.
struct DepthFirst<'p, P: SearchProblem, M> {
    problem: &'p P,
    limit: Option<usize>,
    stats: Stats,
    path: Path<P::State, P::Action, P::Cost>,
    on_path: M,
    /// The successors still to be tried of the states on the path, each state's after its
    /// parent's, each state's in reverse order (the next one last).
    children: Vec<(P::Action, P::State, P::Cost)>,
    /// Where each state's successors start in `children`: one entry per state entered.
    frames: Vec<usize>,
    cut_off: bool,
    /// The path cost at each state of the path (popping never re-adds, so floats stay exact).
    g_along_path: Vec<P::Cost>,
}

impl<'p, P: SearchProblem, M: OnPath<P::State>> DepthFirst<'p, P, M> {
    fn new(problem: &'p P, limit: Option<usize>) -> Self {
        let start = problem.start();
        DepthFirst {
            problem,
            limit,
            stats: Stats {
                generated: 1,
                popped: 1,
                ..Stats::default()
            },
            path: Path::single(start.clone()),
            on_path: M::starting(start),
            children: Vec::new(),
            frames: Vec::new(),
            cut_off: false,
            g_along_path: vec![P::Cost::ZERO],
        }
    }

    /// The search; `cut_off` says whether the limit left nodes unexpanded when no path was found.
    fn run(mut self) -> SearchResult<P::State, P::Action, P::Cost> {
        if self.problem.is_goal(&self.path.states[0]) {
            return self.found();
        }
        self.enter_last();
        while let Some(&first) = self.frames.last() {
            if self.children.len() == first {
                // Exhausted: backtrack.
                self.frames.pop();
                if !self.frames.is_empty() {
                    let left = self.path.states.last().expect("path longer than the stack");
                    self.on_path.remove(left);
                    self.retreat();
                }
                continue;
            }
            let (action, state, step) = self.children.pop().expect("a child past `first`");
            if self.on_path.contains(&state) {
                continue;
            }
            self.stats.popped += 1;
            self.advance(action, state, step);
            let state = self.path.states.last().expect("just pushed");
            if self.problem.is_goal(state) {
                return self.found();
            }
            if self.enter_last() {
                let state = self.path.states.last().expect("just pushed").clone();
                self.on_path.insert(state);
            } else {
                self.retreat();
            }
        }
        SearchResult {
            cut_off: self.cut_off,
            path: None,
            stats: self.stats,
        }
    }

    /// The result with the current path as the solution.
    fn found(self) -> SearchResult<P::State, P::Action, P::Cost> {
        SearchResult {
            cut_off: false,
            path: Some(self.path),
            stats: self.stats,
        }
    }

    /// Generates the successors of the path's last state into a new frame, unless the path is
    /// at the depth limit; whether it did.
    fn enter_last(&mut self) -> bool {
        if self.limit.is_some_and(|l| self.path.actions.len() >= l) {
            self.cut_off = true;
            return false;
        }
        self.stats.expanded += 1;
        let first = self.children.len();
        let children = &mut self.children;
        let state = self.path.states.last().expect("a path has a state");
        self.problem
            .successors(state, |a, s, c| children.push((a, s, c)));
        self.stats.generated += (children.len() - first) as u64;
        children[first..].reverse();
        self.frames.push(first);
        true
    }

    /// Extends the path by one step.
    fn advance(&mut self, action: P::Action, state: P::State, step: P::Cost) {
        self.path.push(action, state, step);
        self.g_along_path.push(self.path.cost);
    }

    /// Takes the last step off the path.
    fn retreat(&mut self) {
        self.path.states.pop();
        self.path.actions.pop();
        self.path.step_costs.pop();
        self.g_along_path.pop();
        self.path.cost = *self.g_along_path.last().expect("the start stays");
    }
}
