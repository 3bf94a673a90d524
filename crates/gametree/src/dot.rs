//! Pictures of alpha-beta on a tree, as Graphviz DOT: the picture every alpha-beta lecture draws
//! by hand.
//!
//! MAX nodes are up-triangles, MIN nodes down-triangles, leaves boxes. Every node alpha-beta
//! reached shows the value it got from what was examined below it: exact where no child was cut
//! off, otherwise the bound the cut proves (`≥ v` at MAX, `≤ v` at MIN). The chosen line (from
//! the root, the first child that achieves each node's value) is bold; branches alpha-beta never
//! entered are dashed and grey, their leaves showing their values in grey.
//!
//! The search is search-core's [`alpha_beta`] itself, watched through the moves it plays, so the
//! picture shows exactly the leaves that [`solve`](crate::solve) counts.
//!
//! ```
//! use gametree::{GameTree, dot::{Explored, write_dot}};
//!
//! let tree = GameTree::from_line("{(A,MAX),(B,MIN),(C,MIN)} {(A,B),(A,C),(B,3),(C,2),(C,9)}").unwrap();
//! let explored = Explored::new(&tree);
//! assert_eq!(explored.value(tree.root()), Some(3));
//! let mut dot = String::new();
//! write_dot(&mut dot, &[(1, &tree)]);
//! assert!(dot.contains("style=dashed")); // C's 9 is never examined
//! ```

use crate::search::Position;
use crate::tree::{GameTree, Kind};
use search_core::{games::Game, games::MoveList, games::Player, games::Value, games::alpha_beta};
use std::cell::RefCell;
use std::fmt::Write as _;

/// What alpha-beta did on one tree: which nodes it reached and the value each got.
#[derive(Debug, Clone)]
pub struct Explored {
    /// Per node id: whether alpha-beta reached it.
    reached: Vec<bool>,
    /// Per node id: the minimax value of the part of its subtree that was examined.
    value: Vec<Value>,
    /// Per node id: whether some child of this reached node was cut off.
    cut: Vec<bool>,
    /// Per node id: whether the edge into it is on the chosen line.
    chosen: Vec<bool>,
}

/// A tree position that reports every node alpha-beta moves to.
#[derive(Clone)]
struct Watched<'t, 'r> {
    position: Position<'t>,
    reached: &'r RefCell<Vec<bool>>,
}

impl Game for Watched<'_, '_> {
    type Move = u32;
    fn to_move(&self) -> Player {
        self.position.to_move()
    }
    fn legal_moves(&self) -> MoveList<u32> {
        self.position.legal_moves()
    }
    fn play(&self, child: u32) -> Self {
        self.reached.borrow_mut()[child as usize] = true;
        Self {
            position: self.position.play(child),
            reached: self.reached,
        }
    }
    fn is_terminal(&self) -> bool {
        self.position.is_terminal()
    }
    fn evaluate(&self) -> Value {
        self.position.evaluate()
    }
}

impl Explored {
    /// Runs alpha-beta on `tree` (as [`solve`](crate::solve) does) and records what it reached.
    pub fn new(tree: &GameTree) -> Self {
        let n = tree.len();
        let reached = RefCell::new(vec![false; n]);
        reached.borrow_mut()[tree.root() as usize] = true;
        let root = Watched {
            position: Position::root(tree),
            reached: &reached,
        };
        alpha_beta(&root, None);
        let reached = reached.into_inner();
        let mut value = vec![0; n];
        let mut cut = vec![false; n];
        // Children have larger ids than their parent (breadth-first numbering): one backward
        // pass computes every value from the children's.
        for id in (0..n).rev() {
            let node = tree.node(id as u32);
            let seen = node.children().filter(|&c| reached[c as usize]);
            value[id] = match node.kind() {
                Kind::Leaf(v) => v,
                Kind::Max => seen.map(|c| value[c as usize]).max().unwrap_or(0),
                Kind::Min => seen.map(|c| value[c as usize]).min().unwrap_or(0),
            };
            cut[id] = reached[id] && node.children().any(|c| !reached[c as usize]);
        }
        let mut chosen = vec![false; n];
        let mut at = tree.root();
        while let Some(next) = tree
            .node(at)
            .children()
            .find(|&c| reached[c as usize] && value[c as usize] == value[at as usize])
        {
            chosen[next as usize] = true;
            at = next;
        }
        Self {
            reached,
            value,
            cut,
            chosen,
        }
    }

    /// The value node `id` got, `None` when alpha-beta never reached it. At a node with a cut-off
    /// child it is a bound: a lower bound at MAX, an upper bound at MIN.
    pub fn value(&self, id: u32) -> Option<Value> {
        self.reached[id as usize].then(|| self.value[id as usize])
    }

    /// Whether some child of node `id` was cut off.
    pub fn is_cut(&self, id: u32) -> bool {
        self.cut[id as usize]
    }

    /// Whether the edge into node `id` is on the chosen line.
    pub fn is_chosen(&self, id: u32) -> bool {
        self.chosen[id as usize]
    }

