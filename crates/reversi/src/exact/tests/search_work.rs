//! What the exact search does at a node besides finding its value: the table's move searched
//! first and only once, principal-variation search over the children, enhanced transposition
//! cut-offs only above [`TABLE_EMPTIES`] empty squares, and a parallel search's putting off of
//! the children another thread is searching. Checked through what a search leaves behind (its
//! node count, the table's entries, the busy marks) against models written here, on positions
//! where the model does not depend on the order of the moves the keys decide.

use super::super::search::{Candidate, ETC_EMPTIES, Search, Shared, TABLE_EMPTIES, UNKNOWN};
use super::super::table::{Table, position_key};
use super::super::{EmptiesToWinner, Root, root};
use crate::board::Board;
use crate::position::Position;
use search_core::games::{Budget, BusySet, busy_mark};
use std::sync::atomic::AtomicBool;

/// The mover's and the opponent's masks of `position`.
fn masks<const N: usize>(position: &Position<N>) -> (u64, u64) {
    let side = position.to_move();
    let board = position.board();
    (board.mask(side), board.mask(side.opponent()))
}

/// The moves of `position` (which must have one): each square's bit and the child's masks
/// (the opponent to move), by square index.
fn children<const N: usize>(position: &Position<N>) -> Vec<(u64, (u64, u64))> {
    position
        .placements()
        .map(|s| (s.bit(), masks(&position.place(s).expect("a placement"))))
        .collect()
}

/// The value for the parent of its move to `child`, searched in the parent's window
/// `(alpha, beta)` by a fresh search, and the positions it visits. (Below [`TABLE_EMPTIES`]
/// a search never reads or writes the table: the same as inside the parent's search.)
fn child_search<const N: usize>(child: (u64, u64), (alpha, beta): (i32, i32)) -> (i32, u64) {
    let table = Table::new(4);
    let mut search = Search::<N, EmptiesToWinner>::new(&table, Budget::default(), None, false);
    let value = search.search(child.0, child.1, -beta, -alpha);
    (-value, search.nodes)
}

/// The exact value of a position by a fresh search.
fn exact_value<const N: usize>((own, opp): (u64, u64)) -> i32 {
    let squares = (N * N) as i32;
    let table = Table::new(12);
    Search::<N, EmptiesToWinner>::new(&table, Budget::default(), None, false)
        .search(own, opp, -squares, squares)
}

/// Principal-variation search written plainly over `children` in this order: the first in the
/// full window, the others with a null window at alpha and searched again in `(probe, beta)`
/// when the probe lands strictly inside; fail-soft. The value, the index of the best move (the
/// first of the best values) and the positions visited below the node.
fn plain_pvs<const N: usize>(
    children: &[(u64, u64)],
    (mut alpha, beta): (i32, i32),
) -> (i32, usize, u64) {
    let (mut best, mut at, mut nodes) = (i32::MIN, 0, 0);
    for (i, &child) in children.iter().enumerate() {
        let (probe, n) = if i == 0 {
            child_search::<N>(child, (alpha, beta))
        } else {
            child_search::<N>(child, (alpha, alpha + 1))
        };
        nodes += n;
        let mut value = probe;
        if i > 0 && beta - alpha > 1 && probe > alpha && probe < beta {
            let (again, n) = child_search::<N>(child, (probe, beta));
            (value, nodes) = (again, nodes + n);
        }
        if value > best {
            (best, at) = (value, i);
            alpha = alpha.max(value);
            if value >= beta {
                break;
            }
        }
    }
    (best, at, nodes)
}

