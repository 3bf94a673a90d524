//! The game searches against slower obvious implementations written here: a recursive minimax
//! and alpha-beta that count positions the way the library documents (the counters included),
//! the engine's fail-soft window contract and its table entries checked against the exact
//! values, on small random game trees.

mod common;

use common::{Node, Tree, oracle_minimax, random_tree};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use search_core::games::{
    Bound, Engine, EngineGame, GameStats, INFINITY, ParallelEngine, UNLIMITED, Value, alpha_beta,
    minimax,
};

/// The textbook recursive search: minimax when `prune` is off, alpha-beta (cut at
/// `alpha >= beta`, the first best move kept) when on. Returns the value and the first best
/// move, and counts every call as a node and every static evaluation as a leaf.
fn reference(
    tree: &Tree,
    id: usize,
    depth: Option<u32>,
    (mut alpha, mut beta): (Value, Value),
    prune: bool,
    stats: &mut GameStats,
) -> (Value, Option<usize>) {
    stats.nodes += 1;
    if depth == Some(0) || tree.children[id].is_empty() {
        stats.leaves += 1;
        return (tree.value[id], None);
    }
    let max = tree.max[id];
    let mut best = if max { Value::MIN } else { Value::MAX };
    let mut best_move = None;
    for &child in &tree.children[id] {
        let (v, _) = reference(
            tree,
            child,
            depth.map(|d| d - 1),
            (alpha, beta),
            prune,
            stats,
        );
        if (max && v > best) || (!max && v < best) {
            best = v;
            best_move = Some(child);
        }
        if max {
            alpha = alpha.max(best);
        } else {
            beta = beta.min(best);
        }
        if prune && alpha >= beta {
            break;
        }
    }
    (best, best_move)
}

/// `tree`'s exact value of node `id` at `depth` (`UNLIMITED`: to the end), from the view of the
/// side to move there.
fn mover_value(tree: &Tree, id: usize, depth: u32) -> Value {
    let depth = (depth != UNLIMITED).then_some(depth);
    let sign = if tree.max[id] { 1 } else { -1 };
    oracle_minimax(tree, id, depth) * sign
}

/// Every table entry of the engine agrees with the exact value at its depth: an exact entry is
/// the value, a lower bound is at most the value, an upper bound at least; an exact or lower
/// entry's best move achieves its value.
fn check_table(tree: &Tree, probe: impl Fn(u64) -> Option<search_core::games::Entry>) {
    for id in 0..tree.children.len() {
        let Some(entry) = probe(id as u64) else {
            continue;
        };
        let truth = mover_value(tree, id, entry.depth);
        match entry.bound {
            Bound::Exact => assert_eq!(entry.value, truth, "node {id} {entry:?}"),
            Bound::Lower => assert!(entry.value <= truth, "node {id} {entry:?} {truth}"),
            Bound::Upper => assert!(entry.value >= truth, "node {id} {entry:?} {truth}"),
        }
        assert!(entry.work >= 1, "node {id} {entry:?}");
        if entry.bound == Bound::Upper {
            continue;
        }
        let index = usize::from(entry.best.expect("an inner node's best move"));
        let child = tree.children[id][index];
        let child_depth = if entry.depth == UNLIMITED {
            UNLIMITED
        } else {
            entry.depth - 1
        };
        let same_side = tree.max[child] == tree.max[id];
        let score = mover_value(tree, child, child_depth) * if same_side { 1 } else { -1 };
        if entry.bound == Bound::Exact {
            assert_eq!(score, entry.value, "node {id} {entry:?}");
        } else {
            assert!(score >= entry.value, "node {id} {entry:?}");
        }
    }
}

