//! Graph search over a frontier: breadth-first, uniform-cost, greedy best-first and A*.
//!
//! All four share one loop, which fixes how the counters count:
//! 1. the start is generated (`generated = 1`) and put on the frontier;
//! 2. an empty frontier means there is no path; otherwise the next node is removed
//!    (`popped += 1`): the lowest priority, equal priorities first in, first out;
//! 3. a node whose state is a goal ends the search (goal test on removal; it is not expanded);
//! 4. a node whose state is already closed is skipped (popped, not expanded);
//! 5. otherwise its state is closed (`expanded += 1`) and one child per successor is generated
//!    and added (`generated += 1` each), closed successors included. Closed states are never
//!    reopened.
//!
//! With a consistent heuristic A* returns an optimal path; uniform-cost always does.

use crate::closed::ClosedSet;
use crate::cost::Cost;
use crate::problem::{Path, ResultOf, SearchProblem, SearchResult, Stats};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// How a best-first search orders its frontier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// g: the path cost (uniform-cost search).
    PathCost,
    /// g + h (A*).
    PathCostPlusHeuristic,
    /// h (greedy best-first).
    Heuristic,
}

/// A generated node: kept in an arena so that frontier entries stay small and paths can be
/// rebuilt from parent links.
struct Node<S, A, C> {
    state: S,
    parent: u32,
    action: Option<A>,
    step: C,
    g: C,
}

const NO_PARENT: u32 = u32::MAX;

/// A frontier entry: the priority and the node's arena index. The index doubles as the
/// insertion sequence, so equal priorities leave first in, first out.
struct Entry<C> {
    f: C,
    node: u32,
}

impl<C: Cost> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Cost> Eq for Entry<C> {}
impl<C: Cost> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost> Ord for Entry<C> {
    /// Reversed, so that `BinaryHeap` (a max-heap) pops the lowest `(f, node)` first.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_order(&self.f)
            .then_with(|| other.node.cmp(&self.node))
    }
}

/// The frontier of the shared loop.
trait Frontier<C> {
    fn push(&mut self, f: C, node: u32);
    fn pop(&mut self) -> Option<u32>;
}

impl<C: Cost> Frontier<C> for BinaryHeap<Entry<C>> {
    #[inline]
    fn push(&mut self, f: C, node: u32) {
        BinaryHeap::push(self, Entry { f, node });
    }
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        BinaryHeap::pop(self).map(|e| e.node)
    }
}

impl<C> Frontier<C> for VecDeque<u32> {
    #[inline]
    fn push(&mut self, _f: C, node: u32) {
        self.push_back(node);
    }
    #[inline]
    fn pop(&mut self) -> Option<u32> {
        self.pop_front()
    }
}

/// Breadth-first graph search: a first-in, first-out frontier, so the path found has the
/// fewest actions.
///
/// ```
/// use search_core::{breadth_first, SearchProblem};
/// // Count from 0 to 5 by +1 or *2: the fewest steps are 0+1=1, *2=2, +1=3... or 1,2,4,5.
/// struct Count;
/// impl SearchProblem for Count {
///     type State = u32;
///     type Action = &'static str;
///     type Cost = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 5 }
///     fn successors(&self, s: &u32, mut visit: impl FnMut(&'static str, u32, u32)) {
///         if *s < 10 { visit("+1", s + 1, 1); visit("*2", s * 2, 1); }
///     }
/// }
/// let path = breadth_first(&Count).path.unwrap();
/// assert_eq!(path.len(), 4);
/// ```
pub fn breadth_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    run(problem, &mut VecDeque::new(), Priority::PathCost)
}

/// Uniform-cost search (Dijkstra's algorithm with lazy deletion): frontier ordered by path cost.
pub fn uniform_cost<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    best_first(problem, Priority::PathCost)
}

/// A*: frontier ordered by path cost plus heuristic.
///
/// ```
/// use search_core::{astar, SearchProblem};
/// // A line of cities 0..10 with roads of length 2 to the next one.
/// struct Line;
/// impl SearchProblem for Line {
///     type State = u32;
///     type Action = ();
///     type Cost = f64;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 9 }
///     fn successors(&self, s: &u32, mut visit: impl FnMut((), u32, f64)) {
///         if *s > 0 { visit((), s - 1, 2.0); }
///         if *s < 9 { visit((), s + 1, 2.0); }
///     }
///     fn heuristic(&self, s: &u32) -> f64 { 2.0 * f64::from(9 - s) }
/// }
/// let result = astar(&Line);
/// assert_eq!(result.path.unwrap().cost, 18.0);
/// assert_eq!(result.stats.expanded, 9); // a perfect heuristic expands only the path
/// ```
pub fn astar<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    best_first(problem, Priority::PathCostPlusHeuristic)
}

/// Greedy best-first search: frontier ordered by the heuristic alone.
pub fn greedy_best_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    best_first(problem, Priority::Heuristic)
}

/// Best-first graph search with the given frontier order (see the module docs for the loop).
pub fn best_first<P: SearchProblem>(problem: &P, priority: Priority) -> ResultOf<P> {
    run(problem, &mut BinaryHeap::new(), priority)
}

fn run<P: SearchProblem, F: Frontier<P::Cost>>(
    problem: &P,
    frontier: &mut F,
    priority: Priority,
) -> ResultOf<P> {
    let f_of = |g: P::Cost, state: &P::State| match priority {
        Priority::PathCost => g,
        Priority::PathCostPlusHeuristic => g + problem.heuristic(state),
        Priority::Heuristic => problem.heuristic(state),
    };
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut closed = ClosedSet::for_problem(problem);
    let start = problem.start();
    frontier.push(f_of(P::Cost::ZERO, &start), 0);
    let mut nodes = vec![Node {
        state: start,
        parent: NO_PARENT,
        action: None,
        step: P::Cost::ZERO,
        g: P::Cost::ZERO,
    }];
    while let Some(index) = frontier.pop() {
        stats.popped += 1;
        let node = &nodes[index as usize];
        if problem.is_goal(&node.state) {
            return SearchResult {
                path: Some(rebuild(&nodes, index)),
                stats,
            };
        }
        if !closed.insert(problem, &node.state) {
            continue;
        }
        stats.expanded += 1;
        let g = node.g;
        let state = node.state.clone();
        problem.successors(&state, |action, child, step| {
            let child_g = g + step;
            let child_index = u32::try_from(nodes.len()).expect("fewer than 2^32 nodes");
            frontier.push(f_of(child_g, &child), child_index);
            nodes.push(Node {
                state: child,
                parent: index,
                action: Some(action),
                step,
                g: child_g,
            });
            stats.generated += 1;
        });
    }
    SearchResult { path: None, stats }
}

fn rebuild<S: Clone, A: Clone, C: Cost>(nodes: &[Node<S, A, C>], mut index: u32) -> Path<S, A, C> {
    let cost = nodes[index as usize].g;
    let mut states = Vec::new();
    let mut actions = Vec::new();
    let mut step_costs = Vec::new();
    loop {
        let node = &nodes[index as usize];
        states.push(node.state.clone());
        if let Some(action) = &node.action {
            actions.push(action.clone());
            step_costs.push(node.step);
        }
        if node.parent == NO_PARENT {
            break;
        }
        index = node.parent;
    }
    states.reverse();
    actions.reverse();
    step_costs.reverse();
    Path {
        states,
        actions,
        step_costs,
        cost,
    }
}
