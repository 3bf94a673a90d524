//! Monte Carlo tree search with the UCT selection rule (Kocsis and Szepesvári 2006).

use crate::game::{Game, MoveList, Player, Value};
use crate::strategy::Strategy;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The settings of [`Mcts`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln(parent visits) / visits)`
    /// (rewards lie in 0..=1). The default, 0.7, is half the textbook `sqrt(2)`: with proofs
    /// and decisive playouts the statistics are sharper, and the smaller constant wins more
    /// games (the README's "Monte Carlo tree search" section has the measurements).
    pub exploration: f64,
    /// Iterations per move (counted from this move's search, not the visits kept from before).
    pub iterations: u64,
    /// A wall-clock budget per move, if any; the search stops at whichever limit comes first.
    pub time: Option<Duration>,
    /// The seed of the random generator (expansion order and playouts).
    pub seed: u64,
    /// How playouts choose their moves.
    pub playout: Playout,
    /// Rapid action value estimation (Gelly and Silver 2007) with this equivalence parameter
    /// `k`, or `None`. A child's mean is blended with the mean of every simulation through its
    /// parent in which its move was played later by the same side ("all moves as first"), with
    /// weight `sqrt(k / (3 n + k))` after `n` visits: far more information per iteration where a
    /// move is good whenever it is played (placement games such as tic-tac-toe), less where its
    /// worth depends on when.
    pub rave: Option<f64>,
    /// Whether a new node drops the moves after which the opponent can win at once (they lose,
    /// so the value stays; a node where every move does is proven lost at once). More proofs for
    /// about `b * b` moves played per node. It pays in small placement games (tic-tac-toe, with
    /// RAVE) and costs Connect Four dearly, where the statistics of the dropped blunders are
    /// what gives a threat its value (see the README).
    pub safe_moves_only: bool,
}

/// How a playout chooses its moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random legal moves.
    Random,
    /// Decisive and anti-decisive moves (Teytaud and Teytaud 2010): a move that wins at once is
    /// played; otherwise a random move after which the opponent cannot win at once, when there
    /// is one. A step costs about `b` times a random step (`b` legal moves), and in games that a
    /// single move decides (Connect Four, tic-tac-toe) the playouts say far more.
    #[default]
    Decisive,
}

impl Default for MctsConfig {
    /// Exploration 0.7, 10,000 iterations, no time limit, seed 0, decisive playouts, no RAVE,
    /// every move tried.
    fn default() -> Self {
        Self {
            exploration: 0.7,
            iterations: 10_000,
            time: None,
            seed: 0,
            playout: Playout::Decisive,
            rave: None,
            safe_moves_only: false,
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
    /// The root's proven result, when the solver proved it: the sign of the game-theoretic value
    /// from Max's point of view (1 Max wins, 0 a draw, -1 Min wins), as
    /// `alpha_beta(position, None).value.signum()` would say.
    pub proven: Option<Value>,
}

/// A proven result.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Proof {
    /// The reward for Max: 1, 1/2 or 0.
    reward: f64,
    /// Plies to the end of the game along the proof: for the winner, through the first winning
    /// move found; for the loser (or a draw), the longest of its moves.
    plies: u32,
}

impl Proof {
    /// A finished game.
    fn over<G: Game>(position: &G) -> Self {
        Self {
            reward: reward(position),
            plies: 0,
        }
    }
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
    /// The proven result: at a finished game, or once the children prove it (MCTS-Solver).
    solved: Option<Proof>,
    /// RAVE's statistics of this node's move at the parent.
    amaf: Amaf,
}

/// The simulations through a node in which a move was played later by the side to move there
/// (RAVE's "all moves as first"), and the sum of their rewards for Max.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Amaf {
    visits: u64,
    reward: f64,
}

/// A UCT player that proves wins and losses (MCTS-Solver, Winands, Björnsson and Saito 2008).
///
/// No evaluation function: a new leaf is valued by one playout to the end of the game (see
/// [`Playout`]), whose result comes from [`Game::evaluate`] at the final position (its sign: a
/// win is worth 1 to the winner, a draw 1/2). Each iteration selects down the tree by UCT,
/// expands one untried move, plays out and backs the result up.
///
/// The contract of the solver: a finished game is solved at its result; a node is solved as soon
/// as one child is solved as a win for the side to move there, or every move is expanded and
/// solved (at the best of them for that side), or, when it is created, its side to move has a
/// move that wins at once. A solved value is the game-theoretic one, so
/// selection never enters a child proven lost while another is open, an iteration that reaches a
/// solved node backs up its proven result without a playout, and the search stops early once the
/// root is solved ([`MctsStats::iterations`] then counts fewer than the budget).
///
/// The move played is a child proven won if there is one, else the most visited child not
/// proven lost. The tree is kept between moves: when the next position is found among the
/// root's children or grandchildren (our move, then the opponent's), that subtree becomes the new
/// root.
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
/// // Leave a multiple of 3: the solver proves it and stops before the budget.
/// assert_eq!(mcts.choose_move(&Nim { pile: 7, max_to_move: true }), Some(1));
/// assert!(mcts.stats().iterations < 2_000);
/// ```
#[derive(Debug, Clone)]
pub struct Mcts<G: Game> {
    config: MctsConfig,
    rng: StdRng,
    /// The tree; the root is node 0 when the tree is not empty.
    nodes: Vec<TreeNode<G>>,
    stats: MctsStats,
    /// The moves of the current simulation and who played them, for RAVE.
    trail: Vec<(Player, G::Move)>,
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
            trail: Vec::new(),
        }
    }

    /// What the last search did.
    #[must_use]
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// Searches `position` within the budget and returns the move to play; `None` when the game
    /// is over. The search stops early once the root's value is proven.
    pub fn search(&mut self, position: &G) -> Option<G::Move> {
        self.set_root(position);
        let reused = self.nodes[0].visits;
        let started = Instant::now();
        let mut done = 0;
        while done < self.config.iterations && self.nodes[0].solved.is_none() {
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
            proven: self.nodes[0]
                .solved
                .map(|p| (2.0 * p.reward - 1.0) as Value),
        };
        self.final_choice()
    }

    /// The move to play: the child proven won in the fewest plies if there is one, else the most
    /// visited child not proven lost (the first expanded among equals), else (a lost root) the
    /// child whose loss takes the most plies, to give an imperfect opponent the most chances to
    /// go wrong.
    fn final_choice(&self) -> Option<G::Move> {
        let root = &self.nodes[0];
        if root.children.is_empty() {
            // Proven when it was created (a move that wins at once, or every move loses at once).
            return root.untried.first().copied();
        }
        let best = best_for(root.position.to_move());
        let children = || root.children.iter().map(|&c| &self.nodes[c as usize]);
        let won = children()
            .filter_map(|c| c.solved.filter(|p| p.reward == best).map(|p| (p.plies, c)))
            .min_by_key(|&(plies, _)| plies);
        // `rev`: among equals, `max_by_key` keeps the last, so the first expanded wins.
        let open = children()
            .rev()
            .filter(|c| c.solved.is_none_or(|p| p.reward != 1.0 - best))
            .max_by_key(|c| c.visits);
        let longest_loss = || {
            children()
                .rev()
                .max_by_key(|c| (c.solved.map(|p| p.plies), c.visits))
        };
        won.map(|(_, c)| c)
            .or(open)
            .or_else(longest_loss)
            .and_then(|c| c.mv)
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
        let (untried, solved) = if position.is_terminal() {
            (MoveList::new(), Some(Proof::over(&position)))
        } else {
            moves_to_try(&position, self.config.safe_moves_only)
        };
        self.nodes.push(TreeNode {
            position,
            parent,
            mv,
            children: Vec::new(),
            untried,
            visits: 0,
            max_reward: 0.0,
            solved,
            amaf: Amaf::default(),
        });
        (self.nodes.len() - 1) as u32
    }

    /// One iteration: select, expand, play out, back up, and prove what the new result proves.
    fn iterate(&mut self) {
        let mut node = 0u32;
        loop {
            let n = &self.nodes[node as usize];
            if n.solved.is_some() {
                break;
            }
            if !n.untried.is_empty() {
                node = self.expand(node);
                break;
            }
            node = self.select_child(node);
        }
        self.trail.clear();
        let result = match self.nodes[node as usize].solved {
            Some(proof) => proof.reward,
            None => self.playout(node),
        };
        if self.config.rave.is_some() {
            self.update_amaf(node, result);
        }
        let mut i = node;
        while i != NONE {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.max_reward += result;
            i = n.parent;
        }
        if self.nodes[node as usize].solved.is_some() {
            self.prove_ancestors(node);
        }
    }

    /// RAVE's backup: from `leaf` up, credits `result` to every child of each node on the path that the side to move there played later in this simulation (the playout's
    /// moves are already in the trail; the tree's are added on the way up).
    fn update_amaf(&mut self, leaf: u32, result: f64) {
        let mut node = leaf;
        loop {
            self.credit_moves(node, result);
            let n = &self.nodes[node as usize];
            if n.parent == NONE {
                return;
            }
            let side = self.nodes[n.parent as usize].position.to_move();
            self.trail.push((side, n.mv.expect("a child has a move")));
            node = n.parent;
        }
    }

    /// Credits `result` to the children of `node` whose moves are on the trail with its side to
    /// move.
    fn credit_moves(&mut self, node: u32, result: f64) {
        let side = self.nodes[node as usize].position.to_move();
        let trail = &self.trail;
        let played = |mv: G::Move| trail.contains(&(side, mv));
        let credit = |amaf: &mut Amaf| {
            amaf.visits += 1;
            amaf.reward += result;
        };
        for k in 0..self.nodes[node as usize].children.len() {
            let c = self.nodes[node as usize].children[k] as usize;
            if self.nodes[c].mv.is_some_and(played) {
                credit(&mut self.nodes[c].amaf);
            }
        }
    }

    /// MCTS-Solver's backup: `node` has just been solved; solves its parent when one child now
    /// wins for the side to move there, or when every move is expanded and solved (the best of
    /// them for that side), and so on up while parents are solved.
    fn prove_ancestors(&mut self, mut node: u32) {
        loop {
            let parent = self.nodes[node as usize].parent;
            if parent == NONE {
                return;
            }
            let p = &self.nodes[parent as usize];
            if p.solved.is_some() {
                return;
            }
            let best = best_for(p.position.to_move());
            let child = self.nodes[node as usize].solved.expect("a solved child");
            let proof = if child.reward == best {
                Some(Proof {
                    reward: best,
                    plies: child.plies + 1,
                })
            } else if p.untried.is_empty() {
                self.best_if_all_solved(parent)
            } else {
                None
            };
            match proof {
                Some(proof) => self.nodes[parent as usize].solved = Some(proof),
                None => return,
            }
            node = parent;
        }
    }

    /// The proof of `node` from its children when every one is solved: the best reward among them
    /// for the side to move there, over the longest of the children that get it.
    fn best_if_all_solved(&self, node: u32) -> Option<Proof> {
        let n = &self.nodes[node as usize];
        let sign = if n.position.to_move() == Player::Max {
            1.0
        } else {
            -1.0
        };
        let mut best: Option<Proof> = None;
        for &c in &n.children {
            let p = self.nodes[c as usize].solved?;
            let better = best.is_none_or(|b| {
                sign * p.reward > sign * b.reward || (p.reward == b.reward && p.plies > b.plies)
            });
            if better {
                best = Some(p);
            }
        }
        best.map(|b| Proof {
            reward: b.reward,
            plies: b.plies + 1,
        })
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

    /// The child of a fully expanded, unsolved `node` with the best UCT score for the side to
    /// move there. A solved child counts at its proven value; one proven lost is never chosen
    /// while another is open (the node would be solved if none were).
    fn select_child(&self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let for_max = n.position.to_move() == Player::Max;
        let log_n = (n.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, n.children[0]);
        for &c in &n.children {
            let child = &self.nodes[c as usize];
            let visits = child.visits.max(1) as f64;
            let mean = child
                .solved
                .map_or_else(|| self.blended_mean(child), |p| p.reward);
            let exploit = if for_max { mean } else { 1.0 - mean };
            let score = if child.solved.is_some() && exploit == 0.0 {
                f64::MIN
            } else {
                exploit + self.config.exploration * (log_n / visits).sqrt()
            };
            if score > best.0 {
                best = (score, c);
            }
        }
        best.1
    }

    /// The mean reward for Max of a visited, unsolved child; with RAVE, blended with its
    /// all-moves-as-first mean.
    fn blended_mean(&self, child: &TreeNode<G>) -> f64 {
        let visits = child.visits.max(1) as f64;
        let mean = child.max_reward / visits;
        match self.config.rave {
            Some(k) if child.amaf.visits > 0 => {
                let beta = (k / (3.0 * visits + k)).sqrt();
                let amaf = child.amaf.reward / child.amaf.visits as f64;
                (1.0 - beta) * mean + beta * amaf
            }
            _ => mean,
        }
    }

    /// A game from `node` to the end under the configured [`Playout`]; the reward for Max. With
    /// RAVE its moves go on the trail.
    fn playout(&mut self, node: u32) -> f64 {
        let mut position = self.nodes[node as usize].position.clone();
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                return reward(&position);
            }
            let side = position.to_move();
            let (mv, wins) = match self.config.playout {
                Playout::Random => (moves[self.rng.random_range(0..moves.len())], false),
                Playout::Decisive => self.decisive_step(&position, moves),
            };
            if self.config.rave.is_some() {
                self.trail.push((side, mv));
            }
            if wins {
                return best_for(side);
            }
            position = position.play(mv);
        }
    }

    /// One step of [`Playout::Decisive`] from `position` (not over, with these legal `moves`):
    /// a move that wins at once (and `true`), else a random move that does not let the opponent
    /// win at once (any random move when every one does).
    fn decisive_step(&mut self, position: &G, mut moves: MoveList<G::Move>) -> (G::Move, bool) {
        let best = best_for(position.to_move());
        if let Some(&mv) = moves.iter().find(|&&mv| wins_at_once(position, mv, best)) {
            return (mv, true);
        }
        let mut fallback = None;
        while !moves.is_empty() {
            let mv = moves.swap_remove(self.rng.random_range(0..moves.len()));
            if !hands_over_a_win(position, mv) {
                return (mv, false);
            }
            fallback.get_or_insert(mv);
        }
        (fallback.expect("a legal move"), false)
    }
}

