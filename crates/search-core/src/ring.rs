//! A ring of lists, one for each image within [`RING`] of a current one (`image % RING`), that
//! the thread keeps from one search to the next: the monotone loops' near priorities wait in
//! one, in front of the [`RadixQueue`](crate::radix::RadixQueue)'s buckets.
//!
//! An element is placed once and never moves until its image is taken. A slot holds a list only
//! while it has elements: an emptied slot's list goes to the spares, and the next slot to fill
//! takes one, so that the ring holds about as many allocations as images in use. The thread
//! keeps an emptied ring and its spares for its next search, as the indexed table keeps its
//! slot array: made anew for each search, the lists' allocations cost more than the radix
//! queue's moves they save (docs/performance-history.md).

/// How many images the ring spans.
#[cfg(not(test))]
pub(crate) const RING: usize = 4096;
/// Small in the unit tests, so that their priorities wrap around the ring and leave it (three
/// words of bits, so that a word has another on either side).
#[cfg(test)]
pub(crate) const RING: usize = 192;

// `Ring::words` has a bit for each word of `Ring::occupied`.
const _: () = assert!(RING % 64 == 0 && RING / 64 <= 64);

/// Lists of elements, one for each image of a span of [`RING`], in slot `image % RING`.
pub(crate) struct Ring<T> {
    slots: Vec<Vec<T>>,
    /// Emptied lists for the slots.
    spares: Vec<Vec<T>>,
    /// Bit `s % 64` of word `s / 64` set when `slots[s]` is not empty.
    occupied: [u64; RING / 64],
    /// Bit `w` set when word `w` of `occupied` is not zero, so that finding the next list takes
    /// two bit scans however sparse the ring is (one list in use every few hundred slots, as
    /// on a narrow maze whose priorities rise in large steps).
    words: u64,
}

/// A spare list keeps its allocation for the next search up to this many elements.
const RING_KEEPS: usize = 64;

impl<T> Default for Ring<T> {
    fn default() -> Self {
        Self {
            slots: std::iter::repeat_with(Vec::new).take(RING).collect(),
            spares: Vec::new(),
            occupied: [0; RING / 64],
            words: 0,
        }
    }
}

impl<T: 'static> Ring<T> {
    /// The thread's ring of this type, or a new one.
    pub(crate) fn take() -> Box<Self> {
        crate::kept::take()
    }

    /// Empties the ring and leaves it to the thread's next search.
    pub(crate) fn give_back(mut self: Box<Self>) {
        let mut words = std::mem::take(&mut self.words);
        while words != 0 {
            let w = words.trailing_zeros() as usize;
            words &= words - 1;
            let mut bits = std::mem::take(&mut self.occupied[w]);
            while bits != 0 {
                let s = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut slot = std::mem::take(&mut self.slots[s]);
                slot.clear();
                self.spares.push(slot);
            }
        }
        self.spares.retain(|spare| spare.capacity() <= RING_KEEPS);
        crate::kept::give(self);
    }
}

/// How many rings of `T`s the thread keeps for its next searches.
#[cfg(test)]
pub(crate) fn kept<T: 'static>() -> usize {
    crate::kept::count::<Box<Ring<T>>>()
}

impl<T> Ring<T> {
    /// Adds `element` to the list of `image`.
    #[inline]
    pub(crate) fn place(&mut self, image: u64, element: T) {
        let s = image as usize % RING;
        let slot = &mut self.slots[s];
        if slot.capacity() == 0
            && let Some(spare) = self.spares.pop()
        {
            *slot = spare;
        }
        slot.push(element);
        self.occupied[s / 64] |= 1 << (s % 64);
        self.words |= 1 << (s / 64);
    }

    /// Marks slot `s` empty.
    #[inline]
    fn clear(&mut self, s: usize) {
        let w = s / 64;
        self.occupied[w] &= !(1 << (s % 64));
        if self.occupied[w] == 0 {
            self.words &= !(1 << w);
        }
    }

