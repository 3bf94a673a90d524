//! How `maxconnect4 one-move` writes its game file, through the real binary: the one writer of
//! cli-support (symlinks followed, devices written in place, modes kept).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_maxconnect4");
const INPUT: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/maxconnect4/input1.txt"
);

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("maxconnect4-out-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `maxconnect4 one-move input1.txt OUT 2`.
struct OneMove;

impl golden::WritesFile for OneMove {
    fn prepare(&self, _dir: &Path) {}
    fn write(&self, dir: &Path, output: &str) -> golden::Outcome {
        golden::run(EXE, &["one-move", INPUT, output, "2"], dir, None)
    }
    fn is_whole(&self, text: &str) -> bool {
        // Six rows of seven cells, then the player to move next.
        let lines: Vec<&str> = text.lines().collect();
        lines.len() == 7 && lines[..6].iter().all(|row| row.trim_end().len() == 7)
    }
}

#[test]
fn symlink_fifo_device_mode_and_folder() {
    golden::check_output_file_safety(&OneMove, "maxconnect4");
}

/// The empty board: depth 42 would search the whole game (hours).
fn empty_board(dir: &Path) -> PathBuf {
    let path = dir.join("empty.txt");
    fs::write(&path, "0000000\n".repeat(6) + "1\n").unwrap();
    path
}

#[test]
fn a_time_budget_stops_the_search_and_plays_the_last_completed_depth() {
    let dir = folder("time");
    let input = empty_board(&dir);
    let start = std::time::Instant::now();
    let out = Command::new(EXE)
        .current_dir(&dir)
        .args(["--stats", "--time", "0.5", "one-move"])
        .arg(&input)
        .args(["out.txt", "42"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
    assert!(err.contains("plies: time budget spent"), "{err}");
    let text = fs::read_to_string(dir.join("out.txt")).unwrap();
    assert_eq!(text.matches('1').count(), 1, "one piece played: {text}");
    // A bad budget is a usage error.
    let out = Command::new(EXE)
        .args(["--time", "-1", "one-move"])
        .arg(&input)
        .args(["out.txt", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_depth_past_the_end_of_the_game_is_clamped() {
    let dir = folder("clamp");
    // Two empty cells left: depth 42 is depth 2.
    let board = "1212120\n2121210\n1212121\n1212121\n2121212\n2121212\n1\n";
    fs::write(dir.join("in.txt"), board).unwrap();
    let out = Command::new(EXE)
        .current_dir(&dir)
        .args(["--stats", "one-move", "in.txt", "out.txt", "42"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.starts_with("stats: depth 42, nodes "), "{err}");
    assert!(
        err.trim_end()
            .ends_with("; searched 2 plies: the moves that remain"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_during_a_search_exits_130_without_writing() {
    let dir = folder("sigint");
    let input = empty_board(&dir);
    let mut child = Command::new(EXE)
        .current_dir(&dir)
        .arg("one-move")
        .arg(&input)
        .args(["out.txt", "42"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    golden::send_signal(&child, "INT");
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let mut left: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, ["empty.txt"]);
    fs::remove_dir_all(&dir).unwrap();
}
