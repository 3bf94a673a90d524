//! Backtracking search and AC-3 against a recursive reference written from the docs (AIMA
//! figures 6.3 and 6.5 with the switches of `CspOptions`), on small random binary CSPs: the
//! same solutions in the same order and the same counters (assignments, backtracks, prunings,
//! solutions, constraint checks), under every combination of the switches. The tree solver
//! and its order against AIMA's figure 6.11 and aima-python's `topological_sort` on random
//! forests.

#[path = "support/random_csp.rs"]
mod random_csp;

use proptest::prelude::*;
use random_csp::{Random, every_option};
use search_core::constraints::{
    ArcConsistency, Csp, CspOptions, CspStats, Inference, ValueOrder, VariableOrder, ac3, ac3_arcs,
    backtracking_search, count_solutions, solve_all, tree_csp_solver, tree_order,
};
use std::cell::Cell;
use std::collections::VecDeque;

fn random_csp() -> impl Strategy<Value = Random> {
    (0usize..6).prop_flat_map(|n| {
        let m = if n == 0 { 0 } else { 8 };
        (
            prop::collection::vec(1usize..4, n),
            prop::collection::vec(
                (
                    0..n.max(1),
                    0..n.max(1),
                    prop::collection::vec(prop::bool::weighted(0.6), 16),
                ),
                0..=m,
            ),
        )
            .prop_map(|(sizes, pairs)| Random {
                sizes,
                pairs: pairs.into_iter().filter(|(x, y, _)| x < y).collect(),
            })
    })
}

const NONE: usize = usize::MAX;

/// The reference: domains as sets of alive values, an undo trail, the counters, and every
/// constraint check counted.
struct Reference<'a> {
    r: &'a Random,
    neighbors: Vec<Vec<usize>>,
    options: CspOptions,
    alive: Vec<Vec<bool>>,
    trail: Vec<(usize, usize)>,
    assigned: Vec<usize>,
    stats: CspStats,
    checks: Cell<u64>,
    solutions: Vec<Vec<usize>>,
    /// Stop at the first solution.
    first_only: bool,
}

impl<'a> Reference<'a> {
    fn new(
        r: &'a Random,
        neighbors: Vec<Vec<usize>>,
        options: CspOptions,
        first_only: bool,
    ) -> Self {
        Self {
            r,
            neighbors,
            options,
            alive: r.sizes.iter().map(|&s| vec![true; s]).collect(),
            trail: Vec::new(),
            assigned: vec![NONE; r.sizes.len()],
            stats: CspStats::default(),
            checks: Cell::new(0),
            solutions: Vec::new(),
            first_only,
        }
    }

    fn allows(&self, x: usize, a: usize, y: usize, b: usize) -> bool {
        self.checks.set(self.checks.get() + 1);
        self.r.allows(x, a, y, b)
    }

    fn alive_values(&self, var: usize) -> Vec<usize> {
        (0..self.alive[var].len())
            .filter(|&i| self.alive[var][i])
            .collect()
    }

