//! Games with chance moves (dice, shuffles): [`expectiminimax`] and its pruning variant
//! [`star1`] (Ballard 1983), which needs bounds on every value.
//!
//! A [`ChanceGame`] position is either a player's turn (moves as in [`Game`](crate::games::Game)) or a
//! chance event with outcomes and their probabilities. Values are `f64` from Max's point of view:
//! the value of a chance node is the probability-weighted mean of its outcomes. Both searches
//! keep their path on an explicit stack, so deep games need no deep call stack.

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
/// use search_core::{games::expectiminimax, games::star1, games::ChanceGame, games::MoveList, games::Outcomes, games::Player, games::Turn};
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
    Search::new(false).run(game, depth)
}

/// *-minimax with Star1 pruning: the value of [`expectiminimax`] (up to rounding), visiting
/// no more positions. Player nodes prune by alpha-beta; a chance node stops as soon as the
/// outcomes searched so far, with the rest at the game's [`bounds`](ChanceGame::bounds), put its
/// value outside the window. Without bounds chance nodes are searched in full.
pub fn star1<G: ChanceGame>(game: &G, depth: Option<u32>) -> ChanceOutcome<G::Move> {
    Search::new(true).run(game, depth)
}

/// Whether `v` is strictly better than `best` for `side`.
fn better(side: Player, v: f64, best: f64) -> bool {
    match side {
        Player::Max => v > best,
        Player::Min => v < best,
    }
}

/// One search with an explicit stack of [`Frame`]s: expectiminimax when `prune` is off, Star1
/// when it is on (the same walk, with windows and early returns).
struct Search<G: ChanceGame> {
    prune: bool,
    stats: GameStats,
    stack: Vec<Frame<G>>,
}

/// A position being searched: its window, the depth left for its children and how far through
/// them it is.
struct Frame<G: ChanceGame> {
    position: G,
    next: Option<u32>,
    alpha: f64,
    beta: f64,
    /// Children started so far.
    started: usize,
    node: Node<G>,
}

/// The part of a [`Frame`] that depends on whose turn it is.
enum Node<G: ChanceGame> {
    Player {
        side: Player,
        moves: MoveList<G::Move>,
        best: Option<(f64, G::Move)>,
    },
    Chance {
        outcomes: Outcomes<G>,
        /// The game's value bounds, when pruning.
        bounds: Option<(f64, f64)>,
        /// Probability-weighted values of the outcomes searched so far.
        sum: f64,
        /// Probability of the outcomes not yet started.
        rest: f64,
        /// The window of the outcome being searched.
        window: (f64, f64),
    },
}

/// What a frame asks for next.
enum Step<G> {
    /// Search this child in the window `(alpha, beta)`.
    Child(G, f64, f64),
    /// The frame's value is known.
    Return(f64),
}

impl<G: ChanceGame> Search<G> {
    fn new(prune: bool) -> Self {
        Search {
            prune,
            stats: GameStats::default(),
            stack: Vec::new(),
        }
    }

    fn run(mut self, root: &G, depth: Option<u32>) -> ChanceOutcome<G::Move> {
        let (inf, prune) = (f64::INFINITY, self.prune);
        let mut returned = self.enter(root.clone(), depth, -inf, inf);
        if let Some(value) = returned {
            return self.outcome(value, None);
        }
        loop {
            let top = self.stack.last_mut().expect("a frame is being searched");
            let step = match returned.take().and_then(|v| top.absorb(v, prune)) {
                Some(value) => Step::Return(value),
                None => top.next_step(prune),
            };
            match step {
                Step::Child(child, alpha, beta) => {
                    let next = top.next;
                    returned = self.enter(child, next, alpha, beta);
                }
                Step::Return(value) => {
                    let frame = self.stack.pop().expect("the top frame");
                    if self.stack.is_empty() {
                        return self.outcome(value, frame.best_move());
                    }
                    returned = Some(value);
                }
            }
        }
    }

    fn outcome(self, value: f64, best_move: Option<G::Move>) -> ChanceOutcome<G::Move> {
        ChanceOutcome {
            value,
            best_move,
            stats: self.stats,
        }
    }

