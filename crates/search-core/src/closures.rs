//! The one-call front door: every state-space algorithm as a free function over a start value
//! and closures (successors, heuristic, goal test), in the style of the `pathfinding` crate.
//!
//! Each `*_fn` function wraps the closures in an [`FnProblem`] and runs the trait version of
//! the algorithm, so it returns the same [`Path`](crate::Path) and [`Stats`](crate::Stats) and
//! counts exactly the same nodes. Actions are `()`: a path is its states and step costs.
//!
//! - Weighted successors return any `IntoIterator<Item = (State, Cost)>`, costs are any
//!   [`Cost`]: integers, `f32` or `f64` (no `Ord` needed).
//! - Unit-step algorithms (breadth-first, depth-first, iterative deepening, bidirectional
//!   breadth-first) take successors as `IntoIterator<Item = State>`; path costs count steps
//!   (`usize`).
//!
//! Closures are `FnMut`, as in `pathfinding`: a closure may count its calls or keep a cache.
//! [`Successors`] and [`UnitSuccessors`] name the two successor shapes; any closure of that
//! shape is one.
//!
//! The other trait algorithms (greedy best-first, weighted A*, beam search, hill climbing,
//! simulated annealing) take the closures the same way, through one [`FnProblem`]:
//!
//! ```
//! use search_core::{FnProblem, greedy_best_first};
//! let next = |&n: &i32| [(n + 1, 1), (n + 3, 1)];
//! let problem = FnProblem::new(0, next, |&n: &i32| (10 - n).abs(), |&n: &i32| n == 10);
//! assert_eq!(greedy_best_first(&problem).path.unwrap().states, [0, 3, 6, 9, 10]);
//! ```
//! A problem that wants dense state
//! indices (bit-array closed sets) implements [`SearchProblem`] and
//! [`DenseStates`](crate::DenseStates) instead.

use crate::cost::Cost;
use crate::depth_first::depth_first;
use crate::fifo::UnitFirst;
use crate::graph_search::{astar, uniform_cost};
use crate::node_table::Hashed;
use crate::problem::{Path, SearchProblem, SearchResult};
use std::cell::RefCell;
use std::hash::Hash;

/// The successors of the weighted searches: `successors(&state)` yields `(next, step_cost)`
/// pairs. Every `FnMut(&S) -> I` where `I: IntoIterator<Item = (S, C)>` is one (a closure
/// returning a `Vec`, an array or an iterator); the trait only names the bound.
pub trait Successors<S, C>: FnMut(&S) -> <Self as Successors<S, C>>::Iter {
    /// What the closure returns.
    type Iter: IntoIterator<Item = (S, C)>;
}

impl<S, C, F, I> Successors<S, C> for F
where
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = (S, C)>,
{
    type Iter = I;
}

/// The successors of the unit-step searches: `successors(&state)` yields the next states. Every
/// `FnMut(&S) -> I` where `I: IntoIterator<Item = S>` is one.
pub trait UnitSuccessors<S>: FnMut(&S) -> <Self as UnitSuccessors<S>>::Iter {
    /// What the closure returns.
    type Iter: IntoIterator<Item = S>;
}

impl<S, F, I> UnitSuccessors<S> for F
where
    F: FnMut(&S) -> I,
    I: IntoIterator<Item = S>,
{
    type Iter = I;
}

/// A [`SearchProblem`] made of a start state and closures: `successors(state)` yields
/// `(successor, step_cost)` pairs in order, `heuristic(state)` estimates the remaining cost and
/// `is_goal(state)` tests for a goal. Actions are `()`.
///
/// ```
/// use search_core::{FnProblem, astar};
/// // From 1 to 20 by +1 (cost 1) or *2 (cost 2), no heuristic.
/// let problem = FnProblem::new(1u32, |&n: &u32| [(n + 1, 1u32), (n * 2, 2)], |_: &u32| 0, |&n: &u32| n == 20);
/// assert_eq!(astar(&problem).path.unwrap().states, [1, 2, 4, 5, 10, 20]);
/// ```
///
/// The closures may be `FnMut` (a closure that counts its calls, say); the problem calls each
/// through a `RefCell`, never re-entrantly.
#[derive(Debug, Clone)]
pub struct FnProblem<S, FN, FH, FG> {
    start: S,
    successors: RefCell<FN>,
    heuristic: RefCell<FH>,
    is_goal: RefCell<FG>,
}

