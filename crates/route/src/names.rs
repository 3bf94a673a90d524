//! City names interned once to dense indices, and the closest known name for a misspelt one.

/// Hashes a name: a folded multiply per 8 bytes, the length folded into the last word. Fast
/// for short names; not resistant to crafted collisions, which a local map file has no reason to
/// contain (they would only slow the parse down).
#[inline]
pub(crate) fn hash(name: &str) -> u64 {
    const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;
    let mix = |hash: u64, word: u64| {
        let product = u128::from(hash ^ word) * u128::from(MULTIPLIER);
        (product as u64) ^ ((product >> 64) as u64)
    };
    let bytes = name.as_bytes();
    let word = |at: usize| {
        let mut word = [0; 8];
        word.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(word)
    };
    let half = |at: usize| {
        let mut half = [0; 4];
        half.copy_from_slice(&bytes[at..at + 4]);
        u64::from(u32::from_le_bytes(half))
    };
    let len = bytes.len();
    let mut hash = 0x243F_6A88_85A3_08D3;
    let mut at = 0;
    while at + 8 < len {
        hash = mix(hash, word(at));
        at += 8;
    }
    // The last 1 to 8 bytes, read without a variable-length copy (possibly overlapping the
    // previous word: the length folded in keeps distinct names apart).
    let last = match len {
        8.. => word(len - 8),
        4..=7 => half(0) | (half(len - 4) << 32),
        1..=3 => {
            u64::from(bytes[0])
                | (u64::from(bytes[len / 2]) << 8)
                | (u64::from(bytes[len - 1]) << 16)
        }
        0 => 0,
    };
    mix(hash, last ^ ((len as u64) << 56))
}

/// The most names a [`Names`] holds: 2^32 - 2 (the limit `LineError::TooLarge` reports); every
/// index plus one fits in a slot's 32 bits, 0 marking an empty slot.
const MAX_NAMES: usize = u32::MAX as usize - 1;

/// The index of the next name when `len` names are there: `None` from [`MAX_NAMES`] on.
fn next_index(len: usize) -> Option<u32> {
    u32::try_from(len).ok().filter(|_| len < MAX_NAMES)
}

/// Names and their dense indices, in order of first appearance: the names' bytes one after the
/// other in one string, and an open-addressing table (linear probing, at most half full) whose
/// slots hold the upper half of a name's hash and its index plus one (0: empty). One hash and
/// no allocation per name; a lookup reads one slot and compares bytes only on a hash match.
#[derive(Debug, Clone)]
pub(crate) struct Names {
    slots: Vec<u64>,
    /// `text[starts[i]..starts[i + 1]]` is name `i`; `starts` begins with 0.
    starts: Vec<usize>,
    text: String,
}

impl Default for Names {
    fn default() -> Self {
        Self::with_capacity(0)
    }
}

