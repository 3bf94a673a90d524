//! Pig, the dice game, to a low target within a fixed number of turns: expectiminimax and
//! *-minimax (Star1) against the optimal policy computed by value iteration.
//!
//! Rules: on a turn the player rolls a die as often as they like; a 1 ends the turn and loses
//! the turn total, any other face adds to it; holding (allowed after at least one roll) banks the
//! turn total and ends the turn. Reaching [`TARGET`] wins at once. After the last turn the higher
//! score wins (equal scores draw). The turn limit makes the game finite, so expectiminimax can
//! search it to the end. Values are P(Max wins) - P(Min wins).
//!
//! Run with `cargo run -p search-core --example pig`.

use search_core::{
    games::ChanceGame, games::MoveList, games::Outcomes, games::Player, games::Turn,
    games::expectiminimax, games::star1,
};
use std::collections::HashMap;

/// The winning score.
const TARGET: u8 = 8;

/// A move at a player's turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Action {
    Roll,
    Hold,
}

/// A position: banked scores (Max's first), the turn total, the side to move, the turns left
/// (the current one included) and whether the die is in the air.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Pig {
    scores: [u8; 2],
    turn_total: u8,
    max_to_move: bool,
    turns_left: u8,
    rolling: bool,
}

impl Pig {
    fn start(turns: u8) -> Self {
        Pig {
            scores: [0, 0],
            turn_total: 0,
            max_to_move: true,
            turns_left: turns,
            rolling: false,
        }
    }

    fn mover(&self) -> usize {
        usize::from(!self.max_to_move)
    }

    /// The next player's turn, with `scores`.
    fn end_turn(&self, scores: [u8; 2]) -> Self {
        Pig {
            scores,
            turn_total: 0,
            max_to_move: !self.max_to_move,
            turns_left: self.turns_left - 1,
            rolling: false,
        }
    }
}

impl ChanceGame for Pig {
    type Move = Action;

    fn turn(&self) -> Turn {
        match (self.rolling, self.max_to_move) {
            (true, _) => Turn::Chance,
            (false, true) => Turn::Player(Player::Max),
            (false, false) => Turn::Player(Player::Min),
        }
    }

    fn legal_moves(&self) -> MoveList<Action> {
        if self.turn_total > 0 {
            [Action::Roll, Action::Hold].into_iter().collect()
        } else {
            [Action::Roll].into_iter().collect()
        }
    }

    fn play(&self, action: Action) -> Self {
        match action {
            Action::Roll => Pig {
                rolling: true,
                ..*self
            },
            Action::Hold => {
                let mut scores = self.scores;
                scores[self.mover()] += self.turn_total;
                self.end_turn(scores)
            }
        }
    }

    fn outcomes(&self) -> Outcomes<Self> {
        (1..=6u8)
            .map(|face| {
                let next = if face == 1 {
                    self.end_turn(self.scores)
                } else if self.scores[self.mover()] + self.turn_total + face >= TARGET {
                    // A win: banked at once.
                    let mut scores = self.scores;
                    scores[self.mover()] += self.turn_total + face;
                    Pig {
                        scores,
                        turn_total: 0,
                        rolling: false,
                        ..*self
                    }
                } else {
                    Pig {
                        turn_total: self.turn_total + face,
                        rolling: false,
                        ..*self
                    }
                };
                (1.0 / 6.0, next)
            })
            .collect()
    }

    fn is_terminal(&self) -> bool {
        self.scores.iter().any(|&s| s >= TARGET) || self.turns_left == 0
    }

    /// The result at the end; elsewhere the score difference scaled into (-1, 1).
    fn evaluate(&self) -> f64 {
        let diff = f64::from(self.scores[0]) - f64::from(self.scores[1]);
        if self.is_terminal() {
            diff.signum()
        } else {
            diff / f64::from(TARGET) / 2.0
        }
    }

    fn bounds(&self) -> Option<(f64, f64)> {
        Some((-1.0, 1.0))
    }
}

/// Every decision position (a player to move, game not over) with at most `turns` turns left.
fn decision_positions(turns: u8) -> Vec<Pig> {
    let mut all = Vec::new();
    for turns_left in 1..=turns {
        for a in 0..TARGET {
            for b in 0..TARGET {
                for max_to_move in [true, false] {
                    let own = if max_to_move { a } else { b };
                    for turn_total in 0..TARGET - own {
                        all.push(Pig {
                            scores: [a, b],
                            turn_total,
                            max_to_move,
                            turns_left,
                            rolling: false,
                        });
                    }
                }
            }
        }
    }
    all
}

