//! Time-controlled play on 8x8 boards: iterative deepening with the pattern evaluation
//! ([`eval`](mod@crate::eval)) over the search-core engine, and exact solving once few squares are
//! empty.
//!
//! ```
//! use reversi::{Position, player::Player};
//! use search_core::games::Budget;
//! let mut player = Player::new(reversi::eval::Weights::builtin(), 16);
//! let choice = player.choose(&Position::<8>::start(), Budget::depth(4));
//! assert!(choice.best.is_some());
//! assert_eq!(choice.depth, 4);
//! ```

use crate::eval::{self, ONE_DISC, Weights};
use crate::exact;
use crate::position::{Move, Position};
use crate::probcut::{Selectivity, Table};
use crate::search::{Scored, Scoring, hash, move_list, order, player};
use crate::side::Side;
use search_core::games::Budget;
use search_core::games::deepening::{Pace, Step, iterate};
use search_core::{
    games::Engine, games::EngineGame, games::Game, games::MoveList, games::Player as Turn,
    games::ProbableCut, games::Strategy, games::Value,
};
use std::time::Instant;

/// A position valued by the pattern evaluation, Max being `max`: the search-core game the
/// player searches.
#[derive(Debug, Clone, Copy)]
pub struct Evaluated {
    /// The position.
    pub position: Position<8>,
    /// The side that maximises.
    pub max: Side,
    /// The evaluation's weights.
    pub weights: &'static Weights,
    /// Multi-ProbCut, if on ([`probcut`](mod@crate::probcut)).
    pub selectivity: Option<Selectivity>,
}

impl Game for Evaluated {
    type Move = Move<8>;

    fn to_move(&self) -> Turn {
        player(self.position.to_move(), self.max)
    }

    fn legal_moves(&self) -> MoveList<Move<8>> {
        move_list(&self.position)
    }

    fn play(&self, mv: Move<8>) -> Self {
        Self {
            position: self.position.play_legal(mv),
            ..*self
        }
    }

    fn is_terminal(&self) -> bool {
        self.position.is_over()
    }

    fn evaluate(&self) -> Value {
        let value = eval::evaluate(self.weights, &self.position);
        if self.position.to_move() == self.max {
            value
        } else {
            -value
        }
    }
}

impl EngineGame for Evaluated {
    fn key(&self) -> u64 {
        hash(&self.position, u64::from(self.max == Side::White))
    }

    fn order_moves(&self, moves: &mut MoveList<Move<8>>) {
        order(&self.position, moves);
    }

    fn probable_cut(&self, depth: u32) -> Option<ProbableCut> {
        let s = self.selectivity?;
        s.table
            .test(self.position.board().empties().len() as u32, depth, s.t)
    }
}

/// The player's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The move (`None` when the game is over).
    pub best: Option<Move<8>>,
    /// Its value for the side to move in [`ONE_DISC`] units (exact margins when `exact`).
    pub value: Value,
    /// The depth of the last completed iteration (the number of empties when exact).
    pub depth: u32,
    /// Whether the value is the exact final margin (empty squares to nobody).
    pub exact: bool,
    /// Positions visited.
    pub nodes: u64,
}

/// The player as a search-core [`Strategy`] with one budget per move, so that it plays
/// [`play_match`](search_core::games::play_match) against any other strategy over [`Scored`]
/// positions (the game's final value is then the margin in the [`Scoring`]'s terms).
///
/// ```
/// use reversi::{Margin, Position, Scored};
/// use reversi::player::{Player, Timed};
/// use search_core::games::Budget;
/// use search_core::{games::RandomPlayer, games::play_match};
/// let start = Scored::new(Position::<8>::start(), Margin);
/// let mut ours = Timed { player: Player::new(reversi::eval::Weights::builtin(), 16), budget: Budget::depth(2) };
/// let result = play_match(&start, &mut ours, &mut RandomPlayer::new(1), &[Vec::new()]);
/// assert_eq!(result.games.len(), 2);
/// ```
#[derive(Debug)]
pub struct Timed {
    /// The player.
    pub player: Player,
    /// Its budget for every move.
    pub budget: Budget,
}

impl<S: Scoring> Strategy<Scored<8, S>> for Timed {
    fn choose_move(&mut self, position: &Scored<8, S>) -> Option<Move<8>> {
        self.player.choose(&position.position, self.budget).best
    }
}

/// The exact solver behind the player, without a time limit: the margin of `position` for the
/// side to move with perfect play (empty squares to the winner, as FForum counts), a best move
/// and the positions visited, from [`exact::Solver`] with a fresh table.
#[must_use]
pub fn solve_exact(position: &Position<8>) -> (Value, Option<Move<8>>, u64) {
    let solved = exact::Solver::new(ENDGAME_TABLE_BITS).solve(position);
    (solved.margin, solved.best_move, solved.nodes)
}

/// The endgame solver's table: 2^20 entries (about 24 MB), kept from move to move.
const ENDGAME_TABLE_BITS: u32 = 20;

/// At most this many empties, the exact solve is always used.
const ALWAYS_EXACT: u32 = 12;

/// A player: the engine (its table kept from move to move) and the weights.
#[derive(Debug)]
pub struct Player {
    engine: Engine<Move<8>>,
    solver: exact::Solver,
    weights: &'static Weights,
    selectivity: Option<Selectivity>,
}

