//! How `maxconnect4 one-move` writes its game file, through the real binary: the one writer of
//! cli-support (symlinks followed, devices written in place, modes kept).

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_maxconnect4");
const INPUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/maxconnect4/input1.txt");

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("maxconnect4-out-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn one_move(dir: &Path, output: &str) -> Output {
    Command::new(EXE)
        .current_dir(dir)
        .args(["one-move", INPUT, output, "2"])
        .output()
        .unwrap()
}

#[test]
fn a_symlink_is_followed_and_the_mode_kept() {
    let dir = folder("link");
    fs::write(dir.join("real.txt"), "old\n").unwrap();
    fs::set_permissions(dir.join("real.txt"), fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    let out = one_move(&dir, "link.txt");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fs::symlink_metadata(dir.join("link.txt")).unwrap().file_type().is_symlink());
    let text = fs::read_to_string(dir.join("real.txt")).unwrap();
    assert_eq!(text.lines().count(), 7, "{text}");
    let mode = fs::metadata(dir.join("real.txt")).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dev_full_is_one_error_line() {
    let dir = folder("full");
    let out = one_move(&dir, "/dev/full");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "error: cannot write /dev/full: no space left on the device\n");
    fs::remove_dir_all(&dir).unwrap();
}
