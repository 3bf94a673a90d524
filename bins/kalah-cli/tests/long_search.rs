//! The computer's long searches: progress lines on stderr only where asked for (a terminal, or
//! `CLASSIC_SEARCH_PROGRESS=always`), and Ctrl-C stops them at once with exit status 130,
//! leaving no temporary file behind.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

fn start(args: &[&str], progress: bool, dir: &Path) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kalah"));
    command.env_remove("CLASSIC_SEARCH_PROGRESS");
    if progress {
        command.env("CLASSIC_SEARCH_PROGRESS", "always");
    }
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kalah")
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kalah-long-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A whole game where the human always sows their first non-empty pot: the answers are
/// given generously (extra answers are never read).
fn game(args: &[&str], progress: bool) -> Output {
    let dir = folder("game");
    let mut child = start(args, progress, &dir);
    let mut input = String::from("0\n");
    for _ in 0..60 {
        input.push_str("0\n1\n2\n3\n4\n5\n");
    }
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    out
}

#[test]
fn progress_is_printed_only_when_forced_and_changes_no_move() {
    let plain = game(&["4"], false);
    assert!(plain.status.success());
    assert!(
        plain.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    let seen = game(&["4"], true);
    assert!(seen.status.success());
    assert_eq!(
        String::from_utf8_lossy(&seen.stdout),
        String::from_utf8_lossy(&plain.stdout)
    );
    let stderr = String::from_utf8_lossy(&seen.stderr);
    let depths: Vec<&str> = stderr
        .lines()
        .map(|l| l.strip_prefix("search: depth ").expect(l))
        .map(|l| l.split(',').next().unwrap())
        .collect();
    // Every computer move reports depths 1 to 4 (fewer only near the end of the game).
    assert!(depths.len() >= 8, "{stderr}");
    assert_eq!(depths[..4], ["1/4", "2/4", "3/4", "4/4"]);
    let first = stderr.lines().next().unwrap();
    assert!(first.contains(", best pot"), "{first}");
}

/// Sends SIGINT to `child` after `after`; returns what it printed.
fn interrupt(mut child: Child, after: Duration) -> Output {
    let mut stdin = child.stdin.take().unwrap();
    // The computer moves first and then searches for a long time (the input stays open).
    stdin.write_all(b"0\n").unwrap();
    std::thread::sleep(after);
    golden::send_signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    out
}

#[test]
fn ctrl_c_stops_a_deep_search_with_status_130() {
    let dir = folder("int");
    let out = interrupt(start(&["1000"], false, &dir), Duration::from_millis(600));
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "interrupted (Ctrl-C): stopped\n"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_during_the_perfect_players_database_build_leaves_no_temporary_file() {
    for after in [50, 400] {
        let dir = folder(&format!("perfect{after}"));
        let db = dir.join("db");
        let db_arg = db.to_str().unwrap();
        let child = start(&["1000", "--perfect", "--db-dir", db_arg], false, &dir);
        let out = interrupt(child, Duration::from_millis(after));
        assert_eq!(out.status.code(), Some(130), "after {after} ms");
        // Only whole databases may remain: no temporary file anywhere.
        for folder in [&dir, &db] {
            for entry in std::fs::read_dir(folder).into_iter().flatten() {
                let name = entry.unwrap().file_name();
                let name = name.to_string_lossy();
                assert!(!name.ends_with(".tmp"), "{name} left after {after} ms");
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
