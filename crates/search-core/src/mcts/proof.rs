//! MCTS-Solver: proven results, how a proof climbs the tree, and the one-move lookahead that
//! proves a node when it is created (and that the decisive playouts use).

use super::{Mcts, NONE};
use crate::game::{Game, MoveList, Player};

/// A proven result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Proof {
    /// The reward for Max: 1, 1/2 or 0.
    pub(super) reward: f64,
    /// Plies to the end of the game along the proof: for the winner, through the first winning
    /// move found; for the loser (or a draw), the longest of its moves.
    pub(super) plies: u32,
}

impl Proof {
    /// A finished game.
    pub(super) fn over<G: Game>(position: &G) -> Self {
        Self {
            reward: reward(position),
            plies: 0,
        }
    }

    /// Whether this proof is better than `other` for the side that wants `best`, or as good and
    /// longer (among losses and draws, the longest line is the one to keep).
    fn beats(self, other: Self, best: f64) -> bool {
        let (mine, theirs) = if best == 1.0 {
            (self.reward, other.reward)
        } else {
            (other.reward, self.reward)
        };
        mine.total_cmp(&theirs)
            .then(self.plies.cmp(&other.plies))
            .is_gt()
    }
}

impl<G: Game + PartialEq> Mcts<G> {
    /// MCTS-Solver's backup: `node` has just been solved; solves its parent when one child now
    /// wins for the side to move there, or when every move is expanded and solved (the best of
    /// them for that side), and so on up while parents are solved.
    pub(super) fn prove_ancestors(&mut self, mut node: u32) {
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
    pub(super) fn best_if_all_solved(&self, node: u32) -> Option<Proof> {
        let n = &self.nodes[node as usize];
        let wanted = best_for(n.position.to_move());
        let mut best: Option<Proof> = None;
        for &c in &n.children {
            let p = self.nodes[c as usize].solved?;
            if best.is_none_or(|b| p.beats(b, wanted)) {
                best = Some(p);
            }
        }
        best.map(|b| Proof {
            reward: b.reward,
            plies: b.plies + 1,
        })
    }
}

/// The moves to try at `position` (not over), and its proof: a move that wins at once alone,
/// proving the position, when there is one. Else, when `safe_only`, the moves after which the
/// opponent cannot win at once (dropping a lost move leaves the value as it is), or, when there
/// is none, one move and the position proven lost. Else every legal move, unproven.
pub(super) fn moves_to_try<G: Game>(
    position: &G,
    safe_only: bool,
) -> (MoveList<G::Move>, Option<Proof>) {
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
pub(super) fn hands_over_a_win<G: Game>(position: &G, mv: G::Move) -> bool {
    let side = position.to_move();
    let next = position.play(mv);
    let worst = 1.0 - best_for(side);
    if next.is_terminal() {
        return reward(&next) == worst;
    }
    next.to_move() != side && loses_at_once(&next, worst)
}

/// Whether `mv` ends the game at `position` with reward `wanted`.
pub(super) fn wins_at_once<G: Game>(position: &G, mv: G::Move, wanted: f64) -> bool {
    let next = position.play(mv);
    next.is_terminal() && reward(&next) == wanted
}

/// Whether the side to move at `position` (not over) can end the game at once with reward
/// `worst`.
fn loses_at_once<G: Game>(position: &G, worst: f64) -> bool {
    position
        .legal_moves()
        .iter()
        .any(|&reply| wins_at_once(position, reply, worst))
}

/// The deepest [`prove`] search (plies): its recursion is bounded by this, whatever the game.
pub(super) const MAX_PROOF_DEPTH: u32 = 8;

/// The result of `position` if a search of `depth` plies settles it: a finished game, a move
/// to a position proven won for the side to move (the first found), or every move proven (the
/// best of them for the side to move, over the longest proof). `None` when a line is still open
/// at the depth limit. Recursive, at most [`MAX_PROOF_DEPTH`] calls deep.
pub(super) fn prove<G: Game>(position: &G, depth: u32) -> Option<Proof> {
    if position.is_terminal() {
        return Some(Proof::over(position));
    }
    if depth == 0 {
        return None;
    }
    let depth = depth.min(MAX_PROOF_DEPTH);
    let best = best_for(position.to_move());
    let (mut settled, mut open) = (None::<Proof>, false);
    for mv in position.legal_moves() {
        match prove(&position.play(mv), depth - 1) {
            Some(p) if p.reward == best => {
                return Some(Proof {
                    reward: best,
                    plies: p.plies + 1,
                });
            }
            Some(p) => {
                if settled.is_none_or(|b| p.beats(b, best)) {
                    settled = Some(p);
                }
            }
            None => open = true,
        }
    }
    settled.filter(|_| !open).map(|b| Proof {
        reward: b.reward,
        plies: b.plies + 1,
    })
}

/// The reward `side` wants most: 1 for Max, 0 for Min.
pub(super) fn best_for(side: Player) -> f64 {
    match side {
        Player::Max => 1.0,
        Player::Min => 0.0,
    }
}

/// The reward for Max at a finished game: 1 for a win, 1/2 for a draw, 0 for a loss.
pub(super) fn reward<G: Game>(position: &G) -> f64 {
    match position.evaluate().signum() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_game::Turn;
    use super::super::{Amaf, Mcts, MctsConfig, NONE, TreeNode};
    use super::Proof;
    use crate::game::{MoveList, Player};

    fn proof(reward: f64, plies: u32) -> Option<Proof> {
        Some(Proof { reward, plies })
    }

    /// A tree: a root with `side` to move, fully expanded, and one child per `solved` entry.
    fn tree(side: Player, solved: &[Option<Proof>]) -> Mcts<Turn> {
        let mut mcts = Mcts::new(MctsConfig::default());
        let node = |parent, solved| TreeNode {
            position: Turn(side),
            parent,
            mv: Some(0),
            children: Vec::new(),
            untried: MoveList::new(),
            visits: 1,
            max_reward: 0.5,
            solved,
            amaf: Amaf::default(),
        };
        mcts.nodes.push(node(NONE, None));
        for (i, &s) in solved.iter().enumerate() {
            mcts.nodes.push(node(0, s));
            mcts.nodes[0].children.push(i as u32 + 1);
        }
        mcts
    }

    #[test]
    fn all_children_solved_give_the_best_reward_over_the_longest_proof() {
        let children = [proof(0.5, 2), proof(0.5, 5), proof(0.0, 7), proof(1.0, 0)];
        // Max wants 1: the won child, one ply longer.
        assert_eq!(
            tree(Player::Max, &children).best_if_all_solved(0),
            proof(1.0, 1)
        );
        let drawn = [proof(0.5, 2), proof(0.5, 5), proof(0.0, 7)];
        assert_eq!(
            tree(Player::Max, &drawn).best_if_all_solved(0),
            proof(0.5, 6)
        );
        // The longest among equals whatever the order, never a worse reward.
        let reversed = [proof(0.0, 9), proof(0.5, 5), proof(0.5, 2)];
        assert_eq!(
            tree(Player::Max, &reversed).best_if_all_solved(0),
            proof(0.5, 6)
        );
        // Min wants 0.
        assert_eq!(
            tree(Player::Min, &drawn).best_if_all_solved(0),
            proof(0.0, 8)
        );
        // One open child: nothing is proven.
        let open = [proof(0.5, 2), None];
        assert_eq!(tree(Player::Max, &open).best_if_all_solved(0), None);
    }

    /// Take 1 or 2; taking the last one wins.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Nim(u8, bool);

    impl crate::game::Game for Nim {
        type Move = u8;
        fn to_move(&self) -> Player {
            if self.1 { Player::Max } else { Player::Min }
        }
        fn legal_moves(&self) -> MoveList<u8> {
            (1..=self.0.min(2)).collect()
        }
        fn play(&self, take: u8) -> Self {
            Nim(self.0 - take, !self.1)
        }
        fn is_terminal(&self) -> bool {
            self.0 == 0
        }
        fn evaluate(&self) -> crate::game::Value {
            if self.1 { -1 } else { 1 }
        }
    }

    /// A fixed tree: node `i` has `to_move[i]` and children `CHILDREN[i]`; node 5 is the end,
    /// won by Min. From the root (Max) the first move loses in 3 more plies, the second in 1.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Fixed(usize);

    const CHILDREN: [&[usize]; 6] = [&[1, 2], &[3], &[5], &[4], &[5], &[]];

    impl crate::game::Game for Fixed {
        type Move = usize;
        fn to_move(&self) -> Player {
            if matches!(self.0, 0 | 3) {
                Player::Max
            } else {
                Player::Min
            }
        }
        fn legal_moves(&self) -> MoveList<usize> {
            CHILDREN[self.0].iter().copied().collect()
        }
        fn play(&self, child: usize) -> Self {
            Fixed(child)
        }
        fn is_terminal(&self) -> bool {
            self.0 == 5
        }
        fn evaluate(&self) -> crate::game::Value {
            -1
        }
    }

    #[test]
    fn a_lost_proof_search_keeps_the_longest_loss() {
        use super::prove;
        assert_eq!(prove(&Fixed(1), 3), proof(0.0, 3));
        assert_eq!(prove(&Fixed(2), 1), proof(0.0, 1));
        // The longer loss comes first: it is kept, whatever follows.
        assert_eq!(prove(&Fixed(0), 4), proof(0.0, 4));
    }

    #[test]
    fn a_proof_search_settles_what_its_depth_reaches() {
        use super::prove;
        // 3 is lost for the side to move, in 2 plies at most; 4 won (take 1), in 3.
        assert_eq!(prove(&Nim(3, true), 2), proof(0.0, 2));
        assert_eq!(prove(&Nim(3, true), 1), None);
        assert_eq!(prove(&Nim(4, true), 3), proof(1.0, 3));
        assert_eq!(prove(&Nim(4, false), 3), proof(0.0, 3));
        assert_eq!(prove(&Nim(4, true), 2), None);
        // Finished, and a win at once.
        assert_eq!(prove(&Nim(0, true), 0), proof(0.0, 0));
        assert_eq!(prove(&Nim(2, false), 1), proof(0.0, 1));
        // Beyond the cap it searches the cap: 9 needs 6 plies, 30 far more.
        assert_eq!(prove(&Nim(9, true), 100), proof(0.0, 6));
        assert_eq!(prove(&Nim(30, true), 100), None);
    }

    #[test]
    fn a_child_won_for_the_side_to_move_proves_the_parent_one_ply_longer() {
        let mut mcts = tree(Player::Max, &[None, proof(1.0, 3)]);
        mcts.nodes[0].untried.push(7);
        mcts.prove_ancestors(2);
        assert_eq!(mcts.nodes[0].solved, proof(1.0, 4));
        // A child lost for the side to move proves nothing while a move is untried.
        let mut mcts = tree(Player::Max, &[None, proof(0.0, 3)]);
        mcts.nodes[0].untried.push(7);
        mcts.prove_ancestors(2);
        assert_eq!(mcts.nodes[0].solved, None);
    }
}
