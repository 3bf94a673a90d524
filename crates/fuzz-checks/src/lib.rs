//! What fuzzing checks on every parser of the workspace, in one place: the fuzz targets of
//! `fuzz/` call these functions on libFuzzer's inputs, and `cargo test` replays the stored
//! corpora (`fuzz/corpus/<target>/`) and arbitrary bytes (proptest) through the same functions on
//! the stable toolchain.
//!
//! Each check takes arbitrary bytes and panics only when a property fails: a parser panicked, a
//! parsed game file does not round-trip, alpha-beta disagrees with minimax. Errors are fine.
//!
//! ```
//! fuzz_checks::check("connect4_game", b"0000000\n0000000\n0000000\n0000000\n0000000\n0000000\n1\n");
//! fuzz_checks::check("alphabeta_tree", b"{(A,MAX),(B,MIN)} {(A,B),(B,3)}");
//! fuzz_checks::check("nqueens_sizes", b"\xff");
//! ```

/// A check: panics when a property fails on the bytes.
pub type Check = fn(&[u8]);

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
pub fn check(target: &str, data: &[u8]) {
    let (_, f) = TARGETS
        .iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no fuzz target `{target}`"));
    f(data);
}

/// The bytes as text, when they are UTF-8 (text parsers take `&str`).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// Road maps (`City1 City2 distance` lines), from bytes.
pub fn road_map(data: &[u8]) {
    if let Ok(map) = route::RoadMap::parse_bytes(data, "fuzz") {
        assert!(map.city_count() <= data.len(), "more cities than bytes");
    }
}

/// Heuristic tables (`City value` lines).
pub fn heuristic(data: &[u8]) {
    if let Some(text) = text(data) {
        let _ = route::Heuristic::parse(text, "fuzz");
    }
}

/// Power grid files; a parsed grid is preprocessed for queries too.
pub fn power_grid(data: &[u8]) {
    if let Ok(grid) = powergrid::Grid::from_reader(data, "fuzz") {
        let _ = grid.preprocess();
    }
}

/// Query streams against a fixed grid (the assignment's figure 1).
pub fn power_queries(data: &[u8]) {
    const GRID: &str = "4\n4\nDelhi\nKolkata\nChennai\nMumbai\nDelhi Kolkata\nDelhi Chennai\nDelhi Mumbai\nMumbai Chennai\n";
    let grid = powergrid::Grid::parse(GRID, "grid").expect("the fixed grid parses");
    let index = grid.preprocess();
    let mut out = Vec::new();
    let mut errors = 0;
    let failed = powergrid::answer_queries(&index, data, "fuzz", &mut out, |_| errors += 1)
        .expect("writing to memory cannot fail");
    assert_eq!(failed, errors, "every failed query is reported once");
}

/// Max-Connect4 game files; a parsed game round-trips through the file format.
pub fn connect4_game(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(position) = connect4::format::parse_game(text, "fuzz") {
        let written = connect4::format::game_file(&position);
        let again = connect4::format::parse_game(&written, "again")
            .unwrap_or_else(|e| panic!("a written game file does not parse: {e}"));
        assert_eq!(again, position, "the game file does not round-trip");
    }
}

/// Othello (COL106) position files, 8x8.
pub fn othello_position(data: &[u8]) {
    if let Some(text) = text(data) {
        let _ = reversi::format::parse_position::<8>(text, "fuzz");
    }
}

/// FForum/OBF lines (64 squares, the side to move, move values). A parsed position prints back
/// as a line that parses to the same position.
pub fn obf_line(data: &[u8]) {
    if let Some(text) = text(data)
        && let Ok(problem) = reversi::obf::parse_line(text)
    {
        let printed = reversi::obf::line(&problem.position);
        let again = reversi::obf::parse_line(&printed).expect("a printed line parses");
        assert_eq!(again.position, problem.position, "{printed}");
    }
}

/// Reversi Tiny boards (4x4 strings of 0/1/2).
pub fn reversi_board(data: &[u8]) {
    if let Some(text) = text(data) {
        let _ = reversi::format::parse_tiny::<4>(text);
    }
}

/// N-Queens size files; every accepted size is within the stated limit.
pub fn nqueens_sizes(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(sizes) = nqueens::format::parse_sizes(text, "fuzz") {
        for (line, n) in sizes {
            assert!(line >= 1);
            assert!(
                (1..=nqueens::format::MAX_SIZE).contains(&n),
                "size {n} accepted"
            );
        }
    }
}

/// Alpha-beta trees, one per line; on every parsed tree alpha-beta's score equals minimax's and
/// it examines no more leaves.
pub fn alphabeta_tree(data: &[u8]) {
    let Some(text) = text(data) else { return };
    for (_, _, line) in gametree::graph_lines(text) {
        if let Ok(tree) = gametree::GameTree::from_line(line) {
            let pruned = gametree::solve(&tree);
            let full = gametree::solve_minimax(&tree);
            assert_eq!(
                pruned.score, full.score,
                "alpha-beta differs from minimax on {line}"
            );
            assert!(pruned.leaves_examined <= full.leaves_examined);
        }
    }
}

/// Maze grids (rows of four-character wall cells).
pub fn maze_grid(data: &[u8]) {
    if let Some(text) = text(data) {
        let _ = maze::Grid::parse(text, "fuzz");
    }
}

/// Labelled graph files of the search platform.
pub fn maze_graph(data: &[u8]) {
    if let Some(text) = text(data) {
        let _ = maze::parse_graphs(text, "fuzz");
    }
}

/// Kalah position files; a parsed position is a board, and its printed file parses back to
/// the same position.
pub fn kalah_position(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(setup) = kalah::Setup::parse(text, "fuzz") {
        let written = setup.format();
        let again = kalah::Setup::parse(&written, "again")
            .unwrap_or_else(|e| panic!("a written position does not parse: {e}\n{written}"));
        assert_eq!(again, setup, "the position file does not round-trip");
        let board = setup
            .board(kalah::Rules::default())
            .unwrap_or_else(|e| panic!("an accepted position is no board: {e}"));
        assert_eq!(board.total_stones(), setup.seeds());
    }
}
