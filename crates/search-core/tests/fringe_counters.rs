//! `fringe_fn`'s counters against the calls it makes: `expanded` is the number of successor
//! calls, `generated` the start plus every successor reported, and `popped` every visit from
//! the `now` list, each of which computes the state's heuristic once (one more call sets the
//! first threshold).

use proptest::prelude::*;
use search_core::fringe_fn;
use std::cell::Cell;

/// Runs fringe search on an 8-connected `side`x`side` grid with the given blocked cells and
/// step costs, from the corner (0, 0) to the opposite one, with the Chebyshev-distance
/// heuristic (consistent: every step costs at least 1), and checks the counters.
fn check(side: i32, blocked: &[bool], costs: &[u32]) -> Result<(), TestCaseError> {
    let (expansions, reported, visits) = (Cell::new(0u64), Cell::new(0u64), Cell::new(0u64));
    let open = |(x, y): (i32, i32)| {
        (0..side).contains(&x) && (0..side).contains(&y) && !blocked[(y * side + x) as usize]
    };
    let successors = |&(x, y): &(i32, i32)| {
        expansions.set(expansions.get() + 1);
        let mut out = Vec::new();
        for (dx, dy) in [
            (1, 0),
            (0, 1),
            (-1, 0),
            (0, -1),
            (1, 1),
            (-1, 1),
            (1, -1),
            (-1, -1),
        ] {
            let next = (x + dx, y + dy);
            if open(next) {
                out.push((next, costs[(next.1 * side + next.0) as usize]));
            }
        }
        reported.set(reported.get() + out.len() as u64);
        out
    };
    let goal = (side - 1, side - 1);
    let heuristic = |&(x, y): &(i32, i32)| {
        visits.set(visits.get() + 1);
        (goal.0 - x).abs().max(goal.1 - y).unsigned_abs()
    };
    let r = fringe_fn(&(0, 0), successors, heuristic, |&c| c == goal);
    prop_assert_eq!(r.stats.expanded, expansions.get());
    prop_assert_eq!(r.stats.generated, 1 + reported.get());
    prop_assert_eq!(r.stats.popped, visits.get() - 1);
    if let Some(path) = r.path {
        let sum: u32 = path.states[1..]
            .iter()
            .map(|&(x, y)| costs[(y * side + x) as usize])
            .sum();
        prop_assert_eq!(path.cost, sum);
    }
    Ok(())
}

proptest! {
    #[test]
    fn counters_count_the_calls(side in 2i32..9, seed in prop::collection::vec((any::<bool>(), 1u32..5), 64)) {
        let cells = (side * side) as usize;
        let mut blocked: Vec<bool> = seed.iter().map(|&(b, _)| b).take(cells).collect();
        // About a quarter blocked, never the corners.
        for (i, b) in blocked.iter_mut().enumerate() {
            *b = *b && seed[i].1 == 1;
        }
        blocked[0] = false;
        blocked[cells - 1] = false;
        let costs: Vec<u32> = seed.iter().map(|&(_, c)| c).take(cells).collect();
        check(side, &blocked, &costs)?;
    }
}

/// An open grid with equal steps, where the threshold rises several times.
#[test]
fn counters_on_an_open_grid() {
    let side = 6;
    let costs = vec![2; 36];
    check(side, &[false; 36], &costs).unwrap();
}
