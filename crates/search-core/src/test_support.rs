//! Test support, not part of the API: the one explicit weighted digraph that the unit tests,
//! the integration tests and the benchmarks search.

use crate::problem::{DenseStates, SearchProblem};
use rand::Rng;

/// An explicit weighted digraph: states `0..n`, edges `(from, to, cost)` reported as successors
/// in insertion order (the action is the edge's index), a start, a goal, a heuristic per state
/// (missing entries are 0), and whether the search may use dense state indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digraph {
    /// The number of states.
    pub n: usize,
    /// The edges `(from, to, cost)`.
    pub edges: Vec<(usize, usize, u32)>,
    /// The start state.
    pub start: usize,
    /// The goal state.
    pub goal: usize,
    /// The heuristic of each state (0 where missing).
    pub h: Vec<u32>,
    /// Whether [`SearchProblem::dense_states`] returns `Some`.
    pub dense: bool,
}

impl Digraph {
    /// A digraph of `n` states and these edges from 0 to `goal`, with no heuristic, hashed.
    pub fn new(n: usize, edges: &[(usize, usize, u32)], goal: usize) -> Self {
        Self {
            n,
            edges: edges.to_vec(),
            start: 0,
            goal,
            h: Vec::new(),
            dense: false,
        }
    }

    /// A seeded random digraph: `n` states, `m` edges with costs in `1..=max_cost`, from 0 to
    /// `n - 1`, no heuristic, dense.
    pub fn random(n: usize, m: usize, max_cost: u32, rng: &mut impl Rng) -> Self {
        let edges = (0..m)
            .map(|_| {
                (
                    rng.random_range(0..n),
                    rng.random_range(0..n),
                    rng.random_range(1..=max_cost),
                )
            })
            .collect();
        Self {
            n,
            edges,
            start: 0,
            goal: n - 1,
            h: Vec::new(),
            dense: true,
        }
    }

    /// The successors of `s` with their costs, in edge order.
    pub fn out(&self, s: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.edges
            .iter()
            .filter(move |e| e.0 == s)
            .map(|&(_, b, w)| (b, w))
    }

    /// The true remaining distance to the goal of every state (Bellman-Ford relaxation), capped
    /// at `cap` for states that cannot reach it: a consistent heuristic when `cap` is at least
    /// every finite distance.
    pub fn exact_distances(&self, cap: u32) -> Vec<u32> {
        let mut d = vec![u32::MAX; self.n];
        d[self.goal] = 0;
        for _ in 0..self.n {
            for &(a, b, w) in &self.edges {
                if d[b] != u32::MAX {
                    d[a] = d[a].min(d[b] + w);
                }
            }
        }
        d.into_iter().map(|x| x.min(cap)).collect()
    }
}

impl DenseStates<usize> for Digraph {
    fn state_count(&self) -> usize {
        self.n
    }
    fn state_index(&self, s: &usize) -> usize {
        *s
    }
}

impl SearchProblem for Digraph {
    type State = usize;
    type Action = usize;
    type Cost = u32;
    fn start(&self) -> usize {
        self.start
    }
    fn is_goal(&self, s: &usize) -> bool {
        *s == self.goal
    }
    fn successors(&self, s: &usize, mut visit: impl FnMut(usize, usize, u32)) {
        for (i, &(a, b, w)) in self.edges.iter().enumerate() {
            if a == *s {
                visit(i, b, w);
            }
        }
    }
    fn heuristic(&self, s: &usize) -> u32 {
        self.h.get(*s).copied().unwrap_or(0)
    }
    fn dense_states(&self) -> Option<&impl DenseStates<usize>> {
        self.dense.then_some(self)
    }
}

/// N-Queens as a CSP: one variable per column, its row as the value; every pair of columns is
/// constrained (different rows, different diagonals).
pub fn queens_csp(
    n: usize,
) -> crate::csp::Csp<usize, impl Fn(usize, &usize, usize, &usize) -> bool> {
    let rows: Vec<usize> = (0..n).collect();
    let mut csp =
        crate::csp::Csp::new(vec![rows; n], |x: usize, a: &usize, y: usize, b: &usize| {
            a != b && a.abs_diff(*b) != x.abs_diff(y)
        });
    for x in 0..n {
        for y in x + 1..n {
            csp.constrain(x, y);
        }
    }
    csp
}
