//! Reversi as a search-core [`Game`]: positions scored three ways, and the searches the programs
//! run (best move by K-ply minimax, a full game, solving a small board).

use crate::position::{Move, Position};
use crate::side::Side;
use crate::square::Square;
use search_core::games::Budget;
use search_core::games::deepening::{Observer, Step, deepen, iterate};
use search_core::{
    games::Engine, games::EngineGame, games::GOLDEN_GAMMA, games::Game, games::GameOutcome,
    games::MoveList, games::Player, games::Value, games::alpha_beta, games::minimax, games::mix64,
};
use std::time::Duration;

/// How a [`Scored`] position is valued, and which side is Max.
pub trait Scoring: Copy + std::fmt::Debug {
    /// The side that maximises.
    fn max_side(&self) -> Side;
    /// The value of `position` from Max's point of view.
    fn value<const N: usize>(&self, position: &Position<N>) -> Value;
    /// Whether searches with this scoring usually run to the end of the game, where ordering
    /// moves by the opponent's replies (fastest first) pays; otherwise a static square order
    /// is used.
    fn exact_end(&self) -> bool {
        true
    }
}

/// The game value: 1 when Black (dark) leads, -1 when White leads, 0 for a tie; Black is Max.
/// At a depth limit the same sign of the disc difference serves as the estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinLoss;

impl Scoring for WinLoss {
    fn max_side(&self) -> Side {
        Side::Black
    }
    fn value<const N: usize>(&self, position: &Position<N>) -> Value {
        position.board().margin().signum()
    }
}

/// Black's discs minus White's (empty squares count for nobody); Black is Max.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Margin;

impl Scoring for Margin {
    fn max_side(&self) -> Side {
        Side::Black
    }
    fn value<const N: usize>(&self, position: &Position<N>) -> Value {
        position.board().margin()
    }
}

/// The COL106 `boardScore` seen by a fixed root player: the root's discs minus the opponent's,
/// whoever is to move; the root player is Max.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootScore {
    /// The player whose point of view counts.
    pub root: Side,
}

impl Scoring for RootScore {
    fn max_side(&self) -> Side {
        self.root
    }
    fn value<const N: usize>(&self, position: &Position<N>) -> Value {
        let board = position.board();
        board.count(self.root) as Value - board.count(self.root.opponent()) as Value
    }
    fn exact_end(&self) -> bool {
        false
    }
}

/// A position searched with a [`Scoring`]: the search-core [`Game`]. A pass is a move (a ply of
/// its own); the game is terminal when neither side can place a disc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scored<const N: usize, S> {
    /// The position.
    pub position: Position<N>,
    /// How it is valued.
    pub scoring: S,
}

impl<const N: usize, S: Scoring> Scored<N, S> {
    /// `position` valued by `scoring`.
    pub fn new(position: Position<N>, scoring: S) -> Self {
        Self { position, scoring }
    }
}

/// The legal moves of `position` as [`Position::moves`] lists them, pushed straight from the
/// move mask.
pub(crate) fn move_list<const N: usize>(position: &Position<N>) -> MoveList<Move<N>> {
    let mut list = MoveList::new();
    let mut mask = position.placements().0;
    if mask == 0 {
        if !position.is_over() {
            list.push(Move::Pass);
        }
        return list;
    }
    while mask != 0 {
        list.push(Move::Place(Square::from_bit_position(
            mask.trailing_zeros(),
        )));
        mask &= mask - 1;
    }
    list
}

pub(crate) fn player(side: Side, max: Side) -> Player {
    if side == max {
        Player::Max
    } else {
        Player::Min
    }
}

impl<const N: usize, S: Scoring> Game for Scored<N, S> {
    type Move = Move<N>;

    fn to_move(&self) -> Player {
        player(self.position.to_move(), self.scoring.max_side())
    }

    fn legal_moves(&self) -> MoveList<Move<N>> {
        move_list(&self.position)
    }

    fn play(&self, mv: Move<N>) -> Self {
        Self::new(self.position.play_legal(mv), self.scoring)
    }

    fn is_terminal(&self) -> bool {
        self.position.is_over()
    }

    fn evaluate(&self) -> Value {
        self.scoring.value(&self.position)
    }
}

/// A 64-bit hash of a board, the side to move and `extra` (splitmix64 finalisers).
pub(crate) fn hash<const N: usize>(position: &Position<N>, extra: u64) -> u64 {
    let board = position.board();
    let side = u64::from(position.to_move() == Side::White);
    mix64(
        mix64(board.mask(Side::Black) ^ GOLDEN_GAMMA)
            ^ board.mask(Side::White).rotate_left(17)
            ^ (side << 63 | extra),
    )
}

