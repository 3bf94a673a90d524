//! Graph search over a frontier: breadth-first, uniform-cost, greedy best-first and A*, and the
//! same loop with its policies chosen by the caller ([`search_with`]).
//!
//! All of them share one loop, which fixes how the counters count. With the default policies
//! (what [`breadth_first`], [`uniform_cost`], [`greedy_best_first`], [`astar`] and [`best_first`]
//! use):
//! 1. the start is generated (`generated = 1`) and put on the frontier;
//! 2. an empty frontier means there is no path; otherwise the next node is removed
//!    (`popped += 1`): the lowest priority, equal priorities first in, first out;
//! 3. a node whose state is a goal ends the search (goal test on removal; it is not expanded);
//! 4. a node whose state is already closed is skipped (popped, not expanded);
//! 5. otherwise its state is closed (`expanded += 1`) and one child per successor is generated
//!    and added (`generated += 1` each), closed successors included. Closed states are never
//!    reopened.
//!
//! With a consistent heuristic A* returns an optimal path; uniform-cost always does.
//!
//! # Policies
//!
//! [`search_with`] runs the same loop with the policies of a [`SearchOptions`]:
//! - [`Frontier`]: a first-in first-out queue, a stack (one expansion's first successor on
//!   top), or a priority queue ordered by a [`Priority`];
//! - [`TieOrder`]: which of two equal priorities leaves first (first in, or last in);
//! - [`Duplicates`]: what happens to a successor whose state is closed or already on the
//!   frontier (keep it and skip it when popped; drop it when closed; drop it when closed or
//!   open; or redirect the open entry when the new path is cheaper);
//! - [`SuccessorOrder`]: one expansion's successors in the problem's order, or sorted stably by
//!   heuristic first;
//! - an observer called with every node taken from the frontier (for traces).
//!
//! The goal test is always made when a node is taken from the frontier. The policies are
//! resolved once, before the loop starts: each combination is its own monomorphised loop, so the
//! default functions run exactly the code they ran before the policies existed.
//!
//! These policies reproduce the CS364 search platform's methods (see the `maze` crate):
//! `depth` is a stack with [`Duplicates::FilterClosedOnPush`], `steep` the same with
//! [`SuccessorOrder::ByHeuristic`], `best` a [`Priority::Heuristic`] queue with
//! [`TieOrder::Lifo`] and [`Duplicates::SkipOpenOrClosed`], `algAM` the same ordered by
//! [`Priority::PathCostPlusHeuristic`], and `algA` that with [`Duplicates::Redirect`].

use crate::closed::{ClosedSet, StateMap};
use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::problem::{Path, ResultOf, SearchProblem, SearchResult, Stats};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// How a best-first search orders its frontier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// g: the path cost (uniform-cost search).
    PathCost,
    /// g + h (A*).
    PathCostPlusHeuristic,
    /// h (greedy best-first).
    Heuristic,
}

/// The frontier discipline of [`search_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Frontier {
    /// First in, first out (breadth-first).
    Queue,
    /// Last in, first out, one expansion's successors pushed so that the first one is on top
    /// (depth-first as a graph search: the CS364 platform's `depth` and `steep`).
    Stack,
    /// Lowest priority first, ties broken by [`TieOrder`].
    Priority(Priority),
}

/// Which of two entries with equal priority leaves a priority frontier first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TieOrder {
    /// The older entry (first in, first out): every search-core function.
    #[default]
    Fifo,
    /// The newer entry, and within one expansion the later successor. A path redirected by
    /// [`Duplicates::Redirect`] goes behind every entry of its new priority that is already
    /// there (it keeps its place when it was added by the same expansion). This is the CS364
    /// platform's open list (`best`, `algA`, `algAM`): new paths go to the front of the list,
    /// which is then sorted stably by priority.
    Lifo,
}