/// The value, best move (0: not told) and positions of a search of a position with
/// [`TABLE_EMPTIES`] empty squares whose table entry holds the move `hint` (no bound), by the
/// model: the table's move first and alone when it reaches beta, then the others; `None` when
/// the order the keys give the others matters (more than one in a wide window, or one
/// reaching beta in a null window).
fn model<const N: usize>(
    moves: &[(u64, (u64, u64))],
    hint: u64,
    (alpha, beta): (i32, i32),
) -> Option<(i32, u64, u64)> {
    let first = moves.iter().filter(|m| m.0 == hint);
    let ordered: Vec<(u64, (u64, u64))> = first
        .chain(moves.iter().filter(|m| m.0 != hint))
        .copied()
        .collect();
    let children: Vec<(u64, u64)> = ordered.iter().map(|m| m.1).collect();
    if ordered[0].0 == hint {
        let (value, nodes) = child_search::<N>(children[0], (alpha, beta));
        if value >= beta || ordered.len() == 1 {
            return Some((value, hint, 1 + nodes));
        }
    }
    // The table's move and one other, or a single move: no order for the keys to choose.
    if ordered.len() == 1 || (ordered.len() == 2 && ordered[0].0 == hint) {
        let (value, at, nodes) = plain_pvs::<N>(&children, (alpha, beta));
        return Some((value, ordered[at].0, 1 + nodes));
    }
    // A null window where every move fails low: each child searched once in it, any order.
    if beta - alpha > 1 {
        return None;
    }
    let searched: Vec<(i32, u64)> = children
        .iter()
        .map(|&c| child_search::<N>(c, (alpha, beta)))
        .collect();
    let best = searched.iter().map(|s| s.0).max().expect("a move");
    let nodes = 1 + searched.iter().map(|s| s.1).sum::<u64>();
    (best < beta).then_some((best, 0, nodes))
}

/// The windows a position of value `truth` on a board of `squares` squares is searched in: open,
/// null ones on each side of the value and at it, narrow and wide ones around it and ending at it (where
/// a probe can land on beta), some with `alpha + beta == 1` or `alpha == 0`.
fn windows(truth: i32, squares: i32) -> Vec<(i32, i32)> {
    let mut out = vec![(-squares, squares), (-3, 4), (0, 5), (0, 1), (-1, 0)];
    for d in [-4, -1, 0, 1, 3] {
        out.push((truth + d, truth + d + 1));
    }
    for (a, b) in [
        (-1, 1),
        (-2, 2),
        (-6, 3),
        (-2, 9),
        (1, 4),
        (-4, -1),
        (-3, 0),
        (-8, 0),
    ] {
        out.push((truth + a, truth + b));
    }
    out.into_iter()
        .filter(|&(a, b)| -squares <= a && b <= squares)
        .collect()
}

/// Searches of `N`x`N` positions with [`TABLE_EMPTIES`] empty squares, their table entry
/// holding each of their moves in turn (and an occupied square, and no entry), in many windows:
/// the value, the positions visited and the move stored are the model's wherever it tells
/// them; the node is stored, its children (below [`TABLE_EMPTIES`]) are not. The number of
/// searches the model told.
fn check_table_move<const N: usize>(seeds: std::ops::Range<u64>) -> usize {
    let squares = (N * N) as i32;
    let mut told = 0;
    for seed in seeds {
        let position = Position::<N>::random_line(seed, TABLE_EMPTIES as usize);
        let (own, opp) = masks(&position);
        let n = (Board::<N>::MASK & !(own | opp)).count_ones();
        if n != TABLE_EMPTIES || position.placements().is_empty() {
            continue;
        }
        let moves = children(&position);
        let truth = exact_value::<N>((own, opp));
        let occupied = (own | opp).trailing_zeros() as u8;
        let hints = moves
            .iter()
            .map(|m| Some(m.0.trailing_zeros() as u8))
            .chain([Some(occupied), None]);
        for hint in hints {
            for window in windows(truth, squares) {
                told += usize::from(check_search::<N>((own, opp), &moves, hint, window));
            }
        }
    }
    told
}

