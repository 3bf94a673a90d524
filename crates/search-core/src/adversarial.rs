//! Minimax and alpha-beta, full-depth or depth-limited.
//!
//! Both run on an explicit stack (no recursion), call each position once ("a state visited"),
//! and choose at the root the first move in generation order that achieves the optimum: a later
//! move of equal value never replaces it. Max and Min are decided per position by
//! [`Game::to_move`], so a side may move several times in a row.
//!
//! Alpha-beta starts from the window (-INFINITY, +INFINITY) and cuts as soon as
//! `alpha >= beta` (ties prune). Its value always equals minimax's.

use crate::game::{Game, INFINITY, MoveList, Player, Value};

/// Counters of a game-tree search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameStats {
    /// Positions visited: one per call on a position, the root included.
    pub nodes: u64,
    /// Positions evaluated statically: terminal positions and positions at the depth limit.
    pub leaves: u64,
}

impl GameStats {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: &GameStats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
    }
}

/// What a game-tree search returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOutcome<M> {
    /// The value of the root from Max's point of view.
    pub value: Value,
    /// The first move that achieves the value (`None` at a terminal root or at depth 0).
    pub best_move: Option<M>,
    /// The counters.
    pub stats: GameStats,
}

/// Minimax: the exact value of `game` searched `depth` plies deep (`None`: to the end).
///
/// ```
/// use search_core::{games::minimax, games::Game, games::MoveList, games::Player, games::Value};
/// /// Take 1 or 2 from a pile; taking the last one wins (+1 for Max).
/// #[derive(Clone, Copy)]
/// struct Nim { pile: u8, max_to_move: bool }
/// impl Game for Nim {
///     type Move = u8;
///     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
///     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(2)).collect() }
///     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
///     fn is_terminal(&self) -> bool { self.pile == 0 }
///     // The player who just moved took the last stone and won.
///     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
/// }
/// let outcome = minimax(&Nim { pile: 4, max_to_move: true }, None);
/// assert_eq!(outcome.value, 1);
/// assert_eq!(outcome.best_move, Some(1)); // leave a multiple of 3
/// ```
pub fn minimax<G: Game>(game: &G, depth: Option<u32>) -> GameOutcome<G::Move> {
    search(game, depth, false)
}

/// Alpha-beta: the minimax value of `game` at `depth` (`None`: to the end), visiting no more
/// positions than [`minimax`].
pub fn alpha_beta<G: Game>(game: &G, depth: Option<u32>) -> GameOutcome<G::Move> {
    search(game, depth, true)
}

/// One position on the explicit stack.
struct Frame<G: Game> {
    position: G,
    moves: MoveList<G::Move>,
    next: usize,
    remaining: Option<u32>,
    maximizing: bool,
    alpha: Value,
    beta: Value,
    best: Value,
    best_move: Option<G::Move>,
}

/// Enters a position: returns a leaf's value, or pushes a frame to search and returns `None`.
fn enter<G: Game>(
    stack: &mut Vec<Frame<G>>,
    position: G,
    remaining: Option<u32>,
    alpha: Value,
    beta: Value,
    stats: &mut GameStats,
) -> Option<Value> {
    stats.nodes += 1;
    if remaining == Some(0) {
        stats.leaves += 1;
        return Some(position.evaluate());
    }
    // No legal move is the end of the game (the `Game` contract): one call where
    // `is_terminal` and then `legal_moves` would test the end twice.
    let moves = position.legal_moves();
    debug_assert_eq!(
        moves.is_empty(),
        position.is_terminal(),
        "Game contract: is_terminal agrees with legal_moves"
    );
    if moves.is_empty() {
        stats.leaves += 1;
        return Some(position.evaluate());
    }
    let maximizing = position.to_move() == Player::Max;
    stack.push(Frame {
        position,
        moves,
        next: 0,
        remaining: remaining.map(|d| d - 1),
        maximizing,
        alpha,
        beta,
        best: if maximizing { Value::MIN } else { Value::MAX },
        best_move: None,
    });
    None
}

fn search<G: Game>(game: &G, depth: Option<u32>, prune: bool) -> GameOutcome<G::Move> {
    let mut stats = GameStats::default();
    let mut stack: Vec<Frame<G>> = Vec::new();
    if let Some(value) = enter(
        &mut stack,
        game.clone(),
        depth,
        -INFINITY,
        INFINITY,
        &mut stats,
    ) {
        return GameOutcome {
            value,
            best_move: None,
            stats,
        };
    }
    loop {
        let frame = stack
            .last_mut()
            .expect("the root frame stays until the end");
        if frame.remaining == Some(0) {
            evaluate_leaves(frame, &mut stats, prune);
        } else if frame.next < frame.moves.len() {
            let mv = frame.moves[frame.next];
            frame.next += 1;
            let child = frame.position.play(mv);
            let (remaining, alpha, beta) = (frame.remaining, frame.alpha, frame.beta);
            if let Some(value) = enter(&mut stack, child, remaining, alpha, beta, &mut stats) {
                let frame = stack.last_mut().expect("the parent is on top");
                record(frame, mv, value, prune);
            }
            continue;
        }
        // All moves searched (or cut): return the value to the parent.
        let done = stack.pop().expect("non-empty");
        match stack.last_mut() {
            Some(parent) => {
                let mv = parent.moves[parent.next - 1];
                record(parent, mv, done.best, prune);
            }
            None => {
                return GameOutcome {
                    value: done.best,
                    best_move: done.best_move,
                    stats,
                };
            }
        }
    }
}

/// The children of `frame`, all leaves at the depth limit, evaluated in a tight loop: the same
/// count and values as entering each one (a depth-limit leaf is evaluated without a terminal
/// test).
fn evaluate_leaves<G: Game>(frame: &mut Frame<G>, stats: &mut GameStats, prune: bool) {
    while frame.next < frame.moves.len() {
        let mv = frame.moves[frame.next];
        frame.next += 1;
        stats.nodes += 1;
        stats.leaves += 1;
        let value = frame.position.play(mv).evaluate();
        record(frame, mv, value, prune);
    }
}

/// Records a child's value in its parent frame and applies the cut-off.
fn record<G: Game>(frame: &mut Frame<G>, mv: G::Move, value: Value, prune: bool) {
    if frame.maximizing {
        if value > frame.best {
            frame.best = value;
            frame.best_move = Some(mv);
        }
        frame.alpha = frame.alpha.max(frame.best);
    } else {
        if value < frame.best {
            frame.best = value;
            frame.best_move = Some(mv);
        }
        frame.beta = frame.beta.min(frame.best);
    }
    if prune && frame.alpha >= frame.beta {
        frame.next = frame.moves.len();
    }
}
