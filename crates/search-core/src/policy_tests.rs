//! Hand-checked tests of the policies of [`search_with`](crate::search_with).

use crate::policy::{
    Duplicates, Frontier, Priority, SearchOptions, SuccessorOrder, TieOrder, search_with,
};
use crate::test_support::Digraph;
use crate::{astar, breadth_first, uniform_cost};

/// The shared test digraph with these arcs `(from, to, cost)` in successor order, from 0 to
/// `goal`, no heuristic.
fn arcs(arcs: &[(usize, usize, u32)], goal: usize) -> Digraph {
    Digraph::new(100, arcs, goal)
}

/// The states in the order they leave the frontier, and the report.
fn pops(
    problem: &Digraph,
    options: SearchOptions,
) -> (Vec<usize>, crate::policy::ReportOf<Digraph>) {
    let mut order = Vec::new();
    let report = search_with(problem, options, |p| order.push(*p.state));
    (order, report)
}

const LIFO_SKIP: SearchOptions =
    SearchOptions::new(Frontier::Priority(Priority::PathCostPlusHeuristic))
        .ties(TieOrder::Lifo)
        .duplicates(Duplicates::SkipOpenOrClosed);
const LIFO_REDIRECT: SearchOptions = LIFO_SKIP.duplicates(Duplicates::Redirect);

#[test]
fn default_policies_are_the_plain_functions() {
    let mut g = arcs(
        &[
            (0, 1, 1),
            (0, 2, 4),
            (1, 2, 2),
            (1, 3, 6),
            (2, 3, 1),
            (2, 0, 1),
        ],
        3,
    );
    g.h = vec![3, 2, 1, 0];
    let a = search_with(&g, SearchOptions::default(), |_| {}).into_result();
    assert_eq!(a, astar(&g));
    let u = search_with(
        &g,
        SearchOptions::new(Frontier::Priority(Priority::PathCost)),
        |_| {},
    );
    assert_eq!(u.into_result(), uniform_cost(&g));
    let b = search_with(&g, SearchOptions::new(Frontier::Queue), |_| {});
    assert_eq!(b.into_result(), breadth_first(&g));
}

#[test]
fn filter_closed_on_push_expands_a_duplicate_twice() {
    // 0 -> 1, 2; 1 -> 2; 2 -> 3. Stack: pop 0 (push 2, 1: 1 on top), pop 1 (push 2 again),
    // pop 2, push 3, pop 3, pop the older 2: not checked, expanded again, 3 is closed.
    let g = arcs(&[(0, 1, 1), (0, 2, 1), (1, 2, 1), (2, 3, 1)], 9);
    let stack = SearchOptions::new(Frontier::Stack).duplicates(Duplicates::FilterClosedOnPush);
    let (order, r) = pops(&g, stack);
    assert_eq!(order, [0, 1, 2, 3, 2]);
    assert!(r.path.is_none());
    assert_eq!(
        (r.stats.popped, r.stats.expanded, r.stats.generated),
        (5, 5, 5)
    );
    assert_eq!((r.open, r.closed), (0, 4));
    // Stopping at 3 leaves the older 2 on the stack: open counts it.
    let (order, r) = pops(&arcs(&g.edges, 3), stack);
    assert_eq!(order, [0, 1, 2, 3]);
    assert_eq!(r.path.unwrap().states, [0, 1, 2, 3]);
    assert_eq!((r.open, r.closed), (1, 3));
    // The default duplicate policy pops the older 2 and skips it.
    let (order, r) = pops(&g, SearchOptions::new(Frontier::Stack));
    assert_eq!(order, [0, 1, 2, 3, 2]);
    assert_eq!((r.stats.popped, r.stats.expanded), (5, 4));
}

#[test]
fn ignore_searches_a_state_once_per_path() {
    // 0 -> 1 (1), 0 -> 2 (3), 1 -> 2 (1), 2 -> 3 (1), 3 -> 0 (1): two paths to 2, and a
    // cycle. Uniform-cost tree search pops 0 (g 0), 1 (1), 2 (2), 2 (3: expanded again,
    // pushing 3 at 4), then the goal 3 (3).
    let g = arcs(&[(0, 1, 1), (0, 2, 3), (1, 2, 1), (2, 3, 1), (3, 0, 1)], 3);
    let by_cost = SearchOptions::new(Frontier::Priority(Priority::PathCost));
    let (order, r) = pops(&g, by_cost.duplicates(Duplicates::Ignore));
    assert_eq!(order, [0, 1, 2, 2, 3]);
    assert_eq!(r.path.unwrap().states, [0, 1, 2, 3]);
    // Expanded: 0, 1, 2 and 2 again (graph search: 3); generated: the start, 1, 2, 2, 3, 3.
    assert_eq!(
        (r.stats.popped, r.stats.expanded, r.stats.generated),
        (5, 4, 6)
    );
    assert_eq!((r.open, r.closed), (1, 3));
    // Graph search pops the second 2 too, but skips it.
    let (order, r) = pops(&g, by_cost);
    assert_eq!(order, [0, 1, 2, 2, 3]);
    assert_eq!((r.stats.expanded, r.stats.generated, r.open), (3, 5, 0));
    // With no goal in reach of a finite tree, a queue runs dry: 0 -> 1, 0 -> 2, 1 -> 2.
    let dag = arcs(&[(0, 1, 1), (0, 2, 1), (1, 2, 1)], 9);
    let (order, r) = pops(
        &dag,
        SearchOptions::new(Frontier::Queue).duplicates(Duplicates::Ignore),
    );
    assert_eq!(order, [0, 1, 2, 2]);
    assert!(r.path.is_none());
    assert_eq!((r.stats.expanded, r.closed), (4, 3));
}

