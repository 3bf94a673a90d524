//! The state-space search problem and what a search returns.

use crate::cost::Cost;
use std::hash::Hash;

/// A state-space search problem: a start state, a goal test, successors in a fixed order with
/// their step costs, and an optional heuristic.
///
/// Successor order is part of the contract: every algorithm visits successors in the order
/// [`successors`](SearchProblem::successors) reports them, so results (and tie-breaking) are
/// deterministic.
///
/// The searches call `successors`, `heuristic` and `is_goal` once per child or per pop, so two
/// habits make a problem fast:
/// - A problem defined in another crate than the one that runs the search should mark them (and
///   [`DenseStates`]' methods) `#[inline]`: without it the compiler cannot inline the methods
///   that are not generic into the search's loop, and each child costs calls.
/// - `successors` should hand an iterator's items to `visit` with `for_each` rather than a `for`
///   loop: internal iteration lets a chain of adapters (a `filter_map` over an array of moves)
///   inline into the loop as one loop, where `for` resumes the chain through `next` for each
///   item.
pub trait SearchProblem {
    /// A state of the problem.
    type State: Clone + Eq + Hash;
    /// What leads from a state to a successor (a road, a direction, a tile move).
    type Action: Clone;
    /// Step and path costs.
    type Cost: Cost;

    /// The state the search starts from.
    fn start(&self) -> Self::State;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Calls `visit(action, successor, step_cost)` once for each successor of `state`, in the
    /// problem's fixed order. Step costs must not be negative.
    fn successors(
        &self,
        state: &Self::State,
        visit: impl FnMut(Self::Action, Self::State, Self::Cost),
    );

    /// An estimate of the cost from `state` to the nearest goal; zero unless overridden.
    fn heuristic(&self, _state: &Self::State) -> Self::Cost {
        Self::Cost::ZERO
    }

    /// The problem's dense state indices, when it has them: `None` (the default) means the
    /// algorithms keep their closed sets and maps in hash tables.
    ///
    /// To opt in, implement [`DenseStates`] (count and index together) and return `Some(self)`
    /// (or a field that implements it). The algorithms call this often: return a reference, do
    /// no work.
    ///
    /// ```
    /// use search_core::{DenseStates, SearchProblem, breadth_first};
    /// /// Cells 0..100 of a line, one step left or right.
    /// struct Line;
    /// impl DenseStates<u32> for Line {
    ///     fn state_count(&self) -> usize { 100 }
    ///     fn state_index(&self, cell: &u32) -> usize { *cell as usize }
    /// }
    /// impl SearchProblem for Line {
    ///     type State = u32;
    ///     type Action = ();
    ///     type Cost = u32;
    ///     fn start(&self) -> u32 { 0 }
    ///     fn is_goal(&self, cell: &u32) -> bool { *cell == 99 }
    ///     fn successors(&self, cell: &u32, mut visit: impl FnMut((), u32, u32)) {
    ///         if *cell > 0 { visit((), cell - 1, 1); }
    ///         if *cell < 99 { visit((), cell + 1, 1); }
    ///     }
    ///     fn dense_states(&self) -> Option<&impl DenseStates<u32>> { Some(self) }
    /// }
    /// assert_eq!(breadth_first(&Line).path.unwrap().steps(), 99);
    /// ```
    fn dense_states(&self) -> Option<&impl DenseStates<Self::State>> {
        None::<&NotDense>
    }
}

/// Dense state indices: each state maps to its own index in `0..state_count()`, so that the
/// algorithms can keep closed sets in bit arrays and per-state values in vectors. Both methods
/// are required; a problem opts in through [`SearchProblem::dense_states`].
///
/// Two distinct states must never share an index; an index at or past `state_count()` panics.
///
/// A count without an index does not compile:
///
/// ```compile_fail,E0046
/// use search_core::DenseStates;
/// struct Cells;
/// impl DenseStates<u32> for Cells {
///     fn state_count(&self) -> usize { 100 }
/// }
/// ```
pub trait DenseStates<S> {
    /// The number of indices.
    fn state_count(&self) -> usize;
    /// The index of `state`, below [`state_count`](DenseStates::state_count).
    fn state_index(&self, state: &S) -> usize;
}

/// The default of [`SearchProblem::dense_states`]: no dense indices (never constructed).
enum NotDense {}

