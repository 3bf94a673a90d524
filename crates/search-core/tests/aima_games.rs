//! aima-python's `tests/test_games.py` (MIT licence, <https://github.com/aimacode/aima-python>)
//! ported to search-core, with aima's expected answers: [`minimax`] and [`alpha_beta`] on the
//! game tree of AIMA figure 5.2 (`Fig52Game`) and on four tic-tac-toe positions, Monte Carlo
//! tree search ([`Mcts`]) on three of those positions and in games against the random player
//! and alpha-beta (tic-tac-toe) and the random player (Connect Four), and aima's "random
//! tests" (alpha-beta against itself and against the random player).
//!
//! Fig52Game is written here as a small [`Game`] with aima's node and move names; tic-tac-toe
//! and Connect Four are the shared test games in `tests/support`.
//!
//! Where this port differs on purpose:
//! - aima's searches return only the move; ours return the value too, and the decision tests
//!   assert both. Our values are Max's: on Fig52, 3 from A and B and 2 from C and D (aima's
//!   searches from B, C and D maximise MIN's utility, the negated leaf values, which picks the
//!   same moves); on tic-tac-toe, aima's utility for X.
//! - aima's tic-tac-toe squares are 1-based `(x, y)`, `x` the row and `y` the column (as its
//!   `display` prints them); the support game numbers them `3 * row + col` from 0, so `(x, y)`
//!   is square `3 * (x - 1) + (y - 1)`: `(2, 2)` is 4, `(1, 3)` is 2.
//! - The support game decides the side to move from the stone counts (X when they are equal);
//!   aima's `gen_state` takes it as an argument. aima's fourth position lists `(3, 1)` for both
//!   X and O: its board dict ends with O there (O's marks are written last), so the position it
//!   searches has X on `(1, 1)`, O on `(2, 2)` and `(3, 1)`, and X to move with one stone
//!   against two, which the support game cannot say. We search that position with the colours
//!   swapped (our X on aima's O squares, our O on aima's X square, our O to move): the same
//!   game tree with the sides renamed and the values negated.
//! - aima's alpha-beta breaks ties by the order of its moves list, which `gen_state` takes from
//!   a Python set. We do not reproduce that order: in each of the four positions aima's expected
//!   move is the *only* best move (checked here by searching every move with [`minimax`]), so
//!   any correct full-depth search must return it, whatever its tie rule.
//! - aima's `play_game` plays its players in turn and returns the first player's utility; here
//!   [`play_game`] does the same with our [`Strategy`] players (legal moves checked).
//!   Alpha-beta against itself at tic-tac-toe also reproduces aima's game move for move: aima's
//!   `TicTacToe.initial` lists the squares in our order, and both searches keep the first best
//!   move.
//! - aima's MCTS (`N=1000` iterations, UCB with `C=1.4`, random playouts, Python's global
//!   `random` seeded once by `random.seed("aima-python")`) is replaced by our [`Mcts`] with aima's 1000
//!   iterations, seeded, our other defaults (decisive playouts, the solver); each expectation
//!   is checked over several seeds. Where aima asserts a game is not lost (`>= 0`), the games
//!   against alpha-beta assert the draw it must be and the Connect Four games the win.
//! - aima's `ConnectFour(h=7, v=6)` drops stones along `x` (`x == h` is the bottom), so its
//!   board is six columns of seven cells; the support game is the standard seven columns of
//!   six.
//!
//! Not ported: nothing of `test_games.py` is left out. aima's commented-out MCTS case (O's
//! reply to X in a corner, aima's third tic-tac-toe position: "uncomment the following when
//! removing the 3rd edition") is run here as an extra test, since ours finds the centre.

#[path = "support/connect_four.rs"]
mod connect_four;
#[path = "support/tic_tac_toe.rs"]
mod tic_tac_toe;

use connect_four::ConnectFour;
use search_core::games::{
    AlphaBetaPlayer, Game, GameOutcome, Mcts, MctsConfig, MoveList, Player, RandomPlayer, Strategy,
    Value, alpha_beta, minimax,
};
use tic_tac_toe::TicTacToe;