/// What the loop does with a successor whose state was met before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Duplicates {
    /// Every successor becomes a frontier entry; an entry whose state is already closed is
    /// skipped when popped (counted in `popped`, not expanded). Every search-core function.
    #[default]
    SkipClosedOnPop,
    /// A successor whose state is closed when it is generated is dropped; popped entries are
    /// not checked, so a state pushed twice before it was expanded is expanded twice (its
    /// successors are filtered again). The CS364 platform's `depth` and `steep`.
    FilterClosedOnPush,
    /// A successor is dropped when its state is closed or already heads a frontier entry, even
    /// when the new path is cheaper: one entry per state. The CS364 platform's `best` and
    /// `algAM`.
    SkipOpenOrClosed,
    /// As [`SkipOpenOrClosed`](Duplicates::SkipOpenOrClosed), but when the new path to a state
    /// on the frontier has a strictly lower priority, it replaces the old entry (path
    /// redirection). The CS364 platform's `algA`.
    Redirect,
}

/// The order in which one expansion's successors are offered to the frontier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SuccessorOrder {
    /// The problem's order.
    #[default]
    AsGiven,
    /// Sorted stably by heuristic, lowest first (so on a [`Frontier::Stack`] the lowest is
    /// popped first): the CS364 platform's `steep` (backtracking hill climbing).
    ByHeuristic,
}

/// The policies of [`search_with`]. The default is A* as [`astar`] runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// The frontier discipline.
    pub frontier: Frontier,
    /// Tie order on a priority frontier (ignored by the queue and the stack).
    pub ties: TieOrder,
    /// Duplicate handling.
    pub duplicates: Duplicates,
    /// Successor order within one expansion.
    pub successors: SuccessorOrder,
}

impl Default for SearchOptions {
    fn default() -> Self {
        Self::new(Frontier::Priority(Priority::PathCostPlusHeuristic))
    }
}

impl SearchOptions {
    /// The given frontier with the default policies.
    pub const fn new(frontier: Frontier) -> Self {
        Self {
            frontier,
            ties: TieOrder::Fifo,
            duplicates: Duplicates::SkipClosedOnPop,
            successors: SuccessorOrder::AsGiven,
        }
    }

    /// With this tie order.
    #[must_use]
    pub const fn ties(mut self, ties: TieOrder) -> Self {
        self.ties = ties;
        self
    }

    /// With this duplicate handling.
    #[must_use]
    pub const fn duplicates(mut self, duplicates: Duplicates) -> Self {
        self.duplicates = duplicates;
        self
    }

    /// With this successor order.
    #[must_use]
    pub const fn successors(mut self, successors: SuccessorOrder) -> Self {
        self.successors = successors;
        self
    }
}

/// What the observer of [`search_with`] sees of each node taken from the frontier (before its
/// goal test).
#[derive(Debug, Clone, Copy)]
pub struct Popped<'a, S, C> {
    /// The value of `popped` counting this node (1 for the first).
    pub step: u64,
    /// The node's state.
    pub state: &'a S,
    /// Its path cost.
    pub g: C,
    /// The priority it left the frontier with (its path cost on a queue or a stack).
    pub f: C,
}

/// What [`search_with`] returns: the path and counters of a [`SearchResult`], and the sizes the
/// CS364 platform reports.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchReport<S, A, C> {
    /// The path to the goal found (`None`: the frontier ran empty).
    pub path: Option<Path<S, A, C>>,
    /// The counters.
    pub stats: Stats,
    /// Frontier entries left at the end (the goal's own entry removed). With
    /// [`Duplicates::SkipOpenOrClosed`] and [`Duplicates::Redirect`], the states on the frontier;
    /// otherwise every entry, duplicates included.
    pub open: usize,
    /// Distinct states closed (expanded) at the end.
    pub closed: usize,
}

/// The report type of a problem.
pub type ReportOf<P> = SearchReport<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;

impl<S, A, C> SearchReport<S, A, C> {
    /// The path and counters alone.
    pub fn into_result(self) -> SearchResult<S, A, C> {
        SearchResult {
            path: self.path,
            stats: self.stats,
        }
    }
}

