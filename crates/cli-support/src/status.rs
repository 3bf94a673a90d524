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
        let Some(every) = self.every() else { return };
        let mut next = every;
        while !finished.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
            let elapsed = started.elapsed();
            if elapsed >= next && !finished.load(Ordering::Relaxed) {
                next = elapsed + every;
                self.show(&line(elapsed), !self.terminal);
            }
        }
    }

    /// `line` on stderr: kept (`keep`), or as the terminal's rewritten status line.
    pub fn show(&self, line: &str, keep: bool) {
        let clear = if self.terminal { "\r\x1b[K" } else { "" };
        let end = if keep { "\n" } else { "" };
        eprint!("{clear}{line}{end}");
        let _ = std::io::stderr().flush();
    }

    /// Erases the terminal's status line.
    pub fn clear(&self) {
        if self.terminal {
            eprint!("\r\x1b[K");
            let _ = std::io::stderr().flush();
        }
    }
}
