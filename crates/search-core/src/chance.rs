//! Games with chance moves (dice, shuffles): [`expectiminimax`] and its pruning variant
//! [`star1`] (Ballard 1983), which needs bounds on every value.
//!
//! A [`ChanceGame`] position is either a player's turn (moves as in [`Game`](crate::Game)) or a
//! chance event with outcomes and their probabilities. Values are `f64` from Max's point of view:
//! the value of a chance node is the probability-weighted mean of its outcomes. Both searches
//! recurse once per ply, so their stack depth is the depth limit (or the length of the game
//! when unlimited).

use crate::adversarial::GameStats;
use crate::game::{MoveList, Player};
use smallvec::SmallVec;
use std::fmt::Debug;

/// Whose turn it is in a [`ChanceGame`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// A player chooses a move.
    Player(Player),
    /// Chance draws an outcome.
    Chance,
}

/// The outcomes of a chance event: probability and resulting position.
pub type Outcomes<G> = SmallVec<[(f64, G); 6]>;

/// A two-player zero-sum game with chance events.
pub trait ChanceGame: Clone {
    /// A player's move.
    type Move: Copy + PartialEq + Debug;

    /// Who acts next. Not consulted at terminal positions.
    fn turn(&self) -> Turn;

    /// The legal moves at a player's turn, in a fixed order (the order decides ties).
    fn legal_moves(&self) -> MoveList<Self::Move>;

    /// The position after `mv`, which must be legal.
    #[must_use]
    fn play(&self, mv: Self::Move) -> Self;

    /// The outcomes of a chance event, with probabilities that add up to 1.
    fn outcomes(&self) -> Outcomes<Self>;

    /// Whether the game is over.
    fn is_terminal(&self) -> bool;

    /// The value for Max: exact at a terminal position, an estimate at the depth limit.
    fn evaluate(&self) -> f64;

    /// Bounds `(low, high)` that every [`evaluate`](Self::evaluate) result lies within, if
    /// known; [`star1`] prunes chance nodes only with them.
    fn bounds(&self) -> Option<(f64, f64)> {
        None
    }
}

/// What [`expectiminimax`] and [`star1`] return.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChanceOutcome<M> {
    /// The value of the root for Max.
    pub value: f64,
    /// The first move achieving the value at a player's turn (`None` at a chance node, a
    /// terminal position or depth 0).
    pub best_move: Option<M>,
    /// Positions visited and evaluated.
    pub stats: GameStats,
}

/// Expectiminimax to `depth` plies (`None`: to the end; a chance event is a ply).
///
/// ```
/// use search_core::{expectiminimax, star1, ChanceGame, MoveList, Outcomes, Player, Turn};
/// /// Max either takes 0.5 or flips a coin worth 1 or 0... after which Min halves nothing.
/// #[derive(Clone, Copy)]
/// enum Bet { Choose, Flip, Done(f64) }
/// impl ChanceGame for Bet {
///     type Move = bool; // true: flip
///     fn turn(&self) -> Turn { match self { Bet::Flip => Turn::Chance, _ => Turn::Player(Player::Max) } }
///     fn legal_moves(&self) -> MoveList<bool> { [false, true].into_iter().collect() }
///     fn play(&self, flip: bool) -> Self { if flip { Bet::Flip } else { Bet::Done(0.5) } }
///     fn outcomes(&self) -> Outcomes<Self> { [(0.7, Bet::Done(1.0)), (0.3, Bet::Done(0.0))].into_iter().collect() }
///     fn is_terminal(&self) -> bool { matches!(self, Bet::Done(_)) }
///     fn evaluate(&self) -> f64 { if let Bet::Done(v) = self { *v } else { 0.5 } }
///     fn bounds(&self) -> Option<(f64, f64)> { Some((0.0, 1.0)) }
/// }
/// let outcome = expectiminimax(&Bet::Choose, None);
/// assert!((outcome.value - 0.7).abs() < 1e-12);
/// assert_eq!(outcome.best_move, Some(true));
/// assert!((star1(&Bet::Choose, None).value - 0.7).abs() < 1e-12);
/// ```
pub fn expectiminimax<G: ChanceGame>(game: &G, depth: Option<u32>) -> ChanceOutcome<G::Move> {
    let mut stats = GameStats::default();
    let (value, best_move) = plain(game, depth, &mut stats);
    ChanceOutcome {
        value,
        best_move,
        stats,
    }
}

