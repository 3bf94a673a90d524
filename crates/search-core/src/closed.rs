//! The closed set: a bit array when the problem has dense state indices, a hash set otherwise.

use crate::problem::{DenseStates, SearchProblem};
use crate::state_hash::{FxHashMap, FxHashSet};

/// The number of dense state indices of `problem`, if it has them.
#[inline]
pub(crate) fn dense_count<P: SearchProblem>(problem: &P) -> Option<usize> {
    problem.dense_states().map(DenseStates::state_count)
}

/// The dense index of `state`; only called on a problem whose [`dense_count`] is `Some`.
#[inline]
pub(crate) fn dense_index<P: SearchProblem>(problem: &P, state: &P::State) -> usize {
    match problem.dense_states() {
        Some(dense) => dense.state_index(state),
        None => unreachable!("dense storage for a problem without dense states"),
    }
}

/// States already expanded.
pub(crate) enum ClosedSet<S> {
    /// One bit per dense state index.
    Dense(Vec<u64>),
    /// A hash set of states.
    Hashed(FxHashSet<S>),
}

impl<S: Clone + Eq + std::hash::Hash> ClosedSet<S> {
    pub(crate) fn for_problem<P: SearchProblem<State = S>>(problem: &P) -> Self {
        match dense_count(problem) {
            Some(n) => Self::Dense(vec![0; n.div_ceil(64)]),
            None => Self::Hashed(FxHashSet::default()),
        }
    }

    /// Inserts `state`; returns `false` when it was already there.
    #[inline]
    pub(crate) fn insert<P: SearchProblem<State = S>>(&mut self, problem: &P, state: &S) -> bool {
        match self {
            Self::Dense(bits) => {
                let i = dense_index(problem, state);
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

impl<S: Clone + Eq + std::hash::Hash> ClosedSet<S> {
    /// Whether `state` is in the set.
    #[inline]
    pub(crate) fn contains<P: SearchProblem<State = S>>(&self, problem: &P, state: &S) -> bool {
        match self {
            Self::Dense(bits) => {
                let i = dense_index(problem, state);
                bits[i / 64] & (1u64 << (i % 64)) != 0
            }
            Self::Hashed(set) => set.contains(state),
        }
    }
}

/// A map from states to small values: a vector when the problem has dense state indices, a hash
/// map otherwise.
pub(crate) enum StateMap<S, V> {
    /// One slot per dense state index.
    Dense(Vec<Option<V>>),
    /// A hash map of states.
    Hashed(FxHashMap<S, V>),
}

impl<S: Clone + Eq + std::hash::Hash, V> StateMap<S, V> {
    pub(crate) fn for_problem<P: SearchProblem<State = S>>(problem: &P) -> Self {
        match dense_count(problem) {
            Some(n) => Self::Dense((0..n).map(|_| None).collect()),
            None => Self::Hashed(FxHashMap::default()),
        }
    }

    #[inline]
    pub(crate) fn get_mut<P: SearchProblem<State = S>>(
        &mut self,
        problem: &P,
        state: &S,
    ) -> Option<&mut V> {
        match self {
            Self::Dense(slots) => slots[dense_index(problem, state)].as_mut(),
            Self::Hashed(map) => map.get_mut(state),
        }
    }

    #[inline]
    pub(crate) fn insert<P: SearchProblem<State = S>>(&mut self, problem: &P, state: &S, value: V) {
        match self {
            Self::Dense(slots) => slots[dense_index(problem, state)] = Some(value),
            Self::Hashed(map) => {
                map.insert(state.clone(), value);
            }
        }
    }

    #[inline]
    pub(crate) fn remove<P: SearchProblem<State = S>>(&mut self, problem: &P, state: &S) {
        match self {
            Self::Dense(slots) => slots[dense_index(problem, state)] = None,
            Self::Hashed(map) => {
                map.remove(state);
            }
        }
    }
}
