//! Graph search over a frontier: breadth-first, uniform-cost, greedy best-first and A*.
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
//! With a consistent heuristic A* returns an optimal path; uniform-cost always does. The same
//! loop with other frontier, tie and duplicate policies is [`policy::search_with`].
//!
//! [`policy::search_with`]: crate::policy::search_with

use crate::closed::{ClosedSet, StateMap};
use crate::cost::Cost;
use crate::frontier::Open;
use crate::monotone::Fifo;
use crate::policy::{Popped, ReportOf, SearchReport};
use crate::problem::{Path, PathOf, ResultOf, SearchProblem, Stats};
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::marker::PhantomData;

/// How a best-first search orders its frontier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    /// g: the path cost (uniform-cost search).
    PathCost,
    /// g + h (A*).
    PathCostPlusHeuristic,
    /// h (greedy best-first).
    Heuristic,
    /// g + w * h with the weight `w` (weighted A*).
    Weighted(Weight),
}

/// The weight `w = num / den` of weighted A*, exact for every cost type: the frontier is
/// ordered by `den * g + num * h` (products by repeated doubling, so integer costs must leave
/// room for them). With a consistent heuristic the path found costs at most `w` times the
/// optimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weight {
    /// The numerator.
    pub num: u32,
    /// The denominator (not zero).
    pub den: u32,
}

impl Weight {
    /// The weight `num / den`.
    ///
    /// # Panics
    /// When `den` is zero.
    pub const fn new(num: u32, den: u32) -> Self {
        assert!(den > 0, "a weight's denominator is not zero");
        Self { num, den }
    }

    /// `den * g + num * h`.
    #[inline]
    pub(crate) fn key<C: Cost>(self, g: C, h: C) -> C {
        times(g, self.den) + times(h, self.num)
    }
}

/// `x` added to itself `k` times (double and add).
#[inline]
fn times<C: Cost>(x: C, mut k: u32) -> C {
    let mut sum = C::ZERO;
    let mut power = x;
    while k > 0 {
        if k & 1 == 1 {
            sum = sum + power;
        }
        k >>= 1;
        if k > 0 {
            power = power + power;
        }
    }
    sum
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
/// assert_eq!(path.steps(), 4);
/// ```
///
/// Path and counters are exactly the plain loop's with a first-in, first-out queue
/// ([`policy::search_with`](crate::policy::search_with) with [`Frontier::Queue`]); it keeps one
/// node per state, reached when first pushed (see `fifo.rs`).
///
/// [`Frontier::Queue`]: crate::policy::Frontier::Queue
pub fn breadth_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    crate::fifo::search(problem)
}

/// Uniform-cost search (Dijkstra's algorithm with lazy deletion): frontier ordered by path cost.
///
/// Path and counters are exactly [`best_first`]'s with [`Priority::PathCost`]; it runs a fast
/// path that keeps children certain to be skipped off the heap (see `monotone.rs`).
pub fn uniform_cost<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    crate::monotone::search::<P, Fifo, false>(problem)
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
/// Among equal `g + h`, the node of the larger path cost `g` leaves first (then the older one),
/// as in `pathfinding`'s A*: where many paths tie, it goes deeper and expands fewer nodes.
/// Path and counters are exactly the plain loop's with [`Priority::PathCostPlusHeuristic`] and
/// [`TieOrder::DeeperFirst`] ([`policy::search_with`]); for first-in, first-out ties (what
/// [`best_first`] does), use [`policy::astar_with`]. With a consistent heuristic it runs the
/// same fast path as [`uniform_cost`]; when the heuristic turns out inconsistent (a key below
/// one already popped), it runs the plain loop instead.
///
/// A state once expanded is never reopened (graph search, as in AIMA): with an admissible but
/// inconsistent heuristic the path found may cost more than the cheapest. Use a consistent
/// heuristic, or [`idastar`](crate::idastar) or
/// [`bidirectional_mm_fn`](crate::bidirectional_mm_fn), which are optimal with any admissible one.
///
/// [`TieOrder::DeeperFirst`]: crate::policy::TieOrder::DeeperFirst
/// [`policy::search_with`]: crate::policy::search_with
/// [`policy::astar_with`]: crate::policy::astar_with
pub fn astar<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    crate::policy::astar_with(problem, crate::policy::TieOrder::DeeperFirst)
}

/// Greedy best-first search: frontier ordered by the heuristic alone.
pub fn greedy_best_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    best_first(problem, Priority::Heuristic)
}