    fn prune(&mut self, var: usize, value: usize) {
        self.alive[var][value] = false;
        self.trail.push((var, value));
        self.stats.prunings += 1;
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (var, value) = self.trail.pop().unwrap();
            self.alive[var][value] = true;
        }
    }

    /// `var = a` against the assigned neighbours, in neighbour order, stopping at a conflict.
    fn consistent(&self, var: usize, a: usize) -> bool {
        for &y in &self.neighbors[var] {
            if self.assigned[y] != NONE && !self.allows(var, a, y, self.assigned[y]) {
                return false;
            }
        }
        true
    }

    fn remaining(&self, var: usize) -> usize {
        let alive = self.alive_values(var);
        if self.options.inference != Inference::None {
            return alive.len();
        }
        alive
            .into_iter()
            .filter(|&a| self.consistent(var, a))
            .count()
    }

    fn unassigned_degree(&self, var: usize) -> usize {
        self.neighbors[var]
            .iter()
            .filter(|&&y| self.assigned[y] == NONE)
            .count()
    }

    /// The lowest-numbered unassigned variable with the smallest key.
    fn select(&self) -> usize {
        let mut best: Option<(usize, (usize, usize))> = None;
        for v in (0..self.assigned.len()).filter(|&v| self.assigned[v] == NONE) {
            let key = match self.options.variables {
                VariableOrder::InOrder => return v,
                VariableOrder::Mrv => (self.remaining(v), 0),
                // More unassigned neighbours first: the degree counted down.
                VariableOrder::MrvDegree => {
                    (self.remaining(v), usize::MAX - self.unassigned_degree(v))
                }
            };
            if best.is_none_or(|(_, k)| key < k) {
                best = Some((v, key));
            }
        }
        best.unwrap().0
    }

    fn ruled_out(&self, var: usize, a: usize) -> usize {
        let mut count = 0;
        for &y in &self.neighbors[var] {
            if self.assigned[y] == NONE {
                count += self
                    .alive_values(y)
                    .into_iter()
                    .filter(|&b| !self.allows(var, a, y, b))
                    .count();
            }
        }
        count
    }

    fn order(&self, var: usize) -> Vec<usize> {
        let values = self.alive_values(var);
        // (A single value needs no order: its count is not taken.)
        if self.options.values == ValueOrder::InOrder || values.len() < 2 {
            return values;
        }
        let mut keyed: Vec<(usize, usize)> = values
            .into_iter()
            .map(|a| (self.ruled_out(var, a), a))
            .collect();
        keyed.sort(); // by count, then value: domain order among equals
        keyed.into_iter().map(|(_, a)| a).collect()
    }

    fn revise(&mut self, x: usize, y: usize) -> bool {
        let mut revised = false;
        for a in self.alive_values(x) {
            let supported = self
                .alive_values(y)
                .into_iter()
                .any(|b| self.allows(x, a, y, b));
            if !supported {
                self.prune(x, a);
                revised = true;
            }
        }
        revised
    }

    fn ac3(&mut self, mut queue: VecDeque<(usize, usize)>) -> bool {
        while let Some((x, y)) = queue.pop_front() {
            if !self.revise(x, y) {
                continue;
            }
            if self.alive_values(x).is_empty() {
                return false;
            }
            for z in self.neighbors[x].clone() {
                if z != y {
                    queue.push_back((z, x));
                }
            }
        }
        true
    }

    fn infer(&mut self, var: usize, a: usize) -> bool {
        match self.options.inference {
            Inference::None => true,
            Inference::ForwardChecking => {
                for y in self.neighbors[var].clone() {
                    if self.assigned[y] != NONE {
                        continue;
                    }
                    for b in self.alive_values(y) {
                        if !self.allows(var, a, y, b) {
                            self.prune(y, b);
                        }
                    }
                    if self.alive_values(y).is_empty() {
                        return false;
                    }
                }
                true
            }
            Inference::Mac => {
                for b in self.alive_values(var) {
                    if b != a {
                        self.prune(var, b);
                    }
                }
                let arcs = self.neighbors[var].iter().map(|&y| (y, var)).collect();
                self.ac3(arcs)
            }
        }
    }

    /// Backtracking from the current assignment; false when the search is to stop.
    fn search(&mut self) -> bool {
        let var = self.select();
        let mark = self.trail.len();
        for a in self.order(var) {
            if self.consistent(var, a) {
                self.assigned[var] = a;
                self.stats.assignments += 1;
                if self.infer(var, a) {
                    if self.assigned.iter().all(|&v| v != NONE) {
                        self.stats.solutions += 1;
                        self.solutions.push(self.assigned.clone());
                        if self.first_only {
                            return false;
                        }
                    } else if !self.search() {
                        return false;
                    }
                }
                self.assigned[var] = NONE;
            }
            self.undo(mark);
        }
        self.stats.backtracks += 1;
        true
    }

    fn run(mut self) -> (Vec<Vec<usize>>, CspStats) {
        let arcs = every_arc(&self.neighbors);
        let consistent = !self.options.ac3_first || self.ac3(arcs);
        if consistent && self.assigned.is_empty() {
            self.stats.solutions = 1;
            self.solutions.push(Vec::new());
        } else if consistent {
            self.search();
        }
        self.stats.checks = self.checks.get();
        (self.solutions, self.stats)
    }
}

