//! What one search may spend.

use std::time::{Duration, Instant};

/// What one search may spend: a depth, a time, a number of positions, a deadline, in any
/// combination; a search stops at whichever comes first. `Budget::default()` limits nothing.
///
/// How each limit is honoured is the search's to say (a deepening search stops deepening at
/// `depth`; an exact solver reads the clock and the node count now and then, so it may go a
/// little past them).
///
/// ```
/// use search_core::games::Budget;
/// use std::time::{Duration, Instant};
/// let start = Instant::now();
/// let budget = Budget::time(Duration::from_secs(2)).with_depth(12);
/// assert_eq!(budget.depth, Some(12));
/// assert_eq!(budget.stop_at(start), Some(start + Duration::from_secs(2)));
/// // A deadline earlier than the time allowed wins.
/// let sooner = Budget { deadline: Some(start + Duration::from_secs(1)), ..budget };
/// assert_eq!(sooner.stop_at(start), Some(start + Duration::from_secs(1)));
/// assert_eq!(Budget::default().stop_at(start), None);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Thinking time, from the start of the search.
    pub time: Option<Duration>,
    /// About this many positions.
    pub nodes: Option<u64>,
    /// An instant to stop by, whatever `time` says.
    pub deadline: Option<Instant>,
}

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