impl<S, FN, FH, FG> FnProblem<S, FN, FH, FG> {
    /// The problem from `start` with these closures.
    pub const fn new(start: S, successors: FN, heuristic: FH, is_goal: FG) -> Self {
        Self {
            start,
            successors: RefCell::new(successors),
            heuristic: RefCell::new(heuristic),
            is_goal: RefCell::new(is_goal),
        }
    }
}

impl<S: Clone, FN, FH, FG> FnProblem<S, FN, FH, FG> {
    /// The start state.
    pub(crate) fn start_state(&self) -> S {
        self.start.clone()
    }

    /// The goal test.
    #[inline]
    pub(crate) fn call_is_goal(&self, state: &S) -> bool
    where
        FG: FnMut(&S) -> bool,
    {
        (self.is_goal.borrow_mut())(state)
    }

    /// The successors of `state`, each handed to `visit` with its step cost.
    #[inline]
    pub(crate) fn call_successors<C>(&self, state: &S, mut visit: impl FnMut(S, C))
    where
        FN: Successors<S, C>,
    {
        let children = (self.successors.borrow_mut())(state);
        // Internal iteration (`fold`) lets the closure's own iterator inline into the search
        // loop; a `for` loop over `next()` left it behind a call per successor.
        children
            .into_iter()
            .for_each(|(next, cost)| visit(next, cost));
    }

    /// The heuristic.
    #[inline]
    pub(crate) fn call_heuristic<C>(&self, state: &S) -> C
    where
        FH: FnMut(&S) -> C,
    {
        (self.heuristic.borrow_mut())(state)
    }
}

impl<S, C, FN, FH, FG> SearchProblem for FnProblem<S, FN, FH, FG>
where
    S: Clone + Eq + Hash,
    C: Cost,
    FN: Successors<S, C>,
    FH: FnMut(&S) -> C,
    FG: FnMut(&S) -> bool,
{
    type State = S;
    type Action = ();
    type Cost = C;
    fn start(&self) -> S {
        self.start_state()
    }
    #[inline]
    fn is_goal(&self, state: &S) -> bool {
        self.call_is_goal(state)
    }
    #[inline]
    fn successors(&self, state: &S, mut visit: impl FnMut((), S, C)) {
        self.call_successors(state, |next, cost| visit((), next, cost));
    }
    #[inline]
    fn heuristic(&self, state: &S) -> C {
        self.call_heuristic(state)
    }
}

/// The unit-step problem of closures: step cost 1, heuristic 0.
pub(crate) struct UnitProblem<S, FN, FG> {
    start: S,
    successors: RefCell<FN>,
    is_goal: RefCell<FG>,
}

impl<S, FN, FG> SearchProblem for UnitProblem<S, FN, FG>
where
    S: Clone + Eq + Hash,
    FN: UnitSuccessors<S>,
    FG: FnMut(&S) -> bool,
{
    type State = S;
    type Action = ();
    type Cost = usize;
    fn start(&self) -> S {
        self.start.clone()
    }
    #[inline]
    fn is_goal(&self, state: &S) -> bool {
        (self.is_goal.borrow_mut())(state)
    }
    #[inline]
    fn successors(&self, state: &S, mut visit: impl FnMut((), S, usize)) {
        let children = (self.successors.borrow_mut())(state);
        for next in children {
            visit((), next, 1);
        }
    }
}

/// The unit-step problem of `successors` from `start`.
pub(crate) fn unit_problem<S: Clone, FN, FG>(
    start: &S,
    successors: FN,
    is_goal: FG,
) -> UnitProblem<S, FN, FG> {
    UnitProblem {
        start: start.clone(),
        successors: RefCell::new(successors),
        is_goal: RefCell::new(is_goal),
    }
}

/// Breadth-first search from `start`: the path with the fewest steps to a state where
/// `is_goal` holds ([`breadth_first`](crate::breadth_first) on closures).
///
/// ```
/// use search_core::breadth_first_fn;
/// // Knight moves on an 8x8 board from a1 to h8.
/// let moves = |&(x, y): &(i8, i8)| {
///     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
///         .into_iter()
///         .map(move |(dx, dy)| (x + dx, y + dy))
///         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
/// };
/// let result = breadth_first_fn(&(0, 0), moves, |&p| p == (7, 7));
/// assert_eq!(result.path.unwrap().steps(), 6);
/// ```
pub fn breadth_first_fn<S: Clone + Eq + Hash>(
    start: &S,
    successors: impl UnitSuccessors<S>,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), usize> {
    let problem = unit_problem(start, successors, is_goal);
    crate::fifo::run(&problem, Hashed::<S, UnitFirst>::default())
}

