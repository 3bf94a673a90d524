//! The fast path of uniform-cost search and A*: the same paths and the same counters as the
//! plain graph-search loop ([`graph_search`](crate::graph_search) with a first-in, first-out or
//! deeper-first tie order), with far less work per child.
//!
//! The plain loop pushes a child for every successor, and a child whose state is closed before
//! it leaves the frontier is later popped and skipped. Such children are certain to be skipped
//! when they are generated if their state is already closed, or if an open node of the same
//! state has a lower or equal path cost (same state, same heuristic: it leaves first and closes
//! the state). This loop keeps one entry per state (a [`NodeTable`] position with its cost and
//! parent), probes it once per child, and pushes only children that improve their state; the
//! *stale* ones are counted, not stored as nodes.
//!
//! When the priorities leave the frontier in non-decreasing order (uniform-cost with
//! non-negative step costs; A* with a consistent heuristic), a stale child is popped by the
//! plain loop right before the first entry that leaves after the child was generated with a
//! key larger than the child's. So a stale child of a lower priority than the goal's is popped
//! before the goal, one of a higher priority is not, and one of the goal's priority is when an
//! entry of that priority with a larger key left after it was generated (with first-in,
//! first-out ties, the goal itself). [`Stale`] keeps the keys of the stale children not yet
//! decided and decides them when the search ends; the ones below the current priority are
//! counted and dropped as the search goes, so they never pile up. If a key smaller than the
//! current priority is ever generated (an inconsistent heuristic), this loop gives up and the
//! caller runs the plain loop.
//!
//! A state improved by a cheaper path has two entries queued: the new one leaves first (its
//! priority is lower) and closes the state, and the plain loop later pops the old one and
//! skips it. With deeper-first ties, whose priorities are sorted when they come up, the old
//! entries whose states are closed by then (in a priority of 8 entries or more: smaller ones
//! sort cheaply) leave the queue before the sort and join the stale children of their
//! priority: such an entry is popped before the goal under the same rule as a stale child of
//! a higher priority (every pop of its priority comes after it was pushed). With first-in,
//! first-out ties nothing is sorted, and they are popped and skipped.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::node_table::{Hashed, Indexed, NodeTable};
use crate::problem::{DenseStates, Path, ResultOf, SearchProblem, SearchResult, Stats};
use crate::radix::RadixQueue;
use std::cmp::Ordering;

/// How equal priorities leave the frontier: the tie key of an entry of path cost `g` generated
/// `seq`-th (lower leaves first). Sequence numbers and pop counts are `u32` here, to keep heap
/// entries and stale keys small; a search that would outgrow them gives up and the caller runs
/// the plain loop (as when the keys are not monotone).
pub(crate) trait TieRule<C: Cost> {
    /// The tie key.
    type Key: Ord + Copy + 'static;
    /// Whether the order within one priority can differ from the generation order (then every
    /// pop of the current priority is recorded to decide the stale children).
    const OUT_OF_ORDER: bool;
    /// The key of an entry.
    fn key(g: C, seq: u32) -> Self::Key;
}

/// First in, first out among equal priorities.
pub(crate) struct Fifo;

impl<C: Cost> TieRule<C> for Fifo {
    type Key = u32;
    const OUT_OF_ORDER: bool = false;
    #[inline]
    fn key(_g: C, seq: u32) -> u32 {
        seq
    }
}

/// The larger path cost first among equal priorities, then first in, first out (what
/// `pathfinding`'s A* does: fewer expansions where many paths tie).
pub(crate) struct DeeperFirst;

impl<C: Cost> TieRule<C> for DeeperFirst {
    type Key = Deeper<C, u32>;
    const OUT_OF_ORDER: bool = true;
    #[inline]
    fn key(g: C, seq: u32) -> Deeper<C, u32> {
        Deeper(g, seq)
    }
}

/// The deeper-first tie key: path cost (larger first), then generation sequence.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deeper<C, Q = u64>(pub(crate) C, pub(crate) Q);

