//! MTD(f), written once: the choice of each null window and the bounds it proves, for any
//! game's own null-window search.

use crate::game::Value;

/// Proven bounds on a value: `lower <= value <= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: Value,
    /// The value is at most this.
    pub upper: Value,
}

/// MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996) as a stepper: it chooses each test "is the
/// value at least `beta`?", the game's own search answers it with a fail-soft value in the null
/// window `(beta - 1, beta)`, and the bounds close in from the guess until they meet.
///
/// The game keeps its search (the engine's, a solver's bitboards and databases) and anything it
/// does between tests (progress, best moves, a clock): the loop is
/// `while let Some(beta) = mtdf.next_beta() { mtdf.record(beta, search(beta)); }`.
///
/// Each test is at the guess (the last answer) clamped into `(lower, upper]`: after a fail-high
/// at `lower` it asks for one step more. `step` is the spacing of the values the game can take,
/// counted from the first lower bound (1 for most games; 2 for Kalah, whose margins share the
/// parity of the seeds), and proved bounds are rounded onto those values.
///
/// ```
/// use search_core::games::{Bounds, Mtdf};
/// // A "search" of a game whose value is 7: fail-soft, it answers a bound on the right side.
/// let search = |beta: i32| if 7 >= beta { 7.max(beta) } else { 7.min(beta - 1) };
/// let mut mtdf = Mtdf::new(Bounds { lower: -64, upper: 64 }, 0, 1);
/// let mut tests = 0;
/// while let Some(beta) = mtdf.next_beta() {
///     mtdf.record(beta, search(beta));
///     tests += 1;
/// }
/// assert_eq!(mtdf.value(), Some(7));
/// assert_eq!(tests, 2); // "at least 0?" yes, 7; "at least 8?" no, 7
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mtdf {
    bounds: Bounds,
    guess: Value,
    /// The first lower bound: the origin of the values' lattice.
    origin: Value,
    step: Value,
}

impl Mtdf {
    /// A search of a value known to lie in `bounds`, starting from `guess`, over values `step`
    /// apart from `bounds.lower` (`step` at least 1).
    #[must_use]
    pub fn new(bounds: Bounds, guess: Value, step: Value) -> Self {
        Self {
            bounds,
            guess,
            origin: bounds.lower,
            step: step.max(1),
        }
    }

    /// The bounds proved so far.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        self.bounds
    }

    /// The value, once the bounds have met.
    #[must_use]
    pub fn value(&self) -> Option<Value> {
        (self.bounds.lower >= self.bounds.upper).then_some(self.bounds.lower)
    }

    /// The next test's `beta` (the null window is `(beta - 1, beta)`), or `None` once the bounds
    /// have met.
    #[must_use]
    pub fn next_beta(&self) -> Option<Value> {
        let Bounds { lower, upper } = self.bounds;
        (lower < upper).then(|| self.round_up(self.guess.clamp(lower + 1, upper)))
    }

    /// Records the fail-soft answer `value` to the test at `beta` and returns whether it failed
    /// high (`value >= beta`: the value is at least `value`; else at most `value`).
    pub fn record(&mut self, beta: Value, value: Value) -> bool {
        let high = value >= beta;
        if high {
            self.bounds.lower = self.round_up(value).min(self.bounds.upper);
        } else {
            self.bounds.upper = self.round_down(value).max(self.bounds.lower);
        }
        self.guess = value;
        high
    }

    /// The smallest value of the lattice at or above `v`.
    fn round_up(&self, v: Value) -> Value {
        let (o, s) = (i64::from(self.origin), i64::from(self.step));
        let k = (i64::from(v) - o).div_euclid(s) + i64::from((i64::from(v) - o).rem_euclid(s) != 0);
        (o + k * s).clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
    }

    /// The largest value of the lattice at or below `v`.
    fn round_down(&self, v: Value) -> Value {
        let (o, s) = (i64::from(self.origin), i64::from(self.step));
        let k = (i64::from(v) - o).div_euclid(s);
        (o + k * s).clamp(i64::from(Value::MIN), i64::from(Value::MAX)) as Value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A fail-soft answer for a game of value `truth`, loosened by `slack` on the side it fails.
    fn answer(truth: Value, beta: Value, slack: Value) -> Value {
        if truth >= beta {
            truth - slack.min(truth - beta)
        } else {
            truth + slack.min(beta - 1 - truth)
        }
    }

    proptest! {
        #[test]
        fn converges_to_the_value_from_any_guess(
            truth in -30i32..30, guess in -40i32..40, slack in 0i32..5, step in 1i32..3,
        ) {
            // On a lattice of `step` from -30, the truth must be on it.
            let truth = -30 + (truth + 30) / step * step;
            let mut mtdf = Mtdf::new(Bounds { lower: -30, upper: 30 + 30 % step }, guess, step);
            let mut tests = 0;
            while let Some(beta) = mtdf.next_beta() {
                let before = mtdf.bounds();
                prop_assert!(before.lower < beta && beta <= before.upper);
                prop_assert_eq!((beta + 30) % step, 0);
                let high = mtdf.record(beta, answer(truth, beta, slack));
                prop_assert_eq!(high, truth >= beta);
                let after = mtdf.bounds();
                prop_assert!(after.lower <= truth && truth <= after.upper);
                prop_assert!(after.upper - after.lower < before.upper - before.lower);
                tests += 1;
                prop_assert!(tests <= 70);
            }
            prop_assert_eq!(mtdf.value(), Some(truth));
        }
    }

    proptest! {
        #[test]
        fn a_guess_on_the_lattice_is_tested_as_it_is(
            origin in -20i32..20, step in 1i32..5, k in 1i32..8, off in 0i32..5,
        ) {
            // Values origin, origin + step, ...; a guess off the lattice is rounded up to it.
            let top = origin + 8 * step;
            let on = origin + k * step;
            let mtdf = Mtdf::new(Bounds { lower: origin, upper: top }, on, step);
            prop_assert_eq!(mtdf.next_beta(), Some(on));
            let off = off % step;
            let above = Mtdf::new(Bounds { lower: origin, upper: top }, on - off, step);
            prop_assert_eq!(above.next_beta(), Some(on));
        }
    }

    #[test]
    fn a_right_guess_takes_two_tests() {
        let mut mtdf = Mtdf::new(
            Bounds {
                lower: -10,
                upper: 10,
            },
            3,
            1,
        );
        assert_eq!(mtdf.next_beta(), Some(3));
        assert!(mtdf.record(3, 3));
        assert_eq!(
            mtdf.bounds(),
            Bounds {
                lower: 3,
                upper: 10
            }
        );
        assert_eq!(mtdf.value(), None);
        assert_eq!(mtdf.next_beta(), Some(4));
        assert!(!mtdf.record(4, 3));
        assert_eq!(mtdf.next_beta(), None);
        assert_eq!(mtdf.value(), Some(3));
    }

    #[test]
    fn bounds_snap_to_the_values_the_game_can_take() {
        // Values -6, -4, ..., 6: a fail-high at 1 proves at least 2, a fail-low at -1 at most -2.
        let mut mtdf = Mtdf::new(
            Bounds {
                lower: -6,
                upper: 6,
            },
            1,
            2,
        );
        assert_eq!(mtdf.next_beta(), Some(2));
        assert!(mtdf.record(2, 3));
        assert_eq!(mtdf.bounds().lower, 4);
        assert!(!mtdf.record(6, 5));
        assert_eq!(mtdf.bounds(), Bounds { lower: 4, upper: 4 });
        assert_eq!(mtdf.value(), Some(4));
    }
}