/// [`breadth_first_fn`] from several starts at once: the path with the fewest steps from any
/// of them (the first given among equally short ones) to a goal. Counters: every start is
/// generated.
///
/// ```
/// use search_core::breadth_first_from_fn;
/// // A chain a -> b -> c -> d -> e; from a or b to d or e.
/// let next = |&c: &char| if c < 'e' { vec![(c as u8 + 1) as char] } else { vec![] };
/// let r = breadth_first_from_fn(['a', 'b'], next, |&c| c == 'd' || c == 'e');
/// assert_eq!(r.path.unwrap().states, ['b', 'c', 'd']);
/// ```
///
/// With no start there is no path, and nothing is generated.
pub fn breadth_first_from_fn<S: Clone + Eq + Hash>(
    starts: impl IntoIterator<Item = S>,
    successors: impl UnitSuccessors<S>,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), usize> {
    let mut starts = starts.into_iter().peekable();
    let Some(first) = starts.peek().cloned() else {
        return SearchResult {
            cut_off: false,
            path: None,
            stats: crate::Stats::default(),
        };
    };
    let problem = unit_problem(&first, successors, is_goal);
    crate::fifo::run_from(&problem, Hashed::<S, UnitFirst>::default(), starts)
}

/// The shortest loop from `start` back to itself (`pathfinding`'s `bfs_loop`): the path with
/// the fewest steps, at least one, that starts and ends at `start` and visits no other state
/// twice. A breadth-first search from `start`'s successors (in their order) to `start`, so
/// among equally short loops it takes the one through the first successor that has one.
///
/// ```
/// use search_core::breadth_first_loop_fn;
/// // 0 → 1 → 2 → 0 and 0 → 3 → 0 (the shorter way back).
/// let next = |&n: &u8| match n { 0 => vec![1, 3], 1 => vec![2], 3 => vec![0], _ => vec![0] };
/// assert_eq!(breadth_first_loop_fn(&0, next).path.unwrap().states, [0, 3, 0]);
/// assert!(breadth_first_loop_fn(&4, |_: &u8| [5]).path.is_none()); // 4 → 5, no way back
/// ```
///
/// Counters are those of one breadth-first search from `start` whose goal test holds for
/// `start` except at the root: the start is generated, popped and expanded once.
pub fn breadth_first_loop_fn<S: Clone + Eq + Hash>(
    start: &S,
    successors: impl UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    breadth_first_loop_from_fn([start.clone()], successors)
}

/// [`breadth_first_loop_fn`] from several starts (`pathfinding`'s `bfs_loop` given `NodeRefs`):
/// the path with the fewest steps, at least one, from any start to any start (the same or
/// another) that visits no start in between and no state twice. The starts are expanded in the
/// order given, each once, so among equally short paths it takes the one through the first
/// start's first successor that has one (`pathfinding` takes its set's hash order).
///
/// ```
/// use search_core::breadth_first_loop_from_fn;
/// // 1 → 2 → 3 → 1 and 4 → 5 → 1: from 4, two steps reach the start 1.
/// let next = |&n: &u8| match n { 1 => vec![2], 2 => vec![3], 3 => vec![1], 4 => vec![5], _ => vec![1] };
/// let r = breadth_first_loop_from_fn([1, 4], next);
/// assert_eq!(r.path.unwrap().states, [4, 5, 1]);
/// assert!(breadth_first_loop_from_fn(Vec::<u8>::new(), next).path.is_none());
/// ```
///
/// Counters are those of one breadth-first search from the starts whose goal test holds for a
/// start except at the roots: each start given is generated and popped, and each distinct one
/// expanded.
pub fn breadth_first_loop_from_fn<S: Clone + Eq + Hash>(
    starts: impl IntoIterator<Item = S>,
    mut successors: impl UnitSuccessors<S>,
) -> SearchResult<S, (), usize> {
    let (mut given, mut distinct) = (0, Vec::new());
    let mut is_start = crate::state_hash::FxHashSet::default();
    for start in starts {
        given += 1;
        if is_start.insert(start.clone()) {
            distinct.push(start);
        }
    }
    // The roots: each start's successors in order; start `i`'s end where `ends[i]` says.
    let (mut roots, mut ends) = (Vec::new(), Vec::with_capacity(distinct.len()));
    for start in &distinct {
        roots.extend(successors(start));
        ends.push(roots.len());
    }
    let Some(first) = distinct.first() else {
        return SearchResult {
            cut_off: false,
            path: None,
            stats: crate::Stats::default(),
        };
    };
    let problem = unit_problem(first, successors, |s: &S| is_start.contains(s));
    let table = Hashed::<S, UnitFirst>::default();
    let mut result = crate::fifo::run_from(&problem, table, roots.iter().cloned());
    result.stats += crate::Stats {
        popped: given,
        expanded: distinct.len() as u64,
        generated: given,
    };
    result.path = result.path.map(|back| {
        let root = roots.iter().position(|r| *r == back.states[0]);
        let from = ends.partition_point(|&end| end <= root.expect("the path starts at a root"));
        let mut path = Path::single(distinct[from].clone());
        for state in back.states {
            path.push((), state, 1);
        }
        path
    });
    result
}

