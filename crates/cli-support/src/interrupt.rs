//! Clean interruption: on SIGINT or SIGTERM the temporary files being written are removed and
//! the program exits with 128 + the signal number (130 for Ctrl-C, 143 for SIGTERM).
//!
//! [`install`] starts a thread that waits for the signals (signal-hook); it is idempotent and is
//! called by [`atomic_write`](crate::atomic_write) itself, so a program only calls it when it
//! wants the same behaviour outside a write (a long search stopped with Ctrl-C).
//!
//! ```
//! cli_support::interrupt::install();
//! assert!(!cli_support::interrupt::requested());
//! ```

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, Once};

/// The temporary files that exist right now (written by this process, not yet renamed).
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Set by the handler thread before it exits (for loops that want to look).
static REQUESTED: AtomicBool = AtomicBool::new(false);
static INSTALL: Once = Once::new();

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Installs the SIGINT/SIGTERM handler (once; later calls do nothing). Where signals cannot be
/// caught (not Unix, or registration failed) the default behaviour stays.
pub fn install() {
    INSTALL.call_once(|| {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) {
                let _ = std::thread::Builder::new()
                    .name("interrupt".into())
                    .spawn(move || {
                        if let Some(signal) = signals.forever().next() {
                            stop(signal);
                        }
                    });
            }
        }
    });
}

/// Whether an interruption has been received (the process is about to exit).
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Removes every pending temporary file and exits with `128 + signal`. Holding the lock while
/// exiting means a rename in progress either finished before (its file is no longer pending) or
/// never happens.
fn stop(signal: i32) -> ! {
    REQUESTED.store(true, Ordering::Relaxed);
    let list = pending();
    for path in list.iter() {
        let _ = std::fs::remove_file(path);
    }
    let name = if signal == 2 { "Ctrl-C" } else { "SIGTERM" };
    eprintln!("interrupted ({name}): stopped");
    std::process::exit(128 + signal);
}

/// A temporary file registered for removal on interruption; dropping it removes the file.
#[derive(Debug)]
pub(crate) struct Temporary {
    path: PathBuf,
    committed: bool,
}

impl Temporary {
    /// Registers `path` (before the file is created, so no moment is left uncovered).
    pub(crate) fn register(path: PathBuf) -> Self {
        pending().push(path.clone());
        Self {
            path,
            committed: false,
        }
    }

    /// Renames the temporary file to `target` and forgets it, under the lock the signal handler
    /// takes.
    pub(crate) fn commit(mut self, target: &Path) -> io::Result<()> {
        let mut list = pending();
        std::fs::rename(&self.path, target)?;
        list.retain(|p| p != &self.path);
        self.committed = true;
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.committed {
            let mut list = pending();
            let _ = std::fs::remove_file(&self.path);
            list.retain(|p| p != &self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::time::{Duration, Instant};

    fn is_pending(path: &Path) -> bool {
        pending().contains(&path.to_path_buf())
    }

    #[test]
    fn committed_and_dropped_temporaries_leave_the_list() {
        let dir = crate::child::folder("pending");
        let (a, b) = (dir.join("a.tmp"), dir.join("b.tmp"));
        std::fs::write(&a, "a").unwrap();
        std::fs::write(&b, "b").unwrap();
        let kept = Temporary::register(a.clone());
        let dropped = Temporary::register(b.clone());
        assert!(is_pending(&a) && is_pending(&b));
        kept.commit(&dir.join("a.txt")).unwrap();
        assert!(!is_pending(&a) && is_pending(&b));
        drop(dropped);
        assert!(!is_pending(&b) && !b.exists());
        assert_eq!(std::fs::read_to_string(dir.join("a.txt")).unwrap(), "a");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Interrupted by the signal named in `CLI_SUPPORT_SIGNAL` in the middle of a write.
    #[test]
    fn child_interrupted() {
        if !crate::child::is("interrupt::tests::child_interrupted") {
            return;
        }
        let signal = std::env::var("CLI_SUPPORT_SIGNAL").unwrap();
        let result = crate::atomic_write(Path::new("out.txt"), |w| {
            w.write_all(b"partial")?;
            w.flush()?;
            assert!(!requested());
            // The handler removes the temporaries under this lock: it waits until released.
            let held = pending();
            let sent = std::process::Command::new("kill")
                .args([format!("-{signal}"), std::process::id().to_string()])
                .status()
                .unwrap();
            assert!(sent.success());
            let deadline = Instant::now() + Duration::from_secs(5);
            while !requested() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
            eprintln!("requested: {}", requested());
            drop(held);
            std::thread::sleep(Duration::from_secs(5));
            Ok(())
        });
        eprintln!("not stopped: {result:?}");
    }

    #[test]
    fn an_interruption_removes_the_temporary_and_exits_128_plus_the_signal() {
        let dir = crate::child::folder("interrupt");
        for (signal, code, name) in [("INT", 130, "Ctrl-C"), ("TERM", 143, "SIGTERM")] {
            let out = crate::child::run_with(
                "interrupt::tests::child_interrupted",
                &dir,
                &[("CLI_SUPPORT_SIGNAL", signal)],
            );
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(code), "{signal}: {stderr}");
            assert!(stderr.contains("requested: true\n"), "{stderr}");
            let stopped = format!("interrupted ({name}): stopped\n");
            assert!(stderr.contains(&stopped), "{stderr}");
            assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "{signal}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
