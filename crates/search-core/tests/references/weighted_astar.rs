//! Weighted A* against A* on a rescaled problem: with the weight `num / den`, weighted A* orders
//! its frontier by `den * g + num * h`, which is exactly A*'s `g' + h'` on the same graph with
//! every step cost multiplied by `den` and the heuristic by `num`. Equal keys leave deeper first
//! in both (`g' = den * g` orders as `g` does), so the two searches make the same choices: the
//! same path and the same counters.

use super::support;
use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{Weight, astar, weighted_astar};

/// `g` with step costs times `den` and heuristic times `num`.
fn rescaled(g: &Digraph, num: u32, den: u32) -> Digraph {
    let mut scaled = g.clone();
    for e in &mut scaled.edges {
        e.2 *= den;
    }
    for h in &mut scaled.h {
        *h *= num;
    }
    scaled
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any weight, any heuristic (admissible or not): the choices of A* on the rescaled graph.
    #[test]
    fn weighted_astar_is_astar_on_the_rescaled_graph(g in support::with_random_h(2..12, 12), num in 0u32..40, den in 1u32..40) {
        let weighted = weighted_astar(&g, Weight::new(num, den));
        let plain = astar(&rescaled(&g, num, den));
        prop_assert_eq!(weighted.stats, plain.stats);
        prop_assert_eq!(
            weighted.path.map(|p| (p.states, p.actions)),
            plain.path.map(|p| (p.states, p.actions))
        );
    }
}

/// Weight 1 is A*; weights `k / k` too (the keys are all multiplied by `k`).
#[test]
fn weight_one_is_astar() {
    let edges = [
        (0, 1, 2),
        (0, 2, 1),
        (1, 3, 1),
        (2, 3, 3),
        (1, 2, 1),
        (2, 1, 1),
    ];
    let mut g = Digraph::new(4, &edges, 3);
    g.h = vec![2, 1, 2, 0];
    let plain = astar(&g);
    for k in [1, 2, 3, 7, 31] {
        let weighted = weighted_astar(&g, Weight::new(k, k));
        assert_eq!(weighted.stats, plain.stats, "{k}/{k}");
        assert_eq!(weighted.path, plain.path, "{k}/{k}");
    }
}

/// The keys are `den * g + num * h` and nothing larger: a heuristic near the top of `u32` with
/// weight 1/1 (keys `g + h`, which fit) does not overflow.
#[test]
fn keys_that_fit_do_not_overflow() {
    let edges = [(0, 1, 1), (1, 2, 1), (0, 2, 5)];
    let mut g = Digraph::new(3, &edges, 2);
    let top = u32::MAX - 10;
    g.h = vec![top, top - 1, 0];
    let weighted = weighted_astar(&g, Weight::new(1, 1));
    assert_eq!(weighted.path.map(|p| p.states), Some(vec![0, 2]));
    assert_eq!(weighted.stats, astar(&g).stats);
}
