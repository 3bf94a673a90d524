//! Everything reachable from the start: shortest-path trees (all cheapest costs and parents,
//! `pathfinding`'s `dijkstra_all`) and plain reachability.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::problem::{SearchProblem, Stats};
use crate::state_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

/// The cheapest path cost from the start to every reachable state, with the state each is
/// reached from on one cheapest path. The start has cost zero and no parent.
#[derive(Debug, Clone)]
pub struct ShortestPathTree<S, C> {
    /// Each reachable state's slot in the vectors (the start's is 0).
    index: FxHashMap<S, usize>,
    states: Vec<S>,
    parent: Vec<usize>,
    cost: Vec<C>,
    /// The counters of the uniform-cost search that built it.
    pub stats: Stats,
}

impl<S: Clone + Eq + Hash, C: Cost> ShortestPathTree<S, C> {
    /// The cheapest cost to `state` (`None`: unreachable).
    pub fn cost(&self, state: &S) -> Option<C> {
        self.index.get(state).map(|&i| self.cost[i])
    }

    /// The state `state` is reached from (`None` for the start and unreachable states).
    pub fn parent(&self, state: &S) -> Option<&S> {
        let i = *self.index.get(state)?;
        (i != 0).then(|| &self.states[self.parent[i]])
    }

    /// The states of a cheapest path from the start to `state` (`None`: unreachable).
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let mut i = *self.index.get(state)?;
        let mut out = vec![self.states[i].clone()];
        while i != 0 {
            i = self.parent[i];
            out.push(self.states[i].clone());
        }
        out.reverse();
        Some(out)
    }

    /// The number of reachable states, the start included.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Always false: the start is reachable.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Every reachable state with its parent (the start with itself) and cost, in the order
    /// they were first reached.
    pub fn iter(&self) -> impl Iterator<Item = (&S, &S, C)> {
        (0..self.states.len())
            .map(|i| (&self.states[i], &self.states[self.parent[i]], self.cost[i]))
    }
}

/// The shortest-path tree of everything reachable from the problem's start (its goal test is
/// not used): uniform-cost search run until the frontier is empty, pushing a state again only
/// when its cost improves. Equal-cost parents are the first found.
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
    let mut tree = ShortestPathTree {
        index: FxHashMap::default(),
        states: vec![start.clone()],
        parent: vec![0],
        cost: vec![P::Cost::ZERO],
        stats: Stats::default(),
    };
    tree.index.insert(start, 0);
    let mut done = vec![false];
    let mut heap = BinaryHeap::new();
    heap.push(MinEntry {
        f: P::Cost::ZERO,
        tie: 0u64,
        item: 0usize,
    });
    let mut seq = 0u64;
    while let Some(MinEntry { f: g, item, .. }) = heap.pop() {
        stats.popped += 1;
        if done[item] || tree.cost[item].total_order(&g).is_lt() {
            continue;
        }
        done[item] = true;
        stats.expanded += 1;
        let state = tree.states[item].clone();
        problem.successors(&state, |_, child, step| {
            stats.generated += 1;
            let child_g = g + step;
            let slot = match tree.index.entry(child) {
                Entry::Occupied(e) => {
                    let i = *e.get();
                    if done[i] || !child_g.total_order(&tree.cost[i]).is_lt() {
                        return;
                    }
                    tree.cost[i] = child_g;
                    tree.parent[i] = item;
                    i
                }
                Entry::Vacant(e) => {
                    let i = tree.states.len();
                    tree.states.push(e.key().clone());
                    e.insert(i);
                    tree.parent.push(item);
                    tree.cost.push(child_g);
                    done.push(false);
                    i
                }
            };
            seq += 1;
            heap.push(MinEntry {
                f: child_g,
                tie: seq,
                item: slot,
            });
        });
    }
    tree.stats = stats;
    tree
}

/// [`shortest_path_tree`] on closures: `successors(state)` yields `(successor, step_cost)`.
pub fn shortest_path_tree_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    successors: impl crate::Successors<S, C>,
) -> ShortestPathTree<S, C> {
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
pub fn reachable_fn<S: Clone + Eq + Hash>(
    start: &S,
    successors: impl crate::UnitSuccessors<S>,
) -> (Vec<S>, Stats) {
    reachable(&crate::closures::unit_problem(
        start,
        successors,
        |_: &S| false,
    ))
}