/// The moves to try at `position` (not over), and its proof: a move that wins at once alone,
/// proving the position, when there is one. Else, when `safe_only`, the moves after which the
/// opponent cannot win at once (dropping a lost move leaves the value as it is), or, when there
/// is none, one move and the position proven lost. Else every legal move, unproven.
fn moves_to_try<G: Game>(position: &G, safe_only: bool) -> (MoveList<G::Move>, Option<Proof>) {
    let moves = position.legal_moves();
    let best = best_for(position.to_move());
    if let Some(&mv) = moves.iter().find(|&&mv| wins_at_once(position, mv, best)) {
        let proof = Proof {
            reward: best,
            plies: 1,
        };
        return (std::iter::once(mv).collect(), Some(proof));
    }
    if !safe_only {
        return (moves, None);
    }
    let safe: MoveList<G::Move> = moves
        .iter()
        .copied()
        .filter(|&mv| !hands_over_a_win(position, mv))
        .collect();
    if safe.is_empty() {
        let proof = Proof {
            reward: 1.0 - best,
            plies: 2,
        };
        (moves[..1].iter().copied().collect(), Some(proof))
    } else {
        (safe, None)
    }
}

/// Whether after `mv` at `position` the game is lost for the side to move at `position`, or the
/// opponent is to move and can win at once.
fn hands_over_a_win<G: Game>(position: &G, mv: G::Move) -> bool {
    let side = position.to_move();
    let next = position.play(mv);
    let worst = 1.0 - best_for(side);
    if next.is_terminal() {
        return reward(&next) == worst;
    }
    next.to_move() != side && loses_at_once(&next, worst)
}

/// Whether `mv` ends the game at `position` with reward `wanted`.
fn wins_at_once<G: Game>(position: &G, mv: G::Move, wanted: f64) -> bool {
    let next = position.play(mv);
    next.is_terminal() && reward(&next) == wanted
}

/// Whether `position` is lost (reward `worst`) or its side to move can end the game at once with
/// reward `worst`.
fn loses_at_once<G: Game>(position: &G, worst: f64) -> bool {
    let moves = position.legal_moves();
    if moves.is_empty() {
        return reward(position) == worst;
    }
    moves
        .iter()
        .any(|&reply| wins_at_once(position, reply, worst))
}

/// The reward `side` wants most: 1 for Max, 0 for Min.
fn best_for(side: Player) -> f64 {
    match side {
        Player::Max => 1.0,
        Player::Min => 0.0,
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
