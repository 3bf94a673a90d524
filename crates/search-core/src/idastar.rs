//! IDA*: iterative-deepening A*, depth-first searches bounded by `f = g + h`, the bound raised
//! each iteration to the smallest `f` that exceeded it. Memory is linear in the path length; an
//! explicit stack replaces recursion.
//!
//! Counters, summed over the iterations: `generated` counts each iteration's root and every
//! successor reported (a successor already on the current path is then dropped); `popped`
//! counts the nodes entered (each gets its goal test: the root, and the successors whose `f`
//! is within the bound); `expanded` counts nodes whose successors were generated.
//!
//! One expansion's successors are tried in order of `f` (stably: the problem's order among
//! equals), as `pathfinding`'s `idastar` does.

use crate::cost::Cost;
use crate::kept::List as KeptList;
use crate::problem::{Path, PathOf, ResultOf, SearchProblem, SearchResult, Stats};
use std::cmp::Ordering;

/// A successor waiting in a frame: action, state, step cost, and `f = g + step + h`.
type Child<P> = (
    <P as SearchProblem>::Action,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Cost,
    <P as SearchProblem>::Cost,
);

/// The explicit stack of one IDA* iteration: the current path and, per state on it, the
/// successors left to try.
struct Ida<'p, P: SearchProblem> {
    problem: &'p P,
    path: PathOf<P>,
    /// `g` of each state on the path.
    g: Vec<P::Cost>,
    /// The successors within the bound left to try, of every state on the path: the deepest
    /// state's last, each state's in reverse order of trial (the next to try is the last).
    /// Kept across iterations to reuse the allocation.
    children: Vec<Child<P>>,
    /// Where each state on the path has its successors in `children`. The thread keeps it.
    frames: KeptList<usize, KEEP_FRAMES>,
    stats: Stats,
}

/// The thread keeps a list of frames for its next search up to this many.
const KEEP_FRAMES: usize = 1 << 16;

/// How one iteration ended.
enum Iteration<C> {
    Found,
    /// No goal within the bound: the smallest `f` above it (`None`: nothing was cut off).
    Exceeded(Option<C>),
}

impl<'p, P: SearchProblem> Ida<'p, P> {
    fn new(problem: &'p P) -> Self {
        Self {
            problem,
            path: Path::single(problem.start()),
            g: vec![P::Cost::ZERO],
            children: Vec::new(),
            frames: KeptList::take(),
            stats: Stats::default(),
        }
    }

    /// One depth-first search bounded by `bound`, from the start.
    fn iteration(&mut self, bound: P::Cost) -> Iteration<P::Cost> {
        self.path = Path::single(self.path.states[0].clone());
        self.g.truncate(1);
        self.children.clear();
        self.frames.clear();
        self.stats.generated += 1;
        let mut next_bound = None;
        if self.enter(bound, &mut next_bound) {
            return Iteration::Found;
        }
        loop {
            let depth = self.frames.len() - 1;
            if self.children.len() == self.frames[depth] {
                if depth == 0 {
                    return Iteration::Exceeded(next_bound);
                }
                self.frames.pop();
                self.path.states.pop();
                self.path.actions.pop();
                self.path.step_costs.pop();
                self.g.pop();
                continue;
            }
            let (action, state, step, _) = self.children.pop().expect("a successor left");
            let g = self.g[depth] + step;
            self.path.states.push(state);
            self.path.actions.push(action);
            self.path.step_costs.push(step);
            self.g.push(g);
            if self.enter(bound, &mut next_bound) {
                self.path.cost = g;
                return Iteration::Found;
            }
        }
    }

    /// Tests the last state of the path; unless it is a goal, generates its successors within
    /// the bound into a new frame (recording the smallest `f` beyond it). Whether it is a goal.
    fn enter(&mut self, bound: P::Cost, next_bound: &mut Option<P::Cost>) -> bool {
        let depth = self.path.states.len() - 1;
        let first = self.children.len();
        self.frames.push(first);
        let children = &mut self.children;
        let found = enter_on_path(
            self.problem,
            &self.path,
            self.g[depth],
            &mut self.stats,
            |action, child, step, f, on_path| {
                // Beyond the bound, a child only matters if it lowers the next bound, so the
                // path is scanned for it only then (the same next bound, fewer scans).
                if f.total_order(&bound) == Ordering::Greater {
                    if next_bound.is_none_or(|b| f.total_order(&b) == Ordering::Less)
                        && !on_path.holds(&child)
                    {
                        *next_bound = Some(f);
                    }
                    return;
                }
                if !on_path.holds(&child) {
                    children.push((action, child, step, f));
                }
            },
        );
        if found {
            return true;
        }
        // In order of `f`, the problem's order among equals, the first to try last.
        let frame = &mut self.children[first..];
        frame.sort_by(|a, b| a.3.total_order(&b.3));
        frame.reverse();
        false
    }
}