    /// Visits `position`: its value if the search stops there, else `None` and a frame for its
    /// children on the stack.
    fn enter(&mut self, position: G, depth: Option<u32>, alpha: f64, beta: f64) -> Option<f64> {
        self.stats.nodes += 1;
        if depth == Some(0) || position.is_terminal() {
            self.stats.leaves += 1;
            return Some(position.evaluate());
        }
        let node = match position.turn() {
            Turn::Chance => Node::Chance {
                outcomes: position.outcomes(),
                bounds: position.bounds().filter(|_| self.prune),
                sum: 0.0,
                rest: 1.0,
                window: (alpha, beta),
            },
            Turn::Player(side) => {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    self.stats.leaves += 1;
                    return Some(position.evaluate());
                }
                Node::Player {
                    side,
                    moves,
                    best: None,
                }
            }
        };
        self.stack.push(Frame {
            position,
            next: depth.map(|d| d - 1),
            alpha,
            beta,
            started: 0,
            node,
        });
        None
    }
}

impl<G: ChanceGame> Frame<G> {
    /// The next child to search, or the frame's value once none is left (or a chance node's
    /// window shows the rest cannot bring its value inside).
    fn next_step(&mut self, prune: bool) -> Step<G> {
        let (alpha, beta) = (self.alpha, self.beta);
        match &mut self.node {
            Node::Player { moves, best, .. } => match moves.get(self.started) {
                Some(&mv) => {
                    self.started += 1;
                    let window = if prune {
                        (alpha, beta)
                    } else {
                        (f64::NEG_INFINITY, f64::INFINITY)
                    };
                    Step::Child(self.position.play(mv), window.0, window.1)
                }
                None => Step::Return(best.expect("a player node has a move, searched").0),
            },
            Node::Chance {
                outcomes,
                bounds,
                sum,
                rest,
                window,
            } => {
                let Some((p, q)) = outcomes.get(self.started) else {
                    return Step::Return(*sum);
                };
                self.started += 1;
                let Some((low, high)) = *bounds else {
                    return Step::Child(q.clone(), f64::NEG_INFINITY, f64::INFINITY);
                };
                *rest = (*rest - p).max(0.0);
                // The child's window: outside it, the node's value is outside (alpha, beta)
                // whatever the unsearched outcomes are.
                let a = (alpha - *sum - *rest * high) / p;
                let b = (beta - *sum - *rest * low) / p;
                if a >= high {
                    return Step::Return(alpha);
                }
                if b <= low {
                    return Step::Return(beta);
                }
                *window = (a.max(low), b.min(high));
                Step::Child(q.clone(), window.0, window.1)
            }
        }
    }

    /// Takes in the value of the child last started; the frame's value when that ends it
    /// (a cut-off).
    fn absorb(&mut self, v: f64, prune: bool) -> Option<f64> {
        let last = self.started - 1;
        match &mut self.node {
            Node::Player { side, moves, best } => {
                if best.is_none_or(|(b, _)| better(*side, v, b)) {
                    *best = Some((v, moves[last]));
                }
                let best = best.map_or(v, |(b, _)| b);
                if prune {
                    match side {
                        Player::Max => self.alpha = self.alpha.max(best),
                        Player::Min => self.beta = self.beta.min(best),
                    }
                    if self.alpha >= self.beta {
                        return Some(best);
                    }
                }
                None
            }
            Node::Chance {
                outcomes,
                bounds,
                sum,
                window: (a, b),
                ..
            } => {
                if let Some((low, high)) = *bounds {
                    // Fail-hard outside the window.
                    if v <= *a && *a > low {
                        return Some(self.alpha);
                    }
                    if v >= *b && *b < high {
                        return Some(self.beta);
                    }
                }
                *sum += outcomes[last].0 * v;
                None
            }
        }
    }

