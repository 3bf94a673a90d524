//! The Go Text Protocol for 8x8 Othello, as GRhino's `gtp-rhino` speaks it: a state machine
//! that takes one command line and returns the exact reply text, so it is tested without
//! processes.
//!
//! Squares are `a1`..`h8` (columns a-h left to right, rows 1-8 from the top), answered in upper
//! case. Passes are implicit: after a side had no move, the other side's `play`/`genmove`
//! is accepted; an explicit `play COLOR pass` is accepted too when that side has no placement.
//!
//! ```
//! use reversi::gtp::{Gtp, Chooser, MoveRequest};
//! use reversi::{Position, Square};
//! /// Plays the first legal square.
//! struct First;
//! impl Chooser for First {
//!     fn choose(&mut self, request: MoveRequest) -> Option<Square<8>> {
//!         request.position.placements().first()
//!     }
//! }
//! let mut gtp = Gtp::new(First, Default::default());
//! assert_eq!(gtp.handle(b"1 genmove black").text, "=1 D3\n\n");
//! assert_eq!(gtp.handle(b"play white c3").text, "=\n\n");
//! assert_eq!(gtp.handle(b"play white c3").text, "? illegal move\n\n");
//! assert_eq!(gtp.handle(b"frobnicate").text, "? unknown command\n\n");
//! ```

use crate::board::Board;
use crate::eval::final_margin_black;
use crate::position::Position;
use crate::side::Side;
use crate::square::Square;
use search_core::games::Budget;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// What the engine is asked for at a `genmove`.
#[derive(Debug, Clone, Copy)]
pub struct MoveRequest<'a> {
    /// The position (the side to move has a placement).
    pub position: &'a Position<8>,
    /// What this move may cost: its share of the clock and the depth limit, if any.
    pub budget: Budget,
}

/// The engine behind `genmove`.
pub trait Chooser {
    /// A placement for the side to move of `request.position` (it has at least one).
    fn choose(&mut self, request: MoveRequest<'_>) -> Option<Square<8>>;

    /// A new game starts (`clear_board`, `boardsize`).
    fn new_game(&mut self) {}
}

/// The session's time control, from which each move's [`Budget`] is worked out: a time per
/// move, a time per game shared out over the moves left (GTP's `time_settings` and `time_left`
/// set and correct it), a depth limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeControl {
    /// A fixed time per move.
    pub per_move: Option<Duration>,
    /// A time for all of this side's moves of a game (overridden by `time_left`).
    pub per_game: Option<Duration>,
    /// A depth limit.
    pub depth: Option<u32>,
}

/// A reply: the text to write, and whether the session ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The full reply, ending with the blank line (empty for an empty input line).
    pub text: String,
    /// Whether this was `quit`.
    pub quit: bool,
}

/// The commands, in the `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "boardsize",
    "clear_board",
    "final_score",
    "genmove",
    "known_command",
    "komi",
    "list_commands",
    "name",
    "play",
    "protocol_version",
    "quit",
    "showboard",
    "time_left",
    "time_settings",
    "undo",
    "version",
];

/// A GTP session: the game (with its history for `undo`), the engine and the clock.
#[derive(Debug)]
pub struct Gtp<C> {
    chooser: C,
    limits: TimeControl,
    position: Position<8>,
    history: Vec<Position<8>>,
    /// Thinking time used by `genmove` since the game started.
    used: Duration,
    /// The time left as the controller last reported it for each side (black, white).
    time_left: [Option<Duration>; 2],
}

/// A command's outcome: the result text or an error message.
type Outcome = Result<String, &'static str>;

const SYNTAX: &str = "syntax error";
const ILLEGAL: &str = "illegal move";

