//! A move of the chain model: the pots one side sows in a row, every pot but the last earning a
//! free turn.

use std::fmt;

/// A chain of pots, packed in a `u64`: in the low 55 bits a leading 1 bit, then 3 bits per pot,
/// first pot highest; in the top 8 bits a move-ordering score set by the move generator.
/// Holds up to [`Chain::CAPACITY`] pots of indices below 8. `Copy`, so move lists stay flat.
/// Equality and hashing look at the pots only, not at the score.
#[derive(Clone, Copy)]
pub struct Chain(u64);

/// The bits that hold the pots.
const PATH: u64 = (1 << 55) - 1;

impl PartialEq for Chain {
    fn eq(&self, other: &Self) -> bool {
        self.0 & PATH == other.0 & PATH
    }
}

impl Eq for Chain {}

impl std::hash::Hash for Chain {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0 & PATH).hash(state);
    }
}

impl Chain {
    /// The most pots a chain holds (a 6-pot side can chain at most 17 pots without sowing
    /// round the board).
    pub const CAPACITY: usize = 18;

    /// The chain of the single pot `pot` (below 8).
    ///
    /// # Panics
    /// When `pot >= 8`.
    pub fn single(pot: usize) -> Self {
        Self::EMPTY.then(pot).expect("an empty chain has room")
    }

    /// The empty chain (not a move; the start of chain generation).
    pub const EMPTY: Self = Self(1);

    /// This chain followed by `pot`; `None` when it is full.
    ///
    /// # Panics
    /// When `pot >= 8`.
    #[must_use]
    pub fn then(self, pot: usize) -> Option<Self> {
        assert!(pot < 8, "pot {pot} does not fit in a chain");
        if self.len() == Self::CAPACITY {
            return None;
        }
        Some(Self(((self.0 & PATH) << 3) | pot as u64))
    }

    /// The same chain with a move-ordering score (higher is searched first).
    #[must_use]
    pub fn with_score(self, score: u8) -> Self {
        Self((self.0 & PATH) | (u64::from(score) << 56))
    }

    /// The move-ordering score (0 unless set).
    pub fn score(self) -> u8 {
        (self.0 >> 56) as u8
    }

    /// The number of pots.
    pub fn len(self) -> usize {
        (63 - (self.0 & PATH).leading_zeros() as usize) / 3
    }

    /// Whether the chain has no pot.
    pub fn is_empty(self) -> bool {
        self.0 & PATH == 1
    }

    /// The first pot (the one reported as "the move"); `None` for the empty chain.
    pub fn first(self) -> Option<usize> {
        self.pots().next()
    }

    /// The pots in the order they are sown.
    pub fn pots(self) -> impl Iterator<Item = usize> {
        let len = self.len();
        (0..len)
            .rev()
            .map(move |k| ((self.0 >> (3 * k)) & 7) as usize)
    }
}

impl fmt::Debug for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chain({self})")
    }
}

/// Pots joined by `-`, as in `2-5`.
impl fmt::Display for Chain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, pot) in self.pots().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{pot}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_and_unpacks_in_order() {
        let c = Chain::single(2).then(5).unwrap().then(0).unwrap();
        assert_eq!(c.len(), 3);
        assert_eq!(c.pots().collect::<Vec<_>>(), [2, 5, 0]);
        assert_eq!(c.first(), Some(2));
        assert_eq!(c.to_string(), "2-5-0");
        assert!(Chain::EMPTY.is_empty());
        assert_eq!(Chain::EMPTY.len(), 0);
        assert_ne!(Chain::single(0), Chain::EMPTY);
        let scored = c.with_score(200);
        assert_eq!(scored, c);
        assert_eq!(scored.score(), 200);
        assert_eq!(scored.pots().collect::<Vec<_>>(), [2, 5, 0]);
        assert_eq!(scored.then(1).unwrap().score(), 0);
    }

    /// Hashing agrees with equality: the pots count, the score does not. Debug names the pots.
    #[test]
    fn hash_follows_the_pots() {
        use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
        let hash = |c: Chain| BuildHasherDefault::<DefaultHasher>::default().hash_one(c);
        let c = Chain::single(2).then(5).unwrap();
        assert_eq!(hash(c.with_score(200)), hash(c));
        assert_eq!(hash(c.with_score(7)), hash(c.with_score(9)));
        assert_ne!(hash(c), hash(Chain::single(5).then(2).unwrap()));
        assert_ne!(hash(c), hash(Chain::single(2)));
        assert_eq!(format!("{:?}", c.with_score(3)), "Chain(2-5)");
    }

    #[test]
    fn capacity_is_enforced() {
        let mut c = Chain::EMPTY;
        for i in 0..Chain::CAPACITY {
            c = c.then(7 - i % 8).unwrap();
        }
        assert_eq!(c.len(), Chain::CAPACITY);
        assert!(c.then(0).is_none());
        assert_eq!(c.pots().count(), Chain::CAPACITY);
        assert_eq!(c.pots().next(), Some(7));
    }
}
