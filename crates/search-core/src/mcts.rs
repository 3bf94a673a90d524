//! Monte Carlo tree search with the UCT selection rule (Kocsis and Szepesvári 2006).

use crate::game::{Game, MoveList, Player};
use crate::strategy::Strategy;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The settings of [`Mcts`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln(parent visits) / visits)`
    /// (rewards lie in 0..=1; `sqrt(2)` is the textbook choice).
    pub exploration: f64,
    /// Iterations per move (counted from this move's search, not the visits kept from before).
    pub iterations: u64,
    /// A wall-clock budget per move, if any; the search stops at whichever limit comes first.
    pub time: Option<Duration>,
    /// The seed of the random generator (expansion order and playouts).
    pub seed: u64,
}

impl Default for MctsConfig {
    /// `sqrt(2)`, 10,000 iterations, no time limit, seed 0.
    fn default() -> Self {
        Self {
            exploration: std::f64::consts::SQRT_2,
            iterations: 10_000,
            time: None,
            seed: 0,
        }
    }
}

/// What the last search did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MctsStats {
    /// Iterations run by this search.
    pub iterations: u64,
    /// Root visits kept from the previous search (0 when the tree was not reused).
    pub reused_visits: u64,
    /// Nodes in the tree after the search.
    pub tree_size: usize,
}

/// No parent (the root).
const NONE: u32 = u32::MAX;

/// A node of the search tree.
#[derive(Debug, Clone)]
struct TreeNode<G: Game> {
    position: G,
    parent: u32,
    /// The move from the parent.
    mv: Option<G::Move>,
    children: Vec<u32>,
    untried: MoveList<G::Move>,
    visits: u64,
    /// The sum of the rewards backed up through this node, for Max (a Min win adds 0).
    max_reward: f64,
    /// The reward for Max at a finished game.
    terminal: Option<f64>,
}

/// A UCT player.
///
/// No evaluation function: a new leaf is valued by one random playout to the end of the game,
/// whose result comes from [`Game::evaluate`] at the final position (its sign: a win is worth 1
/// to the winner, a draw 1/2). Each iteration selects down the tree by UCT, expands one untried
/// move, plays out and backs the result up. The move played is the most visited child of the
/// root. The tree is kept between moves: when the next position is found among the root's
/// children or grandchildren (our move, then the opponent's), that subtree becomes the new root.
///
/// ```
/// use search_core::{games::Game, games::Mcts, games::MctsConfig, games::MoveList, games::Player, games::Strategy, games::Value};
/// /// Take 1 or 2 from a pile; taking the last one wins.
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Nim { pile: u8, max_to_move: bool }
/// impl Game for Nim {
///     type Move = u8;
///     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
///     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(2)).collect() }
///     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
///     fn is_terminal(&self) -> bool { self.pile == 0 }
///     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
/// }
/// let mut mcts = Mcts::new(MctsConfig { iterations: 2_000, seed: 3, ..MctsConfig::default() });
/// // Leave a multiple of 3.
/// assert_eq!(mcts.choose_move(&Nim { pile: 7, max_to_move: true }), Some(1));
/// assert_eq!(mcts.stats().iterations, 2_000);
/// ```
#[derive(Debug, Clone)]
pub struct Mcts<G: Game> {
    config: MctsConfig,
    rng: StdRng,
    /// The tree; the root is node 0 when the tree is not empty.
    nodes: Vec<TreeNode<G>>,
    stats: MctsStats,
}

impl<G: Game + PartialEq> Mcts<G> {
    /// A player with these settings and an empty tree.
    #[must_use]
    pub fn new(config: MctsConfig) -> Self {
        Self {
            config,
            rng: StdRng::seed_from_u64(config.seed),
            nodes: Vec::new(),
            stats: MctsStats::default(),
        }
    }

    /// What the last search did.
    #[must_use]
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// Searches `position` within the budget and returns the most visited move (the first
    /// expanded among equals); `None` when the game is over.
    pub fn search(&mut self, position: &G) -> Option<G::Move> {
        self.set_root(position);
        let reused = self.nodes[0].visits;
        let started = Instant::now();
        let mut done = 0;
        while done < self.config.iterations {
            if done % 64 == 0
                && let Some(budget) = self.config.time
                && started.elapsed() >= budget
            {
                break;
            }
            self.iterate();
            done += 1;
        }
        self.stats = MctsStats {
            iterations: done,
            reused_visits: reused,
            tree_size: self.nodes.len(),
        };
        let root = &self.nodes[0];
        let mut best: Option<&TreeNode<G>> = None;
        for &c in &root.children {
            let child = &self.nodes[c as usize];
            if best.is_none_or(|b| child.visits > b.visits) {
                best = Some(child);
            }
        }
        best.and_then(|b| b.mv)
    }

