//! How `alphabeta` writes its output file, through the real binary: the one writer of
//! cli-support (symlinks followed, FIFOs and devices written in place, modes kept, folders
//! named), and its input with a byte-order mark.

use std::fs;
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

/// `alphabeta IN OUT` with a one-tree input.
struct Alphabeta;

impl golden::WritesFile for Alphabeta {
    fn prepare(&self, dir: &Path) {
        fs::write(dir.join("in.txt"), TREE).unwrap();
    }
    fn write(&self, dir: &Path, output: &str) -> golden::Outcome {
        golden::run(EXE, &["in.txt", output], dir, None)
    }
    fn is_whole(&self, text: &str) -> bool {
        text == ANSWER
    }
}

#[test]
fn symlink_fifo_device_mode_and_folder() {
    golden::check_output_file_safety(&Alphabeta, "alphabeta");
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
