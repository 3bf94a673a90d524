//! Monte Carlo tree search with the UCT selection rule (Kocsis and Szepesvári 2006), proofs
//! (MCTS-Solver, `proof`), decisive playouts (`playout`) and RAVE (`rave`).

mod playout;
mod proof;
mod rave;

pub use playout::Playout;

use crate::game::{Game, MoveList, Player, Value};
use crate::strategy::Strategy;
use proof::{Proof, best_for, moves_to_try};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rave::Amaf;
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
    /// Shallow proof searches in the tree (MCTS-MS, Baier and Winands 2013): a node other than
    /// the root that reaches [`PROOF_VISITS`] visits is searched `proof_depth` plies deep
    /// (at most 8) for a forced result, which then backs up as any proof does. 0, the default,
    /// searches none. It finds the short combinations (a threat, then a fork) that a small
    /// budget's statistics miss, for `b^d` positions a search; small games can afford it.
    pub proof_depth: u32,
}

/// The visits at which a node gets its proof search ([`MctsConfig::proof_depth`]).
pub const PROOF_VISITS: u64 = 4;

impl Default for MctsConfig {
    /// Exploration 0.7, 10,000 iterations, no time limit, seed 0, decisive playouts, no RAVE,
    /// every move tried, no proof searches.
    fn default() -> Self {
        Self {
            exploration: 0.7,
            iterations: 10_000,
            time: None,
            seed: 0,
            playout: Playout::Decisive,
            rave: None,
            safe_moves_only: false,
            proof_depth: 0,
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
            Some(new_root) => {
                self.keep_subtree(new_root);
                self.reprove_root();
            }
            None => {
                self.nodes.clear();
                self.push(position.clone(), NONE, None);
            }
        }
    }

