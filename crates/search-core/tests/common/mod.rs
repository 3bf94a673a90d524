//! Test problems shared by the integration tests.
#![allow(dead_code)]

use proptest::prelude::*;
use search_core::{games::EngineGame, games::Game, games::MoveList, games::Player, games::Value};

/// The shared explicit weighted digraph (unused by some test binaries).
#[allow(unused_imports)]
pub use search_core::test_support::Digraph as Graph;

/// An explicit game tree: node 0 is the root; leaves carry values.
#[derive(Debug, Clone)]
pub struct Tree {
    pub children: Vec<Vec<usize>>,
    pub max: Vec<bool>,
    pub value: Vec<Value>,
}

/// A position in a [`Tree`].
#[derive(Debug, Clone, Copy)]
pub struct Node<'a> {
    pub tree: &'a Tree,
    pub id: usize,
}

impl Game for Node<'_> {
    type Move = usize;
    fn to_move(&self) -> Player {
        if self.tree.max[self.id] {
            Player::Max
        } else {
            Player::Min
        }
    }
    fn legal_moves(&self) -> MoveList<usize> {
        self.tree.children[self.id].iter().copied().collect()
    }
    fn play(&self, mv: usize) -> Self {
        Node {
            tree: self.tree,
            id: mv,
        }
    }
    fn is_terminal(&self) -> bool {
        self.tree.children[self.id].is_empty()
    }
    fn evaluate(&self) -> Value {
        self.tree.value[self.id]
    }
}

impl EngineGame for Node<'_> {
    fn key(&self) -> u64 {
        self.id as u64
    }
}

/// A plain recursive minimax, the oracle for the iterative searches.
pub fn oracle_minimax(tree: &Tree, id: usize, depth: Option<u32>) -> Value {
    if tree.children[id].is_empty() || depth == Some(0) {
        return tree.value[id];
    }
    let values = tree.children[id]
        .iter()
        .map(|&c| oracle_minimax(tree, c, depth.map(|d| d - 1)));
    if tree.max[id] {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// A random tree of up to 60 nodes with random Max/Min labels (a side may move twice).
pub fn random_tree() -> impl Strategy<Value = Tree> {
    prop::collection::vec((0usize..4, any::<bool>(), -20i32..20), 1..60).prop_map(|spec| {
        // Node i's children are the next nodes in breadth-first order, spec[i].0 of them.
        let n = spec.len();
        let mut children = vec![Vec::new(); n];
        let mut next = 1;
        for (i, &(k, _, _)) in spec.iter().enumerate() {
            for _ in 0..k {
                if next < n {
                    children[i].push(next);
                    next += 1;
                }
            }
        }
        // Nodes never reached become extra leaves of the root's last descendant: simply drop them.
        let max = spec.iter().map(|s| s.1).collect();
        let value = spec.iter().map(|s| s.2).collect();
        Tree {
            children,
            max,
            value,
        }
    })
}