impl Player {
    /// A player with `weights` and a table of `2^table_bits` entries.
    #[must_use]
    pub fn new(weights: &'static Weights, table_bits: u32) -> Self {
        Self {
            engine: Engine::new(table_bits),
            solver: exact::Solver::new(ENDGAME_TABLE_BITS),
            weights,
            selectivity: None,
        }
    }

    /// The same player with Multi-ProbCut in its midgame search, cutting `t` standard
    /// deviations beyond the window with the built-in [`Table`] (`None`: off, every depth
    /// searched in full).
    #[must_use]
    pub fn with_probcut(mut self, t: Option<f32>) -> Self {
        self.selectivity = t.map(|t| Selectivity {
            table: Table::builtin(),
            t,
        });
        self
    }

    /// Forgets the table (a new game).
    pub fn clear(&mut self) {
        self.engine.clear();
        self.solver = exact::Solver::new(ENDGAME_TABLE_BITS);
    }

    /// The most empty squares worth trying to solve exactly within `time` (with a depth budget
    /// only: the depth, at least the always-exact limit). A rough model of [`exact::Solver`]:
    /// about 1 ms at 14 empties, each further empty square 2.2 times as much; a solve that
    /// runs out of time falls back to the evaluation search, so the model only saves time.
    fn exact_limit(budget: Budget) -> u32 {
        match (budget.time, budget.depth) {
            (Some(time), _) => {
                let ms = time.as_secs_f64() * 1000.0;
                let mut limit = 14;
                let mut cost = 1.0;
                while cost * 2.2 <= ms && limit < 26 {
                    cost *= 2.2;
                    limit += 1;
                }
                limit
            }
            (None, Some(depth)) => ALWAYS_EXACT.max(depth.min(20)),
            (None, None) => 20,
        }
    }

    /// Chooses a move for the side to move of `position` within `budget`: a pass when it has
    /// no placement, the only placement at once, an exact solve when few squares are empty,
    /// otherwise iterative deepening that stops before an iteration that would likely overrun
    /// the time.
    pub fn choose(&mut self, position: &Position<8>, budget: Budget) -> Choice {
        let placements = position.placements();
        let empties = position.board().empties().len() as u32;
        if placements.is_empty() || (placements.len() == 1 && budget.time.is_some()) {
            let best = placements
                .first()
                .map(Move::Place)
                .or((!position.is_over()).then_some(Move::Pass));
            return Choice {
                best,
                value: 0,
                depth: 0,
                exact: false,
                nodes: 0,
            };
        }
        let started = Instant::now();
        if empties <= Self::exact_limit(budget) {
            if let Some(choice) = self.solve(position, budget) {
                return choice;
            }
            // The solve used up to half the time: the search gets what is left.
            let left = budget.time.map(|t| t.saturating_sub(started.elapsed()));
            return self.deepen(
                position,
                Budget {
                    time: left,
                    ..budget
                },
            );
        }
        self.deepen(position, budget)
    }

    /// The exact solve within half the budget's time (no limit at or below [`ALWAYS_EXACT`]
    /// empties); `None` when that time ran out first.
    fn solve(&mut self, position: &Position<8>, budget: Budget) -> Option<Choice> {
        let empties = position.board().empties().len() as u32;
        let deadline = budget
            .time
            .filter(|_| empties > ALWAYS_EXACT)
            .map(|time| Instant::now() + time / 2);
        let limits = Budget {
            deadline,
            ..Budget::default()
        };
        let solved = self.solver.solve_within(position, limits)?;
        Some(Choice {
            best: solved.best_move,
            value: solved.margin * ONE_DISC,
            depth: empties,
            exact: true,
            nodes: solved.nodes,
        })
    }

    /// Iterative deepening under `budget` (depth 60 when it has no depth), paced by its time.
    fn deepen(&mut self, position: &Position<8>, budget: Budget) -> Choice {
        let game = Evaluated {
            position: *position,
            max: position.to_move(),
            weights: self.weights,
            selectivity: self.selectivity,
        };
        let empties = position.board().empties().len() as u32;
        let pace = budget.time.map(|target| Pace { target });
        let engine = &mut self.engine;
        let found = iterate(
            1..=budget.depth.unwrap_or(60).max(1),
            pace,
            &mut (),
            |depth| {
                let outcome = engine.search_once(&game, Some(depth));
                if depth >= empties {
                    Step::Final(outcome)
                } else {
                    Step::Completed(outcome)
                }
            },
        );
        let (depth, outcome) = found.deepest.expect("depth 1 always completes");
        Choice {
            best: outcome.best_move,
            value: outcome.value,
            depth,
            exact: false,
            nodes: found.stats.nodes,
        }
    }
}

/// The value of `position` for the side to move by a `depth`-ply search with `weights` (in
/// [`ONE_DISC`] units), for labelling positions when fitting.
#[must_use]
pub fn search_value(weights: &'static Weights, position: &Position<8>, depth: u32) -> Value {
    let game = Evaluated {
        position: *position,
        max: position.to_move(),
        weights,
        selectivity: None,
    };
    Engine::new(12).search(&game, depth).value
}

impl crate::gtp::Chooser for Player {
    fn choose(&mut self, request: crate::gtp::MoveRequest<'_>) -> Option<crate::square::Square<8>> {
        match Player::choose(self, request.position, request.budget).best {
            Some(Move::Place(square)) => Some(square),
            _ => None,
        }
    }

    fn new_game(&mut self) {
        self.clear();
    }
}
