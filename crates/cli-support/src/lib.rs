//! What every program of the workspace shares: reporting errors the same way, writing files whole
//! or not at all, and reading answers at a prompt.
//!
//! ```
//! use cli_support::{atomic_write, Prompt};
//! let dir = std::env::temp_dir().join(format!("cli-support-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("out.txt");
//! atomic_write(&path, |w| {
//!     use std::io::Write;
//!     writeln!(w, "[1]")
//! })
//! .unwrap();
//! assert_eq!(std::fs::read_to_string(&path).unwrap(), "[1]\n");
//!
//! // A prompt that re-asks until the answer parses; end of input is `None`.
//! let input = std::io::Cursor::new("x\n7\n");
//! let mut out = Vec::new();
//! let mut prompt = Prompt::new(input, &mut out);
//! let n = prompt
//!     .ask("Column? ", |line| line.trim().parse::<u8>().map_err(|_| "not a number".to_owned()))
//!     .unwrap();
//! assert_eq!(n, Some(7));
//! assert_eq!(String::from_utf8(out).unwrap(), "Column? not a number\nColumn? ");
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod args;
pub mod interrupt;
mod output;
pub mod progress;
pub mod status;

pub use args::{parse_args, parse_args_from};
pub use output::atomic_write;

use std::fmt::Display;
use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Errors of this crate.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Creating, writing or renaming the output failed.
    #[error("cannot write {}: {}", path.display(), describe(source))]
    Write {
        /// The file that was to be written.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// The output path names a folder.
    #[error("cannot write {}: it is a folder (give a file name)", path.display())]
    IsFolder {
        /// The path as given.
        path: PathBuf,
    },
    /// The output path ends in `/` but is not a folder.
    #[error("cannot write {}: a file name cannot end in `/`", path.display())]
    TrailingSlash {
        /// The path as given.
        path: PathBuf,
    },
    /// The folder that should hold the output does not exist.
    #[error("cannot write {}: the folder {} does not exist", path.display(), folder.display())]
    NoFolder {
        /// The path as given.
        path: PathBuf,
        /// The missing folder.
        folder: PathBuf,
    },
    /// What should be the output's folder (or one above it) is a file.
    #[error("cannot write {}: {} is not a folder", path.display(), folder.display())]
    NotAFolder {
        /// The path as given.
        path: PathBuf,
        /// The folder part that is not a folder.
        folder: PathBuf,
    },
    /// Reading the answer at a prompt failed (not end of input: a real I/O error).
    #[error("cannot read input: {}", describe(.0))]
    Read(#[source] io::Error),
    /// Writing a question or a message at a prompt failed (a closed pipe, a full disk).
    #[error("cannot write output: {}", describe(.0))]
    Output(#[source] io::Error),
    /// Reading an input file failed.
    #[error("cannot read {}: {}", path.display(), describe(source))]
    ReadFile {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
}

/// Reads a whole text file, without a leading UTF-8 byte-order mark; the error names the file.
///
/// # Errors
/// [`Error::ReadFile`] when the file is missing, unreadable or not UTF-8.
pub fn read_text(path: &Path) -> Result<String, Error> {
    let mut text = std::fs::read_to_string(path).map_err(|source| Error::ReadFile {
        path: path.to_path_buf(),
        source,
    })?;
    if text.starts_with(text_input::BOM) {
        text.drain(..text_input::BOM.len_utf8());
    }
    Ok(text)
}

pub use text_input::describe;

/// Exit status for a run that failed on its input or environment.
pub const EXIT_FAILURE: u8 = 1;
/// Exit status for a usage error (the same that clap uses).
pub const EXIT_USAGE: u8 = 2;

/// The whole `main` of a program whose work is one fallible function: parse the arguments
/// (usage errors and `--help` as [`parse_args`] answers them), run, and report a failure with
/// [`fail`]. `run` returns the exit status it chose (`ExitCode::SUCCESS`, or a failure it
/// reported itself).
///
/// ```no_run
/// use clap::Parser;
/// use std::process::ExitCode;
/// /// Prints a file.
/// #[derive(Parser)]
/// struct Args {
///     /// The file.
///     file: std::path::PathBuf,
/// }
/// fn main() -> ExitCode {
///     cli_support::run_main(|args: &Args| -> Result<ExitCode, cli_support::Error> {
///         cli_support::print_out(&cli_support::read_text(&args.file)?)?;
///         Ok(ExitCode::SUCCESS)
///     })
/// }
/// ```
pub fn run_main<A, E>(run: impl FnOnce(&A) -> Result<ExitCode, E>) -> ExitCode
where
    A: clap::Parser,
    E: Into<Box<dyn std::error::Error>>,
{
    let args: A = match parse_args() {
        Ok(args) => args,
        Err(code) => return code,
    };
    match run(&args) {
        Ok(code) => code,
        Err(e) => fail(e),
    }
}

/// Exit status for output whose reader has gone (`| head -1`): 141, what a shell reports for a
/// program ended by `SIGPIPE`, as coreutils' programs are.
pub const EXIT_CLOSED_PIPE: u8 = 141;

/// Prints `error: <message>` on stderr and returns exit status 1; or, when the error is a write
/// to a pipe whose reader has gone (`program | head -1`), prints nothing and returns
/// [`EXIT_CLOSED_PIPE`]: the reader asked for no more, which is not the program's failure. A
/// full disk and every other write error are reported.
///
/// Binaries end `main` with `match run() { Ok(code) => code, Err(e) => cli_support::fail(e) }`.
///
/// ```
/// use std::io;
/// use std::process::ExitCode;
/// let gone = io::Error::from(io::ErrorKind::BrokenPipe);
/// assert_eq!(cli_support::fail(cli_support::Error::Output(gone)), ExitCode::from(141));
/// let full = io::Error::from(io::ErrorKind::StorageFull);
/// assert_eq!(cli_support::fail(cli_support::Error::Output(full)), ExitCode::from(1));
/// ```
pub fn fail(error: impl Into<Box<dyn std::error::Error>>) -> ExitCode {
    let error = error.into();
    if is_closed_pipe(&*error) {
        return ExitCode::from(EXIT_CLOSED_PIPE);
    }
    eprintln!("error: {error}");
    ExitCode::from(EXIT_FAILURE)
}

/// Whether `error`, or an error it was caused by, is an I/O error of kind
/// [`BrokenPipe`](io::ErrorKind::BrokenPipe).
pub fn is_closed_pipe(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut at = Some(error);
    while let Some(e) = at {
        if e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        at = e.source();
    }
    false
}

/// Writes `text` to stdout and flushes it. A reader that has gone (`| head -1`) or a full disk
/// is an [`Error::Output`] to report with [`fail`], never the panic `print!` gives.
///
/// # Errors
/// [`Error::Output`] when stdout cannot be written.
pub fn print_out(text: &str) -> Result<(), Error> {
    use std::io::Write;
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Error::Output)
}

/// Writes a program's result `text` to stdout: status 0, or `error: cannot write output: ...`
/// and status 1 when stdout cannot be written (see [`print_out`]).
pub fn print_result(text: &str) -> ExitCode {
    match print_out(text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// A command-line time budget that is not a positive number of seconds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a positive number of seconds")]
pub struct NotSeconds {
    /// The text given.
    pub text: String,
}

/// A command-line time budget: a positive number of seconds below 10^9
/// ([`text_input::parse_seconds`] without 0), as a clap `value_parser`; the message is the same
/// in every program.
///
/// ```
/// use std::time::Duration;
/// assert_eq!(cli_support::positive_seconds("2"), Ok(Duration::from_secs(2)));
/// assert_eq!(
///     cli_support::positive_seconds("0").unwrap_err().to_string(),
///     "\"0\" is not a positive number of seconds"
/// );
/// ```
///
/// # Errors
/// [`NotSeconds`] for anything else.
pub fn positive_seconds(text: &str) -> Result<std::time::Duration, NotSeconds> {
    match text_input::parse_seconds(text) {
        Some(d) if !d.is_zero() => Ok(d),
        _ => Err(NotSeconds {
            text: text.to_owned(),
        }),
    }
}

/// Prints `warning: <message>` on stderr.
pub fn warn(message: impl Display) {
    eprintln!("warning: {message}");
}

/// Prints a usage error on stderr and returns exit status 2.
pub fn usage_error(message: impl Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// A clap usage error folded onto one line: the lines of `rendered` before its `Usage:` block,
/// trimmed and joined, without clap's leading `error: ` and its "For more information" hint
/// (`"bad arguments"` when nothing is left). For programs whose interface promises one line.
pub fn one_line_usage_error(rendered: &str) -> String {
    let parts: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.starts_with("Usage:"))
        .map(str::trim)
        .filter(|line| {
            !line.is_empty()
                && !line.starts_with("For more information")
                && !line.starts_with("tip:")
        })
        .collect();
    let joined = parts.join(" ");
    let message = joined.trim_start_matches("error: ");
    if message.is_empty() {
        "bad arguments".to_owned()
    } else {
        message.to_owned()
    }
}

/// The longest answer a prompt accepts, in bytes; a longer line is refused without being read
/// into memory whole or echoed back.
pub const MAX_ANSWER: usize = 1000;

/// One line read at a prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer<'a> {
    /// The line's text, without its `\n` or `\r\n`.
    Text(&'a str),
    /// The line is not UTF-8 text.
    NotUtf8,
    /// The line is longer than [`MAX_ANSWER`] bytes (the rest of it was skipped).
    TooLong,
}

/// A prompt: prints a question, reads one line, and asks again while the answer is rejected.
/// A line that is not UTF-8, or longer than [`MAX_ANSWER`] bytes, is explained and asked again
/// without reaching the caller's parser.
pub struct Prompt<R, W> {
    input: R,
    output: W,
    line: Vec<u8>,
}

impl<R: BufRead, W: Write> Prompt<R, W> {
    /// A prompt reading answers from `input` and writing questions to `output`.
    pub fn new(input: R, output: W) -> Self {
        Self {
            input,
            output,
            line: Vec::new(),
        }
    }

    /// The output the prompt writes to (for printing between questions).
    pub fn output(&mut self) -> &mut W {
        &mut self.output
    }

    /// Reads one line; `None` at end of input. At most [`MAX_ANSWER`] bytes (plus the line end)
    /// are kept in memory.
    ///
    /// # Errors
    /// [`Error::Output`] when flushing the question fails, [`Error::Read`] when reading fails.
    pub fn read_answer(&mut self) -> Result<Option<Answer<'_>>, Error> {
        self.output.flush().map_err(Error::Output)?;
        self.line.clear();
        let limit = (MAX_ANSWER + 2) as u64;
        let n = (&mut self.input)
            .take(limit)
            .read_until(b'\n', &mut self.line)
            .map_err(Error::Read)?;
        if n == 0 {
            return Ok(None);
        }
        if self.line.last() != Some(&b'\n') && n as u64 == limit {
            self.input.skip_until(b'\n').map_err(Error::Read)?;
            return Ok(Some(Answer::TooLong));
        }
        let mut text: &[u8] = &self.line;
        text = text.strip_suffix(b"\n").unwrap_or(text);
        text = text.strip_suffix(b"\r").unwrap_or(text);
        if text.len() > MAX_ANSWER {
            return Ok(Some(Answer::TooLong));
        }
        Ok(Some(match std::str::from_utf8(text) {
            Ok(text) => Answer::Text(text),
            Err(_) => Answer::NotUtf8,
        }))
    }

    /// Prints `question`, reads a line and passes it to `parse`. A rejected answer prints the
    /// reason right after the answer's line (on the prompt's line, then a newline) and asks
    /// again; so does a line that is not UTF-8 or is too long. Returns `None` at end of input.
    ///
    /// # Errors
    /// [`Error::Output`] when writing fails, [`Error::Read`] when reading fails.
    pub fn ask<T, E: Display>(
        &mut self,
        question: &str,
        mut parse: impl FnMut(&str) -> Result<T, E>,
    ) -> Result<Option<T>, Error> {
        loop {
            write!(self.output, "{question}").map_err(Error::Output)?;
            let reason = match self.read_answer()? {
                None => return Ok(None),
                Some(Answer::Text(line)) => match parse(line) {
                    Ok(value) => return Ok(Some(value)),
                    Err(reason) => reason.to_string(),
                },
                Some(Answer::NotUtf8) => {
                    "that line is not UTF-8 text (check the terminal's encoding)".to_owned()
                }
                Some(Answer::TooLong) => {
                    format!("that answer is too long (over {MAX_ANSWER} bytes)")
                }
            };
            writeln!(self.output, "{reason}").map_err(Error::Output)?;
        }
    }
}

/// Unit tests that need a process of their own (the real stdout and stderr, the current
/// folder, signals): the test binary runs itself with one test selected.
#[cfg(test)]
pub(crate) mod child {
    use std::path::Path;
    use std::process::{Command, Output, Stdio};

    /// The environment variable naming the test a child process is to run.
    pub(crate) const VAR: &str = "CLI_SUPPORT_CHILD";

    /// The test binary's arguments that run the unit test `name` alone, output not captured.
    pub(crate) fn args(name: &str) -> [&str; 5] {
        [name, "--exact", "--nocapture", "--test-threads=1", "-q"]
    }

    /// Whether this process is the child started to run the test `name` (the child's body runs
    /// only then; in the ordinary test run that test passes at once).
    pub(crate) fn is(name: &str) -> bool {
        std::env::var_os(VAR).is_some_and(|v| v == name)
    }

    /// Runs the unit test `name` alone in a new process of this test binary, in `dir`, with
    /// its output not captured; returns what it printed and its exit status.
    pub(crate) fn run(name: &str, dir: &Path) -> Output {
        run_with(name, dir, &[])
    }

    /// [`run`] with these environment variables set ([`crate::progress::FORCE`] is unset
    /// unless given).
    pub(crate) fn run_with(name: &str, dir: &Path, vars: &[(&str, &str)]) -> Output {
        Command::new(std::env::current_exe().unwrap())
            .args(args(name))
            .env_remove(crate::progress::FORCE)
            .envs(vars.iter().copied())
            .env(VAR, name)
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    }

    /// A fresh folder for one test.
    pub(crate) fn folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("cli-child-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positive_seconds_takes_positive_numbers_only() {
        use std::time::Duration;
        assert_eq!(positive_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(positive_seconds("2"), Ok(Duration::from_secs(2)));
        for bad in ["0", "0.0", "-1", "abc", ""] {
            assert_eq!(
                positive_seconds(bad),
                Err(NotSeconds {
                    text: bad.to_owned()
                }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_closed_pipe_is_found_among_the_causes() {
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_closed_pipe(&pipe));
        assert!(is_closed_pipe(&Error::Output(pipe)));
        let full = io::Error::from(io::ErrorKind::StorageFull);
        assert!(!is_closed_pipe(&full));
        assert!(!is_closed_pipe(&Error::Output(full)));
    }

    #[test]
    fn failed_write_leaves_old_file_and_no_temporary() {
        let dir = std::env::temp_dir().join(format!("cli-support-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("keep.txt");
        std::fs::write(&path, "old").unwrap();
        let err = atomic_write(&path, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("boom"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("keep.txt"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "temporary file left"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_is_reported_as_output_and_a_missing_file_by_name() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::from(io::ErrorKind::BrokenPipe))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut prompt = Prompt::new(io::Cursor::new("1\n"), Closed);
        let err = prompt
            .ask("? ", |l| Ok::<_, String>(l.to_owned()))
            .unwrap_err();
        assert!(matches!(err, Error::Output(_)), "{err}");
        assert!(err.to_string().starts_with("cannot write output"), "{err}");
        let err = read_text(Path::new("/nonexistent/map.txt")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /nonexistent/map.txt: "),
            "{err}"
        );
    }

    #[test]
    fn usage_errors_fold_onto_one_line() {
        let rendered = "error: the following required arguments were not provided:\n  <BOARD>\n\nUsage: Reversi <FLAG> <PLAYER> <BOARD>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line_usage_error(rendered),
            "the following required arguments were not provided: <BOARD>"
        );
        assert_eq!(one_line_usage_error("Usage: x\n"), "bad arguments");
    }

    #[test]
    fn a_line_that_is_not_utf8_is_explained_and_asked_again() {
        let mut out = Vec::new();
        let mut prompt = Prompt::new(io::Cursor::new(&b"\xff\xfe\n5\n"[..]), &mut out);
        let got = prompt
            .ask("? ", |l| l.parse::<u8>().map_err(|_| "no"))
            .unwrap();
        assert_eq!(got, Some(5));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            "? that line is not UTF-8 text (check the terminal's encoding)\n? "
        );
    }

    #[test]
    fn an_overlong_answer_is_refused_without_echo() {
        let mut input = "7".repeat(10 * MAX_ANSWER);
        input.push_str("\n3\n");
        let mut out = Vec::new();
        let mut prompt = Prompt::new(io::Cursor::new(input), &mut out);
        let got = prompt
            .ask("? ", |l| l.parse::<u8>().map_err(|_| format!("`{l}` no")))
            .unwrap();
        assert_eq!(got, Some(3));
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out, "? that answer is too long (over 1000 bytes)\n? ");
    }

    #[test]
    fn read_text_drops_a_byte_order_mark() {
        let path = std::env::temp_dir().join(format!("cli-bom-{}.txt", std::process::id()));
        std::fs::write(&path, "\u{feff}8\n").unwrap();
        assert_eq!(read_text(&path).unwrap(), "8\n");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn prompt_handles_crlf_and_end_of_input() {
        let mut out = Vec::new();
        let mut prompt = Prompt::new(io::Cursor::new("a\r\n"), &mut out);
        let got = prompt.ask("? ", |l| Ok::<_, String>(l.to_owned())).unwrap();
        assert_eq!(got.as_deref(), Some("a"));
        let eof = prompt.ask("? ", |l| Ok::<_, String>(l.to_owned())).unwrap();
        assert_eq!(eof, None);
    }

    #[test]
    fn exit_statuses_of_failures_and_usage_errors() {
        let gone = io::Error::from(io::ErrorKind::BrokenPipe);
        assert_eq!(fail(Error::Output(gone)), ExitCode::from(141));
        let full = io::Error::from(io::ErrorKind::StorageFull);
        assert_eq!(fail(Error::Output(full)), ExitCode::from(1));
        assert_eq!(usage_error("bad"), ExitCode::from(2));
    }

    /// Arguments of any shape (the test binary's own, whatever they are).
    #[derive(clap::Parser)]
    #[command(name = "any", disable_help_flag = true, disable_version_flag = true)]
    struct Any {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        _rest: Vec<std::ffi::OsString>,
    }

    #[test]
    fn run_main_returns_the_status_run_chose_or_reports_the_failure() {
        let chosen = run_main(|_: &Any| Ok::<_, Error>(ExitCode::from(7)));
        assert_eq!(chosen, ExitCode::from(7));
        let failed = run_main(|_: &Any| Err::<ExitCode, _>("boom"));
        assert_eq!(failed, ExitCode::from(1));
    }

    #[test]
    fn child_streams() {
        if !child::is("tests::child_streams") {
            return;
        }
        print_out("out one\n").unwrap();
        assert_eq!(print_result("out two\n"), ExitCode::SUCCESS);
        warn("careful");
    }

    #[test]
    fn results_go_to_stdout_and_warnings_to_stderr() {
        let dir = child::folder("streams");
        let out = child::run("tests::child_streams", &dir);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stdout}{stderr}");
        assert!(stdout.contains("out one\nout two\n"), "{stdout}");
        assert!(stderr.contains("warning: careful\n"), "{stderr}");
        assert!(!stdout.contains("careful"), "{stdout}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn answers_up_to_max_answer_bytes_are_taken_and_longer_ones_refused() {
        let read = |input: Vec<u8>| {
            let mut prompt = Prompt::new(io::Cursor::new(input), io::sink());
            let answer = match prompt.read_answer().unwrap() {
                Some(Answer::Text(t)) => Ok(t.len()),
                other => Err(format!("{other:?}")),
            };
            (answer, prompt.line.len())
        };
        let line = |n: usize, end: &str| {
            let mut v = vec![b'7'; n];
            v.extend_from_slice(end.as_bytes());
            v
        };
        assert_eq!(read(line(MAX_ANSWER, "\n")).0, Ok(MAX_ANSWER));
        assert_eq!(read(line(MAX_ANSWER, "\r\n")).0, Ok(MAX_ANSWER));
        assert_eq!(read(line(MAX_ANSWER, "")).0, Ok(MAX_ANSWER));
        // The last line without its newline is an answer too.
        assert_eq!(read(line(1, "")).0, Ok(1));
        for end in ["\n", "\r\n", ""] {
            let (answer, kept) = read(line(MAX_ANSWER + 1, end));
            assert_eq!(answer, Err("Some(TooLong)".to_owned()), "{end:?}");
            assert!(kept <= MAX_ANSWER + 2, "{kept}");
        }
        // A long line is never held whole: at most the answer and its line end.
        let (answer, kept) = read(line(5 * MAX_ANSWER, "\n"));
        assert_eq!(answer, Err("Some(TooLong)".to_owned()));
        assert_eq!(kept, MAX_ANSWER + 2);
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
