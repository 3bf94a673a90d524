//! Constraint satisfaction (AIMA chapter 6): variables with finite domains and binary
//! constraints, solved by backtracking search with switchable variable ordering (MRV, degree
//! heuristic), value ordering (least-constraining value) and inference (forward checking,
//! maintaining arc consistency with AC-3), and optional AC-3 before the search.
//!
//! The search keeps an explicit stack of choice points, so its depth is bounded by memory, not
//! by the call stack. Values are tracked by their index in each domain; inference prunes
//! indices and undoes them from a trail when the search backs up.

use std::cell::Cell;
use std::collections::VecDeque;

/// A binary constraint: which pairs of values two constrained variables may take.
pub trait Constraint<V> {
    /// Whether `x = a` and `y = b` may hold together. Only called for pairs declared with
    /// [`Csp::constrain`], in both directions.
    fn allows(&self, x: usize, a: &V, y: usize, b: &V) -> bool;
}

impl<V, F: Fn(usize, &V, usize, &V) -> bool> Constraint<V> for F {
    fn allows(&self, x: usize, a: &V, y: usize, b: &V) -> bool {
        self(x, a, y, b)
    }
}

/// A constraint satisfaction problem: variables `0..n`, each with a finite domain (an ordered
/// list of values), the constrained pairs, and one [`Constraint`] deciding every pair.
#[derive(Debug, Clone)]
pub struct Csp<V, K> {
    domains: Vec<Vec<V>>,
    neighbors: Vec<Vec<usize>>,
    constraint: K,
}

impl<V, K: Constraint<V>> Csp<V, K> {
    /// Variables with these domains and no constrained pair yet.
    pub fn new(domains: Vec<Vec<V>>, constraint: K) -> Self {
        let neighbors = vec![Vec::new(); domains.len()];
        Self {
            domains,
            neighbors,
            constraint,
        }
    }

    /// Declares that `x` and `y` are constrained (in both directions; repeats and `x == y` are
    /// ignored).
    ///
    /// # Panics
    /// When `x` or `y` is not a variable.
    pub fn constrain(&mut self, x: usize, y: usize) {
        assert!(
            x < self.domains.len() && y < self.domains.len(),
            "no such variable"
        );
        if x != y && !self.neighbors[x].contains(&y) {
            self.neighbors[x].push(y);
            self.neighbors[y].push(x);
        }
    }

    /// The number of variables.
    pub fn variable_count(&self) -> usize {
        self.domains.len()
    }

    /// The domain of `var`.
    pub fn domain(&self, var: usize) -> &[V] {
        &self.domains[var]
    }

    /// The variables constrained with `var`.
    pub fn neighbors(&self, var: usize) -> &[usize] {
        &self.neighbors[var]
    }

    /// The constraint deciding every constrained pair.
    pub(crate) const fn constraint(&self) -> &K {
        &self.constraint
    }

    /// Every arc `(x, y)` of a constrained pair, both ways, by `x` then in `y`'s order.
    fn arcs(&self) -> VecDeque<(usize, usize)> {
        let per_variable = self.neighbors.iter().enumerate();
        per_variable
            .flat_map(|(x, ys)| ys.iter().map(move |&y| (x, y)))
            .collect()
    }

    /// Whether a complete assignment (`values[var]`) satisfies every constrained pair.
    pub fn is_solution(&self, values: &[V]) -> bool {
        values.len() == self.domains.len()
            && (0..values.len()).all(|x| {
                self.neighbors[x]
                    .iter()
                    .all(|&y| self.constraint.allows(x, &values[x], y, &values[y]))
            })
    }
}

/// Which unassigned variable the search assigns next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VariableOrder {
    /// The lowest-numbered one.
    #[default]
    InOrder,
    /// Minimum remaining values: the fewest values left (with no inference, the fewest
    /// consistent with the assignment), the lowest-numbered among equals.
    Mrv,
    /// MRV, ties broken by the degree heuristic: the most constraints with unassigned
    /// variables.
    MrvDegree,
}

/// In which order a variable's values are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ValueOrder {
    /// Domain order.
    #[default]
    InOrder,
    /// Least-constraining value first: the fewest values it rules out in unassigned
    /// neighbours' remaining domains (stable: domain order among equals).
    LeastConstraining,
}