/// The optimal values by value iteration: start every decision position at 0 and apply the
/// Bellman update to all of them at once until nothing changes by more than 1e-13.
fn value_iteration(turns: u8) -> HashMap<Pig, f64> {
    let positions = decision_positions(turns);
    let mut values: HashMap<Pig, f64> = positions.iter().map(|&p| (p, 0.0)).collect();
    loop {
        let next: HashMap<Pig, f64> = positions
            .iter()
            .map(|p| (*p, best_action(p, &values).1))
            .collect();
        let change = positions
            .iter()
            .map(|p| (next[p] - values[p]).abs())
            .fold(0.0, f64::max);
        values = next;
        if change < 1e-13 {
            return values;
        }
    }
}

/// The value of `position` under the table `values` (exact at the end of the game).
fn lookup(position: &Pig, values: &HashMap<Pig, f64>) -> f64 {
    if position.is_terminal() {
        position.evaluate()
    } else {
        values[position]
    }
}

/// The value of each action at `position` (one step of lookahead through the die).
fn action_values(position: &Pig, values: &HashMap<Pig, f64>) -> Vec<(Action, f64)> {
    position
        .legal_moves()
        .iter()
        .map(|&action| {
            let after = position.play(action);
            let v = match after.turn() {
                Turn::Chance => after
                    .outcomes()
                    .iter()
                    .map(|(p, q)| p * lookup(q, values))
                    .sum(),
                Turn::Player(_) => lookup(&after, values),
            };
            (action, v)
        })
        .collect()
}

/// The best action at `position` under `values` and its value (the first among equals).
fn best_action(position: &Pig, values: &HashMap<Pig, f64>) -> (Action, f64) {
    let side = if position.max_to_move { 1.0 } else { -1.0 };
    action_values(position, values)
        .into_iter()
        .fold(None, |best: Option<(Action, f64)>, (a, v)| match best {
            Some((_, b)) if side * v <= side * b => best,
            _ => Some((a, v)),
        })
        .expect("a decision position has a move")
}

fn main() {
    let turns = 4;
    let values = value_iteration(turns);
    let start = Pig::start(turns);
    let plain = expectiminimax(&start, None);
    let pruned = star1(&start, None);
    assert!((plain.value - values[&start]).abs() < 1e-9);
    assert!((pruned.value - plain.value).abs() < 1e-9);
    println!(
        "Pig to {TARGET}, {turns} turns: value for the first player {:.6}",
        plain.value
    );
    println!("expectiminimax: {:>9} positions", plain.stats.nodes);
    println!("star1:          {:>9} positions", pruned.stats.nodes);
    let decisions: Vec<Pig> = decision_positions(turns)
        .into_iter()
        .filter(|p| p.turn_total > 0)
        .collect();
    let holds = decisions
        .iter()
        .filter(|p| best_action(p, &values).0 == Action::Hold)
        .count();
    println!(
        "optimal policy: hold in {holds} of {} positions with a turn total",
        decisions.len()
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_runs_and_checks_itself() {
        main();
    }

    /// Expectiminimax's choice is the value-iteration policy wherever the two actions differ in
    /// value, and its value is the optimal value, in every decision position with up to three
    /// turns left; Star1 agrees with fewer positions visited.
    #[test]
    fn expectiminimax_plays_the_value_iteration_policy() {
        let turns = 3;
        let values = value_iteration(turns);
        let (mut compared, mut fewer) = (0, 0);
        for position in decision_positions(turns) {
            let plain = expectiminimax(&position, None);
            let pruned = star1(&position, None);
            assert!(
                (plain.value - values[&position]).abs() < 1e-9,
                "{position:?}"
            );
            assert!((pruned.value - plain.value).abs() < 1e-9, "{position:?}");
            assert!(pruned.stats.nodes <= plain.stats.nodes);
            fewer += usize::from(pruned.stats.nodes < plain.stats.nodes);
            let q = action_values(&position, &values);
            if q.len() == 2 && (q[0].1 - q[1].1).abs() > 1e-9 {
                compared += 1;
                let optimal = best_action(&position, &values).0;
                assert_eq!(plain.best_move, Some(optimal), "{position:?} {q:?}");
                assert_eq!(pruned.best_move, Some(optimal), "{position:?} {q:?}");
            }
        }
        assert!(compared > 500, "{compared}");
        assert!(fewer > 500, "{fewer}");
    }
}