    /// Makes `position` the root: a node of the old tree two plies down at most, or a new tree.
    fn set_root(&mut self, position: &G) {
        let found = self.nodes.first().and_then(|root| {
            if root.position == *position {
                return Some(0);
            }
            root.children.iter().find_map(|&c| {
                let child = &self.nodes[c as usize];
                if child.position == *position {
                    return Some(c);
                }
                child
                    .children
                    .iter()
                    .copied()
                    .find(|&g| self.nodes[g as usize].position == *position)
            })
        });
        match found {
            Some(0) => {}
            Some(new_root) => self.keep_subtree(new_root),
            None => {
                self.nodes.clear();
                self.push(position.clone(), NONE, None);
            }
        }
    }

    /// Replaces the tree by the subtree of `root`, renumbered breadth-first.
    fn keep_subtree(&mut self, root: u32) {
        let mut old = std::mem::take(&mut self.nodes);
        let mut order = vec![root];
        let mut i = 0;
        while i < order.len() {
            order.extend_from_slice(&old[order[i] as usize].children);
            i += 1;
        }
        let mut new_index = vec![NONE; old.len()];
        for (new, &o) in order.iter().enumerate() {
            new_index[o as usize] = new as u32;
        }
        for &o in &order {
            let mut node = old[o as usize].clone();
            node.parent = if o == root {
                NONE
            } else {
                new_index[node.parent as usize]
            };
            for c in &mut node.children {
                *c = new_index[*c as usize];
            }
            self.nodes.push(node);
        }
        old.clear();
    }

    /// Adds a node and returns its index.
    fn push(&mut self, position: G, parent: u32, mv: Option<G::Move>) -> u32 {
        let over = position.is_terminal();
        let terminal = over.then(|| reward(&position));
        let untried = if over {
            MoveList::new()
        } else {
            position.legal_moves()
        };
        self.nodes.push(TreeNode {
            position,
            parent,
            mv,
            children: Vec::new(),
            untried,
            visits: 0,
            max_reward: 0.0,
            terminal,
        });
        (self.nodes.len() - 1) as u32
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self) {
        let mut node = 0u32;
        loop {
            let n = &self.nodes[node as usize];
            if n.terminal.is_some() {
                break;
            }
            if !n.untried.is_empty() {
                node = self.expand(node);
                break;
            }
            node = self.select_child(node);
        }
        let result = match self.nodes[node as usize].terminal {
            Some(r) => r,
            None => self.playout(node),
        };
        let mut i = node;
        while i != NONE {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.max_reward += result;
            i = n.parent;
        }
    }

    /// Expands a random untried move of `node` and returns the new child.
    fn expand(&mut self, node: u32) -> u32 {
        let n = &mut self.nodes[node as usize];
        let pick = self.rng.random_range(0..n.untried.len());
        let mv = n.untried.swap_remove(pick);
        let child = n.position.play(mv);
        let index = self.push(child, node, Some(mv));
        self.nodes[node as usize].children.push(index);
        index
    }

    /// The child of a fully expanded `node` with the best UCT score for the side to move there.
    fn select_child(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let for_max = n.position.to_move() == Player::Max;
        let log_n = (n.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, n.children[0]);
        for &c in &n.children {
            let child = &self.nodes[c as usize];
            let visits = child.visits.max(1) as f64;
            let mean = child.max_reward / visits;
            let exploit = if for_max { mean } else { 1.0 - mean };
            let score = exploit + self.config.exploration * (log_n / visits).sqrt();
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// A uniformly random game from `node` to the end; the reward for Max.
    fn playout(&mut self, node: u32) -> f64 {
        let mut position = self.nodes[node as usize].position.clone();
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                return reward(&position);
            }
            position = position.play(moves[self.rng.random_range(0..moves.len())]);
        }
    }
}

/// The reward for Max at a finished game: 1 for a win, 1/2 for a draw, 0 for a loss.
fn reward<G: Game>(position: &G) -> f64 {
    match position.evaluate().signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

impl<G: Game + PartialEq> Strategy<G> for Mcts<G> {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        self.search(position)
    }
}
