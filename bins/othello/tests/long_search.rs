//! Long searches: progress lines on stderr only where asked for (a terminal, or
//! `CLASSIC_SEARCH_PROGRESS=always`), and Ctrl-C stops them at once with exit status 130.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn othello() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_othello"));
    command.env_remove("CLASSIC_SEARCH_PROGRESS");
    command
}

fn start() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/othello/start.txt")
}

/// The depths named by progress lines, in order.
fn depths(stderr: &[u8]) -> Vec<u32> {
    String::from_utf8_lossy(stderr)
        .lines()
        .map(|line| {
            let rest = line.strip_prefix("search: depth ").expect(line);
            rest.split('/').next().unwrap().parse().unwrap()
        })
        .collect()
}

#[test]
fn without_a_terminal_nothing_but_the_answer_is_printed() {
    for search in ["alpha-beta", "minimax", "engine"] {
        let out = othello()
            .arg("best")
            .arg(start())
            .args(["4", "--search", search])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout), "19\n");
        assert!(out.stderr.is_empty(), "{search}: {:?}", out.stderr);
    }
}

#[test]
fn forced_progress_names_every_depth_and_leaves_the_answer_alone() {
    for search in ["alpha-beta", "engine"] {
        let out = othello()
            .env("CLASSIC_SEARCH_PROGRESS", "always")
            .arg("best")
            .arg(start())
            .args(["5", "--search", search])
            .output()
            .unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout), "19\n");
        assert_eq!(depths(&out.stderr), [1, 2, 3, 4, 5], "{search}");
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(text.contains("depth 5/5, best square 19, "), "{text}");
    }
    // A full game reports each move's search; its output is the unobserved one.
    let plain = othello()
        .arg("full")
        .arg(start())
        .arg("2")
        .output()
        .unwrap();
    let seen = othello()
        .env("CLASSIC_SEARCH_PROGRESS", "always")
        .arg("full")
        .arg(start())
        .arg("2")
        .output()
        .unwrap();
    assert_eq!(seen.stdout, plain.stdout);
    let depths = depths(&seen.stderr);
    assert!(depths.len() > 40, "{}", depths.len());
    assert!(depths.chunks(2).all(|pair| pair == [1, 2]));
}

#[test]
fn ctrl_c_stops_a_long_search_with_status_130() {
    let dir = std::env::temp_dir().join(format!("othello-int-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // bestMove(64) from the start runs for hours.
    let child = othello()
        .current_dir(&dir)
        .arg("best")
        .arg(start())
        .arg("64")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    golden::send_signal(&child, "INT");
    let out = child.wait_with_output().unwrap();
    assert!(sent.elapsed() < Duration::from_secs(5));
    assert_eq!(out.status.code(), Some(130));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "interrupted (Ctrl-C): stopped\n"
    );
    // Nothing left behind in the working folder.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_reports_its_steps_only_when_asked_or_forced() {
    let plain = othello().args(["solve", "--size", "4"]).output().unwrap();
    assert!(plain.status.success());
    assert!(plain.stderr.is_empty());
    let forced = othello()
        .env("CLASSIC_SEARCH_PROGRESS", "always")
        .args(["solve", "--size", "4"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&forced.stderr);
    assert!(text.contains("warm-up guess -8"), "{text}");
    assert!(text.contains("margin >= -7? no"), "{text}");
    // The answer's lines are the same (the time line aside).
    let first = |out: &[u8]| {
        String::from_utf8_lossy(out)
            .lines()
            .take(3)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(first(&forced.stdout), first(&plain.stdout));
}
