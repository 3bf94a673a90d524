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

/// The first node of a state: its parent's position, how it was reached, and the low 32 bits of
/// its generation number (kept in the entry's padding for small states and costs; the high
/// bits are in [`Sequence`]).
pub(crate) struct First<A, C> {
    parent: u32,
    seq: u32,
    step: C,
    action: Option<A>,
}

/// What the loop keeps of a state's first node: its parent's position, the low 32 bits of its
/// generation number and how it was reached (`None` for a start).
pub(crate) trait Reached<A, C>: ParentLink<A, C> {
    /// The record of a first node.
    fn new(parent: u32, seq: u32, arrival: Option<(A, C)>) -> Self;
    /// The low 32 bits of its generation number.
    fn seq(&self) -> u32;
}

impl<A, C: Cost> Reached<A, C> for First<A, C> {
    #[inline]
    fn new(parent: u32, seq: u32, arrival: Option<(A, C)>) -> Self {
        let (action, step) = match arrival {
            Some((action, step)) => (Some(action), step),
            None => (None, C::ZERO),
        };
        First {
            parent,
            seq,
            step,
            action,
        }
    }
    #[inline]
    fn seq(&self) -> u32 {
        self.seq
    }
}

/// The first node of a state of the closures' unit-step searches, whose actions are `()` and
/// whose steps all cost 1: 8 bytes, so that an entry of a `(usize, usize)` cell takes 24.
pub(crate) struct UnitFirst {
    parent: u32,
    seq: u32,
}

impl Reached<(), usize> for UnitFirst {
    #[inline]
    fn new(parent: u32, seq: u32, _arrival: Option<((), usize)>) -> Self {
        UnitFirst { parent, seq }
    }
    #[inline]
    fn seq(&self) -> u32 {
        self.seq
    }
}

impl ParentLink<(), usize> for UnitFirst {
    fn link(&self) -> (Option<(&(), usize)>, u32) {
        let arrival = (self.parent != NONE).then_some((&(), 1));
        (arrival, self.parent)
    }
}

/// The generation numbers of the states' first nodes. They grow with the position (states are
/// reached in generation order), so each state keeps only the low 32 bits and the high bits are
/// recorded where they change.
struct Sequence {
    /// The children generated so far.
    generated: u64,
    /// `(first position, high bits)` from each position where the high bits change.
    highs: Vec<(u32, u32)>,
    /// The generation number from which the high bits change next (2^32 first).
    next_high: u64,
}

impl Default for Sequence {
    fn default() -> Self {
        Self {
            generated: 0,
            highs: Vec::new(),
            next_high: 1 << 32,
        }
    }
}

impl Sequence {
    /// Numbers the next child, to be reached at `position` if new: its low 32 bits.
    #[inline]
    fn next(&mut self, position: usize) -> u32 {
        let seq = self.generated;
        self.generated += 1;
        if seq >= self.next_high {
            self.cross(seq, position);
        }
        seq as u32
    }

    /// Records that the high bits change at `seq`, numbering a child for `position`.
    #[cold]
    fn cross(&mut self, seq: u64, position: usize) {
        let high = (seq >> 32) as u32;
        if self.highs.last().map_or(0, |h| h.1) != high {
            // A position past u32 cannot be reached: the table panics first.
            self.highs.push((position as u32, high));
        }
        self.next_high = (seq | u64::from(u32::MAX)) + 1;
    }

    /// The whole generation number of the state at `position`, whose low bits are `low`.
    fn of(&self, position: u32, low: u32) -> u64 {
        let i = self.highs.partition_point(|h| h.0 <= position);
        let high = i.checked_sub(1).map_or(0, |i| self.highs[i].1);
        (u64::from(high) << 32) | u64::from(low)
    }
}

/// Breadth-first search in a hash table or the problem's dense indices.
pub(crate) fn search<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    match problem.dense_states() {
        Some(dense) => run::<_, _, First<_, _>>(
            problem,
            Indexed::new(dense.state_count(), |s: &P::State| dense.state_index(s)),
        ),
        None => run::<_, _, First<_, _>>(problem, Hashed::default()),
    }
}

/// The loop over the table `table`, keeping `V` of each state.
pub(crate) fn run<P, T, V>(problem: &P, table: T) -> ResultOf<P>
where
    P: SearchProblem,
    T: NodeTable<P::State, V>,
    V: Reached<P::Action, P::Cost>,
{
    run_from(problem, table, [problem.start()])
}

/// The loop from several starts at once: each is a root (generated, in the order given; a
/// repeated start counts once as reached, as a repeated child does).
pub(crate) fn run_from<P, T, V>(
    problem: &P,
    mut table: T,
    starts: impl IntoIterator<Item = P::State>,
) -> ResultOf<P>
where
    P: SearchProblem,
    T: NodeTable<P::State, V>,
    V: Reached<P::Action, P::Cost>,
{
    let mut stats = Stats::default();
    let mut seq = Sequence::default();
    for start in starts {
        let low = seq.next(table.len());
        table.reach(table.key(&start), start, |_| V::new(NONE, low, None));
    }
    let mut next = 0;
    while next < table.len() {
        let at = next as u32;
        next += 1;
        let (state, first) = table.get(at);
        if problem.is_goal(state) {
            // The plain loop pops every child generated up to the goal's first node.
            stats.generated = seq.generated;
            stats.popped = seq.of(at, first.seq()) + 1;
            return SearchResult {
                cut_off: false,
                path: Some(rebuild(&table, at)),
                stats,
            };
        }
        stats.expanded += 1;
        let state = state.clone();
        problem.successors(&state, |action, child, step| {
            let low = seq.next(table.len());
            let key = table.key(&child);
            table.reach(key, child, |_| V::new(at, low, Some((action, step))));
        });
    }
    stats.generated = seq.generated;
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
fn rebuild<S: Clone, A: Clone, C: Cost, V: ParentLink<A, C>>(
    table: &impl NodeTable<S, V>,
    last: u32,
) -> Path<S, A, C> {
    let mut path = path_to(table, last, C::ZERO);
    path.cost = path.step_costs.iter().fold(C::ZERO, |sum, &c| sum + c);
    path
}

#[cfg(test)]
mod tests {
    use super::Sequence;

    #[test]
    fn generation_numbers_past_u32_keep_their_high_bits() {
        let mut seq = Sequence {
            generated: (1 << 32) - 2,
            ..Sequence::default()
        };
        let a = seq.next(5);
        let _repeated = seq.next(6);
        let b = seq.next(6);
        let c = seq.next(7);
        assert_eq!(seq.of(5, a), (1 << 32) - 2);
        assert_eq!(seq.of(6, b), 1 << 32);
        assert_eq!(seq.of(7, c), (1 << 32) + 1);
        assert_eq!(seq.generated, (1 << 32) + 2);
        // Two crossings before the next new state: it takes the later high bits.
        seq.generated = (2 << 32) - 1;
        let _repeated = seq.next(8);
        seq.generated = (3 << 32) - 1;
        let _repeated = seq.next(8);
        let d = seq.next(8);
        assert_eq!(seq.of(8, d), 3 << 32);
        assert_eq!(seq.of(7, c), (1 << 32) + 1);
        assert_eq!(seq.of(4, 9), 9);
    }
}
