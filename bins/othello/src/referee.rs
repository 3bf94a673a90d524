//! `othello match`: a referee between two GTP engines run as shell commands.
//!
//! Each game starts from one of [`OPENINGS`] (set up with `play` commands), each opening twice
//! with the colours swapped. Passes are implicit: the referee never sends `play COLOR pass`. An
//! engine that crashes, stays silent past the move time-out, answers an illegal move, or
//! rejects a legal command forfeits the game; it is restarted for the next one.

use reversi::gtp::{parse_square, vertex_name};
use reversi::{Position, Side, Square};
use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Balanced openings (4-6 plies from the start), played in order, each with both colours.
pub const OPENINGS: &[&str] = &[
    "f5 d6 c3 d3 c4",
    "f5 d6 c5 f4 e3",
    "f5 f6 e6 f4 e3",
    "f5 f4 e3 f6 d3",
    "f5 d6 c3 d3 c4 f4",
    "f5 f6 e6 f4 g5",
    "f5 f6 e6 f4 c3",
    "f5 d6 c5 f4 e3 f6",
    "f5 d6 c3 d3 c4 f4 f6",
    "f5 d6 c5 f4 d3",
    "f5 f6 e6 d6",
    "f5 f4 e3 d6",
    "f5 d6 c4 d3",
    "f5 f6 e6 f4 e3 c5",
    "f5 d6 c5 f6",
    "f5 f4 e3 f6 d3 c5",
    "f5 d6 c3 d3 c4 b5",
    "f5 f6 d3 f4",
    "f5 d6 c5 b4",
    "f5 f4 d3 f6",
];

/// The settings of a match.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The two engines' shell commands (A, B).
    pub commands: [String; 2],
    /// The number of games.
    pub games: usize,
    /// Thinking time per game and side, told to the engines and enforced (with a grace).
    pub time_per_game: Option<Duration>,
    /// The longest wait for any one reply.
    pub move_timeout: Duration,
    /// Where to write the games' moves.
    pub out: Option<PathBuf>,
}

/// Why an engine lost by forfeit.
#[derive(Debug, Clone)]
enum Fault {
    Crashed,
    Silent(Duration),
    Rejected(String, String),
    Illegal(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Crashed => write!(f, "crashed (its output ended)"),
            Self::Silent(t) => write!(f, "no answer within {:.1} s", t.as_secs_f64()),
            Self::Rejected(cmd, reply) => write!(f, "rejected `{cmd}`: {reply}"),
            Self::Illegal(mv) => write!(f, "illegal move {mv}"),
        }
    }
}

