//! Property tests: the board against a naive stone-by-stone model, chain generation, and the
//! engine against plain alpha-beta.

use crate::{Board, CaptureRule, Chain, EndRule, Rules, chains};
use proptest::prelude::*;
use search_core::{games::Engine, games::Game, games::Player, games::alpha_beta};

/// A position reached by playing `choices` (each picks among the legal pots) from the start.
fn playout(rules: Rules, first: Player, choices: &[usize]) -> Board {
    let mut board = Board::new(rules, first);
    for &choice in choices {
        let legal: Vec<usize> = board.legal_pots().collect();
        if legal.is_empty() {
            break;
        }
        board = board.play_pot(legal[choice % legal.len()]);
    }
    board
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (4u32..=6, 1u32..=5, 0usize..3, any::<bool>()).prop_map(|(pots, stones, capture, end)| {
        Rules::new(pots, stones)
            .expect("small variant")
            .with_capture(
                [
                    CaptureRule::Always,
                    CaptureRule::OppositeNonEmpty,
                    CaptureRule::Never,
                ][capture],
            )
            .with_end(if end {
                EndRule::EitherSideEmpty
            } else {
                EndRule::MoverSideEmpty
            })
    })
}

fn position_strategy() -> impl Strategy<Value = Board> {
    (
        rules_strategy(),
        any::<bool>(),
        prop::collection::vec(0usize..8, 0..60),
    )
        .prop_map(|(rules, max_first, choices)| {
            let first = if max_first { Player::Max } else { Player::Min };
            playout(rules, first, &choices)
        })
}

/// The naive model: a ring of named slots, sown one stone at a time. Returns the rows and
/// kalahs before the end-of-game rule, where the last stone landed, and the captured count.
struct Naive {
    /// (owner, is_kalah, stones), in sowing order starting with Min's pot 0.
    ring: Vec<(Player, bool, u32)>,
    last_slot: usize,
}

fn naive_sow(board: &Board, pot: usize) -> Naive {
    let p = board.pots();
    let mut ring = Vec::new();
    for side in [Player::Min, Player::Max] {
        for i in 0..p {
            ring.push((side, false, u32::from(board.pot(side, i))));
        }
        ring.push((side, true, u32::from(board.kalah(side))));
    }
    let mover = board.to_move();
    let start = if mover == Player::Min {
        pot
    } else {
        p + 1 + pot
    };
    let mut hand = ring[start].2;
    ring[start].2 = 0;
    let mut at = start;
    while hand > 0 {
        at = (at + 1) % ring.len();
        let (owner, is_kalah, _) = ring[at];
        if is_kalah && owner != mover {
            continue;
        }
        ring[at].2 += 1;
        hand -= 1;
    }
    let (owner, is_kalah, stones) = ring[at];
    if !is_kalah && owner == mover && stones == 1 {
        // Opposite pot: same distance from the other end of the row.
        let index_in_row = if mover == Player::Min { at } else { at - p - 1 };
        let opposite = if mover == Player::Min {
            p + 1 + (p - 1 - index_in_row)
        } else {
            p - 1 - index_in_row
        };
        let take = match board.rules().capture {
            CaptureRule::Always => true,
            CaptureRule::OppositeNonEmpty => ring[opposite].2 > 0,
            CaptureRule::Never => false,
        };
        if take {
            let kalah = if mover == Player::Min { p } else { 2 * p + 1 };
            ring[kalah].2 += ring[at].2 + ring[opposite].2;
            ring[at].2 = 0;
            ring[opposite].2 = 0;
        }
    }
    Naive {
        ring,
        last_slot: at,
    }
}

impl Naive {
    /// The stones in `side`'s pits (its kalah left out).
    fn row(&self, side: Player) -> u32 {
        self.ring
            .iter()
            .filter(|(o, k, _)| *o == side && !*k)
            .map(|s| s.2)
            .sum()
    }
}

/// Every legal sowing of `board` agrees with the naive model: the pits, the free turn, the side
/// to move next and the end of the game.
fn sowing_agrees_with_the_naive_model(board: &Board) -> Result<(), TestCaseError> {
    for pot in board.legal_pots() {
        let (after, sowing) = board.sow(pot);
        let naive = naive_sow(board, pot);
        // Stones are conserved.
        prop_assert_eq!(after.total_stones(), board.total_stones());
        let next = turn_agrees(board, &after, &sowing, &naive)?;
        end_agrees(board, &after, &naive, next)?;
        pits_agree(board, &after, &naive)?;
    }
    Ok(())
}

/// A free turn exactly when the last stone lands in the mover's kalah (and the game goes on);
/// the side to move next, which is returned.
fn turn_agrees(
    board: &Board,
    after: &Board,
    sowing: &crate::Sowing,
    naive: &Naive,
) -> Result<Player, TestCaseError> {
    let mover = board.to_move();
    let (owner, is_kalah, _) = naive.ring[naive.last_slot];
    let in_own_kalah = is_kalah && owner == mover;
    prop_assert_eq!(sowing.last_in_own_kalah, in_own_kalah);
    prop_assert_eq!(sowing.free_turn, in_own_kalah && !after.is_over());
    let next = if in_own_kalah {
        mover
    } else {
        mover.opponent()
    };
    if !after.is_over() {
        prop_assert_eq!(after.to_move(), next);
    }
    Ok(next)
}

