//! Tree-structured constraint problems (AIMA section 6.5.1, figure 6.11): solved without
//! backtracking by making each parent arc-consistent with its children from the leaves up,
//! then giving each variable, from the roots down, a value its parent's value allows.

use crate::csp::{Constraint, Csp, CspOptions, CspStats, Solver};

/// Appends to `order` the variables reached from `root` (not yet `seen`) by depth-first search
/// over the constrained neighbours in their order, in reverse postorder, and records each
/// one's parent. Iterative: an explicit stack of `(variable, next neighbour to look at)`.
fn extend_order<V, K: Constraint<V>>(
    csp: &Csp<V, K>,
    root: usize,
    seen: &mut [bool],
    parent: &mut [Option<usize>],
    order: &mut Vec<usize>,
) {
    let mut finished = Vec::new();
    let mut stack = vec![(root, 0)];
    seen[root] = true;
    while let Some(top) = stack.last_mut() {
        let (var, next) = *top;
        match csp.neighbors(var).get(next) {
            Some(&child) => {
                top.1 += 1;
                if !seen[child] {
                    seen[child] = true;
                    parent[child] = Some(var);
                    stack.push((child, 0));
                }
            }
            None => {
                finished.push(var);
                stack.pop();
            }
        }
    }
    order.extend(finished.into_iter().rev());
}

/// The variables reached from `root` by depth-first search over constrained neighbours (in the
/// order they were constrained), each listed after its parent, and every variable's parent in
/// that search (`None` for the root and the variables not reached): aima-python's
/// `topological_sort`. On a tree the parents are the tree's; on a graph with cycles, a
/// spanning tree's.
///
/// ```
/// use search_core::constraints::{Csp, tree_order};
/// // A path 0 - 1 - 2 and a branch 1 - 3, from 2.
/// let mut csp = Csp::new(vec![vec![0]; 4], |_, _: &u8, _, _: &u8| true);
/// for (x, y) in [(0, 1), (1, 2), (1, 3)] {
///     csp.constrain(x, y);
/// }
/// let (order, parent) = tree_order(&csp, 2);
/// assert_eq!(order, [2, 1, 3, 0]);
/// assert_eq!(parent, [Some(1), Some(2), None, Some(1)]);
/// ```
pub fn tree_order<V, K: Constraint<V>>(
    csp: &Csp<V, K>,
    root: usize,
) -> (Vec<usize>, Vec<Option<usize>>) {
    let n = csp.variable_count();
    let (mut seen, mut parent, mut order) = (vec![false; n], vec![None; n], Vec::new());
    extend_order(csp, root, &mut seen, &mut parent, &mut order);
    (order, parent)
}

/// Solves a CSP whose constraint graph is a forest (no cycle) in time linear in the number of
/// variables (AIMA figure 6.11), returning the solution (values per variable) with the
/// counters, as [`backtracking_search`](crate::constraints::backtracking_search) does.
///
/// Each tree is ordered by [`tree_order`] from its lowest-numbered variable. From the last
/// variable to the second, the parent's values with no support in the child's remaining
/// domain are removed (`None` when a domain runs out); then from the root down each variable
/// takes the first remaining value that its parent's value allows.
///
/// ```
/// use search_core::constraints::{Csp, tree_csp_solver};
/// // A chain 0 < 1 < 2 over 1..=3.
/// let mut csp = Csp::new(vec![vec![1, 2, 3]; 3], |x: usize, a: &i32, y: usize, b: &i32| {
///     if x < y { a < b } else { a > b }
/// });
/// csp.constrain(0, 1);
/// csp.constrain(1, 2);
/// let (solution, stats) = tree_csp_solver(&csp);
/// assert_eq!(solution, Some(vec![1, 2, 3]));
/// assert_eq!((stats.assignments, stats.backtracks, stats.solutions), (3, 0, 1));
/// ```
///
/// # Panics
/// When the constraint graph has a cycle (use backtracking search there).
pub fn tree_csp_solver<V: Clone, K: Constraint<V>>(csp: &Csp<V, K>) -> (Option<Vec<V>>, CspStats) {
    let n = csp.variable_count();
    let (mut seen, mut parent, mut order) = (vec![false; n], vec![None; n], Vec::new());
    let mut trees = 0;
    for root in 0..n {
        if !seen[root] {
            trees += 1;
            extend_order(csp, root, &mut seen, &mut parent, &mut order);
        }
    }
    let edges = (0..n).map(|v| csp.neighbors(v).len()).sum::<usize>() / 2;
    assert_eq!(edges + trees, n, "the constraint graph has a cycle");
    let mut solver = Solver::new(csp, CspOptions::default());
    for &child in order.iter().rev() {
        if let Some(p) = parent[child] {
            solver.revise(p, child);
            if solver.alive_values(p).next().is_none() {
                return (None, solver.finish());
            }
        }
    }
    let mut chosen = vec![0; n];
    for &var in &order {
        let allowed = |b: &usize| parent[var].is_none_or(|p| solver.allows(p, chosen[p], var, *b));
        let Some(b) = solver.alive_values(var).find(allowed) else {
            return (None, solver.finish()); // only a root with an empty domain
        };
        chosen[var] = b;
        solver.stats.assignments += 1;
    }
    solver.stats.solutions += 1;
    let values = (0..n).map(|var| csp.domain(var)[chosen[var]].clone());
    (Some(values.collect()), solver.finish())
}