    /// The move achieving the value at a player's turn.
    fn best_move(&self) -> Option<G::Move> {
        match &self.node {
            Node::Player { best, .. } => best.map(|(_, mv)| mv),
            Node::Chance { .. } => None,
        }
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

    /// A long walk: Max moves, then chance rolls one of two outcomes, except in the last
    /// round the same position; the game ends after `left` rounds, worth the rounds left.
    #[derive(Clone, Copy)]
    struct Walk {
        left: u32,
        chance: bool,
    }

    impl ChanceGame for Walk {
        type Move = ();
        fn turn(&self) -> Turn {
            if self.chance {
                Turn::Chance
            } else {
                Turn::Player(Player::Max)
            }
        }
        fn legal_moves(&self) -> MoveList<()> {
            [()].into_iter().collect()
        }
        fn play(&self, (): ()) -> Self {
            Walk {
                left: self.left,
                chance: true,
            }
        }
        fn outcomes(&self) -> Outcomes<Self> {
            let next = Walk {
                left: self.left - 1,
                chance: false,
            };
            [(0.5, next), (0.5, next)]
                .into_iter()
                .take(if self.left > 1 { 1 } else { 2 })
                .map(|(_, w)| (1.0, w))
                .collect()
        }
        fn is_terminal(&self) -> bool {
            self.left == 0
        }
        fn evaluate(&self) -> f64 {
            f64::from(self.left)
        }
        fn bounds(&self) -> Option<(f64, f64)> {
            Some((0.0, 1e9))
        }
    }

    #[test]
    fn a_game_far_deeper_than_the_call_stack_is_searched() {
        // 400,000 plies: one stack frame per ply would overflow the test thread's stack.
        let root = Walk {
            left: 200_000,
            chance: false,
        };
        for outcome in [expectiminimax(&root, None), star1(&root, None)] {
            assert_eq!(outcome.value, 0.0);
            assert_eq!(outcome.best_move, Some(()));
            assert_eq!(outcome.stats.nodes, 400_002);
        }
    }

    /// `At` without value bounds: Star1 cannot prune its chance nodes.
    #[derive(Clone)]
    struct Unbounded<'a>(At<'a>);

