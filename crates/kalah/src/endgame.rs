//! Endgame databases by retrograde analysis: the exact value of every position with at most
//! `S` seeds left in the houses, one byte per position.
//!
//! A position (see [`Position`]) is the `2P` house counts from the side to move's view; its
//! value is the margin the side to move gets from the seeds still in the houses. Positions
//! are indexed combinatorially: those with at most `S` seeds in `2P` houses are ranked in
//! lexicographic order of their house counts, `C(S + 2P, 2P)` of them, with no gaps.
//!
//! Building goes level by level (seeds in the houses, 0 to `S`): a move either banks seeds (its
//! child is on a lower level, already built) or only moves the mover's seeds towards its store,
//! which lowers the potential `Σ seeds × distance to their owner's store` (a child on the same
//! level with a smaller potential). Within a level, positions are visited in an order that keeps
//! the children's lookups in cache, and a same-level child not computed yet is computed first
//! (an explicit stack; the potential bounds its depth): one pass, no fixed-point iteration.
//!
//! The stones per house at the start do not matter: one database serves every Kalah(P, ·) with
//! the same capture and end rules.

use crate::error::{DatabaseError, Error};
use crate::exact::{HOUSES, Position};
use crate::rules::{CaptureRule, EndRule, Rules};
use std::io::{Read, Write};
use std::sync::atomic::AtomicI8;
use std::sync::atomic::Ordering::Relaxed;

/// The file header's first bytes.
const MAGIC: &[u8; 8] = b"KALAHDB1";

/// The largest `S` a database may have (values are single signed bytes).
pub const MAX_DB_SEEDS: u32 = 60;

/// `C(n, k)` in `u64` (saturating; the sizes used here are far below).
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * u128::from(n - i) / u128::from(i + 1);
    }
    u64::try_from(c).unwrap_or(u64::MAX)
}

/// Ranks positions with at most `seeds` seeds in `parts` houses (lexicographic order).
#[derive(Debug, Clone)]
struct Ranker {
    parts: usize,
    seeds: usize,
    /// `step[(i * (S + 1) + r) * (S + 1) + h]`: positions before those whose house `i` holds `h`
    /// when `r` seeds are left for houses `i..`.
    step: Vec<u64>,
}

impl Ranker {
    fn new(parts: usize, seeds: u32) -> Self {
        let s = seeds as usize;
        let mut step = vec![0; parts * (s + 1) * (s + 1)];
        for i in 0..parts {
            let m = (parts - 1 - i) as u64;
            for r in 0..=s {
                let mut acc = 0;
                for h in 0..=r {
                    step[(i * (s + 1) + r) * (s + 1) + h] = acc;
                    acc += binomial((r - h) as u64 + m, m);
                }
            }
        }
        Self {
            parts,
            seeds: s,
            step,
        }
    }

    fn len(&self) -> u64 {
        binomial((self.seeds + self.parts) as u64, self.parts as u64)
    }

    /// The rank of `houses` (their sum must be at most `seeds`).
    fn rank(&self, houses: &[u8; HOUSES]) -> usize {
        let s1 = self.seeds + 1;
        let mut r = self.seeds;
        let mut index = 0u64;
        for (i, &h) in houses[..self.parts].iter().enumerate() {
            let h = usize::from(h);
            index += self.step[(i * s1 + r) * s1 + h];
            r -= h;
        }
        index as usize
    }
}

/// The exact values of every position with at most [`seeds`](Self::seeds) seeds in the houses
/// for one board size and rule set.
///
/// # Example
///
/// ```
/// use kalah::{EndgameDb, Position, Rules, CaptureRule};
///
/// let rules = Rules::new(3, 1).unwrap().with_capture(CaptureRule::OppositeNonEmpty);
/// let db = EndgameDb::build(rules, 4, &mut |_, _| {});
/// // The mover's single seed next to its store earns a free turn, then the game is over
/// // (its row is empty); the opponent keeps its seed: a draw.
/// let pos = Position::from_rows(&[0, 0, 1], &[1, 0, 0]);
/// assert_eq!(db.value(&pos), Some(0));
/// let mut bytes = Vec::new();
/// db.write_to(&mut bytes).unwrap();
/// assert_eq!(EndgameDb::read_from(&mut bytes.as_slice(), rules, 4).unwrap().value(&pos), Some(0));
/// ```
#[derive(Debug, Clone)]
pub struct EndgameDb {
    rules: Rules,
    ranker: Ranker,
    values: Vec<i8>,
}

