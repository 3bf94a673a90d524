//! The head-to-head referee: our [`Mcts`] against the `minimax` crate's Monte Carlo tree search on
//! Connect Four, one thread each, colours alternating, our side seeded by the game's number.
//!
//! ```text
//! cargo run --release -p search-core --example mcts_vs_minimax -- iterations 10000 [games] [jobs]
//! cargo run --release -p search-core --example mcts_vs_minimax -- millis 50 [games] [jobs]
//! ```
//!
//! `games` defaults to 100 and `jobs` (games played at once) to 1; with a time budget keep `jobs`
//! at most the number of idle cores. Prints one line per game and the score (a win 1, a draw 1/2).

#[path = "../tests/support/connect_four.rs"]
mod connect_four;

use connect_four::{ConnectFour, Peer};
use minimax::Strategy as _;
use search_core::games::{Game, Mcts, MctsConfig, Player, Strategy};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

/// How much each side may think per move.
#[derive(Clone, Copy, Debug)]
enum Budget {
    Iterations(u32),
    Time(Duration),
}

/// One game: the score of our side (1, 1/2 or 0), the moves, and the time each side used.
fn play(game: u64, budget: Budget) -> (f64, Vec<u8>, [Duration; 2]) {
    let mut ours = Mcts::new(MctsConfig {
        seed: game,
        iterations: match budget {
            Budget::Iterations(n) => u64::from(n),
            Budget::Time(_) => u64::MAX,
        },
        time: match budget {
            Budget::Iterations(_) => None,
            Budget::Time(t) => Some(t),
        },
        ..MctsConfig::default()
    });
    let mut peer: minimax::MonteCarloTreeSearch<Peer> =
        minimax::MonteCarloTreeSearch::new(minimax::MCTSOptions::default().with_num_threads(1));
    match budget {
        Budget::Iterations(n) => peer.set_max_rollouts(n),
        Budget::Time(t) => peer.set_timeout(t),
    }
    let ours_first = game % 2 == 0;
    let mut position = ConnectFour::default();
    let mut moves = Vec::new();
    let mut used = [Duration::ZERO; 2];
    while !position.is_terminal() {
        let our_turn = (position.to_move() == Player::Max) == ours_first;
        let started = std::time::Instant::now();
        let mv = if our_turn {
            ours.choose_move(&position)
        } else {
            peer.choose_move(&position)
        }
        .expect("a move in an unfinished game");
        used[usize::from(!our_turn)] += started.elapsed();
        assert!(position.can_play(mv), "illegal move {mv} after {moves:?}");
        position = position.play(mv);
        moves.push(mv);
    }
    let our_side = if ours_first { Player::Max } else { Player::Min };
    let score = match position.evaluate().signum() * our_side.sign() {
        1 => 1.0,
        0 => 0.5,
        _ => 0.0,
    };
    (score, moves, used)
}

fn parse_args() -> Option<(Budget, u64, usize)> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let amount: u32 = args.get(1)?.parse().ok().filter(|&n| n > 0)?;
    let budget = match args.first()?.as_str() {
        "iterations" => Budget::Iterations(amount),
        "millis" => Budget::Time(Duration::from_millis(amount.into())),
        _ => return None,
    };
    let games = args.get(2).map_or(Some(100), |g| g.parse().ok())?;
    let jobs = args.get(3).map_or(Some(1), |j| j.parse().ok())?;
    Some((budget, games, jobs))
}

fn main() -> ExitCode {
    let Some((budget, games, jobs)) = parse_args() else {
        eprintln!("usage: mcts_vs_minimax (iterations N | millis N) [games] [jobs]");
        return ExitCode::FAILURE;
    };
    let next = Mutex::new(0u64);
    let total = Mutex::new((0.0, [Duration::ZERO; 2]));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let game = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    if game >= games {
                        break;
                    }
                    let (score, moves, used) = play(game, budget);
                    let mut t = total.lock().unwrap();
                    t.0 += score;
                    t.1[0] += used[0];
                    t.1[1] += used[1];
                    let first = if game % 2 == 0 { "ours" } else { "peer" };
                    let columns: String = moves.iter().map(|m| char::from(b'1' + m)).collect();
                    println!("game {game:3} first {first}: {score} ({columns})");
                }
            });
        }
    });
    let (score, used) = *total.lock().unwrap();
    println!(
        "{budget:?}: ours {score}/{games} against minimax's MCTS (time used: ours {:.1} s, peer {:.1} s)",
        used[0].as_secs_f64(),
        used[1].as_secs_f64()
    );
    ExitCode::SUCCESS
}
