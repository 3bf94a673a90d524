//! Benchmarks for `graph-core` and `powergrid`: bridges side by side with petgraph's `bridges` on
//! a large simple graph, and the power grid pipeline on a generated 1,000,000-city grid.
#![allow(missing_docs)]

use benches::big_stack;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use graph_core::MultiGraph;
use petgraph::graph::UnGraph;
use petgraph::visit::EdgeRef;
use powergrid::Grid;
use powergrid::generate::{write_random_grid, write_random_queries};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::hint::black_box;
use std::time::Duration;

/// A random simple graph: a random spanning tree plus random extra edges, no parallel edges and
/// no self-loops (petgraph's `bridges` is documented for simple graphs only).
fn simple_graph(n: usize, m: usize, seed: u64) -> Vec<(usize, usize)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = HashSet::with_capacity(m);
    let mut edges = Vec::with_capacity(m);
    for v in 1..n {
        let u = rng.random_range(0..v);
        seen.insert((u, v));
        edges.push((u, v));
    }
    while edges.len() < m {
        let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
        let key = (a.min(b), a.max(b));
        if a != b && seen.insert(key) {
            edges.push((a, b));
        }
    }
    edges
}

fn bridges(c: &mut Criterion) {
    let (n, m) = (1_000_000, 2_000_000);
    let edges = simple_graph(n, m, 1);
    let ours = MultiGraph::from_edges(n, &edges).unwrap();
    let mut theirs = UnGraph::<(), ()>::with_capacity(n, m);
    for _ in 0..n {
        theirs.add_node(());
    }
    for &(a, b) in &edges {
        theirs.add_edge((a as u32).into(), (b as u32).into(), ());
    }
    let mut expected: Vec<usize> = petgraph::algo::bridges(&theirs)
        .map(|e| e.id().index())
        .collect();
    expected.sort_unstable();
    assert_eq!(graph_core::bridges(&ours), expected, "same bridges");

    let mut group = c.benchmark_group("bridges 1M vertices 2M edges");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("graph-core bridges", |b| {
        b.iter(|| graph_core::bridges(black_box(&ours)));
    });
    group.bench_function("petgraph bridges", |b| {
        b.iter(|| {
            petgraph::algo::bridges(black_box(&theirs))
                .map(|e| e.id().index())
                .collect::<Vec<_>>()
        });
    });
    group.finish();
}

fn powergrid_scale(c: &mut Criterion) {
    let (cities, lines, queries) = (1_000_000, 2_000_000, 1_000_000);
    let mut rng = StdRng::seed_from_u64(42);
    let mut text = Vec::new();
    write_random_grid(&mut rng, cities, lines, &mut text).unwrap();
    let mut query_text = Vec::new();
    write_random_queries(&mut rng, cities, queries, &mut query_text).unwrap();
    let query_text = String::from_utf8(query_text).unwrap();
    let pairs: Vec<(&str, &str)> = query_text
        .lines()
        .map(|l| l.split_once(' ').unwrap())
        .collect();

    let mut group = c.benchmark_group("powergrid 1M cities 2M lines");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.bench_function("parse + critical lines + preprocess", |b| {
        b.iter_batched(
            || text.clone(),
            |bytes| {
                let grid = Grid::from_reader(&bytes[..], "generated").unwrap();
                let critical = grid.critical_lines().len();
                let index = grid.preprocess();
                black_box((critical, index.important_lines_between(0, 1)));
            },
            BatchSize::PerIteration,
        );
    });
    let grid = Grid::from_reader(&text[..], "generated").unwrap();
    let index = grid.preprocess();
    group.bench_function("1M important_lines queries by name", |b| {
        b.iter(|| {
            let mut sum = 0;
            for &(a, b) in &pairs {
                sum += index.important_lines(a, b).unwrap();
            }
            sum
        });
    });
    group.bench_function("1M important_lines queries by name, batched", |b| {
        b.iter(|| {
            let mut sum = 0;
            index.important_lines_batch(&pairs, |_, count| sum += count.unwrap());
            sum
        });
    });
    group.finish();
}

/// Strongly connected components, topological order and connected components on 200,000
/// vertices and 600,000 random arcs, beside `pathfinding` (its closures over the same adjacency)
/// and `petgraph`; the DAG for the sort keeps only arcs from lower to higher vertices.
fn directed(c: &mut Criterion) {
    use graph_core::directed::{DiGraph, strongly_connected_components, topological_sort};
    let n = 200_000;
    let arcs = simple_graph(n, 3 * n, 11);
    let dag: Vec<(usize, usize)> = arcs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    let g = DiGraph::from_edges(n, &arcs).unwrap();
    let d = DiGraph::from_edges(n, &dag).unwrap();
    let adjacency = |edges: &[(usize, usize)]| {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            adj[a].push(b);
        }
        adj
    };
    let (adj, dag_adj) = (adjacency(&arcs), adjacency(&dag));
    let nodes: Vec<usize> = (0..n).collect();
    let ours = strongly_connected_components(&g).len();
    let theirs = big_stack(|| {
        pathfinding::prelude::strongly_connected_components(&nodes, |&v| adj[v].clone()).len()
    });
    assert_eq!(ours, theirs);
    let mut pg = petgraph::Graph::<(), ()>::new();
    let ids: Vec<_> = (0..n).map(|_| pg.add_node(())).collect();
    for &(a, b) in &arcs {
        pg.add_edge(ids[a], ids[b], ());
    }
    let mut group = c.benchmark_group("directed 200k vertices 600k arcs");
    group.sample_size(10);
    group.bench_function("scc/graph_core", |b| {
        b.iter(|| black_box(strongly_connected_components(&g).len()))
    });
    group.bench_function("scc/pathfinding", |b| {
        b.iter(|| {
            big_stack(|| {
                let sccs = pathfinding::prelude::strongly_connected_components(&nodes, |&v| {
                    adj[v].iter().copied()
                });
                black_box(sccs.len())
            })
        })
    });
    group.bench_function("scc/petgraph", |b| {
        b.iter(|| big_stack(|| black_box(petgraph::algo::tarjan_scc(&pg).len())))
    });
    group.bench_function("toposort/graph_core", |b| {
        b.iter(|| black_box(topological_sort(&d).map(|o| o.len())))
    });
    group.bench_function("toposort/pathfinding", |b| {
        b.iter(|| {
            big_stack(|| {
                let order =
                    pathfinding::prelude::topological_sort(&nodes, |&v| dag_adj[v].iter().copied());
                black_box(order.map(|o| o.len()))
            })
        })
    });
    let u = graph_core::MultiGraph::from_edges(n, &arcs).unwrap();
    group.bench_function("components/graph_core", |b| {
        b.iter(|| black_box(graph_core::connected_components(&u).len()))
    });
    let undirected: Vec<Vec<usize>> = {
        let mut adj = adj.clone();
        for &(a, b) in &arcs {
            adj[b].push(a);
        }
        adj
    };
    group.bench_function("components/pathfinding", |b| {
        b.iter(|| {
            black_box(
                pathfinding::prelude::connected_components(&nodes, |&v| {
                    undirected[v].iter().copied()
                })
                .len(),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bridges, powergrid_scale, directed);
criterion_main!(benches);
