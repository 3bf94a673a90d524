//! AND-OR search against AIMA's recursive `and_or_graph_search` (figure 4.11), on small random
//! nondeterministic worlds: the same plan (as a tree) and the same counters. `search_with`'s
//! frontiers and tie orders against a frontier kept as a list and scanned by the documented
//! rule. Counters and paths measured.

use proptest::prelude::*;
use search_core::policy::{Frontier, Popped, Priority, SearchOptions, TieOrder, search_with};
use search_core::test_support::Digraph;
use search_core::{Plan, PlanStep, SearchProblem, Stats, and_or_search_fn};

/// A plan as a tree: a goal, or an action with a sub-plan per outcome (in the outcomes' order).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tree {
    Goal,
    Act(usize, Vec<(usize, Tree)>),
}

/// `world[s][a]` lists the outcomes of action `a` in state `s`.
type World = Vec<Vec<Vec<usize>>>;

struct Aima<'a> {
    world: &'a World,
    goals: &'a [bool],
    stats: Stats,
}

impl Aima<'_> {
    /// aima-python's `or_search`: a goal's empty plan; failure on a state already on the path;
    /// else the first action whose every outcome has a plan.
    fn or_search(&mut self, state: usize, path: &mut Vec<usize>) -> Option<Tree> {
        self.stats.popped += 1;
        if self.goals[state] {
            return Some(Tree::Goal);
        }
        if path.contains(&state) {
            return None;
        }
        self.stats.expanded += 1;
        path.push(state);
        let mut found = None;
        for (action, outcomes) in self.world[state].iter().enumerate() {
            self.stats.generated += outcomes.len() as u64;
            if let Some(branches) = self.and_search(outcomes, path) {
                found = Some(Tree::Act(action, branches));
                break;
            }
        }
        path.pop();
        found
    }

    /// aima-python's `and_search`: a plan for every outcome, or failure at the first without.
    fn and_search(
        &mut self,
        outcomes: &[usize],
        path: &mut Vec<usize>,
    ) -> Option<Vec<(usize, Tree)>> {
        let mut branches = Vec::new();
        for &s in outcomes {
            branches.push((s, self.or_search(s, path)?));
        }
        Some(branches)
    }
}

/// The library's flat plan read from step `at` as a tree.
fn tree_of(plan: &Plan<usize, usize>, at: usize) -> Tree {
    match &plan.steps[at] {
        PlanStep::Goal => Tree::Goal,
        PlanStep::Act { action, branches } => {
            assert_eq!(plan.action(at), Some(action));
            let sub = branches.iter().map(|&(s, next)| {
                assert!(next > at, "a branch leads to a later step");
                assert_eq!(
                    plan.next(at, &s),
                    branches.iter().find(|b| b.0 == s).map(|b| b.1)
                );
                (s, tree_of(plan, next))
            });
            Tree::Act(*action, sub.collect())
        }
    }
}

/// The number of steps of a tree (one per node): the flat plan has no other step.
fn size(tree: &Tree) -> usize {
    match tree {
        Tree::Goal => 1,
        Tree::Act(_, branches) => 1 + branches.iter().map(|b| size(&b.1)).sum::<usize>(),
    }
}

fn nondeterministic(max_n: usize) -> impl Strategy<Value = World> {
    (1usize..=max_n).prop_flat_map(|n| {
        let outcomes = prop::collection::vec(0..n, 0..3);
        prop::collection::vec(prop::collection::vec(outcomes, 0..3), n)
    })
}

proptest! {
    #[test]
    fn and_or_search_is_aimas(world in nondeterministic(7), goals in prop::collection::vec(any::<bool>(), 7)) {
        let mut aima = Aima { world: &world, goals: &goals, stats: Stats { generated: 1, ..Stats::default() } };
        let expected = aima.or_search(0, &mut Vec::new());
        let r = and_or_search_fn(&0, |&s: &usize| 0..world[s].len(), |&s: &usize, &a: &usize| world[s][a].clone(), |&s| goals[s]);
        prop_assert_eq!(r.stats, aima.stats);
        let tree = r.plan.as_ref().map(|p| tree_of(p, 0));
        if let (Some(plan), Some(tree)) = (&r.plan, &tree) {
            prop_assert_eq!(plan.steps.len(), size(tree));
            prop_assert_eq!(plan.action(plan.steps.len()), None);
            prop_assert_eq!(plan.next(plan.steps.len(), &0), None);
        }
        prop_assert_eq!(tree, expected);
    }
}

/// A goal step has no action and no branch.
#[test]
fn a_goal_step_has_no_action_and_no_branch() {
    let r = and_or_search_fn(&5u8, |_| [()], |_, _| [5u8], |&s| s == 5);
    let plan = r.plan.unwrap();
    assert_eq!(plan.steps, [PlanStep::Goal]);
    assert_eq!(plan.action(0), None);
    assert_eq!(plan.next(0, &5), None);
    assert_eq!(
        r.stats,
        Stats {
            popped: 1,
            expanded: 0,
            generated: 1
        }
    );
}

