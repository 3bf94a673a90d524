//! `maxconnect4 match`: our own one-move mode on both sides, and scripted agents that misbehave
//! in each way the referee must catch (each forfeits with a message naming the fault).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_maxconnect4");

/// A fresh folder for the agents' scripts, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!(
        "maxconnect4-match-test-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// Writes a shell script agent (called as `sh SCRIPT IN OUT DEPTH`) and returns its command.
fn agent(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("BIN='{BIN}'\n{body}\n")).unwrap();
    format!("sh '{}'", path.display())
}

fn run_match(a: &str, b: &str, extra: &[&str]) -> (Output, String, String) {
    let output = Command::new(BIN)
        .args(["match", a, b, "--depth", "2"])
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    (output, stdout, stderr)
}

fn ours() -> String {
    format!("'{BIN}' one-move")
}

#[test]
fn our_program_against_itself_plays_full_games_with_mirrored_results() {
    let (output, stdout, stderr) = run_match(&ours(), &ours(), &["--games", "2"]);
    assert!(output.status.success(), "{stderr}");
    // The engine is deterministic: game 2 is game 1 with the roles swapped.
    let rows: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("| 1 ") || l.starts_with("| 2 "))
        .collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    let score = |row: &str| row.split(" | ").nth(3).unwrap().to_owned();
    assert_eq!(score(rows[0]), score(rows[1]));
    let (one, two) = score(rows[0])
        .split_once('-')
        .map(|(a, b)| (a.parse::<u32>().unwrap(), b.parse::<u32>().unwrap()))
        .unwrap();
    assert!(rows[0].starts_with("| 1 | A | B |") && rows[1].starts_with("| 2 | B | A |"));
    assert!(!stdout.contains("forfeit"), "{stdout}");
    let totals = stdout.lines().last().unwrap();
    if one == two {
        assert_eq!(
            totals,
            format!(
                "A wins 0, B wins 0, draws 2; points A {}, B {}",
                one + two,
                one + two
            )
        );
    } else {
        assert_eq!(
            totals,
            format!(
                "A wins 1, B wins 1, draws 0; points A {}, B {}",
                one + two,
                one + two
            )
        );
    }
    assert!(
        stderr.contains("game 2/2: "),
        "progress on stderr: {stderr}"
    );
}

/// Runs `bad` as B against ours for two games: B forfeits at move 2 of game 1 (A starts) and at
/// move 1 of game 2; returns the table.
fn forfeits_twice(bad: &str, extra: &[&str]) -> String {
    let (output, stdout, stderr) = run_match(&ours(), bad, &[&["--games", "2"], extra].concat());
    assert!(output.status.success(), "{stderr}");
    assert!(
        stdout.contains("| 1 | A | B | 0-0 | A wins: B forfeits at move 2 ("),
        "{stdout}"
    );
    assert!(
        stdout.contains("| 2 | B | A | 0-0 | A wins: B forfeits at move 1 ("),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("A wins 2, B wins 0, draws 0; points A 0, B 0\n"),
        "{stdout}"
    );
    let kept = stderr
        .lines()
        .find_map(|l| l.strip_prefix("game files kept in "));
    let kept = kept.unwrap_or_else(|| panic!("no kept folder named: {stderr}"));
    assert!(Path::new(kept).join("game1-move02-in.txt").exists());
    std::fs::remove_dir_all(kept).unwrap();
    stdout
}

#[test]
fn a_program_that_passes_forfeits() {
    let dir = scratch("pass");
    let table = forfeits_twice(&agent(&dir.0, "pass.sh", r#"cp "$1" "$2""#), &[]);
    assert!(table.contains("no piece was added"), "{table}");
}

#[test]
fn a_program_that_plays_twice_forfeits() {
    let dir = scratch("twice");
    let body =
        r#""$BIN" one-move "$1" "$2.a" 1 >/dev/null && "$BIN" one-move "$2.a" "$2" 1 >/dev/null"#;
    let table = forfeits_twice(&agent(&dir.0, "twice.sh", body), &[]);
    assert!(table.contains("2 pieces were added"), "{table}");
}

#[test]
fn a_program_that_names_the_wrong_next_player_forfeits() {
    let dir = scratch("next");
    let body = r#""$BIN" one-move "$1" "$2.a" 1 >/dev/null && head -n 6 "$2.a" > "$2" && tail -n 1 "$1" >> "$2""#;
    let table = forfeits_twice(&agent(&dir.0, "next.sh", body), &[]);
    assert!(
        table.contains("the file says player 2 moves next; it must be player 1"),
        "{table}"
    );
    assert!(
        table.contains("the file says player 1 moves next; it must be player 2"),
        "{table}"
    );
}

#[test]
fn a_program_that_crashes_forfeits_quoting_its_last_error_line() {
    let dir = scratch("crash");
    let body = "echo 'Traceback (most recent call last):' >&2\necho 'IndexError: list index out of range' >&2\nexit 3";
    let table = forfeits_twice(&agent(&dir.0, "crash.sh", body), &[]);
    assert!(
        table.contains("exited with status 3: IndexError: list index out of range"),
        "{table}"
    );
}

#[test]
fn a_program_that_writes_garbage_forfeits() {
    let dir = scratch("garbage");
    let table = forfeits_twice(
        &agent(&dir.0, "garbage.sh", r#"echo 'column 4 please' > "$2""#),
        &[],
    );
    assert!(table.contains("wrote an unreadable game file: "), "{table}");
    assert!(table.contains(":1: a board row needs 7 cells"), "{table}");
}

#[test]
fn a_program_that_writes_nothing_forfeits() {
    let dir = scratch("nothing");
    let table = forfeits_twice(&agent(&dir.0, "nothing.sh", "true"), &[]);
    assert!(table.contains("wrote no output file"), "{table}");
}

#[test]
fn a_silent_program_is_stopped_at_the_time_limit() {
    let dir = scratch("silent");
    let start = Instant::now();
    let table = forfeits_twice(
        &agent(&dir.0, "silent.sh", "sleep 60"),
        &["--time-limit", "0.3"],
    );
    assert!(
        table.contains("no answer within 0.3 s (stopped)"),
        "{table}"
    );
    // Both sleeps were stopped, not waited for.
    assert!(
        start.elapsed() < Duration::from_secs(50),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn a_program_that_cannot_start_forfeits() {
    let (output, stdout, stderr) = run_match(&ours(), "/nonexistent/agent", &["--games", "1"]);
    assert!(output.status.success());
    assert!(
        stdout.contains("B forfeits at move 2 (exited with status 127: "),
        "{stdout}"
    );
    if let Some(kept) = stderr
        .lines()
        .find_map(|l| l.strip_prefix("game files kept in "))
    {
        std::fs::remove_dir_all(kept).unwrap();
    }
}

#[test]
fn bad_match_arguments_are_usage_errors() {
    let output = Command::new(BIN)
        .args(["match", "a", "b", "--time-limit", "0"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a positive number of seconds"));
}
