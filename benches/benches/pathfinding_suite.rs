//! `pathfinding`'s own benchmarks (4.16: `benches/algos.rs`, `benches/algos-fill.rs` and
//! `benches/movingai.rs`), each run on both crates with the same closures: the call a user of
//! `pathfinding` writes, and the one they port it to. Every pair's answers are checked equal
//! before it is timed.
//!
//! - `algos`: corner to corner on an open 65x65 grid of `Pt { x: u16, y: u16 }` cells with four
//!   moves of cost 1 and the Manhattan distance as heuristic, and from (2, 3) with no goal at
//!   all (the whole grid explored). Its `no_path_dfs` runs `bfs`, as there. `pathfinding`'s
//!   `dfs` is a graph search: beside `depth_first_fn` (a tree search over simple paths, which
//!   snakes through the open grid the same way) its rows `dfs_graph` time
//!   `depth_first_graph_fn`, the graph search, and `fill-no_path_dfs` (no goal) that one alone.
//! - `algos_fill`: the same on a 33x33 grid whose cells carry 256 bytes of filler, so that a
//!   clone of a state costs.
//! - `arena`: A* over the Moving AI set's `arena` map and its 160 scenarios, the map and
//!   scenarios parsed by the `movingai` crate (as there, inside the timed loop), its `neighbors`
//!   (eight moves, corners cut) and the Euclidean distance; `pathfinding`'s costs are
//!   `noisy_float`'s `R64`, ours plain `f64`, which our `Cost` takes without a wrapper.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use movingai::parser::{parse_map_file, parse_scen_file};
use movingai::{Coords2D, Map2D};
use noisy_float::prelude::{R64, r64};
use search_core::{
    astar_fn, bidirectional_bfs_fn, breadth_first_fn, depth_first_fn, depth_first_graph_fn,
    fringe_fn, idastar_fn, iterative_deepening_fn, uniform_cost_fn,
};
use std::hash::Hash;
use std::hint::black_box;
use std::path::Path;

/// A grid cell of `pathfinding`'s benchmarks.
trait Cell: Clone + Eq + Hash + std::fmt::Debug {
    /// The cell at (x, y).
    fn at(x: u16, y: u16) -> Self;
    /// Its coordinates.
    fn xy(&self) -> (u16, u16);
}

/// `algos.rs`'s `Pt`.
#[derive(Clone, Debug, Eq, Hash, PartialEq)]
struct Pt {
    x: u16,
    y: u16,
}

impl Cell for Pt {
    fn at(x: u16, y: u16) -> Self {
        Self { x, y }
    }
    fn xy(&self) -> (u16, u16) {
        (self.x, self.y)
    }
}

/// `algos-fill.rs`'s `Pt`: 256 bytes of filler.
#[derive(Clone, Debug, Eq, Hash, PartialEq)]
struct FilledPt {
    x: u16,
    y: u16,
    fill: [u64; 32],
}

impl Cell for FilledPt {
    fn at(x: u16, y: u16) -> Self {
        Self {
            x,
            y,
            fill: [0; 32],
        }
    }
    fn xy(&self) -> (u16, u16) {
        (self.x, self.y)
    }
}

/// The open grid of cells (0, 0) to (`SIDE`, `SIDE`).
struct Grid<const SIDE: u16>;

impl<const SIDE: u16> Grid<SIDE> {
    /// `pathfinding`'s `successors`: left, right, up, down, in a vector.
    #[inline]
    fn successors<C: Cell>(pt: &C) -> Vec<C> {
        let (x, y) = pt.xy();
        let mut ret = Vec::with_capacity(4);
        if 0 < x {
            ret.push(C::at(x - 1, y));
        }
        if x < SIDE {
            ret.push(C::at(x + 1, y));
        }
        if 0 < y {
            ret.push(C::at(x, y - 1));
        }
        if y < SIDE {
            ret.push(C::at(x, y + 1));
        }
        ret
    }

    #[inline]
    fn weighted<C: Cell>(pt: &C) -> impl Iterator<Item = (C, usize)> + use<C, SIDE> {
        Self::successors(pt).into_iter().map(|n| (n, 1))
    }

    /// The Manhattan distance to the far corner.
    #[inline]
    fn heuristic<C: Cell>(pt: &C) -> usize {
        let (x, y) = pt.xy();
        usize::from(2 * SIDE - x - y)
    }

    fn corner<C: Cell>(pt: &C) -> bool {
        pt.xy() == (SIDE, SIDE)
    }
}

