//! The game tree: a compact arena built from a parsed line, with every rule of a well-formed
//! tree checked on the way (iteratively: deep trees cannot overflow the stack).

use crate::error::TreeError;
use crate::parse::{RawTree, parse_line};
use search_core::{games::INFINITY, games::Value};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An internal node where Max moves.
    Max,
    /// An internal node where Min moves.
    Min,
    /// A leaf with its value.
    Leaf(Value),
}

/// One node of the arena: its kind and the range of its children's ids (empty for a leaf).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    first: u32,
    len: u32,
    kind: Kind,
}

impl Node {
    /// What the node is.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The ids of the node's children, in search order.
    pub fn children(&self) -> Range<u32> {
        self.first..self.first + self.len
    }
}

/// An explicit game tree. Nodes are numbered breadth-first from the root (id 0), so the children
/// of a node have consecutive ids and no child list is stored.
///
/// Child order: the children of a node keep the order of the edge list, except that the
/// internal children are sorted by name (plain byte order) among the places internal children
/// occupy. So a node whose children are all internal has them sorted by name, a node whose
/// children are all leaves has them in edge-list order, and in a mixed list the leaves stay where
/// the edge list put them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<Node>,
    leaves: usize,
}

/// No parent yet.
const NONE: u32 = u32::MAX;

/// The most nodes (internal and leaves) a tree may have.
pub const MAX_NODES: usize = (u32::MAX / 2) as usize;

/// A child in the edge list: an internal node (index into the node set) or a leaf value.
#[derive(Debug, Clone, Copy)]
enum Child {
    Internal(u32),
    Leaf(Value),
}

/// Node names to their index in the node set.
type Index<'r> = HashMap<&'r str, u32, BuildHasherDefault<NameHasher>>;

/// The checks and steps of [`GameTree::build`], one method each.
struct Builder<'a, 'r> {
    raw: &'a RawTree<'r>,
    index: Index<'r>,
    kinds: Vec<Kind>,
    /// Each node's parent in the set ([`NONE`] for none yet).
    parent: Vec<u32>,
    /// `count[i + 1]`: children of node `i` (prefix sums after grouping).
    count: Vec<u32>,
    /// The edges resolved: parent and child, in edge-list order.
    resolved: Vec<(u32, Child)>,
}

impl<'a, 'r> Builder<'a, 'r> {
    /// Indexes the node set: no duplicates, every type `MAX` or `MIN`.
    fn new(raw: &'a RawTree<'r>) -> Result<Self, TreeError> {
        let m = raw.nodes.len();
        if m == 0 {
            return Err(TreeError::NoNodes);
        }
        if m + raw.edges.len() >= MAX_NODES {
            return Err(TreeError::TooLarge { max: MAX_NODES });
        }
        let mut index = Index::with_capacity_and_hasher(m, BuildHasherDefault::default());
        let mut kinds = Vec::with_capacity(m);
        for (i, &(name, kind)) in raw.nodes.iter().enumerate() {
            if index.insert(name, i as u32).is_some() {
                return Err(TreeError::DuplicateNode(name.to_owned()));
            }
            kinds.push(match kind {
                "MAX" => Kind::Max,
                "MIN" => Kind::Min,
                _ => {
                    let (node, token) = (name.to_owned(), kind.to_owned());
                    return Err(TreeError::BadType { node, token });
                }
            });
        }
        Ok(Builder {
            raw,
            index,
            kinds,
            parent: vec![NONE; m],
            count: vec![0; m + 1],
            resolved: Vec::with_capacity(raw.edges.len()),
        })
    }

    fn name(&self, i: u32) -> String {
        self.raw.nodes[i as usize].0.to_owned()
    }

    /// Resolves every edge to a parent and a child, counting children per parent.
    fn resolve_edges(&mut self) -> Result<(), TreeError> {
        let mut last: Option<(&str, u32)> = None;
        for &(from, to) in &self.raw.edges {
            let src = match last {
                Some((name, i)) if name == from => i,
                _ => {
                    let i = *self.index.get(from).ok_or_else(|| TreeError::UnknownNode {
                        token: from.to_owned(),
                        parent: from.to_owned(),
                        child: to.to_owned(),
                    })?;
                    last = Some((from, i));
                    i
                }
            };
            let child = self.child(src, from, to)?;
            self.count[src as usize + 1] += 1;
            self.resolved.push((src, child));
        }
        Ok(())
    }

