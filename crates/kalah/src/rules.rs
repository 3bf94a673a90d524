//! The variant being played: the board size and the rules that change a game's value.

use crate::error::Error;

/// The most pots a side may have (a pot index fits in 3 bits of a [`Chain`](crate::Chain)).
pub const MAX_POTS: u8 = 8;

/// The most stones a board holds (pits are bytes).
pub const MAX_STONES: u32 = 255;

/// What happens when the last stone lands in an empty pot on the mover's side.
///
/// The published Kalah solutions use two rules, both with [`EndRule::EitherSideEmpty`]:
/// [`OppositeNonEmpty`](Self::OppositeNonEmpty) is the standard rule (Kalah(4,3) +6, (4,4) +2,
/// (5,2) +2, (5,3) +6, (5,4) +10, (6,2) +6, (6,3) +2, (6,4) +8, all reproduced by the crate's
/// tests, (6,4) among the slow ones; (6,5) +10 by `kalah solve`) and [`Always`](Self::Always)
/// the "empty capture" rule (Kalah(6,4) +10, (6,5) +12).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CaptureRule {
    /// That stone and the stones of the opposite pot go to the mover's kalah, also when the
    /// opposite pot is empty (the assignment's rule; the default).
    #[default]
    Always,
    /// As [`Always`](Self::Always), but only when the opposite pot holds stones; otherwise the
    /// stone stays where it landed.
    OppositeNonEmpty,
    /// No captures.
    Never,
}

/// When the game ends; the stones left on the board then go to the owners of their pots.
///
/// [`EitherSideEmpty`](Self::EitherSideEmpty) is the published convention ("the game ends when
/// either side's houses are empty, and each player keeps the seeds on their own side"): with it
/// the exact solver reproduces every published value. [`MoverSideEmpty`](Self::MoverSideEmpty)
/// agrees on the standard rule's small games but not in general: with empty captures it gives
/// Kalah(4,4) +4 and Kalah(5,3) +10 where the published convention gives +2 and +8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EndRule {
    /// As soon as all pots of either side are empty (the assignment's rule; the default).
    #[default]
    EitherSideEmpty,
    /// Only when the side to move has no stone in its pots.
    MoverSideEmpty,
}

impl CaptureRule {
    /// The rule as `kalah solve` names it in its report, e.g. "opposite-non-empty (standard)".
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::Always => "always (also when the opposite house is empty)",
            Self::OppositeNonEmpty => "opposite-non-empty (standard)",
            Self::Never => "never",
        }
    }
}

impl EndRule {
    /// The rule as `kalah solve` names it in its report, e.g. "mover-side-empty".
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::EitherSideEmpty => "either-side-empty (each side keeps its own seeds)",
            Self::MoverSideEmpty => "mover-side-empty",
        }
    }
}

/// A Kalah variant: `pots` pots a side with `stones` stones each at the start, and the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    pots: u8,
    stones: u8,
    /// The capture rule.
    pub capture: CaptureRule,
    /// The end-of-game rule.
    pub end: EndRule,
}

impl Default for Rules {
    /// Kalah(6,4) with the assignment's rules.
    fn default() -> Self {
        Self {
            pots: 6,
            stones: 4,
            capture: CaptureRule::default(),
            end: EndRule::default(),
        }
    }
}

impl Rules {
    /// Kalah(`pots`, `stones`) with the default capture and end rules.
    ///
    /// # Errors
    /// [`Error::Pots`] unless `1 <= pots <= 8`; [`Error::Stones`] when `stones` is 0 or the
    /// board would hold more than 255 stones.
    pub fn new(pots: u32, stones: u32) -> Result<Self, Error> {
        if !(1..=u32::from(MAX_POTS)).contains(&pots) {
            return Err(Error::Pots {
                pots,
                max: u32::from(MAX_POTS),
            });
        }
        if stones == 0 || u64::from(stones) * 2 * u64::from(pots) > u64::from(MAX_STONES) {
            return Err(Error::Stones {
                stones,
                pots,
                max_total: MAX_STONES,
            });
        }
        Ok(Self {
            pots: u8::try_from(pots).unwrap_or(MAX_POTS),
            stones: u8::try_from(stones).unwrap_or(u8::MAX),
            ..Self::default()
        })
    }

    /// The same variant with another capture rule.
    #[must_use]
    pub fn with_capture(mut self, capture: CaptureRule) -> Self {
        self.capture = capture;
        self
    }

    /// The same variant with another end-of-game rule.
    #[must_use]
    pub fn with_end(mut self, end: EndRule) -> Self {
        self.end = end;
        self
    }

    /// Pots per side.
    pub fn pots(&self) -> u8 {
        self.pots
    }

    /// Stones per pot at the start.
    pub fn stones(&self) -> u8 {
        self.stones
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked() {
        assert!(Rules::new(6, 4).is_ok());
        assert!(Rules::new(4, 3).is_ok());
        assert!(matches!(Rules::new(0, 4), Err(Error::Pots { .. })));
        assert!(matches!(Rules::new(9, 4), Err(Error::Pots { .. })));
        assert!(matches!(Rules::new(6, 0), Err(Error::Stones { .. })));
        assert!(Rules::new(6, 21).is_ok());
        assert!(matches!(Rules::new(6, 22), Err(Error::Stones { .. })));
        assert_eq!(Rules::default(), Rules::new(6, 4).unwrap());
    }

    /// The report's names: each rule's own (the `kalah solve` report prints them), all distinct.
    #[test]
    fn rules_are_described_by_name() {
        let captures = [
            (CaptureRule::Always, "always"),
            (CaptureRule::OppositeNonEmpty, "opposite-non-empty"),
            (CaptureRule::Never, "never"),
        ];
        for (rule, name) in captures {
            assert!(rule.describe().starts_with(name), "{rule:?}");
        }
        assert_eq!(
            CaptureRule::OppositeNonEmpty.describe(),
            "opposite-non-empty (standard)"
        );
        let ends = [
            (EndRule::EitherSideEmpty, "either-side-empty"),
            (EndRule::MoverSideEmpty, "mover-side-empty"),
        ];
        for (rule, name) in ends {
            assert!(rule.describe().starts_with(name), "{rule:?}");
        }
        assert_eq!(EndRule::MoverSideEmpty.describe(), "mover-side-empty");
    }
}
