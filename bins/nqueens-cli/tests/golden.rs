//! Golden tests for `nqueens`, through the real binary: the published samples (any valid board
//! is a correct answer, so boards are checked, not compared), n = 10^5, sizes without a solution,
//! bad input, seeds.

const EXE: &str = env!("CARGO_BIN_EXE_nqueens");

use golden::Scratch;
use std::path::Path;

/// Parses one output line, `[3, 1, 4, 2]` (spaces optional), into its numbers.
fn parse_list(line: &str) -> Vec<usize> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .unwrap_or_else(|| panic!("not a list: {line:.60}"));
    if inner.trim().is_empty() {
        return Vec::new();
    }
    inner
        .split(',')
        .map(|x| {
            x.trim()
                .parse()
                .unwrap_or_else(|_| panic!("bad number {x:?}"))
        })
        .collect()
}

/// Checks that `board` (1-based row per column) places `n` non-attacking queens.
fn check_board(board: &[usize], n: usize) {
    assert_eq!(board.len(), n, "board of the wrong size");
    let mut row = vec![false; n + 1];
    let mut sum = vec![false; 2 * n + 2];
    let mut diff = vec![false; 2 * n + 2];
    for (col, &r) in board.iter().enumerate() {
        assert!((1..=n).contains(&r), "row {r} out of range for n = {n}");
        assert!(
            !std::mem::replace(&mut row[r], true),
            "two queens in row {r}"
        );
        assert!(
            !std::mem::replace(&mut sum[col + r], true),
            "two queens on a diagonal (column {})",
            col + 1
        );
        assert!(
            !std::mem::replace(&mut diff[col + n - r + 1], true),
            "two queens on an anti-diagonal (column {})",
            col + 1
        );
    }
}

fn sizes(input: &Path) -> Vec<usize> {
    std::fs::read_to_string(input)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().parse().unwrap())
        .collect()
}

#[test]
fn published_example_outputs_pass_the_checker() {
    // The checker itself: the published answers are valid, a broken one is not.
    for input in golden::sample_inputs(&golden::data_dir().join("cisc352/nqueens")) {
        let stem = input.file_stem().unwrap().to_string_lossy().into_owned();
        let out = std::fs::read_to_string(input.with_file_name(format!("{stem}_out.txt"))).unwrap();
        let ns = sizes(&input);
        assert_eq!(out.lines().count(), ns.len());
        for (line, &n) in out.lines().zip(&ns) {
            check_board(&parse_list(line), n);
        }
    }
    let broken = std::panic::catch_unwind(|| check_board(&parse_list("[1, 3, 2, 4]"), 4));
    assert!(broken.is_err());
}

#[test]
fn every_sample_gets_valid_boards() {
    let inputs = golden::sample_inputs(&golden::data_dir().join("cisc352/nqueens"));
    assert!(inputs.len() >= 3, "samples missing: {inputs:?}");
    let dir = Scratch::new("nqueens-samples");
    for input in &inputs {
        let out = dir.join("out.txt");
        let run = golden::run(EXE, &[input.as_os_str(), out.as_os_str()], &dir, None);
        assert_eq!(run.code, Some(0), "{}: {}", input.display(), run.stderr);
        assert!(run.stdout.is_empty() && run.stderr.is_empty());
        let text = std::fs::read_to_string(&out).unwrap();
        let ns = sizes(input);
        assert_eq!(text.lines().count(), ns.len(), "{}", input.display());
        assert!(text.ends_with('\n'));
        for (line, &n) in text.lines().zip(&ns) {
            check_board(&parse_list(line), n);
            assert!(n < 2 || line.contains(", "), "Python list style: {line}");
        }
    }
}

#[test]
fn hundred_thousand_queens() {
    let dir = Scratch::new("nqueens-1e5");
    dir.write("nqueens.txt", "100000\n");
    let run = golden::run::<&str>(EXE, &[], &dir, None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(dir.join("nqueens_out.txt")).unwrap();
    assert_eq!(text.lines().count(), 1);
    let board = parse_list(text.trim_end());
    // A permutation with no two queens on a diagonal.
    let mut sorted = board.clone();
    sorted.sort_unstable();
    assert!(sorted.iter().copied().eq(1..=100_000), "not a permutation");
    check_board(&board, 100_000);
}

#[test]
fn sizes_without_solution_are_reported_and_the_rest_written() {
    let dir = Scratch::new("nqueens-nosolution");
    dir.write("in.txt", "1\r\n2\r\n\r\n5\r\n3\r\n  8  ");
    let run = golden::run(EXE, &["in.txt", "out.txt"], &dir, None);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stderr,
        "error: in.txt:2: no solution exists for n = 2\nerror: in.txt:5: no solution exists for n = 3\n"
    );
    let text = std::fs::read_to_string(dir.join("out.txt")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "[1]");
    check_board(&parse_list(lines[1]), 5);
    check_board(&parse_list(lines[2]), 8);
}

#[test]
fn bad_lines_name_file_and_line_and_nothing_is_written() {
    let dir = Scratch::new("nqueens-bad");
    dir.write("in.txt", "4\nfour\n0\n5\n-1\n");
    dir.write("out.txt", "old\n");
    let run = golden::run(EXE, &["in.txt", "out.txt"], &dir, None);
    assert_eq!(run.code, Some(1));
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(errors.len(), 3, "{}", run.stderr);
    assert!(errors[0].starts_with("error: in.txt:2: `four` is not a board size"));
    assert!(errors[1].starts_with("error: in.txt:3: `0` is not a board size"));
    assert!(errors[2].starts_with("error: in.txt:5: `-1` is not a board size"));
    assert_eq!(
        std::fs::read_to_string(dir.join("out.txt")).unwrap(),
        "old\n"
    );

    let run = golden::run(EXE, &["missing.txt", "out.txt"], &dir, None);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.starts_with("error: cannot read missing.txt"),
        "{}",
        run.stderr
    );
    let run = golden::run(EXE, &["--seed", "x"], &dir, None);
    assert_eq!(run.code, Some(2), "usage error");
}

#[test]
fn seeds_make_runs_reproducible() {
    let dir = Scratch::new("nqueens-seed");
    dir.write("nqueens.txt", "60\n200\n");
    let mut outputs = Vec::new();
    for args in [&[][..], &[][..], &["--seed", "7"][..], &["--seed", "7"][..]] {
        let run = golden::run(EXE, args, &dir, None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        outputs.push(std::fs::read_to_string(dir.join("nqueens_out.txt")).unwrap());
    }
    assert_eq!(outputs[0], outputs[1], "default seed is fixed");
    assert_eq!(outputs[2], outputs[3], "same seed, same boards");
    assert_ne!(outputs[0], outputs[2], "another seed, other boards");
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_nqueens"));
}
