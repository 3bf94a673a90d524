//! Self-play: our engine (depth 8, the full evaluation) against plain alpha-beta (depth 8) with a
//! score-only evaluation, from 10 two-move openings with colours alternated: 20 games, played by
//! search-core's `play_match`.
//!
//! `cargo run --release -p connect4 --example connect4_self_play [DEPTH]` prints every game and
//! the tally.

use connect4::search::TABLE_BITS;
use connect4::{Position, ScoreOnly, score};
use search_core::{
    games::Budget, games::EnginePlayer, games::Player, games::Strategy, games::alpha_beta,
    games::play_match,
};

/// Two-move openings (columns 0..7), player 1's move first.
const OPENINGS: [(u8, u8); 10] = [
    (3, 3),
    (3, 2),
    (2, 4),
    (0, 6),
    (1, 5),
    (4, 4),
    (5, 1),
    (6, 0),
    (3, 0),
    (2, 2),
];

/// Alpha-beta on the score difference alone (completed fours, nothing else).
struct ScoreOnlyAlphaBeta {
    depth: u32,
}

impl Strategy<Position> for ScoreOnlyAlphaBeta {
    fn choose_move(&mut self, position: &Position) -> Option<u8> {
        alpha_beta(&ScoreOnly(*position), Some(self.depth)).best_move
    }
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let openings: Vec<Vec<u8>> = OPENINGS.iter().map(|&(a, b)| vec![a, b]).collect();
    let mut ours = EnginePlayer::new(TABLE_BITS, Budget::depth(depth));
    let mut theirs = ScoreOnlyAlphaBeta { depth };
    let result = play_match(&Position::start(), &mut ours, &mut theirs, &openings);
    let (mut ours_total, mut theirs_total) = (0, 0);
    for game in &result.games {
        let (one, two) = score::scores(game.last.board());
        let (us, them, player) = match game.a_side {
            Player::Max => (one, two, 1),
            Player::Min => (two, one, 2),
        };
        ours_total += us;
        theirs_total += them;
        let verdict = match us.cmp(&them) {
            std::cmp::Ordering::Greater => "win",
            std::cmp::Ordering::Less => "loss",
            std::cmp::Ordering::Equal => "draw",
        };
        let (a, b) = OPENINGS[game.opening];
        println!(
            "opening {} ({}, {}), ours = player {player}: {us}-{them} {verdict}",
            game.opening + 1,
            a + 1,
            b + 1,
        );
    }
    println!(
        "engine (evaluation) vs score-only alpha-beta, depth {depth}: {} wins, {} losses, \
         {} draws; points {ours_total}-{theirs_total}",
        result.wins, result.losses, result.draws
    );
}
