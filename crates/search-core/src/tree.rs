//! Everything reachable from the start: shortest-path trees (all cheapest costs and parents,
//! `pathfinding`'s `dijkstra_all`) and plain reachability.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::node_table::{Hashed, NodeTable};
use crate::problem::{SearchProblem, Stats};
use std::collections::{BinaryHeap, VecDeque};
use std::hash::Hash;

/// The cheapest path cost from the start to every reachable state, with the state each is
/// reached from on one cheapest path. The start has cost zero and no parent.
#[derive(Debug, Clone)]
pub struct ShortestPathTree<S, C> {
    /// Each reachable state, first reached first (the start at position 0), with its cost and
    /// its parent's position.
    nodes: Hashed<S, TreeNode<C>>,
    /// The counters of the uniform-cost search that built it.
    pub stats: Stats,
}

/// A state's place in the tree.
#[derive(Debug, Clone)]
struct TreeNode<C> {
    cost: C,
    /// The parent's position (the start's own, 0, for the start).
    parent: u32,
    /// Whether the state has been expanded (its cost is final).
    done: bool,
}

impl<S: Clone + Eq + Hash, C: Cost> ShortestPathTree<S, C> {
    /// The cheapest cost to `state` (`None`: unreachable).
    pub fn cost(&self, state: &S) -> Option<C> {
        let at = self.nodes.find(state)?;
        Some(self.nodes.get(at).1.cost)
    }

    /// The state `state` is reached from (`None` for the start and unreachable states).
    pub fn parent(&self, state: &S) -> Option<&S> {
        let at = self.nodes.find(state)?;
        (at != 0).then(|| self.nodes.get(self.nodes.get(at).1.parent).0)
    }

    /// The states of a cheapest path from the start to `state` (`None`: unreachable).
    pub fn path_to(&self, state: &S) -> Option<Vec<S>> {
        let mut at = self.nodes.find(state)?;
        let mut out = vec![self.nodes.get(at).0.clone()];
        while at != 0 {
            at = self.nodes.get(at).1.parent;
            out.push(self.nodes.get(at).0.clone());
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
        self.nodes.len() == 0
    }

    /// Every reachable state with its parent (the start with itself) and cost, in the order
    /// they were first reached.
    pub fn iter(&self) -> impl Iterator<Item = (&S, &S, C)> {
        (0..self.nodes.len() as u32).map(|at| {
            let (state, node) = self.nodes.get(at);
            (state, self.nodes.get(node.parent).0, node.cost)
        })
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
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut nodes = Hashed::default();
    let zero = P::Cost::ZERO;
    let start = problem.start();
    nodes.reach(nodes.key(&start), start, |_| TreeNode {
        cost: zero,
        parent: 0,
        done: false,
    });
    // Entries (cost, generation number, position): equal costs leave first in, first out.
    let mut heap = BinaryHeap::from([MinEntry {
        f: zero,
        tie: 0u64,
        item: 0u32,
    }]);
    let mut seq = 0u64;
    while let Some(MinEntry { f: g, item, .. }) = heap.pop() {
        stats.popped += 1;
        let node = nodes.value_mut(item);
        if node.done || node.cost.total_order(&g).is_lt() {
            continue;
        }
        node.done = true;
        stats.expanded += 1;
        let state = nodes.get(item).0.clone();
        problem.successors(&state, |_, child, step| {
            stats.generated += 1;
            let child_g = g + step;
            let key = nodes.key(&child);
            let (at, node, new) = nodes.reach(key, child, |_| TreeNode {
                cost: child_g,
                parent: item,
                done: false,
            });
            if !new {
                if node.done || !child_g.total_order(&node.cost).is_lt() {
                    return;
                }
                node.cost = child_g;
                node.parent = item;
            }
            seq += 1;
            heap.push(MinEntry {
                f: child_g,
                tie: seq,
                item: at,
            });
        });
    }
    ShortestPathTree { nodes, stats }
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
