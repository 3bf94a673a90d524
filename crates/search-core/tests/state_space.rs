//! The state-space algorithms beside the ones we trust (A*, uniform-cost, breadth-first) and
//! beside `pathfinding`.

use pathfinding::prelude as pf;
use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{
    Priority, Weight, and_or_search_fn, astar, beam_search, bidirectional_bfs_fn, breadth_first,
    breadth_first_fn, idastar, idastar_fn, k_shortest_paths, reachable, recursive_best_first,
    recursive_best_first_fn, shortest_path_tree, uniform_cost, weighted_astar,
};
use std::collections::HashSet;

fn digraph(max_n: usize, max_m: usize) -> impl Strategy<Value = Digraph> {
    (2usize..max_n).prop_flat_map(move |n| {
        (
            prop::collection::vec((0..n, 0..n, 1u32..8), 0..max_m),
            0..n,
            any::<bool>(),
        )
            .prop_map(move |(edges, goal, dense)| Digraph {
                n,
                edges,
                start: 0,
                goal,
                h: Vec::new(),
                dense,
            })
    })
}

/// The digraph with a consistent heuristic: the exact distance, divided by `div`.
fn with_heuristic(mut g: Digraph, div: u32) -> Digraph {
    g.h = g
        .exact_distances(1000)
        .into_iter()
        .map(|d| d / div)
        .collect();
    g
}

