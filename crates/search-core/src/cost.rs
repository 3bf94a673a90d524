//! Path costs: integers and decimal distances alike.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::ops::Add;

/// A path cost: a number with a zero, addition and a total order for the frontier.
///
/// Implemented for every primitive integer and for `f32`/`f64`. Floating-point costs are
/// compared with [`f64::total_cmp`]; a NaN cost is the caller's bug (parsers should reject it).
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
