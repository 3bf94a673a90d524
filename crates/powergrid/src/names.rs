//! City names: one compact string arena and an open-addressing hash table of city ids.
//!
//! Each slot is one `u128`: the name's first [`INLINE`] bytes, a length byte, and `value + 1`
//! (0 = empty slot). A name of at most [`INLINE`] bytes is compared inside the slot, so a lookup
//! costs one cache miss; longer names are confirmed against the arena.

/// Name bytes stored inside a slot.
const INLINE: usize = 11;
/// Length byte of a name longer than [`INLINE`].
const LONG: u8 = 0xff;
/// The key part of a slot (everything but the value in the top 32 bits).
const KEY_MASK: u128 = (1 << 96) - 1;

/// The slot key of a name: inline bytes and length byte.
#[inline]
fn key(name: &[u8]) -> u128 {
    let inline = &name[..name.len().min(INLINE)];
    let (low, high) = match inline.split_first_chunk::<8>() {
        Some((first, rest)) => (u64::from_le_bytes(*first), load_le(rest)),
        None => (load_le(inline), 0),
    };
    let length = if name.len() <= INLINE {
        name.len() as u8
    } else {
        LONG
    };
    u128::from(low) | u128::from(high) << 64 | u128::from(length) << (8 * INLINE)
}

