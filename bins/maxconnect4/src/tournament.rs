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
//! arguments appended; their standard output is discarded and the last line of their standard
//! error is quoted when they fail.

use clap::Parser;
use cli_support::atomic_write;
use connect4::referee::check_move;
use connect4::score::scores;
use connect4::{Position, Side, format};
use std::io::{self, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A match between two one-move programs.
#[derive(Parser, Debug)]
#[command(name = "maxconnect4 match")]
pub struct MatchArgs {
    /// Program A, run as `CMD_A INPUT OUTPUT DEPTH` (e.g. "python3 agent.py").
    #[arg(value_name = "CMD_A")]
    a: String,
    /// Program B, likewise.
    #[arg(value_name = "CMD_B")]
    b: String,
    /// Games to play; A is player 1 (moves first) in odd-numbered games, B in even ones.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    games: u32,
    /// The depth passed to both programs.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=42))]
    depth: u32,
    /// Seconds a program may take for one move before it forfeits.
    #[arg(long, value_name = "S", default_value = "10", value_parser = cli_support::positive_seconds)]
    time_limit: Duration,
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

/// Which program: A or B.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entrant {
    A,
    B,
}

impl Entrant {
    fn name(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
        }
    }
}

/// How a game ended.
#[derive(Debug)]
enum Ending {
    /// The board filled up: the final scores of player 1 and player 2.
    Full(u32, u32),
    /// A program forfeited at a move (1-based), for a reason.
    Forfeit {
        loser: Entrant,
        at_move: u32,
        reason: String,
    },
}

/// One game's record.
struct GameRecord {
    /// Who was player 1.
    first: Entrant,
    ending: Ending,
    /// The scores on the last legal board (player 1, player 2).
    scores: (u32, u32),
}

impl GameRecord {
    /// The winner, `None` for a draw.
    fn winner(&self) -> Option<Entrant> {
        let second = other(self.first);
        match &self.ending {
            Ending::Forfeit { loser, .. } => Some(other(*loser)),
            Ending::Full(one, two) => match one.cmp(two) {
                std::cmp::Ordering::Greater => Some(self.first),
                std::cmp::Ordering::Less => Some(second),
                std::cmp::Ordering::Equal => None,
            },
        }
    }

    /// The score of `who` on the last legal board.
    fn score_of(&self, who: Entrant) -> u32 {
        if who == self.first {
            self.scores.0
        } else {
            self.scores.1
        }
    }
}

fn other(who: Entrant) -> Entrant {
    match who {
        Entrant::A => Entrant::B,
        Entrant::B => Entrant::A,
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
            let first = if game % 2 == 1 {
                Entrant::A
            } else {
                Entrant::B
            };
            let record = self.play(game, args.games, first)?;
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
                other(first)
            };
            if self.live {
                eprint!(
                    "\rgame {game}/{games}, move {at_move:2}/42 ({} to move)",
                    mover.name()
                );
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
        let input = self.dir.join(format!("game{game}-move{at_move:02}-in.txt"));
        let output = self
            .dir
            .join(format!("game{game}-move{at_move:02}-out.txt"));
        let stderr = self
            .dir
            .join(format!("game{game}-move{at_move:02}-stderr.txt"));
        let text = format::game_file(position);
        atomic_write(&input, |w| w.write_all(text.as_bytes())).map_err(|e| e.to_string())?;
        let command = &self.commands[mover as usize];
        if let Err(reason) = self.run_program(command, &input, &output, &stderr) {
            return Ok(Err(reason));
        }
        let after = match format::read_game(&output) {
            Ok(after) => after,
            Err(connect4::Error::Read { source, .. })
                if source.kind() == io::ErrorKind::NotFound =>
            {
                return Ok(Err(format!("wrote no output file ({})", output.display())));
            }
            Err(e) => return Ok(Err(format!("wrote an unreadable game file: {e}"))),
        };
        Ok(check_move(position, &after)
            .map(|_| after)
            .map_err(|v| format!("illegal move in {}: {v}", output.display())))
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
        let mut child = spawn(
            command,
            [
                input.as_os_str(),
                output.as_os_str(),
                self.depth.to_string().as_ref(),
            ],
            log,
        )
        .map_err(|e| format!("cannot run `{command}`: {e}"))?;
        let status = wait_within(&mut child, self.limit)
            .map_err(|e| format!("waiting for `{command}`: {e}"))?;
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

/// Starts `command` with `args` appended, in its own process group (so that a timeout stops
/// whatever the command started), standard output discarded, standard error to `log`.
fn spawn<'a>(
    command: &str,
    args: impl IntoIterator<Item = &'a std::ffi::OsStr>,
    log: std::fs::File,
) -> io::Result<Child> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("sh")
        .args(args);
    cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(log);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    cmd.spawn()
}

/// Waits for `child` up to `limit`; `None` (after stopping it and its process group) when it
/// ran out of time.
fn wait_within(child: &mut Child, limit: Duration) -> io::Result<Option<ExitStatus>> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if start.elapsed() >= limit {
            // The whole group: `sh` and what it started (`kill` with a negative id).
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            child.wait()?;
            return Ok(None);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    }
}

/// `A wins`, `draw`, or `A wins: B forfeits at move N (why)`.
fn outcome(record: &GameRecord) -> String {
    match (&record.ending, record.winner()) {
        (
            Ending::Forfeit {
                loser,
                at_move,
                reason,
            },
            _,
        ) => format!(
            "{} wins: {} forfeits at move {at_move} ({reason})",
            other(*loser).name(),
            loser.name()
        ),
        (_, Some(winner)) => format!("{} wins", winner.name()),
        (_, None) => "draw".to_owned(),
    }
}

/// The results: one row per game, then the totals.
fn results_table(args: &MatchArgs, records: &[GameRecord]) -> String {
    let mut out = format!(
        "A: {}\nB: {}\ndepth {}, time limit {} s per move\n\n",
        args.a,
        args.b,
        args.depth,
        args.time_limit.as_secs_f64()
    );
    out.push_str(
        "| game | player 1 | player 2 | score (1-2) | result |\n|---:|:---:|:---:|:---:|---|\n",
    );
    let mut wins = [0u32; 2];
    let mut points = [0u32; 2];
    let mut draws = 0;
    for (i, record) in records.iter().enumerate() {
        let result = outcome(record);
        match record.winner() {
            Some(w) => wins[w as usize] += 1,
            None => draws += 1,
        }
        for who in [Entrant::A, Entrant::B] {
            points[who as usize] += record.score_of(who);
        }
        out.push_str(&format!(
            "| {} | {} | {} | {}-{} | {result} |\n",
            i + 1,
            record.first.name(),
            other(record.first).name(),
            record.scores.0,
            record.scores.1,
        ));
    }
    out.push_str(&format!(
        "\nA wins {}, B wins {}, draws {draws}; points A {}, B {}\n",
        wins[0], wins[1], points[0], points[1]
    ));
    out
}
