//! Depth-first search with cycle checking and an optional depth limit, and iterative deepening.
//!
//! Both are tree searches: a state may be visited again along another path, but never twice on
//! the same path (a successor already on the current path is generated and then dropped). The
//! search keeps an explicit stack, so its depth is limited by memory, not by the call stack.
//!
//! Counters: `generated` counts the start and every successor reported; `popped` counts every
//! node the search enters (successors on the current path are dropped before that); `expanded`
//! counts nodes whose successors were generated (not goals, not nodes at the depth limit).

use crate::cost::Cost;
use crate::kept::List as KeptList;
use crate::node_table::hash_of;
use crate::problem::{Path, ResultOf, SearchProblem, SearchResult, Stats};
use crate::state_hash::FxHasher;
use hashbrown::HashTable;
use indexmap::IndexMap;
use indexmap::map::Entry;
use std::hash::{BuildHasherDefault, Hash};

/// How a depth-first search tests whether a state is on its current path, `states` (which it
/// keeps whole): told of each state that joins the path and of each that leaves it.
pub(crate) trait OnPath<S>: Default {
    /// The last of `states` joined the path.
    fn joined(&mut self, states: &[S]);
    /// The last of `states` is leaving the path.
    fn leaving(&mut self, states: &[S]);
    /// Whether `state` is one of `states` (the path, told of as above).
    fn holds(&self, states: &[S], state: &S) -> bool;
}

/// Hashed: a constant-time test, for long paths. The table holds positions on the path (no
/// state twice) and goes back to the thread, emptied, for its next search.
pub(crate) struct Hashed(HashTable<u32>);

/// A thread keeps a path table of at most this many slots.
const KEEP_PATH_TABLE: usize = 1 << 20;

impl Default for Hashed {
    fn default() -> Self {
        Self(crate::kept::take())
    }
}

impl Drop for Hashed {
    fn drop(&mut self) {
        if self.0.capacity() <= KEEP_PATH_TABLE {
            self.0.clear();
            crate::kept::give(std::mem::take(&mut self.0));
        }
    }
}

impl<S: Eq + Hash> OnPath<S> for Hashed {
    fn joined(&mut self, states: &[S]) {
        let last = states.len() - 1;
        let position = u32::try_from(last).expect("a path of fewer than 2^32 states");
        self.0
            .insert_unique(hash_of(&states[last]), position, |&p| {
                hash_of(&states[p as usize])
            });
    }
    fn leaving(&mut self, states: &[S]) {
        let last = states.len() - 1;
        if let Ok(slot) = self
            .0
            .find_entry(hash_of(&states[last]), |&p| p as usize == last)
        {
            slot.remove();
        }
    }
    fn holds(&self, states: &[S], state: &S) -> bool {
        self.0
            .find(hash_of(state), |&p| states[p as usize] == *state)
            .is_some()
    }
}

/// Scanned: states that are only `Eq` (iterative deepening's paths are short).
#[derive(Default)]
pub(crate) struct Scanned;

impl<S: Eq> OnPath<S> for Scanned {
    fn joined(&mut self, _: &[S]) {}
    fn leaving(&mut self, _: &[S]) {}
    fn holds(&self, states: &[S], state: &S) -> bool {
        crate::idastar::scan(states, state)
    }
}

/// Depth-first search, successors in the problem's order, never revisiting a state of the
/// current path. `depth_limit` bounds the number of actions on a path (`None`: no bound).
///
/// ```
/// use search_core::{depth_first, SearchProblem};
/// struct Ring; // 0 -> 1 -> 2 -> 0, and 2 is the goal
/// impl SearchProblem for Ring {
///     type State = u8;
///     type Action = ();
///     type Cost = u32;
///     fn start(&self) -> u8 { 0 }
///     fn is_goal(&self, s: &u8) -> bool { *s == 2 }
///     fn successors(&self, s: &u8, mut visit: impl FnMut((), u8, u32)) {
///         visit((), (s + 2) % 3, 1); // backwards first: a cycle a naive DFS would loop on
///         visit((), (s + 1) % 3, 1);
///     }
/// }
/// let path = depth_first(&Ring, None).path.unwrap();
/// assert_eq!(path.states, [0, 2]);
/// let limited = depth_first(&Ring, Some(0));
/// assert!(limited.path.is_none() && limited.cut_off); // not within 0 steps, not "no path"
///
/// ```
pub fn depth_first<P: SearchProblem>(problem: &P, depth_limit: Option<usize>) -> ResultOf<P> {
    DepthFirst::<_, Hashed>::new(problem, depth_limit).run()
}

/// Iterative deepening: depth-limited searches with limits 0, 1, ... up to `max_depth`
/// (`None`: no bound), stopping at the first path found or when a search was not cut off by its
/// limit (the space is exhausted). The counters add up over all iterations.
pub fn iterative_deepening<P: SearchProblem>(problem: &P, max_depth: Option<usize>) -> ResultOf<P> {
    deepen::<_, Hashed>(problem, max_depth)
}

