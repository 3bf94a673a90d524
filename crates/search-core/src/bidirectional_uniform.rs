//! Bidirectional uniform-cost search (Dijkstra's algorithm from both ends): a forward search
//! from the start over successors and a backward search from the goal over predecessors, each
//! settling states in order of cost, until the two radii together reach the cheapest path
//! found through a state both have reached.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::node_table::{Hashed, Indexed, NodeTable};
use crate::problem::{Path, SearchResult, Stats};
use crate::radix::RadixQueue;
use std::collections::BinaryHeap;
use std::hash::Hash;
use std::marker::PhantomData;

/// The bit of a link set once its side has expanded the state.
const CLOSED: u32 = 1 << 31;

/// The link of a side that has not reached a state (never closed).
const UNREACHED: u32 = CLOSED - 1;

/// The parent of a root; positions from here on do not fit a link.
const ROOT: u32 = UNREACHED - 1;

/// What each side (0: forward, 1: backward) knows of a state: its cheapest cost from that
/// side's root, the step from the parent on that side, and the link (the parent's position,
/// [`CLOSED`] once expanded, [`UNREACHED`] before).
#[derive(Clone, Copy)]
struct Sides<C> {
    g: [C; 2],
    step: [C; 2],
    link: [u32; 2],
}

/// A frontier entry: the cost from the side's root, the generation number (first in, first
/// out among equal costs), and the state's position.
type Entry<C> = MinEntry<C, u32, u32>;

/// A side's frontier: the monotone loops' radix queue, or a binary heap when a step cost
/// turned out negative (the radix queue needs each side's costs never to fall below the last
/// one popped). Both pop the same entries in the same order.
trait Queue<C> {
    /// Adds `entry`; `false` when this queue cannot hold it.
    fn add(&mut self, entry: Entry<C>) -> bool;
    /// Removes the entry of least key.
    fn take(&mut self) -> Option<Entry<C>>;
}

impl<C: Cost> Queue<C> for RadixQueue<C, u32, u32> {
    #[inline]
    fn add(&mut self, entry: Entry<C>) -> bool {
        self.push(entry)
    }
    #[inline]
    fn take(&mut self) -> Option<Entry<C>> {
        self.pop()
    }
}

impl<C: Cost> Queue<C> for BinaryHeap<Entry<C>> {
    #[inline]
    fn add(&mut self, entry: Entry<C>) -> bool {
        self.push(entry);
        true
    }
    #[inline]
    fn take(&mut self) -> Option<Entry<C>> {
        self.pop()
    }
}

/// Both searches: one table for the states either has reached (a child costs one probe), a
/// queue each with its least live entry taken out, and the cheapest path through a state both
/// have reached.
struct Search<S, C: 'static, Q, T> {
    table: T,
    queues: [Q; 2],
    /// Each side's least live entry, once [`least`](Self::least) has found it.
    next: [Option<Entry<C>>; 2],
    /// The cost of the cheapest path found and the state it goes through.
    best: Option<(C, u32)>,
    /// The number of entries in each side's queue (stale ones included).
    queued: [usize; 2],
    /// Cleared when a queue could not take an entry: the search must run again with heaps.
    held: bool,
    stats: Stats,
    states: PhantomData<fn() -> S>,
}

impl<S: Clone, C: Cost, Q: Queue<C>, T: NodeTable<S, Sides<C>>> Search<S, C, Q, T> {
    fn new(table: T, start: &S, goal: &S, queues: [Q; 2]) -> Self {
        let mut search = Self {
            table,
            queues,
            next: [None, None],
            queued: [0, 0],
            best: None,
            held: true,
            stats: Stats {
                generated: 2,
                ..Stats::default()
            },
            states: PhantomData,
        };
        search.offer::<0>(ROOT, C::ZERO, C::ZERO, start.clone());
        search.offer::<1>(ROOT, C::ZERO, C::ZERO, goal.clone());
        search
    }

    /// The least cost waiting on `side`'s queue, after dropping the entries of states this
    /// side has expanded. (An entry of a state reached more cheaply since always comes up after
    /// the cheaper one, whose expansion closes the state: closed is all there is to test.)
    fn least(&mut self, side: usize) -> Option<C> {
        loop {
            if let Some(top) = &self.next[side]
                && self.table.get(top.item).1.link[side] & CLOSED == 0
            {
                return Some(top.f);
            }
            self.next[side] = Some(self.queues[side].take()?);
            self.queued[side] -= 1;
        }
    }

