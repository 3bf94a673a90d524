//! `pathfinding`'s own tests of strongly connected components, topological sort and connected
//! components (its `tests/strongly_connected_components.rs`, `tests/topological_sort.rs`,
//! `tests/connected-components.rs`, and `tests/aoc-2017-12-12.rs` with its input in
//! `tests/data/pathfinding/`), ported to graph-core with their expected values.
//!
//! Deliberate differences, said where they show:
//! - a topological sort of a cyclic graph returns the whole cycle it found (`Err(Vec<N>)`),
//!   where pathfinding returns one node of it (`Err(N)`);
//! - `pathfinding`'s `components(&groups)` (nodes grouped by the caller) is
//!   [`connected_components_fn`] with each group's members as one another's neighbours.

use graph_core::connected_components_fn;
use graph_core::directed::{strongly_connected_components_fn, topological_sort_fn};
use std::collections::BTreeSet;

/// The example at Wikipedia's "Strongly connected component" (Graph_Condensation.svg).
fn successors(n: &usize) -> Vec<usize> {
    match *n {
        0 => vec![2],
        1 => vec![0, 5],
        2 => vec![1, 4],
        3 => vec![2, 9],
        4 => vec![3, 5, 10],
        5 => vec![6, 8, 13],
        6 => vec![7],
        7 => vec![8, 15],
        8 => vec![6, 15],
        9 => vec![10],
        10 => vec![11, 12],
        11 => vec![9],
        12 => vec![11, 13],
        13 => vec![14, 15],
        14 => vec![13],
        15 => vec![],
        _ => panic!("no node {n}"),
    }
}

const EXPECTED: &[&[usize]] = &[
    &[0, 1, 2, 3, 4],
    &[5],
    &[6, 7, 8],
    &[9, 10, 11, 12],
    &[13, 14],
    &[15],
];

fn sets<N: Ord + Clone>(parts: &[Vec<N>]) -> BTreeSet<BTreeSet<N>> {
    parts.iter().map(|p| p.iter().cloned().collect()).collect()
}

#[test]
fn empty_scc() {
    assert!(strongly_connected_components_fn(&[], successors).is_empty());
}

#[test]
fn single_scc() {
    let c = strongly_connected_components_fn(&[42], |_| Vec::<usize>::new());
    assert_eq!(c, vec![vec![42]]);
}

#[test]
fn wikipedia_sccs_from_every_start() {
    let expected: Vec<Vec<usize>> = EXPECTED.iter().map(|c| c.to_vec()).collect();
    let all: Vec<usize> = (0..16).collect();
    assert_eq!(
        sets(&strongly_connected_components_fn(&all, successors)),
        sets(&expected)
    );
    // From one node: its component and everything reachable from it.
    for (i, component) in EXPECTED.iter().enumerate() {
        let from = strongly_connected_components_fn(&[component[0]], successors);
        let mine: BTreeSet<usize> = component.iter().copied().collect();
        assert!(sets(&from).contains(&mine), "{component:?}");
        if i == EXPECTED.len() - 1 {
            assert_eq!(from, vec![vec![15]]);
        }
    }
}

#[test]
fn topological_sort_of_nothing_is_empty() {
    let empty: Vec<usize> = vec![];
    assert_eq!(topological_sort_fn(&empty, |&n| vec![n]), Ok(empty));
}

#[test]
fn divisors_come_before_their_multiples() {
    // pathfinding shuffles 1..1000 with a thread RNG; a fixed odd stride shuffles here.
    let ints: Vec<u32> = (0..999).map(|i| (i * 389) % 999 + 1).collect();
    let sorted = topological_sort_fn(&ints, |&n| {
        (2..)
            .map(|m| m * n)
            .take_while(|&p| p < 1000)
            .collect::<Vec<_>>()
    })
    .unwrap();
    assert_eq!(sorted.len(), 999);
    for (i, &vi) in sorted.iter().enumerate() {
        for &vj in &sorted[i + 1..] {
            assert!(vi % vj != 0, "{vj} is after {vi} and divides it");
        }
    }
}

