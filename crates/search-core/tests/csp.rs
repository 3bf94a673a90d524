//! Backtracking search on random binary CSPs against brute-force enumeration, under every
//! combination of its switches; N-Queens counts.

#[path = "support/random_csp.rs"]
mod random_csp;

use proptest::prelude::*;
use random_csp::{Random, every_option};
use search_core::test_support::queens_csp as queens;
use search_core::{
    constraints::Csp, constraints::CspOptions, constraints::Inference, constraints::ValueOrder,
    constraints::VariableOrder, constraints::backtracking_search, constraints::count_solutions,
    constraints::solve_all,
};

fn random_csp() -> impl Strategy<Value = Random> {
    (1usize..6).prop_flat_map(|n| {
        (
            prop::collection::vec(1usize..4, n),
            prop::collection::vec(
                (
                    0..n,
                    0..n,
                    prop::collection::vec(prop::bool::weighted(0.6), 16),
                ),
                0..8,
            ),
        )
            .prop_map(|(sizes, pairs)| Random {
                sizes,
                pairs: pairs.into_iter().filter(|(x, y, _)| x < y).collect(),
            })
    })
}

proptest! {
    #[test]
    fn every_switch_finds_exactly_the_brute_force_solutions(r in random_csp()) {
        // Pairs may repeat: the constraint checks all tables of a pair.
        let expected = {
            let mut all = r.brute_force();
            all.sort();
            all
        };
        let csp = r.csp();
        for options in every_option() {
            let mut found = Vec::new();
            let stats = solve_all(&csp, options, |v| { found.push(v.to_vec()); true });
            found.sort();
            prop_assert_eq!(&found, &expected, "{:?}", options);
            prop_assert_eq!(stats.solutions, expected.len() as u64);
            prop_assert_eq!(count_solutions(&csp, options).solutions, expected.len() as u64);
            let (first, _) = backtracking_search(&csp, options);
            prop_assert_eq!(first.is_some(), !expected.is_empty());
            if let Some(first) = first {
                prop_assert!(csp.is_solution(&first));
            }
        }
        // Plain backtracking finds them in lexicographic order.
        let mut plain = Vec::new();
        solve_all(&csp, CspOptions::default(), |v| { plain.push(v.to_vec()); true });
        prop_assert_eq!(plain, expected);
    }
}

/// An independent check: no two queens share a row or a diagonal.
fn queens_valid(rows: &[usize]) -> bool {
    let n = rows.len();
    let mut row = vec![false; n];
    let mut diag = vec![false; 2 * n];
    let mut anti = vec![false; 2 * n];
    rows.iter().enumerate().all(|(c, &r)| {
        let fresh = !row[r] && !diag[c + n - r] && !anti[c + r];
        row[r] = true;
        diag[c + n - r] = true;
        anti[c + r] = true;
        fresh
    })
}

#[test]
fn queens_counts_match_the_known_totals() {
    // OEIS A000170.
    for (n, total) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        for options in [CspOptions::default(), CspOptions::fast()] {
            let mut count = 0;
            solve_all(&queens(n), options, |rows| {
                assert!(queens_valid(rows), "{rows:?}");
                count += 1;
                true
            });
            assert_eq!(count, total, "n = {n}, {options:?}");
        }
    }
}

#[test]
fn queens_ten_has_724_solutions() {
    assert_eq!(
        count_solutions(&queens(10), CspOptions::fast()).solutions,
        724
    );
}

#[test]
fn queens_twelve_has_14200_solutions() {
    assert_eq!(
        count_solutions(&queens(12), CspOptions::fast()).solutions,
        14_200
    );
}

#[test]
fn inference_saves_assignments_on_queens() {
    let plain = backtracking_search(&queens(12), CspOptions::default()).1;
    let fc = backtracking_search(&queens(12), CspOptions::fast()).1;
    let mac = backtracking_search(
        &queens(12),
        CspOptions {
            inference: Inference::Mac,
            ..CspOptions::fast()
        },
    )
    .1;
    assert!(fc.assignments < plain.assignments, "{fc:?} {plain:?}");
    assert!(mac.assignments <= fc.assignments, "{mac:?} {fc:?}");
    assert!(plain.backtracks > 0);
}

/// `constrain` records each pair once, both ways, and never a variable with itself.
#[test]
fn neighbours_are_recorded_once_and_both_ways() {
    let mut csp = Csp::new(vec![vec![0u8]; 3], |_, _: &u8, _, _: &u8| true);
    csp.constrain(0, 1);
    csp.constrain(1, 2);
    csp.constrain(1, 0);
    csp.constrain(2, 2);
    assert_eq!(csp.neighbors(0), [1]);
    assert_eq!(csp.neighbors(1), [0, 2]);
    assert_eq!(csp.neighbors(2), [1]);
}

/// Least-constraining value: the value that rules out fewer of an unassigned neighbour's
/// values is tried first. `A = 'x'` leaves B only 1; `A = 'y'` leaves B all three.
#[test]
fn least_constraining_value_comes_first() {
    let mut csp = Csp::new(
        vec![vec!['x', 'y'], vec!['1', '2', '3']],
        |x, a: &char, _, b: &char| {
            let (a, b) = if x == 0 { (*a, *b) } else { (*b, *a) };
            a == 'y' || b == '1'
        },
    );
    csp.constrain(0, 1);
    for (values, first) in [
        (ValueOrder::InOrder, 'x'),
        (ValueOrder::LeastConstraining, 'y'),
    ] {
        let options = CspOptions {
            variables: VariableOrder::InOrder,
            values,
            inference: Inference::None,
            ac3_first: false,
        };
        let (solution, _) = backtracking_search(&csp, options);
        assert_eq!(solution.expect("solvable")[0], first, "{values:?}");
    }
}