/// What the search infers after each assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Inference {
    /// Nothing: values are only checked against assigned neighbours.
    #[default]
    None,
    /// Forward checking: remove the values of unassigned neighbours that conflict with the new
    /// assignment; fail when one runs out.
    ForwardChecking,
    /// Maintaining arc consistency: AC-3 from the arcs into the assigned variable.
    Mac,
}

/// The switches of [`backtracking_search`]. The default is AIMA's plain backtracking: first
/// unassigned variable, domain order, no inference, no AC-3 first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CspOptions {
    /// Variable ordering.
    pub variables: VariableOrder,
    /// Value ordering.
    pub values: ValueOrder,
    /// Inference after each assignment.
    pub inference: Inference,
    /// Make every arc consistent with AC-3 before searching.
    pub ac3_first: bool,
}

impl CspOptions {
    /// MRV with the degree heuristic and forward checking: a strong general setting.
    pub const fn fast() -> Self {
        Self {
            variables: VariableOrder::MrvDegree,
            values: ValueOrder::InOrder,
            inference: Inference::ForwardChecking,
            ac3_first: false,
        }
    }
}

/// The counters of a CSP search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CspStats {
    /// Values given to variables (each try counts, consistent or not after inference).
    pub assignments: u64,
    /// Times the search backed up from a variable whose values were all tried.
    pub backtracks: u64,
    /// Values removed from domains by inference and AC-3.
    pub prunings: u64,
    /// Complete assignments found.
    pub solutions: u64,
    /// Constraint checks: calls of [`Constraint::allows`] (aima-python's `nchecks`).
    pub checks: u64,
}

const UNASSIGNED: usize = usize::MAX;

/// A choice point: a variable, its values in order (indices), the next one to try, and the
/// trail length before it was assigned.
struct Frame {
    var: usize,
    order: Vec<usize>,
    next: usize,
    mark: usize,
}

/// The state of one backtracking search (and of AC-3 and the tree solver).
pub(crate) struct Solver<'c, V, K> {
    csp: &'c Csp<V, K>,
    options: CspOptions,
    /// Whether each value index of each variable is still in its domain.
    alive: Vec<Vec<bool>>,
    /// The number of values alive per variable.
    size: Vec<usize>,
    /// Pruned `(var, index)` pairs, undone back to a frame's mark.
    trail: Vec<(usize, usize)>,
    /// The value index of each variable, or `UNASSIGNED`.
    assigned: Vec<usize>,
    assigned_count: usize,
    pub(crate) stats: CspStats,
    /// Constraint checks, counted through `&self` (moved into `stats` by `finish`).
    checks: Cell<u64>,
}

impl<'c, V: Clone, K: Constraint<V>> Solver<'c, V, K> {
    pub(crate) fn new(csp: &'c Csp<V, K>, options: CspOptions) -> Self {
        Self {
            csp,
            options,
            alive: csp.domains.iter().map(|d| vec![true; d.len()]).collect(),
            size: csp.domains.iter().map(Vec::len).collect(),
            trail: Vec::new(),
            assigned: vec![UNASSIGNED; csp.domains.len()],
            assigned_count: 0,
            stats: CspStats::default(),
            checks: Cell::new(0),
        }
    }

    #[inline]
    pub(crate) fn allows(&self, x: usize, a: usize, y: usize, b: usize) -> bool {
        self.checks.set(self.checks.get() + 1);
        self.csp
            .constraint
            .allows(x, &self.csp.domains[x][a], y, &self.csp.domains[y][b])
    }

    fn prune(&mut self, var: usize, index: usize) {
        self.alive[var][index] = false;
        self.size[var] -= 1;
        self.trail.push((var, index));
        self.stats.prunings += 1;
    }

    fn undo_to(&mut self, mark: usize) {
        for (var, index) in self.trail.drain(mark..) {
            self.alive[var][index] = true;
            self.size[var] += 1;
        }
    }

    /// Whether `var = index` agrees with every assigned neighbour.
    fn consistent(&self, var: usize, index: usize) -> bool {
        self.csp.neighbors[var].iter().all(|&y| {
            let b = self.assigned[y];
            b == UNASSIGNED || self.allows(var, index, y, b)
        })
    }

