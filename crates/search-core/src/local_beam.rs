//! Local beam search: hill climbing with several states at once.

use crate::cost::Cost;
use crate::local::{LocalOptions, LocalResult, LocalResultOf, StopReason};
use crate::problem::{Path, PathOf, SearchProblem, Stats};
use std::cmp::Ordering;

/// A state taken into the beam: how it was reached (action and step cost; `None` for a start),
/// its parent's index, and its path cost.
struct Node<P: SearchProblem> {
    state: P::State,
    arrival: Option<(P::Action, P::Cost)>,
    parent: usize,
    g: P::Cost,
}

/// The beam: each of its states' heuristic and node index.
type Beam<C> = Vec<(C, usize)>;

/// A successor of the beam: its heuristic, state, action, step cost and parent's index.
type Candidate<P> = (
    <P as SearchProblem>::Cost,
    <P as SearchProblem>::State,
    <P as SearchProblem>::Action,
    <P as SearchProblem>::Cost,
    usize,
);

/// Local beam search (aima-python's `local_beam_search`, AIMA section 4.1.3), lower heuristic
/// being better: a beam of states, first the problem's start and `more_starts` (the beam is
/// `1 + more_starts.len()` wide); at each step the successors of all of them (repeats
/// included) are sorted stably by heuristic and the best ones, as many as the beam is wide,
/// become the beam, until the best successor is no better than the best state of the beam.
/// Returns the path to the best state of the last beam (the first in beam order among
/// equals), from its start.
///
/// Stops as hill climbing does: at a goal in the beam when `options.stop_at_goal`, when no
/// state of the beam has a successor, or after `options.max_steps` steps. Counters: `popped`
/// counts the states taken into the beam (the starts included), `expanded` the states whose
/// successors were generated, `generated` the starts and every successor reported.
///
/// ```
/// use search_core::FnProblem;
/// use search_core::local_search::{local_beam_search, LocalOptions, StopReason};
/// // Two valleys on a line, h = 3 at x = 5 and h = 0 at x = 17; a start near each.
/// let h = |&x: &i32| ((x - 5).abs() + 3).min((x - 17).abs());
/// let line = FnProblem::new(0, |&x: &i32| [(x - 1, 1), (x + 1, 1)], h, |_: &i32| false);
/// let options = LocalOptions { max_steps: None, stop_at_goal: false };
/// let r = local_beam_search(&line, vec![20], options);
/// // The whole beam moved to the better valley: the path from 20 to 17.
/// assert_eq!((r.path.states, r.reason), (vec![20, 19, 18, 17], StopReason::LocalOptimum));
/// ```
pub fn local_beam_search<P: SearchProblem>(
    problem: &P,
    more_starts: Vec<P::State>,
    options: LocalOptions,
) -> LocalResultOf<P> {
    let mut starts = more_starts;
    starts.insert(0, problem.start());
    let width = starts.len();
    let mut stats = Stats {
        popped: width as u64,
        expanded: 0,
        generated: width as u64,
    };
    let (mut nodes, mut beam) = start_beam(problem, starts);
    let mut candidates: Vec<Candidate<P>> = Vec::new();
    let mut steps = 0u64;
    let reason = loop {
        if options.stop_at_goal && narrow_to_goal(problem, &nodes, &mut beam) {
            break StopReason::Goal;
        }
        if options.max_steps.is_some_and(|m| steps >= m) {
            break StopReason::StepLimit;
        }
        successors(problem, &nodes, &beam, &mut candidates, &mut stats);
        let Some(best) = candidates.first() else {
            break StopReason::DeadEnd;
        };
        if best.0.total_order(&best_of(&beam).0) != Ordering::Less {
            break StopReason::LocalOptimum;
        }
        take_best(&mut nodes, &mut beam, &mut candidates, width);
        stats.popped += beam.len() as u64;
        steps += 1;
    };
    LocalResult {
        path: path_to(&nodes, best_of(&beam).1),
        reason,
        stats,
    }
}

/// The nodes of the starts, and the first beam: each start's heuristic and node index.
fn start_beam<P: SearchProblem>(
    problem: &P,
    starts: Vec<P::State>,
) -> (Vec<Node<P>>, Beam<P::Cost>) {
    let start = |state| Node::<P> {
        state,
        arrival: None,
        parent: usize::MAX,
        g: P::Cost::ZERO,
    };
    let nodes: Vec<Node<P>> = starts.into_iter().map(start).collect();
    let beam = (0..nodes.len())
        .map(|i| (problem.heuristic(&nodes[i].state), i))
        .collect();
    (nodes, beam)
}

/// Narrows the beam to its first goal state, if it has one; whether it did.
fn narrow_to_goal<P: SearchProblem>(
    problem: &P,
    nodes: &[Node<P>],
    beam: &mut Beam<P::Cost>,
) -> bool {
    let goal = beam.iter().position(|b| problem.is_goal(&nodes[b.1].state));
    if let Some(at) = goal {
        beam.swap(0, at);
        beam.truncate(1);
    }
    goal.is_some()
}

/// Makes the first `width` of the sorted `candidates` the new beam, adding them to `nodes`
/// (the other candidates are dropped).
fn take_best<P: SearchProblem>(
    nodes: &mut Vec<Node<P>>,
    beam: &mut Beam<P::Cost>,
    candidates: &mut Vec<Candidate<P>>,
    width: usize,
) {
    beam.clear();
    for (h, state, action, step, parent) in candidates.drain(..).take(width) {
        let g = nodes[parent].g + step;
        let arrival = Some((action, step));
        nodes.push(Node {
            state,
            arrival,
            parent,
            g,
        });
        beam.push((h, nodes.len() - 1));
    }
}

/// The successors of the beam's states, in the beam's order then the problem's, sorted stably
/// by heuristic into `candidates`.
fn successors<P: SearchProblem>(
    problem: &P,
    nodes: &[Node<P>],
    beam: &[(P::Cost, usize)],
    candidates: &mut Vec<Candidate<P>>,
    stats: &mut Stats,
) {
    candidates.clear();
    for &(_, at) in beam {
        stats.expanded += 1;
        problem.successors(&nodes[at].state, |action, state, step| {
            stats.generated += 1;
            candidates.push((problem.heuristic(&state), state, action, step, at));
        });
    }
    candidates.sort_by(|a, b| a.0.total_order(&b.0));
}

/// The beam's entry of lowest heuristic, the first among equals.
fn best_of<C: Cost>(beam: &[(C, usize)]) -> (C, usize) {
    let best = beam.iter().min_by(|a, b| a.0.total_order(&b.0));
    *best.expect("the beam is never empty")
}

/// The path from a start to `nodes[at]`.
fn path_to<P: SearchProblem>(nodes: &[Node<P>], mut at: usize) -> PathOf<P> {
    let mut path = Path::single(nodes[at].state.clone());
    path.cost = nodes[at].g;
    while let Some((action, step)) = &nodes[at].arrival {
        path.actions.push(action.clone());
        path.step_costs.push(*step);
        at = nodes[at].parent;
        path.states.push(nodes[at].state.clone());
    }
    path.states.reverse();
    path.actions.reverse();
    path.step_costs.reverse();
    path
}
