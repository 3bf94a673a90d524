//! The time-controlled player (`player.rs`) against oracles: its game is the position's game
//! with the pattern evaluation (checked against the rules, the evaluation and the engine game of
//! `Scored`), its searches against search-core's plain minimax and the exact solver, and its
//! choice of method (pass, only move, exact solve, deepening) by what each returns.

use reversi::eval::{ONE_DISC, Weights, evaluate};
use reversi::exact;
use reversi::gtp::{Chooser, MoveRequest};
use reversi::player::{Evaluated, Player, Timed, search_value, solve_exact};
use reversi::{Board, Margin, Move, Position, RootScore, Scored, Side, Square};
use search_core::games::{Budget, EngineGame, Game, MoveList, Player as Turn, Strategy, minimax};
use std::time::Duration;

fn weights() -> &'static Weights {
    Weights::builtin()
}

/// A position reached by a random line with exactly `empties` empty squares, the side to move
/// having at least two placements (the `skip`-th such line).
fn with_empties(empties: usize, skip: usize) -> Position<8> {
    (1..)
        .map(|seed| Position::<8>::random_line(seed, empties))
        .filter(|p| p.board().empties().len() == empties && p.placements().len() >= 2)
        .nth(skip)
        .expect("random lines reach every stage")
}

/// Positions of several stages, both sides to move among them.
fn sample() -> Vec<Position<8>> {
    let mut positions = vec![Position::start()];
    for seed in 1..6 {
        for empties in [54, 40, 25, 12, 0] {
            positions.push(Position::random_line(seed, empties));
        }
    }
    positions
}

fn exact_margin(position: &Position<8>) -> i32 {
    exact::solve_exact(position).margin
}

/// The value after `mv` for the side to move in `position` (exact, the child's negated).
fn exact_after(position: &Position<8>, mv: Move<8>) -> i32 {
    -exact_margin(&position.play(mv).expect("the move is legal"))
}

/// The player's game of every sample position, each side maximising in turn (no probable
/// cut-offs, as `Player::new` searches).
fn sample_games() -> Vec<Evaluated> {
    let side = |position: Position<8>, max| Evaluated {
        position,
        max,
        weights: weights(),
        selectivity: None,
    };
    sample()
        .into_iter()
        .flat_map(|p| [side(p, Side::Black), side(p, Side::White)])
        .collect()
}

#[test]
fn the_evaluated_game_is_the_positions_game() {
    let mut nonzero = 0;
    for game in sample_games() {
        let (position, max) = (game.position, game.max);
        let turn = if position.to_move() == max {
            Turn::Max
        } else {
            Turn::Min
        };
        assert_eq!(game.to_move(), turn);
        let moves: Vec<Move<8>> = game.legal_moves().into_iter().collect();
        assert_eq!(moves, position.moves().collect::<Vec<_>>());
        for &mv in &moves {
            let child = game.play(mv);
            assert_eq!(child.position, position.play(mv).unwrap());
            assert_eq!(child.max, max);
        }
        assert_eq!(game.is_terminal(), position.is_over());
        let own = evaluate(weights(), &position);
        let expected = if position.to_move() == max { own } else { -own };
        assert_eq!(game.evaluate(), expected);
        nonzero += usize::from(own != 0);
    }
    assert!(nonzero > 10, "the sign of the evaluation is tested");
}

#[test]
fn the_evaluated_game_keys_and_orders_as_the_scored_game() {
    for game in sample_games() {
        let (position, max) = (game.position, game.max);
        // Margin's Max is Black, RootScore's its root side; both games order moves by the
        // opponent's replies (Margin plays to the end), as the player does.
        let key = match max {
            Side::Black => Scored::new(position, Margin).key(),
            Side::White => Scored::new(position, RootScore { root: max }).key(),
        };
        assert_eq!(game.key(), key);
        let scored = Scored::new(position, Margin);
        let mut expected = scored.legal_moves();
        scored.order_moves(&mut expected);
        let mut moves: MoveList<Move<8>> = game.legal_moves();
        game.order_moves(&mut moves);
        assert_eq!(moves.as_slice(), expected.as_slice());
    }
    let start = Evaluated {
        position: Position::start(),
        max: Side::Black,
        weights: weights(),
        selectivity: None,
    };
    let other = Evaluated {
        max: Side::White,
        ..start
    };
    assert_ne!(start.key(), other.key());
}

#[test]
fn search_value_is_the_depth_limited_minimax() {
    for position in sample().into_iter().filter(|p| !p.is_over()).take(12) {
        let game = Evaluated {
            position,
            max: position.to_move(),
            weights: weights(),
            selectivity: None,
        };
        for depth in 1..=2 {
            let expected = minimax(&game, Some(depth)).value;
            assert_eq!(search_value(weights(), &position, depth), expected);
        }
    }
}

#[test]
fn solve_exact_is_the_exact_solvers_margin_and_move() {
    let mut nonzero = 0;
    for skip in 0..2 {
        let position = with_empties(10, skip);
        let (margin, best, nodes) = solve_exact(&position);
        assert_eq!(margin, exact_margin(&position));
        assert!(nodes > 0);
        assert_eq!(exact_after(&position, best.unwrap()), margin);
        nonzero += usize::from(margin != 0);
    }
    assert!(nonzero > 0);
}

