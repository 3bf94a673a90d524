//! Property tests: the bitboard rules against a plain array implementation, disc conservation,
//! perft against a plain tree walk, and alpha-beta / engine values against minimax.

use crate::board::Board;
use crate::perft;
use crate::position::{Move, Position};
use crate::rules;
use crate::search::{Margin, Method, RootScore, Scored, Searcher, WinLoss};
use crate::side::Side;
use crate::solve::solve;
use crate::square::Square;
use proptest::prelude::*;
use search_core::{games::Budget, games::Engine, games::Game, games::alpha_beta, games::minimax};

/// A xorshift stream of random words (the unit tests' seeded positions and weights).
pub(crate) fn stream(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Whether square `s` (0..64, the internal 8-wide layout) has a disc of `discs` among its
/// eight neighbours, read square by square.
pub(crate) fn next_to(discs: u64, s: i32) -> bool {
    let (r, c) = (s / 8, s % 8);
    (-1..=1).any(|dr: i32| {
        (-1..=1).any(|dc: i32| {
            let (x, y) = (r + dr, c + dc);
            (dr, dc) != (0, 0)
                && (0..8).contains(&x)
                && (0..8).contains(&y)
                && discs >> (x * 8 + y) & 1 != 0
        })
    })
}

/// A plain `N`x`N` array board: the reference implementation.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Plain {
    n: usize,
    cells: Vec<Option<Side>>,
}

const DIRECTIONS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Plain {
    fn of<const N: usize>(board: &Board<N>) -> Self {
        Self {
            n: N,
            cells: Square::<N>::all().map(|s| board.get(s)).collect(),
        }
    }

    fn at(&self, r: isize, c: isize) -> Option<Option<Side>> {
        let n = self.n as isize;
        (r >= 0 && c >= 0 && r < n && c < n).then(|| self.cells[(r * n + c) as usize])
    }

    /// The indices flipped by `side` playing at `index` (walking each direction).
    fn flips(&self, side: Side, index: usize) -> Vec<usize> {
        if self.cells[index].is_some() {
            return Vec::new();
        }
        let (r0, c0) = ((index / self.n) as isize, (index % self.n) as isize);
        let mut all = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let mut run = Vec::new();
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while self.at(r, c) == Some(Some(side.opponent())) {
                run.push((r * self.n as isize + c) as usize);
                r += dr;
                c += dc;
            }
            if self.at(r, c) == Some(Some(side)) {
                all.extend(run);
            }
        }
        all.sort_unstable();
        all
    }

    fn legal(&self, side: Side) -> Vec<usize> {
        (0..self.n * self.n)
            .filter(|&i| !self.flips(side, i).is_empty())
            .collect()
    }

    fn play(&self, side: Side, index: usize) -> Self {
        let mut next = self.clone();
        for i in self.flips(side, index) {
            next.cells[i] = Some(side);
        }
        next.cells[index] = Some(side);
        next
    }

    fn count(&self, side: Side) -> usize {
        self.cells.iter().filter(|c| **c == Some(side)).count()
    }

    /// Leaves of the plain game tree (a pass is a ply; a finished game is one leaf).
    fn perft(&self, side: Side, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal(side);
        if moves.is_empty() {
            if self.legal(side.opponent()).is_empty() {
                return 1;
            }
            return self.perft(side.opponent(), depth - 1);
        }
        moves
            .iter()
            .map(|&i| self.play(side, i).perft(side.opponent(), depth - 1))
            .sum()
    }
}

/// A board with every cell chosen by `cells` (0 empty, 1 black, 2 white).
fn arbitrary_board<const N: usize>(cells: &[u8]) -> Board<N> {
    Square::<N>::all()
        .zip(cells.iter().cycle())
        .fold(Board::empty(), |board, (square, c)| {
            let disc = match c % 3 {
                0 => None,
                1 => Some(Side::Black),
                _ => Some(Side::White),
            };
            board.with(square, disc)
        })
}

/// The position reached from the start by playing, at each ply, the move chosen by `choices`.
fn playout<const N: usize>(choices: &[u16]) -> Position<N> {
    let mut position = Position::<N>::start();
    for choice in choices {
        let moves: Vec<Move<N>> = position.moves().collect();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(*choice) % moves.len()];
        position = position.play(mv).expect("generated moves are legal");
    }
    position
}

/// Checks moves, flips and disc counts of `position` against the plain implementation.
fn check_rules<const N: usize>(position: &Position<N>) -> Result<(), TestCaseError> {
    let plain = Plain::of(position.board());
    let side = position.to_move();
    let legal: Vec<usize> = position.placements().map(Square::index).collect();
    prop_assert_eq!(&legal, &plain.legal(side));
    for index in 0..N * N {
        check_square(position, &plain, &legal, index)?;
    }
    // Each side's discs and the empty squares, square by square.
    for owner in [Some(Side::Black), Some(Side::White), None] {
        let listed: Vec<usize> = match owner {
            Some(s) => position.board().discs(s).map(Square::index).collect(),
            None => position.board().empties().map(Square::index).collect(),
        };
        let plain_listed: Vec<usize> = (0..N * N).filter(|&i| plain.cells[i] == owner).collect();
        prop_assert_eq!(listed, plain_listed);
    }
    let over = plain.legal(side).is_empty() && plain.legal(side.opponent()).is_empty();
    prop_assert_eq!(position.is_over(), over);
    let moves: Vec<Move<N>> = position.moves().collect();
    if over {
        prop_assert!(moves.is_empty());
    } else if legal.is_empty() {
        prop_assert_eq!(moves, vec![Move::Pass]);
        prop_assert_eq!(position.play(Move::Pass), Some(position.pass()));
    } else {
        prop_assert_eq!(position.play(Move::Pass), None);
    }
    prop_assert_eq!(
        plain.count(Side::Black),
        position.board().count(Side::Black) as usize
    );
    Ok(())
}