fn every_arc(neighbors: &[Vec<usize>]) -> VecDeque<(usize, usize)> {
    let mut arcs = VecDeque::new();
    for (x, ys) in neighbors.iter().enumerate() {
        arcs.extend(ys.iter().map(|&y| (x, y)));
    }
    arcs
}

fn neighbors_of(
    csp: &Csp<usize, impl search_core::constraints::Constraint<usize>>,
) -> Vec<Vec<usize>> {
    (0..csp.variable_count())
        .map(|v| csp.neighbors(v).to_vec())
        .collect()
}

proptest! {
    #[test]
    fn backtracking_is_the_recursive_reference(r in random_csp()) {
        let csp = r.csp();
        let neighbors = neighbors_of(&csp);
        for options in every_option() {
            let (all, stats) = Reference::new(&r, neighbors.clone(), options, false).run();
            let mut found = Vec::new();
            let ours = solve_all(&csp, options, |v| { found.push(v.to_vec()); true });
            prop_assert_eq!(&found, &all, "{:?}", options);
            prop_assert_eq!(ours, stats, "{:?}", options);
            prop_assert_eq!(count_solutions(&csp, options), stats, "{:?}", options);
            let (first, first_stats) = Reference::new(&r, neighbors.clone(), options, true).run();
            let (solution, ours) = backtracking_search(&csp, options);
            prop_assert_eq!(solution.as_ref(), first.first(), "{:?}", options);
            prop_assert_eq!(ours, first_stats, "{:?}", options);
            // Stopping after the second solution.
            let mut seen = 0;
            let two = solve_all(&csp, options, |_| { seen += 1; seen < 2 });
            prop_assert_eq!(two.solutions, stats.solutions.min(2));
        }
    }

    #[test]
    fn ac3_is_the_reference(r in random_csp(), picks in prop::collection::vec(any::<prop::sample::Index>(), 0..6)) {
        let csp = r.csp();
        let neighbors = neighbors_of(&csp);
        let all = every_arc(&neighbors);
        // Every arc, then a few arcs picked from them (repeats allowed).
        let some: VecDeque<_> = if all.is_empty() { VecDeque::new() } else { picks.iter().map(|i| all[i.index(all.len())]).collect() };
        for (ours, arcs) in [(ac3(&csp), all.clone()), (ac3_arcs(&csp, some.clone()), some)] {
            let mut reference = Reference::new(&r, neighbors.clone(), CspOptions::default(), false);
            let consistent = reference.ac3(arcs);
            let expected = ArcConsistency {
                consistent,
                domains: (0..r.sizes.len()).map(|v| reference.alive_values(v)).collect(),
                removals: reference.trail.clone(),
                checks: reference.checks.get(),
            };
            prop_assert_eq!(ours, expected);
        }
    }
}

#[test]
fn csp_options_fast_is_mrv_degree_with_forward_checking() {
    let fast = CspOptions::fast();
    assert_eq!(fast.variables, VariableOrder::MrvDegree);
    assert_eq!(fast.values, ValueOrder::InOrder);
    assert_eq!(fast.inference, Inference::ForwardChecking);
    assert!(!fast.ac3_first);
    assert_eq!(CspOptions::default().inference, Inference::None);
}

/// A random forest CSP: values `0..size` (a domain may be empty), each variable but the first
/// joined to an earlier one or to none, the edges declared in a random order and direction.
fn random_forest() -> impl Strategy<Value = Random> {
    (1usize..7).prop_flat_map(|n| {
        (
            prop::collection::vec(0usize..4, n),
            prop::collection::vec(
                (any::<prop::sample::Index>(), any::<bool>(), any::<u8>()),
                n - 1,
            ),
            prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.6), 16), n - 1),
            any::<bool>(),
        )
            .prop_map(|(mut sizes, links, tables, nonempty)| {
                if nonempty {
                    sizes.iter_mut().for_each(|s| *s = (*s).max(1));
                }
                let mut edges: Vec<_> = links
                    .into_iter()
                    .zip(tables)
                    .enumerate()
                    .filter(|(_, ((_, joined, _), _))| *joined)
                    .map(|(i, ((to, _, key), table))| (key, i + 1, to.index(i + 1), table))
                    .collect();
                edges.sort_by_key(|e| e.0);
                // Declared both ways round: the table is for the lower variable first.
                let pairs = edges
                    .into_iter()
                    .map(|(_, v, p, t)| (p.min(v), p.max(v), t))
                    .collect();
                Random { sizes, pairs }
            })
    })
}