impl<S> DenseStates<S> for NotDense {
    fn state_count(&self) -> usize {
        match *self {}
    }
    fn state_index(&self, _state: &S) -> usize {
        match *self {}
    }
}

/// Counters every algorithm returns.
///
/// - `popped`: every removal from the frontier (a node skipped because its state is already
///   closed counts too);
/// - `expanded`: nodes whose successors were generated;
/// - `generated`: every node created, the root included.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Removals from the frontier.
    pub popped: u64,
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Nodes created, the root included.
    pub generated: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Self) {
        self.popped += other.popped;
        self.expanded += other.expanded;
        self.generated += other.generated;
    }
}

/// A path from the start: `states[0]` is the start, `actions[i]` with step cost `step_costs[i]`
/// leads from `states[i]` to `states[i + 1]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Path<S, A, C> {
    /// The states along the path, the start first.
    pub states: Vec<S>,
    /// The actions taken, one fewer than the states.
    pub actions: Vec<A>,
    /// The cost of each action.
    pub step_costs: Vec<C>,
    /// The sum of the step costs.
    pub cost: C,
}

impl<S, A, C: Cost> Path<S, A, C> {
    /// Extends the path by `action` to `state` at cost `step`.
    pub(crate) fn push(&mut self, action: A, state: S, step: C) {
        self.states.push(state);
        self.actions.push(action);
        self.step_costs.push(step);
        self.cost = self.cost + step;
    }

    /// The path of one state and no action.
    pub fn single(state: S) -> Self {
        Self {
            states: vec![state],
            actions: Vec::new(),
            step_costs: Vec::new(),
            cost: C::ZERO,
        }
    }

    /// Builds the path that ends at `last` by following parent links back to the start: each
    /// step is `(state, Some((action, step_cost)), parent)`, and the start's is
    /// `(state, None, _)`. `link(i)` gives step `i`; `cost` is the path's total.
    pub(crate) fn from_parent_links<'a>(
        last: (&'a S, Option<(&'a A, C)>, u32),
        cost: C,
        link: impl Fn(u32) -> (&'a S, Option<(&'a A, C)>, u32),
    ) -> Self
    where
        S: Clone + 'a,
        A: Clone + 'a,
    {
        let mut states = Vec::new();
        let mut actions = Vec::new();
        let mut step_costs = Vec::new();
        let mut step = last;
        loop {
            let (state, arrival, parent) = step;
            states.push(state.clone());
            let Some((action, step_cost)) = arrival else {
                break;
            };
            actions.push(action.clone());
            step_costs.push(step_cost);
            step = link(parent);
        }
        states.reverse();
        actions.reverse();
        step_costs.reverse();
        Self {
            states,
            actions,
            step_costs,
            cost,
        }
    }

    /// The number of states on the path, the start and the last included (what `pathfinding`
    /// users know as the length of the returned `Vec`): at least 1.
    ///
    /// ```
    /// use search_core::breadth_first_fn;
    /// let path = breadth_first_fn(&0u32, |&n| [n + 1], |&n| n == 3).path.unwrap();
    /// assert_eq!((path.len(), path.steps()), (4, 3));
    /// ```
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Never: a path holds at least its start (for the `len`/`is_empty` pair's sake).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The number of steps (actions): one fewer than [`len`](Self::len).
    pub fn steps(&self) -> usize {
        self.actions.len()
    }

    /// The last state.
    pub fn last(&self) -> &S {
        self.states.last().expect("a path has at least one state")
    }
}

/// The path type of a problem.
pub type PathOf<P> =
    Path<<P as SearchProblem>::State, <P as SearchProblem>::Action, <P as SearchProblem>::Cost>;

/// What a complete search returns: the path to a goal (`None` when there is none, or when a
/// limit stopped the search) and the counters.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<S, A, C> {
    /// The path found, if any.
    pub path: Option<Path<S, A, C>>,
    /// The counters.
    pub stats: Stats,
    /// Whether a limit stopped the search before it could rule a path out: `true` only when
    /// [`path`](Self::path) is `None` and a depth limit (of [`depth_first`](crate::depth_first),
    /// or [`iterative_deepening`](crate::iterative_deepening)'s maximum) left nodes unexpanded.
    /// `None` with `cut_off == false` means there is no path at all.
    pub cut_off: bool,
}

/// The result type of a problem.
pub type ResultOf<P> = SearchResult<
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
>;