#[test]
fn each_node_is_asked_for_its_successors_once() {
    let ints: Vec<u32> = (0..999).map(|i| (i * 389) % 999 + 1).collect();
    let mut requested = 0;
    let result = topological_sort_fn(&ints, |&n| {
        requested += 1;
        if n < 999 { vec![n + 1] } else { vec![] }
    });
    assert_eq!(result, Ok((1..1000).collect()));
    assert_eq!(requested, 999);
}

#[test]
fn a_cycle_is_returned_whole() {
    // pathfinding: Err(one node of the cycle); graph-core: the cycle itself.
    let succs: [&[usize]; 5] = [&[1], &[2], &[3], &[1, 4], &[]];
    let cycle = topological_sort_fn(&[0], |&n| succs[n].to_vec()).unwrap_err();
    assert_eq!(cycle, [1, 2, 3]);
}

#[test]
fn components_of_groups() {
    // pathfinding's basic_components: groups [1, 2], [3, 4], [5, 6], [1, 4, 7].
    let groups: [&[u32]; 4] = [&[1, 2], &[3, 4], &[5, 6], &[1, 4, 7]];
    let starts: Vec<u32> = groups.iter().flat_map(|g| g.iter().copied()).collect();
    let together = |&n: &u32| {
        groups
            .iter()
            .filter(|g| g.contains(&n))
            .flat_map(|g| g.iter().copied())
            .collect::<Vec<_>>()
    };
    let c = connected_components_fn(&starts, together);
    assert_eq!(sets(&c), sets(&[vec![1, 2, 3, 4, 7], vec![5, 6]]));
}

/// pathfinding's tests/aoc-2017-12-12.rs (Advent of Code 2017, day 12): 2000 programs joined by
/// pipes, the input in `tests/data/pathfinding/`. Its three methods (`connected_components`,
/// `separate_components`, `components` of groups) are [`connected_components_fn`] over the
/// pipes, [`graph_core::connected_components`] of the pipes as a [`graph_core::MultiGraph`],
/// and [`connected_components_fn`] over the groups; each finds 186 groups, 152 programs with 0.
mod aoc_2017_12_12 {
    use super::sets;
    use graph_core::{MultiGraph, connected_components, connected_components_fn};

    /// Each line `a <-> b, c, ...` as `[a, b, c, ...]`; line `a` is program `a`'s.
    fn pipes() -> Vec<Vec<usize>> {
        let pipes: Vec<Vec<usize>> = include_str!("data/pathfinding/aoc-2017-12-12.txt")
            .lines()
            .map(|line| {
                line.replace(" <->", ",")
                    .split(", ")
                    .map(|w| w.parse().unwrap())
                    .collect()
            })
            .collect();
        assert!(pipes.iter().enumerate().all(|(i, l)| l[0] == i));
        pipes
    }

    fn check(groups: &[Vec<usize>]) {
        let zero = groups.iter().find(|g| g.contains(&0)).unwrap();
        assert_eq!(zero.len(), 152);
        assert_eq!(groups.len(), 186);
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 2000);
    }

    #[test]
    fn method1() {
        let pipes = pipes();
        let all: Vec<usize> = pipes.iter().map(|l| l[0]).collect();
        check(&connected_components_fn(&all, |&n| pipes[n][1..].to_vec()));
    }

    #[test]
    fn method2() {
        let pipes = pipes();
        let edges: Vec<(usize, usize)> = (pipes.iter())
            .flat_map(|l| l[1..].iter().map(move |&b| (l[0], b)))
            .collect();
        let graph = MultiGraph::from_edges(pipes.len(), &edges).unwrap();
        let groups = connected_components(&graph);
        check(&groups);
        let all: Vec<usize> = (0..pipes.len()).collect();
        let by_closure = connected_components_fn(&all, |&n| pipes[n][1..].to_vec());
        assert_eq!(sets(&groups), sets(&by_closure));
    }

    #[test]
    fn method3() {
        let pipes = pipes();
        let mut member_of = vec![Vec::new(); pipes.len()];
        for (g, group) in pipes.iter().enumerate() {
            for &n in group {
                member_of[n].push(g);
            }
        }
        let together = |&n: &usize| {
            (member_of[n].iter())
                .flat_map(|&g| pipes[g].iter().copied())
                .collect::<Vec<_>>()
        };
        let starts: Vec<usize> = pipes.iter().flatten().copied().collect();
        check(&connected_components_fn(&starts, together));
    }
}
