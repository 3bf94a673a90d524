//! The errors of this crate.

/// Why a graph or forest could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// An edge names a vertex that is not below the vertex count.
    #[error("edge {edge} names vertex {vertex}, but the graph has only {vertex_count} vertices")]
    VertexOutOfRange {
        /// The edge's position in the edge list.
        edge: usize,
        /// The vertex it names.
        vertex: usize,
        /// The number of vertices of the graph.
        vertex_count: usize,
    },
    /// More vertices or edges than the compact (32-bit) representation holds.
    #[error("too many {what}: {count} (at most {max})")]
    TooLarge {
        /// `vertices`, `edges` or `nodes`.
        what: &'static str,
        /// How many were asked for.
        count: usize,
        /// The largest supported count.
        max: usize,
    },
    /// A parent array that does not describe a forest.
    #[error("node {node}: {problem}")]
    NotAForest {
        /// The node where the problem was found.
        node: usize,
        /// What is wrong (a parent out of range, or a cycle).
        problem: &'static str,
    },
}
