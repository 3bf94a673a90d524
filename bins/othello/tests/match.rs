//! `othello match` through the real binary: our engine against a random player, engines that
//! misbehave and forfeit, and a game against GRhino's `gtp-rhino` when it is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn othello() -> &'static str {
    env!("CARGO_BIN_EXE_othello")
}

/// A scratch folder for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("othello-match-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs a match; returns stdout and stderr.
fn run_match(a: &str, b: &str, extra: &[&str]) -> (String, String) {
    let out = Command::new(othello())
        .args(["match", a, b])
        .args(extra)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Replays each `--out` line's moves from the start (after the opening, which they include).
fn replay_records(path: &Path, games: usize) {
    let text = std::fs::read_to_string(path).expect("records written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), games);
    for line in lines {
        let moves = line
            .split(" moves ")
            .nth(1)
            .expect("moves")
            .split(' ')
            .next()
            .unwrap();
        let mut position = reversi::Position::<8>::start();
        for pair in moves.as_bytes().chunks(2) {
            if position.must_pass() {
                position = position.pass();
            }
            let word = std::str::from_utf8(pair).unwrap();
            let square = reversi::gtp::parse_square(word).expect("a square");
            position = position.place(square).expect("a legal move");
        }
    }
}

#[test]
fn our_engine_beats_a_random_player() {
    let dir = scratch("random");
    let out_file = dir.join("games.txt");
    let ours = format!("{} gtp --depth 2", othello());
    let random = format!("{} gtp --random --seed 5", othello());
    let (stdout, stderr) = run_match(
        &ours,
        &random,
        &["--games", "4", "--out", out_file.to_str().unwrap()],
    );
    assert!(
        stdout.contains("games 4: A wins 4, draws 0, A losses 0"),
        "{stdout}"
    );
    assert!(stdout.contains("forfeits: A 0, B 0"), "{stdout}");
    assert!(stdout.contains("Elo difference A - B: +inf"), "{stdout}");
    assert_eq!(
        stderr.lines().filter(|l| l.starts_with('[')).count(),
        4,
        "{stderr}"
    );
    replay_records(&out_file, 4);
}

/// A shell GTP engine that answers `=` to everything and misbehaves at `genmove`.
fn misbehaving(dir: &Path, name: &str, on_genmove: &str) -> String {
    let script = dir.join(name);
    let body = format!(
        "#!/bin/sh\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    genmove) {on_genmove} ;;\n    \
         quit) printf '=\\n\\n'; exit 0 ;;\n    *) printf '=\\n\\n' ;;\n  esac\ndone\n"
    );
    std::fs::write(&script, body).expect("script written");
    format!("sh {}", script.display())
}

#[test]
fn illegal_crashing_and_silent_engines_forfeit_and_the_match_goes_on() {
    let dir = scratch("faults");
    let ours = format!("{} gtp --depth 1", othello());
    let cases = [
        ("illegal.sh", "printf '= a1\\n\\n'", "illegal move a1"),
        ("crash.sh", "exit 3", "crashed"),
        ("silent.sh", "sleep 30", "no answer within 1.0 s"),
        ("garbage.sh", "printf '? what\\n\\n'", "rejected `genmove"),
    ];
    for (name, action, message) in cases {
        let bad = misbehaving(&dir, name, action);
        let (stdout, stderr) = run_match(&ours, &bad, &["--games", "2", "--move-timeout", "1"]);
        assert!(
            stdout.contains("games 2: A wins 2, draws 0, A losses 0"),
            "{name}: {stdout}"
        );
        assert!(stdout.contains("forfeits: A 0, B 2"), "{name}: {stdout}");
        assert_eq!(stderr.matches("forfeits:").count(), 4, "{name}: {stderr}");
        assert!(stderr.contains(message), "{name}: {stderr}");
    }
}

/// `gtp-rhino` on the PATH, or where Debian installs it (`/usr/games`).
fn find_gtp_rhino() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("gtp-rhino"))
        .find(|p| p.is_file())
}

#[test]
fn a_full_game_against_gtp_rhino_when_installed() {
    let Some(rhino) = find_gtp_rhino() else {
        eprintln!("SKIPPED: gtp-rhino is not installed (apt-get install grhino)");
        return;
    };
    let ours = format!("{} gtp --depth 3", othello());
    let theirs = format!("{} --level 1 --book 0", rhino.display());
    let dir = scratch("rhino");
    let out_file = dir.join("games.txt");
    let (stdout, _) = run_match(
        &ours,
        &theirs,
        &["--games", "2", "--out", out_file.to_str().unwrap()],
    );
    assert!(stdout.contains("forfeits: A 0, B 0"), "{stdout}");
    replay_records(&out_file, 2);
}
