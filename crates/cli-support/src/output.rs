//! The one writer of output files: whole-or-nothing for regular files, in place for everything
//! else, and never destroying what does not belong to the program.

use crate::Error;
use crate::interrupt;
use std::ffi::OsString;
use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};

/// How many symbolic links are followed before giving up (the limit of Linux).
const MAX_LINKS: usize = 40;

/// Where and how the bytes go.
#[derive(Debug)]
enum Target {
    /// Write into the existing file at this path, without truncating or replacing it.
    InPlace(PathBuf),
    /// Write a temporary file beside `path` and rename it over `path`.
    Replace {
        path: PathBuf,
        existing: Option<Metadata>,
    },
}

/// Writes `path` whole or not at all: `write` fills a buffered file, which is flushed, synced and, for a regular file,
/// renamed over the target only when `write` succeeded.
///
/// What stands at the output path decides how it is written:
///
/// | at the path                     | what happens                                                   |
/// |---------------------------------|----------------------------------------------------------------|
/// | nothing (its folder exists)     | a temporary file in that folder, renamed to the path when whole |
/// | a regular file                  | the same; the new file keeps the old one's mode (and owner, where allowed) |
/// | a symbolic link                 | followed (chains too); its target is written by the rows above  |
/// | a device, FIFO, socket, `/dev/stdout` | opened for writing in place (no truncation, no replacement) |
/// | a folder                        | error: "it is a folder"                                        |
/// | a path whose folder is missing or a file | error naming that folder                           |
///
/// The temporary file is `.NAME.PID.tmp` beside the target. While it exists it is registered with
/// [`crate::interrupt`], so SIGINT/SIGTERM remove it before the program exits; temporaries of the
/// same naming left by a process that no longer exists (a `kill -9`) are removed by the next write.
///
/// # Errors
/// [`Error::Write`] when creating, writing or renaming fails (the temporary file is removed and
/// the target left as it was), [`Error::IsFolder`], [`Error::NoFolder`], [`Error::NotAFolder`]
/// when the path cannot name a file.
pub fn atomic_write(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<(), Error> {
    let wrap = |source| Error::Write {
        path: path.to_path_buf(),
        source,
    };
    match resolve(path)? {
        Target::InPlace(device) => {
            let file = OpenOptions::new().write(true).open(&device).map_err(wrap)?;
            let mut writer = BufWriter::with_capacity(1 << 16, file);
            write(&mut writer).map_err(wrap)?;
            writer
                .into_inner()
                .map_err(io::IntoInnerError::into_error)
                .map_err(wrap)?;
            Ok(())
        }
        Target::Replace {
            path: target,
            existing,
        } => replace(&target, existing.as_ref(), write).map_err(wrap),
    }
}

/// Writes a temporary file beside `target` and renames it over `target`.
fn replace(
    target: &Path,
    existing: Option<&Metadata>,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    interrupt::install();
    remove_stale_temporaries(target);
    let tmp = temporary_name(target, std::process::id());
    let guard = interrupt::Temporary::register(tmp.clone());
    let file = create_new(&tmp)?;
    if let Some(meta) = existing {
        keep_mode_and_owner(&tmp, meta);
    }
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    write(&mut writer)?;
    let file = writer
        .into_inner()
        .map_err(io::IntoInnerError::into_error)?;
    file.sync_all()?;
    drop(file);
    guard.commit(target)
}

/// Creates `tmp` exclusively; one left by an earlier run of this very process id is replaced.
fn create_new(tmp: &Path) -> io::Result<File> {
    let open = || OpenOptions::new().write(true).create_new(true).open(tmp);
    match open() {
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            fs::remove_file(tmp)?;
            open()
        }
        other => other,
    }
}

/// The new file gets the old file's permissions and, where the process may, its owner and group.
fn keep_mode_and_owner(tmp: &Path, meta: &Metadata) {
    let _ = fs::set_permissions(tmp, meta.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only root may give a file away; a group the user belongs to is allowed too. Either may
        // fail without harm: the content is what matters.
        if std::os::unix::fs::chown(tmp, Some(meta.uid()), Some(meta.gid())).is_err() {
            let _ = std::os::unix::fs::chown(tmp, None, Some(meta.gid()));
        }
    }
}

