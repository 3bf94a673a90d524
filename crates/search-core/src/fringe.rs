//! Fringe search (Björnsson, Enzenberger, Holte and Schaeffer 2005): IDA*'s thresholds without
//! its repeated descents. The states under the current threshold are visited from a `now` list,
//! those above it wait in a `later` list for the next threshold, and a state's children are
//! visited right after it.

use crate::cost::Cost;
use crate::problem::{Path, SearchResult, Stats};
use crate::state_hash::FxHasher;
use indexmap::IndexMap;
use indexmap::map::Entry;
use std::collections::VecDeque;
use std::hash::{BuildHasherDefault, Hash};
use std::ops::ControlFlow;

/// What fringe search knows of a state.
#[derive(Clone, Copy)]
struct Known<C> {
    /// The parent's position (`usize::MAX` for the start).
    parent: usize,
    /// The cheapest cost found.
    g: C,
    /// The step from the parent.
    step: C,
    /// The stamp of the state's live list entry (an entry with an older stamp was moved).
    stamp: u32,
}

/// Fringe search from `start` with a consistent `heuristic`: a cheapest path to a state where
/// `is_goal` holds, in memory linear in the states met. Children are visited in the reverse of
/// the order `successors` gives them, right after their parent (as in `pathfinding`'s `fringe`,
/// whose successor-call counts it shares).
///
/// Counters: `popped` counts every visit of a state from the `now` list (a state above the
/// threshold is visited again under the next one), `expanded` every call of `successors`,
/// `generated` the start and every successor reported.
///
/// ```
/// use search_core::fringe_fn;
/// let next = |&n: &u32| vec![(n + 1, 1u32), (n * 2, 1)];
/// let r = fringe_fn(&1, next, |&n| u32::from(n < 10), |&n| n == 10);
/// assert_eq!(r.path.unwrap().states, [1, 2, 4, 5, 10]);
/// ```
pub fn fringe_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    mut successors: impl crate::Successors<S, C>,
    mut heuristic: impl FnMut(&S) -> C,
    mut is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    let mut fringe = Fringe::new(start);
    let mut limit = heuristic(start);
    while !fringe.now.is_empty() {
        let pass = fringe.visit_now(limit, &mut successors, &mut heuristic, &mut is_goal);
        match pass {
            ControlFlow::Break(goal) => {
                let path = rebuild(&fringe.known, goal);
                return SearchResult {
                    path: Some(path),
                    stats: fringe.stats,
                    cut_off: false,
                };
            }
            ControlFlow::Continue(Some(next_limit)) => limit = next_limit,
            ControlFlow::Continue(None) => break,
        }
    }
    SearchResult {
        path: None,
        stats: fringe.stats,
        cut_off: false,
    }
}

/// The work of [`fringe_fn`]: the states met, the `now` and `later` lists of their positions
/// and stamps, and the counters.
struct Fringe<S, C> {
    known: IndexMap<S, Known<C>, BuildHasherDefault<FxHasher>>,
    now: VecDeque<(usize, u32)>,
    later: VecDeque<(usize, u32)>,
    stats: Stats,
}

impl<S: Clone + Eq + Hash, C: Cost> Fringe<S, C> {
    /// A search that has met only `start`, listed in `now`.
    fn new(start: &S) -> Self {
        let stats = Stats {
            generated: 1,
            ..Stats::default()
        };
        let mut known = IndexMap::default();
        let root = Known {
            parent: usize::MAX,
            g: C::ZERO,
            step: C::ZERO,
            stamp: 0,
        };
        known.insert(start.clone(), root);
        Self {
            known,
            now: VecDeque::from([(0, 0u32)]),
            later: VecDeque::new(),
            stats,
        }
    }

    /// One pass under the threshold `limit`: visits the `now` list (moving the states above
    /// `limit` to `later`, which becomes the next `now`) until a goal, whose position it breaks
    /// with; otherwise the next threshold (`None` when no state was above `limit`).
    fn visit_now(
        &mut self,
        limit: C,
        successors: &mut impl crate::Successors<S, C>,
        heuristic: &mut impl FnMut(&S) -> C,
        is_goal: &mut impl FnMut(&S) -> bool,
    ) -> ControlFlow<usize, Option<C>> {
        let mut next_limit: Option<C> = None;
        while let Some((i, stamp)) = self.now.pop_front() {
            let (state, &Known { g, stamp: live, .. }) =
                self.known.get_index(i).expect("a known state");
            if stamp != live {
                continue;
            }
            self.stats.popped += 1;
            let f = g + heuristic(state);
            if f.total_order(&limit).is_gt() {
                if next_limit.is_none_or(|m| f.total_order(&m).is_lt()) {
                    next_limit = Some(f);
                }
                self.later.push_back((i, stamp));
                continue;
            }
            if is_goal(state) {
                return ControlFlow::Break(i);
            }
            self.stats.expanded += 1;
            // Internal iteration: the closure's adapters inline into the loop.
            successors(state).into_iter().for_each(|(child, step)| {
                self.stats.generated += 1;
                if let Some(entry) = improve(&mut self.known, child, i, g, step) {
                    self.now.push_front(entry);
                }
            });
        }
        std::mem::swap(&mut self.now, &mut self.later);
        ControlFlow::Continue(next_limit)
    }
}

/// Records `child`, reached from the state at `parent` (path cost `g`) by a step of cost `step`,
/// when it is new or the path is cheaper than its known one: its `now` list entry (position
/// and the new stamp, which makes any older entry of it stale); `None` otherwise.
fn improve<S: Eq + Hash, C: Cost>(
    known: &mut IndexMap<S, Known<C>, BuildHasherDefault<FxHasher>>,
    child: S,
    parent: usize,
    g: C,
    step: C,
) -> Option<(usize, u32)> {
    let g_child = g + step;
    match known.entry(child) {
        Entry::Vacant(e) => {
            let at = e.index();
            e.insert(Known {
                parent,
                g: g_child,
                step,
                stamp: 0,
            });
            Some((at, 0))
        }
        Entry::Occupied(mut e) => {
            let k = e.get_mut();
            if !g_child.total_order(&k.g).is_lt() {
                return None;
            }
            let stamp = k.stamp.wrapping_add(1);
            *k = Known {
                parent,
                g: g_child,
                step,
                stamp,
            };
            Some((e.index(), stamp))
        }
    }
}

/// The path to the state at `last`, from the parent links.
fn rebuild<S: Clone, C: Cost>(
    known: &IndexMap<S, Known<C>, BuildHasherDefault<FxHasher>>,
    last: usize,
) -> Path<S, (), C> {
    let link = |i: u32| {
        let (state, k) = known.get_index(i as usize).expect("a known state");
        let parent = u32::try_from(k.parent).unwrap_or(u32::MAX);
        let arrival = (k.parent != usize::MAX).then_some((&(), k.step));
        (state, arrival, parent)
    };
    let cost = known[last].g;
    Path::from_parent_links(link(last as u32), cost, link)
}
