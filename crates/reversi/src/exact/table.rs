//! The transposition table of the exact solver: bounds on the exact value of positions, keyed by
//! the full pair of disc masks (no false hits), in buckets of two entries.

/// One stored position: the mover's and the opponent's discs, bounds on the mover's exact final
/// margin, a best move, the number of empty squares (the work behind it) and the search that
/// stored it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry {
    own: u64,
    opp: u64,
    /// The exact value is at least `lower` and at most `upper`.
    pub(super) lower: i8,
    pub(super) upper: i8,
    /// The bit position of a best move, or 64 for none.
    pub(super) best: u8,
    empties: u8,
    date: u8,
}

impl Entry {
    const EMPTY: Self = Self {
        own: 0,
        opp: 0,
        lower: -127,
        upper: 127,
        best: 64,
        empties: 0,
        date: 0,
    };
}

/// A table of `2^bits` entries. Every stored bound is a fact about the position (the exact
/// value under perfect play), so entries stay valid from one search to the next.
#[derive(Debug, Clone)]
pub(super) struct Table {
    entries: Vec<Entry>,
    shift: u32,
    date: u8,
}

impl Table {
    /// An empty table of `2^bits` entries (`bits` in 1..=30).
    pub(super) fn new(bits: u32) -> Self {
        let bits = bits.clamp(1, 30);
        Self {
            entries: vec![Entry::EMPTY; 1 << bits],
            shift: 64 - bits,
            date: 1,
        }
    }

    /// Starts a new search: older entries are replaced first.
    pub(super) fn new_search(&mut self) {
        self.date = self.date.wrapping_add(1).max(1);
    }

    /// The index of the bucket (two entries) of a position.
    fn bucket(&self, own: u64, opp: u64) -> usize {
        let h = (own.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ opp.wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
            .rotate_left(17)
            .wrapping_mul(0xff51_afd7_ed55_8ccd);
        ((h >> self.shift) as usize) & !1
    }

    /// The entry of a position, if stored.
    pub(super) fn probe(&self, own: u64, opp: u64) -> Option<&Entry> {
        let i = self.bucket(own, opp);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.own == own && e.opp == opp && e.date != 0)
    }

    /// Records that the value of a position with `empties` empty squares is at least `lower`
    /// and at most `upper`, with `best` (a bit position, 64 for none) a best move found.
    pub(super) fn store(&mut self, own: u64, opp: u64, empties: u32, bounds: (i32, i32), best: u8) {
        let i = self.bucket(own, opp);
        let date = self.date;
        let slot = {
            let pair = &self.entries[i..i + 2];
            if let Some(j) = pair.iter().position(|e| e.own == own && e.opp == opp) {
                i + j
            } else {
                // Replace the entry of an older search, then the one with less work behind it.
                let key = |e: &Entry| (e.date == date, e.empties);
                i + usize::from(key(&pair[1]) < key(&pair[0]))
            }
        };
        let entry = &mut self.entries[slot];
        let (lower, upper) = (bounds.0 as i8, bounds.1 as i8);
        if entry.own == own && entry.opp == opp && entry.date != 0 {
            entry.lower = entry.lower.max(lower);
            entry.upper = entry.upper.min(upper);
            if best != 64 {
                entry.best = best;
            }
            entry.date = date;
        } else {
            *entry = Entry {
                own,
                opp,
                lower,
                upper,
                best,
                empties: empties as u8,
                date,
            };
        }
    }
}
