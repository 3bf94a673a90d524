//! search-core beside `pathfinding` on real game maps (the Moving AI set's Dragon Age: Origins
//! maps under `benches/data/movingai/`), called the way a `pathfinding` user calls it: the same
//! start, the same successor closure over `(x, y)` cells, the same heuristic; 100 seeded queries
//! inside each map's largest region, every answer checked equal before timing. `MAPS=a,b` times
//! other maps (names under `benches/data/movingai/`, or paths of `.map` files), `SCEN=a.scen,b.scen`
//! the queries of Moving AI scenario files.
//!
//! Groups `movingai_<map>`: `astar` (octile, no corner cutting, 1000/1414), `dijkstra`, `bfs`
//! (4-connected), `bidirectional_bfs`, each as `search_core` (hashed closures),
//! `search_core_indexed` (the same closures over numbered cells) and `pathfinding`; `astar` also
//! as `search_core_dense` (a `SearchProblem` with dense states, the trait form).
#![allow(missing_docs)]

use benches::movingai::{Map, MapQuery, chosen_maps};
use criterion::{Criterion, criterion_group, criterion_main};
use search_core::{astar_fn, bidirectional_bfs_fn, breadth_first_fn, indexed, uniform_cost_fn};
use std::hint::black_box;
use std::time::Duration;

type Query = ((usize, usize), (usize, usize));

fn answers<T: PartialEq + std::fmt::Debug>(
    name: &str,
    qs: &[Query],
    runs: &[&dyn Fn(&Query) -> T],
) {
    for q in qs {
        let first = runs[0](q);
        for run in &runs[1..] {
            assert_eq!(run(q), first, "{name} {q:?}");
        }
    }
}