/// One search of [`check_table_move`]'s: whether the model told its result.
fn check_search<const N: usize>(
    (own, opp): (u64, u64),
    moves: &[(u64, (u64, u64))],
    hint: Option<u8>,
    (alpha, beta): (i32, i32),
) -> bool {
    let squares = (N * N) as i32;
    let table = Table::new(12);
    if let Some(square) = hint {
        table.store(
            own,
            opp,
            TABLE_EMPTIES,
            ((-squares, squares), false),
            square,
        );
    }
    let mut search = Search::<N, EmptiesToWinner>::new(&table, Budget::default(), None, false);
    let value = search.search(own, opp, alpha, beta);
    let what = format!("{N}: {own:x} {opp:x} {hint:?} ({alpha}, {beta})");
    for (_, (o, p)) in moves {
        assert!(
            table.probe(*o, *p).is_none(),
            "{what}: child {o:x} {p:x} stored"
        );
    }
    if let Some(bound) = crate::stability::upper_bound_at_most::<N>(own, opp, alpha) {
        assert_eq!((value, search.nodes), (bound, 1), "{what}");
        return true;
    }
    let hint_bit = hint.map_or(0, |s| 1u64 << s);
    let Some((expected, best, nodes)) = model::<N>(moves, hint_bit, (alpha, beta)) else {
        return false;
    };
    assert_eq!((value, search.nodes), (expected, nodes), "{what}");
    let entry = table.probe(own, opp).expect("the node is stored");
    let lower = if value > alpha { value } else { -squares };
    let upper = if value < beta { value } else { squares };
    let stored = (i32::from(entry.lower), i32::from(entry.upper));
    assert_eq!(stored, (lower, upper), "{what}");
    if best != 0 {
        assert_eq!(entry.best, best.trailing_zeros() as u8, "{what}");
    }
    true
}

/// The table's move is searched first, alone when it reaches beta, and not again among the
/// other moves; the others are searched by PVS, each child with the moves the ordering found
/// (the same positions as a fresh search of it).
#[test]
fn the_table_move_is_searched_first_and_once() {
    let told = [
        check_table_move::<4>(0..30),
        check_table_move::<6>(0..30),
        check_table_move::<8>(0..40),
    ];
    assert!(told.iter().all(|&t| t > 100), "{told:?}");
}

/// Enhanced transposition cut-offs: above [`ETC_EMPTIES`] empty squares a child's stored upper
/// bound proving beta answers before any child is searched (one position visited, shown with a
/// made-up bound the search would not find); at [`ETC_EMPTIES`] no child is looked up first:
/// the search enters a child (the made-up bound cuts only when its child's turn comes).
#[test]
fn children_are_looked_up_only_above_etc_empties() {
    let mut tried = [0; 2];
    for seed in 0..16 {
        for n in [ETC_EMPTIES, ETC_EMPTIES + 1] {
            let position = Position::<8>::random_line(seed, n as usize);
            let (own, opp) = masks(&position);
            if (own | opp).count_ones() != 64 - n || position.placements().is_empty() {
                continue;
            }
            let truth = exact_value::<8>((own, opp));
            let (alpha, beta) = (truth + 1, truth + 2);
            if crate::stability::upper_bound_at_most::<8>(own, opp, alpha).is_some() {
                continue;
            }
            for (_, (o, p)) in children(&position) {
                let table = Table::new(12);
                table.store(o, p, n - 1, ((-64, -beta), false), 64);
                let mut search =
                    Search::<8, EmptiesToWinner>::new(&table, Budget::default(), None, false);
                let value = search.search(own, opp, alpha, beta);
                let what = format!("{n}: {own:x} {opp:x} child {o:x} {p:x}: {value}");
                if n > ETC_EMPTIES {
                    assert_eq!((value, search.nodes), (beta, 1), "{what}");
                } else {
                    assert!(search.nodes > 1, "{what}");
                }
                tried[(n - ETC_EMPTIES) as usize] += 1;
            }
        }
    }
    assert!(tried.iter().all(|&t| t > 20), "{tried:?}");
}

/// From this many empty squares on, the parallel searches of these tests put off busy children
/// (a solve's threads do from `SPLIT_EMPTIES` on, further from the end, where these tests'
/// exact values would take too long).
const SPLIT_EMPTIES: u32 = 10;

/// A single-thread search of `(own, opp)` in `(beta - 1, beta)` sharing `busy` as a parallel
/// search does, its table holding the move `hint` (no bound): its value and the moves whose
/// child it searched (stored in the table).
fn shared_search(
    (own, opp): (u64, u64),
    moves: &[(u64, (u64, u64))],
    hint: u64,
    beta: i32,
    busy: &BusySet,
) -> (i32, Vec<u64>) {
    let n = 64 - (own | opp).count_ones();
    let table = Table::new(16);
    table.store(own, opp, n, ((-64, 64), false), hint.trailing_zeros() as u8);
    let (value, _) = with_one_thread(&table, busy, |search| {
        search.search(own, opp, beta - 1, beta)
    });
    let searched = moves
        .iter()
        .filter(|(_, (o, p))| table.probe(*o, *p).is_some())
        .map(|m| m.0)
        .collect();
    (value, searched)
}