/// `.NAME.PID.tmp` beside `target`.
pub(crate) fn temporary_name(target: &Path, pid: u32) -> PathBuf {
    let mut name = OsString::from(".");
    name.push(target.file_name().unwrap_or_default());
    name.push(format!(".{pid}.tmp"));
    target.with_file_name(name)
}

/// Removes `.NAME.PID.tmp` files beside `target` (same NAME) whose process no longer exists.
/// Only on systems with `/proc` (elsewhere a live process cannot be told from a dead one).
fn remove_stale_temporaries(target: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Some(name) = target.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let alive = Path::new(&format!("/proc/{pid}")).exists();
        if !alive && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Decides how `path` is written, following symbolic links.
fn resolve(path: &Path) -> Result<Target, Error> {
    if ends_with_slash(path) && !path.is_dir() {
        return Err(Error::TrailingSlash {
            path: path.to_path_buf(),
        });
    }
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current).map_err(|source| Error::Write {
                    path: path.to_path_buf(),
                    source,
                })?;
                if is_magic(&current, &link) {
                    // /dev/stdout -> /proc/self/fd/1 -> pipe:[..]: the kernel's own links
                    // name open files, not paths to replace.
                    return Ok(Target::InPlace(current));
                }
                current = folder_of(&current).join(link);
            }
            Ok(meta) if meta.is_dir() => {
                return Err(Error::IsFolder {
                    path: path.to_path_buf(),
                });
            }
            Ok(meta) if meta.is_file() => {
                return Ok(Target::Replace {
                    path: current,
                    existing: Some(meta),
                });
            }
            Ok(_) => return Ok(Target::InPlace(current)),
            Err(e) => return missing(path, current, e),
        }
    }
    Err(Error::Write {
        path: path.to_path_buf(),
        source: io::Error::other(format!("more than {MAX_LINKS} symbolic links")),
    })
}

/// The target does not exist (or cannot be looked at): a new file if its folder exists.
fn missing(path: &Path, target: PathBuf, error: io::Error) -> Result<Target, Error> {
    let folder = folder_of(&target).to_path_buf();
    match error.kind() {
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory => {}
        _ => {
            return Err(Error::Write {
                path: path.to_path_buf(),
                source: error,
            });
        }
    }
    match fs::metadata(&folder) {
        Ok(meta) if meta.is_dir() => Ok(Target::Replace {
            path: target,
            existing: None,
        }),
        Ok(_) => Err(Error::NotAFolder {
            path: path.to_path_buf(),
            folder,
        }),
        Err(e) if e.kind() == io::ErrorKind::NotADirectory => Err(Error::NotAFolder {
            path: path.to_path_buf(),
            folder,
        }),
        Err(_) => Err(Error::NoFolder {
            path: path.to_path_buf(),
            folder,
        }),
    }
}

/// The folder holding `path` (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Whether a link is one of the kernel's: under `/proc`, or not a path at all (`pipe:[123]`).
fn is_magic(link_path: &Path, link: &Path) -> bool {
    link_path.starts_with("/proc") || link.starts_with("/proc") || {
        let text = link.to_string_lossy();
        text.contains(":[") && text.ends_with(']')
    }
}

