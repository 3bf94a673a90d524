//! Lazy walks over everything reachable from a start: [`bfs_reach`] (breadth-first order),
//! [`dfs_reach`] (depth-first pre-order) and [`dijkstra_reach`] (cheapest first). Each is an
//! iterator that computes a state's successors only when it reaches the state, so it walks
//! infinite graphs with `take_while`; each is fused, and says how many states it has queued.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::state_hash::{FxHashSet, FxHasher};
use indexmap::IndexMap;
use indexmap::map::Entry;
use std::collections::{BinaryHeap, VecDeque};
use std::hash::{BuildHasherDefault, Hash};
use std::iter::FusedIterator;

/// The states reachable from `start` in breadth-first order, `start` first; a state's
/// successors are asked for when it is yielded.
///
/// ```
/// use search_core::bfs_reach;
/// let reached: Vec<u32> = bfs_reach(1, |&n| [n * 2, n * 3]).take_while(|&n| n < 10).collect();
/// assert_eq!(reached, [1, 2, 3, 4, 6, 9, 8]);
/// ```
pub fn bfs_reach<S, FN, IN>(start: S, successors: FN) -> BfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
    let mut seen = FxHashSet::default();
    seen.insert(start.clone());
    BfsReach {
        queue: VecDeque::from([start]),
        seen,
        successors,
    }
}

/// The iterator of [`bfs_reach`].
pub struct BfsReach<S, FN> {
    queue: VecDeque<S>,
    seen: FxHashSet<S>,
    successors: FN,
}

impl<S, FN> BfsReach<S, FN> {
    /// The states reached but not yet yielded: at least this many more will come.
    pub fn remaining_nodes_low_bound(&self) -> usize {
        self.queue.len()
    }
}

impl<S, FN, IN> Iterator for BfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
    type Item = S;
    fn next(&mut self) -> Option<S> {
        let state = self.queue.pop_front()?;
        for next in (self.successors)(&state) {
            if !self.seen.contains(&next) {
                self.seen.insert(next.clone());
                self.queue.push_back(next);
            }
        }
        Some(state)
    }
}

impl<S, FN, IN> FusedIterator for BfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
}

/// The states reachable from `start` in depth-first pre-order (a state's first successor, and
/// all it leads to, before its second), `start` first; a state is yielded once.
///
/// ```
/// use search_core::dfs_reach;
/// let reached: Vec<u32> = dfs_reach(0, |&n| [n + 2, n + 5].into_iter().filter(|&m| m <= 10)).collect();
/// assert_eq!(reached, [0, 2, 4, 6, 8, 10, 9, 7, 5]);
/// ```
pub fn dfs_reach<S, FN, IN>(start: S, successors: FN) -> DfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
    DfsReach {
        stack: vec![start],
        seen: FxHashSet::default(),
        successors,
    }
}

/// The iterator of [`dfs_reach`].
pub struct DfsReach<S, FN> {
    stack: Vec<S>,
    seen: FxHashSet<S>,
    successors: FN,
}

impl<S, FN> DfsReach<S, FN> {
    /// The states waiting on the stack (some may be yielded from elsewhere first).
    pub fn remaining_nodes_low_bound(&self) -> usize {
        self.stack.len()
    }
}

impl<S, FN, IN> Iterator for DfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
    type Item = S;
    fn next(&mut self) -> Option<S> {
        let state = loop {
            let state = self.stack.pop()?;
            if !self.seen.contains(&state) {
                break state;
            }
        };
        self.seen.insert(state.clone());
        let mark = self.stack.len();
        for next in (self.successors)(&state) {
            if !self.seen.contains(&next) {
                self.stack.push(next);
            }
        }
        self.stack[mark..].reverse();
        Some(state)
    }
}

impl<S, FN, IN> FusedIterator for DfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = S>,
{
}

/// A state yielded by [`dijkstra_reach`]: the state, the state it was reached from on a
/// cheapest path (`None` for the start), and that path's cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reached<S, C> {
    /// The state.
    pub node: S,
    /// Its parent on a cheapest path.
    pub parent: Option<S>,
    /// The cost of that path.
    pub total_cost: C,
}

/// The states reachable from `start`, cheapest first, each once with its cheapest cost and
/// parent (the first found among equal costs); costs must not be negative.
///
/// ```
/// use search_core::dijkstra_reach;
/// let roads = |&t: &char| match t { 'A' => vec![('B', 2), ('C', 5)], 'B' => vec![('C', 2)], _ => vec![] };
/// let order: Vec<(char, u32)> = dijkstra_reach('A', roads).map(|r| (r.node, r.total_cost)).collect();
/// assert_eq!(order, [('A', 0), ('B', 2), ('C', 4)]);
/// ```
pub fn dijkstra_reach<S, C, FN, IN>(start: S, successors: FN) -> DijkstraReach<S, C, FN>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = (S, C)>,
{
    let mut table = IndexMap::default();
    table.insert(start, (usize::MAX, C::ZERO, false));
    let mut heap = BinaryHeap::new();
    heap.push(MinEntry {
        f: C::ZERO,
        tie: 0u64,
        item: 0usize,
    });
    DijkstraReach {
        table,
        heap,
        seq: 0,
        successors,
    }
}

/// The iterator of [`dijkstra_reach`].
pub struct DijkstraReach<S, C, FN> {
    /// Each state met: its parent's position, its best cost, whether it was yielded.
    table: IndexMap<S, (usize, C, bool), BuildHasherDefault<FxHasher>>,
    heap: BinaryHeap<MinEntry<C, u64, usize>>,
    seq: u64,
    successors: FN,
}

impl<S, C, FN> DijkstraReach<S, C, FN> {
    /// The states met but not yet yielded.
    pub fn remaining_nodes_low_bound(&self) -> usize {
        self.table.values().filter(|v| !v.2).count()
    }
}

impl<S, C, FN, IN> Iterator for DijkstraReach<S, C, FN>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = (S, C)>,
{
    type Item = Reached<S, C>;
    fn next(&mut self) -> Option<Reached<S, C>> {
        let (at, cost) = loop {
            let MinEntry { f, item, .. } = self.heap.pop()?;
            let (_, best, done) = self.table[item];
            if !done && f.total_order(&best).is_eq() {
                break (item, f);
            }
        };
        self.table[at].2 = true;
        let (node, &(parent, _, _)) = self.table.get_index(at).expect("a met state");
        let node = node.clone();
        for (next, step) in (self.successors)(&node) {
            let g = cost + step;
            let slot = match self.table.entry(next) {
                Entry::Vacant(e) => {
                    let i = e.index();
                    e.insert((at, g, false));
                    i
                }
                Entry::Occupied(mut e) => {
                    let known = e.get_mut();
                    if known.2 || !g.total_order(&known.1).is_lt() {
                        continue;
                    }
                    *known = (at, g, false);
                    e.index()
                }
            };
            self.seq += 1;
            self.heap.push(MinEntry {
                f: g,
                tie: self.seq,
                item: slot,
            });
        }
        let parent =
            (parent != usize::MAX).then(|| self.table.get_index(parent).expect("met").0.clone());
        Some(Reached {
            node,
            parent,
            total_cost: cost,
        })
    }
}

impl<S, C, FN, IN> FusedIterator for DijkstraReach<S, C, FN>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&S) -> IN,
    IN: IntoIterator<Item = (S, C)>,
{
}