impl Names {
    /// An empty set with room for about `capacity` names before it grows.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        let slots = (capacity.max(8) * 2).next_power_of_two();
        Self {
            slots: vec![0; slots],
            starts: {
                let mut starts = Vec::with_capacity(capacity + 1);
                starts.push(0);
                starts
            },
            text: String::new(),
        }
    }

    /// The slot holding `name` (`Ok`) or the empty slot where it would go (`Err`).
    #[inline]
    fn find(&self, name: &str, hash: u64) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let tag = hash >> 32;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(i);
            }
            if slot >> 32 == tag && self.name((slot as u32) - 1) == name {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The index of `name`, interning it when new; `None` when [`MAX_NAMES`] names are already
    /// there.
    #[inline]
    pub(crate) fn intern(&mut self, name: &str) -> Option<u32> {
        self.intern_hashed(name, hash(name))
    }

    /// Reads the first slot a name with hash `h` would probe and returns it: loading the slots
    /// of a batch of names before interning them lets the memory accesses overlap.
    #[inline]
    pub(crate) fn touch(&self, h: u64) -> u64 {
        self.slots[h as usize & (self.slots.len() - 1)]
    }

    /// [`Names::intern`] for a name whose [`hash`] is `h`.
    #[inline]
    pub(crate) fn intern_hashed(&mut self, name: &str, h: u64) -> Option<u32> {
        match self.find(name, h) {
            Ok(slot) => Some((self.slots[slot] as u32) - 1),
            Err(mut slot) => {
                let index = next_index(self.len())?;
                if 2 * (self.len() + 1) > self.slots.len() {
                    self.grow();
                    slot = self.find(name, h).unwrap_err();
                }
                self.slots[slot] = (h >> 32 << 32) | u64::from(index + 1);
                self.text.push_str(name);
                self.starts.push(self.text.len());
                Some(index)
            }
        }
    }

    fn grow(&mut self) {
        let mask = self.slots.len() * 2 - 1;
        let mut slots = vec![0; self.slots.len() * 2];
        for index in 0..self.len() as u32 {
            let h = hash(self.name(index));
            let mut i = h as usize & mask;
            while slots[i] != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = (h >> 32 << 32) | u64::from(index + 1);
        }
        self.slots = slots;
    }

    pub(crate) fn get(&self, name: &str) -> Option<u32> {
        self.find(name, hash(name))
            .ok()
            .map(|slot| (self.slots[slot] as u32) - 1)
    }

    #[inline]
    pub(crate) fn name(&self, i: u32) -> &str {
        let i = i as usize;
        &self.text[self.starts[i]..self.starts[i + 1]]
    }

    pub(crate) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The known name closest to `name` in edit distance (letter case ignored), when it is close:
    /// at most a third of the name's length (at least 1). Ties go to the name seen first.
    pub(crate) fn closest(&self, name: &str) -> Option<&str> {
        let wanted: Vec<char> = name.chars().flat_map(char::to_lowercase).collect();
        let limit = (wanted.len() / 3).max(1);
        let mut best: Option<(usize, &str)> = None;
        let mut row = Vec::new();
        let mut candidate = Vec::new();
        for index in 0..self.len() as u32 {
            let known = self.name(index);
            candidate.clear();
            candidate.extend(known.chars().flat_map(char::to_lowercase));
            let bound = best.map_or(limit, |(d, _)| d.saturating_sub(1));
            if candidate.len().abs_diff(wanted.len()) > bound {
                continue;
            }
            let d = edit_distance(&wanted, &candidate, &mut row);
            if d <= bound && best.is_none_or(|(b, _)| d < b) {
                best = Some((d, known));
            }
        }
        best.map(|(_, known)| known)
    }
}

