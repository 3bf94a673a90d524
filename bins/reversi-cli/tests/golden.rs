//! Golden tests for `Reversi` (CS540 Reversi Tiny): the 81 published cases, and bad arguments.

const EXE: &str = env!("CARGO_BIN_EXE_Reversi");

use golden::{check_table, data_dir, run};

#[test]
fn cs540_published_cases() {
    let dir = data_dir().join("reversi");
    check_table(EXE, &dir.join("cs540_cases.txt"), &dir);
}

#[test]
fn bad_arguments_print_one_line_and_exit_2() {
    let bad: &[&[&str]] = &[
        &[],
        &["100", "1"],
        &["100", "1", "0000021001200000", "extra"],
        &["700", "1", "0000021001200000"],
        &["10O", "1", "0000021001200000"],
        &["100", "3", "0000021001200000"],
        &["100", "0", "0000021001200000"],
        &["100", "1", "000002100120000"],
        &["100", "1", "00000210012000000"],
        &["100", "1", "0000021001200003"],
        &["100", "1", "000002100120000-"],
        &["-1", "1", "0000021001200000"],
    ];
    for args in bad {
        let outcome = run(EXE, args, &data_dir(), None);
        assert_eq!(outcome.code, Some(2), "{args:?}: {outcome:?}");
        assert!(outcome.stdout.is_empty(), "{args:?}: {outcome:?}");
        assert_eq!(outcome.stderr.lines().count(), 1, "{args:?}: {outcome:?}");
        assert!(
            outcome.stderr.starts_with("error: "),
            "{args:?}: {outcome:?}"
        );
    }
}

#[test]
fn four_by_four_full_minimax_counts_every_state() {
    let outcome = run(EXE, &["300", "1", "0000021001200000"], &data_dir(), None);
    assert_eq!(outcome.code, Some(0), "{outcome:?}");
    assert_eq!(outcome.stdout, "-1\n224821\n");
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_Reversi"));
}

/// `Reversi ... | head -0`: a quiet stop (status 141, nothing on stderr), not a panic.
#[test]
fn a_closed_stdout_ends_quietly() {
    golden::check_closed_stdout(EXE, &["500", "1", "0000021001200000"], &data_dir());
}