    /// The number of values `var` has left (with no inference: consistent ones).
    fn remaining(&self, var: usize) -> usize {
        if self.options.inference == Inference::None {
            (0..self.alive[var].len())
                .filter(|&i| self.alive[var][i] && self.consistent(var, i))
                .count()
        } else {
            self.size[var]
        }
    }

    fn degree(&self, var: usize) -> usize {
        self.csp.neighbors[var]
            .iter()
            .filter(|&&y| self.assigned[y] == UNASSIGNED)
            .count()
    }

    /// The next variable to assign (there is one).
    fn select(&self) -> usize {
        let mut unassigned = (0..self.assigned.len()).filter(|&v| self.assigned[v] == UNASSIGNED);
        match self.options.variables {
            VariableOrder::InOrder => unassigned.next().expect("a variable is unassigned"),
            VariableOrder::Mrv => unassigned
                .min_by_key(|&v| self.remaining(v))
                .expect("a variable is unassigned"),
            VariableOrder::MrvDegree => unassigned
                .min_by_key(|&v| (self.remaining(v), std::cmp::Reverse(self.degree(v))))
                .expect("a variable is unassigned"),
        }
    }

    /// The alive values of `var` in the chosen order.
    fn order(&self, var: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.alive[var].len())
            .filter(|&i| self.alive[var][i])
            .collect();
        if self.options.values == ValueOrder::LeastConstraining {
            order.sort_by_cached_key(|&a| self.ruled_out(var, a));
        }
        order
    }

    /// How many alive values of unassigned neighbours `var = a` rules out.
    fn ruled_out(&self, var: usize, a: usize) -> usize {
        self.csp.neighbors[var]
            .iter()
            .filter(|&&y| self.assigned[y] == UNASSIGNED)
            .map(|&y| {
                (0..self.alive[y].len())
                    .filter(|&b| self.alive[y][b] && !self.allows(var, a, y, b))
                    .count()
            })
            .sum()
    }

    /// Prunes the values of unassigned neighbours that conflict with `var = a`; false when a
    /// domain runs out.
    fn forward_check(&mut self, var: usize, a: usize) -> bool {
        for k in 0..self.csp.neighbors[var].len() {
            let y = self.csp.neighbors[var][k];
            if self.assigned[y] != UNASSIGNED {
                continue;
            }
            for b in 0..self.alive[y].len() {
                if self.alive[y][b] && !self.allows(var, a, y, b) {
                    self.prune(y, b);
                }
            }
            if self.size[y] == 0 {
                return false;
            }
        }
        true
    }

    /// Removes the values of `x` with no support in `y`; whether any was removed.
    pub(crate) fn revise(&mut self, x: usize, y: usize) -> bool {
        let mut revised = false;
        for a in 0..self.alive[x].len() {
            if !self.alive[x][a] {
                continue;
            }
            let supported =
                (0..self.alive[y].len()).any(|b| self.alive[y][b] && self.allows(x, a, y, b));
            if !supported {
                self.prune(x, a);
                revised = true;
            }
        }
        revised
    }

    /// AC-3 from the arcs in `queue`; false when a domain runs out.
    fn ac3(&mut self, mut queue: VecDeque<(usize, usize)>) -> bool {
        while let Some((x, y)) = queue.pop_front() {
            if self.revise(x, y) {
                if self.size[x] == 0 {
                    return false;
                }
                for &z in &self.csp.neighbors[x] {
                    if z != y {
                        queue.push_back((z, x));
                    }
                }
            }
        }
        true
    }

    /// Gives `var` the value `a` and runs the inference; false when it fails.
    fn assign(&mut self, var: usize, a: usize) -> bool {
        self.assigned[var] = a;
        self.assigned_count += 1;
        self.stats.assignments += 1;
        match self.options.inference {
            Inference::None => true,
            Inference::ForwardChecking => self.forward_check(var, a),
            Inference::Mac => {
                for b in 0..self.alive[var].len() {
                    if b != a && self.alive[var][b] {
                        self.prune(var, b);
                    }
                }
                let arcs = self.csp.neighbors[var].iter().map(|&y| (y, var)).collect();
                self.ac3(arcs)
            }
        }
    }

    fn unassign(&mut self, var: usize) {
        if self.assigned[var] != UNASSIGNED {
            self.assigned[var] = UNASSIGNED;
            self.assigned_count -= 1;
        }
    }

    fn new_frame(&self) -> Frame {
        let var = self.select();
        Frame {
            var,
            order: self.order(var),
            next: 0,
            mark: self.trail.len(),
        }
    }

    /// Searches, calling `visit` with every solution until it returns false.
    fn run(&mut self, visit: &mut dyn FnMut(&[usize]) -> bool) {
        let n = self.assigned.len();
        if self.options.ac3_first && !self.ac3(self.csp.arcs()) {
            return;
        }
        if n == 0 {
            self.stats.solutions += 1;
            visit(&[]);
            return;
        }
        let mut frames = vec![self.new_frame()];
        while let Some(top) = frames.last_mut() {
            // Take back this frame's previous value, if any, and what it implied.
            let (var, mark) = (top.var, top.mark);
            self.unassign(var);
            self.undo_to(mark);
            let Some(&a) = top.order.get(top.next) else {
                frames.pop();
                self.stats.backtracks += 1;
                continue;
            };
            top.next += 1;
            if !self.alive[var][a] || !self.consistent(var, a) || !self.assign(var, a) {
                continue;
            }
            if self.assigned_count == n {
                self.stats.solutions += 1;
                if !visit(&self.assigned) {
                    return;
                }
                continue;
            }
            frames.push(self.new_frame());
        }
    }

    /// The counters, the constraint checks included.
    pub(crate) fn finish(mut self) -> CspStats {
        self.stats.checks = self.checks.get();
        self.stats
    }

    /// The values of `var` still in its domain (alive), in domain order.
    pub(crate) fn alive_values(&self, var: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.alive[var].len()).filter(move |&i| self.alive[var][i])
    }
}