    /// Expands `SIDE`'s least live entry (found by [`least`](Self::least)). The side is a
    /// constant, so that each side's loop indexes its own fields directly.
    #[inline]
    fn expand<const SIDE: usize>(&mut self, next: &mut impl crate::Successors<S, C>) {
        let side = SIDE;
        let Some(top) = self.next[side].take() else {
            return;
        };
        self.stats.popped += 1;
        self.stats.expanded += 1;
        let known = self.table.value_mut(top.item);
        known.link[side] |= CLOSED;
        let state = self.table.get(top.item).0.clone();
        // Internal iteration: the successors' adapters and the offer inline into one loop.
        next(&state).into_iter().for_each(|(child, step)| {
            self.stats.generated += 1;
            self.offer::<SIDE>(top.item, top.f, step, child);
        });
    }

    /// `SIDE` reaches `child` from the state at `parent` (of cost `g`) by a step of `step`: a
    /// new state, or a cheaper way to a state this side has not expanded, goes on the queue,
    /// and a state the other side has reached offers a path.
    #[inline]
    fn offer<const SIDE: usize>(&mut self, parent: u32, g: C, step: C, child: S) {
        let side = SIDE;
        let g = g + step;
        let unreached = Sides {
            g: [C::ZERO; 2],
            step: [C::ZERO; 2],
            link: [UNREACHED; 2],
        };
        let key = self.table.key(&child);
        let (at, known, new) = self.table.reach(key, child, |_| unreached);
        let link = known.link[side];
        let cheaper =
            link == UNREACHED || (link & CLOSED == 0 && g.total_order(&known.g[side]).is_lt());
        if !cheaper {
            return;
        }
        assert!(
            !new || at < ROOT,
            "a search reached more than 2^31 - 2 states"
        );
        known.g[side] = g;
        known.step[side] = step;
        known.link[side] = parent;
        if known.link[1 - side] != UNREACHED {
            let total = g + known.g[1 - side];
            if self.best.is_none_or(|(u, _)| total.total_order(&u).is_lt()) {
                self.best = Some((total, at));
            }
        }
        // Only the order of the generation numbers matters among equal costs; past `u32` they
        // wrap, which changes that order and not the cost found.
        let seq = self.stats.generated as u32;
        self.queued[side] += 1;
        self.held &= self.queues[side].add(Entry {
            f: g,
            tie: seq,
            item: at,
        });
    }

    /// The states and steps from the state at `at` to `side`'s root.
    fn chain(&self, side: usize, mut at: u32, states: &mut Vec<S>, steps: &mut Vec<C>) {
        loop {
            let (state, known) = self.table.get(at);
            states.push(state.clone());
            let parent = known.link[side] & !CLOSED;
            if parent == ROOT {
                return;
            }
            steps.push(known.step[side]);
            at = parent;
        }
    }

    /// The path through the state at `meet`, of cost `cost`.
    fn path(&self, meet: u32, cost: C) -> Path<S, (), C> {
        let (mut states, mut step_costs) = (Vec::new(), Vec::new());
        self.chain(0, meet, &mut states, &mut step_costs);
        states.reverse();
        step_costs.reverse();
        states.pop();
        self.chain(1, meet, &mut states, &mut step_costs);
        Path {
            actions: vec![(); step_costs.len()],
            states,
            step_costs,
            cost,
        }
    }
}