/// The mark another thread leaves on the child `(o, p)` it searches in the parent's window
/// ending at `beta`.
fn mark((o, p): (u64, u64), beta: i32) -> u64 {
    busy_mark(position_key(o, p), beta as u32)
}

/// A parallel search from [`SPLIT_EMPTIES`] empty squares on (below, it ignores the marks)
/// searches the first move (the table's) even when another thread marked its child, puts off a
/// later marked child (a later move reaching beta answers, the marked one is never searched),
/// and searches a put-off child in a second pass when no other move reaches beta. The other
/// thread's mark stays (the search removes only its own).
#[test]
fn a_parallel_search_puts_off_the_children_another_thread_searches() {
    let mut tried = [0; 2];
    for seed in 0..40 {
        for n in SPLIT_EMPTIES - 1..=SPLIT_EMPTIES + 1 {
            let position = Position::<8>::random_line(seed, n as usize);
            if let Some(split) = check_split(&position) {
                tried[usize::from(split)] += 1;
            }
        }
    }
    assert!(tried.iter().all(|&t| t >= 5), "{tried:?}");
}

/// One position of the parallel search's test (`None`: not suited): whether it splits.
fn check_split(position: &Position<8>) -> Option<bool> {
    let (own, opp) = masks(position);
    let n = 64 - (own | opp).count_ones();
    let moves = children(position);
    if n < TABLE_EMPTIES + 1 || moves.len() < 3 {
        return None;
    }
    let values: Vec<i32> = moves.iter().map(|m| -exact_value::<8>(m.1)).collect();
    // The table's move: the worst; beta: the second best of the others.
    let worst = (0..moves.len()).min_by_key(|&i| values[i]).expect("moves");
    let hint = moves[worst].0;
    let mut others: Vec<i32> = (0..moves.len())
        .filter(|&i| i != worst)
        .map(|i| values[i])
        .collect();
    others.sort_unstable_by(|a, b| b.cmp(a));
    let beta = others[1];
    // Every child is stored after its search in a window ending at either beta: no pass nor
    // stability cut-off at its root.
    let suited = |(o, p): (u64, u64)| {
        crate::rules::moves(o, p, Board::<8>::MASK) != 0
            && [-beta, -others[0]]
                .iter()
                .all(|&a| crate::stability::upper_bound_at_most::<8>(o, p, a).is_none())
    };
    if beta <= values[worst] || others[0] == others[1] || !moves.iter().all(|m| suited(m.1)) {
        return None;
    }
    let split = n >= SPLIT_EMPTIES;
    let what = format!("{position:?}");
    check_marked_runs(
        (own, opp),
        &moves,
        &values,
        (hint, [beta, others[0]]),
        split,
        &what,
    );
    Some(split)
}

/// The runs of [`check_split`] on `(own, opp)` whose `moves` have the `values`, the table's
/// move `hint`, in the null windows ending at `betas` (the second best and the best value of
/// the other moves), splitting or not.
fn check_marked_runs(
    (own, opp): (u64, u64),
    moves: &[(u64, (u64, u64))],
    values: &[i32],
    (hint, [beta, best]): (u64, [i32; 2]),
    split: bool,
    what: &str,
) {
    let child = |bit: u64| moves.iter().find(|m| m.0 == bit).expect("a move").1;
    let reach = |bit: u64| values[moves.iter().position(|m| m.0 == bit).expect("a move")] >= beta;
    // A search with the child of `bit` marked (by another thread) in the window ending at
    // `beta`: its value, the moves searched, whether the other thread's mark stays.
    let marked = |bit: u64, beta: i32| {
        let busy = BusySet::new(20);
        busy.insert(mark(child(bit), beta));
        let (value, searched) = shared_search((own, opp), moves, hint, beta, &busy);
        (value, searched, busy.contains(mark(child(bit), beta)))
    };
    // Unmarked: the table's move, then others up to one reaching beta.
    let (value, searched) = shared_search((own, opp), moves, hint, beta, &BusySet::new(20));
    let reaching: Vec<u64> = searched.iter().copied().filter(|&b| reach(b)).collect();
    assert!(
        value >= beta && searched.contains(&hint) && reaching.len() == 1,
        "{what}"
    );
    // The table's move marked: searched all the same.
    let (value, run, stays) = marked(hint, beta);
    assert_eq!(
        (value >= beta, run, stays),
        (true, searched, true),
        "{what}"
    );
    // The first move reaching beta marked: put off, another answers.
    let (value, run, stays) = marked(reaching[0], beta);
    assert_eq!(
        (value >= beta, run.contains(&reaching[0]), stays),
        (true, !split, true),
        "{what}"
    );
    // In (best - 1, best) only the best reaches: marked, it is searched in the second pass.
    let top = moves[values.iter().position(|&v| v == best).expect("the best")].0;
    let (value, run, stays) = marked(top, best);
    assert_eq!(
        (value >= best, run.contains(&top), stays),
        (true, true, true),
        "{what}"
    );
}