#[test]
fn successors_by_heuristic_on_a_stack() {
    // 0 -> 1 (h 5), 2 (h 1), 3 (h 5): sorted stably 2, 1, 3, so 2 is on top, then 1, then 3.
    let mut g = arcs(&[(0, 1, 1), (0, 2, 1), (0, 3, 1)], 9);
    g.h = vec![0, 5, 1, 5];
    let options = SearchOptions::new(Frontier::Stack)
        .duplicates(Duplicates::FilterClosedOnPush)
        .successors(SuccessorOrder::ByHeuristic);
    assert_eq!(pops(&g, options).0, [0, 2, 1, 3]);
    let plain = options.successors(SuccessorOrder::AsGiven);
    assert_eq!(pops(&g, plain).0, [0, 1, 2, 3]);
}

#[test]
fn lifo_ties_take_the_newest_and_the_later_successor() {
    // All f = 0: FIFO pops in generation order, LIFO the later successor first.
    let g = arcs(&[(0, 1, 1), (0, 2, 1), (1, 3, 1)], 9);
    let greedy = SearchOptions::new(Frontier::Priority(Priority::Heuristic));
    assert_eq!(pops(&g, greedy).0, [0, 1, 2, 3]);
    assert_eq!(pops(&g, greedy.ties(TieOrder::Lifo)).0, [0, 2, 1, 3]);
}

#[test]
fn skip_open_keeps_the_first_path_and_counts_states_once() {
    // 0 -> 1 (1), 0 -> 2 (5); 1 -> 2 (1): the cheaper path to 2 is not taken.
    let g = arcs(&[(0, 1, 1), (0, 2, 5), (1, 2, 1)], 2);
    let (order, r) = pops(&g, LIFO_SKIP);
    assert_eq!(order, [0, 1, 2]);
    assert_eq!(r.path.unwrap().cost, 5);
    assert_eq!((r.stats.generated, r.open, r.closed), (3, 0, 2));
    let (order, r) = pops(&g, LIFO_REDIRECT);
    assert_eq!(order, [0, 1, 2]);
    assert_eq!(r.path.unwrap().states, [0, 1, 2]);
    // The redirected entry's stale copy is neither popped nor counted as open.
    assert_eq!(
        (r.stats.popped, r.stats.generated, r.open, r.closed),
        (3, 4, 0, 2)
    );
}

#[test]
fn redirected_entry_goes_behind_its_new_priority() {
    // 0 -> 1 (1), 3 (3), 2 (5): the list is 1(1), 3(3), 2(5). Expanding 1 redirects 2 to f 3
    // in place, behind 3: the platform pops 3 before 2 although 2 was pushed later.
    let g = arcs(&[(0, 1, 1), (0, 3, 3), (0, 2, 5), (1, 2, 2)], 2);
    let (order, r) = pops(&g, LIFO_REDIRECT);
    assert_eq!(order, [0, 1, 3, 2]);
    assert_eq!(r.path.unwrap().cost, 3);
}

#[test]
fn entry_redirected_by_its_own_expansion_keeps_its_place() {
    // 0 -> 1 (1), 3 (3). Expanding 1: 4 at g 6, then 4 again at g 3 (replaced in place at the
    // front of the list), so 4 leaves before the older 3 of equal f.
    let g = arcs(&[(0, 1, 1), (0, 3, 3), (1, 4, 5), (1, 4, 2)], 9);
    assert_eq!(pops(&g, LIFO_REDIRECT).0, [0, 1, 4, 3]);
}

#[test]
fn entries_redirected_together_keep_their_order() {
    // 0 -> 10 (10), 12 (12), 5 (1): list 5(1), 10(10), 12(12). Expanding 5 redirects 12 then 10
    // to f 5; in the list 10 stays before 12.
    let g = arcs(
        &[(0, 10, 10), (0, 12, 12), (0, 5, 1), (5, 12, 4), (5, 10, 4)],
        99,
    );
    assert_eq!(pops(&g, LIFO_REDIRECT).0, [0, 5, 10, 12]);
}
