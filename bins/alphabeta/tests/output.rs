//! How `alphabeta` writes its output file, through the real binary: the one writer of
//! cli-support (symlinks followed, FIFOs and devices written in place, modes kept).

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_alphabeta");
const TREE: &str = "{(A,MAX),(B,MIN),(C,MIN)} {(A,B),(A,C),(B,3),(B,5),(C,2),(C,9)}\n";
const ANSWER: &str = "Graph 1: Score: 3; Leaf Nodes Examined: 3\n";

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alphabeta-out-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("in.txt"), TREE).unwrap();
    dir
}

fn run(dir: &Path, output: &str) -> Output {
    Command::new(EXE)
        .current_dir(dir)
        .args(["in.txt", output])
        .output()
        .unwrap()
}

#[test]
fn symlink_fifo_device_and_mode() {
    let dir = folder("all");
    // A symlink: the target is replaced, the link stays.
    fs::write(dir.join("real.txt"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    assert!(run(&dir, "link.txt").status.success());
    assert_eq!(fs::read_to_string(dir.join("real.txt")).unwrap(), ANSWER);
    assert!(
        fs::symlink_metadata(dir.join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The mode of an existing file is kept.
    fs::set_permissions(dir.join("real.txt"), fs::Permissions::from_mode(0o600)).unwrap();
    assert!(run(&dir, "real.txt").status.success());
    let mode = fs::metadata(dir.join("real.txt"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    // A FIFO is written in place.
    let fifo = dir.join("f");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = std::thread::spawn({
        let fifo = fifo.clone();
        move || fs::read_to_string(fifo).unwrap()
    });
    assert!(run(&dir, "f").status.success());
    assert_eq!(reader.join().unwrap(), ANSWER);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // /dev/full: one error line, exit 1, the device stays.
    let out = run(&dir, "/dev/full");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
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
fn a_byte_order_mark_is_accepted() {
    let dir = folder("bom");
    fs::write(dir.join("in.txt"), format!("\u{feff}{TREE}")).unwrap();
    let out = run(&dir, "out.txt");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(fs::read_to_string(dir.join("out.txt")).unwrap(), ANSWER);
    fs::remove_dir_all(&dir).unwrap();
}
