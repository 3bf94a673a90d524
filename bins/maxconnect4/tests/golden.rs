//! Golden tests of `maxconnect4` through the real binary: one-move output and files on the sample
//! inputs (expected files checked by hand against docs/maxconnect4-format.md), the file round
//! trip, a full board, bad arguments and files, and interactive sessions driven through stdin.

use golden::Scratch;
use std::path::{Path, PathBuf};

const PROGRAM: &str = env!("CARGO_BIN_EXE_maxconnect4");

/// The text of the file `name` in the scratch folder `dir`.
fn read(dir: &Scratch, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("read {name}: {e}"))
}

fn sample(name: &str) -> PathBuf {
    golden::data_dir().join("maxconnect4").join(name)
}

fn expected(name: &str) -> String {
    let path = sample("expected").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

fn run(args: &[&str], cwd: &Path, stdin: Option<&[u8]>) -> golden::Outcome {
    golden::run(PROGRAM, args, cwd, stdin)
}

fn one_move_golden(input: &str, depth: &str, stem: &str) {
    let dir = Scratch::new(&format!("maxconnect4-{stem}"));
    let input = sample(input);
    let out = run(
        &["one-move", input.to_str().unwrap(), "out.txt", depth],
        &dir,
        None,
    );
    assert_eq!(out.code, Some(0), "stderr: {}", out.stderr);
    let want = expected(&format!("{stem}.stdout"));
    assert!(out.stdout == want, "{}", golden::diff(&want, &out.stdout));
    assert_eq!(read(&dir, "out.txt"), expected(&format!("{stem}.game")));
    assert_eq!(out.stderr, "");
}

#[test]
fn one_move_on_input1() {
    one_move_golden("input1.txt", "4", "input1-depth4");
}

#[test]
fn one_move_on_input2() {
    one_move_golden("input2.txt", "5", "input2-depth5");
}

#[test]
fn file_round_trip_lf_crlf_and_our_own_output() {
    let dir = Scratch::new("maxconnect4-round-trip");
    let crlf = std::fs::read_to_string(sample("input2.txt")).unwrap();
    assert!(
        crlf.contains("\r\n") && !crlf.ends_with('\n'),
        "sample is CRLF without final newline"
    );
    // LF, with a final newline: same game, same output.
    dir.write("lf.txt", crlf.replace("\r\n", "\n") + "\n");
    let out = run(&["one-move", "lf.txt", "a.txt", "5"], &dir, None);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, expected("input2-depth5.stdout"));
    let written = read(&dir, "a.txt");
    assert_eq!(written, expected("input2-depth5.game"));
    // Every line ends in \r\n, the last one included; 6 rows and the player to move.
    assert!(written.ends_with("\r\n"));
    assert_eq!(written.matches("\r\n").count(), 7);
    assert_eq!(written.replace("\r\n", "").len(), 43);
    // Our file reads back: the next move is number 14, by player 2.
    let again = run(&["one-move", "a.txt", "b.txt", "3"], &dir, None);
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    assert!(
        again.stdout.contains("\nmove 14: Player 2, column "),
        "{}",
        again.stdout
    );
    let before: Vec<&str> = written.lines().map(|l| l.trim_end_matches('\r')).collect();
    let shown: Vec<String> = again
        .stdout
        .lines()
        .skip(5)
        .take(6)
        .map(|l| l.replace([' ', '|'], ""))
        .collect();
    assert_eq!(shown, before[..6], "the board shown is the board written");
    assert!(read(&dir, "b.txt").ends_with("\r\n1\r\n"));
}

#[test]
fn full_board_prints_board_full_and_writes_nothing() {
    let dir = Scratch::new("maxconnect4-full");
    let rows = [
        "1212121", "2121212", "1212121", "1111222", "2121212", "1212121",
    ];
    dir.write("full.txt", rows.join("\r\n") + "\r\n2");
    let out = run(&["one-move", "full.txt", "out.txt", "3"], &dir, None);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let mut want =
        String::from("\nMaxConnect-4 game\n\nGame state before move:\n -----------------\n");
    for row in rows {
        let cells: Vec<String> = row.chars().map(|c| format!("{c} ")).collect();
        want.push_str(&format!(" | {}| \n", cells.concat()));
    }
    // Counted by hand: player 1 has the four of line 4, a down-right diagonal from line 1,
    // column 1 and two down-left diagonals from line 1 (columns 5 and 7); player 2 two
    // down-right diagonals from line 1 (columns 2 and 4).
    want.push_str(
        " -----------------\nScore: Player 1 = 4, Player 2 = 2\n\nBOARD FULL\n\nGame Over!\n\n",
    );
    assert_eq!(out.stdout, want);
    assert!(!dir.join("out.txt").exists());
}