/// Every step of `states` is an edge of `g`.
fn is_walk(g: &Digraph, states: &[usize]) -> bool {
    states
        .windows(2)
        .all(|w| g.edges.iter().any(|e| (e.0, e.1) == (w[0], w[1])))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn idastar_finds_the_astar_cost(g in digraph(8, 18), div in 1u32..4) {
        let g = with_heuristic(g, div);
        let ida = idastar(&g);
        let a = astar(&g);
        prop_assert_eq!(ida.path.as_ref().map(|p| p.cost), a.path.as_ref().map(|p| p.cost));
        if let Some(p) = &ida.path {
            prop_assert!(is_walk(&g, &p.states));
            prop_assert_eq!(p.step_costs.iter().sum::<u32>(), p.cost);
        }
        let theirs = pf::idastar(&0, |&s| g.out(s).collect::<Vec<_>>(), |&s| g.h[s], |&s| s == g.goal);
        let ours = idastar_fn(&0, |&s| g.out(s).collect::<Vec<_>>(), |&s| g.h[s], |&s| s == g.goal);
        prop_assert_eq!(ours.path.map(|p| p.cost), theirs.map(|t| t.1));
    }

    #[test]
    fn rbfs_finds_the_optimal_cost(g in digraph(8, 18), div in 1u32..4, scale in prop::collection::vec(0u32..=4, 8)) {
        let consistent = with_heuristic(g, div);
        let consistent_h = consistent.h.clone();
        // Admissible but not always consistent: each distance scaled by its own 0 to 1.
        let mut admissible = consistent.clone();
        admissible.h = consistent.exact_distances(1000).iter().zip(&scale).map(|(d, k)| d * k / 4).collect();
        for g in [consistent, admissible] {
            let rbfs = recursive_best_first(&g);
            // Uniform-cost search, not A*: our A* closes states for good, so an inconsistent
            // heuristic may cost it the optimum, where RBFS, a tree search, keeps it.
            let optimal = uniform_cost(&g);
            prop_assert_eq!(rbfs.path.as_ref().map(|p| p.cost), optimal.path.as_ref().map(|p| p.cost));
            if g.h == consistent_h {
                prop_assert_eq!(rbfs.path.as_ref().map(|p| p.cost), astar(&g).path.map(|p| p.cost));
            }
            if let Some(p) = &rbfs.path {
                prop_assert!(is_walk(&g, &p.states));
                prop_assert_eq!(p.step_costs.iter().sum::<u32>(), p.cost);
                prop_assert_eq!((p.states[0], *p.last()), (0, g.goal));
            }
            let by_fn = recursive_best_first_fn(&0, |&s| g.out(s).collect::<Vec<_>>(), |&s| g.h[s], |&s| s == g.goal);
            prop_assert_eq!(by_fn.path.map(|p| p.states), rbfs.path.map(|p| p.states));
            prop_assert_eq!(by_fn.stats, rbfs.stats);
        }
    }

    #[test]
    fn and_or_plans_exactly_where_the_fixpoint_wins(world in nondeterministic(7), goals in prop::collection::vec(any::<bool>(), 7)) {
        let n = world.len();
        let goal = |&s: &usize| goals[s];
        let actions = |&s: &usize| 0..world[s].len();
        let results = |&s: &usize, &a: &usize| world[s][a].clone();
        let r = and_or_search_fn(&0, actions, results, goal);
        // The states from which an acyclic plan exists: goals, then every state with an action
        // whose outcomes all have one, until nothing changes.
        let mut wins: Vec<bool> = goals[..n].to_vec();
        while let Some(s) = (0..n).find(|&s| !wins[s] && world[s].iter().any(|o| o.iter().all(|&t| wins[t]))) {
            wins[s] = true;
        }
        prop_assert_eq!(r.plan.is_some(), wins[0]);
        if let Some(plan) = r.plan {
            // Whatever the outcomes, following the plan ends at a goal.
            let mut todo = vec![(0usize, 0usize)];
            while let Some((state, at)) = todo.pop() {
                if goal(&state) {
                    continue;
                }
                let action = plan.action(at);
                prop_assert!(action.is_some());
                for outcome in results(&state, action.unwrap()) {
                    let next = plan.next(at, &outcome);
                    prop_assert!(next.is_some_and(|next| next > at));
                    todo.push((outcome, next.unwrap()));
                }
            }
        }
    }

    #[test]
    fn bidirectional_bfs_finds_the_bfs_length(g in digraph(14, 40)) {
        let next = |&s: &usize| g.out(s).map(|(t, _)| t).collect::<Vec<_>>();
        let prev = |&s: &usize| g.edges.iter().filter(|e| e.1 == s).map(|e| e.0).collect::<Vec<_>>();
        let both = bidirectional_bfs_fn(&0, &g.goal, next, prev);
        let one = breadth_first_fn(&0, next, |&s| s == g.goal);
        prop_assert_eq!(both.path.as_ref().map(|p| p.steps()), one.path.as_ref().map(|p| p.steps()));
        if let Some(p) = &both.path {
            prop_assert!(is_walk(&g, &p.states));
            prop_assert_eq!((p.states[0], *p.last()), (0, g.goal));
        }
        // pathfinding answers None when the start is the goal.
        if g.goal != 0 {
            let theirs = pf::bfs_bidirectional(&0, &g.goal, next, prev);
            prop_assert_eq!(both.path.map(|p| p.states.len()), theirs.map(|t| t.len()));
        }
    }

    #[test]
    fn weighted_astar_is_within_its_weight(g in digraph(14, 40), div in 1u32..3, num in 1u32..6, den in 1u32..4) {
        let g = with_heuristic(g, div);
        let optimal = uniform_cost(&g).path.map(|p| p.cost);
        let weighted = weighted_astar(&g, Weight::new(num, den)).path.map(|p| p.cost);
        prop_assert_eq!(optimal.is_some(), weighted.is_some());
        if let (Some(best), Some(found)) = (optimal, weighted) {
            // found <= max(1, w) * best.
            prop_assert!(u64::from(found) * u64::from(den) <= u64::from(best) * u64::from(num.max(den)));
        }
    }

    #[test]
    fn wide_beam_is_breadth_first(g in digraph(14, 40), priority in 0usize..3) {
        let g = with_heuristic(g, 1);
        let priority = [Priority::PathCost, Priority::PathCostPlusHeuristic, Priority::Heuristic][priority];
        let beam = beam_search(&g, priority, g.n);
        let bfs = breadth_first(&g);
        prop_assert_eq!(beam.path.as_ref().map(|p| p.steps()), bfs.path.as_ref().map(|p| p.steps()));
        if let Some(p) = &beam.path {
            prop_assert!(is_walk(&g, &p.states));
        }
        // A narrow beam never finds a path breadth-first cannot, and never a shorter one.
        let narrow = beam_search(&g, priority, 1);
        if let Some(p) = narrow.path {
            prop_assert!(p.steps() >= bfs.path.map(|b| b.steps()).unwrap());
        }
    }

    #[test]
    fn shortest_path_tree_has_every_uniform_cost(g in digraph(14, 40)) {
        let tree = shortest_path_tree(&g);
        let theirs = pf::dijkstra_all(&0, |&s| g.out(s).collect::<Vec<_>>());
        for target in 0..g.n {
            let mut to = g.clone();
            to.goal = target;
            let ucs = uniform_cost(&to).path;
            prop_assert_eq!(tree.cost(&target), ucs.as_ref().map(|p| p.cost));
            if target != 0 {
                prop_assert_eq!(tree.cost(&target), theirs.get(&target).map(|t| t.1));
            }
            if let Some(path) = tree.path_to(&target) {
                prop_assert!(is_walk(&g, &path));
            }
        }
        let (states, _) = reachable(&g);
        let reached: HashSet<usize> = states.iter().copied().collect();
        prop_assert_eq!(reached.len(), states.len());
        prop_assert_eq!(reached.len(), tree.len());
        prop_assert!(states.iter().all(|s| tree.cost(s).is_some()));
    }

    #[test]
    fn yen_costs_are_the_k_cheapest_loopless_paths(mut g in digraph(9, 24), k in 1usize..8) {
        // One edge per pair of states, so that a path is its sequence of states.
        let mut pairs = HashSet::new();
        g.edges.retain(|e| pairs.insert((e.0, e.1)));
        let (ours, _) = k_shortest_paths(&g, k);
        let our_costs: Vec<u32> = ours.iter().map(|p| p.cost).collect();
        let mut all = loopless_path_costs(&g);
        all.truncate(k);
        prop_assert_eq!(our_costs, all);
        let distinct: HashSet<&Vec<usize>> = ours.iter().map(|p| &p.states).collect();
        prop_assert_eq!(distinct.len(), ours.len());
        for p in &ours {
            prop_assert!(is_walk(&g, &p.states));
            let visited: HashSet<&usize> = p.states.iter().collect();
            prop_assert_eq!(visited.len(), p.states.len(), "loopless");
        }
    }
}