    /// The slot of the lowest image in the ring at or above `from` (every image in the ring is
    /// below `from + RING`), with that image.
    #[inline]
    fn lowest(&self, from: u64) -> Option<(usize, u64)> {
        let start = from as usize % RING;
        let (w, bit) = (start / 64, start % 64);
        // The start's word from its bit on; else the next word in use after it; else the first
        // word in use, which may be the start's own (its bits below `bit`).
        let here = self.occupied[w] & (!0 << bit);
        let s = if here != 0 {
            64 * w + here.trailing_zeros() as usize
        } else {
            let after = self.words & (!1 << w);
            let v = if after != 0 { after } else { self.words };
            if v == 0 {
                return None;
            }
            let v = v.trailing_zeros() as usize;
            64 * v + self.occupied[v].trailing_zeros() as usize
        };
        Some((s, from + ((s + RING - start) % RING) as u64))
    }

    /// Swaps the list of the lowest image in the ring, at or above `from` (every image in the
    /// ring is below `from + RING`), with `list`, which must be empty; that image.
    #[inline]
    pub(crate) fn swap_lowest(&mut self, from: u64, list: &mut Vec<T>) -> Option<u64> {
        let (s, image) = self.lowest(from)?;
        self.clear(s);
        let emptied = std::mem::replace(list, std::mem::take(&mut self.slots[s]));
        // A large list (a long run of entries pushed while their priority was current) goes
        // back to the allocator, so that the spares do not grow the ring's memory.
        if emptied.capacity() > 0 && emptied.capacity() <= RING_KEEPS {
            self.spares.push(emptied);
        }
        Some(image)
    }

    /// The elements of the lowest image in the ring, at or above `from` (every image in the
    /// ring is below `from + RING`), emptied into `into` in the order they came; that image.
    #[inline]
    pub(crate) fn take_lowest(&mut self, from: u64, into: impl FnMut(T)) -> Option<u64> {
        let (s, image) = self.lowest(from)?;
        self.clear(s);
        let mut slot = std::mem::take(&mut self.slots[s]);
        slot.drain(..).for_each(into);
        self.spares.push(slot);
        Some(image)
    }
}

#[cfg(test)]
mod tests {
    use super::{RING, Ring};

    /// The slots in use and the spare lists.
    fn allocated(ring: &Ring<u32>) -> (usize, usize) {
        let slots = ring.slots.iter().filter(|s| s.capacity() > 0).count();
        (slots, ring.spares.len())
    }

    /// A slot holds a list only while it has elements: an emptied slot's goes to the spares,
    /// and the next slot to fill takes it instead of allocating.
    #[test]
    fn emptied_slots_lend_their_lists() {
        let mut ring = Ring::take();
        let spares = allocated(&ring).1;
        for (image, element) in [(10, 0), (11, 1), (11, 2)] {
            ring.place(image, element);
        }
        let mut out = Vec::new();
        assert_eq!(ring.take_lowest(10, |e| out.push(e)), Some(10));
        assert_eq!(allocated(&ring), (1, spares + 1));
        ring.place(12, 3);
        assert_eq!(allocated(&ring), (2, spares));
        assert_eq!(ring.take_lowest(10, |e| out.push(e)), Some(11));
        assert_eq!(ring.take_lowest(11, |e| out.push(e)), Some(12));
        assert_eq!(ring.take_lowest(12, |e| out.push(e)), None);
        assert_eq!(out, [0, 1, 2, 3]);
    }

    /// Swapping out the lowest image's list takes its elements in order without moving them,
    /// and the empty list given in return becomes a spare.
    #[test]
    fn the_lowest_list_is_swapped_out_whole() {
        let mut ring = Ring::take();
        for (image, element) in [(12, 0u32), (11, 1), (12, 2)] {
            ring.place(image, element);
        }
        let mut list = Vec::with_capacity(8);
        assert_eq!(ring.swap_lowest(10, &mut list), Some(11));
        assert_eq!(list, [1]);
        assert_eq!(allocated(&ring), (1, 1));
        let mut list = Vec::new();
        assert_eq!(ring.swap_lowest(11, &mut list), Some(12));
        assert_eq!(list, [0, 2]);
        assert_eq!(allocated(&ring), (0, 1), "no spare without an allocation");
        assert_eq!(ring.swap_lowest(12, &mut Vec::new()), None);
        // A list larger than the spares are kept goes back to the allocator instead.
        ring.place(13, 3);
        ring.place(14, 4);
        let mut list = Vec::with_capacity(super::RING_KEEPS + 1);
        assert_eq!(ring.swap_lowest(12, &mut list), Some(13));
        assert_eq!(allocated(&ring), (1, 0));
        let mut list = Vec::with_capacity(super::RING_KEEPS);
        assert_eq!(ring.swap_lowest(13, &mut list), Some(14));
        assert_eq!(allocated(&ring), (0, 1));
    }

