//! The two sides of a match and its arithmetic: wins, draws and losses, the points share, and the
//! Elo difference with its 95% interval.
//!
//! ```
//! use referee::{Entrant, Tally};
//!
//! let mut tally = Tally::default();
//! for winner in [Some(Entrant::A), None, Some(Entrant::A), Some(Entrant::B)] {
//!     tally.record(winner);
//! }
//! assert_eq!((tally.wins(Entrant::A), tally.draws(), tally.losses(Entrant::A)), (2, 1, 1));
//! assert_eq!(tally.points(Entrant::A), 2.5);
//! assert_eq!(tally.share(), 0.625);
//! assert_eq!(tally.elo().to_string(), "+89 +- 1911");
//! ```

use std::fmt;

/// One of the two programs of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entrant {
    /// The first program named.
    A,
    /// The second program named.
    B,
}

impl Entrant {
    /// Both, A first.
    pub const BOTH: [Self; 2] = [Self::A, Self::B];

    /// `"A"` or `"B"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
        }
    }

    /// The opponent.
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            Self::A => Self::B,
            Self::B => Self::A,
        }
    }

    /// 0 for A, 1 for B: the index of arrays kept per entrant.
    pub fn index(self) -> usize {
        match self {
            Self::A => 0,
            Self::B => 1,
        }
    }

    /// Who opens game `number` (counted from 1) when the two take turns: A the odd-numbered
    /// games, B the even ones.
    pub fn opening(number: usize) -> Self {
        if number % 2 == 1 { Self::A } else { Self::B }
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The Elo difference for a points share `p`: `-400 log10(1/p - 1)` (infinite at 0 and 1).
///
/// ```
/// assert_eq!(referee::elo(0.5), 0.0);
/// assert!((referee::elo(0.75) - 190.85).abs() < 0.01);
/// assert_eq!(referee::elo(1.0), f64::INFINITY);
/// ```
pub fn elo(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The games' results in order: the winner of each, `None` for a draw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    winners: Vec<Option<Entrant>>,
}

impl Tally {
    /// Adds a game won by `winner` (`None`: a draw).
    pub fn record(&mut self, winner: Option<Entrant>) {
        self.winners.push(winner);
    }

    /// The number of games recorded.
    pub fn games(&self) -> usize {
        self.winners.len()
    }

    /// The games `who` won.
    pub fn wins(&self, who: Entrant) -> usize {
        self.winners.iter().filter(|&&w| w == Some(who)).count()
    }

    /// The games `who` lost.
    pub fn losses(&self, who: Entrant) -> usize {
        self.wins(who.other())
    }

    /// The drawn games.
    pub fn draws(&self) -> usize {
        self.winners.iter().filter(|w| w.is_none()).count()
    }

    /// A's points of each game in order: 1 for a win, 0.5 for a draw, 0 for a loss.
    fn points_a(&self) -> impl Iterator<Item = f64> + '_ {
        self.winners.iter().map(|w| match w {
            Some(Entrant::A) => 1.0,
            None => 0.5,
            Some(Entrant::B) => 0.0,
        })
    }

    /// The points of `who`: a win 1, a draw 0.5.
    pub fn points(&self, who: Entrant) -> f64 {
        let a: f64 = self.points_a().sum();
        match who {
            Entrant::A => a,
            Entrant::B => self.games() as f64 - a,
        }
    }

    /// A's share of the points, 0 to 1 (one half before any game).
    pub fn share(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points(Entrant::A) / n as f64,
        }
    }

    /// The Elo difference A - B and half the width of its 95% interval: the interval of A's
    /// share (1.96 standard errors of the games' points, kept inside (0, 1)) mapped through
    /// [`elo`].
    pub fn elo(&self) -> Elo {
        let share = self.share();
        if share <= 0.0 {
            return Elo::MinusInfinity;
        }
        if share >= 1.0 {
            return Elo::PlusInfinity;
        }
        let n = self.games().max(1) as f64;
        let variance = self.points_a().map(|p| (p - share).powi(2)).sum::<f64>() / n;
        let error = 1.96 * (variance / n).sqrt();
        let (lo, hi) = ((share - error).max(1e-9), (share + error).min(1.0 - 1e-9));
        Elo::Finite {
            difference: elo(share),
            margin: (elo(hi) - elo(lo)) / 2.0,
        }
    }
}

