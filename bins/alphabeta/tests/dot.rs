//! `alphabeta --dot FILE`: the answers are unchanged, and the picture marks the pruned branches
//! and the chosen line; Graphviz accepts it where `dot` is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_alphabeta");

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/cisc352/alphabeta")
        .join(rel)
}

#[test]
fn spec_example_picture() {
    let dir = std::env::temp_dir().join(format!("alphabeta-dot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (answers, dot_path) = (dir.join("out.txt"), dir.join("trees.dot"));
    let status = Command::new(BIN)
        .arg(data("spec_example.txt"))
        .arg(&answers)
        .arg("--dot")
        .arg(&dot_path)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        std::fs::read_to_string(&answers).unwrap(),
        std::fs::read_to_string(data("spec_example_out.txt")).unwrap()
    );
    let dot = std::fs::read_to_string(&dot_path).unwrap();
    // G and its leaves 2 and 8 are never examined: three dashed grey edges.
    assert_eq!(
        dot.matches("[style=dashed, color=grey60]").count(),
        3,
        "{dot}"
    );
    // The chosen line A -> B -> D -> 4: three bold edges.
    assert_eq!(dot.matches(" [penwidth=3];").count(), 3, "{dot}");
    assert!(
        dot.contains("label=\"≤3\""),
        "C's value is a bound after the cut"
    );
    assert!(dot.contains("Graph 1: score 4, 6 leaves examined"));
    let rendered = Command::new("dot").arg("-Tsvg").arg(&dot_path).output();
    std::fs::remove_dir_all(&dir).unwrap();
    let Ok(rendered) = rendered else {
        eprintln!("skipped: Graphviz `dot` is not installed (apt-get install graphviz)");
        return;
    };
    assert!(
        rendered.status.success(),
        "{}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    roxmltree::Document::parse_with_options(
        std::str::from_utf8(&rendered.stdout).unwrap(),
        // Graphviz's SVG opens with a DOCTYPE.
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .expect("dot's SVG parses");
}

#[test]
fn every_sample_file_draws_and_answers_as_before() {
    for name in [
        "sample_nesdoly2017",
        "sample_lriverawong2018",
        "tests2020_50graphs",
    ] {
        let dir = std::env::temp_dir().join(format!("alphabeta-dot-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (answers, dot_path) = (dir.join("out.txt"), dir.join("trees.dot"));
        let output = Command::new(BIN)
            .arg(data(&format!("{name}.txt")))
            .arg(&answers)
            .arg("--dot")
            .arg(&dot_path)
            .output()
            .unwrap();
        let expected = std::fs::read_to_string(data(&format!("{name}_out.txt"))).unwrap();
        assert_eq!(
            std::fs::read_to_string(&answers).unwrap(),
            expected,
            "{name}"
        );
        let dot = std::fs::read_to_string(&dot_path).unwrap();
        // One cluster per answered tree, titled with the same score and leaf count.
        for line in expected.lines() {
            let (graph, rest) = line
                .trim_start_matches("Graph ")
                .split_once(": Score: ")
                .unwrap();
            let (score, leaves) = rest.split_once("; Leaf Nodes Examined: ").unwrap();
            let title = format!("Graph {graph}: score {score}, {leaves} leaves examined");
            assert!(dot.contains(&title), "{name}: {title}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
        let _ = output;
    }
}