/// A generated node: kept in an arena so that frontier entries stay small and paths can be
/// rebuilt from parent links.
struct Node<S, A, C> {
    state: S,
    parent: u32,
    action: Option<A>,
    step: C,
    g: C,
}

const NO_PARENT: u32 = u32::MAX;

/// A first-in first-out frontier entry: the priority, and the node's arena index as the tie
/// key (it doubles as the insertion sequence, so equal priorities leave first in, first out).
type Entry<C> = MinEntry<C, u32>;

/// A frontier entry with an explicit tie key (lower leaves first) and the node's arena index.
type TiedEntry<C> = MinEntry<C, i64, u32>;

/// A priority frontier where, among equal priorities, the newest entry leaves first; entries
/// pushed "late" (redirected paths) go behind everything of their priority.
struct LifoHeap<C> {
    heap: BinaryHeap<TiedEntry<C>>,
    /// The next tie key of a new entry: decreasing, so newer entries leave first.
    low: i64,
    /// The next tie key of a late entry: increasing and above every `low`.
    high: i64,
}

impl<C> LifoHeap<C> {
    fn new() -> Self {
        Self {
            heap: BinaryHeap::new(),
            low: 0,
            high: 1,
        }
    }
}

/// A stack frontier: one expansion's successors are reversed so that the first is on top.
#[derive(Default)]
struct Stack(Vec<u32>);

/// The frontier of the shared loop.
trait Open<C> {
    /// Adds an entry; returns its tie key.
    fn push(&mut self, f: C, node: u32) -> i64;
    /// Adds an entry that leaves after every entry of equal priority added so far.
    fn push_late(&mut self, f: C, node: u32) -> i64 {
        self.push(f, node)
    }
    /// Adds an entry with a tie key returned by an earlier push.
    fn push_tied(&mut self, f: C, _tie: i64, node: u32) {
        self.push(f, node);
    }
    /// Removes the next entry: its priority (when the frontier keeps one) and node.
    fn pop(&mut self) -> Option<(Option<C>, u32)>;
    /// The number of entries.
    fn len(&self) -> usize;
    /// Called before an expansion's successors are pushed.
    fn mark(&self) -> usize {
        0
    }
    /// Called after an expansion's successors were pushed.
    fn end_expansion(&mut self, _mark: usize) {}
}

impl<C: Cost> Open<C> for BinaryHeap<Entry<C>> {
    #[inline]
    fn push(&mut self, f: C, node: u32) -> i64 {
        BinaryHeap::push(
            self,
            Entry {
                f,
                tie: node,
                item: (),
            },
        );
        i64::from(node)
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        BinaryHeap::pop(self).map(|e| (Some(e.f), e.tie))
    }
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }
}

impl<C: Cost> Open<C> for LifoHeap<C> {
    #[inline]
    fn push(&mut self, f: C, node: u32) -> i64 {
        let tie = self.low;
        self.low -= 1;
        self.heap.push(TiedEntry { f, tie, item: node });
        tie
    }
    fn push_late(&mut self, f: C, node: u32) -> i64 {
        let tie = self.high;
        self.high += 1;
        self.heap.push(TiedEntry { f, tie, item: node });
        tie
    }
    fn push_tied(&mut self, f: C, tie: i64, node: u32) {
        self.heap.push(TiedEntry { f, tie, item: node });
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.heap.pop().map(|e| (Some(e.f), e.item))
    }
    fn len(&self) -> usize {
        self.heap.len()
    }
}

impl<C> Open<C> for VecDeque<u32> {
    #[inline]
    fn push(&mut self, _f: C, node: u32) -> i64 {
        self.push_back(node);
        0
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.pop_front().map(|node| (None, node))
    }
    fn len(&self) -> usize {
        VecDeque::len(self)
    }
}

