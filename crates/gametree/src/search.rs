//! The tree as a [`Game`] for search-core, and the answer for one tree.

use crate::tree::{GameTree, Kind};
use search_core::{
    games::Game, games::MoveList, games::Player, games::Value, games::alpha_beta, games::minimax,
};

/// A position: a node of a tree. `Copy`, two words.
#[derive(Debug, Clone, Copy)]
pub struct Position<'t> {
    tree: &'t GameTree,
    node: u32,
}

impl<'t> Position<'t> {
    /// The root of `tree`.
    pub fn root(tree: &'t GameTree) -> Self {
        Self {
            tree,
            node: tree.root(),
        }
    }

    /// The node's id in the tree.
    pub fn node(&self) -> u32 {
        self.node
    }
}

impl Game for Position<'_> {
    /// The id of the child to go to.
    type Move = u32;

    fn to_move(&self) -> Player {
        match self.tree.node(self.node).kind() {
            Kind::Min => Player::Min,
            Kind::Max | Kind::Leaf(_) => Player::Max,
        }
    }

    fn legal_moves(&self) -> MoveList<u32> {
        self.tree.node(self.node).children().collect()
    }

    fn play(&self, child: u32) -> Self {
        Self {
            tree: self.tree,
            node: child,
        }
    }

    fn is_terminal(&self) -> bool {
        matches!(self.tree.node(self.node).kind(), Kind::Leaf(_))
    }

    fn evaluate(&self) -> Value {
        match self.tree.node(self.node).kind() {
            Kind::Leaf(v) => v,
            // Internal nodes always have children (checked when the tree was built).
            Kind::Max | Kind::Min => 0,
        }
    }
}

/// The result of searching one tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    /// The root's minimax value.
    pub score: Value,
    /// Leaves evaluated by alpha-beta (each once).
    pub leaves_examined: u64,
}

/// Alpha-beta over the whole tree from the window (-inf, +inf), cutting when alpha >= beta.
pub fn solve(tree: &GameTree) -> Answer {
    let outcome = alpha_beta(&Position::root(tree), None);
    Answer {
        score: outcome.value,
        leaves_examined: outcome.stats.leaves,
    }
}

/// Plain minimax over the whole tree (every leaf examined): the reference for [`solve`].
pub fn solve_minimax(tree: &GameTree) -> Answer {
    let outcome = minimax(&Position::root(tree), None);
    Answer {
        score: outcome.value,
        leaves_examined: outcome.stats.leaves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const SPEC: &str = "{(A,MAX),(B,MIN),(C,MIN),(D,MAX),(E,MAX),(F,MAX),(G,MAX)} \
        {(A,B),(A,C),(B,D),(B,E),(C,F),(C,G),(D,4),(D,3),(E,2),(E,7),(F,3),(F,2),(G,2),(G,8)}";

    #[test]
    fn a_position_is_the_node_it_stands_on() {
        let tree = GameTree::from_line(SPEC).unwrap();
        let root = Position::root(&tree);
        assert_eq!(root.node(), tree.root());
        // Ids breadth-first: B is 1, C is 2; D (below B) is 3.
        let moves = root.legal_moves();
        assert_eq!(moves.as_slice(), [1, 2]);
        assert_eq!(root.play(2).node(), 2);
        assert_eq!(root.play(1).play(3).node(), 3);
    }

    #[test]
    fn spec_example() {
        let tree = GameTree::from_line(SPEC).unwrap();
        assert_eq!(
            solve(&tree),
            Answer {
                score: 4,
                leaves_examined: 6
            }
        );
        assert_eq!(solve_minimax(&tree).leaves_examined, 8);
    }

    #[test]
    fn ties_prune() {
        // After B = 3, C's first leaf 3 gives beta = 3 <= alpha = 3: the 9 is never examined.
        let tree = GameTree::from_line("{(A,MAX),(B,MIN),(C,MIN)} {(A,B),(A,C),(B,3),(C,3),(C,9)}")
            .unwrap();
        assert_eq!(
            solve(&tree),
            Answer {
                score: 3,
                leaves_examined: 2
            }
        );
    }

    #[test]
    fn leaf_children_of_root_and_consecutive_same_side() {
        let tree = GameTree::from_line("{(A,MIN),(B,MIN)} {(A,5),(A,B),(B,-1),(B,8)}").unwrap();
        assert_eq!(solve(&tree).score, -1);
    }

    /// A random tree line: node `N<i>`'s parent is a random earlier internal node; leaves hang
    /// below; names are shuffled so sorting matters.
    fn tree_line() -> impl Strategy<Value = String> {
        (1usize..12, any::<u64>()).prop_flat_map(|(internal, salt)| {
            (
                proptest::collection::vec(any::<bool>(), internal),
                proptest::collection::vec(0usize..1000, internal),
                proptest::collection::vec((0usize..1000, -50i32..50), internal..internal * 4 + 1),
                Just(salt),
            )
                .prop_map(|(types, parents, leaves, salt)| {
                    let name =
                        |i: usize| format!("N{}", (i as u64 ^ salt) % 1_000_000 * 100 + i as u64);
                    let mut nodes = Vec::new();
                    let mut edges = Vec::new();
                    let mut has_child = vec![false; types.len()];
                    for (i, &max) in types.iter().enumerate() {
                        nodes.push(format!("({},{})", name(i), if max { "MAX" } else { "MIN" }));
                        if i > 0 {
                            let p = parents[i] % i;
                            edges.push(format!("({},{})", name(p), name(i)));
                            has_child[p] = true;
                        }
                    }
                    for &(p, v) in &leaves {
                        let p = p % types.len();
                        edges.push(format!("({},{v})", name(p)));
                        has_child[p] = true;
                    }
                    for (i, has) in has_child.iter().enumerate() {
                        if !has {
                            edges.push(format!("({},0)", name(i)));
                        }
                    }
                    format!("{{{}}} {{{}}}", nodes.join(","), edges.join(","))
                })
        })
    }

    proptest! {
        #[test]
        fn alpha_beta_equals_minimax(line in tree_line()) {
            let tree = GameTree::from_line(&line).unwrap();
            let ab = solve(&tree);
            let mm = solve_minimax(&tree);
            prop_assert_eq!(ab.score, mm.score);
            prop_assert!(ab.leaves_examined <= mm.leaves_examined);
            prop_assert_eq!(mm.leaves_examined, tree.leaf_count() as u64);
        }

        #[test]
        fn arbitrary_lines_never_panic(line in "[{}(),A-C0-9 MAXIN-]{0,60}") {
            let _ = GameTree::from_line(&line).map(|t| solve(&t));
        }
    }
}