    impl ChanceGame for Unbounded<'_> {
        type Move = usize;
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_moves(&self) -> MoveList<usize> {
            self.0.legal_moves()
        }
        fn play(&self, mv: usize) -> Self {
            Unbounded(self.0.play(mv))
        }
        fn outcomes(&self) -> Outcomes<Self> {
            self.0
                .outcomes()
                .into_iter()
                .map(|(p, q)| (p, Unbounded(q)))
                .collect()
        }
        /// Over only at a chance node without outcomes: a player's leaf is recognised by its
        /// empty move list.
        fn is_terminal(&self) -> bool {
            self.0.is_terminal() && self.turn() == Turn::Chance
        }
        fn evaluate(&self) -> f64 {
            self.0.evaluate()
        }
    }

    /// The textbook recursion of both searches, written from the papers: expectiminimax (no
    /// windows) or Star1 (alpha-beta at player nodes; at a chance node with bounds `(low,
    /// high)`, each outcome's window is what keeps the mean inside `(alpha, beta)` with the
    /// unsearched outcomes at the bounds, and the node fails hard outside it). Counts every call
    /// as a node and every static evaluation as a leaf; returns the value and the first best
    /// move.
    fn reference<G: ChanceGame>(
        position: &G,
        depth: Option<u32>,
        (mut alpha, mut beta): (f64, f64),
        prune: bool,
        stats: &mut GameStats,
    ) -> (f64, Option<G::Move>) {
        stats.nodes += 1;
        if depth == Some(0) || position.is_terminal() {
            stats.leaves += 1;
            return (position.evaluate(), None);
        }
        let next = depth.map(|d| d - 1);
        let inf = f64::INFINITY;
        let side = match position.turn() {
            Turn::Player(side) => side,
            Turn::Chance => {
                let Some((low, high)) = position.bounds().filter(|_| prune) else {
                    let mut sum = 0.0;
                    for (p, q) in position.outcomes() {
                        sum += p * reference(&q, next, (-inf, inf), prune, stats).0;
                    }
                    return (sum, None);
                };
                let (mut sum, mut rest) = (0.0, 1.0);
                for (p, q) in position.outcomes() {
                    rest = f64::max(rest - p, 0.0);
                    let a = (alpha - sum - rest * high) / p;
                    let b = (beta - sum - rest * low) / p;
                    if a >= high {
                        return (alpha, None);
                    }
                    if b <= low {
                        return (beta, None);
                    }
                    let (a, b) = (a.max(low), b.min(high));
                    let v = reference(&q, next, (a, b), prune, stats).0;
                    if v <= a && a > low {
                        return (alpha, None);
                    }
                    if v >= b && b < high {
                        return (beta, None);
                    }
                    sum += p * v;
                }
                return (sum, None);
            }
        };
        let moves = position.legal_moves();
        if moves.is_empty() {
            stats.leaves += 1;
            return (position.evaluate(), None);
        }
        let mut best: Option<(f64, G::Move)> = None;
        for mv in moves {
            let window = if prune { (alpha, beta) } else { (-inf, inf) };
            let v = reference(&position.play(mv), next, window, prune, stats).0;
            let improves = |b: f64| match side {
                Player::Max => v > b,
                Player::Min => v < b,
            };
            if best.is_none_or(|(b, _)| improves(b)) {
                best = Some((v, mv));
            }
            let b = best.map_or(v, |b| b.0);
            if prune {
                match side {
                    Player::Max => alpha = alpha.max(b),
                    Player::Min => beta = beta.min(b),
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        let (value, mv) = best.expect("a move was searched");
        (value, Some(mv))
    }

    /// Checks one search against the reference, value, move and counters.
    fn agrees<G: ChanceGame>(
        ours: ChanceOutcome<G::Move>,
        root: &G,
        depth: Option<u32>,
        prune: bool,
    ) {
        let mut stats = GameStats::default();
        let inf = f64::INFINITY;
        let (value, mv) = reference(root, depth, (-inf, inf), prune, &mut stats);
        assert_eq!(
            ours.value.to_bits(),
            value.to_bits(),
            "prune {prune}: {} vs {value}",
            ours.value
        );
        assert_eq!(ours.best_move, mv, "prune {prune}");
        assert_eq!(ours.stats, stats, "prune {prune}");
    }

    #[test]
    fn a_min_turn_and_a_lopsided_chance_node() {
        // Min chooses between a sure 3 and a chance node of 9 (p 1/4) or -5 (p 3/4): -1.5.
        let tree = Tree {
            kind: vec![1, 0, 2, 0, 0],
            children: vec![vec![1, 2], vec![], vec![3, 4], vec![], vec![]],
            weight: vec![1.0, 1.0, 1.0, 1.0, 3.0],
            value: vec![0.0, 3.0, 0.0, 9.0, -5.0],
        };
        let root = At(&tree, 0);
        for ours in [expectiminimax(&root, None), star1(&root, None)] {
            assert_eq!(ours.value, -1.5);
            assert_eq!(ours.best_move, Some(2));
        }
        agrees(star1(&root, None), &root, None, true);
        agrees(expectiminimax(&root, Some(1)), &root, Some(1), false);
    }

    proptest! {
        #[test]
        fn both_searches_equal_the_textbook_recursion_counters_included(
            tree in random_tree(), depth in prop::option::of(0u32..6),
        ) {
            let root = At(&tree, 0);
            agrees(expectiminimax(&root, depth), &root, depth, false);
            agrees(star1(&root, depth), &root, depth, true);
            let unbounded = Unbounded(At(&tree, 0));
            // A game gives no bounds unless it says: Star1 then searches chance nodes in full.
            prop_assert_eq!(unbounded.bounds(), None);
            agrees(star1(&unbounded, depth), &unbounded, depth, true);
            agrees(expectiminimax(&unbounded, depth), &unbounded, depth, false);
            let (full, pruned) = (expectiminimax(&unbounded, depth), star1(&unbounded, depth));
            prop_assert!((full.value - pruned.value).abs() < 1e-9);
        }

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
