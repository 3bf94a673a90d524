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
/// position and its depth. States are reached layer by layer, so the frontier is the last
/// layer's range of positions: no queue, and no state kept twice.
struct Side<S> {
    reached: IndexMap<S, (u32, u32), BuildHasherDefault<FxHasher>>,
    /// The frontier: the positions from here to the end.
    layer: usize,
}

impl<S: Clone + Eq + Hash> Side<S> {
    fn new(root: &S) -> Self {
        let mut reached = IndexMap::default();
        reached.insert(root.clone(), (ROOT, 0));
        Self { reached, layer: 0 }
    }

    /// The number of states in the frontier.
    fn frontier(&self) -> usize {
        self.reached.len() - self.layer
    }

    /// The states from the one at `position` back to this side's root.
    fn chain(&self, mut position: u32) -> Vec<S> {
        let mut out = Vec::new();
        while let Some((state, &(parent, _))) = self.reached.get_index(position as usize) {
            out.push(state.clone());
            position = parent;
        }
        out
    }

    /// Expands the frontier, one whole layer, with `next` (successors or predecessors); returns
    /// the best meeting found, by total length, as the positions of the state expanded here
    /// and of its child in `other`.
    fn expand_layer<FN>(
        &mut self,
        other: &Self,
        next: &mut FN,
        stats: &mut Stats,
    ) -> Option<(u32, u32)>
    where
        FN: crate::UnitSuccessors<S>,
    {
        let mut best: Option<(u32, u32, u32)> = None;
        let end = self.reached.len();
        for at in self.layer..end {
            let (state, &(_, depth)) = self.reached.get_index(at).expect("a reached position");
            let state = state.clone();
            let at = at as u32;
            stats.popped += 1;
            stats.expanded += 1;
            for child in next(&state) {
                stats.generated += 1;
                let Entry::Vacant(slot) = self.reached.entry(child) else {
                    continue;
                };
                if let Some((there, _, &(_, far))) = other.reached.get_full(slot.key()) {
                    let total = depth + 1 + far;
                    if best.is_none_or(|b| total < b.0) {
                        best = Some((total, at, there as u32));
                    }
                }
                assert!(
                    slot.index() < ROOT as usize,
                    "a search reached more than 2^32 - 1 states"
                );
                slot.insert((at, depth + 1));
            }
        }
        self.layer = end;
        best.map(|(_, here, there)| (here, there))
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
