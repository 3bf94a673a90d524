//! Undirected multigraphs: bridges, 2-edge-connected components, the bridge tree and LCA queries.
//!
//! (Work in progress: see the issue tracker.)