/// aima-python's `topological_sort`: a recursive depth-first search over the neighbours in
/// order, each variable put in front of those finished after it.
fn topological(
    csp_neighbors: &[Vec<usize>],
    v: usize,
    seen: &mut [bool],
    parent: &mut [Option<usize>],
    out: &mut VecDeque<usize>,
) {
    seen[v] = true;
    for &w in &csp_neighbors[v] {
        if !seen[w] {
            parent[w] = Some(v);
            topological(csp_neighbors, w, seen, parent, out);
        }
    }
    out.push_front(v);
}

/// AIMA figure 6.11 on a forest: each tree ordered from its lowest variable, parents made
/// arc-consistent with their children from the last variable up (failure when a parent's
/// domain empties), then each variable the first value left that its parent's value allows.
fn tree_reference(r: &Random, neighbors: &[Vec<usize>]) -> (Option<Vec<usize>>, CspStats) {
    let n = r.sizes.len();
    let (mut seen, mut parent, mut order) = (vec![false; n], vec![None; n], Vec::new());
    for root in 0..n {
        if !seen[root] {
            let mut tree = VecDeque::new();
            topological(neighbors, root, &mut seen, &mut parent, &mut tree);
            order.extend(tree);
        }
    }
    let mut reference = Reference::new(r, neighbors.to_vec(), CspOptions::default(), false);
    for &child in order.iter().rev() {
        if let Some(p) = parent[child] {
            reference.revise(p, child);
            if reference.alive_values(p).is_empty() {
                reference.stats.checks = reference.checks.get();
                return (None, reference.stats);
            }
        }
    }
    let mut chosen = vec![NONE; n];
    for &v in &order {
        let allowed = |b: &usize| parent[v].is_none_or(|p| reference.allows(p, chosen[p], v, *b));
        let Some(b) = reference.alive_values(v).into_iter().find(allowed) else {
            reference.stats.checks = reference.checks.get();
            return (None, reference.stats);
        };
        chosen[v] = b;
        reference.stats.assignments += 1;
    }
    reference.stats.checks = reference.checks.get();
    (Some(chosen), reference.stats)
}

proptest! {
    #[test]
    fn tree_csp_solver_is_aimas(r in random_forest()) {
        let csp = r.csp();
        let neighbors = neighbors_of(&csp);
        let (expected, stats) = tree_reference(&r, &neighbors);
        let (solution, ours) = tree_csp_solver(&csp);
        prop_assert_eq!(&solution, &expected);
        prop_assert_eq!(
            (ours.assignments, ours.backtracks, ours.prunings, ours.checks),
            (stats.assignments, stats.backtracks, stats.prunings, stats.checks)
        );
        // One solution counted when one is returned, as backtracking search counts it.
        prop_assert_eq!(ours.solutions, u64::from(solution.is_some()));
        // Solved exactly when some assignment satisfies every constraint.
        let any = count_solutions(&csp, CspOptions::default()).solutions > 0;
        prop_assert_eq!(solution.is_some(), any);
        if let Some(values) = solution {
            prop_assert!(csp.is_solution(&values));
        }
        for root in 0..r.sizes.len() {
            let (mut seen, mut parent, mut order) = (vec![false; r.sizes.len()], vec![None; r.sizes.len()], VecDeque::new());
            topological(&neighbors, root, &mut seen, &mut parent, &mut order);
            prop_assert_eq!(tree_order(&csp, root), (Vec::from(order), parent));
        }
    }
}

/// A cycle is refused, a forest of any number of trees is not.
#[test]
fn tree_csp_solver_refuses_exactly_the_cycles() {
    let triangle = |close: bool| {
        let mut csp = Csp::new(vec![vec![0u8, 1]; 4], |_, a: &u8, _, b: &u8| a != b);
        csp.constrain(0, 1);
        csp.constrain(1, 2);
        if close {
            csp.constrain(2, 0);
        }
        csp
    };
    assert_eq!(tree_csp_solver(&triangle(false)).0, Some(vec![0, 1, 0, 0]));
    let refused = std::panic::catch_unwind(|| tree_csp_solver(&triangle(true)));
    assert!(refused.is_err());
}

