//! The random digraphs the reference tests search, and the check every returned path gets.

use proptest::prelude::*;
use search_core::Path;
use search_core::test_support::Digraph;
use std::ops::Range;

/// Digraphs of `sizes` vertices, up to three arcs a vertex of cost 1 to 5, from 0 to a random
/// goal, dense or not, without a heuristic.
pub fn digraphs(sizes: Range<usize>) -> impl Strategy<Value = Digraph> {
    sizes.prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n, 1u32..6), 0..n * 3),
            0..n,
            any::<bool>(),
        )
            .prop_map(move |(edges, goal, dense)| {
                let mut g = Digraph::new(n, &edges, goal);
                g.dense = dense;
                g
            })
    })
}

/// [`digraphs`] with a heuristic of random values below `h_below`.
pub fn with_random_h(sizes: Range<usize>, h_below: u32) -> impl Strategy<Value = Digraph> {
    digraphs(sizes).prop_flat_map(move |g| {
        prop::collection::vec(0..h_below, g.n).prop_map(move |h| Digraph { h, ..g.clone() })
    })
}

/// [`digraphs`] (not dense) with a consistent heuristic (the exact distance), an admissible
/// and often inconsistent one (each distance scaled by 0 to 1) or any at all.
pub fn with_kinds_of_h(sizes: Range<usize>) -> impl Strategy<Value = Digraph> {
    digraphs(sizes).prop_flat_map(|g| {
        let n = g.n;
        (prop::collection::vec(0u32..=4, n), 0u32..3).prop_map(move |(scale, kind)| {
            let mut g = Digraph {
                dense: false,
                ..g.clone()
            };
            let exact = g.exact_distances(40);
            g.h = match kind {
                0 => exact,
                1 => exact.iter().zip(&scale).map(|(d, k)| d * k / 4).collect(),
                _ => scale.iter().map(|k| k * 3).collect(),
            };
            g
        })
    })
}

/// The path's states, actions and cost, after checking that its step costs are its arcs' and
/// add up to its cost.
pub fn checked(g: &Digraph, p: Path<usize, usize, u32>) -> (Vec<usize>, Vec<usize>, u32) {
    let steps: Vec<u32> = p.actions.iter().map(|&e| g.edges[e].2).collect();
    assert_eq!(p.step_costs, steps);
    assert_eq!(p.step_costs.iter().sum::<u32>(), p.cost);
    (p.states, p.actions, p.cost)
}