/// [`Search::pvs_moves`] over the moves of `(own, opp)` keyed `keys` (lower first), in
/// `window`, by a single thread sharing `busy` with a fresh table (the first move put off too
/// if marked and `share_first`): its value and best move, and the positions visited.
fn pvs_keyed(
    (own, opp): (u64, u64),
    moves: &[(u64, (u64, u64))],
    keys: &[i32],
    window: (i32, i32),
    (busy, share_first): (&BusySet, bool),
) -> ((i32, u64), u64) {
    let mut list: Vec<Candidate> = moves
        .iter()
        .zip(keys)
        .map(|(&(bit, (o, _)), &key)| Candidate {
            key,
            bit,
            flipped: opp & !o,
            replies: UNKNOWN,
        })
        .collect();
    with_one_thread(&Table::new(16), busy, |search| {
        search.pvs_moves((own, opp), window, &mut list, (i32::MIN, 0), share_first)
    })
}

/// `run` with a search of a parallel solve's thread sharing `busy` (from `SPLIT_EMPTIES` on)
/// and `table`: what it returns, and the positions visited.
fn with_one_thread<R>(
    table: &Table,
    busy: &BusySet,
    run: impl FnOnce(&mut Search<'_, 8, EmptiesToWinner>) -> R,
) -> (R, u64) {
    let done = AtomicBool::new(false);
    let shared = Shared {
        busy,
        done: &done,
        split_from: SPLIT_EMPTIES,
    };
    let mut search =
        Search::<8, EmptiesToWinner>::new(table, Budget::default(), Some(shared), false);
    let result = run(&mut search);
    (result, search.nodes)
}

/// A put-off child is searched after all the others, in the second pass, exactly as if it had
/// been ordered last (the same value, best move and positions); the first move is put off only
/// when the root shares it out. Below [`SPLIT_EMPTIES`] the marks are ignored. The other
/// thread's mark stays either way.
#[test]
fn a_put_off_child_is_searched_as_if_ordered_last() {
    let mut tried = [0; 2];
    for seed in 0..12 {
        for n in SPLIT_EMPTIES - 1..=SPLIT_EMPTIES + 1 {
            let position = Position::<8>::random_line(seed, n as usize);
            let (own, opp) = masks(&position);
            let moves = children(&position);
            if (own | opp).count_ones() != 64 - n || moves.len() < 3 {
                continue;
            }
            // Every move fails low: all are searched.
            let truth = exact_value::<8>((own, opp));
            let window = (truth + 1, truth + 2);
            let split = n >= SPLIT_EMPTIES;
            let by_index: Vec<i32> = (0..moves.len() as i32).collect();
            let unmarked = (&BusySet::new(20), false);
            let plain = pvs_keyed((own, opp), &moves, &by_index, window, unmarked);
            let cases = [0, 1, moves.len() - 1].map(|x| [(x, false), (x, true)]);
            for (x, share_first) in cases.into_iter().flatten() {
                let busy = BusySet::new(20);
                let marked = mark(moves[x].1, window.1);
                busy.insert(marked);
                let run = pvs_keyed((own, opp), &moves, &by_index, window, (&busy, share_first));
                let mut last = by_index.clone();
                last[x] = 100;
                let expected = if split && (x > 0 || share_first) {
                    pvs_keyed((own, opp), &moves, &last, window, unmarked)
                } else {
                    plain
                };
                let what = format!("{position:?} {x} {share_first}");
                assert_eq!(run, expected, "{what}");
                assert!(run.0.0 <= truth, "{what}");
                assert!(busy.contains(marked), "{what}");
            }
            tried[usize::from(split)] += 1;
        }
    }
    assert!(tried.iter().all(|&t| t >= 5), "{tried:?}");
}

/// Moves of equal keys are searched in the list's order (the squares' order the ordering
/// lists them in): equal keys give the search that keys by index gives, which the order of the
/// moves changes (the reverse order visits other positions somewhere).
#[test]
fn moves_of_equal_keys_are_searched_in_list_order() {
    let mut differ = 0;
    for seed in 0..8 {
        let position = Position::<8>::random_line(seed, 10);
        let (own, opp) = masks(&position);
        let moves = children(&position);
        if moves.len() < 3 {
            continue;
        }
        let count = moves.len() as i32;
        let by_index: Vec<i32> = (0..count).collect();
        let reversed: Vec<i32> = (0..count).rev().collect();
        let busy = (&BusySet::new(20), false);
        let plain = pvs_keyed((own, opp), &moves, &by_index, (-64, 64), busy);
        let equal = pvs_keyed((own, opp), &moves, &vec![0; moves.len()], (-64, 64), busy);
        assert_eq!(equal, plain, "{position:?}");
        let backwards = pvs_keyed((own, opp), &moves, &reversed, (-64, 64), busy);
        assert_eq!(backwards.0.0, plain.0.0, "{position:?}");
        differ += usize::from(backwards.1 != plain.1);
    }
    assert!(differ >= 5, "{differ}");
}

/// The root of a solve's test on one thread sharing `busy` with a fresh table (sharing out from
/// `SPLIT_EMPTIES` on) in `window`, expecting `expected`: its value and the positions visited.
fn root_run(
    (own, opp): (u64, u64),
    window: (i32, i32),
    busy: &BusySet,
    expected: Root,
) -> (i32, u64) {
    let ((value, _), nodes) = with_one_thread(&Table::new(16), busy, |search| {
        root(search, (own, opp), window, expected)
    });
    (value, nodes)
}

/// A test expected to fail low shares out the root's moves from the first on: with one child
/// marked by another thread, it searches as a test expected to reach beta does, but for the
/// first move, which only it puts off (the other ignores that mark and searches as if none
/// were there). Unmarked, the two are the same search. The roots have 14 empty squares: only
/// enhanced transposition cut-offs (above [`ETC_EMPTIES`], on transpositions four plies down)
/// make the positions visited depend on the order of the root's moves.
#[test]
fn a_root_expected_to_fail_low_puts_off_its_first_move_too() {
    assert_eq!(Root::expected(1, 0), Root::All);
    assert_eq!(
        [Root::expected(0, 0), Root::expected(-3, 0)],
        [Root::Cut; 2]
    );
    let (mut differ, mut as_unmarked) = (0, [0, 0]);
    for seed in 0..20 {
        let position = Position::<8>::random_line(seed, 14);
        let (own, opp) = masks(&position);
        let moves = children(&position);
        if (own | opp).count_ones() != 50 || moves.len() < 3 {
            continue;
        }
        // Every move fails low: all are searched.
        let truth = exact_value::<8>((own, opp));
        let window = (truth + 1, truth + 2);
        let unmarked = BusySet::new(20);
        let plain = root_run((own, opp), window, &unmarked, Root::Cut);
        assert_eq!(root_run((own, opp), window, &unmarked, Root::All), plain);
        let mut here = 0;
        for &(_, child) in &moves {
            let busy = BusySet::new(20);
            busy.insert(mark(child, window.1));
            let (cut, all) = (
                root_run((own, opp), window, &busy, Root::Cut),
                root_run((own, opp), window, &busy, Root::All),
            );
            assert!(cut.0 <= truth && all.0 <= truth, "{position:?}");
            here += usize::from(cut != all);
            as_unmarked[0] += usize::from(cut == plain);
            as_unmarked[1] += usize::from(all == plain);
        }
        assert!(
            here <= 1,
            "only the first move is put off differently: {position:?}"
        );
        differ += here;
    }
    assert!(differ >= 5, "{differ}");
    // Where the two differ, the search expecting a cut is the one that ignored the mark.
    assert_eq!(as_unmarked[0], as_unmarked[1] + differ, "{as_unmarked:?}");
}
