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
