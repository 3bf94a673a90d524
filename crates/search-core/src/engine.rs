//! The engine search for real play: negamax alpha-beta with principal-variation (null-window)
//! search, iterative deepening, move ordering and a transposition table.
//!
//! At a given depth the engine returns the same value as [`alpha_beta`](crate::alpha_beta):
//! a table entry cuts the search only when it was stored for the same remaining depth (and
//! unlimited depth is a depth of its own), and every other device only reorders moves. The
//! chosen move achieves that value; among moves of equal value it may differ from alpha-beta's
//! choice, because the engine searches moves in a different order.
//!
//! Move order at a position: the table's best move, then the two killer moves of that ply, then
//! the order of [`EngineGame::order_moves`].

use crate::adversarial::{GameOutcome, GameStats};
use crate::game::{EngineGame, INFINITY, MoveList, Value};

/// What a table entry says about its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Empty,
    Exact,
    /// The value is at least this (a cut-off happened).
    Lower,
    /// The value is at most this (no move raised alpha).
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Slot<M> {
    key: u64,
    depth: u32,
    value: Value,
    bound: Bound,
    best: Option<M>,
}

impl<M> Slot<M> {
    /// A slot that holds nothing.
    const EMPTY: Self = Self {
        key: 0,
        depth: 0,
        value: 0,
        bound: Bound::Empty,
        best: None,
    };
}

/// Remaining depth as stored in the table; unlimited depth is `u32::MAX`.
const UNLIMITED: u32 = u32::MAX;

/// The smallest remaining depth at which the table is probed and written.
const MIN_TABLE_DEPTH: u32 = 2;

/// A reusable search engine; keep one per game to reuse its table across moves.
///
/// ```
/// use search_core::{alpha_beta, Engine, EngineGame, Game, MoveList, Player, Value};
/// /// Take 1, 2 or 3 from a pile; taking the last one wins.
/// #[derive(Clone, Copy)]
/// struct Nim { pile: u8, max_to_move: bool }
/// impl Game for Nim {
///     type Move = u8;
///     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
///     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(3)).collect() }
///     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
///     fn is_terminal(&self) -> bool { self.pile == 0 }
///     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
/// }
/// impl EngineGame for Nim {
///     fn key(&self) -> u64 { u64::from(self.pile) << 1 | u64::from(self.max_to_move) }
/// }
/// let start = Nim { pile: 30, max_to_move: true };
/// let mut engine = Engine::new(16);
/// let outcome = engine.solve(&start);
/// assert_eq!(outcome.value, 1);
/// assert_eq!(outcome.best_move, Some(2)); // leave a multiple of 4
/// assert_eq!(engine.search(&start, 6).value, alpha_beta(&start, Some(6)).value);
/// ```
#[derive(Debug, Clone)]
pub struct Engine<M> {
    table: Vec<Slot<M>>,
    mask: u64,
    killers: Vec<[Option<M>; 2]>,
    stats: GameStats,
    root_best: Option<M>,
}

impl<M: Copy + PartialEq> Engine<M> {
    /// An engine with a transposition table of `2^table_bits` entries.
    pub fn new(table_bits: u32) -> Self {
        let size = 1usize << table_bits.min(40);
        Self {
            table: vec![Slot::EMPTY; size],
            mask: size as u64 - 1,
            killers: Vec::new(),
            stats: GameStats::default(),
            root_best: None,
        }
    }

    /// Forgets everything learnt (the table and the killer moves).
    pub fn clear(&mut self) {
        for slot in &mut self.table {
            slot.bound = Bound::Empty;
        }
        self.killers.clear();
    }

    /// Iterative deepening to `depth` plies. The value and move are those of the last iteration
    /// (depth `depth`); the counters add up all iterations.
    pub fn search<G: EngineGame<Move = M>>(&mut self, game: &G, depth: u32) -> GameOutcome<M> {
        let mut total = GameStats::default();
        let mut outcome = self.search_once(game, Some(0));
        total.nodes += outcome.stats.nodes;
        total.leaves += outcome.stats.leaves;
        for d in 1..=depth {
            outcome = self.search_once(game, Some(d));
            total.nodes += outcome.stats.nodes;
            total.leaves += outcome.stats.leaves;
            if game.is_terminal() {
                break;
            }
        }
        outcome.stats = total;
        outcome
    }

