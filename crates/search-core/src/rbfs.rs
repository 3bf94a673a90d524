//! RBFS: recursive best-first search (AIMA figure 3.26), best-first in memory linear in the
//! depth. It follows the best child while its `f` stays within the best alternative's, and on
//! the way back remembers the best `f` below each abandoned child, so it can come back to it.
//! An explicit stack replaces the recursion.
//!
//! Each child's `f` is `max(g + h, f of its parent)` (the parent's `f` may be a remembered one);
//! one expansion's children are kept in a list that is sorted stably by `f` before each choice,
//! as aima-python does, so equal `f` are broken as there.
//!
//! Counters: `popped` counts the nodes entered (each gets its goal test: the root and every
//! child descended into), `expanded` the nodes whose successors were generated, `generated` the
//! root and every successor reported (a successor already on the current path is then
//! dropped).

use crate::cost::Cost;
use crate::idastar::enter_on_path;
use crate::problem::{Path, PathOf, ResultOf, SearchProblem, SearchResult, Stats};
use std::cmp::Ordering;

/// An `f` value or limit; `None` is infinite (a dead end below, or no limit).
type F<C> = Option<C>;

/// A child in its parent's list: action, state, step cost and its (remembered) `f`.
type Child<P> = (
    <P as SearchProblem>::Action,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Cost,
    F<<P as SearchProblem>::Cost>,
);

/// The order of `f` values, infinity last.
fn order<C: Cost>(a: &F<C>, b: &F<C>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => a.total_order(b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// One expanded node on the current path: its children and the `f` limit it was entered with.
struct Frame<P: SearchProblem> {
    children: Vec<Child<P>>,
    limit: F<P::Cost>,
}

/// The explicit stack: the current path, `g` along it, and a frame per expanded state on it.
struct Rbfs<'p, P: SearchProblem> {
    problem: &'p P,
    path: PathOf<P>,
    g: Vec<P::Cost>,
    frames: Vec<Frame<P>>,
    /// Children lists of popped frames, kept for their allocations.
    spare: Vec<Vec<Child<P>>>,
    stats: Stats,
}

impl<P: SearchProblem> Rbfs<'_, P> {
    /// Tests the last state of the path, entered with `f` and `limit`; unless it is a goal,
    /// expands it: a frame for its children, or (no child) the infinite `f` backed up at once.
    /// Whether it is a goal.
    fn enter(&mut self, f: P::Cost, limit: F<P::Cost>) -> bool {
        let mut children = self.spare.pop().unwrap_or_default();
        children.clear();
        let depth = self.path.states.len() - 1;
        let found = enter_on_path(
            self.problem,
            &self.path,
            self.g[depth],
            &mut self.stats,
            |action, child, step, child_f, on_path| {
                if on_path.holds(&child) {
                    return;
                }
                // A child's f is at least its parent's (which may be a backed-up value).
                let child_f = if child_f.total_order(&f) == Ordering::Less {
                    f
                } else {
                    child_f
                };
                children.push((action, child, step, Some(child_f)));
            },
        );
        if found {
            self.spare.push(children);
            return true;
        }
        if children.is_empty() {
            self.spare.push(children);
            self.back_up(None);
        } else {
            self.frames.push(Frame { children, limit });
        }
        false
    }

    /// Leaves the last state of the path (its frame, if any, already popped), giving its parent's
    /// best child the `f` found below it.
    fn back_up(&mut self, f: F<P::Cost>) {
        self.path.states.pop();
        self.path.actions.pop();
        self.path.step_costs.pop();
        self.g.pop();
        if let Some(parent) = self.frames.last_mut() {
            parent.children[0].3 = f;
        }
    }

    /// Runs until a goal is entered (`true`) or the root's frame is abandoned (`false`).
    fn run(&mut self) -> bool {
        while let Some(frame) = self.frames.last_mut() {
            frame.children.sort_by(|a, b| order(&a.3, &b.3));
            let best = frame.children[0].3;
            let exceeded = order(&best, &frame.limit) == Ordering::Greater;
            let Some(best_f) = best.filter(|_| !exceeded) else {
                let frame = self.frames.pop().expect("a frame is on the stack");
                self.spare.push(frame.children);
                if self.frames.is_empty() {
                    return false;
                }
                self.back_up(best);
                continue;
            };
            let alternative = frame.children.get(1).and_then(|c| c.3);
            let limit = if order(&alternative, &frame.limit) == Ordering::Less {
                alternative
            } else {
                frame.limit
            };
            let (action, state, step, _) = frame.children[0].clone();
            let g = self.g[self.g.len() - 1] + step;
            self.path.states.push(state);
            self.path.actions.push(action);
            self.path.step_costs.push(step);
            self.g.push(g);
            if self.enter(best_f, limit) {
                self.path.cost = g;
                return true;
            }
        }
        false
    }
}

/// Recursive best-first search (RBFS, AIMA figure 3.26): with an admissible heuristic, a
/// cheapest path, in memory linear in its length. Like [`idastar`](crate::idastar) it keeps no
/// closed set and skips the states already on the current path. Where IDA* starts again from
/// the root with each new bound, RBFS backs up to the best alternative; both re-expand nodes.
///
/// It makes aima-python's `recursive_best_first_search` choices (and counts the same
/// expansions, goal tests and successors), with two differences: a successor already on the
/// current path is dropped (aima's is a tree search: it may walk back and forth), and a search
/// whose every remaining child leads nowhere (an infinite `f` with no limit) fails where
/// aima's loops forever. So it always ends on a finite state space.
///
/// ```
/// use search_core::{astar, recursive_best_first, FnProblem};
/// // Roads between four towns; straight-line distances to town 3 as the heuristic.
/// let roads = |&t: &u8| match t {
///     0 => vec![(1, 4), (2, 1)],
///     1 => vec![(3, 5)],
///     2 => vec![(1, 2)],
///     _ => vec![],
/// };
/// let problem = FnProblem::new(0, roads, |&t: &u8| [7, 5, 6, 0][t as usize], |&t: &u8| t == 3);
/// let rbfs = recursive_best_first(&problem);
/// let path = rbfs.path.unwrap();
/// assert_eq!((path.states, path.cost), (vec![0, 2, 1, 3], 8));
/// assert_eq!(path.cost, astar(&problem).path.unwrap().cost);
/// assert_eq!(rbfs.stats.expanded, 3);
/// ```
pub fn recursive_best_first<P: SearchProblem>(problem: &P) -> ResultOf<P> {
    let start = problem.start();
    let f = problem.heuristic(&start);
    let mut rbfs = Rbfs {
        problem,
        path: Path::single(start),
        g: vec![P::Cost::ZERO],
        frames: Vec::new(),
        spare: Vec::new(),
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
    };
    let found = rbfs.enter(f, None) || rbfs.run();
    SearchResult {
        cut_off: false,
        path: found.then_some(rbfs.path),
        stats: rbfs.stats,
    }
}