/// Counters add field by field; a path's length counts its states, its steps its actions.
#[test]
fn stats_add_and_paths_measure() {
    let mut total = Stats {
        popped: 1,
        expanded: 2,
        generated: 3,
    };
    total += Stats {
        popped: 10,
        expanded: 20,
        generated: 30,
    };
    assert_eq!(
        total,
        Stats {
            popped: 11,
            expanded: 22,
            generated: 33
        }
    );
    let single = search_core::Path::<u8, char, u32>::single(7);
    assert_eq!(
        (
            single.len(),
            single.steps(),
            single.is_empty(),
            *single.last()
        ),
        (1, 0, false, 7)
    );
    assert_eq!(single.cost, 0);
    // From 1 by doubling or adding 3 to 7: 1, 4, 7 (two steps of cost 5).
    let next = |&x: &u32| [(2 * x, 5u32), (x + 3, 5)];
    let r = search_core::astar_fn(&1, next, |_| 0, |&x| x == 7);
    let path = r.path.unwrap();
    assert_eq!(
        (path.len(), path.steps(), path.is_empty(), *path.last()),
        (3, 2, false, 7)
    );
    assert_eq!((path.cost, path.step_costs.as_slice()), (10, &[5, 5][..]));
    let empty = search_core::Path::<u8, char, u32> {
        states: vec![],
        actions: vec![],
        step_costs: vec![],
        cost: 0,
    };
    assert!(empty.is_empty());
}

/// The order `search_with` pops its nodes under `SkipClosedOnPop` (every successor an entry;
/// an entry of a closed state counted and goal-tested, but not expanded),
/// against a frontier kept as a plain list and scanned for the next entry by the documented
/// rule: a queue takes the first in; a stack the last in, one expansion's first successor on
/// top; a priority frontier the lowest priority, and among equals the first in (`Fifo`), the
/// last in (`Lifo`), or the largest path cost, then the first in (`DeeperFirst`).
fn popped_reference(g: &Digraph, frontier: Frontier, ties: TieOrder) -> Vec<(usize, u32, u32)> {
    let f_of = |state: usize, cost: u32| match frontier {
        Frontier::Queue | Frontier::Stack | Frontier::Priority(Priority::PathCost) => cost,
        Frontier::Priority(Priority::PathCostPlusHeuristic) => cost + g.heuristic(&state),
        Frontier::Priority(Priority::Heuristic) => g.heuristic(&state),
        Frontier::Priority(Priority::Weighted(w)) => w.den * cost + w.num * g.heuristic(&state),
    };
    // Entries `(f, g, state)` in the order they were pushed.
    let mut open: Vec<(u32, u32, usize)> = vec![(f_of(g.start, 0), 0, g.start)];
    let (mut closed, mut popped) = (vec![false; g.n], Vec::new());
    while !open.is_empty() {
        let at = match (frontier, ties) {
            (Frontier::Queue, _) => 0,
            (Frontier::Stack, _) => open.len() - 1,
            (_, TieOrder::Fifo) => (0..open.len()).min_by_key(|&i| (open[i].0, i)).unwrap(),
            (_, TieOrder::Lifo) => (0..open.len())
                .min_by_key(|&i| (open[i].0, usize::MAX - i))
                .unwrap(),
            (_, TieOrder::DeeperFirst) => (0..open.len())
                .min_by_key(|&i| (open[i].0, u32::MAX - open[i].1, i))
                .unwrap(),
        };
        // Every entry taken is counted and goal-tested; one of a closed state is not expanded.
        let (f, cost, state) = open.remove(at);
        popped.push((state, cost, f));
        if g.is_goal(&state) {
            break;
        }
        if std::mem::replace(&mut closed[state], true) {
            continue;
        }
        let mut children: Vec<_> = g
            .out(state)
            .map(|(t, w)| (f_of(t, cost + w), cost + w, t))
            .collect();
        if frontier == Frontier::Stack {
            children.reverse();
        }
        open.extend(children);
    }
    popped
}

proptest! {
    #[test]
    fn search_with_pops_in_the_documented_tie_order(
        n in 2usize..8,
        edges in prop::collection::vec((0usize..8, 0usize..8, 1u32..3), 0..20),
        h in prop::collection::vec(0u32..3, 8),
        dense in any::<bool>(),
        frontier in prop_oneof![
            Just(Frontier::Queue),
            Just(Frontier::Stack),
            Just(Frontier::Priority(Priority::PathCost)),
            Just(Frontier::Priority(Priority::PathCostPlusHeuristic)),
            Just(Frontier::Priority(Priority::Heuristic)),
        ],
        ties in prop_oneof![Just(TieOrder::Fifo), Just(TieOrder::Lifo), Just(TieOrder::DeeperFirst)],
    ) {
        let edges: Vec<_> = edges.into_iter().map(|(a, b, w)| (a % n, b % n, w)).collect();
        let mut g = Digraph::new(n, &edges, n - 1);
        g.h = h[..n].to_vec();
        g.dense = dense;
        let mut popped = Vec::new();
        let options = SearchOptions::new(frontier).ties(ties);
        let report = search_with(&g, options, |p: &Popped<'_, usize, u32>| popped.push((*p.state, p.g, p.f)));
        // Queue and stack frontiers report the path cost as the priority.
        prop_assert_eq!(&popped, &popped_reference(&g, frontier, ties));
        prop_assert_eq!(report.stats.popped, popped.len() as u64);
    }
}

/// Equal priorities: the first in leaves first (`Fifo`), the last in (`Lifo`), the deepest
/// (`DeeperFirst`): from 0, three successors at cost 1, then 3's successor 4 at cost 2.
#[test]
fn tie_orders_on_a_fan() {
    let g = Digraph::new(5, &[(0, 1, 1), (0, 2, 1), (0, 3, 1), (3, 4, 1)], 4);
    let order = |ties| {
        let mut popped = Vec::new();
        let options = SearchOptions::new(Frontier::Priority(Priority::PathCost)).ties(ties);
        search_with(&g, options, |p: &Popped<'_, usize, u32>| {
            popped.push(*p.state)
        });
        popped
    };
    assert_eq!(order(TieOrder::Fifo), [0, 1, 2, 3, 4]);
    assert_eq!(order(TieOrder::Lifo), [0, 3, 2, 1, 4]);
    assert_eq!(order(TieOrder::DeeperFirst), [0, 1, 2, 3, 4]);
}
