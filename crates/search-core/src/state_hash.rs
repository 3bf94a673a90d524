//! A fast, non-cryptographic hasher for state maps whose keys no adversary chooses (the FxHash
//! multiply-rotate scheme).

use std::hash::{BuildHasherDefault, Hasher};

/// FxHash: one rotate, xor and multiply per word.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` with [`FxHasher`].
pub(crate) type FxHashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;
/// A `HashSet` with [`FxHasher`].
pub(crate) type FxHashSet<K> = std::collections::HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    /// FxHash written out: for each word, rotate the state left by 5, xor the word, multiply by
    /// the seed.
    fn reference(words: &[u64]) -> u64 {
        words.iter().fold(0u64, |state, &word| {
            (state.rotate_left(5) ^ word).wrapping_mul(SEED)
        })
    }

    #[test]
    fn every_write_is_one_fxhash_step_per_word() {
        let words = [0x1234_5678_9abc_def0, u64::MAX, 7, 0x8000_0000_0000_0001];
        let mut hasher = FxHasher::default();
        for (i, &w) in words.iter().enumerate() {
            match i {
                0 => hasher.write_u64(w),
                1 => hasher.write_usize(w as usize),
                _ => hasher.write_u64(w),
            }
            assert_eq!(
                hasher.finish(),
                reference(&words[..=i]),
                "after {} words",
                i + 1
            );
        }
        let mut small = FxHasher::default();
        small.write_u8(0xab);
        small.write_u16(0xcdef);
        small.write_u32(0x0123_4567);
        assert_eq!(small.finish(), reference(&[0xab, 0xcdef, 0x0123_4567]));
    }

    #[test]
    fn bytes_are_hashed_as_little_endian_words_then_single_bytes() {
        let bytes: Vec<u8> = (1..=19).collect();
        let mut hasher = FxHasher::default();
        hasher.write(&bytes);
        let word = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
        let tail: Vec<u64> = bytes[16..].iter().map(|&b| u64::from(b)).collect();
        let expected = reference(&[&[word(0), word(8)][..], &tail].concat());
        assert_eq!(hasher.finish(), expected);
        // Distinct states get distinct keys through the maps.
        let set: FxHashSet<u32> = (0..1000).collect();
        assert_eq!(set.len(), 1000);
        let map: FxHashMap<u8, u8> = [(1, 2)].into_iter().collect();
        assert_eq!(map.get(&1), Some(&2));
    }
}