impl<C: Cost, Q: Ord> Ord for Deeper<C, Q> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        crate::min_entry::lexicographic(other.0.total_order(&self.0), self.1.cmp(&other.1))
    }
}
impl<C: Cost, Q: Ord> PartialOrd for Deeper<C, Q> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C: Cost, Q: Ord> PartialEq for Deeper<C, Q> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<C: Cost, Q: Ord> Eq for Deeper<C, Q> {}

/// What the loop knows about a reached state, beside it in the table: 16 bytes with `u32`
/// costs, so that a table entry (state, info) of a `(usize, usize)` cell takes 32 bytes. The
/// action from the parent is kept apart, in [`Loop::actions`] (nothing at all for the
/// closures' `()` actions).
pub(crate) struct Info<C> {
    /// The lowest path cost found.
    g: C,
    /// The heuristic (zero for uniform-cost), computed once.
    h: C,
    /// The step cost from the parent.
    step: C,
    /// The parent's position in the low 31 bits ([`NO_PARENT`] for the start), and [`CLOSED`]
    /// once the state has been expanded.
    link: u32,
}

/// The bit of [`Info::link`] set when the state has been expanded.
const CLOSED: u32 = 1 << 31;

/// The parent of the start; positions from here on do not fit the link, and a search that
/// reaches that many states gives up (the caller then runs the plain loop).
const NO_PARENT: u32 = CLOSED - 1;

/// The stale children: those decided as popped before the goal, and the undecided ones, in
/// two lists. A child of the current priority is decided by the pops of that priority after it
/// (one with a larger tie key means the plain loop popped the child first), so it keeps the
/// number of pops when it was generated. Every pop of a higher priority comes after the child,
/// so a child of a higher priority keeps only its priority and tie key (as do the overtaken
/// entries taken off the queue when their priority comes up).
struct Stale<C: 'static, K: 'static> {
    counted: u64,
    /// `(pops, tie key)` of the children of the current priority.
    now: Vec<(u32, K)>,
    /// `(priority, tie key)` of the children of higher priorities.
    later: Vec<(C, K)>,
    /// Compact `later` when it grows past this.
    compact_at: usize,
    /// The current priority (that of the last pop) and the pops of it so far, as
    /// `(pops, tie key)` (recorded only for out-of-order tie rules).
    level: Option<C>,
    level_pops: Vec<(u32, K)>,
}

/// The thread keeps a search's lists of stale keys for its next search up to this many keys
/// each (768 KiB with `u32` costs).
const KEEP_KEYS: usize = 1 << 16;

impl<C: 'static, K: 'static> Drop for Stale<C, K> {
    fn drop(&mut self) {
        crate::kept::give_list(std::mem::take(&mut self.now), KEEP_KEYS);
        crate::kept::give_list(std::mem::take(&mut self.later), KEEP_KEYS);
        crate::kept::give_list(std::mem::take(&mut self.level_pops), KEEP_KEYS);
    }
}

/// The size from which the list of stale children of higher priorities is compacted: large
/// enough that compaction is rare, small enough (32-48 KiB of keys with `u32` costs) that the
/// list stays in the caches (measured on the Moving AI maps: docs/performance-history.md). The
/// unit tests use a tiny one, so that their small searches compact at almost every rise of the
/// priority: compaction must count exactly what the end would.
#[cfg(not(test))]
const COMPACT_FROM: usize = 4096;
#[cfg(test)]
const COMPACT_FROM: usize = 2;