/// The static rank of a square for move ordering (lower first): corners, then edges away from
/// the corners, inner squares, squares next to a corner on an edge, and last the diagonal
/// neighbours of the corners.
fn square_rank<const N: usize>(square: Square<N>) -> u32 {
    let last = N - 1;
    let dist = |x: usize| x.min(last - x);
    let (r, c) = (dist(square.row()), dist(square.col()));
    match (r.min(c), r.max(c)) {
        (0, 0) => 0,
        (1, 1) => 4,
        (0, 1) => 3,
        (0, _) => 1,
        _ => 2,
    }
}

/// The squares of each [`square_rank`] (0..5) on an `N`x`N` board, in the internal layout.
const fn rank_masks(n: usize) -> [u64; 5] {
    let mut masks = [0; 5];
    let mut r = 0;
    while r < n {
        let mut c = 0;
        while c < n {
            let dr = if r < n - 1 - r { r } else { n - 1 - r };
            let dc = if c < n - 1 - c { c } else { n - 1 - c };
            let (lo, hi) = if dr < dc { (dr, dc) } else { (dc, dr) };
            let rank = match (lo, hi) {
                (0, 0) => 0,
                (1, 1) => 4,
                (0, 1) => 3,
                (0, _) => 1,
                _ => 2,
            };
            masks[rank] |= 1 << (r * 8 + c);
            c += 1;
        }
        r += 1;
    }
    masks
}

/// The four quadrants of an `N`x`N` board, in the internal layout.
const fn quadrants(n: usize) -> [u64; 4] {
    let half = n / 2;
    let mut masks = [0; 4];
    let mut r = 0;
    while r < n {
        let mut c = 0;
        while c < n {
            masks[(r / half) * 2 + c / half] |= 1 << (r * 8 + c);
            c += 1;
        }
        r += 1;
    }
    masks
}

/// Per-size constant masks.
pub(crate) struct Masks<const N: usize>;

impl<const N: usize> Masks<N> {
    pub(crate) const RANKS: [u64; 5] = rank_masks(N);
    pub(crate) const QUADRANTS: [u64; 4] = quadrants(N);
}

/// The placements of `moves` as a mask; `None` when the list is a pass (or has one move or
/// none, where there is nothing to order).
fn placement_mask<const N: usize>(moves: &MoveList<Move<N>>) -> Option<u64> {
    if moves.len() < 2 {
        return None;
    }
    let mut mask = 0;
    for mv in moves.iter() {
        match mv {
            Move::Place(square) => mask |= square.bit(),
            Move::Pass => return None,
        }
    }
    Some(mask)
}

/// Rewrites `moves` as the squares of `groups` in turn, each by increasing index.
fn refill<const N: usize>(moves: &mut MoveList<Move<N>>, groups: impl Iterator<Item = u64>) {
    moves.clear();
    for mut group in groups {
        while group != 0 {
            moves.push(Move::Place(Square::from_bit_position(
                group.trailing_zeros(),
            )));
            group &= group - 1;
        }
    }
}

/// Puts placements in the static order of [`square_rank`] (ties by index): cheap, for the
/// depth-limited COL106 searches where most ordered nodes are one ply above the leaves.
fn order_static<const N: usize>(moves: &mut MoveList<Move<N>>) {
    if let Some(mask) = placement_mask(moves) {
        refill(moves, Masks::<N>::RANKS.iter().map(|&rank| mask & rank));
    }
}

/// The static order near the end of an exact solve: moves in a quadrant holding an odd number
/// of empty squares first (parity: there the mover is likely to get the last move), each group
/// in the order of [`square_rank`].
fn order_parity<const N: usize>(empties: u64, moves: &mut MoveList<Move<N>>) {
    if let Some(mask) = placement_mask(moves) {
        let odd = Masks::<N>::QUADRANTS
            .iter()
            .filter(|&&q| (q & empties).count_ones() % 2 == 1)
            .fold(0, |acc, &q| acc | q);
        let ranks = Masks::<N>::RANKS;
        let first = ranks.iter().map(|&rank| mask & odd & rank);
        let then = ranks.iter().map(|&rank| mask & !odd & rank);
        refill(moves, first.chain(then));
    }
}

/// Puts placements in a promising order for the engine: corners first, then the moves that
/// leave the opponent the fewest replies; ties by square index, so the order is deterministic.
/// Each key is computed once (on the stack for up to 32 moves).
pub(crate) fn order<const N: usize>(position: &Position<N>, moves: &mut MoveList<Move<N>>) {
    // Close to the end the subtrees are tiny: the static order is cheaper than looking ahead.
    let empties = position.board().empties();
    if empties.len() <= SHALLOW_EMPTIES {
        order_parity(empties.0, moves);
        return;
    }
    let key = |mv: Move<N>| -> u32 {
        match mv {
            Move::Place(square) => {
                let child = position.play_legal(mv);
                let replies = child.placements().0;
                // Replies on corners count twice.
                let weighted = replies.count_ones() + (replies & Masks::<N>::RANKS[0]).count_ones();
                // Corners first, then the fewest (weighted) replies, then the square index.
                u32::from(square_rank(square) != 0) << 16 | weighted << 8 | square.index() as u32
            }
            Move::Pass => 0,
        }
    };
    let mut keyed: smallvec::SmallVec<[(u32, Move<N>); 32]> =
        moves.iter().map(|&mv| (key(mv), mv)).collect();
    keyed.sort_unstable_by_key(|&(k, _)| k);
    for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
        *slot = mv;
    }
}

