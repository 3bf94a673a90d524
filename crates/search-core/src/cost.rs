//! Path costs: integers and decimal distances alike.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::num::Wrapping;
use std::ops::Add;
use std::time::Duration;

/// A path cost: a number with a zero, addition and a total order for the frontier.
///
/// Implemented for every primitive integer, `f32`/`f64`, [`Wrapping`] and wrappers of them, and [`Duration`]. Floating-point costs are compared with
/// [`f64::total_cmp`]; a NaN cost is the caller's bug (parsers should reject it).
///
/// Your own cost type implements it in two lines:
///
/// ```
/// use search_core::{Cost, uniform_cost_fn};
/// use std::cmp::Ordering;
/// /// Hours and minutes, compared as minutes.
/// #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
/// struct Minutes(u32);
/// impl std::ops::Add for Minutes {
///     type Output = Self;
///     fn add(self, other: Self) -> Self { Minutes(self.0 + other.0) }
/// }
/// impl Cost for Minutes {
///     const ZERO: Self = Minutes(0);
///     fn total_order(&self, other: &Self) -> Ordering { self.0.cmp(&other.0) }
/// }
/// let legs = |&stop: &u8| if stop < 3 { vec![(stop + 1, Minutes(20))] } else { vec![] };
/// let trip = uniform_cost_fn(&0, legs, |&stop| stop == 3).path.unwrap();
/// assert_eq!(trip.cost, Minutes(60));
/// ```
pub trait Cost: Copy + PartialOrd + Add<Output = Self> + Debug {
    /// The cost of the empty path.
    const ZERO: Self;
    /// A total order consistent with `PartialOrd` on every non-NaN value.
    fn total_order(&self, other: &Self) -> Ordering;
}

macro_rules! integer_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            #[inline]
            fn total_order(&self, other: &Self) -> Ordering {
                self.cmp(other)
            }
        }
    )*};
}
integer_cost!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

impl Cost for f64 {
    const ZERO: Self = 0.0;
    #[inline]
    fn total_order(&self, other: &Self) -> Ordering {
        self.total_cmp(other)
    }
}

impl Cost for f32 {
    const ZERO: Self = 0.0;
    #[inline]
    fn total_order(&self, other: &Self) -> Ordering {
        self.total_cmp(other)
    }
}

impl<T> Cost for Wrapping<T>
where
    T: Cost,
    Wrapping<T>: Add<Output = Wrapping<T>>,
{
    const ZERO: Self = Wrapping(T::ZERO);
    #[inline]
    fn total_order(&self, other: &Self) -> Ordering {
        self.0.total_order(&other.0)
    }
}

impl Cost for Duration {
    const ZERO: Self = Duration::ZERO;
    #[inline]
    fn total_order(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }
}

#[cfg(test)]
mod tests {
    use super::Cost;
    use std::cmp::Ordering;
    use std::num::Wrapping;
    use std::time::Duration;

    #[test]
    fn wrappers_order_and_add_as_their_contents() {
        assert_eq!(Wrapping(3u32).total_order(&Wrapping(5)), Ordering::Less);
        assert_eq!(<Wrapping<u8> as Cost>::ZERO, Wrapping(0));
        let trip = crate::uniform_cost_fn(&0u8, |&n| [(n + 1, Wrapping(250u8))], |&n| n == 1);
        assert_eq!(trip.path.unwrap().cost, Wrapping(250));
        let d = crate::uniform_cost_fn(&0u8, |&n| [(n + 1, Duration::from_millis(7))], |&n| n == 2);
        assert_eq!(d.path.unwrap().cost, Duration::from_millis(14));
        assert_eq!(
            Duration::ZERO.total_order(&Duration::from_nanos(1)),
            Ordering::Less
        );
    }
}