/// The fail-soft contract of a search of the window `(alpha, beta)`: exact strictly inside,
/// else a bound on the side it failed; the move achieves the value when it is exact or a
/// fail-high for the side to move.
fn check_window(
    tree: &Tree,
    alpha: Value,
    beta: Value,
    value: Value,
    mv: Option<usize>,
    depth: Option<u32>,
) {
    let truth = oracle_minimax(tree, 0, depth);
    if value <= alpha {
        assert!(truth <= value, "({alpha}, {beta}): {value} vs {truth}");
    } else if value >= beta {
        assert!(truth >= value, "({alpha}, {beta}): {value} vs {truth}");
    } else {
        assert_eq!(value, truth, "({alpha}, {beta})");
    }
    let max = tree.max[0];
    let exact = value > alpha && value < beta;
    let high = (max && value >= beta) || (!max && value <= alpha);
    if (exact || high) && !tree.children[0].is_empty() && depth != Some(0) {
        let mv = mv.expect("a move at an inner root");
        let after = oracle_minimax(tree, mv, depth.map(|d| d - 1));
        if exact {
            assert_eq!(after, value, "({alpha}, {beta})");
        } else if max {
            assert!(after >= value, "({alpha}, {beta})");
        } else {
            assert!(after <= value, "({alpha}, {beta})");
        }
    }
}

proptest! {
    #[test]
    fn minimax_and_alpha_beta_equal_the_textbook_recursion_counters_included(
        tree in random_tree(), depth in prop::option::of(0u32..6),
    ) {
        let root = Node { tree: &tree, id: 0 };
        for (prune, ours) in [(false, minimax(&root, depth)), (true, alpha_beta(&root, depth))] {
            let mut stats = GameStats::default();
            let (value, best_move) = reference(&tree, 0, depth, (-INFINITY, INFINITY), prune, &mut stats);
            prop_assert_eq!(ours.value, value);
            prop_assert_eq!(ours.best_move, best_move);
            prop_assert_eq!(ours.stats, stats, "prune {}", prune);
        }
    }

    #[test]
    fn engine_windows_are_fail_soft_and_its_table_entries_are_sound(
        tree in random_tree(), bits in 0u32..7, depth in prop::option::of(1u32..6),
        windows in prop::collection::vec((-25i32..25, 1i32..12), 1..6),
    ) {
        let root = Node { tree: &tree, id: 0 };
        let mut engine = Engine::new(bits);
        let mut total = GameStats::default();
        for &(alpha, width) in &windows {
            let beta = alpha + width;
            let outcome = engine.search_window(&root, depth, alpha, beta);
            check_window(&tree, alpha, beta, outcome.value, outcome.best_move, depth);
            check_table(&tree, |key| engine.table().probe(key));
            total.add(&outcome.stats);
        }
        // The full window is exact whatever the table holds.
        let full = engine.search_once(&root, depth);
        prop_assert_eq!(full.value, oracle_minimax(&tree, 0, depth));
        check_table(&tree, |key| engine.table().probe(key));
    }

    #[test]
    fn mtdf_converges_to_the_value_with_a_move_that_achieves_it(
        tree in random_tree(), bits in 0u32..7, guess in -25i32..25, depth in prop::option::of(1u32..6),
    ) {
        let root = Node { tree: &tree, id: 0 };
        let mut engine = Engine::new(bits);
        let outcome = engine.mtdf(&root, depth, guess);
        let truth = oracle_minimax(&tree, 0, depth);
        prop_assert_eq!(outcome.value, truth);
        if tree.children[0].is_empty() {
            prop_assert_eq!(outcome.best_move, None);
        } else {
            let mv = outcome.best_move.expect("a move at an inner root");
            prop_assert_eq!(oracle_minimax(&tree, mv, depth.map(|d| d - 1)), truth);
        }
        check_table(&tree, |key| engine.table().probe(key));
    }

    #[test]
    fn deepening_counters_add_up_every_iteration(tree in random_tree(), depth in 1u32..6) {
        let root = Node { tree: &tree, id: 0 };
        let mut engine = Engine::new(10);
        let searched = engine.search(&root, depth);
        // The same iterations one at a time on a fresh engine: depth 0 first, then 1..=depth.
        let mut fresh = Engine::new(10);
        let mut total = fresh.search_once(&root, Some(0)).stats;
        let mut last = None;
        for d in 1..=depth {
            let once = fresh.search_once(&root, Some(d));
            total.add(&once.stats);
            last = Some(once);
            if tree.children[0].is_empty() {
                break;
            }
        }
        let last = last.expect("depth 1 runs");
        prop_assert_eq!(searched.stats, total);
        prop_assert_eq!((searched.value, searched.best_move), (last.value, last.best_move));
    }

    #[test]
    fn the_parallel_engine_on_one_thread_is_the_engine(tree in random_tree(), bits in 0u32..7, depth in 0u32..7, killers: bool) {
        // Below 512 nodes the shared table's packed work counts are exact, so both tables keep
        // the same entries and the searches are the same, counters included.
        let root = Node { tree: &tree, id: 0 };
        let mut parallel = ParallelEngine::new(bits, 1).with_killers(killers);
        prop_assert_eq!(parallel.threads(), 1);
        let mut engine = Engine::new(bits).with_killers(killers);
        // A second search reuses both tables; the engine also keeps its killers from search to
        // search, and the parallel engine does not, so that one is compared without them.
        let again = if killers { vec![depth] } else { vec![depth, depth + 1] };
        for d in again {
            let ours = parallel.search(&root, d);
            prop_assert_eq!(ours, engine.search(&root, d), "depth {}", d);
            prop_assert_eq!(parallel.main_thread_stats(), ours.stats);
        }
    }

    #[test]
    fn the_parallel_engines_shared_table_is_sound(tree in random_tree(), bits in 0u32..7, threads in 1usize..4, depth in 1u32..7) {
        let root = Node { tree: &tree, id: 0 };
        let mut parallel = ParallelEngine::new(bits, threads);
        prop_assert_eq!(parallel.threads(), threads);
        prop_assert_eq!(ParallelEngine::new(bits, 0).threads(), 1);
        let outcome = parallel.search(&root, depth);
        prop_assert_eq!(outcome.value, oracle_minimax(&tree, 0, Some(depth)));
        prop_assert!(outcome.stats.nodes >= parallel.main_thread_stats().nodes);
        prop_assert!(parallel.main_thread_stats().nodes >= 1);
    }
}