/// Bidirectional uniform-cost search (Dijkstra's algorithm from both ends) from `start` to
/// `goal`: a cheapest path, as [`uniform_cost_fn`](crate::uniform_cost_fn) finds, usually
/// after far fewer expansions (`pathfinding`'s `dijkstra_bidirectional`).
///
/// - `successors(s)` gives `(next, cost)` for every edge `s -> next`;
/// - `predecessors(s)` gives `(previous, cost)` for every edge `previous -> s`, with the same
///   costs (on an undirected graph, pass the successors closure again).
///
/// The side with fewer entries in its queue (Pohl's cardinality rule; stale entries count, as
/// in a binary heap that drops them when they come up) expands its cheapest state, the forward
/// side on a tie, and equal costs leave first in, first out. Every state both sides have
/// reached offers a path, and the search stops when the two least costs waiting add up to at
/// least the cheapest path offered (or a side runs out). On the Moving AI maps it calls the
/// closures 2-9% less often than `pathfinding`, which alternates the sides.
///
/// Costs must not be negative: after a negative step the search starts again on binary heaps
/// (calling the closures again), and the path it returns may not be the cheapest. Counters:
/// `generated` counts the two roots (one if `start` is `goal`) and every successor and
/// predecessor reported; `popped` and `expanded` count the states expanded by either side.
///
/// ```
/// use search_core::{bidirectional_uniform_cost_fn, uniform_cost_fn};
/// // Roads between five towns, both ways.
/// static ROADS: [(u8, u8, u32); 6] = [(0, 1, 4), (0, 2, 1), (2, 1, 2), (1, 3, 5), (2, 3, 8), (3, 4, 3)];
/// let next = |&t: &u8| {
///     ROADS.iter().filter_map(move |&(a, b, d)| match t {
///         _ if t == a => Some((b, d)),
///         _ if t == b => Some((a, d)),
///         _ => None,
///     })
/// };
/// let both = bidirectional_uniform_cost_fn(&0, &4, next, next).path.unwrap();
/// assert_eq!((both.states, both.cost), (vec![0, 2, 1, 3, 4], 11));
/// assert_eq!(uniform_cost_fn(&0, next, |&t| t == 4).path.unwrap().cost, 11);
/// ```
pub fn bidirectional_uniform_cost_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    goal: &S,
    successors: impl crate::Successors<S, C>,
    predecessors: impl crate::Successors<S, C>,
) -> SearchResult<S, (), C> {
    let ends = (start, goal, start == goal);
    both_ends(ends, Hashed::default, successors, predecessors)
}

/// [`bidirectional_uniform_cost_fn`] over states numbered by `index` below `count`.
pub(crate) fn indexed<S: Clone, C: Cost>(
    (start, goal): (&S, &S),
    count: usize,
    index: impl Fn(&S) -> usize,
    successors: impl crate::Successors<S, C>,
    predecessors: impl crate::Successors<S, C>,
) -> SearchResult<S, (), C> {
    let ends = (start, goal, index(start) == index(goal));
    let table = || Indexed::new(count, &index);
    both_ends(ends, table, successors, predecessors)
}

/// The search from `start` to `goal` (`same`: they are one state), in tables made by `table`:
/// on radix queues, and again on binary heaps if a step turns out negative.
fn both_ends<S: Clone, C: Cost, T: NodeTable<S, Sides<C>>>(
    (start, goal, same): (&S, &S, bool),
    table: impl Fn() -> T,
    mut successors: impl crate::Successors<S, C>,
    mut predecessors: impl crate::Successors<S, C>,
) -> SearchResult<S, (), C> {
    if same {
        return SearchResult {
            cut_off: false,
            path: Some(Path::single(start.clone())),
            stats: Stats {
                generated: 1,
                ..Stats::default()
            },
        };
    }
    let radix = || RadixQueue::new(true);
    let ours = run(
        Search::new(table(), start, goal, [radix(), radix()]),
        &mut successors,
        &mut predecessors,
    );
    ours.unwrap_or_else(|| {
        let heaps = [BinaryHeap::new(), BinaryHeap::new()];
        let heaps = Search::new(table(), start, goal, heaps);
        run(heaps, &mut successors, &mut predecessors).expect("a heap takes every entry")
    })
}

/// Runs `search` to the end; `None` when a queue could not take an entry.
fn run<S: Clone, C: Cost, Q: Queue<C>, T: NodeTable<S, Sides<C>>>(
    mut search: Search<S, C, Q, T>,
    successors: &mut impl crate::Successors<S, C>,
    predecessors: &mut impl crate::Successors<S, C>,
) -> Option<SearchResult<S, (), C>> {
    while search.held
        && let (Some(forward), Some(backward)) = (search.least(0), search.least(1))
    {
        if search
            .best
            .is_some_and(|(u, _)| u.total_order(&(forward + backward)).is_le())
        {
            break;
        }
        if search.queued[0] <= search.queued[1] {
            search.expand::<0>(successors);
        } else {
            search.expand::<1>(predecessors);
        }
    }
    search.held.then(|| SearchResult {
        cut_off: false,
        path: search.best.map(|(cost, meet)| search.path(meet, cost)),
        stats: search.stats,
    })
}

