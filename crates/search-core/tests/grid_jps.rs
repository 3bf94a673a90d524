//! Jump Point Search against A* on the same grids and rules: random grids (proptest) and the
//! Moving AI maps kept for the benchmarks.

use proptest::prelude::*;
use search_core::astar_fn;
use search_core::grid::{Corners, Grid, GridPath, Octile, jps};

/// A*'s cost from `start` to `goal` under the same moves, costs and corner rule.
fn astar_cost(
    grid: &Grid,
    start: (usize, usize),
    goal: (usize, usize),
    corners: Corners,
) -> Option<u32> {
    let costs = Octile::default();
    let successors = |&(x, y): &(usize, usize)| {
        let step = |diagonal| {
            if diagonal {
                costs.diagonal
            } else {
                costs.straight
            }
        };
        grid.king_moves(x, y, corners)
            .map(|(cell, diagonal)| (cell, step(diagonal)))
            .collect::<Vec<_>>()
    };
    astar_fn(
        &start,
        successors,
        |&c| costs.distance(c, goal),
        |&c| c == goal,
    )
    .path
    .map(|p| p.cost)
}

/// Checks a JPS answer: starts and ends right, every step a legal king move under `corners`,
/// and the stated cost is the steps' sum.
fn check_path(
    grid: &Grid,
    found: &GridPath,
    start: (usize, usize),
    goal: (usize, usize),
    corners: Corners,
) {
    let costs = Octile::default();
    assert_eq!(found.path.first(), Some(&start));
    assert_eq!(found.path.last(), Some(&goal));
    let mut total = 0;
    for w in found.path.windows(2) {
        let (ax, ay) = (w[0].0 as isize, w[0].1 as isize);
        let (bx, by) = (w[1].0 as isize, w[1].1 as isize);
        let (dx, dy) = (bx - ax, by - ay);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{w:?}"
        );
        assert!(grid.is_free(bx, by), "{w:?} enters a wall");
        if dx != 0 && dy != 0 {
            let (a, b) = (grid.is_free(ax + dx, ay), grid.is_free(ax, ay + dy));
            match corners {
                Corners::NoCutting => assert!(a && b, "{w:?} cuts a corner"),
                Corners::Cutting => assert!(a || b, "{w:?} squeezes between walls"),
            }
            total += costs.diagonal;
        } else {
            total += costs.straight;
        }
    }
    assert_eq!(total, found.cost);
}

/// A random grid of `widths` x `heights` cells, each a wall with probability `walls`, and a free
/// start and goal.
fn random_grid(
    widths: std::ops::Range<usize>,
    heights: std::ops::Range<usize>,
    walls: f64,
) -> impl Strategy<Value = (Grid, (usize, usize), (usize, usize))> {
    (widths, heights).prop_flat_map(move |(w, h)| {
        (
            proptest::collection::vec(proptest::bool::weighted(walls), w * h),
            0..w,
            0..h,
            0..w,
            0..h,
        )
            .prop_map(move |(walls, sx, sy, gx, gy)| {
                let mut grid = Grid::new(w, h);
                for (i, &wall) in walls.iter().enumerate() {
                    grid.set_blocked(i % w, i / w, wall);
                }
                grid.set_blocked(sx, sy, false);
                grid.set_blocked(gx, gy, false);
                (grid, (sx, sy), (gx, gy))
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn jps_costs_what_astar_costs(
        (grid, start, goal) in random_grid(2..24, 2..24, 0.3),
        cutting in any::<bool>(),
    ) {
        same_as_astar(&grid, start, goal, cutting);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// Rows and columns longer than one 64-cell window of the block-based scans.
    #[test]
    fn jps_costs_what_astar_costs_on_long_lines(
        (grid, start, goal) in prop_oneof![
            random_grid(60..200, 1..5, 0.03),
            random_grid(1..5, 60..200, 0.03),
        ],
        cutting in any::<bool>(),
    ) {
        same_as_astar(&grid, start, goal, cutting);
    }
}

/// Checks JPS against A* under one corner rule.
fn same_as_astar(grid: &Grid, start: (usize, usize), goal: (usize, usize), cutting: bool) {
    let corners = if cutting {
        Corners::Cutting
    } else {
        Corners::NoCutting
    };
    let found = jps(grid, start, goal, Octile::default(), corners);
    let expected = astar_cost(grid, start, goal, corners);
    assert_eq!(found.as_ref().map(|f| f.cost), expected);
    if let Some(found) = &found {
        check_path(grid, found, start, goal, corners);
    }
}

/// A Moving AI map from the benchmark data (`.`, `G` and `S` are passable).
fn load_map(name: &str) -> Grid {
    let path = format!(
        "{}/../../benches/data/movingai/{name}.map",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows: Vec<&str> = text.lines().skip_while(|l| *l != "map").skip(1).collect();
    Grid::from_rows(&rows, |c| !matches!(c, '.' | 'G' | 'S'))
}

#[test]
fn jps_costs_what_astar_costs_on_the_benchmark_maps() {
    use rand::{Rng, SeedableRng};
    for name in ["ost003d", "den520d", "brc202d"] {
        let grid = load_map(name);
        let open: Vec<(usize, usize)> = (0..grid.height())
            .flat_map(|y| (0..grid.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| grid.is_free(x as isize, y as isize))
            .collect();
        let mut rng = rand::rngs::StdRng::seed_from_u64(29);
        let mut reached = 0;
        for query in 0..24 {
            let start = open[rng.random_range(0..open.len())];
            let goal = open[rng.random_range(0..open.len())];
            let corners = if query % 2 == 0 {
                Corners::NoCutting
            } else {
                Corners::Cutting
            };
            let found = jps(&grid, start, goal, Octile::default(), corners);
            let expected = astar_cost(&grid, start, goal, corners);
            assert_eq!(
                found.as_ref().map(|f| f.cost),
                expected,
                "{name} {start:?} -> {goal:?}"
            );
            if let Some(found) = &found {
                check_path(&grid, found, start, goal, corners);
                reached += 1;
            }
        }
        assert!(reached >= 6, "{name}: {reached} of 24 queries connected");
    }
}

/// Every offset of a block-based scan, both ways along rows and columns: a corridor three cells
/// wide whose side lines are walls but for one opening at position `k`, the goal in the opening
/// (a forced neighbour there, under either rule) or at the corridor's far end.
#[test]
fn jps_finds_every_offset_along_long_lines() {
    let len = 200;
    for k in 1..len - 1 {
        for transposed in [false, true] {
            let cell = |pos: usize, line: usize| if transposed { (line, pos) } else { (pos, line) };
            let (w, h) = cell(len, 3);
            let mut grid = Grid::new(w, h);
            for pos in 0..len {
                for line in [0, 2] {
                    let (x, y) = cell(pos, line);
                    grid.set_blocked(x, y, pos != k);
                }
            }
            for (start, goal) in [
                (cell(0, 1), cell(k, 0)),
                (cell(len - 1, 1), cell(k, 2)),
                (cell(0, 1), cell(k, 1)),
                (cell(len - 1, 1), cell(0, 1)),
            ] {
                for cutting in [false, true] {
                    same_as_astar(&grid, start, goal, cutting);
                }
            }
        }
    }
}