/// At most this many empty squares: order moves statically.
const SHALLOW_EMPTIES: usize = 5;

impl<const N: usize, S: Scoring> EngineGame for Scored<N, S> {
    fn key(&self) -> u64 {
        hash(
            &self.position,
            u64::from(self.scoring.max_side() == Side::White),
        )
    }

    fn order_moves(&self, moves: &mut MoveList<Move<N>>) {
        if self.scoring.exact_end() {
            order(&self.position, moves);
        } else {
            order_static(moves);
        }
    }
}

/// The search that runs underneath [`best_move`] and [`full_game`]; all three give the same move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Plain minimax.
    Minimax,
    /// Alpha-beta (the same tree order, so the same first best move).
    #[default]
    AlphaBeta,
    /// The search-core engine (iterative deepening, ordering, table), with the root index folded
    /// into the values so that ties still go to the smallest index.
    Engine,
}

/// The number of distinct root tags in [`TieBroken`] values.
const TAGS: Value = 128;

/// The COL106 root score with the root move's index folded in (`score * 128 + 127 - index`), so
/// that equal scores are ordered by index whatever order a search visits the root moves in.
/// Inside a subtree the tag is constant, so it changes no choice there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TieBroken<const N: usize> {
    position: Position<N>,
    root: Side,
    /// `127 - index` of the root move this position descends from; `TAGS` at the root.
    tag: Value,
}

impl<const N: usize> Game for TieBroken<N> {
    type Move = Move<N>;

    fn to_move(&self) -> Player {
        player(self.position.to_move(), self.root)
    }

    fn legal_moves(&self) -> MoveList<Move<N>> {
        self.position.moves().collect()
    }

    fn play(&self, mv: Move<N>) -> Self {
        let tag = if self.tag == TAGS {
            match mv {
                Move::Place(square) => TAGS - 1 - square.index() as Value,
                Move::Pass => TAGS - 1,
            }
        } else {
            self.tag
        };
        Self {
            position: self.position.play_legal(mv),
            root: self.root,
            tag,
        }
    }

    fn is_terminal(&self) -> bool {
        self.position.is_over()
    }

    fn evaluate(&self) -> Value {
        RootScore { root: self.root }.value(&self.position) * TAGS + self.tag.min(TAGS - 1)
    }
}

impl<const N: usize> EngineGame for TieBroken<N> {
    fn key(&self) -> u64 {
        let extra = (self.tag as u64) << 1 | u64::from(self.root == Side::White);
        hash(&self.position, extra)
    }

    fn order_moves(&self, moves: &mut MoveList<Move<N>>) {
        order_static(moves);
    }
}

/// A searcher for [`best_move`] that keeps the engine's table between calls.
#[derive(Debug)]
pub struct Searcher<const N: usize> {
    method: Method,
    engine: Option<Engine<Move<N>>>,
}

impl<const N: usize> Searcher<N> {
    /// A searcher running `method` (the engine gets a table of 2^18 entries).
    #[must_use]
    pub fn new(method: Method) -> Self {
        let engine = (method == Method::Engine).then(|| Engine::new(18));
        Self { method, engine }
    }

    /// COL106 `bestMove(k)`: the placement with the best `k`-ply minimax value for the side to
    /// move, leaves scored by [`RootScore`] from that side's point of view, the smallest index
    /// among equal values; `None` when the side to move has no placement. `k` of 0 is taken as 1.
    pub fn best_move(&mut self, position: &Position<N>, k: u32) -> Option<Square<N>> {
        self.best_move_observed(position, k, None, &mut ()).0
    }

    /// [`best_move`](Self::best_move) within a time budget: the engine deepens from 1 ply
    /// towards `k` and stops when `budget` is spent, answering `bestMove(d)` for the deepest `d`
    /// it completed (always at least 1), with that `d`. Every method gives the same move at the
    /// same depth, so this is the move `best_move(position, d)` returns.
    pub fn best_move_within(
        &mut self,
        position: &Position<N>,
        k: u32,
        budget: Duration,
    ) -> (Option<Square<N>>, u32) {
        self.best_move_observed(position, k, Some(budget), &mut ())
    }