/// The states of the current path but its last two (the state entered and its parent, which
/// [`enter_on_path`] tests itself), for the successors that need the test.
pub(crate) struct EarlierOnPath<'a, S>(&'a [S]);

impl<S: PartialEq> EarlierOnPath<'_, S> {
    /// Whether `state` is on the path.
    #[inline]
    pub(crate) fn holds(&self, state: &S) -> bool {
        scan(self.0, state)
    }
}

/// Whether `state` is one of `states`, from the latest back (a cycle back to a search's path is
/// most often short), four states at a time: four comparisons and one branch instead of four
/// (docs/performance-history.md, session 41).
#[inline]
pub(crate) fn scan<S: PartialEq>(states: &[S], state: &S) -> bool {
    let mut rest = states;
    while let [earlier @ .., a, b, c, d] = rest {
        if (a == state) | (b == state) | (c == state) | (d == state) {
            return true;
        }
        rest = earlier;
    }
    rest.iter().any(|s| s == state)
}

/// Enters the last state of `path`, whose path cost is `g`, as IDA* and RBFS do: counts it as
/// popped and tests it; unless it is a goal, counts it as expanded and reports each successor
/// but the state itself and its parent as `child(action, state, step, g + step + h, on_path)`
/// (every successor counts as generated). A successor on the rest of the path must be dropped:
/// `child` tests it with `on_path` when its `f` makes it matter. Whether the state is a goal.
pub(crate) fn enter_on_path<P: SearchProblem>(
    problem: &P,
    path: &PathOf<P>,
    g: P::Cost,
    stats: &mut Stats,
    mut child: impl FnMut(P::Action, P::State, P::Cost, P::Cost, &EarlierOnPath<'_, P::State>),
) -> bool {
    stats.popped += 1;
    let (state, before) = path.states.split_last().expect("a path has a state");
    if problem.is_goal(state) {
        return true;
    }
    stats.expanded += 1;
    let (parent, rest) = match before.split_last() {
        Some((parent, rest)) => (Some(parent), rest),
        None => (None, before),
    };
    let on_path = EarlierOnPath(rest);
    problem.successors(state, |action, next, step| {
        stats.generated += 1;
        // The parent first: the successor most often on the path.
        if parent == Some(&next) || *state == next {
            return;
        }
        let f = g + step + problem.heuristic(&next);
        child(action, next, step, f, &on_path);
    });
    false
}

/// IDA* (iterative-deepening A*): with an admissible heuristic, a cheapest path, in memory
/// linear in its length. States on the current path are not revisited; other repeated states
/// are (it keeps no closed set), so it suits trees and spaces with few short cycles, such as
/// the sliding-tile puzzles.
///
/// ```
/// use search_core::{astar, idastar, SearchProblem};
/// // A line of cities 0..10 with roads of length 2 to the next one.
/// struct Line;
/// impl SearchProblem for Line {
///     type State = u32;
///     type Action = ();
///     type Cost = u32;
///     fn start(&self) -> u32 { 0 }
///     fn is_goal(&self, s: &u32) -> bool { *s == 9 }
///     fn successors(&self, s: &u32, mut visit: impl FnMut((), u32, u32)) {
///         if *s > 0 { visit((), s - 1, 2); }
///         if *s < 9 { visit((), s + 1, 2); }
///     }
///     fn heuristic(&self, s: &u32) -> u32 { 9 - s } // admissible: half the true cost
/// }
/// let ida = idastar(&Line);
/// assert_eq!(ida.path.unwrap().cost, astar(&Line).path.unwrap().cost);
/// assert!(ida.stats.popped > 10); // several iterations
/// ```
pub fn idastar<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    let mut ida = Ida::new(problem);
    let mut bound = problem.heuristic(&ida.path.states[0]);
    loop {
        match ida.iteration(bound) {
            Iteration::Found => {
                return SearchResult {
                    cut_off: false,
                    path: Some(ida.path),
                    stats: ida.stats,
                };
            }
            Iteration::Exceeded(Some(next)) => bound = next,
            Iteration::Exceeded(None) => {
                return SearchResult {
                    cut_off: false,
                    path: None,
                    stats: ida.stats,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::scan;
    use crate::{Stats, idastar_fn, recursive_best_first_fn};

    #[test]
    fn the_scan_finds_each_state_of_a_path_of_any_length_and_no_other() {
        for len in 0..12u8 {
            let path: Vec<u8> = (0..len).collect();
            for s in 0..len {
                assert!(scan(&path, &s), "{s} in a path of {len}");
            }
            assert!(!scan(&path, &len), "{len} is not in a path of {len}");
        }
        // Any number of equal states anywhere in a group of four is a match.
        for mask in 0..16u8 {
            let group: Vec<u8> = (0..4).map(|i| mask >> i & 1).collect();
            assert_eq!(scan(&group, &1), mask != 0, "{group:?}");
        }
    }

    /// 0 -> 1 -> {0, 2}, 2 -> {0, 3}, unit steps but 2 -> 3 of 5, no heuristic. At 1 the parent
    /// comes back first; at 2, 0 is on the path (not the parent) with `f` 3: the bound after 2
    /// must skip it and be 7.
    fn cycle_back(n: &u8) -> Vec<(u8, u32)> {
        match n {
            0 => vec![(1, 1)],
            1 => vec![(0, 1), (2, 1)],
            2 => vec![(0, 1), (3, 5)],
            _ => vec![],
        }
    }

    #[test]
    fn a_successor_on_the_path_never_sets_the_next_bound() {
        let r = idastar_fn(&0, cycle_back, |_| 0, |&n| n == 3);
        let path = r.path.expect("a path");
        assert_eq!((path.states, path.cost), (vec![0, 1, 2, 3], 7));
        // Bounds 0, 1, 2 and 7 (hand-counted): a bound of 3 would add 6, 3 and 3; the parent
        // entered again, more.
        let counted = Stats {
            generated: 2 + 4 + 6 + 6,
            popped: 1 + 2 + 3 + 4,
            expanded: 1 + 2 + 3 + 3,
        };
        assert_eq!(r.stats, counted);
    }

    /// The next bound is the least `f` beyond the bound, whatever the successors' order: 0 ->
    /// {1 (5), 2 (3)}, 2 -> 4 (1), the goal 4, no heuristic. Bounds 0, 3 and 4; a bound of 5
    /// after 0 would find the same path one iteration sooner.
    #[test]
    fn the_next_bound_is_the_least_f_beyond_the_bound() {
        let next = |n: &u8| match n {
            0 => vec![(1, 5), (2, 3)],
            2 => vec![(4, 1)],
            _ => vec![],
        };
        let r = idastar_fn(&0u8, next, |_| 0u32, |&n| n == 4);
        let path = r.path.expect("a path");
        assert_eq!((path.states, path.cost), (vec![0, 2, 4], 4));
        let counted = Stats {
            generated: 3 + 4 + 4,
            popped: 1 + 2 + 3,
            expanded: 1 + 2 + 2,
        };
        assert_eq!(r.stats, counted);
    }

    /// A state's successors are tried in order of `f`, the problem's order among equals: two
    /// paths of cost 2 (or 3) to the goal 3, and the one found is through the successor tried
    /// first.
    #[test]
    fn successors_are_tried_by_f_then_in_the_problems_order() {
        let equal = |n: &u8| match n {
            0 => vec![(1, 1), (2, 1)],
            1 | 2 => vec![(3, 1)],
            _ => vec![],
        };
        let r = idastar_fn(&0u8, equal, |_| 0u32, |&n| n == 3);
        assert_eq!(r.path.expect("a path").states, [0, 1, 3]);
        let by_f = |n: &u8| match n {
            0 => vec![(1, 2), (2, 1)],
            1 => vec![(3, 1)],
            2 => vec![(3, 2)],
            _ => vec![],
        };
        let r = idastar_fn(&0u8, by_f, |_| 0u32, |&n| n == 3);
        assert_eq!(r.path.expect("a path").states, [0, 2, 3]);
        // The frame starts go back to the thread.
        assert_eq!(crate::kept::count::<Vec<usize>>(), 1);
    }

    #[test]
    fn recursive_best_first_drops_a_successor_on_the_path() {
        let r = recursive_best_first_fn(&0, cycle_back, |_| 0, |&n| n == 3);
        assert_eq!(r.path.expect("a path").states, [0, 1, 2, 3]);
        // 0, 1, 2 entered once each and 3 found: 0 again would be entered and expanded.
        assert_eq!((r.stats.popped, r.stats.expanded), (4, 3));
    }
}
