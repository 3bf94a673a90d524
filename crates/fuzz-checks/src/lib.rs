//! What fuzzing checks on every parser of the workspace, in one place: the fuzz targets of
//! `fuzz/` call these functions on libFuzzer's inputs, and `cargo test` replays the stored
//! corpora (`fuzz/corpus/<target>/`) and arbitrary bytes (proptest) through the same functions on
//! the stable toolchain.
//!
//! Each check takes arbitrary bytes and panics only when a property fails: a parser panicked, a
//! parsed game file does not round-trip, alpha-beta disagrees with minimax. Errors are fine. It
//! says what it saw ([`Verdict`]), so that a corpus can be shown to reach past the parser's
//! refusals.
//!
//! ```
//! use fuzz_checks::{Verdict, check};
//! let empty = b"0000000\n0000000\n0000000\n0000000\n0000000\n0000000\n1\n";
//! assert_eq!(check("connect4_game", empty), Verdict::Accepted);
//! let tree = b"{(A,MAX),(B,MIN)} {(A,B),(B,3)}";
//! assert_eq!(check("alphabeta_tree", tree), Verdict::Accepted);
//! assert_eq!(check("alphabeta_tree", b"{(A,MAX)"), Verdict::Rejected);
//! assert_eq!(check("nqueens_sizes", b"\xff"), Verdict::NotText);
//! ```

/// What a check saw in bytes on which every property held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The format is text and the bytes are not UTF-8: no parser ran.
    NotText,
    /// The parser refused the bytes (with an error, as it should).
    Rejected,
    /// The parser accepted the bytes, and what it made was checked.
    Accepted,
}

impl Verdict {
    /// [`Accepted`](Self::Accepted) when `accepted`, else [`Rejected`](Self::Rejected).
    fn of(accepted: bool) -> Self {
        if accepted {
            Self::Accepted
        } else {
            Self::Rejected
        }
    }
}

/// A check: panics when a property fails on the bytes, else says what it saw.
pub type Check = fn(&[u8]) -> Verdict;

/// Every target: its name (the folder under `fuzz/corpus/` and the fuzz target's name) and check.
pub const TARGETS: &[(&str, Check)] = &[
    ("road_map", road_map),
    ("heuristic", heuristic),
    ("power_grid", power_grid),
    ("power_queries", power_queries),
    ("connect4_game", connect4_game),
    ("othello_position", othello_position),
    ("obf_line", obf_line),
    ("reversi_board", reversi_board),
    ("nqueens_sizes", nqueens_sizes),
    ("alphabeta_tree", alphabeta_tree),
    ("maze_grid", maze_grid),
    ("maze_graph", maze_graph),
    ("kalah_position", kalah_position),
];

/// Runs the check named `target` on `data`.
///
/// # Panics
/// When `target` is unknown, or the check finds a property broken.
pub fn check(target: &str, data: &[u8]) -> Verdict {
    let (_, f) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no fuzz target `{target}`"));
    f(data)
}

/// The bytes as text, when they are UTF-8 (text parsers take `&str`).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Road maps (`City1 City2 distance` lines), from bytes.
pub fn road_map(data: &[u8]) -> Verdict {
    let parsed = route::RoadMap::parse_bytes(data, "fuzz");
    if let Ok(map) = &parsed {
        assert!(map.city_count() <= data.len(), "more cities than bytes");
    }
    Verdict::of(parsed.is_ok())
}

/// Heuristic tables (`City value` lines).
pub fn heuristic(data: &[u8]) -> Verdict {
    text(data).map_or(Verdict::NotText, |text| {
        Verdict::of(route::Heuristic::parse(text, "fuzz").is_ok())
    })
}

/// Power grid files; a parsed grid is preprocessed for queries too.
pub fn power_grid(data: &[u8]) -> Verdict {
    let parsed = powergrid::Grid::from_reader(data, "fuzz");
    if let Ok(grid) = &parsed {
        let _ = grid.preprocess();
    }
    Verdict::of(parsed.is_ok())
}

/// Query streams against a fixed grid (the assignment's figure 1); accepted when every query
/// is answered.
pub fn power_queries(data: &[u8]) -> Verdict {
    const GRID: &str = "4\n4\nDelhi\nKolkata\nChennai\nMumbai\nDelhi Kolkata\nDelhi Chennai\nDelhi Mumbai\nMumbai Chennai\n";
    let grid = powergrid::Grid::parse(GRID, "grid").expect("the fixed grid parses");
    let index = grid.preprocess();
    let mut out = Vec::new();
    let mut errors = 0;
    let failed = powergrid::answer_queries(&index, data, "fuzz", &mut out, |_| errors += 1)
        .expect("writing to memory cannot fail");
    assert_eq!(failed, errors, "every failed query is reported once");
    Verdict::of(failed == 0)
}

/// Max-Connect4 game files; a parsed game round-trips through the file format.
pub fn connect4_game(data: &[u8]) -> Verdict {
    let Some(text) = text(data) else {
        return Verdict::NotText;
    };
    let Ok(position) = connect4::format::parse_game(text, "fuzz") else {
        return Verdict::Rejected;
    };
    let written = connect4::format::game_file(&position);
    let again = connect4::format::parse_game(&written, "again")
        .unwrap_or_else(|e| panic!("a written game file does not parse: {e}"));
    assert_eq!(again, position, "the game file does not round-trip");
    Verdict::Accepted
}