/// The number of conflicts of `var = i` with the constrained variables numbered below `var`.
fn conflicts_before(
    r: &Random,
    neighbors: &[Vec<usize>],
    values: &[usize],
    var: usize,
    i: usize,
) -> usize {
    let earlier = neighbors[var].iter().filter(|&&y| y < var);
    earlier
        .filter(|&&y| !r.allows(var, i, y, values[y]))
        .count()
}

proptest! {
    /// Every restart gives each variable, in order, a value with the fewest conflicts with the
    /// variables before it.
    #[test]
    fn csp_repair_starts_greedily(r in random_csp(), seed in any::<u64>()) {
        use rand::SeedableRng;
        use search_core::constraints::CspRepair;
        let csp = r.csp();
        let neighbors = neighbors_of(&csp);
        let repair = CspRepair::new(&csp, &mut rand::rngs::StdRng::seed_from_u64(seed));
        let values = repair.indices();
        prop_assert_eq!(values.len(), r.sizes.len());
        for var in 0..r.sizes.len() {
            let fewest = (0..r.sizes[var]).map(|i| conflicts_before(&r, &neighbors, values, var, i)).min();
            prop_assert_eq!(Some(conflicts_before(&r, &neighbors, values, var, values[var])), fewest);
        }
        prop_assert_eq!(repair.values(), values.to_vec());
    }
}

/// Ties are broken uniformly: three unconstrained values are each taken about a third of the
/// time over 600 seeds; an assignment given by indices is kept.
#[test]
fn csp_repair_breaks_ties_uniformly() {
    use rand::SeedableRng;
    use search_core::constraints::CspRepair;
    let csp = Csp::new(vec![vec!['a', 'b', 'c']], |_, _: &char, _, _: &char| true);
    let mut counts = [0; 3];
    for seed in 0..600 {
        let repair = CspRepair::new(&csp, &mut rand::rngs::StdRng::seed_from_u64(seed));
        counts[repair.indices()[0]] += 1;
    }
    assert!(
        counts.iter().all(|&c| (150..250).contains(&c)),
        "{counts:?}"
    );
    let pairs = Csp::new(vec![vec![0u8, 1, 2]; 3], |_, a: &u8, _, b: &u8| a != b);
    let given = CspRepair::from_indices(&pairs, vec![2, 0, 1]);
    assert_eq!(given.indices(), [2, 0, 1]);
    assert_eq!(given.values(), [2, 0, 1]);
}

/// Min-conflicts counts what it does: a solved start needs one scan, no repair and no restart
/// (and keeps its values); an unsolvable problem takes every repair of every attempt.
#[test]
fn min_conflicts_counts_scans_repairs_and_restarts() {
    use rand::SeedableRng;
    use search_core::constraints::CspRepair;
    use search_core::local_search::{MinConflictsLimits, MinConflictsStats, min_conflicts};
    let mut pairs = Csp::new(vec![vec![0u8, 1, 2]; 3], |_, a: &u8, _, b: &u8| a != b);
    pairs.constrain(0, 1);
    pairs.constrain(1, 2);
    let mut solved = CspRepair::from_indices(&pairs, vec![2, 0, 1]);
    let rng = &mut rand::rngs::StdRng::seed_from_u64(3);
    let stats = min_conflicts(&mut solved, rng, MinConflictsLimits::default()).unwrap();
    assert_eq!(
        stats,
        MinConflictsStats {
            steps: 0,
            restarts: 0,
            scans: 1
        }
    );
    assert_eq!(solved.indices(), [2, 0, 1]);
    // Two variables with one value each that must differ.
    let mut stuck = Csp::new(vec![vec![0u8]; 2], |_, a: &u8, _, b: &u8| a != b);
    stuck.constrain(0, 1);
    let mut repair = CspRepair::new(&stuck, rng);
    let limits = MinConflictsLimits {
        max_steps: 3,
        max_restarts: 2,
    };
    let unsolved = min_conflicts(&mut repair, rng, limits).unwrap_err();
    assert_eq!(
        unsolved,
        search_core::Error::Unsolved {
            steps: 9,
            restarts: 2
        }
    );
}