/// A player's choice with a fresh player.
fn choose(position: &Position<8>, budget: Budget) -> reversi::player::Choice {
    Player::new(weights(), 12).choose(position, budget)
}

#[test]
fn few_empties_are_solved_exactly_up_to_the_depth_or_twelve() {
    let mut nonzero = 0;
    // (empties, depth budget): at most max(12, min(depth, 20)) empties are solved.
    for (empties, depth) in [(12, 4), (12, 1), (14, 14), (15, 16)] {
        let position = with_empties(empties, 0);
        let choice = choose(&position, Budget::depth(depth));
        let margin = exact_margin(&position);
        assert!(choice.exact, "{empties} empties, depth {depth}");
        assert_eq!(choice.depth, empties as u32);
        assert_eq!(choice.value, margin * ONE_DISC);
        assert!(choice.nodes > 0);
        assert_eq!(exact_after(&position, choice.best.unwrap()), margin);
        nonzero += usize::from(margin != 0);
    }
    assert!(nonzero > 0);
    // No limit at all: up to 20 empties are solved.
    let position = with_empties(14, 1);
    let choice = choose(&position, Budget::default());
    assert!(choice.exact);
    assert_eq!(choice.value, exact_margin(&position) * ONE_DISC);
}

#[test]
fn more_empties_than_the_depth_are_searched_to_the_depth() {
    for (empties, depth) in [(13, 4), (16, 3), (22, 2)] {
        let position = with_empties(empties, 0);
        let choice = choose(&position, Budget::depth(depth));
        assert!(!choice.exact, "{empties} empties, depth {depth}");
        assert_eq!(choice.depth, depth);
        assert!(choice.nodes > 0);
        assert!(position.play(choice.best.unwrap()).is_some());
    }
    // A depth of 0 still searches one ply.
    let choice = choose(&with_empties(30, 0), Budget::depth(0));
    assert_eq!((choice.depth, choice.exact), (1, false));
}

/// White b1 and d1, Black c1, h7 and h8, Black to move: a1 and e1 are Black's placements, and
/// the game is over within three plies although 59 squares are empty.
fn short_game() -> Position<8> {
    let at = |r, c| Square::new(r, c).unwrap();
    let board = Board::empty()
        .with(at(0, 1), Some(Side::White))
        .with(at(0, 2), Some(Side::Black))
        .with(at(0, 3), Some(Side::White))
        .with(at(6, 7), Some(Side::Black))
        .with(at(7, 7), Some(Side::Black));
    Position::new(board, Side::Black)
}

#[test]
fn deepening_stops_at_the_number_of_empties() {
    let position = short_game();
    assert_eq!(position.placements().len(), 2);
    let empties = position.board().empties().len() as u32;
    assert_eq!(empties, 59);
    // Deeper than the game can go: the iteration at 59 plies is the last.
    let choice = choose(&position, Budget::default());
    assert_eq!((choice.depth, choice.exact), (59, false));
    let choice = choose(&position, Budget::depth(7));
    assert_eq!(choice.depth, 7);
}

#[test]
fn passes_and_finished_games_need_no_search() {
    // White a1, Black b1: Black must pass; White plays c1 and the game is over.
    let stuck = white_a1_black_b1(Side::Black);
    let choice = choose(&stuck, Budget::depth(5));
    assert_eq!(choice.best, Some(Move::Pass));
    assert_eq!((choice.value, choice.depth, choice.nodes), (0, 0, 0));
    assert!(!choice.exact);
    let over = Position::new(Board::empty(), Side::White);
    assert_eq!(choice_best(&over, Budget::depth(5)), None);
}

/// A white disc on a1 and a black one on b1, `to_move` to move.
fn white_a1_black_b1(to_move: Side) -> Position<8> {
    let at = |c| Square::new(0, c).unwrap();
    let board = Board::empty()
        .with(at(0), Some(Side::White))
        .with(at(1), Some(Side::Black));
    Position::new(board, to_move)
}

fn choice_best(position: &Position<8>, budget: Budget) -> Option<Move<8>> {
    choose(position, budget).best
}

#[test]
fn an_only_move_is_played_at_once_under_a_clock() {
    // White to move after Black's pass in the position above: c1 is its only placement.
    let at = |c| Square::new(0, c).unwrap();
    let only = white_a1_black_b1(Side::White);
    assert_eq!(only.placements().len(), 1);
    let timed = choose(&only, Budget::time(Duration::from_secs(5)));
    assert_eq!(timed.best, Some(Move::Place(at(2))));
    assert_eq!((timed.nodes, timed.depth), (0, 0));
    // Without a clock the only move is still searched (its value is wanted).
    let searched = choose(&only, Budget::depth(3));
    assert_eq!(searched.best, Some(Move::Place(at(2))));
    assert!(searched.nodes > 0);
}