/// The square at `index` of `position`: its flips and the placement there (if `legal` lists
/// it) as the plain implementation has them, with the disc counts after it.
fn check_square<const N: usize>(
    position: &Position<N>,
    plain: &Plain,
    legal: &[usize],
    index: usize,
) -> Result<(), TestCaseError> {
    let side = position.to_move();
    let square = Square::<N>::from_index(index).unwrap();
    let flips: Vec<usize> = position.flips(square).map(Square::index).collect();
    prop_assert_eq!(&flips, &plain.flips(side, index));
    // The Kogge-Stone-free walk and the ray table agree too.
    let (own, opp) = (
        position.board().mask(side),
        position.board().mask(side.opponent()),
    );
    if (own | opp) & square.bit() == 0 {
        prop_assert_eq!(
            rules::flips(own, opp, square.bit()),
            rules::flips_by_walking(own, opp, square.bit())
        );
    }
    let Some(next) = position.place(square) else {
        prop_assert!(!legal.contains(&index));
        return Ok(());
    };
    prop_assert!(legal.contains(&index));
    prop_assert_eq!(Plain::of(next.board()), plain.play(side, index));
    let (before, after) = (position.board(), next.board());
    let flipped = flips.len() as u32;
    prop_assert_eq!(after.count(side), before.count(side) + flipped + 1);
    prop_assert_eq!(
        after.count(side.opponent()),
        before.count(side.opponent()) - flipped
    );
    prop_assert_eq!(after.empties().len() + 1, before.empties().len());
    prop_assert_eq!(next.to_move(), side.opponent());
    Ok(())
}