/// Depth-first search from `start` with an optional depth limit ([`depth_first`] on closures).
///
/// ```
/// use search_core::depth_first_fn;
/// let result = depth_first_fn(&0u32, |&n| [n + 1, n + 2], |&n| n == 5, Some(5));
/// assert_eq!(result.path.unwrap().states, [0, 1, 2, 3, 4, 5]);
/// ```
pub fn depth_first_fn<S: Clone + Eq + Hash>(
    start: &S,
    successors: impl UnitSuccessors<S>,
    is_goal: impl FnMut(&S) -> bool,
    depth_limit: Option<usize>,
) -> SearchResult<S, (), usize> {
    depth_first(&unit_problem(start, successors, is_goal), depth_limit)
}

/// Iterative deepening from `start` up to an optional depth
/// ([`iterative_deepening`](crate::iterative_deepening) on closures): the fewest steps, in
/// depth-first memory. States need only be `Eq`.
///
/// ```
/// use search_core::iterative_deepening_fn;
/// let result = iterative_deepening_fn(&0u32, |&n| [n + 1, n + 2], |&n| n == 5, None);
/// assert_eq!(result.path.unwrap().steps(), 3);
/// ```
pub fn iterative_deepening_fn<S: Clone + Eq>(
    start: &S,
    mut successors: impl UnitSuccessors<S>,
    is_goal: impl FnMut(&S) -> bool,
    max_depth: Option<usize>,
) -> SearchResult<S, (), usize> {
    // States need only `Eq`: the current path is scanned, as `pathfinding`'s `iddfs` does.
    let unit_steps = move |s: &S| successors(s).into_iter().map(|n| (n, 1usize));
    let problem = eq_only(start, unit_steps, |_: &S| 0usize, is_goal);
    unwrap_states(crate::depth_first::deepen::<_, crate::depth_first::Scanned>(&problem, max_depth))
}

/// Uniform-cost search (Dijkstra) from `start`: a cheapest path to a goal ([`uniform_cost`] on
/// closures). Costs may be integers or floats.
///
/// ```
/// use search_core::uniform_cost_fn;
/// let roads = |&town: &u8| match town {
///     0 => vec![(1, 4.0), (2, 1.0)],
///     2 => vec![(1, 2.0)],
///     1 => vec![(3, 5.0)],
///     _ => vec![],
/// };
/// let path = uniform_cost_fn(&0, roads, |&t| t == 3).path.unwrap();
/// assert_eq!((path.states, path.cost), (vec![0, 2, 1, 3], 8.0));
/// ```
pub fn uniform_cost_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    successors: impl Successors<S, C>,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    uniform_cost(&FnProblem::new(
        start.clone(),
        successors,
        |_: &S| C::ZERO,
        is_goal,
    ))
}

