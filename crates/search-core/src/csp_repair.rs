//! Min-conflicts repair of any [`Csp`]: the adapter that lets
//! [`min_conflicts`](crate::local_search::min_conflicts) work on a constraint problem as
//! aima-python's `min_conflicts(csp)` does.

use crate::csp::{Constraint, Csp};
use crate::min_conflicts::ConflictProblem;
use rand::Rng;

/// A complete assignment of a [`Csp`] for [`min_conflicts`](crate::local_search::min_conflicts)
/// to repair: each variable holds a value of its domain, named by its index there (the
/// [`ConflictProblem::Value`]). A variable's conflicts are its constrained neighbours whose
/// values its value is not allowed with; every repair reports the neighbours it puts in
/// conflict. Each restart (and [`CspRepair::new`]) assigns the variables in order, each a
/// value with the fewest conflicts with those assigned before it, ties broken at random.
///
/// ```
/// use rand::{SeedableRng, rngs::StdRng};
/// use search_core::constraints::{Csp, CspRepair};
/// use search_core::local_search::{MinConflictsLimits, min_conflicts};
/// // Colour a 5-cycle with three colours.
/// let mut csp = Csp::new(vec![vec!['r', 'g', 'b']; 5], |_, a: &char, _, b: &char| a != b);
/// for v in 0..5 {
///     csp.constrain(v, (v + 1) % 5);
/// }
/// let mut rng = StdRng::seed_from_u64(1);
/// let mut repair = CspRepair::new(&csp, &mut rng);
/// min_conflicts(&mut repair, &mut rng, MinConflictsLimits::default()).unwrap();
/// assert!(csp.is_solution(&repair.values()));
/// ```
#[derive(Debug, Clone)]
pub struct CspRepair<'c, V, K> {
    csp: &'c Csp<V, K>,
    indices: Vec<usize>,
}

impl<'c, V: Clone, K: Constraint<V>> CspRepair<'c, V, K> {
    /// A first assignment, built as every restart builds one (see the type's docs).
    ///
    /// # Panics
    /// When a domain is empty.
    pub fn new<R: Rng + ?Sized>(csp: &'c Csp<V, K>, rng: &mut R) -> Self {
        let mut repair = Self {
            csp,
            indices: Vec::new(),
        };
        repair.restart(rng);
        repair
    }

    /// This assignment: `indices[var]` is the index of `var`'s value in its domain.
    ///
    /// # Panics
    /// When there is not one index per variable, or an index is past its domain.
    pub fn from_indices(csp: &'c Csp<V, K>, indices: Vec<usize>) -> Self {
        assert_eq!(
            indices.len(),
            csp.variable_count(),
            "one index per variable"
        );
        for (var, &i) in indices.iter().enumerate() {
            assert!(i < csp.domain(var).len(), "no value {i} in {var}'s domain");
        }
        Self { csp, indices }
    }

    /// The index of each variable's value in its domain.
    pub fn indices(&self) -> &[usize] {
        &self.indices
    }

    /// Each variable's value.
    pub fn values(&self) -> Vec<V> {
        let per_variable = self.indices.iter().enumerate();
        per_variable
            .map(|(var, &i)| self.csp.domain(var)[i].clone())
            .collect()
    }

    /// Whether `var` holding value `index` conflicts with neighbour `y` at its value.
    fn clashes(&self, var: usize, index: usize, y: usize) -> bool {
        let (a, b) = (
            &self.csp.domain(var)[index],
            &self.csp.domain(y)[self.indices[y]],
        );
        !self.csp.constraint().allows(var, a, y, b)
    }
}

impl<V: Clone, K: Constraint<V>> ConflictProblem for CspRepair<'_, V, K> {
    type Value = usize;

    fn variable_count(&self) -> usize {
        self.csp.variable_count()
    }

    fn value(&self, var: usize) -> usize {
        self.indices[var]
    }

    fn conflicts(&self, var: usize, index: usize) -> usize {
        let neighbours = self.csp.neighbors(var).iter();
        neighbours.filter(|&&y| self.clashes(var, index, y)).count()
    }

    fn candidates<R: Rng + ?Sized>(&self, var: usize, _rng: &mut R, out: &mut Vec<usize>) {
        out.extend(0..self.csp.domain(var).len());
    }

    fn assign(&mut self, var: usize, index: usize) {
        self.indices[var] = index;
    }

    fn restart<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let n = self.csp.variable_count();
        self.indices.clear();
        for var in 0..n {
            let size = self.csp.domain(var).len();
            assert!(size > 0, "variable {var} has an empty domain");
            // The conflicts with the variables assigned so far (those below `var`).
            let before = |i: usize| {
                let earlier = self.csp.neighbors(var).iter().filter(|&&y| y < var);
                earlier.filter(|&&y| self.clashes(var, i, y)).count()
            };
            let (mut best, mut fewest, mut ties) = (0, usize::MAX, 0u32);
            for i in 0..size {
                let c = before(i);
                if c < fewest {
                    (best, fewest, ties) = (i, c, 1);
                } else if c == fewest {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = i;
                    }
                }
            }
            self.indices.push(best);
        }
    }

    const REPORTS_AFFECTED: bool = true;

    fn affected_by(&self, var: usize, _old: usize, new: usize, mut report: impl FnMut(usize)) {
        for &y in self.csp.neighbors(var) {
            if self.clashes(var, new, y) {
                report(y);
            }
        }
    }
}