    /// [`best_move`](Self::best_move) (no `budget`) or
    /// [`best_move_within`](Self::best_move_within), telling `observer` about each completed
    /// depth. For an observer that wants the iterations a search without a budget deepens one
    /// depth at a time with this searcher's method, the last depth being `k` (the same move, at
    /// the cost of the shallower searches). Also returns the depth completed (0 without a
    /// placement).
    ///
    /// ```
    /// use reversi::Position;
    /// use reversi::search::{Method, Searcher};
    /// use search_core::games::deepening::{Iteration, Observer};
    /// struct Depths(Vec<u32>);
    /// impl<M> Observer<M> for Depths {
    ///     fn completed(&mut self, it: &Iteration<'_, M>) { self.0.push(it.depth); }
    /// }
    /// let start = Position::<8>::start();
    /// let mut depths = Depths(Vec::new());
    /// let mut searcher = Searcher::new(Method::AlphaBeta);
    /// let (square, depth) = searcher.best_move_observed(&start, 3, None, &mut depths);
    /// assert_eq!((square, depth), (searcher.best_move(&start, 3), 3));
    /// assert_eq!(depths.0, [1, 2, 3]);
    /// ```
    pub fn best_move_observed(
        &mut self,
        position: &Position<N>,
        k: u32,
        budget: Option<Duration>,
        observer: &mut dyn Observer<Move<N>>,
    ) -> (Option<Square<N>>, u32) {
        if position.placements().is_empty() {
            return (None, 0);
        }
        let k = k.max(1);
        let wants = observer.wants_iterations();
        let (found, depth) = match (self.method, budget) {
            (_, Some(budget)) if !wants => {
                let engine = self.engine.get_or_insert_with(|| Engine::new(18));
                let timed = engine.search_timed(&tie_broken(position), k, budget);
                (timed.outcome, timed.depth)
            }
            (Method::Engine, None) if wants => self.deepen(position, k, None, observer),
            (_, Some(_)) => self.deepen(position, k, budget, observer),
            (method, None) => {
                // Without an observer only depth k is searched.
                let first = if wants { 1 } else { k };
                let found = iterate(first..=k, None, observer, |depth| {
                    Step::Completed(self.fixed_depth(method, position, depth))
                });
                let (depth, outcome) = found.deepest.expect("depth k completes");
                (outcome, depth)
            }
        };
        match found.best_move {
            Some(Move::Place(square)) => (Some(square), depth),
            _ => (None, depth),
        }
    }

    /// The engine's iterative deepening to `k` (within `budget` if any), observed.
    fn deepen(
        &mut self,
        position: &Position<N>,
        k: u32,
        budget: Option<Duration>,
        observer: &mut dyn Observer<Move<N>>,
    ) -> (GameOutcome<Move<N>>, u32) {
        let engine = self.engine.get_or_insert_with(|| Engine::new(18));
        let budget = Budget {
            time: budget,
            ..Budget::depth(k)
        };
        let timed = deepen(engine, &tie_broken(position), budget, observer);
        (timed.outcome, timed.depth)
    }

    /// One `depth`-ply `bestMove` search with `method`.
    fn fixed_depth(
        &mut self,
        method: Method,
        position: &Position<N>,
        depth: u32,
    ) -> GameOutcome<Move<N>> {
        let root = position.to_move();
        match (method, self.engine.as_mut()) {
            (Method::Minimax, _) => {
                minimax(&Scored::new(*position, RootScore { root }), Some(depth))
            }
            (Method::AlphaBeta, _) | (Method::Engine, None) => {
                alpha_beta(&Scored::new(*position, RootScore { root }), Some(depth))
            }
            (Method::Engine, Some(engine)) => engine.search(&tie_broken(position), depth),
        }
    }
}

/// The root of the engine's `bestMove` search at `position`.
fn tie_broken<const N: usize>(position: &Position<N>) -> TieBroken<N> {
    TieBroken {
        position: *position,
        root: position.to_move(),
        tag: TAGS,
    }
}

/// [`Searcher::best_move`] with a fresh searcher.
#[must_use]
pub fn best_move<const N: usize>(
    position: &Position<N>,
    k: u32,
    method: Method,
) -> Option<Square<N>> {
    Searcher::new(method).best_move(position, k)
}

/// The end of a [`full_game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullGame<const N: usize> {
    /// The placements made, in order (passes are not recorded).
    pub moves: Vec<Square<N>>,
    /// The final position; its side to move is the side that would move next.
    pub end: Position<N>,
}

impl<const N: usize> FullGame<N> {
    /// The side with more discs at the end, `None` for a draw.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        self.end.leader()
    }
}

/// COL106 `fullGame(k)`: both sides play [`best_move`] until neither can move; a side without a
/// placement passes (not recorded).
#[must_use]
pub fn full_game<const N: usize>(start: &Position<N>, k: u32, method: Method) -> FullGame<N> {
    let mut searcher = Searcher::new(method);
    play_out(start, |position| searcher.best_move(position, k))
}