/// Times `ours` and `theirs` in the group `name` after checking that they answer the same.
fn pair<T: PartialEq + std::fmt::Debug>(
    c: &mut Criterion,
    name: &str,
    ours: &dyn Fn() -> T,
    theirs: &dyn Fn() -> T,
) {
    assert_eq!(ours(), theirs(), "{name}: the answers differ");
    let mut group = c.benchmark_group(name);
    group.bench_function("search_core", |b| b.iter(|| black_box(ours())));
    group.bench_function("pathfinding", |b| b.iter(|| black_box(theirs())));
    group.finish();
}

/// Corner to corner: the informed and uniform-cost searches (their costs), breadth-first
/// search both ways (the path's length) and depth-first search (found or not: the two
/// crates' depth-first orders differ).
fn corner_to_corner<C: Cell, const SIDE: u16>(c: &mut Criterion, prefix: &str) {
    type G<const S: u16> = Grid<S>;
    let (start, goal) = (C::at(0, 0), C::at(SIDE, SIDE));
    let name = |what: &str| format!("{prefix}corner_to_corner_{what}");
    let (next, h, done) = (
        G::<SIDE>::successors,
        G::<SIDE>::heuristic,
        G::<SIDE>::corner,
    );
    let weighted = G::<SIDE>::weighted;
    use pathfinding::prelude as pf;
    pair(
        c,
        &name("astar"),
        &|| astar_fn(&start, weighted, h, done).path.map(|p| p.cost),
        &|| pf::astar(&start, weighted, h, done).map(|p| p.1),
    );
    pair(
        c,
        &name("bfs"),
        &|| breadth_first_fn(&start, next, done).path.map(|p| p.len()),
        &|| pf::bfs(&start, next, done).map(|p| p.len()),
    );
    pair(
        c,
        &name("bfs_bidirectional"),
        &|| {
            let r = bidirectional_bfs_fn(&start, &goal, next, next);
            r.path.map(|p| p.len())
        },
        &|| pf::bfs_bidirectional(&start, &goal, next, next).map(|p| p.len()),
    );
    pair(
        c,
        &name("dfs"),
        &|| {
            depth_first_fn(&start, next, done, None)
                .path
                .map(|p| p.len())
        },
        &|| pf::dfs(start.clone(), next, done).map(|p| p.len()),
    );
    pair(
        c,
        &name("dfs_graph"),
        &|| graph_dfs(&start, next, done),
        &|| pf::dfs(start.clone(), next, done).map(|p| p.len()),
    );
    pair(
        c,
        &name("dijkstra"),
        &|| uniform_cost_fn(&start, weighted, done).path.map(|p| p.cost),
        &|| pf::dijkstra(&start, weighted, done).map(|p| p.1),
    );
    pair(
        c,
        &name("fringe"),
        &|| fringe_fn(&start, weighted, h, done).path.map(|p| p.cost),
        &|| pf::fringe(&start, weighted, h, done).map(|p| p.1),
    );
    pair(
        c,
        &name("idastar"),
        &|| idastar_fn(&start, weighted, h, done).path.map(|p| p.cost),
        &|| pf::idastar(&start, weighted, h, done).map(|p| p.1),
    );
    let five = |n: &C| n.xy() == (5, 5);
    pair(
        c,
        &name("iddfs"),
        &|| {
            iterative_deepening_fn(&start, next, five, None)
                .path
                .map(|p| p.len())
        },
        &|| pf::iddfs(start.clone(), next, five).map(|p| p.len()),
    );
}

/// From (2, 3) with no goal: every cell reached.
fn no_path<C: Cell, const SIDE: u16>(c: &mut Criterion, prefix: &str, bidirectional: bool) {
    type G<const S: u16> = Grid<S>;
    let start = C::at(2, 3);
    let name = |what: &str| format!("{prefix}no_path_{what}");
    let (next, weighted) = (G::<SIDE>::successors, G::<SIDE>::weighted);
    let never = |_: &C| false;
    use pathfinding::prelude as pf;
    pair(
        c,
        &name("astar"),
        &|| astar_fn(&start, weighted, |_| 1, never).path.is_some(),
        &|| pf::astar(&start, weighted, |_| 1, never).is_some(),
    );
    pair(
        c,
        &name("bfs"),
        &|| breadth_first_fn(&start, next, never).path.is_some(),
        &|| pf::bfs(&start, next, never).is_some(),
    );
    if bidirectional {
        // Nothing leads to the goal: the backward side has no predecessors.
        let (goal, none) = (C::at(u16::MAX, u16::MAX), |_: &C| Vec::<C>::new());
        pair(
            c,
            &name("bfs_bidirectional"),
            &|| {
                bidirectional_bfs_fn(&start, &goal, next, none)
                    .path
                    .is_some()
            },
            &|| pf::bfs_bidirectional(&start, &goal, next, none).is_some(),
        );
    }
    pair(
        c,
        &name("dijkstra"),
        &|| uniform_cost_fn(&start, weighted, never).path.is_some(),
        &|| pf::dijkstra(&start, weighted, never).is_some(),
    );
    pair(
        c,
        &name("fringe"),
        &|| fringe_fn(&start, weighted, |_| 1, never).path.is_some(),
        &|| pf::fringe(&start, weighted, |_| 1, never).is_some(),
    );
}

