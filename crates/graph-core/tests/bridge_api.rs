//! Every public answer of the bridge decomposition and its forest, checked against removal
//! (brute force) and against each other on random multigraphs (the answers a wrong accessor would get
//! wrong: `is_bridge`, `root`, `bridge_to_parent`, the size checks).

use graph_core::directed::DiGraph;
use graph_core::{BridgeDecomposition, Error, MAX_COUNT, MultiGraph, connected_components};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn multigraph() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..20).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..40)))
}

proptest! {
    #[test]
    fn is_bridge_is_removal_disconnects((n, edges) in multigraph()) {
        // An edge is a bridge exactly when removing it splits a connected component
        // (petgraph calls parallel edges bridges, so it is no oracle here).
        let g = MultiGraph::from_edges(n, &edges).unwrap();
        let d = BridgeDecomposition::new(&g);
        let whole = connected_components(&g).len();
        let mut theirs = BTreeSet::new();
        for e in 0..edges.len() {
            let mut rest = edges.clone();
            rest.remove(e);
            let without = MultiGraph::from_edges(n, &rest).unwrap();
            if connected_components(&without).len() > whole {
                theirs.insert(e);
            }
            prop_assert_eq!(d.is_bridge(e), theirs.contains(&e), "edge {}", e);
        }
        prop_assert_eq!(d.bridges().collect::<BTreeSet<_>>(), theirs);
    }

    #[test]
    fn the_forest_hangs_together((n, edges) in multigraph()) {
        let g = MultiGraph::from_edges(n, &edges).unwrap();
        let d = BridgeDecomposition::new(&g);
        let tree = d.bridge_tree();
        prop_assert_eq!(tree.node_count(), d.component_count());
        prop_assert_eq!(tree.tree_count(), d.connected_component_count());
        let mut roots = BTreeSet::new();
        for node in 0..tree.node_count() {
            match (tree.parent(node), tree.bridge_to_parent(node)) {
                (None, None) => {
                    prop_assert_eq!(tree.root(node), node);
                    prop_assert_eq!(tree.depth(node), 0);
                    roots.insert(node);
                }
                (Some(parent), Some(bridge)) => {
                    prop_assert!(d.is_bridge(bridge));
                    let (a, b) = g.endpoints(bridge);
                    let ends = BTreeSet::from([d.component(a), d.component(b)]);
                    prop_assert_eq!(ends, BTreeSet::from([node, parent]));
                    prop_assert_eq!(tree.root(node), tree.root(parent));
                    prop_assert_eq!(tree.depth(node), tree.depth(parent) + 1);
                }
                other => prop_assert!(false, "parent and bridge disagree: {:?}", other),
            }
        }
        prop_assert_eq!(roots.len(), tree.tree_count());
        // Vertices joined by a path share a root.
        for &(a, b) in &edges {
            prop_assert_eq!(tree.root(d.component(a)), tree.root(d.component(b)));
        }
    }
}

#[test]
fn counts_past_the_compact_form_are_refused() {
    let too_many = MAX_COUNT + 1;
    for err in [
        MultiGraph::from_edges(too_many, &[]).unwrap_err(),
        DiGraph::from_edges(too_many, &[]).unwrap_err(),
    ] {
        assert_eq!(
            err,
            Error::TooLarge {
                what: "vertices",
                count: too_many,
                max: MAX_COUNT
            }
        );
    }
    assert!(MultiGraph::from_edges(3, &[(0, 1)]).is_ok());
}