/// Alpha-beta, the engine and the COL106 searchers agree with minimax at depths 1..=max_depth.
fn check_searches<const N: usize>(
    position: &Position<N>,
    max_depth: u32,
) -> Result<(), TestCaseError> {
    let mut engine = Engine::new(12);
    for depth in 1..=max_depth {
        let root = RootScore {
            root: position.to_move(),
        };
        let game = Scored::new(*position, root);
        let plain = minimax(&game, Some(depth));
        let pruned = alpha_beta(&game, Some(depth));
        prop_assert_eq!(plain.value, pruned.value);
        prop_assert_eq!(plain.best_move, pruned.best_move);
        prop_assert!(pruned.stats.nodes <= plain.stats.nodes);
        prop_assert_eq!(engine.search(&game, depth).value, plain.value);
        let margin = Scored::new(*position, Margin);
        prop_assert_eq!(
            engine.search(&margin, depth).value,
            minimax(&margin, Some(depth)).value
        );
        let best = Searcher::new(Method::Minimax).best_move(position, depth);
        prop_assert_eq!(
            Searcher::new(Method::AlphaBeta).best_move(position, depth),
            best
        );
        prop_assert_eq!(
            Searcher::new(Method::Engine).best_move(position, depth),
            best
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn rules_match_plain_arrays_on_games_8x8(choices in prop::collection::vec(any::<u16>(), 0..70)) {
        check_rules(&playout::<8>(&choices))?;
    }

    #[test]
    fn rules_match_plain_arrays_on_games_6x6(choices in prop::collection::vec(any::<u16>(), 0..40)) {
        check_rules(&playout::<6>(&choices))?;
    }

    #[test]
    fn rules_match_plain_arrays_on_any_board(
        cells in prop::collection::vec(any::<u8>(), 64),
        white in any::<bool>(),
        size in 0..3usize,
    ) {
        let side = if white { Side::White } else { Side::Black };
        match size {
            0 => check_rules(&Position::new(arbitrary_board::<4>(&cells), side))?,
            1 => check_rules(&Position::new(arbitrary_board::<6>(&cells), side))?,
            _ => check_rules(&Position::new(arbitrary_board::<8>(&cells), side))?,
        }
    }

    #[test]
    fn perft_matches_a_plain_tree_walk(
        choices in prop::collection::vec(any::<u16>(), 0..40),
        depth in 0..4u32,
    ) {
        let position = playout::<6>(&choices);
        let plain = Plain::of(position.board());
        prop_assert_eq!(perft(&position, depth), plain.perft(position.to_move(), depth));
    }

    #[test]
    fn searches_agree_with_minimax_8x8(choices in prop::collection::vec(any::<u16>(), 0..60)) {
        check_searches(&playout::<8>(&choices), 3)?;
    }

    #[test]
    fn searches_agree_with_minimax_6x6_late(choices in prop::collection::vec(any::<u16>(), 20..40)) {
        check_searches(&playout::<6>(&choices), 5)?;
    }

    #[test]
    fn full_depth_4x4_agrees(choices in prop::collection::vec(any::<u16>(), 0..12)) {
        let position = playout::<4>(&choices);
        let game = Scored::new(position, WinLoss);
        let plain = minimax(&game, None);
        let pruned = alpha_beta(&game, None);
        prop_assert_eq!(plain.value, pruned.value);
        prop_assert_eq!(plain.best_move, pruned.best_move);
        let margin = Scored::new(position, Margin);
        let exact = minimax(&margin, None).value;
        prop_assert_eq!(Engine::new(12).solve(&margin).value, exact);
        prop_assert_eq!(exact.signum(), plain.value);
        check_solve(&position)?;
    }

    #[test]
    fn endgame_search_agrees_with_alpha_beta(
        choices in prop::collection::vec(any::<u16>(), 24..40),
        alpha in -8..8i32,
        width in 1..4i32,
    ) {
        let position = playout::<6>(&choices);
        prop_assume!(position.board().empties().len() <= 7);
        let sign = if position.to_move() == Side::Black { 1 } else { -1 };
        let exact = sign * alpha_beta(&Scored::new(position, Margin), None).value;
        let beta = alpha + width;
        let mut solver = crate::exact::Solver::discs_only(10);
        let solved = solver.solve_window(&position, alpha, beta, Budget::default()).expect("no budget");
        let (v, nodes) = (solved.margin, solved.nodes);
        prop_assert!(nodes >= 1);
        if v <= alpha {
            prop_assert!(exact <= v);
        } else if v >= beta {
            prop_assert!(exact >= v);
        } else {
            prop_assert_eq!(v, exact);
        }
        prop_assert_eq!(solver.solve(&position).margin, exact);
    }

    #[test]
    fn stable_discs_never_flip_and_bound_the_margin(
        choices in prop::collection::vec(any::<u16>(), 10..40),
        tail in prop::collection::vec(any::<u16>(), 0..40),
    ) {
        let position = playout::<6>(&choices);
        let side = position.to_move();
        let own = |p: &Position<6>, s: Side| p.board().mask(s);
        let stable_black = crate::stability::stable::<6>(own(&position, Side::Black), own(&position, Side::White));
        let stable_white = crate::stability::stable::<6>(own(&position, Side::White), own(&position, Side::Black));
        // Along any continuation, the stable discs keep their colour.
        let mut later = position;
        for choice in &tail {
            let moves: Vec<Move<6>> = later.moves().collect();
            if moves.is_empty() {
                break;
            }
            later = later.play(moves[usize::from(*choice) % moves.len()]).expect("legal");
            prop_assert_eq!(own(&later, Side::Black) & stable_black, stable_black);
            prop_assert_eq!(own(&later, Side::White) & stable_white, stable_white);
        }
        if position.board().empties().len() <= 9 {
            let sign = if side == Side::Black { 1 } else { -1 };
            let exact = sign * alpha_beta(&Scored::new(position, Margin), None).value;
            let opp_stable = if side == Side::Black { stable_white } else { stable_black };
            prop_assert!(exact <= 36 - 2 * opp_stable.count_ones() as i32);
            if let Some(bound) = crate::stability::upper_bound_at_most::<6>(
                own(&position, side), own(&position, side.opponent()), 36) {
                prop_assert!(exact <= bound);
            }
        }
    }

    #[test]
    fn solve_and_windows_agree_6x6_late(choices in prop::collection::vec(any::<u16>(), 22..40)) {
        let position = playout::<6>(&choices);
        prop_assume!(position.board().empties().len() <= 9);
        check_solve(&position)?;
    }
}

/// [`solve`] (MTD(f) over null windows, no table near the end) finds the exact margin and a
/// move achieving it, and engine searches with windows keep the fail-soft contract.
fn check_solve<const N: usize>(position: &Position<N>) -> Result<(), TestCaseError> {
    let game = Scored::new(*position, Margin);
    let exact = alpha_beta(&game, None).value;
    let solution = solve(position, 10);
    prop_assert_eq!(solution.margin, exact);
    if let Some(mv) = solution.best_move {
        prop_assert_eq!(alpha_beta(&game.play(mv), None).value, exact);
    } else {
        prop_assert!(position.is_over());
    }
    let mut engine = Engine::new(8);
    for alpha in exact - 3..=exact + 2 {
        for width in [1, 3] {
            let beta = alpha + width;
            let v = engine.search_window(&game, None, alpha, beta).value;
            if v <= alpha {
                prop_assert!(
                    exact <= v,
                    "fail low {} at ({}, {}), exact {}",
                    v,
                    alpha,
                    beta,
                    exact
                );
            } else if v >= beta {
                prop_assert!(
                    exact >= v,
                    "fail high {} at ({}, {}), exact {}",
                    v,
                    alpha,
                    beta,
                    exact
                );
            } else {
                prop_assert_eq!(v, exact);
            }
        }
    }
    Ok(())
}