/// [`full_game`] with a time budget per move: each move is
/// [`Searcher::best_move_within`]`(position, k, budget)`. Also returns the shallowest depth
/// any move's search completed (`k` when no budget ran out).
#[must_use]
pub fn full_game_within<const N: usize>(
    start: &Position<N>,
    k: u32,
    budget: Duration,
) -> (FullGame<N>, u32) {
    full_game_observed(
        start,
        k,
        Searcher::new(Method::Engine),
        Some(budget),
        &mut (),
    )
}

/// [`full_game`] played by `searcher` (with a time `budget` per move if any: then as
/// [`full_game_within`]), telling `observer` about every move's search as
/// [`Searcher::best_move_observed`] does. Also returns the shallowest depth any move's search
/// completed.
///
/// ```
/// use reversi::{Position, full_game, full_game_observed};
/// use reversi::search::{Method, Searcher};
/// let start = Position::<6>::start();
/// let (game, depth) = full_game_observed(&start, 2, Searcher::new(Method::AlphaBeta), None, &mut ());
/// assert_eq!(game, full_game(&start, 2, Method::AlphaBeta));
/// assert_eq!(depth, 2);
/// ```
pub fn full_game_observed<const N: usize>(
    start: &Position<N>,
    k: u32,
    mut searcher: Searcher<N>,
    budget: Option<Duration>,
    observer: &mut dyn Observer<Move<N>>,
) -> (FullGame<N>, u32) {
    let mut shallowest = k;
    let game = play_out(start, |position| {
        let (square, depth) = searcher.best_move_observed(position, k, budget, observer);
        if square.is_some() {
            shallowest = shallowest.min(depth);
        }
        square
    });
    (game, shallowest)
}