/// Backtracking search for the first solution (values per variable), with the counters.
///
/// ```
/// use search_core::{constraints::backtracking_search, constraints::Csp, constraints::CspOptions};
/// // Colour Australia's map with three colours (AIMA figure 6.1).
/// let regions = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];
/// let mut csp = Csp::new(vec![vec!["red", "green", "blue"]; 7], |_, a: &&str, _, b: &&str| a != b);
/// for (x, y) in [(0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (2, 4), (2, 5), (3, 4), (4, 5)] {
///     csp.constrain(x, y);
/// }
/// let (solution, stats) = backtracking_search(&csp, CspOptions::fast());
/// let colours = solution.unwrap();
/// assert!(csp.is_solution(&colours));
/// assert_eq!(colours[regions.iter().position(|&r| r == "SA").unwrap()], "red"); // most constrained first
/// assert_eq!(stats.backtracks, 0);
/// ```
pub fn backtracking_search<V: Clone, K: Constraint<V>>(
    csp: &Csp<V, K>,
    options: CspOptions,
) -> (Option<Vec<V>>, CspStats) {
    let mut solution = None;
    let stats = solve_all(csp, options, |values| {
        solution = Some(values.to_vec());
        false
    });
    (solution, stats)
}

/// Backtracking search through every solution, calling `visit` with each (values per variable)
/// until it returns false; the counters (`solutions` counts the calls).
///
/// ```
/// use search_core::{constraints::solve_all, constraints::Csp, constraints::CspOptions};
/// // Three variables in 1..=3, pairwise different: 3! solutions.
/// let mut csp = Csp::new(vec![vec![1, 2, 3]; 3], |_, a: &i32, _, b: &i32| a != b);
/// csp.constrain(0, 1);
/// csp.constrain(1, 2);
/// csp.constrain(0, 2);
/// let mut all = Vec::new();
/// let stats = solve_all(&csp, CspOptions::default(), |v| { all.push(v.to_vec()); true });
/// assert_eq!(stats.solutions, 6);
/// assert_eq!(all[0], [1, 2, 3]);
/// ```
pub fn solve_all<V: Clone, K: Constraint<V>>(
    csp: &Csp<V, K>,
    options: CspOptions,
    mut visit: impl FnMut(&[V]) -> bool,
) -> CspStats {
    let mut solver = Solver::new(csp, options);
    let mut values = Vec::with_capacity(csp.domains.len());
    solver.run(&mut |indices| {
        values.clear();
        values.extend(
            indices
                .iter()
                .enumerate()
                .map(|(var, &i)| csp.domains[var][i].clone()),
        );
        visit(&values)
    });
    solver.finish()
}