#[test]
fn a_clock_solves_twelve_empties_without_a_deadline_and_more_with_one() {
    // At most 12 empties the solve has no deadline, however short the clock.
    let position = with_empties(12, 2);
    let choice = choose(&position, Budget::time(Duration::from_nanos(1)));
    assert!(choice.exact);
    assert_eq!(choice.value, exact_margin(&position) * ONE_DISC);
    // Above 12 the solve gets half the clock: with a nanosecond it gives up, and the
    // evaluation search answers.
    let position = with_empties(13, 2);
    let choice = choose(&position, Budget::time(Duration::from_nanos(1)));
    assert!(!choice.exact);
    assert!(position.play(choice.best.unwrap()).is_some());
    // ... within what is left of the clock: not to the end of the game.
    assert!(choice.depth < 13, "depth {}", choice.depth);
    // Ten seconds are worth a solve of 15 empties (the model allows 25).
    let position = with_empties(15, 1);
    let choice = choose(&position, Budget::time(Duration::from_secs(10)));
    assert!(choice.exact);
    assert_eq!(choice.value, exact_margin(&position) * ONE_DISC);
}

#[test]
fn the_strategy_and_the_gtp_chooser_play_the_players_move() {
    let mut differs = 0;
    let budget = Budget::depth(2);
    for seed in 1..4 {
        let position = Position::<8>::random_line(seed, 40);
        let expected = choose(&position, budget).best.unwrap();
        let mut timed = Timed {
            player: Player::new(weights(), 12),
            budget,
        };
        let scored = Scored::new(position, Margin);
        assert_eq!(timed.choose_move(&scored), Some(expected));
        let mut player = Player::new(weights(), 12);
        let request = MoveRequest {
            position: &position,
            budget,
        };
        let square = Chooser::choose(&mut player, request).unwrap();
        assert_eq!(Move::Place(square), expected);
        differs += usize::from(position.placements().first() != Some(square));
    }
    assert!(differs > 0, "some choice is not the first placement");
    // A pass is no square for GTP.
    let at = |c| Square::new(0, c).unwrap();
    let board = Board::empty()
        .with(at(0), Some(Side::White))
        .with(at(1), Some(Side::Black));
    let stuck = Position::new(board, Side::Black);
    let mut player = Player::new(weights(), 12);
    let request = MoveRequest {
        position: &stuck,
        budget,
    };
    assert_eq!(Chooser::choose(&mut player, request), None);
}

#[test]
fn a_new_game_forgets_the_tables() {
    let budget = Budget::depth(5);
    let first = Position::<8>::random_line(3, 44);
    let fresh = choose(&first, budget);
    // With its table kept, a second search of the same position finds it filled.
    let mut kept = Player::new(weights(), 12);
    kept.choose(&first, budget);
    assert_ne!(kept.choose(&first, budget), fresh);
    let mut cleared = Player::new(weights(), 12);
    cleared.choose(&first, budget);
    cleared.clear();
    assert_eq!(cleared.choose(&first, budget), fresh);
    let mut renewed = Player::new(weights(), 12);
    renewed.choose(&first, budget);
    Chooser::new_game(&mut renewed);
    assert_eq!(renewed.choose(&first, budget), fresh);
    // The exact solver's table too.
    let late = with_empties(12, 0);
    let fresh = choose(&late, budget);
    let mut cleared = Player::new(weights(), 12);
    cleared.choose(&late, budget);
    cleared.clear();
    assert_eq!(cleared.choose(&late, budget), fresh);
    let mut kept = Player::new(weights(), 12);
    kept.choose(&late, budget);
    assert_ne!(kept.choose(&late, budget), fresh);
}

/// White b1 and d1, Black c1, and Black discs from h8 backwards in reading order until
/// `empties` squares are empty (rows 1 and 2 stay empty, so only a1 and e1 start the small
/// game left): exact solves of any number of empties that take no time.
fn small_tree(empties: usize) -> Position<8> {
    let at = |r, c| Square::new(r, c).unwrap();
    let mut board = Board::empty()
        .with(at(0, 1), Some(Side::White))
        .with(at(0, 2), Some(Side::Black))
        .with(at(0, 3), Some(Side::White));
    for index in (16..64).rev().take(61 - empties) {
        board = board.with(Square::from_index(index).unwrap(), Some(Side::Black));
    }
    Position::new(board, Side::Black)
}

#[test]
fn the_clock_decides_how_many_empties_are_worth_a_solve() {
    // The model: 1 ms at 14 empties, 2.2 times as much for each further one, at most 26.
    for (empties, ms, exact) in [
        (16, 5, true),
        (17, 5, false),
        (17, 10, false),
        (21, 10, false),
        (21, 10_000, true),
        (25, 10_000, true),
        (26, 10_000, false),
        (26, 100_000, true),
        (27, 100_000, false),
    ] {
        let position = small_tree(empties);
        assert_eq!(position.board().empties().len(), empties);
        assert!(position.placements().len() >= 2);
        let choice = choose(&position, Budget::time(Duration::from_millis(ms)));
        assert_eq!(choice.exact, exact, "{empties} empties, {ms} ms");
    }
}