/// `solve` adds the warm-up's counters to those of the exact search.
#[test]
fn solve_counts_its_warm_up() {
    let tree = Tree {
        children: vec![vec![1, 2], vec![3, 4], vec![5], vec![], vec![], vec![]],
        max: vec![true, false, true, true, true, false],
        value: vec![0, 0, 0, 4, -2, 7],
    };
    let root = Node { tree: &tree, id: 0 };
    let solved = Engine::new(8).solve(&root);
    let mut engine = Engine::new(8);
    let warm = engine.search(&root, 8);
    let exact = engine.search_once(&root, None);
    let mut stats = warm.stats;
    stats.add(&exact.stats);
    assert_eq!(solved.stats, stats);
    assert_eq!(solved.value, 7);
    assert!(root.key() == 0 && solved.stats.leaves > exact.stats.leaves);
}

/// `clear` forgets the table and the killers: the next search is a fresh engine's, counters
/// included (one thread: the parallel engine is deterministic then).
#[test]
fn a_cleared_engine_searches_like_a_new_one() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    for _ in 0..20 {
        let tree = random_tree()
            .new_tree(&mut runner)
            .expect("a tree")
            .current();
        let root = Node { tree: &tree, id: 0 };
        let mut engine = Engine::new(6);
        let mut parallel = ParallelEngine::new(6, 1);
        for depth in [4, 2] {
            engine.search(&root, depth + 1);
            parallel.search(&root, depth + 1);
            engine.clear();
            parallel.clear();
            for key in 0..tree.children.len() as u64 {
                assert_eq!(engine.table().probe(key), None);
            }
            assert_eq!(
                engine.search(&root, depth),
                Engine::new(6).search(&root, depth)
            );
            assert_eq!(
                parallel.search(&root, depth),
                ParallelEngine::new(6, 1).search(&root, depth)
            );
        }
    }
}

/// MTD(f)'s first test is at the guess clamped to the values a game can take (below
/// `INFINITY`): a guess beyond them searches as the largest one, counters included.
#[test]
fn an_mtdf_guess_beyond_the_values_is_the_largest_value() {
    // Max chooses between 0 and the largest value a game may return.
    let tree = Tree {
        children: vec![vec![1, 2], vec![], vec![]],
        max: vec![true, true, true],
        value: vec![0, 0, INFINITY - 1],
    };
    let root = Node { tree: &tree, id: 0 };
    for depth in [None, Some(1)] {
        let largest = Engine::new(4).mtdf(&root, depth, INFINITY - 1);
        assert_eq!((largest.value, largest.best_move), (INFINITY - 1, Some(2)));
        for guess in [INFINITY, Value::MAX] {
            assert_eq!(Engine::new(4).mtdf(&root, depth, guess), largest, "{guess}");
        }
        let smallest = Engine::new(4).mtdf(&root, depth, -INFINITY + 1);
        assert_eq!(Engine::new(4).mtdf(&root, depth, Value::MIN), smallest);
    }
}