// ---------------------------------------------------------------------------------------------
// Fig52Game

/// The inner nodes of AIMA figure 5.2 (aima's `Fig52Game.succs`): each node's moves and the
/// nodes they lead to, in aima's order.
const SUCCS: [(&str, [(&str, &str); 3]); 4] = [
    ("A", [("a1", "B"), ("a2", "C"), ("a3", "D")]),
    ("B", [("b1", "B1"), ("b2", "B2"), ("b3", "B3")]),
    ("C", [("c1", "C1"), ("c2", "C2"), ("c3", "C3")]),
    ("D", [("d1", "D1"), ("d2", "D2"), ("d3", "D3")]),
];

/// The leaves' utilities for MAX (aima's `Fig52Game.utils`).
const UTILS: [(&str, Value); 9] = [
    ("B1", 3),
    ("B2", 12),
    ("B3", 8),
    ("C1", 2),
    ("C2", 4),
    ("C3", 6),
    ("D1", 14),
    ("D2", 5),
    ("D3", 2),
];

/// aima's `Fig52Game`: MAX moves at A, MIN at B, C and D, and the game ends at the nine leaves.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Fig52 {
    node: &'static str,
}

impl Fig52 {
    /// The moves of this node and where they lead (none at a leaf).
    fn successors(&self) -> &'static [(&'static str, &'static str)] {
        SUCCS
            .iter()
            .find(|(node, _)| *node == self.node)
            .map_or(&[], |(_, moves)| moves.as_slice())
    }
}

impl Game for Fig52 {
    type Move = &'static str;

    /// MIN at B, C and D, MAX elsewhere (aima's `to_move`).
    fn to_move(&self) -> Player {
        if ["B", "C", "D"].contains(&self.node) {
            Player::Min
        } else {
            Player::Max
        }
    }

    fn legal_moves(&self) -> MoveList<&'static str> {
        self.successors().iter().map(|&(mv, _)| mv).collect()
    }

    fn play(&self, mv: &'static str) -> Self {
        let (_, node) = self
            .successors()
            .iter()
            .find(|(m, _)| *m == mv)
            .expect("a legal move");
        Self { node }
    }

    /// The leaf's utility for MAX; the inner nodes (never evaluated by a full search) are 0.
    fn evaluate(&self) -> Value {
        UTILS
            .iter()
            .find(|(leaf, _)| *leaf == self.node)
            .map_or(0, |&(_, value)| value)
    }
}

/// The position at node `node` of figure 5.2.
fn fig52(node: &'static str) -> Fig52 {
    Fig52 { node }
}

