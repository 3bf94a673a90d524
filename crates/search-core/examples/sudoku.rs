//! Sudoku as a CSP: 81 variables, domains 1..=9 (a single value for a given), "different"
//! between the 20 peers of every cell. Solved by backtracking with MRV, the degree heuristic
//! and forward checking, then checked independently and shown to be unique.
//!
//! Run with `cargo run --release -p search-core --example sudoku`.

use search_core::{
    constraints::Csp, constraints::CspOptions, constraints::Inference,
    constraints::backtracking_search, constraints::count_solutions,
};
use std::time::Instant;

/// Two of the hardest published puzzles: Arto Inkala's (2012) and his "AI Escargot" (2006).
pub const PUZZLES: [(&str, &str); 2] = [
    (
        "Inkala 2012",
        "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
    ),
    (
        "AI Escargot",
        "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
    ),
];

/// The CSP of a puzzle given as 81 digits, 0 for an empty cell.
pub fn sudoku(givens: &str) -> Csp<u8, impl Fn(usize, &u8, usize, &u8) -> bool> {
    let domains = givens
        .bytes()
        .map(|c| match c - b'0' {
            0 => (1..=9).collect(),
            digit => vec![digit],
        })
        .collect();
    let mut csp = Csp::new(domains, |_: usize, a: &u8, _: usize, b: &u8| a != b);
    for x in 0..81 {
        for y in x + 1..81 {
            let same_box = (x / 27, x % 9 / 3) == (y / 27, y % 9 / 3);
            if x / 9 == y / 9 || x % 9 == y % 9 || same_box {
                csp.constrain(x, y);
            }
        }
    }
    csp
}

/// An independent check: every row, column and box holds 1..=9, and the givens are kept.
pub fn verify(givens: &str, grid: &[u8]) -> bool {
    let units = (0..9).flat_map(|i| {
        [
            (0..9).map(|j| i * 9 + j).collect::<Vec<_>>(),
            (0..9).map(|j| j * 9 + i).collect(),
            (0..9)
                .map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3)
                .collect(),
        ]
    });
    let mut sorted = units.map(|unit| {
        let mut digits: Vec<u8> = unit.iter().map(|&c| grid[c]).collect();
        digits.sort_unstable();
        digits
    });
    sorted.all(|d| d == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        && givens
            .bytes()
            .zip(grid)
            .all(|(g, &v)| g == b'0' || g - b'0' == v)
}

fn main() {
    let mac = CspOptions {
        inference: Inference::Mac,
        ..CspOptions::fast()
    };
    for (name, givens) in PUZZLES {
        let csp = sudoku(givens);
        for (label, options) in [
            ("MRV+degree+FC", CspOptions::fast()),
            ("MRV+degree+MAC", mac),
        ] {
            let clock = Instant::now();
            let (grid, stats) = backtracking_search(&csp, options);
            let elapsed = clock.elapsed();
            let grid = grid.expect("the puzzle has a solution");
            assert!(verify(givens, &grid), "{name}: {grid:?}");
            println!(
                "{name:12} {label:15} {:>6} assignments {:>6} backtracks {:>8.2} ms",
                stats.assignments,
                stats.backtracks,
                elapsed.as_secs_f64() * 1e3
            );
        }
        assert_eq!(
            count_solutions(&csp, CspOptions::fast()).solutions,
            1,
            "{name}"
        );
        let (grid, _) = backtracking_search(&csp, CspOptions::fast());
        for row in grid.expect("solved").chunks(9) {
            println!("  {}", row.iter().map(u8::to_string).collect::<String>());
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn example_runs_and_checks_itself() {
        super::main();
    }

    #[test]
    fn verify_rejects_a_broken_grid() {
        let givens = super::PUZZLES[0].1;
        let csp = super::sudoku(givens);
        let (grid, _) = search_core::constraints::backtracking_search(
            &csp,
            search_core::constraints::CspOptions::fast(),
        );
        let mut grid = grid.unwrap();
        assert!(super::verify(givens, &grid));
        grid.swap(1, 2);
        assert!(!super::verify(givens, &grid));
    }
}
