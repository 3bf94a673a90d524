//! Jump Point Search's exact path, not only its cost: `jps` and `jps4` against a reference JPS
//! written here cell by cell from the rules of Harabor and Grastien (2011; the forced neighbours
//! with and without corner cutting) and the row-first 4-connected variant the module documents.
//!
//! The reference finds jump points by stepping one cell at a time and testing the side cells of
//! each, where the library reads 64 cells at a time with bit masks (block-based, 2014). Both run
//! the same A* over jump points (the same open-list order: lowest estimate, then highest cost so
//! far, then highest cell index; a cell's parent replaced only by a strictly cheaper way), so the
//! same jump points give the same path. A wrong jump-point rule that only adds stopping points
//! keeps every cost right (`grid_jps.rs` checks costs against A*) but sometimes changes which of
//! the equally cheap paths comes back: these tests see that.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rand::{Rng, SeedableRng};
use search_core::grid::{Corners, Grid, GridPath, Octile, jps, jps4};

type Cell = (isize, isize);

#[path = "support/grid_moves.rs"]
mod grid_moves;
use grid_moves::{MOVES, Moves};

/// The eight king moves, straight ones first (the order the library tries them from the start).
const KINGS: [Cell; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn add(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

fn sub(a: Cell, b: Cell) -> Cell {
    (a.0 - b.0, a.1 - b.1)
}

struct Reference<'g> {
    grid: &'g Grid,
    moves: Moves,
    goal: Cell,
}

impl Reference<'_> {
    fn free(&self, c: Cell) -> bool {
        self.grid.is_free(c.0, c.1)
    }

    /// The two cells beside `at` across a straight step `d`.
    fn sides(d: Cell) -> [Cell; 2] {
        [(d.1, d.0), (-d.1, -d.0)]
    }

    /// Whether `at`, reached by the straight step `d`, has a forced neighbour. Without corner
    /// cutting (and for rook moves): a side cell free whose neighbour one step back is blocked.
    /// With cutting: a side cell blocked whose neighbour one step ahead is free.
    fn forced_straight(&self, at: Cell, d: Cell) -> bool {
        Self::sides(d).into_iter().any(|c| {
            let side = add(at, c);
            match self.moves {
                Moves::King(Corners::Cutting) => !self.free(side) && self.free(add(side, d)),
                _ => self.free(side) && !self.free(sub(side, d)),
            }
        })
    }

    /// Cell by cell from `from` along `d` (straight): the goal or the first cell with a forced
    /// neighbour, `None` at a wall first.
    fn straight(&self, from: Cell, d: Cell) -> Option<Cell> {
        let mut at = from;
        loop {
            at = add(at, d);
            if !self.free(at) {
                return None;
            }
            if at == self.goal || self.forced_straight(at, d) {
                return Some(at);
            }
        }
    }

    fn diagonal_ok(&self, at: Cell, d: Cell, corners: Corners) -> bool {
        let (a, b) = (self.free(add(at, (d.0, 0))), self.free(add(at, (0, d.1))));
        self.free(add(at, d))
            && match corners {
                Corners::NoCutting => a && b,
                Corners::Cutting => a || b,
            }
    }

    /// With corner cutting, a cell reached diagonally has a forced neighbour when a cell behind
    /// it on one side is blocked and the cell past that one (diagonally ahead) is free.
    fn forced_diagonal(&self, at: Cell, d: Cell, corners: Corners) -> bool {
        if corners != Corners::Cutting {
            return false;
        }
        let (x, y) = at;
        let (dx, dy) = d;
        let blocked_free = |blocked: Cell, free: Cell| !self.free(blocked) && self.free(free);
        blocked_free((x - dx, y), (x - dx, y + dy)) || blocked_free((x, y - dy), (x + dx, y - dy))
    }

    fn diagonal(&self, from: Cell, d: Cell, corners: Corners) -> Option<Cell> {
        let mut at = from;
        while self.diagonal_ok(at, d, corners) {
            at = add(at, d);
            if at == self.goal
                || self.forced_diagonal(at, d, corners)
                || self.straight(at, (d.0, 0)).is_some()
                || self.straight(at, (0, d.1)).is_some()
            {
                return Some(at);
            }
        }
        None
    }

    /// Rook moves along a row: the goal or the first cell from which a jump up or down finds a
    /// jump point.
    fn row(&self, from: Cell, dx: isize) -> Option<Cell> {
        let mut at = from;
        loop {
            at = add(at, (dx, 0));
            if !self.free(at) {
                return None;
            }
            if at == self.goal
                || self.straight(at, (0, 1)).is_some()
                || self.straight(at, (0, -1)).is_some()
            {
                return Some(at);
            }
        }
    }

    fn jump(&self, from: Cell, d: Cell) -> Option<Cell> {
        match self.moves {
            Moves::King(corners) if d.0 != 0 && d.1 != 0 => self.diagonal(from, d, corners),
            Moves::Rook if d.1 == 0 => self.row(from, d.0),
            _ => self.straight(from, d),
        }
    }

    /// The directions searched from `at`, reached by the step `arrival` (all at the start), in the
    /// library's order.
    fn directions(&self, at: Cell, arrival: Option<Cell>) -> Vec<Cell> {
        let Some(d) = arrival else {
            let all = if self.moves == Moves::Rook { 4 } else { 8 };
            return KINGS[..all].to_vec();
        };
        let mut out = vec![];
        match self.moves {
            Moves::King(corners) if d.0 != 0 && d.1 != 0 => {
                out.extend([(d.0, 0), (0, d.1), d]);
                if corners == Corners::Cutting {
                    if !self.free(add(at, (-d.0, 0))) {
                        out.push((-d.0, d.1));
                    }
                    if !self.free(add(at, (0, -d.1))) {
                        out.push((d.0, -d.1));
                    }
                }
            }
            Moves::King(corners) => {
                out.push(d);
                for c in Self::sides(d) {
                    let side = add(at, c);
                    match corners {
                        Corners::NoCutting => {
                            if self.free(side) && !self.free(sub(side, d)) {
                                out.extend([c, add(c, d)]);
                            }
                        }
                        Corners::Cutting => {
                            if !self.free(side) {
                                out.push(add(c, d));
                            }
                        }
                    }
                }
            }
            Moves::Rook => {
                out.push(d);
                if d.1 == 0 {
                    // Along a row: down and up the column.
                    out.extend([(0, 1), (0, -1)]);
                } else {
                    // Along a column: towards each side whose neighbour is forced.
                    for c in Self::sides(d) {
                        if self.free(add(at, c)) && !self.free(sub(add(at, c), d)) {
                            out.push(c);
                        }
                    }
                }
            }
        }
        out
    }

    fn distance(&self, a: Cell, b: Cell) -> u32 {
        let (dx, dy) = (a.0.abs_diff(b.0) as u32, a.1.abs_diff(b.1) as u32);
        match self.moves {
            Moves::King(_) => {
                let costs = Octile::default();
                dx.min(dy) * costs.diagonal + (dx.max(dy) - dx.min(dy)) * costs.straight
            }
            Moves::Rook => dx + dy,
        }
    }
}

