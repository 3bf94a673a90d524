//! FForum endgame problems (data/othello/ffo): the exact solver must find the listed best
//! value and a move listed with that value. #1-#19 (14-16 empty squares) and #20-#25 (up to 19,
//! past the selective pre-search's threshold; on one and two threads) in the normal suite;
//! all of #20-#39 (up to 26 empty squares, a minute of CPU) behind `--ignored`:
//! `cargo test --release -p reversi --test ffo -- --ignored`.

use reversi::Move;
use reversi::exact::Solver;
use reversi::obf;

fn check_file(name: &str) {
    check_lines(name, usize::MAX, 1);
}

/// Solves the first `lines` problems of file `name` on `threads` threads and checks them.
fn check_lines(name: &str, lines: usize, threads: usize) {
    let path = format!(
        "{}/../../data/othello/ffo/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the FFO data is checked in");
    let mut solver = Solver::new(20).with_threads(threads);
    let mut count = 0;
    let problems = text.lines().enumerate().filter(|(_, l)| !obf::is_blank(l));
    for (i, line) in problems.take(lines) {
        let problem = obf::parse_line(line).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        let expected = problem.best_value().expect("every problem lists its moves");
        let solved = solver.solve(&problem.position);
        assert_eq!(solved.margin, expected, "{name}:{}", i + 1);
        let Some(Move::Place(square)) = solved.best_move else {
            panic!("{name}:{}: no placement returned", i + 1);
        };
        assert_eq!(
            problem.value_of(square),
            Some(expected),
            "{name}:{}: {}",
            i + 1,
            obf::square_name(square)
        );
        count += 1;
    }
    assert!(count >= 19.min(lines), "{name}: only {count} problems");
}

#[test]
fn ffo_1_to_19_exact() {
    check_file("fforum-1-19.obf");
}

#[test]
fn ffo_20_to_25_exact_on_one_and_two_threads() {
    // #24 and #25 have 19 empty squares: past the pre-search's threshold.
    const { assert!(reversi::exact::PRESEARCH_EMPTIES <= 19) };
    check_lines("fforum-20-39.obf", 6, 1);
    check_lines("fforum-20-39.obf", 6, 2);
}

#[test]
#[ignore = "about a minute of CPU in release, far more in the dev profile"]
fn ffo_20_to_39_exact() {
    check_file("fforum-20-39.obf");
}
