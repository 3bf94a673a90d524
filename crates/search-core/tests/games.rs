//! Minimax, alpha-beta and the engine on random explicit game trees.

mod common;

use common::{Node, Tree, oracle_minimax, random_tree};
use proptest::prelude::*;
use search_core::{
    games::Engine, games::ParallelEngine, games::Value, games::alpha_beta, games::minimax,
};

/// The spec's example tree: the first-best move is kept.
#[test]
fn first_best_move_is_kept() {
    // Root (Max) -> three Min children with values 3, 3, 2 as leaves.
    let tree = Tree {
        children: vec![vec![1, 2, 3], vec![], vec![], vec![]],
        max: vec![true, false, false, false],
        value: vec![0, 3, 3, 2],
    };
    let root = Node { tree: &tree, id: 0 };
    for outcome in [minimax(&root, None), alpha_beta(&root, None)] {
        assert_eq!(outcome.value, 3);
        assert_eq!(outcome.best_move, Some(1));
        assert_eq!(outcome.stats.nodes, 4);
        assert_eq!(outcome.stats.leaves, 3);
    }
}

/// The textbook figure (AIMA 5.5): alpha-beta prunes two leaves of the middle branch.
#[test]
fn textbook_pruning_counts() {
    let mut children = vec![vec![1, 2, 3]];
    let leaves = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];
    let mut value = vec![0, 0, 0, 0];
    let mut max = vec![true, false, false, false];
    children.extend([vec![], vec![], vec![]]);
    for (b, row) in leaves.iter().enumerate() {
        for &v in row {
            let id = value.len();
            value.push(v);
            max.push(true);
            children.push(vec![]);
            children[b + 1].push(id);
        }
    }
    let tree = Tree {
        children,
        max,
        value,
    };
    let root = Node { tree: &tree, id: 0 };
    let ab = alpha_beta(&root, None);
    assert_eq!(ab.value, 3);
    assert_eq!(ab.stats.leaves, 7); // 3 + 1 + 3
    assert_eq!(ab.stats.nodes, 1 + 3 + 7);
    assert_eq!(minimax(&root, None).stats.leaves, 9);
}

#[test]
fn deep_chain_does_not_overflow_the_stack() {
    let n = 300_000;
    let tree = Tree {
        children: (0..n)
            .map(|i| if i + 1 < n { vec![i + 1] } else { vec![] })
            .collect(),
        max: (0..n).map(|i| i % 3 == 0).collect(),
        value: (0..n as Value).collect(),
    };
    let root = Node { tree: &tree, id: 0 };
    assert_eq!(alpha_beta(&root, None).value, n as Value - 1);
    assert_eq!(minimax(&root, None).stats.nodes, n as u64);
}

proptest! {
    #[test]
    fn alpha_beta_equals_minimax_and_visits_no_more(tree in random_tree(), depth in prop::option::of(0u32..6)) {
        let root = Node { tree: &tree, id: 0 };
        let mm = minimax(&root, depth);
        let ab = alpha_beta(&root, depth);
        prop_assert_eq!(mm.value, oracle_minimax(&tree, 0, depth));
        prop_assert_eq!(ab.value, mm.value);
        prop_assert!(ab.stats.nodes <= mm.stats.nodes);
        prop_assert!(ab.stats.leaves <= mm.stats.leaves);
        // The reported move achieves the value and is the first that does.
        if let Some(mv) = mm.best_move {
            let first = tree.children[0]
                .iter()
                .copied()
                .find(|&c| oracle_minimax(&tree, c, depth.map(|d| d - 1)) == mm.value);
            prop_assert_eq!(Some(mv), first);
        }
    }

    #[test]
    fn engine_equals_alpha_beta_at_every_depth(tree in random_tree(), bits in 0u32..8) {
        let root = Node { tree: &tree, id: 0 };
        let mut engine = Engine::new(bits);
        for depth in 0..7 {
            let ab = alpha_beta(&root, Some(depth));
            let en = engine.search(&root, depth);
            prop_assert_eq!(en.value, ab.value, "depth {}", depth);
            if let Some(mv) = en.best_move {
                prop_assert_eq!(oracle_minimax(&tree, mv, Some(depth.saturating_sub(1))), ab.value);
            }
        }
        let solved = engine.solve(&root);
        prop_assert_eq!(solved.value, minimax(&root, None).value);
    }

    #[test]
    fn mtdf_equals_alpha_beta(tree in random_tree(), guess in -25i32..25) {
        let root = Node { tree: &tree, id: 0 };
        let mut engine = Engine::new(6);
        for depth in [Some(1), Some(3), None] {
            let ab = alpha_beta(&root, depth);
            let mtdf = engine.mtdf(&root, depth, guess);
            prop_assert_eq!(mtdf.value, ab.value, "depth {:?}", depth);
            if let Some(mv) = mtdf.best_move {
                prop_assert_eq!(oracle_minimax(&tree, mv, depth.map(|d| d.saturating_sub(1))), ab.value);
            } else {
                prop_assert!(tree.children[0].is_empty());
            }
        }
    }

    #[test]
    fn parallel_engine_equals_alpha_beta_at_every_depth(tree in random_tree(), threads in 1usize..5, bits in 0u32..8) {
        let root = Node { tree: &tree, id: 0 };
        let mut parallel = ParallelEngine::new(bits, threads);
        for depth in 0..8 {
            let ab = alpha_beta(&root, Some(depth));
            let outcome = parallel.search(&root, depth);
            prop_assert_eq!(outcome.value, ab.value, "depth {}", depth);
            if let Some(mv) = outcome.best_move {
                prop_assert!(tree.children[0].contains(&mv));
                prop_assert_eq!(oracle_minimax(&tree, mv, Some(depth.saturating_sub(1))), ab.value);
            } else {
                prop_assert!(tree.children[0].is_empty() || depth == 0);
            }
        }
    }
}
