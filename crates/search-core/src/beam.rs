//! Beam search: breadth-first by layers, keeping only the best few nodes of each layer.

use crate::cost::Cost;
use crate::graph_search::Priority;
use crate::problem::{Path, ResultOf, SearchProblem, SearchResult, Stats};
use crate::state_hash::FxHashSet;

/// A node of the beam: state, parent index in `nodes`, the action and step from it, g.
struct Node<S, A, C> {
    state: S,
    parent: u32,
    arrival: Option<(A, C)>,
    g: C,
}

/// Beam search of width `width`: layer by layer from the start, each layer's successors ordered
/// stably by `priority` (g, g + h, h, or weighted) and cut to the best `width`; states met
/// before are dropped. The goal test is made on the nodes kept. Fast and incomplete: with a
/// width at least the size of every layer it is breadth-first search (fewest steps).
///
/// Counters: `popped` counts the nodes kept (the start included), `expanded` the nodes whose
/// successors were generated, `generated` the start and every successor reported.
///
/// ```
/// use search_core::{FnProblem, beam_search, Priority};
/// // From 1, reach 1000 by +1 or *3; the heuristic is the distance to 1000.
/// let next = |&n: &u64| [(n + 1, 1u64), (n * 3, 1)];
/// let h = |&n: &u64| n.abs_diff(1000);
/// let r = beam_search(&FnProblem::new(1, next, h, |&n: &u64| n == 1000), Priority::Heuristic, 2);
/// let path = r.path.unwrap();
/// assert_eq!(*path.last(), 1000);
/// assert!(r.stats.expanded <= 2 * path.steps() as u64); // at most 2 per layer
/// ```
pub fn beam_search<P: SearchProblem>(problem: &P, priority: Priority, width: usize) -> ResultOf<P> {
    let mut stats = Stats {
        generated: 1,
        ..Stats::default()
    };
    let mut seen = FxHashSet::default();
    let start = problem.start();
    seen.insert(start.clone());
    let mut nodes = vec![Node {
        state: start,
        parent: u32::MAX,
        arrival: None,
        g: P::Cost::ZERO,
    }];
    let mut layer: Vec<u32> = vec![0];
    let mut candidates: Vec<(P::Cost, u32)> = Vec::new();
    let key = |g: P::Cost, s: &P::State| match priority {
        Priority::PathCost => g,
        Priority::PathCostPlusHeuristic => g + problem.heuristic(s),
        Priority::Heuristic => problem.heuristic(s),
        Priority::Weighted(w) => w.key(g, problem.heuristic(s)),
    };
    while !layer.is_empty() {
        for &index in &layer {
            stats.popped += 1;
            if problem.is_goal(&nodes[index as usize].state) {
                return SearchResult {
                    cut_off: false,
                    path: Some(rebuild(&nodes, index)),
                    stats,
                };
            }
        }
        for &index in &layer {
            stats.expanded += 1;
            let (state, g) = (nodes[index as usize].state.clone(), nodes[index as usize].g);
            problem.successors(&state, |action, child, step| {
                stats.generated += 1;
                if seen.contains(&child) {
                    return;
                }
                let child_g = g + step;
                let f = key(child_g, &child);
                candidates.push((f, nodes.len() as u32));
                nodes.push(Node {
                    state: child,
                    parent: index,
                    arrival: Some((action, step)),
                    g: child_g,
                });
            });
        }
        next_layer(&mut candidates, &nodes, &mut seen, width, &mut layer);
    }
    SearchResult {
        cut_off: false,
        path: None,
        stats,
    }
}

/// Makes `layer` the best `width` of `candidates` (stably sorted by key) whose states are not
/// `seen` yet, marking them seen; empties `candidates`.
fn next_layer<S: Clone + Eq + std::hash::Hash, A, C: Cost>(
    candidates: &mut Vec<(C, u32)>,
    nodes: &[Node<S, A, C>],
    seen: &mut FxHashSet<S>,
    width: usize,
    layer: &mut Vec<u32>,
) {
    candidates.sort_by(|a, b| a.0.total_order(&b.0));
    layer.clear();
    for &(_, index) in candidates.iter() {
        if layer.len() == width {
            break;
        }
        if seen.insert(nodes[index as usize].state.clone()) {
            layer.push(index);
        }
    }
    candidates.clear();
}

fn rebuild<S: Clone, A: Clone, C: Cost>(nodes: &[Node<S, A, C>], index: u32) -> Path<S, A, C> {
    let link = |i: u32| {
        let node = &nodes[i as usize];
        (
            &node.state,
            node.arrival.as_ref().map(|(a, c)| (a, *c)),
            node.parent,
        )
    };
    Path::from_parent_links(link(index), nodes[index as usize].g, link)
}
