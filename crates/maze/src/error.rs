//! The crate's error type: every message names the file, and the line and token where there is
//! one.

/// Errors reading a maze or a graph, or placing a start or goal.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read {file}: {}", text_input::describe(source))]
    Io {
        /// The file.
        file: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A problem at a line of a maze or graph file (`FILE:LINE: ...`).
    #[error(transparent)]
    Line(#[from] text_input::Located<LineError>),
    /// A maze file without any row.
    #[error("{file}: no maze rows")]
    EmptyMaze {
        /// The file.
        file: String,
    },
    /// A start or goal cell outside the grid.
    #[error("{file}: {what} {row},{col} is outside the {rows}x{cols} grid")]
    OutsideGrid {
        /// The maze file.
        file: String,
        /// `--start` or `--goal`.
        what: &'static str,
        /// The row given.
        row: u32,
        /// The column given.
        col: u32,
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
    },
    /// A graph file that states no root or no goal.
    #[error("{file}: no {what} stated (add a line `{what} NAME`)")]
    Unstated {
        /// The file.
        file: String,
        /// `root` or `goal`.
        what: &'static str,
    },
}

/// What is wrong at a line of a maze or graph file; located at its file and line by
/// [`text_input::Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// A maze cell that is not four characters `0`/`1`.
    #[error("bad cell `{token}`: expected four characters 0/1 (walls N, E, S, W)")]
    BadCell {
        /// The offending token.
        token: String,
    },
    /// A maze row with a different number of cells than the first row.
    #[error("ragged row: {found} cells where the first row has {expected}")]
    Ragged {
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// A graph line that is neither a successor list, an `h` entry, nor `root`/`goal`.
    #[error("cannot read `{token}`: {why}")]
    BadLine {
        /// The offending token.
        token: String,
        /// What was expected.
        why: &'static str,
    },
    /// A graph line naming a node no successor line defines.
    #[error("undefined node `{token}`")]
    UndefinedNode {
        /// The node name.
        token: String,
    },
    /// A node with two successor lines in one graph.
    #[error("node `{token}` is defined twice")]
    DuplicateNode {
        /// The node name.
        token: String,
    },
    /// A node without an `h` entry (located at the line defining the node).
    #[error("node `{token}` has no `h` entry")]
    MissingHeuristic {
        /// The node name.
        token: String,
    },
}

/// `error` at `line` of `file`, as this crate's [`Error`].
pub(crate) fn at(file: &str, line: usize, error: LineError) -> Error {
    Error::Line(text_input::Located::new(file, line, error))
}
