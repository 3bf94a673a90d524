//! Small random binary CSPs and every combination of the solver's switches, shared by
//! `tests/csp.rs` and `tests/csp_reference.rs`.
#![allow(dead_code)]

use search_core::constraints::{Csp, CspOptions, Inference, ValueOrder, VariableOrder};

/// A random binary CSP: per variable the values `0..size`, per constrained pair `x < y` a
/// table of allowed pairs (`table[a * 4 + b]`).
#[derive(Debug, Clone)]
pub struct Random {
    pub sizes: Vec<usize>,
    pub pairs: Vec<(usize, usize, Vec<bool>)>,
}

impl Random {
    pub fn allows(&self, x: usize, a: usize, y: usize, b: usize) -> bool {
        self.pairs.iter().all(|(px, py, table)| {
            if (*px, *py) == (x, y) {
                table[a * 4 + b]
            } else if (*px, *py) == (y, x) {
                table[b * 4 + a]
            } else {
                true
            }
        })
    }

    pub fn csp(&self) -> Csp<usize, impl Fn(usize, &usize, usize, &usize) -> bool + '_> {
        let domains = self.sizes.iter().map(|&s| (0..s).collect()).collect();
        let mut csp = Csp::new(domains, |x, a: &usize, y, b: &usize| {
            self.allows(x, *a, y, *b)
        });
        for (x, y, _) in &self.pairs {
            csp.constrain(*x, *y);
        }
        csp
    }

    /// Every complete assignment that satisfies every table, by enumeration.
    pub fn brute_force(&self) -> Vec<Vec<usize>> {
        let n = self.sizes.len();
        let mut out = Vec::new();
        let mut values = vec![0; n];
        'next: loop {
            if self
                .pairs
                .iter()
                .all(|(x, y, t)| t[values[*x] * 4 + values[*y]])
            {
                out.push(values.clone());
            }
            for v in (0..n).rev() {
                values[v] += 1;
                if values[v] < self.sizes[v] {
                    continue 'next;
                }
                values[v] = 0;
            }
            return out;
        }
    }
}

/// Every combination of the backtracking search's switches.
pub fn every_option() -> Vec<CspOptions> {
    let mut out = Vec::new();
    for variables in [
        VariableOrder::InOrder,
        VariableOrder::Mrv,
        VariableOrder::MrvDegree,
    ] {
        for values in [ValueOrder::InOrder, ValueOrder::LeastConstraining] {
            for inference in [Inference::None, Inference::ForwardChecking, Inference::Mac] {
                for ac3_first in [false, true] {
                    out.push(CspOptions {
                        variables,
                        values,
                        inference,
                        ac3_first,
                    });
                }
            }
        }
    }
    out
}
