//! The computer player and the exact solver.

use crate::board::Board;
use crate::chain::Chain;
use crate::rules::Rules;
use crate::sample::sample_choice;
use search_core::{Engine, GameStats, Player, Value};

/// How the computer chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// The chain model searched by search-core's engine: a free-turn chain is one move.
    Chains,
    /// The assignment's sample solution (see [`sample`](crate::sample)): single pots, free
    /// turns never considered.
    SampleCompatible,
}

/// The computer's decision: the pots to sow in order, with what the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The pots, first to last (one pot in sample-compatible mode).
    pub chain: Chain,
    /// The search value of the position (Max's view); `None` in sample-compatible mode.
    pub value: Option<Value>,
    /// The positions searched.
    pub nodes: u64,
}

/// A computer player with a depth bound; keeps its engine (and its table) between moves.
#[derive(Debug, Clone)]
pub struct Computer {
    strategy: Strategy,
    depth: u32,
    engine: Engine<Chain>,
}

impl Computer {
    /// A player searching `depth` plies (at least 1) with `strategy`.
    pub fn new(strategy: Strategy, depth: u32) -> Self {
        let table_bits = match strategy {
            Strategy::Chains => 20,
            Strategy::SampleCompatible => 0,
        };
        Self {
            strategy,
            depth: depth.max(1),
            engine: Engine::new(table_bits),
        }
    }

    /// The move for the side to move of `board`; `None` once the game is over.
    pub fn choose(&mut self, board: &Board) -> Option<Decision> {
        if board.is_over() {
            return None;
        }
        match self.strategy {
            Strategy::SampleCompatible => {
                let pot = sample_choice(board, self.depth)?;
                Some(Decision {
                    chain: Chain::single(pot),
                    value: None,
                    nodes: 0,
                })
            }
            Strategy::Chains => {
                let outcome = self.engine.search(board, self.depth);
                let chain = match outcome.best_move {
                    Some(chain) => chain,
                    None => crate::game::chains(board).first().copied()?,
                };
                Some(Decision {
                    chain,
                    value: Some(outcome.value),
                    nodes: outcome.stats.nodes,
                })
            }
        }
    }
}

/// The exact value of a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The final kalah difference with perfect play, from the first player's view.
    pub value: Value,
    /// A best first move (a chain) of the first player.
    pub best: Option<Chain>,
    /// The search counters.
    pub stats: GameStats,
}

/// Solves `rules` exactly with the engine (a table of `2^table_bits` entries); the first player
/// is Max.
pub fn solve(rules: Rules, table_bits: u32) -> Solution {
    let start = Board::new(rules, Player::Max);
    let mut engine = Engine::new(table_bits);
    let outcome = engine.solve(&start);
    Solution {
        value: outcome.value,
        best: outcome.best_move,
        stats: outcome.stats,
    }
}

/// Like [`solve`], but first deepens depth by depth up to `deepen_to` plies, reporting each
/// depth's outcome (value, move, counters) to `report` before the exact search; the counters of
/// the result add up every search. With `deepen_to` 0 it is [`solve`].
pub fn solve_deepening(
    rules: Rules,
    table_bits: u32,
    deepen_to: u32,
    mut report: impl FnMut(u32, &Decision),
) -> Solution {
    if deepen_to == 0 {
        return solve(rules, table_bits);
    }
    let start = Board::new(rules, Player::Max);
    let mut engine = Engine::new(table_bits);
    let mut stats = GameStats::default();
    for depth in 1..=deepen_to {
        let outcome = engine.search_once(&start, Some(depth));
        stats.nodes += outcome.stats.nodes;
        stats.leaves += outcome.stats.leaves;
        report(
            depth,
            &Decision {
                chain: outcome.best_move.unwrap_or(Chain::EMPTY),
                value: Some(outcome.value),
                nodes: outcome.stats.nodes,
            },
        );
    }
    let outcome = engine.search_once(&start, None);
    stats.nodes += outcome.stats.nodes;
    stats.leaves += outcome.stats.leaves;
    Solution {
        value: outcome.value,
        best: outcome.best_move,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiny_variants_solve_to_consistent_values() {
        // Kalah(1,1): Max sows its only stone into its kalah, which ends the game; Min's stone
        // goes to Min: a draw.
        let one = solve(Rules::new(1, 1).unwrap(), 10);
        assert_eq!(one.value, 0);
        // Kalah(2,1): brute force agrees with the engine.
        let rules = Rules::new(2, 1).unwrap();
        let start = Board::new(rules, Player::Max);
        let reference = search_core::minimax(&start, None).value;
        assert_eq!(solve(rules, 10).value, reference);
        let mut depths = Vec::new();
        let deepened = solve_deepening(rules, 10, 3, |d, _| depths.push(d));
        assert_eq!(deepened.value, reference);
        assert_eq!(depths, [1, 2, 3]);
    }

    #[test]
    fn computer_moves_are_legal() {
        let start = Board::new(Rules::default(), Player::Max);
        for strategy in [Strategy::Chains, Strategy::SampleCompatible] {
            let mut computer = Computer::new(strategy, 3);
            let decision = computer.choose(&start).unwrap();
            let mut b = start;
            for pot in decision.chain.pots() {
                assert!(b.is_legal(pot));
                assert_eq!(b.to_move(), Player::Max);
                b = b.play_pot(pot);
            }
            assert_eq!(b.to_move(), Player::Min);
        }
    }
}