/// A* over the reference's jump points, the library's open-list order, and the full path.
fn reference_jps(grid: &Grid, start: Cell, goal: Cell, moves: Moves) -> Option<GridPath> {
    let r = Reference { grid, moves, goal };
    if !r.free(start) || !r.free(goal) {
        return None;
    }
    let w = grid.width();
    let index = |c: Cell| (c.1 as usize * w + c.0 as usize) as u32;
    let cell = |i: u32| ((i as usize % w) as isize, (i as usize / w) as isize);
    // cost, parent
    let mut best: std::collections::HashMap<u32, (u32, Option<u32>)> = Default::default();
    best.insert(index(start), (0, None));
    let mut open = BinaryHeap::new();
    open.push((Reverse(r.distance(start, goal)), 0u32, index(start)));
    while let Some((_, cost, i)) = open.pop() {
        let (known, parent) = best[&i];
        if cost > known {
            continue;
        }
        let here = cell(i);
        if here == goal {
            let mut points = vec![here];
            let mut at = parent;
            while let Some(p) = at {
                points.push(cell(p));
                at = best[&p].1;
            }
            points.reverse();
            let mut path = vec![(points[0].0 as usize, points[0].1 as usize)];
            for pair in points.windows(2) {
                let (mut at, to) = (pair[0], pair[1]);
                let step = ((to.0 - at.0).signum(), (to.1 - at.1).signum());
                while at != to {
                    at = add(at, step);
                    path.push((at.0 as usize, at.1 as usize));
                }
            }
            return Some(GridPath { path, cost });
        }
        let arrival = parent.map(|p| {
            let d = sub(here, cell(p));
            (d.0.signum(), d.1.signum())
        });
        for d in r.directions(here, arrival) {
            let Some(next) = r.jump(here, d) else {
                continue;
            };
            let j = index(next);
            let reached = cost + r.distance(here, next);
            if best.get(&j).is_none_or(|&(c, _)| reached < c) {
                best.insert(j, (reached, Some(i)));
                open.push((Reverse(reached + r.distance(next, goal)), reached, j));
            }
        }
    }
    None
}

