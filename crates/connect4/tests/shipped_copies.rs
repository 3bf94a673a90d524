//! The `depth_table` example embeds its own copy of the course's `input2.txt`
//! (`crates/connect4/examples/input2.txt`) so that the crate packages on its own; the golden copy
//! is `data/maxconnect4/input2.txt`. They must not drift.

use std::path::Path;

#[test]
fn example_input2_is_the_golden_copy() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let golden = dir.join("../../data/maxconnect4/input2.txt");
    let Ok(golden) = std::fs::read(&golden) else {
        // A packaged crate (crates.io download) has no workspace around it.
        eprintln!(
            "skipped: {} is absent (not in the workspace)",
            golden.display()
        );
        return;
    };
    let copy = std::fs::read(dir.join("examples/input2.txt")).expect("examples/input2.txt");
    assert!(
        copy == golden,
        "crates/connect4/examples/input2.txt differs from data/maxconnect4/input2.txt"
    );
}
