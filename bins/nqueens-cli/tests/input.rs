//! How `nqueens` reads its input, through the real binary: a byte-order mark is accepted, and a
//! size past the stated limit is refused in words before anything is allocated or written.

use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_nqueens");

#[test]
fn a_bom_is_accepted_and_a_billion_queens_refused_before_allocation() {
    let dir = std::env::temp_dir().join(format!("nqueens-input-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bom.txt"), "\u{feff}4\r\n").unwrap();
    let out = Command::new(EXE)
        .current_dir(&dir)
        .args(["bom.txt", "out.txt"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer = std::fs::read_to_string(dir.join("out.txt")).unwrap();
    assert!(
        answer == "[2, 4, 1, 3]\n" || answer == "[3, 1, 4, 2]\n",
        "{answer}"
    );

    std::fs::write(dir.join("big.txt"), "8\n1000000000\n").unwrap();
    let out = Command::new(EXE)
        .current_dir(&dir)
        .args(["big.txt", "big_out.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: big.txt:2: board size 1000000000 is more than this program supports \
         (at most 100000000 queens: about 14 bytes of memory each)\n"
    );
    assert!(!dir.join("big_out.txt").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
