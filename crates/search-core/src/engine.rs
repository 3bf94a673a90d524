//! The engine search for real play: negamax alpha-beta with principal-variation (null-window)
//! search, iterative deepening, move ordering and a transposition table.
//!
//! At a given depth the engine returns the same value as [`alpha_beta`](crate::games::alpha_beta):
//! a table entry cuts the search only when it was stored for the same remaining depth (and
//! unlimited depth is a depth of its own), and every other device only reorders moves. The
//! chosen move achieves that value; among moves of equal value it may differ from alpha-beta's
//! choice, because the engine searches moves in a different order.
//!
//! Move order at a position: the table's best move, then the two killer moves of that ply
//! (unless [`Engine::with_killers`] turned them off), then the order of
//! [`EngineGame::order_moves`].

use crate::adversarial::{GameOutcome, GameStats};
use crate::busy::busy_mark;
use crate::game::{EngineGame, INFINITY, MoveList, Value};
use crate::games::{Bounds, Mtdf};
use crate::table::{Bound, Entry, Table, TranspositionTable, UNLIMITED};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The smallest remaining depth at which the table is probed and written.
const MIN_TABLE_DEPTH: u32 = 2;

/// The smallest remaining depth at which threads split a node's moves (below it a subtree is
/// too small to be worth the marks).
pub(crate) const SPLIT_DEPTH: u32 = 3;

/// A reusable search engine; keep one per game to reuse its table across moves.
///
/// ```
/// use search_core::{games::alpha_beta, games::Engine, games::EngineGame, games::Game, games::MoveList, games::Player, games::Value};
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
    table: TranspositionTable,
    killers: Vec<[Option<M>; 2]>,
    use_killers: bool,
}

/// What [`Engine::search_timed`] returns: the outcome of the last iteration that completed and
/// its depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed<M> {
    /// The value and move of the last completed iteration; the counters add up every iteration,
    /// the interrupted one included.
    pub outcome: GameOutcome<M>,
    /// The depth of that iteration.
    pub depth: u32,
    /// Why the deepening ended.
    pub ended: crate::games::deepening::Ended,
}

impl<M: Copy + PartialEq> Engine<M> {
    /// An engine with a transposition table of `2^table_bits` entries.
    pub fn new(table_bits: u32) -> Self {
        Self {
            table: TranspositionTable::new(table_bits),
            killers: Vec::new(),
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
        self.table.clear();
        self.killers.clear();
    }

    /// The transposition table.
    #[must_use]
    pub fn table(&self) -> &TranspositionTable {
        &self.table
    }

    /// Iterative deepening to `depth` plies. The value and move are those of the last iteration
    /// (depth `depth`); the counters add up all iterations.
    pub fn search<G: EngineGame<Move = M>>(&mut self, game: &G, depth: u32) -> GameOutcome<M> {
        let budget = crate::budget::Budget::depth(depth);
        crate::games::deepening::deepen(self, game, budget, &mut ()).outcome
    }

    /// Iterative deepening to at most `max_depth` plies within about `budget` of wall-clock
    /// time: an iteration still running when the time is up is abandoned (nothing it found is
    /// kept in the table) and the outcome of the last completed one is returned. Depth 1 always
    /// completes, so a position with a legal move always gets one.
    ///
    /// ```
    /// # use search_core::{games::Engine, games::EngineGame, games::Game, games::MoveList, games::Player, games::Value};
    /// # #[derive(Clone, Copy)]
    /// # struct Nim { pile: u8, max_to_move: bool }
    /// # impl Game for Nim {
    /// #     type Move = u8;
    /// #     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
    /// #     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(3)).collect() }
    /// #     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
    /// #     fn is_terminal(&self) -> bool { self.pile == 0 }
    /// #     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
    /// # }
    /// # impl EngineGame for Nim {
    /// #     fn key(&self) -> u64 { u64::from(self.pile) << 1 | u64::from(self.max_to_move) }
    /// # }
    /// use std::time::Duration;
    /// let mut engine = Engine::new(16);
    /// let timed = engine.search_timed(&Nim { pile: 30, max_to_move: true }, 40, Duration::from_secs(5));
    /// assert_eq!(timed.depth, 40); // quick: every iteration completes
    /// assert_eq!(timed.outcome.best_move, Some(2));
    /// assert_eq!(timed.outcome.value, 1);
    /// ```
    pub fn search_timed<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        max_depth: u32,
        budget: Duration,
    ) -> Timed<M> {
        let budget = crate::budget::Budget::time(budget).with_depth(max_depth);
        crate::games::deepening::deepen(self, game, budget, &mut ())
    }

