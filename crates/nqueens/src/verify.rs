//! The O(n) check every answer passes before it is written.

/// Checks that `rows` (the 0-based row of the queen in each column) places `rows.len()` queens
/// with no two on a row or a diagonal. Columns are distinct by construction. Uses bit sets: about
/// 5 bits per queen.
///
/// # Errors
/// A description of the first violation found (1-based columns and rows).
pub fn verify(rows: &[u32]) -> Result<(), String> {
    let n = rows.len();
    let mut per_row = BitSet::new(n);
    let mut sum = BitSet::new(2 * n);
    let mut diff = BitSet::new(2 * n);
    for (col, &row) in rows.iter().enumerate() {
        let r = row as usize;
        if r >= n {
            return Err(format!(
                "column {} has row {}, outside 1..={n}",
                col + 1,
                r + 1
            ));
        }
        if !per_row.insert(r) {
            return Err(format!(
                "row {} holds two queens (one in column {})",
                r + 1,
                col + 1
            ));
        }
        if !sum.insert(col + r) || !diff.insert(col + n - 1 - r) {
            return Err(format!(
                "the queen in column {} row {} shares a diagonal with an earlier one",
                col + 1,
                r + 1
            ));
        }
    }
    Ok(())
}

/// A fixed-size bit set.
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(len: usize) -> Self {
        Self(vec![0; len.div_ceil(64)])
    }

    /// Sets bit `i`; false when it was already set.
    fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_solutions_and_names_violations() {
        assert_eq!(verify(&[1, 3, 0, 2]), Ok(()));
        assert_eq!(verify(&[0]), Ok(()));
        assert_eq!(verify(&[]), Ok(()));
        assert_eq!(
            verify(&[1, 3, 0, 4]).unwrap_err(),
            "column 4 has row 5, outside 1..=4"
        );
        assert_eq!(
            verify(&[1, 3, 1, 2]).unwrap_err(),
            "row 2 holds two queens (one in column 3)"
        );
        assert!(
            verify(&[0, 1, 2, 3])
                .unwrap_err()
                .contains("column 2 row 2")
        );
        assert!(
            verify(&[3, 2, 1, 0])
                .unwrap_err()
                .contains("column 2 row 3")
        );
    }
}
