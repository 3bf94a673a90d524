//! `othello gtp` through the real binary: exact transcripts, and bad input that never breaks
//! the session.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `othello gtp ARGS` on `input` and returns stdout (the session must end cleanly).
fn session(args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_othello"))
        .arg("gtp")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("it ends");
    writer.join().expect("written");
    assert!(out.status.success(), "exit status {:?}", out.status);
    String::from_utf8(out.stdout).expect("UTF-8 replies")
}

#[test]
fn a_random_player_transcript_is_exact() {
    let input = b"1 boardsize 8\n2 clear_board\n3 play black f5\n4 play black f5\n\
                  5 genmove white\n6 final_score\n7 boardsize 6\n8 play white pass\n9 quit\n";
    let expected = "=1\n\n=2\n\n=3\n\n?4 illegal move\n\n=5 D6\n\n=6 0\n\n\
                    ?7 unacceptable size\n\n?8 illegal move\n\n=9\n\n";
    assert_eq!(session(&["--random", "--seed", "7"], input), expected);
}

#[test]
fn bad_input_gets_error_replies_and_the_session_goes_on() {
    let mut input = b"\xff\xfe\xfd\n\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend_from_slice(b"\n12 genmove black\nplay black z0\nplay purple d3\nname\n");
    // The engine at depth 1 answers some legal first move: the four are symmetric, so only
    // its legality is checked.
    let out = session(&["--depth", "1"], &input);
    let replies: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(replies[0], "? unknown command");
    assert_eq!(replies[1], "? unknown command");
    assert!(
        ["=12 D3", "=12 C4", "=12 F5", "=12 E6"].contains(&replies[2]),
        "{}",
        replies[2]
    );
    assert_eq!(
        &replies[3..],
        ["? syntax error", "? syntax error", "= othello", ""]
    );
}

#[test]
fn the_engine_plays_a_whole_game_against_itself() {
    // genmoves alternate (the stuck side answers `pass`, a pass that changes nothing) until the
    // game is over, after which every genmove answers `pass`.
    let mut input = String::new();
    for _ in 0..40 {
        input.push_str("genmove black\ngenmove white\n");
    }
    input.push_str("final_score\n");
    let out = session(&["--depth", "2"], input.as_bytes());
    let replies: Vec<&str> = out.trim_end().split("\n\n").collect();
    let moves = replies
        .iter()
        .filter(|r| r.len() == 4 && r.starts_with("= "))
        .count();
    assert!((20..=60).contains(&moves), "{moves} moves");
    assert_eq!(replies[replies.len() - 2], "= pass");
    assert_eq!(replies[replies.len() - 3], "= pass");
    let score = replies.last().expect("a score");
    assert!(
        score.starts_with("= B+") || score.starts_with("= W+") || *score == "= 0",
        "{score}"
    );
}

#[test]
fn time_options_conflict_and_are_checked() {
    let out = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(["gtp", "--time-per-move", "1", "--time-per-game", "10"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(["gtp", "--time-per-move", "-1"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}