    /// The exact value with perfect play (unlimited depth), after a short iterative deepening
    /// that fills the table with good move-ordering hints.
    pub fn solve<G: EngineGame<Move = M>>(&mut self, game: &G) -> GameOutcome<M> {
        let warm_up = self.search(game, 8);
        let mut outcome = self.search_once(game, None);
        outcome.stats.add(&warm_up.stats);
        outcome
    }

    /// MTD(f) (Plaat et al. 1996): the value at `depth` (`None`: unlimited) found by null-window
    /// searches ([`search_window`](Self::search_window)) converging from `guess` (a previous
    /// iteration's value is a good one); the same value as [`search_once`](Self::search_once)
    /// and a move achieving it. The counters add up all the null-window searches.
    ///
    /// ```
    /// # use search_core::{games::Engine, games::EngineGame, games::Game, games::MoveList, games::Player, games::Value};
    /// # #[derive(Clone, Copy)]
    /// # struct Nim { pile: u8, max_to_move: bool }
    /// # impl Game for Nim {
    /// #     type Move = u8;
    /// #     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
    /// #     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(3)).collect() }
    /// #     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
    /// #     fn is_terminal(&self) -> bool { self.pile == 0 }
    /// #     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
    /// # }
    /// # impl EngineGame for Nim {
    /// #     fn key(&self) -> u64 { u64::from(self.pile) << 1 | u64::from(self.max_to_move) }
    /// # }
    /// let start = Nim { pile: 30, max_to_move: true };
    /// let outcome = Engine::new(16).mtdf(&start, None, 0);
    /// assert_eq!((outcome.value, outcome.best_move), (1, Some(2)));
    /// ```
    pub fn mtdf<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        depth: Option<u32>,
        guess: Value,
    ) -> GameOutcome<M> {
        let max_to_move = game.to_move() == crate::game::Player::Max;
        let everything = Bounds {
            lower: -INFINITY,
            upper: INFINITY,
        };
        let mut mtdf = Mtdf::new(everything, guess.clamp(-INFINITY + 1, INFINITY - 1), 1);
        let mut stats = GameStats::default();
        let mut best_move = None;
        while let Some(beta) = mtdf.next_beta() {
            let outcome = self.search_window(game, depth, beta - 1, beta);
            stats.add(&outcome.stats);
            let fail_high = mtdf.record(beta, outcome.value);
            // The move achieves the bound when the search failed high for the side to move.
            if fail_high == max_to_move {
                best_move = outcome.best_move;
            }
        }
        GameOutcome {
            value: mtdf.value().expect("MTD(f) runs until the bounds meet"),
            best_move,
            stats,
        }
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
    /// use search_core::{games::Engine, games::EngineGame, games::Game, games::MoveList, games::Player, games::Value, games::INFINITY};
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
        let (outcome, _) = self.run(game, depth, (alpha, beta), Stop::NEVER);
        outcome.expect("a search without a stop completes")
    }

    /// One search with this engine's table and killers; `None` when stopped.
    pub(crate) fn run<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        depth: Option<u32>,
        window: (Value, Value),
        stop: Stop<'_>,
    ) -> (Option<GameOutcome<M>>, GameStats) {
        let mut worker = Worker::new(&mut self.table, &mut self.killers, stop);
        worker.use_killers = self.use_killers;
        let outcome = worker.run(game, depth, window);
        (outcome, worker.stats)
    }
}

