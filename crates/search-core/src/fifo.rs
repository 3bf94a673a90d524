//! The fast path of breadth-first search: the same path and counters as the plain loop with a
//! first-in, first-out queue ([`graph_search`](crate::graph_search)), with one probe of one
//! table per child and states reached on push.
//!
//! The plain loop queues every child and skips, when it is popped, one whose state is already
//! closed. Its queue leaves in generation order, so the first node of each state is the one
//! expanded, states are expanded in the order they were first reached, and when the goal's node
//! leaves, every node generated before it has left: `popped` is the goal node's generation
//! number plus one (all nodes when there is no path). This loop keeps only the first node of
//! each state: the [`NodeTable`]'s positions are the queue.

use crate::cost::Cost;
use crate::node_table::{Hashed, Indexed, NONE, NodeTable, ParentLink, path_to};
use crate::problem::{DenseStates, Path, ResultOf, SearchProblem, SearchResult, Stats};

/// The first node of a state: its parent's position and how it was reached.
pub(crate) struct First<A, C> {
    parent: u32,
    step: C,
    action: Option<A>,
}

/// Breadth-first search in a hash table or the problem's dense indices.
pub(crate) fn search<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    match problem.dense_states() {
        Some(dense) => run(
            problem,
            Indexed::new(dense.state_count(), |s: &P::State| dense.state_index(s)),
        ),
        None => run(problem, Hashed::default()),
    }
}

/// The loop over the table `table`.
pub(crate) fn run<P, T>(problem: &P, table: T) -> ResultOf<P>
where
    P: SearchProblem,
    T: NodeTable<P::State, First<P::Action, P::Cost>>,
{
    run_from(problem, table, [problem.start()])
}

/// The loop from several starts at once: each is a root (generated, in the order given; a
/// repeated start counts once as reached, as a repeated child does).
pub(crate) fn run_from<P, T>(
    problem: &P,
    mut table: T,
    starts: impl IntoIterator<Item = P::State>,
) -> ResultOf<P>
where
    P: SearchProblem,
    T: NodeTable<P::State, First<P::Action, P::Cost>>,
{
    let mut stats = Stats::default();
    // The generation number of each state's first arrival, by position (beside the table, so
    // that its entries stay small): the plain loop pops every child generated before the goal's.
    let mut first_seq: Vec<u64> = Vec::new();
    for start in starts {
        let seq = stats.generated;
        stats.generated += 1;
        let (_, _, new) = table.reach(start, |_| First {
            parent: NONE,
            step: P::Cost::ZERO,
            action: None,
        });
        if new {
            first_seq.push(seq);
        }
    }
    let mut next = 0;
    while next < table.len() {
        let at = next as u32;
        next += 1;
        let (state, _) = table.get(at);
        if problem.is_goal(state) {
            stats.popped = first_seq[at as usize] + 1;
            return SearchResult {
                cut_off: false,
                path: Some(rebuild(&table, at)),
                stats,
            };
        }
        stats.expanded += 1;
        let state = state.clone();
        problem.successors(&state, |action, child, step| {
            let seq = stats.generated;
            stats.generated += 1;
            let (_, _, new) = table.reach(child, |_| First {
                parent: at,
                step,
                action: Some(action),
            });
            if new {
                first_seq.push(seq);
            }
        });
    }
    stats.popped = stats.generated;
    SearchResult {
        cut_off: false,
        path: None,
        stats,
    }
}

impl<A, C: Copy> ParentLink<A, C> for First<A, C> {
    fn link(&self) -> (Option<(&A, C)>, u32) {
        (self.action.as_ref().map(|a| (a, self.step)), self.parent)
    }
}

/// The path to the state at `last`; its cost is the step costs added from the start.
fn rebuild<S: Clone, A: Clone, C: Cost>(
    table: &impl NodeTable<S, First<A, C>>,
    last: u32,
) -> Path<S, A, C> {
    let mut path = path_to(table, last, C::ZERO);
    path.cost = path.step_costs.iter().fold(C::ZERO, |sum, &c| sum + c);
    path
}
