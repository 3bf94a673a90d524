//! Replays the stored fuzz corpora (`fuzz/corpus/<target>/`) through the checks on the stable
//! toolchain, and feeds every parser arbitrary bytes (proptest): what fuzzing found stays found.

use fuzz_checks::Verdict;
use proptest::prelude::*;
use std::path::PathBuf;

fn corpus(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target)
}

#[test]
fn every_target_has_a_corpus_and_replays_it() {
    for (target, check) in fuzz_checks::TARGETS {
        let dir = corpus(target);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut verdicts = Vec::new();
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| check(&data));
            let verdict =
                outcome.unwrap_or_else(|_| panic!("{target}: {} fails its check", path.display()));
            verdicts.push(verdict);
        }
        let count = verdicts.len();
        assert!(count >= 3, "{target}: only {count} corpus files");
        // Seeds on both sides of the parser: the accepted ones reach the checks behind it.
        for side in [Verdict::Accepted, Verdict::Rejected] {
            assert!(
                verdicts.contains(&side),
                "{target}: no corpus file {side:?}"
            );
        }
    }
}

#[test]
fn every_fuzz_target_file_has_a_check() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/fuzz_targets");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_owned()
        })
        .collect();
    files.sort();
    let mut names: Vec<String> = fuzz_checks::TARGETS
        .iter()
        .map(|(n, _)| (*n).to_owned())
        .collect();
    names.sort();
    assert_eq!(files, names);
}

/// Bytes that look like the formats: digits, separators, braces, names, a BOM, a bad byte.
fn texty() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        &b"0"[..],
        b"1",
        b"2",
        b"-1",
        b"7",
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"A",
        b"B",
        b"(",
        b")",
        b"{",
        b"}",
        b",",
        b"MAX",
        b"MIN",
        b"->",
        b":",
        b"h",
        b"root",
        b"goal",
        b"END OF INPUT",
        b"\xEF\xBB\xBF",
        b"\xff",
        b"99999999999999999999999",
        b"0000000",
        b"1111",
        b".5",
        b"e9",
        b"to-move",
        b"first",
        b"second",
        b"stores",
        b"#",
        b"255",
    ]);
    prop::collection::vec(pieces, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_break_a_parser(data in prop::collection::vec(any::<u8>(), 0..200)) {
        for (_, check) in fuzz_checks::TARGETS {
            check(&data);
        }
    }

    #[test]
    fn format_like_bytes_never_break_a_parser(data in texty()) {
        for (_, check) in fuzz_checks::TARGETS {
            check(&data);
        }
    }
}

/// The byte-order-mark seeds of the formats this round converted are accepted, not just survived.
#[test]
fn byte_order_mark_seeds_parse() {
    let read = |target: &str, name: &str| std::fs::read(corpus(target).join(name)).unwrap();
    let text = |target: &str, name: &str| String::from_utf8(read(target, name)).unwrap();
    route::RoadMap::parse_bytes(&read("road_map", "bom_crlf.txt"), "f").unwrap();
    route::Heuristic::parse(&text("heuristic", "bom.txt"), "f").unwrap();
    powergrid::Grid::from_reader(&read("power_grid", "bom.txt")[..], "f").unwrap();
    connect4::format::parse_game(&text("connect4_game", "bom_crlf.txt"), "f").unwrap();
    nqueens::format::parse_sizes(&text("nqueens_sizes", "bom_crlf.txt"), "f").unwrap();
    for result in gametree::solve_text(&text("alphabeta_tree", "bom.txt"), "f") {
        result.unwrap();
    }
    maze::Grid::parse(&text("maze_grid", "bom.txt"), "f").unwrap();
    maze::parse_graphs(&text("maze_graph", "bom.txt"), "f").unwrap();
    reversi::format::parse_position::<8>(&text("othello_position", "bom.txt"), "f").unwrap();
    kalah::Setup::parse(&text("kalah_position", "bom_crlf.txt"), "f").unwrap();
}