fn bench_map(c: &mut Criterion, map: &Map) {
    let qs = benches::movingai::chosen_queries(map, 100);
    if qs.is_empty() {
        return;
    }
    let m = map;
    let astar_ours = |&(s, g): &Query| {
        astar_fn(
            &s,
            |&c| m.octile_moves(c),
            |&c| Map::octile(c, g),
            |&c| c == g,
        )
        .path
        .map(|p| p.cost)
    };
    let astar_indexed = |&(s, g): &Query| {
        let (n, index) = (m.cells(), |&c: &(usize, usize)| m.index(c));
        indexed::astar_fn(
            &s,
            n,
            index,
            |&c| m.octile_moves(c),
            |&c| Map::octile(c, g),
            |&c| c == g,
        )
        .path
        .map(|p| p.cost)
    };
    let astar_dense = |&query: &Query| {
        search_core::astar(&MapQuery { map: m, query })
            .path
            .map(|p| p.cost)
    };
    let astar_theirs = |&(s, g): &Query| {
        pathfinding::prelude::astar(
            &s,
            |&c| m.octile_moves(c),
            |&c| Map::octile(c, g),
            |&c| c == g,
        )
        .map(|p| p.1)
    };
    let ucs_ours = |&(s, g): &Query| {
        uniform_cost_fn(&s, |&c| m.octile_moves(c), |&c| c == g)
            .path
            .map(|p| p.cost)
    };
    let ucs_indexed = |&(s, g): &Query| {
        let (n, index) = (m.cells(), |&c: &(usize, usize)| m.index(c));
        indexed::uniform_cost_fn(&s, n, index, |&c| m.octile_moves(c), |&c| c == g)
            .path
            .map(|p| p.cost)
    };
    let ucs_theirs = |&(s, g): &Query| {
        pathfinding::prelude::dijkstra(&s, |&c| m.octile_moves(c), |&c| c == g).map(|p| p.1)
    };
    let bfs_ours = |&(s, g): &Query| {
        breadth_first_fn(&s, |&c| m.four_moves(c), |&c| c == g)
            .path
            .map(|p| p.len())
    };
    let bfs_indexed = |&(s, g): &Query| {
        let (n, index) = (m.cells(), |&c: &(usize, usize)| m.index(c));
        indexed::breadth_first_fn(&s, n, index, |&c| m.four_moves(c), |&c| c == g)
            .path
            .map(|p| p.len())
    };
    let bfs_theirs = |&(s, g): &Query| {
        pathfinding::prelude::bfs(&s, |&c| m.four_moves(c), |&c| c == g).map(|p| p.len())
    };
    let bidi_ours = |&(s, g): &Query| {
        bidirectional_bfs_fn(&s, &g, |&c| m.four_moves(c), |&c| m.four_moves(c))
            .path
            .map(|p| p.len())
    };
    let bidi_indexed = |&(s, g): &Query| {
        let (n, index) = (m.cells(), |&c: &(usize, usize)| m.index(c));
        let next = |&c: &(usize, usize)| m.four_moves(c);
        indexed::bidirectional_bfs_fn(&s, &g, n, index, next, next)
            .path
            .map(|p| p.len())
    };
    let bidi_theirs = |&(s, g): &Query| {
        pathfinding::prelude::bfs_bidirectional(&s, &g, |&c| m.four_moves(c), |&c| m.four_moves(c))
            .map(|p| p.len())
    };
    answers(
        "astar",
        &qs,
        &[&astar_ours, &astar_indexed, &astar_dense, &astar_theirs],
    );
    answers("dijkstra", &qs, &[&ucs_ours, &ucs_indexed, &ucs_theirs]);
    answers("bfs", &qs, &[&bfs_ours, &bfs_indexed, &bfs_theirs]);
    answers(
        "bidirectional_bfs",
        &qs,
        &[&bidi_ours, &bidi_indexed, &bidi_theirs],
    );

    let mut group = c.benchmark_group(format!("movingai_{}", map.name));
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    let all = |run: &dyn Fn(&Query) -> Option<u32>| {
        qs.iter().filter_map(&run).map(u64::from).sum::<u64>()
    };
    let all_len = |run: &dyn Fn(&Query) -> Option<usize>| qs.iter().filter_map(&run).sum::<usize>();
    group.bench_function("astar/search_core", |b| {
        b.iter(|| black_box(all(&astar_ours)))
    });
    group.bench_function("astar/search_core_indexed", |b| {
        b.iter(|| black_box(all(&astar_indexed)))
    });
    group.bench_function("astar/search_core_dense", |b| {
        b.iter(|| black_box(all(&astar_dense)))
    });
    group.bench_function("astar/pathfinding", |b| {
        b.iter(|| black_box(all(&astar_theirs)))
    });
    group.bench_function("dijkstra/search_core", |b| {
        b.iter(|| black_box(all(&ucs_ours)))
    });
    group.bench_function("dijkstra/search_core_indexed", |b| {
        b.iter(|| black_box(all(&ucs_indexed)))
    });
    group.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| black_box(all(&ucs_theirs)))
    });
    group.bench_function("bfs/search_core", |b| {
        b.iter(|| black_box(all_len(&bfs_ours)))
    });
    group.bench_function("bfs/search_core_indexed", |b| {
        b.iter(|| black_box(all_len(&bfs_indexed)))
    });
    group.bench_function("bfs/pathfinding", |b| {
        b.iter(|| black_box(all_len(&bfs_theirs)))
    });
    group.bench_function("bidirectional_bfs/search_core", |b| {
        b.iter(|| black_box(all_len(&bidi_ours)))
    });
    group.bench_function("bidirectional_bfs/search_core_indexed", |b| {
        b.iter(|| black_box(all_len(&bidi_indexed)))
    });
    group.bench_function("bidirectional_bfs/pathfinding", |b| {
        b.iter(|| black_box(all_len(&bidi_theirs)))
    });
    group.finish();
}

fn movingai(c: &mut Criterion) {
    for map in chosen_maps() {
        bench_map(c, &map);
    }
}

criterion_group!(benches, movingai);
criterion_main!(benches);
