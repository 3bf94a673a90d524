//! The frontier of the monotone loops: a radix queue (Ahuja, Mehlhorn, Orlin and Tarjan 1990)
//! over the priorities' [`Cost::order_key`], with the entries of the current priority ordered
//! by their tie keys (sorted, or in a binary heap when they come in no useful order).
//!
//! It relies on what the monotone loops guarantee: no entry is pushed with a priority below
//! that of the last entry popped. An entry then waits in the bucket of the highest hexadecimal
//! digit in which its image differs from the current priority's and of its own value of that
//! digit (16 x 16 buckets: the paper's radix heap with 16 buckets a digit instead of one a
//! bit); when the current priority runs out, the lowest non-empty bucket's smallest image
//! becomes the current priority and that bucket's entries move down. Each entry moves at most
//! 16 times and usually once, and only the entries of one priority are ever ordered by tie key,
//! which is far cheaper than a binary heap of every entry. Costs without an image keep every
//! entry in the heap.
//!
//! In front of the buckets, a [`Ring`] of one list for each image within [`RING`] (4,096) of
//! the current priority's: while every priority pushed is that close (small integer steps, as
//! on grids), an entry is placed once in the list of its own image and never moves; the first
//! push further off sends the ring's entries to the buckets for the rest of the search.
//!
//! The keys `(f, tie)` of the loops are distinct, so this queue pops exactly the entries, in
//! exactly the order, of a binary heap of them.

use crate::cost::Cost;
use crate::min_entry::MinEntry;
use crate::ring::{RING, Ring};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// An entry of the current priority in the heap of [`RadixQueue::heaped`]: ordered by its tie
/// key alone (the priority is the same for all).
struct Tied<C, K, I>(MinEntry<C, K, I>);

impl<C, K: Ord, I> Ord for Tied<C, K, I> {
    /// Reversed, as [`MinEntry`]'s: the lowest tie key is the greatest.
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.0.tie.cmp(&self.0.tie)
    }
}
impl<C, K: Ord, I> PartialOrd for Tied<C, K, I> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<C, K: Ord, I> PartialEq for Tied<C, K, I> {
    fn eq(&self, other: &Self) -> bool {
        self.0.tie == other.0.tie
    }
}
impl<C, K: Ord, I> Eq for Tied<C, K, I> {}

/// How far from the end of the current priority's sorted entries an entry may be inserted
/// before they go to a heap (which keeps a priority of many entries inserted anywhere, as in
/// uniform-cost search over zero-cost steps, at `O(log n)` an entry).
#[cfg(not(test))]
const INSERT_REACH: usize = 32;
/// Tiny in the unit tests, so that their small queues switch to the heap too.
#[cfg(test)]
const INSERT_REACH: usize = 2;

/// The fewest entries of a new priority that [`RadixQueue::pop_keeping`] offers to its `keep`:
/// a smaller priority sorts cheaply, and its entries turned away would save less than asking
/// costs (measured on a narrow maze, whose priorities have 1.3 entries on average:
/// docs/performance-history.md, session 45).
#[cfg(not(test))]
const KEEP_FROM: usize = 8;
/// Every priority but those of one entry in the unit tests, so that their small queues turn
/// entries away.
#[cfg(test)]
const KEEP_FROM: usize = 2;

/// The thread keeps the list of a queue's current priority for its next search up to this
/// many entries.
const KEEP_CURRENT: usize = 1 << 12;

/// The number of buckets: 16 hexadecimal digits of a 64-bit image, 16 values each.
const BUCKETS: usize = 256;

