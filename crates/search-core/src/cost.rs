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
/// A cost is a plain value that borrows nothing (`'static`): the searches keep their frontier's
/// storage on the thread from one search to the next, by the cost's type.
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
pub trait Cost: Copy + PartialOrd + Add<Output = Self> + Debug + 'static {
    /// The cost of the empty path.
    const ZERO: Self;
    /// A total order consistent with `PartialOrd` on every non-NaN value.
    fn total_order(&self, other: &Self) -> Ordering;

    /// An order-preserving image in `u64`, when the type has one: for every `a` and `b`,
    /// `a.order_key()?.cmp(&b.order_key()?) == a.total_order(&b)`. It must be `Some` for
    /// every value or `None` for every value. With it, uniform-cost search and A\* keep
    /// their frontier in a radix queue, which is faster than a binary heap; the paths and
    /// counters are the same either way.
    ///
    /// The default is `None`. The primitive integers up to 64 bits, `f32`, `f64` and
    /// [`Wrapping`] of them have one.
    ///
    /// ```
    /// use search_core::Cost;
    /// assert!((-1i32).order_key() < 0i32.order_key());
    /// assert!((-0.5f64).order_key() < 0.25f64.order_key());
    /// assert_eq!(7u128.order_key(), None);
    /// ```
    #[inline]
    fn order_key(&self) -> Option<u64> {
        None
    }
}

macro_rules! integer_cost {
    ($($t:ty => $key:expr),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            #[inline]
            fn total_order(&self, other: &Self) -> Ordering {
                self.cmp(other)
            }
            #[inline]
            fn order_key(&self) -> Option<u64> {
                #[allow(clippy::redundant_closure_call)]
                ($key)(*self)
            }
        }
    )*};
}
/// Unsigned integers up to 64 bits are their own image.
fn unsigned(x: u64) -> Option<u64> {
    Some(x)
}
/// Signed integers up to 64 bits: the two's complement with the sign bit flipped.
fn signed(x: i64) -> Option<u64> {
    Some((x as u64) ^ (1 << 63))
}
integer_cost!(
    u8 => |x| unsigned(u64::from(x)), u16 => |x| unsigned(u64::from(x)),
    u32 => |x| unsigned(u64::from(x)), u64 => unsigned,
    usize => |x: usize| u64::try_from(x).ok(),
    i8 => |x| signed(i64::from(x)), i16 => |x| signed(i64::from(x)),
    i32 => |x| signed(i64::from(x)), i64 => signed,
    isize => |x: isize| i64::try_from(x).ok().and_then(signed),
    u128 => |_| None, i128 => |_| None
);

/// The bits of a float as an unsigned integer in `total_cmp`'s order: a negative value's bits
/// all flipped, a positive value's sign bit set.
#[inline]
fn float_bits(bits: u64, sign: u64) -> u64 {
    // All ones for a negative value, the sign bit alone for a positive one (no branch).
    let flip = ((bits & sign) / sign).wrapping_neg() | sign;
    bits ^ flip
}

macro_rules! float_cost {
    ($($t:ty => $key:expr),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0.0;
            #[inline]
            fn total_order(&self, other: &Self) -> Ordering {
                self.total_cmp(other)
            }
            #[inline]
            fn order_key(&self) -> Option<u64> {
                #[allow(clippy::redundant_closure_call)]
                Some(($key)(*self))
            }
        }
    )*};
}
float_cost!(
    f64 => |x: f64| float_bits(x.to_bits(), 1 << 63),
    f32 => |x: f32| float_bits(u64::from(x.to_bits()), 1 << 31) & 0xffff_ffff
);

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
    #[inline]
    fn order_key(&self) -> Option<u64> {
        self.0.order_key()
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
    use proptest::prelude::*;

    /// `order_key` orders as `total_order` does.
    fn agrees<C: Cost>(a: C, b: C) -> Result<(), TestCaseError> {
        let (ka, kb) = (a.order_key().unwrap(), b.order_key().unwrap());
        prop_assert_eq!(ka.cmp(&kb), a.total_order(&b), "{:?} {:?}", a, b);
        Ok(())
    }

    proptest! {
        #[test]
        fn order_keys_keep_the_total_order(a in any::<i64>(), b in any::<i64>(), x in any::<f64>(), y in any::<f64>()) {
            agrees(a, b)?;
            agrees(a as i8, b as i8)?;
            agrees(a as i32, b as i32)?;
            agrees(a as isize, b as isize)?;
            agrees(a as u64, b as u64)?;
            agrees(a as u8, b as u8)?;
            agrees(a as usize, b as usize)?;
            agrees(x, y)?;
            agrees(x as f32, y as f32)?;
            agrees(x, -x)?;
            agrees(x as f32, -(y as f32))?;
            agrees(Wrapping(a as u16), Wrapping(b as u16))?;
        }
    }

    #[test]
    fn order_keys_of_edge_values() {
        for (a, b) in [
            (-0.0f64, 0.0),
            (f64::NEG_INFINITY, f64::MIN),
            (f64::MAX, f64::INFINITY),
            (-1.0, -0.5),
        ] {
            assert!(a.order_key() < b.order_key(), "{a} {b}");
        }
        assert!(i64::MIN.order_key() < (-1i64).order_key());
        assert!((-1i64).order_key() < 0i64.order_key());
        assert_eq!(0u64.order_key(), Some(0));
        assert_eq!(u64::MAX.order_key(), Some(u64::MAX));
        assert_eq!(1i128.order_key(), None);
        assert_eq!(Duration::ZERO.order_key(), None);
    }
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