    /// The exact value with perfect play (unlimited depth), after a short iterative deepening
    /// that fills the table with good move-ordering hints.
    pub fn solve<G: EngineGame<Move = M>>(&mut self, game: &G) -> GameOutcome<M> {
        let warm_up = self.search(game, 8);
        let mut outcome = self.search_once(game, None);
        outcome.stats.nodes += warm_up.stats.nodes;
        outcome.stats.leaves += warm_up.stats.leaves;
        outcome
    }

    /// One fixed-depth search (`None`: unlimited), reusing the table.
    pub fn search_once<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        depth: Option<u32>,
    ) -> GameOutcome<M> {
        self.stats = GameStats::default();
        self.root_best = None;
        let value = self.negamax(game, depth, -INFINITY, INFINITY, 0);
        GameOutcome {
            value: value * game.to_move().sign(),
            best_move: self.root_best,
            stats: self.stats,
        }
    }

    /// Negamax with fail-soft alpha-beta; values from the side to move's point of view.
    fn negamax<G: EngineGame<Move = M>>(
        &mut self,
        position: &G,
        remaining: Option<u32>,
        mut alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        self.stats.nodes += 1;
        let mover = position.to_move();
        if remaining == Some(0) || position.is_terminal() {
            self.stats.leaves += 1;
            return position.evaluate() * mover.sign();
        }
        let depth_tag = remaining.unwrap_or(UNLIMITED);
        // One ply above the leaves a same-depth entry almost never cuts, and the probe is a cache
        // miss: the table is used from two plies up (and at unlimited depth).
        let use_table = depth_tag >= MIN_TABLE_DEPTH;
        let key = if use_table { position.key() } else { 0 };
        // Two slots per key (adjacent, so one cache line): the first keeps the deeper search,
        // the second takes whatever the first refuses.
        let deep_index = (key & self.mask & !1) as usize;
        let fresh_index = (deep_index | 1) & self.mask as usize;
        let slot = if use_table {
            let deep = self.table[deep_index];
            if deep.key == key && deep.bound != Bound::Empty {
                deep
            } else {
                self.table[fresh_index]
            }
        } else {
            Slot::EMPTY
        };
        let mut table_move = None;
        if slot.bound != Bound::Empty && slot.key == key {
            table_move = slot.best;
            if slot.depth == depth_tag && ply > 0 {
                let usable = match slot.bound {
                    Bound::Exact => true,
                    Bound::Lower => slot.value >= beta,
                    Bound::Upper => slot.value <= alpha,
                    Bound::Empty => false,
                };
                if usable {
                    return slot.value;
                }
            }
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            self.stats.leaves += 1;
            return position.evaluate() * mover.sign();
        }
        position.order_moves(&mut moves);
        self.promote_killers(&mut moves, ply);
        if let Some(tm) = table_move {
            promote(&mut moves, tm);
        }

        let alpha_start = alpha;
        let child_remaining = remaining.map(|d| d - 1);
        let mut best = Value::MIN;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let child = position.play(mv);
            let same_side = child.to_move() == mover;
            let window = |engine: &mut Self, a: Value, b: Value| {
                if same_side {
                    engine.negamax(&child, child_remaining, a, b, ply + 1)
                } else {
                    -engine.negamax(&child, child_remaining, -b, -a, ply + 1)
                }
            };
            let score = if i == 0 {
                window(self, alpha, beta)
            } else {
                let probe = window(self, alpha, alpha + 1);
                if probe > alpha && probe < beta {
                    window(self, alpha, beta)
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
            alpha = alpha.max(best);
            if alpha >= beta {
                self.remember_killer(mv, ply);
                break;
            }
        }
        let bound = if best <= alpha_start {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if use_table {
            let deep = &self.table[deep_index];
            let slot_index =
                if deep.bound == Bound::Empty || deep.key == key || deep.depth <= depth_tag {
                    deep_index
                } else {
                    fresh_index
                };
            self.table[slot_index] = Slot {
                key,
                depth: depth_tag,
                value: best,
                bound,
                best: best_move,
            };
        }
        best
    }

    fn promote_killers(&self, moves: &mut MoveList<M>, ply: usize) {
        if let Some(killers) = self.killers.get(ply) {
            for killer in killers.iter().rev().flatten() {
                promote(moves, *killer);
            }
        }
    }

    fn remember_killer(&mut self, mv: M, ply: usize) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }
}

/// Moves `mv` to the front, keeping the others in order; nothing if it is not in the list.
fn promote<M: PartialEq>(moves: &mut MoveList<M>, mv: M) {
    if let Some(i) = moves.iter().position(|m| *m == mv) {
        moves[..=i].rotate_right(1);
    }
}
