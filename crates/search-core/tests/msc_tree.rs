//! The shortest-path tree and plain reachability (tree.rs) against slower obvious versions on
//! random digraphs: every state's cost, parent, path and place in the reached order, and the
//! counters, for the trait forms and the closure forms alike.

use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{Stats, reachable, reachable_fn, shortest_path_tree, shortest_path_tree_fn};
use std::collections::VecDeque;

/// Random digraphs from state 0, with zero-cost edges and many equal costs (ties decide
/// parents and order).
fn digraph() -> impl Strategy<Value = Digraph> {
    (1usize..12).prop_flat_map(|n| {
        prop::collection::vec((0..n, 0..n, 0u32..4), 0..36)
            .prop_map(move |edges| Digraph::new(n, &edges, 0))
    })
}

/// One state of the plain tree.
struct Plain {
    state: usize,
    cost: u32,
    /// The parent's index in the reached order (the start's own, 0, for the start).
    parent: usize,
    done: bool,
    /// The number of the latest improvement of `cost` (the start's is 0).
    seq: u64,
}

/// Uniform-cost search written plainly: a list of reached states in the order first reached,
/// the next expanded being the unexpanded one of the lowest (cost, latest improvement), a cost
/// lowered only by a strictly cheaper path. Returns (state, parent state, cost) in the
/// reached order, and the counters: every improvement is one more frontier entry, and the
/// search pops every entry it pushed.
fn plain_tree(g: &Digraph) -> (Vec<(usize, usize, u32)>, Stats) {
    let mut nodes = vec![Plain {
        state: g.start,
        cost: 0,
        parent: 0,
        done: false,
        seq: 0,
    }];
    let (mut seq, mut generated, mut expanded) = (0u64, 1u64, 0u64);
    while let Some(at) = (0..nodes.len())
        .filter(|&i| !nodes[i].done)
        .min_by_key(|&i| (nodes[i].cost, nodes[i].seq))
    {
        nodes[at].done = true;
        expanded += 1;
        let (state, cost) = (nodes[at].state, nodes[at].cost);
        for (child, w) in g.out(state) {
            generated += 1;
            let child_cost = cost + w;
            match nodes.iter().position(|n| n.state == child) {
                None => nodes.push(Plain {
                    state: child,
                    cost: child_cost,
                    parent: at,
                    done: false,
                    seq: seq + 1,
                }),
                Some(i) if !nodes[i].done && child_cost < nodes[i].cost => {
                    nodes[i].cost = child_cost;
                    nodes[i].parent = at;
                    nodes[i].seq = seq + 1;
                }
                Some(_) => continue,
            }
            seq += 1;
        }
    }
    let list = nodes
        .iter()
        .map(|n| (n.state, nodes[n.parent].state, n.cost))
        .collect();
    let stats = Stats {
        popped: seq + 1,
        expanded,
        generated,
    };
    (list, stats)
}

/// Breadth-first reachability written plainly.
fn plain_reachable(g: &Digraph) -> (Vec<usize>, Stats) {
    let mut order = vec![g.start];
    let mut queue = VecDeque::from([g.start]);
    let mut generated = 1;
    while let Some(s) = queue.pop_front() {
        for (child, _) in g.out(s) {
            generated += 1;
            if !order.contains(&child) {
                order.push(child);
                queue.push_back(child);
            }
        }
    }
    let n = order.len() as u64;
    let stats = Stats {
        popped: n,
        expanded: n,
        generated,
    };
    (order, stats)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_tree_is_the_plain_uniform_cost_tree(g in digraph()) {
        let (list, stats) = plain_tree(&g);
        let tree = shortest_path_tree(&g);
        let ours: Vec<(usize, usize, u32)> = tree.iter().map(|(s, p, c)| (*s, *p, c)).collect();
        prop_assert_eq!(&ours, &list);
        prop_assert_eq!(tree.stats, stats);
        prop_assert_eq!(tree.len(), list.len());
        prop_assert!(!tree.is_empty());
        for s in 0..g.n {
            let entry = list.iter().find(|e| e.0 == s);
            prop_assert_eq!(tree.cost(&s), entry.map(|e| e.2));
            let parent = entry.filter(|_| s != g.start).map(|e| e.1);
            prop_assert_eq!(tree.parent(&s).copied(), parent);
            // The path: the parents back to the start.
            let path = entry.map(|_| {
                let mut out = vec![s];
                while let Some(&p) = tree.parent(out.last().unwrap()) {
                    out.push(p);
                }
                out.reverse();
                out
            });
            prop_assert_eq!(tree.path_to(&s), path);
        }
        // The closure form: the same tree and counters.
        let by_fn = shortest_path_tree_fn(&g.start, |&s: &usize| g.out(s).collect::<Vec<_>>());
        let theirs: Vec<(usize, usize, u32)> = by_fn.iter().map(|(s, p, c)| (*s, *p, c)).collect();
        prop_assert_eq!(&theirs, &list);
        prop_assert_eq!(by_fn.stats, stats);
    }

    #[test]
    fn reachable_is_the_plain_breadth_first_order(g in digraph()) {
        let (order, stats) = plain_reachable(&g);
        prop_assert_eq!(reachable(&g), (order.clone(), stats));
        let by_fn = reachable_fn(&g.start, |&s: &usize| g.out(s).map(|e| e.0).collect::<Vec<_>>());
        prop_assert_eq!(by_fn, (order, stats));
    }
}
