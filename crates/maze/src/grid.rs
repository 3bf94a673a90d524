//! The grid maze: cells with four wall bits, read from lines of 4-character strings.

use crate::error::{Error, LineError, at};

/// The north bit of a cell (first character of its string).
pub const NORTH: u8 = 0b1000;
/// The east bit (second character).
pub const EAST: u8 = 0b0100;
/// The south bit (third character).
pub const SOUTH: u8 = 0b0010;
/// The west bit (fourth character).
pub const WEST: u8 = 0b0001;

/// The maze distributed with the assignment (`maze0`, 14x14).
pub const MAZE0: &str = include_str!("../data/maze0.txt");

/// A rectangular maze. Each cell has four bits N, E, S, W; a set bit means that side is open
/// (the move out of this cell that way is allowed: passages can be one-way).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// Parses a maze: one line per row (row 0 first), cells separated by white space, each four
    /// characters `0`/`1` in the order N, E, S, W. Blank lines and lines starting with `#` are
    /// skipped. `file` names the source in errors.
    ///
    /// # Errors
    /// [`Error::Line`] ([`LineError::BadCell`], [`LineError::Ragged`]), [`Error::EmptyMaze`].
    pub fn parse(text: &str, file: &str) -> Result<Self, Error> {
        let mut cells = Vec::new();
        let mut rows = 0;
        let mut cols = 0;
        for (index, line) in text_input::strip_bom(text).lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let mut found = 0;
            for token in trimmed.split_whitespace() {
                let bits = parse_cell(token).ok_or_else(|| {
                    at(
                        file,
                        index + 1,
                        LineError::BadCell {
                            token: token.to_owned(),
                        },
                    )
                })?;
                cells.push(bits);
                found += 1;
            }
            if rows == 0 {
                cols = found;
            } else if found != cols {
                return Err(at(
                    file,
                    index + 1,
                    LineError::Ragged {
                        expected: cols,
                        found,
                    },
                ));
            }
            rows += 1;
        }
        if rows == 0 {
            return Err(Error::EmptyMaze {
                file: file.to_owned(),
            });
        }
        Ok(Self { rows, cols, cells })
    }

    /// The shipped `maze0`.
    pub fn maze0() -> Self {
        Self::parse(MAZE0, "maze0.txt").expect("the shipped maze0 parses")
    }

    /// A grid from its cells, row by row (`cells.len() == rows * cols`).
    ///
    /// # Panics
    /// When the length does not match.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Self {
        assert_eq!(cells.len(), rows * cols, "rows * cols cells");
        Self { rows, cols, cells }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The bits of cell `(row, col)` (`NORTH | EAST | SOUTH | WEST` for the open sides).
    pub fn cell(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.cols + col]
    }

    /// Whether `(row, col)` is inside the grid.
    pub fn contains(&self, row: u32, col: u32) -> bool {
        (row as usize) < self.rows && (col as usize) < self.cols
    }

    /// The moves out of `(row, col)` in the platform's rule order N, E, S, W: the side's bit of
    /// this cell is set and the neighbour is inside the grid.
    pub fn moves(&self, row: u32, col: u32) -> impl Iterator<Item = (u8, (u32, u32))> + '_ {
        let bits = self.cell(row as usize, col as usize);
        let (rows, cols) = (self.rows as u32, self.cols as u32);
        [
            (NORTH, row.checked_sub(1).map(|r| (r, col))),
            (EAST, (col + 1 < cols).then_some((row, col + 1))),
            (SOUTH, (row + 1 < rows).then_some((row + 1, col))),
            (WEST, col.checked_sub(1).map(|c| (row, c))),
        ]
        .into_iter()
        .filter_map(move |(side, to)| {
            (bits & side != 0)
                .then_some(to)
                .flatten()
                .map(|t| (side, t))
        })
    }
}

/// `"0110"` -> `0b0110`; `None` unless exactly four characters `0`/`1`.
fn parse_cell(token: &str) -> Option<u8> {
    let bytes = token.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    bytes.iter().try_fold(0u8, |acc, &b| match b {
        b'0' => Some(acc << 1),
        b'1' => Some(acc << 1 | 1),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maze0_matches_the_readme() {
        let g = Grid::maze0();
        assert_eq!((g.rows(), g.cols()), (14, 14));
        assert_eq!(g.cell(0, 0), 0b0110);
        assert_eq!(g.cell(1, 0), 0b1010);
        assert_eq!(g.cell(13, 0), 0b1100);
        // (0,7) = 0111: E, S, W open.
        let moves: Vec<_> = g.moves(0, 7).map(|(_, t)| t).collect();
        assert_eq!(moves, [(0, 8), (1, 7), (0, 6)]);
    }

    #[test]
    fn bad_cells_and_ragged_rows_name_line_and_token() {
        let e = Grid::parse("0110 0101\n0110 01x1\n", "m.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.txt:2: bad cell `01x1`: expected four characters 0/1 (walls N, E, S, W)"
        );
        let e = Grid::parse("0110 0101\n0110 011\n", "m.txt").unwrap_err();
        assert!(e.to_string().contains("m.txt:2: bad cell `011`"), "{e}");
        let e = Grid::parse("0110 0101\n\n0110\n", "m.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.txt:3: ragged row: 1 cells where the first row has 2"
        );
        assert!(matches!(
            Grid::parse("# nothing\n", "m.txt"),
            Err(Error::EmptyMaze { .. })
        ));
    }

    #[test]
    fn moves_stay_inside_the_grid() {
        let g = Grid::parse("1111\n", "m").unwrap();
        assert_eq!(g.moves(0, 0).count(), 0);
    }
}
