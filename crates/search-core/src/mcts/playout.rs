//! Playouts: uniformly random, or decisive and anti-decisive.

use super::Mcts;
use super::proof::{best_for, hands_over_a_win, reward, wins_at_once};
use crate::game::{Game, MoveList};
use rand::Rng;

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

impl<G: Game + PartialEq> Mcts<G> {
    /// A game from `node` to the end under the configured [`Playout`]; the reward for Max. With
    /// RAVE its moves go on the trail.
    pub(super) fn playout(&mut self, node: u32) -> f64 {
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
