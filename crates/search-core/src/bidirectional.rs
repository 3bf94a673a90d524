//! Bidirectional breadth-first search: a forward search from the start and a backward search
//! (over predecessors) from the goal, one layer at a time from the smaller frontier, until they
//! meet.

use crate::node_table::{Hashed, NodeTable};
use crate::problem::{Path, SearchResult, Stats};
use std::hash::Hash;
use std::marker::PhantomData;
use std::ops::ControlFlow;

/// The bit of a link that marks a state reached by the backward search.
const BACKWARD: u32 = 1 << 31;

/// The parent of a root; positions from here on do not fit a link.
const ROOT: u32 = BACKWARD - 1;

/// One table for both searches, so that a child costs one probe: each state reached belongs to
/// the search that reached it first, and its value is its link (the parent's position, with
/// [`BACKWARD`] for the backward search's states). A child already there is either this
/// search's (dropped) or the other's (the meeting). Each search lists its states in the order
/// reached, so its frontier is its last layer's range of that list: no queue.
struct Searches<S, T> {
    table: T,
    /// The positions each search reached (forward, backward), in order.
    reached: [Vec<u32>; 2],
    /// Where each search's frontier starts in its list.
    layer: [usize; 2],
    states: PhantomData<fn() -> S>,
}

impl<S: Clone, T: NodeTable<S, u32>> Searches<S, T> {
    fn new(table: T) -> Self {
        Self {
            table,
            reached: [Vec::new(), Vec::new()],
            layer: [0, 0],
            states: PhantomData,
        }
    }

    /// Makes `state` a root of search `side`, unless it is already reached; returns its
    /// position when the other search has it.
    fn root(&mut self, side: usize, state: S) -> Option<u32> {
        let mark = if side == 0 { 0 } else { BACKWARD };
        let (at, &mut link, new) = self
            .table
            .reach(self.table.key(&state), state, |_| ROOT | mark);
        if new {
            assert!(at < ROOT, "a search reached more than 2^31 - 1 states");
            self.reached[side].push(at);
        }
        (link & BACKWARD != mark).then_some(at)
    }

    /// The number of states in search `side`'s frontier.
    fn frontier(&self, side: usize) -> usize {
        self.reached[side].len() - self.layer[side]
    }

    /// The states from the one at `position` back to its search's root.
    fn chain(&self, mut position: u32) -> Vec<S> {
        let mut out = Vec::new();
        loop {
            let (state, &link) = self.table.get(position);
            out.push(state.clone());
            position = link & !BACKWARD;
            if position == ROOT {
                return out;
            }
        }
    }

    /// Expands search `side`'s frontier (0: forward, with successors; 1: backward, with
    /// predecessors), one layer, up to the first child the other search has reached; returns
    /// the positions of the state expanded and of that child.
    ///
    /// The first meeting is a shortest path: the child met is in the other search's frontier
    /// (had the other search expanded it, it would have reached the state expanded here, and
    /// the two would have met then), so its depth there is the frontier's, as for every
    /// meeting of this layer.
    fn expand_layer<FN>(
        &mut self,
        side: usize,
        next: &mut FN,
        stats: &mut Stats,
    ) -> Option<(u32, u32)>
    where
        FN: crate::UnitSuccessors<S>,
    {
        let mark = if side == 0 { 0 } else { BACKWARD };
        let end = self.reached[side].len();
        for i in self.layer[side]..end {
            let at = self.reached[side][i];
            let state = self.table.get(at).0.clone();
            stats.popped += 1;
            stats.expanded += 1;
            // Internal iteration (`try_for_each`): the closure's adapters inline into the loop.
            let met = next(&state).into_iter().try_for_each(|child| {
                stats.generated += 1;
                let key = self.table.key(&child);
                let (there, &mut link, new) = self.table.reach(key, child, |_| at | mark);
                if new {
                    assert!(there < ROOT, "a search reached more than 2^31 - 1 states");
                    self.reached[side].push(there);
                } else if link & BACKWARD != mark {
                    return ControlFlow::Break(there);
                }
                ControlFlow::Continue(())
            });
            if let ControlFlow::Break(there) = met {
                return Some((at, there));
            }
        }
        self.layer[side] = end;
        None
    }

    /// The path through the meeting edge from the forward search's state at `f` to the
    /// backward search's at `b`.
    fn path(&self, f: u32, b: u32) -> Path<S, (), usize> {
        let mut states = self.chain(f);
        states.reverse();
        states.extend(self.chain(b));
        let steps = states.len() - 1;
        Path {
            states,
            actions: vec![(); steps],
            step_costs: vec![1; steps],
            cost: steps,
        }
    }
}

