//! Golden-table harness: runs the workspace's real binaries over case tables and compares stdout
//! byte for byte.
//!
//! A case table is a text file of blocks. Each block is one line of program arguments (a leading
//! program name may be there), then the exact expected stdout lines, then a line `---`. An empty
//! body means the program prints nothing. Lines before the first block that start with `#` are
//! comments.
//!
//! Each program's golden tests live beside it, in `bins/<program>/tests/`, and name the binary
//! that cargo built for them with `env!("CARGO_BIN_EXE_<name>")`, so a test never builds anything
//! itself and one crate's half-finished edit never stops another program's tests:
//!
//! ```no_run
//! // In bins/find_route/tests/golden.rs, `exe` is `env!("CARGO_BIN_EXE_find_route")`.
//! fn every_case_of_the_table(exe: &str) {
//!     let table = golden::data_dir().join("find_route/cases.txt");
//!     golden::check_table(exe, &table, &golden::data_dir().join("find_route"));
//! }
//! ```

mod output;

pub use output::{WritesFile, check_output_file_safety};

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One block of a case table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// A readable name: the table's file name, the block's line number and its arguments.
    pub name: String,
    /// The program arguments (the leading program name removed when it was there).
    pub args: Vec<String>,
    /// The exact expected stdout: every body line followed by `\n`.
    pub expected: String,
}

/// Parses a case table. `program` is the binary name; a first word equal to it (or ending in
/// `/program`) is dropped from the arguments.
pub fn parse_table(text: &str, program: &str, table_name: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((index, line)) = lines.next() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut args: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        if args
            .first()
            .is_some_and(|first| first == program || first.ends_with(&format!("/{program}")))
        {
            args.remove(0);
        }
        let mut expected = String::new();
        for (_, body) in lines.by_ref() {
            let body = body.trim_end_matches('\r');
            if body == "---" {
                break;
            }
            expected.push_str(body);
            expected.push('\n');
        }
        cases.push(Case {
            name: format!("{table_name}:{} `{}`", index + 1, line),
            args,
            expected,
        });
    }
    cases
}

/// A fresh, empty folder for the files one test writes, in the system's temp space; removed
/// when dropped. Dereferences to its [`Path`].
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
}

impl Scratch {
    /// A new empty folder named after `name` and this process (a leftover of an earlier run
    /// with the same name is removed first).
    pub fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("golden-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("create scratch folder {}: {e}", path.display()));
        Self { path }
    }

    /// Writes `text` to the file `name` in the folder and returns its path.
    pub fn write(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
        path
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// The sample inputs of a data folder: its `*.txt` files that are not `*_out.txt` answers,
/// sorted by name.
pub fn sample_inputs(dir: &Path) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| {
            let name = p
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            name.ends_with(".txt") && !name.ends_with("_out.txt")
        })
        .collect();
    inputs.sort();
    inputs
}

/// The repository's `data/` folder.
pub fn data_dir() -> PathBuf {
    repo_root().join("data")
}

/// The repository root (the workspace folder).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// What one run of a binary produced.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
    /// The exit code (`None` when killed by a signal).
    pub code: Option<i32>,
}

