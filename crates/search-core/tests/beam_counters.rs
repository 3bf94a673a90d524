//! `beam_search`'s counters against a plainly written beam search: `popped` the nodes kept (the
//! start included), `expanded` the nodes whose successors were generated, `generated` the start
//! and every successor reported (the documented meanings).

use std::collections::HashSet;

use search_core::{FnProblem, Priority, beam_search};

/// From 1, reach 1000 by +1 or *3; the heuristic is the distance to 1000.
fn next(n: u64) -> [(u64, u64); 2] {
    [(n + 1, 1), (n * 3, 1)]
}

fn h(n: u64) -> u64 {
    n.abs_diff(1000)
}

/// The textbook loop: goal-test the layer, expand it, keep the `width` best new successors
/// (stable order by `h`). Returns (popped, expanded, generated, steps to the goal).
fn textbook(width: usize) -> (u64, u64, u64, Option<usize>) {
    let (mut popped, mut expanded, mut generated) = (0, 0, 1);
    let mut seen = HashSet::from([1u64]);
    let mut layer = vec![1u64];
    let mut depth = 0;
    while !layer.is_empty() {
        for &n in &layer {
            popped += 1;
            if n == 1000 {
                return (popped, expanded, generated, Some(depth));
            }
        }
        let mut candidates = vec![];
        for &n in &layer {
            expanded += 1;
            for (child, _) in next(n) {
                generated += 1;
                if !seen.contains(&child) {
                    candidates.push(child);
                }
            }
        }
        candidates.sort_by_key(|&c| h(c));
        layer.clear();
        for c in candidates {
            if layer.len() == width {
                break;
            }
            if seen.insert(c) {
                layer.push(c);
            }
        }
        depth += 1;
    }
    (popped, expanded, generated, None)
}

#[test]
fn beam_search_counts_as_the_textbook_loop_does() {
    for width in 1..=4 {
        let problem = FnProblem::new(
            1u64,
            |&n: &u64| next(n),
            |&n: &u64| h(n),
            |&n: &u64| n == 1000,
        );
        let r = beam_search(&problem, Priority::Heuristic, width);
        let (popped, expanded, generated, steps) = textbook(width);
        assert_eq!(r.path.as_ref().map(|p| p.steps()), steps, "width {width}");
        assert_eq!(r.stats.popped, popped, "width {width}");
        assert_eq!(r.stats.expanded, expanded, "width {width}");
        assert_eq!(r.stats.generated, generated, "width {width}");
        // More than one layer was searched: the counters are not their starting values.
        assert!(expanded > 1, "width {width}");
    }
}
