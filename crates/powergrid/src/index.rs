//! The preprocessed grid: the only value that answers important-line queries.

use crate::{Error, Grid};
use graph_core::{BridgeDecomposition, BridgeIndex};

/// Answers [`ImportantLines::important_lines`] in O(1) (the bridge tree's LCA by a sparse table)
/// after [`Grid::preprocess`].
#[derive(Debug, Clone)]
pub struct ImportantLines<'g> {
    grid: &'g Grid,
    index: BridgeIndex<'g>,
}

impl<'g> ImportantLines<'g> {
    pub(crate) fn new(grid: &'g Grid, decomposition: &'g BridgeDecomposition) -> Self {
        Self {
            grid,
            index: BridgeIndex::new(decomposition),
        }
    }

    /// The grid this index answers for.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The number of lines important for the pair (`from`, `to`): lines that every path between
    /// the two cities uses (0 when `from == to` or no single line failure separates them).
    ///
    /// # Errors
    /// [`Error::UnknownCity`] when a name is not a city of the grid; [`Error::NoPath`] when the
    /// grid is disconnected and the cities lie in different parts.
    pub fn important_lines(&self, from: &str, to: &str) -> Result<usize, Error> {
        let city = |name: &str| {
            self.grid.city(name).ok_or_else(|| Error::UnknownCity {
                name: name.to_owned(),
            })
        };
        let (a, b) = (city(from)?, city(to)?);
        self.important_lines_between(a, b)
            .ok_or_else(|| Error::NoPath {
                from: from.to_owned(),
                to: to.to_owned(),
            })
    }

    /// [`Self::important_lines`] by city numbers; `None` when the cities are in different parts.
    ///
    /// # Panics
    /// When a city number is out of range.
    #[inline]
    pub fn important_lines_between(&self, from: usize, to: usize) -> Option<usize> {
        self.index.bridges_between(from, to)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Error, Grid};

    #[test]
    fn counts_unknown_cities_and_parts() {
        // A - B = C - D (B = C doubled), E alone.
        let g = Grid::parse("5\n4\nA\nB\nC\nD\nE\nA B\nB C\nC B\nC D\n", "g").unwrap();
        let index = g.preprocess();
        assert_eq!(index.important_lines("A", "D").unwrap(), 2);
        assert_eq!(index.important_lines("B", "C").unwrap(), 0);
        assert_eq!(index.important_lines("D", "D").unwrap(), 0);
        assert!(matches!(
            index.important_lines("A", "Z"),
            Err(Error::UnknownCity { name }) if name == "Z"
        ));
        let err = index.important_lines("A", "E").unwrap_err();
        assert_eq!(
            err.to_string(),
            "no path between `A` and `E`: the grid is not connected"
        );
    }
}