/// When a search gives up: a flag another thread raises, a depth another thread passes, a
/// deadline, or never.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stop<'a> {
    /// Raised by another thread to stop this search.
    pub(crate) flag: Option<&'a AtomicBool>,
    /// Stop once the counter exceeds the depth.
    pub(crate) outrun: Option<(&'a AtomicU32, u32)>,
    /// Checked every 1024 nodes.
    pub(crate) deadline: Option<Instant>,
}

impl Stop<'_> {
    /// A search that always completes.
    pub(crate) const NEVER: Self = Self {
        flag: None,
        outrun: None,
        deadline: None,
    };
}

/// One search in progress: a table (owned by one engine or shared), killer moves, counters.
pub(crate) struct Worker<'a, M, T> {
    table: &'a mut T,
    killers: &'a mut Vec<[Option<M>; 2]>,
    pub(crate) use_killers: bool,
    stop: Stop<'a>,
    aborted: bool,
    pub(crate) stats: GameStats,
    root_best: Option<M>,
}

impl<'a, M: Copy + PartialEq, T: Table> Worker<'a, M, T> {
    pub(crate) fn new(
        table: &'a mut T,
        killers: &'a mut Vec<[Option<M>; 2]>,
        stop: Stop<'a>,
    ) -> Self {
        Self {
            table,
            killers,
            use_killers: true,
            stop,
            aborted: false,
            stats: GameStats::default(),
            root_best: None,
        }
    }

    /// One fixed-depth search with the window `(alpha, beta)` in Max's point of view; `None`
    /// when the stop came first.
    pub(crate) fn run<G: EngineGame<Move = M>>(
        &mut self,
        game: &G,
        depth: Option<u32>,
        (alpha, beta): (Value, Value),
    ) -> Option<GameOutcome<M>> {
        self.stats = GameStats::default();
        self.root_best = None;
        self.aborted = false;
        let sign = game.to_move().sign();
        let (a, b) = if sign == 1 {
            (alpha, beta)
        } else {
            (-beta, -alpha)
        };
        let value = self.negamax(game, depth, a, b, 0);
        (!self.aborted).then(|| GameOutcome {
            value: value * sign,
            best_move: self.root_best,
            stats: self.stats,
        })
    }

    /// Whether the search must give up now (then every caller returns at once, storing nothing).
    fn stopped(&mut self) -> bool {
        if !self.aborted {
            let flag = self.stop.flag.is_some_and(|f| f.load(Ordering::Relaxed))
                || self
                    .stop
                    .outrun
                    .is_some_and(|(counter, depth)| counter.load(Ordering::Relaxed) > depth);
            let late = self.stats.nodes % 1024 == 0
                && self.stop.deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted = flag || late;
        }
        self.aborted
    }

    /// Negamax with fail-soft alpha-beta; values from the side to move's point of view.
    fn negamax<G: EngineGame<Move = M>>(
        &mut self,
        position: &G,
        remaining: Option<u32>,
        alpha: Value,
        beta: Value,
        ply: usize,
    ) -> Value {
        self.stats.nodes += 1;
        if self.stopped() {
            return 0;
        }
        let mover = position.to_move();
        if let Some(value) = self.leaf(position, remaining, alpha, beta) {
            return value;
        }
        let depth = remaining.unwrap_or(UNLIMITED);
        // One ply above the leaves a same-depth entry almost never cuts, and the probe is a cache
        // miss: the table is used from two plies up (and at unlimited depth).
        let key = (depth >= MIN_TABLE_DEPTH && position.use_table()).then(|| position.key());
        let entry = key.and_then(|key| self.table.probe(key));
        let settled = entry
            .filter(|_| ply > 0)
            .and_then(|e| cut(&e, depth, alpha, beta));
        if let Some(value) =
            settled.or_else(|| self.probable_cut(position, remaining, (alpha, beta), ply))
        {
            return value;
        }
        let mut moves = position.legal_moves();
        debug_assert_eq!(
            moves.is_empty(),
            position.is_terminal(),
            "Game contract: no legal move exactly when the game is over"
        );
        if moves.is_empty() {
            self.stats.leaves += 1;
            return position.evaluate() * mover.sign();
        }
        position.order_moves(&mut moves);
        let node = Node {
            remaining,
            ply,
            key,
            nodes_before: self.stats.nodes,
        };
        self.search_moves(
            position,
            &moves,
            entry.and_then(|e| e.best),
            node,
            (alpha, beta),
        )
    }