impl<C> Open<C> for Stack {
    #[inline]
    fn push(&mut self, _f: C, node: u32) -> i64 {
        self.0.push(node);
        0
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.0.pop().map(|node| (None, node))
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn mark(&self) -> usize {
        self.0.len()
    }
    fn end_expansion(&mut self, mark: usize) {
        self.0[mark..].reverse();
    }
}

/// Breadth-first graph search: a first-in, first-out frontier, so the path found has the
/// fewest actions.
///
/// ```
/// use search_core::{breadth_first, SearchProblem};
/// // Count from 0 to 5 by +1 or *2: the fewest steps are 0+1=1, *2=2, +1=3... or 1,2,4,5.
/// struct Count;
/// impl SearchProblem for Count {
///     type State = u32;
///     type Action = &'static str;
///     type Cost = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 5 }
///     fn successors(&self, s: &u32, mut visit: impl FnMut(&'static str, u32, u32)) {
///         if *s < 10 { visit("+1", s + 1, 1); visit("*2", s * 2, 1); }
///     }
/// }
/// let path = breadth_first(&Count).path.unwrap();
/// assert_eq!(path.len(), 4);
/// ```
pub fn breadth_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    run::<P, _, SKIP_CLOSED_ON_POP, false, _>(
        problem,
        &mut VecDeque::new(),
        Priority::PathCost,
        &mut |_: &Popped<'_, P::State, P::Cost>| {},
    )
    .into_result()
}

/// Uniform-cost search (Dijkstra's algorithm with lazy deletion): frontier ordered by path cost.
///
/// Path and counters are exactly [`best_first`]'s with [`Priority::PathCost`]; it runs a fast
/// path that keeps children certain to be skipped off the heap (see `monotone.rs`).
pub fn uniform_cost<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    crate::monotone::search(problem, false)
        .unwrap_or_else(|| best_first(problem, Priority::PathCost))
}

/// A*: frontier ordered by path cost plus heuristic.
///
/// ```
/// use search_core::{astar, SearchProblem};
/// // A line of cities 0..10 with roads of length 2 to the next one.
/// struct Line;
/// impl SearchProblem for Line {
///     type State = u32;
///     type Action = ();
///     type Cost = f64;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 9 }
///     fn successors(&self, s: &u32, mut visit: impl FnMut((), u32, f64)) {
///         if *s > 0 { visit((), s - 1, 2.0); }
///         if *s < 9 { visit((), s + 1, 2.0); }
///     }
///     fn heuristic(&self, s: &u32) -> f64 { 2.0 * f64::from(9 - s) }
/// }
/// let result = astar(&Line);
/// assert_eq!(result.path.unwrap().cost, 18.0);
/// assert_eq!(result.stats.expanded, 9); // a perfect heuristic expands only the path
/// ```
///
/// Path and counters are exactly [`best_first`]'s with [`Priority::PathCostPlusHeuristic`]. With
/// a consistent heuristic it runs the same fast path as [`uniform_cost`]; when the heuristic
/// turns out inconsistent (a key below one already popped), it runs the plain loop instead.
pub fn astar<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    crate::monotone::search(problem, true)
        .unwrap_or_else(|| best_first(problem, Priority::PathCostPlusHeuristic))
}

/// Greedy best-first search: frontier ordered by the heuristic alone.
pub fn greedy_best_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    best_first(problem, Priority::Heuristic)
}

/// Best-first graph search with the given frontier order (see the module docs for the loop).
pub fn best_first<P: SearchProblem>(problem: &P, priority: Priority) -> ResultOf<P> {
    run::<P, _, SKIP_CLOSED_ON_POP, false, _>(
        problem,
        &mut BinaryHeap::new(),
        priority,
        &mut |_: &Popped<'_, P::State, P::Cost>| {},
    )
    .into_result()
}