impl<C: Chooser> Gtp<C> {
    /// A session at the start position.
    pub fn new(chooser: C, limits: TimeControl) -> Self {
        Self {
            chooser,
            limits,
            position: Position::start(),
            history: Vec::new(),
            used: Duration::ZERO,
            time_left: [None; 2],
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position<8> {
        &self.position
    }

    /// Sets up `position` as a new game's (no history); for tests and setup tools.
    pub fn set_position(&mut self, position: Position<8>) {
        self.new_game();
        self.position = position;
    }

    /// Handles one input line (any bytes): the reply text, `=[id] result` or `?[id] message`,
    /// each followed by a blank line. Empty and comment-only lines get no reply.
    pub fn handle(&mut self, line: &[u8]) -> Reply {
        let text = clean(line);
        let mut words = text.split_whitespace();
        let Some(first) = words.next() else {
            return Reply {
                text: String::new(),
                quit: false,
            };
        };
        let (id, command) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (Some(first), words.next())
        } else {
            (None, Some(first))
        };
        let args: Vec<&str> = words.collect();
        let outcome = match command {
            Some(command) => self.run(command, &args),
            None => Err(SYNTAX),
        };
        let id = id.unwrap_or("");
        let quit = command == Some("quit") && outcome.is_ok();
        let text = match outcome {
            Ok(result) if result.is_empty() => format!("={id}\n\n"),
            Ok(result) => format!("={id} {result}\n\n"),
            Err(message) => format!("?{id} {message}\n\n"),
        };
        Reply { text, quit }
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Outcome {
        match command {
            "protocol_version" => Ok("2".to_owned()),
            "name" => Ok("othello".to_owned()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_owned()),
            "known_command" => match args {
                [name] => Ok(COMMANDS.contains(name).to_string()),
                _ => Err(SYNTAX),
            },
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => match args {
                [size] => match size.parse::<u32>() {
                    Ok(8) => {
                        self.new_game();
                        Ok(String::new())
                    }
                    Ok(_) => Err("unacceptable size"),
                    Err(_) => Err(SYNTAX),
                },
                _ => Err(SYNTAX),
            },
            "clear_board" => {
                self.new_game();
                Ok(String::new())
            }
            "komi" => match args {
                [komi] if komi.parse::<f64>().is_ok() => Ok(String::new()),
                _ => Err(SYNTAX),
            },
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => match self.history.pop() {
                Some(previous) => {
                    self.position = previous;
                    Ok(String::new())
                }
                None => Err("cannot undo"),
            },
            "final_score" => Ok(score_text(&self.position)),
            "showboard" => Ok(showboard(&self.position)),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            _ => Err("unknown command"),
        }
    }

    fn new_game(&mut self) {
        self.position = Position::start();
        self.history.clear();
        self.used = Duration::ZERO;
        self.time_left = [None; 2];
        self.chooser.new_game();
    }

    /// The position where `side` moves, applying an implicit pass by the other side; `None`
    /// when it is not `side`'s turn.
    fn turn_of(&self, side: Side) -> Option<Position<8>> {
        if self.position.to_move() == side {
            Some(self.position)
        } else if self.position.must_pass() {
            Some(self.position.pass())
        } else {
            None
        }
    }

    fn play(&mut self, args: &[&str]) -> Outcome {
        let [color, vertex] = args else {
            return Err(SYNTAX);
        };
        let side = parse_color(color).ok_or(SYNTAX)?;
        let next = match parse_vertex(vertex).ok_or(SYNTAX)? {
            None => {
                // An explicit pass: only by the side to move, when it has no placement.
                if self.position.to_move() != side || !self.position.placements().is_empty() {
                    return Err(ILLEGAL);
                }
                self.position.pass()
            }
            Some(square) => {
                let at = self.turn_of(side).ok_or(ILLEGAL)?;
                at.place(square).ok_or(ILLEGAL)?
            }
        };
        self.history.push(self.position);
        self.position = next;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str]) -> Outcome {
        let [color] = args else {
            return Err(SYNTAX);
        };
        let side = parse_color(color).ok_or(SYNTAX)?;
        let Some(at) = self.turn_of(side).filter(|p| !p.placements().is_empty()) else {
            // Not this side's turn, or it has no placement: a pass that changes nothing.
            return Ok("pass".to_owned());
        };
        let request = MoveRequest {
            position: &at,
            budget: Budget {
                time: self.move_time(side, &at),
                depth: self.limits.depth,
                ..Budget::default()
            },
        };
        let started = Instant::now();
        let chosen = self.chooser.choose(request);
        self.used += started.elapsed();
        let square = chosen
            .filter(|&s| at.place(s).is_some())
            .or_else(|| at.placements().first())
            .ok_or("no move")?;
        let next = at.place(square).ok_or(ILLEGAL)?;
        self.history.push(self.position);
        self.position = next;
        Ok(vertex_name(square))
    }

    /// The thinking time for `side`'s next move in `at`.
    fn move_time(&self, side: Side, at: &Position<8>) -> Option<Duration> {
        let reported = self.time_left[usize::from(side == Side::White)];
        let remaining = match (reported, self.limits.per_game) {
            (Some(left), _) => Some(left),
            (None, Some(game)) => Some(game.saturating_sub(self.used)),
            (None, None) => None,
        };
        let share = remaining.map(|left| {
            // About half the empty squares are this side's moves; keep a reserve.
            let moves_left = (at.board().empties().len() as u32).div_ceil(2).max(1);
            let spend = left.mul_f64(0.9) / moves_left.saturating_sub(6).max(1);
            spend.min(left.mul_f64(0.5))
        });
        match (share, self.limits.per_move) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn time_settings(&mut self, args: &[&str]) -> Outcome {
        let [main, byo_time, byo_stones] = args else {
            return Err(SYNTAX);
        };
        let main = text_input::parse_seconds(main).ok_or(SYNTAX)?;
        text_input::parse_seconds(byo_time).ok_or(SYNTAX)?;
        byo_stones.parse::<u32>().map_err(|_| SYNTAX)?;
        if main > Duration::ZERO {
            self.limits.per_game = Some(main);
        }
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[&str]) -> Outcome {
        let [color, time, stones] = args else {
            return Err(SYNTAX);
        };
        let side = parse_color(color).ok_or(SYNTAX)?;
        let time = text_input::parse_seconds(time).ok_or(SYNTAX)?;
        stones.parse::<u32>().map_err(|_| SYNTAX)?;
        self.time_left[usize::from(side == Side::White)] = Some(time);
        Ok(String::new())
    }
}

/// The line as text: invalid UTF-8 replaced, a `#` comment dropped, control characters
/// (tabs included) turned into spaces.
fn clean(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let text = text.split('#').next().unwrap_or("");
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `b`/`black`/`w`/`white`, any case.
fn parse_color(text: &str) -> Option<Side> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Side::Black),
        "w" | "white" => Some(Side::White),
        _ => None,
    }
}