/// Marks a value not computed yet while a level is built (real values lie in `-60..=60`).
const UNKNOWN: i8 = i8::MIN;

/// The rows of one side with at most `S` seeds, grouped by seeds, each in lexicographic order.
fn rows_by_seeds(p: usize, max: u32) -> Vec<Vec<[u8; HOUSES / 2]>> {
    let mut groups = vec![Vec::new(); max as usize + 1];
    // An odometer over the rows, in lexicographic order.
    let mut row = [0u8; HOUSES / 2];
    loop {
        let seeds: usize = row[..p].iter().map(|&h| usize::from(h)).sum();
        groups[seeds].push(row);
        // Next row: bump the last house that can take a seed, zero the ones after it.
        let Some(i) = (0..p).rev().find(|&i| {
            let before: usize = row[..i].iter().map(|&h| usize::from(h)).sum();
            before + usize::from(row[i]) < max as usize
        }) else {
            break;
        };
        row[i] += 1;
        row[i + 1..p].fill(0);
    }
    groups
}

/// What the threads building one database share: the positions' values so far (atomics: a
/// value is written once, and a thread finding a child not computed yet computes it itself,
/// so every thread sees either the unknown mark or the one true value).
struct Shared<'a> {
    rules: Rules,
    ranker: &'a Ranker,
    values: &'a [AtomicI8],
    rows: &'a [Vec<[u8; HOUSES / 2]>],
}

/// One thread's part of a level: the state of its pass.
struct Builder<'a> {
    shared: &'a Shared<'a>,
    /// Positions waiting for a child on their own level (explicit stack, no recursion).
    pending: Vec<[u8; HOUSES]>,
}

impl Builder<'_> {
    /// Computes the positions of `level` seeds in part `part` of `parts`. For each split of
    /// the level's seeds between the rows, the opponent's row is the outer loop: the children
    /// of positions sharing it have (nearly) the same first half, so their ranks are close
    /// together and the lookups stay in cache. A child on the same level not computed yet is
    /// computed first (it has a smaller potential, so this ends).
    fn level(&mut self, level: usize, part: usize, parts: usize) {
        let p = usize::from(self.shared.rules.pots());
        let rows = self.shared.rows;
        for b in 0..=level {
            let (mine, theirs) = (&rows[level - b], &rows[b]);
            let total = mine.len() * theirs.len();
            for k in total * part / parts..total * (part + 1) / parts {
                let mut houses = [0u8; HOUSES];
                houses[..p].copy_from_slice(&mine[k % mine.len()][..p]);
                houses[p..2 * p].copy_from_slice(&theirs[k / mine.len()][..p]);
                if self.get(&houses) == UNKNOWN {
                    self.pending.push(houses);
                    self.drain();
                }
            }
        }
    }

    fn get(&self, houses: &[u8; HOUSES]) -> i8 {
        self.shared.values[self.shared.ranker.rank(houses)].load(Relaxed)
    }

    /// Computes the pending positions, pushing their unknown children first.
    fn drain(&mut self) {
        while let Some(&houses) = self.pending.last() {
            match self.evaluate(houses) {
                Ok(value) => {
                    let index = self.shared.ranker.rank(&houses);
                    self.shared.values[index].store(i8::try_from(value).unwrap_or(0), Relaxed);
                    self.pending.pop();
                }
                Err(child) => self.pending.push(child),
            }
        }
    }

    /// The value of `houses` from its children, or `Err(child)`: a child not computed yet.
    fn evaluate(&self, houses: [u8; HOUSES]) -> Result<i32, [u8; HOUSES]> {
        let pos = Position::from_houses(houses);
        let rules = self.shared.rules;
        let p = usize::from(rules.pots());
        if let Some(v) = pos.terminal_value(p, rules.end) {
            return Ok(v);
        }
        let mut best = i32::MIN;
        for h in (0..p).filter(|&h| houses[h] > 0) {
            let step = pos.play(h, rules);
            let child = self.get(step.next.houses());
            if child == UNKNOWN {
                return Err(*step.next.houses());
            }
            let (gain, child) = (i32::from(step.gain), i32::from(child));
            best = best.max(if step.again {
                gain + child
            } else {
                gain - child
            });
        }
        Ok(best)
    }
}

