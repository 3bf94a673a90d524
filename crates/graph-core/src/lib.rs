//! Graphs: undirected multigraphs (connected components, bridges, 2-edge-connected components,
//! the bridge tree and LCA queries) and, in [`directed`], directed graphs (strongly connected
//! components, topological order, cycles). Each algorithm runs on the crate's compact graphs
//! and, `pathfinding`'s way, from closures.
//!
//! Everything is iterative (no recursion depth growing with the input) and works on disconnected
//! graphs, parallel edges and self-loops.
//!
//! ```
//! use graph_core::{BridgeDecomposition, BridgeIndex, MultiGraph};
//!
//! // A triangle 0-1-2, a tail 2-3, and 3-4 doubled (parallel edges are never bridges).
//! let g = MultiGraph::from_edges(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3)]).unwrap();
//! assert_eq!(graph_core::bridges(&g), [3]);
//!
//! let d = BridgeDecomposition::new(&g);
//! assert_eq!(d.component(0), d.component(2));
//! assert_eq!(d.component(3), d.component(4));
//! assert_eq!(d.component_count(), 2);
//!
//! let index = BridgeIndex::new(&d);
//! assert_eq!(index.bridges_between(0, 4), Some(1));
//! assert_eq!(index.bridges_between(3, 4), Some(0));
//! ```

mod bridge_index;
mod bridge_tree;
mod bridges;
mod components;
pub mod directed;
mod error;
mod lca;
mod multigraph;
#[cfg(test)]
mod oracle_tests;

pub use bridge_index::BridgeIndex;
pub use bridge_tree::BridgeTree;
pub use bridges::{BridgeDecomposition, bridges};
pub use components::{connected_components, connected_components_fn};
pub use error::Error;
pub use lca::Lca;
pub use multigraph::{MAX_COUNT, MultiGraph};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
