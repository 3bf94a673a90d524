//! `search_with` against a model of its duplicate policies that follows the order in which the
//! search pops its nodes (seen through the observer) and checks everything else: each popped
//! node's path cost and priority, what each expansion adds to the frontier (new entries,
//! redirected ones, dropped ones), and the final counters, `open` and `closed`. Every frontier,
//! tie order, duplicate policy and successor order, on random digraphs with a heuristic.
//!
//! The model, from the module docs of `policy`: a popped node is counted, goal-tested, and then
//! - `SkipClosedOnPop`: skipped when its state is closed, else closed and expanded; every
//!   successor becomes an entry;
//! - `FilterClosedOnPush`: closed (again) and expanded; successors whose state is closed are
//!   dropped;
//! - `SkipOpenOrClosed`: closed and expanded; successors whose state is closed or on the
//!   frontier are dropped (one entry per state);
//! - `Redirect`: as `SkipOpenOrClosed`, but a successor of an open state whose priority is
//!   strictly lower replaces that state's entry;
//! - `Ignore` (tree search): closed (again) and expanded; every successor becomes an entry (on
//!   acyclic digraphs only, where a tree search ends).
//!
//! `generated` counts the start and every entry made (a redirection makes one).

use super::support;
use proptest::prelude::*;
use search_core::policy::{
    Duplicates, Frontier, Popped, Priority, SearchOptions, SuccessorOrder, TieOrder, search_with,
};
use search_core::test_support::Digraph;
use search_core::{SearchProblem, Stats, Weight};
use std::collections::{HashMap, HashSet};

struct Model<'a> {
    g: &'a Digraph,
    options: SearchOptions,
    /// Entries on the frontier: `(state, g)` with their multiplicity (one-per-state policies
    /// keep one per state).
    entries: HashMap<(usize, u32), usize>,
    /// The path cost of each open state's entry (one-per-state policies).
    heads: HashMap<usize, u32>,
    closed: HashSet<usize>,
    stats: Stats,
    /// The last node popped, not yet expanded.
    pending: Option<(usize, u32)>,
}

impl Model<'_> {
    fn one_per_state(&self) -> bool {
        matches!(
            self.options.duplicates,
            Duplicates::SkipOpenOrClosed | Duplicates::Redirect
        )
    }

    /// The priority of a node of `state` at path cost `g`.
    fn f(&self, g: u32, state: usize) -> u32 {
        let h = self.g.heuristic(&state);
        match self.options.frontier {
            Frontier::Queue | Frontier::Stack => g,
            Frontier::Priority(Priority::PathCost) => g,
            Frontier::Priority(Priority::PathCostPlusHeuristic) => g + h,
            Frontier::Priority(Priority::Heuristic) => h,
            Frontier::Priority(Priority::Weighted(w)) => w.den * g + w.num * h,
        }
    }

    fn push(&mut self, state: usize, g: u32) {
        *self.entries.entry((state, g)).or_default() += 1;
        if self.one_per_state() {
            self.heads.insert(state, g);
        }
        self.stats.generated += 1;
    }

    fn remove(&mut self, state: usize, g: u32) {
        let n = self.entries.get_mut(&(state, g)).expect("a frontier entry");
        *n -= 1;
        if *n == 0 {
            self.entries.remove(&(state, g));
        }
    }

    /// The search popped `(state, g)` with priority `f`.
    fn popped(&mut self, state: usize, g: u32, f: u32) {
        self.expand_pending();
        self.stats.popped += 1;
        assert_eq!(f, self.f(g, state), "the priority of {state} at {g}");
        if self.one_per_state() {
            assert_eq!(
                self.heads.remove(&state),
                Some(g),
                "{state} left the frontier with its entry's path cost"
            );
        }
        self.remove(state, g);
        if !self.g.is_goal(&state) {
            self.pending = Some((state, g));
        }
    }

    fn expand_pending(&mut self) {
        let Some((state, g)) = self.pending.take() else {
            return;
        };
        let fresh = self.closed.insert(state);
        if !fresh && self.options.duplicates == Duplicates::SkipClosedOnPop {
            return;
        }
        self.stats.expanded += 1;
        let mut children: Vec<(usize, u32)> = self.g.out(state).collect();
        if self.options.successors == SuccessorOrder::ByHeuristic {
            children.sort_by_key(|&(t, _)| self.g.heuristic(&t));
        }
        for (child, step) in children {
            let child_g = g + step;
            match self.options.duplicates {
                Duplicates::SkipClosedOnPop | Duplicates::Ignore => self.push(child, child_g),
                _ if self.closed.contains(&child) => {}
                Duplicates::FilterClosedOnPush => self.push(child, child_g),
                Duplicates::SkipOpenOrClosed if self.heads.contains_key(&child) => {}
                Duplicates::Redirect if self.heads.contains_key(&child) => {
                    let old = self.heads[&child];
                    if self.f(child_g, child) < self.f(old, child) {
                        self.remove(child, old);
                        self.push(child, child_g);
                    }
                }
                _ => self.push(child, child_g),
            }
        }
    }
}

