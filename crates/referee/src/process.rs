//! The one child-process time-out scheme of the referees: a shell command started in its own
//! process group, and a supervised child that is stopped with everything it started.
//!
//! A [`ShellCommand`] runs as `sh -c "<command> \"$@\"" sh ARGS...` (as `sh -c "<command>"` when
//! there are no arguments), so the command line may hold arguments, quotes and pipes, and the
//! arguments are appended to it unchanged. On unix the child
//! leads a new process group: stopping it sends `SIGKILL` to the whole group (`sh`, the program
//! and whatever the program started), so a time-out leaves nothing running behind.
//!
//! - [`ShellCommand::spawn`] and [`Supervised::wait_within`]: a program that runs to completion,
//!   waited for up to a limit and killed (with its group) when it runs out of time.
//! - [`ShellCommand::spawn_lines`] and [`LineChild`]: a program that speaks a line protocol on
//!   its standard input and output, with [`LineChild::receive`] waiting for one line up to a
//!   deadline; [`LineChild::kill`] (or dropping it) stops the group.
//!
//! ```
//! use referee::process::ShellCommand;
//! use std::process::Stdio;
//! use std::time::{Duration, Instant};
//!
//! // Runs to completion within the limit: its exit status.
//! let mut quick = ShellCommand::new("exit").arg("3").spawn(Stdio::null()).unwrap();
//! let status = quick.wait_within(Duration::from_secs(10)).unwrap();
//! assert_eq!(status.and_then(|s| s.code()), Some(3));
//!
//! // Runs out of time: `None`, and the process group is gone.
//! let start = Instant::now();
//! let mut slow = ShellCommand::new("sleep 10").spawn(Stdio::null()).unwrap();
//! assert_eq!(slow.wait_within(Duration::from_millis(100)).unwrap(), None);
//! assert!(start.elapsed() < Duration::from_secs(5));
//! ```

use std::ffi::{OsStr, OsString};
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Errors of starting, waiting for and talking to a child process.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The shell could not be started.
    #[error("cannot run `{command}`: {source}")]
    Start {
        /// The command line.
        command: String,
        /// The underlying error.
        source: io::Error,
    },
    /// Asking whether the child has exited failed.
    #[error("waiting for `{command}`: {source}")]
    Wait {
        /// The command line.
        command: String,
        /// The underlying error.
        source: io::Error,
    },
    /// A line could not be written to the child (it has closed its input, or exited).
    #[error("cannot write to `{command}`: {source}")]
    Send {
        /// The command line.
        command: String,
        /// The underlying error.
        source: io::Error,
    },
    /// No complete line came before the deadline.
    #[error("no line from `{command}` in time")]
    TimedOut {
        /// The command line.
        command: String,
    },
    /// The child's output ended (it exited or closed its standard output).
    #[error("the output of `{command}` ended")]
    Closed {
        /// The command line.
        command: String,
    },
}

/// A shell command line and the arguments appended to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellCommand {
    line: String,
    args: Vec<OsString>,
}

impl ShellCommand {
    /// The command line `line` (shell syntax), with no arguments yet.
    pub fn new(line: impl Into<String>) -> Self {
        Self {
            line: line.into(),
            args: Vec::new(),
        }
    }

    /// Appends one argument (passed as a separate word, never re-parsed by the shell).
    #[must_use]
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Self {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// The command line as given.
    pub fn line(&self) -> &str {
        &self.line
    }

    /// The `sh -c` invocation, in a new process group on unix. Without arguments the line is
    /// run as it is (so a compound command such as `while ...; done` works too).
    fn command(&self) -> Command {
        let mut command = Command::new("sh");
        command.arg("-c");
        if self.args.is_empty() {
            command.arg(&self.line);
        } else {
            command
                .arg(format!("{} \"$@\"", self.line))
                .arg("sh")
                .args(&self.args);
        }
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        command
    }

    fn start(&self, mut command: Command) -> Result<Supervised, Error> {
        let child = command.spawn().map_err(|source| Error::Start {
            command: self.line.clone(),
            source,
        })?;
        Ok(Supervised {
            child,
            command: self.line.clone(),
            reaped: false,
        })
    }

    /// Starts a program that runs to completion: no input, standard output discarded, standard
    /// error to `stderr` (`Stdio::null()`, or a log file).
    ///
    /// # Errors
    /// [`Error::Start`] when `sh` cannot be started.
    pub fn spawn(&self, stderr: impl Into<Stdio>) -> Result<Supervised, Error> {
        let mut command = self.command();
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr);
        self.start(command)
    }