impl EndgameDb {
    /// Builds the database of `rules`' board size and rules for positions with at most
    /// `seeds` seeds in the houses (capped at [`MAX_DB_SEEDS`]) on all the cores
    /// ([`build_with_threads`](Self::build_with_threads)).
    pub fn build(rules: Rules, seeds: u32, progress: &mut dyn FnMut(u64, u64)) -> Self {
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        Self::build_with_threads(rules, seeds, threads, progress)
    }

    /// Builds the database with `threads` threads (at least 1) splitting each level's positions,
    /// calling `progress(done, total)` (positions) after each level. The values do not depend
    /// on the number of threads.
    ///
    /// ```
    /// use kalah::{EndgameDb, Rules};
    ///
    /// let rules = Rules::new(3, 1).unwrap();
    /// let one = EndgameDb::build_with_threads(rules, 6, 1, &mut |_, _| {});
    /// let two = EndgameDb::build_with_threads(rules, 6, 2, &mut |_, _| {});
    /// let (mut a, mut b) = (Vec::new(), Vec::new());
    /// one.write_to(&mut a).unwrap();
    /// two.write_to(&mut b).unwrap();
    /// assert_eq!(a, b);
    /// ```
    pub fn build_with_threads(
        rules: Rules,
        seeds: u32,
        threads: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Self {
        let seeds = seeds.min(MAX_DB_SEEDS);
        let p = usize::from(rules.pots());
        let ranker = Ranker::new(2 * p, seeds);
        let total = ranker.len();
        let len = usize::try_from(total).unwrap_or(usize::MAX);
        let values: Vec<AtomicI8> = (0..len).map(|_| AtomicI8::new(UNKNOWN)).collect();
        let rows = rows_by_seeds(p, seeds);
        let shared = Shared {
            rules,
            ranker: &ranker,
            values: &values,
            rows: &rows,
        };
        let threads = threads.max(1);
        for level in 0..=seeds as usize {
            std::thread::scope(|scope| {
                for part in 0..threads {
                    let shared = &shared;
                    scope.spawn(move || {
                        let mut builder = Builder {
                            shared,
                            pending: Vec::new(),
                        };
                        builder.level(level, part, threads);
                    });
                }
            });
            progress(binomial(level as u64 + 2 * p as u64, 2 * p as u64), total);
        }
        Self {
            rules,
            ranker,
            values: values.into_iter().map(AtomicI8::into_inner).collect(),
        }
    }

    /// The rules the database was built for (its stones per house are irrelevant).
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// `S`: the most seeds in the houses of a position the database holds.
    pub fn seeds(&self) -> u32 {
        self.ranker.seeds as u32
    }

    /// The number of positions (one byte each).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the database holds no position (never: it has at least the empty board).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The exact value of `pos` (the mover's margin from the houses) when it holds at most
    /// [`seeds`](Self::seeds) seeds, else `None`.
    pub fn value(&self, pos: &Position) -> Option<i32> {
        (pos.seeds() <= self.seeds()).then(|| self.value_unchecked(pos))
    }

    /// The value of `pos`, which must hold at most [`seeds`](Self::seeds) seeds.
    pub(crate) fn value_unchecked(&self, pos: &Position) -> i32 {
        i32::from(self.values[self.ranker.rank(pos.houses())])
    }

    /// A checksum of the values (64-bit, word by word).
    fn checksum(values: &[i8]) -> u64 {
        let mut h: u64 = 0x9e37_79b9_7f4a_7c15 ^ values.len() as u64;
        for chunk in values.chunks(8) {
            let mut word = [0u8; 8];
            for (w, &v) in word.iter_mut().zip(chunk) {
                *w = v as u8;
            }
            h = (h ^ u64::from_le_bytes(word))
                .wrapping_mul(0x100_0000_01b3)
                .rotate_left(29);
        }
        h
    }

    fn header(rules: Rules, seeds: u32, len: u64, checksum: u64) -> [u8; 32] {
        let mut header = [0u8; 32];
        header[..8].copy_from_slice(MAGIC);
        header[8] = rules.pots();
        header[9] = match rules.capture {
            CaptureRule::Always => 0,
            CaptureRule::OppositeNonEmpty => 1,
            CaptureRule::Never => 2,
        };
        header[10] = match rules.end {
            EndRule::EitherSideEmpty => 0,
            EndRule::MoverSideEmpty => 1,
        };
        header[11] = u8::try_from(seeds).unwrap_or(u8::MAX);
        header[16..24].copy_from_slice(&len.to_le_bytes());
        header[24..32].copy_from_slice(&checksum.to_le_bytes());
        header
    }

    /// Writes the database: a 32-byte header (magic, pots, capture and end rules, `S`, the
    /// number of entries, a checksum of the values), then one byte per position.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_to(&self, out: &mut impl Write) -> std::io::Result<()> {
        let sum = Self::checksum(&self.values);
        out.write_all(&Self::header(
            self.rules,
            self.seeds(),
            self.len() as u64,
            sum,
        ))?;
        for chunk in self.values.chunks(1 << 20) {
            let bytes: Vec<u8> = chunk.iter().map(|&v| v as u8).collect();
            out.write_all(&bytes)?;
        }
        Ok(())
    }

