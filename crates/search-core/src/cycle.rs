//! Where an iterated function's sequence starts repeating: Floyd's and Brent's cycle detection.
//!
//! From `start`, the sequence `x0 = start`, `x1 = f(x0)`, `x2 = f(x1)`, … over a finite set of
//! values must repeat: some `μ` (the offset) and `λ` (the length) have `x(i + λ) = x(i)` for every
//! `i >= μ`, and none smaller. Both algorithms find them in constant memory, comparing values
//! with `==` (no hashing, no table of values seen), calling `f` on values they already hold.
//!
//! | function | returns |
//! |---|---|
//! | [`floyd`], [`brent`] | the first value on the cycle, its index `μ` and the length `λ` |
//! | [`floyd_partial`], [`brent_partial`] | some value on the cycle, its index (`μ` or more) and `λ`, with fewer calls of `f` (`μ` itself is not sought) |
//!
//! The partial forms are enough to compute `x(n)` for a huge `n`: from the value at index
//! `i >= μ`, step `(n - i) % λ` more times. They return what `pathfinding`'s functions of the
//! same names return, as a [`Cycle`] with named fields instead of a tuple.
//!
//! ```
//! use search_core::cycle::brent;
//! // 1, 2, 4, 8, 16, 8, 16, …: the cycle 8 → 16 starts at index 3.
//! let c = brent(1u32, |&x| x * 2 % 24);
//! assert_eq!((c.index, c.value, c.length), (3, 8, 2));
//! ```
//!
//! Both loop forever on a sequence that never repeats (an unbounded state such as a counter
//! that only grows): give them a function over a finite set of values.

/// A cycle of an iterated function's sequence: its `length` and one of its values with that
/// value's index in the sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cycle<T> {
    /// `λ`: how many values the cycle has (at least 1).
    pub length: usize,
    /// The index of `value` in the sequence (`start` is index 0): `μ` itself from [`floyd`]
    /// and [`brent`], an index at or past `μ` from the partial forms.
    pub index: usize,
    /// The sequence's value at `index`, a value on the cycle.
    pub value: T,
}

/// The cycle of the sequence from `start` under `f` by Floyd's tortoise and hare: the first
/// value on the cycle, its index `μ` and the cycle's length `λ`.
///
/// ```
/// use search_core::cycle::floyd;
/// // -10, -2, 6, 8, 4, 6, …: the cycle 6 → 8 → 4 starts at index 2.
/// let c = floyd(-10, |x| (x + 5) % 6 + 3);
/// assert_eq!((c.length, c.value, c.index), (3, 6, 2));
/// ```
///
/// Loops forever when the sequence never repeats.
pub fn floyd<T: Clone + PartialEq>(start: T, mut f: impl FnMut(&T) -> T) -> Cycle<T> {
    let met = floyd_partial(start.clone(), &mut f);
    first_on_cycle(start, met.value, met.length, f)
}

/// The length of the cycle of the sequence from `start` under `f` and a value on it, by
/// Floyd's tortoise and hare without the pass that finds `μ`: the value's index is at least
/// `μ` and below `μ + λ` (0 when `start` is on the cycle).
///
/// ```
/// use search_core::cycle::floyd_partial;
/// let c = floyd_partial(1, |x| x * 2 % 7); // 1, 2, 4, 1, …
/// assert_eq!((c.length, c.index), (3, 0));
/// ```
///
/// Loops forever when the sequence never repeats.
pub fn floyd_partial<T: Clone + PartialEq>(start: T, mut f: impl FnMut(&T) -> T) -> Cycle<T> {
    let mut tortoise = f(&start);
    let mut hare = f(&tortoise);
    let mut index = 1;
    while tortoise != hare {
        tortoise = f(&tortoise);
        let half = f(&hare);
        hare = f(&half);
        index += 1;
    }
    // They meet at the first positive multiple of λ at or past μ: index λ when μ = 0, where
    // index 0 holds the same value and is the bound below μ + λ.
    if tortoise == start {
        index = 0;
    }
    let length = cycle_length(&tortoise, &mut f);
    Cycle {
        length,
        index,
        value: tortoise,
    }
}

/// The cycle of the sequence from `start` under `f` by Brent's algorithm (powers of two): the
/// first value on the cycle, its index `μ` and the cycle's length `λ`. It calls `f` fewer
/// times than [`floyd`] on most sequences.
///
/// ```
/// use search_core::cycle::brent;
/// // 0, 1, …, 99, 0, …: the whole sequence is the cycle.
/// let c = brent(0, |x| (x + 1) % 100);
/// assert_eq!((c.length, c.value, c.index), (100, 0, 0));
/// ```
///
/// Loops forever when the sequence never repeats.
pub fn brent<T: Clone + PartialEq>(start: T, mut f: impl FnMut(&T) -> T) -> Cycle<T> {
    let length = brent_partial(start.clone(), &mut f).length;
    let mut ahead = start.clone();
    for _ in 0..length {
        ahead = f(&ahead);
    }
    first_on_cycle(start, ahead, length, f)
}

