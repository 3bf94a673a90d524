//! What one search may spend.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What one search may spend: a depth, a time, a number of positions, a deadline, and a stop
/// flag that a caller's other thread (or a signal handler) raises, in any combination; a search
/// stops at whichever comes first. `Budget::default()` limits nothing.
///
/// How each limit is honoured is the search's to say (a deepening search stops deepening at
/// `depth`; an exact solver reads the clock and the node count now and then, so it may go a
/// little past them).
///
/// ```
/// use search_core::games::Budget;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::time::{Duration, Instant};
/// let start = Instant::now();
/// let budget = Budget::time(Duration::from_secs(2)).with_depth(12);
/// assert_eq!(budget.depth, Some(12));
/// assert_eq!(budget.stop_at(start), Some(start + Duration::from_secs(2)));
/// // A deadline earlier than the time allowed wins.
/// let sooner = Budget { deadline: Some(start + Duration::from_secs(1)), ..budget };
/// assert_eq!(sooner.stop_at(start), Some(start + Duration::from_secs(1)));
/// assert_eq!(Budget::default().stop_at(start), None);
/// // A flag raised elsewhere spends any budget.
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let flagged = Budget::depth(30).with_stop(&STOP);
/// assert!(!flagged.stop_requested());
/// STOP.store(true, Ordering::Relaxed);
/// assert!(flagged.stop_requested());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Thinking time, from the start of the search.
    pub time: Option<Duration>,
    /// About this many positions.
    pub nodes: Option<u64>,
    /// An instant to stop by, whatever `time` says.
    pub deadline: Option<Instant>,
    /// Raised (by anyone) to stop the search now; searches look at it as often as at the clock.
    pub stop: Option<&'static AtomicBool>,
}

/// Budgets are equal when their limits are, and their stop flags are the same flag (or none).
impl PartialEq for Budget {
    fn eq(&self, other: &Self) -> bool {
        let same_flag = match (self.stop, other.stop) {
            (Some(a), Some(b)) => std::ptr::eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        (self.depth, self.time, self.nodes, self.deadline)
            == (other.depth, other.time, other.nodes, other.deadline)
            && same_flag
    }
}

impl Eq for Budget {}

impl Budget {
    /// A depth limit alone (repeatable).
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Self {
            depth: Some(depth),
            ..Self::default()
        }
    }

    /// A time limit alone.
    #[must_use]
    pub fn time(time: Duration) -> Self {
        Self {
            time: Some(time),
            ..Self::default()
        }
    }

    /// A node limit alone.
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Self {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    /// This budget with a depth limit too.
    #[must_use]
    pub fn with_depth(self, depth: u32) -> Self {
        Self {
            depth: Some(depth),
            ..self
        }
    }

    /// This budget with a stop flag too.
    #[must_use]
    pub fn with_stop(self, flag: &'static AtomicBool) -> Self {
        Self {
            stop: Some(flag),
            ..self
        }
    }

    /// Whether the stop flag is raised.
    #[must_use]
    pub fn stop_requested(&self) -> bool {
        self.stop.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The instant a search started at `start` must stop by: the earlier of `start + time` and
    /// `deadline`, or `None` when neither is set.
    #[must_use]
    pub fn stop_at(&self, start: Instant) -> Option<Instant> {
        let by_time = self.time.and_then(|t| start.checked_add(t));
        match (by_time, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_equal_when_their_limits_and_their_flag_are() {
        static ONE: AtomicBool = AtomicBool::new(false);
        static TWO: AtomicBool = AtomicBool::new(false);
        let base = Budget::depth(5);
        assert_eq!(base, Budget::depth(5));
        assert_ne!(base, Budget::depth(6));
        assert_ne!(base, base.with_stop(&ONE));
        assert_ne!(base.with_stop(&ONE), base);
        assert_eq!(base.with_stop(&ONE), base.with_stop(&ONE));
        assert_ne!(base.with_stop(&ONE), base.with_stop(&TWO));
        assert_ne!(base.with_stop(&ONE), Budget::depth(6).with_stop(&ONE));
        assert_ne!(base, Budget::nodes(5).with_depth(5));
        assert!(!base.with_stop(&ONE).stop_requested());
        TWO.store(true, Ordering::Relaxed);
        assert!(base.with_stop(&TWO).stop_requested());
        assert!(!base.stop_requested());
    }
}