impl<C: Cost, K: Ord + Copy + 'static> Stale<C, K> {
    fn new() -> Self {
        Self {
            counted: 0,
            now: crate::kept::take(),
            later: crate::kept::take(),
            compact_at: COMPACT_FROM,
            level: None,
            level_pops: crate::kept::take(),
        }
    }

    /// Records a stale child of priority `f` and tie key `tie`, generated after `pops` pops;
    /// `now`: `f` is the current priority (else it is higher).
    #[inline]
    fn push(&mut self, f: C, tie: K, pops: u32, now: bool) {
        if now {
            self.now.push((pops, tie));
        } else {
            self.later.push((f, tie));
        }
    }

    /// Records the `pops`-th pop, of priority `f`; `record`: keep it among the level's pops.
    #[inline]
    fn on_pop(&mut self, f: C, tie: K, pops: u32, record: bool) {
        if self
            .level
            .is_none_or(|level| f.total_order(&level) == Ordering::Greater)
        {
            self.level = Some(f);
            self.level_pops.clear();
            // The last priority's stale children all left before this pop.
            self.counted += self.now.len() as u64;
            self.now.clear();
            if self.later.len() >= self.compact_at {
                self.compact(f);
            }
        }
        if record {
            self.level_pops.push((pops, tie));
        }
    }

    /// Counts and drops the children below priority `f`: every later pop is of `f` or more.
    fn compact(&mut self, f: C) {
        let before = self.later.len();
        self.later.retain(|k| k.0.total_order(&f) != Ordering::Less);
        self.counted += (before - self.later.len()) as u64;
        self.compact_at = (2 * self.later.len()).max(COMPACT_FROM);
    }

    /// The stale children popped before the goal, popped `pops`-th with priority `f` and tie
    /// `tie` (the last pop; with in-order ties, the only one of its priority that matters).
    fn popped_before_goal(mut self, f: C, tie: K, pops: u32, in_order: bool) -> u64 {
        if in_order {
            self.level_pops.clear();
            self.level_pops.push((pops, tie));
        }
        // Each pop's tie key becomes the largest among the level's pops from it on.
        let best = &mut self.level_pops;
        for i in (0..best.len().saturating_sub(1)).rev() {
            best[i].1 = best[i].1.max(best[i + 1].1);
        }
        let best = &self.level_pops;
        let later_larger = |&(pops, tie): &(u32, K)| {
            let first = best.partition_point(|p| p.0 <= pops);
            best.get(first).is_some_and(|b| b.1 > tie)
        };
        let now = self.now.iter().filter(|k| later_larger(k)).count();
        let later = self.later.iter().filter(|k| match k.0.total_order(&f) {
            Ordering::Less => true,
            Ordering::Equal => best.first().is_some_and(|b| b.1 > k.1),
            Ordering::Greater => false,
        });
        self.counted + now as u64 + later.count() as u64
    }

    /// Every stale child, when the frontier runs dry.
    fn all(self) -> u64 {
        self.counted + (self.now.len() + self.later.len()) as u64
    }
}

/// The heap entry: priority, tie key, table position.
type Entry<C, K> = MinEntry<C, K, u32>;

/// Runs A* (`H`: with the heuristic; a constant, so that uniform-cost never tests it per child)
/// or uniform-cost with the tie rule `R`, in a hash table or
/// the problem's dense indices; `None` when the keys turned out not to be monotone, in which case
/// the caller must run the plain loop.
pub(crate) fn search<P: SearchProblem, R: TieRule<P::Cost>, const H: bool>(
    problem: &P,
) -> Option<ResultOf<P>> {
    match problem.dense_states() {
        Some(dense) => run::<P, R, _, H>(
            problem,
            Indexed::new(dense.state_count(), |s: &P::State| dense.state_index(s)),
        ),
        None => run::<P, R, _, H>(problem, Hashed::default()),
    }
}