/// Iterative deepening, its path kept in `M`.
pub(crate) fn deepen<P: SearchProblem, M: OnPath<P::State>>(
    problem: &P,
    max_depth: Option<usize>,
) -> ResultOf<P> {
    let mut stats = Stats::default();
    let mut limit = 0;
    loop {
        let result = DepthFirst::<P, M>::new(problem, Some(limit)).run();
        stats += result.stats;
        if result.path.is_some() || !result.cut_off || max_depth.is_some_and(|m| limit >= m) {
            return SearchResult { stats, ..result };
        }
        limit += 1;
    }
}

/// One depth-limited search: the current path, the stack of its successor lists and the
/// counters.
struct DepthFirst<'p, P: SearchProblem, M> {
    problem: &'p P,
    limit: Option<usize>,
    stats: Stats,
    path: Path<P::State, P::Action, P::Cost>,
    on_path: M,
    /// The successors still to be tried of the states on the path, each state's after its
    /// parent's, each state's in reverse order (the next one last).
    children: Vec<(P::Action, P::State, P::Cost)>,
    /// Where each state's successors start in `children`: one entry per state entered.
    frames: KeptList<usize, KEEP_LISTS>,
    cut_off: bool,
    /// The path cost at each state of the path (popping never re-adds, so floats stay exact).
    g_along_path: KeptList<P::Cost, KEEP_LISTS>,
}

/// The thread keeps a search's lists that hold no state, emptied, for its next search, up to
/// this many elements each.
const KEEP_LISTS: usize = 1 << 16;

impl<'p, P: SearchProblem, M: OnPath<P::State>> DepthFirst<'p, P, M> {
    fn new(problem: &'p P, limit: Option<usize>) -> Self {
        let mut on_path = M::default();
        let path = Path::single(problem.start());
        on_path.joined(&path.states);
        let mut g_along_path = KeptList::take();
        g_along_path.push(P::Cost::ZERO);
        DepthFirst {
            problem,
            limit,
            stats: Stats {
                generated: 1,
                popped: 1,
                ..Stats::default()
            },
            path,
            on_path,
            children: Vec::new(),
            frames: KeptList::take(),
            cut_off: false,
            g_along_path,
        }
    }

    /// The search; `cut_off` says whether the limit left nodes unexpanded when no path was found.
    fn run(mut self) -> SearchResult<P::State, P::Action, P::Cost> {
        if self.problem.is_goal(&self.path.states[0]) {
            return self.found();
        }
        self.enter_last();
        while let Some(&first) = self.frames.last() {
            if self.children.len() == first {
                // Exhausted: backtrack.
                self.frames.pop();
                if !self.frames.is_empty() {
                    self.on_path.leaving(&self.path.states);
                    self.retreat();
                }
                continue;
            }
            let (action, state, step) = self.children.pop().expect("a child past `first`");
            if self.on_path.holds(&self.path.states, &state) {
                continue;
            }
            self.stats.popped += 1;
            self.advance(action, state, step);
            let state = self.path.states.last().expect("just pushed");
            if self.problem.is_goal(state) {
                return self.found();
            }
            if self.enter_last() {
                self.on_path.joined(&self.path.states);
            } else {
                self.retreat();
            }
        }
        SearchResult {
            cut_off: self.cut_off,
            path: None,
            stats: self.stats,
        }
    }

    /// The result with the current path as the solution.
    fn found(self) -> SearchResult<P::State, P::Action, P::Cost> {
        SearchResult {
            cut_off: false,
            path: Some(self.path),
            stats: self.stats,
        }
    }

    /// Generates the successors of the path's last state into a new frame, unless the path is
    /// at the depth limit; whether it did.
    fn enter_last(&mut self) -> bool {
        if self.limit.is_some_and(|l| self.path.actions.len() >= l) {
            self.cut_off = true;
            return false;
        }
        self.stats.expanded += 1;
        let first = self.children.len();
        let children = &mut self.children;
        let state = self.path.states.last().expect("a path has a state");
        self.problem
            .successors(state, |a, s, c| children.push((a, s, c)));
        self.stats.generated += (children.len() - first) as u64;
        children[first..].reverse();
        self.frames.push(first);
        true
    }

    /// Extends the path by one step.
    fn advance(&mut self, action: P::Action, state: P::State, step: P::Cost) {
        self.path.push(action, state, step);
        self.g_along_path.push(self.path.cost);
    }

    /// Takes the last step off the path.
    fn retreat(&mut self) {
        self.path.states.pop();
        self.path.actions.pop();
        self.path.step_costs.pop();
        self.g_along_path.pop();
        self.path.cost = *self.g_along_path.last().expect("the start stays");
    }
}