    /// The value of a position at depth 0 (the evaluation), or the game's own answer at
    /// unlimited depth ([`EngineGame::solve_small`]); `None`: search it.
    #[inline(always)]
    fn leaf<G: EngineGame<Move = M>>(
        &mut self,
        position: &G,
        remaining: Option<u32>,
        alpha: Value,
        beta: Value,
    ) -> Option<Value> {
        // A terminal position has no legal move (the `Game` contract): it is recognised by the
        // caller's empty move list, which saves games like reversi generating moves twice.
        if remaining == Some(0) {
            self.stats.leaves += 1;
            return Some(position.evaluate() * position.to_move().sign());
        }
        if remaining.is_some() {
            return None;
        }
        let (value, visited) = position.solve_small(alpha, beta)?;
        self.stats.nodes += visited.saturating_sub(1);
        self.stats.leaves += 1;
        Some(value)
    }

    /// The game's probable cut-off below the root at a fixed depth
    /// ([`EngineGame::probable_cut`]): `beta` when a null-window search to the shallow depth says
    /// the value is probably at least `beta`, `alpha` when one says it is probably at most
    /// `alpha`, `None` when neither (or the game has no test for this depth). Stopped: `0`.
    fn probable_cut<G: EngineGame<Move = M>>(
        &mut self,
        position: &G,
        remaining: Option<u32>,
        (alpha, beta): (Value, Value),
        ply: usize,
    ) -> Option<Value> {
        let test = remaining
            .filter(|_| ply > 0)
            .and_then(|d| position.probable_cut(d))?;
        debug_assert!(remaining.is_some_and(|d| test.shallow < d));
        let (high, low) = test.shallow_bounds(alpha, beta);
        if let Some(high) = high {
            let value = self.negamax(position, Some(test.shallow), high - 1, high, ply);
            if self.aborted || value >= high {
                return Some(if self.aborted { 0 } else { beta });
            }
        }
        if let Some(low) = low {
            let value = self.negamax(position, Some(test.shallow), low, low + 1, ply);
            if self.aborted || value <= low {
                return Some(if self.aborted { 0 } else { alpha });
            }
        }
        None
    }

    /// Searches the moves of an inner node (the table's move, the killers, then the game's
    /// order) and stores the result. When the table splits work among threads and enough depth
    /// remains, a move after the first whose position another thread is searching is put off
    /// to the end (simplified ABDADA): every move is still searched, only the order changes.
    fn search_moves<G: EngineGame<Move = M>>(
        &mut self,
        position: &G,
        moves: &MoveList<M>,
        table_move: Option<u8>,
        node: Node,
        window: (Value, Value),
    ) -> Value {
        let first = self.first_moves(moves, table_move, node.ply);
        let order = first
            .iter()
            .copied()
            .chain((0..moves.len()).filter(|i| !first.contains(i)));
        let split = self.table.busy().is_some() && node.remaining.is_none_or(|d| d >= SPLIT_DEPTH);
        let younger = if split { Role::Shared } else { Role::Younger };
        let mut scores = Scores::new(window);
        let mut deferred = SmallVec::<[usize; 16]>::new();
        for (n, i) in order.enumerate() {
            let role = if n == 0 { Role::Eldest } else { younger };
            match self.visit(position, moves, i, role, node, &mut scores) {
                Step::Next => {}
                Step::Deferred => deferred.push(i),
                Step::Cut => return self.finish(node, &scores, window),
                Step::Stopped => return 0,
            }
        }
        for i in deferred {
            match self.visit(position, moves, i, Role::Younger, node, &mut scores) {
                Step::Next => {}
                Step::Deferred | Step::Cut => break,
                Step::Stopped => return 0,
            }
        }
        self.finish(node, &scores, window)
    }