fn library_jps(grid: &Grid, start: Cell, goal: Cell, moves: Moves) -> Option<GridPath> {
    let (s, g) = (
        (start.0 as usize, start.1 as usize),
        (goal.0 as usize, goal.1 as usize),
    );
    match moves {
        Moves::King(corners) => jps(grid, s, g, Octile::default(), corners),
        Moves::Rook => jps4(grid, s, g),
    }
}

/// `queries` random grids of `sizes` cells a side with `walls` of their cells blocked, one query
/// under each move set: the library's answer must be the reference's, path and cost. Returns how
/// many queries found a path.
fn compare_on_random_grids(
    seed: u64,
    queries: usize,
    sizes: std::ops::Range<usize>,
    walls: f64,
) -> usize {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut found = 0;
    for _ in 0..queries {
        let (w, h) = (
            rng.random_range(sizes.clone()),
            rng.random_range(sizes.clone()),
        );
        let mut grid = Grid::new(w, h);
        for y in 0..h {
            for x in 0..w {
                grid.set_blocked(x, y, rng.random_bool(walls));
            }
        }
        let start = (rng.random_range(0..w), rng.random_range(0..h));
        let goal = (rng.random_range(0..w), rng.random_range(0..h));
        grid.set_blocked(start.0, start.1, false);
        grid.set_blocked(goal.0, goal.1, false);
        let (start, goal) = (
            (start.0 as isize, start.1 as isize),
            (goal.0 as isize, goal.1 as isize),
        );
        for moves in MOVES {
            let expected = reference_jps(&grid, start, goal, moves);
            found += usize::from(expected.is_some());
            assert_eq!(
                library_jps(&grid, start, goal, moves),
                expected,
                "{moves:?} {start:?} -> {goal:?} on {grid:?}"
            );
        }
    }
    found
}

#[test]
fn jps_returns_the_reference_path_on_small_random_grids() {
    let found = compare_on_random_grids(2011, 1500, 3..16, 0.3);
    assert!(found > 2000, "{found} of 4500 queries connected");
}

#[test]
fn jps_returns_the_reference_path_on_sparse_random_grids() {
    let found = compare_on_random_grids(2014, 600, 8..24, 0.12);
    assert!(found > 1500, "{found} of 1800 queries connected");
}

/// Lines longer than one 64-cell window of the block-based scans.
#[test]
fn jps_returns_the_reference_path_across_scan_windows() {
    let found = compare_on_random_grids(64, 60, 60..140, 0.05);
    assert!(found > 120, "{found} of 180 queries connected");
}

/// Corner cutting, from (2, 7) up and left: the sweep's first cell (1, 6) has walls at (1, 7) and
/// (0, 7) below it. That is no forced neighbour: one is only where the blocked cell behind, (1, 7),
/// has a free cell past it, and (0, 7) is a wall. A rule that tests the blocked cell against the
/// cell the sweep came from, (2, 7), stops the sweep there anyway: the cost stays right, but the
/// jump points are queued in another order and the goal keeps another of its equally cheap
/// parents. (A random grid where the two differ; the expected path is checked by hand: two
/// diagonal steps, then straight up the left column.)
#[test]
fn jps_stops_a_cutting_diagonal_only_at_a_forced_neighbour() {
    let map = [
        "....", "..#.", ".#..", "..#.", "....", ".#..", "....", "##..", ".###", ".#..", ".#..",
        ".##.",
    ];
    let grid = Grid::from_rows(&map, |c| c == '#');
    let moves = Moves::King(Corners::Cutting);
    let (start, goal) = ((2, 7), (0, 0));
    let expected = reference_jps(&grid, start, goal, moves).unwrap();
    assert_eq!(
        expected.path,
        [
            (2, 7),
            (1, 6),
            (0, 5),
            (0, 4),
            (0, 3),
            (0, 2),
            (0, 1),
            (0, 0)
        ]
    );
    assert_eq!(expected.cost, 2 * 1414 + 5 * 1000);
    assert_eq!(library_jps(&grid, start, goal, moves), Some(expected));
}
