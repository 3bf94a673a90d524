//! Exact endgame solving: the final disc margin with perfect play and a best move, for any
//! position of any size, by a dedicated bitboard search (not search-core's engine).
//!
//! Margins are for the side to move. How the empty squares left when neither side can move
//! count is the solver's [`Counting`]: by default they go to the winner ([`EmptiesToWinner`],
//! as the FForum problems count); [`Solver::discs_only`] counts discs only ([`DiscsOnly`], as
//! COL106's `boardScore` and [`solve`](crate::solve()) do). The two agree whenever the game ends
//! on a full board.
//!
//! The search is fail-soft alpha-beta with principal-variation search, a transposition table,
//! fastest-first move ordering, stability cut-offs and parity ordering near the end (see the
//! `search` submodule); at the root, one move per class of children that are images of each
//! other under the board's symmetries. Far from the end (8x8, [`PRESEARCH_EMPTIES`] or more
//! empty squares), a selective search with probable cut-offs finds the likely value first: the
//! exact search starts its tests there and sorts by the moves it found, never cutting on its
//! bounds. [`Solver::with_threads`] searches on several threads sharing one table. A [`Solver`] keeps its table from one call to the next
//! (every stored bound is a fact about the position under its counting), so a playing engine
//! that solves move after move reuses its work.
//!
//! # Example
//!
//! ```
//! use reversi::exact::{self, Solver};
//! use search_core::games::{Bounds, Budget, Mtdf};
//! use reversi::{Move, obf};
//!
//! // FForum #1: Black to move wins by 18 with G8.
//! let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X;";
//! let position = obf::parse_line(line).unwrap().position;
//! let solved = exact::solve_exact(&position);
//! assert_eq!(solved.margin, 18);
//! assert_eq!(solved.best_move, Some(Move::Place(obf::parse_square("g8").unwrap())));
//!
//! // The same with a reusable table: a budget too small gives up, win/loss/draw is cheaper.
//! let mut solver = Solver::new(16);
//! let tiny = Budget::nodes(10);
//! assert_eq!(solver.solve_within(&position, tiny), None);
//! let verdict = solver.win_loss_draw(&position, Budget::default()).unwrap();
//! assert_eq!(verdict.margin, 1); // a win
//! ```

mod search;
mod table;
#[cfg(test)]
mod tests;

use crate::position::{Move, Position};
use crate::square::Square;
use search::{Candidate, Search, Shared};
use search_core::games::BusySet;
use search_core::games::{Bounds, Budget, Mtdf};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use table::Table;

/// How the squares left empty at the end of a game count in its final margin.
pub trait Counting: Copy + Default + std::fmt::Debug + Send + Sync + 'static {
    /// The final margin of a side with `own` discs against `opp` discs and `empties` squares
    /// left empty.
    fn margin(own: i32, opp: i32, empties: i32) -> i32;
}

/// The empty squares go to the winner, a draw stays 0: the World Othello Federation's rule,
/// FForum's problems and Edax.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EmptiesToWinner;

impl Counting for EmptiesToWinner {
    #[inline]
    fn margin(own: i32, opp: i32, empties: i32) -> i32 {
        match own.cmp(&opp) {
            std::cmp::Ordering::Greater => own - opp + empties,
            std::cmp::Ordering::Less => own - opp - empties,
            std::cmp::Ordering::Equal => 0,
        }
    }
}

/// Discs only, the empty squares count for nobody: COL106's `boardScore` and the 4x4 and 6x6
/// starts' solves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DiscsOnly;

impl Counting for DiscsOnly {
    #[inline]
    fn margin(own: i32, opp: i32, _empties: i32) -> i32 {
        own - opp
    }
}

/// The answer of a solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved<const N: usize> {
    /// The side to move's final margin (empty squares to the winner); for
    /// [`Solver::win_loss_draw`] only its sign: 1 win, 0 draw, -1 loss.
    pub margin: i32,
    /// A move reaching that margin: a placement, [`Move::Pass`] when the side to move must
    /// pass, `None` when the game is over.
    pub best_move: Option<Move<N>>,
    /// Positions visited.
    pub nodes: u64,
}

/// An exact solver with its transposition table, counting final margins by `C`.
#[derive(Debug, Clone)]
pub struct Solver<C = EmptiesToWinner> {
    table: Table,
    threads: usize,
    /// From this many empty squares on, the threads share out the moves; a root with fewer is
    /// searched on one thread.
    split_from: u32,
    counting: PhantomData<C>,
}

