//! A status line on stderr for a long computation: rewritten in place about every second when
//! stderr is a terminal, or (when asked for lines) a kept line every ten seconds when it is not,
//! so a log shows the progress without a torrent; silent otherwise.
//!
//! ```
//! use cli_support::status::StatusLine;
//! use std::sync::atomic::AtomicBool;
//! use std::time::{Duration, Instant};
//! // Not a terminal (as under `cargo test`) and no lines asked for: silent.
//! let status = StatusLine::new(false);
//! if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
//!     assert_eq!(status.every(), None);
//! }
//! // Nothing to show: `run_until` returns at once when the work is already finished.
//! status.run_until(&AtomicBool::new(true), Instant::now(), |elapsed| format!("{elapsed:?}"));
//! ```

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Where a status line goes and how often.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusLine {
    /// Kept lines are wanted (a `--progress` flag).
    lines: bool,
    /// Stderr is a terminal.
    terminal: bool,
}

impl StatusLine {
    /// A status line; `lines` asks for kept lines where stderr is not a terminal.
    #[must_use]
    pub fn new(lines: bool) -> Self {
        Self {
            lines,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Whether kept lines were asked for.
    #[must_use]
    pub fn lines(&self) -> bool {
        self.lines
    }

    /// How often the status shows: every second on a terminal, every ten seconds as kept lines
    /// when asked for, else `None` (never).
    #[must_use]
    pub fn every(&self) -> Option<Duration> {
        if self.terminal {
            Some(Duration::from_secs(1))
        } else if self.lines {
            Some(Duration::from_secs(10))
        } else {
            None
        }
    }

    /// Shows `line(elapsed since started)` every [`every`](Self::every) until `finished` is
    /// set (it is checked 20 times a second); returns at once when the status never shows.
    pub fn run_until(
        &self,
        finished: &AtomicBool,
        started: Instant,
        line: impl Fn(Duration) -> String,
    ) {
        self.run_into(finished, started, line, &mut |text| write_err(text));
    }

    /// [`run_until`](Self::run_until), writing each status to `out`.
    fn run_into(
        &self,
        finished: &AtomicBool,
        started: Instant,
        line: impl Fn(Duration) -> String,
        out: &mut dyn FnMut(&str),
    ) {
        let Some(every) = self.every() else { return };
        let mut next = every;
        while !finished.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            let elapsed = started.elapsed();
            if elapsed >= next && !finished.load(Ordering::Relaxed) {
                next = elapsed + every;
                out(&self.render(&line(elapsed), !self.terminal));
            }
        }
    }

    /// `line` as written: after the terminal's line erase, and ending the line when `keep`.
    fn render(&self, line: &str, keep: bool) -> String {
        let clear = if self.terminal { ERASE } else { "" };
        let end = if keep { "\n" } else { "" };
        format!("{clear}{line}{end}")
    }

    /// `line` on stderr: kept (`keep`), or as the terminal's rewritten status line.
    pub fn show(&self, line: &str, keep: bool) {
        write_err(&self.render(line, keep));
    }

    /// Erases the terminal's status line.
    pub fn clear(&self) {
        if self.terminal {
            write_err(ERASE);
        }
    }
}

/// Back to the start of the line and erase it (a terminal's control sequence).
const ERASE: &str = "\r\x1b[K";

/// `text` on stderr, flushed.
fn write_err(text: &str) {
    eprint!("{text}");
    let _ = std::io::stderr().flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(lines: bool, terminal: bool) -> StatusLine {
        StatusLine { lines, terminal }
    }

    #[test]
    fn how_often_and_in_which_shape() {
        assert_eq!(status(false, true).every(), Some(Duration::from_secs(1)));
        assert_eq!(status(true, true).every(), Some(Duration::from_secs(1)));
        assert_eq!(status(true, false).every(), Some(Duration::from_secs(10)));
        assert_eq!(status(false, false).every(), None);
        assert!(status(true, false).lines() && !status(false, true).lines());
        assert_eq!(status(false, true).render("x", false), "\r\x1b[Kx");
        assert_eq!(status(true, false).render("x", true), "x\n");
    }

    #[test]
    fn shows_the_line_once_due_and_stops_when_finished() {
        // Started ten seconds ago: the first line is due at the first check.
        let started = Instant::now() - Duration::from_secs(11);
        let finished = AtomicBool::new(false);
        let mut shown = Vec::new();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(300));
                finished.store(true, Ordering::Relaxed);
            });
            // Whether the work had finished when the line was made: it never had.
            let line = |elapsed: Duration| {
                format!("{} {}", elapsed.as_secs(), finished.load(Ordering::Relaxed))
            };
            status(true, false).run_into(&finished, started, line, &mut |t| {
                shown.push(t.to_owned());
            });
        });
        // Once: the next one is ten seconds later.
        assert_eq!(shown, ["11 false\n"]);
        // Already finished: nothing, and no wait.
        let mut none = Vec::new();
        let done = AtomicBool::new(true);
        status(true, true).run_into(&done, started, |_| "x".to_owned(), &mut |t| {
            none.push(t.to_owned());
        });
        assert!(none.is_empty());
    }

    #[test]
    fn child_stderr() {
        if !crate::child::is("status::tests::child_stderr") {
            return;
        }
        let kept = status(true, false);
        kept.show("kept", true);
        status(false, true).show("rewritten", false);
        status(false, true).clear();
        status(true, false).clear();
        eprint!("|");
        let finished = AtomicBool::new(false);
        let started = Instant::now() - Duration::from_secs(11);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(200));
                finished.store(true, Ordering::Relaxed);
            });
            kept.run_until(&finished, started, |e| format!("after {}", e.as_secs()));
        });
    }

    #[test]
    fn status_lines_are_written_on_stderr() {
        let dir = crate::child::folder("status");
        let out = crate::child::run("status::tests::child_stderr", &dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{out:?}");
        assert!(
            stderr.contains("kept\n\r\x1b[Krewritten\r\x1b[K|after 11\n"),
            "{stderr:?}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