/// A min-queue of [`MinEntry`]s whose priorities never drop below the last one popped.
pub(crate) struct RadixQueue<C: 'static, K: 'static, I: 'static> {
    /// Every entry, when the cost has no image.
    heap: BinaryHeap<MinEntry<C, K, I>>,
    /// The entries of the current priority, sorted by tie key so that the next to leave is
    /// last; in ring mode, the list of their image taken whole from the ring. An entry pushed
    /// while its priority is current usually leaves next or soon (a deeper child of the entry
    /// just popped), so it is inserted near the end; one that would go further than
    /// [`INSERT_REACH`] from it sends the priority's entries to `heaped` instead.
    current: Vec<MinEntry<C, K, I>>,
    /// The entries of the current priority as a heap, after an insertion too far from the end
    /// of `current` (which is then empty until the priority changes).
    heaped: BinaryHeap<Tied<C, K, I>>,
    /// The entries of the current priority in tie order, instead of `current`, when the ties
    /// are in order (see [`RadixQueue::new`]).
    in_line: Line<MinEntry<C, K, I>>,
    /// Whether entries are pushed in increasing tie order.
    in_order: bool,
    /// `buckets[16 p + d]`: the entries whose image first differs from `level` in hexadecimal
    /// digit `p` (counting from the least significant), where the image's digit is `d` (above
    /// the level's). A lower bucket holds only lower images.
    buckets: Vec<Vec<MinEntry<C, K, I>>>,
    /// Bit `b % 64` of word `b / 64` set when `buckets[b]` is not empty.
    occupied: [u64; BUCKETS / 64],
    /// The image of the current priority (0 before the first pop).
    level: u64,
    /// Whether the costs have images (known from the first push).
    radix: Option<bool>,
    /// The entries above the current priority, while they are all within [`RING`] of it.
    ring: Option<Box<Ring<MinEntry<C, K, I>>>>,
    /// Whether an entry has been popped (before, `level` bounds nothing).
    popped: bool,
    /// Before the first pop, the lowest and highest images in the ring.
    span: (u64, u64),
}

impl<C: 'static, K: 'static, I: 'static> Drop for RadixQueue<C, K, I> {
    fn drop(&mut self) {
        if let Some(ring) = self.ring.take() {
            ring.give_back();
        }
        crate::kept::give_list(std::mem::take(&mut self.current), KEEP_CURRENT);
        crate::kept::give_list(std::mem::take(&mut self.in_line.list), KEEP_CURRENT);
        if !self.buckets.is_empty() {
            let mut buckets = std::mem::take(&mut self.buckets);
            for bucket in &mut buckets {
                bucket.clear();
                if bucket.capacity() > KEEP_BUCKET {
                    *bucket = Vec::new();
                }
            }
            crate::kept::give(buckets);
        }
    }
}

/// The entries of the current priority in first-in, first-out order: a list and the position
/// of the next to leave. The list is swapped whole with the ring's at a change of priority,
/// where a `VecDeque` had to be converted to a list and back each time (a `memmove` call, even
/// for an empty line: 2.5-3% of uniform-cost search's time on the game maps). The entries
/// that left stay in the list until it runs out: at most the priority's own entries, those it
/// came with and those pushed while it was current.
struct Line<T> {
    list: Vec<T>,
    next: usize,
}

impl<T: Copy> Line<T> {
    /// The next entry; `None` when there is none, the list then emptied.
    #[inline]
    fn pop(&mut self) -> Option<T> {
        match self.list.get(self.next) {
            Some(&entry) => {
                self.next += 1;
                Some(entry)
            }
            None => {
                self.list.clear();
                self.next = 0;
                None
            }
        }
    }
}

/// The most entries a bucket keeps room for, in a search and for the thread's next one, so
/// that the buckets together never hold much more than the entries waiting in them.
const KEEP_BUCKET: usize = 256;

