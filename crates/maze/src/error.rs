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
    /// A maze cell that is not four characters `0`/`1`.
    #[error("{file}:{line}: bad cell `{token}`: expected four characters 0/1 (walls N, E, S, W)")]
    BadCell {
        /// The file.
        file: String,
        /// The line (1-based).
        line: usize,
        /// The offending token.
        token: String,
    },
    /// A maze row with a different number of cells than the first row.
    #[error("{file}:{line}: ragged row: {found} cells where the first row has {expected}")]
    Ragged {
        /// The file.
        file: String,
        /// The line (1-based).
        line: usize,
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
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
    /// A graph line that is neither a successor list, an `h` entry, nor `root`/`goal`.
    #[error("{file}:{line}: cannot read `{token}`: {why}")]
    BadLine {
        /// The file.
        file: String,
        /// The line (1-based).
        line: usize,
        /// The offending token.
        token: String,
        /// What was expected.
        why: &'static str,
    },
    /// A graph line naming a node no successor line defines.
    #[error("{file}:{line}: undefined node `{token}`")]
    UndefinedNode {
        /// The file.
        file: String,
        /// The line (1-based).
        line: usize,
        /// The node name.
        token: String,
    },
    /// A node with two successor lines in one graph.
    #[error("{file}:{line}: node `{token}` is defined twice")]
    DuplicateNode {
        /// The file.
        file: String,
        /// The line (1-based).
        line: usize,
        /// The node name.
        token: String,
    },
    /// A node without an `h` entry.
    #[error("{file}:{line}: node `{token}` has no `h` entry")]
    MissingHeuristic {
        /// The file.
        file: String,
        /// The line defining the node.
        line: usize,
        /// The node name.
        token: String,
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