    /// The target `to` of an edge from `from` (index `src`): a node of the set (taking its
    /// parent) or a leaf value.
    fn child(&mut self, src: u32, from: &str, to: &str) -> Result<Child, TreeError> {
        if let Some(&t) = self.index.get(to) {
            if self.parent[t as usize] != NONE {
                return Err(TreeError::TwoParents {
                    node: to.to_owned(),
                    first: self.name(self.parent[t as usize]),
                    second: from.to_owned(),
                });
            }
            self.parent[t as usize] = src;
            Ok(Child::Internal(t))
        } else if to.bytes().any(|b| b.is_ascii_digit()) {
            let value = leaf_value(to).ok_or_else(|| TreeError::BadLeafValue {
                parent: from.to_owned(),
                token: to.to_owned(),
            })?;
            Ok(Child::Leaf(value))
        } else {
            Err(TreeError::UnknownNode {
                token: to.to_owned(),
                parent: from.to_owned(),
                child: to.to_owned(),
            })
        }
    }

    /// Every internal node has children; the root has no parent.
    fn check_children_and_root(&self) -> Result<(), TreeError> {
        let m = self.kinds.len();
        if let Some(i) = (0..m).find(|&i| self.count[i + 1] == 0) {
            return Err(TreeError::NoChildren(self.name(i as u32)));
        }
        if self.parent[0] != NONE {
            return Err(match find_cycle(&self.parent, 0) {
                Some(node) => TreeError::Cycle(self.name(node)),
                None => TreeError::RootHasParent {
                    root: self.name(0),
                    parent: self.name(self.parent[0]),
                },
            });
        }
        Ok(())
    }

    /// The children grouped by parent (a stable counting sort keeps the edge order; `count`
    /// becomes the groups' offsets), the internal ones sorted by name within the places they
    /// occupy.
    fn grouped_children(&mut self) -> Vec<Child> {
        let m = self.kinds.len();
        for i in 0..m {
            self.count[i + 1] += self.count[i];
        }
        let mut fill = self.count.clone();
        let mut kids = vec![Child::Leaf(0); self.resolved.len()];
        for &(src, child) in &self.resolved {
            kids[fill[src as usize] as usize] = child;
            fill[src as usize] += 1;
        }
        let mut internal = Vec::new();
        for i in 0..m {
            let slice = &mut kids[self.count[i] as usize..self.count[i + 1] as usize];
            self.sort_internal(slice, &mut internal);
        }
        kids
    }

    /// Sorts the internal children of one node by name among their places (`internal` is
    /// scratch space).
    fn sort_internal(&self, slice: &mut [Child], internal: &mut Vec<u32>) {
        internal.clear();
        internal.extend(slice.iter().filter_map(|c| match c {
            Child::Internal(t) => Some(*t),
            Child::Leaf(_) => None,
        }));
        if internal.len() < 2 {
            return;
        }
        let nodes = &self.raw.nodes;
        internal.sort_unstable_by(|&a, &b| nodes[a as usize].0.cmp(nodes[b as usize].0));
        let mut sorted = internal.iter();
        for c in slice.iter_mut() {
            if let Child::Internal(t) = c {
                *t = *sorted.next().expect("as many as taken");
            }
        }
    }

    /// Numbers the nodes breadth-first from the root: the arena, its leaf count, and which
    /// nodes of the set were reached.
    fn breadth_first(&self, kids: &[Child]) -> (Vec<Node>, usize, Vec<bool>) {
        let node = |kind| Node {
            first: 0,
            len: 0,
            kind,
        };
        let mut nodes = Vec::with_capacity(1 + kids.len());
        // Arena ids of internal nodes, in order, mapped to the set.
        let mut origin = Vec::with_capacity(self.kinds.len());
        let mut visited = vec![false; self.kinds.len()];
        let mut leaves = 0usize;
        nodes.push(node(self.kinds[0]));
        origin.push(0u32);
        visited[0] = true;
        let mut internal_seen = 0;
        for head in 0.. {
            let Some(current) = nodes.get(head) else {
                break;
            };
            if let Kind::Leaf(_) = current.kind {
                continue;
            }
            let o = origin[internal_seen] as usize;
            internal_seen += 1;
            let first = nodes.len() as u32;
            for &child in &kids[self.count[o] as usize..self.count[o + 1] as usize] {
                match child {
                    Child::Internal(t) => {
                        visited[t as usize] = true;
                        origin.push(t);
                        nodes.push(node(self.kinds[t as usize]));
                    }
                    Child::Leaf(v) => {
                        leaves += 1;
                        nodes.push(node(Kind::Leaf(v)));
                    }
                }
            }
            nodes[head].first = first;
            nodes[head].len = nodes.len() as u32 - first;
        }
        (nodes, leaves, visited)
    }
}