/// The loop over the table `table`. Never inlined: a caller that instantiates it for both
/// tables (the trait form, [`search`]) would otherwise hold both loops in one function, and the
/// compiler then stops inlining the ring's placements into them (slower on the maps:
/// docs/performance-history.md, session 31).
#[inline(never)]
pub(crate) fn run<P, R, T, const H: bool>(problem: &P, table: T) -> Option<ResultOf<P>>
where
    P: SearchProblem,
    R: TieRule<P::Cost>,
    T: NodeTable<P::State, Info<P::Cost>>,
{
    let mut search = Loop::<P, R, T, H> {
        problem,
        table,
        actions: Vec::new(),
        heap: RadixQueue::new(!R::OUT_OF_ORDER),
        stale: Stale::new(),
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
        monotone: true,
    };
    search.start();
    // Counted in a local, which stays in a register.
    let mut popped = 0;
    while let Some(Entry { f, tie, item }) = search.pop() {
        popped += 1;
        // At most one pop per child pushed, and children are numbered in u32.
        let pops = popped as u32;
        search.stale.on_pop(f, tie, pops, R::OUT_OF_ORDER);
        if problem.is_goal(search.table.get(item).0) {
            let path = search.rebuild(item);
            let before = search
                .stale
                .popped_before_goal(f, tie, pops, !R::OUT_OF_ORDER);
            search.stats.popped = popped + before;
            return Some(SearchResult {
                cut_off: false,
                path: Some(path),
                stats: search.stats,
            });
        }
        if !search.expand(item, f, pops) {
            return None;
        }
    }
    search.stats.popped = popped + search.stale.all();
    Some(SearchResult {
        cut_off: false,
        path: None,
        stats: search.stats,
    })
}

/// Everything the loop keeps.
struct Loop<'p, P: SearchProblem, R: TieRule<P::Cost>, T, const H: bool> {
    problem: &'p P,
    table: T,
    /// The action from the parent of the state at each position after the start's (0).
    actions: Vec<P::Action>,
    heap: RadixQueue<P::Cost, R::Key, u32>,
    stale: Stale<P::Cost, R::Key>,
    stats: Stats,
    /// Cleared when a child's priority is below its parent's, or when the generation numbers
    /// (`stats.generated`) would outgrow `u32`: either way the caller runs the plain loop.
    /// The children after the one that cleared it in the same expansion are still offered,
    /// harmlessly: the loop stops before the next pop.
    monotone: bool,
}