/// Othello (COL106) position files, 8x8.
pub fn othello_position(data: &[u8]) -> Verdict {
    text(data).map_or(Verdict::NotText, |text| {
        Verdict::of(reversi::format::parse_position::<8>(text, "fuzz").is_ok())
    })
}

/// FForum/OBF lines (64 squares, the side to move, move values). A parsed position prints back
/// as a line that parses to the same position.
pub fn obf_line(data: &[u8]) -> Verdict {
    let Some(text) = text(data) else {
        return Verdict::NotText;
    };
    let Ok(problem) = reversi::obf::parse_line(text) else {
        return Verdict::Rejected;
    };
    let printed = reversi::obf::line(&problem.position);
    let again = reversi::obf::parse_line(&printed).expect("a printed line parses");
    assert_eq!(again.position, problem.position, "{printed}");
    Verdict::Accepted
}

/// Reversi Tiny boards (4x4 strings of 0/1/2).
pub fn reversi_board(data: &[u8]) -> Verdict {
    text(data).map_or(Verdict::NotText, |text| {
        Verdict::of(reversi::format::parse_tiny::<4>(text).is_ok())
    })
}

/// N-Queens size files; every accepted size is within the stated limit.
pub fn nqueens_sizes(data: &[u8]) -> Verdict {
    let Some(text) = text(data) else {
        return Verdict::NotText;
    };
    let Ok(sizes) = nqueens::format::parse_sizes(text, "fuzz") else {
        return Verdict::Rejected;
    };
    for (line, n) in sizes {
        assert!(line >= 1);
        assert!(
            (1..=nqueens::format::MAX_SIZE).contains(&n),
            "size {n} accepted"
        );
    }
    Verdict::Accepted
}

/// Alpha-beta trees, one per line; on every parsed tree alpha-beta's score equals minimax's and
/// it examines no more leaves. Accepted when some line is a tree.
pub fn alphabeta_tree(data: &[u8]) -> Verdict {
    let Some(text) = text(data) else {
        return Verdict::NotText;
    };
    let mut trees = 0;
    for (_, _, line) in gametree::graph_lines(text) {
        if let Ok(tree) = gametree::GameTree::from_line(line) {
            trees += 1;
            let pruned = gametree::solve(&tree);
            let full = gametree::solve_minimax(&tree);
            assert_eq!(
                pruned.score, full.score,
                "alpha-beta differs from minimax on {line}"
            );
            assert!(pruned.leaves_examined <= full.leaves_examined);
        }
    }
    Verdict::of(trees > 0)
}

/// Maze grids (rows of four-character wall cells).
pub fn maze_grid(data: &[u8]) -> Verdict {
    text(data).map_or(Verdict::NotText, |text| {
        Verdict::of(maze::Grid::parse(text, "fuzz").is_ok())
    })
}

/// Labelled graph files of the search platform.
pub fn maze_graph(data: &[u8]) -> Verdict {
    text(data).map_or(Verdict::NotText, |text| {
        Verdict::of(maze::parse_graphs(text, "fuzz").is_ok())
    })
}

/// Kalah position files; a parsed position is a board, and its printed file parses back to
/// the same position.
pub fn kalah_position(data: &[u8]) -> Verdict {
    let Some(text) = text(data) else {
        return Verdict::NotText;
    };
    let Ok(setup) = kalah::Setup::parse(text, "fuzz") else {
        return Verdict::Rejected;
    };
    let written = setup.format();
    let again = kalah::Setup::parse(&written, "again")
        .unwrap_or_else(|e| panic!("a written position does not parse: {e}\n{written}"));
    assert_eq!(again, setup, "the position file does not round-trip");
    let board = setup
        .board(kalah::Rules::default())
        .unwrap_or_else(|e| panic!("an accepted position is no board: {e}"));
    assert_eq!(board.total_stones(), setup.seeds());
    Verdict::Accepted
}

#[cfg(test)]
mod tests {
    use super::{TARGETS, Verdict, check, text};

    #[test]
    fn text_is_the_bytes_when_they_are_utf8() {
        assert_eq!(text(b"A B 3\n"), Some("A B 3\n"));
        assert_eq!(text(b""), Some(""));
        assert_eq!(text(b"\xff\xfe"), None);
    }

    #[test]
    #[should_panic(expected = "no fuzz target `nonesuch`")]
    fn an_unknown_target_panics() {
        check("nonesuch", b"");
    }

    /// `check` runs the named target: each sees bad UTF-8 as no text (the text formats) or
    /// refuses it (the byte formats), and a well-formed input of its own format is accepted.
    #[test]
    fn check_runs_the_named_target() {
        let bytes_formats = ["road_map", "power_grid", "power_queries"];
        for (name, _) in TARGETS {
            let expected = if bytes_formats.contains(name) {
                Verdict::Rejected
            } else {
                Verdict::NotText
            };
            assert_eq!(check(name, b"\xff\xfe\xfd\n"), expected, "{name}");
        }
        let good: [(&str, &[u8]); 4] = [
            ("road_map", b"A B 3\nB C 4\n"),
            ("heuristic", b"A 3\nB 0\n"),
            ("power_queries", b"Delhi Mumbai\nKolkata Chennai\n"),
            ("alphabeta_tree", b"{(A,MAX),(B,MIN)} {(A,B),(B,3)}\n"),
        ];
        for (name, data) in good {
            assert_eq!(check(name, data), Verdict::Accepted, "{name}");
        }
        // Distinct formats: a heuristic table is no road map.
        assert_eq!(check("road_map", b"A 3\nB 0\n"), Verdict::Rejected);
    }
}
