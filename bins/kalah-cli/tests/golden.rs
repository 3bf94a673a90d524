//! Golden sessions of the `kalah` binary: every recording of the assignment's sample solution
//! (`data/kalah/*.out`) replayed with `--sample-compatible`, our default-mode sessions
//! (`data/kalah/default/`), end of input, bad arguments and the solver.

const EXE: &str = env!("CARGO_BIN_EXE_kalah");

use std::path::{Path, PathBuf};

/// The sessions (NAME.args, NAME.in, NAME.out) in `dir`, by name.
fn sessions(dir: &Path) -> Vec<PathBuf> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read the sessions folder")
        .map(|entry| entry.expect("folder entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "out"))
        .map(|path| path.with_extension(""))
        .collect();
    names.sort();
    names
}

/// Everything from the third line on.
fn from_line_3(text: &str) -> &str {
    let mut rest = text;
    for _ in 0..2 {
        rest = rest.split_once('\n').map_or("", |(_, tail)| tail);
    }
    rest
}

/// Runs one session with `extra` arguments and checks stdout from line 3 on byte for byte, the
/// first two lines, the exit code and the end-of-input message.
fn replay(session: &Path, extra: &[&str]) {
    let read = |ext: &str| {
        std::fs::read_to_string(session.with_extension(ext))
            .unwrap_or_else(|e| panic!("read {}.{ext}: {e}", session.display()))
    };
    let expected = read("out");
    let mut args: Vec<String> = read("args").split_whitespace().map(str::to_owned).collect();
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let input = read("in");
    let outcome = golden::run(EXE, &args, &golden::repo_root(), Some(input.as_bytes()));
    let name = session.display();
    assert_eq!(outcome.code, Some(0), "{name}: stderr {}", outcome.stderr);
    let first_two: Vec<&str> = outcome.stdout.lines().take(2).collect();
    assert_eq!(first_two, ["CS364 Assignment 2.3", "kalah"], "{name}");
    let (want, got) = (from_line_3(&expected), from_line_3(&outcome.stdout));
    assert!(want == got, "{name} differs:\n{}", golden::diff(want, got));
    let finished = expected.trim_end().ends_with("Game Over") || expected.contains("Game Over\n");
    if finished {
        assert!(outcome.stderr.is_empty(), "{name}: {}", outcome.stderr);
    } else {
        assert!(
            outcome.stderr.contains("end of input"),
            "{name}: no end-of-input message: {:?}",
            outcome.stderr
        );
    }
}

#[test]
fn every_sample_recording_replays_with_sample_compatible() {
    let dir = golden::data_dir().join("kalah");
    let all = sessions(&dir);
    assert_eq!(all.len(), 9, "recordings in {}", dir.display());
    for session in &all {
        replay(session, &["--sample-compatible"]);
    }
}

#[test]
fn default_mode_sessions() {
    let all = sessions(&golden::data_dir().join("kalah/default"));
    assert_eq!(all.len(), 3);
    for session in &all {
        replay(session, &[]);
    }
}

#[test]
fn default_mode_differs_from_the_sample_on_its_first_move() {
    // The sample never starts with pot 2 (a free turn). At depth 1 the chain model plays the
    // best immediate gain: 2-3, 2-4 and 2-5 all gain 2; the engine searches the later pots
    // first among equals and keeps the first best, so it plays 2-5.
    let outcome = golden::run(EXE, &["1"], &golden::repo_root(), Some(b"0\n"));
    assert!(
        outcome.stdout.contains(
            "My turn ... hmm ...\nI choose 2\n\n     5  5  5  0  4  4\n  1                    0\n     4  4  4  4  4  4\n\n\
             I choose 5\n\n     0  5  5  0  4  4\n  2                    0\n     5  5  5  5  4  4\n\n\
             Your turn"
        ),
        "{}",
        outcome.stdout
    );
}

const HEADER_D4: &str = "CS364 Assignment 2.3\nkalah\nUsing Depth Bound 4\n\nLet's play Kalah!\n";

#[test]
fn human_free_turn_then_empty_pot() {
    // Human first: pot 2 (4 stones) ends in Min's kalah, a free turn; pot 2 is then empty.
    let outcome = golden::run(EXE, &["4"], &golden::repo_root(), Some(b"1\n2\n2\n"));
    let expected = format!(
        "{HEADER_D4}Who goes first (0) me; (1) you ? OK, you go first\nInitial Board\n\n\
         \x20    4  4  4  4  4  4\n  0                    0\n     4  4  4  4  4  4\n\n\
         Your turn ... Move (0-5)? \n\
         \x20    4  4  4  4  4  4\n  0                    1\n     4  4  0  5  5  5\n\n\
         Your turn ... Move (0-5)? Sorry, that's not a legal move, try again\n\
         Your turn ... Move (0-5)? "
    );
    assert_eq!(outcome.stdout, expected);
    assert_eq!(outcome.code, Some(0));
    assert!(
        outcome.stderr.contains("end of input"),
        "{}",
        outcome.stderr
    );
}

#[test]
fn end_of_input_at_the_first_question() {
    for mode in [&["4"][..], &["4", "--sample-compatible"][..]] {
        let outcome = golden::run(EXE, mode, &golden::repo_root(), Some(b""));
        assert_eq!(
            outcome.stdout,
            format!("{HEADER_D4}Who goes first (0) me; (1) you ? ")
        );
        assert_eq!(outcome.code, Some(0));
        assert!(
            outcome.stderr.contains("end of input"),
            "{}",
            outcome.stderr
        );
        let partial = golden::run(EXE, mode, &golden::repo_root(), Some(b"x\n"));
        assert!(
            partial
                .stdout
                .ends_with("? How's that?\nWho goes first (0) me; (1) you ? ")
        );
        assert_eq!(partial.code, Some(0));
    }
}

#[test]
fn default_depth_is_5() {
    let outcome = golden::run::<&str>(EXE, &[], &golden::repo_root(), Some(b""));
    assert!(
        outcome.stdout.contains("\nUsing Depth Bound 5\n\n"),
        "{}",
        outcome.stdout
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["0"][..],
        &["abc"],
        &["-3"],
        &["2.5"],
        &["5", "6"],
        &["solve", "--pots", "9", "--stones", "3"],
        &["solve", "--pots", "6", "--stones", "0"],
        &["solve", "--pots", "6"],
        &["5", "solve", "--pots", "4", "--stones", "3"],
    ] {
        let outcome = golden::run(EXE, args, &golden::repo_root(), Some(b"0\n"));
        assert_eq!(outcome.code, Some(2), "{args:?}: {}", outcome.stderr);
        assert!(outcome.stdout.is_empty(), "{args:?}: {}", outcome.stdout);
        assert!(
            outcome.stderr.starts_with("error: "),
            "{args:?}: {}",
            outcome.stderr
        );
    }
}

#[test]
fn solve_small_variants() {
    // Kalah(1,1): Max's only stone goes to its kalah and ends the game; Min keeps its stone.
    let outcome = golden::run(
        EXE,
        &["solve", "--pots", "1", "--stones", "1"],
        &golden::repo_root(),
        None,
    );
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr);
    assert!(
        outcome.stdout.starts_with("Kalah(1,1): draw (value +0)\n"),
        "{}",
        outcome.stdout
    );
    let outcome = golden::run(
        EXE,
        &[
            "solve",
            "--pots",
            "3",
            "--stones",
            "2",
            "--capture",
            "never",
        ],
        &golden::repo_root(),
        None,
    );
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr);
    assert!(
        outcome.stdout.starts_with("Kalah(3,2): "),
        "{}",
        outcome.stdout
    );
    // Progress lines, one per depth, before the exact result.
    let outcome = golden::run(
        EXE,
        &["solve", "--pots", "2", "--stones", "2", "--deepen-to", "3"],
        &golden::repo_root(),
        None,
    );
    assert_eq!(outcome.code, Some(0), "{}", outcome.stderr);
    let lines: Vec<&str> = outcome.stdout.lines().collect();
    assert!(lines.len() >= 4, "{}", outcome.stdout);
    for (i, line) in lines[..3].iter().enumerate() {
        assert!(
            line.starts_with(&format!("depth {}: value ", i + 1)),
            "{line}"
        );
    }
    assert!(lines[3].starts_with("Kalah(2,2): "), "{}", outcome.stdout);
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_kalah"));
}