    /// Starts a program that speaks a line protocol: its standard input and output are ours,
    /// its standard error goes to `stderr`. A thread reads its output line by line.
    ///
    /// # Errors
    /// [`Error::Start`] when `sh` cannot be started.
    pub fn spawn_lines(&self, stderr: impl Into<Stdio>) -> Result<LineChild, Error> {
        let mut command = self.command();
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        let mut child = self.start(command)?;
        let (Some(stdin), Some(stdout)) = (child.child.stdin.take(), child.child.stdout.take())
        else {
            unreachable!("both streams were asked for as pipes");
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(line) = line else { break };
                if sender
                    .send(String::from_utf8_lossy(&line).into_owned())
                    .is_err()
                {
                    break;
                }
            }
        });
        Ok(LineChild {
            child,
            stdin,
            lines,
        })
    }
}

/// A running child in its own process group. Dropping it before it was waited for kills the
/// group.
#[derive(Debug)]
pub struct Supervised {
    child: Child,
    command: String,
    /// Whether its exit status has been collected (then its id may be reused: no more kills).
    reaped: bool,
}

impl Supervised {
    /// The command line it runs.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The process id of its `sh` (and, on unix, the id of its process group).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Waits up to `limit` for the child to exit: its status, or `None` when it ran out of time
    /// (then the child and its whole process group have been killed and reaped).
    ///
    /// # Errors
    /// [`Error::Wait`] when the operating system cannot say whether the child has exited.
    pub fn wait_within(&mut self, limit: Duration) -> Result<Option<ExitStatus>, Error> {
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            if let Some(status) = self.child.try_wait().map_err(|e| self.wait_error(e))? {
                self.reaped = true;
                return Ok(Some(status));
            }
            if start.elapsed() >= limit {
                self.kill()?;
                return Ok(None);
            }
            std::thread::sleep(pause.min(limit.saturating_sub(start.elapsed())));
            pause = (pause * 2).min(Duration::from_millis(20));
        }
    }

    /// Kills the child's process group and the child, and reaps it; nothing when it has already
    /// been reaped.
    ///
    /// # Errors
    /// [`Error::Wait`] when reaping the killed child fails.
    pub fn kill(&mut self) -> Result<(), Error> {
        if self.reaped {
            return Ok(());
        }
        // The group first, while the unreaped child keeps its id (and so the group's) from
        // being reused.
        kill_group(self.child.id());
        let _ = self.child.kill();
        self.child.wait().map_err(|e| self.wait_error(e))?;
        self.reaped = true;
        Ok(())
    }

    fn wait_error(&self, source: io::Error) -> Error {
        Error::Wait {
            command: self.command.clone(),
            source,
        }
    }
}

impl Drop for Supervised {
    fn drop(&mut self) {
        let _ = self.kill();
    }
}