fn ends_with_slash(path: &Path) -> bool {
    path.as_os_str().as_encoded_bytes().last() == Some(&b'/')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::os::unix::fs::PermissionsExt;

    /// A fresh folder for one test.
    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cli-out-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn write_text(path: &Path, text: &str) -> Result<(), Error> {
        atomic_write(path, |w| w.write_all(text.as_bytes()))
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_symlink_is_followed_and_its_target_replaced() {
        let dir = folder("link");
        fs::write(dir.join("real.txt"), "old").unwrap();
        std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
        write_text(&dir.join("link.txt"), "new").unwrap();
        assert!(
            fs::symlink_metadata(dir.join("link.txt"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(dir.join("real.txt")).unwrap(), "new");
        // A dangling link creates its target.
        std::os::unix::fs::symlink("later.txt", dir.join("dangling.txt")).unwrap();
        write_text(&dir.join("dangling.txt"), "x").unwrap();
        assert_eq!(fs::read_to_string(dir.join("later.txt")).unwrap(), "x");
        assert_eq!(
            names(&dir),
            ["dangling.txt", "later.txt", "link.txt", "real.txt"]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_existing_file_keeps_its_mode() {
        let dir = folder("mode");
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_text(&path, "new").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO in a fresh folder, and a handle on it open for reading and writing: opening a
    /// FIFO that way does not wait for a writer (Linux), and with a reader present the program's
    /// own open does not wait either. No real device is ever written.
    fn fifo(dir: &Path) -> (PathBuf, File) {
        let fifo = dir.join("f");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        let end = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&fifo)
            .unwrap();
        (fifo, end)
    }

    fn is_fifo(path: &Path) -> bool {
        use std::os::unix::fs::FileTypeExt;
        fs::symlink_metadata(path).unwrap().file_type().is_fifo()
    }

    #[test]
    fn a_fifo_is_written_in_place_and_stays_a_fifo() {
        let dir = folder("fifo");
        let (fifo, mut end) = fifo(&dir);
        write_text(&fifo, "through the pipe\n").unwrap();
        // Checked before reading: a FIFO replaced by a regular file would leave nothing to read.
        assert!(is_fifo(&fifo), "the FIFO was replaced");
        assert_eq!(names(&dir), ["f"]);
        // A mark after what was written, so reading never waits for bytes that never came.
        end.write_all(b"|end").unwrap();
        let mut text = Vec::new();
        while !text.ends_with(b"|end") {
            let mut chunk = [0; 64];
            let n = end.read(&mut chunk).unwrap();
            text.extend_from_slice(&chunk[..n]);
        }
        assert_eq!(text, b"through the pipe\n|end");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_full_device_is_a_clear_error_and_stays_a_device() {
        // What /dev/full answers (ENOSPC), from the writer instead of a real device.
        let dir = folder("full");
        let (fifo, _end) = fifo(&dir);
        let full = || Err(io::Error::from_raw_os_error(28));
        let err = atomic_write(&fifo, |_| full()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot write {}: no space left on the device",
                fifo.display()
            )
        );
        assert!(is_fifo(&fifo), "the FIFO was replaced");
        // A regular file: the same words, and the old content kept.
        let path = dir.join("out.txt");
        fs::write(&path, "old").unwrap();
        let err = atomic_write(&path, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::from(io::ErrorKind::StorageFull))
        })
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "cannot write {}: no space left on the device",
                path.display()
            )
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(names(&dir), ["f", "out.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn folders_are_reported_in_the_users_terms() {
        let dir = folder("dirs");
        let err = write_text(&dir, "x").unwrap_err();
        assert!(
            err.to_string()
                .ends_with(": it is a folder (give a file name)"),
            "{err}"
        );
        let with_slash = PathBuf::from(format!("{}/", dir.display()));
        let err = write_text(&with_slash, "x").unwrap_err();
        assert!(matches!(err, Error::IsFolder { .. }), "{err}");
        let err = write_text(&dir.join("missing/out.txt"), "x").unwrap_err();
        assert!(err.to_string().ends_with("missing does not exist"), "{err}");
        fs::write(dir.join("file"), "").unwrap();
        let err = write_text(&dir.join("file/out.txt"), "x").unwrap_err();
        assert!(err.to_string().ends_with("file is not a folder"), "{err}");
        let err = write_text(&dir.join("file/"), "x").unwrap_err();
        assert!(
            err.to_string().ends_with("a file name cannot end in `/`"),
            "{err}"
        );
        assert!(!err.to_string().contains("os error"));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_removed() {
        let dir = folder("stale");
        let target = dir.join("out.txt");
        // A pid above the kernel's maximum (4194304) never runs.
        let dead = temporary_name(&target, 4_999_999);
        let live = temporary_name(&target, 1);
        let other = dir.join(".other.txt.4999999.tmp");
        for p in [&dead, &live, &other] {
            fs::write(p, "debris").unwrap();
        }
        write_text(&target, "new").unwrap();
        assert!(!dead.exists(), "the dead process's temporary is removed");
        assert!(live.exists(), "pid 1 is alive: kept");
        assert!(other.exists(), "another file's temporary is not ours");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_and_no_pending_entry() {
        let dir = folder("fail");
        let path = dir.join("keep.txt");
        fs::write(&path, "old").unwrap();
        let err = atomic_write(&path, |_| Err(io::Error::other("boom"))).unwrap_err();
        assert!(err.to_string().contains("keep.txt: boom"), "{err}");
        assert_eq!(names(&dir), ["keep.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_further_up_that_is_a_file_is_named() {
        let dir = folder("deep");
        fs::write(dir.join("file"), "").unwrap();
        let err = write_text(&dir.join("file/sub/out.txt"), "x").unwrap_err();
        assert!(matches!(err, Error::NotAFolder { .. }), "{err}");
        assert!(
            err.to_string().ends_with("file/sub is not a folder"),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_temporary_left_by_this_very_process_id_is_replaced() {
        let dir = folder("own");
        let target = dir.join("out.txt");
        let own = temporary_name(&target, std::process::id());
        fs::write(&own, "debris").unwrap();
        write_text(&target, "new").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(names(&dir), ["out.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_kernels_links_are_told_from_paths() {
        let magic = |at: &str, to: &str| is_magic(Path::new(at), Path::new(to));
        assert!(magic("/dev/stdout", "/proc/self/fd/1"));
        assert!(magic("/proc/self/fd/1", "/dev/pts/0"));
        assert!(magic("/tmp/x", "pipe:[1234]"));
        assert!(magic("/tmp/x", "socket:[99]"));
        assert!(!magic("/tmp/x", "target.txt"));
        assert!(!magic("/tmp/x", "a:[b"));
        assert!(!magic("/tmp/x", "list]"));
        assert!(!magic("/tmp/x", "/tmp/procs"));
    }

    #[test]
    fn child_bare_file_name() {
        if !crate::child::is("output::tests::child_bare_file_name") {
            return;
        }
        let target = Path::new("new.txt");
        fs::write(temporary_name(target, 4_999_999), "debris").unwrap();
        write_text(target, "bare").unwrap();
    }

    #[test]
    fn a_bare_file_name_is_written_in_the_current_folder() {
        let dir = folder("bare");
        let out = crate::child::run("output::tests::child_bare_file_name", &dir);
        assert!(out.status.success(), "{out:?}");
        assert_eq!(fs::read_to_string(dir.join("new.txt")).unwrap(), "bare");
        // The dead process's temporary beside it is gone.
        assert_eq!(names(&dir), ["new.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn child_no_file_descriptor_left() {
        if !crate::child::is("output::tests::child_no_file_descriptor_left") {
            return;
        }
        // Every descriptor the limit allows is taken: creating the temporary fails.
        let mut held = Vec::new();
        let error = loop {
            match File::open(".") {
                Ok(file) => held.push(file),
                Err(e) => break e,
            }
        };
        let err = write_text(Path::new("out.txt"), "x").unwrap_err();
        drop(held);
        assert_eq!(error.raw_os_error(), Some(24), "{error}");
        // That error, not another one from a removal that was never called for.
        assert_eq!(
            err.to_string(),
            format!("cannot write out.txt: {}", text_input::describe(&error))
        );
    }

    #[test]
    fn a_temporary_that_cannot_be_created_is_reported_as_such() {
        let dir = folder("emfile");
        let name = "output::tests::child_no_file_descriptor_left";
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -n 64 && exec \"$0\" \"$@\"")
            .arg(std::env::current_exe().unwrap())
            .args(crate::child::args(name))
            .env(crate::child::VAR, name)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert_eq!(names(&dir), Vec::<String>::new());
        fs::remove_dir_all(&dir).unwrap();
    }
}