/// From this many empty squares on (8x8), a selective search finds the likely value first.
pub const PRESEARCH_EMPTIES: usize = 18;

/// The default table: 2^20 entries (32 MB).
pub const DEFAULT_TABLE_BITS: u32 = 20;

impl<C: Counting> Default for Solver<C> {
    fn default() -> Self {
        Self::with_table(DEFAULT_TABLE_BITS)
    }
}

impl Solver {
    /// A solver whose table holds `2^table_bits` entries (`table_bits` clamped to 1..=30; 32
    /// bytes an entry); the empty squares left at the end go to the winner.
    #[must_use]
    pub fn new(table_bits: u32) -> Self {
        Self::with_table(table_bits)
    }
}

impl Solver<DiscsOnly> {
    /// [`Solver::new`] counting discs only: the empty squares left at the end count for nobody.
    ///
    /// ```
    /// use reversi::Position;
    /// use reversi::exact::Solver;
    /// // 4x4 Othello: White wins 11-3 with perfect play, two squares left empty.
    /// let solved = Solver::discs_only(16).solve(&Position::<4>::start());
    /// assert_eq!(solved.margin, -8);
    /// assert_eq!(Solver::new(16).solve(&Position::<4>::start()).margin, -10);
    /// ```
    #[must_use]
    pub fn discs_only(table_bits: u32) -> Self {
        Self::with_table(table_bits)
    }
}

impl<C: Counting> Solver<C> {
    fn with_table(table_bits: u32) -> Self {
        Self {
            table: Table::new(table_bits),
            threads: 1,
            split_from: search::SPLIT_EMPTIES,
            counting: PhantomData,
        }
    }

    /// This solver searching on `threads` threads (at least 1; 1 by default) sharing its table.
    /// Every thread searches each null-window test, putting off the moves another thread is
    /// searching (all but the first, or, in a test above the last value found, which most
    /// likely fails low, the root's first move too); the first to finish answers. The value is the same as on one thread (every
    /// thread's search is exact and every bound in the table a fact); the best move may be
    /// another of the same value, and the node count (all threads') varies from run to run.
    ///
    /// The threads share out the moves from 18 empty squares on; a position with fewer is
    /// searched on one thread, where more would only repeat its work (positions of 14 to 17
    /// empty squares took two threads 13-27% longer than one).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// This solver's threads sharing out the moves from `empties` empty squares on (18 by
    /// default), so that the unit tests run the parallel search on small positions.
    #[cfg(test)]
    pub(crate) fn split_from(mut self, empties: u32) -> Self {
        self.split_from = empties;
        self
    }

    /// The exact margin of `position` and a best move.
    pub fn solve<const N: usize>(&mut self, position: &Position<N>) -> Solved<N> {
        self.solve_within(position, Budget::default())
            .expect("an unlimited budget always finishes")
    }

    /// [`solve`](Self::solve) under `budget`: `None` when the budget runs out first.
    ///
    /// A sequence of null-window tests "is the margin at least beta?", starting with "is it a
    /// win?" and closing in on the value from the bounds each test proves (MTD(f)); the table
    /// carries the work from one test to the next.
    pub fn solve_within<const N: usize>(
        &mut self,
        position: &Position<N>,
        budget: Budget,
    ) -> Option<Solved<N>> {
        self.mtdf(position, budget, 1, |_, _| {})
    }

    /// [`solve_within`](Self::solve_within) with the first test at `guess`, calling
    /// `report(beta, answer)` after each exact null-window test "is the margin at least
    /// `beta`?".
    ///
    /// On 8x8 boards with [`PRESEARCH_EMPTIES`] or more empty squares, a selective search
    /// (probable cut-offs, see the `search` submodule) first finds a likely value; the exact
    /// tests start from it, and the best moves it stored order them. Its bounds are kept apart
    /// in the table: no exact search cuts on them.
    pub(crate) fn mtdf<const N: usize>(
        &mut self,
        position: &Position<N>,
        budget: Budget,
        mut guess: i32,
        mut report: impl FnMut(i32, &Solved<N>),
    ) -> Option<Solved<N>> {
        self.table.new_search();
        // One clock for every test.
        let budget = Budget {
            deadline: budget.stop_at(std::time::Instant::now()),
            time: None,
            ..budget
        };
        let mut nodes = 0;
        if N == 8 && position.board().empties().len() >= PRESEARCH_EMPTIES {
            let likely = self.close_in(position, budget, guess, true, |_, _| {})?;
            (guess, nodes) = (likely.margin, likely.nodes);
        }
        let left = Budget {
            nodes: budget.nodes.map(|max| max.saturating_sub(nodes)),
            ..budget
        };
        let solved = self.close_in(position, left, guess, false, &mut report)?;
        Some(Solved {
            nodes: nodes + solved.nodes,
            ..solved
        })
    }