/// An Elo difference estimated from a match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Elo {
    /// A share strictly between 0 and 1.
    Finite {
        /// The Elo difference of the share.
        difference: f64,
        /// Half the width of the 95% interval, in Elo.
        margin: f64,
    },
    /// A won every point.
    PlusInfinity,
    /// A won no point.
    MinusInfinity,
}

impl fmt::Display for Elo {
    /// `+191 +- 120`, `+inf` or `-inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Finite { difference, margin } => write!(f, "{difference:+.0} +- {margin:.0}"),
            Self::PlusInfinity => f.write_str("+inf"),
            Self::MinusInfinity => f.write_str("-inf"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(winners: &[Option<Entrant>]) -> Tally {
        let mut t = Tally::default();
        for &w in winners {
            t.record(w);
        }
        t
    }

    #[test]
    fn elo_of_even_and_strong_shares() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.8).abs() < 0.1);
        assert!((elo(0.25) + 190.8).abs() < 0.1);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn other_swaps_and_names_follow() {
        assert_eq!(Entrant::A.other(), Entrant::B);
        assert_eq!(Entrant::B.other(), Entrant::A);
        assert_eq!(Entrant::A.other().other(), Entrant::A);
        assert_eq!(
            (Entrant::A.name(), Entrant::B.to_string()),
            ("A", "B".into())
        );
        assert_eq!((Entrant::A.index(), Entrant::B.index()), (0, 1));
        assert_eq!(Entrant::BOTH, [Entrant::A, Entrant::B]);
        let openers: Vec<Entrant> = (1..=4).map(Entrant::opening).collect();
        assert_eq!(openers, [Entrant::A, Entrant::B, Entrant::A, Entrant::B]);
    }

    #[test]
    fn counts_points_and_share() {
        use Entrant::{A, B};
        let t = tally(&[Some(A), Some(B), None, Some(A), Some(A)]);
        assert_eq!(t.games(), 5);
        assert_eq!((t.wins(A), t.wins(B), t.draws()), (3, 1, 1));
        assert_eq!((t.losses(A), t.losses(B)), (1, 3));
        assert_eq!((t.points(A), t.points(B)), (3.5, 1.5));
        assert_eq!(t.share(), 0.7);
        assert_eq!(Tally::default().share(), 0.5);
        let t = tally(&[None, Some(B), None]);
        assert_eq!((t.draws(), t.wins(A), t.losses(A)), (2, 0, 1));
        assert_eq!(Tally::default().draws(), 0);
    }

    #[test]
    fn elo_and_its_interval() {
        use Entrant::{A, B};
        // Three wins and a loss: share 0.75, standard deviation of a game's points 0.433.
        let t = tally(&[Some(A), Some(A), Some(B), Some(A)]);
        let Elo::Finite { difference, margin } = t.elo() else {
            panic!("finite")
        };
        assert!((difference - 190.85).abs() < 0.01, "{difference}");
        let error = 1.96 * (0.1875f64 / 4.0).sqrt();
        let expected = (elo((0.75 + error).min(1.0 - 1e-9)) - elo(0.75 - error)) / 2.0;
        assert!((margin - expected).abs() < 1e-9, "{margin} vs {expected}");
        assert_eq!(t.elo().to_string(), "+191 +- 1863");
        // The mirror image: the interval's lower end is the one kept above 0.
        let t = tally(&[Some(B), Some(B), Some(A), Some(B)]);
        assert_eq!(t.elo().to_string(), "-191 +- 1863");
        // Even: elo(0.5) is -0.0, printed `-0` (as the referee always has).
        let t = tally(&[Some(A), Some(B), None, None]);
        assert_eq!(t.elo().to_string(), "-0 +- 297");
        assert_eq!(tally(&[Some(A)]).elo(), Elo::PlusInfinity);
        assert_eq!(tally(&[Some(B), Some(B)]).elo(), Elo::MinusInfinity);
        assert_eq!(Elo::MinusInfinity.to_string(), "-inf");
        assert_eq!(Elo::PlusInfinity.to_string(), "+inf");
    }
}