/// Depth-first graph search from `start` (`pathfinding`'s `dfs`): a stack on which each
/// expansion's successors go so that the first is on top, each state expanded at most once, the
/// goal tested when a state leaves the stack, and each state's path the one of the last state that
/// pushed it. Where [`depth_first_fn`](crate::depth_first_fn) tries every simple path (a tree
/// search, with depth limits), this ends after expanding each reachable state once.
///
/// ```
/// use search_core::depth_first_graph_fn;
/// // 0 -> 1, 2; 1 -> 2; 2 -> 3: the first successor first, so 3 is reached through 1.
/// let next = |&n: &u8| match n { 0 => vec![1, 2], 1 => vec![2], 2 => vec![3], _ => vec![] };
/// let r = depth_first_graph_fn(&0, next, |&n| n == 3);
/// assert_eq!(r.path.unwrap().states, [0, 1, 2, 3]);
/// // No goal: each of the four states expanded once.
/// assert_eq!(depth_first_graph_fn(&0, next, |_| false).stats.expanded, 4);
/// ```
///
/// Counters: `generated` counts the start and every successor reported, `popped` every entry
/// taken off the stack (a state pushed again before its expansion has several), `expanded` the
/// states expanded.
pub fn depth_first_graph_fn<S: Clone + Eq + Hash>(
    start: &S,
    mut successors: impl crate::UnitSuccessors<S>,
    mut is_goal: impl FnMut(&S) -> bool,
) -> SearchResult<S, (), usize> {
    let mut table = GraphTable::default();
    table.insert(start.clone(), 0);
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    // The positions of the states pushed. The thread keeps the stack.
    let mut stack = KeptList::<usize, KEEP_LISTS>::take();
    stack.push(0);
    while let Some(at) = stack.pop() {
        stats.popped += 1;
        let (state, link) = table.get_index_mut(at).expect("a position");
        if *link & EXPANDED != 0 {
            continue;
        }
        *link |= EXPANDED;
        if is_goal(state) {
            return SearchResult {
                cut_off: false,
                path: Some(graph_path(&table, at)),
                stats,
            };
        }
        stats.expanded += 1;
        let first = stack.len();
        for child in successors(state) {
            stats.generated += 1;
            // A state not yet expanded takes its latest pusher as parent: that push leaves the
            // stack first, so the parent is the one whose entry expands it.
            match table.entry(child) {
                Entry::Vacant(e) => {
                    stack.push(e.index());
                    e.insert(at);
                }
                Entry::Occupied(mut e) if *e.get() & EXPANDED == 0 => {
                    stack.push(e.index());
                    e.insert(at);
                }
                Entry::Occupied(_) => {}
            }
        }
        // The first successor on top.
        stack[first..].reverse();
    }
    SearchResult {
        cut_off: false,
        path: None,
        stats,
    }
}

/// `depth_first_graph_fn`'s table: each state's parent position (the start's: 0), with
/// [`EXPANDED`] set once the state is expanded.
type GraphTable<S> = IndexMap<S, usize, BuildHasherDefault<FxHasher>>;

/// The bit of a [`GraphTable`] value that marks its state expanded (positions stay below it: a
/// table cannot hold `2^63` states).
const EXPANDED: usize = 1 << (usize::BITS - 1);

/// The path to the state at `at` along the table's parent links (each state cloned once).
fn graph_path<S: Clone>(table: &GraphTable<S>, mut at: usize) -> Path<S, (), usize> {
    let mut positions = vec![at];
    while at != 0 {
        at = table[at] & !EXPANDED;
        positions.push(at);
    }
    let state = |i: usize| table.get_index(i).expect("a position").0.clone();
    let mut back = positions.into_iter().rev();
    let mut path = Path::single(state(back.next().expect("the start")));
    let steps = back.len();
    path.states.reserve(steps);
    path.actions.reserve(steps);
    path.step_costs.reserve(steps);
    for i in back {
        path.push((), state(i), 1);
    }
    path
}

#[cfg(test)]
mod tests {
    use hashbrown::HashTable;

    /// The on-path table of positions goes back to the thread, emptied, after a search.
    #[test]
    fn the_path_table_goes_back_to_the_thread_emptied() {
        let chain = |&n: &u32| (n < 199).then_some(n + 1);
        let r = crate::depth_first_fn(&0, chain, |_| false, None);
        assert_eq!((r.path, r.stats.expanded), (None, 200));
        assert_eq!(crate::kept::count::<HashTable<u32>>(), 1);
        // The frames and the costs along the path (unit steps: `usize`) too.
        assert_eq!(crate::kept::count::<Vec<usize>>(), 2);
        let table: HashTable<u32> = crate::kept::take();
        assert!(table.is_empty() && table.capacity() >= 200);
        // The next search takes it, and its path test still holds: 0 -> 1 -> 0 is not taken.
        crate::kept::give(table);
        let back = |&n: &u32| if n == 0 { vec![1] } else { vec![0, 2] };
        let r = crate::depth_first_fn(&0, back, |&n| n == 2, None);
        assert_eq!(r.path.map(|p| p.states), Some(vec![0, 1, 2]));
    }

    /// `depth_first_graph_fn`'s stack goes back to the thread.
    #[test]
    fn the_graph_search_stack_goes_back_to_the_thread() {
        let r = crate::depth_first_graph_fn(&0u8, |&n: &u8| (n < 9).then_some(n + 1), |_| false);
        assert_eq!(r.stats.expanded, 10);
        assert_eq!(crate::kept::count::<Vec<usize>>(), 1);
    }
}
