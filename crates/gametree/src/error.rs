//! The crate's error types.

/// Why one tree line was rejected. Every variant names the offending token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// The line does not follow `{(name,TYPE),...} {(parent,child),...}`.
    #[error("expected {expected} but found `{found}`")]
    Syntax {
        /// What the parser expected at that point.
        expected: &'static str,
        /// What it found instead (`end of line` at the end).
        found: String,
    },
    /// The node set is empty, so there is no root.
    #[error("the node set is empty: no root")]
    NoNodes,
    /// A node appears twice in the node set.
    #[error("node `{0}` is listed twice")]
    DuplicateNode(String),
    /// A node's type is neither `MAX` nor `MIN`.
    #[error("node `{node}` has type `{token}`, expected MAX or MIN")]
    BadType {
        /// The node.
        node: String,
        /// The type found.
        token: String,
    },
    /// An edge names a node that is not in the node set.
    #[error("unknown node `{token}` in edge ({parent},{child})")]
    UnknownNode {
        /// The unknown name.
        token: String,
        /// The edge's parent as written.
        parent: String,
        /// The edge's child as written.
        child: String,
    },
    /// An edge target containing a digit is not an integer strictly between the search bounds.
    #[error("leaf value `{token}` in edge ({parent},{token}) is not an integer in range")]
    BadLeafValue {
        /// The parent of the leaf.
        parent: String,
        /// The value as written.
        token: String,
    },
    /// A node is the child of two nodes.
    #[error("node `{node}` has two parents, `{first}` and `{second}`")]
    TwoParents {
        /// The node.
        node: String,
        /// Its first parent.
        first: String,
        /// Its second parent.
        second: String,
    },
    /// The first node of the set (the root) is the child of another node.
    #[error("root `{root}` has a parent, `{parent}`")]
    RootHasParent {
        /// The root.
        root: String,
        /// Its parent.
        parent: String,
    },
    /// The edges form a cycle through this node.
    #[error("cycle through node `{0}`")]
    Cycle(String),
    /// A node of the set cannot be reached from the root.
    #[error("node `{0}` is not reachable from the root `{1}`")]
    Unreachable(String, String),
    /// A node of the set (so an internal node) has no children.
    #[error("internal node `{0}` has no children")]
    NoChildren(String),
    /// The tree has more nodes than the arena can index.
    #[error("the tree has more than {max} nodes")]
    TooLarge {
        /// The largest node count supported.
        max: usize,
    },
}

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// A tree line of an input file was rejected (`FILE:LINE: graph N: ...`).
    #[error(transparent)]
    Graph(#[from] text_input::Located<GraphError>),
}

/// A rejected tree line: its graph number and why; located at its file and line by
/// [`text_input::Located`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("graph {graph}: {error}")]
pub struct GraphError {
    /// The 1-based graph number (blank lines are not counted).
    pub graph: usize,
    /// What was wrong.
    #[source]
    pub error: TreeError,
}