    /// Searches move `i` of `moves` at `position` in the given role and takes its score.
    #[inline(always)]
    fn visit<G: EngineGame<Move = M>>(
        &mut self,
        position: &G,
        moves: &MoveList<M>,
        i: usize,
        role: Role,
        node: Node,
        scores: &mut Scores,
    ) -> Step {
        let mv = moves[i];
        let child = position.play(mv);
        let child_remaining = node.remaining.map(|d| d - 1);
        let mark = (role == Role::Shared)
            .then(|| busy_mark(child.key(), child_remaining.unwrap_or(UNLIMITED)));
        if let (Some(busy), Some(mark)) = (self.table.busy(), mark) {
            if busy.contains(mark) {
                return Step::Deferred;
            }
            busy.insert(mark);
        }
        let same_side = child.to_move() == position.to_move();
        let score = self.principal_variation(&child, same_side, role, node, scores);
        if let (Some(busy), Some(mark)) = (self.table.busy(), mark) {
            busy.remove(mark);
        }
        if self.aborted {
            return Step::Stopped;
        }
        if scores.take(score, i) && node.ply == 0 {
            self.root_best = Some(mv);
        }
        if scores.alpha >= scores.beta {
            self.remember_killer(mv, node.ply);
            return Step::Cut;
        }
        Step::Next
    }

    /// The score of `child` for the mover: the eldest move with the node's window, a younger
    /// one with a null window first, searched again with the full window only when it lands
    /// inside.
    #[inline(always)]
    fn principal_variation<G: EngineGame<Move = M>>(
        &mut self,
        child: &G,
        same_side: bool,
        role: Role,
        node: Node,
        scores: &Scores,
    ) -> Value {
        let remaining = node.remaining.map(|d| d - 1);
        let ply = node.ply + 1;
        let window = |worker: &mut Self, a: Value, b: Value| {
            if same_side {
                worker.negamax(child, remaining, a, b, ply)
            } else {
                -worker.negamax(child, remaining, -b, -a, ply)
            }
        };
        let (alpha, beta) = (scores.alpha, scores.beta);
        if role == Role::Eldest {
            return window(self, alpha, beta);
        }
        let probe = window(self, alpha, alpha + 1);
        if probe > alpha && probe < beta && !self.aborted {
            window(self, alpha, beta)
        } else {
            probe
        }
    }

    /// Stores and returns the node's result.
    fn finish(&mut self, node: Node, scores: &Scores, window: (Value, Value)) -> Value {
        self.store(node, scores.best, scores.best_index, window);
        scores.best
    }

    /// Stores the result of an inner node whose window was `(alpha, beta)` (when the table is
    /// used there).
    fn store(
        &mut self,
        node: Node,
        best: Value,
        best_index: Option<usize>,
        (alpha, beta): (Value, Value),
    ) {
        let Some(key) = node.key else {
            return;
        };
        let bound = if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            depth: node.remaining.unwrap_or(UNLIMITED),
            work: u32::try_from(self.stats.nodes - node.nodes_before).unwrap_or(u32::MAX),
            value: best,
            bound,
            best: best_index.and_then(|i| u8::try_from(i).ok()),
        };
        self.table.store(key, entry);
    }

    /// The indices of the moves searched first: the table's move, then the killers of `ply`.
    fn first_moves(
        &self,
        moves: &MoveList<M>,
        table_move: Option<u8>,
        ply: usize,
    ) -> SmallVec<[usize; 3]> {
        let mut first = SmallVec::new();
        if let Some(t) = table_move.map(usize::from)
            && t < moves.len()
        {
            first.push(t);
        }
        if self.use_killers
            && let Some(killers) = self.killers.get(ply)
        {
            for killer in killers.iter().flatten() {
                if let Some(i) = moves.iter().position(|m| m == killer)
                    && !first.contains(&i)
                {
                    first.push(i);
                }
            }
        }
        first
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

/// The value `entry` settles for a search of `depth` with the window `(alpha, beta)`, if any:
/// only an entry of the same remaining depth, and only a bound on the right side of the window.
fn cut(entry: &Entry, depth: u32, alpha: Value, beta: Value) -> Option<Value> {
    let usable = entry.depth == depth
        && match entry.bound {
            Bound::Exact => true,
            Bound::Lower => entry.value >= beta,
            Bound::Upper => entry.value <= alpha,
        };
    usable.then_some(entry.value)
}

/// An inner node being searched.
#[derive(Clone, Copy)]
struct Node {
    remaining: Option<u32>,
    ply: usize,
    /// The table key, when the table is used here.
    key: Option<u64>,
    /// The node counter on entering (for the entry's work).
    nodes_before: u64,
}

/// How a move of an inner node is searched.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The first move: the node's window, never put off.
    Eldest,
    /// A later move searched without regard to other threads (one thread, too little depth
    /// left, or a move put off and now searched at the end): a null window first.
    Younger,
    /// A later move on several threads: put off when another thread is searching its position,
    /// otherwise marked as being searched while this thread searches it (a null window first).
    Shared,
}