/// The two-slot replacement rule written plainly: slot `key & mask` with its low bit cleared
/// keeps the deeper entry (among equal depths the bigger work), the slot after it takes what
/// the first refuses; storing a key already in the first slot replaces it there.
struct TwoSlots {
    slots: Vec<Option<(u64, search_core::games::Entry)>>,
}

impl TwoSlots {
    fn new(bits: u32) -> Self {
        Self {
            slots: vec![None; 1 << bits],
        }
    }

    fn pair(&self, key: u64) -> [usize; 2] {
        let n = self.slots.len();
        let first = (key % n as u64) as usize / 2 * 2;
        [first, (first + 1) % n]
    }

    fn probe(&self, key: u64) -> Option<search_core::games::Entry> {
        let [first, second] = self.pair(key);
        [first, second]
            .iter()
            .find_map(|&i| self.slots[i].filter(|s| s.0 == key).map(|s| s.1))
    }

    fn store(&mut self, key: u64, entry: search_core::games::Entry) {
        let [first, second] = self.pair(key);
        match self.slots[first] {
            Some((other, old)) if other != key => {
                let stays =
                    old.depth > entry.depth || (old.depth == entry.depth && old.work > entry.work);
                if stays {
                    self.slots[second] = Some((key, entry));
                } else {
                    self.slots[second] = self.slots[first];
                    self.slots[first] = Some((key, entry));
                }
            }
            _ => self.slots[first] = Some((key, entry)),
        }
    }
}

proptest! {
    #[test]
    fn both_tables_follow_the_two_slot_rule(
        bits in 0u32..4,
        stores in prop::collection::vec(
            (0u64..24, prop_oneof![0u32..6, Just(UNLIMITED)], 0u32..1024, -50i32..50, 0usize..3, prop::option::of(0u8..4)),
            1..40,
        ),
    ) {
        let mut model = TwoSlots::new(bits);
        let mut one = search_core::games::TranspositionTable::new(bits);
        let shared = search_core::games::SharedTable::new(bits);
        for &(key, depth, work, value, bound, best) in &stores {
            // Keys far apart in their high bits share slots.
            let key = key.rotate_right(3) ^ key;
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][bound];
            // The shared table keeps work to 9 significant bits (exact below 512, even below
            // 1024): give every table a work it keeps.
            let work = if work < 512 { work } else { work & !1 };
            let entry = search_core::games::Entry { depth, work, value, bound, best };
            model.store(key, entry);
            one.store(key, entry);
            shared.store(key, entry);
            for probe in 0u64..24 {
                let probe = probe.rotate_right(3) ^ probe;
                let expected = model.probe(probe);
                prop_assert_eq!(one.probe(probe), expected, "key {}", probe);
                prop_assert_eq!(shared.probe(probe), expected, "key {}", probe);
            }
        }
        one.clear();
        let mut shared = shared;
        shared.clear();
        for probe in 0u64..24 {
            let probe = probe.rotate_right(3) ^ probe;
            prop_assert_eq!(one.probe(probe), None);
            prop_assert_eq!(shared.probe(probe), None);
        }
    }
}

/// By default ([`EngineGame::use_table`]) the engine writes every inner position with two
/// plies or more to go into its table.
#[test]
fn by_default_the_engine_tables_every_deep_enough_position() {
    // A path of three plies and a leaf beside it.
    let tree = Tree {
        children: vec![vec![1, 2], vec![3], vec![], vec![4], vec![]],
        max: vec![true, false, false, true, false],
        value: vec![0, 0, 5, 0, -3],
    };
    let root = Node { tree: &tree, id: 0 };
    assert!(root.use_table());
    let mut engine = Engine::new(8);
    assert_eq!(engine.search_once(&root, Some(3)).value, 5);
    let tabled: Vec<u64> = (0..5)
        .filter(|&k| engine.table().probe(k).is_some())
        .collect();
    // The root and node 1 (3 and 2 plies to go); node 3 has one ply left, the rest are leaves.
    assert_eq!(tabled, [0, 1]);
    assert_eq!(engine.table().probe(0).map(|e| e.depth), Some(3));
}