    /// Leaves alpha-beta examined.
    pub fn leaves_examined(&self, tree: &GameTree) -> u64 {
        (0..tree.len() as u32)
            .filter(|&id| {
                self.reached[id as usize] && matches!(tree.node(id).kind(), Kind::Leaf(_))
            })
            .count() as u64
    }
}

/// Appends one DOT `digraph` holding each `(graph number, tree)` as a cluster titled with its
/// score and leaves examined.
pub fn write_dot(out: &mut String, trees: &[(usize, &GameTree)]) {
    out.push_str("digraph alphabeta {\n  node [fontname=\"Helvetica\", style=filled, fillcolor=white];\n  edge [arrowhead=none];\n");
    for &(graph, tree) in trees {
        write_cluster(out, graph, tree, &Explored::new(tree));
    }
    out.push_str("}\n");
}

/// The DOT picture of every well-formed tree of a file (malformed lines are skipped: the
/// answers report them), numbered as [`crate::solve_text`] numbers them.
pub fn dot_text(text: &str) -> String {
    let trees: Vec<(usize, GameTree)> = crate::graph_lines(text)
        .filter_map(|(_, graph, line)| GameTree::from_line(line).ok().map(|t| (graph, t)))
        .collect();
    let refs: Vec<(usize, &GameTree)> = trees.iter().map(|(g, t)| (*g, t)).collect();
    let mut out = String::new();
    write_dot(&mut out, &refs);
    out
}

/// One tree as `subgraph cluster_G { ... }`.
fn write_cluster(out: &mut String, graph: usize, tree: &GameTree, explored: &Explored) {
    let root = explored.value(tree.root()).unwrap_or(0);
    let _ = writeln!(
        out,
        "  subgraph cluster_{graph} {{\n    label=\"Graph {graph}: score {root}, {} leaves examined\";",
        explored.leaves_examined(tree)
    );
    for id in 0..tree.len() as u32 {
        write_node(out, graph, tree, explored, id);
        for child in tree.node(id).children() {
            let style = if explored.value(child).is_none() {
                "style=dashed, color=grey60"
            } else if explored.is_chosen(child) {
                "penwidth=3"
            } else {
                "color=black"
            };
            let _ = writeln!(out, "    g{graph}n{id} -> g{graph}n{child} [{style}];");
        }
    }
    out.push_str("  }\n");
}

