//! The endgame database cache: load it from the cache folder, or build it and write it whole
//! (temporary file, then rename: an interrupted build leaves no half-written database).

use kalah::{CaptureRule, EndRule, EndgameDb, Rules};
use std::error::Error;
use std::io::{BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The default cache folder: `$XDG_CACHE_HOME/classic-search`, else
/// `$HOME/.cache/classic-search`, else `target/classic-search-cache` in the current folder.
pub fn default_dir() -> PathBuf {
    let from = |var: &str| {
        std::env::var_os(var)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    from("XDG_CACHE_HOME")
        .or_else(|| from("HOME").map(|home| home.join(".cache")))
        .map_or_else(
            || PathBuf::from("target/classic-search-cache"),
            |cache| cache.join("classic-search"),
        )
}

/// The file of the database of `rules`' board size and rules with `seeds` seeds.
pub fn file_name(rules: Rules, seeds: u32) -> String {
    let capture = match rules.capture {
        CaptureRule::Always => "always",
        CaptureRule::OppositeNonEmpty => "opposite-non-empty",
        CaptureRule::Never => "never",
    };
    let end = match rules.end {
        EndRule::EitherSideEmpty => "either-side-empty",
        EndRule::MoverSideEmpty => "mover-side-empty",
    };
    format!("kalah-p{}-{capture}-{end}-s{seeds}.db", rules.pots())
}

/// How the database was obtained.
pub struct Loaded {
    /// The database.
    pub db: EndgameDb,
    /// Its file.
    pub path: PathBuf,
    /// Built now (true) or read from the cache.
    pub built: bool,
    /// Seconds spent loading or building and writing it.
    pub seconds: f64,
}

/// Reads the database from `dir`, or builds it on `threads` threads (progress on stderr when
/// `progress`) and writes it there when it is missing or stale (other rules, short, bad
/// checksum).
pub fn load_or_build(
    dir: &Path,
    (rules, seeds): (Rules, u32),
    threads: usize,
    progress: bool,
) -> Result<Loaded, Box<dyn Error>> {
    let started = Instant::now();
    let path = dir.join(file_name(rules, seeds));
    if let Ok(file) = std::fs::File::open(&path) {
        match EndgameDb::read_from(&mut BufReader::with_capacity(1 << 20, file), rules, seeds) {
            Ok(db) => {
                return Ok(Loaded {
                    db,
                    path,
                    built: false,
                    seconds: started.elapsed().as_secs_f64(),
                });
            }
            Err(e) => cli_support::warn(format!("{}: {e}; rebuilding it", path.display())),
        }
    }
    let bar = progress && std::io::stderr().is_terminal();
    let mut report = |done: u64, total: u64| {
        if progress {
            let pct = 100.0 * done as f64 / total.max(1) as f64;
            let end = if bar { "\r" } else { "\n" };
            eprint!(
                "building endgame database: {pct:5.1}% ({done} of {total} positions, {:.1} s){end}",
                started.elapsed().as_secs_f64()
            );
            let _ = std::io::stderr().flush();
        }
    };
    let db = EndgameDb::build_with_threads(rules, seeds, threads, &mut report);
    if bar {
        eprintln!();
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    cli_support::atomic_write(&path, |w| db.write_to(w))?;
    Ok(Loaded {
        db,
        path,
        built: true,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The database of the interactive game's perfect player: the cached one of `kalah solve`'s
/// default size when present, else a small one ([`PLAY_DB_SEEDS`]) loaded or built.
pub fn for_play(dir: &Path, rules: Rules) -> Result<EndgameDb, Box<dyn Error>> {
    let large = kalah::plan::auto_db_seeds(rules);
    if let Ok(file) = std::fs::File::open(dir.join(file_name(rules, large))) {
        let mut reader = BufReader::with_capacity(1 << 20, file);
        if let Ok(db) = EndgameDb::read_from(&mut reader, rules, large) {
            return Ok(db);
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    Ok(load_or_build(dir, (rules, PLAY_DB_SEEDS), threads, false)?.db)
}

/// The size of the database the interactive game builds when none is cached.
pub const PLAY_DB_SEEDS: u32 = 12;