/// A nondeterministic world of up to `max_n` states: per state its actions, per action the
/// states it may lead to (none at all: the action always succeeds, as in aima-python).
fn nondeterministic(max_n: usize) -> impl Strategy<Value = Vec<Vec<Vec<usize>>>> {
    (1usize..=max_n).prop_flat_map(|n| {
        let outcomes = prop::collection::vec(0..n, 0..3);
        prop::collection::vec(prop::collection::vec(outcomes, 0..3), n)
    })
}

/// A line far longer than any call stack could recurse: RBFS and AND-OR search keep their
/// stacks on the heap, and their results drop without recursion.
#[test]
fn rbfs_and_and_or_search_go_deep() {
    const END: u32 = 20_000;
    let next = |&x: &u32| if x < END { vec![(x + 1, 1u32)] } else { vec![] };
    let rbfs = recursive_best_first_fn(&0, next, |&x| END - x, |&x| x == END);
    assert_eq!(rbfs.path.map(|p| p.cost), Some(END));
    // A step right may slip to the end at once.
    let r = and_or_search_fn(&0, |_| [()], |&x, _| [x + 1, END], |&x| x == END);
    let plan = r.plan.unwrap();
    // A step per state left of the end, and a goal step per outcome (the last state has two).
    assert_eq!(plan.steps.len(), 2 * END as usize + 1);
    let mut at = 0;
    for x in 1..END {
        assert_eq!(plan.action(plan.next(at, &END).unwrap()), None);
        at = plan.next(at, &x).unwrap();
    }
}

/// RBFS when no goal can be reached: the search ends (a state already on the path is not
/// entered again), where aima-python's loops forever.
#[test]
fn rbfs_ends_without_a_goal() {
    let ring = |&x: &u8| [((x + 1) % 5, 1u32), ((x + 4) % 5, 2)];
    let r = recursive_best_first_fn(&0, ring, |_| 0, |&x| x == 9);
    assert_eq!(r.path, None);
    assert!(r.stats.expanded > 5);
}

/// The costs of every loopless path from the start to the goal, cheapest first, by plain
/// enumeration (an explicit stack of partial paths; the graphs here have at most 9 states).
fn loopless_path_costs(g: &Digraph) -> Vec<u32> {
    let mut costs = Vec::new();
    let mut stack = vec![(vec![g.start], 0u32)];
    while let Some((path, cost)) = stack.pop() {
        let last = *path.last().expect("paths are never empty");
        if last == g.goal {
            costs.push(cost);
            continue;
        }
        for (next, w) in g.out(last) {
            if !path.contains(&next) {
                let mut longer = path.clone();
                longer.push(next);
                stack.push((longer, cost + w));
            }
        }
    }
    costs.sort_unstable();
    costs
}

/// `pathfinding`'s `yen` (4.x) can miss a path: on this graph the fifth-cheapest loopless path
/// from 0 to 6 is 0-4-3-5-6 (16), which `k_shortest_paths` finds and `yen` skips (it answers 17).
#[test]
fn yen_finds_the_path_pathfinding_misses() {
    let edges = [
        (3, 6, 1),
        (4, 6, 7),
        (1, 4, 4),
        (5, 6, 1),
        (3, 5, 4),
        (1, 3, 1),
        (0, 4, 5),
        (0, 1, 6),
        (4, 3, 6),
    ];
    let g = Digraph {
        n: 7,
        edges: edges.to_vec(),
        start: 0,
        goal: 6,
        h: Vec::new(),
        dense: false,
    };
    assert_eq!(loopless_path_costs(&g), [8, 12, 12, 12, 16, 17, 17, 21]);
    let (ours, _) = k_shortest_paths(&g, 5);
    assert_eq!(
        ours.iter().map(|p| p.cost).collect::<Vec<_>>(),
        [8, 12, 12, 12, 16]
    );
    assert_eq!(ours[4].states, [0, 4, 3, 5, 6]);
    let theirs = pf::yen(&0, |&s| g.out(s).collect::<Vec<_>>(), |&s| s == 6, 5);
    assert_eq!(
        theirs.iter().map(|t| t.1).collect::<Vec<_>>(),
        [8, 12, 12, 12, 17]
    );
}

/// IDA*'s next bound is the smallest `f` beyond the current one: a larger one would skip the
/// cheaper path 0-2-3 (6) and return 0-1-3 (11), found first.
#[test]
fn idastar_raises_its_bound_to_the_smallest_f_beyond_it() {
    let next = |&n: &u8| match n {
        0 => vec![(1, 1u32), (2, 5)],
        1 => vec![(3, 10)],
        2 => vec![(3, 1)],
        _ => vec![],
    };
    let r = search_core::idastar_fn(&0u8, next, |_| 0, |&n| n == 3);
    let path = r.path.expect("a path");
    assert_eq!((path.states, path.cost), (vec![0, 2, 3], 6));
}
