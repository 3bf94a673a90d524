//! `kalah solve --position FILE`: a position read from a file is solved exactly (its value for
//! the first player, stores included), and a bad file is one located error line.

use kalah::{Rules, Setup};
use search_core::games::Engine;
use std::path::PathBuf;
use std::process::{Command, Output};

fn kalah(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .output()
        .expect("run kalah")
}

fn sample() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/kalah/positions/late_middle_game.txt")
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kalah-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The value on the first line of `kalah solve`'s output.
fn value(out: &Output) -> i32 {
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or_default();
    let start = first.find("(value ").expect(first) + "(value ".len();
    first[start..].trim_end_matches(')').parse().expect(first)
}

#[test]
fn the_sample_position_solves_to_the_engines_value() {
    let path = sample();
    let out = kalah(&[
        "solve",
        "--position",
        path.to_str().unwrap(),
        "--db-seeds",
        "0",
        "--table-bits",
        "18",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Kalah(6) position: "), "{text}");
    let setup = Setup::parse(&std::fs::read_to_string(&path).unwrap(), "sample").unwrap();
    let board = setup.board(Rules::default()).unwrap();
    let expected = Engine::new(20).solve(&board).value;
    assert_eq!(value(&out), expected);
    assert_eq!(expected, -8);
}

#[test]
fn the_start_written_as_a_position_has_the_published_value() {
    // Kalah(4,3) with the standard capture rule: +6 for the first player.
    let start = scratch(
        "start43.txt",
        "\u{feff}# Kalah(4,3)\r\nto-move first\r\nfirst 3 3 3 3\r\nsecond 3 3 3 3\r\nstores 0 0\r\n",
    );
    let out = kalah(&[
        "solve",
        "--position",
        start.to_str().unwrap(),
        "--capture",
        "opposite-non-empty",
        "--db-seeds",
        "0",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(value(&out), 6);
    // The same position with the second player to move and the stores swapped: the value
    // turns around (minus 6) and the stores count (minus 2).
    let turned = scratch(
        "turned43.txt",
        "to-move second\nfirst 3 3 3 3\nsecond 3 3 3 3\nstores 0 2\n",
    );
    let out = kalah(&[
        "solve",
        "--position",
        turned.to_str().unwrap(),
        "--capture",
        "opposite-non-empty",
        "--db-seeds",
        "0",
    ]);
    assert_eq!(value(&out), -8);
}

#[test]
fn a_bad_position_file_is_one_located_error() {
    let bad = scratch(
        "bad.txt",
        "to-move first\nfirst 1 2\nsecond 3 x\nstores 0 0\n",
    );
    let out = kalah(&["solve", "--position", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}:3: `x` is not a number of seeds (0 to 255)\n",
            bad.display()
        )
    );
    assert!(out.stdout.is_empty());
    let both = kalah(&["solve", "--position", bad.to_str().unwrap(), "--pots", "6"]);
    assert_eq!(both.status.code(), Some(2));
}