/// Bidirectional breadth-first search from `start` to `goal`: a path with the fewest steps, as
/// [`breadth_first_fn`](crate::breadth_first_fn) finds, usually after far fewer nodes.
/// `predecessors(s)` must give every state with `s` among its successors.
///
/// The search with the smaller frontier (the forward one on a tie) expands its next layer, and
/// the searches stop at the first child one of them generates that the other has reached: the
/// same expansions, the same calls and the same path as `pathfinding`'s `bfs_bidirectional`
/// (4.16). Counters: `generated` counts the roots (one if `start` is `goal`) and every
/// successor and predecessor reported; `popped` and `expanded` count the states whose
/// successors (or predecessors) were generated. The path's cost is its number of steps.
///
/// ```
/// use search_core::{bidirectional_bfs_fn, breadth_first_fn};
/// // On the integers, +1 / *2 forward, -1 / /2 backward.
/// let next = |&n: &u32| [n + 1, n * 2];
/// let prev = |&n: &u32| if n % 2 == 0 { vec![n - 1, n / 2] } else { vec![n - 1] };
/// let both = bidirectional_bfs_fn(&1, &100, next, prev);
/// let one = breadth_first_fn(&1, next, |&n| n == 100);
/// assert_eq!(both.path.unwrap().len(), one.path.unwrap().len());
/// assert!(both.stats.generated < one.stats.generated);
/// ```
pub fn bidirectional_bfs_fn<S: Clone + Eq + Hash>(
    start: &S,
    goal: &S,
    successors: impl crate::UnitSuccessors<S>,
    predecessors: impl crate::UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    bidirectional_bfs_from_fn([start.clone()], [goal.clone()], successors, predecessors)
}

/// [`bidirectional_bfs_fn`] from several starts to several goals (`pathfinding`'s
/// `bfs_bidirectional` given `NodeRefs`): a path with the fewest steps from any start to any
/// goal. When a start is a goal, the path is the first such start alone. No starts or no goals:
/// no path. Counters: `generated` counts each state among the roots once.
///
/// ```
/// use search_core::bidirectional_bfs_from_fn;
/// // A chain a -> b -> c -> d -> e; from a or b to d or e.
/// let next = |&c: &char| if c < 'e' { vec![(c as u8 + 1) as char] } else { vec![] };
/// let prev = |&c: &char| if c > 'a' { vec![(c as u8 - 1) as char] } else { vec![] };
/// let r = bidirectional_bfs_from_fn(['a', 'b'], ['d', 'e'], next, prev);
/// assert_eq!(r.path.unwrap().states, ['b', 'c', 'd']);
/// ```
pub fn bidirectional_bfs_from_fn<S: Clone + Eq + Hash>(
    starts: impl IntoIterator<Item = S>,
    goals: impl IntoIterator<Item = S>,
    successors: impl crate::UnitSuccessors<S>,
    predecessors: impl crate::UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    run(Hashed::default(), starts, goals, successors, predecessors)
}