#[cfg(test)]
mod tests {
    use super::{Hashed, Search, bidirectional_uniform_cost_fn, run};
    use crate::problem::Stats;
    use crate::uniform_cost_fn;
    use proptest::prelude::*;
    use std::cell::Cell;
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};

    type Edges = Vec<(usize, usize, u32)>;

    /// The algorithm written plainly: per side a map of `(cost, parent, closed)` and a binary
    /// heap of `(cost, generation, state)` whose stale entries go when they come up.
    fn plain(edges: &[(usize, usize, u32)], goal: usize) -> (Option<(Vec<usize>, u32)>, Stats) {
        type Side = HashMap<usize, (u32, Option<usize>, bool)>;
        let mut stats = Stats {
            generated: 2,
            ..Stats::default()
        };
        if goal == 0 {
            stats.generated = 1;
            return (Some((vec![0], 0)), stats);
        }
        let mut sides: [Side; 2] = [
            HashMap::from([(0, (0, None, false))]),
            HashMap::from([(goal, (0, None, false))]),
        ];
        let mut heaps = [
            BinaryHeap::from([Reverse((0, 0, 0))]),
            BinaryHeap::from([Reverse((0, 0, goal))]),
        ];
        let mut best: Option<(u32, usize)> = None;
        // The least live entry of a side, its stale ones popped.
        let least = |heap: &mut BinaryHeap<Reverse<(u32, u64, usize)>>, side: &Side| {
            while let Some(&Reverse((g, _, s))) = heap.peek() {
                if side[&s] == (g, side[&s].1, false) {
                    return Some((g, s));
                }
                heap.pop();
            }
            None
        };
        while let (Some(f), Some(b)) = (
            least(&mut heaps[0], &sides[0]),
            least(&mut heaps[1], &sides[1]),
        ) {
            if best.is_some_and(|(u, _)| u <= f.0 + b.0) {
                break;
            }
            let me = usize::from(heaps[0].len() > heaps[1].len());
            let (g, s) = if me == 0 { f } else { b };
            heaps[me].pop();
            stats.popped += 1;
            stats.expanded += 1;
            sides[me].get_mut(&s).unwrap().2 = true;
            for &(from, to, w) in edges {
                let (here, child) = if me == 0 { (from, to) } else { (to, from) };
                if here != s {
                    continue;
                }
                stats.generated += 1;
                if sides[me].get(&child).is_none_or(|v| !v.2 && g + w < v.0) {
                    sides[me].insert(child, (g + w, Some(s), false));
                    heaps[me].push(Reverse((g + w, stats.generated, child)));
                    if let Some(v) = sides[1 - me].get(&child) {
                        if best.is_none_or(|(u, _)| g + w + v.0 < u) {
                            best = Some((g + w + v.0, child));
                        }
                    }
                }
            }
        }
        let path = best.map(|(u, meet)| {
            let chain = |side: &Side| {
                let mut out = vec![meet];
                while let Some((_, Some(p), _)) = side.get(out.last().unwrap()) {
                    out.push(*p);
                }
                out
            };
            let mut states = chain(&sides[0]);
            states.reverse();
            states.extend(&chain(&sides[1])[1..]);
            (states, u)
        });
        (path, stats)
    }

    /// The arcs out of `s` (`forward`) or into it, as `(other end, cost)`.
    fn arcs<T: Copy + PartialEq, C: Copy>(edges: &[(T, T, C)], s: T, forward: bool) -> Vec<(T, C)> {
        let ends = |e: &(T, T, C)| if forward { (e.0, e.1) } else { (e.1, e.0) };
        edges
            .iter()
            .filter(|e| ends(e).0 == s)
            .map(|e| (ends(e).1, e.2))
            .collect()
    }

    /// Random graphs on up to 12 states with small costs (many ties, zero steps), and a goal.
    fn graphs() -> impl Strategy<Value = (Edges, usize)> {
        (1usize..12).prop_flat_map(|n| (prop::collection::vec((0..n, 0..n, 0u32..4), 0..30), 0..n))
    }

    /// A negative step (not allowed) sends the search to binary heaps, which take any cost:
    /// the answer is theirs, after a second round of closure calls.
    #[test]
    fn a_negative_step_runs_again_on_heaps() {
        let edges = [(0u8, 1u8, 1), (1, 2, -5), (2, 3, 10)];
        let calls = Cell::new(0);
        let next = |s: &u8| {
            calls.set(calls.get() + 1);
            arcs(&edges, *s, true)
        };
        let prev = |s: &u8| {
            calls.set(calls.get() + 1);
            arcs(&edges, *s, false)
        };
        let ours = bidirectional_uniform_cost_fn(&0, &3, next, prev);
        let both = calls.replace(0);
        let heaps = [BinaryHeap::new(), BinaryHeap::new()];
        let on_heaps = run(
            Search::new(Hashed::default(), &0, &3, heaps),
            &mut { next },
            &mut { prev },
        )
        .unwrap();
        assert_eq!(
            (ours.path.as_ref().map(|p| p.cost), ours.stats),
            (Some(6), on_heaps.stats)
        );
        assert_eq!(ours.path, on_heaps.path);
        assert!(
            both > calls.get(),
            "{both} calls, {} on heaps alone",
            calls.get()
        );
        // In flat arrays too: a second table for the heaps' round, the same answer.
        calls.set(0);
        let fast =
            crate::indexed::bidirectional_uniform_cost_fn(&0, &3, 4, |&s| s.into(), next, prev);
        assert_eq!(
            (fast.path, fast.stats, calls.get()),
            (ours.path, ours.stats, both)
        );
    }

    /// Floating-point costs: the same cost as the one-way search; a NaN step (no cost at all)
    /// ends the search without a panic.
    #[test]
    fn floating_point_costs() {
        let edges = [
            (0u8, 1u8, 0.5),
            (1, 2, 0.25),
            (0, 2, 1.0),
            (2, 3, 2.0),
            (1, 3, 2.5),
        ];
        let (next, prev) = (
            |s: &u8| arcs(&edges, *s, true),
            |s: &u8| arcs(&edges, *s, false),
        );
        let both = bidirectional_uniform_cost_fn(&0, &3, next, prev)
            .path
            .unwrap();
        assert_eq!((both.states, both.cost), (vec![0, 1, 2, 3], 2.75));
        assert_eq!(
            uniform_cost_fn(&0, next, |&s| s == 3).path.unwrap().cost,
            2.75
        );
        let edges = [(0u8, 1u8, f64::NAN), (1, 2, 1.0), (0, 2, 4.0)];
        let (next, prev) = (
            |s: &u8| arcs(&edges, *s, true),
            |s: &u8| arcs(&edges, *s, false),
        );
        let r = bidirectional_uniform_cost_fn(&0, &2, next, prev);
        assert!(
            r.path
                .is_some_and(|p| p.states.first() == Some(&0) && p.last() == &2)
        );
    }

    proptest! {
        #[test]
        fn same_path_and_counters_as_the_plain_algorithm((edges, goal) in graphs()) {
            let (next, prev) = (|s: &usize| arcs(&edges, *s, true), |s: &usize| arcs(&edges, *s, false));
            let ours = bidirectional_uniform_cost_fn(&0, &goal, next, prev);
            let (path, stats) = plain(&edges, goal);
            prop_assert_eq!(ours.path.as_ref().map(|p| (p.states.clone(), p.cost)), path);
            prop_assert_eq!(ours.stats, stats);
            // The same in flat arrays, the states (below 12) numbered by themselves.
            let fast = crate::indexed::bidirectional_uniform_cost_fn(&0, &goal, 12, |&s| s, next, prev);
            prop_assert_eq!(fast.path, ours.path);
            prop_assert_eq!(fast.stats, ours.stats);
        }

        /// With costs that tie, the radix queues and binary heaps give the same path and
        /// counters; the cost is the one-way search's and `pathfinding`'s, and the path walks
        /// real edges at the costs it gives.
        #[test]
        fn cheapest_as_one_way_and_pathfinding((edges, goal) in graphs()) {
            let (next, prev) = (|s: &usize| arcs(&edges, *s, true), |s: &usize| arcs(&edges, *s, false));
            let ours = bidirectional_uniform_cost_fn(&0, &goal, next, prev);
            if goal != 0 {
                let heaps = [BinaryHeap::new(), BinaryHeap::new()];
                let on_heaps = run(Search::new(Hashed::default(), &0, &goal, heaps), &mut { next }, &mut { prev }).unwrap();
                prop_assert_eq!(&ours.path, &on_heaps.path);
                prop_assert_eq!(ours.stats, on_heaps.stats);
            }
            let one = uniform_cost_fn(&0, next, |&s| s == goal);
            let theirs = pathfinding::prelude::dijkstra_bidirectional(&0, &goal, next, prev);
            let cost = ours.path.as_ref().map(|p| p.cost);
            prop_assert_eq!(cost, one.path.map(|p| p.cost));
            prop_assert_eq!(cost, theirs.map(|t| t.1));
            if let Some(p) = ours.path {
                prop_assert_eq!((p.states[0], *p.last()), (0, goal));
                prop_assert_eq!(p.step_costs.iter().sum::<u32>(), p.cost);
                for (w, &step) in p.states.windows(2).zip(&p.step_costs) {
                    prop_assert!(edges.contains(&(w[0], w[1], step)));
                }
            }
        }
    }
}
