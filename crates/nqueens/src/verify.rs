//! The O(n) check every answer passes before it is written.

/// The first rule a board breaks (columns and rows 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// A queen's row is outside the board.
    #[error("column {column} has row {row}, outside 1..={n}")]
    RowOutside {
        /// The queen's column.
        column: usize,
        /// Its row.
        row: usize,
        /// The board size.
        n: usize,
    },
    /// Two queens share a row.
    #[error("row {row} holds two queens (one in column {column})")]
    SharedRow {
        /// The row.
        row: usize,
        /// The column of the later queen.
        column: usize,
    },
    /// Two queens share a diagonal.
    #[error("the queen in column {column} row {row} shares a diagonal with an earlier one")]
    SharedDiagonal {
        /// The later queen's column.
        column: usize,
        /// Its row.
        row: usize,
    },
}

/// Checks that `rows` (the 0-based row of the queen in each column) places `rows.len()` queens
/// with no two on a row or a diagonal. Columns are distinct by construction. Uses bit sets: about
/// 5 bits per queen.
///
/// # Errors
/// The first [`Violation`] found.
pub fn verify(rows: &[u32]) -> Result<(), Violation> {
    let n = rows.len();
    let mut per_row = BitSet::new(n);
    let mut sum = BitSet::new(2 * n);
    let mut diff = BitSet::new(2 * n);
    for (col, &row) in rows.iter().enumerate() {
        let r = row as usize;
        let (column, row) = (col + 1, r + 1);
        if r >= n {
            return Err(Violation::RowOutside { column, row, n });
        }
        if !per_row.insert(r) {
            return Err(Violation::SharedRow { row, column });
        }
        if !sum.insert(col + r) || !diff.insert(col + n - 1 - r) {
            return Err(Violation::SharedDiagonal { column, row });
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
        let outside = verify(&[1, 3, 0, 4]).unwrap_err();
        assert_eq!(outside.to_string(), "column 4 has row 5, outside 1..=4");
        let row = verify(&[1, 3, 1, 2]).unwrap_err();
        assert_eq!(row.to_string(), "row 2 holds two queens (one in column 3)");
        assert_eq!(
            verify(&[0, 1, 2, 3]).unwrap_err(),
            Violation::SharedDiagonal { column: 2, row: 2 }
        );
        assert_eq!(
            verify(&[3, 2, 1, 0]).unwrap_err(),
            Violation::SharedDiagonal { column: 2, row: 3 }
        );
    }

    #[test]
    fn accepts_a_queen_in_the_corner_of_the_last_column() {
        // Column n - 1, row 0 is on the last anti-diagonal (bit 2n - 2 of its set): a solution
        // of n - 1 queens moved one row up, with no queen on the diagonal through that corner,
        // plus the corner queen. For n a multiple of 32 the set has no bit past 2n - 1.
        for n in [32usize, 64, 128] {
            let small = (0..)
                .map(|seed| crate::solve_seeded(n - 1, seed).unwrap().0)
                .find(|rows| {
                    rows.iter()
                        .enumerate()
                        .all(|(c, &r)| c + r as usize != n - 2)
                })
                .unwrap();
            let mut rows: Vec<u32> = small.iter().map(|&r| r + 1).collect();
            rows.push(0);
            assert_eq!(verify(&rows), Ok(()), "n {n}");
            // And the same corner taken twice is refused.
            rows[n - 2] = 0;
            assert!(verify(&rows).is_err());
        }
    }
}
