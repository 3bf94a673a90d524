//! The closed set: a bit array when the problem has dense state indices, a hash set otherwise.

use crate::problem::SearchProblem;
use std::collections::HashSet;

/// States already expanded.
pub(crate) enum ClosedSet<S> {
    /// One bit per dense state index.
    Dense(Vec<u64>),
    /// A hash set of states.
    Hashed(HashSet<S>),
}

impl<S: Clone + Eq + std::hash::Hash> ClosedSet<S> {
    pub(crate) fn for_problem<P: SearchProblem<State = S>>(problem: &P) -> Self {
        match problem.state_count() {
            Some(n) => Self::Dense(vec![0; n.div_ceil(64)]),
            None => Self::Hashed(HashSet::new()),
        }
    }

    /// Inserts `state`; returns `false` when it was already there.
    #[inline]
    pub(crate) fn insert<P: SearchProblem<State = S>>(&mut self, problem: &P, state: &S) -> bool {
        match self {
            Self::Dense(bits) => {
                let i = problem.state_index(state);
                let word = &mut bits[i / 64];
                let mask = 1u64 << (i % 64);
                let fresh = *word & mask == 0;
                *word |= mask;
                fresh
            }
            Self::Hashed(set) => set.insert(state.clone()),
        }
    }
}