/// [`bidirectional_bfs_from_fn`] over the node table `table`.
pub(crate) fn run<S: Clone, T: NodeTable<S, u32>>(
    table: T,
    starts: impl IntoIterator<Item = S>,
    goals: impl IntoIterator<Item = S>,
    mut successors: impl crate::UnitSuccessors<S>,
    mut predecessors: impl crate::UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    let mut searches = Searches::new(table);
    for start in starts {
        searches.root(0, start);
    }
    let shared = goals
        .into_iter()
        .filter_map(|goal| searches.root(1, goal))
        .min();
    let mut stats = Stats {
        generated: searches.table.len() as u64,
        ..Stats::default()
    };
    let mut path = shared.map(|at| Path::single(searches.table.get(at).0.clone()));
    while path.is_none() && searches.frontier(0) > 0 && searches.frontier(1) > 0 {
        let meeting = if searches.frontier(0) <= searches.frontier(1) {
            searches.expand_layer(0, &mut successors, &mut stats)
        } else {
            searches
                .expand_layer(1, &mut predecessors, &mut stats)
                .map(|(b, f)| (f, b))
        };
        path = meeting.map(|(f, b)| searches.path(f, b));
    }
    SearchResult {
        cut_off: false,
        path,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::{bidirectional_bfs_fn, bidirectional_bfs_from_fn};
    use crate::problem::Stats;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The algorithm written plainly: a map of parents and a list per side, the smaller
    /// frontier's layer expanded up to the first child the other side has reached.
    fn plain(
        edges: &[(usize, usize)],
        starts: &[usize],
        goals: &[usize],
    ) -> (Option<Vec<usize>>, Stats) {
        let mut stats = Stats::default();
        let mut sides = [HashMap::new(), HashMap::new()];
        let mut layers = [Vec::new(), Vec::new()];
        for (side, roots) in [starts, goals].into_iter().enumerate() {
            for &r in roots {
                if !sides[0].contains_key(&r) && !sides[1].contains_key(&r) {
                    stats.generated += 1;
                    sides[side].insert(r, None);
                    layers[side].push(r);
                }
            }
        }
        if let Some(&s) = starts.iter().find(|s| goals.contains(s)) {
            return (Some(vec![s]), stats);
        }
        let next = |s: usize, fwd: bool| -> Vec<usize> {
            let pick = |e: &&(usize, usize)| if fwd { e.0 == s } else { e.1 == s };
            edges
                .iter()
                .filter(pick)
                .map(|e| if fwd { e.1 } else { e.0 })
                .collect()
        };
        let chain = |side: &HashMap<usize, Option<usize>>, mut s: usize| {
            let mut out = vec![s];
            while let Some(Some(p)) = side.get(&s) {
                out.push(*p);
                s = *p;
            }
            out
        };
        while !layers[0].is_empty() && !layers[1].is_empty() {
            let me = usize::from(layers[0].len() > layers[1].len());
            let mut layer = Vec::new();
            for s in std::mem::take(&mut layers[me]) {
                stats.popped += 1;
                stats.expanded += 1;
                for c in next(s, me == 0) {
                    stats.generated += 1;
                    if sides[me].contains_key(&c) {
                        continue;
                    }
                    if sides[1 - me].contains_key(&c) {
                        let (f, b) = if me == 0 { (s, c) } else { (c, s) };
                        let mut path = chain(&sides[0], f);
                        path.reverse();
                        path.extend(chain(&sides[1], b));
                        return (Some(path), stats);
                    }
                    sides[me].insert(c, Some(s));
                    layer.push(c);
                }
            }
            layers[me] = layer;
        }
        (None, stats)
    }

    /// A random graph on `n` states: its edges, and up to three starts and three goals.
    fn graphs() -> impl Strategy<Value = (Vec<(usize, usize)>, Vec<usize>, Vec<usize>)> {
        (1usize..16).prop_flat_map(|n| {
            (
                prop::collection::vec((0..n, 0..n), 0..45),
                prop::collection::vec(0..n, 0..4),
                prop::collection::vec(0..n, 0..4),
            )
        })
    }

    proptest! {
        #[test]
        fn same_path_and_counters_as_the_plain_algorithm((edges, starts, goals) in graphs()) {
            let next = |&s: &usize| edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
            let prev = |&s: &usize| edges.iter().filter(|e| e.1 == s).map(|e| e.0).collect::<Vec<_>>();
            let ours = bidirectional_bfs_from_fn(starts.clone(), goals.clone(), next, prev);
            let (path, stats) = plain(&edges, &starts, &goals);
            prop_assert_eq!(ours.path.as_ref().map(|p| p.states.clone()), path);
            prop_assert_eq!(ours.stats, stats);
            if let Some(p) = &ours.path {
                // Unit steps: the cost is the number of steps.
                prop_assert_eq!(p.cost, p.states.len() - 1);
                prop_assert_eq!((&p.step_costs, p.actions.len()), (&vec![1; p.cost], p.cost));
            }
            if let ([start], [goal]) = (&starts[..], &goals[..]) {
                let one = bidirectional_bfs_fn(start, goal, next, prev);
                prop_assert_eq!(&one.path, &ours.path);
                prop_assert_eq!(one.stats, ours.stats);
                // The states are below 16: numbered by themselves, in flat arrays.
                let fast = crate::indexed::bidirectional_bfs_fn(start, goal, 16, |&s| s, next, prev);
                prop_assert_eq!(fast.path, ours.path);
                prop_assert_eq!(fast.stats, ours.stats);
            }
        }

        /// `pathfinding`'s `bfs_bidirectional` (4.16: the smaller frontier's layer, up to the
        /// first meeting) finds a path of the same length; from one start to one goal the same
        /// path, calling the closures once per state we expand when there is a path (with
        /// none, it goes on with the side that still has a frontier). Its several roots are a
        /// set, taken in hash order, so its path among equally short ones can differ then.
        #[test]
        fn same_path_and_calls_as_pathfinding((edges, starts, goals) in graphs()) {
            let next = |&s: &usize| edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
            let prev = |&s: &usize| edges.iter().filter(|e| e.1 == s).map(|e| e.0).collect::<Vec<_>>();
            let ours = bidirectional_bfs_from_fn(starts.clone(), goals.clone(), next, prev);
            let calls = std::cell::Cell::new(0u64);
            let counted = |f: &dyn Fn(&usize) -> Vec<usize>, s: &usize| {
                calls.set(calls.get() + 1);
                f(s)
            };
            let theirs = pathfinding::prelude::bfs_bidirectional(
                pathfinding::NodeRefs::from_iter(&starts),
                pathfinding::NodeRefs::from_iter(&goals),
                |s| counted(&next, s),
                |s| counted(&prev, s),
            );
            prop_assert_eq!(ours.path.as_ref().map(|p| p.len()), theirs.as_ref().map(Vec::len));
            if starts.len() == 1 && goals.len() == 1 {
                prop_assert_eq!(ours.path.as_ref().map(|p| &p.states), theirs.as_ref());
                if ours.path.is_some() {
                    prop_assert_eq!(ours.stats.expanded, calls.get());
                }
            }
        }
    }
}