fn algos(c: &mut Criterion) {
    corner_to_corner::<Pt, 64>(c, "");
    no_path::<Pt, 64>(c, "", true);
}

fn algos_fill(c: &mut Criterion) {
    corner_to_corner::<FilledPt, 32>(c, "fill-");
    no_path::<FilledPt, 32>(c, "fill-", false);
    // Its `no_path_dfs` runs `dfs` here (`bfs` in `algos.rs`). `pathfinding`'s `dfs` is a graph
    // search (each state expanded once), `depth_first_graph_fn`; `depth_first_fn`, a tree search
    // over simple paths, would try every simple path of the grid.
    let start = FilledPt::at(2, 3);
    let next = Grid::<32>::successors::<FilledPt>;
    pair(
        c,
        "fill-no_path_dfs",
        &|| graph_dfs(&start, next, |_| false).is_some(),
        &|| pathfinding::prelude::dfs(start.clone(), next, |_| false).is_some(),
    );
}

/// Depth-first graph search (`pathfinding`'s `dfs`): [`depth_first_graph_fn`].
fn graph_dfs<C: Cell>(
    start: &C,
    next: impl Fn(&C) -> Vec<C>,
    done: impl FnMut(&C) -> bool,
) -> Option<usize> {
    depth_first_graph_fn(start, next, done)
        .path
        .map(|p| p.len())
}

/// The Euclidean distance between two cells.
fn distance(a: &Coords2D, b: &Coords2D) -> f64 {
    (a.0 as f64 - b.0 as f64).hypot(a.1 as f64 - b.1 as f64)
}

const ARENA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/movingai/arena.map");
const ARENA_SCEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/movingai/arena.map.scen");

/// Every scenario of `arena` by `astar_fn`: the map and scenarios parsed each time, as
/// `pathfinding`'s benchmark does. The path costs.
fn arena_ours() -> Vec<f64> {
    let map = parse_map_file(Path::new(ARENA)).expect("arena.map");
    let scenes = parse_scen_file(Path::new(ARENA_SCEN)).expect("arena.map.scen");
    let scene_cost = |scene: &movingai::SceneRecord| {
        let goal = scene.goal_pos;
        let next = |&node: &Coords2D| {
            let step = move |n| (n, distance(&node, &n));
            map.neighbors(node).into_iter().map(step)
        };
        let r = astar_fn(
            &scene.start_pos,
            next,
            |n| distance(n, &goal),
            |&n| n == goal,
        );
        r.path.expect("a path").cost
    };
    scenes.iter().map(scene_cost).collect()
}

/// The same by `pathfinding`'s `astar` with `R64` costs.
fn arena_theirs() -> Vec<f64> {
    let map = parse_map_file(Path::new(ARENA)).expect("arena.map");
    let scenes = parse_scen_file(Path::new(ARENA_SCEN)).expect("arena.map.scen");
    let r64_distance = |a: &Coords2D, b: &Coords2D| -> R64 { r64(distance(a, b)) };
    let scene_cost = |scene: &movingai::SceneRecord| {
        let goal = scene.goal_pos;
        let next = |&node: &Coords2D| {
            let step = move |n| (n, r64_distance(&node, &n));
            map.neighbors(node).into_iter().map(step)
        };
        let h = |n: &Coords2D| r64_distance(n, &goal);
        let found = pathfinding::prelude::astar(&scene.start_pos, next, h, |&n| n == goal);
        found.expect("a path").1.raw()
    };
    scenes.iter().map(scene_cost).collect()
}

fn arena(c: &mut Criterion) {
    // The two crates add the same step costs in the same order along equal paths; where the
    // paths differ (ties), their sums may differ in the last bits.
    let (ours, theirs) = (arena_ours(), arena_theirs());
    assert_eq!(ours.len(), theirs.len());
    for (a, b) in ours.iter().zip(&theirs) {
        assert!((a - b).abs() <= 1e-9, "arena: {a} against {b}");
    }
    let mut group = c.benchmark_group("arena");
    group.bench_function("search_core", |b| b.iter(|| black_box(arena_ours())));
    group.bench_function("pathfinding", |b| b.iter(|| black_box(arena_theirs())));
    group.finish();
}

criterion_group!(benches, algos, algos_fill, arena);
criterion_main!(benches);