/// Weighted A*: frontier ordered by `g + w * h` ([`Priority::Weighted`]), equal keys deeper
/// first as in [`astar`]. A weight above 1
/// trades optimality for speed: with a consistent heuristic the path costs at most `w` times
/// the optimum; weight 1 is A*.
///
/// ```
/// use search_core::{FnProblem, astar_fn, weighted_astar, Weight};
/// let next = |&(x, y): &(i32, i32)| {
///     [(x + 1, y, 1), (x, y + 1, 1), (x + 1, y + 1, 3)]
///         .into_iter()
///         .filter(|&(x, y, _)| x <= 20 && y <= 20)
///         .map(|(x, y, c)| ((x, y), c))
/// };
/// let h = |&(x, y): &(i32, i32)| ((20 - x) + (20 - y)) as u32 / 2;
/// let goal = |&p: &(i32, i32)| p == (20, 20);
/// let optimal = astar_fn(&(0, 0), next, h, goal);
/// let problem = FnProblem::new((0, 0), next, h, goal);
/// let fast = weighted_astar(&problem, Weight::new(3, 1));
/// let (best, quick) = (optimal.path.unwrap().cost, fast.path.unwrap().cost);
/// assert!(quick <= 3 * best);
/// let one = weighted_astar(&problem, Weight::new(1, 1));
/// assert_eq!((one.path.unwrap().cost, one.stats), (best, optimal.stats));
/// ```
pub fn weighted_astar<P: SearchProblem>(problem: &P, weight: Weight) -> ResultOf<P> {
    let options = crate::policy::SearchOptions::new(crate::policy::Frontier::Priority(
        Priority::Weighted(weight),
    ))
    .ties(crate::policy::TieOrder::DeeperFirst);
    crate::policy::search_with(problem, options, |_: &Popped<'_, P::State, P::Cost>| {})
        .into_result()
}

/// Best-first graph search with the given frontier order (see the module docs for the loop).
pub fn best_first<P: SearchProblem>(problem: &P, priority: Priority) -> ResultOf<P> {
    GraphSearch::<P, _, SkipClosedOnPop>::new(problem, BinaryHeap::new(), priority)
        .run::<false, _>(&mut |_: &Popped<'_, P::State, P::Cost>| {})
        .into_result()
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

/// A duplicate policy of the loop (one type per [`Duplicates`](crate::policy::Duplicates)
/// variant), resolved at compile time.
pub(crate) trait DuplicatePolicy {
    /// Whether a popped entry whose state is closed is skipped (else it is expanded again).
    const SKIP_CLOSED_ON_POP: bool = false;
    /// Whether a successor whose state is closed is dropped when generated.
    const FILTER_CLOSED_ON_PUSH: bool = true;
    /// Whether the frontier keeps one entry per state (a [`Head`] per open state).
    const ONE_PER_STATE: bool = false;
    /// Whether a cheaper path to an open state replaces its entry.
    const REDIRECT: bool = false;
}

/// Every successor is pushed; a popped entry whose state is closed is skipped.
pub(crate) struct SkipClosedOnPop;
impl DuplicatePolicy for SkipClosedOnPop {
    const SKIP_CLOSED_ON_POP: bool = true;
    const FILTER_CLOSED_ON_PUSH: bool = false;
}

/// Successors whose state is closed are dropped; popped entries are not checked.
pub(crate) struct FilterClosedOnPush;
impl DuplicatePolicy for FilterClosedOnPush {}

/// Nothing is checked (tree search): every successor is pushed and every popped entry expanded.
pub(crate) struct Ignore;
impl DuplicatePolicy for Ignore {
    const FILTER_CLOSED_ON_PUSH: bool = false;
}

/// One entry per state: successors closed or open are dropped.
pub(crate) struct SkipOpenOrClosed;
impl DuplicatePolicy for SkipOpenOrClosed {
    const ONE_PER_STATE: bool = true;
}

/// One entry per state, redirected to a strictly cheaper path.
pub(crate) struct Redirect;
impl DuplicatePolicy for Redirect {
    const ONE_PER_STATE: bool = true;
    const REDIRECT: bool = true;
}

/// The shared loop: the frontier `F`, the duplicate policy `D`, and everything the loop keeps.
pub(crate) struct GraphSearch<'p, P: SearchProblem, F, D> {
    problem: &'p P,
    frontier: F,
    priority: Priority,
    stats: Stats,
    closed: ClosedSet<P::State>,
    closed_count: usize,
    /// The entry heading each open state (one-entry-per-state policies only).
    heads: StateMap<P::State, Head<P::Cost>>,
    open_count: usize,
    nodes: Vec<Node<P::State, P::Action, P::Cost>>,
    /// The number of expansions so far.
    epoch: u64,
    /// One expansion's successors, when they are sorted by heuristic.
    batch: Vec<Sorted<P>>,
    /// Entries redirected in this expansion, to be re-queued at its end.
    pending: Vec<Pending<P::Cost>>,
    policy: PhantomData<D>,
}

impl<'p, P, F, D> GraphSearch<'p, P, F, D>
where
    P: SearchProblem,
    F: Open<P::Cost>,
    D: DuplicatePolicy,
{
    /// The loop with the start generated and on the frontier.
    pub(crate) fn new(problem: &'p P, frontier: F, priority: Priority) -> Self {
        let mut search = Self {
            problem,
            frontier,
            priority,
            stats: Stats {
                generated: 1,
                ..Stats::default()
            },
            closed: ClosedSet::for_problem(problem),
            closed_count: 0,
            heads: if D::ONE_PER_STATE {
                StateMap::for_problem(problem)
            } else {
                StateMap::Dense(Vec::new())
            },
            open_count: 1,
            nodes: Vec::new(),
            epoch: 0,
            batch: Vec::new(),
            pending: Vec::new(),
            policy: PhantomData,
        };
        let start = problem.start();
        let f = search.f_of(P::Cost::ZERO, &start);
        search.push_new(f, P::Cost::ZERO, 0, &start);
        search.nodes.push(Node {
            state: start,
            parent: NO_PARENT,
            action: None,
            step: P::Cost::ZERO,
            g: P::Cost::ZERO,
        });
        search
    }

    #[inline]
    fn f_of(&self, g: P::Cost, state: &P::State) -> P::Cost {
        match self.priority {
            Priority::PathCost => g,
            Priority::PathCostPlusHeuristic => g + self.problem.heuristic(state),
            Priority::Heuristic => self.problem.heuristic(state),
            Priority::Weighted(w) => w.key(g, self.problem.heuristic(state)),
        }
    }

    /// Runs the loop to the end, calling `observer` with every node taken from the frontier;
    /// `SORT`: successors sorted by heuristic.
    pub(crate) fn run<const SORT: bool, O>(mut self, observer: &mut O) -> ReportOf<P>
    where
        O: FnMut(&Popped<'_, P::State, P::Cost>),
    {
        while let Some((f, index)) = self.frontier.pop() {
            if !self.take(index) {
                continue;
            }
            self.stats.popped += 1;
            let node = &self.nodes[index as usize];
            observer(&Popped {
                step: self.stats.popped,
                state: &node.state,
                g: node.g,
                f: f.unwrap_or(node.g),
            });
            if self.problem.is_goal(&node.state) {
                let path = rebuild(&self.nodes, index);
                return self.report(Some(path));
            }
            if self.close(index) {
                self.expand::<SORT>(index);
            }
        }
        self.report(None)
    }

    /// Whether the popped entry is live (one-entry-per-state policies drop the stale entries of
    /// redirected paths); a live entry's state leaves the open set.
    #[inline]
    fn take(&mut self, index: u32) -> bool {
        if !D::ONE_PER_STATE {
            return true;
        }
        let state = &self.nodes[index as usize].state;
        match self.heads.get_mut(self.problem, state) {
            Some(head) if head.node == index => {}
            _ => return false,
        }
        self.heads.remove(self.problem, state);
        self.open_count -= 1;
        true
    }

    /// Closes the node's state; whether the node is to be expanded.
    #[inline]
    fn close(&mut self, index: u32) -> bool {
        let fresh = self
            .closed
            .insert(self.problem, &self.nodes[index as usize].state);
        if fresh {
            self.closed_count += 1;
        }
        fresh || !D::SKIP_CLOSED_ON_POP
    }

    /// Generates and offers the node's successors.
    fn expand<const SORT: bool>(&mut self, index: u32) {
        self.stats.expanded += 1;
        self.epoch += 1;
        let problem = self.problem;
        let state = self.nodes[index as usize].state.clone();
        let g = self.nodes[index as usize].g;
        let mark = self.frontier.mark();
        if SORT {
            let mut batch = std::mem::take(&mut self.batch);
            problem.successors(&state, |action, child, step| {
                let h = problem.heuristic(&child);
                batch.push((action, child, step, h));
            });
            batch.sort_by(|a, b| a.3.total_order(&b.3));
            for (action, child, step, _) in batch.drain(..) {
                self.offer(index, g, action, child, step);
            }
            self.batch = batch;
        } else {
            problem.successors(&state, |action, child, step| {
                self.offer(index, g, action, child, step);
            });
        }
        self.frontier.end_expansion(mark);
        if D::REDIRECT && !self.pending.is_empty() {
            self.requeue_redirected();
        }
    }

    /// Offers one successor of node `parent` (path cost `g`) to the frontier.
    #[inline]
    fn offer(
        &mut self,
        parent: u32,
        g: P::Cost,
        action: P::Action,
        child: P::State,
        step: P::Cost,
    ) {
        if D::FILTER_CLOSED_ON_PUSH && self.closed.contains(self.problem, &child) {
            return;
        }
        let child_g = g + step;
        let child_index = u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes");
        let is_open = D::ONE_PER_STATE && self.heads.get_mut(self.problem, &child).is_some();
        if is_open {
            if !D::REDIRECT || !self.redirect(child_index, child_g, &child) {
                return;
            }
        } else {
            let child_f = self.f_of(child_g, &child);
            self.push_new(child_f, child_g, child_index, &child);
        }
        self.nodes.push(Node {
            state: child,
            parent,
            action: Some(action),
            step,
            g: child_g,
        });
        self.stats.generated += 1;
    }

    /// Pushes a new entry, and records it as its state's head under one entry per state.
    #[inline]
    fn push_new(&mut self, f: P::Cost, g: P::Cost, node: u32, state: &P::State) {
        let tie = self.frontier.push_g(f, g, node);
        if D::ONE_PER_STATE {
            let head = Head {
                node,
                f,
                tie,
                epoch: self.epoch,
                pending: false,
            };
            self.heads.insert(self.problem, state, head);
            if node != 0 {
                self.open_count += 1;
            }
        }
    }

    /// Redirects the open entry of `child` to the new node when its priority is strictly lower;
    /// whether it did.
    fn redirect(&mut self, child_index: u32, child_g: P::Cost, child: &P::State) -> bool {
        let child_f = self.f_of(child_g, child);
        let head = self
            .heads
            .get_mut(self.problem, child)
            .expect("redirect of an open state");
        if child_f.total_order(&head.f) != Ordering::Less {
            return false;
        }
        if head.epoch == self.epoch {
            // Added by this expansion: it keeps its place among the new entries.
            self.frontier.push_tied(child_f, head.tie, child_index);
        } else if head.pending {
            let wait = self
                .pending
                .iter_mut()
                .find(|p| p.node == head.node)
                .expect("a pending head is in the pending list");
            wait.node = child_index;
            wait.f = child_f;
        } else {
            self.pending.push(Pending {
                old_f: head.f,
                old_tie: head.tie,
                node: child_index,
                f: child_f,
            });
            head.pending = true;
        }
        head.node = child_index;
        head.f = child_f;
        true
    }

    /// Redirected entries of earlier expansions go behind every entry of their new priority, in
    /// the order they had in the frontier.
    fn requeue_redirected(&mut self) {
        self.pending.sort_by(|a, b| {
            a.old_f
                .total_order(&b.old_f)
                .then_with(|| a.old_tie.cmp(&b.old_tie))
        });
        for wait in self.pending.drain(..) {
            let tie = self.frontier.push_late(wait.f, wait.node);
            let head = self
                .heads
                .get_mut(self.problem, &self.nodes[wait.node as usize].state)
                .expect("a redirected state is on the frontier");
            head.tie = tie;
            head.pending = false;
        }
    }

    /// The report: the path, the counters, and the open and closed sizes.
    fn report(self, path: Option<PathOf<P>>) -> ReportOf<P> {
        SearchReport {
            path,
            stats: self.stats,
            open: if D::ONE_PER_STATE {
                self.open_count
            } else {
                self.frontier.len()
            },
            closed: self.closed_count,
        }
    }
}

fn rebuild<S: Clone, A: Clone, C: Cost>(nodes: &[Node<S, A, C>], index: u32) -> Path<S, A, C> {
    let link = |i: u32| {
        let node = &nodes[i as usize];
        let arrival = node.action.as_ref().map(|a| (a, node.step));
        (&node.state, arrival, node.parent)
    };
    Path::from_parent_links(link(index), nodes[index as usize].g, link)
}
