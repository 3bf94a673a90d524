//! The output-file guarantees of the one writer (cli-support), checked through a program that
//! writes a file: what stands at the output path is never destroyed.

use crate::{Outcome, Scratch};
use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::Command;

/// How a program writes its output file.
pub trait WritesFile {
    /// Puts the program's inputs into the fresh folder `dir`.
    fn prepare(&self, dir: &Path);
    /// Runs the program in `dir` with its output file named `output`.
    fn write(&self, dir: &Path, output: &str) -> Outcome;
    /// Whether `text` is a whole output of the program.
    fn is_whole(&self, text: &str) -> bool;
}

/// Checks, through the program, that: a symbolic link is followed (the link stays, its target
/// gets the whole output); an existing file keeps its mode (0640 stays 0640); `/dev/full` is one
/// `error:` line, exit 1, and stays a device; a FIFO is written in place; a folder is named as
/// such.
///
/// # Panics
/// When one of them does not hold.
pub fn check_output_file_safety(program: &impl WritesFile, name: &str) {
    let dir = Scratch::new(&format!("{name}-output"));
    program.prepare(&dir);
    symlink_is_followed(program, &dir);
    mode_is_kept(program, &dir);
    dev_full_is_one_error_line(program, &dir);
    fifo_is_written_in_place(program, &dir);
    folder_is_named(program, &dir);
}

fn symlink_is_followed(program: &impl WritesFile, dir: &Path) {
    fs::write(dir.join("real.txt"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    let out = program.write(dir, "link.txt");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let link = fs::symlink_metadata(dir.join("link.txt")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let text = fs::read_to_string(dir.join("real.txt")).unwrap();
    assert!(program.is_whole(&text), "the target holds {text:?}");
}

fn mode_is_kept(program: &impl WritesFile, dir: &Path) {
    let path = dir.join("out.txt");
    fs::write(&path, "old\n").unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
    let out = program.write(dir, "out.txt");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "the mode was reset");
    assert!(program.is_whole(&fs::read_to_string(&path).unwrap()));
}

fn dev_full_is_one_error_line(program: &impl WritesFile, dir: &Path) {
    let out = program.write(dir, "/dev/full");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: cannot write /dev/full: no space left on the device\n"
    );
    let device = fs::metadata("/dev/full").unwrap();
    assert!(
        device.file_type().is_char_device(),
        "/dev/full was replaced"
    );
}

fn fifo_is_written_in_place(program: &impl WritesFile, dir: &Path) {
    let fifo = dir.join("fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success(), "mkfifo failed");
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let out = program.write(dir, "fifo");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = reader.join().unwrap();
    assert!(program.is_whole(&text), "the FIFO carried {text:?}");
    let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced");
}

fn folder_is_named(program: &impl WritesFile, dir: &Path) {
    fs::create_dir(dir.join("existing_dir")).unwrap();
    let out = program.write(dir, "existing_dir/");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: cannot write existing_dir/: it is a folder (give a file name)\n"
    );
}