/// Levenshtein distance with one reusable row.
fn edit_distance(a: &[char], b: &[char], row: &mut Vec<usize>) -> usize {
    row.clear();
    row.extend(0..=b.len());
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Names {
        let mut names = Names::default();
        for n in list {
            names.intern(n);
        }
        names
    }

    #[test]
    fn interning_is_dense_and_case_sensitive() {
        let mut n = names(&["Bremen", "Kassel"]);
        assert_eq!(n.intern("Bremen"), Some(0));
        assert_eq!(n.intern("bremen"), Some(2));
        assert_eq!(n.get("Kassel"), Some(1));
        assert_eq!(n.get("kassel"), None);
        assert_eq!(n.name(2), "bremen");
        assert_eq!(n.len(), 3);
    }

    #[test]
    fn capacity_is_room_without_growing() {
        // At most half full: `capacity` names fit in the slots made for them.
        for capacity in [0, 1, 8, 9, 100, 1000] {
            let n = Names::with_capacity(capacity);
            let slots = n.slots.len();
            assert!(
                slots.is_power_of_two() && slots >= 2 * capacity.max(8),
                "{capacity}"
            );
            assert!(slots < 4 * capacity.max(8), "{capacity}: {slots}");
        }
    }

    #[test]
    fn indices_stop_at_the_limit() {
        assert_eq!(next_index(0), Some(0));
        assert_eq!(next_index(MAX_NAMES - 1), Some(u32::MAX - 2));
        for len in [MAX_NAMES, MAX_NAMES + 1, usize::MAX] {
            assert_eq!(next_index(len), None, "{len}");
        }
    }

    /// The table is never more than half full, and `capacity` names fit without growing.
    #[test]
    fn at_most_half_full_and_room_for_capacity() {
        for capacity in [0, 8, 9, 16, 100] {
            let mut n = Names::with_capacity(capacity);
            let made = n.slots.len();
            for i in 0..3 * made {
                n.intern(&format!("n{i}"));
                assert!(2 * n.len() <= n.slots.len(), "{capacity}: {i}");
                if i < capacity {
                    assert_eq!(n.slots.len(), made, "{capacity}: {i}");
                }
            }
        }
    }

    #[test]
    fn growing_keeps_every_name() {
        let mut n = Names::default();
        for i in 0..10_000 {
            assert_eq!(n.intern(&format!("city{i}")), Some(i));
        }
        for i in (0..10_000).rev() {
            assert_eq!(n.get(&format!("city{i}")), Some(i));
            assert_eq!(n.name(i), format!("city{i}"));
        }
        assert_eq!(n.get("city10000"), None);
        assert_eq!(n.get(""), None);
        assert_eq!(n.intern(""), Some(10_000));
        assert_eq!(n.get(""), Some(10_000));
    }

    #[test]
    fn closest_name() {
        let n = names(&["Bremen", "Kassel", "London", "Luebeck", "Hannover"]);
        assert_eq!(n.closest("Londn"), Some("London"));
        assert_eq!(n.closest("london"), Some("London"));
        assert_eq!(n.closest("Hanover"), Some("Hannover"));
        assert_eq!(n.closest("Paris"), None);
        assert_eq!(n.closest("X"), None);
        assert_eq!(Names::default().closest("Bremen"), None);
        // Ties go to the name seen first, in either order, also between names that differ only
        // in case (both at distance 0).
        assert_eq!(names(&["Hamm", "Hama"]).closest("hamx"), Some("Hamm"));
        assert_eq!(names(&["Hama", "Hamm"]).closest("hamx"), Some("Hama"));
        assert_eq!(
            names(&["Bremen", "bremen"]).closest("BREMEN"),
            Some("Bremen")
        );
        assert_eq!(
            names(&["bremen", "Bremen"]).closest("BREMEN"),
            Some("bremen")
        );
    }

    #[test]
    fn edit_distances() {
        let d = |a: &str, b: &str| {
            let a: Vec<char> = a.chars().collect();
            let b: Vec<char> = b.chars().collect();
            edit_distance(&a, &b, &mut Vec::new())
        };
        assert_eq!(d("kitten", "sitting"), 3);
        assert_eq!(d("", "abc"), 3);
        assert_eq!(d("abc", "abc"), 0);
        assert_eq!(d("Düsseldorf", "Dusseldorf"), 1);
    }

    /// Two distinct names whose hashes agree in the bits a fresh table reads: the tag (upper
    /// 32 bits) and the first slot (low 4 bits of 16 slots), found by a birthday search over
    /// numbered names (about 2^18 of them for 36 bits).
    fn tag_and_slot_collision() -> (String, String) {
        let mut seen = std::collections::HashMap::new();
        let first_slots = Names::default().slots.len() as u64 - 1;
        for i in 0u32.. {
            let name = format!("c{i}");
            let h = hash(&name);
            let key = (h >> 32, h & first_slots);
            if let Some(other) = seen.insert(key, name.clone()) {
                return (other, name);
            }
        }
        unreachable!("a birthday collision within 2^32 names")
    }

    /// A name whose tag and first slot are another's is still told apart by its bytes.
    #[test]
    fn equal_tags_compare_names() {
        let (a, b) = tag_and_slot_collision();
        assert_ne!(a, b);
        let (ha, hb) = (hash(&a), hash(&b));
        assert_eq!((ha >> 32, ha & 15), (hb >> 32, hb & 15));
        let mut n = Names::default();
        assert_eq!(n.intern(&a), Some(0));
        assert_eq!(n.get(&b), None);
        assert_eq!(n.intern(&b), Some(1));
        assert_eq!((n.get(&a), n.get(&b)), (Some(0), Some(1)));
        assert_eq!((n.name(0), n.name(1)), (&*a, &*b));
    }
}