/// aima's `test_minmax_decision` and the Fig52 half of `test_alpha_beta_search`: from A, B, C
/// and D the moves a1, b1, c1 and d3, with the values 3, 3, 2 and 2 for MAX (MIN picks the
/// smallest leaf below B, C and D: 3, 2, 2; MAX picks B's 3).
#[test]
fn fig52_minimax_and_alpha_beta_decisions() {
    let expected = [
        ("A", "a1", 3),
        ("B", "b1", 3),
        ("C", "c1", 2),
        ("D", "d3", 2),
    ];
    for (node, mv, value) in expected {
        let root = fig52(node);
        for (search, outcome) in [
            ("minimax", minimax(&root, None)),
            ("alpha-beta", alpha_beta(&root, None)),
        ] {
            assert_eq!(outcome.best_move, Some(mv), "{search} from {node}");
            assert_eq!(outcome.value, value, "{search} from {node}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe positions

/// aima's `(x, y)` square (1-based, `x` the row) as the support game's square number.
fn square((x, y): (u8, u8)) -> u8 {
    assert!((1..=3).contains(&x) && (1..=3).contains(&y), "({x}, {y})");
    3 * (x - 1) + (y - 1)
}

/// A position of aima's `gen_state` on the support board, and whether its colours had to be
/// swapped to put aima's side to move on move (see the header).
#[derive(Clone, Copy, Debug)]
struct AimaPosition {
    position: TicTacToe,
    swapped: bool,
}

impl AimaPosition {
    /// aima's `gen_state(to_move, x_positions, o_positions)`: X's marks are written first and
    /// O's after them, so a square in both lists holds O (as in aima's board dict). When the
    /// stone counts give the move to the other side, the colours are swapped.
    fn new(to_move: Player, xs: &[(u8, u8)], os: &[(u8, u8)]) -> Self {
        let mask = |squares: &[(u8, u8)]| squares.iter().fold(0u16, |m, &s| m | 1 << square(s));
        let (o, x) = (mask(os), mask(xs) & !mask(os));
        let mut aima = Self {
            position: TicTacToe { x, o },
            swapped: false,
        };
        if aima.position.to_move() != to_move {
            aima.position = TicTacToe { x: o, o: x };
            aima.swapped = true;
        }
        assert_eq!(aima.position.to_move(), aima.ours(to_move), "{xs:?} {os:?}");
        assert!(!aima.position.is_terminal());
        aima
    }

    /// The support game's side that plays aima's side `aima_side`.
    fn ours(&self, aima_side: Player) -> Player {
        if self.swapped {
            aima_side.opponent()
        } else {
            aima_side
        }
    }

    /// A value of the support game as aima's utility for X.
    fn for_aima_x(&self, value: Value) -> Value {
        if self.swapped { -value } else { value }
    }
}

/// aima's `'X'`: Max, the first player.
const X: Player = Player::Max;
/// aima's `'O'`: Min, the second player.
const O: Player = Player::Min;

/// aima's four positions of `test_alpha_beta_search`, with the expected move (in aima's
/// coordinates) and its value for X with best play on both sides.
fn aima_positions() -> [(AimaPosition, (u8, u8), Value); 4] {
    [
        // X completes the diagonal (1, 1), (2, 2), (3, 3).
        (
            AimaPosition::new(X, &[(1, 1), (3, 3)], &[(1, 2), (3, 2)]),
            (2, 2),
            1,
        ),
        // O completes the middle column (1, 2), (2, 2), (3, 2).
        (
            AimaPosition::new(O, &[(1, 1), (3, 1), (3, 3)], &[(1, 2), (3, 2)]),
            (2, 2),
            -1,
        ),
        // The only reply to a corner opening that does not lose: the centre.
        (AimaPosition::new(O, &[(1, 1)], &[]), (2, 2), 0),
        // (3, 1) is listed for both and ends up O's: X must block (3, 1), (2, 2), (1, 3).
        (
            AimaPosition::new(X, &[(1, 1), (3, 1)], &[(2, 2), (3, 1)]),
            (1, 3),
            0,
        ),
    ]
}

/// Asserts that `expected` is the only move of `aima` whose full-depth value is the best for the
/// side to move, and that the best value is `value` for aima's X.
fn assert_unique_best(aima: &AimaPosition, expected: u8, value: Value) {
    let position = aima.position;
    let sign = position.to_move().sign();
    let values: Vec<(u8, Value)> = position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, minimax(&position.play(mv), None).value))
        .collect();
    let best = values.iter().map(|&(_, v)| v * sign).max().expect("moves") * sign;
    let best_moves: Vec<u8> = values
        .iter()
        .filter(|&&(_, v)| v == best)
        .map(|&(mv, _)| mv)
        .collect();
    assert_eq!(best_moves, [expected], "{aima:?}: {values:?}");
    assert_eq!(aima.for_aima_x(best), value, "{aima:?}");
}

/// Asserts that a full-depth search of `aima` chose `expected` with the value `value` for X.
fn assert_decision(aima: &AimaPosition, outcome: GameOutcome<u8>, expected: u8, value: Value) {
    assert_eq!(outcome.best_move, Some(expected), "{aima:?}");
    assert_eq!(aima.for_aima_x(outcome.value), value, "{aima:?}");
}

/// The tic-tac-toe half of aima's `test_alpha_beta_search`: (2, 2), (2, 2), (2, 2) and (1, 3).
/// Each is the unique best move, so no tie rule is involved; minimax agrees.
#[test]
fn tic_tac_toe_alpha_beta_decisions() {
    for (aima, mv, value) in aima_positions() {
        let expected = square(mv);
        assert_unique_best(&aima, expected, value);
        assert_decision(&aima, alpha_beta(&aima.position, None), expected, value);
        assert_decision(&aima, minimax(&aima.position, None), expected, value);
    }
}

/// The fourth position is searched with its colours swapped: the swap is what makes the
/// expectation hold. Read with the count rule alone, aima's board would have O to move, and O
/// would win at once on (1, 3), the very square aima's X must block: the value would be O's
/// win (-1), not the draw.
#[test]
fn the_fourth_position_is_x_to_move_with_o_on_the_doubly_listed_square() {
    let (aima, _, _) = aima_positions()[3];
    assert!(aima.swapped);
    // Our X stones are aima's O's: (2, 2) and (3, 1), the doubly listed square.
    assert_eq!(aima.position.x, 1 << square((2, 2)) | 1 << square((3, 1)));
    assert_eq!(aima.position.o, 1 << square((1, 1)));
    let unswapped = TicTacToe {
        x: aima.position.o,
        o: aima.position.x,
    };
    assert_eq!(unswapped.to_move(), O);
    assert_eq!(alpha_beta(&unswapped, None).value, -1);
    let won = unswapped.play(square((1, 3)));
    assert!(won.is_terminal());
    assert_eq!(won.evaluate(), -1);
}

// ---------------------------------------------------------------------------------------------
// Games between players

/// A finished game of [`play_game`].
struct Played<G: Game> {
    /// The moves in order.
    moves: Vec<G::Move>,
    /// The final position.
    last: G,
    /// The final value for the first player.
    value: Value,
}

/// aima's `Game.play_game(first, second)`: `first` plays the side to move at `start`, then the
/// two move in turn until the game is over; returns the moves, the final position and its value
/// for the first player (aima's `utility(state, to_move(initial))`). Every move must be legal.
fn play_game<G, A, B>(start: &G, first: &mut A, second: &mut B) -> Played<G>
where
    G: Game,
    A: Strategy<G>,
    B: Strategy<G>,
{
    let first_side = start.to_move();
    let mut position = start.clone();
    let mut moves = Vec::new();
    while !position.is_terminal() {
        let choice = if position.to_move() == first_side {
            first.choose_move(&position)
        } else {
            second.choose_move(&position)
        };
        let mv = choice.expect("a move while the game is on");
        assert!(
            position.legal_moves().contains(&mv),
            "{mv:?} after {moves:?}"
        );
        moves.push(mv);
        position = position.play(mv);
    }
    let value = position.evaluate() * first_side.sign();
    Played {
        moves,
        last: position,
        value,
    }
}

/// aima's MCTS budget: `monte_carlo_tree_search(state, game, N=1000)`.
const AIMA_ITERATIONS: u64 = 1000;

/// Our MCTS with aima's iteration budget, seeded.
fn mcts<G: Game + PartialEq>(seed: u64) -> Mcts<G> {
    Mcts::new(MctsConfig {
        iterations: AIMA_ITERATIONS,
        seed,
        ..MctsConfig::default()
    })
}

/// The seeds each MCTS expectation is checked with.
const SEEDS: std::ops::Range<u64> = 0..10;

/// aima's `test_monte_carlo_tree_search`, its three positions: (2, 2), (2, 2) and (1, 3), for
/// every seed.
#[test]
fn mcts_finds_aimas_moves() {
    let positions = aima_positions();
    for index in [0, 1, 3] {
        let (aima, mv, _) = positions[index];
        for seed in SEEDS {
            let chosen = mcts(seed).choose_move(&aima.position);
            assert_eq!(chosen, Some(square(mv)), "position {index}, seed {seed}");
        }
    }
}

/// aima's commented-out MCTS case ("uncomment the following when removing the 3rd edition"):
/// O's reply to X in the corner (1, 1) is the centre. Ours finds it for every seed.
#[test]
fn mcts_answers_a_corner_opening_in_the_centre() {
    let (aima, mv, _) = aima_positions()[2];
    for seed in SEEDS {
        assert_eq!(
            mcts(seed).choose_move(&aima.position),
            Some(square(mv)),
            "seed {seed}"
        );
    }
}

/// aima: MCTS as X "should never lose to a random or alpha_beta player in a ttt game". Against
/// the random player no game is lost; against alpha-beta, which never loses, every game is a
/// draw.
#[test]
fn mcts_never_loses_at_tic_tac_toe() {
    let start = TicTacToe::default();
    for seed in SEEDS {
        let mut random = RandomPlayer::new(100 + seed);
        let game = play_game(&start, &mut mcts(seed), &mut random);
        assert!(game.value >= 0, "seed {seed}: {:?}", game.moves);
        let game = play_game(
            &start,
            &mut mcts(seed),
            &mut AlphaBetaPlayer { depth: None },
        );
        assert_eq!(game.value, 0, "seed {seed}: {:?}", game.moves);
    }
}

/// aima: MCTS as the first player "should never lose to a random player in a connect four
/// game". Here it wins every game.
#[test]
fn mcts_beats_the_random_player_at_connect_four() {
    for seed in 0..5 {
        let mut random = RandomPlayer::new(200 + seed);
        let game = play_game(&ConnectFour::default(), &mut mcts(seed), &mut random);
        assert!(game.last.just_won(), "seed {seed}: {:?}", game.moves);
        assert!(game.value > 0, "seed {seed}: {:?}", game.moves);
    }
}

// ---------------------------------------------------------------------------------------------
// aima's `test_random_tests`

/// `Fig52Game().play_game(alpha_beta_player, alpha_beta_player) == 3`: a1, then b1, ending at
/// B1.
#[test]
fn fig52_alpha_beta_against_itself_ends_with_utility_3() {
    let mut first = AlphaBetaPlayer { depth: None };
    let mut second = AlphaBetaPlayer { depth: None };
    let game = play_game(&fig52("A"), &mut first, &mut second);
    assert_eq!(game.value, 3);
    assert_eq!(game.moves, ["a1", "b1"]);
    assert_eq!(game.last, fig52("B1"));
}

/// `ttt.play_game(alpha_beta_player, alpha_beta_player) >= 0`: a draw, and the very game aima's
/// players play (aima's moves (1, 1), (2, 2), (1, 2), (1, 3), (3, 1), (2, 1), (2, 3), (3, 2),
/// (3, 3)), ending in aima's board `X X O / O O X / X O X`.
#[test]
fn tic_tac_toe_alpha_beta_against_itself_draws_aimas_game() {
    let mut first = AlphaBetaPlayer { depth: None };
    let mut second = AlphaBetaPlayer { depth: None };
    let game = play_game(&TicTacToe::default(), &mut first, &mut second);
    assert_eq!(game.value, 0);
    let aima_moves = [
        (1, 1),
        (2, 2),
        (1, 2),
        (1, 3),
        (3, 1),
        (2, 1),
        (2, 3),
        (3, 2),
        (3, 3),
    ];
    let expected: Vec<u8> = aima_moves.into_iter().map(square).collect();
    assert_eq!(game.moves, expected);
    assert_eq!(
        game.last,
        TicTacToe {
            x: 0b101_100_011,
            o: 0b010_011_100
        }
    );
}

/// `ttt.play_game(alpha_beta_player, random_player) >= 0`, over several seeds of the random
/// player; alpha-beta wins at least one of them.
#[test]
fn tic_tac_toe_alpha_beta_as_x_never_loses_to_the_random_player() {
    let mut wins = 0;
    for seed in 0..10 {
        let mut random = RandomPlayer::new(seed);
        let game = play_game(
            &TicTacToe::default(),
            &mut AlphaBetaPlayer { depth: None },
            &mut random,
        );
        assert!(game.value >= 0, "seed {seed}: {:?}", game.moves);
        wins += usize::from(game.value > 0);
    }
    assert!(wins > 0);
}