    /// Keeps a kept root's proof only when its children show the move to play (a proof search
    /// proves a node without them): otherwise the search runs again from it.
    fn reprove_root(&mut self) {
        let root = &self.nodes[0];
        let Some(proof) = root.solved else { return };
        if root.children.is_empty() {
            return; // proven when it was created, its one move untried
        }
        let shown = proof.reward == best_for(root.position.to_move())
            && root.children.iter().any(|&c| {
                self.nodes[c as usize]
                    .solved
                    .is_some_and(|p| p.reward == proof.reward)
            });
        let all = root.untried.is_empty() && self.best_if_all_solved(0).is_some();
        if !shown && !all {
            self.nodes[0].solved = None;
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
        let mut due = MoveList::<u32>::new();
        while i != NONE {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            n.max_reward += result;
            if n.visits == PROOF_VISITS && n.parent != NONE {
                due.push(i);
            }
            i = n.parent;
        }
        if self.nodes[node as usize].solved.is_some() {
            self.prove_ancestors(node);
        }
        // Deepest first: a proof there may settle the ones above. (Depth 0, the default, settles
        // nothing: the nodes due are not over.)
        due.iter().for_each(|&d| self.proof_search(d));
    }

    /// [`MctsConfig::proof_depth`]'s search at `node`; a result found is backed up.
    fn proof_search(&mut self, node: u32) {
        let n = &self.nodes[node as usize];
        if n.solved.is_some() {
            return;
        }
        if let Some(proof) = proof::prove(&n.position, self.config.proof_depth) {
            self.nodes[node as usize].solved = Some(proof);
            self.prove_ancestors(node);
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
}

impl<G: Game + PartialEq> Strategy<G> for Mcts<G> {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        self.search(position)
    }
}

/// The test modules' game: a position that only says who is to move, enough to hold tree nodes.
#[cfg(test)]
mod test_game {
    use crate::game::{Game, MoveList, Player, Value};

    #[derive(Clone, Copy, Debug, PartialEq)]
    pub(super) struct Turn(pub(super) Player);

    impl Game for Turn {
        type Move = u8;
        fn to_move(&self) -> Player {
            self.0
        }
        fn legal_moves(&self) -> MoveList<u8> {
            MoveList::new()
        }
        fn play(&self, _: u8) -> Self {
            *self
        }
        fn evaluate(&self) -> Value {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_game::Turn;
    use super::{Amaf, Mcts, MctsConfig, NONE, Proof, TreeNode};
    use crate::game::{MoveList, Player};

    /// A fully expanded root with one child per `(visits, mean, solved)`.
    fn root_with(exploration: f64, children: &[(u64, f64, Option<f64>)]) -> Mcts<Turn> {
        let mut mcts = Mcts::new(MctsConfig {
            exploration,
            ..MctsConfig::default()
        });
        let node = |parent, visits: u64, mean: f64, solved: Option<f64>| TreeNode {
            position: Turn(Player::Max),
            parent,
            mv: Some(0),
            children: Vec::new(),
            untried: MoveList::new(),
            visits,
            max_reward: mean * visits as f64,
            solved: solved.map(|reward| Proof { reward, plies: 1 }),
            amaf: Amaf::default(),
        };
        let total = children.iter().map(|c| c.0).sum();
        mcts.nodes.push(node(NONE, total, 0.5, None));
        for (i, &(visits, mean, solved)) in children.iter().enumerate() {
            mcts.nodes.push(node(0, visits, mean, solved));
            mcts.nodes[0].children.push(i as u32 + 1);
        }
        mcts
    }

    #[test]
    fn a_kept_root_keeps_only_a_proof_its_children_show() {
        // Proven won for Max (by a proof search) with no child showing the win: searched again.
        let mut unshown = root_with(0.7, &[(10, 0.6, None), (5, 0.4, Some(0.0))]);
        unshown.nodes[0].solved = Some(Proof {
            reward: 1.0,
            plies: 5,
        });
        unshown.reprove_root();
        assert_eq!(unshown.nodes[0].solved, None);
        // A child proven won shows the move: kept.
        let mut shown = root_with(0.7, &[(10, 0.6, None), (5, 0.9, Some(1.0))]);
        shown.nodes[0].solved = Some(Proof {
            reward: 1.0,
            plies: 5,
        });
        shown.reprove_root();
        assert_eq!(
            shown.nodes[0].solved,
            Some(Proof {
                reward: 1.0,
                plies: 5
            })
        );
        // Lost, with every child proven lost: kept; with one open: searched again.
        let mut all_lost = root_with(0.7, &[(10, 0.1, Some(0.0)), (5, 0.0, Some(0.0))]);
        all_lost.nodes[0].solved = Some(Proof {
            reward: 0.0,
            plies: 4,
        });
        all_lost.reprove_root();
        assert!(all_lost.nodes[0].solved.is_some());
        let mut one_open = root_with(0.7, &[(10, 0.1, None), (5, 0.0, Some(0.0))]);
        one_open.nodes[0].solved = Some(Proof {
            reward: 0.0,
            plies: 4,
        });
        one_open.reprove_root();
        assert_eq!(one_open.nodes[0].solved, None);
    }

    #[test]
    fn selection_is_mean_plus_c_times_the_uct_term_and_skips_proven_losses() {
        // Greedy without exploration: the better mean, however often it was visited.
        let greedy = root_with(0.0, &[(100, 0.6, None), (1, 0.5, None)]);
        assert_eq!(greedy.select_child(0), 1);
        // With exploration the rarely visited child: 0.5 + 0.7 sqrt(ln 101) > 0.6 + 0.07 ...
        let exploring = root_with(0.7, &[(100, 0.6, None), (1, 0.5, None)]);
        assert_eq!(exploring.select_child(0), 2);
        // A child proven lost is never selected while another is open, even unvisited-looking.
        let lost = root_with(0.7, &[(1, 0.0, Some(0.0)), (200, 0.3, None)]);
        assert_eq!(lost.select_child(0), 2);
        // A proven draw counts at exactly 1/2.
        let drawn = root_with(0.0, &[(50, 0.9, Some(0.5)), (50, 0.6, None)]);
        assert_eq!(drawn.select_child(0), 2);
    }
}
