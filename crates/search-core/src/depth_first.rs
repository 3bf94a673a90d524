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
use std::collections::HashSet;
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
impl<S: Eq + Hash> OnPath<S> for HashSet<S> {
    fn starting(start: S) -> Self {
        HashSet::from([start])
    }
    fn insert(&mut self, state: S) {
        HashSet::insert(self, state);
    }
    fn remove(&mut self, state: &S) {
        HashSet::remove(self, state);
    }
    fn contains(&self, state: &S) -> bool {
        HashSet::contains(self, state)
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

/// One level of the explicit stack: a state on the current path and its successors.
struct Frame<S, A, C> {
    children: Vec<(A, S, C)>,
    next: usize,
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
    DepthFirst::<_, HashSet<P::State>>::new(problem, depth_limit).run()
}

/// Iterative deepening: depth-limited searches with limits 0, 1, ... up to `max_depth`
/// (`None`: no bound), stopping at the first path found or when a search was not cut off by its
/// limit (the space is exhausted). The counters add up over all iterations.
pub fn iterative_deepening<P: SearchProblem>(problem: &P, max_depth: Option<usize>) -> ResultOf<P> {
    deepen::<_, HashSet<P::State>>(problem, max_depth)
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
    stack: Vec<Frame<P::State, P::Action, P::Cost>>,
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
            stack: Vec::new(),
            cut_off: false,
            g_along_path: vec![P::Cost::ZERO],
        }
    }

    /// The search; `cut_off` says whether the limit left nodes unexpanded when no path was found.
    fn run(mut self) -> SearchResult<P::State, P::Action, P::Cost> {
        let start = self.path.states[0].clone();
        if self.problem.is_goal(&start) {
            return self.found();
        }
        if let Some(frame) = self.enter(&start, 0) {
            self.stack.push(frame);
        }
        while let Some(frame) = self.stack.last_mut() {
            let Some((action, state, step)) = frame.children.get(frame.next).cloned() else {
                // Exhausted: backtrack.
                self.stack.pop();
                if !self.stack.is_empty() {
                    let left = self.path.states.last().expect("path longer than the stack");
                    self.on_path.remove(left);
                    self.retreat();
                }
                continue;
            };
            frame.next += 1;
            if self.on_path.contains(&state) {
                continue;
            }
            self.stats.popped += 1;
            self.advance(action, state.clone(), step);
            if self.problem.is_goal(&state) {
                return self.found();
            }
            match self.enter(&state, self.path.actions.len()) {
                Some(frame) => {
                    self.on_path.insert(state);
                    self.stack.push(frame);
                }
                None => self.retreat(),
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

    /// The successors of `state`, entered at `depth`, or `None` at the depth limit.
    fn enter(
        &mut self,
        state: &P::State,
        depth: usize,
    ) -> Option<Frame<P::State, P::Action, P::Cost>> {
        if self.limit.is_some_and(|l| depth >= l) {
            self.cut_off = true;
            return None;
        }
        self.stats.expanded += 1;
        let mut children = Vec::new();
        self.problem
            .successors(state, |a, s, c| children.push((a, s, c)));
        self.stats.generated += children.len() as u64;
        Some(Frame { children, next: 0 })
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
