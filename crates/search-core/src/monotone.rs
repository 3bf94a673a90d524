//! The fast path of uniform-cost search and A*: the same loop and the same counters as
//! [`graph_search`](crate::graph_search), with far fewer heap operations.
//!
//! The plain loop pushes a child for every successor, and a child whose state is closed before
//! it leaves the frontier is later popped and skipped. Such children are certain to be skipped
//! when they are generated if their state is already closed, or if an open node of the same
//! state has a lower or equal path cost (same state, same heuristic: it leaves first and closes
//! the state). This loop does not put those *stale* children on the heap: it only records their
//! frontier keys `(f, sequence)`.
//!
//! When the keys leave the frontier in non-decreasing order (uniform-cost with non-negative step
//! costs; A* with a consistent heuristic), a stale child is popped before the goal exactly when
//! its key is smaller than the goal's key, and all of them are popped when the frontier runs dry.
//! So the counters come out identical. If a key smaller than one already popped is ever
//! generated (an inconsistent heuristic), this loop gives up and the caller runs the plain loop.

use crate::closed::ClosedSet;
use crate::cost::Cost;
use crate::min_entry::{MinEntry, key_order};
use crate::problem::{Path, ResultOf, SearchProblem, SearchResult, Stats};
use crate::state_hash::FxHashMap;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A live frontier entry: priority, generation sequence as the tie key (first in, first out
/// among equal priorities), and the slot holding the node.
type Entry<C> = MinEntry<C, u64, u32>;

/// A node waiting on the frontier.
struct Pending<S, A, C> {
    state: S,
    parent: u32,
    action: Option<A>,
    step: C,
    g: C,
}

/// An expanded node: kept for rebuilding the path.
struct Expanded<S, A, C> {
    state: S,
    parent: u32,
    action: Option<A>,
    step: C,
}

const NO_PARENT: u32 = u32::MAX;

/// The lowest path cost among open nodes of each state.
enum OpenCosts<S, C> {
    Dense(Vec<Option<C>>),
    Hashed(FxHashMap<S, C>),
}

impl<S: Clone + Eq + std::hash::Hash, C: Cost> OpenCosts<S, C> {
    fn for_problem<P: SearchProblem<State = S>>(problem: &P) -> Self {
        match crate::closed::dense_count(problem) {
            Some(n) => Self::Dense(vec![None; n]),
            None => Self::Hashed(FxHashMap::default()),
        }
    }

    /// Records `g` for `state` unless an open node of it is at least as cheap; returns whether
    /// the new node is the cheapest (and so goes on the heap).
    #[inline]
    fn improve<P: SearchProblem<State = S>>(&mut self, problem: &P, state: &S, g: C) -> bool {
        let best = match self {
            Self::Dense(costs) => &mut costs[crate::closed::dense_index(problem, state)],
            Self::Hashed(costs) => {
                if let Some(best) = costs.get_mut(state) {
                    if g.total_order(best) == Ordering::Less {
                        *best = g;
                        return true;
                    }
                    return false;
                }
                costs.insert(state.clone(), g);
                return true;
            }
        };
        match best {
            Some(b) if g.total_order(b) != Ordering::Less => false,
            _ => {
                *best = Some(g);
                true
            }
        }
    }
}

/// Runs uniform-cost (`with_heuristic == false`) or A*; `None` when the keys turned out not to be
/// monotone, in which case the caller must run the plain loop.
pub(crate) fn search<P: SearchProblem>(problem: &P, with_heuristic: bool) -> Option<ResultOf<P>> {
    let f_of = |g: P::Cost, state: &P::State| {
        if with_heuristic {
            g + problem.heuristic(state)
        } else {
            g
        }
    };
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut closed = ClosedSet::for_problem(problem);
    let mut open = OpenCosts::for_problem(problem);
    let mut heap: BinaryHeap<Entry<P::Cost>> = BinaryHeap::new();
    let mut slots: Vec<Pending<P::State, P::Action, P::Cost>> = Vec::new();
    let mut free: Vec<u32> = Vec::new();
    let mut expanded: Vec<Expanded<P::State, P::Action, P::Cost>> = Vec::new();
    let mut stale: Vec<(P::Cost, u64)> = Vec::new();
    let mut seq = 0u64;

    let start = problem.start();
    let start_f = f_of(P::Cost::ZERO, &start);
    open.improve(problem, &start, P::Cost::ZERO);
    slots.push(Pending {
        state: start,
        parent: NO_PARENT,
        action: None,
        step: P::Cost::ZERO,
        g: P::Cost::ZERO,
    });
    heap.push(Entry {
        f: start_f,
        tie: seq,
        item: 0,
    });
    let mut last_f;

    while let Some(Entry {
        f,
        tie: key_seq,
        item: slot,
    }) = heap.pop()
    {
        stats.popped += 1;
        last_f = f;
        let node = &slots[slot as usize];
        if problem.is_goal(&node.state) {
            stats.popped += stale
                .iter()
                .filter(|(sf, sseq)| key_order(sf, sseq, &f, &key_seq) == Ordering::Less)
                .count() as u64;
            let path = rebuild(&expanded, node);
            return Some(SearchResult {
                path: Some(path),
                stats,
            });
        }
        let fresh = closed.insert(problem, &node.state);
        let node = {
            let slot_ref = &mut slots[slot as usize];
            free.push(slot);
            if !fresh {
                continue;
            }
            Pending {
                state: slot_ref.state.clone(),
                parent: slot_ref.parent,
                action: slot_ref.action.take(),
                step: slot_ref.step,
                g: slot_ref.g,
            }
        };
        stats.expanded += 1;
        let parent = u32::try_from(expanded.len()).expect("fewer than 2^32 expansions");
        let g = node.g;
        let mut monotone = true;
        problem.successors(&node.state, |action, child, step| {
            stats.generated += 1;
            seq += 1;
            let child_g = g + step;
            let child_f = f_of(child_g, &child);
            if child_f < last_f {
                monotone = false;
                return;
            }
            if closed.contains(problem, &child) || !open.improve(problem, &child, child_g) {
                stale.push((child_f, seq));
                return;
            }
            let pending = Pending {
                state: child,
                parent,
                action: Some(action),
                step,
                g: child_g,
            };
            let child_slot = match free.pop() {
                Some(s) => {
                    slots[s as usize] = pending;
                    s
                }
                None => {
                    slots.push(pending);
                    u32::try_from(slots.len() - 1).expect("fewer than 2^32 open nodes")
                }
            };
            heap.push(Entry {
                f: child_f,
                tie: seq,
                item: child_slot,
            });
        });
        if !monotone {
            return None;
        }
        expanded.push(Expanded {
            state: node.state,
            parent: node.parent,
            action: node.action,
            step: node.step,
        });
    }
    stats.popped += stale.len() as u64;
    Some(SearchResult { path: None, stats })
}

fn rebuild<S: Clone, A: Clone, C: Cost>(
    expanded: &[Expanded<S, A, C>],
    goal: &Pending<S, A, C>,
) -> Path<S, A, C> {
    let arrival = goal.action.as_ref().map(|a| (a, goal.step));
    Path::from_parent_links((&goal.state, arrival, goal.parent), goal.g, |i| {
        let node = &expanded[i as usize];
        let arrival = node.action.as_ref().map(|a| (a, node.step));
        (&node.state, arrival, node.parent)
    })
}

#[cfg(test)]
mod tests {
    use super::search;
    use crate::graph_search::{Priority, best_first};
    use crate::problem::{DenseStates, SearchProblem};
    use crate::test_support::Digraph;
    use proptest::prelude::*;

    fn digraph() -> impl Strategy<Value = Digraph> {
        (1usize..14).prop_flat_map(|n| {
            (
                prop::collection::vec((0..n, 0..n, 0u32..6), 0..50),
                0..n,
                prop::collection::vec(0u32..10, n),
                any::<bool>(),
            )
                .prop_map(move |(edges, goal, h, dense)| Digraph {
                    n,
                    edges,
                    start: 0,
                    goal,
                    h,
                    dense,
                })
        })
    }

    proptest! {
        #[test]
        fn uniform_cost_fast_path_is_identical(g in digraph()) {
            let fast = search(&g, false).expect("uniform-cost keys are monotone");
            prop_assert_eq!(fast, best_first(&g, Priority::PathCost));
        }

        #[test]
        fn astar_fast_path_is_identical_with_a_consistent_heuristic(mut g in digraph(), halve in any::<bool>()) {
            g.h = g.exact_distances(1000).into_iter().map(|d| if halve { d / 2 } else { d }).collect();
            let fast = search(&g, true).expect("consistent heuristic: monotone keys");
            prop_assert_eq!(fast, best_first(&g, Priority::PathCostPlusHeuristic));
        }

        #[test]
        fn astar_fast_path_is_identical_or_declines(g in digraph()) {
            // Random heuristics are often inconsistent: then the fast path must decline.
            if let Some(fast) = search(&g, true) {
                prop_assert_eq!(fast, best_first(&g, Priority::PathCostPlusHeuristic));
            }
        }
    }

    /// A grid for instruction counting: `cargo test --release -p search-core --lib
    /// grid_probe -- --ignored` under callgrind, with GRID_PROBE=fast or plain.
    #[test]
    #[ignore = "a measurement probe, not a check"]
    fn grid_probe() {
        struct Grid(usize, Vec<u32>);
        impl DenseStates<usize> for Grid {
            fn state_count(&self) -> usize {
                self.1.len()
            }
            fn state_index(&self, s: &usize) -> usize {
                *s
            }
        }
        impl SearchProblem for Grid {
            type State = usize;
            type Action = ();
            type Cost = u32;
            fn start(&self) -> usize {
                0
            }
            fn is_goal(&self, s: &usize) -> bool {
                *s == self.1.len() - 1
            }
            fn successors(&self, &c: &usize, mut visit: impl FnMut((), usize, u32)) {
                let n = self.0;
                if c >= n {
                    visit((), c - n, self.1[c - n]);
                }
                if c % n + 1 < n {
                    visit((), c + 1, self.1[c + 1]);
                }
                if c + n < self.1.len() {
                    visit((), c + n, self.1[c + n]);
                }
                if c % n > 0 {
                    visit((), c - 1, self.1[c - 1]);
                }
            }
            fn dense_states(&self) -> Option<&impl DenseStates<usize>> {
                Some(self)
            }
        }
        let n = 300;
        let mut x = 12345u64;
        let costs = (0..n * n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 9 + 1) as u32
            })
            .collect();
        let grid = Grid(n, costs);
        let which = std::env::var("GRID_PROBE").unwrap_or_default();
        let r = if which == "plain" {
            best_first(&grid, Priority::PathCost)
        } else {
            search(&grid, false).unwrap()
        };
        eprintln!("{which} {:?}", r.stats);
    }
}
