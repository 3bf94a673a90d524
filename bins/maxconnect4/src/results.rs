//! The records of `maxconnect4 match` games and the results table it prints.

use crate::tournament::MatchArgs;
use referee::{Entrant, Tally};

/// How a game ended.
#[derive(Debug)]
pub enum Ending {
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
pub struct GameRecord {
    /// Who was player 1.
    pub first: Entrant,
    pub ending: Ending,
    /// The scores on the last legal board (player 1, player 2).
    pub scores: (u32, u32),
}

impl GameRecord {
    /// The winner, `None` for a draw.
    fn winner(&self) -> Option<Entrant> {
        match &self.ending {
            Ending::Forfeit { loser, .. } => Some(loser.other()),
            Ending::Full(one, two) => match one.cmp(two) {
                std::cmp::Ordering::Greater => Some(self.first),
                std::cmp::Ordering::Less => Some(self.first.other()),
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

/// `A wins`, `draw`, or `A wins: B forfeits at move N (why)`.
pub fn outcome(record: &GameRecord) -> String {
    match (&record.ending, record.winner()) {
        (
            Ending::Forfeit {
                loser,
                at_move,
                reason,
            },
            _,
        ) => format!(
            "{} wins: {loser} forfeits at move {at_move} ({reason})",
            loser.other()
        ),
        (_, Some(winner)) => format!("{winner} wins"),
        (_, None) => "draw".to_owned(),
    }
}

/// The results: one row per game, then the totals.
pub fn results_table(args: &MatchArgs, records: &[GameRecord]) -> String {
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
    let mut tally = Tally::default();
    let mut points = [0u32; 2];
    for (i, record) in records.iter().enumerate() {
        tally.record(record.winner());
        for who in Entrant::BOTH {
            points[who.index()] += record.score_of(who);
        }
        out.push_str(&format!(
            "| {} | {} | {} | {}-{} | {} |\n",
            i + 1,
            record.first,
            record.first.other(),
            record.scores.0,
            record.scores.1,
            outcome(record),
        ));
    }
    out.push_str(&format!(
        "\nA wins {}, B wins {}, draws {}; points A {}, B {}\n",
        tally.wins(Entrant::A),
        tally.wins(Entrant::B),
        tally.draws(),
        points[0],
        points[1]
    ));
    out
}
