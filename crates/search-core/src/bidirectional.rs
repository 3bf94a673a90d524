//! Bidirectional breadth-first search: a forward search from the start and a backward search
//! (over predecessors) from the goal, one whole layer at a time from the smaller frontier,
//! until they meet.

use crate::problem::{Path, SearchResult, Stats};
use crate::state_hash::FxHasher;
use indexmap::IndexMap;
use indexmap::map::Entry;
use std::hash::{BuildHasherDefault, Hash};

/// No parent: the root's.
const ROOT: u32 = u32::MAX;

/// One side of the search: the states it reached, in the order reached, each with its parent's
/// position. States are reached layer by layer, so the frontier is the last layer's range of
/// positions: no queue, and no state kept twice.
struct Side<S> {
    reached: IndexMap<S, u32, BuildHasherDefault<FxHasher>>,
    /// The frontier: the positions from here to the end.
    layer: usize,
}

impl<S: Clone + Eq + Hash> Side<S> {
    fn new(root: &S) -> Self {
        let mut reached = IndexMap::default();
        reached.insert(root.clone(), ROOT);
        Self { reached, layer: 0 }
    }

    /// The number of states in the frontier.
    fn frontier(&self) -> usize {
        self.reached.len() - self.layer
    }

    /// The states from the one at `position` back to this side's root.
    fn chain(&self, mut position: u32) -> Vec<S> {
        let mut out = Vec::new();
        while let Some((state, &parent)) = self.reached.get_index(position as usize) {
            out.push(state.clone());
            position = parent;
        }
        out
    }

    /// Expands the frontier, one whole layer, with `next` (successors or predecessors); returns
    /// the first meeting found, as the positions of the state expanded here and of its child
    /// in `other`.
    ///
    /// Every meeting of a layer gives a path of the same length: the child met is in the other
    /// side's frontier (had the other side expanded it, it would have reached the state
    /// expanded here, and the two sides would have met then), so its depth there is the
    /// frontier's.
    fn expand_layer<FN>(
        &mut self,
        other: &Self,
        next: &mut FN,
        stats: &mut Stats,
    ) -> Option<(u32, u32)>
    where
        FN: crate::UnitSuccessors<S>,
    {
        let mut meeting: Option<(u32, u32)> = None;
        let end = self.reached.len();
        for at in self.layer..end {
            let (state, _) = self.reached.get_index(at).expect("a reached position");
            let state = state.clone();
            let at = at as u32;
            stats.popped += 1;
            stats.expanded += 1;
            for child in next(&state) {
                stats.generated += 1;
                let Entry::Vacant(slot) = self.reached.entry(child) else {
                    continue;
                };
                if meeting.is_none() {
                    meeting = other
                        .reached
                        .get_index_of(slot.key())
                        .map(|there| (at, there as u32));
                }
                assert!(
                    slot.index() < ROOT as usize,
                    "a search reached more than 2^32 - 1 states"
                );
                slot.insert(at);
            }
        }
        self.layer = end;
        meeting
    }
}

/// Bidirectional breadth-first search from `start` to `goal`: a path with the fewest steps, as
/// [`breadth_first_fn`](crate::breadth_first_fn) finds, usually after far fewer nodes.
/// `predecessors(s)` must give every state with `s` among its successors.
///
/// Counters: `generated` counts the two roots and every successor and predecessor reported;
/// `popped` and `expanded` count the states whose successors (or predecessors) were
/// generated. The path's cost is its number of steps.
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
    mut successors: impl crate::UnitSuccessors<S>,
    mut predecessors: impl crate::UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    let mut stats = Stats {
        generated: 2,
        ..Stats::default()
    };
    if start == goal {
        stats.generated = 1;
        return SearchResult {
            cut_off: false,
            path: Some(Path::single(start.clone())),
            stats,
        };
    }
    let mut forward = Side::new(start);
    let mut backward = Side::new(goal);
    while forward.frontier() > 0 && backward.frontier() > 0 {
        if forward.frontier() <= backward.frontier() {
            if let Some((f, b)) = forward.expand_layer(&backward, &mut successors, &mut stats) {
                return found(&forward, &backward, f, b, stats);
            }
        } else if let Some((b, f)) = backward.expand_layer(&forward, &mut predecessors, &mut stats)
        {
            return found(&forward, &backward, f, b, stats);
        }
    }
    SearchResult {
        cut_off: false,
        path: None,
        stats,
    }
}