    /// The MTD(f) loop from `guess`: null-window tests closing in on the value, exact or
    /// `selective`, reporting each test.
    fn close_in<const N: usize>(
        &mut self,
        position: &Position<N>,
        budget: Budget,
        guess: i32,
        selective: bool,
        mut report: impl FnMut(i32, &Solved<N>),
    ) -> Option<Solved<N>> {
        let squares = (N * N) as i32;
        let all = Bounds {
            lower: -squares,
            upper: squares,
        };
        let mut mtdf = Mtdf::new(all, guess, 1);
        let (mut nodes, mut last) = (0, guess);
        let mut best_move = None;
        while let Some(beta) = mtdf.next_beta() {
            let left = Budget {
                nodes: budget.nodes.map(|max| max.saturating_sub(nodes)),
                ..budget
            };
            let expected = Root::expected(beta, last);
            let tested = self.window(position, (beta - 1, beta), left, selective, expected)?;
            last = tested.margin;
            nodes += tested.nodes;
            report(beta, &tested);
            if mtdf.record(beta, tested.margin) {
                best_move = tested.best_move;
            } else {
                // Only a pass or the end of the game fails low with its best move.
                best_move = best_move.or(tested.best_move);
            }
        }
        Some(Solved {
            margin: mtdf.value().expect("MTD(f) runs until the bounds meet"),
            best_move,
            nodes,
        })
    }

    /// Whether the side to move wins (margin 1), draws (0) or loses (-1) with perfect play,
    /// with a move that does as well; faster than the exact margin. `None` when `budget` runs
    /// out first.
    pub fn win_loss_draw<const N: usize>(
        &mut self,
        position: &Position<N>,
        budget: Budget,
    ) -> Option<Solved<N>> {
        let solved = self.solve_window(position, -1, 1, budget)?;
        Some(Solved {
            margin: solved.margin.signum(),
            ..solved
        })
    }

    /// The fail-soft value of `position` in the window `alpha < margin < beta`: exact strictly
    /// inside it, otherwise a bound on the same side (at most `alpha`, or at least `beta`),
    /// with a move that reaches it (any move, if every move fails low). `None` when `budget`
    /// runs out first.
    pub fn solve_window<const N: usize>(
        &mut self,
        position: &Position<N>,
        alpha: i32,
        beta: i32,
        budget: Budget,
    ) -> Option<Solved<N>> {
        self.table.new_search();
        self.window(position, (alpha, beta), budget, false, Root::Cut)
    }

    /// [`solve_window`](Self::solve_window) within the current search (the table's entries of
    /// the earlier tests are kept first), the threads sharing out the root's moves as
    /// `expected`.
    fn window<const N: usize>(
        &mut self,
        position: &Position<N>,
        (alpha, beta): (i32, i32),
        budget: Budget,
        selective: bool,
        expected: Root,
    ) -> Option<Solved<N>> {
        let side = position.to_move();
        let board = position.board();
        let (own, opp) = (board.mask(side), board.mask(side.opponent()));
        let table = &self.table;
        let run = |shared: Option<Shared<'_>>, budget: Budget| {
            let mut search = Search::<N, C>::new(table, budget, shared, selective);
            let (margin, best_move) = root(&mut search, (own, opp), (alpha, beta), expected);
            let solved = (!search.stopped).then_some((margin, best_move));
            if solved.is_some() {
                shared.inspect(|s| s.done.store(true, Ordering::Relaxed));
            }
            (solved, search.nodes)
        };
        let empties = (crate::board::Board::<N>::MASK & !(own | opp)).count_ones();
        let threads = if empties >= self.split_from {
            self.threads
        } else {
            1
        };
        if threads <= 1 {
            let (solved, nodes) = run(None, budget);
            return solved.map(|(margin, best_move)| Solved {
                margin,
                best_move,
                nodes,
            });
        }
        // Every thread searches the same window on the shared table; the first to finish
        // answers, the others stop.
        let (busy, done) = (BusySet::new(BUSY_BITS), AtomicBool::new(false));
        let shared = Shared {
            busy: &busy,
            done: &done,
            split_from: self.split_from,
        };
        let each = Budget {
            nodes: budget.nodes.map(|max| max / threads as u64),
            ..budget
        };
        let answers: Vec<_> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| scope.spawn(|| run(Some(shared), each)))
                .collect();
            let mine = run(Some(shared), each);
            let theirs = helpers
                .into_iter()
                .map(|h| h.join().expect("a solver thread panicked"));
            std::iter::once(mine).chain(theirs).collect()
        });
        let nodes = answers.iter().map(|a| a.1).sum();
        let (margin, best_move) = answers.iter().find_map(|a| a.0)?;
        Some(Solved {
            margin,
            best_move,
            nodes,
        })
    }
}