impl GameTree {
    /// Parses and checks one tree line.
    ///
    /// # Errors
    /// A [`TreeError`] naming the offending token.
    pub fn from_line(line: &str) -> Result<Self, TreeError> {
        Self::build(&parse_line(line)?)
    }

    /// Checks a parsed tree and builds its arena. The first node of the set is the root; an edge
    /// target that names a node of the set is that node, otherwise a target containing a digit is
    /// a leaf with that integer value.
    ///
    /// # Errors
    /// A [`TreeError`]: an empty node set, a duplicate node, a type other than `MAX`/`MIN`, an
    /// unknown node or a bad leaf value in an edge, a node with two parents, a root with a
    /// parent, a cycle, a node unreachable from the root, an internal node without children.
    pub fn build(raw: &RawTree<'_>) -> Result<Self, TreeError> {
        let mut builder = Builder::new(raw)?;
        builder.resolve_edges()?;
        builder.check_children_and_root()?;
        let kids = builder.grouped_children();
        let (nodes, leaves, visited) = builder.breadth_first(&kids);
        if let Some(u) = visited.iter().position(|&v| !v) {
            return Err(match find_cycle(&builder.parent, u as u32) {
                Some(node) => TreeError::Cycle(builder.name(node)),
                None => TreeError::Unreachable(builder.name(u as u32), builder.name(0)),
            });
        }
        Ok(Self { nodes, leaves })
    }

    /// The root's id (always 0).
    pub fn root(&self) -> u32 {
        0
    }

    /// The node with id `id`.
    ///
    /// # Panics
    /// When `id` is not a node of this tree.
    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// The number of nodes, internal and leaves.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.leaves
    }
}

