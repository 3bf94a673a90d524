//! Small exact counters: one byte each, with the rare count of 255 or more kept in a side map,
//! plus one bit each saying "two or more" for fast conflict scans.
//!
//! Queens per row and per diagonal are almost always 0, 1 or 2, so a byte per counter keeps the
//! arrays small (under 20 bytes per queen in all), while a pathological board still counts
//! exactly. The "crowded" bits (count >= 2) are what a scan for conflicted queens reads: 5 bits
//! per queen stay in cache where the bytes would not for ten million queens.

use std::collections::HashMap;

/// A marker byte: the count is in the side map.
const BIG: u8 = u8::MAX;

/// `len` counters, all zero at first.
#[derive(Debug, Clone, Default)]
pub struct Counters {
    small: Vec<u8>,
    big: HashMap<u32, u32>,
    /// Bit `i` set exactly when count `i` is 2 or more.
    crowded: Vec<u64>,
}

impl Counters {
    /// `len` zero counters, or `None` when the memory cannot be reserved.
    pub fn zeroed(len: usize) -> Option<Self> {
        let mut small = Vec::new();
        small.try_reserve_exact(len).ok()?;
        small.resize(len, 0);
        let mut crowded = Vec::new();
        crowded.try_reserve_exact(len.div_ceil(64)).ok()?;
        crowded.resize(len.div_ceil(64), 0);
        Some(Self {
            small,
            big: HashMap::new(),
            crowded,
        })
    }

    /// The count at `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        let c = self.small[i];
        if c == BIG {
            self.big[&(i as u32)]
        } else {
            u32::from(c)
        }
    }

    /// Whether the count at `i` is zero.
    #[inline]
    pub fn is_zero(&self, i: usize) -> bool {
        self.small[i] == 0
    }

    /// Whether the count at `i` is 0 or 1 (reads one bit).
    #[inline]
    pub fn at_most_one(&self, i: usize) -> bool {
        self.crowded[i / 64] & (1 << (i % 64)) == 0
    }

    /// Adds one at `i`.
    #[inline]
    pub fn increment(&mut self, i: usize) {
        let c = &mut self.small[i];
        if *c < BIG - 1 {
            *c += 1;
            if *c == 2 {
                self.crowded[i / 64] |= 1 << (i % 64);
            }
        } else if *c == BIG - 1 {
            *c = BIG;
            self.big.insert(i as u32, u32::from(BIG));
        } else {
            *self.big.get_mut(&(i as u32)).expect("marked big") += 1;
        }
    }

    /// Removes one at `i`, which must be positive.
    #[inline]
    pub fn decrement(&mut self, i: usize) {
        let c = &mut self.small[i];
        if *c == BIG {
            let big = self.big.get_mut(&(i as u32)).expect("marked big");
            *big -= 1;
            if *big < u32::from(BIG) {
                *c = *big as u8;
                self.big.remove(&(i as u32));
            }
        } else {
            debug_assert!(*c > 0, "decrement of a zero counter");
            *c -= 1;
            if *c == 1 {
                self.crowded[i / 64] &= !(1 << (i % 64));
            }
        }
    }

    /// Sets counter `i` to bit `i` of `bits` (0 or 1).
    pub fn set_from_bits(&mut self, bits: &[u64]) {
        for (i, c) in self.small.iter_mut().enumerate() {
            *c = ((bits[i / 64] >> (i % 64)) & 1) as u8;
        }
        self.big.clear();
        self.crowded.fill(0);
    }

    /// Sets every counter to `value` (0 or 1).
    pub fn fill(&mut self, value: u8) {
        debug_assert!(value <= 1);
        self.small.fill(value);
        self.big.clear();
        self.crowded.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_past_a_byte_exactly() {
        let mut c = Counters::zeroed(3).unwrap();
        for k in 1..=600u32 {
            c.increment(1);
            assert_eq!(c.get(1), k);
            assert_eq!(c.at_most_one(1), k <= 1);
        }
        for k in (0..600u32).rev() {
            c.decrement(1);
            assert_eq!(c.get(1), k);
            assert_eq!(c.at_most_one(1), k <= 1);
        }
        assert!(c.is_zero(1) && c.big.is_empty());
        assert_eq!(c.get(0) + c.get(2), 0);
        c.fill(1);
        assert_eq!((c.get(0), c.get(2)), (1, 1));
        assert!(c.at_most_one(0));
    }
}
