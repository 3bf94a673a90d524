//! How `nqueens` writes its output file, through the real binary: symlinks followed, devices and
//! FIFOs written in place, modes kept, folders reported in words, no debris after SIGTERM or
//! `kill -9`.

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
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

#[test]
fn a_symlink_keeps_pointing_at_the_replaced_target() {
    let dir = folder("link");
    fs::write(dir.join("real.txt"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    let out = run(&dir, "link.txt");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        fs::symlink_metadata(dir.join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let text = fs::read_to_string(dir.join("real.txt")).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.starts_with('['));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_existing_file_keeps_its_mode() {
    let dir = folder("mode");
    let path = dir.join("out.txt");
    fs::write(&path, "old\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    assert!(run(&dir, "out.txt").status.success());
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_ne!(fs::read_to_string(&path).unwrap(), "old\n");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dev_full_is_one_error_line_and_stays_a_device() {
    let dir = folder("full");
    let out = run(&dir, "/dev/full");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: cannot write /dev/full: no space left on the device\n"
    );
    assert!(
        fs::metadata("/dev/full")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_is_written_in_place() {
    let dir = folder("fifo");
    let fifo = dir.join("f");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = run(&dir, "f");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(reader.join().unwrap().lines().count(), 2);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    fs::remove_dir_all(&dir).unwrap();
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
fn a_folder_as_output_is_named_as_such() {
    let dir = folder("dir");
    fs::create_dir(dir.join("existing_dir")).unwrap();
    let out = run(&dir, "existing_dir/");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: cannot write existing_dir/: it is a folder (give a file name)\n"
    );
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
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
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
