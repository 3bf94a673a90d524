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

use std::fmt::Display;
use std::fs::File;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Errors of this crate.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Creating, writing or renaming the temporary file failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file that was to be written.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// Reading the answer at a prompt failed (not end of input: a real I/O error).
    #[error("cannot read input: {0}")]
    Read(#[source] io::Error),
    /// Writing a question or a message at a prompt failed (a closed pipe, a full disk).
    #[error("cannot write output: {0}")]
    Output(#[source] io::Error),
    /// Reading an input file failed.
    #[error("cannot read {path}: {source}")]
    ReadFile {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
}

/// Reads a whole text file; the error names the file.
///
/// # Errors
/// [`Error::ReadFile`] when the file is missing, unreadable or not UTF-8.
pub fn read_text(path: &Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|source| Error::ReadFile {
        path: path.to_path_buf(),
        source,
    })
}

/// Exit status for a run that failed on its input or environment.
pub const EXIT_FAILURE: u8 = 1;
/// Exit status for a usage error (the same that clap uses).
pub const EXIT_USAGE: u8 = 2;

/// Prints `error: <message>` on stderr and returns exit status 1.
///
/// Binaries end `main` with `match run() { Ok(code) => code, Err(e) => cli_support::fail(e) }`.
pub fn fail(error: impl Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::from(EXIT_FAILURE)
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
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .collect();
    let joined = parts.join(" ");
    let message = joined.trim_start_matches("error: ");
    if message.is_empty() {
        "bad arguments".to_owned()
    } else {
        message.to_owned()
    }
}

/// Writes `path` whole or not at all: `write` fills a buffered temporary file in the same folder,
/// which is flushed, synced and renamed over `path` only when `write` succeeded.
///
/// # Errors
/// [`Error::Write`] when the temporary file cannot be created, written or renamed; the
/// temporary file is removed and `path` is left as it was.
pub fn atomic_write(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<(), Error> {
    let wrap = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    let file_name = path.file_name().ok_or_else(|| {
        wrap(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ))
    })?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let mut writer = BufWriter::with_capacity(1 << 20, File::create(&tmp)?);
        write(&mut writer)?;
        let file = writer
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(source) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(wrap(source));
    }
    Ok(())
}

/// A prompt: prints a question, reads one line, and asks again while the answer is rejected.
pub struct Prompt<R, W> {
    input: R,
    output: W,
    line: String,
}

impl<R: BufRead, W: Write> Prompt<R, W> {
    /// A prompt reading answers from `input` and writing questions to `output`.
    pub fn new(input: R, output: W) -> Self {
        Self {
            input,
            output,
            line: String::new(),
        }
    }

    /// The output the prompt writes to (for printing between questions).
    pub fn output(&mut self) -> &mut W {
        &mut self.output
    }

    /// Reads one line (without its `\n` or `\r\n`); `None` at end of input.
    ///
    /// # Errors
    /// [`Error::Output`] when flushing the question fails, [`Error::Read`] when reading fails.
    pub fn read_line(&mut self) -> Result<Option<&str>, Error> {
        self.output.flush().map_err(Error::Output)?;
        self.line.clear();
        let n = self.input.read_line(&mut self.line).map_err(Error::Read)?;
        if n == 0 {
            return Ok(None);
        }
        let trimmed = self
            .line
            .strip_suffix('\n')
            .map_or(self.line.as_str(), |l| l.strip_suffix('\r').unwrap_or(l));
        Ok(Some(trimmed))
    }

    /// Prints `question`, reads a line and passes it to `parse`. A rejected answer prints the
    /// reason right after the answer's line (on the prompt's line, then a newline) and asks again.
    /// Returns `None` at end of input.
    ///
    /// # Errors
    /// [`Error::Output`] when writing fails, [`Error::Read`] when reading fails.
    pub fn ask<T>(
        &mut self,
        question: &str,
        mut parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Result<Option<T>, Error> {
        loop {
            write!(self.output, "{question}").map_err(Error::Output)?;
            let Some(line) = self.read_line()? else {
                return Ok(None);
            };
            match parse(line) {
                Ok(value) => return Ok(Some(value)),
                Err(reason) => writeln!(self.output, "{reason}").map_err(Error::Output)?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn prompt_handles_crlf_and_end_of_input() {
        let mut out = Vec::new();
        let mut prompt = Prompt::new(io::Cursor::new("a\r\n"), &mut out);
        let got = prompt.ask("? ", |l| Ok::<_, String>(l.to_owned())).unwrap();
        assert_eq!(got.as_deref(), Some("a"));
        let eof = prompt.ask("? ", |l| Ok::<_, String>(l.to_owned())).unwrap();
        assert_eq!(eof, None);
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
