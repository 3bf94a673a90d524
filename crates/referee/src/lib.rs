//! What a match referee needs whatever the game: programs run as shell commands with time limits
//! that stop everything they started ([`process`]), a Go Text Protocol client ([`gtp`]), and the
//! arithmetic of a two-program match ([`Entrant`], [`Tally`], [`Elo`]).
//!
//! - [`process`]: the one child-process time-out scheme. A [`ShellCommand`](process::ShellCommand)
//!   runs as `sh -c "<command> \"$@\"" sh ARGS...` in its own process group; a
//!   [`Supervised`](process::Supervised) child is waited for within a limit, and a
//!   [`LineChild`](process::LineChild) answers lines before a deadline; a time-out or a stop
//!   kills the whole group.
//! - [`gtp`]: a GTP engine asked one command at a time with a time-out, and the
//!   [`Fault`](gtp::Fault)s that make it forfeit.
//! - [`Entrant`] A or B, the [`Tally`] of a match's results (wins, draws, losses, points share)
//!   and the [`Elo`] difference with its 95% interval.
//!
//! ```
//! use referee::process::ShellCommand;
//! use referee::{Entrant, Tally};
//! use std::process::Stdio;
//! use std::time::Duration;
//!
//! // Each "program" decides its game by its exit status; a slow one is stopped at the limit.
//! let games = ["exit 0", "exit 1", "sleep 10"];
//! let mut tally = Tally::default();
//! for (number, line) in (1..).zip(games) {
//!     let opener = Entrant::opening(number);
//!     let mut child = ShellCommand::new(line).spawn(Stdio::null()).unwrap();
//!     let winner = match child.wait_within(Duration::from_millis(200)).unwrap() {
//!         Some(status) if status.success() => opener,
//!         Some(_) => opener.other(),
//!         None => opener.other(), // out of time: the opener forfeits
//!     };
//!     tally.record(Some(winner));
//! }
//! // A won games 1 and 2 (B lost game 2 by its status), B won game 3 (A timed out).
//! assert_eq!((tally.wins(Entrant::A), tally.wins(Entrant::B)), (2, 1));
//! assert_eq!(tally.elo().to_string(), "+120 +- 1963");
//! ```

pub mod gtp;
pub mod process;
mod tally;

pub use tally::{Elo, Entrant, Tally, elo};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