impl<P, R, T, const H: bool> Loop<'_, P, R, T, H>
where
    P: SearchProblem,
    R: TieRule<P::Cost>,
    T: NodeTable<P::State, Info<P::Cost>>,
{
    #[inline]
    fn h_of(&self, state: &P::State) -> P::Cost {
        if H {
            self.problem.heuristic(state)
        } else {
            P::Cost::ZERO
        }
    }

    /// The next entry to leave the queue. With deeper-first ties, a new priority's entries are
    /// sorted before they leave: those of states already closed (overtaken by a cheaper path,
    /// which left at a lower priority) leave the queue first, as stale children of their
    /// priority, instead of being sorted, popped and skipped (see [`Stale`]: the same count;
    /// the queue asks only about priorities large enough to pay for it). First-in, first-out
    /// ties sort nothing, and asking would cost more than the pops it saves.
    #[inline]
    fn pop(&mut self) -> Option<Entry<P::Cost, R::Key>> {
        let Self {
            heap, table, stale, ..
        } = self;
        let overtaken = |e: &Entry<P::Cost, R::Key>| {
            let closed = table.get(e.item).1.link & CLOSED != 0;
            if closed {
                stale.push(e.f, e.tie, 0, false);
            }
            !closed
        };
        if R::OUT_OF_ORDER {
            heap.pop_keeping(Some(overtaken))
        } else {
            heap.pop()
        }
    }

    /// The start, reached and on the heap.
    fn start(&mut self) {
        let zero = P::Cost::ZERO;
        let start = self.problem.start();
        let h = self.h_of(&start);
        let (at, _, _) = self.table.reach(self.table.key(&start), start, |_| Info {
            g: zero,
            h,
            step: zero,
            link: NO_PARENT,
        });
        self.monotone = self.heap.push(Entry {
            f: h,
            tie: R::key(zero, 0),
            item: at,
        });
    }

    /// Expands the state at `item` (popped `pops`-th with priority `f`) unless it is closed;
    /// `false` when a child's priority is below `f`.
    #[inline]
    fn expand(&mut self, item: u32, f: P::Cost, pops: u32) -> bool {
        let node = self.table.value_mut(item);
        if node.link & CLOSED != 0 {
            return true;
        }
        node.link |= CLOSED;
        self.stats.expanded += 1;
        let g = node.g;
        let state = self.table.get(item).0.clone();
        // Counted in a local, which stays in a register through the expansion.
        let mut generated = self.stats.generated;
        self.problem.successors(&state, |action, child, step| {
            generated += 1;
            // Only the order of the generation numbers matters, and the start's 0 is below
            // them all. Checked against `u32` after the expansion.
            self.offer(item, g, f, (pops, generated as u32), action, child, step);
        });
        self.stats.generated = generated;
        // Every generation number of this expansion fitted `u32` (else they wrapped: give up).
        self.monotone && generated <= u64::from(u32::MAX)
    }

    /// One child, the `seq`-th generated, of the state at `parent` (path cost `g`, priority `f`,
    /// popped `pops`-th): a state reached for the first time or by a cheaper path goes on the
    /// heap; any other is stale, and only its key is kept.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        parent: u32,
        g: P::Cost,
        f: P::Cost,
        (pops, seq): (u32, u32),
        action: P::Action,
        child: P::State,
        step: P::Cost,
    ) {
        let child_g = g + step;
        let problem = self.problem;
        let key = self.table.key(&child);
        let (at, known, new) = self.table.reach(key, child, |s| Info {
            g: child_g,
            h: if H {
                problem.heuristic(s)
            } else {
                P::Cost::ZERO
            },
            step,
            link: parent,
        });
        let child_f = if H { child_g + known.h } else { child_g };
        let rise = child_f.total_order(&f);
        if new {
            // Pushed even when the loop gives up, so that `actions` keeps matching the
            // positions for the rest of this expansion.
            self.actions.push(action);
            if rise == Ordering::Less || at >= NO_PARENT {
                self.monotone = false;
                return;
            }
        } else {
            match reached_again(known, rise, child_g, step, parent) {
                Again::Stale => {
                    let now = rise == Ordering::Equal;
                    self.stale.push(child_f, R::key(child_g, seq), pops, now);
                    return;
                }
                Again::Improves => self.actions[at as usize - 1] = action,
                Again::GiveUp => {
                    self.monotone = false;
                    return;
                }
            }
        }
        if !self.heap.push(Entry {
            f: child_f,
            tie: R::key(child_g, seq),
            item: at,
        }) {
            self.monotone = false;
        }
    }
}

/// What a child does to the state it reaches again.
enum Again {
    /// Nothing: the state was reached as cheaply before.
    Stale,
    /// It improves the state, whose cost and parent are now the child's.
    Improves,
    /// It shows that the keys are not monotone: the plain loop decides.
    GiveUp,
}

/// A child of path cost `child_g` (`step` from the state at `parent`) of the reached state
/// `known`, whose priority is `rise` against the current one; an improvement is written into
/// `known`.
#[inline]
fn reached_again<C: Cost>(
    known: &mut Info<C>,
    rise: Ordering,
    child_g: C,
    step: C,
    parent: u32,
) -> Again {
    if rise == Ordering::Less {
        return Again::GiveUp;
    }
    // A closed state is never improved here: its cost `g'` was final when it left the frontier
    // with priority `g' + h <= f`, so a cheaper child would have a priority below `f` and was
    // declined above.
    if child_g.total_order(&known.g) != Ordering::Less {
        return Again::Stale;
    }
    if known.link & CLOSED != 0 {
        // Only float rounding (`g + h == f` with `g` below the state's final cost) can get
        // here.
        return Again::GiveUp;
    }
    known.g = child_g;
    known.step = step;
    known.link = parent;
    Again::Improves
}