/// The bytes of `bytes` (at most 8) as a little-endian number, zero-padded: what copying them
/// into a zeroed buffer would give, with a few fixed-size loads instead of a copy loop.
#[inline]
fn load_le(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    debug_assert!(n <= 8);
    if let (Some(first), Some(last)) = (bytes.first_chunk::<4>(), bytes.last_chunk::<4>()) {
        // Overlapping halves: the shared bytes are equal, so or-ing them is harmless.
        u64::from(u32::from_le_bytes(*first))
            | u64::from(u32::from_le_bytes(*last)) << (8 * (n - 4))
    } else if n > 0 {
        u64::from(bytes[0])
            | u64::from(bytes[n / 2]) << (8 * (n / 2))
            | u64::from(bytes[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

fn is_long(key: u128) -> bool {
    (key >> (8 * INLINE)) as u8 == LONG
}

/// The value stored in a slot (`None` for an empty slot).
#[inline]
fn value(slot: u128) -> Option<u32> {
    ((slot >> 96) as u32).checked_sub(1)
}

/// A fast multiplicative hash over 8-byte words (the names are short and not adversarial).
#[inline]
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
        h = (h.rotate_left(5) ^ load_le(rest)).wrapping_mul(K);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(K);
    h ^ (h >> 32)
}

/// The city names, in declaration order, with O(1) lookup by name.
#[derive(Debug, Clone)]
pub(crate) struct NameTable {
    /// Every name, concatenated.
    text: String,
    /// `ends[i]` is where name `i` ends in `text` (it starts where name `i - 1` ends).
    ends: Vec<usize>,
    /// Linear-probing slots (see the module documentation); the value is the city id.
    slots: Slots,
}

impl NameTable {
    /// An empty table sized for about `capacity` names.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        Self {
            text: String::new(),
            ends: Vec::with_capacity(capacity),
            slots: Slots::new(slot_count(capacity)),
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

    /// `Ok(slot index)` of `name`, or `Err(index of the empty slot where it would go)`.
    #[inline]
    fn find(&self, name: &str) -> Result<usize, usize> {
        let key = key(name.as_bytes());
        let long = is_long(key);
        let mut i = first_slot(name, self.slots.len());
        loop {
            let slot = self.slots.get(i);
            let Some(id) = value(slot) else {
                return Err(i);
            };
            if slot & KEY_MASK == key && (!long || self.name(id as usize) == name) {
                return Ok(i);
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
        }
    }

    /// The id of `name`.
    #[inline]
    pub(crate) fn get(&self, name: &str) -> Option<usize> {
        let i = self.find(name).ok()?;
        value(self.slots.get(i)).map(|id| id as usize)
    }

    /// Adds `name` and returns its id, or `Err(existing id)` when it is already there.
    pub(crate) fn insert(&mut self, name: &str) -> Result<usize, usize> {
        if slot_count(self.ends.len() + 1) > self.slots.len() {
            self.grow();
        }
        match self.find(name) {
            Ok(i) => Err(value(self.slots.get(i)).unwrap_or_default() as usize),
            Err(i) => {
                let id = self.ends.len();
                self.text.push_str(name);
                self.ends.push(self.text.len());
                self.slots
                    .set(i, key(name.as_bytes()) | (id as u128 + 1) << 96);
                Ok(id)
            }
        }
    }

    /// Doubles the slot array and re-inserts every id.
    fn grow(&mut self) {
        self.slots = Slots::new(self.slots.len() * 2);
        for id in 0..self.ends.len() {
            let name = self.name(id);
            if let Err(i) = self.find(name) {
                self.slots
                    .set(i, key(name.as_bytes()) | (id as u128 + 1) << 96);
            }
        }
    }

    /// A map from the short names (at most [`INLINE`] bytes) to `values[id]`, with the same
    /// layout, so looking a name up costs one cache miss and no detour through the city id.
    pub(crate) fn short_name_map(&self, values: &[u32]) -> ShortNameMap {
        let slots = self.slots.map(|slot| match value(slot) {
            Some(id) if !is_long(slot & KEY_MASK) => {
                slot & KEY_MASK | (values[id as usize] as u128 + 1) << 96
            }
            _ => slot,
        });
        ShortNameMap { slots }
    }
}

/// Slots for `names` names: at most 80% full (linear probing stays short with a good hash).
fn slot_count(names: usize) -> usize {
    (names + names / 4).max(16)
}

/// Slots per cache line.
const PER_LINE: usize = 4;

/// Slots grouped by cache line: a probe starts at the beginning of a line, so a name found in
/// the first [`PER_LINE`] slots of its probe (most of them) costs one cache miss.
#[derive(Debug, Clone)]
struct Slots {
    lines: Vec<CacheLine>,
}

/// One cache line of slots.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
struct CacheLine([u128; PER_LINE]);

impl Slots {
    /// At least `len` empty slots (whole lines).
    fn new(len: usize) -> Self {
        Self {
            lines: vec![CacheLine::default(); len.div_ceil(PER_LINE)],
        }
    }

    fn len(&self) -> usize {
        self.lines.len() * PER_LINE
    }

    #[inline]
    fn get(&self, i: usize) -> u128 {
        self.lines[i / PER_LINE].0[i % PER_LINE]
    }

    fn set(&mut self, i: usize, slot: u128) {
        self.lines[i / PER_LINE].0[i % PER_LINE] = slot;
    }

    /// The same slots with `f` applied to each.
    fn map(&self, f: impl Fn(u128) -> u128) -> Self {
        let lines = self
            .lines
            .iter()
            .map(|line| CacheLine(line.0.map(&f)))
            .collect();
        Self { lines }
    }
}

/// Where the probe for `name` starts in a table of `len` slots: the first slot of a cache line
/// (multiply-shift range reduction over the lines).
#[inline]
fn first_slot(name: &str, len: usize) -> usize {
    let lines = (len / PER_LINE) as u128;
    ((u128::from(hash(name.as_bytes())) * lines) >> 64) as usize * PER_LINE
}

/// The answer of [`ShortNameMap::get`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// The name's value.
    Found(u32),
    /// No such name.
    Missing,
    /// The name is too long for this map: ask the [`NameTable`].
    Long,
}

/// Short names to values (built by [`NameTable::short_name_map`]).
#[derive(Debug, Clone)]
pub(crate) struct ShortNameMap {
    slots: Slots,
}

/// A lookup begun by [`ShortNameMap::start`]: the key and where its probe starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Probe {
    key: u128,
    start: usize,
}

impl ShortNameMap {
    /// The value of `name`.
    #[cfg(test)]
    pub(crate) fn get(&self, name: &str) -> Lookup {
        match self.start(name) {
            Some(probe) => self.finish(probe, self.first(probe)),
            None => Lookup::Long,
        }
    }

    /// Begins looking `name` up: hashes it, touches no table memory (`None` for a long name).
    #[inline]
    pub(crate) fn start(&self, name: &str) -> Option<Probe> {
        let key = key(name.as_bytes());
        if is_long(key) {
            return None;
        }
        Some(Probe {
            key,
            start: first_slot(name, self.slots.len()),
        })
    }

    /// The first slot of a probe: the one load that usually misses the cache. Issuing these
    /// loads back to back for several probes (a few instructions each) lets their misses
    /// overlap; the out-of-order window would not reach across the hashing of several names.
    #[inline]
    pub(crate) fn first(&self, probe: Probe) -> u128 {
        self.slots.get(probe.start)
    }

    /// Completes a lookup, given its [`Self::first`] slot.
    #[inline]
    pub(crate) fn finish(&self, probe: Probe, first: u128) -> Lookup {
        let Probe { key, start } = probe;
        let mut i = start;
        let mut slot = first;
        loop {
            let Some(v) = value(slot) else {
                return Lookup::Missing;
            };
            if slot & KEY_MASK == key {
                return Lookup::Found(v);
            }
            i += 1;
            if i == self.slots.len() {
                i = 0;
            }
            slot = self.slots.get(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_finds_and_rejects_duplicates() {
        let mut t = NameTable::with_capacity(1);
        let mut names: Vec<String> = (0..1000).map(|i| format!("city{i}")).collect();
        // Long names sharing their first 11 bytes, and names with a zero byte.
        names.extend((0..50).map(|i| format!("a-very-long-city-name-{i}")));
        names.extend(["x\0".to_owned(), "x".to_owned(), "é".to_owned()]);
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.insert(n), Ok(i), "{n}");
        }
        assert_eq!(t.insert("city17"), Err(17));
        assert_eq!(t.insert("a-very-long-city-name-3"), Err(1003));
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.get(n), Some(i));
            assert_eq!(t.name(i), n);
        }
        for missing in [
            "city1000",
            "",
            "a-very-long-city-name-",
            "a-very-long-city-name-99",
        ] {
            assert_eq!(t.get(missing), None, "{missing}");
        }
        assert_eq!(t.len(), names.len());

        let doubled: Vec<u32> = (0..names.len() as u32).map(|i| i * 2).collect();
        let map = t.short_name_map(&doubled);
        assert_eq!(map.get("city17"), Lookup::Found(34));
        assert_eq!(map.get("x"), Lookup::Found(2 * 1051));
        assert_eq!(map.get("nowhere"), Lookup::Missing);
        assert_eq!(map.get("a-very-long-city-name-3"), Lookup::Long);
    }

    #[test]
    fn the_empty_name_is_short() {
        // Its length byte is 0: `short_name_map` must give it its value like any short name.
        let mut t = NameTable::with_capacity(4);
        for (i, n) in ["", "b", "a-very-long-city-name"].iter().enumerate() {
            assert_eq!(t.insert(n), Ok(i));
        }
        let map = t.short_name_map(&[7, 8, 9]);
        assert_eq!(map.get(""), Lookup::Found(7));
        assert_eq!(map.get("b"), Lookup::Found(8));
        assert_eq!(map.get("a-very-long-city-name"), Lookup::Long);
        assert_eq!(t.get(""), Some(0));
    }

    #[test]
    fn slots_stay_at_most_80_percent_full_and_grow_by_doubling() {
        for names in 0..5000 {
            let slots = slot_count(names);
            // A quarter more slots than names (at most 80% full), but no more than twice.
            assert!(
                slots >= 16 && slots >= names + names / 4,
                "{names}: {slots}"
            );
            assert!(slots <= 2 * names + 16, "{names}: {slots}");
        }
        let mut t = NameTable::with_capacity(1);
        for i in 0..3000 {
            t.insert(&format!("n{i}")).unwrap();
            let (len, slots) = (t.len(), t.slots.len());
            // Enough room (at most 80% full) but never more than twice what is needed, and
            // only ever doubled from the first 16 slots.
            assert!(slots >= slot_count(len), "{len} names in {slots} slots");
            assert!(slots < 2 * slot_count(len), "{len} names in {slots} slots");
            assert!(slots % 16 == 0 && (slots / 16).is_power_of_two(), "{slots}");
        }
    }

    #[test]
    fn word_loads_match_byte_copies() {
        let text = b"abcdefghijklmnopqrstuvwxyz\xff\x00\x80";
        for start in 0..4 {
            for len in 0..=20 {
                let bytes = &text[start..start + len];
                if len <= 8 {
                    let mut buf = [0u8; 8];
                    buf[..len].copy_from_slice(bytes);
                    assert_eq!(load_le(bytes), u64::from_le_bytes(buf), "{len}");
                }
                let mut buf = [0u8; 16];
                let inline = len.min(INLINE);
                buf[..inline].copy_from_slice(&bytes[..inline]);
                buf[INLINE] = if len <= INLINE { len as u8 } else { LONG };
                assert_eq!(key(bytes), u128::from_le_bytes(buf), "{len}");
            }
        }
    }
}