/// The busy set of a parallel solve has `2^BUSY_BITS` slots.
const BUSY_BITS: u32 = 16;

/// What a parallel solve expects of the root's moves in a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Root {
    /// One move likely reaches beta: the threads search the first together (each deeper split
    /// shares out its subtree), and only then share out the others.
    Cut,
    /// Every move likely fails low, and each must be searched: the threads share them out from
    /// the first on.
    All,
}

impl Root {
    /// What a test at `beta` most likely finds when the last value found (or the guess) is
    /// `last`: above it, that every move fails low.
    fn expected(beta: i32, last: i32) -> Self {
        if beta > last { Self::All } else { Self::Cut }
    }
}

/// The root: the value in `(alpha, beta)` and a best move.
fn root<const N: usize, C: Counting>(
    search: &mut Search<'_, N, C>,
    (own, opp): (u64, u64),
    (alpha, beta): (i32, i32),
    expected: Root,
) -> (i32, Option<Move<N>>) {
    let mask = crate::board::Board::<N>::MASK;
    let moves = crate::rules::moves(own, opp, mask);
    if moves == 0 {
        if crate::rules::moves(opp, own, mask) == 0 {
            search.nodes += 1;
            return (search::final_score::<N, C>(own, opp), None);
        }
        return (-search.search(opp, own, -beta, -alpha), Some(Move::Pass));
    }
    search.nodes += 1;
    let hint = search.table.probe(own, opp).map_or(64, |e| e.best);
    let mut list = [Candidate::default(); 32];
    let count = search.order(own, opp, moves, hint, alpha, &mut list);
    let count = one_per_symmetry_class::<N>(own, opp, &mut list[..count]);
    let share_first = expected == Root::All;
    let (value, bit) = search.pvs_moves(
        (own, opp),
        (alpha, beta),
        &mut list[..count],
        (i32::MIN, 0),
        share_first,
    );
    if search.stopped {
        return (value, None);
    }
    let n = (mask & !(own | opp)).count_ones();
    search.store(own, opp, n, (alpha, beta), value, bit);
    let square = Square::from_bit_position(bit.trailing_zeros());
    (value, Some(Move::Place(square)))
}

/// Sorts `list` (the root's moves, keyed) and keeps the first move of each class of children
/// that are images of each other under the board's eight symmetries (they have the same value);
/// returns the number kept.
fn one_per_symmetry_class<const N: usize>(own: u64, opp: u64, list: &mut [Candidate]) -> usize {
    list.sort_by_key(|c| c.key);
    let mut classes: Vec<(u64, u64)> = Vec::with_capacity(list.len());
    let mut kept = 0;
    for i in 0..list.len() {
        let c = list[i];
        let child = crate::board::canonical::<N>(opp & !c.flipped, own | c.flipped | c.bit);
        if !classes.contains(&child) {
            classes.push(child);
            list[kept] = c;
            kept += 1;
        }
    }
    kept
}

/// The exact margin of `position` and a best move, with a fresh default table
/// ([`Solver::solve`]).
#[must_use]
pub fn solve_exact<const N: usize>(position: &Position<N>) -> Solved<N> {
    Solver::new(DEFAULT_TABLE_BITS).solve(position)
}
