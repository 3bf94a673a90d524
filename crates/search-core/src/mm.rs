//! MM, bidirectional heuristic search that meets in the middle (Holte, Felner, Sharon and
//! Sturtevant, "Bidirectional search that is guaranteed to meet in the middle", AAAI 2016).
//!
//! A forward search from the start (over successors, with a heuristic towards the goal) and a
//! backward search from the goal (over predecessors, with a heuristic towards the start) each
//! order their frontier by `pr(n) = max(g(n) + h(n), 2 g(n))`. The side whose best `pr` is
//! lower expands its node of least `pr` (least `g` among equals, then first reached). Every
//! state reached by both sides offers a path of cost `gF + gB`; the best, `U`, is returned
//! once it is at most the largest of the lower bounds `C` (the least `pr`), `fminF`, `fminB`
//! and `gminF + gminB`. With admissible heuristics the cost is optimal, and neither side
//! expands a state past the middle (`2 g <= C`).

use crate::cost::Cost;
use crate::problem::{Path, SearchResult, Stats};
use crate::state_hash::FxHashMap;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// The forward side's index into [`Node::side`], and the backward side's.
const FORWARD: usize = 0;
const BACKWARD: usize = 1;

/// What one side knows of a state.
#[derive(Clone, Copy)]
struct Reached<C> {
    /// The cheapest cost from this side's root found so far.
    g: C,
    /// The heuristic towards the other side's root.
    h: C,
    /// The neighbour it was reached from (towards the root) and that edge's cost.
    parent: Option<(u32, C)>,
    /// Whether it waits on the frontier.
    open: bool,
    /// The sequence number of its live frontier entries.
    stamp: u32,
}

/// A state and what each side knows of it.
struct Node<S, C> {
    state: S,
    side: [Option<Reached<C>>; 2],
}

/// A frontier entry: two keys compared in order (by [`Cost::total_order`]), then the sequence
/// number (first reached first); the least is the greatest, for [`BinaryHeap`].
struct Entry<C> {
    first: C,
    second: C,
    stamp: u32,
    node: u32,
}

impl<C: Cost> Entry<C> {
    fn order(&self, other: &Self) -> Ordering {
        self.first
            .total_order(&other.first)
            .then_with(|| self.second.total_order(&other.second))
            .then_with(|| self.stamp.cmp(&other.stamp))
    }
}

impl<C: Cost> PartialEq for Entry<C> {
    fn eq(&self, other: &Self) -> bool {
        self.order(other).is_eq()
    }
}

impl<C: Cost> Eq for Entry<C> {}

impl<C: Cost> PartialOrd for Entry<C> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<C: Cost> Ord for Entry<C> {
    fn cmp(&self, other: &Self) -> Ordering {
        other.order(self)
    }
}

/// One side's frontier, kept three ways (entries of closed or re-reached states are dropped
/// when they come up): by `(pr, g)`, by `f = g + h` and by `g`.
struct Frontier<C> {
    by_pr: BinaryHeap<Entry<C>>,
    by_f: BinaryHeap<Entry<C>>,
    by_g: BinaryHeap<Entry<C>>,
}

/// The larger of two costs.
fn max<C: Cost>(a: C, b: C) -> C {
    if a.total_order(&b).is_lt() { b } else { a }
}

/// The least live entry of `heap` (its two keys and node), dropping the stale ones above it.
fn least<S, C: Cost>(
    heap: &mut BinaryHeap<Entry<C>>,
    nodes: &[Node<S, C>],
    side: usize,
) -> Option<(C, C, u32)> {
    while let Some(top) = heap.peek() {
        let live = nodes[top.node as usize].side[side]
            .as_ref()
            .is_some_and(|r| r.open && r.stamp == top.stamp);
        if live {
            return Some((top.first, top.second, top.node));
        }
        heap.pop();
    }
    None
}

/// The search's state: the states reached, both frontiers and the best meeting so far.
struct Search<S, C> {
    nodes: Vec<Node<S, C>>,
    index: FxHashMap<S, u32>,
    frontiers: [Frontier<C>; 2],
    /// The cheapest path through a state reached by both sides: its cost and that state.
    best: Option<(C, u32)>,
    next_stamp: u32,
    stats: Stats,
}

