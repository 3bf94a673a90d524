//! The engine search for real play: negamax alpha-beta with principal-variation (null-window)
//! search, iterative deepening, move ordering and a transposition table.
//!
//! At a given depth the engine returns the same value as [`alpha_beta`](crate::alpha_beta):
//! a table entry cuts the search only when it was stored for the same remaining depth (and
//! unlimited depth is a depth of its own), and every other device only reorders moves. The
//! chosen move achieves that value; among moves of equal value it may differ from alpha-beta's
//! choice, because the engine searches moves in a different order.
//!
//! Move order at a position: the table's best move, then the two killer moves of that ply
//! (unless [`Engine::with_killers`] turned them off), then the order of
//! [`EngineGame::order_moves`].

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
    /// The nodes the search below this entry visited (saturating): among entries of equal depth
    /// (every entry of an exact solve is unlimited), the bigger subtree is kept.
    work: u32,
    value: Value,
    bound: Bound,
    best: Option<M>,
}

impl<M> Slot<M> {
    /// A slot that holds nothing.
    const EMPTY: Self = Self {
        key: 0,
        depth: 0,
        work: 0,
        value: 0,
        bound: Bound::Empty,
        best: None,
    };
}

/// The two hooks of [`Engine::search_window_with`], borrowed for one search.
struct Hooks<'a, T, S> {
    use_table: &'a T,
    solve_small: &'a S,
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
    use_killers: bool,
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
            use_killers: true,
        }
    }

    /// The same engine with the killer moves used for ordering (the default) or not. Killers
    /// pay where a refutation is often the same move in sibling positions (connect four); in
    /// games where a move's merit depends on the whole position they push the game's own
    /// ordering back (6x6 Othello solved from 22 empties: 5 times as many nodes with them).
    #[must_use]
    pub fn with_killers(mut self, on: bool) -> Self {
        self.use_killers = on;
        self
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
        self.search_window(game, depth, -INFINITY, INFINITY)
    }

    /// One fixed-depth search (`None`: unlimited) with the window `(alpha, beta)` in Max's point
    /// of view, reusing the table. Fail-soft: when the returned value `v` lies strictly inside
    /// the window it is the exact value; `v <= alpha` means the exact value is at most `v`, and
    /// `v >= beta` that it is at least `v`. A null window (`beta == alpha + 1`) answers "is the
    /// value above `alpha`?", the building block of MTD(f) and aspiration searches. The window
    /// `(-INFINITY, INFINITY)` is [`search_once`](Self::search_once). The best move is that of
    /// the best value found by the side to move: it achieves the returned value when that is
    /// exact or the search fails high for the side to move (`v >= beta` with Max to move,
    /// `v <= alpha` with Min to move); after a fail-low for the side to move it means nothing.
    ///
    /// ```
    /// use search_core::{Engine, EngineGame, Game, MoveList, Player, Value, INFINITY};
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
    /// // Is the value at least 1? (null window around 0.5)
    /// assert!(engine.search_window(&start, None, 0, 1).value >= 1);
    /// // Is the value at most -1? No: the search fails high.
    /// assert!(engine.search_window(&start, None, -2, -1).value >= -1);
    /// assert_eq!(engine.search_window(&start, None, -INFINITY, INFINITY).value, 1);
    /// ```
    pub fn search_window<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        depth: Option<u32>,
        alpha: Value,
        beta: Value,
    ) -> GameOutcome<M> {
        self.search_window_with(game, depth, alpha, beta, |_| true, |_, _, _| None)
    }

    /// [`search_window`](Self::search_window) with two hooks from the game.
    ///
    /// - `use_table(position)`: whether the table is probed and written there (the remaining
    ///   depth must also be at least 2). Near the end of a game whose subtrees are tiny (the
    ///   last few empty squares of reversi) a probe is a cache miss that costs more than
    ///   searching the subtree again, and skipping those positions leaves the table to the big
    ///   subtrees.
    /// - `solve_small(position, alpha, beta)`, consulted at unlimited depth only: the value of
    ///   `position` from the side to move's point of view, searched by the game itself with the
    ///   window `(alpha, beta)` in that view, fail-soft like the engine's own search (exact
    ///   strictly inside the window, otherwise a bound on the same side of it), with the number
    ///   of positions that search visited (this one included); `None` lets the engine search
    ///   `position`. A game's specialised endgame goes here, and so do sound cut-offs (a proved
    ///   cap at or below `alpha` is a valid fail-low answer). When it answers for `game` itself
    ///   the outcome has no best move.
    ///
    /// Values are unchanged as long as `solve_small` keeps its contract; `|_| true` and
    /// `|_, _, _| None` give [`search_window`](Self::search_window).
    pub fn search_window_with<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        depth: Option<u32>,
        alpha: Value,
        beta: Value,
        use_table: impl Fn(&G) -> bool,
        solve_small: impl Fn(&G, Value, Value) -> Option<(Value, u64)>,
    ) -> GameOutcome<M> {
        self.stats = GameStats::default();
        self.root_best = None;
        let sign = game.to_move().sign();
        let (a, b) = if sign == 1 {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let hooks = Hooks {
            use_table: &use_table,
            solve_small: &solve_small,
        };
        let value = self.negamax(game, depth, a, b, 0, &hooks);
        GameOutcome {
            value: value * sign,
            best_move: self.root_best,
            stats: self.stats,
        }
    }

    /// Negamax with fail-soft alpha-beta; values from the side to move's point of view.
    fn negamax<G, T, S>(
        &mut self,
        position: &G,
        remaining: Option<u32>,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        hooks: &Hooks<'_, T, S>,
    ) -> Value
    where
        G: EngineGame<Move = M>,
        T: Fn(&G) -> bool,
        S: Fn(&G, Value, Value) -> Option<(Value, u64)>,
    {
        self.stats.nodes += 1;
        let nodes_before = self.stats.nodes;
        let mover = position.to_move();
        // A terminal position has no legal move (the `Game` contract): it is recognised below by
        // its empty move list, which saves games like reversi generating moves twice per node.
        if remaining == Some(0) {
            self.stats.leaves += 1;
            return position.evaluate() * mover.sign();
        }
        if remaining.is_none()
            && let Some((value, visited)) = (hooks.solve_small)(position, alpha, beta)
        {
            self.stats.nodes += visited.saturating_sub(1);
            self.stats.leaves += 1;
            return value;
        }
        let depth_tag = remaining.unwrap_or(UNLIMITED);
        // One ply above the leaves a same-depth entry almost never cuts, and the probe is a cache
        // miss: the table is used from two plies up (and at unlimited depth).
        let use_table = depth_tag >= MIN_TABLE_DEPTH && (hooks.use_table)(position);
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
        if self.use_killers {
            self.promote_killers(&mut moves, ply);
        }
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
                    engine.negamax(&child, child_remaining, a, b, ply + 1, hooks)
                } else {
                    -engine.negamax(&child, child_remaining, -b, -a, ply + 1, hooks)
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
            let work = u32::try_from(self.stats.nodes - nodes_before).unwrap_or(u32::MAX);
            let entry = Slot {
                key,
                depth: depth_tag,
                work,
                value: best,
                bound,
                best: best_move,
            };
            let deep = self.table[deep_index];
            if deep.bound == Bound::Empty || deep.key == key {
                self.table[deep_index] = entry;
            } else if deep.depth < depth_tag || (deep.depth == depth_tag && deep.work <= work) {
                // The displaced entry keeps a place in the replace-always slot.
                self.table[fresh_index] = deep;
                self.table[deep_index] = entry;
            } else {
                self.table[fresh_index] = entry;
            }
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
