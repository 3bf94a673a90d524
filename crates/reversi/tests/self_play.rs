//! 8x8 Othello through search-core's `play_match`: the pattern-evaluation player beats random
//! play and plain alpha-beta on the disc count at the same depth, from the four first moves
//! with both colours, and every game ends properly.

use reversi::player::{Player, Timed};
use reversi::{Margin, Move, Position, Scored, Square};
use search_core::games::Budget;
use search_core::{games::AlphaBetaPlayer, games::Game, games::RandomPlayer, games::play_match};

fn openings() -> Vec<Vec<Move<8>>> {
    // d3, c4, f5, e6: (row, column) from the top left.
    [(2, 3), (3, 2), (4, 5), (5, 4)]
        .iter()
        .map(|&(r, c)| vec![Move::Place(Square::new(r, c).unwrap())])
        .collect()
}

fn ours(depth: u32) -> Timed {
    Timed {
        player: Player::new(reversi::eval::Weights::builtin(), 16),
        budget: Budget::depth(depth),
    }
}

#[test]
fn the_evaluation_beats_random_play_and_the_disc_count() {
    let start = Scored::new(Position::<8>::start(), Margin);
    let random = play_match(&start, &mut ours(2), &mut RandomPlayer::new(3), &openings());
    assert_eq!(random.games.len(), 8);
    assert!(
        random
            .games
            .iter()
            .all(|g| g.last.is_terminal() && g.forfeit.is_none())
    );
    assert!(
        random.score() >= 7.0,
        "against random play: {} of 8",
        random.score()
    );
    let mut greedy = AlphaBetaPlayer { depth: Some(2) };
    let discs = play_match(&start, &mut ours(2), &mut greedy, &openings());
    assert!(
        discs.score() >= 6.0,
        "against the disc count: {} of 8",
        discs.score()
    );
    assert!(discs.margin() > 0);
}