fn options() -> impl Strategy<Value = SearchOptions> {
    let duplicates = prop_oneof![
        Just(Duplicates::SkipClosedOnPop),
        Just(Duplicates::FilterClosedOnPush),
        Just(Duplicates::SkipOpenOrClosed),
        Just(Duplicates::Redirect),
    ];
    with_duplicates(duplicates)
}

/// The frontiers, tie orders and successor orders with duplicate policies from `duplicates`.
fn with_duplicates(
    duplicates: impl Strategy<Value = Duplicates>,
) -> impl Strategy<Value = SearchOptions> {
    let frontier = prop_oneof![
        Just(Frontier::Queue),
        Just(Frontier::Stack),
        Just(Frontier::Priority(Priority::PathCost)),
        Just(Frontier::Priority(Priority::PathCostPlusHeuristic)),
        Just(Frontier::Priority(Priority::Heuristic)),
        (0u32..4, 1u32..4)
            .prop_map(|(n, d)| Frontier::Priority(Priority::Weighted(Weight::new(n, d)))),
    ];
    let ties = prop_oneof![
        Just(TieOrder::Fifo),
        Just(TieOrder::Lifo),
        Just(TieOrder::DeeperFirst)
    ];
    let successors = prop_oneof![
        Just(SuccessorOrder::AsGiven),
        Just(SuccessorOrder::ByHeuristic)
    ];
    (frontier, ties, duplicates, successors).prop_map(|(frontier, t, d, s)| {
        SearchOptions::new(frontier)
            .ties(t)
            .duplicates(d)
            .successors(s)
    })
}

/// Runs `search_with` on `g` with `options` beside the model.
fn check(g: &Digraph, options: SearchOptions) -> Result<(), TestCaseError> {
    let mut model = Model {
        g,
        options,
        entries: HashMap::new(),
        heads: HashMap::new(),
        closed: HashSet::new(),
        stats: Stats::default(),
        pending: None,
    };
    model.push(g.start, 0);
    let mut last = None;
    let report = search_with(g, options, |p: &Popped<'_, usize, u32>| {
        assert_eq!(p.step, model.stats.popped + 1);
        model.popped(*p.state, p.g, p.f);
        last = Some((*p.state, p.g));
    });
    // The search ends on a goal, or with the frontier empty.
    match &report.path {
        Some(path) => {
            prop_assert_eq!(last, Some((g.goal, path.cost)));
            prop_assert_eq!(path.states[0], g.start);
            let steps: Vec<u32> = path.actions.iter().map(|&e| g.edges[e].2).collect();
            prop_assert_eq!(&path.step_costs, &steps);
            prop_assert_eq!(steps.iter().sum::<u32>(), path.cost);
            for (pair, &e) in path.states.windows(2).zip(&path.actions) {
                prop_assert_eq!((pair[0], pair[1]), (g.edges[e].0, g.edges[e].1));
            }
        }
        None => {
            model.expand_pending();
            prop_assert!(model.entries.is_empty(), "{:?}", model.entries);
        }
    }
    prop_assert_eq!(report.stats, model.stats);
    let open = if model.one_per_state() {
        model.heads.len()
    } else {
        model.entries.values().sum()
    };
    prop_assert_eq!(report.open, open);
    prop_assert_eq!(report.closed, model.closed.len());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn search_with_follows_its_duplicate_policy(g in support::with_random_h(2..10, 8), options in options()) {
        check(&g, options)?;
    }

    /// Tree search on acyclic digraphs (arcs kept only from lower states to higher ones).
    #[test]
    fn tree_search_follows_the_model(g in support::with_random_h(2..9, 8), options in with_duplicates(Just(Duplicates::Ignore))) {
        let arcs: Vec<_> = g.edges.iter().filter(|e| e.0 < e.1).copied().collect();
        let dag = Digraph { edges: arcs, ..g };
        check(&dag, options)?;
    }
}

/// Two open states (1 and 2, from the first expansion) both redirected by one later expansion
/// (of 3), state 1 twice (parallel edges, each cheaper than the last): each redirection goes to
/// its own state's entry. The goal is state 2.
#[test]
fn several_redirections_in_one_expansion() {
    let edges = [
        (0, 1, 10),
        (0, 2, 10),
        (0, 3, 1),
        (3, 2, 2),
        (3, 1, 5),
        (3, 1, 3),
        (1, 4, 1),
    ];
    let g = Digraph::new(5, &edges, 2);
    let frontiers = [
        Frontier::Queue,
        Frontier::Stack,
        Frontier::Priority(Priority::PathCost),
        Frontier::Priority(Priority::PathCostPlusHeuristic),
    ];
    for frontier in frontiers {
        for ties in [TieOrder::Fifo, TieOrder::Lifo, TieOrder::DeeperFirst] {
            let options = SearchOptions::new(frontier)
                .ties(ties)
                .duplicates(Duplicates::Redirect);
            check(&g, options).unwrap();
        }
    }
    let options =
        SearchOptions::new(Frontier::Priority(Priority::PathCost)).duplicates(Duplicates::Redirect);
    let report = search_with(&g, options, |_: &Popped<'_, usize, u32>| {});
    assert_eq!(
        report.path.map(|p| (p.states, p.cost)),
        Some((vec![0, 3, 2], 3))
    );
}
