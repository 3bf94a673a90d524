//! `othello gtp`: the GTP state machine of `reversi::gtp` on stdin/stdout, with our engine or a
//! seeded random player behind `genmove`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use reversi::Square;
use reversi::eval::Weights;
use reversi::gtp::{Chooser, Gtp, MoveRequest, TimeControl};
use reversi::player::Player;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// Lines longer than this are cut (the rest is read and dropped).
const MAX_LINE: usize = 64 * 1024;

/// A player that picks a uniformly random placement with a seeded generator.
pub struct RandomChooser(StdRng);

impl Chooser for RandomChooser {
    fn choose(&mut self, request: MoveRequest<'_>) -> Option<Square<8>> {
        let moves: Vec<Square<8>> = request.position.placements().collect();
        (!moves.is_empty()).then(|| moves[self.0.random_range(0..moves.len())])
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes into `line` (the newline dropped); `false` at
/// the end of input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            return Ok(true);
        }
    }
}

/// Runs a session on `input`/`output` until `quit` or the end of input.
pub fn serve<C: Chooser>(
    chooser: C,
    limits: TimeControl,
    input: &mut impl BufRead,
    output: &mut impl Write,
) -> io::Result<()> {
    let mut gtp = Gtp::new(chooser, limits);
    let mut line = Vec::new();
    while read_line(input, &mut line)? {
        let reply = gtp.handle(&line);
        output.write_all(reply.text.as_bytes())?;
        output.flush()?;
        if reply.quit {
            break;
        }
    }
    Ok(())
}

/// `othello gtp`: our engine (or the random player) on stdin/stdout; `probcut`: the engine's
/// Multi-ProbCut margin in standard deviations (`None`: off).
pub fn run(limits: TimeControl, random: Option<u64>, probcut: Option<f32>) -> ExitCode {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    let result = match random {
        Some(seed) => serve(
            RandomChooser(StdRng::seed_from_u64(seed)),
            limits,
            &mut input,
            &mut output,
        ),
        None => serve(
            Player::new(Weights::builtin(), 20).with_probcut(probcut),
            limits,
            &mut input,
            &mut output,
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The controller went away (a closed pipe): nothing more to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => cli_support::fail(format!("gtp: {e}")),
    }
}