/// A* from `start`: with a consistent `heuristic`, a cheapest path to a goal ([`astar`] on
/// closures; arguments in `pathfinding`'s order).
///
/// ```
/// use search_core::{astar_fn, uniform_cost_fn};
/// // A 10x10 open grid, 4-connected, Manhattan distance to (5, 5).
/// let next = |&(x, y): &(i32, i32)| {
///     [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///         .into_iter()
///         .filter(|&(x, y)| (0..10).contains(&x) && (0..10).contains(&y))
///         .map(|p| (p, 1u32))
/// };
/// let h = |&(x, y): &(i32, i32)| ((5 - x).abs() + (5 - y).abs()) as u32;
/// let result = astar_fn(&(0, 0), next, h, |&p| p == (5, 5));
/// assert_eq!(result.path.unwrap().cost, 10);
/// let blind = uniform_cost_fn(&(0, 0), next, |&p| p == (5, 5));
/// assert!(result.stats.expanded < blind.stats.expanded);
/// ```
pub fn astar_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    successors: impl Successors<S, C>,
    heuristic: impl FnMut(&S) -> C,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    astar(&FnProblem::new(
        start.clone(),
        successors,
        heuristic,
        is_goal,
    ))
}

/// IDA* from `start` ([`idastar`](crate::idastar) on closures; arguments in `pathfinding`'s
/// order): a cheapest path with an admissible heuristic, in memory linear in its length.
///
/// ```
/// use search_core::idastar_fn;
/// let next = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
/// let r = idastar_fn(&1, next, |&n| u32::from(n < 12), |&n| n == 12);
/// assert_eq!(r.path.unwrap().states, [1, 2, 3, 6, 12]);
/// ```
pub fn idastar_fn<S: Clone + Eq, C: Cost>(
    start: &S,
    successors: impl Successors<S, C>,
    heuristic: impl FnMut(&S) -> C,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    let problem = eq_only(start, successors, heuristic, is_goal);
    unwrap_states(crate::idastar::idastar(&problem))
}

/// Recursive best-first search from `start` ([`recursive_best_first`](crate::recursive_best_first)
/// on closures; arguments in [`idastar_fn`]'s order): a cheapest path with an admissible
/// heuristic, in memory linear in its length.
///
/// ```
/// use search_core::recursive_best_first_fn;
/// let next = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
/// let r = recursive_best_first_fn(&1, next, |&n| u32::from(n < 12), |&n| n == 12);
/// assert_eq!(r.path.unwrap().states, [1, 2, 3, 6, 12]);
/// ```
pub fn recursive_best_first_fn<S: Clone + Eq, C: Cost>(
    start: &S,
    successors: impl Successors<S, C>,
    heuristic: impl FnMut(&S) -> C,
    is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), C> {
    let problem = eq_only(start, successors, heuristic, is_goal);
    unwrap_states(crate::rbfs::recursive_best_first(&problem))
}

/// A state that is only `Eq`, given a constant hash (consistent with `Eq`, if useless for a
/// table) so that IDA*, RBFS and iterative deepening, which never hash a state, run on
/// [`SearchProblem`] for states that are not `Hash`.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct EqOnly<S>(S);

impl<S> Hash for EqOnly<S> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// The problem of the closures over [`EqOnly`] states.
#[allow(clippy::type_complexity)] // the closures' types have no names to alias
fn eq_only<S: Clone, C>(
    start: &S,
    mut successors: impl Successors<S, C>,
    mut heuristic: impl FnMut(&S) -> C,
    mut is_goal: impl FnMut(&S) -> bool,
) -> FnProblem<
    EqOnly<S>,
    impl Successors<EqOnly<S>, C>,
    impl FnMut(&EqOnly<S>) -> C,
    impl FnMut(&EqOnly<S>) -> bool,
> {
    FnProblem::new(
        EqOnly(start.clone()),
        move |s: &EqOnly<S>| successors(&s.0).into_iter().map(|(n, c)| (EqOnly(n), c)),
        move |s: &EqOnly<S>| heuristic(&s.0),
        move |s: &EqOnly<S>| is_goal(&s.0),
    )
}

/// The result over the states inside [`EqOnly`].
fn unwrap_states<S, C>(result: SearchResult<EqOnly<S>, (), C>) -> SearchResult<S, (), C> {
    SearchResult {
        path: result.path.map(|p| Path {
            states: p.states.into_iter().map(|s| s.0).collect(),
            actions: p.actions,
            step_costs: p.step_costs,
            cost: p.cost,
        }),
        stats: result.stats,
        cut_off: result.cut_off,
    }
}

#[cfg(test)]
mod tests {
    use super::breadth_first_loop_fn;
    use crate::problem::Stats;
    use proptest::prelude::*;
    use std::collections::{HashMap, VecDeque};