/// The shared loop with the policies of `options` (see the module docs), calling `observer`
/// with every node taken from the frontier.
///
/// ```
/// use search_core::{search_with, Duplicates, Frontier, Priority, SearchOptions, SearchProblem,
///     TieOrder};
/// // Two roads to town 2: 0 -> 2 costs 5, 0 -> 1 -> 2 costs 2; h = 0 everywhere.
/// struct Towns;
/// impl SearchProblem for Towns {
///     type State = u8;
///     type Action = ();
///     type Cost = u32;
///     fn start(&self) -> u8 { 0 }
///     fn is_goal(&self, s: &u8) -> bool { *s == 3 }
///     fn successors(&self, s: &u8, mut visit: impl FnMut((), u8, u32)) {
///         match s { 0 => { visit((), 2, 5); visit((), 1, 1); } 1 => visit((), 2, 1),
///                   2 => visit((), 3, 1), _ => {} }
///     }
/// }
/// let options = SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic))
///     .ties(TieOrder::Lifo);
/// let mut trace = Vec::new();
/// let skip = search_with(&Towns, options.duplicates(Duplicates::SkipOpenOrClosed), |p| {
///     trace.push((*p.state, p.f));
/// });
/// assert_eq!(skip.path.unwrap().cost, 6); // the first road to 2 stays
/// assert_eq!(trace, [(0, 0), (1, 1), (2, 5), (3, 6)]);
/// let redirect = search_with(&Towns, options.duplicates(Duplicates::Redirect), |_| {});
/// assert_eq!(redirect.path.unwrap().cost, 3); // the open entry for 2 was redirected
/// assert_eq!((redirect.stats.popped, redirect.open, redirect.closed), (4, 0, 3));
/// ```
pub fn search_with<P, O>(problem: &P, options: SearchOptions, mut observer: O) -> ReportOf<P>
where
    P: SearchProblem,
    O: FnMut(&Popped<'_, P::State, P::Cost>),
{
    let observer = &mut observer;
    match options.frontier {
        Frontier::Queue => dispatch(
            problem,
            &mut VecDeque::new(),
            Priority::PathCost,
            options,
            observer,
        ),
        Frontier::Stack => dispatch(
            problem,
            &mut Stack::default(),
            Priority::PathCost,
            options,
            observer,
        ),
        Frontier::Priority(priority) => match options.ties {
            TieOrder::Fifo => {
                dispatch(problem, &mut BinaryHeap::new(), priority, options, observer)
            }
            TieOrder::Lifo => dispatch(problem, &mut LifoHeap::new(), priority, options, observer),
        },
    }
}

const SKIP_CLOSED_ON_POP: u8 = 0;
const FILTER_CLOSED_ON_PUSH: u8 = 1;
const SKIP_OPEN_OR_CLOSED: u8 = 2;
const REDIRECT: u8 = 3;

/// Picks the monomorphised loop for the duplicate policy and successor order.
fn dispatch<P, F, O>(
    problem: &P,
    frontier: &mut F,
    priority: Priority,
    options: SearchOptions,
    observer: &mut O,
) -> ReportOf<P>
where
    P: SearchProblem,
    F: Open<P::Cost>,
    O: FnMut(&Popped<'_, P::State, P::Cost>),
{
    use Duplicates as D;
    use SuccessorOrder as S;
    match (options.duplicates, options.successors) {
        (D::SkipClosedOnPop, S::AsGiven) => {
            run::<P, F, SKIP_CLOSED_ON_POP, false, O>(problem, frontier, priority, observer)
        }
        (D::SkipClosedOnPop, S::ByHeuristic) => {
            run::<P, F, SKIP_CLOSED_ON_POP, true, O>(problem, frontier, priority, observer)
        }
        (D::FilterClosedOnPush, S::AsGiven) => {
            run::<P, F, FILTER_CLOSED_ON_PUSH, false, O>(problem, frontier, priority, observer)
        }
        (D::FilterClosedOnPush, S::ByHeuristic) => {
            run::<P, F, FILTER_CLOSED_ON_PUSH, true, O>(problem, frontier, priority, observer)
        }
        (D::SkipOpenOrClosed, S::AsGiven) => {
            run::<P, F, SKIP_OPEN_OR_CLOSED, false, O>(problem, frontier, priority, observer)
        }
        (D::SkipOpenOrClosed, S::ByHeuristic) => {
            run::<P, F, SKIP_OPEN_OR_CLOSED, true, O>(problem, frontier, priority, observer)
        }
        (D::Redirect, S::AsGiven) => {
            run::<P, F, REDIRECT, false, O>(problem, frontier, priority, observer)
        }
        (D::Redirect, S::ByHeuristic) => {
            run::<P, F, REDIRECT, true, O>(problem, frontier, priority, observer)
        }
    }
}

/// The frontier entry heading a state (only kept by the one-entry-per-state policies).
struct Head<C> {
    /// The arena index of the live entry's node.
    node: u32,
    /// Its priority.
    f: C,
    /// Its tie key.
    tie: i64,
    /// The expansion that added it.
    epoch: u64,
    /// Whether it was redirected in the current expansion and waits in `pending`.
    pending: bool,
}

/// A redirected entry of an earlier expansion, waiting for the end of the current expansion:
/// old priority and tie key (its place in the frontier), new node and priority.
struct Pending<C> {
    old_f: C,
    old_tie: i64,
    node: u32,
    f: C,
}

/// A successor collected for sorting: action, state, step cost, heuristic.
type Sorted<P> = (
    <P as SearchProblem>::Action,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Cost,
    <P as SearchProblem>::Cost,
);

/// The shared loop. `DUP` is one of the duplicate-policy constants, `SORT` whether successors
/// are sorted by heuristic; both are resolved at compile time.
fn run<P, F, const DUP: u8, const SORT: bool, O>(
    problem: &P,
    frontier: &mut F,
    priority: Priority,
    observer: &mut O,
) -> ReportOf<P>
where
    P: SearchProblem,
    F: Open<P::Cost>,
    O: FnMut(&Popped<'_, P::State, P::Cost>),
{
    let f_of = |g: P::Cost, state: &P::State| match priority {
        Priority::PathCost => g,
        Priority::PathCostPlusHeuristic => g + problem.heuristic(state),
        Priority::Heuristic => problem.heuristic(state),
    };
    let one_per_state = DUP == SKIP_OPEN_OR_CLOSED || DUP == REDIRECT;
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut closed = ClosedSet::for_problem(problem);
    let mut closed_count = 0usize;
    let mut heads: StateMap<P::State, Head<P::Cost>> = if one_per_state {
        StateMap::for_problem(problem)
    } else {
        StateMap::Dense(Vec::new())
    };
    let mut open_count = 1usize;
    let start = problem.start();
    let f0 = f_of(P::Cost::ZERO, &start);
    let tie = frontier.push(f0, 0);
    if one_per_state {
        heads.insert(
            problem,
            &start,
            Head {
                node: 0,
                f: f0,
                tie,
                epoch: 0,
                pending: false,
            },
        );
    }
    let mut nodes = vec![Node {
        state: start,
        parent: NO_PARENT,
        action: None,
        step: P::Cost::ZERO,
        g: P::Cost::ZERO,
    }];
    let mut epoch = 0u64;
    let mut batch: Vec<Sorted<P>> = Vec::new();
    let mut pending: Vec<Pending<P::Cost>> = Vec::new();
    let report = |path, stats, frontier: &F, open_count, closed_count| SearchReport {
        path,
        stats,
        open: if one_per_state {
            open_count
        } else {
            frontier.len()
        },
        closed: closed_count,
    };
    while let Some((f, index)) = frontier.pop() {
        let node = &nodes[index as usize];
        if one_per_state {
            match heads.get_mut(problem, &node.state) {
                Some(head) if head.node == index => {}
                _ => continue, // a stale entry of a redirected path
            }
            heads.remove(problem, &node.state);
            open_count -= 1;
        }
        stats.popped += 1;
        let g = node.g;
        observer(&Popped {
            step: stats.popped,
            state: &node.state,
            g,
            f: f.unwrap_or(g),
        });
        if problem.is_goal(&node.state) {
            let path = Some(rebuild(&nodes, index));
            return report(path, stats, frontier, open_count, closed_count);
        }
        if DUP == SKIP_CLOSED_ON_POP {
            if !closed.insert(problem, &node.state) {
                continue;
            }
            closed_count += 1;
        } else if closed.insert(problem, &node.state) {
            closed_count += 1;
        }
        stats.expanded += 1;
        epoch += 1;
        let state = node.state.clone();
        let mark = frontier.mark();
        if SORT {
            problem.successors(&state, |action, child, step| {
                let h = problem.heuristic(&child);
                batch.push((action, child, step, h));
            });
            batch.sort_by(|a, b| a.3.total_order(&b.3));
        }
        let mut offer = |action: P::Action, child: P::State, step: P::Cost| {
            if DUP != SKIP_CLOSED_ON_POP && closed.contains(problem, &child) {
                return;
            }
            let child_g = g + step;
            let child_index = u32::try_from(nodes.len()).expect("fewer than 2^32 nodes");
            let head = if one_per_state {
                heads.get_mut(problem, &child)
            } else {
                None
            };
            if let Some(head) = head {
                if DUP == SKIP_OPEN_OR_CLOSED {
                    return;
                }
                let child_f = f_of(child_g, &child);
                if child_f.total_order(&head.f) != Ordering::Less {
                    return;
                }
                if head.epoch == epoch {
                    // Added by this expansion: it keeps its place among the new entries.
                    frontier.push_tied(child_f, head.tie, child_index);
                } else if head.pending {
                    let wait = pending
                        .iter_mut()
                        .find(|p| p.node == head.node)
                        .expect("a pending head is in the pending list");
                    wait.node = child_index;
                    wait.f = child_f;
                } else {
                    pending.push(Pending {
                        old_f: head.f,
                        old_tie: head.tie,
                        node: child_index,
                        f: child_f,
                    });
                    head.pending = true;
                }
                head.node = child_index;
                head.f = child_f;
            } else {
                let child_f = f_of(child_g, &child);
                let tie = frontier.push(child_f, child_index);
                if one_per_state {
                    heads.insert(
                        problem,
                        &child,
                        Head {
                            node: child_index,
                            f: child_f,
                            tie,
                            epoch,
                            pending: false,
                        },
                    );
                    open_count += 1;
                }
            }
            nodes.push(Node {
                state: child,
                parent: index,
                action: Some(action),
                step,
                g: child_g,
            });
            stats.generated += 1;
        };
        if SORT {
            for (action, child, step, _) in batch.drain(..) {
                offer(action, child, step);
            }
        } else {
            problem.successors(&state, &mut offer);
        }
        frontier.end_expansion(mark);
        if DUP == REDIRECT && !pending.is_empty() {
            // Redirected entries of earlier expansions go behind every entry of their new
            // priority, in the order they had in the frontier.
            pending.sort_by(|a, b| {
                a.old_f
                    .total_order(&b.old_f)
                    .then_with(|| a.old_tie.cmp(&b.old_tie))
            });
            for wait in pending.drain(..) {
                let tie = frontier.push_late(wait.f, wait.node);
                let head = heads
                    .get_mut(problem, &nodes[wait.node as usize].state)
                    .expect("a redirected state is on the frontier");
                head.tie = tie;
                head.pending = false;
            }
        }
    }
    report(None, stats, frontier, open_count, closed_count)
}

fn rebuild<S: Clone, A: Clone, C: Cost>(nodes: &[Node<S, A, C>], index: u32) -> Path<S, A, C> {
    let link = |i: u32| {
        let node = &nodes[i as usize];
        let arrival = node.action.as_ref().map(|a| (a, node.step));
        (&node.state, arrival, node.parent)
    };
    Path::from_parent_links(link(index), nodes[index as usize].g, link)
}
