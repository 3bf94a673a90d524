//! `kalah solve` through the binary: published values, the rules line, the database cache
//! (built, then loaded, rebuilt when corrupt), progress, and perfect play in the interactive
//! game.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh folder for this test's database cache.
fn cache_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kalah-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the cache folder");
    dir
}

fn kalah(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kalah");
    // A usage error exits without reading: a closed pipe is no failure here.
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("wait for kalah")
}

fn solve(pots: &str, stones: &str, capture: &str, dir: &Path, extra: &[&str]) -> Output {
    let dir = dir.to_str().expect("utf-8 path");
    let mut args = vec![
        "solve",
        "--pots",
        pots,
        "--stones",
        stones,
        "--capture",
        capture,
        "--db-dir",
        dir,
    ];
    args.extend_from_slice(extra);
    kalah(&args, b"")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("utf-8")
}

/// `--threads` picks the search's threads, says so, and leaves the value alone; a bad count is
/// a usage error.
#[test]
fn threads_give_the_same_value() {
    let dir = cache_dir("threads");
    for (threads, says) in [
        ("1", " 1 thread, "),
        ("2", " 2 threads, "),
        ("3", " 3 threads, "),
    ] {
        let text = stdout(&solve(
            "5",
            "3",
            "opposite-non-empty",
            &dir,
            &["--threads", threads],
        ));
        assert!(text.contains("(value +6)"), "{text}");
        assert!(text.contains(says), "{text}");
    }
    let text = stdout(&solve(
        "6",
        "3",
        "always",
        &dir,
        &["--threads", "2", "--db-seeds", "10"],
    ));
    assert!(
        text.contains("Kalah(6,3): first player wins by 2 (value +2)"),
        "{text}"
    );
    let out = solve("4", "3", "always", &dir, &["--threads", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads"));
}

#[test]
fn published_values_and_the_rules_used() {
    let dir = cache_dir("published");
    for (pots, stones, want) in [("4", "3", "+6"), ("5", "3", "+6"), ("6", "2", "+6")] {
        let text = stdout(&solve(pots, stones, "opposite-non-empty", &dir, &[]));
        assert!(
            text.starts_with(&format!("Kalah({pots},{stones}): first player wins by ")),
            "{text}"
        );
        assert!(text.contains(&format!("(value {want})")), "{text}");
        assert!(
            text.contains("\nrules: capture opposite-non-empty (standard); end either-side-empty"),
            "{text}"
        );
        assert!(text.contains("\nbest first move: "), "{text}");
        assert!(text.contains("\ndatabase: none\n"), "{text}");
    }
}

#[test]
fn database_is_built_then_loaded_then_rebuilt_when_corrupt() {
    let dir = cache_dir("cache");
    let args = ["--db-seeds", "8", "--progress"];
    let built = solve("4", "4", "opposite-non-empty", &dir, &args);
    let text = stdout(&built);
    assert!(text.contains("(value +2)"), "{text}");
    assert!(
        text.contains("database: positions with at most 8 seeds in the houses, 12870 bytes, built"),
        "{text}"
    );
    let stderr = String::from_utf8_lossy(&built.stderr);
    assert!(
        stderr.contains("building endgame database: 100.0%"),
        "{stderr}"
    );
    assert!(stderr.contains("bounds [+2, +2]"), "{stderr}");
    let file = dir.join("kalah-p4-opposite-non-empty-either-side-empty-s8.db");
    let bytes = std::fs::read(&file).expect("the database file");
    assert_eq!(bytes.len(), 32 + 12870);
    // No temporary file is left beside it.
    assert_eq!(std::fs::read_dir(&dir).expect("list").count(), 1);

    let text = stdout(&solve("4", "4", "opposite-non-empty", &dir, &args));
    assert!(
        text.contains("(value +2)") && text.contains(" bytes, loaded in "),
        "{text}"
    );

    let mut corrupt = bytes.clone();
    corrupt[100] ^= 0x40;
    std::fs::write(&file, &corrupt).expect("corrupt the file");
    let rebuilt = solve("4", "4", "opposite-non-empty", &dir, &args);
    let text = stdout(&rebuilt);
    assert!(
        text.contains("(value +2)") && text.contains(" bytes, built in "),
        "{text}"
    );
    let stderr = String::from_utf8_lossy(&rebuilt.stderr);
    assert!(
        stderr.contains("checksum mismatch; rebuilding it"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&file).expect("rebuilt file"), bytes);

    // The same database under the empty-capture rule is another file with other values.
    let text = stdout(&solve("4", "4", "always", &dir, &args));
    assert!(
        text.contains("(value +2)") && text.contains(" built in "),
        "{text}"
    );
    let text = stdout(&solve("4", "3", "always", &dir, &args));
    assert!(
        text.contains("(value +8)") && text.contains(" loaded in "),
        "{text}"
    );
}

#[test]
fn perfect_play_is_opt_in_and_plays_legal_chains() {
    let dir = cache_dir("perfect");
    let dir = dir.to_str().expect("utf-8 path");
    let out = kalah(&["3", "--perfect", "--db-dir", dir], b"0\n");
    let text = stdout(&out);
    assert!(text.contains("My turn ... hmm ...\nI choose "), "{text}");
    assert!(text.ends_with("Your turn ... Move (0-5)? "), "{text}");
    let bad = kalah(&["3", "--perfect", "--sample-compatible"], b"0\n");
    assert_eq!(bad.status.code(), Some(2));
}

/// `--time` gives up and prints the bounds proved by then, which hold the value; `--guess`
/// is MTD(f)'s first guess (a low one proves lower bounds from below, one probe at a time).
#[test]
fn time_limit_prints_the_bounds_proved() {
    let dir = cache_dir("time");
    let args = [
        "--db-seeds",
        "0",
        "--guess",
        "-30",
        "--time",
        "1",
        "--progress",
    ];
    let out = solve("6", "4", "opposite-non-empty", &dir, &args);
    let text = stdout(&out);
    let first = text.lines().next().unwrap_or_default();
    let rest = first
        .strip_prefix("Kalah(6,4): unfinished after ")
        .unwrap_or_else(|| panic!("{text}"));
    let bounds: Vec<i32> = rest
        .split(": the value is at least ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"))
        .split(" and at most ")
        .map(|v| v.parse().unwrap_or_else(|_| panic!("{text}")))
        .collect();
    // The published value is +8; the first probe (at least -30?) closes at once.
    assert!(
        bounds[0] >= -30 && bounds[0] <= 8 && bounds[1] == 48,
        "{text}"
    );
    assert!(
        text.contains("\nrules: capture opposite-non-empty"),
        "{text}"
    );
    assert!(!text.contains("best first move"), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(", +48], nodes "), "{stderr}");

    // Time enough: the exact value, whatever the guess.
    for guess in ["-5", "7", "20"] {
        let text = stdout(&solve(
            "4",
            "4",
            "opposite-non-empty",
            &dir,
            &["--guess", guess, "--time", "600"],
        ));
        assert!(text.contains("(value +2)"), "guess {guess}: {text}");
    }
    for bad in ["0", "-1"] {
        let out = solve("4", "3", "always", &dir, &["--time", bad]);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("is not a positive number of seconds"),
            "{stderr}"
        );
    }
    let out = solve(
        "4",
        "3",
        "always",
        &dir,
        &["--guess", "1", "--deepen-to", "3"],
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A reader that has gone (`kalah solve ... | head -0`) stops the program quietly (status 141,
/// nothing on stderr), not a panic, with the result lines and with `--deepen-to`'s lines alike.
#[test]
fn a_closed_stdout_ends_quietly() {
    let exe = env!("CARGO_BIN_EXE_kalah");
    let here = std::env::temp_dir();
    let args = ["solve", "--pots", "4", "--stones", "3"];
    golden::check_closed_stdout(exe, &args, &here);
    golden::check_closed_stdout(exe, &[&args[..], &["--deepen-to", "2"]].concat(), &here);
}