impl<S: Clone + Eq + Hash, C: Cost> Search<S, C> {
    fn new() -> Self {
        let frontier = || Frontier {
            by_pr: BinaryHeap::new(),
            by_f: BinaryHeap::new(),
            by_g: BinaryHeap::new(),
        };
        Self {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            frontiers: [frontier(), frontier()],
            best: None,
            next_stamp: 0,
            stats: Stats::default(),
        }
    }

    /// The node of `state`, created unreached when new.
    fn node(&mut self, state: S) -> u32 {
        let next = u32::try_from(self.nodes.len()).expect("fewer than 2^32 states");
        *self.index.entry(state).or_insert_with_key(|state| {
            self.nodes.push(Node {
                state: state.clone(),
                side: [None, None],
            });
            next
        })
    }

    /// Records that `side` reached `node` at cost `g` (from `parent`), opens it, and offers the
    /// path through it when the other side has reached it too. `h` is called only the first
    /// time this side reaches the state.
    fn reach(
        &mut self,
        side: usize,
        node: u32,
        g: C,
        parent: Option<(u32, C)>,
        h: impl FnOnce(&S) -> C,
    ) {
        let stamp = self.next_stamp;
        self.next_stamp += 1;
        let at = &mut self.nodes[node as usize];
        let h = at.side[side].map_or_else(|| h(&at.state), |r| r.h);
        at.side[side] = Some(Reached {
            g,
            h,
            parent,
            open: true,
            stamp,
        });
        if let Some(there) = at.side[1 - side] {
            let total = g + there.g;
            if self.best.is_none_or(|(u, _)| total.total_order(&u).is_lt()) {
                self.best = Some((total, node));
            }
        }
        let frontier = &mut self.frontiers[side];
        let f = g + h;
        let entry = |first, second| Entry {
            first,
            second,
            stamp,
            node,
        };
        frontier.by_pr.push(entry(max(f, g + g), g));
        frontier.by_f.push(entry(f, C::ZERO));
        frontier.by_g.push(entry(g, C::ZERO));
    }

    /// The least `(pr, g, node)` of `side`'s frontier, and its least `f` and least `g`.
    fn bounds(&mut self, side: usize) -> Option<((C, C, u32), C, C)> {
        let frontier = &mut self.frontiers[side];
        let pr = least(&mut frontier.by_pr, &self.nodes, side)?;
        let f = least(&mut frontier.by_f, &self.nodes, side)?.0;
        let g = least(&mut frontier.by_g, &self.nodes, side)?.0;
        Some((pr, f, g))
    }

    /// Closes `node` on `side` and reaches its neighbours (`next`: successors forward,
    /// predecessors backward) when that is cheaper than before.
    fn expand(
        &mut self,
        side: usize,
        node: u32,
        next: &mut impl crate::Successors<S, C>,
        h: &mut impl FnMut(&S) -> C,
    ) {
        self.stats.popped += 1;
        self.stats.expanded += 1;
        let here = self.nodes[node as usize].side[side]
            .as_mut()
            .expect("a frontier node was reached");
        here.open = false;
        let g = here.g;
        for (state, step) in next(&self.nodes[node as usize].state) {
            self.stats.generated += 1;
            let child = self.node(state);
            let g_child = g + step;
            let known = self.nodes[child as usize].side[side];
            if known.is_some_and(|r| !g_child.total_order(&r.g).is_lt()) {
                continue;
            }
            self.reach(side, child, g_child, Some((node, step)), &mut *h);
        }
    }

    /// The path through the best meeting state: the forward parents from the start to it, then
    /// the backward parents from it to the goal.
    fn path(&self, meet: u32) -> Path<S, (), C> {
        let mut states = Vec::new();
        let mut step_costs = Vec::new();
        let mut at = meet;
        while let Some((parent, step)) = self.link(at, FORWARD) {
            states.push(self.nodes[at as usize].state.clone());
            step_costs.push(step);
            at = parent;
        }
        states.push(self.nodes[at as usize].state.clone());
        states.reverse();
        step_costs.reverse();
        let mut at = meet;
        while let Some((next, step)) = self.link(at, BACKWARD) {
            states.push(self.nodes[next as usize].state.clone());
            step_costs.push(step);
            at = next;
        }
        let cost = step_costs.iter().fold(C::ZERO, |sum, &step| sum + step);
        Path {
            actions: vec![(); step_costs.len()],
            states,
            step_costs,
            cost,
        }
    }

