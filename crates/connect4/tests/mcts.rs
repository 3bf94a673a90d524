//! Monte Carlo tree search (search-core) plays Max-Connect4 without an evaluation function.

use connect4::Position;
use search_core::{games::Mcts, games::MctsConfig, games::RandomPlayer, games::play_match};

#[test]
fn mcts_beats_random_play() {
    let mut mcts = Mcts::new(MctsConfig {
        iterations: 2_000,
        seed: 1,
        ..MctsConfig::default()
    });
    let mut random = RandomPlayer::new(2);
    let openings: Vec<Vec<u8>> = [0u8, 2, 3, 4, 6].iter().map(|&c| vec![c]).collect();
    let result = play_match(&Position::start(), &mut mcts, &mut random, &openings);
    println!(
        "MCTS 2000 iterations vs random, 10 games: {} wins, {} draws, {} losses, margin {}",
        result.wins,
        result.draws,
        result.losses,
        result.margin()
    );
    assert_eq!(result.games.len(), 10);
    assert!(result.wins >= 9, "{} wins", result.wins);
    assert!(result.margin() >= 10 * 3);
    // Every game went to the full board (Max-Connect4 has no early win).
    assert!(result.games.iter().all(|g| g.last.board().is_full()));
}