/// `a1`..`h8` (any case) as a square, `pass` as `Some(None)`.
fn parse_vertex(text: &str) -> Option<Option<Square<8>>> {
    let lower = text.to_ascii_lowercase();
    if lower == "pass" {
        return Some(None);
    }
    let bytes = lower.as_bytes();
    match bytes {
        [c @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            Square::new(usize::from(r - b'1'), usize::from(c - b'a')).map(Some)
        }
        _ => None,
    }
}

/// A square as GTP writes it: `D3`.
#[must_use]
pub fn vertex_name(square: Square<8>) -> String {
    format!(
        "{}{}",
        char::from(b'A' + square.col() as u8),
        square.row() + 1
    )
}

/// A square from GTP's `a1`..`h8` (any case); `None` for anything else (`pass` included).
#[must_use]
pub fn parse_square(text: &str) -> Option<Square<8>> {
    parse_vertex(text).flatten()
}

/// `B+n`, `W+n` or `0`: the margin with empty squares to the winner.
#[must_use]
pub fn score_text(position: &Position<8>) -> String {
    match final_margin_black(position) {
        m if m > 0 => format!("B+{m}"),
        m if m < 0 => format!("W+{}", -m),
        _ => "0".to_owned(),
    }
}

/// The board as `showboard` prints it: the side to move and the disc counts, then the board
/// with columns and rows labelled, `X` Black, `O` White, `.` empty.
#[must_use]
pub fn showboard(position: &Position<8>) -> String {
    let board: &Board<8> = position.board();
    let mover = match position.to_move() {
        Side::Black => "Black",
        Side::White => "White",
    };
    let mut out = format!(
        "{mover} to move, Black (X) {}, White (O) {}\n   A B C D E F G H\n",
        board.count(Side::Black),
        board.count(Side::White)
    );
    for row in 0..8 {
        let _ = write!(out, "{:>2}", row + 1);
        for col in 0..8 {
            let square = Square::new(row, col).expect("on the board");
            let c = match board.get(square) {
                Some(Side::Black) => 'X',
                Some(Side::White) => 'O',
                None => '.',
            };
            let _ = write!(out, " {c}");
        }
        let _ = writeln!(out, " {}", row + 1);
    }
    out.push_str("   A B C D E F G H");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first legal square in reading order.
    struct First;
    impl Chooser for First {
        fn choose(&mut self, request: MoveRequest<'_>) -> Option<Square<8>> {
            request.position.placements().first()
        }
    }

    /// Feeds `script` line by line and returns all replies.
    fn transcript(gtp: &mut Gtp<First>, script: &str) -> String {
        script
            .lines()
            .map(|line| gtp.handle(line.as_bytes()).text)
            .collect()
    }

    fn session() -> Gtp<First> {
        Gtp::new(First, TimeControl::default())
    }

    #[test]
    fn administrative_commands() {
        let script = "protocol_version\n1 name\nknown_command play\nknown_command frob\n\
                      boardsize 6\nboardsize x\n7 boardsize 8\nkomi 6.5\nkomi x\nfrob\n  \n# a comment\n\
                      time_settings 60 0 0\ntime_left white 30 0\ntime_left red 30 0\n2 quit";
        let expected = "= 2\n\n=1 othello\n\n= true\n\n= false\n\n? unacceptable size\n\n\
                        ? syntax error\n\n=7\n\n=\n\n? syntax error\n\n? unknown command\n\n\
                        =\n\n=\n\n? syntax error\n\n=2\n\n";
        assert_eq!(transcript(&mut session(), script), expected);
        assert!(session().handle(b"quit").quit);
        assert!(!session().handle(b"name").quit);
    }

    #[test]
    fn a_game_with_ids_undo_and_errors() {
        let script = "clear_board\n12 genmove black\nplay black f5\nplay white c3\nplay white e3\n\
                      genmove black\nundo\nundo\nfinal_score\nplay white z9\nplay white\n\
                      genmove white\nplay WHITE C5\nundo\nundo\nundo\nundo\nundo";
        // First legal squares: D3 for Black, then B3 after c3; after D3 Black leads 4-1 with
        // 59 empty squares, which go to the leader: B+62.
        let expected = "=\n\n=12 D3\n\n? illegal move\n\n=\n\n? illegal move\n\n\
                        = B3\n\n=\n\n=\n\n= B+62\n\n? syntax error\n\n? syntax error\n\n\
                        = C3\n\n? illegal move\n\n=\n\n=\n\n? cannot undo\n\n? cannot undo\n\n\
                        ? cannot undo\n\n";
        assert_eq!(transcript(&mut session(), script), expected);
    }

    #[test]
    fn passes_are_implicit_or_explicit() {
        // White a1, Black b1: Black has no move, White can play c1 (and then the game is over).
        let at = |c| Square::new(0, c).unwrap();
        let board = Board::empty()
            .with(at(0), Some(Side::White))
            .with(at(1), Some(Side::Black));
        let stuck = Position::new(board, Side::Black);
        let mut gtp = session();
        gtp.set_position(stuck);
        let script = "play black c1\ngenmove black\nplay white pass\nplay white c1\nfinal_score\n\
                      undo\nplay black pass\nplay black pass\ngenmove white\nfinal_score";
        let expected = "? illegal move\n\n= pass\n\n? illegal move\n\n=\n\n= W+64\n\n\
                        =\n\n=\n\n? illegal move\n\n= C1\n\n= W+64\n\n";
        assert_eq!(transcript(&mut gtp, script), expected);
    }

    #[test]
    fn genmove_out_of_turn_passes_and_changes_nothing() {
        let mut gtp = session();
        assert_eq!(gtp.handle(b"genmove white").text, "= pass\n\n");
        assert_eq!(gtp.position(), &Position::start());
    }

    #[test]
    fn bad_bytes_never_break_the_session() {
        let mut gtp = session();
        assert_eq!(
            gtp.handle(b"\xff\xfe\x00 play").text,
            "? unknown command\n\n"
        );
        assert_eq!(gtp.handle(b"").text, "");
        assert_eq!(gtp.handle(b"\t5\tname\r").text, "=5 othello\n\n");
        assert_eq!(
            gtp.handle(b"99999999999999999999999 name").text,
            "=99999999999999999999999 othello\n\n"
        );
        assert_eq!(gtp.handle(b"12").text, "?12 syntax error\n\n");
        let huge = vec![b'x'; 1 << 20];
        assert_eq!(gtp.handle(&huge).text, "? unknown command\n\n");
        assert_eq!(gtp.handle(b"play black f5").text, "=\n\n");
    }

    #[test]
    fn showboard_draws_the_position() {
        let mut gtp = session();
        gtp.handle(b"play black d3");
        let expected = "= White to move, Black (X) 4, White (O) 1\n   A B C D E F G H\n\
                        \x201 . . . . . . . . 1\n 2 . . . . . . . . 2\n 3 . . . X . . . . 3\n\
                        \x204 . . . X X . . . 4\n 5 . . . X O . . . 5\n 6 . . . . . . . . 6\n\
                        \x207 . . . . . . . . 7\n 8 . . . . . . . . 8\n   A B C D E F G H\n\n";
        assert_eq!(gtp.handle(b"showboard").text, expected);
    }

    #[test]
    fn the_clock_shares_the_time_left() {
        let limits = TimeControl {
            per_game: Some(Duration::from_secs(60)),
            ..TimeControl::default()
        };
        let gtp = Gtp::new(First, limits);
        let start = Position::start();
        // 60 empties: 30 moves left, 24 after the reserve of 6: 60 * 0.9 / 24 = 2.25 s.
        assert_eq!(
            gtp.move_time(Side::Black, &start),
            Some(Duration::from_millis(2250))
        );
        let mut gtp = gtp;
        gtp.handle(b"time_left black 10 0");
        assert_eq!(
            gtp.move_time(Side::Black, &start),
            Some(Duration::from_millis(375))
        );
    }

    /// Plays the first legal square and records what it was asked and told.
    #[derive(Default)]
    struct Recorder {
        budgets: Vec<Budget>,
        new_games: usize,
    }
    impl Chooser for Recorder {
        fn choose(&mut self, request: MoveRequest<'_>) -> Option<Square<8>> {
            self.budgets.push(request.budget);
            request.position.placements().first()
        }
        fn new_game(&mut self) {
            self.new_games += 1;
        }
    }

    #[test]
    fn every_listed_command_is_known_and_handled() {
        let mut gtp = session();
        let listed = gtp.handle(b"list_commands").text;
        assert_eq!(listed, format!("= {}\n\n", COMMANDS.join("\n")));
        for command in COMMANDS {
            let known = gtp
                .handle(format!("known_command {command}").as_bytes())
                .text;
            assert_eq!(known, "= true\n\n");
            if *command != "quit" {
                let reply = gtp.handle(command.as_bytes()).text;
                assert_ne!(reply, "? unknown command\n\n", "{command}");
            }
        }
        let version = gtp.handle(b"version").text;
        assert_eq!(version, format!("= {}\n\n", env!("CARGO_PKG_VERSION")));
    }

    #[test]
    fn genmove_asks_with_the_time_control() {
        let limits = TimeControl {
            per_move: Some(Duration::from_secs(2)),
            per_game: None,
            depth: Some(5),
        };
        let mut gtp = Gtp::new(Recorder::default(), limits);
        assert_eq!(gtp.handle(b"genmove b").text, "= D3\n\n");
        let budget = gtp.chooser.budgets[0];
        assert_eq!(
            (budget.time, budget.depth),
            (Some(Duration::from_secs(2)), Some(5))
        );
    }

    #[test]
    fn a_new_game_resets_the_board_the_history_and_the_clock() {
        let limits = TimeControl {
            per_game: Some(Duration::from_secs(60)),
            ..TimeControl::default()
        };
        for command in ["clear_board", "boardsize 8"] {
            let mut gtp = Gtp::new(Recorder::default(), limits);
            gtp.handle(b"play black d3");
            gtp.handle(b"time_left white 1 0");
            gtp.handle(b"genmove white");
            assert_eq!(gtp.handle(command.as_bytes()).text, "=\n\n");
            assert_eq!(gtp.position(), &Position::start());
            assert_eq!(gtp.handle(b"undo").text, "? cannot undo\n\n");
            assert_eq!(gtp.chooser.new_games, 1);
            assert_eq!(gtp.used, Duration::ZERO);
            // The whole game's time again, not the second reported for White.
            let white_start = Position::start().pass();
            assert_eq!(
                gtp.move_time(Side::White, &white_start),
                Some(Duration::from_millis(2250))
            );
        }
        let mut gtp = Gtp::new(Recorder::default(), limits);
        gtp.set_position(Position::start().pass());
        assert_eq!(gtp.chooser.new_games, 1);
        assert_eq!(gtp.position().to_move(), Side::White);
    }

    #[test]
    fn time_settings_give_the_game_time_and_zero_keeps_it() {
        let start = Position::start();
        let mut gtp = session();
        assert_eq!(gtp.handle(b"time_settings 0 0 0").text, "=\n\n");
        assert_eq!(gtp.move_time(Side::Black, &start), None);
        assert_eq!(gtp.handle(b"time_settings 60 5 1").text, "=\n\n");
        assert_eq!(
            gtp.move_time(Side::Black, &start),
            Some(Duration::from_millis(2250))
        );
        gtp.handle(b"time_settings 0 0 0");
        assert_eq!(
            gtp.move_time(Side::Black, &start),
            Some(Duration::from_millis(2250))
        );
    }

    #[test]
    fn scores_name_the_leader_and_the_margin() {
        assert_eq!(score_text(&Position::start()), "0");
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..60 {
            let end = Position::<8>::random_line(seed, 0);
            let black = end.board().count(Side::Black) as i32;
            let white = end.board().count(Side::White) as i32;
            let empty = end.board().empties().len() as i32;
            // Empty squares go to the winner.
            let expected = match black.cmp(&white) {
                std::cmp::Ordering::Greater => format!("B+{}", black - white + empty),
                std::cmp::Ordering::Less => format!("W+{}", white - black + empty),
                std::cmp::Ordering::Equal => "0".to_owned(),
            };
            assert_eq!(score_text(&end), expected);
            seen.insert(expected.chars().next());
        }
        assert!(seen.len() >= 2, "both sides win some: {seen:?}");
    }
}
