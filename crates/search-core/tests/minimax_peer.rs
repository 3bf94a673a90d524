//! The `minimax` crate's own test suite (minimax-rs 0.6, `tests/strategies.rs` and `tests/ttt.rs`),
//! ported to search-core with the peer itself as the oracle: both crates search the same Connect
//! Four positions (one type implements both crates' `Game`) under the same evaluation.
//!
//! - `compare_plain_negamax` and `compare_deep_negamax`: every search of ours (minimax,
//!   alpha-beta, the engine, the parallel engine) gets the peer's negamax value at every depth,
//!   and the move ours plays achieves it.
//! - `test_winning_position`: no search of ours offers a move in a finished game.
//! - `tests/ttt.rs`: perfect play always draws, never loses to random play; MCTS at 100
//!   iterations never loses to random play (`tests/mcts.rs`, with 1,000 games a colour).

#[path = "support/connect_four.rs"]
mod connect_four;
#[path = "support/tic_tac_toe.rs"]
mod tic_tac_toe;

use connect_four::{ConnectFour, Peer};
use minimax::Strategy as _;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::games::{
    AlphaBetaPlayer, Engine, EngineGame, Game, Mcts, MctsConfig, MoveList, ParallelEngine, Player,
    RandomPlayer, Strategy, Value, alpha_beta, minimax, mix64, play_match,
};
use tic_tac_toe::TicTacToe;

/// A win in our values: beyond every evaluation.
const WIN: Value = 30_000;

/// The peer's "random evaluator": a hash of the position, with few bits so that values tie, from
/// the side to move's point of view.
fn noise(position: &ConnectFour) -> minimax::Evaluation {
    (mix64(position.key()) as minimax::Evaluation) >> 9
}

/// Connect Four valued by [`noise`] (a win is [`WIN`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Noisy(ConnectFour);

impl Game for Noisy {
    type Move = u8;
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn legal_moves(&self) -> MoveList<u8> {
        self.0.legal_moves()
    }
    fn play(&self, mv: u8) -> Self {
        Self(self.0.play(mv))
    }
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    fn evaluate(&self) -> Value {
        let sign = self.to_move().sign();
        if self.0.just_won() {
            -sign * WIN
        } else if self.0.is_over() {
            0
        } else {
            sign * Value::from(noise(&self.0))
        }
    }
}

impl EngineGame for Noisy {
    fn key(&self) -> u64 {
        self.0.key()
    }
}

struct NoisyEvaluator;

impl minimax::Evaluator for NoisyEvaluator {
    type G = Peer;
    fn evaluate(&self, position: &ConnectFour) -> minimax::Evaluation {
        noise(position)
    }
}

/// Our Max-view value in the peer's terms: the side to move's view, a win at the peer's
/// `BEST_EVAL`.
fn peer_terms(position: &Noisy, value: Value) -> minimax::Evaluation {
    let own = value * position.to_move().sign();
    if own.abs() >= WIN {
        own.signum() as minimax::Evaluation * minimax::BEST_EVAL
    } else {
        own as minimax::Evaluation
    }
}

/// A position after `plies` random moves that do not end the game (the peer's
/// `generate_random_state`, seeded).
fn random_position(rng: &mut StdRng, plies: u8) -> Noisy {
    let mut position = ConnectFour::default();
    for _ in 0..plies {
        let moves = position.legal_moves();
        let next = position.play(moves[rng.random_range(0..moves.len())]);
        if !next.is_over() {
            position = next;
        }
    }
    Noisy(position)
}

/// The peer's negamax value at `depth`, in its terms.
fn peer_value(position: &Noisy, depth: u8) -> minimax::Evaluation {
    let mut negamax = minimax::Negamax::new(NoisyEvaluator, depth);
    negamax.choose_move(&position.0).expect("a move");
    negamax.root_value()
}

/// Checks that `mv` achieves `value` at `depth` from `position` (the peer's "best moves contain
/// the move").
fn assert_achieves(position: &Noisy, mv: Option<u8>, value: Value, depth: u32, what: &str) {
    let mv = mv.unwrap_or_else(|| panic!("{what}: no move at depth {depth}"));
    let after = minimax(&position.play(mv), Some(depth - 1)).value;
    assert_eq!(
        after, value,
        "{what}: move {mv} at depth {depth}, {position:?}"
    );
}

#[test]
fn compare_plain_negamax() {
    let mut rng = StdRng::seed_from_u64(26);
    let mut engine = Engine::new(12);
    let mut parallel = ParallelEngine::new(12, 2);
    for _ in 0..40 {
        for depth in 1..6u8 {
            let position = random_position(&mut rng, 10);
            let expected = peer_value(&position, depth);
            let d = u32::from(depth);
            let plain = minimax(&position, Some(d));
            assert_eq!(peer_terms(&position, plain.value), expected, "minimax {d}");
            assert_achieves(&position, plain.best_move, plain.value, d, "minimax");
            let pruned = alpha_beta(&position, Some(d));
            assert_eq!(pruned.value, plain.value, "alpha-beta {d}");
            assert_achieves(&position, pruned.best_move, plain.value, d, "alpha-beta");
            engine.clear();
            let searched = engine.search(&position, d);
            assert_eq!(searched.value, plain.value, "engine {d}");
            assert_achieves(&position, searched.best_move, plain.value, d, "engine");
            parallel.clear();
            let shared = parallel.search(&position, d);
            assert_eq!(shared.value, plain.value, "parallel engine {d}");
            assert_achieves(&position, shared.best_move, plain.value, d, "parallel");
        }
    }
}