/// A running engine.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(command: &str) -> io::Result<Self> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).split(b'\n') {
                let Ok(line) = line else { break };
                let text = String::from_utf8_lossy(&line).trim_end().to_owned();
                if sender.send(text).is_err() {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            stdin,
            lines,
        })
    }

    /// Sends `command` and waits up to `timeout` for the reply: `Ok(result)` for `=`, a fault
    /// otherwise.
    fn ask(&mut self, command: &str, timeout: Duration) -> Result<String, Fault> {
        let sent = writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush());
        if sent.is_err() {
            return Err(Fault::Crashed);
        }
        let deadline = Instant::now() + timeout;
        let mut reply: Option<String> = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Silent(timeout)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crashed),
            };
            match (&mut reply, line.is_empty()) {
                (None, true) => {}
                (None, false) => reply = Some(line),
                (Some(_), true) => break,
                (Some(text), false) => {
                    text.push('\n');
                    text.push_str(&line);
                }
            }
        }
        let reply = reply.unwrap_or_default();
        let body = reply
            .get(1..)
            .unwrap_or("")
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_owned();
        if reply.starts_with('=') {
            Ok(body)
        } else {
            Err(Fault::Rejected(command.to_owned(), reply))
        }
    }

    fn stop(mut self) {
        let _ = self.ask("quit", Duration::from_millis(500));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How a game ended.
#[derive(Debug, Clone)]
enum Ending {
    /// Played out: the discs of engine A and engine B.
    Finished { a: u32, b: u32 },
    /// Engine `loser` (0 A, 1 B) forfeited.
    Forfeit { loser: usize, fault: Fault },
}

/// One game's record.
struct Game {
    /// The engine playing Black (0 A, 1 B).
    black: usize,
    moves: Vec<Square<8>>,
    ending: Ending,
    /// Thinking time of A and B.
    time: [Duration; 2],
}

impl Game {
    /// A's points: 1, 0.5 or 0.
    fn points_a(&self) -> f64 {
        match &self.ending {
            Ending::Finished { a, b } if a > b => 1.0,
            Ending::Finished { a, b } if a == b => 0.5,
            Ending::Finished { .. } => 0.0,
            Ending::Forfeit { loser, .. } => f64::from(u8::from(*loser == 1)),
        }
    }

    fn summary(&self) -> String {
        match &self.ending {
            Ending::Finished { a, b } => format!("A {a} - B {b}"),
            Ending::Forfeit { loser, fault } => {
                format!("{} forfeits: {fault}", ["A", "B"][*loser])
            }
        }
    }
}

fn color(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

/// The referee's state during one game.
struct Table<'a> {
    settings: &'a Settings,
    engines: &'a mut [Option<Engine>; 2],
    black: usize,
    position: Position<8>,
    moves: Vec<Square<8>>,
    time: [Duration; 2],
}

impl Table<'_> {
    /// The engine (0 A, 1 B) playing `side`.
    fn engine_of(&self, side: Side) -> usize {
        if side == Side::Black {
            self.black
        } else {
            1 - self.black
        }
    }

    fn ask(
        &mut self,
        who: usize,
        command: &str,
        timeout: Duration,
    ) -> Result<String, (usize, Fault)> {
        let engine = self.engines[who].as_mut().ok_or((who, Fault::Crashed))?;
        engine.ask(command, timeout).map_err(|f| (who, f))
    }

    /// Starts missing engines and sets up a new game on both.
    fn set_up(&mut self) -> Result<(), (usize, Fault)> {
        let timeout = self.settings.move_timeout;
        for who in 0..2 {
            if self.engines[who].is_none() {
                let engine = Engine::start(&self.settings.commands[who])
                    .map_err(|_| (who, Fault::Crashed))?;
                self.engines[who] = Some(engine);
            }
            self.ask(who, "boardsize 8", timeout)?;
            self.ask(who, "clear_board", timeout)?;
            if let Some(t) = self.settings.time_per_game {
                self.ask(who, &format!("time_settings {} 0 0", t.as_secs()), timeout)?;
            }
        }
        Ok(())
    }

    /// Plays `square` for the side to move on the referee's board and tells both engines
    /// (`tell` says which).
    fn relay(&mut self, square: Square<8>, tell: [bool; 2]) -> Result<(), (usize, Fault)> {
        let side = self.position.to_move();
        let command = format!(
            "play {} {}",
            color(side),
            vertex_name(square).to_lowercase()
        );
        self.position = self
            .position
            .place(square)
            .ok_or((self.engine_of(side), Fault::Illegal(vertex_name(square))))?;
        self.moves.push(square);
        if self.position.must_pass() {
            self.position = self.position.pass();
        }
        for (who, _) in tell.iter().enumerate().filter(|&(_, &t)| t) {
            self.ask(who, &command, self.settings.move_timeout)?;
        }
        Ok(())
    }

    /// One `genmove` for the side to move, checked and relayed to the other engine.
    fn turn(&mut self) -> Result<(), (usize, Fault)> {
        let side = self.position.to_move();
        let who = self.engine_of(side);
        let mut timeout = self.settings.move_timeout;
        if let Some(t) = self.settings.time_per_game {
            let left = t.saturating_sub(self.time[who]);
            self.ask(
                who,
                &format!("time_left {} {} 0", color(side), left.as_secs()),
                timeout,
            )?;
            timeout = timeout.min(left + Duration::from_secs(2));
        }
        let started = Instant::now();
        let answer = self.ask(who, &format!("genmove {}", color(side)), timeout);
        self.time[who] += started.elapsed();
        let answer = answer?;
        let square = parse_square(&answer)
            .filter(|&s| self.position.place(s).is_some())
            .ok_or((who, Fault::Illegal(answer.clone())))?;
        let mut tell = [false; 2];
        tell[1 - who] = true;
        self.relay(square, tell)
    }

    fn play(mut self, opening: &str) -> Game {
        let result = self.set_up().and_then(|()| {
            for word in opening.split_whitespace() {
                let square = parse_square(word).expect("the openings are valid");
                self.relay(square, [true, true])?;
            }
            while !self.position.is_over() {
                self.turn()?;
            }
            Ok(())
        });
        let ending = match result {
            Ok(()) => {
                let board = self.position.board();
                let count = |who| {
                    board.count(if who == self.black {
                        Side::Black
                    } else {
                        Side::White
                    })
                };
                Ending::Finished {
                    a: count(0),
                    b: count(1),
                }
            }
            Err((loser, fault)) => {
                // Restart the faulty engine for the next game.
                if let Some(engine) = self.engines[loser].take() {
                    engine.stop();
                }
                Ending::Forfeit { loser, fault }
            }
        };
        Game {
            black: self.black,
            moves: self.moves,
            ending,
            time: self.time,
        }
    }
}