    /// Reads a database written by [`write_to`](Self::write_to) and checks that it is the one
    /// for `rules` (board size, capture and end rules) and `seeds`, whole and intact.
    ///
    /// # Errors
    /// [`Error::Database`] with a [`DatabaseError`]: the file cannot be read, the header does
    /// not match, the data is short or long, or the checksum differs.
    pub fn read_from(input: &mut impl Read, rules: Rules, seeds: u32) -> Result<Self, Error> {
        let read = |part| {
            move |e: std::io::Error| {
                Error::Database(DatabaseError::Read {
                    part,
                    kind: e.kind(),
                })
            }
        };
        let mut header = [0u8; 32];
        input.read_exact(&mut header).map_err(read("header"))?;
        let ranker = Ranker::new(2 * usize::from(rules.pots()), seeds.min(MAX_DB_SEEDS));
        let len = ranker.len();
        let sum = u64::from_le_bytes(header[24..32].try_into().unwrap_or_default());
        if header != Self::header(rules, seeds, len, sum) {
            return Err(Error::Database(DatabaseError::Foreign));
        }
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes).map_err(read("data"))?;
        if bytes.len() as u64 != len {
            return Err(Error::Database(DatabaseError::Length {
                found: bytes.len() as u64,
                expected: len,
            }));
        }
        let values: Vec<i8> = bytes.into_iter().map(|b| b as i8).collect();
        if Self::checksum(&values) != sum {
            return Err(Error::Database(DatabaseError::Checksum));
        }
        Ok(Self {
            rules,
            ranker,
            values,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection_onto_0_len() {
        let ranker = Ranker::new(4, 3);
        let mut seen = vec![false; ranker.len() as usize];
        let mut houses = [0u8; HOUSES];
        for a in 0..=3u8 {
            for b in 0..=3 - a {
                for c in 0..=3 - a - b {
                    for d in 0..=3 - a - b - c {
                        houses[..4].copy_from_slice(&[a, b, c, d]);
                        let r = ranker.rank(&houses);
                        assert!(!seen[r], "{houses:?}");
                        seen[r] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(ranker.len(), 35);
    }

    /// The threads split the levels' positions and compute missing same-level children
    /// themselves: the values are the single-threaded build's, for any number of threads.
    #[test]
    fn threads_build_the_same_database() {
        // The 1-pot board has levels of a handful of positions: fewer than the threads, some
        // threads get none.
        for (pots, seeds) in [(4, 9), (1, 6)] {
            for capture in [CaptureRule::Always, CaptureRule::OppositeNonEmpty] {
                let rules = Rules::new(pots, 1).unwrap().with_capture(capture);
                let one = EndgameDb::build_with_threads(rules, seeds, 1, &mut |_, _| {});
                assert!(one.values.iter().all(|&v| v != UNKNOWN));
                for threads in [2, 3, 7] {
                    let many = EndgameDb::build_with_threads(rules, seeds, threads, &mut |_, _| {});
                    assert_eq!(one.values, many.values, "{threads} threads, {capture:?}");
                }
            }
        }
    }

    /// Progress after each level: the positions with at most that many seeds, out of all of
    /// them; the last report is the whole database.
    #[test]
    fn progress_counts_the_levels_positions() {
        let rules = Rules::new(3, 1).unwrap();
        let mut reports = Vec::new();
        let db = EndgameDb::build_with_threads(rules, 4, 1, &mut |done, total| {
            reports.push((done, total));
        });
        // Counted one by one: the 6-house positions (0 to 4 seeds a house) with at most
        // `level` seeds.
        let count = |level: u32| -> u64 {
            let sum = |mut i: u32| (0..6).map(|_| (i % 5, i /= 5).0).sum::<u32>();
            (0..5u32.pow(6)).filter(|&i| sum(i) <= level).count() as u64
        };
        let want: Vec<(u64, u64)> = (0..=4).map(|level| (count(level), count(4))).collect();
        assert_eq!(want.last(), Some(&(210, 210)));
        assert_eq!(reports, want);
        assert_eq!((db.len(), db.seeds(), db.is_empty()), (210, 4, false));
        // Written and read back whole.
        let mut bytes = Vec::new();
        db.write_to(&mut bytes).unwrap();
        let back = EndgameDb::read_from(&mut bytes.as_slice(), rules, 4).unwrap();
        assert_eq!(back.values, db.values);
    }

    /// The file: a 32-byte header (magic, pots, capture and end rules, `S`, the number of
    /// entries, the checksum), then one byte per position. The checksum is computed here from
    /// its definition: from `0x9e3779b97f4a7c15 ^ len`, each 8-byte little-endian word of the
    /// values (the last one padded with zeros) is xor-ed in, multiplied by `0x100000001b3` and
    /// rotated left by 29 bits.
    #[test]
    fn the_file_layout() {
        let rules = Rules::new(2, 1)
            .unwrap()
            .with_capture(CaptureRule::OppositeNonEmpty)
            .with_end(EndRule::MoverSideEmpty);
        let db = EndgameDb::build(rules, 5, &mut |_, _| {});
        let mut bytes = Vec::new();
        db.write_to(&mut bytes).unwrap();
        let len = db.len();
        assert_eq!(len, 126); // C(5 + 4, 4)
        assert_eq!(bytes.len(), 32 + len);
        assert_eq!(&bytes[..8], b"KALAHDB1");
        assert_eq!(bytes[8..16], [2, 1, 1, 5, 0, 0, 0, 0]);
        assert_eq!(bytes[16..24], (len as u64).to_le_bytes());
        let data = &bytes[32..];
        let pos = Position::from_rows(&[0, 1], &[1, 0]);
        assert_eq!(
            data[db.ranker.rank(pos.houses())] as i8,
            db.value(&pos).unwrap() as i8
        );
        let mut sum = 0x9e37_79b9_7f4a_7c15u64 ^ len as u64;
        for chunk in data.chunks(8) {
            let mut word = 0u64;
            for (i, &b) in chunk.iter().enumerate() {
                word |= u64::from(b) << (8 * i);
            }
            sum = (sum ^ word).wrapping_mul(0x100_0000_01b3).rotate_left(29);
        }
        assert_eq!(bytes[24..32], sum.to_le_bytes());
        // Every single flipped bit of the values is caught.
        for i in 0..len {
            for bit in 0..8 {
                let mut flipped = bytes.clone();
                flipped[32 + i] ^= 1 << bit;
                let read = EndgameDb::read_from(&mut flipped.as_slice(), rules, 5);
                assert!(
                    matches!(read, Err(Error::Database(DatabaseError::Checksum))),
                    "{i} {bit}"
                );
            }
        }
    }

    #[test]
    fn corrupt_or_foreign_files_are_rejected() {
        let rules = Rules::new(2, 1).unwrap();
        let db = EndgameDb::build(rules, 5, &mut |_, _| {});
        let mut bytes = Vec::new();
        db.write_to(&mut bytes).unwrap();
        let read = |bytes: &[u8], rules, seeds| match EndgameDb::read_from(
            &mut &bytes[..],
            rules,
            seeds,
        ) {
            Ok(_) => None,
            Err(Error::Database(why)) => Some(why),
            Err(other) => panic!("not a database error: {other}"),
        };
        assert_eq!(read(&bytes, rules, 5), None);
        assert_eq!(read(&bytes, rules, 4), Some(DatabaseError::Foreign));
        let other = rules.with_capture(CaptureRule::Never);
        assert_eq!(read(&bytes, other, 5), Some(DatabaseError::Foreign));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert_eq!(read(&flipped, rules, 5), Some(DatabaseError::Checksum));
        let len = db.len() as u64;
        let short = read(&bytes[..bytes.len() - 1], rules, 5);
        assert_eq!(
            short,
            Some(DatabaseError::Length {
                found: len - 1,
                expected: len
            })
        );
        let header = read(&bytes[..10], rules, 5);
        let kind = std::io::ErrorKind::UnexpectedEof;
        assert_eq!(
            header,
            Some(DatabaseError::Read {
                part: "header",
                kind
            })
        );
        assert_eq!(
            Error::Database(DatabaseError::Checksum).to_string(),
            "endgame database: checksum mismatch"
        );
    }
}
