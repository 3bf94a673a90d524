//! The frontiers of the graph-search loop: a FIFO-tie heap, a LIFO-tie heap, a queue and a
//! stack, behind one small trait.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::monotone::Deeper;
use std::collections::{BinaryHeap, VecDeque};

/// A first-in first-out frontier entry: the priority, and the node's arena index as the tie
/// key (it doubles as the insertion sequence, so equal priorities leave first in, first out).
type Entry<C> = MinEntry<C, u32>;

/// A frontier entry with an explicit tie key (lower leaves first) and the node's arena index.
type TiedEntry<C> = MinEntry<C, i64, u32>;

/// A priority frontier where, among equal priorities, the newest entry leaves first; entries
/// pushed "late" (redirected paths) go behind everything of their priority.
pub(crate) struct LifoHeap<C> {
    heap: BinaryHeap<TiedEntry<C>>,
    /// The next tie key of a new entry: decreasing, so newer entries leave first.
    low: i64,
    /// The next tie key of a late entry: increasing and above every `low`.
    high: i64,
}

impl<C> LifoHeap<C> {
    pub(crate) fn new() -> Self {
        Self {
            heap: BinaryHeap::new(),
            low: 0,
            high: 1,
        }
    }
}

/// A stack frontier: one expansion's successors are reversed so that the first is on top.
#[derive(Default)]
pub(crate) struct Stack(Vec<u32>);

/// The frontier of the shared loop.
pub(crate) trait Open<C> {
    /// Adds an entry; returns its tie key.
    fn push(&mut self, f: C, node: u32) -> i64;
    /// Pushes a new node of path cost `g` (only the deeper-first heap looks at `g`).
    #[inline]
    fn push_g(&mut self, f: C, _g: C, node: u32) -> i64 {
        self.push(f, node)
    }
    /// Adds an entry that leaves after every entry of equal priority added so far.
    fn push_late(&mut self, f: C, node: u32) -> i64 {
        self.push(f, node)
    }
    /// Adds an entry with a tie key returned by an earlier push.
    fn push_tied(&mut self, f: C, _tie: i64, node: u32) {
        self.push(f, node);
    }
    /// Removes the next entry: its priority (when the frontier keeps one) and node.
    fn pop(&mut self) -> Option<(Option<C>, u32)>;
    /// The number of entries.
    fn len(&self) -> usize;
    /// Called before an expansion's successors are pushed.
    fn mark(&self) -> usize {
        0
    }
    /// Called after an expansion's successors were pushed.
    fn end_expansion(&mut self, _mark: usize) {}
}

impl<C: Cost> Open<C> for BinaryHeap<Entry<C>> {
    #[inline]
    fn push(&mut self, f: C, node: u32) -> i64 {
        BinaryHeap::push(
            self,
            Entry {
                f,
                tie: node,
                item: (),
            },
        );
        i64::from(node)
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        BinaryHeap::pop(self).map(|e| (Some(e.f), e.tie))
    }
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }
}

impl<C: Cost> Open<C> for LifoHeap<C> {
    #[inline]
    fn push(&mut self, f: C, node: u32) -> i64 {
        let tie = self.low;
        self.low -= 1;
        self.heap.push(TiedEntry { f, tie, item: node });
        tie
    }
    fn push_late(&mut self, f: C, node: u32) -> i64 {
        let tie = self.high;
        self.high += 1;
        self.heap.push(TiedEntry { f, tie, item: node });
        tie
    }
    fn push_tied(&mut self, f: C, tie: i64, node: u32) {
        self.heap.push(TiedEntry { f, tie, item: node });
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.heap.pop().map(|e| (Some(e.f), e.item))
    }
    fn len(&self) -> usize {
        self.heap.len()
    }
}

impl<C> Open<C> for VecDeque<u32> {
    #[inline]
    fn push(&mut self, _f: C, node: u32) -> i64 {
        self.push_back(node);
        0
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.pop_front().map(|node| (None, node))
    }
    fn len(&self) -> usize {
        VecDeque::len(self)
    }
}

impl<C> Open<C> for Stack {
    #[inline]
    fn push(&mut self, _f: C, node: u32) -> i64 {
        self.0.push(node);
        0
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.0.pop().map(|node| (None, node))
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn mark(&self) -> usize {
        self.0.len()
    }
    fn end_expansion(&mut self, mark: usize) {
        self.0[mark..].reverse();
    }
}

/// A heap whose equal priorities leave deeper first (larger path cost), then first in, first
/// out: [`TieOrder::DeeperFirst`](crate::policy::TieOrder::DeeperFirst).
pub(crate) struct DeeperHeap<C>(BinaryHeap<MinEntry<C, Deeper<C>>>);

impl<C> DeeperHeap<C> {
    pub(crate) fn new() -> Self {
        Self(BinaryHeap::new())
    }
}

impl<C: Cost> Open<C> for DeeperHeap<C> {
    fn push(&mut self, f: C, node: u32) -> i64 {
        self.push_g(f, C::ZERO, node)
    }
    #[inline]
    fn push_g(&mut self, f: C, g: C, node: u32) -> i64 {
        self.0.push(MinEntry {
            f,
            tie: Deeper(g, u64::from(node)),
            item: (),
        });
        i64::from(node)
    }
    #[inline]
    fn pop(&mut self) -> Option<(Option<C>, u32)> {
        self.0.pop().map(|e| (Some(e.f), e.tie.1 as u32))
    }
    fn len(&self) -> usize {
        self.0.len()
    }
}
