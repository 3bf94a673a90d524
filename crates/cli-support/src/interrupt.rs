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