#[test]
fn bad_arguments_and_files() {
    let dir = Scratch::new("maxconnect4-bad");
    let input = sample("input2.txt");
    let input = input.to_str().unwrap();

    let few = run(&["one-move", input, "out.txt"], &dir, None);
    assert_eq!(few.code, Some(2));
    assert!(
        few.stderr.contains("<DEPTH>") && few.stderr.contains("(see 'maxconnect4 --help')"),
        "{}",
        few.stderr
    );
    assert_eq!(few.stderr.lines().count(), 1, "{}", few.stderr);
    assert!(few.stdout.is_empty());

    let mode = run(&["two-moves", input, "out.txt", "3"], &dir, None);
    assert_eq!(mode.code, Some(2));
    assert!(
        mode.stderr
            .contains("two-moves is an unrecognized game mode"),
        "{}",
        mode.stderr
    );

    let who = run(&["interactive", input, "nobody-next", "3"], &dir, None);
    assert_eq!(who.code, Some(2));
    assert!(who.stderr.contains("nobody-next"), "{}", who.stderr);

    let depth = run(&["one-move", input, "out.txt", "deep"], &dir, None);
    assert_eq!(depth.code, Some(2));

    let missing = run(&["one-move", "missing.txt", "out.txt", "3"], &dir, None);
    assert_eq!(missing.code, Some(1));
    assert!(
        missing.stderr.starts_with("error: cannot read missing.txt"),
        "{}",
        missing.stderr
    );

    let floating = "0000000\n0000000\n0000000\n0010000\n0000000\n1100222\n1\n";
    dir.write("floating.txt", floating);
    let out = run(&["one-move", "floating.txt", "out.txt", "3"], &dir, None);
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        "error: floating.txt:4: the piece in column 3 floats over an empty cell (line 5)\n"
    );
    dir.write("player.txt", "0000000\n".repeat(6) + "x\n");
    let out = run(
        &["interactive", "player.txt", "human-next", "3"],
        &dir,
        None,
    );
    assert_eq!(out.code, Some(1));
    assert_eq!(
        out.stderr,
        "error: player.txt:7: `x` is not the player to move (1 or 2)\n"
    );
    assert!(!dir.join("out.txt").exists());
}

/// The human plays player 2 on a board with three empty cells (two in column 1, one in column 7):
/// every kind of bad answer is rejected, then the game runs to the end.
#[test]
fn interactive_session_to_the_end() {
    let dir = Scratch::new("maxconnect4-session");
    let rows = [
        "0121210", "0212121", "1212121", "1111222", "2121212", "1212121",
    ];
    dir.write("start.txt", rows.join("\n") + "\n2\n");
    let answers = "x\n8\n4\n 7 \n7\n1\n";
    let out = run(
        &["--stats", "interactive", "start.txt", "human-next", "6"],
        &dir,
        Some(answers.as_bytes()),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let prompt = "Your move (Player 2): choose a column 1-7: ";
    let stdout = &out.stdout;
    assert!(stdout.starts_with("\nMaxConnect-4 game\n\nGame state before move:\n"));
    let expected_dialogue = [
        format!("{prompt}`x` is not a number: type a column from 1 to 7\n"),
        format!("{prompt}there is no column 8: type a column from 1 to 7\n"),
        format!("{prompt}column 4 is full: choose another column\n"),
        format!("{prompt}\n\nmove 40: Player 2, column 7\n"),
        "\n\nmove 41: Player 1, column 1\n".to_owned(),
        format!(
            "{prompt}column 7 is full: choose another column\n{prompt}\n\nmove 42: Player 2, column 1\n"
        ),
    ];
    let mut rest = stdout.as_str();
    for part in &expected_dialogue {
        let at = rest
            .find(part.as_str())
            .unwrap_or_else(|| panic!("missing {part:?} in:\n{stdout}"));
        rest = &rest[at + part.len()..];
    }
    // Counted by hand: the only four is player 1's on line 4.
    let final_board = " -----------------\n | 2 1 2 1 2 1 2 | \n | 1 2 1 2 1 2 1 | \n";
    assert!(rest.contains(final_board), "{rest}");
    assert!(rest.ends_with("BOARD FULL\n\nGame Over!\n\nFinal score: Player 1 = 1, Player 2 = 0\nPlayer 1 (computer) wins.\n"), "{rest}");
    // One stats line for the one computer move.
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(
        out.stderr.starts_with("stats: depth 6, nodes "),
        "{}",
        out.stderr
    );
    // Files after each side's last move: the full board with the other player to move.
    assert_eq!(
        read(&dir, "human.txt"),
        "2121212\r\n1212121\r\n1212121\r\n1111222\r\n2121212\r\n1212121\r\n1\r\n"
    );
    assert_eq!(
        read(&dir, "computer.txt"),
        "0121212\r\n1212121\r\n1212121\r\n1111222\r\n2121212\r\n1212121\r\n2\r\n"
    );
}

#[test]
fn interactive_end_of_input_stops_cleanly() {
    let dir = Scratch::new("maxconnect4-eof");
    let input = sample("input2.txt");
    let out = run(
        &["interactive", input.to_str().unwrap(), "computer-next", "4"],
        &dir,
        Some(b"abc\n"),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let prompt = "Your move (Player 2): choose a column 1-7: ";
    assert!(
        out.stdout.contains("\n\nmove 13: Player 1, column "),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.ends_with(&format!(
            "{prompt}`abc` is not a number: type a column from 1 to 7\n{prompt}\nEnd of input: the game stops here, unfinished.\n"
        )),
        "{}",
        out.stdout
    );
    assert!(read(&dir, "computer.txt").ends_with("\r\n2\r\n"));
    assert!(!dir.join("human.txt").exists());
}

#[test]
fn interactive_missing_input_starts_empty() {
    let dir = Scratch::new("maxconnect4-missing");
    let out = run(
        &["interactive", "none.txt", "human-next", "3"],
        &dir,
        Some(b""),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stderr.contains("none.txt does not exist"),
        "{}",
        out.stderr
    );
    let empty_row = " | 0 0 0 0 0 0 0 | \n";
    assert_eq!(out.stdout.matches(empty_row).count(), 6);
    assert!(out.stdout.ends_with("Your move (Player 1): choose a column 1-7: \nEnd of input: the game stops here, unfinished.\n"));
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_maxconnect4"));
}

/// `maxconnect4 one-move ... | head -0`: a reader that has gone stops the program quietly.
#[test]
fn a_closed_stdout_ends_quietly() {
    let dir = Scratch::new("maxconnect4-closed-stdout");
    let input = sample("input1.txt");
    golden::check_closed_stdout(
        PROGRAM,
        &["one-move", input.to_str().unwrap(), "out.txt", "2"],
        &dir,
    );
}
