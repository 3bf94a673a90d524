//! City names interned once to dense indices, and the closest known name for a misspelt one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// A fast hasher for short names (a folded multiply per 8 bytes). Not resistant to crafted
/// collisions, which a local map file has no reason to contain.
#[derive(Default, Clone, Copy)]
pub(crate) struct NameHasher {
    hash: u64,
}

const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl NameHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        let product = u128::from(self.hash ^ word) * u128::from(MULTIPLIER);
        self.hash = (product as u64) ^ ((product >> 64) as u64);
    }
}

impl Hasher for NameHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let tail = chunks.remainder();
        let mut word = [0; 8];
        word[..tail.len()].copy_from_slice(tail);
        self.mix(u64::from_le_bytes(word) ^ ((bytes.len() as u64) << 56));
    }

    #[inline]
    fn write_u8(&mut self, byte: u8) {
        self.mix(u64::from(byte));
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// Names and their dense indices, in order of first appearance.
#[derive(Debug, Clone, Default)]
pub(crate) struct Names {
    index: HashMap<Arc<str>, u32, BuildHasherDefault<NameHasher>>,
    names: Vec<Arc<str>>,
}

impl Names {
    /// The index of `name`, interning it when new; `None` when 2^32 - 1 names are already there.
    #[inline]
    pub(crate) fn intern(&mut self, name: &str) -> Option<u32> {
        if let Some(&i) = self.index.get(name) {
            return Some(i);
        }
        let i = u32::try_from(self.names.len())
            .ok()
            .filter(|&i| i < u32::MAX)?;
        let name: Arc<str> = Arc::from(name);
        self.names.push(Arc::clone(&name));
        self.index.insert(name, i);
        Some(i)
    }

    pub(crate) fn get(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    pub(crate) fn name(&self, i: u32) -> &str {
        &self.names[i as usize]
    }

    pub(crate) fn len(&self) -> usize {
        self.names.len()
    }

    /// The known name closest to `name` in edit distance (letter case ignored), when it is close:
    /// at most a third of the name's length (at least 1). Ties go to the name seen first.
    pub(crate) fn closest(&self, name: &str) -> Option<&str> {
        let wanted: Vec<char> = name.chars().flat_map(char::to_lowercase).collect();
        let limit = (wanted.len() / 3).max(1);
        let mut best: Option<(usize, &str)> = None;
        let mut row = Vec::new();
        let mut candidate = Vec::new();
        for known in &self.names {
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
    fn closest_name() {
        let n = names(&["Bremen", "Kassel", "London", "Luebeck", "Hannover"]);
        assert_eq!(n.closest("Londn"), Some("London"));
        assert_eq!(n.closest("london"), Some("London"));
        assert_eq!(n.closest("Hanover"), Some("Hannover"));
        assert_eq!(n.closest("Paris"), None);
        assert_eq!(n.closest("X"), None);
        assert_eq!(Names::default().closest("Bremen"), None);
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
}
