//! Bidirectional breadth-first search: a forward search from the start and a backward search
//! (over predecessors) from the goal, one whole layer at a time from the smaller frontier,
//! until they meet.

use crate::problem::{Path, SearchResult, Stats};
use crate::state_hash::FxHashMap;
use std::collections::VecDeque;
use std::collections::hash_map::Entry;
use std::hash::Hash;

/// One side of the search: the states it reached with the state they were reached from and
/// their depth, and its frontier.
struct Side<S> {
    parents: FxHashMap<S, (Option<S>, usize)>,
    frontier: VecDeque<S>,
}

impl<S: Clone + Eq + Hash> Side<S> {
    fn new(root: &S) -> Self {
        let mut parents = FxHashMap::default();
        parents.insert(root.clone(), (None, 0));
        Self {
            parents,
            frontier: VecDeque::from([root.clone()]),
        }
    }

    /// The states from `state` back to this side's root.
    fn chain(&self, state: &S) -> Vec<S> {
        let mut out = vec![state.clone()];
        let mut at = state;
        while let Some((Some(parent), _)) = self.parents.get(at) {
            out.push(parent.clone());
            at = parent;
        }
        out
    }

    /// The number of steps from `state` to this side's root.
    fn depth(&self, state: &S) -> usize {
        self.parents[state].1
    }

    /// Expands one whole layer with `next` (successors or predecessors); returns the best
    /// meeting `(reached here, reached by other)` found, by total length.
    fn expand_layer<FN>(&mut self, other: &Self, next: &mut FN, stats: &mut Stats) -> Option<(S, S)>
    where
        FN: crate::UnitSuccessors<S>,
    {
        let mut best: Option<(usize, S, S)> = None;
        for _ in 0..self.frontier.len() {
            let state = self.frontier.pop_front().expect("layer size counted");
            stats.popped += 1;
            stats.expanded += 1;
            let depth = self.depth(&state);
            for child in next(&state) {
                stats.generated += 1;
                let Entry::Vacant(slot) = self.parents.entry(child) else {
                    continue;
                };
                if let Some(&(_, there)) = other.parents.get(slot.key()) {
                    let total = depth + 1 + there;
                    if best.as_ref().is_none_or(|b| total < b.0) {
                        best = Some((total, state.clone(), slot.key().clone()));
                    }
                }
                self.frontier.push_back(slot.key().clone());
                slot.insert((Some(state.clone()), depth + 1));
            }
        }
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
    while !forward.frontier.is_empty() && !backward.frontier.is_empty() {
        if forward.frontier.len() <= backward.frontier.len() {
            if let Some((f, b)) = forward.expand_layer(&backward, &mut successors, &mut stats) {
                return found(&forward, &backward, &f, &b, stats);
            }
        } else if let Some((b, f)) = backward.expand_layer(&forward, &mut predecessors, &mut stats)
        {
            return found(&forward, &backward, &f, &b, stats);
        }
    }
    SearchResult {
        cut_off: false,
        path: None,
        stats,
    }
}

/// The path through the meeting edge `f -> b`.
fn found<S: Clone + Eq + Hash>(
    forward: &Side<S>,
    backward: &Side<S>,
    f: &S,
    b: &S,
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
