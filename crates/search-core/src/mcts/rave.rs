//! RAVE (Gelly and Silver 2007): "all moves as first" statistics, blended into a child's mean.

use super::{Mcts, NONE, TreeNode};
use crate::game::Game;

/// The simulations through a node in which a move was played later by the side to move there
/// (RAVE's "all moves as first"), and the sum of their rewards for Max.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Amaf {
    visits: u64,
    reward: f64,
}

impl<G: Game + PartialEq> Mcts<G> {
    /// RAVE's backup: from `leaf` up, credits `result` to every child of each node on the path
    /// whose move the side to move there played later in this simulation (the playout's moves
    /// are already in the trail; the tree's are added on the way up).
    pub(super) fn update_amaf(&mut self, leaf: u32, result: f64) {
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

    /// The mean reward for Max of a visited, unsolved child; with RAVE, blended with its
    /// all-moves-as-first mean.
    pub(super) fn blended_mean(&self, child: &TreeNode<G>) -> f64 {
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
}

#[cfg(test)]
mod tests {
    use super::super::test_game::Turn;
    use super::super::{Mcts, MctsConfig, NONE, TreeNode};
    use super::Amaf;
    use crate::game::{MoveList, Player};

    fn node(visits: u64, max_reward: f64, amaf: Amaf) -> TreeNode<Turn> {
        TreeNode {
            position: Turn(Player::Max),
            parent: NONE,
            mv: Some(0),
            children: Vec::new(),
            untried: MoveList::new(),
            visits,
            max_reward,
            solved: None,
            amaf,
        }
    }

    #[test]
    fn the_blend_weighs_all_moves_as_first_by_sqrt_k_over_3n_plus_k() {
        let rave = |k| {
            Mcts::<Turn>::new(MctsConfig {
                rave: k,
                ..MctsConfig::default()
            })
        };
        let amaf = Amaf {
            visits: 40,
            reward: 30.0,
        };
        // 10 visits with mean 0.2, all-moves-as-first mean 0.75, k = 30: beta = sqrt(30 / 60).
        let child = node(10, 2.0, amaf);
        let beta = 0.5f64.sqrt();
        let expected = (1.0 - beta) * 0.2 + beta * 0.75;
        assert!((rave(Some(30.0)).blended_mean(&child) - expected).abs() < 1e-12);
        // Without RAVE, or before any all-moves-as-first sample, the plain mean.
        assert!((rave(None).blended_mean(&child) - 0.2).abs() < 1e-12);
        let fresh = node(10, 2.0, Amaf::default());
        assert!((rave(Some(30.0)).blended_mean(&fresh) - 0.2).abs() < 1e-12);
        // An unvisited child counts as one visit: no division by zero.
        let unvisited = node(0, 0.0, amaf);
        let beta = (30.0f64 / 33.0).sqrt();
        let expected = beta * 0.75;
        assert!((rave(Some(30.0)).blended_mean(&unvisited) - expected).abs() < 1e-12);
    }
}
