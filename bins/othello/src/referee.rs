//! `othello match`: a referee between two GTP engines run as shell commands.
//!
//! Each game starts from one of [`OPENINGS`] (set up with `play` commands), each opening twice
//! with the colours swapped. Passes are implicit: the referee never sends `play COLOR pass`. An
//! engine that crashes, stays silent past the move time-out, answers an illegal move, or
//! rejects a legal command forfeits the game; it is restarted for the next one. The engines, their
//! time-outs and the match arithmetic are the `referee` crate's; this module plays Othello.

use crate::report;
use referee::gtp::{Client, Fault};
use referee::{Entrant, Tally};
use reversi::gtp::{parse_square, vertex_name};
use reversi::openings::OPENINGS;
use reversi::{Position, Side, Square};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

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

/// How a game ended.
#[derive(Debug, Clone)]
pub enum Ending {
    /// Played out: the discs of engine A and engine B.
    Finished { a: u32, b: u32 },
    /// An engine forfeited.
    Forfeit { loser: Entrant, fault: Fault },
}

/// One game's record.
pub struct GameRecord {
    /// The engine playing Black.
    pub black: Entrant,
    pub moves: Vec<Square<8>>,
    pub ending: Ending,
    /// Thinking time of A and B.
    pub time: [Duration; 2],
}

impl GameRecord {
    /// The winner, `None` for a draw.
    pub fn winner(&self) -> Option<Entrant> {
        match &self.ending {
            Ending::Finished { a, b } if a > b => Some(Entrant::A),
            Ending::Finished { a, b } if a == b => None,
            Ending::Finished { .. } => Some(Entrant::B),
            Ending::Forfeit { loser, .. } => Some(loser.other()),
        }
    }

    /// `A 40 - B 24`, or `B forfeits: why`.
    pub fn summary(&self) -> String {
        match &self.ending {
            Ending::Finished { a, b } => format!("A {a} - B {b}"),
            Ending::Forfeit { loser, fault } => format!("{loser} forfeits: {fault}"),
        }
    }
}

fn color(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

/// A fault and the engine it is blamed on.
type Blame = (Entrant, Fault);

/// The referee's state during one game.
struct Table<'a> {
    settings: &'a Settings,
    engines: &'a mut [Option<Client>; 2],
    black: Entrant,
    position: Position<8>,
    moves: Vec<Square<8>>,
    time: [Duration; 2],
}

impl Table<'_> {
    /// The engine playing `side`.
    fn engine_of(&self, side: Side) -> Entrant {
        if side == Side::Black {
            self.black
        } else {
            self.black.other()
        }
    }

    fn ask(&mut self, who: Entrant, command: &str, timeout: Duration) -> Result<String, Blame> {
        let engine = self.engines[who.index()]
            .as_mut()
            .ok_or((who, Fault::Crashed))?;
        engine.ask(command, timeout).map_err(|f| (who, f))
    }

    /// Starts missing engines and sets up a new game on both.
    fn set_up(&mut self) -> Result<(), Blame> {
        let timeout = self.settings.move_timeout;
        for who in Entrant::BOTH {
            if self.engines[who.index()].is_none() {
                let engine = Client::start(&self.settings.commands[who.index()])
                    .map_err(|_| (who, Fault::Crashed))?;
                self.engines[who.index()] = Some(engine);
            }
            self.ask(who, "boardsize 8", timeout)?;
            self.ask(who, "clear_board", timeout)?;
            if let Some(t) = self.settings.time_per_game {
                self.ask(who, &format!("time_settings {} 0 0", t.as_secs()), timeout)?;
            }
        }
        Ok(())
    }

    /// Plays `square` for the side to move on the referee's board and tells the engines in
    /// `tell`.
    fn relay(&mut self, square: Square<8>, tell: &[Entrant]) -> Result<(), Blame> {
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
        for &who in tell {
            self.ask(who, &command, self.settings.move_timeout)?;
        }
        Ok(())
    }

    /// One `genmove` for the side to move, checked and relayed to the other engine.
    fn turn(&mut self) -> Result<(), Blame> {
        let side = self.position.to_move();
        let who = self.engine_of(side);
        let mut timeout = self.settings.move_timeout;
        if let Some(t) = self.settings.time_per_game {
            let left = t.saturating_sub(self.time[who.index()]);
            let command = format!("time_left {} {} 0", color(side), left.as_secs());
            self.ask(who, &command, timeout)?;
            timeout = timeout.min(left + Duration::from_secs(2));
        }
        let started = Instant::now();
        let answer = self.ask(who, &format!("genmove {}", color(side)), timeout);
        self.time[who.index()] += started.elapsed();
        let answer = answer?;
        let square = parse_square(&answer)
            .filter(|&s| self.position.place(s).is_some())
            .ok_or((who, Fault::Illegal(answer.clone())))?;
        self.relay(square, &[who.other()])
    }

    fn play(mut self, opening: &str) -> GameRecord {
        let result = self.set_up().and_then(|()| {
            for word in opening.split_whitespace() {
                let square = parse_square(word).expect("the openings are valid");
                self.relay(square, &Entrant::BOTH)?;
            }
            while !self.position.is_over() {
                self.turn()?;
            }
            Ok(())
        });
        let ending = match result {
            Ok(()) => {
                let board = self.position.board();
                let discs = |who| {
                    board.count(if who == self.black {
                        Side::Black
                    } else {
                        Side::White
                    })
                };
                Ending::Finished {
                    a: discs(Entrant::A),
                    b: discs(Entrant::B),
                }
            }
            Err((loser, fault)) => {
                // Restart the faulty engine for the next game.
                if let Some(engine) = self.engines[loser.index()].take() {
                    engine.stop();
                }
                Ending::Forfeit { loser, fault }
            }
        };
        GameRecord {
            black: self.black,
            moves: self.moves,
            ending,
            time: self.time,
        }
    }
}

/// Runs the match: progress on stderr, the report on stdout, the records to `--out` (written
/// whole at the end, or not at all).
pub fn run(settings: &Settings) -> ExitCode {
    let mut engines: [Option<Client>; 2] = [None, None];
    let mut games = Vec::new();
    let mut tally = Tally::default();
    let mut lines = Vec::new();
    for index in 0..settings.games {
        let opening = OPENINGS[(index / 2) % OPENINGS.len()];
        let table = Table {
            settings,
            engines: &mut engines,
            black: Entrant::opening(index + 1),
            position: Position::start(),
            moves: Vec::new(),
            time: [Duration::ZERO; 2],
        };
        let game = table.play(opening);
        if let Ending::Forfeit { loser, fault } = &game.ending {
            let command = &settings.commands[loser.index()];
            eprintln!("game {}: {command} forfeits: {fault}", index + 1);
        }
        lines.push(report::record_line(index, opening, &game));
        tally.record(game.winner());
        eprintln!(
            "{}",
            report::progress(
                tally.games(),
                settings.games,
                tally.share(),
                &game.summary()
            )
        );
        games.push(game);
    }
    for engine in engines.into_iter().flatten() {
        engine.stop();
    }
    // The game record is written even when stdout has gone.
    let printed = cli_support::print_out(&report::report(settings, &games, &tally));
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