fn write_node(out: &mut String, graph: usize, tree: &GameTree, explored: &Explored, id: u32) {
    let kind = tree.node(id).kind();
    let shape = match kind {
        Kind::Max => "triangle",
        Kind::Min => "invtriangle",
        Kind::Leaf(_) => "box",
    };
    let label = match (kind, explored.value(id)) {
        (Kind::Leaf(v), _) => v.to_string(),
        (_, None) => String::new(),
        (Kind::Max, Some(v)) if explored.is_cut(id) => format!("≥{v}"),
        (Kind::Min, Some(v)) if explored.is_cut(id) => format!("≤{v}"),
        (_, Some(v)) => v.to_string(),
    };
    let look = if explored.value(id).is_none() {
        ", style=\"dashed,filled\", color=grey60, fontcolor=grey60"
    } else if id == tree.root() || explored.is_chosen(id) {
        ", penwidth=3"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "    g{graph}n{id} [shape={shape}, label=\"{label}\"{look}];"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::solve;

    const SPEC: &str = "{(A,MAX),(B,MIN),(C,MIN),(D,MAX),(E,MAX),(F,MAX),(G,MAX)} \
        {(A,B),(A,C),(B,D),(B,E),(C,F),(C,G),(D,4),(D,3),(E,2),(E,7),(F,3),(F,2),(G,2),(G,8)}";

    #[test]
    fn the_spec_tree_values_bounds_and_cuts() {
        let tree = GameTree::from_line(SPEC).unwrap();
        let e = Explored::new(&tree);
        // Ids breadth-first: A0, B1, C2, D3, E4, F5, G6, then leaves D:7,8 E:9,10 F:11,12 G:13,14.
        assert_eq!(e.value(0), Some(4));
        assert_eq!((e.value(1), e.is_cut(1)), (Some(4), false));
        // C: F = 3 <= alpha = 4 cuts G.
        assert_eq!((e.value(2), e.is_cut(2)), (Some(3), true));
        assert_eq!(e.value(6), None);
        assert_eq!((e.value(13), e.value(14)), (None, None));
        // E: 2 then 7 >= beta = 4 would not cut... E's first leaf 2 < 4, second 7 >= 4 cuts nothing
        // (no third child); D and E both complete.
        assert_eq!(e.value(4), Some(7));
        assert_eq!(e.leaves_examined(&tree), solve(&tree).leaves_examined);
        // The chosen line: A -> B -> D -> the 4.
        assert!(e.is_chosen(1) && e.is_chosen(3) && e.is_chosen(7));
        assert!(!e.is_chosen(2) && !e.is_chosen(4) && !e.is_chosen(8));
    }

    #[test]
    fn dot_marks_pruned_edges_and_bounds() {
        let tree = GameTree::from_line(SPEC).unwrap();
        let mut dot = String::new();
        write_dot(&mut dot, &[(1, &tree)]);
        assert!(
            dot.contains("g1n2 -> g1n6 [style=dashed, color=grey60];"),
            "{dot}"
        );
        assert!(dot.contains("g1n6 -> g1n13 [style=dashed, color=grey60];"));
        assert!(dot.contains("g1n0 -> g1n1 [penwidth=3];"));
        assert!(
            dot.contains("g1n2 [shape=invtriangle, label=\"≤3\"];"),
            "{dot}"
        );
        assert!(dot.contains("label=\"Graph 1: score 4, 6 leaves examined\""));
        assert_eq!(dot.matches("style=dashed, color=grey60").count(), 3);
        // The root and the chosen line are drawn heavy, other explored nodes plain, the
        // unexplored ones dashed; an uncut Min node shows its value alone.
        assert!(
            dot.contains("g1n0 [shape=triangle, label=\"4\", penwidth=3];"),
            "{dot}"
        );
        assert!(dot.contains("g1n1 [shape=invtriangle, label=\"4\", penwidth=3];"));
        assert!(dot.contains("g1n4 [shape=triangle, label=\"7\"];"));
        assert!(dot.contains(
            "g1n6 [shape=triangle, label=\"\", style=\"dashed,filled\", color=grey60, fontcolor=grey60];"
        ));
    }

    #[test]
    fn a_cut_max_node_shows_a_lower_bound() {
        // A (Min) gets 3 from B; C (Max) sees 5 >= 3 and stops: at least 5.
        let tree = GameTree::from_line("{(A,MIN),(B,MAX),(C,MAX)} {(A,B),(A,C),(B,3),(C,5),(C,1)}")
            .unwrap();
        let mut dot = String::new();
        write_dot(&mut dot, &[(2, &tree)]);
        assert!(
            dot.contains("g2n2 [shape=triangle, label=\"≥5\"];"),
            "{dot}"
        );
        assert!(
            dot.contains("g2n1 [shape=triangle, label=\"3\", penwidth=3];"),
            "{dot}"
        );
    }

    #[test]
    fn dot_text_draws_each_well_formed_line_numbered_as_solve_text_numbers_it() {
        let text = format!("{SPEC}\nnot a tree\n{SPEC}\n");
        let drawn = dot_text(&text);
        let tree = GameTree::from_line(SPEC).unwrap();
        let mut expected = String::new();
        let numbers: Vec<usize> = crate::graph_lines(&text)
            .filter(|(_, _, line)| GameTree::from_line(line).is_ok())
            .map(|(_, graph, _)| graph)
            .collect();
        let trees: Vec<(usize, &GameTree)> = numbers.iter().map(|&g| (g, &tree)).collect();
        write_dot(&mut expected, &trees);
        assert_eq!(trees.len(), 2);
        assert_eq!(drawn, expected);
        assert!(drawn.contains("subgraph cluster_"));
    }

    /// A random tree line: internal node `N<i>` hangs below a random earlier one; every
    /// internal node gets one to three leaves.
    fn tree_line() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        (1usize..10).prop_flat_map(|internal| {
            (
                proptest::collection::vec(any::<bool>(), internal),
                proptest::collection::vec(any::<prop::sample::Index>(), internal),
                proptest::collection::vec(proptest::collection::vec(-20i32..20, 1..4), internal),
            )
                .prop_map(|(max, parents, leaves)| {
                    let nodes: Vec<String> = max
                        .iter()
                        .enumerate()
                        .map(|(i, &m)| format!("(N{i:02},{})", if m { "MAX" } else { "MIN" }))
                        .collect();
                    let mut edges = Vec::new();
                    for (i, parent) in parents.iter().enumerate().skip(1) {
                        edges.push(format!("(N{:02},N{i:02})", parent.index(i)));
                    }
                    for (i, values) in leaves.iter().enumerate() {
                        edges.extend(values.iter().map(|v| format!("(N{i:02},{v})")));
                    }
                    format!("{{{}}} {{{}}}", nodes.join(","), edges.join(","))
                })
        })
    }

    proptest::proptest! {
        #[test]
        fn the_picture_agrees_with_solve(line in tree_line()) {
            let tree = GameTree::from_line(&line).unwrap();
            let e = Explored::new(&tree);
            let answer = solve(&tree);
            proptest::prop_assert_eq!(e.value(tree.root()), Some(answer.score));
            proptest::prop_assert_eq!(e.leaves_examined(&tree), answer.leaves_examined);
            // The chosen line ends at a leaf with the root's value.
            let mut at = tree.root();
            while let Some(next) = tree.node(at).children().find(|&c| e.is_chosen(c)) {
                at = next;
            }
            proptest::prop_assert_eq!(tree.node(at).kind(), Kind::Leaf(answer.score));
        }
    }
}
