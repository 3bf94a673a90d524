//! What `othello match` prints: the report at the end, one record line per game for `--out`, and
//! the progress line after each game.

use crate::referee::{Ending, GameRecord, Settings};
use referee::{Entrant, Tally};
use reversi::gtp::vertex_name;
use std::fmt::Write as _;
use std::time::Duration;

/// The report printed at the end; `tally` holds the winners of `games`.
pub fn report(settings: &Settings, games: &[GameRecord], tally: &Tally) -> String {
    let n = tally.games();
    let (wins, draws) = (tally.wins(Entrant::A), tally.draws());
    let (mut discs_a, mut discs_b, mut forfeits) = (0, 0, [0; 2]);
    let mut time = [Duration::ZERO; 2];
    for g in games {
        match &g.ending {
            Ending::Finished { a, b } => {
                discs_a += a;
                discs_b += b;
            }
            Ending::Forfeit { loser, .. } => forfeits[loser.index()] += 1,
        }
        time[0] += g.time[0];
        time[1] += g.time[1];
    }
    let mut out = String::new();
    let _ = writeln!(out, "A: {}", settings.commands[0]);
    let _ = writeln!(out, "B: {}", settings.commands[1]);
    let _ = writeln!(
        out,
        "games {n}: A wins {wins}, draws {draws}, A losses {}",
        tally.losses(Entrant::A)
    );
    let _ = writeln!(out, "forfeits: A {}, B {}", forfeits[0], forfeits[1]);
    let _ = writeln!(out, "discs (games played out): A {discs_a}, B {discs_b}");
    let _ = writeln!(
        out,
        "points: A {:.1} of {n} ({:.1}%)",
        tally.points(Entrant::A),
        tally.share() * 100.0
    );
    let _ = writeln!(out, "Elo difference A - B: {} (95%)", tally.elo());
    let per_game = |t: Duration| t.as_secs_f64() / n.max(1) as f64;
    let _ = writeln!(
        out,
        "thinking time: A {:.1} s ({:.2} s per game), B {:.1} s ({:.2} s per game)",
        time[0].as_secs_f64(),
        per_game(time[0]),
        time[1].as_secs_f64(),
        per_game(time[1])
    );
    out
}

/// One line per game for `--out`.
pub fn record_line(index: usize, opening: &str, game: &GameRecord) -> String {
    let moves: String = game
        .moves
        .iter()
        .map(|&s| vertex_name(s).to_lowercase())
        .collect();
    format!(
        "game {} black {} white {} opening {} moves {moves} result {}",
        index + 1,
        game.black,
        game.black.other(),
        opening.replace(' ', ""),
        game.summary()
    )
}

/// A progress bar for game `done` of `n`.
pub fn progress(done: usize, n: usize, share: f64, last: &str) -> String {
    let width = 20;
    let filled = done * width / n.max(1);
    format!(
        "[{}{}] {done}/{n} A {:.1}% | {last}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        share * 100.0
    )
}
