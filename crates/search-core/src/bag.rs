//! Every cheapest path at once: A* that keeps all the parents of equal cost ([`astar_bag_fn`]),
//! and the iterator over the paths of the resulting graph ([`AllPaths`]).

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::monotone::Deeper;
use crate::state_hash::FxHasher;
use indexmap::IndexMap;
use indexmap::map::Entry;
use std::collections::BinaryHeap;
use std::hash::{BuildHasherDefault, Hash};
use std::iter::FusedIterator;

/// Every cheapest path from `start` to the states where `is_goal` holds, with a consistent
/// `heuristic`: `None` when no goal is reachable, else the paths (an iterator) and their cost.
/// The search goes on until the frontier's priorities pass the cheapest cost, keeping for each
/// state every parent on a cheapest path; equal priorities leave deeper first, as in
/// [`astar_fn`](crate::astar_fn) (and `pathfinding`'s `astar_bag`, whose successor-call counts
/// it shares). A goal's successors are asked for too: a cheaper path cannot pass through it, but
/// an equally cheap one to another goal can. The order in which the iterator yields the paths
/// is unspecified (as it is for `pathfinding`'s `astar_bag`); each comes exactly once.
///
/// ```
/// use search_core::astar_bag_fn;
/// // Right or up on a 3x3 grid: six shortest paths from corner to corner.
/// let next = |&(x, y): &(u8, u8)| {
///     [((x + 1, y), 1u32), ((x, y + 1), 1)].into_iter().filter(|&((x, y), _)| x < 3 && y < 3)
/// };
/// let (paths, cost) = astar_bag_fn(&(0, 0), next, |&(x, y)| u32::from(4 - x - y), |&c| c == (2, 2)).unwrap();
/// assert_eq!(cost, 4);
/// assert_eq!(paths.count(), 6);
/// ```
pub fn astar_bag_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    mut successors: impl crate::Successors<S, C>,
    mut heuristic: impl FnMut(&S) -> C,
    mut is_goal: impl FnMut(&S) -> bool,
) -> Option<(AllPaths<S>, C)> {
    let mut known: IndexMap<S, (Vec<usize>, C), BuildHasherDefault<FxHasher>> = IndexMap::default();
    known.insert(start.clone(), (Vec::new(), C::ZERO));
    let mut heap = BinaryHeap::from([MinEntry {
        f: heuristic(start),
        tie: Deeper(C::ZERO, 0),
        item: 0usize,
    }]);
    let (mut best, mut sinks, mut seq) = (None::<C>, Vec::new(), 0u64);
    while let Some(MinEntry {
        f,
        tie: Deeper(g, _),
        item,
    }) = heap.pop()
    {
        if best.is_some_and(|b| f.total_order(&b).is_gt()) {
            break;
        }
        let (state, &(_, known_g)) = known.get_index(item).expect("a known state");
        if is_goal(state) {
            best = Some(g);
            if !sinks.contains(&item) {
                sinks.push(item);
            }
        }
        if g.total_order(&known_g).is_gt() {
            continue;
        }
        for (child, step) in successors(state) {
            let g_child = g + step;
            let Some(at) = add_parent(&mut known, child, item, g_child) else {
                continue;
            };
            seq += 1;
            let h = heuristic(known.get_index(at).expect("just met").0);
            heap.push(MinEntry {
                f: g_child + h,
                tie: Deeper(g_child, seq),
                item: at,
            });
        }
    }
    let cost = best?;
    let (states, parents) = known.into_iter().map(|(s, (p, _))| (s, p)).unzip();
    Some((AllPaths::new(states, parents, sinks), cost))
}

/// Records `parent` as a parent of `child` at path cost `g`: the child's position when it is new
/// or `g` is cheaper than its known cost (its parents are then `parent` alone), `None` when `g`
/// ties its cost (`parent` joins the others) or is dearer.
fn add_parent<S: Eq + Hash, C: Cost>(
    known: &mut IndexMap<S, (Vec<usize>, C), BuildHasherDefault<FxHasher>>,
    child: S,
    parent: usize,
    g: C,
) -> Option<usize> {
    match known.entry(child) {
        Entry::Vacant(e) => {
            let at = e.index();
            e.insert((vec![parent], g));
            Some(at)
        }
        Entry::Occupied(mut e) => {
            let (parents, cost) = e.get_mut();
            match g.total_order(cost) {
                std::cmp::Ordering::Less => {
                    *parents = vec![parent];
                    *cost = g;
                    Some(e.index())
                }
                std::cmp::Ordering::Equal => {
                    if !parents.contains(&parent) {
                        parents.push(parent);
                    }
                    None
                }
                std::cmp::Ordering::Greater => None,
            }
        }
    }
}

/// The paths of [`astar_bag_fn`], each once, from the start to a goal (fused).
pub struct AllPaths<S> {
    states: Vec<S>,
    parents: Vec<Vec<usize>>,
    sinks: Vec<usize>,
    /// The walk back from the current sink: `(state, next parent to try)`, the sink first.
    walk: Vec<(usize, usize)>,
    started: bool,
}

impl<S> AllPaths<S> {
    fn new(states: Vec<S>, parents: Vec<Vec<usize>>, sinks: Vec<usize>) -> Self {
        Self {
            states,
            parents,
            sinks,
            walk: Vec::new(),
            started: false,
        }
    }

    /// Moves `walk` to the next path back to the start: `false` when there is none.
    fn advance(&mut self) -> bool {
        loop {
            if self.walk.is_empty() {
                let Some(sink) = self.sinks.pop() else {
                    return false;
                };
                self.walk.push((sink, 0));
            } else if self.started {
                // Backtrack: the last step's next parent.
                while let Some(&mut (at, ref mut next)) = self.walk.last_mut() {
                    *next += 1;
                    if *next < self.parents[at].len() {
                        break;
                    }
                    self.walk.pop();
                }
                if self.walk.is_empty() {
                    continue;
                }
            }
            self.started = true;
            // Descend along the first parents to the start.
            loop {
                let (at, next) = *self.walk.last().expect("a walk");
                match self.parents[at].get(next) {
                    Some(&parent) => self.walk.push((parent, 0)),
                    None => return true,
                }
            }
        }
    }
}

impl<S: Clone> Iterator for AllPaths<S> {
    type Item = Vec<S>;
    fn next(&mut self) -> Option<Vec<S>> {
        if !self.advance() {
            self.sinks.clear();
            self.walk.clear();
            return None;
        }
        Some(
            self.walk
                .iter()
                .rev()
                .map(|&(i, _)| self.states[i].clone())
                .collect(),
        )
    }
}

impl<S: Clone> FusedIterator for AllPaths<S> {}