/// `--time`: with a generous budget the computer plays exactly the depth-bounded game; with a
/// depth bound far out of reach it answers within about the budget instead of running for hours.
#[test]
fn time_budget_bounds_each_computer_move() {
    let here = std::env::temp_dir();
    let plain = golden::run(EXE, &["5"], &here, Some(b"0\n1\n"));
    let timed = golden::run(EXE, &["5", "--time", "100"], &here, Some(b"0\n1\n"));
    assert_eq!(timed.code, Some(0), "{}", timed.stderr);
    assert_eq!(timed.stdout, plain.stdout);
    let began = std::time::Instant::now();
    let deep = golden::run(EXE, &["1000", "--time", "0.2"], &here, Some(b"0\n"));
    assert!(
        began.elapsed().as_secs_f64() < 30.0,
        "the budget was not kept"
    );
    assert_eq!(deep.code, Some(0), "{}", deep.stderr);
    assert!(
        deep.stdout.contains("Using Depth Bound 1000"),
        "{}",
        deep.stdout
    );
    assert!(deep.stdout.contains("Your turn"), "{}", deep.stdout);
    let clash = golden::run(
        EXE,
        &["5", "--time", "1", "--sample-compatible"],
        &here,
        None,
    );
    assert_eq!(clash.code, Some(2), "{}", clash.stderr);
}
