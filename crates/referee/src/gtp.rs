//! A Go Text Protocol client: an engine run as a shell command, asked one command at a time with
//! a time-out, and the reasons an engine forfeits a game.
//!
//! A reply is `=` (success) or `?` (failure), optionally followed by the command's id digits and
//! the reply's text, and ends with an empty line; the text may span several lines. Empty lines
//! before a reply are skipped. Everything goes through [`crate::process`]: the engine runs in
//! its own process group, and [`Client::stop`] kills the group.
//!
//! ```
//! use referee::gtp::{Client, Fault};
//! use std::time::Duration;
//!
//! // A tiny engine: knows `name`, refuses everything else.
//! let engine = r#"while read -r cmd; do
//!   case "$cmd" in name) printf '= fake\n\n' ;; *) printf '? unknown command\n\n' ;; esac
//! done"#;
//! let mut client = Client::start(engine).unwrap();
//! let second = Duration::from_secs(10);
//! assert_eq!(client.ask("name", second).unwrap(), "fake");
//! let refused = client.ask("fly", second).unwrap_err();
//! assert_eq!(refused.to_string(), "rejected `fly`: ? unknown command");
//! client.stop();
//! ```

use crate::process::{self, LineChild, ShellCommand};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Why an engine lost a game by forfeit. The messages are the referees' words for it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The engine could not be started, its output ended, or it no longer reads its input.
    #[error("crashed (its output ended)")]
    Crashed,
    /// No complete reply within the time-out (the time-out is kept for the message).
    #[error("no answer within {:.1} s", .0.as_secs_f64())]
    Silent(Duration),
    /// The engine answered a command with `?` (or with something that is not a reply).
    #[error("rejected `{command}`: {reply}")]
    Rejected {
        /// The command sent.
        command: String,
        /// The whole reply, as received (its lines joined by `\n`).
        reply: String,
    },
    /// The engine's move is not a legal move of the game (the referee decides).
    #[error("illegal move {0}")]
    Illegal(String),
}

/// A running GTP engine.
#[derive(Debug)]
pub struct Client {
    child: LineChild,
}

impl Client {
    /// Starts the shell command `command` as an engine; its standard error is discarded.
    ///
    /// # Errors
    /// [`process::Error::Start`] when the shell cannot be started.
    pub fn start(command: &str) -> Result<Self, process::Error> {
        let child = ShellCommand::new(command).spawn_lines(Stdio::null())?;
        Ok(Self { child })
    }