#[test]
fn compare_deep_negamax() {
    let mut rng = StdRng::seed_from_u64(27);
    let mut engine = Engine::new(16);
    let mut parallel = ParallelEngine::new(16, 2);
    for _ in 0..4 {
        for depth in 1..9u8 {
            let position = random_position(&mut rng, 10);
            let expected = peer_value(&position, depth);
            let d = u32::from(depth);
            let pruned = alpha_beta(&position, Some(d)).value;
            assert_eq!(peer_terms(&position, pruned), expected, "alpha-beta {d}");
            engine.clear();
            assert_eq!(engine.search(&position, d).value, pruned, "engine {d}");
            parallel.clear();
            assert_eq!(parallel.search(&position, d).value, pruned, "parallel {d}");
        }
    }
}

#[test]
fn test_winning_position() {
    let won = ConnectFour::from_columns(&[2, 3, 2, 3, 2, 3, 2]).expect("legal moves");
    assert_eq!(
        <Peer as minimax::Game>::get_winner(&won),
        Some(minimax::Winner::PlayerJustMoved)
    );
    assert!(won.is_terminal() && won.legal_moves().is_empty());
    assert!(won.evaluate() > 0, "the first player (Max) has four");
    // One more stone is refused: the game is over.
    assert_eq!(ConnectFour::from_columns(&[2, 3, 2, 3, 2, 3, 2, 4]), None);
    let noisy = Noisy(won);
    assert_eq!(minimax(&noisy, Some(4)).best_move, None);
    assert_eq!(alpha_beta(&noisy, Some(4)).best_move, None);
    assert_eq!(Engine::new(10).search(&noisy, 4).best_move, None);
    assert_eq!(ParallelEngine::new(10, 2).search(&noisy, 4).best_move, None);
    assert_eq!(Mcts::new(MctsConfig::default()).choose_move(&won), None);
    assert_eq!(AlphaBetaPlayer { depth: Some(4) }.choose_move(&won), None);
    assert_eq!(RandomPlayer::new(1).choose_move(&won), None);
    // The peer agrees.
    let mut peer = minimax::Negamax::new(NoisyEvaluator, 4);
    assert_eq!(peer.choose_move(&won), None);
}

#[test]
fn connect_four_rules_agree_with_alpha_beta_on_short_wins() {
    // Vertical, horizontal and both diagonals, each completed by the first player's 4th stone.
    let wins: [&[u8]; 4] = [
        &[0, 1, 0, 1, 0, 1, 0],
        &[0, 0, 1, 1, 2, 2, 3],
        &[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3],
        &[6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3],
    ];
    for columns in wins {
        let won = ConnectFour::from_columns(columns).expect("legal");
        assert!(won.just_won(), "{columns:?}");
        let before = ConnectFour::from_columns(&columns[..columns.len() - 1]).expect("legal");
        assert!(!before.is_over(), "{columns:?}");
        // Alpha-beta two plies deep finds the winning drop.
        let found = alpha_beta(&before, Some(1));
        assert_eq!(found.best_move, columns.last().copied(), "{columns:?}");
        assert!(found.value >= 1000 - 42);
    }
    // A full column takes no more stones.
    let full = ConnectFour::from_columns(&[0, 0, 0, 0, 0, 0]).expect("legal");
    assert!(!full.can_play(0) && full.can_play(1));
    assert!(!full.legal_moves().contains(&0));
}

#[test]
fn tic_tac_toe_perfect_play_always_draws() {
    let mut first = AlphaBetaPlayer { depth: None };
    let mut second = AlphaBetaPlayer { depth: None };
    let openings: Vec<Vec<u8>> = (0..9).map(|square| vec![square]).collect();
    let result = play_match(&TicTacToe::default(), &mut first, &mut second, &openings);
    assert_eq!(result.games.len(), 18);
    assert_eq!(result.draws, 18, "{:?}", result.games);
}

#[test]
fn tic_tac_toe_perfect_play_never_loses_to_random_play() {
    let mut perfect = AlphaBetaPlayer { depth: None };
    let mut random = RandomPlayer::new(5);
    let openings = vec![vec![]; 100];
    let result = play_match(&TicTacToe::default(), &mut perfect, &mut random, &openings);
    assert_eq!(result.losses, 0);
    assert!(result.wins > 100, "{} wins", result.wins);
}
