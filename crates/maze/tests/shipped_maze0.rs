//! The crate embeds its own copy of maze0 (`crates/maze/data/maze0.txt`) so that it packages on
//! its own; the golden copy the program tests read is `data/maze/maze0.txt`. They must not drift.

use std::path::Path;

#[test]
fn embedded_maze0_is_the_golden_copy() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/maze/maze0.txt");
    let Ok(golden) = std::fs::read_to_string(&golden) else {
        // A packaged crate (crates.io download) has no workspace around it.
        eprintln!(
            "skipped: {} is absent (not in the workspace)",
            golden.display()
        );
        return;
    };
    assert_eq!(
        maze::MAZE0,
        golden,
        "crates/maze/data/maze0.txt differs from data/maze/maze0.txt"
    );
}