    /// Sends `command` and waits up to `timeout` for the whole reply: the reply's text (after
    /// `=` and the id digits, trimmed) for a success.
    ///
    /// # Errors
    /// [`Fault::Rejected`] for a `?` reply (or one that does not start with `=`),
    /// [`Fault::Silent`] when the reply is not complete within `timeout`, [`Fault::Crashed`]
    /// when the engine's output ends or it does not read the command.
    pub fn ask(&mut self, command: &str, timeout: Duration) -> Result<String, Fault> {
        if self.child.send(command).is_err() {
            return Err(Fault::Crashed);
        }
        let deadline = Instant::now() + timeout;
        let mut reply: Option<String> = None;
        loop {
            let line = match self.child.receive(deadline) {
                Ok(line) => line.trim_end().to_owned(),
                Err(process::Error::TimedOut { .. }) => return Err(Fault::Silent(timeout)),
                Err(_) => return Err(Fault::Crashed),
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
        parse_reply(command, &reply.unwrap_or_default())
    }

    /// Says `quit` (waiting half a second at most for the answer), then kills the engine and
    /// everything it started.
    pub fn stop(mut self) {
        let _ = self.ask("quit", Duration::from_millis(500));
        let _ = self.child.kill();
    }
}

/// The meaning of a complete reply `reply` (its lines joined by `\n`, without the empty line
/// that ended it) to `command`: the text after `=` and the id digits, trimmed, for a success.
///
/// ```
/// use referee::gtp::{parse_reply, Fault};
/// assert_eq!(parse_reply("genmove black", "= d3"), Ok("d3".to_owned()));
/// assert_eq!(parse_reply("boardsize 8", "=12"), Ok(String::new()));
/// assert_eq!(
///     parse_reply("play black z9", "? illegal move"),
///     Err(Fault::Rejected { command: "play black z9".into(), reply: "? illegal move".into() })
/// );
/// ```
///
/// # Errors
/// [`Fault::Rejected`], with the whole reply, when it does not start with `=`.
pub fn parse_reply(command: &str, reply: &str) -> Result<String, Fault> {
    let body = reply
        .get(1..)
        .unwrap_or("")
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim()
        .to_owned();
    if reply.starts_with('=') {
        Ok(body)
    } else {
        Err(Fault::Rejected {
            command: command.to_owned(),
            reply: reply.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(10);

    /// A fake engine: answers each command from a fixed script of `printf` formats, in order,
    /// then says nothing more (it keeps reading until its input ends).
    fn fake(replies: &[&str]) -> Client {
        let mut script = String::new();
        for reply in replies {
            script.push_str(&format!("read -r cmd; printf '{reply}'; "));
        }
        script.push_str("while read -r cmd; do :; done");
        Client::start(&script).unwrap()
    }

    #[test]
    fn replies_are_parsed() {
        let mut engine = fake(&[
            r"=\n\n",
            r"= 5 text \n\n",
            r"=7\n\n",
            r"=12 c4\n\n",
            r"? unknown command\n\n",
            r"= first\nsecond\n third\n\n",
            r"\n\n= after blank lines\r\n\r\n",
            r"?3 no\nmore\n\n",
            r"== x\n\n",
        ]);
        assert_eq!(engine.ask("a", SECOND), Ok(String::new()));
        assert_eq!(engine.ask("b", SECOND), Ok("5 text".to_owned()));
        assert_eq!(engine.ask("c", SECOND), Ok(String::new()));
        assert_eq!(engine.ask("d", SECOND), Ok("c4".to_owned()));
        assert_eq!(
            engine.ask("e", SECOND),
            Err(Fault::Rejected {
                command: "e".into(),
                reply: "? unknown command".into()
            })
        );
        assert_eq!(
            engine.ask("f", SECOND),
            Ok("first\nsecond\n third".to_owned())
        );
        assert_eq!(engine.ask("g", SECOND), Ok("after blank lines".to_owned()));
        assert_eq!(
            engine.ask("h", SECOND),
            Err(Fault::Rejected {
                command: "h".into(),
                reply: "?3 no\nmore".into()
            })
        );
        assert_eq!(engine.ask("i", SECOND), Ok("= x".to_owned()));
        engine.stop();
    }

    #[test]
    fn the_id_digits_are_dropped_only_right_after_the_sign() {
        assert_eq!(parse_reply("x", "= 5 text"), Ok("5 text".to_owned()));
        assert_eq!(parse_reply("x", "=5 text"), Ok("text".to_owned()));
        assert_eq!(parse_reply("x", "="), Ok(String::new()));
        assert_eq!(parse_reply("x", "=  a1  "), Ok("a1".to_owned()));
        for reply in ["", "?", "x = 1", " = 1", "é"] {
            assert_eq!(
                parse_reply("cmd", reply),
                Err(Fault::Rejected {
                    command: "cmd".into(),
                    reply: reply.into()
                }),
                "{reply:?}"
            );
        }
    }

    #[test]
    fn a_silent_engine_times_out_and_a_dead_one_crashed() {
        let mut engine = fake(&[r"= half a reply\n"]);
        let start = Instant::now();
        assert_eq!(
            engine.ask("x", Duration::from_millis(200)),
            Err(Fault::Silent(Duration::from_millis(200)))
        );
        assert!(start.elapsed() >= Duration::from_millis(200));
        assert!(start.elapsed() < Duration::from_secs(3));
        engine.stop();
        let mut engine = Client::start("read -r cmd; exit 3").unwrap();
        assert_eq!(engine.ask("x", SECOND), Err(Fault::Crashed));
        // Its input is gone too: sending fails at once or the output has ended.
        assert_eq!(engine.ask("y", SECOND), Err(Fault::Crashed));
    }

    #[test]
    fn stop_says_quit_first() {
        let dir = std::env::temp_dir().join(format!("referee-gtp-quit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let said = dir.join("said.txt");
        let engine = format!(
            "while read -r cmd; do echo \"$cmd\" >>'{}'; printf '=\\n\\n'; done",
            said.display()
        );
        let mut engine = Client::start(&engine).unwrap();
        assert_eq!(engine.ask("name", SECOND), Ok(String::new()));
        engine.stop();
        assert_eq!(std::fs::read_to_string(&said).unwrap(), "name\nquit\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn stop_ends_an_engine_that_ignores_quit() {
        let engine = fake(&[]);
        let start = Instant::now();
        engine.stop();
        // Half a second for `quit`, then the kill.
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn faults_read_as_the_referee_prints_them() {
        assert_eq!(Fault::Crashed.to_string(), "crashed (its output ended)");
        assert_eq!(
            Fault::Silent(Duration::from_millis(1500)).to_string(),
            "no answer within 1.5 s"
        );
        assert_eq!(
            Fault::Rejected {
                command: "genmove b".into(),
                reply: "? no".into()
            }
            .to_string(),
            "rejected `genmove b`: ? no"
        );
        assert_eq!(Fault::Illegal("A1".into()).to_string(), "illegal move A1");
    }
}