thread_local! {
    /// The leaves evaluated, as (root move, move), in order.
    static EVALUATED: std::cell::RefCell<Vec<(u8, u8)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Two plies: Max picks a row of `LEAVES`, Min a column; moves are labels, the same in every
/// row, so a killer found in one row is tried first in the next.
#[derive(Clone, Copy, Debug)]
struct Rows {
    /// The leaves, a row per Max move.
    leaves: &'static [[Value; 3]],
    row: Option<u8>,
    column: Option<u8>,
    /// Whether `solve_small` answers for a row (its exact value, as if it had visited 10
    /// positions).
    solver: bool,
}

const LEAVES: [[Value; 3]; 4] = [[5, 6, 7], [9, 8, 1], [9, 0, 7], [9, 8, 3]];

impl search_core::games::Game for Rows {
    type Move = u8;
    fn to_move(&self) -> search_core::games::Player {
        if self.row.is_none() {
            search_core::games::Player::Max
        } else {
            search_core::games::Player::Min
        }
    }
    fn legal_moves(&self) -> search_core::games::MoveList<u8> {
        match (self.row, self.column) {
            (None, _) => (0..self.leaves.len() as u8).collect(),
            (Some(_), None) => (0..3).collect(),
            _ => search_core::games::MoveList::new(),
        }
    }
    fn play(&self, mv: u8) -> Self {
        match self.row {
            None => Rows {
                row: Some(mv),
                ..*self
            },
            Some(_) => Rows {
                column: Some(mv),
                ..*self
            },
        }
    }
    fn evaluate(&self) -> Value {
        let (row, column) = (self.row.unwrap(), self.column.unwrap());
        EVALUATED.with(|e| e.borrow_mut().push((row, column)));
        self.leaves[usize::from(row)][usize::from(column)]
    }
}

impl EngineGame for Rows {
    fn key(&self) -> u64 {
        u64::from(self.row.map_or(0, |r| r + 1)) * 4 + u64::from(self.column.map_or(0, |c| c + 1))
    }

    fn solve_small(&self, _alpha: Value, _beta: Value) -> Option<(Value, u64)> {
        let row = self.row.filter(|_| self.solver && self.column.is_none())?;
        let min = self.leaves[usize::from(row)].iter().min().copied()?;
        // Min is to move: its view of the row's value.
        Some((-min, 10))
    }
}

/// The leaves one search evaluates, in order, the same at every depth from 2; the counters
/// are a node per position entered and a leaf per evaluation.
fn evaluated(killers: bool) -> Vec<(u8, u8)> {
    let root = Rows {
        leaves: &LEAVES,
        row: None,
        column: None,
        solver: false,
    };
    let mut seen = Vec::new();
    for depth in [Some(2), Some(3), None] {
        EVALUATED.with(|e| e.borrow_mut().clear());
        let outcome = Engine::new(6)
            .with_killers(killers)
            .search_once(&root, depth);
        assert_eq!((outcome.value, outcome.best_move), (5, Some(0)));
        let leaves = EVALUATED.with(|e| e.take());
        let n = leaves.len() as u64;
        assert_eq!(
            outcome.stats,
            GameStats {
                nodes: 1 + 4 + n,
                leaves: n
            },
            "{depth:?}"
        );
        seen.push(leaves);
    }
    assert!(seen.iter().all(|s| *s == seen[0]));
    seen.swap_remove(0)
}

/// A position the game solves itself counts as a leaf and as the positions the game says it
/// visited.
#[test]
fn solve_small_answers_count_the_positions_they_visited() {
    let root = Rows {
        leaves: &LEAVES,
        row: None,
        column: None,
        solver: true,
    };
    EVALUATED.with(|e| e.borrow_mut().clear());
    let solved = Engine::new(6).search_once(&root, None);
    // Rows 1 to 3 (values 1, 0, 3) fail low below row 0's 5: each row answered once.
    assert_eq!((solved.value, solved.best_move), (5, Some(0)));
    assert_eq!(
        solved.stats,
        GameStats {
            nodes: 1 + 4 * 10,
            leaves: 4
        }
    );
    assert!(EVALUATED.with(|e| e.take()).is_empty());
    // A limited depth never asks the game.
    let limited = Engine::new(6).search_once(&root, Some(2));
    assert_eq!(
        limited.stats.leaves,
        EVALUATED.with(|e| e.take()).len() as u64
    );
}

/// The killers of a ply are the last two moves that cut there, the latest first, and are
/// searched first at that ply (after the table's move).
#[test]
fn killer_moves_are_searched_first_latest_first() {
    // Row 0 sets alpha to 5. Row 1 is cut by column 2 (1 <= 5): killers [2]. Row 2 tries 2
    // first (7), then 0 and 1, cut by 1 (0 <= 5): killers [1, 2]. Row 3 tries 1 (8), then 2,
    // which cuts (3 <= 5).
    let with = evaluated(true);
    let rows = |r: u8, columns: &[u8]| columns.iter().map(move |&c| (r, c)).collect::<Vec<_>>();
    let expected = [
        rows(0, &[0, 1, 2]),
        rows(1, &[0, 1, 2]),
        rows(2, &[2, 0, 1]),
        rows(3, &[1, 2]),
    ]
    .concat();
    assert_eq!(with, expected);
    // Without killers every row is searched in the game's order.
    let without = evaluated(false);
    let plain = [
        rows(0, &[0, 1, 2]),
        rows(1, &[0, 1, 2]),
        rows(2, &[0, 1]),
        rows(3, &[0, 1, 2]),
    ]
    .concat();
    assert_eq!(without, plain);
}

/// The same search again is answered by the table below the root: each row's entry, exact or
/// a bound on the right side of the window, cuts at once; the root itself is searched (it
/// needs its best move).
#[test]
fn a_search_repeated_at_the_same_depth_is_cut_by_the_table_below_the_root() {
    let root = Rows {
        leaves: &LEAVES,
        row: None,
        column: None,
        solver: false,
    };
    for depth in [Some(3), None] {
        let mut engine = Engine::new(6);
        let first = engine.search_once(&root, depth);
        let again = engine.search_once(&root, depth);
        assert_eq!(
            (again.value, again.best_move),
            (first.value, first.best_move)
        );
        assert_eq!(
            again.stats,
            GameStats {
                nodes: 5,
                leaves: 0
            },
            "{depth:?}"
        );
        // One ply less is another search: nothing is cut.
        if let Some(d) = depth {
            let shallower = engine.search_once(&root, Some(d - 1));
            assert!(shallower.stats.leaves > 0);
        }
    }
}

/// The leaves evaluated by one search of the window `(alpha, beta)` two plies deep, and its
/// value.
fn evaluated_in(
    leaves: &'static [[Value; 3]],
    alpha: Value,
    beta: Value,
) -> (Vec<(u8, u8)>, Value) {
    let root = Rows {
        leaves,
        row: None,
        column: None,
        solver: false,
    };
    EVALUATED.with(|e| e.borrow_mut().clear());
    let mut engine = Engine::new(6).with_killers(false);
    let outcome = engine.search_window(&root, Some(2), alpha, beta);
    let seen = EVALUATED.with(|e| e.take());
    assert_eq!(outcome.stats.leaves, seen.len() as u64);
    // The root's entry counts the positions searched below it.
    let entry = engine
        .table()
        .probe(root.key())
        .expect("the root is tabled");
    assert_eq!(u64::from(entry.work), outcome.stats.nodes - 1);
    (seen, outcome.value)
}

/// Principal variation search: the first move gets the node's window; a later one a null
/// window at alpha first, searched again with the full window only when the answer lands
/// strictly inside `(alpha, beta)`.
#[test]
fn a_later_move_is_searched_again_only_when_its_null_window_answer_is_inside() {
    const TIE: [[Value; 3]; 2] = [[5, 6, 7], [7, 5, 8]];
    // Row 1 answers 5 = alpha to the null window (5, 6): a fail low, not searched again.
    let (seen, value) = evaluated_in(&TIE, -INFINITY, INFINITY);
    assert_eq!(value, 5);
    assert_eq!(seen, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]);
    const HIGH: [[Value; 3]; 2] = [[5, 6, 7], [9, 8, 6]];
    // Row 1 answers 6 to (5, 6): at beta = 6 the node fails high, nothing to search again.
    let (seen, value) = evaluated_in(&HIGH, 0, 6);
    assert_eq!(value, 6);
    assert_eq!(seen, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
    // With room above, 6 is inside the window: row 1 is searched again, with its own later
    // columns (8, then 6, each better for Min) probed and searched again in turn.
    let (seen, value) = evaluated_in(&HIGH, 0, 10);
    assert_eq!(value, 6);
    assert_eq!(seen[6..], [(1, 0), (1, 1), (1, 1), (1, 2), (1, 2)]);
}

/// The table's best move is searched first: a deeper search of the same root starts with the
/// row the shallower one found best.
#[test]
fn the_tables_move_is_searched_first() {
    const BEST_LAST: [[Value; 3]; 3] = [[1, 2, 3], [2, 2, 2], [4, 5, 6]];
    let root = Rows {
        leaves: &BEST_LAST,
        row: None,
        column: None,
        solver: false,
    };
    let mut engine = Engine::new(6).with_killers(false);
    assert_eq!(engine.search_once(&root, Some(2)).best_move, Some(2));
    EVALUATED.with(|e| e.borrow_mut().clear());
    let again = engine.search_once(&root, Some(3));
    assert_eq!((again.value, again.best_move), (4, Some(2)));
    let seen = EVALUATED.with(|e| e.take());
    assert_eq!(seen[0], (2, 0));
    // Rows 0 and 1 fail low at their first column after that.
    assert_eq!(seen, [(2, 0), (2, 1), (2, 2), (0, 0), (1, 0)]);
}

/// Every position with the same key (the worst collisions): an entry of another position may
/// name a move index beyond this position's moves, which is ignored.
#[derive(Clone, Copy, Debug)]
struct OneKey(Rows);

impl search_core::games::Game for OneKey {
    type Move = u8;
    fn to_move(&self) -> search_core::games::Player {
        self.0.to_move()
    }
    fn legal_moves(&self) -> search_core::games::MoveList<u8> {
        self.0.legal_moves()
    }
    fn play(&self, mv: u8) -> Self {
        OneKey(self.0.play(mv))
    }
    fn evaluate(&self) -> Value {
        self.0.evaluate()
    }
}

impl EngineGame for OneKey {
    fn key(&self) -> u64 {
        0
    }
}

#[test]
fn a_colliding_entrys_move_beyond_the_moves_is_ignored() {
    // The root's best row is its fourth (index 3); a row has three columns.
    const FOURTH: [[Value; 3]; 4] = [[1, 1, 1], [2, 2, 2], [3, 3, 3], [9, 9, 9]];
    let root = OneKey(Rows {
        leaves: &FOURTH,
        row: None,
        column: None,
        solver: false,
    });
    let mut engine = Engine::new(4);
    // Two plies with beta = 5: a fail high on row 3, the root's entry a lower bound of 9 with
    // move index 3 (the rows are below the table's depth).
    let first = engine.search_window(&root, Some(2), -INFINITY, 5);
    assert_eq!((first.value, first.best_move), (9, Some(3)));
    // Three plies: row 3, searched first, finds that entry under its own key, at its own
    // remaining depth but of no use in its window; its index 3 names no column.
    let again = engine.search_once(&root, Some(3));
    assert!(again.best_move.is_some());
}

/// The shared table packs depths into 8 bits: a finite depth above 254 is not stored (255 is
/// the packed unlimited depth), so it can never pass for an unlimited search.
#[test]
fn the_shared_table_stores_no_finite_depth_above_254() {
    let table = search_core::games::SharedTable::new(4);
    let entry = |depth| search_core::games::Entry {
        depth,
        work: 3,
        value: 1,
        bound: Bound::Exact,
        best: Some(0),
    };
    for (key, depth) in [(1u64, 254u32), (2, UNLIMITED)] {
        table.store(key, entry(depth));
        assert_eq!(table.probe(key), Some(entry(depth)));
    }
    for (key, depth) in [(3u64, 255u32), (4, 256), (5, 300), (6, UNLIMITED - 1)] {
        table.store(key, entry(depth));
        assert_eq!(table.probe(key), None, "depth {depth}");
    }
}
