//! The preprocessed grid: the only value that answers important-line queries.

use crate::names::{Lookup, ShortNameMap};
use crate::{Error, Grid};
use graph_core::Lca;

/// Answers [`ImportantLines::important_lines`] in O(1) after [`Grid::preprocess`]: the count is
/// the distance in the bridge tree between the cities' 2-edge-connected components, found with
/// an LCA sparse table.
#[derive(Debug, Clone)]
pub struct ImportantLines<'g> {
    grid: &'g Grid,
    /// Short city names straight to their component (one cache miss per name).
    components_by_name: ShortNameMap,
    lca: Lca,
}

impl<'g> ImportantLines<'g> {
    pub(crate) fn new(grid: &'g Grid) -> Self {
        Self {
            grid,
            components_by_name: grid
                .names()
                .short_name_map(grid.decomposition().components()),
            lca: Lca::from_bridge_tree(grid.decomposition().bridge_tree()),
        }
    }

    /// The grid this index answers for.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The component of a city by name.
    #[inline]
    fn component(&self, name: &str) -> Result<usize, Error> {
        match self.components_by_name.get(name) {
            Lookup::Found(c) => Some(c as usize),
            Lookup::Long => self.grid.city(name).map(|city| self.grid.component(city)),
            Lookup::Missing => None,
        }
        .ok_or_else(|| Error::UnknownCity {
            name: name.to_owned(),
        })
    }

    /// The number of lines important for the pair (`from`, `to`): lines that every path between
    /// the two cities uses (0 when `from == to` or no single line failure separates them).
    ///
    /// # Errors
    /// [`Error::UnknownCity`] when a name is not a city of the grid; [`Error::NoPath`] when the
    /// grid is disconnected and the cities lie in different parts.
    #[inline]
    pub fn important_lines(&self, from: &str, to: &str) -> Result<usize, Error> {
        let (a, b) = (self.component(from)?, self.component(to)?);
        self.lca.distance(a, b).ok_or_else(|| Error::NoPath {
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
        self.lca
            .distance(self.grid.component(from), self.grid.component(to))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Error, Grid};

    #[test]
    fn counts_unknown_cities_and_parts() {
        // A - B = C - D (B = C doubled), E alone, and a long name hanging off D.
        let g = Grid::parse(
            "6\n5\nA\nB\nC\nD\nE\nLlanfairpwllgwyngyll\nA B\nB C\nC B\nC D\nLlanfairpwllgwyngyll D\n",
            "g",
        )
        .unwrap();
        let index = g.preprocess();
        assert_eq!(index.important_lines("A", "D").unwrap(), 2);
        assert_eq!(index.important_lines("B", "C").unwrap(), 0);
        assert_eq!(index.important_lines("D", "D").unwrap(), 0);
        assert_eq!(
            index.important_lines("Llanfairpwllgwyngyll", "A").unwrap(),
            3
        );
        assert_eq!(index.important_lines_between(0, 3), Some(2));
        assert!(matches!(
            index.important_lines("A", "Z"),
            Err(Error::UnknownCity { name }) if name == "Z"
        ));
        assert!(matches!(
            index.important_lines("Llanfairpwllgwyngyllgogery", "A"),
            Err(Error::UnknownCity { .. })
        ));
        let err = index.important_lines("A", "E").unwrap_err();
        assert_eq!(
            err.to_string(),
            "no path between `A` and `E`: the grid is not connected"
        );
        assert_eq!(index.important_lines_between(0, 4), None);
    }
}
