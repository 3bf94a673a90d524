//! What a thread keeps from one search for the next: emptied allocations, found by their type.
//!
//! A search takes the thread's kept value of a type (a list, a ring of lists) when it starts
//! and gives it back, emptied, when it ends, so that a thread's searches of similar sizes grow
//! their lists once instead of once a search. On the Moving AI maps, a search's allocations
//! and their growth cost more than the work they hold (docs/performance-history.md, sessions
//! 29 and 30). A thread keeps at most [`EACH`] values of one type; a search run inside
//! another's closures takes what is left or makes its own.

use std::any::Any;
use std::cell::RefCell;

/// The most values of one type a thread keeps (a search holds up to three lists of one type).
const EACH: usize = 4;

thread_local! {
    /// The kept values, each boxed as `Any`.
    static KEPT: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

/// A value the thread kept, or a new one.
pub(crate) fn take<T: Default + 'static>() -> T {
    KEPT.try_with(|kept| {
        let mut kept = kept.try_borrow_mut().ok()?;
        let at = kept.iter().position(|v| v.is::<T>())?;
        kept.swap_remove(at).downcast::<T>().ok().map(|v| *v)
    })
    .ok()
    .flatten()
    .unwrap_or_default()
}

/// Leaves `value`, emptied by the caller, to the thread's next [`take`] of a `T`, unless the
/// thread keeps [`EACH`] of them already (or is ending).
pub(crate) fn give<T: 'static>(value: T) {
    let _ = KEPT.try_with(|kept| {
        if let Ok(mut kept) = kept.try_borrow_mut()
            && kept.iter().filter(|v| v.is::<T>()).count() < EACH
        {
            kept.push(Box::new(value));
        }
    });
}

/// Empties `list` and gives it back if it holds an allocation of at most `most` elements, so
/// that one very large search does not leave its memory to the thread.
pub(crate) fn give_list<T: 'static>(mut list: Vec<T>, most: usize) {
    if list.capacity() > 0 && list.capacity() <= most {
        list.clear();
        give(list);
    }
}

/// A list taken from the thread, and given back emptied when dropped (if it holds an
/// allocation of at most `MOST` elements).
pub(crate) struct List<T: 'static, const MOST: usize>(Vec<T>);

impl<T: 'static, const MOST: usize> List<T, MOST> {
    /// The thread's kept list of `T`, or a new one.
    pub(crate) fn take() -> Self {
        Self(take())
    }
}

impl<T: 'static, const MOST: usize> Drop for List<T, MOST> {
    fn drop(&mut self) {
        give_list(std::mem::take(&mut self.0), MOST);
    }
}

impl<T: 'static, const MOST: usize> std::ops::Deref for List<T, MOST> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T: 'static, const MOST: usize> std::ops::DerefMut for List<T, MOST> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

/// How many values of type `T` the thread keeps.
#[cfg(test)]
pub(crate) fn count<T: 'static>() -> usize {
    KEPT.with(|kept| kept.borrow().iter().filter(|v| v.is::<T>()).count())
}

#[cfg(test)]
mod tests {
    use super::{EACH, List, count, give, give_list, take};

    /// A `List` is the thread's kept list, and goes back emptied when dropped, unless its
    /// allocation is past its bound.
    #[test]
    fn a_kept_list_goes_back_when_dropped() {
        let mut list = List::<u32, 100>::take();
        list.extend(0..50);
        let capacity = list.capacity();
        drop(list);
        assert_eq!(count::<Vec<u32>>(), 1);
        let mut again = List::<u32, 100>::take();
        assert_eq!((again.len(), again.capacity()), (0, capacity));
        assert_eq!(count::<Vec<u32>>(), 0);
        again.extend(0..101);
        drop(again);
        assert_eq!(count::<Vec<u32>>(), 0, "past its bound");
    }

    /// A list given back comes back empty with its allocation, from the same thread only.
    #[test]
    fn a_list_comes_back_empty_with_its_allocation() {
        let mut list: Vec<u16> = take();
        list.extend(0..100);
        let capacity = list.capacity();
        give_list(list, 1000);
        assert_eq!(count::<Vec<u16>>(), 1);
        let again: Vec<u16> = take();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), capacity);
        assert_eq!(count::<Vec<u16>>(), 0);
        let elsewhere = std::thread::spawn(|| take::<Vec<u16>>().capacity());
        give_list(again, 1000);
        assert_eq!(elsewhere.join().ok(), Some(0), "another thread's list");
    }

    /// Lists without an allocation or past the limit are not kept, and at most `EACH` of a
    /// type are.
    #[test]
    fn what_is_kept_is_bounded() {
        give_list(Vec::<i8>::new(), 10);
        give_list(vec![0i8; 11], 10);
        assert_eq!(count::<Vec<i8>>(), 0);
        give_list(vec![0i8; 10], 10);
        assert_eq!(count::<Vec<i8>>(), 1);
        for _ in 0..EACH + 2 {
            give(vec![1i8]);
        }
        assert_eq!(count::<Vec<i8>>(), EACH);
        assert_eq!(count::<Vec<i16>>(), 0, "kept by type");
    }
}