/// A fast hasher for short node names (FNV-1a over the bytes, 8 at a time). Names come from the
/// input file, so a hostile file could force collisions: that costs time, never correctness.
#[derive(Default)]
struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        const PRIME: u64 = 0x0000_0100_0000_01b3;
        let mut h = self.0 ^ 0xcbf2_9ce4_8422_2325;
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            h = (h ^ word).wrapping_mul(PRIME).rotate_left(29);
        }
        for &b in chunks.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        self.0 = h;
    }

    fn finish(&self) -> u64 {
        // Mix the high bits down: the table uses the low ones.
        let h = self.0;
        (h ^ (h >> 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// A leaf value: an integer strictly between `-INFINITY` and `INFINITY`.
fn leaf_value(token: &str) -> Option<Value> {
    let v: i64 = token.parse().ok()?;
    (v > -i64::from(INFINITY) && v < i64::from(INFINITY)).then_some(v as Value)
}

/// Walks up the parents from `start`; returns a node on a cycle, or `None` when the walk reaches
/// a node without a parent.
fn find_cycle(parent: &[u32], start: u32) -> Option<u32> {
    let mut seen = vec![false; parent.len()];
    let mut node = start;
    loop {
        if seen[node as usize] {
            return Some(node);
        }
        seen[node as usize] = true;
        node = parent[node as usize];
        if node == NONE {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(line: &str) -> String {
        GameTree::from_line(line).unwrap_err().to_string()
    }

    #[test]
    fn internal_children_are_ordered_by_name_however_many() {
        let t = GameTree::from_line(
            "{(A,MAX),(C,MIN),(B,MIN),(D,MIN)} {(A,C),(A,B),(A,D),(C,1),(B,2),(D,3)}",
        )
        .unwrap();
        let first_leaf = |c: u32| t.node(t.node(c).children().start).kind();
        let values: Vec<Kind> = t.node(t.root()).children().map(first_leaf).collect();
        assert_eq!(values, [Kind::Leaf(2), Kind::Leaf(1), Kind::Leaf(3)]);
        assert!(!t.is_empty());
    }

    #[test]
    fn leaf_values_stay_strictly_inside_infinity() {
        let line = |v: i64| format!("{{(A,MAX)}} {{(A,{v})}}");
        let inf = i64::from(INFINITY);
        for v in [inf - 1, -(inf - 1), 0] {
            let t = GameTree::from_line(&line(v)).unwrap();
            assert_eq!(t.node(1).kind(), Kind::Leaf(v as Value));
        }
        for v in [inf, -inf] {
            assert!(GameTree::from_line(&line(v)).is_err(), "{v}");
        }
    }

    #[test]
    fn arena_is_breadth_first_with_sorted_internal_children() {
        let t = GameTree::from_line("{(A,MAX),(C,MIN),(B,MIN)} {(A,C),(A,B),(B,1),(C,-2),(C,3)}")
            .unwrap();
        assert_eq!(t.len(), 6);
        assert_eq!(t.leaf_count(), 3);
        let root = t.node(0);
        assert_eq!(root.kind(), Kind::Max);
        assert_eq!(root.children(), 1..3);
        // B before C.
        assert_eq!(t.node(1).children().len(), 1);
        assert_eq!(t.node(2).children().len(), 2);
        assert_eq!(t.node(4).kind(), Kind::Leaf(-2));
        assert_eq!(t.node(5).kind(), Kind::Leaf(3));
    }

    #[test]
    fn mixed_children_keep_leaf_places() {
        // Edge order: 5, C, 7, B -> leaves stay first and third, internal sorted: 5, B, 7, C.
        let t = GameTree::from_line(
            "{(A,MAX),(B,MIN),(C,MIN)} {(A,5),(A,C),(A,7),(A,B),(B,1),(C,2),(C,9)}",
        )
        .unwrap();
        let kinds: Vec<Kind> = t.node(0).children().map(|c| t.node(c).kind()).collect();
        assert_eq!(kinds, [Kind::Leaf(5), Kind::Min, Kind::Leaf(7), Kind::Min]);
        assert_eq!(
            t.node(2).children().len(),
            1,
            "B (one child) comes before C"
        );
        assert_eq!(t.node(4).children().len(), 2);
    }

    #[test]
    fn malformed_trees_name_the_token() {
        assert_eq!(err("{} {}"), "the node set is empty: no root");
        assert_eq!(err("{(A,MAX),(A,MIN)} {(A,1)}"), "node `A` is listed twice");
        assert_eq!(
            err("{(A,MAX),(B,MEAN)} {(A,B),(B,1)}"),
            "node `B` has type `MEAN`, expected MAX or MIN"
        );
        assert_eq!(err("{(A,MAX)} {(A,B)}"), "unknown node `B` in edge (A,B)");
        assert_eq!(err("{(A,MAX)} {(X,1)}"), "unknown node `X` in edge (X,1)");
        assert_eq!(
            err("{(A,MAX)} {(A,4x)}"),
            "leaf value `4x` in edge (A,4x) is not an integer in range"
        );
        assert_eq!(
            err("{(A,MAX)} {(A,99999999999)}"),
            "leaf value `99999999999` in edge (A,99999999999) is not an integer in range"
        );
        assert_eq!(
            err("{(A,MAX),(B,MIN),(C,MIN)} {(A,B),(A,C),(C,B),(B,1),(C,2)}"),
            "node `B` has two parents, `A` and `C`"
        );
        assert_eq!(
            err("{(A,MAX),(B,MIN)} {(A,B),(B,A)}"),
            "cycle through node `A`"
        );
        assert_eq!(
            err("{(A,MAX),(B,MIN)} {(B,A),(A,1)}"),
            "root `A` has a parent, `B`"
        );
        assert_eq!(
            err("{(A,MAX),(B,MIN),(C,MAX),(D,MIN)} {(A,1),(B,C),(C,D),(D,B)}"),
            "cycle through node `B`"
        );
        assert_eq!(
            err("{(A,MAX),(B,MIN),(C,MAX)} {(A,1),(B,C),(C,2)}"),
            "node `B` is not reachable from the root `A`"
        );
        assert_eq!(
            err("{(A,MAX),(B,MIN)} {(A,B)}"),
            "internal node `B` has no children"
        );
    }

    #[test]
    fn deep_chain_builds_without_recursion() {
        let n = 200_000;
        let mut line = String::from("{");
        for i in 0..n {
            line.push_str(&format!(
                "(N{i},{}),",
                if i % 2 == 0 { "MAX" } else { "MIN" }
            ));
        }
        line.pop();
        line.push_str("} {");
        for i in 0..n - 1 {
            line.push_str(&format!("(N{i},N{}),", i + 1));
        }
        line.push_str(&format!("(N{},7)}}", n - 1));
        let t = GameTree::from_line(&line).unwrap();
        assert_eq!(t.len(), n + 1);
        let answer = crate::solve(&t);
        assert_eq!((answer.score, answer.leaves_examined), (7, 1));
    }
}