/// The leaf value at `position` if the search stops there.
fn leaf<G: ChanceGame>(position: &G, depth: Option<u32>, stats: &mut GameStats) -> Option<f64> {
    stats.nodes += 1;
    if depth == Some(0) || position.is_terminal() {
        stats.leaves += 1;
        return Some(position.evaluate());
    }
    None
}

fn plain<G: ChanceGame>(
    position: &G,
    depth: Option<u32>,
    stats: &mut GameStats,
) -> (f64, Option<G::Move>) {
    if let Some(value) = leaf(position, depth, stats) {
        return (value, None);
    }
    let next = depth.map(|d| d - 1);
    match position.turn() {
        Turn::Chance => {
            let value = position
                .outcomes()
                .iter()
                .map(|(p, q)| p * plain(q, next, stats).0)
                .sum();
            (value, None)
        }
        Turn::Player(side) => {
            let moves = position.legal_moves();
            if moves.is_empty() {
                stats.leaves += 1;
                return (position.evaluate(), None);
            }
            let mut best: Option<(f64, G::Move)> = None;
            for &mv in &moves {
                let v = plain(&position.play(mv), next, stats).0;
                if best.is_none_or(|(b, _)| better(side, v, b)) {
                    best = Some((v, mv));
                }
            }
            best.map_or((position.evaluate(), None), |(v, mv)| (v, Some(mv)))
        }
    }
}

/// Whether `v` is strictly better than `best` for `side`.
fn better(side: Player, v: f64, best: f64) -> bool {
    match side {
        Player::Max => v > best,
        Player::Min => v < best,
    }
}

/// *-minimax with Star1 pruning: the value of [`expectiminimax`] (up to rounding), visiting
/// no more positions. Player nodes prune by alpha-beta; a chance node stops as soon as the
/// outcomes searched so far, with the rest at the game's [`bounds`](ChanceGame::bounds), put its
/// value outside the window. Without bounds chance nodes are searched in full.
pub fn star1<G: ChanceGame>(game: &G, depth: Option<u32>) -> ChanceOutcome<G::Move> {
    let mut search = Star1 {
        stats: GameStats::default(),
        root_best: None,
    };
    let value = search.value(game, depth, f64::NEG_INFINITY, f64::INFINITY, true);
    ChanceOutcome {
        value,
        best_move: search.root_best,
        stats: search.stats,
    }
}

/// The state of one [`star1`] search.
struct Star1<M> {
    stats: GameStats,
    root_best: Option<M>,
}

