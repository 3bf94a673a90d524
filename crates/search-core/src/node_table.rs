//! One entry per reached state, found with one probe: the states in the order they were first
//! reached, each at a position (`u32`). A hash table by default; a flat array when the states
//! have dense indices.
//!
//! The fast loops (`monotone.rs`, `fifo.rs`) keep everything else they know about a state in
//! vectors indexed by its position, so a child costs one probe of one table, and a child that
//! was reached before is dropped without a clone.

use crate::state_hash::FxHasher;
use indexmap::IndexSet;
use std::hash::{BuildHasherDefault, Hash};

/// No position: the parent of the start, and an unreached slot of an [`Indexed`] table.
pub(crate) const NONE: u32 = u32::MAX;

/// The states reached so far.
pub(crate) trait NodeTable<S> {
    /// The position of `state`, which is inserted when new: `(position, newly inserted)`. A state
    /// already there is dropped.
    fn insert(&mut self, state: S) -> (u32, bool);
    /// The state at `position`.
    fn state(&self, position: u32) -> &S;
    /// The number of states reached.
    fn len(&self) -> usize;
}

/// The position after `len` states.
#[inline]
fn position(len: usize) -> u32 {
    match u32::try_from(len) {
        Ok(p) if p != NONE => p,
        _ => panic!("a search reached more than 2^32 - 1 states"),
    }
}

/// A hash table of states (FxHash), in first-reached order.
pub(crate) struct Hashed<S>(IndexSet<S, BuildHasherDefault<FxHasher>>);

impl<S> Default for Hashed<S> {
    fn default() -> Self {
        Self(IndexSet::default())
    }
}

impl<S: Eq + Hash> NodeTable<S> for Hashed<S> {
    #[inline]
    fn insert(&mut self, state: S) -> (u32, bool) {
        let len = self.0.len();
        let (index, new) = self.0.insert_full(state);
        if new {
            position(len);
        }
        (index as u32, new)
    }
    #[inline]
    fn state(&self, position: u32) -> &S {
        &self.0[position as usize]
    }
    #[inline]
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// States with dense indices: `slots[index(state)]` holds the state's position.
pub(crate) struct Indexed<S, F> {
    slots: Vec<u32>,
    states: Vec<S>,
    index: F,
}

impl<S, F: Fn(&S) -> usize> Indexed<S, F> {
    /// A table for states whose `index` is below `count`.
    pub(crate) fn new(count: usize, index: F) -> Self {
        Self {
            slots: vec![NONE; count],
            states: Vec::new(),
            index,
        }
    }
}

impl<S, F: Fn(&S) -> usize> NodeTable<S> for Indexed<S, F> {
    #[inline]
    fn insert(&mut self, state: S) -> (u32, bool) {
        let slot = &mut self.slots[(self.index)(&state)];
        if *slot != NONE {
            return (*slot, false);
        }
        let p = position(self.states.len());
        *slot = p;
        self.states.push(state);
        (p, true)
    }
    #[inline]
    fn state(&self, position: u32) -> &S {
        &self.states[position as usize]
    }
    #[inline]
    fn len(&self) -> usize {
        self.states.len()
    }
}