    /// The textbook loop: every start a root and every child queued with its parent, the goal
    /// (a start, but not a root) tested when a node leaves, a state expanded once.
    fn plain(next: impl Fn(usize) -> Vec<usize>, starts: &[usize]) -> (Option<Vec<usize>>, Stats) {
        let mut stats = Stats {
            generated: starts.len() as u64,
            ..Stats::default()
        };
        let mut nodes: Vec<_> = starts.iter().map(|&s| (s, usize::MAX)).collect();
        let mut queue: VecDeque<_> = (0..starts.len()).collect();
        let mut closed = HashMap::new();
        while let Some(at) = queue.pop_front() {
            stats.popped += 1;
            let (state, _) = nodes[at];
            if starts.contains(&state) && at >= starts.len() {
                let mut path = vec![state];
                let mut p = nodes[at].1;
                while p != usize::MAX {
                    path.push(nodes[p].0);
                    p = nodes[p].1;
                }
                path.reverse();
                return (Some(path), stats);
            }
            if closed.insert(state, ()).is_some() {
                continue;
            }
            stats.expanded += 1;
            for child in next(state) {
                stats.generated += 1;
                nodes.push((child, at));
                queue.push_back(nodes.len() - 1);
            }
        }
        (None, stats)
    }

    #[test]
    fn no_start_is_no_path_and_no_work() {
        let r = super::breadth_first_from_fn(Vec::<u8>::new(), |&n: &u8| [n + 1], |_| true);
        assert_eq!(
            (r.path, r.stats, r.cut_off),
            (None, Stats::default(), false)
        );
        let r = super::breadth_first_from_fn([3u8], |&n: &u8| [n + 1], |&n| n == 5);
        assert_eq!(r.path.map(|p| p.states), Some(vec![3, 4, 5]));
    }

    proptest! {
        /// The same loop as `pathfinding`'s `bfs_loop`, and the textbook loop's path and
        /// counters.
        #[test]
        fn same_loop_as_pathfinding_and_the_plain_loop(
            (edges, start) in (1usize..12).prop_flat_map(|n| {
                (prop::collection::vec((0..n, 0..n), 0..30), 0..n)
            })
        ) {
            let next = |s: usize| edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
            let ours = breadth_first_loop_fn(&start, |&s: &usize| next(s));
            let theirs = pathfinding::prelude::bfs_loop(&start, |&s: &usize| next(s));
            let states = ours.path.as_ref().map(|p| p.states.clone());
            prop_assert_eq!(&states, &theirs);
            prop_assert_eq!((states, ours.stats), plain(next, &[start]));
            if let Some(p) = &ours.path {
                prop_assert_eq!((p.cost, &p.step_costs), (p.states.len() - 1, &vec![1; p.cost]));
            }
        }

        /// From several starts (repeats among them): a loop as short as `pathfinding`'s, the
        /// same one given the starts in its set's order, and the textbook loop's path and
        /// counters.
        #[test]
        fn several_starts_loop_as_pathfinding_and_the_plain_loop(
            (edges, starts) in (1usize..12).prop_flat_map(|n| {
                (prop::collection::vec((0..n, 0..n), 0..30), prop::collection::vec(0..n, 0..5))
            })
        ) {
            let next = |s: usize| edges.iter().filter(|e| e.0 == s).map(|e| e.1).collect::<Vec<_>>();
            let ours = super::breadth_first_loop_from_fn(starts.clone(), |&s: &usize| next(s));
            let states = ours.path.as_ref().map(|p| p.states.clone());
            prop_assert_eq!((states.clone(), ours.stats), plain(next, &starts));
            if let Some(p) = &states {
                prop_assert!(starts.contains(&p[0]) && starts.contains(&p[p.len() - 1]));
                prop_assert!(p[1..p.len() - 1].iter().all(|s| !starts.contains(s)));
            }
            let set = pathfinding::NodeRefs::from_iter(&starts);
            let in_order: Vec<usize> = (&set).into_iter().copied().collect();
            let theirs = pathfinding::prelude::bfs_loop(set, |&s: &usize| next(s));
            prop_assert_eq!(states.as_ref().map(Vec::len), theirs.as_ref().map(Vec::len));
            let ordered = super::breadth_first_loop_from_fn(in_order, |&s: &usize| next(s));
            prop_assert_eq!(ordered.path.map(|p| p.states), theirs);
        }
    }
}
