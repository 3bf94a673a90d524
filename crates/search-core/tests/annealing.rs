//! Simulated annealing, stochastic hill climbing and local beam search beside steepest-ascent
//! hill climbing.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use search_core::test_support::Digraph;
use search_core::{
    SearchProblem, local_search::ExpSchedule, local_search::LocalOptions, local_search::StopReason,
    local_search::local_beam_search, local_search::simulated_annealing,
    local_search::steepest_ascent, local_search::stochastic_hill_climbing,
};

/// A digraph of up to `max_n` states with a random heuristic, from state 0.
fn hilly(max_n: usize) -> impl Strategy<Value = Digraph> {
    (2usize..max_n).prop_flat_map(|n| {
        let edges = prop::collection::vec((0..n, 0..n, 1u32..5), 0..3 * n);
        let h = prop::collection::vec(0u32..20, n);
        (edges, h).prop_map(move |(edges, h)| Digraph {
            n,
            edges,
            start: 0,
            goal: n - 1,
            h,
            dense: false,
        })
    })
}

const NO_GOAL: LocalOptions = LocalOptions {
    max_steps: None,
    stop_at_goal: false,
};

/// A line of integers with h = |x - target|, steps of 1 either way.
struct Line {
    start: i32,
    target: i32,
}

impl SearchProblem for Line {
    type State = i32;
    type Action = i8;
    type Cost = i32;
    fn start(&self) -> i32 {
        self.start
    }
    fn is_goal(&self, x: &i32) -> bool {
        *x == self.target
    }
    fn successors(&self, x: &i32, mut visit: impl FnMut(i8, i32, i32)) {
        visit(-1, x - 1, 1);
        visit(1, x + 1, 1);
    }
    fn heuristic(&self, x: &i32) -> i32 {
        (x - self.target).abs()
    }
}

proptest! {
    #[test]
    fn anneals_to_the_optimum_hill_climbing_finds(start in -30i32..30, target in -30i32..30, seed in any::<u64>()) {
        let line = Line { start, target };
        let climb = steepest_ascent(&line, LocalOptions::default());
        prop_assert_eq!(climb.reason, StopReason::Goal);
        let schedule = ExpSchedule { k: 2.0, lam: 0.0001, limit: 20_000 };
        let anneal = simulated_annealing(&line, &schedule, &mut StdRng::seed_from_u64(seed), LocalOptions::default());
        prop_assert_eq!(anneal.reason, StopReason::Goal);
        prop_assert_eq!(anneal.path.last(), climb.path.last());
        // A valid walk, its cost the sum of its steps, one popped per state.
        for (w, a) in anneal.path.states.windows(2).zip(&anneal.path.actions) {
            prop_assert_eq!(w[1] - w[0], i32::from(*a));
        }
        prop_assert_eq!(anneal.path.cost, anneal.path.step_costs.iter().sum::<i32>());
        prop_assert_eq!(anneal.stats.popped, anneal.path.states.len() as u64);
        prop_assert_eq!(anneal.stats.generated, 1 + 2 * anneal.stats.expanded);
        // Seeded: the same seed gives the same run.
        let again = simulated_annealing(&line, &schedule, &mut StdRng::seed_from_u64(seed), LocalOptions::default());
        prop_assert_eq!(again, anneal);
    }

    #[test]
    fn a_cold_schedule_never_moves_uphill(start in -30i32..30, seed in any::<u64>()) {
        let line = Line { start, target: 0 };
        let cold = |t: u64| if t < 200 { 1e-9 } else { 0.0 };
        let options = LocalOptions { stop_at_goal: false, ..LocalOptions::default() };
        let r = simulated_annealing(&line, &cold, &mut StdRng::seed_from_u64(seed), options);
        prop_assert_eq!(r.reason, StopReason::Frozen);
        prop_assert!(r.path.states.windows(2).all(|w| w[1].abs() < w[0].abs()));
        prop_assert_eq!(r.stats.expanded, 200);
    }
}

proptest! {
    #[test]
    fn a_beam_of_one_is_steepest_ascent(g in hilly(12), goal in any::<bool>()) {
        let options = LocalOptions { stop_at_goal: goal, ..NO_GOAL };
        let beam = local_beam_search(&g, vec![], options);
        let steepest = steepest_ascent(&g, options);
        prop_assert_eq!(&beam.path, &steepest.path);
        prop_assert_eq!(beam.reason, steepest.reason);
        prop_assert_eq!(beam.stats, steepest.stats);
    }

    #[test]
    fn stochastic_climbs_strictly_to_a_local_optimum(g in hilly(12), seed in any::<u64>()) {
        let r = stochastic_hill_climbing(&g, &mut StdRng::seed_from_u64(seed), NO_GOAL);
        let path = &r.path;
        for (w, &edge) in path.states.windows(2).zip(&path.actions) {
            prop_assert_eq!((g.edges[edge].0, g.edges[edge].1), (w[0], w[1]));
            prop_assert!(g.h[w[1]] < g.h[w[0]]);
        }
        let last = *path.last();
        prop_assert!(g.out(last).all(|(next, _)| g.h[next] >= g.h[last]));
        let expected = if g.out(last).next().is_some() { StopReason::LocalOptimum } else { StopReason::DeadEnd };
        prop_assert_eq!(r.reason, expected);
        // A wider beam from the same start ends no higher than its first step.
        let wide = local_beam_search(&g, vec![0; 2], NO_GOAL);
        let first = steepest_ascent(&g, LocalOptions { max_steps: Some(1), ..NO_GOAL });
        prop_assert!(g.h[*wide.path.last()] <= g.h[*first.path.last()]);
    }
}

#[test]
fn step_limit_and_aima_schedule() {
    let line = Line {
        start: 0,
        target: 1000,
    };
    let options = LocalOptions {
        max_steps: Some(10),
        ..LocalOptions::default()
    };
    let mut rng = StdRng::seed_from_u64(1);
    let r = simulated_annealing(&line, &ExpSchedule::default(), &mut rng, options);
    assert_eq!((r.reason, r.stats.expanded), (StopReason::StepLimit, 10));
    let r = simulated_annealing(
        &line,
        &ExpSchedule::default(),
        &mut rng,
        LocalOptions::default(),
    );
    assert_eq!((r.reason, r.stats.expanded), (StopReason::Frozen, 100));
    assert_eq!(
        search_core::local_search::Schedule::temperature(&ExpSchedule::default(), 0),
        20.0
    );
}
