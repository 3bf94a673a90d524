//! The interactive prompt of `maxconnect4`, through the real binary: a line that is not UTF-8 is
//! explained and asked again, an over-long answer is not echoed, a huge number is "no column".

use std::io::Write;
use std::process::{Command, Stdio};

const EXE: &str = env!("CARGO_BIN_EXE_maxconnect4");

#[test]
fn bad_lines_at_the_prompt_are_explained_and_asked_again() {
    let dir = std::env::temp_dir().join(format!("maxconnect4-prompt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A BOM opens the game file; player 2 (the human) to move with one cell left in column 1.
    let rows = [
        "0121212", "2212121", "1212121", "1111222", "2121212", "1212121",
    ];
    std::fs::write(
        dir.join("start.txt"),
        format!("\u{feff}{}\n2\n", rows.join("\n")),
    )
    .unwrap();
    let mut child = Command::new(EXE)
        .current_dir(&dir)
        .args(["interactive", "start.txt", "human-next", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut answers = b"\xff\xfe\n".to_vec();
    answers.extend_from_slice("7".repeat(100_000).as_bytes());
    answers.extend_from_slice(b"\n99999999999999999999999\n1\n");
    child.stdin.take().unwrap().write_all(&answers).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let prompt = "Your move (Player 2): choose a column 1-7: ";
    let dialogue = format!(
        "{prompt}that line is not UTF-8 text (check the terminal's encoding)\n\
         {prompt}that answer is too long (over 1000 bytes)\n\
         {prompt}there is no column 99999999999999999999...: type a column from 1 to 7\n\
         {prompt}\n\nmove 42: Player 2, column 1\n"
    );
    assert!(stdout.contains(&dialogue), "{stdout}");
    assert!(stdout.len() < 5000, "the long answer was echoed");
    std::fs::remove_dir_all(&dir).unwrap();
}