/// The number of solutions, in the counters' `solutions`.
pub fn count_solutions<V: Clone, K: Constraint<V>>(
    csp: &Csp<V, K>,
    options: CspOptions,
) -> CspStats {
    let mut solver = Solver::new(csp, options);
    solver.run(&mut |_| true);
    solver.finish()
}

/// What [`ac3`] leaves: whether every domain kept a value, the values left, the values removed
/// (in the order AC-3 removed them) and the constraint checks made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArcConsistency<V> {
    /// False when a domain ran out of values: the problem has no solution.
    pub consistent: bool,
    /// The values left in each variable's domain, in domain order (when not `consistent`, as
    /// they were when a domain ran out).
    pub domains: Vec<Vec<V>>,
    /// The values removed, as `(variable, value)`, first removed first.
    pub removals: Vec<(usize, V)>,
    /// Calls of the constraint (aima-python's `checks`).
    pub checks: u64,
}

/// AC-3 (AIMA figure 6.3) over every arc: removes each value that has no supporting value in
/// some constrained neighbour's domain, until every arc is consistent or a domain runs out.
/// The arcs wait in a first-in first-out queue, every arc `(x, y)` by `x` then in `y`'s
/// neighbour order; after `x` lost a value, the arcs `(z, x)` of its other neighbours `z`
/// queue again.
///
/// ```
/// use search_core::constraints::{Csp, ac3};
/// // x < y < z over 1..=3: only 1 < 2 < 3 is left.
/// let mut csp = Csp::new(vec![vec![1, 2, 3]; 3], |x: usize, a: &i32, y: usize, b: &i32| {
///     if x < y { a < b } else { a > b }
/// });
/// csp.constrain(0, 1);
/// csp.constrain(1, 2);
/// let pruned = ac3(&csp);
/// assert!(pruned.consistent);
/// assert_eq!(pruned.domains, [[1], [2], [3]]);
/// assert_eq!(pruned.removals.len(), 6);
/// ```
pub fn ac3<V: Clone, K: Constraint<V>>(csp: &Csp<V, K>) -> ArcConsistency<V> {
    ac3_arcs(csp, csp.arcs())
}

/// AC-3 from the arcs given (aima-python's `AC3(csp, queue)`): revising `(x, y)` removes the
/// values of `x` with no support in `y`. One arc is aima's `revise`, the arcs into a
/// variable whose domain is one value are forward checking, the arcs into a just-assigned
/// variable are MAC's propagation.
///
/// ```
/// use search_core::constraints::{Csp, ac3_arcs};
/// // y = 2x over 0..=4: revising (x, y) alone keeps x in 0..=2 and leaves y untouched.
/// let mut csp = Csp::new(vec![(0..=4).collect(); 2], |x: usize, a: &u32, _, b: &u32| {
///     if x == 0 { *b == 2 * a } else { *a == 2 * b }
/// });
/// csp.constrain(0, 1);
/// let revised = ac3_arcs(&csp, [(0, 1)]);
/// assert_eq!(revised.domains, [vec![0, 1, 2], vec![0, 1, 2, 3, 4]]);
/// assert_eq!(revised.removals, [(0, 3), (0, 4)]);
/// ```
///
/// # Panics
/// When an arc is not a constrained pair.
pub fn ac3_arcs<V: Clone, K: Constraint<V>>(
    csp: &Csp<V, K>,
    arcs: impl IntoIterator<Item = (usize, usize)>,
) -> ArcConsistency<V> {
    let queue: VecDeque<(usize, usize)> = arcs.into_iter().collect();
    for &(x, y) in &queue {
        assert!(
            csp.neighbors[x].contains(&y),
            "({x}, {y}) is not constrained"
        );
    }
    let mut solver = Solver::new(csp, CspOptions::default());
    let consistent = solver.ac3(queue);
    let domains = (0..csp.domains.len())
        .map(|var| {
            let alive = solver.alive_values(var);
            alive.map(|i| csp.domains[var][i].clone()).collect()
        })
        .collect();
    let trail = solver.trail.iter();
    let removals = trail
        .map(|&(var, i)| (var, csp.domains[var][i].clone()))
        .collect();
    ArcConsistency {
        consistent,
        domains,
        removals,
        checks: solver.checks.get(),
    }
}