impl<P, R, T, const H: bool> Loop<'_, P, R, T, H>
where
    P: SearchProblem,
    R: TieRule<P::Cost>,
    T: NodeTable<P::State, Info<P::Cost>>,
{
    /// The path to the state at `last`, from the parent links.
    fn rebuild(&self, last: u32) -> Path<P::State, P::Action, P::Cost> {
        let link = |at: u32| {
            let (state, info) = self.table.get(at);
            // The start, at position 0, has no arrival.
            let arrival = at
                .checked_sub(1)
                .map(|i| (&self.actions[i as usize], info.step));
            (state, arrival, info.link & !CLOSED)
        };
        Path::from_parent_links(link(last), self.table.get(last).1.g, link)
    }
}

#[cfg(test)]
mod tests {
    use super::{DeeperFirst, Fifo, search};
    use crate::graph_search::{Priority, best_first};
    use crate::policy::{Frontier, Popped, SearchOptions, TieOrder, search_with};
    use crate::problem::{DenseStates, SearchProblem};
    use crate::test_support::Digraph;
    use proptest::prelude::*;

    /// `Deeper`'s equality agrees with its order (as `Ord` requires): equal exactly when both
    /// the cost and the sequence are; the larger cost comes first.
    #[test]
    fn deeper_keys_are_equal_exactly_when_cost_and_sequence_are() {
        use super::Deeper;
        assert!(Deeper(3u32, 5u32) == Deeper(3, 5));
        assert!(Deeper(3u32, 5u32) != Deeper(3, 6));
        assert!(Deeper(3u32, 5u32) != Deeper(4, 5));
        assert!(Deeper(4u32, 9u32) < Deeper(3, 0));
    }

    /// A search leaves the thread its lists of stale keys and used slots, emptied, and the
    /// next search starts from them.
    #[test]
    fn a_search_leaves_its_lists_to_the_thread() {
        use crate::kept::count;
        type Keys = Vec<(u32, super::Deeper<u32, u32>)>;
        let grid = |c: &(usize, usize)| {
            let (x, y) = *c;
            [
                (x + 1, y),
                (x, y + 1),
                (x.wrapping_sub(1), y),
                (x, y.wrapping_sub(1)),
            ]
            .into_iter()
            .filter(|&(x, y)| x < 8 && y < 8)
            .map(move |c| (c, u32::from(c.1 != y)))
        };
        let index = |&(x, y): &(usize, usize)| 8 * y + x;
        // Free steps along a row, a step between rows costs 1: stale children of the current
        // priority (a step back along a row) and of higher ones (a step back between rows).
        let search = || crate::indexed::astar_fn(&(0, 0), 64, index, grid, |_| 0, |&c| c == (7, 7));
        assert_eq!((count::<Keys>(), count::<Vec<u32>>()), (0, 0));
        let first = search();
        assert_eq!((count::<Keys>(), count::<Vec<u32>>()), (3, 1));
        assert_eq!(search(), first);
        assert_eq!((count::<Keys>(), count::<Vec<u32>>()), (3, 1));
    }

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

    /// The digraph with its costs (and heuristic) in another cost type, for the radix queue's
    /// images (floats, signed) and the heap it falls back to (`u128` has no image).
    struct As<C>(Digraph, fn(u32) -> C);

    impl<C: crate::Cost> SearchProblem for As<C> {
        type State = usize;
        type Action = usize;
        type Cost = C;
        fn start(&self) -> usize {
            self.0.start()
        }
        fn is_goal(&self, s: &usize) -> bool {
            self.0.is_goal(s)
        }
        fn successors(&self, s: &usize, mut visit: impl FnMut(usize, usize, C)) {
            self.0.successors(s, |a, t, w| visit(a, t, (self.1)(w)));
        }
        fn heuristic(&self, s: &usize) -> C {
            (self.1)(self.0.heuristic(s))
        }
        fn dense_states(&self) -> Option<&impl DenseStates<usize>> {
            self.0.dense.then_some(&self.0)
        }
    }

