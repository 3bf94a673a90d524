//! The computer player and the exact solver.

use crate::board::Board;
use crate::chain::Chain;
use crate::endgame::EndgameDb;
use crate::rules::Rules;
use crate::sample::sample_choice;
use crate::solver::ExactSolver;
use search_core::games::deepening::{EachIteration, Iteration, Observer, Step, deepen, iterate};
use search_core::{games::Budget, games::Engine, games::GameStats, games::Player, games::Value};
use std::time::{Duration, Instant};

/// How the computer chooses its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayStyle {
    /// The chain model searched by search-core's engine: a free-turn chain is one move.
    Chains,
    /// The assignment's sample solution (see [`sample`](crate::sample)): single pots, free
    /// turns never considered.
    SampleCompatible,
    /// Perfect play where the exact solver (with the computer's endgame database, if any)
    /// finishes within this many nodes a move and, with a time budget
    /// ([`Computer::with_time`]), within half of it; the chain model's search otherwise (in
    /// the time left).
    Perfect {
        /// The exact solver's node budget per pot sown.
        nodes: u64,
    },
}

/// The transposition table of a perfect player's exact solver: 2^20 entries (32 MB).
const PERFECT_TABLE_BITS: u32 = 20;

/// The computer's decision: the pots to sow in order, with what the search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// The pots, first to last (one pot in sample-compatible mode).
    pub chain: Chain,
    /// The search value of the position (Max's view; exact when perfect play found it);
    /// `None` in sample-compatible mode.
    pub value: Option<Value>,
    /// The positions searched.
    pub nodes: u64,
}

/// A computer player with a depth bound; keeps its engine (and its table) between moves.
#[derive(Debug, Clone)]
pub struct Computer {
    strategy: PlayStyle,
    depth: u32,
    engine: Engine<Chain>,
    db: Option<EndgameDb>,
    time: Option<Duration>,
}

impl Computer {
    /// A player searching `depth` plies (at least 1) with `strategy`.
    pub fn new(strategy: PlayStyle, depth: u32) -> Self {
        let table_bits = match strategy {
            PlayStyle::Chains | PlayStyle::Perfect { .. } => 20,
            PlayStyle::SampleCompatible => 0,
        };
        Self {
            strategy,
            depth: depth.max(1),
            engine: Engine::new(table_bits),
            db: None,
            time: None,
        }
    }

    /// The same player with a time budget per move for the chain model's search: iterative
    /// deepening towards the depth bound that stops when `time` is spent and plays the move of
    /// the deepest completed depth (at least 1). Sample-compatible play ignores it.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// The same player with an endgame database for perfect play (used only by
    /// [`PlayStyle::Perfect`], and only when built for the game's board size and rules).
    #[must_use]
    pub fn with_database(mut self, db: EndgameDb) -> Self {
        self.db = Some(db);
        self
    }