/// The game ends exactly when one side is empty (or the side to move next, by the rule), and
/// then every row is empty and no pot is legal.
fn end_agrees(
    board: &Board,
    after: &Board,
    naive: &Naive,
    next: Player,
) -> Result<(), TestCaseError> {
    let ends = match board.rules().end {
        EndRule::EitherSideEmpty => naive.row(Player::Min) == 0 || naive.row(Player::Max) == 0,
        EndRule::MoverSideEmpty => naive.row(next) == 0,
    };
    prop_assert_eq!(after.is_over(), ends);
    if after.is_over() {
        prop_assert_eq!(
            after.row_stones(Player::Min) + after.row_stones(Player::Max),
            0
        );
        prop_assert_eq!(after.legal_pots().count(), 0);
    } else {
        prop_assert!(after.legal_pots().count() > 0);
    }
    Ok(())
}

/// Every pit and kalah agrees with the naive model (after the end-of-game collection).
fn pits_agree(board: &Board, after: &Board, naive: &Naive) -> Result<(), TestCaseError> {
    let p = board.pots();
    for side in [Player::Min, Player::Max] {
        let offset = if side == Player::Min { 0 } else { p + 1 };
        let collected = if after.is_over() { naive.row(side) } else { 0 };
        prop_assert_eq!(
            u32::from(after.kalah(side)),
            naive.ring[offset + p].2 + collected
        );
        for i in 0..p {
            let want = if after.is_over() {
                0
            } else {
                naive.ring[offset + i].2
            };
            prop_assert_eq!(u32::from(after.pot(side, i)), want);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sowing_matches_the_naive_model(board in position_strategy()) {
        sowing_agrees_with_the_naive_model(&board)?;
    }

    #[test]
    fn chains_are_complete_valid_and_distinct(board in position_strategy()) {
        let moves = chains(&board);
        prop_assert_eq!(moves.is_empty(), board.is_over());
        let mut finals = Vec::new();
        for &chain in &moves {
            let mut position = board;
            let pots: Vec<usize> = chain.pots().collect();
            for (i, &pot) in pots.iter().enumerate() {
                prop_assert!(position.is_legal(pot));
                let (next, sowing) = position.sow(pot);
                prop_assert_eq!(sowing.free_turn, i + 1 < pots.len(), "{}", chain);
                position = next;
            }
            prop_assert_eq!(position.total_stones(), board.total_stones());
            finals.push(*position.pits());
        }
        let count = finals.len();
        finals.sort_unstable();
        finals.dedup();
        prop_assert_eq!(finals.len(), count, "duplicate final positions");
        // Every final position of a naive enumeration (no deduplication) is covered.
        let mut stack = vec![(board, Chain::EMPTY)];
        let mut reached = Vec::new();
        while let Some((position, chain)) = stack.pop() {
            for pot in position.legal_pots() {
                let (next, sowing) = position.sow(pot);
                let longer = chain.then(pot).expect("short chains");
                if sowing.free_turn {
                    stack.push((next, longer));
                } else {
                    reached.push(*next.pits());
                }
            }
        }
        reached.sort_unstable();
        reached.dedup();
        prop_assert_eq!(reached, finals);
    }

    #[test]
    fn engine_value_equals_alpha_beta(board in position_strategy(), depth in 1u32..=4) {
        let reference = alpha_beta(&board, Some(depth));
        let mut engine = Engine::new(12);
        let outcome = engine.search(&board, depth);
        prop_assert_eq!(outcome.value, reference.value);
        if let Some(best) = outcome.best_move {
            // The engine's move achieves the value.
            let child = board.play(best);
            let child_value = alpha_beta(&child, Some(depth - 1)).value;
            prop_assert_eq!(child_value, reference.value);
        }
    }
}

/// Pots holding one, two or more laps of stones (rarely reached by the random playouts), on
/// every board size and rule set, against the naive model: the lap shortcut of [`Board::sow`]
/// must give the stone-by-stone result.
#[test]
fn laps_match_the_naive_model() {
    let captures = [
        CaptureRule::Always,
        CaptureRule::OppositeNonEmpty,
        CaptureRule::Never,
    ];
    let ends = [EndRule::EitherSideEmpty, EndRule::MoverSideEmpty];
    for pots in 1..=8u8 {
        let p = usize::from(pots);
        let cycle = 2 * p + 1;
        for (k, (&capture, &end)) in captures
            .iter()
            .flat_map(|c| ends.iter().map(move |e| (c, e)))
            .enumerate()
        {
            let rules = Rules::new(u32::from(pots), 1)
                .unwrap()
                .with_capture(capture)
                .with_end(end);
            for big in [
                cycle - 1,
                cycle,
                cycle + 1,
                2 * cycle,
                2 * cycle + 1,
                3 * cycle + p,
            ] {
                for pot in 0..p {
                    // The other pots: empty or one stone, varied with the pot and the rules.
                    let row = |salt: usize| -> Vec<u8> {
                        (0..p).map(|i| u8::from((i + salt + k) % 3 == 0)).collect()
                    };
                    let mut mine = row(pot);
                    mine[pot] = u8::try_from(big).unwrap();
                    let theirs = row(pot + 1);
                    for mover in [Player::Max, Player::Min] {
                        let (max, min) = if mover == Player::Max {
                            (&mine, &theirs)
                        } else {
                            (&theirs, &mine)
                        };
                        let board = Board::from_parts(rules, max, 3, min, 2, mover).unwrap();
                        if let Err(e) = sowing_agrees_with_the_naive_model(&board) {
                            panic!("{board:?}: {e}");
                        }
                    }
                }
            }
        }
    }
}

/// The four rule sets of the exact solver's tests: both capture rules that the published
/// results use, both end rules.
const SOLVER_RULES: [(CaptureRule, EndRule); 4] = [
    (CaptureRule::Always, EndRule::EitherSideEmpty),
    (CaptureRule::OppositeNonEmpty, EndRule::EitherSideEmpty),
    (CaptureRule::Always, EndRule::MoverSideEmpty),
    (CaptureRule::OppositeNonEmpty, EndRule::MoverSideEmpty),
];

/// Databases of 4- and 5-pot boards with at most 9 seeds, one per rule set, built once.
fn databases() -> &'static Vec<crate::EndgameDb> {
    static DBS: std::sync::OnceLock<Vec<crate::EndgameDb>> = std::sync::OnceLock::new();
    DBS.get_or_init(|| {
        let mut dbs = Vec::new();
        for pots in [4, 5] {
            for (capture, end) in SOLVER_RULES {
                let rules = Rules::new(pots, 1)
                    .expect("small variant")
                    .with_capture(capture)
                    .with_end(end);
                dbs.push(crate::EndgameDb::build(rules, 9, &mut |_, _| {}));
            }
        }
        dbs
    })
}

/// Random rows with at most `max` seeds in all: (mover's row, opponent's row).
fn rows_strategy(pots: usize, max: u32) -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    prop::collection::vec(0u8..=4, 2 * pots).prop_map(move |mut houses| {
        // Drop seeds from the end until at most `max` are left.
        while houses.iter().map(|&h| u32::from(h)).sum::<u32>() > max {
            let last = houses.iter().rposition(|&h| h > 0).unwrap_or(0);
            houses[last] -= 1;
        }
        let opponent = houses.split_off(pots);
        (houses, opponent)
    })
}

