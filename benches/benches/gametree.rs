//! Benchmarks for `gametree`: parsing and searching a tree with a million leaves (branching 1024
//! at the root), alpha-beta against its peer plain minimax, a deep chain, and the 50-tree file.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::{GameTree, solve, solve_minimax, solve_text};
use rand::{Rng, SeedableRng, rngs::StdRng};
use std::fmt::Write as _;
use std::hint::black_box;

/// Root MAX with `branches` MIN children sharing `leaves` leaves.
fn wide_tree(branches: usize, leaves: usize) -> String {
    let mut rng = StdRng::seed_from_u64(352);
    let mut nodes = String::from("{(R,MAX)");
    let mut edges = String::from("{");
    for b in 0..branches {
        let _ = write!(nodes, ",(M{b},MIN)");
        let _ = write!(edges, "(R,M{b}),");
    }
    for b in 0..branches {
        for _ in 0..leaves / branches + usize::from(b < leaves % branches) {
            let _ = write!(edges, "(M{b},{}),", rng.random_range(-1_000_000..1_000_000));
        }
    }
    edges.pop();
    format!("{nodes}}} {edges}}}")
}

/// A chain of `depth` alternating nodes ending in one leaf.
fn deep_chain(depth: usize) -> String {
    let nodes: Vec<String> = (0..depth)
        .map(|i| format!("(N{i},{})", if i % 2 == 0 { "MAX" } else { "MIN" }))
        .collect();
    let mut edges: Vec<String> = (1..depth).map(|i| format!("(N{},N{i})", i - 1)).collect();
    edges.push(format!("(N{},5)", depth - 1));
    format!("{{{}}} {{{}}}", nodes.join(","), edges.join(","))
}

fn million_leaves(c: &mut Criterion) {
    let line = wide_tree(1024, 1_000_000);
    let tree = GameTree::from_line(&line).unwrap();
    let mut group = c.benchmark_group("gametree-1M-leaves");
    group.sample_size(10);
    group.bench_function("parse", |b| {
        b.iter(|| GameTree::from_line(black_box(&line)).unwrap().len());
    });
    group.bench_function("alpha-beta", |b| b.iter(|| solve(black_box(&tree))));
    group.bench_function("minimax (peer)", |b| {
        b.iter(|| solve_minimax(black_box(&tree)))
    });
    group.bench_function("parse+alpha-beta", |b| {
        b.iter(|| solve(&GameTree::from_line(black_box(&line)).unwrap()));
    });
    group.finish();
}

fn deep_and_samples(c: &mut Criterion) {
    let chain = deep_chain(200_000);
    let file = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../data/cisc352/alphabeta/tests2020_50graphs.txt"),
    )
    .unwrap();
    let mut group = c.benchmark_group("gametree");
    group.sample_size(10);
    group.bench_function("deep chain 200k parse+search", |b| {
        b.iter(|| solve(&GameTree::from_line(black_box(&chain)).unwrap()));
    });
    group.bench_function("tests2020_50graphs file", |b| {
        b.iter(|| solve_text(black_box(&file), "tests2020_50graphs.txt").len());
    });
    group.finish();
}

criterion_group!(benches, million_leaves, deep_and_samples);
criterion_main!(benches);
