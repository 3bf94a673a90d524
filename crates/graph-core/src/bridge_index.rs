//! Counting the bridges every path between two vertices must cross.

use crate::{BridgeDecomposition, Lca};

/// Answers [`BridgeIndex::bridges_between`] in O(1) after O(c log c) preprocessing
/// (c = the number of 2-edge-connected components).
///
/// ```
/// use graph_core::{BridgeDecomposition, BridgeIndex, MultiGraph};
/// // 0 - 1 = 2 - 3, and 4 alone (1 = 2 are two parallel edges)
/// let g = MultiGraph::from_edges(5, &[(0, 1), (1, 2), (2, 1), (2, 3)]).unwrap();
/// let d = BridgeDecomposition::new(&g);
/// let index = BridgeIndex::new(&d);
/// assert_eq!(index.bridges_between(0, 3), Some(2));
/// assert_eq!(index.bridges_between(1, 2), Some(0));
/// assert_eq!(index.bridges_between(0, 4), None);
/// ```
#[derive(Debug, Clone)]
pub struct BridgeIndex<'a> {
    components: &'a [u32],
    lca: Lca,
}

impl<'a> BridgeIndex<'a> {
    /// Preprocesses the bridge tree of `decomposition`.
    pub fn new(decomposition: &'a BridgeDecomposition) -> Self {
        Self {
            components: decomposition.components(),
            lca: Lca::from_bridge_tree(decomposition.bridge_tree()),
        }
    }

    /// The number of bridges on the bridge-tree path between the components of `u` and `v`:
    /// the number of edges that lie on *every* path from `u` to `v` (0 when `u` and `v` share a
    /// 2-edge-connected component). `None` when `u` and `v` are in different connected components
    /// (there is no path at all).
    ///
    /// # Panics
    /// When `u` or `v` is not a vertex of the graph.
    #[inline]
    pub fn bridges_between(&self, u: usize, v: usize) -> Option<usize> {
        let (cu, cv) = (self.components[u], self.components[v]);
        if cu == cv {
            return Some(0);
        }
        self.lca.distance(cu as usize, cv as usize)
    }
}
