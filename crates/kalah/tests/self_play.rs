//! Kalah through search-core's `play_match`: a deeper engine beats a shallow one from every
//! opening chain with both colours, and every game is played to its end.

use kalah::{Board, Player, Rules, chains};
use search_core::{
    games::Budget, games::EnginePlayer, games::Game, games::RandomPlayer, games::play_match,
};

#[test]
fn a_deeper_engine_wins_the_match() {
    let start = Board::new(Rules::default(), Player::Max);
    let openings: Vec<_> = chains(&start).iter().map(|&chain| vec![chain]).collect();
    assert!(
        openings.len() >= 6,
        "Kalah(6,4) opens with at least six chains"
    );
    let mut deep = EnginePlayer::new(16, Budget::depth(6));
    let mut random = RandomPlayer::new(7);
    let result = play_match(&start, &mut deep, &mut random, &openings);
    assert_eq!(result.games.len(), 2 * openings.len());
    assert!(
        result
            .games
            .iter()
            .all(|g| g.last.is_terminal() && g.forfeit.is_none())
    );
    assert!(
        result.score() >= 0.9 * result.games.len() as f64,
        "depth 6 against random play: {} wins, {} draws, {} losses",
        result.wins,
        result.draws,
        result.losses
    );
    assert!(result.margin() > 0);
}
