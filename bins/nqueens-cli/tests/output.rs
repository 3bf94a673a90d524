//! How `nqueens` writes its output file, through the real binary: symlinks followed, devices and
//! FIFOs written in place, modes kept, folders reported in words, no debris after SIGTERM or
//! `kill -9`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const EXE: &str = env!("CARGO_BIN_EXE_nqueens");

/// A fresh folder holding `in.txt` with the sizes 4 and 5.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-out-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("in.txt"), "4\n5\n").unwrap();
    dir
}

fn run(dir: &Path, output: &str) -> Output {
    Command::new(EXE)
        .current_dir(dir)
        .args(["in.txt", output])
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// `nqueens in.txt OUT` with the sizes 4 and 5.
struct NQueens;

impl golden::WritesFile for NQueens {
    fn prepare(&self, dir: &Path) {
        fs::write(dir.join("in.txt"), "4\n5\n").unwrap();
    }
    fn write(&self, dir: &Path, output: &str) -> golden::Outcome {
        golden::run(EXE, &["in.txt", output], dir, None)
    }
    fn is_whole(&self, text: &str) -> bool {
        text.lines().count() == 2 && text.lines().all(|line| line.starts_with('['))
    }
}

#[test]
fn symlink_fifo_device_mode_and_folder() {
    golden::check_output_file_safety(&NQueens, "nqueens");
}

#[test]
fn dev_stdout_goes_to_standard_output() {
    let dir = folder("stdout");
    let out = run(&dir, "/dev/stdout");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_path_through_a_file_or_a_missing_folder_is_named() {
    let dir = folder("dir");
    let out = run(&dir, "in.txt/out.txt");
    assert_eq!(
        stderr(&out),
        "error: cannot write in.txt/out.txt: in.txt is not a folder\n"
    );
    let out = run(&dir, "nowhere/out.txt");
    assert_eq!(
        stderr(&out),
        "error: cannot write nowhere/out.txt: the folder nowhere does not exist\n"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Starts `nqueens` on a size that takes seconds, and waits for its temporary file.
fn start_long_run(dir: &Path) -> (std::process::Child, PathBuf) {
    fs::write(dir.join("big.txt"), "4000000\n".repeat(8)).unwrap();
    let child = Command::new(EXE)
        .current_dir(dir)
        .args(["big.txt", "out.txt"])
        .spawn()
        .unwrap();
    let tmp = dir.join(format!(".out.txt.{}.tmp", child.id()));
    let start = Instant::now();
    while !tmp.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    (child, tmp)
}

#[test]
fn sigterm_removes_the_temporary_file_and_exits_143() {
    let dir = folder("term");
    let (mut child, tmp) = start_long_run(&dir);
    std::thread::sleep(Duration::from_millis(200));
    golden::send_signal(&child, "TERM");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    assert!(!tmp.exists());
    assert_eq!(names(&dir), ["big.txt", "in.txt"]);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_next_run_removes_what_kill_9_left() {
    let dir = folder("kill9");
    let (mut child, tmp) = start_long_run(&dir);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        tmp.exists(),
        "SIGKILL cannot be caught: the temporary stays"
    );
    assert!(run(&dir, "out.txt").status.success());
    assert_eq!(names(&dir), ["big.txt", "in.txt", "out.txt"]);
    fs::remove_dir_all(&dir).unwrap();
}