    /// The chain model's choice at `board` (a legal chain; `None` once the game is over);
    /// deepened one depth at a time for an `observer` that looks.
    fn chain_choice(
        &mut self,
        board: &Board,
        time: Option<Duration>,
        observer: &mut dyn Observer<Chain>,
    ) -> Option<Decision> {
        let outcome = match (time, observer.wants_iterations()) {
            (None, false) => self.engine.search(board, self.depth),
            (Some(time), false) => self.engine.search_timed(board, self.depth, time).outcome,
            (time, true) => {
                let budget = Budget {
                    time,
                    ..Budget::depth(self.depth)
                };
                deepen(&mut self.engine, board, budget, observer).outcome
            }
        };
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

    /// Perfect play: one exact solve per pot while the computer keeps the move; the chain
    /// model's choice (in the time left) from where a solve runs out of nodes or of half the
    /// move's time.
    fn perfect_choice(
        &mut self,
        board: &Board,
        nodes: u64,
        observer: &mut dyn Observer<Chain>,
    ) -> Option<Decision> {
        let mover = board.to_move();
        let started = Instant::now();
        let mut solver = ExactSolver::new(board.rules(), PERFECT_TABLE_BITS, self.db.as_ref());
        solver.set_budget(nodes);
        solver.set_deadline(self.time.map(|t| started + t / 2));
        let mut chain = Chain::EMPTY;
        let mut value = None;
        let mut spent = 0;
        let mut at = *board;
        while !at.is_over() && at.to_move() == mover {
            let Some((exact, best)) = solver.solve_board(&at) else {
                let used = solver.nodes();
                let left = self.time.map(|t| t.saturating_sub(started.elapsed()));
                let rest = self.chain_choice(&at, left, observer)?;
                for pot in rest.chain.pots() {
                    chain = chain.then(pot)?;
                }
                return Some(Decision {
                    chain,
                    value: value.or(rest.value),
                    nodes: spent + used + rest.nodes,
                });
            };
            spent += solver.nodes();
            value.get_or_insert(exact);
            let pot = best?;
            chain = chain.then(pot)?;
            at = at.play_pot(pot);
        }
        Some(Decision {
            chain,
            value,
            nodes: spent,
        })
    }

    /// The move for the side to move of `board`; `None` once the game is over.
    pub fn choose(&mut self, board: &Board) -> Option<Decision> {
        self.choose_observed(board, &mut ())
    }

    /// [`choose`](Self::choose), telling `observer` about each completed depth of the chain
    /// model's search (an observer that wants the iterations gets the same move: the search
    /// is deepened one depth at a time by [`deepen`]). Sample-compatible play and the exact
    /// solves of perfect play report nothing.
    ///
    /// ```
    /// use kalah::{Board, Chain, Computer, Rules, PlayStyle};
    /// use search_core::games::Player;
    /// use search_core::games::deepening::{Iteration, Observer};
    /// struct Count(u32);
    /// impl Observer<Chain> for Count {
    ///     fn completed(&mut self, _: &Iteration<'_, Chain>) { self.0 += 1; }
    /// }
    /// let board = Board::new(Rules::default(), Player::Max);
    /// let mut count = Count(0);
    /// let seen = Computer::new(PlayStyle::Chains, 4).choose_observed(&board, &mut count);
    /// assert_eq!(count.0, 4);
    /// assert_eq!(seen, Computer::new(PlayStyle::Chains, 4).choose(&board));
    /// ```
    pub fn choose_observed(
        &mut self,
        board: &Board,
        observer: &mut dyn Observer<Chain>,
    ) -> Option<Decision> {
        if board.is_over() {
            return None;
        }
        match self.strategy {
            PlayStyle::SampleCompatible => {
                let pot = sample_choice(board, self.depth)?;
                Some(Decision {
                    chain: Chain::single(pot),
                    value: None,
                    nodes: 0,
                })
            }
            PlayStyle::Chains => self.chain_choice(board, self.time, observer),
            PlayStyle::Perfect { nodes } => self.perfect_choice(board, nodes, observer),
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
    let mut each = EachIteration(|it: &Iteration<'_, Chain>| {
        let decision = Decision {
            chain: it.outcome.best_move.unwrap_or(Chain::EMPTY),
            value: Some(it.outcome.value),
            nodes: it.outcome.stats.nodes,
        };
        report(it.depth, &decision);
    });
    let deepened = iterate(1..=deepen_to, None, &mut each, |depth| {
        Step::Completed(engine.search_once(&start, Some(depth)))
    });
    let mut stats = deepened.stats;
    let outcome = engine.search_once(&start, None);
    stats.add(&outcome.stats);
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
        let reference = search_core::games::minimax(&start, None).value;
        assert_eq!(solve(rules, 10).value, reference);
        let mut depths = Vec::new();
        let deepened = solve_deepening(rules, 10, 3, |d, _| depths.push(d));
        assert_eq!(deepened.value, reference);
        assert_eq!(depths, [1, 2, 3]);
    }

    #[test]
    fn computer_moves_are_legal() {
        let start = Board::new(Rules::default(), Player::Max);
        for strategy in [
            PlayStyle::Chains,
            PlayStyle::SampleCompatible,
            PlayStyle::Perfect { nodes: 1000 },
        ] {
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

#[cfg(test)]
mod timed_tests {
    use super::*;

    /// Counts the completed depths of the chain model's search.
    struct Count(u32);

    impl Observer<Chain> for Count {
        fn completed(&mut self, _: &Iteration<'_, Chain>) {
            self.0 += 1;
        }
    }

    /// With no time at all the chain model's search completes depth 1 only (searched
    /// whatever the budget), observed or not; without a time budget every depth.
    #[test]
    fn no_time_is_depth_one() {
        let start = Board::new(Rules::default(), Player::Max);
        let depth_one = Engine::new(10).search(&start, 1);
        let mut hurried = Computer::new(PlayStyle::Chains, 6).with_time(Duration::ZERO);
        let mut depths = Count(0);
        let observed = hurried.choose_observed(&start, &mut depths).unwrap();
        assert_eq!(depths.0, 1);
        assert_eq!(observed.value, Some(depth_one.value));
        let unobserved = hurried.choose(&start).unwrap();
        assert_eq!(unobserved.value, Some(depth_one.value));
        let mut all = Count(0);
        Computer::new(PlayStyle::Chains, 6)
            .choose_observed(&start, &mut all)
            .unwrap();
        assert_eq!(all.0, 6);
    }
}

#[cfg(test)]
mod perfect_tests {
    use super::*;
    use crate::rules::CaptureRule;

    /// With a database holding the whole game, the perfect player's first chain keeps the
    /// exact value: the value after the chain (the opponent to move) equals the start's.
    #[test]
    fn perfect_player_keeps_the_exact_value() {
        let rules = Rules::new(4, 2)
            .unwrap()
            .with_capture(CaptureRule::OppositeNonEmpty);
        let db = EndgameDb::build(rules, 16, &mut |_, _| {});
        let start = Board::new(rules, Player::Max);
        let mut computer =
            Computer::new(PlayStyle::Perfect { nodes: u64::MAX }, 2).with_database(db.clone());
        let decision = computer.choose(&start).unwrap();
        let exact = solve(rules, 16).value;
        assert_eq!(decision.value, Some(exact));
        let after = start.play_chain(decision.chain);
        let mut solver = ExactSolver::new(rules, 12, Some(&db));
        assert_eq!(solver.solve_board(&after).unwrap().0, exact);
        // A budget of one node falls back to the chain model, still a legal chain.
        let mut starved = Computer::new(PlayStyle::Perfect { nodes: 1 }, 2);
        let chain = starved.choose(&start).unwrap().chain;
        assert!(start.is_legal(chain.first().unwrap()));
    }

    /// With a time budget, a perfect player whose solve cannot finish (Kalah(6,6) from the
    /// start, no node budget) gives up at half the time and plays the chain model's move
    /// with the rest; with time enough it plays the exact value as before.
    #[test]
    fn perfect_player_keeps_to_its_time() {
        let start = Board::new(Rules::new(6, 6).unwrap(), Player::Max);
        let time = Duration::from_millis(200);
        let mut hurried = Computer::new(PlayStyle::Perfect { nodes: u64::MAX }, 30).with_time(time);
        let began = Instant::now();
        let decision = hurried.choose(&start).unwrap();
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "{:?}",
            began.elapsed()
        );
        assert!(start.is_legal(decision.chain.first().unwrap()));
        assert_eq!(start.play_chain(decision.chain).to_move(), Player::Min);

        // Kalah(4,3) takes the solver more nodes than it searches between two looks at the
        // clock, so a deadline already past would show.
        let rules = Rules::new(4, 3).unwrap();
        let small = Board::new(rules, Player::Max);
        // A practically unlimited time: the solve's half of it still fits an `Instant`.
        let mut patient = Computer::new(PlayStyle::Perfect { nodes: u64::MAX }, 2)
            .with_time(Duration::from_secs(1 << 63));
        let exact = ExactSolver::new(rules, 16, None)
            .solve_board(&small)
            .unwrap()
            .0;
        let decision = patient.choose(&small).unwrap();
        assert!(decision.nodes > 4096, "{}", decision.nodes);
        assert_eq!(decision.value, Some(exact));
    }

    /// A decision's nodes add up its searches: the exact solves of the pots of its chain, or
    /// the solve that gave up and the chain model's search that took over.
    #[test]
    fn decision_nodes_add_up_the_searches() {
        let rules = Rules::new(4, 2).unwrap();
        let db = EndgameDb::build(rules, 8, &mut |_, _| {});
        let start = Board::new(rules, Player::Max);
        let decision = Computer::new(PlayStyle::Perfect { nodes: u64::MAX }, 2)
            .with_database(db.clone())
            .choose(&start)
            .unwrap();
        let mut solver = ExactSolver::new(rules, PERFECT_TABLE_BITS, Some(&db));
        let (exact, _) = solver.solve_board(&start).unwrap();
        assert_eq!(decision.value, Some(exact));
        let mut nodes = solver.nodes();
        let mut at = start.play_pot(decision.chain.first().unwrap());
        for pot in decision.chain.pots().skip(1) {
            solver.solve_board(&at).unwrap();
            nodes += solver.nodes();
            at = at.play_pot(pot);
        }
        assert!(nodes > 0);
        assert_eq!(decision.nodes, nodes);

        // A budget of one node: the solve gives up at once.
        let start = Board::new(Rules::default(), Player::Max);
        let decision = Computer::new(PlayStyle::Perfect { nodes: 1 }, 3)
            .choose(&start)
            .unwrap();
        let mut solver = ExactSolver::new(Rules::default(), PERFECT_TABLE_BITS, None);
        solver.set_budget(1);
        assert_eq!(solver.solve_board(&start), None);
        let used = solver.nodes();
        let rest = Computer::new(PlayStyle::Chains, 3).choose(&start).unwrap();
        assert!(used > 0 && rest.nodes > 0);
        assert_eq!((decision.chain, decision.value), (rest.chain, rest.value));
        assert_eq!(decision.nodes, used + rest.nodes);
    }
}
