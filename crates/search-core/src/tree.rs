//! Everything reachable from the start: shortest-path trees (all cheapest costs and parents,
//! `pathfinding`'s `dijkstra_all`) and plain reachability.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::problem::{SearchProblem, Stats};
use crate::state_hash::FxHashMap;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

/// The cheapest path cost from the start to every reachable state, with the state each is
/// reached from on one cheapest path. The start has cost zero and no parent.
#[derive(Debug, Clone)]
pub struct ShortestPathTree<S, C> {
    start: S,
    /// Reachable state -> (parent, cost); the start maps to itself.
    nodes: FxHashMap<S, (S, C)>,
    /// The counters of the uniform-cost search that built it.
    pub stats: Stats,
}

impl<S: Clone + Eq + Hash, C: Cost> ShortestPathTree<S, C> {
    /// The cheapest cost to `state` (`None`: unreachable).
    pub fn cost(&self, state: &S) -> Option<C> {
        self.nodes.get(state).map(|&(_, c)| c)
    }

    /// The state `state` is reached from (`None` for the start and unreachable states).
    pub fn parent(&self, state: &S) -> Option<&S> {
        (*state != self.start)
            .then(|| self.nodes.get(state).map(|(p, _)| p))
            .flatten()
    }

    /// The states of a cheapest path from the start to `state` (`None`: unreachable).
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        self.nodes.get(state)?;
        let mut out = vec![state.clone()];
        let mut at = state;
        while let Some(parent) = self.parent(at) {
            out.push(parent.clone());
            at = parent;
        }
        out.reverse();
        Some(out)
    }

    /// The number of reachable states, the start included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: the start is reachable.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Every reachable state with its parent (the start with itself) and cost.
    pub fn iter(&self) -> impl Iterator<Item = (&S, &S, C)> {
        self.nodes.iter().map(|(s, (p, c))| (s, p, *c))
    }
}

/// The shortest-path tree of everything reachable from the problem's start (its goal test is
/// not used): uniform-cost search run until the frontier is empty. Counters as
/// [`uniform_cost`](crate::uniform_cost) on a problem without goals; equal-cost parents are the
/// first found.
///
/// ```
/// use search_core::shortest_path_tree_fn;
/// let roads = |&t: &u8| match t { 0 => vec![(1, 4), (2, 1)], 2 => vec![(1, 2)], _ => vec![] };
/// let tree = shortest_path_tree_fn(&0, roads);
/// assert_eq!(tree.cost(&1), Some(3));
/// assert_eq!(tree.path_to(&1), Some(vec![0, 2, 1]));
/// assert_eq!(tree.cost(&7), None);
/// ```
pub fn shortest_path_tree<P: SearchProblem>(problem: &P) -> ShortestPathTree<P::State, P::Cost> {
    let start = problem.start();
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    // The best cost found so far (open or closed) and whether it is final.
    let mut best: FxHashMap<P::State, (P::State, P::Cost, bool)> = FxHashMap::default();
    let mut states: Vec<P::State> = vec![start.clone()];
    best.insert(start.clone(), (start.clone(), P::Cost::ZERO, false));
    let mut heap = BinaryHeap::new();
    heap.push(MinEntry {
        f: P::Cost::ZERO,
        tie: 0u64,
        item: 0usize,
    });
    let mut seq = 0u64;
    while let Some(MinEntry { f: g, item, .. }) = heap.pop() {
        stats.popped += 1;
        let state = states[item].clone();
        let entry = best
            .get_mut(&state)
            .expect("a pushed state has a best cost");
        if entry.2 || entry.1.total_order(&g).is_lt() {
            continue;
        }
        entry.2 = true;
        stats.expanded += 1;
        problem.successors(&state, |_, child, step| {
            stats.generated += 1;
            let child_g = g + step;
            let improves = match best.get(&child) {
                Some(&(_, c, done)) => !done && child_g.total_order(&c).is_lt(),
                None => true,
            };
            if improves {
                best.insert(child.clone(), (state.clone(), child_g, false));
                seq += 1;
                states.push(child);
                heap.push(MinEntry {
                    f: child_g,
                    tie: seq,
                    item: states.len() - 1,
                });
            }
        });
    }
    let nodes = best.into_iter().map(|(s, (p, c, _))| (s, (p, c))).collect();
    ShortestPathTree {
        start,
        nodes,
        stats,
    }
}

/// [`shortest_path_tree`] on closures: `successors(state)` yields `(successor, step_cost)`.
pub fn shortest_path_tree_fn<S, C, FN, IN>(start: &S, successors: FN) -> ShortestPathTree<S, C>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: Fn(&S) -> IN,
    IN: IntoIterator<Item = (S, C)>,
{
    let problem =
        crate::closures::FnProblem::new(start.clone(), successors, |_: &S| C::ZERO, |_: &S| false);
    shortest_path_tree(&problem)
}

/// Every state reachable from the problem's start, in breadth-first order (the start first),
/// and the counters (`popped` = `expanded` = states reached; `generated` counts the start and
/// every successor reported).
///
/// ```
/// use search_core::reachable_fn;
/// let (states, _) = reachable_fn(&1u32, |&n| if n < 20 { vec![n * 2, n * 3] } else { vec![] });
/// assert_eq!(&states[..5], [1, 2, 3, 4, 6]);
/// assert_eq!(states.len(), 16);
/// ```
pub fn reachable<P: SearchProblem>(problem: &P) -> (Vec<P::State>, Stats) {
    let start = problem.start();
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut seen = crate::state_hash::FxHashSet::default();
    seen.insert(start.clone());
    let mut order = Vec::new();
    let mut queue = VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        stats.popped += 1;
        stats.expanded += 1;
        problem.successors(&state, |_, child, _| {
            stats.generated += 1;
            if seen.insert(child.clone()) {
                queue.push_back(child);
            }
        });
        order.push(state);
    }
    (order, stats)
}

/// [`reachable`] on closures: `successors(state)` yields states.
pub fn reachable_fn<S, FN, IN>(start: &S, successors: FN) -> (Vec<S>, Stats)
where
    S: Clone + Eq + Hash,
    FN: Fn(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
    reachable(&crate::closures::unit_problem(
        start,
        successors,
        |_: &S| false,
    ))
}