/// The value of a position by plain alpha-beta over the chain model (a board with empty
/// kalahs and Max to move).
fn plain_value(rules: Rules, mover: &[u8], opponent: &[u8]) -> i32 {
    let board =
        Board::from_parts(rules, mover, 0, opponent, 0, Player::Max).expect("a valid position");
    alpha_beta(&board, None).value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every database entry looked up equals plain alpha-beta's value of the position.
    #[test]
    fn database_entries_equal_plain_search(
        which in 0usize..8,
        rows in (4usize..=5).prop_flat_map(|p| rows_strategy(p, 9)),
    ) {
        let (mover, opponent) = rows;
        let p = mover.len();
        let db = &databases()[(p - 4) * 4 + which % 4];
        let pos = crate::Position::from_rows(&mover, &opponent);
        let want = plain_value(db.rules(), &mover, &opponent);
        prop_assert_eq!(db.value(&pos), Some(want), "{:?} {:?}", mover, opponent);
    }

    /// The exact solver with and without a database, on one to three threads, equals plain
    /// alpha-beta on positions larger than the database.
    #[test]
    fn exact_solver_equals_plain_search(
        which in 0usize..4,
        rows in rows_strategy(4, 16),
    ) {
        let (mover, opponent) = rows;
        let db = &databases()[which];
        let rules = db.rules();
        let want = plain_value(rules, &mover, &opponent);
        let pos = crate::Position::from_rows(&mover, &opponent);
        for (with_db, threads) in [(None, 1), (Some(db), 1), (None, 2), (Some(db), 3)] {
            let mut solver = crate::ExactSolver::new(rules, 12, with_db).with_threads(threads);
            let exact = solver.solve(&pos, 0, &mut |_| {}).expect("no budget");
            prop_assert_eq!(exact.value, want, "{} threads", threads);
            // The best house achieves the value.
            if let Some(house) = exact.best {
                let step = pos.play(house, rules);
                let child = crate::ExactSolver::new(rules, 12, None)
                    .solve(&step.next, 0, &mut |_| {})
                    .expect("no budget")
                    .value;
                let gain = i32::from(step.gain);
                prop_assert_eq!(if step.again { gain + child } else { gain - child }, want);
            }
        }
    }
}
