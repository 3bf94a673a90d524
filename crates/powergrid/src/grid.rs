//! The grid: cities, lines, and its critical lines.

use crate::Error;
use crate::error::{LineError, at};
use crate::index::ImportantLines;
use crate::names::NameTable;
use crate::parse::parse;
use graph_core::{BridgeDecomposition, MultiGraph};
use std::io::Read;
use std::path::Path;

/// One line of the grid, identified by its position in the file, with its cities in file
/// orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line's position among the file's lines (0-based).
    pub index: usize,
    /// The first city named on the line.
    pub from: &'a str,
    /// The second city named on the line.
    pub to: &'a str,
}

/// A wind power grid read from a file: cities, lines, and the bridge decomposition that tells
/// which lines are critical. Use [`Grid::preprocess`] to answer important-line queries.
#[derive(Debug, Clone)]
pub struct Grid {
    names: NameTable,
    graph: MultiGraph,
    decomposition: BridgeDecomposition,
}

impl Grid {
    /// Reads a grid file in O(n + m).
    ///
    /// # Errors
    /// [`Error::Read`] when the file cannot be read, or a format error naming the file and line.
    pub fn from_file(path: &Path) -> Result<Self, Error> {
        let file = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| Error::Read {
            file: file.clone(),
            source,
        })?;
        Self::from_bytes(bytes, &file)
    }

    /// Reads a grid from `reader`; `file` names the source in error messages.
    ///
    /// # Errors
    /// As [`Grid::from_file`].
    pub fn from_reader(mut reader: impl Read, file: &str) -> Result<Self, Error> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|source| Error::Read {
                file: file.to_owned(),
                source,
            })?;
        Self::from_bytes(bytes, file)
    }

    fn from_bytes(bytes: Vec<u8>, file: &str) -> Result<Self, Error> {
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..valid]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            at(file, line, LineError::NotUtf8)
        })?;
        Self::parse(&text, file)
    }

    /// Parses a grid from its text; `file` names the source in error messages.
    ///
    /// # Errors
    /// A format error naming the file and line.
    pub fn parse(text: &str, file: &str) -> Result<Self, Error> {
        let parsed = parse(text, file)?;
        let graph = MultiGraph::from_edge_vec(parsed.names.len(), parsed.lines)
            .expect("the parser checks counts and city ids");
        let decomposition = BridgeDecomposition::new(&graph);
        Ok(Self {
            names: parsed.names,
            graph,
            decomposition,
        })
    }

    /// The number of cities.
    pub fn city_count(&self) -> usize {
        self.names.len()
    }

    /// The number of lines.
    pub fn line_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// The name of city `city` (cities are numbered in declaration order).
    ///
    /// # Panics
    /// When `city >= self.city_count()`.
    pub fn city_name(&self, city: usize) -> &str {
        self.names.name(city)
    }

    /// The number of the city called `name`.
    pub fn city(&self, name: &str) -> Option<usize> {
        self.names.get(name)
    }

    /// Line `index` (0-based position in the file).
    ///
    /// # Panics
    /// When `index >= self.line_count()`.
    pub fn line(&self, index: usize) -> Line<'_> {
        let (a, b) = self.graph.endpoints(index);
        Line {
            index,
            from: self.names.name(a),
            to: self.names.name(b),
        }
    }

    /// The number of separate parts of the grid (1 for a connected grid with cities).
    pub fn part_count(&self) -> usize {
        self.decomposition.connected_component_count()
    }

    /// Whether every city can reach every other one.
    pub fn is_connected(&self) -> bool {
        self.part_count() <= 1
    }

    /// The critical lines (whose removal disconnects their two cities), in file order, each in
    /// file orientation. A line doubled by another between the same cities, or from a city to
    /// itself, is never critical.
    pub fn critical_lines(&self) -> Vec<Line<'_>> {
        self.decomposition.bridges().map(|e| self.line(e)).collect()
    }

    /// Whether line `index` is critical.
    pub fn is_critical(&self, index: usize) -> bool {
        self.decomposition.is_bridge(index)
    }

    /// The 2-edge-connected component of city `city`: cities share one exactly when no single
    /// line failure separates them.
    pub fn component(&self, city: usize) -> usize {
        self.decomposition.component(city)
    }

    /// The number of 2-edge-connected components.
    pub fn component_count(&self) -> usize {
        self.decomposition.component_count()
    }

    /// Preprocesses the grid (O(c log c) for c components) for important-line queries.
    pub fn preprocess(&self) -> ImportantLines<'_> {
        ImportantLines::new(self)
    }

    pub(crate) fn names(&self) -> &NameTable {
        &self.names
    }

    pub(crate) fn decomposition(&self) -> &BridgeDecomposition {
        &self.decomposition
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubled_lines_and_self_loops_are_not_critical() {
        let g = Grid::parse("3\n4\nA\nB\nC\nA B\nB A\nC C\nC B\n", "g").unwrap();
        let critical = g.critical_lines();
        assert_eq!(
            critical,
            [Line {
                index: 3,
                from: "C",
                to: "B"
            }]
        );
        assert!(g.is_connected());
        assert_eq!(g.component_count(), 2);
    }

    #[test]
    fn disconnected_grid_still_has_critical_lines() {
        let g = Grid::parse("4\n2\nA\nB\nC\nD\nA B\nD C\n", "g").unwrap();
        assert_eq!(g.part_count(), 2);
        assert!(!g.is_connected());
        assert_eq!(g.critical_lines().len(), 2);
    }

    #[test]
    fn reports_non_utf8_line() {
        let err = Grid::from_reader(&b"1\n0\n\xff\n"[..], "x.txt").unwrap_err();
        assert_eq!(err.to_string(), "x.txt:3: not UTF-8 text");
        // The line counts newlines only, whatever the other bytes before the bad one.
        let err = Grid::from_reader(&b"3\n0\nlong-name\n\nab\xffc\n"[..], "y").unwrap_err();
        assert_eq!(err.to_string(), "y:5: not UTF-8 text");
        let err = Grid::from_file(Path::new("/nonexistent/grid.txt")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /nonexistent/grid.txt")
        );
    }
}