impl<C: Cost + 'static, K: Ord + Copy + 'static, I: Copy + 'static> RadixQueue<C, K, I> {
    /// An empty queue. `in_order`: every entry is pushed with a larger tie key than the entries
    /// before it (first-in, first-out ties); the current priority's entries then wait in a line
    /// instead of a heap.
    pub(crate) fn new(in_order: bool) -> Self {
        Self {
            heap: BinaryHeap::new(),
            current: crate::kept::take(),
            heaped: BinaryHeap::new(),
            in_line: Line {
                list: crate::kept::take(),
                next: 0,
            },
            in_order,
            buckets: Vec::new(),
            occupied: [0; BUCKETS / 64],
            level: 0,
            radix: None,
            ring: None,
            popped: false,
            span: (u64::MAX, 0),
        }
    }

    /// Adds `entry`; `false` (and the entry dropped) when its priority is below the current one
    /// or its image is missing while others had one: the caller must then give up.
    ///
    /// The common cases in ring mode, the current priority or one within the ring above it, are
    /// decided here (inlined into the loops); every other goes through
    /// [`push_other`](Self::push_other).
    #[inline(always)]
    pub(crate) fn push(&mut self, entry: MinEntry<C, K, I>) -> bool {
        if self.popped
            && let Some(ring) = &mut self.ring
            && let Some(k) = entry.f.order_key()
        {
            let d = k.wrapping_sub(self.level);
            if d == 0 {
                self.join_current(entry);
                return true;
            }
            if d < RING as u64 {
                ring.place(k, entry);
                return true;
            }
        }
        self.push_other(entry)
    }

    /// [`push`](Self::push) for the other cases: the first push, a push before the first pop,
    /// one past the ring, and every push once the entries are in the buckets or the heap.
    #[inline(never)]
    fn push_other(&mut self, entry: MinEntry<C, K, I>) -> bool {
        let key = entry.f.order_key();
        let radix = *self.radix.get_or_insert_with(|| {
            if key.is_some() {
                self.ring = Some(Ring::take());
            }
            key.is_some()
        });
        match (radix, key) {
            (false, None) => self.heap.push(entry),
            (true, Some(k)) if !self.popped && self.ring.is_some() => self.before_pops(k, entry),
            (true, Some(k)) => match k.cmp(&self.level) {
                Ordering::Equal => self.join_current(entry),
                Ordering::Greater => {
                    // Past the ring, if there is one: `push` placed every entry within it.
                    self.spill();
                    self.place(k, entry);
                }
                Ordering::Less => return false,
            },
            _ => return false,
        }
        true
    }

    /// A push before the first pop, in ring mode: into the ring while the images pushed so far
    /// span less than [`RING`].
    #[cold]
    fn before_pops(&mut self, k: u64, entry: MinEntry<C, K, I>) {
        let span = (self.span.0.min(k), self.span.1.max(k));
        match &mut self.ring {
            Some(ring) if span.1 - span.0 < RING as u64 => {
                self.span = span;
                ring.place(k, entry);
            }
            _ => {
                self.spill();
                if k == self.level {
                    self.join_current(entry);
                } else {
                    self.place(k, entry);
                }
            }
        }
    }

    /// Leaves ring mode, if the queue is in it: the ring's entries go to the buckets (or join
    /// the current priority), lowest image first, each image's in their order.
    #[inline]
    fn spill(&mut self) {
        if let Some(ring) = self.ring.take() {
            self.spill_ring(ring);
        }
    }

    /// [`spill`](Self::spill)'s work, once a search.
    #[cold]
    fn spill_ring(&mut self, mut ring: Box<Ring<MinEntry<C, K, I>>>) {
        // The thread's buckets from its last search, emptied, or new ones.
        self.buckets = crate::kept::take();
        self.buckets.resize_with(BUCKETS, Vec::new);
        let from = if self.popped { self.level } else { self.span.0 };
        while ring
            .take_lowest(from, |entry| match entry.f.order_key() {
                Some(k) if k > self.level => self.place(k, entry),
                _ => self.join_current(entry),
            })
            .is_some()
        {}
        ring.give_back();
    }

    /// Puts `entry` (image `key` above `level`) in its bucket.
    #[inline]
    fn place(&mut self, key: u64, entry: MinEntry<C, K, I>) {
        let digit = (63 - (key ^ self.level).leading_zeros()) / 4;
        let b = 16 * digit as usize + (key >> (4 * digit)) as usize % 16;
        self.buckets[b].push(entry);
        self.occupied[b / 64] |= 1 << (b % 64);
    }

    /// Adds `entry`, of the current priority, to the current entries in their order.
    #[inline]
    fn join_current(&mut self, entry: MinEntry<C, K, I>) {
        if self.in_order {
            self.in_line.list.push(entry);
            return;
        }
        if !self.heaped.is_empty() {
            self.heaped.push(Tied(entry));
            return;
        }
        let mut at = self.current.len();
        while at > 0 && self.current[at - 1].tie < entry.tie {
            at -= 1;
            if self.current.len() - at > INSERT_REACH {
                self.heaped = self.current.drain(..).map(Tied).collect();
                self.heaped.push(Tied(entry));
                return;
            }
        }
        self.current.insert(at, entry);
    }

    /// Adds `entry`, of the new current priority, at the end of the current entries (put in
    /// order once all have arrived).
    #[inline]
    fn arrive(&mut self, entry: MinEntry<C, K, I>) {
        if self.in_order {
            self.in_line.list.push(entry);
        } else {
            self.current.push(entry);
        }
    }

    /// The lowest non-empty bucket.
    #[inline]
    fn lowest(&self) -> Option<usize> {
        let w = self.occupied.iter().position(|&w| w != 0)?;
        Some(64 * w + self.occupied[w].trailing_zeros() as usize)
    }

    /// Removes the entry of the lowest `(f, tie)` key: the next of the current priority's, here
    /// (inlined into the loops), or [`pop_other`](Self::pop_other)'s.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<MinEntry<C, K, I>> {
        self.pop_keeping(None::<fn(&MinEntry<C, K, I>) -> bool>)
    }

    /// [`pop`](Self::pop), where each entry of a new priority taken from the ring (of at least
    /// [`KEEP_FROM`] entries, with tie keys out of push order: entries about to be sorted) is
    /// first given to `keep`, if any, and leaves the queue unpopped where it returns `false`.
    /// The entries left pop in the same order as if those had never been pushed. No later push
    /// may go below the priority of an entry turned away (the queue has moved on to it).
    #[inline]
    pub(crate) fn pop_keeping(
        &mut self,
        keep: Option<impl FnMut(&MinEntry<C, K, I>) -> bool>,
    ) -> Option<MinEntry<C, K, I>> {
        let next = if self.in_order {
            self.in_line.pop()
        } else {
            self.current.pop()
        };
        match next {
            Some(entry) => Some(entry),
            None => self.pop_other(keep),
        }
    }

    /// [`pop`](Self::pop) when the current priority's list or line is empty: the current
    /// priority's heap, else the next priority's entries.
    #[inline(never)]
    fn pop_other(
        &mut self,
        keep: Option<impl FnMut(&MinEntry<C, K, I>) -> bool>,
    ) -> Option<MinEntry<C, K, I>> {
        if let Some(tied) = self.heaped.pop() {
            return Some(tied.0);
        }
        if self.ring.is_some() {
            let mut keep = keep;
            loop {
                self.next_ring_level()?;
                if let Some(keep) = keep.as_mut()
                    && !self.in_order
                    && self.current.len() >= KEEP_FROM
                {
                    self.current.retain(|e| keep(e));
                    if self.current.is_empty() {
                        continue;
                    }
                }
                self.sort_current();
                break;
            }
        } else {
            match self.lowest() {
                Some(b) => self.next_level(b),
                None => return self.heap.pop(),
            }
        }
        if self.in_order {
            self.in_line.pop()
        } else {
            self.current.pop()
        }
    }

    /// Makes the lowest image in the ring the current priority, with its entries (not yet
    /// sorted); `None` when the ring is empty.
    #[inline]
    fn next_ring_level(&mut self) -> Option<()> {
        let ring = self.ring.as_deref_mut()?;
        let from = if self.popped { self.level } else { self.span.0 };
        // The lowest image's list becomes the current priority's entries as it is (sorted after).
        let lowest = if self.in_order {
            // The line ran out, so its list is empty.
            ring.swap_lowest(from, &mut self.in_line.list)
        } else {
            ring.swap_lowest(from, &mut self.current)
        };
        self.level = lowest?;
        self.popped = true;
        Some(())
    }

    /// Puts the entries of a new current priority in order, the next to leave last: reversed
    /// first, because the ties that follow push order (deeper-first's among equal path costs)
    /// are then in runs the stable sort merges.
    #[inline]
    fn sort_current(&mut self) {
        if self.current.len() > 1 {
            self.current.reverse();
            self.current.sort_by_key(|e| std::cmp::Reverse(e.tie));
        }
    }

    /// Makes the smallest image of the lowest non-empty bucket the current priority, and moves
    /// that bucket's entries to the current heap or to lower buckets.
    #[inline(always)]
    fn next_level(&mut self, b: usize) {
        self.occupied[b / 64] &= !(1 << (b % 64));
        let image = |e: &MinEntry<C, K, I>| e.f.order_key().unwrap_or(u64::MAX);
        if self.buckets[b].len() == 1 {
            // One entry (often, with fine-grained priorities): it is the level alone.
            if let Some(entry) = self.buckets[b].pop() {
                self.level = image(&entry);
                self.arrive(entry);
            }
            return;
        }
        let mut bucket = std::mem::take(&mut self.buckets[b]);
        self.level = bucket.iter().map(image).min().unwrap_or(u64::MAX);
        for entry in bucket.drain(..) {
            let key = image(&entry);
            if key == self.level {
                self.arrive(entry);
            } else {
                self.place(key, entry);
            }
        }
        // The line needs no sorting: every bucket holds its entries in push order, because
        // entries move down only from the lowest non-empty bucket, into buckets that are empty,
        // and keep their order; pushes come after them. Tie keys out of push order are sorted.
        self.sort_current();
        // Keep a small allocation for the bucket's next entries; a large one goes back.
        if bucket.capacity() <= KEEP_BUCKET {
            self.buckets[b] = bucket;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RadixQueue;
    use crate::min_entry::MinEntry;
    use proptest::prelude::*;
    use std::collections::BinaryHeap;

    /// Pushes and pops as a monotone loop does (each push at or above the last pop), on the
    /// queue and on a binary heap: the same entries leave in the same order. `in_order`: the
    /// ties grow with each push, as first-in, first-out ties do.
    fn same_as_heap<C: crate::Cost + PartialEq>(
        steps: &[(bool, C, u32)],
        in_order: bool,
    ) -> Result<(), TestCaseError> {
        same_as_heap_keeping(steps, in_order, false)
    }

    /// [`same_as_heap`]; `reject`: the queue pops with a `keep` that turns away every third
    /// entry it is offered, and the heap drops those when they are turned away.
    fn same_as_heap_keeping<C: crate::Cost + PartialEq>(
        steps: &[(bool, C, u32)],
        in_order: bool,
        reject: bool,
    ) -> Result<(), TestCaseError> {
        let mut queue = RadixQueue::new(in_order);
        let mut heap = BinaryHeap::new();
        let mut last: Option<C> = None;
        let mut rejected = Vec::new();
        let mut next = |queue: &mut RadixQueue<C, u64, usize>| {
            let keep = |e: &MinEntry<C, u64, usize>| {
                let out = e.item % 3 == 0;
                if out {
                    rejected.push((e.item, e.f));
                }
                !out
            };
            let entry = queue.pop_keeping(reject.then_some(keep));
            (entry, std::mem::take(&mut rejected))
        };
        for (i, &(pop, f, tie)) in steps.iter().enumerate() {
            // Distinct keys, as in the loops: equal ones could leave in either order.
            // In order: the ties grow with each push.
            let tie = if in_order {
                i as u64
            } else {
                (u64::from(tie) << 32) | i as u64
            };
            if pop {
                let (a, out) = next(&mut queue);
                heap.retain(|e: &MinEntry<C, u64, usize>| out.iter().all(|o| o.0 != e.item));
                // No push may go below a priority turned away either.
                if let Some(&(_, f)) = out.last() {
                    last = Some(f);
                }
                let b = heap.pop();
                prop_assert_eq!(
                    a.as_ref().map(|e: &MinEntry<C, u64, usize>| e.item),
                    b.as_ref().map(|e: &MinEntry<C, u64, usize>| e.item)
                );
                if let Some(e) = b {
                    last = Some(e.f);
                }
            } else if last.is_none_or(|l| f.total_order(&l).is_ge()) {
                let accepted = queue.push(MinEntry { f, tie, item: i });
                prop_assert!(accepted);
                heap.push(MinEntry { f, tie, item: i });
            } else {
                let accepted = queue.push(MinEntry { f, tie, item: i });
                prop_assert_eq!(accepted, f.order_key().is_none());
                if accepted {
                    heap.push(MinEntry { f, tie, item: i });
                }
            }
        }
        loop {
            let (a, out) = next(&mut queue);
            heap.retain(|e: &MinEntry<C, u64, usize>| out.iter().all(|o| o.0 != e.item));
            let b = heap.pop();
            prop_assert_eq!(a.map(|e| e.item), b.as_ref().map(|e| e.item));
            if b.is_none() {
                return Ok(());
            }
        }
    }

    proptest! {
        #[test]
        fn pops_as_a_binary_heap_integers(steps in prop::collection::vec((any::<bool>(), 0u32..40, 0u32..1000), 0..300)) {
            same_as_heap(&steps, false)?;
            same_as_heap(&steps, true)?;
            same_as_heap_keeping(&steps, false, true)?;
        }

        /// Priorities a little above the last one popped, so that they wrap around the ring
        /// (`RING` is 192 in the tests), and now and then leave it.
        #[test]
        fn pops_as_a_binary_heap_rising_priorities(steps in prop::collection::vec((any::<bool>(), 0u32..240, 0u32..1000), 0..300)) {
            let mut last = 0;
            let steps: Vec<_> = steps.into_iter().map(|(pop, up, tie)| {
                if pop {
                    last += 40;
                }
                (pop, last + up, tie)
            }).collect();
            same_as_heap(&steps, false)?;
            same_as_heap(&steps, true)?;
            same_as_heap_keeping(&steps, false, true)?;
        }

        #[test]
        fn pops_as_a_binary_heap_wide_integers(steps in prop::collection::vec((any::<bool>(), any::<i64>(), 0u32..1000), 0..300)) {
            same_as_heap(&steps, false)?;
            same_as_heap(&steps, true)?;
        }

        #[test]
        fn pops_as_a_binary_heap_floats(steps in prop::collection::vec((any::<bool>(), -8.0f64..8.0, 0u32..1000), 0..300)) {
            let steps: Vec<_> = steps.into_iter().map(|(p, f, t)| (p, (f * 4.0).round() / 4.0, t)).collect();
            same_as_heap(&steps, false)?;
            same_as_heap(&steps, true)?;
        }

        #[test]
        fn pops_as_a_binary_heap_without_images(steps in prop::collection::vec((any::<bool>(), 0u128..40, 0u32..1000), 0..300)) {
            same_as_heap(&steps, false)?;
            same_as_heap(&steps, true)?;
        }
    }

    /// `Tied`'s equality agrees with its order (as `Ord` requires): the tie key alone.
    #[test]
    fn tied_entries_are_equal_exactly_when_their_tie_keys_are() {
        let tied = |tie: u32, item: u8| super::Tied(MinEntry { f: 0u8, tie, item });
        assert!(tied(3, 0) == tied(3, 1));
        assert!(tied(3, 0) != tied(4, 0));
        assert_eq!(tied(3, 0).cmp(&tied(3, 1)), std::cmp::Ordering::Equal);
        assert_eq!(tied(3, 0).cmp(&tied(4, 0)), std::cmp::Ordering::Greater);
    }

    #[test]
    fn a_push_below_the_current_priority_is_refused() {
        let mut queue = RadixQueue::new(false);
        assert!(queue.push(MinEntry {
            f: 5u32,
            tie: 0u32,
            item: ()
        }));
        assert!(queue.push(MinEntry {
            f: 9u32,
            tie: 1u32,
            item: ()
        }));
        assert_eq!(queue.pop().map(|e| e.f), Some(5));
        assert!(!queue.push(MinEntry {
            f: 4u32,
            tie: 2,
            item: ()
        }));
        assert!(queue.push(MinEntry {
            f: 5u32,
            tie: 3,
            item: ()
        }));
        assert_eq!(queue.pop().map(|e| (e.f, e.tie)), Some((5, 3)));
        assert_eq!(queue.pop().map(|e| (e.f, e.tie)), Some((9, 1)));
        assert!(queue.pop().is_none());
    }

    /// An entry of the current priority is inserted into its sorted entries when it goes at
    /// most `INSERT_REACH` (2 here) from their end, and sends them to the heap when it goes
    /// further; the order out is the same either way.
    #[test]
    fn far_insertions_send_the_current_priority_to_the_heap() {
        let mut queue = RadixQueue::new(false);
        let push = |queue: &mut RadixQueue<u32, u32, ()>, tie| {
            assert!(queue.push(MinEntry {
                f: 0,
                tie,
                item: ()
            }));
        };
        // Priority 0 becomes current.
        push(&mut queue, 0);
        assert_eq!(queue.pop().map(|e| e.tie), Some(0));
        // Sorted so that the lowest tie key is last: 30, 20, 10 (each one or two from the end).
        for tie in [10, 20, 30] {
            push(&mut queue, tie);
        }
        push(&mut queue, 25);
        assert_eq!((queue.current.len(), queue.heaped.len()), (4, 0));
        // 40 goes before 25, three from the end.
        push(&mut queue, 40);
        assert_eq!((queue.current.len(), queue.heaped.len()), (0, 5));
        let out: Vec<u32> = std::iter::from_fn(|| queue.pop().map(|e| e.tie)).collect();
        assert_eq!(out, [10, 20, 25, 30, 40]);
    }

    /// The ring holds the entries while every priority pushed is within `RING` (192 here) of
    /// the current one (before the first pop: of each other); a push further off sends them all
    /// to the buckets, and the order out is the same.
    #[test]
    fn a_far_push_sends_the_ring_to_the_buckets() {
        let push = |queue: &mut RadixQueue<u32, u32, ()>, f, tie| {
            assert!(queue.push(MinEntry { f, tie, item: () }));
        };
        let ring = super::RING as u32;
        let mut queue = RadixQueue::new(false);
        push(&mut queue, 100, 0);
        push(&mut queue, 100 + ring - 1, 1);
        assert!(queue.ring.is_some());
        push(&mut queue, 99, 2);
        assert!(
            queue.ring.is_none(),
            "99 is a ring's width below the highest"
        );
        assert_eq!(
            crate::ring::kept::<MinEntry<u32, u32, ()>>(),
            1,
            "the ring goes back"
        );
        let out: Vec<_> = std::iter::from_fn(|| queue.pop().map(|e| e.f)).collect();
        assert_eq!(out, [99, 100, 100 + ring - 1]);

        // Before any pop the current priority is 0: an entry of 0 in the ring joins it.
        let mut queue = RadixQueue::new(false);
        push(&mut queue, 0, 0);
        push(&mut queue, 0, 1);
        push(&mut queue, ring, 2);
        assert!(queue.ring.is_none());
        let out: Vec<_> = std::iter::from_fn(|| queue.pop().map(|e| (e.f, e.tie))).collect();
        assert_eq!(out, [(0, 0), (0, 1), (ring, 2)]);

        let mut queue = RadixQueue::new(true);
        push(&mut queue, 1000, 0);
        assert_eq!(queue.pop().map(|e| e.f), Some(1000));
        let top = 1000 + ring - 1;
        for (tie, f) in [(1, top), (2, 1001), (3, top)] {
            push(&mut queue, f, tie);
        }
        assert!(queue.ring.is_some());
        assert_eq!(queue.pop().map(|e| e.f), Some(1001));
        push(&mut queue, 1001 + ring, 4);
        assert!(queue.ring.is_none(), "a ring's width above 1001");
        push(&mut queue, top, 5);
        let out: Vec<_> = std::iter::from_fn(|| queue.pop().map(|e| (e.f, e.tie))).collect();
        assert_eq!(out, [(top, 1), (top, 3), (top, 5), (1001 + ring, 4)]);
    }

    /// `keep` sees each entry of a new priority from the ring once, before it is popped, if
    /// the priority has at least `KEEP_FROM` (2) entries; a priority whose entries it all turns
    /// away is passed over, and the entries kept leave in their order.
    #[test]
    fn entries_turned_away_never_leave() {
        let mut queue = RadixQueue::new(false);
        // `(f, tie, item)`, pushed in this order.
        let first = [(5, 3, 0), (5, 1, 1), (7, 0, 2), (5, 2, 3)];
        let then = [(9, 0, 4), (9, 1, 5), (8, 0, 7), (8, 1, 8)];
        for (f, tie, item) in first.into_iter().chain(then) {
            assert!(queue.push(MinEntry { f, tie, item }));
        }
        let mut offered = Vec::new();
        let mut pop = |queue: &mut RadixQueue<u32, u32, usize>| {
            let keep = |e: &MinEntry<u32, u32, usize>| {
                offered.push(e.item);
                ![2, 3, 7, 8].contains(&e.item)
            };
            queue.pop_keeping(Some(keep)).map(|e| e.item)
        };
        assert_eq!(pop(&mut queue), Some(1));
        // Joins the current priority: not offered.
        assert!(queue.push(MinEntry {
            f: 5,
            tie: 0,
            item: 6
        }));
        let out: Vec<_> = std::iter::from_fn(|| pop(&mut queue)).collect();
        assert_eq!(
            out,
            [6, 0, 2, 4, 5],
            "7's lone entry not offered, 8's turned away"
        );
        offered.sort_unstable();
        assert_eq!(offered, [0, 1, 3, 4, 5, 7, 8]);
    }

    /// A queue that used its buckets leaves them to the thread, emptied, each with room for at
    /// most `KEEP_BUCKET` entries.
    #[test]
    fn a_dropped_queue_leaves_its_buckets_empty() {
        type Entry = MinEntry<u64, u32, ()>;
        let mut queue = RadixQueue::new(false);
        let far = super::RING as u64 * 2;
        // 600 entries in one bucket (room past the bound), 10 in another, 200 in a third (room
        // for 256: at the bound, kept).
        for tie in 0..811u32 {
            let f = match tie {
                0 => 0,
                1..=600 => far,
                601..=610 => 2 * far,
                _ => 3 * far,
            };
            assert!(queue.push(MinEntry { f, tie, item: () }));
        }
        assert!(queue.ring.is_none());
        assert_eq!(queue.pop().map(|e| (e.f, e.tie)), Some((0, 0)));
        drop(queue);
        assert_eq!(crate::kept::count::<Vec<Vec<Entry>>>(), 1);
        let buckets: Vec<Vec<Entry>> = crate::kept::take();
        assert_eq!(buckets.len(), super::BUCKETS);
        assert!(
            buckets
                .iter()
                .all(|b| b.is_empty() && b.capacity() <= super::KEEP_BUCKET)
        );
        let room = |n| buckets.iter().filter(|b| b.capacity() == n).count();
        assert_eq!((room(16), room(super::KEEP_BUCKET)), (1, 1), "room kept");
        crate::kept::give(buckets);
        // The next queue spills into them and pops in order.
        let mut queue = RadixQueue::new(false);
        for (tie, f) in [(0, 3 * far), (1, 0), (2, far)] {
            assert!(queue.push(MinEntry { f, tie, item: () }));
        }
        let out: Vec<_> = std::iter::from_fn(|| queue.pop().map(|e| e.f)).collect();
        assert_eq!(out, [0, far, 3 * far]);
    }

    /// A queue dropped with entries in its ring leaves the thread an empty ring: the next queue
    /// of the same type pops only its own entries.
    #[test]
    fn a_dropped_queue_leaves_an_empty_ring() {
        let mut queue = RadixQueue::new(false);
        for (tie, f) in [(0, 7u32), (1, 9), (2, 30)] {
            assert!(queue.push(MinEntry { f, tie, item: tie }));
        }
        assert_eq!(queue.pop().map(|e| e.item), Some(0));
        drop(queue);
        let mut queue = RadixQueue::new(false);
        assert!(queue.push(MinEntry {
            f: 8u32,
            tie: 5u32,
            item: 5u32
        }));
        assert!(queue.ring.is_some());
        let out: Vec<_> = std::iter::from_fn(|| queue.pop().map(|e| e.item)).collect();
        assert_eq!(out, [5]);
        assert_eq!(crate::ring::kept::<MinEntry<u32, u32, u32>>(), 0);
        drop(queue);
        assert_eq!(crate::ring::kept::<MinEntry<u32, u32, u32>>(), 1);
        // So does the list of the current priority's entries, emptied.
        type Current = Vec<MinEntry<u32, u32, u32>>;
        assert_eq!(crate::kept::count::<Current>(), 1);
        let queue = RadixQueue::<u32, u32, u32>::new(false);
        assert!(queue.current.is_empty() && queue.current.capacity() > 0);
    }
}
