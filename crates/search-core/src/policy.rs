//! Graph search with its policies chosen by the caller: [`search_with`].
//!
//! [`search_with`] runs the graph-search loop of [`best_first`](crate::best_first) with the
//! policies of a [`SearchOptions`]:
//! - [`Frontier`]: a first-in first-out queue, a stack (one expansion's first successor on
//!   top), or a priority queue ordered by a [`Priority`];
//! - [`TieOrder`]: which of two equal priorities leaves first (first in, or last in);
//! - [`Duplicates`]: what happens to a successor whose state is closed or already on the
//!   frontier (keep it and skip it when popped; drop it when closed; drop it when closed or
//!   open; redirect the open entry when the new path is cheaper; or search it again: tree
//!   search);
//! - [`SuccessorOrder`]: one expansion's successors in the problem's order, or sorted stably by
//!   heuristic first;
//! - an observer called with every node taken from the frontier (for traces).
//!
//! The goal test is always made when a node is taken from the frontier. The policies are
//! resolved once, before the loop starts: each combination is its own monomorphised loop, so the
//! default functions run exactly the code they ran before the policies existed.
//!
//! Most of these are course-platform quirks rather than general algorithms. They reproduce the
//! CS364 search platform's methods (see the `maze` crate): `depth` is a stack with
//! [`Duplicates::FilterClosedOnPush`], `steep` the same with [`SuccessorOrder::ByHeuristic`],
//! `best` a [`Priority::Heuristic`] queue with [`TieOrder::Lifo`] and
//! [`Duplicates::SkipOpenOrClosed`], `algAM` the same ordered by
//! [`Priority::PathCostPlusHeuristic`], and `algA` that with [`Duplicates::Redirect`].

use crate::frontier::{DeeperHeap, LifoHeap, Open, Stack};
pub use crate::graph_search::Priority;
use crate::graph_search::{
    DuplicatePolicy, FilterClosedOnPush, GraphSearch, Ignore, Redirect, SkipClosedOnPop,
    SkipOpenOrClosed,
};
use crate::problem::{Path, SearchProblem, SearchResult, Stats};
use std::collections::{BinaryHeap, VecDeque};

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
    /// The older entry (first in, first out): every search-core function but [`astar`](crate::astar).
    #[default]
    Fifo,
    /// The newer entry, and within one expansion the later successor. A path redirected by
    /// [`Duplicates::Redirect`] goes behind every entry of its new priority that is already
    /// there (it keeps its place when it was added by the same expansion). This is the CS364
    /// platform's open list (`best`, `algA`, `algAM`): new paths go to the front of the list,
    /// which is then sorted stably by priority.
    Lifo,
    /// The entry of the larger path cost, then the older one: what [`astar`](crate::astar) and
    /// `pathfinding`'s A* do (fewer expansions where many paths tie).
    DeeperFirst,
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
    /// Nothing is checked: every successor becomes a frontier entry and every entry popped is
    /// expanded, so a state reached by several paths is searched once for each (tree search:
    /// aima-python's `best_first_tree_search`, `uniform_cost_tree_search`,
    /// `astar_tree_search`). On a graph with cycles it ends only when a goal leaves the
    /// frontier: with a priority of path costs that grow along every cycle, or on a queue, when
    /// a goal can be reached; with no goal reachable it runs until memory runs out.
    Ignore,
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

/// The policies of [`search_with`]. The default is A* as [`astar`](crate::astar) runs it.
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
        Self::new(Frontier::Priority(Priority::PathCostPlusHeuristic)).ties(TieOrder::DeeperFirst)
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
            cut_off: false,
            path: self.path,
            stats: self.stats,
        }
    }
}

/// The shared loop with the policies of `options` (see the module docs), calling `observer`
/// with every node taken from the frontier.
///
/// ```
/// use search_core::SearchProblem;
/// use search_core::policy::{search_with, Duplicates, Frontier, Priority, SearchOptions, TieOrder};
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
            VecDeque::new(),
            Priority::PathCost,
            options,
            observer,
        ),
        Frontier::Stack => dispatch(
            problem,
            Stack::default(),
            Priority::PathCost,
            options,
            observer,
        ),
        Frontier::Priority(priority) => match options.ties {
            TieOrder::Fifo => dispatch(problem, BinaryHeap::new(), priority, options, observer),
            TieOrder::Lifo => dispatch(problem, LifoHeap::new(), priority, options, observer),
            TieOrder::DeeperFirst => {
                dispatch(problem, DeeperHeap::new(), priority, options, observer)
            }
        },
    }
}