impl<M: Copy> Star1<M> {
    /// Fail-soft at player nodes: a value `<= alpha` is an upper bound, `>= beta` a lower bound,
    /// anything between exact.
    fn value<G: ChanceGame<Move = M>>(
        &mut self,
        position: &G,
        depth: Option<u32>,
        alpha: f64,
        beta: f64,
        root: bool,
    ) -> f64 {
        if let Some(value) = leaf(position, depth, &mut self.stats) {
            return value;
        }
        let next = depth.map(|d| d - 1);
        let side = match position.turn() {
            Turn::Chance => return self.chance(position, next, alpha, beta),
            Turn::Player(side) => side,
        };
        let moves = position.legal_moves();
        if moves.is_empty() {
            self.stats.leaves += 1;
            return position.evaluate();
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = match side {
            Player::Max => f64::NEG_INFINITY,
            Player::Min => f64::INFINITY,
        };
        for &mv in &moves {
            let v = self.value(&position.play(mv), next, alpha, beta, false);
            if better(side, v, best) {
                best = v;
                if root {
                    self.root_best = Some(mv);
                }
            }
            match side {
                Player::Max => alpha = alpha.max(best),
                Player::Min => beta = beta.min(best),
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// A chance node with the window `(alpha, beta)`: exact inside it, fail-hard (`alpha` or
    /// `beta` itself) outside.
    fn chance<G: ChanceGame<Move = M>>(
        &mut self,
        position: &G,
        next: Option<u32>,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let outcomes = position.outcomes();
        let Some((low, high)) = position.bounds() else {
            return outcomes
                .iter()
                .map(|(p, q)| p * self.value(q, next, f64::NEG_INFINITY, f64::INFINITY, false))
                .sum();
        };
        let mut sum = 0.0;
        let mut rest = 1.0f64;
        for (p, q) in &outcomes {
            rest = (rest - p).max(0.0);
            // The child's window: outside it, the node's value is outside (alpha, beta) whatever
            // the unsearched outcomes are.
            let a = (alpha - sum - rest * high) / p;
            let b = (beta - sum - rest * low) / p;
            if a >= high {
                return alpha;
            }
            if b <= low {
                return beta;
            }
            let (a, b) = (a.max(low), b.min(high));
            let v = self.value(q, next, a, b, false);
            if v <= a && a > low {
                return alpha;
            }
            if v >= b && b < high {
                return beta;
            }
            sum += p * v;
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A node of an explicit tree: kind 0 Max, 1 Min, 2 chance (children equally likely unless
    /// weights are given), with a leaf value.
    #[derive(Debug, Clone)]
    struct Tree {
        kind: Vec<u8>,
        children: Vec<Vec<usize>>,
        weight: Vec<f64>,
        value: Vec<f64>,
    }

    #[derive(Clone)]
    struct At<'a>(&'a Tree, usize);

    impl ChanceGame for At<'_> {
        type Move = usize;
        fn turn(&self) -> Turn {
            match self.0.kind[self.1] {
                0 => Turn::Player(Player::Max),
                1 => Turn::Player(Player::Min),
                _ => Turn::Chance,
            }
        }
        fn legal_moves(&self) -> MoveList<usize> {
            self.0.children[self.1].iter().copied().collect()
        }
        fn play(&self, mv: usize) -> Self {
            At(self.0, mv)
        }
        fn outcomes(&self) -> Outcomes<Self> {
            let kids = &self.0.children[self.1];
            let total: f64 = kids.iter().map(|&c| self.0.weight[c]).sum();
            kids.iter()
                .map(|&c| (self.0.weight[c] / total, At(self.0, c)))
                .collect()
        }
        fn is_terminal(&self) -> bool {
            self.0.children[self.1].is_empty()
        }
        fn evaluate(&self) -> f64 {
            self.0.value[self.1]
        }
        fn bounds(&self) -> Option<(f64, f64)> {
            Some((-10.0, 10.0))
        }
    }

    fn random_tree() -> impl Strategy<Value = Tree> {
        prop::collection::vec((1usize..4, 0u8..3, 1u32..5, -10i32..=10), 1..80).prop_map(|spec| {
            let n = spec.len();
            let mut children = vec![Vec::new(); n];
            let mut next = 1;
            for (i, &(k, _, _, _)) in spec.iter().enumerate() {
                for _ in 0..k {
                    if next < n {
                        children[i].push(next);
                        next += 1;
                    }
                }
            }
            Tree {
                kind: spec.iter().map(|s| s.1).collect(),
                children,
                weight: spec.iter().map(|s| f64::from(s.2)).collect(),
                value: spec.iter().map(|s| f64::from(s.3)).collect(),
            }
        })
    }

    proptest! {
        #[test]
        fn star1_equals_expectiminimax_and_visits_no_more(tree in random_tree(), depth in prop::option::of(0u32..6)) {
            let root = At(&tree, 0);
            let plain = expectiminimax(&root, depth);
            let pruned = star1(&root, depth);
            prop_assert!((plain.value - pruned.value).abs() < 1e-9, "{} vs {}", plain.value, pruned.value);
            prop_assert!(pruned.stats.nodes <= plain.stats.nodes);
            // Star1's move achieves the value.
            if let Some(mv) = pruned.best_move {
                let after = expectiminimax(&At(&tree, mv), depth.map(|d| d - 1));
                prop_assert!((after.value - plain.value).abs() < 1e-9);
            }
        }
    }
}
