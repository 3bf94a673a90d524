//! `maxconnect4 match "CMD_A" "CMD_B" [--games N] [--depth D] [--time-limit S]`: a match between
//! two one-move programs (`CMD INPUT OUTPUT DEPTH`, the assignment's one-move mode) through game
//! files.
//!
//! Game 1 starts with A as player 1, game 2 with B, and so on. For every move the referee writes
//! the position to a file in a fresh temporary folder, runs the program to move with that file, an
//! output file name and the depth, and checks what it wrote with [`connect4::referee`]. A program
//! that exits with a failure, stays silent past the time limit, writes no file, an unreadable
//! file or an illegal move forfeits the game (the message says which and why); the game files of
//! a match with a forfeit are kept for inspection. A game that fills the board is won on score.
//! The results go to standard output as a table; a progress line goes to standard error.
//!
//! Commands run through `sh -c` (so they may hold arguments and quotes), with the three file
//! arguments appended, in their own process group (a time-out stops whatever they started: see
//! `referee::process`); their standard output is discarded and the last line of their standard
//! error is quoted when they fail.

use crate::results::{Ending, GameRecord, outcome, results_table};
use clap::Parser;
use cli_support::atomic_write;
use connect4::referee::read_move;
use connect4::score::scores;
use connect4::{Position, Side, format};
use referee::Entrant;
use referee::process::ShellCommand;
use std::io::{self, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{ExitCode, ExitStatus};
use std::time::Duration;

/// A match between two one-move programs.
#[derive(Parser, Debug)]
#[command(name = "maxconnect4 match")]
pub struct MatchArgs {
    /// Program A, run as `CMD_A INPUT OUTPUT DEPTH` (e.g. "python3 agent.py").
    #[arg(value_name = "CMD_A")]
    pub a: String,
    /// Program B, likewise.
    #[arg(value_name = "CMD_B")]
    pub b: String,
    /// Games to play; A is player 1 (moves first) in odd-numbered games, B in even ones.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub games: u32,
    /// The depth passed to both programs.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=42))]
    pub depth: u32,
    /// Seconds a program may take for one move before it forfeits.
    #[arg(long, value_name = "S", default_value = "10", value_parser = cli_support::positive_seconds)]
    pub time_limit: Duration,
}

/// Runs `maxconnect4 match ...` (the arguments after the program name, `match` included).
pub fn main(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    let args: MatchArgs = match cli_support::parse_args_from(args) {
        Ok(args) => args,
        Err(code) => return code,
    };
    match Referee::new(&args).and_then(|mut referee| referee.run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => cli_support::fail(message),
    }
}

/// Runs the games: the folder of game files, the commands and the limits.
struct Referee {
    dir: PathBuf,
    commands: [String; 2],
    depth: u32,
    limit: Duration,
    forfeits: u32,
    /// Whether standard error is a terminal (then a progress line is redrawn at every move).
    live: bool,
}

impl Referee {
    fn new(args: &MatchArgs) -> Result<Self, String> {
        let dir = std::env::temp_dir().join(format!("maxconnect4-match-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(Self {
            dir,
            commands: [args.a.clone(), args.b.clone()],
            depth: args.depth,
            limit: args.time_limit,
            forfeits: 0,
            live: io::stderr().is_terminal(),
        })
    }

    fn run(&mut self, args: &MatchArgs) -> Result<(), String> {
        let mut records = Vec::new();
        for game in 1..=args.games {
            let record = self.play(game, args.games, Entrant::opening(game as usize))?;
            if matches!(record.ending, Ending::Forfeit { .. }) {
                self.forfeits += 1;
            }
            let redraw = if self.live { "\r" } else { "" };
            eprintln!(
                "{redraw}game {game}/{}: {}{:20}",
                args.games,
                outcome(&record),
                ""
            );
            records.push(record);
        }
        let table = results_table(args, &records);
        io::stdout().write_all(table.as_bytes()).map_err(|e| {
            if e.kind() == io::ErrorKind::BrokenPipe {
                // The reader has gone: end quietly, as cli_support::fail does.
                std::process::exit(i32::from(cli_support::EXIT_CLOSED_PIPE));
            }
            format!("cannot write to standard output: {e}")
        })?;
        if self.forfeits == 0 {
            let _ = std::fs::remove_dir_all(&self.dir);
        } else {
            eprintln!("game files kept in {}", self.dir.display());
        }
        Ok(())
    }

    /// Plays one game; `Err` only for the referee's own failures (its folder).
    fn play(&self, game: u32, games: u32, first: Entrant) -> Result<GameRecord, String> {
        let mut position = Position::start();
        let mut at_move = 0;
        while !position.board().is_full() {
            at_move += 1;
            let mover = if position.next() == Side::One {
                first
            } else {
                first.other()
            };
            if self.live {
                eprint!("\rgame {game}/{games}, move {at_move:2}/42 ({mover} to move)");
                let _ = io::stderr().flush();
            }
            match self.one_move(game, at_move, mover, &position)? {
                Ok(next) => position = next,
                Err(reason) => {
                    return Ok(GameRecord {
                        first,
                        ending: Ending::Forfeit {
                            loser: mover,
                            at_move,
                            reason,
                        },
                        scores: scores(position.board()),
                    });
                }
            }
        }
        let (one, two) = scores(position.board());
        Ok(GameRecord {
            first,
            ending: Ending::Full(one, two),
            scores: (one, two),
        })
    }

    /// Runs `mover` on `position`: the new position, or why the move forfeits.
    fn one_move(
        &self,
        game: u32,
        at_move: u32,
        mover: Entrant,
        position: &Position,
    ) -> Result<Result<Position, String>, String> {
        let file = |what: &str| {
            self.dir
                .join(format!("game{game}-move{at_move:02}-{what}.txt"))
        };
        let (input, output, stderr) = (file("in"), file("out"), file("stderr"));
        let text = format::game_file(position);
        atomic_write(&input, |w| w.write_all(text.as_bytes())).map_err(|e| e.to_string())?;
        let command = &self.commands[mover.index()];
        if let Err(reason) = self.run_program(command, &input, &output, &stderr) {
            return Ok(Err(reason));
        }
        Ok(read_move(position, &output).map_err(|fault| fault.to_string()))
    }

    /// Runs one program to completion within the time limit.
    fn run_program(
        &self,
        command: &str,
        input: &Path,
        output: &Path,
        stderr: &Path,
    ) -> Result<(), String> {
        let log = std::fs::File::create(stderr)
            .map_err(|e| format!("cannot create {}: {e}", stderr.display()))?;
        let status = ShellCommand::new(command)
            .arg(input)
            .arg(output)
            .arg(self.depth.to_string())
            .spawn(log)
            .and_then(|mut child| child.wait_within(self.limit))
            .map_err(|e| e.to_string())?;
        match status {
            None => Err(format!(
                "no answer within {} s (stopped)",
                self.limit.as_secs_f64()
            )),
            Some(status) if status.success() => Ok(()),
            Some(status) => Err(failed(status, stderr)),
        }
    }
}

/// `exited with status N` (or the signal), with the last line the program wrote on stderr.
fn failed(status: ExitStatus, stderr: &Path) -> String {
    let how = match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("was killed ({status})"),
    };
    let said = std::fs::read_to_string(stderr).unwrap_or_default();
    match said.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => format!("{how}: {}", line.trim()),
        None => how,
    }
}