    /// The fast path and the plain loop, deeper-first ties, on `g` with costs `to`.
    fn same_in<C: crate::Cost + PartialEq>(
        g: &Digraph,
        to: fn(u32) -> C,
    ) -> Result<(), TestCaseError> {
        let g = As(g.clone(), to);
        let fast = search::<_, DeeperFirst, true>(&g).expect("consistent heuristic: monotone keys");
        let options = SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic))
            .ties(TieOrder::DeeperFirst);
        let plain = search_with(&g, options, |_: &Popped<'_, usize, C>| {}).into_result();
        prop_assert_eq!(fast, plain);
        let fast = search::<_, Fifo, false>(&g).expect("uniform-cost keys are monotone");
        prop_assert_eq!(fast, best_first(&g, Priority::PathCost));
        Ok(())
    }

    proptest! {
        #[test]
        fn the_fast_path_is_identical_in_every_cost_type(mut g in digraph(), halve in any::<bool>()) {
            g.h = g.exact_distances(1000).into_iter().map(|d| if halve { d / 2 } else { d }).collect();
            same_in(&g, |w| f64::from(w) * 0.25)?;
            same_in(&g, |w| f32::from(w as u16) * 0.5)?;
            same_in(&g, |w| i64::from(w) * 3)?;
            // Steps up to 100 and the radix queue's ring 128 images wide (in the tests): the
            // entries wait in the ring until a far one sends them to the buckets.
            same_in(&g, |w| u64::from(w) * 20)?;
            same_in(&g, u128::from)?;
            same_in(&g, |w| std::num::Wrapping(u64::from(w)))?;
        }

        #[test]
        fn uniform_cost_fast_path_is_identical(g in digraph()) {
            let fast = search::<_, Fifo, false>(&g).expect("uniform-cost keys are monotone");
            prop_assert_eq!(fast, best_first(&g, Priority::PathCost));
        }

        #[test]
        fn astar_fast_path_is_identical_with_a_consistent_heuristic(mut g in digraph(), halve in any::<bool>()) {
            g.h = g.exact_distances(1000).into_iter().map(|d| if halve { d / 2 } else { d }).collect();
            let fast = search::<_, Fifo, true>(&g).expect("consistent heuristic: monotone keys");
            prop_assert_eq!(fast, best_first(&g, Priority::PathCostPlusHeuristic));
        }

        #[test]
        fn deeper_first_fast_path_is_identical(mut g in digraph(), halve in any::<bool>(), zero_h in any::<bool>()) {
            g.h = g.exact_distances(1000).into_iter().map(|d| if zero_h { 0 } else if halve { d / 2 } else { d }).collect();
            let fast = search::<_, DeeperFirst, true>(&g).expect("consistent heuristic: monotone keys");
            let options = SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic)).ties(TieOrder::DeeperFirst);
            let plain = search_with(&g, options, |_: &Popped<'_, usize, u32>| {}).into_result();
            prop_assert_eq!(fast, plain);
        }

        #[test]
        fn breadth_first_fast_path_is_identical(g in digraph()) {
            let plain = search_with(&g, SearchOptions::new(Frontier::Queue), |_: &Popped<'_, usize, u32>| {}).into_result();
            prop_assert_eq!(crate::fifo::search(&g), plain);
        }

        #[test]
        fn astar_fast_path_is_identical_or_declines(g in digraph()) {
            // Random heuristics are often inconsistent: then the fast path must decline.
            if let Some(fast) = search::<_, Fifo, true>(&g) {
                prop_assert_eq!(fast, best_first(&g, Priority::PathCostPlusHeuristic));
            }
        }

        #[test]
        fn astar_fast_path_declines_a_falling_priority_in_a_heap_too(g in digraph()) {
            // `u128` costs have no radix image, so the frontier is a binary heap, which takes
            // any priority: the loop itself must notice a new child below its parent's.
            let g = As(g, u128::from);
            if let Some(fast) = search::<_, Fifo, true>(&g) {
                prop_assert_eq!(fast, best_first(&g, Priority::PathCostPlusHeuristic));
            }
        }
    }

    /// A `w` x `w` grid, 8-connected at costs 10 and 14, with scattered walls, from a corner
    /// to the cell `goal`, with the octile heuristic divided by `h_div` (consistent), or none
    /// (`h_div` 0).
    fn walled_grid(w: usize, goal: usize, h_div: u32) -> Digraph {
        let open = |x: usize, y: usize| (x * 7 + y * 13) % 11 != 5;
        let mut edges = Vec::new();
        for (x, y) in (0..w).flat_map(|x| (0..w).map(move |y| (x, y))) {
            for (dx, dy, cost) in [(1, 0, 10), (0, 1, 10), (1, 1, 14), (1, usize::MAX, 14)] {
                let (nx, ny) = (x + dx, y.wrapping_add(dy));
                if nx < w && ny < w && open(x, y) && open(nx, ny) {
                    edges.push((x * w + y, nx * w + ny, cost));
                    edges.push((nx * w + ny, x * w + y, cost));
                }
            }
        }
        let h = (0..w * w)
            .map(|c| {
                let (dx, dy) = (
                    (c / w).abs_diff(goal / w) as u32,
                    (c % w).abs_diff(goal % w) as u32,
                );
                (10 * dx.max(dy) + 4 * dx.min(dy))
                    .checked_div(h_div)
                    .unwrap_or(0)
            })
            .collect();
        Digraph {
            n: w * w,
            edges,
            start: 0,
            goal,
            h,
            dense: false,
        }
    }

    #[test]
    fn thousands_of_stale_children_are_counted_as_the_plain_loop_pops_them() {
        // Enough stale children for the list to be compacted many times on the way.
        // The goal in the far corner, then in the middle: stale children beyond its priority
        // must not be counted.
        for (goal, h_div) in [(1599, 0), (1599, 1), (1599, 3), (820, 0), (820, 3)] {
            let g = walled_grid(40, goal, h_div);
            let fast = search::<_, DeeperFirst, true>(&g).expect("consistent heuristic");
            let options = SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic))
                .ties(TieOrder::DeeperFirst);
            let plain = search_with(&g, options, |_: &Popped<'_, usize, u32>| {}).into_result();
            assert!(
                goal != 1599 || h_div != 0 || fast.stats.generated > 8000,
                "{:?}",
                fast.stats
            );
            assert_eq!(fast, plain);
            let fast = search::<_, Fifo, true>(&g).expect("consistent heuristic");
            assert_eq!(fast, best_first(&g, Priority::PathCostPlusHeuristic));
        }
    }

    #[test]
    fn a_closed_state_that_rounding_seems_to_improve_sends_the_search_to_the_plain_loop() {
        // The start (0) and state 1 have the heuristic 1e17, where a unit is below half an
        // ulp: state 1's priority 1 + 1e17 rounds to 1e17, and so does the priority of the
        // step back to the start at path cost -1, below the start's closed cost 0.
        let problem = crate::FnProblem::new(
            0u8,
            |&s: &u8| match s {
                0 => vec![(1, 1.0)],
                1 => vec![(0, -2.0), (2, 1e18)],
                _ => vec![],
            },
            |&s: &u8| if s < 2 { 1e17 } else { 0.0 },
            |&s: &u8| s == 2,
        );
        assert!(search::<_, Fifo, true>(&problem).is_none());
        assert!(search::<_, DeeperFirst, true>(&problem).is_none());
        let plain = best_first(&problem, Priority::PathCostPlusHeuristic);
        assert_eq!(plain.path.map(|p| p.states), Some(vec![0, 1, 2]));
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
            search::<_, Fifo, false>(&grid).unwrap()
        };
        eprintln!("{which} {:?}", r.stats);
    }
}