    fn link(&self, node: u32, side: usize) -> Option<(u32, C)> {
        self.nodes[node as usize].side[side].and_then(|r| r.parent)
    }
}

/// MM bidirectional heuristic search from `start` to `goal`: a cheapest path when both
/// heuristics are admissible, the two searches meeting in the middle.
///
/// - `successors(s)` gives `(next, cost)` for every edge `s -> next`;
/// - `predecessors(s)` gives `(previous, cost)` for every edge `previous -> s` (on an
///   undirected graph, pass the successors closure again);
/// - `forward_heuristic(s)` estimates the cost from `s` to `goal`;
/// - `backward_heuristic(s)` estimates the cost from `start` to `s`.
///
/// Both heuristics must be admissible (never above the true cost) for the path to be a
/// cheapest one; with zero heuristics MM is a bidirectional Dijkstra that stops when the two
/// searches' radii add up to the best path found. Costs must not be negative. States met again
/// more cheaply are reopened, so inconsistent heuristics are allowed.
///
/// Counters: `generated` counts the two roots and every successor and predecessor reported;
/// `popped` and `expanded` count the expansions of either side. `None` when no path exists.
///
/// ```
/// use search_core::{astar_fn, bidirectional_mm_fn};
/// // Roads between five towns, both ways; straight-line distances to town 4 and from town 0.
/// static ROADS: [(u8, u8, u32); 6] = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 5), (2, 3, 8), (3, 4, 3)];
/// let next = |&t: &u8| {
///     ROADS.iter().filter_map(move |&(a, b, d)| match t {
///         _ if t == a => Some((b, d)),
///         _ if t == b => Some((a, d)),
///         _ => None,
///     })
/// };
/// let to_4 = |&t: &u8| [10u32, 7, 8, 3, 0][t as usize];
/// let from_0 = |&t: &u8| [0u32, 3, 1, 7, 10][t as usize];
/// let mm = bidirectional_mm_fn(&0, &4, next, next, to_4, from_0);
/// let path = mm.path.unwrap();
/// assert_eq!((path.states, path.cost), (vec![0, 2, 1, 3, 4], 11));
/// assert_eq!(path.cost, astar_fn(&0, next, to_4, |&t| t == 4).path.unwrap().cost);
/// ```
pub fn bidirectional_mm_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    goal: &S,
    mut successors: impl crate::Successors<S, C>,
    mut predecessors: impl crate::Successors<S, C>,
    mut forward_heuristic: impl FnMut(&S) -> C,
    mut backward_heuristic: impl FnMut(&S) -> C,
) -> SearchResult<S, (), C> {
    let mut search = Search::new();
    let root = search.node(start.clone());
    search.reach(FORWARD, root, C::ZERO, None, &mut forward_heuristic);
    let root = search.node(goal.clone());
    search.reach(BACKWARD, root, C::ZERO, None, &mut backward_heuristic);
    search.stats.generated = if start == goal { 1 } else { 2 };
    while let (Some(forward), Some(backward)) = (search.bounds(FORWARD), search.bounds(BACKWARD)) {
        let ((pr_f, _, node_f), f_f, g_f) = forward;
        let ((pr_b, _, node_b), f_b, g_b) = backward;
        let c = if pr_f.total_order(&pr_b).is_le() {
            pr_f
        } else {
            pr_b
        };
        let bound = max(max(c, g_f + g_b), max(f_f, f_b));
        if search
            .best
            .is_some_and(|(u, _)| u.total_order(&bound).is_le())
        {
            break;
        }
        if pr_f.total_order(&pr_b).is_le() {
            search.expand(FORWARD, node_f, &mut successors, &mut forward_heuristic);
        } else {
            search.expand(BACKWARD, node_b, &mut predecessors, &mut backward_heuristic);
        }
    }
    SearchResult {
        path: search.best.map(|(_, meet)| search.path(meet)),
        stats: search.stats,
        cut_off: false,
    }
}