/// What searching one move led to.
enum Step {
    /// Go on with the next move.
    Next,
    /// The move was put off.
    Deferred,
    /// The move's score reached beta: the node's other moves are not needed.
    Cut,
    /// The search was stopped.
    Stopped,
}

/// The running result of an inner node, from the mover's point of view.
struct Scores {
    /// The best score so far (`Value::MIN` before the first move).
    best: Value,
    /// The index of its move in the move list.
    best_index: Option<usize>,
    /// The window, alpha raised by the scores so far.
    alpha: Value,
    beta: Value,
}

impl Scores {
    fn new((alpha, beta): (Value, Value)) -> Self {
        Self {
            best: Value::MIN,
            best_index: None,
            alpha,
            beta,
        }
    }

    /// Takes the score of move `i`; whether it is the new best.
    fn take(&mut self, score: Value, i: usize) -> bool {
        let better = score > self.best;
        if better {
            self.best = score;
            self.best_index = Some(i);
            self.alpha = self.alpha.max(score);
        }
        better
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Player};
    use crate::hash::mix64;
    use crate::table::TranspositionTable;

    /// Three moves a position for `plies` plies; a position is its path (base 4), valued by a
    /// hash of it.
    #[derive(Clone, Copy)]
    struct Uniform {
        path: u64,
        ply: u32,
        plies: u32,
    }

    impl Game for Uniform {
        type Move = u8;
        fn to_move(&self) -> Player {
            Player::alternating(self.ply)
        }
        fn legal_moves(&self) -> MoveList<u8> {
            if self.ply < self.plies {
                (0..3).collect()
            } else {
                MoveList::new()
            }
        }
        fn play(&self, mv: u8) -> Self {
            Uniform {
                path: self.path * 4 + u64::from(mv) + 1,
                ply: self.ply + 1,
                ..*self
            }
        }
        fn evaluate(&self) -> Value {
            (mix64(self.path) % 21) as Value - 10
        }
    }

    impl EngineGame for Uniform {
        fn key(&self) -> u64 {
            self.path
        }
    }

    /// One search of `game` to `depth` with this stop: its outcome (`None`: stopped) and node
    /// count.
    fn run_with(game: &Uniform, depth: u32, stop: Stop<'_>) -> (Option<Value>, u64) {
        let mut table = TranspositionTable::new(10);
        let mut killers = Vec::new();
        let mut worker = Worker::new(&mut table, &mut killers, stop);
        let outcome = worker.run(game, Some(depth), (-INFINITY, INFINITY));
        (outcome.map(|o| o.value), worker.stats.nodes)
    }

    const SMALL: Uniform = Uniform {
        path: 0,
        ply: 0,
        plies: 4,
    };

    /// [`Uniform`] with a probable cut-off test at every depth from 2 (shallow depth 1).
    #[derive(Clone, Copy)]
    struct Selective(Uniform, f32);

