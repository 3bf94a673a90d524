//! `othello solve` on 8x8 positions: an OBF line as argument, on stdin and in a COL106 file,
//! `--obf FILE` with a bad line among good ones, `--check` against FForum #1-#19, and the 4x4
//! start through the engine path; a small position asked for several threads solved on one.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const FFO_1: &str =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
/// FForum #20 (6 empty squares): `+6 H5`.
const FFO_20: &str = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X; H5:+6;";

fn othello(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_othello"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("othello runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("othello ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first two fields of each output line: margin and move.
fn answers(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

fn data(name: &str) -> String {
    format!("{}/../../data/othello/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn temp(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("othello-solve-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).expect("temp file written");
    path
}

#[test]
fn an_obf_line_as_argument_and_on_stdin() {
    let out = othello(&["solve", FFO_1], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(answers(&out), ["+18 G8"]);
    let line = text(&out.stdout);
    assert!(
        line.contains(" nodes ") && line.trim_end().ends_with(" s"),
        "{line}"
    );
    let out = othello(&["solve", "-", "--check"], &format!("{FFO_1}\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(answers(&out), ["+18 G8"]);
}

/// FForum #1 has 14 empty squares, below the 18 from which threads share out the moves: asked
/// for two or three threads, the solve runs on one and prints one thread's margin, move and
/// positions (two threads would count both threads' positions).
#[test]
fn a_position_below_the_split_is_solved_on_one_thread() {
    let without_time = |out: &Output| {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let line = text(&out.stdout);
        line.rsplitn(3, ' ')
            .nth(2)
            .expect("margin move nodes")
            .to_owned()
    };
    let one = without_time(&othello(&["solve", FFO_1, "--threads", "1"], ""));
    assert!(
        one.starts_with("+18 G8 ") && one.ends_with(" nodes"),
        "{one}"
    );
    for threads in ["2", "3"] {
        let many = without_time(&othello(&["solve", FFO_1, "--threads", threads], ""));
        assert_eq!(many, one, "--threads {threads}");
    }
}

#[test]
fn a_col106_file() {
    // FForum #1 in the COL106 format: turn 0 (Black), then rows of -1 / 0 / 1.
    let board: Vec<&str> = FFO_1[..64]
        .chars()
        .map(|c| match c {
            'X' => "0",
            'O' => "1",
            _ => "-1",
        })
        .collect();
    let mut file = String::from("0\n");
    for row in board.chunks(8) {
        file.push_str(&row.join(" "));
        file.push('\n');
    }
    let path = temp("col106.txt", &file);
    let out = othello(&["solve", path.to_str().expect("utf-8 path")], "");
    std::fs::remove_file(&path).ok();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(answers(&out), ["+18 G8"]);
}

#[test]
fn a_bad_obf_line_is_reported_and_the_others_solved() {
    let path = temp(
        "mixed.obf",
        &format!("% a comment\n{FFO_1}\n{}\n\n{FFO_20}\n", &FFO_1[1..]),
    );
    let name = path.to_str().expect("utf-8 path").to_owned();
    let out = othello(&["solve", "--obf", &name], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(answers(&out), ["+18 G8", "+6 H5"]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(&format!("error: {name}:3: ")),
        "{stderr}"
    );
}

/// A file of bad lines only: one error line each on stderr, nothing else (no summary of zero
/// positions), nothing on stdout, status 1; an empty one still gets its summary.
#[test]
fn a_file_of_bad_lines_prints_only_the_errors() {
    let path = temp("bad.obf", &format!("{}\ngarbage\n", &FFO_1[1..]));
    let name = path.to_str().expect("utf-8 path").to_owned();
    let out = othello(&["solve", "--obf", &name], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(
        lines[0].starts_with(&format!("error: {name}:1: ")),
        "{stderr}"
    );
    assert!(
        lines[1].starts_with(&format!("error: {name}:2: ")),
        "{stderr}"
    );
    // A file with no problem at all is not an error: its summary says so.
    let path = temp("empty.obf", "% nothing here\n");
    let name = path.to_str().expect("utf-8 path").to_owned();
    let out = othello(&["solve", "--obf", &name], "");
    std::fs::remove_file(&path).ok();
    assert!(out.status.success());
    assert!(text(&out.stderr).starts_with("0 positions, 0 nodes"));
}

#[test]
fn check_flags_a_wrong_listed_value() {
    let wrong = FFO_1.replace("G8:+18", "G8:+20");
    let out = othello(&["solve", "--check", &wrong], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("error: argument: solved +18 with G8, the file says +20")
    );
}

#[test]
fn ffo_1_to_19_check_out() {
    let file = data("ffo/fforum-1-19.obf");
    let out = othello(&["solve", "--check", "--obf", &file], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let expected: Vec<String> = std::fs::read_to_string(&file)
        .expect("data")
        .lines()
        .map(|l| l.split(';').nth(1).expect("values").trim().to_owned())
        .map(|first| {
            let (square, value) = first.split_once(':').expect("MOVE:VALUE");
            format!("{value} {square}")
        })
        .collect();
    // The margins are the file's; the moves may differ where two moves tie (--check passed).
    let margins = |v: &[String]| -> Vec<String> {
        v.iter()
            .map(|s| s.split(' ').next().unwrap_or("").to_owned())
            .collect()
    };
    assert_eq!(margins(&answers(&out)), margins(&expected));
}

#[test]
fn the_4x4_start_and_bad_input() {
    let out = othello(&["solve", "--size", "4"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).starts_with(
        "size 4: value -8 (the second player (white) wins by 8 discs)\nbest first move 1\n"
    ));
    let out = othello(&["solve", "no-such-file.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: cannot read no-such-file.txt"));
    // A position cut short is not taken for a file name.
    let out = othello(&["solve", "XXXX O"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: argument: \"XXXX O\" is no file, nor an OBF position (4 squares where one \
         has 64, X, O or - for a1..h8, then a space and the side to move)\n"
    );
    let out = othello(&["solve", &FFO_1.replace(" X;", " Y;")], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: argument: expected the side to move"));
}