/// Runs the program at `exe` with `args` in `cwd`, feeding `stdin` (empty when `None`).
pub fn run<S: AsRef<std::ffi::OsStr>>(
    exe: &str,
    args: &[S],
    cwd: &Path,
    stdin: Option<&[u8]>,
) -> Outcome {
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("spawn {exe}: {e}"));
    let input = stdin.unwrap_or_default().to_vec();
    let mut pipe = child.stdin.take().expect("stdin piped");
    let writer = std::thread::spawn(move || {
        // The program may exit before reading everything; that is not our failure.
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("wait for program");
    let _ = writer.join();
    Outcome {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    }
}

/// Runs the program at `exe` with `args` in `cwd` writing to a pipe whose reader has already
/// gone (`PROGRAM | head -0` once `head` has exited) and checks that it stops quietly: nothing
/// on stderr and status 141 (a closed pipe is not an error), no panic.
///
/// # Panics
/// When the program panics, says something or exits otherwise.
pub fn check_closed_stdout<S: AsRef<std::ffi::OsStr>>(exe: &str, args: &[S], cwd: &Path) {
    // A process another test thread forks while the pipe is made holds a copy of its read end
    // until that process execs, which on a loaded machine can take long enough for the program
    // to write its whole output into the pipe and succeed. Such a run ends with status 0 and
    // is tried again; a program that ignores a closed pipe succeeds every time.
    for _ in 0..4 {
        let status = closed_stdout_run(exe, args, cwd);
        if status != Some(0) {
            assert_eq!(status, Some(141), "{exe}");
            return;
        }
    }
    panic!("{exe}: succeeded four times writing to a pipe without a reader");
}

/// One run of [`check_closed_stdout`]: the exit status, after checking that stderr is empty.
fn closed_stdout_run<S: AsRef<std::ffi::OsStr>>(exe: &str, args: &[S], cwd: &Path) -> Option<i32> {
    // A pipe whose only reader, `true`, has exited (std::io::pipe needs Rust 1.87).
    let mut sink = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("run true");
    let writer = sink.stdin.take().expect("stdin piped");
    sink.wait().expect("wait for true");
    let output = Command::new(exe)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("run {exe}: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    // A reader that has gone asked for no more: nothing on stderr, and the status a shell
    // reports for a program ended by SIGPIPE (as coreutils and ripgrep end).
    assert_eq!(stderr, "", "{exe}: a closed pipe is not an error");
    output.status.code()
}

/// Runs every case of the table at `table` through the program at `exe` (in `cwd`) and panics
/// with a report naming every case whose stdout differs (or that exited non-zero), with a line
/// diff of each. A first word of a case equal to the program's file name is dropped.
pub fn check_table(exe: &str, table: &Path, cwd: &Path) {
    let text = std::fs::read_to_string(table)
        .unwrap_or_else(|e| panic!("read table {}: {e}", table.display()));
    let table_name = table
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let program = Path::new(exe)
        .file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let cases = parse_table(&text, &program, &table_name);
    assert!(!cases.is_empty(), "table {} has no cases", table.display());
    check_cases(exe, &cases, cwd);
}

/// Runs the given cases through the program at `exe` and panics with a report of every mismatch.
pub fn check_cases(exe: &str, cases: &[Case], cwd: &Path) {
    let mut report = String::new();
    let mut failed = 0;
    for case in cases {
        let outcome = run(exe, &case.args, cwd, None);
        if outcome.stdout != case.expected || outcome.code != Some(0) {
            failed += 1;
            let _ = writeln!(report, "\n== {} (exit {:?})", case.name, outcome.code);
            report.push_str(&diff(&case.expected, &outcome.stdout));
            if !outcome.stderr.is_empty() {
                let _ = writeln!(report, "   stderr: {}", outcome.stderr.trim_end());
            }
        }
    }
    assert!(
        failed == 0,
        "{failed} of {} cases failed:{report}",
        cases.len()
    );
}

/// Checks the conventions every program shares: `--version` prints `NAME VERSION` on stdout and
/// exits 0, and an unknown option is one line on stderr that points to `--help`, with exit 2.
///
/// # Panics
/// When the program at `exe` breaks either convention.
pub fn check_cli_conventions(exe: &str) {
    let here = std::env::temp_dir();
    let version = run(exe, &["--version"], &here, None);
    let name = Path::new(exe)
        .file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    assert_eq!(version.code, Some(0), "{exe} --version: {version:?}");
    assert!(
        version.stdout.starts_with(&format!("{name} ")) && version.stdout.lines().count() == 1,
        "{exe} --version printed {:?}",
        version.stdout
    );
    let bad = run(exe, &["--no-such-option"], &here, None);
    assert_eq!(bad.code, Some(2), "{exe} --no-such-option: {bad:?}");
    assert_eq!(bad.stderr.lines().count(), 1, "{exe}: {:?}", bad.stderr);
    assert!(
        bad.stderr.starts_with("error: ") && bad.stderr.contains(&format!("'{name} --help'")),
        "{exe}: {:?}",
        bad.stderr
    );
}

/// A small line diff: the first differing line and the counts, enough to find the problem.
pub fn diff(expected: &str, actual: &str) -> String {
    let exp: Vec<&str> = expected.lines().collect();
    let act: Vec<&str> = actual.lines().collect();
    let mut out = String::new();
    for i in 0..exp.len().max(act.len()) {
        let (e, a) = (exp.get(i), act.get(i));
        if e != a {
            let _ = writeln!(
                out,
                "   line {}: expected {:?}",
                i + 1,
                e.copied().unwrap_or("<end>")
            );
            let _ = writeln!(
                out,
                "   line {}:   actual {:?}",
                i + 1,
                a.copied().unwrap_or("<end>")
            );
            break;
        }
    }
    if out.is_empty() && expected != actual {
        out.push_str("   outputs differ in line endings or a final newline\n");
    }
    let _ = writeln!(
        out,
        "   ({} expected lines, {} actual)",
        exp.len(),
        act.len()
    );
    out
}

/// Sends the signal `name` (`"INT"`, `"TERM"`, `"KILL"`) to a running program, the way a user's
/// Ctrl-C or `kill` would, and asserts that it was delivered.
pub fn send_signal(child: &std::process::Child, name: &str) {
    let sent = Command::new("kill")
        .arg(format!("-{name}"))
        .arg(child.id().to_string())
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{name} {} failed", child.id());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_blocks_and_drops_program_name() {
        let text = "# comment\nfind_route a b c\nx\ny\n---\n100 1 0000\n---\n";
        let cases = parse_table(text, "find_route", "t");
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].args, ["a", "b", "c"]);
        assert_eq!(cases[0].expected, "x\ny\n");
        assert_eq!(cases[1].args, ["100", "1", "0000"]);
        assert_eq!(cases[1].expected, "");
        assert!(cases[1].name.starts_with("t:6 "));
    }

    #[test]
    fn scratch_is_fresh_and_removed_when_dropped() {
        let path = {
            let scratch = Scratch::new("harness-self-test");
            let file = scratch.write("a.txt", "x");
            assert_eq!(std::fs::read_to_string(file).unwrap(), "x");
            scratch.to_path_buf()
        };
        assert!(!path.exists());
    }

    #[test]
    fn sample_inputs_skip_answers() {
        let scratch = Scratch::new("harness-samples");
        for name in ["b.txt", "a.txt", "a_out.txt", "notes.md"] {
            scratch.write(name, "");
        }
        let names: Vec<_> = sample_inputs(&scratch)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.txt", "b.txt"]);
    }

    #[test]
    fn diff_names_first_differing_line() {
        let d = diff("a\nb\n", "a\nc\n");
        assert!(d.contains("line 2: expected \"b\""), "{d}");
        assert!(d.contains("actual \"c\""), "{d}");
    }
}