/// Picks the monomorphised loop for the duplicate policy and successor order.
fn dispatch<P, F, O>(
    problem: &P,
    frontier: F,
    priority: Priority,
    options: SearchOptions,
    observer: &mut O,
) -> ReportOf<P>
where
    P: SearchProblem,
    F: Open<P::Cost>,
    O: FnMut(&Popped<'_, P::State, P::Cost>),
{
    let sorted = options.successors == SuccessorOrder::ByHeuristic;
    let run = match options.duplicates {
        Duplicates::SkipClosedOnPop => run_with::<P, F, SkipClosedOnPop, O>,
        Duplicates::FilterClosedOnPush => run_with::<P, F, FilterClosedOnPush, O>,
        Duplicates::SkipOpenOrClosed => run_with::<P, F, SkipOpenOrClosed, O>,
        Duplicates::Redirect => run_with::<P, F, Redirect, O>,
        Duplicates::Ignore => run_with::<P, F, Ignore, O>,
    };
    run(problem, frontier, priority, sorted, observer)
}

/// The loop of the duplicate policy `D`, its successors `sorted` by heuristic or not.
fn run_with<P, F, D, O>(
    problem: &P,
    frontier: F,
    priority: Priority,
    sorted: bool,
    observer: &mut O,
) -> ReportOf<P>
where
    P: SearchProblem,
    F: Open<P::Cost>,
    D: DuplicatePolicy,
    O: FnMut(&Popped<'_, P::State, P::Cost>),
{
    let search = GraphSearch::<P, F, D>::new(problem, frontier, priority);
    if sorted {
        search.run::<true, O>(observer)
    } else {
        search.run::<false, O>(observer)
    }
}

/// A* ([`astar`](crate::astar)) with the tie order `ties`: the fast path for
/// [`TieOrder::Fifo`] and [`TieOrder::DeeperFirst`] with a consistent heuristic, the plain loop
/// otherwise; paths and counters are [`search_with`]'s with
/// `SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic)).ties(ties)`.
///
/// ```
/// use search_core::{FnProblem, policy::{astar_with, TieOrder}};
/// // Four equal ways from (0, 0) to (2, 2) on a grid: deeper first dives along one of them.
/// let next = |&(x, y): &(u8, u8)| [((x + 1, y), 1u32), ((x, y + 1), 1)].into_iter().filter(|&((x, y), _)| x <= 2 && y <= 2);
/// let h = |&(x, y): &(u8, u8)| u32::from(4 - x - y);
/// let problem = FnProblem::new((0, 0), next, h, |&p: &(u8, u8)| p == (2, 2));
/// let fifo = astar_with(&problem, TieOrder::Fifo);
/// let deeper = astar_with(&problem, TieOrder::DeeperFirst);
/// assert_eq!(fifo.path.unwrap().cost, deeper.path.unwrap().cost);
/// assert_eq!(deeper.stats.expanded, 4);
/// assert!(fifo.stats.expanded > deeper.stats.expanded);
/// ```
pub fn astar_with<P: SearchProblem>(
    problem: &P,
    ties: TieOrder,
) -> SearchResult<P::State, P::Action, P::Cost> {
    let fast = match ties {
        TieOrder::Fifo => crate::monotone::search::<P, crate::monotone::Fifo, true>(problem),
        TieOrder::DeeperFirst => {
            crate::monotone::search::<P, crate::monotone::DeeperFirst, true>(problem)
        }
        TieOrder::Lifo => None,
    };
    fast.unwrap_or_else(|| {
        let options =
            SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic)).ties(ties);
        search_with(problem, options, |_: &Popped<'_, P::State, P::Cost>| {}).into_result()
    })
}