    /// The lowest image is found from any start, across the ring's end.
    #[test]
    fn images_wrap_around_the_ring() {
        let mut ring = Ring::take();
        // The ring's last two slots, and (across the end) its slot 3.
        let from = 5 * RING as u64 - 3;
        for (image, element) in [(from + 6, 2), (from + 1, 1), (from, 0)] {
            ring.place(image, element);
        }
        let mut out = Vec::new();
        let images: Vec<_> =
            std::iter::from_fn(|| ring.take_lowest(from, |e| out.push(e))).collect();
        assert_eq!(images, [from, from + 1, from + 6]);
        assert_eq!(out, [0, 1, 2]);
        // From any slot on: the lowest image comes first, across the end.
        ring.place(from + 63, 3);
        ring.place(from + 62, 4);
        assert_eq!(
            ring.take_lowest(from + 60, |e| out.push(e)),
            Some(from + 62)
        );
    }

    /// From a slot of the ring's middle word, the next word comes before the first: the ring
    /// wraps around after its last word.
    #[test]
    fn from_the_middle_word_the_next_word_comes_first() {
        let mut ring = Ring::take();
        let from = 7 * RING as u64 + 70;
        // Slot 150 (the third word) is the image 80 above; slot 5 (the first), 127 above.
        ring.place(from + RING as u64 - 65, 1u32);
        ring.place(from + 80, 2u32);
        let mut out = Vec::new();
        let images: Vec<_> =
            std::iter::from_fn(|| ring.take_lowest(from, |e| out.push(e))).collect();
        assert_eq!(images, [from + 80, from + RING as u64 - 65]);
        assert_eq!(out, [2, 1]);
    }

    /// From a slot of the ring's first word, an image in its second word is found.
    #[test]
    fn the_lowest_image_is_found_in_another_word() {
        let mut ring = Ring::take();
        let from = 5 * RING as u64 + 10;
        // Slot 110, in the second word, and slot 5, in the start's word below the start: the
        // first is the lower image, the second comes after the ring's end.
        let wrapped = from + RING as u64 - 5;
        ring.place(wrapped, 2u32);
        ring.place(from + 100, 1u32);
        assert_eq!(ring.take_lowest(from, |_| {}), Some(from + 100));
        assert_eq!(ring.take_lowest(from, |_| {}), Some(wrapped));
        assert_eq!(ring.take_lowest(from, |_| {}), None);
    }

    /// A ring given back is kept by the thread, by type, and is empty when the thread's next
    /// search takes it; its spare lists are kept only while small.
    #[test]
    fn a_ring_given_back_is_empty() {
        let mut ring = Ring::take();
        ring.place(3, 7u32);
        ring.place(40, 8);
        assert_eq!(super::kept::<u32>(), 0);
        let other = Ring::<u32>::take();
        ring.give_back();
        assert_eq!(super::kept::<u32>(), 1);
        other.give_back();
        assert_eq!(super::kept::<u32>(), 2);
        assert_eq!(super::kept::<u64>(), 0);
        // The first given back comes first; the other is dropped.
        let mut ring = Ring::<u32>::take();
        assert_eq!(super::kept::<u32>(), 1);
        drop(Ring::<u32>::take());
        assert_eq!(super::kept::<u32>(), 0);
        assert_eq!(
            ring.take_lowest(0, |_| panic!("an element left over")),
            None
        );
        assert_eq!(allocated(&ring), (0, 2));
        // A large list is not kept: only the small one of the two goes back.
        for element in 0..=super::RING_KEEPS as u32 {
            ring.place(5, element);
        }
        ring.place(6, 0);
        ring.give_back();
        let ring = Ring::<u32>::take();
        assert_eq!(allocated(&ring), (0, 1));
        assert!(ring.spares[0].capacity() <= super::RING_KEEPS);
    }
}