/// Plays `choose`'s placements (a pass where it has none) until neither side can move.
fn play_out<const N: usize>(
    start: &Position<N>,
    mut choose: impl FnMut(&Position<N>) -> Option<Square<N>>,
) -> FullGame<N> {
    let mut position = *start;
    let mut moves = Vec::new();
    while !position.is_over() {
        match choose(&position) {
            Some(square) => {
                moves.push(square);
                position = position
                    .place(square)
                    .expect("the search returns legal moves");
            }
            None => position = position.pass(),
        }
    }
    FullGame {
        moves,
        end: position,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::games::deepening::Iteration;

    /// The rank of `(r, c)` by the doc of [`square_rank`], from the corners: a corner 0, an edge
    /// square 1 (3 when next to a corner along the edge), an inner square 2 (4 when the diagonal
    /// neighbour of a corner).
    fn plain_rank(n: usize, r: usize, c: usize) -> u32 {
        let edge = |x: usize| x == 0 || x == n - 1;
        let near = |x: usize| x == 1 || x == n - 2;
        match (edge(r), edge(c)) {
            (true, true) => 0,
            (true, false) if near(c) => 3,
            (false, true) if near(r) => 3,
            (true, _) | (_, true) => 1,
            _ if near(r) && near(c) => 4,
            _ => 2,
        }
    }

    fn check_masks<const N: usize>() {
        let half = N / 2;
        for square in Square::<N>::all() {
            let (r, c) = (square.row(), square.col());
            let rank = plain_rank(N, r, c);
            assert_eq!(square_rank(square), rank, "{N}: {r} {c}");
            for (i, mask) in Masks::<N>::RANKS.iter().enumerate() {
                assert_eq!(mask & square.bit() != 0, i as u32 == rank, "{N}: {r} {c}");
            }
            let quadrant = usize::from(r >= half) * 2 + usize::from(c >= half);
            for (i, mask) in Masks::<N>::QUADRANTS.iter().enumerate() {
                assert_eq!(mask & square.bit() != 0, i == quadrant, "{N}: {r} {c}");
            }
        }
        let all = |masks: &[u64]| masks.iter().fold(0, |acc, m| acc | m);
        assert_eq!(all(&Masks::<N>::RANKS), crate::Board::<N>::MASK);
        assert_eq!(all(&Masks::<N>::QUADRANTS), crate::Board::<N>::MASK);
    }

    #[test]
    fn square_ranks_and_quadrants_square_by_square() {
        check_masks::<4>();
        check_masks::<6>();
        check_masks::<8>();
    }

    /// Random positions of `N`x`N` games, every ply (passes and ends included).
    fn game_positions<const N: usize>(seed: u64, games: usize) -> Vec<Position<N>> {
        let mut state = seed;
        let mut out = Vec::new();
        for _ in 0..games {
            let mut position = Position::<N>::start();
            loop {
                out.push(position);
                if position.is_over() {
                    break;
                }
                let moves: Vec<Move<N>> = position.moves().collect();
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                position = position
                    .play(moves[(state >> 33) as usize % moves.len()])
                    .unwrap();
            }
        }
        out
    }

    fn listed<const N: usize>(position: &Position<N>) -> MoveList<Move<N>> {
        position.moves().collect()
    }

    fn index<const N: usize>(mv: Move<N>) -> usize {
        mv.map_square(Square::index).expect("a placement")
    }

    /// The three orders by their docs, square by square: [`order_static`] by rank then index;
    /// [`order`] with more than 5 empty squares corners first, then the fewest replies (a
    /// corner reply counting twice), then the index, and near the end [`order_parity`]'s
    /// odd quadrants first, each part by rank then index. A pass or a single move stays.
    fn check_orders<const N: usize>(seed: u64) {
        let corner = |s: Square<N>| plain_rank(N, s.row(), s.col()) == 0;
        let rank = |mv: Move<N>| mv.map_square(|s| plain_rank(N, s.row(), s.col())).unwrap();
        let mut ordered = 0;
        for position in game_positions::<N>(seed, 4) {
            let moves = listed(&position);
            assert_eq!(move_list(&position).to_vec(), moves.to_vec());
            let mut statically = moves.clone();
            order_static(&mut statically);
            let mut engine = moves.clone();
            order(&position, &mut engine);
            if moves.len() < 2 || moves[0] == Move::Pass {
                assert_eq!(statically, moves);
                assert_eq!(engine, moves);
                continue;
            }
            ordered += 1;
            let mut expected = moves.to_vec();
            expected.sort_by_key(|&mv| (rank(mv), index(mv)));
            assert_eq!(statically.to_vec(), expected);
            let empties: Vec<Square<N>> = position.board().empties().collect();
            if empties.len() <= 5 {
                let quadrant = |s: Square<N>| (s.row() >= N / 2, s.col() >= N / 2);
                let odd = |s: Square<N>| {
                    empties
                        .iter()
                        .filter(|&&e| quadrant(e) == quadrant(s))
                        .count()
                        % 2
                        == 1
                };
                let even = |mv: Move<N>| mv.map_square(|s| !odd(s)).unwrap();
                expected.sort_by_key(|&mv| (even(mv), rank(mv), index(mv)));
            } else {
                expected.sort_by_key(|&mv| {
                    let child = position.play(mv).unwrap();
                    let replies: Vec<Square<N>> = child.placements().collect();
                    let corners = replies.iter().filter(|&&s| corner(s)).count();
                    let not_corner = !mv.map_square(corner).unwrap();
                    (not_corner, replies.len() + corners, index(mv))
                });
            }
            assert_eq!(engine.to_vec(), expected, "{:?}", position);
        }
        assert!(ordered > 20);
    }

    #[test]
    fn moves_are_ordered_as_documented() {
        check_orders::<4>(1);
        check_orders::<6>(2);
        check_orders::<8>(3);
    }

    /// The discs of `side` minus the other side's.
    fn lead<const N: usize>(position: &Position<N>, side: Side) -> i32 {
        let board = position.board();
        board.count(side) as i32 - board.count(side.opponent()) as i32
    }

    /// Plain minimax over positions, `depth` plies (a pass is a ply), `leaf` at depth 0 or at the
    /// end, `max` maximising.
    fn plain_minimax<const N: usize>(
        position: &Position<N>,
        depth: u32,
        max: Side,
        leaf: &impl Fn(&Position<N>) -> i32,
    ) -> i32 {
        if depth == 0 || position.is_over() {
            return leaf(position);
        }
        let values = position
            .moves()
            .map(|mv| plain_minimax(&position.play(mv).unwrap(), depth - 1, max, leaf));
        if position.to_move() == max {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// COL106 `bestMove(k)` by plain minimax: the smallest index among the placements of best
    /// `k`-ply value for the mover (its discs minus the other's at the leaves).
    fn plain_best<const N: usize>(position: &Position<N>, k: u32) -> Option<Square<N>> {
        let root = position.to_move();
        let leaf = |p: &Position<N>| lead(p, root);
        let mut best: Option<(i32, Square<N>)> = None;
        for square in position.placements() {
            let child = position.place(square).unwrap();
            let value = plain_minimax(&child, k.max(1) - 1, root, &leaf);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, square));
            }
        }
        best.map(|(_, square)| square)
    }

    /// The scorings' values (Black's lead, its sign, the root's lead) and sides, searched by
    /// search-core's minimax, against plain minimax over positions.
    #[test]
    fn scorings_value_positions_as_documented() {
        for position in game_positions::<4>(5, 6) {
            check_scorings(&position);
        }
        for position in game_positions::<6>(7, 2) {
            check_scorings(&position);
        }
    }

    fn check_scorings<const N: usize>(position: &Position<N>) {
        let black = |p: &Position<N>| lead(p, Side::Black);
        let sign = |p: &Position<N>| lead(p, Side::Black).signum();
        let mover = position.to_move();
        let root = |p: &Position<N>| lead(p, mover);
        assert_eq!(WinLoss.max_side(), Side::Black);
        assert_eq!(Margin.max_side(), Side::Black);
        assert_eq!(RootScore { root: mover }.max_side(), mover);
        assert!(WinLoss.exact_end() && Margin.exact_end());
        assert!(!RootScore { root: mover }.exact_end());
        let depth = if N == 4 { 3 } else { 2 };
        let scored = Scored::new(*position, RootScore { root: mover });
        assert_eq!(scored.to_move(), Player::Max);
        assert_eq!(scored.is_terminal(), position.is_over());
        assert_eq!(
            minimax(&scored, Some(depth)).value,
            plain_minimax(position, depth, mover, &root)
        );
        let margin = Scored::new(*position, Margin);
        let black_to_move = position.to_move() == Side::Black;
        assert_eq!(margin.to_move() == Player::Max, black_to_move);
        assert_eq!(
            minimax(&margin, Some(depth)).value,
            plain_minimax(position, depth, Side::Black, &black)
        );
        assert_eq!(
            minimax(&Scored::new(*position, WinLoss), Some(depth)).value,
            plain_minimax(position, depth, Side::Black, &sign)
        );
    }

    /// An observer recording the depths completed.
    struct Depths(Vec<u32>);

    impl<M> Observer<M> for Depths {
        fn completed(&mut self, iteration: &Iteration<'_, M>) {
            self.0.push(iteration.depth);
        }
    }

    /// `bestMove(k)` by every method, with a searcher kept across positions, within a budget
    /// that does not run out and observed: the move of plain minimax.
    #[test]
    fn best_moves_match_plain_minimax() {
        let mut searchers = [Method::Minimax, Method::AlphaBeta, Method::Engine].map(Searcher::new);
        let positions = game_positions::<6>(11, 2).into_iter().step_by(3);
        for position in positions {
            for k in 0..=2 {
                let expected = plain_best(&position, k);
                let depth = if expected.is_some() { k.max(1) } else { 0 };
                for searcher in &mut searchers {
                    assert_eq!(searcher.best_move(&position, k), expected, "{k}");
                    let mut depths = Depths(Vec::new());
                    let observed = searcher.best_move_observed(&position, k, None, &mut depths);
                    assert_eq!(observed, (expected, depth));
                    let all: Vec<u32> = (1..=depth).collect();
                    assert_eq!(depths.0, all);
                    let budget = Duration::from_secs(600);
                    assert_eq!(
                        searcher.best_move_within(&position, k, budget),
                        (expected, depth)
                    );
                    let mut depths = Depths(Vec::new());
                    let observed =
                        searcher.best_move_observed(&position, k, Some(budget), &mut depths);
                    assert_eq!(observed, (expected, depth));
                    assert_eq!(depths.0, all);
                }
                assert_eq!(best_move(&position, k, Method::Engine), expected);
            }
        }
    }

    /// A spent budget still completes one ply: the 1-ply move.
    #[test]
    fn a_spent_budget_answers_one_ply() {
        for position in game_positions::<6>(12, 1).into_iter().step_by(4) {
            let expected = plain_best(&position, 1);
            let depth = u32::from(expected.is_some());
            let mut searcher = Searcher::new(Method::AlphaBeta);
            assert_eq!(
                searcher.best_move_within(&position, 4, Duration::ZERO),
                (expected, depth)
            );
            // Observed, the engine deepens within the budget too: one ply, reported.
            let mut depths = Depths(Vec::new());
            let observed =
                searcher.best_move_observed(&position, 4, Some(Duration::ZERO), &mut depths);
            assert_eq!(observed, (expected, depth));
            assert_eq!(depths.0, (1..=depth).collect::<Vec<_>>());
        }
    }

    /// A searcher keeps the engine's table between calls, whoever is to move: after a
    /// `k + 1`-ply search at a position, each child's `k`-ply search (the other side's, with
    /// entries of the same remaining depth in the table) gives alpha-beta's move.
    #[test]
    fn a_kept_table_serves_both_sides() {
        let k = 3;
        for seed in 0..3 {
            for position in game_positions::<6>(seed, 1) {
                let mut searcher = Searcher::new(Method::Engine);
                searcher.best_move(&position, k + 1);
                for child in position.moves().map(|mv| position.play(mv).unwrap()) {
                    let expected = best_move(&child, k, Method::AlphaBeta);
                    assert_eq!(
                        searcher.best_move(&child, k),
                        expected,
                        "{seed} {position:?}"
                    );
                }
            }
        }
    }

    /// The engine's table key of a [`TieBroken`] node tells apart every node of distinct value
    /// or moves: no two distinct (position, root side, root tag) share a key.
    #[test]
    fn tie_broken_keys_tell_nodes_apart() {
        let mut seen = std::collections::HashMap::new();
        for position in game_positions::<4>(13, 3) {
            for root in [Side::Black, Side::White] {
                for tag in 0..=TAGS {
                    let node = TieBroken {
                        position,
                        root,
                        tag,
                    };
                    if let Some(other) = seen.insert(node.key(), node) {
                        assert_eq!(other, node);
                    }
                }
            }
        }
        assert!(seen.len() > 10_000);
    }

    /// A full game by plain minimax's `bestMove(k)` for both sides, passing without a placement.
    fn plain_game<const N: usize>(start: &Position<N>, k: u32) -> FullGame<N> {
        let (mut position, mut moves) = (*start, Vec::new());
        while !position.is_over() {
            match plain_best(&position, k) {
                Some(square) => {
                    moves.push(square);
                    position = position.place(square).unwrap();
                }
                None => position = position.pass(),
            }
        }
        FullGame {
            moves,
            end: position,
        }
    }

    #[test]
    fn full_games_match_plain_minimax() {
        let starts = [
            Position::<6>::start(),
            Position::<6>::random_line(3, 20),
            Position::<6>::random_line(4, 12),
        ];
        for start in starts {
            for k in 1..=2 {
                let expected = plain_game(&start, k);
                let board = expected.end.board();
                let winner = match board.count(Side::Black).cmp(&board.count(Side::White)) {
                    std::cmp::Ordering::Greater => Some(Side::Black),
                    std::cmp::Ordering::Less => Some(Side::White),
                    std::cmp::Ordering::Equal => None,
                };
                assert_eq!(expected.winner(), winner);
                let budget = Duration::from_secs(600);
                // Each move's search first (a wrong answer, such as none, would make the game
                // pass forever), then the games.
                let line = plain_line(&start, &expected);
                for method in [Method::Minimax, Method::AlphaBeta, Method::Engine] {
                    let mut searcher = Searcher::new(method);
                    for (position, square) in &line {
                        assert_eq!(searcher.best_move(position, k), *square);
                        assert_eq!(searcher.best_move_within(position, k, budget).0, *square);
                    }
                    assert_eq!(full_game(&start, k, method), expected);
                }
                assert_eq!(full_game_within(&start, k, budget), (expected.clone(), k));
                let mut depths = Depths(Vec::new());
                let searcher = Searcher::new(Method::AlphaBeta);
                let observed = full_game_observed(&start, k, searcher, None, &mut depths);
                assert_eq!(observed, (expected.clone(), k));
                // Every placement's search reports the depths 1 to k.
                assert_eq!(depths.0.len(), expected.moves.len() * k as usize);
            }
        }
        // A spent budget per move: every search completes one ply, so the game is bestMove(1)'s.
        let start = Position::<6>::random_line(5, 14);
        let expected = plain_game(&start, 1);
        let mut searcher = Searcher::new(Method::Engine);
        for (position, square) in plain_line(&start, &expected) {
            let depth = u32::from(square.is_some());
            let spent = searcher.best_move_within(&position, 3, Duration::ZERO);
            assert_eq!(spent, (square, depth));
        }
        let (game, depth) = full_game_within(&start, 3, Duration::ZERO);
        assert_eq!((game, depth), (expected, 1));
    }

    /// The positions of `game` from `start` with the placement made there (`None`: a pass).
    fn plain_line<const N: usize>(
        start: &Position<N>,
        game: &FullGame<N>,
    ) -> Vec<(Position<N>, Option<Square<N>>)> {
        let (mut position, mut moves) = (*start, game.moves.iter());
        let mut line = Vec::new();
        while !position.is_over() {
            if position.placements().is_empty() {
                line.push((position, None));
                position = position.pass();
            } else {
                let square = *moves.next().expect("a placement");
                line.push((position, Some(square)));
                position = position.place(square).expect("legal");
            }
        }
        line
    }

    /// `Scored::order_moves` is the order its scoring asks for: the engine's order (corners,
    /// fewest replies; parity near the end) for exact-end scorings, the static square order
    /// otherwise; and on these positions both reorder some lists.
    #[test]
    fn scored_order_moves_follows_its_scoring() {
        let (mut engine_moved, mut static_moved) = (0, 0);
        for position in game_positions::<8>(11, 6) {
            let generated = move_list(&position);
            let mut ordered = generated.clone();
            Scored::new(position, Margin).order_moves(&mut ordered);
            let mut expected = generated.clone();
            order(&position, &mut expected);
            assert_eq!(ordered, expected);
            engine_moved += usize::from(ordered != generated);

            let mut ordered = generated.clone();
            Scored::new(position, RootScore { root: Side::White }).order_moves(&mut ordered);
            let mut expected = generated.clone();
            order_static(&mut expected);
            assert_eq!(ordered, expected);
            static_moved += usize::from(ordered != generated);
        }
        assert!(
            engine_moved > 10 && static_moved > 10,
            "{engine_moved} {static_moved}"
        );
    }
}
