//! The closure front door counts exactly what the trait versions count.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use search_core::test_support::Digraph;
use search_core::{
    FnProblem, astar, astar_fn, breadth_first, breadth_first_fn, depth_first, depth_first_fn,
    greedy_best_first, iterative_deepening, iterative_deepening_fn, local_search::ExpSchedule,
    local_search::LocalOptions, local_search::hill_climbing, local_search::simulated_annealing,
    uniform_cost, uniform_cost_fn,
};

fn digraph() -> impl Strategy<Value = Digraph> {
    (1usize..12).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n, 1u32..6), 0..40),
            0..n,
            prop::collection::vec(0u32..8, n),
        )
            .prop_map(move |(edges, goal, h)| Digraph {
                n,
                edges,
                start: 0,
                goal,
                h,
                dense: false,
            })
    })
}

macro_rules! same {
    ($a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        prop_assert_eq!(a.stats, b.stats);
        prop_assert_eq!(
            a.path.as_ref().map(|p| (
                &p.states,
                p.cost as u64,
                p.step_costs.iter().map(|&c| c as u64).collect::<Vec<_>>()
            )),
            b.path.as_ref().map(|p| (
                &p.states,
                p.cost as u64,
                p.step_costs.iter().map(|&c| c as u64).collect::<Vec<_>>()
            ))
        );
    }};
}

proptest! {
    #[test]
    fn closures_match_the_trait(g in digraph()) {
        let next = |&s: &usize| g.out(s).collect::<Vec<_>>();
        let unit = |&s: &usize| g.out(s).map(|(t, _)| t).collect::<Vec<_>>();
        let h = |&s: &usize| g.h[s];
        let goal = |&s: &usize| s == g.goal;
        same!(astar_fn(&0, next, h, goal), astar(&g));
        same!(uniform_cost_fn(&0, next, goal), uniform_cost(&g));
        // The other algorithms take the closures through one FnProblem.
        let closures = FnProblem::new(0, next, h, goal);
        same!(greedy_best_first(&closures), greedy_best_first(&g));
        // Unit steps: compare with the trait search on the same digraph with costs 1.
        let mut ones = g.clone();
        ones.edges.iter_mut().for_each(|e| e.2 = 1);
        same!(breadth_first_fn(&0, unit, goal), breadth_first(&ones));
        same!(depth_first_fn(&0, unit, goal, Some(6)), depth_first(&ones, Some(6)));
        same!(iterative_deepening_fn(&0, unit, goal, Some(6)), iterative_deepening(&ones, Some(6)));
        let options = LocalOptions::default();
        let (a, b) = (hill_climbing(&closures, options), hill_climbing(&g, options));
        prop_assert_eq!((a.stats, a.reason, &a.path.states), (b.stats, b.reason, &b.path.states));
        let schedule = ExpSchedule::default();
        let a = simulated_annealing(&closures, &schedule, &mut StdRng::seed_from_u64(3), options);
        let b = simulated_annealing(&g, &schedule, &mut StdRng::seed_from_u64(3), options);
        prop_assert_eq!((a.stats, a.reason, &a.path.states), (b.stats, b.reason, &b.path.states));
    }

    #[test]
    fn float_costs_give_the_integer_answer(g in digraph()) {
        let int = uniform_cost_fn(&0, |&s: &usize| g.out(s).collect::<Vec<_>>(), |&s| s == g.goal);
        let float = uniform_cost_fn(
            &0,
            |&s: &usize| g.out(s).map(|(t, w)| (t, f64::from(w))).collect::<Vec<_>>(),
            |&s| s == g.goal,
        );
        prop_assert_eq!(int.stats, float.stats);
        prop_assert_eq!(int.path.map(|p| f64::from(p.cost)), float.path.map(|p| p.cost));
    }
}

/// Depth-limited search says "not within the limit" (`cut_off`) apart from "no path at all"
/// (AIMA's `cutoff` and `failure`); iterative deepening up to a maximum likewise.
#[test]
fn a_depth_limit_cut_off_is_not_a_missing_path() {
    use search_core::{depth_first_fn, iterative_deepening_fn};
    // A chain 0 -> 1 -> ... -> 5, goal 5.
    let next = |&n: &u8| if n < 5 { vec![n + 1] } else { vec![] };
    let short = depth_first_fn(&0, next, |&n| n == 5, Some(3));
    assert!(short.path.is_none() && short.cut_off);
    let enough = depth_first_fn(&0, next, |&n| n == 5, Some(5));
    assert!(enough.path.is_some() && !enough.cut_off);
    let nowhere = depth_first_fn(&0, next, |&n| n == 9, Some(10));
    assert!(
        nowhere.path.is_none() && !nowhere.cut_off,
        "the chain ends: no path"
    );
    let unbounded = depth_first_fn(&0, next, |&n| n == 9, None);
    assert!(!unbounded.cut_off);
    let deepening = iterative_deepening_fn(&0, next, |&n| n == 5, Some(2));
    assert!(deepening.path.is_none() && deepening.cut_off);
    let exhausted = iterative_deepening_fn(&0, next, |&n| n == 9, Some(20));
    assert!(exhausted.path.is_none() && !exhausted.cut_off);
}
