//! `othello perft --threads N` prints the single-threaded counts; bad thread counts are usage
//! errors.

use std::process::Command;

fn othello(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(args)
        .output()
        .expect("othello runs")
}

#[test]
fn threads_print_the_same_counts() {
    // Published 8x8 counts (depth 1..8): 4, 12, 56, 244, 1396, 8200, 55092, 390216.
    for (depth, expected) in [(1, 4), (5, 1396), (8, 390_216)] {
        for threads in ["1", "2", "3"] {
            let out = othello(&["perft", &depth.to_string(), "--threads", threads]);
            assert!(out.status.success());
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                format!("perft {depth} = {expected}\n")
            );
        }
    }
    let one = othello(&["perft", "10", "--size", "6"]);
    let two = othello(&["perft", "10", "--size", "6", "--threads", "2"]);
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn zero_threads_is_a_usage_error() {
    for bad in ["0", "x", "-1"] {
        let out = othello(&["perft", "3", "--threads", bad]);
        assert_eq!(out.status.code(), Some(2), "--threads {bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("error:"), "{stderr}");
        assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    }
}
