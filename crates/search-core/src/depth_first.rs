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
/// assert!(depth_first(&Ring, Some(0)).path.is_none());
/// ```
pub fn depth_first<P: SearchProblem>(problem: &P, depth_limit: Option<usize>) -> ResultOf<P> {
    let (result, _cut_off) = depth_limited(problem, depth_limit);
    result
}

/// Iterative deepening: depth-limited searches with limits 0, 1, ... up to `max_depth`
/// (`None`: no bound), stopping at the first path found or when a search was not cut off by its
/// limit (the space is exhausted). The counters add up over all iterations.
pub fn iterative_deepening<P: SearchProblem>(problem: &P, max_depth: Option<usize>) -> ResultOf<P> {
    let mut stats = Stats::default();
    let mut limit = 0;
    loop {
        let (result, cut_off) = depth_limited(problem, Some(limit));
        stats += result.stats;
        if result.path.is_some() || !cut_off || max_depth.is_some_and(|m| limit >= m) {
            return SearchResult {
                path: result.path,
                stats,
            };
        }
        limit += 1;
    }
}

/// The shared depth-first loop; also says whether the depth limit cut off any node.
fn depth_limited<P: SearchProblem>(problem: &P, limit: Option<usize>) -> (ResultOf<P>, bool) {
    let mut stats = Stats {
        generated: 1,
        popped: 1,
        ..Stats::default()
    };
    let start = problem.start();
    let mut path = Path::single(start.clone());
    let mut on_path: HashSet<P::State> = HashSet::from([start.clone()]);
    let mut stack: Vec<Frame<P::State, P::Action, P::Cost>> = Vec::new();
    let mut cut_off = false;
    // The path cost at each state of the path (popping never re-adds, so floats stay exact).
    let mut g_along_path = vec![P::Cost::ZERO];

    // Enter the start.
    if problem.is_goal(&start) {
        return (
            SearchResult {
                path: Some(path),
                stats,
            },
            false,
        );
    }
    let enter = |state: &P::State, depth: usize, stats: &mut Stats, cut_off: &mut bool| {
        if limit.is_some_and(|l| depth >= l) {
            *cut_off = true;
            return None;
        }
        stats.expanded += 1;
        let mut children = Vec::new();
        problem.successors(state, |a, s, c| children.push((a, s, c)));
        stats.generated += children.len() as u64;
        Some(Frame { children, next: 0 })
    };
    if let Some(frame) = enter(&start, 0, &mut stats, &mut cut_off) {
        stack.push(frame);
    }
    while let Some(frame) = stack.last_mut() {
        let Some((action, state, step)) = frame.children.get(frame.next).cloned() else {
            // Exhausted: backtrack.
            stack.pop();
            if !stack.is_empty() {
                let left = path.states.pop().expect("path longer than the stack");
                on_path.remove(&left);
                path.actions.pop();
                path.step_costs.pop();
                g_along_path.pop();
                path.cost = *g_along_path.last().expect("the start stays");
            }
            continue;
        };
        frame.next += 1;
        if on_path.contains(&state) {
            continue;
        }
        stats.popped += 1;
        path.states.push(state.clone());
        path.actions.push(action);
        path.step_costs.push(step);
        path.cost = path.cost + step;
        g_along_path.push(path.cost);
        if problem.is_goal(&state) {
            return (
                SearchResult {
                    path: Some(path),
                    stats,
                },
                cut_off,
            );
        }
        let depth = path.actions.len();
        match enter(&state, depth, &mut stats, &mut cut_off) {
            Some(frame) => {
                on_path.insert(state);
                stack.push(frame);
            }
            None => {
                path.states.pop();
                path.actions.pop();
                path.step_costs.pop();
                g_along_path.pop();
                path.cost = *g_along_path.last().expect("the start stays");
            }
        }
    }
    (SearchResult { path: None, stats }, cut_off)
}
