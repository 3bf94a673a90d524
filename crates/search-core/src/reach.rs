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
pub fn bfs_reach<S: Clone + Eq + Hash, FN: crate::UnitSuccessors<S>>(
    start: S,
    successors: FN,
) -> BfsReach<S, FN> {
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

impl<S, FN> Iterator for BfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: crate::UnitSuccessors<S>,
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

impl<S, FN> FusedIterator for BfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: crate::UnitSuccessors<S>,
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
pub fn dfs_reach<S: Clone + Eq + Hash, FN: crate::UnitSuccessors<S>>(
    start: S,
    successors: FN,
) -> DfsReach<S, FN> {
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

impl<S, FN> Iterator for DfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: crate::UnitSuccessors<S>,
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

impl<S, FN> FusedIterator for DfsReach<S, FN>
where
    S: Clone + Eq + Hash,
    FN: crate::UnitSuccessors<S>,
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
pub fn dijkstra_reach<S: Clone + Eq + Hash, C: Cost, FN: crate::Successors<S, C>>(
    start: S,
    successors: FN,
) -> DijkstraReach<S, C, FN> {
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

impl<S, C, FN> Iterator for DijkstraReach<S, C, FN>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: crate::Successors<S, C>,
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

impl<S, C, FN> FusedIterator for DijkstraReach<S, C, FN>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: crate::Successors<S, C>,
{
}

/// Dijkstra from `start` until a state where `stop` holds is reached: every state settled
/// before it (cheapest first, with parent and cost, as [`dijkstra_reach`] yields them), and
/// that state (`None` when the reachable states ran out first). The stopping state is the last
/// of the list.
///
/// ```
/// use search_core::dijkstra_partial;
/// let (settled, stop) = dijkstra_partial(1u32, |&n| [(n + 1, 1u32), (n * 3, 1)], |&n| n >= 9);
/// assert_eq!(stop, Some(9));
/// let nine = settled.last().unwrap();
/// assert_eq!((nine.node, nine.parent, nine.total_cost), (9, Some(3), 2));
/// ```
pub fn dijkstra_partial<S: Clone + Eq + Hash, C: Cost>(
    start: S,
    successors: impl crate::Successors<S, C>,
    mut stop: impl FnMut(&S) -> bool,
) -> (Vec<Reached<S, C>>, Option<S>) {
    let mut settled = Vec::new();
    for reached in dijkstra_reach(start, successors) {
        let stopped = stop(&reached.node).then(|| reached.node.clone());
        settled.push(reached);
        if stopped.is_some() {
            return (settled, stopped);
        }
    }
    (settled, None)
}

/// The number of distinct paths from `start` to a state where `is_goal` holds, in a graph
/// without cycles (a goal ends a path: its successors are not followed). Each state's count is
/// computed once (memoised), with an explicit stack; `None` when a cycle is met or the count
/// does not fit a `usize`.
///
/// ```
/// use search_core::count_paths;
/// // Monotone lattice paths across an 8x8 board: C(14, 7).
/// let right_or_up = |&(x, y): &(u8, u8)| {
///     [(x + 1, y), (x, y + 1)].into_iter().filter(|&(x, y)| x < 8 && y < 8)
/// };
/// assert_eq!(count_paths((0, 0), right_or_up, |&c| c == (7, 7)), Some(3432));
/// assert_eq!(count_paths(0u8, |&n| [(n + 1) % 3], |&n| n == 9), None); // a cycle
/// ```
pub fn count_paths<S: Clone + Eq + Hash>(
    start: S,
    successors: impl crate::UnitSuccessors<S>,
    is_goal: impl FnMut(&S) -> bool,
) -> Option<usize> {
    let mut counter = PathCounter {
        successors,
        is_goal,
        memo: Default::default(),
        on_path: FxHashSet::default(),
        stack: Vec::new(),
    };
    let mut done = counter.open(start);
    while let Some(top) = counter.stack.last_mut() {
        if let Some(n) = done.take() {
            top.count = top.count.checked_add(n)?;
        }
        if top.next == top.children.len() {
            done = Some(counter.close_top());
            continue;
        }
        let child = top.children[top.next].clone();
        top.next += 1;
        if counter.on_path.contains(&child) {
            return None;
        }
        done = counter.open(child);
    }
    done
}

/// A state being counted by [`count_paths`]: its successors, the next to look at, the count so far.
struct Frame<S> {
    state: S,
    children: Vec<S>,
    next: usize,
    count: usize,
}

/// The work of [`count_paths`]: the counts known, the states on the current path and their frames.
struct PathCounter<S, FN, G> {
    successors: FN,
    is_goal: G,
    memo: crate::state_hash::FxHashMap<S, usize>,
    on_path: FxHashSet<S>,
    stack: Vec<Frame<S>>,
}

impl<S, FN, G> PathCounter<S, FN, G>
where
    S: Clone + Eq + Hash,
    FN: crate::UnitSuccessors<S>,
    G: FnMut(&S) -> bool,
{
    /// The count of `state` when known at once (memoised or a goal); otherwise `None`, with
    /// `state` put on the path and its frame on the stack.
    fn open(&mut self, state: S) -> Option<usize> {
        if let Some(&n) = self.memo.get(&state) {
            return Some(n);
        }
        if (self.is_goal)(&state) {
            return Some(1);
        }
        let children = (self.successors)(&state).into_iter().collect();
        self.on_path.insert(state.clone());
        self.stack.push(Frame {
            state,
            children,
            next: 0,
            count: 0,
        });
        None
    }

    /// Takes the finished top frame off the stack and the path, memoising its count, which it
    /// returns.
    fn close_top(&mut self) -> usize {
        let frame = self.stack.pop().expect("a frame");
        self.on_path.remove(&frame.state);
        self.memo.insert(frame.state, frame.count);
        frame.count
    }
}