/// The Elo difference for a points share `p` (infinite at 0 and 1).
fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The report printed at the end.
fn report(settings: &Settings, games: &[Game]) -> String {
    let n = games.len();
    let points: Vec<f64> = games.iter().map(Game::points_a).collect();
    let wins = points.iter().filter(|&&p| p == 1.0).count();
    let draws = points.iter().filter(|&&p| p == 0.5).count();
    let total: f64 = points.iter().sum();
    let share = if n == 0 { 0.5 } else { total / n as f64 };
    let (mut discs_a, mut discs_b, mut forfeits) = (0, 0, [0; 2]);
    let mut time = [Duration::ZERO; 2];
    for g in games {
        match &g.ending {
            Ending::Finished { a, b } => {
                discs_a += a;
                discs_b += b;
            }
            Ending::Forfeit { loser, .. } => forfeits[*loser] += 1,
        }
        time[0] += g.time[0];
        time[1] += g.time[1];
    }
    let variance = points.iter().map(|p| (p - share).powi(2)).sum::<f64>() / n.max(1) as f64;
    let error = 1.96 * (variance / n.max(1) as f64).sqrt();
    let (lo, hi) = ((share - error).max(1e-9), (share + error).min(1.0 - 1e-9));
    let mut out = String::new();
    let _ = writeln!(out, "A: {}", settings.commands[0]);
    let _ = writeln!(out, "B: {}", settings.commands[1]);
    let _ = writeln!(
        out,
        "games {n}: A wins {wins}, draws {draws}, A losses {}",
        n - wins - draws
    );
    let _ = writeln!(out, "forfeits: A {}, B {}", forfeits[0], forfeits[1]);
    let _ = writeln!(out, "discs (games played out): A {discs_a}, B {discs_b}");
    let _ = writeln!(out, "points: A {total:.1} of {n} ({:.1}%)", share * 100.0);
    let elo_text = if share <= 0.0 || share >= 1.0 {
        format!("{}inf", if share <= 0.0 { "-" } else { "+" })
    } else {
        format!("{:+.0} +- {:.0}", elo(share), (elo(hi) - elo(lo)) / 2.0)
    };
    let _ = writeln!(out, "Elo difference A - B: {elo_text} (95%)");
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
fn record_line(index: usize, opening: &str, game: &Game) -> String {
    let moves: String = game
        .moves
        .iter()
        .map(|&s| vertex_name(s).to_lowercase())
        .collect();
    let black = ["A", "B"][game.black];
    let white = ["A", "B"][1 - game.black];
    format!(
        "game {} black {black} white {white} opening {} moves {moves} result {}",
        index + 1,
        opening.replace(' ', ""),
        game.summary()
    )
}

/// A progress bar for game `done` of `n`.
fn progress(done: usize, n: usize, share: f64, last: &str) -> String {
    let width = 20;
    let filled = done * width / n.max(1);
    format!(
        "[{}{}] {done}/{n} A {:.1}% | {last}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        share * 100.0
    )
}

/// Runs the match: progress on stderr, the report on stdout, the records to `--out` (written
/// whole at the end, or not at all).
pub fn run(settings: &Settings) -> ExitCode {
    let mut engines: [Option<Engine>; 2] = [None, None];
    let mut games = Vec::new();
    let mut lines = Vec::new();
    for index in 0..settings.games {
        let opening = OPENINGS[(index / 2) % OPENINGS.len()];
        let table = Table {
            settings,
            engines: &mut engines,
            black: index % 2,
            position: Position::start(),
            moves: Vec::new(),
            time: [Duration::ZERO; 2],
        };
        let game = table.play(opening);
        if let Ending::Forfeit { loser, fault } = &game.ending {
            eprintln!(
                "game {}: {} forfeits: {fault}",
                index + 1,
                settings.commands[*loser]
            );
        }
        lines.push(record_line(index, opening, &game));
        games.push(game);
        let share = games.iter().map(Game::points_a).sum::<f64>() / games.len() as f64;
        eprintln!(
            "{}",
            progress(
                games.len(),
                settings.games,
                share,
                &games[games.len() - 1].summary()
            )
        );
    }
    for engine in engines.into_iter().flatten() {
        engine.stop();
    }
    // The game record is written even when stdout has gone.
    let printed = cli_support::print_out(&report(settings, &games));
    if let Some(path) = &settings.out {
        let written = cli_support::atomic_write(path, |w| {
            for line in &lines {
                writeln!(w, "{line}")?;
            }
            Ok(())
        });
        if let Err(e) = written {
            return cli_support::fail(e);
        }
    }
    match printed {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => cli_support::fail(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_openings_are_legal_and_distinct() {
        let mut seen = Vec::new();
        for opening in OPENINGS {
            let mut position = Position::<8>::start();
            for word in opening.split_whitespace() {
                let square = parse_square(word).expect("a square");
                position = position
                    .place(square)
                    .unwrap_or_else(|| panic!("{opening}: {word} is illegal"));
            }
            assert!(!position.must_pass() && !position.is_over());
            assert!(!seen.contains(&position), "{opening} repeats a position");
            seen.push(position);
        }
        assert_eq!(OPENINGS.len(), 20);
    }

    #[test]
    fn elo_of_even_and_strong_shares() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.8).abs() < 0.1);
    }
}