/// The length of the cycle of the sequence from `start` under `f` and a value on it, by
/// Brent's algorithm without the pass that finds `μ`: the value is the one at which the cycle
/// was detected, its index at least `μ` (and less than `2 max(μ + 1, λ) + λ`).
///
/// ```
/// use search_core::cycle::brent_partial;
/// let c = brent_partial(1, |x| x * 2 % 7); // 1, 2, 4, 1, …
/// // Detected at index 6, twice round the cycle: any index at or past μ will do.
/// assert_eq!((c.length, c.index, c.value), (3, 6, 1));
/// ```
///
/// Loops forever when the sequence never repeats.
pub fn brent_partial<T: Clone + PartialEq>(start: T, mut f: impl FnMut(&T) -> T) -> Cycle<T> {
    // The tortoise waits at indices 2^k - 1; the hare runs up to 2^k steps past it.
    let mut power = 1;
    let mut length = 1;
    let mut hare = f(&start);
    let mut tortoise = start;
    let mut index = 1;
    while tortoise != hare {
        if power == length {
            tortoise = hare.clone();
            power *= 2;
            length = 0;
        }
        hare = f(&hare);
        length += 1;
        index += 1;
    }
    Cycle {
        length,
        index,
        value: hare,
    }
}

/// How many steps from `value`, on the cycle, back to it.
fn cycle_length<T: PartialEq>(value: &T, f: &mut impl FnMut(&T) -> T) -> usize {
    let mut length = 1;
    let mut next = f(value);
    while next != *value {
        next = f(&next);
        length += 1;
    }
    length
}

/// The first value on the cycle and its index: from `start` and from `ahead`, a value whose
/// index is a multiple of `length` past the start's, both step until they meet.
fn first_on_cycle<T: PartialEq>(
    mut tortoise: T,
    mut hare: T,
    length: usize,
    mut f: impl FnMut(&T) -> T,
) -> Cycle<T> {
    let mut index = 0;
    while tortoise != hare {
        tortoise = f(&tortoise);
        hare = f(&hare);
        index += 1;
    }
    Cycle {
        length,
        index,
        value: tortoise,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// `μ` and `λ` by remembering every value's first index.
    fn by_table(start: usize, next: &[usize]) -> (usize, usize) {
        let mut seen = HashMap::new();
        let mut x = start;
        for i in 0.. {
            if let Some(&first) = seen.get(&x) {
                return (first, i - first);
            }
            seen.insert(x, i);
            x = next[x];
        }
        unreachable!()
    }

    /// The value at index `i` of the sequence.
    fn at(start: usize, next: &[usize], i: usize) -> usize {
        (0..i).fold(start, |x, _| next[x])
    }

    /// A random function on `0..n` and a start.
    fn functional_graph() -> impl Strategy<Value = (Vec<usize>, usize)> {
        (1usize..40).prop_flat_map(|n| (proptest::collection::vec(0..n, n), 0..n))
    }

    proptest! {
        #[test]
        fn exact_forms_find_mu_and_lambda((next, start) in functional_graph()) {
            let (mu, lambda) = by_table(start, &next);
            for c in [floyd(start, |&x| next[x]), brent(start, |&x| next[x])] {
                prop_assert_eq!((c.index, c.length), (mu, lambda));
                prop_assert_eq!(c.value, at(start, &next, mu));
            }
        }

        #[test]
        fn partial_forms_give_a_value_on_the_cycle((next, start) in functional_graph()) {
            let (mu, lambda) = by_table(start, &next);
            let fl = floyd_partial(start, |&x| next[x]);
            let br = brent_partial(start, |&x| next[x]);
            for c in [fl, br] {
                prop_assert_eq!(c.length, lambda);
                prop_assert!(c.index >= mu);
                prop_assert_eq!(c.value, at(start, &next, c.index));
            }
            prop_assert!(fl.index < mu + lambda);
            prop_assert!(br.index < 2 * (mu + 1).max(lambda) + lambda);
        }

        #[test]
        fn same_as_pathfinding_with_as_many_calls((next, start) in functional_graph()) {
            use pathfinding::directed::cycle_detection as pf;
            type Ours = fn(usize, &mut dyn FnMut(&usize) -> usize) -> Cycle<usize>;
            type Theirs = fn(usize, &dyn Fn(usize) -> usize) -> (usize, usize, usize);
            // Our Floyd steps the hare from the tortoise's first value instead of from the start
            // again: one call fewer.
            let pairs: [(Ours, Theirs, usize); 4] = [
                (|s, f| floyd(s, f), |s, f| pf::floyd(s, f), 1),
                (|s, f| brent(s, f), |s, f| pf::brent(s, f), 0),
                (|s, f| floyd_partial(s, f), |s, f| pf::floyd_partial(s, f), 1),
                (|s, f| brent_partial(s, f), |s, f| pf::brent_partial(s, f), 0),
            ];
            for (ours, theirs, fewer) in pairs {
                let (mut our_calls, their_calls) = (0, std::cell::Cell::new(0));
                let c = ours(start, &mut |&x| { our_calls += 1; next[x] });
                let t = theirs(start, &|x| { their_calls.set(their_calls.get() + 1); next[x] });
                prop_assert_eq!((c.length, c.value, c.index), t);
                prop_assert_eq!(our_calls + fewer, their_calls.get());
            }
        }
    }

    #[test]
    fn a_fixed_point_is_a_cycle_of_one() {
        let c = brent(7, |&x| x);
        assert_eq!((c.length, c.index, c.value), (1, 0, 7));
        let c = floyd(3, |&x: &i32| (x - 1).max(0));
        assert_eq!((c.length, c.index, c.value), (1, 3, 0));
    }

    #[test]
    fn states_need_only_clone_and_eq() {
        // A row of lights that shifts left and wraps: period 3 from the start.
        let c = brent(vec![true, false, false], |v: &Vec<bool>| {
            let mut w = v[1..].to_vec();
            w.push(v[0]);
            w
        });
        assert_eq!((c.length, c.index), (3, 0));
    }
}