/// Sends `SIGKILL` to the process group `group` (through the shell's `kill`: no `unsafe`).
#[cfg(unix)]
fn kill_group(group: u32) {
    let _ = Command::new("sh")
        .arg("-c")
        .arg(format!("kill -9 -{group}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

/// Without process groups, only the child itself is killed.
#[cfg(not(unix))]
fn kill_group(_group: u32) {}

/// A child speaking a line protocol: lines sent to its standard input, lines of its standard
/// output received with a deadline. Dropping it kills its process group.
#[derive(Debug)]
pub struct LineChild {
    // Declared first: dropped (the group killed) before its input is closed.
    child: Supervised,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl LineChild {
    /// The command line it runs.
    pub fn command(&self) -> &str {
        self.child.command()
    }

    /// Writes `line` and a newline to the child's input and flushes it.
    ///
    /// # Errors
    /// [`Error::Send`] when the child no longer reads its input.
    pub fn send(&mut self, line: &str) -> Result<(), Error> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| Error::Send {
                command: self.child.command.clone(),
                source,
            })
    }

    /// The next line of the child's output (without its `\n`; bytes that are not UTF-8 replaced
    /// by U+FFFD), waiting until `deadline` at most.
    ///
    /// # Errors
    /// [`Error::TimedOut`] when no complete line came in time (the child keeps running),
    /// [`Error::Closed`] when its output has ended.
    pub fn receive(&mut self, deadline: Instant) -> Result<String, Error> {
        let left = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| {
            let command = self.child.command.clone();
            match e {
                RecvTimeoutError::Timeout => Error::TimedOut { command },
                RecvTimeoutError::Disconnected => Error::Closed { command },
            }
        })
    }

    /// Kills the child's process group and the child, and reaps it (lines it wrote before can
    /// still be received); nothing when that was done before.
    ///
    /// # Errors
    /// [`Error::Wait`] when reaping the killed child fails.
    pub fn kill(&mut self) -> Result<(), Error> {
        self.child.kill()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// Asserts that none of `pids` runs any more, within two seconds (killed children of `sh`
    /// are reparented and reaped by init: give it a moment).
    fn assert_gone(pids: &[String]) {
        let deadline = Instant::now() + Duration::from_secs(2);
        while pids.iter().any(|pid| alive(pid)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(
            pids.iter().all(|pid| !alive(pid)),
            "still running: {pids:?}"
        );
    }

    /// A scratch folder for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("referee-process-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Whether process `pid` still exists (a zombie counts as gone).
    fn alive(pid: &str) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            !stat
                .rsplit(')')
                .next()
                .unwrap_or("")
                .trim()
                .starts_with('Z')
        })
    }

    /// Waits up to two seconds for `file` to hold one line per expected process id.
    fn pids_in(file: &std::path::Path, count: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let text = std::fs::read_to_string(file).unwrap_or_default();
            let pids: Vec<String> = text.lines().map(str::to_owned).collect();
            if pids.len() >= count && text.ends_with('\n') {
                return pids;
            }
            assert!(Instant::now() < deadline, "the pids never came: {text:?}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn arguments_are_appended_as_words() {
        let command = ShellCommand::new("printf '%s|' first")
            .arg("a b")
            .arg("'c' $HOME");
        assert_eq!(command.line(), "printf '%s|' first");
        let mut child = command.spawn_lines(Stdio::null()).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        assert_eq!(child.receive(deadline).unwrap(), "first|a b|'c' $HOME|");
        assert!(matches!(child.receive(deadline), Err(Error::Closed { .. })));
        // Without arguments the line runs as it is: a compound command works.
        let mut child = ShellCommand::new("for w in x y; do printf '%s|' $w; done")
            .spawn_lines(Stdio::null())
            .unwrap();
        assert_eq!(child.receive(deadline).unwrap(), "x|y|");
    }

    #[test]
    fn a_program_that_finishes_gives_its_status() {
        let mut child = ShellCommand::new("exit")
            .arg("7")
            .spawn(Stdio::null())
            .unwrap();
        let status = child.wait_within(Duration::from_secs(10)).unwrap().unwrap();
        assert_eq!(status.code(), Some(7));
        let mut child = ShellCommand::new("true").spawn(Stdio::null()).unwrap();
        let status = child.wait_within(Duration::from_secs(10)).unwrap().unwrap();
        assert!(status.success());
    }

    #[test]
    fn standard_error_goes_where_it_is_sent() {
        let dir = scratch("stderr");
        let log = dir.join("log.txt");
        let file = std::fs::File::create(&log).unwrap();
        let mut child = ShellCommand::new("echo said >&2; echo out")
            .spawn(file)
            .unwrap();
        assert!(
            child
                .wait_within(Duration::from_secs(10))
                .unwrap()
                .unwrap()
                .success()
        );
        assert_eq!(std::fs::read_to_string(&log).unwrap(), "said\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_time_out_kills_the_child_within_the_limit() {
        let start = Instant::now();
        let mut child = ShellCommand::new("sleep 10").spawn(Stdio::null()).unwrap();
        let sh = child.id().to_string();
        assert!(alive(&sh), "{sh}");
        assert_eq!(child.command(), "sleep 10");
        assert_eq!(child.wait_within(Duration::from_millis(200)).unwrap(), None);
        let took = start.elapsed();
        assert!(took >= Duration::from_millis(200), "{took:?}");
        assert!(took < Duration::from_secs(3), "{took:?}");
        assert!(!alive(&sh));
    }

    /// Writes the process ids of two background sleeps, then waits: a time-out must kill them
    /// too, not only `sh`.
    /// (`:` takes the appended arguments.)
    const TWO_SLEEPS: &str =
        "sleep 10 & a=$!; sleep 10 & echo $a >\"$1\"; echo $! >>\"$1\"; wait; :";

    #[test]
    fn a_time_out_kills_the_whole_process_group() {
        let dir = scratch("group");
        let pids = dir.join("pids.txt");
        let start = Instant::now();
        let mut child = ShellCommand::new(TWO_SLEEPS)
            .arg(&pids)
            .spawn(Stdio::null())
            .unwrap();
        let sleeps = pids_in(&pids, 2);
        assert!(sleeps.iter().all(|pid| alive(pid)), "{sleeps:?}");
        assert_eq!(child.wait_within(Duration::from_millis(300)).unwrap(), None);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
        assert_gone(&sleeps);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_line_child_is_killed_with_its_group() {
        let dir = scratch("lines");
        let pids = dir.join("pids.txt");
        let mut child = ShellCommand::new(TWO_SLEEPS)
            .arg(&pids)
            .spawn_lines(Stdio::null())
            .unwrap();
        assert_eq!(child.command(), TWO_SLEEPS);
        let sleeps = pids_in(&pids, 2);
        let sh = child.child.id().to_string();
        assert!(alive(&sh));
        let start = Instant::now();
        child.kill().unwrap();
        assert!(start.elapsed() < Duration::from_secs(3));
        // Killed and reaped before the child is dropped; a second kill does nothing.
        assert!(!alive(&sh));
        child.kill().unwrap();
        assert!(!alive(&sh));
        assert_gone(&sleeps);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn dropping_a_child_kills_its_group() {
        let dir = scratch("drop");
        let pids = dir.join("pids.txt");
        let child = ShellCommand::new(TWO_SLEEPS)
            .arg(&pids)
            .spawn(Stdio::null())
            .unwrap();
        let sleeps = pids_in(&pids, 2);
        drop(child);
        assert_gone(&sleeps);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lines_are_sent_and_received_with_a_deadline() {
        // Echoes each line back in brackets; says nothing to `wait`; ends at `end`.
        let script = r#"while read -r line; do case "$line" in wait) ;; end) exit 0 ;; *) echo "[$line]" ;; esac; done"#;
        let mut child = ShellCommand::new(script)
            .spawn_lines(Stdio::null())
            .unwrap();
        let soon = || Instant::now() + Duration::from_secs(10);
        child.send("hello").unwrap();
        assert_eq!(child.receive(soon()).unwrap(), "[hello]");
        child.send("wait").unwrap();
        let start = Instant::now();
        let late = child.receive(start + Duration::from_millis(150));
        assert!(matches!(late, Err(Error::TimedOut { .. })), "{late:?}");
        assert!(start.elapsed() >= Duration::from_millis(150));
        assert!(start.elapsed() < Duration::from_secs(3));
        child.send("end").unwrap();
        assert!(matches!(child.receive(soon()), Err(Error::Closed { .. })));
        // Its input is closed now: writing fails (not always at once: a child another test
        // thread is starting may hold a copy of the pipe until it runs its program).
        let give_up = soon();
        let sent = loop {
            match child.send("more") {
                Err(e) => break Some(e),
                Ok(()) if Instant::now() > give_up => break None,
                Ok(()) => std::thread::sleep(Duration::from_millis(5)),
            }
        };
        assert!(matches!(sent, Some(Error::Send { .. })), "{sent:?}");
        child.kill().unwrap();
    }

    #[test]
    fn lines_that_are_not_utf8_are_received_lossily() {
        let mut child = ShellCommand::new(r"printf 'a\377b\r\nlast'")
            .spawn_lines(Stdio::null())
            .unwrap();
        let soon = Instant::now() + Duration::from_secs(10);
        assert_eq!(child.receive(soon).unwrap(), "a\u{fffd}b\r");
        assert_eq!(child.receive(soon).unwrap(), "last");
        assert!(matches!(child.receive(soon), Err(Error::Closed { .. })));
    }

    #[test]
    fn a_missing_program_is_a_shell_failure_not_a_start_error() {
        let mut child = ShellCommand::new("/nonexistent/program")
            .spawn(Stdio::null())
            .unwrap();
        let status = child.wait_within(Duration::from_secs(10)).unwrap().unwrap();
        assert_eq!(status.code(), Some(127));
    }

    #[test]
    fn messages_name_the_command() {
        let e = Error::TimedOut {
            command: "x y".into(),
        };
        assert_eq!(e.to_string(), "no line from `x y` in time");
        let e = Error::Start {
            command: "x".into(),
            source: io::Error::other("boom"),
        };
        assert_eq!(e.to_string(), "cannot run `x`: boom");
    }
}
