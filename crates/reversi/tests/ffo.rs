//! FForum endgame problems (data/othello/ffo): the exact solver must find the listed best
//! value and a move listed with that value. #1-#19 (14-16 empty squares) in the normal suite;
//! #20-#39 (up to 26 empty squares, minutes in the dev profile) behind `--ignored`:
//! `cargo test --release -p reversi --test ffo -- --ignored`.

use reversi::Move;
use reversi::exact::Solver;
use reversi::obf;

fn check_file(name: &str) {
    let path = format!(
        "{}/../../data/othello/ffo/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the FFO data is checked in");
    let mut solver = Solver::new(20);
    let mut count = 0;
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !obf::is_blank(l)) {
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
    assert!(count >= 19, "{name}: only {count} problems");
}

#[test]
fn ffo_1_to_19_exact() {
    check_file("fforum-1-19.obf");
}

#[test]
#[ignore = "about a minute of CPU in release, far more in the dev profile"]
fn ffo_20_to_39_exact() {
    check_file("fforum-20-39.obf");
}