    impl Game for Selective {
        type Move = u8;
        fn to_move(&self) -> Player {
            self.0.to_move()
        }
        fn legal_moves(&self) -> MoveList<u8> {
            self.0.legal_moves()
        }
        fn play(&self, mv: u8) -> Self {
            Selective(self.0.play(mv), self.1)
        }
        fn evaluate(&self) -> Value {
            self.0.evaluate()
        }
    }

    impl EngineGame for Selective {
        fn key(&self) -> u64 {
            self.0.key()
        }
        fn probable_cut(&self, depth: u32) -> Option<crate::game::ProbableCut> {
            (depth >= 2).then_some(crate::game::ProbableCut {
                shallow: 1,
                slope: 1.0,
                offset: 0.0,
                margin: self.1,
            })
        }
    }

    #[test]
    fn probable_cuts_change_nothing_with_a_huge_margin_and_save_positions_with_a_small_one() {
        let game = Uniform { plies: 8, ..SMALL };
        let exact = Engine::new(12).search_once(&game, Some(8));
        let safe = Engine::new(12).search_once(&Selective(game, 1e9), Some(8));
        assert_eq!(safe.value, exact.value);
        let bold = Engine::new(12).search_once(&Selective(game, 0.0), Some(8));
        assert!(bold.stats.nodes < exact.stats.nodes, "{bold:?} {exact:?}");
        assert!((-10..=10).contains(&bold.value));
    }

    #[test]
    fn shallow_bounds_invert_the_model() {
        let test = crate::game::ProbableCut {
            shallow: 2,
            slope: 2.0,
            offset: 1.0,
            margin: 4.0,
        };
        // 2v + 1 >= 10 + 4 from v = 6.5 up: 7; 2v + 1 <= -10 - 4 from v = -7.5 down: -8.
        assert_eq!(test.shallow_bounds(-10, 10), (Some(7), Some(-8)));
        assert_eq!(test.shallow_bounds(-INFINITY, INFINITY), (None, None));
    }

    #[test]
    fn a_raised_flag_stops_at_the_first_position() {
        let expected = crate::games::alpha_beta(&SMALL, Some(4)).value;
        let down = AtomicBool::new(false);
        let flag = |f| Stop {
            flag: Some(f),
            ..Stop::NEVER
        };
        assert_eq!(run_with(&SMALL, 4, flag(&down)).0, Some(expected));
        let up = AtomicBool::new(true);
        assert_eq!(run_with(&SMALL, 4, flag(&up)), (None, 1));
    }

    #[test]
    fn a_helper_stops_once_the_main_thread_passes_its_depth() {
        let expected = crate::games::alpha_beta(&SMALL, Some(4)).value;
        fn outrun(counter: &AtomicU32) -> Stop<'_> {
            Stop {
                outrun: Some((counter, 4)),
                ..Stop::NEVER
            }
        }
        for main_depth in [0, 3, 4] {
            let counter = AtomicU32::new(main_depth);
            assert_eq!(run_with(&SMALL, 4, outrun(&counter)).0, Some(expected));
        }
        let passed = AtomicU32::new(5);
        assert_eq!(run_with(&SMALL, 4, outrun(&passed)), (None, 1));
    }

    #[test]
    fn a_deadline_is_read_every_1024_positions() {
        let past = Some(Instant::now());
        let late = Stop {
            deadline: past,
            ..Stop::NEVER
        };
        // 121 positions in all: the deadline is never read.
        let (value, nodes) = run_with(&SMALL, 4, late);
        assert_eq!(value, Some(crate::games::alpha_beta(&SMALL, Some(4)).value));
        assert!(nodes < 1024);
        // A bigger search is stopped at its 1024th position.
        let big = Uniform { plies: 9, ..SMALL };
        assert_eq!(run_with(&big, 9, late), (None, 1024));
        let never = Stop {
            deadline: Some(Instant::now() + Duration::from_secs(3600)),
            ..Stop::NEVER
        };
        assert_eq!(
            run_with(&big, 9, never).0,
            Some(crate::games::alpha_beta(&big, Some(9)).value)
        );
    }
}