/// The path through the meeting edge from the state at forward position `f` to the one at
/// backward position `b`.
fn found<S: Clone + Eq + Hash>(
    forward: &Side<S>,
    backward: &Side<S>,
    f: u32,
    b: u32,
    stats: Stats,
) -> SearchResult<S, (), usize> {
    let mut states = forward.chain(f);
    states.reverse();
    states.extend(backward.chain(b));
    let steps = states.len() - 1;
    SearchResult {
        cut_off: false,
        path: Some(Path {
            states,
            actions: vec![(); steps],
            step_costs: vec![1; steps],
            cost: steps,
        }),
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::bidirectional_bfs_fn;
    use crate::problem::Stats;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The algorithm written plainly: a map of (parent, depth) and a list per side, the
    /// smaller frontier's whole layer expanded, the first shortest meeting kept.
    fn plain(edges: &[(usize, usize)], goal: usize) -> (Option<Vec<usize>>, Stats) {
        let mut stats = Stats {
            generated: 2,
            ..Stats::default()
        };
        if goal == 0 {
            stats.generated = 1;
            return (Some(vec![0]), stats);
        }
        let next = |s: usize, fwd: bool| -> Vec<usize> {
            let pick = |e: &&(usize, usize)| if fwd { e.0 == s } else { e.1 == s };
            edges
                .iter()
                .filter(pick)
                .map(|e| if fwd { e.1 } else { e.0 })
                .collect()
        };
        let mut sides = [
            HashMap::from([(0, (None, 0))]),
            HashMap::from([(goal, (None, 0))]),
        ];
        let mut layers = [vec![0], vec![goal]];
        let chain = |side: &HashMap<usize, (Option<usize>, usize)>, mut s: usize| {
            let mut out = vec![s];
            while let Some((Some(p), _)) = side.get(&s) {
                out.push(*p);
                s = *p;
            }
            out
        };
        while !layers[0].is_empty() && !layers[1].is_empty() {
            let me = usize::from(layers[0].len() > layers[1].len());
            let mut best: Option<(usize, usize, usize)> = None;
            let mut layer = Vec::new();
            for s in std::mem::take(&mut layers[me]) {
                stats.popped += 1;
                stats.expanded += 1;
                let depth = sides[me][&s].1;
                for c in next(s, me == 0) {
                    stats.generated += 1;
                    if sides[me].contains_key(&c) {
                        continue;
                    }
                    if let Some(&(_, far)) = sides[1 - me].get(&c) {
                        if best.is_none_or(|b| depth + 1 + far < b.0) {
                            best = Some((depth + 1 + far, s, c));
                        }
                    }
                    sides[me].insert(c, (Some(s), depth + 1));
                    layer.push(c);
                }
            }
            layers[me] = layer;
            if let Some((_, here, there)) = best {
                let (f, b) = if me == 0 {
                    (here, there)
                } else {
                    (there, here)
                };
                let mut path = chain(&sides[0], f);
                path.reverse();
                path.extend(chain(&sides[1], b));
                return (Some(path), stats);
            }
        }
        (None, stats)
    }

    proptest! {
        #[test]
        fn same_path_and_counters_as_the_plain_algorithm(
            (edges, goal) in (1usize..16).prop_flat_map(|n| (prop::collection::vec((0..n, 0..n), 0..45), 0..n))
        ) {
            let next = |&s: &usize| edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
            let prev = |&s: &usize| edges.iter().filter(|e| e.1 == s).map(|e| e.0).collect::<Vec<_>>();
            let ours = bidirectional_bfs_fn(&0, &goal, next, prev);
            let (path, stats) = plain(&edges, goal);
            prop_assert_eq!(ours.path.map(|p| p.states), path);
            prop_assert_eq!(ours.stats, stats);
        }
    }
}
