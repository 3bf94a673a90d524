//! City names: one compact string arena and an open-addressing hash table of city ids.

/// The city names, in declaration order, with O(1) lookup by name.
#[derive(Debug, Clone, Default)]
pub(crate) struct NameTable {
    /// Every name, concatenated.
    text: String,
    /// `ends[i]` is where name `i` ends in `text` (it starts where name `i - 1` ends).
    ends: Vec<usize>,
    /// Linear-probing slots: `(hash fingerprint << 32) | (id + 1)`, 0 when empty.
    slots: Vec<u64>,
}

/// A fast multiplicative hash over 8-byte words (the names are short and not adversarial).
fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let mut h = bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        h = (h.rotate_left(5) ^ word).wrapping_mul(K);
    }
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(K);
    h ^ (h >> 32)
}

impl NameTable {
    /// An empty table sized for about `capacity` names of `bytes` bytes in all.
    pub(crate) fn with_capacity(capacity: usize, bytes: usize) -> Self {
        let slots = (capacity * 2).next_power_of_two().max(16);
        Self {
            text: String::with_capacity(bytes),
            ends: Vec::with_capacity(capacity),
            slots: vec![0; slots],
        }
    }

    /// The number of names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Name `id`.
    pub(crate) fn name(&self, id: usize) -> &str {
        let start = if id == 0 { 0 } else { self.ends[id - 1] };
        &self.text[start..self.ends[id]]
    }

    /// The slot holding `name`, or the empty slot where it would go; with its fingerprinted entry.
    #[inline]
    fn find(&self, name: &str) -> (usize, u64) {
        let h = hash(name.as_bytes());
        let fingerprint = h >> 32;
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return (i, fingerprint << 32);
            }
            if slot >> 32 == fingerprint && self.name((slot as u32 - 1) as usize) == name {
                return (i, slot);
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of `name`.
    #[inline]
    pub(crate) fn get(&self, name: &str) -> Option<usize> {
        let (i, _) = self.find(name);
        let slot = self.slots[i];
        (slot != 0).then(|| (slot as u32 - 1) as usize)
    }

    /// Adds `name` and returns its id, or `Err(existing id)` when it is already there.
    pub(crate) fn insert(&mut self, name: &str) -> Result<usize, usize> {
        if (self.ends.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let (i, entry) = self.find(name);
        if self.slots[i] != 0 {
            return Err((entry as u32 - 1) as usize);
        }
        let id = self.ends.len();
        self.text.push_str(name);
        self.ends.push(self.text.len());
        self.slots[i] = entry | (id as u64 + 1);
        Ok(id)
    }

    /// Doubles the slot array and re-inserts every id.
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        for id in 0..self.ends.len() {
            let (i, entry) = self.find(self.name(id));
            self.slots[i] = entry | (id as u64 + 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_finds_and_rejects_duplicates() {
        let mut t = NameTable::with_capacity(1, 0);
        let names: Vec<String> = (0..1000).map(|i| format!("city{i}")).collect();
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.insert(n), Ok(i));
        }
        assert_eq!(t.insert("city17"), Err(17));
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.get(n), Some(i));
            assert_eq!(t.name(i), n);
        }
        assert_eq!(t.get("city1000"), None);
        assert_eq!(t.get(""), None);
        assert_eq!(t.len(), 1000);
    }
}
