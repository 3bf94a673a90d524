//! Uniform-cost grids: a packed occupancy [`Grid`] and Jump Point Search over it ([`jps`],
//! Harabor and Grastien 2011), the fastest way to a shortest path on an open 8-connected map.
//!
//! Moves are the 8 king moves; a straight step costs [`Octile::straight`], a diagonal one
//! [`Octile::diagonal`]. Under [`Corners::NoCutting`] (the Moving AI benchmark's rule, the
//! default) a diagonal step needs both cells beside it free; under [`Corners::Cutting`] one free
//! cell beside it is enough. The answer's cost is A*'s on the same grid and rule (property tests
//! and the benchmark maps check it); the path may be another one of the same cost.
//!
//! ```
//! use search_core::grid::{jps, Corners, Grid, Octile};
//! // A wall with a gap at the bottom: from the left side to the right side.
//! let map = ["....#....",
//!            "....#....",
//!            "........."];
//! let grid = Grid::from_rows(&map, |c| c == '#');
//! let found = jps(&grid, (0, 0), (8, 0), Octile::default(), Corners::NoCutting).unwrap();
//! assert_eq!(found.path.first(), Some(&(0, 0)));
//! assert_eq!(found.path.last(), Some(&(8, 0)));
//! // Down to the gap and back up: two diagonal pairs and straight steps.
//! assert_eq!(found.cost, 4 * 1414 + 4 * 1000);
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A rectangle of cells, each free or blocked, packed one bit a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Bit `y * width + x` is set for a blocked cell.
    blocked: Vec<u64>,
}

impl Grid {
    /// A `width` x `height` grid with every cell free.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        Self {
            width,
            height,
            blocked: vec![0; (width * height).div_ceil(64)],
        }
    }

    /// A grid from rows of text (row 0 first, all as wide as the first), `blocked` saying which
    /// characters are walls.
    #[must_use]
    pub fn from_rows(rows: &[&str], blocked: impl Fn(char) -> bool) -> Self {
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut grid = Self::new(width, rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().take(width).enumerate() {
                grid.set_blocked(x, y, blocked(c));
            }
        }
        grid
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Blocks or frees the cell at column `x`, row `y` (which must be on the grid).
    pub fn set_blocked(&mut self, x: usize, y: usize, blocked: bool) {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is off the grid"
        );
        let i = y * self.width + x;
        if blocked {
            self.blocked[i / 64] |= 1 << (i % 64);
        } else {
            self.blocked[i / 64] &= !(1 << (i % 64));
        }
    }

    /// The king moves from the free cell `(x, y)` allowed under `corners`: each cell reached and
    /// whether the step is diagonal (the moves an A* on this grid generates; what [`jps`]'s
    /// answers are checked against).
    ///
    /// ```
    /// use search_core::grid::{Corners, Grid};
    /// let grid = Grid::from_rows(&["..", "#."], |c| c == '#');
    /// // From the top left: right, and the diagonal only when a corner may be cut.
    /// assert_eq!(grid.king_moves(0, 0, Corners::NoCutting).count(), 1);
    /// assert_eq!(grid.king_moves(0, 0, Corners::Cutting).count(), 2);
    /// ```
    pub fn king_moves(
        &self,
        x: usize,
        y: usize,
        corners: Corners,
    ) -> impl Iterator<Item = ((usize, usize), bool)> + '_ {
        let (x, y) = (x as isize, y as isize);
        KINGS.into_iter().filter_map(move |(dx, dy)| {
            let diagonal = dx != 0 && dy != 0;
            let ok = if diagonal {
                diagonal_ok(self, x, y, dx, dy, corners)
            } else {
                self.is_free(x + dx, y + dy)
            };
            ok.then(|| (((x + dx) as usize, (y + dy) as usize), diagonal))
        })
    }

    /// Whether `(x, y)` is on the grid and free.
    #[inline]
    #[must_use]
    pub fn is_free(&self, x: isize, y: isize) -> bool {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return false;
        }
        let i = y as usize * self.width + x as usize;
        self.blocked[i / 64] & (1 << (i % 64)) == 0
    }
}

/// The costs of a straight and a diagonal step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Octile {
    /// A step along a row or a column.
    pub straight: u32,
    /// A diagonal step (about `straight * sqrt(2)`, and less than two straight steps).
    pub diagonal: u32,
}

impl Default for Octile {
    /// 1000 and 1414, the Moving AI benchmark's costs in integers.
    fn default() -> Self {
        Self {
            straight: 1000,
            diagonal: 1414,
        }
    }
}

impl Octile {
    /// The cost of the cheapest way from `a` to `b` on an empty grid.
    #[must_use]
    pub fn distance(&self, a: (usize, usize), b: (usize, usize)) -> u32 {
        let dx = a.0.abs_diff(b.0) as u32;
        let dy = a.1.abs_diff(b.1) as u32;
        let (short, long) = (dx.min(dy), dx.max(dy));
        short * self.diagonal + (long - short) * self.straight
    }
}

/// When a diagonal step is allowed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Corners {
    /// Both cells beside the step are free (the Moving AI rule).
    #[default]
    NoCutting,
    /// At least one cell beside the step is free.
    Cutting,
}

/// A shortest path on a grid: its cells from start to goal, one king move apart, and its cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridPath {
    /// The cells, start and goal included.
    pub path: Vec<(usize, usize)>,
    /// The sum of the steps' costs.
    pub cost: u32,
}

/// Whether the diagonal step from `(x, y)` by `(dx, dy)` is allowed.
#[inline]
fn diagonal_ok(grid: &Grid, x: isize, y: isize, dx: isize, dy: isize, corners: Corners) -> bool {
    let (a, b) = (grid.is_free(x + dx, y), grid.is_free(x, y + dy));
    grid.is_free(x + dx, y + dy)
        && match corners {
            Corners::NoCutting => a && b,
            Corners::Cutting => a || b,
        }
}

/// The eight king moves, straight ones first.
const KINGS: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// Up to eight directions, on the stack.
struct Directions {
    list: [(isize, isize); 8],
    len: usize,
}

impl Directions {
    fn push(&mut self, d: (isize, isize)) {
        self.list[self.len] = d;
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = (isize, isize)> + '_ {
        self.list[..self.len].iter().copied()
    }
}

/// A cell `(x, y)`, or a step `(dx, dy)`, in signed coordinates (off the grid is blocked).
type Cell = (isize, isize);

/// The search's view of the grid: the rule and the goal.
struct Jumper<'g> {
    grid: &'g Grid,
    corners: Corners,
    goal: (isize, isize),
}

impl Jumper<'_> {
    /// Along a row or column from `(x, y)` (free) by `(dx, dy)`: the first jump point (the goal,
    /// or a cell with a forced neighbour), or `None` at a wall.
    fn jump_straight(&self, (mut x, mut y): Cell, (dx, dy): Cell) -> Option<Cell> {
        let g = self.grid;
        loop {
            x += dx;
            y += dy;
            if !g.is_free(x, y) {
                return None;
            }
            if (x, y) == self.goal || self.forced_straight(x, y, dx, dy) {
                return Some((x, y));
            }
        }
    }

    /// Whether `(x, y)`, reached by a straight step `(dx, dy)`, has a neighbour that only a path
    /// through it reaches as cheaply.
    fn forced_straight(&self, x: isize, y: isize, dx: isize, dy: isize) -> bool {
        let g = self.grid;
        // The two sides across the direction of travel.
        let (sx, sy) = (dy, dx);
        match self.corners {
            // A side cell that was blocked one step back and is free now opens a corner.
            Corners::NoCutting => {
                (g.is_free(x + sx, y + sy) && !g.is_free(x + sx - dx, y + sy - dy))
                    || (g.is_free(x - sx, y - sy) && !g.is_free(x - sx - dx, y - sy - dy))
            }
            // A blocked side cell with a free cell beyond it diagonally ahead.
            Corners::Cutting => {
                (!g.is_free(x + sx, y + sy) && g.is_free(x + sx + dx, y + sy + dy))
                    || (!g.is_free(x - sx, y - sy) && g.is_free(x - sx + dx, y - sy + dy))
            }
        }
    }

    /// Along a diagonal from `(x, y)` by `(dx, dy)`: the first jump point (the goal, a forced
    /// neighbour, or a cell from which a straight jump finds one), or `None`.
    fn jump_diagonal(&self, (mut x, mut y): Cell, (dx, dy): Cell) -> Option<Cell> {
        let g = self.grid;
        loop {
            if !diagonal_ok(g, x, y, dx, dy, self.corners) {
                return None;
            }
            x += dx;
            y += dy;
            if (x, y) == self.goal || self.forced_diagonal(x, y, dx, dy) {
                return Some((x, y));
            }
            if self.jump_straight((x, y), (dx, 0)).is_some()
                || self.jump_straight((x, y), (0, dy)).is_some()
            {
                return Some((x, y));
            }
        }
    }

    /// Whether `(x, y)`, reached by a diagonal step, has a forced neighbour (only when corners may
    /// be cut: without cutting, the straight jumps see every such cell).
    fn forced_diagonal(&self, x: isize, y: isize, dx: isize, dy: isize) -> bool {
        let g = self.grid;
        self.corners == Corners::Cutting
            && ((!g.is_free(x - dx, y) && g.is_free(x - dx, y + dy))
                || (!g.is_free(x, y - dy) && g.is_free(x + dx, y - dy)))
    }

    /// The directions to search from `(x, y)` reached from `parent` (all eight at the start).
    fn directions(&self, (x, y): (isize, isize), parent: Option<(isize, isize)>) -> Directions {
        let Some((px, py)) = parent else {
            return Directions {
                list: KINGS,
                len: 8,
            };
        };
        let (dx, dy) = ((x - px).signum(), (y - py).signum());
        let g = self.grid;
        let mut out = Directions {
            list: [(0, 0); 8],
            len: 0,
        };
        if dx != 0 && dy != 0 {
            out.push((dx, 0));
            out.push((0, dy));
            out.push((dx, dy));
            if self.corners == Corners::Cutting {
                if !g.is_free(x - dx, y) {
                    out.push((-dx, dy));
                }
                if !g.is_free(x, y - dy) {
                    out.push((dx, -dy));
                }
            }
        } else {
            out.push((dx, dy));
            let (sx, sy) = (dy, dx);
            for side in [1, -1] {
                let (cx, cy) = (side * sx, side * sy);
                match self.corners {
                    Corners::NoCutting => {
                        if g.is_free(x + cx, y + cy) && !g.is_free(x + cx - dx, y + cy - dy) {
                            out.push((cx, cy));
                            out.push((cx + dx, cy + dy));
                        }
                    }
                    Corners::Cutting => {
                        if !g.is_free(x + cx, y + cy) {
                            out.push((cx + dx, cy + dy));
                        }
                    }
                }
            }
        }
        out
    }
}

/// Jump Point Search from `start` to `goal` (columns and rows): a shortest path under `costs` and
/// `corners`, or `None` when the goal cannot be reached (or either end is blocked or off the
/// grid). See the [module documentation](self).
#[must_use]
pub fn jps(
    grid: &Grid,
    start: (usize, usize),
    goal: (usize, usize),
    costs: Octile,
    corners: Corners,
) -> Option<GridPath> {
    let free = |(x, y): (usize, usize)| grid.is_free(x as isize, y as isize);
    if !free(start) || !free(goal) {
        return None;
    }
    let jumper = Jumper {
        grid,
        corners,
        goal: (goal.0 as isize, goal.1 as isize),
    };
    let index = |(x, y): (isize, isize)| y as usize * grid.width + x as usize;
    let cells = grid.width * grid.height;
    let mut g = vec![u32::MAX; cells];
    // Cell indices fit in 32 bits on any grid worth searching; the arrays stay small.
    assert!(
        cells < u32::MAX as usize,
        "a grid of at most 2^32 - 1 cells"
    );
    let mut parent = vec![u32::MAX; cells];
    let mut open = BinaryHeap::new();
    let s = (start.0 as isize, start.1 as isize);
    g[index(s)] = 0;
    open.push((Reverse(costs.distance(start, goal)), 0u32, index(s)));
    while let Some((_, cost, i)) = open.pop() {
        // An entry is pushed only for a strictly cheaper way and the octile distance is
        // consistent, so an entry at its cell's cost is the one expansion of that cell.
        if cost > g[i] {
            continue;
        }
        let here = ((i % grid.width) as isize, (i / grid.width) as isize);
        if here == jumper.goal {
            return Some(walk(grid, &parent, i, cost));
        }
        let from = (parent[i] != u32::MAX).then(|| {
            (
                (parent[i] as usize % grid.width) as isize,
                (parent[i] as usize / grid.width) as isize,
            )
        });
        for (dx, dy) in jumper.directions(here, from).iter() {
            let found = if dx != 0 && dy != 0 {
                jumper.jump_diagonal(here, (dx, dy))
            } else {
                jumper.jump_straight(here, (dx, dy))
            };
            let Some(next) = found else { continue };
            let j = index(next);
            let at = |p: (isize, isize)| (p.0 as usize, p.1 as usize);
            let reached = cost + costs.distance(at(here), at(next));
            if reached < g[j] {
                g[j] = reached;
                parent[j] = i as u32;
                let f = reached + costs.distance(at(next), goal);
                open.push((Reverse(f), reached, j));
            }
        }
    }
    None
}

/// The full path to cell `end` through the jump points' parents, each segment straight or
/// diagonal.
fn walk(grid: &Grid, parent: &[u32], end: usize, cost: u32) -> GridPath {
    let cell = |i: usize| (i % grid.width, i / grid.width);
    let mut points = vec![cell(end)];
    let mut i = end;
    while parent[i] != u32::MAX {
        i = parent[i] as usize;
        points.push(cell(i));
    }
    points.reverse();
    let mut path = vec![points[0]];
    for pair in points.windows(2) {
        let (mut x, mut y) = (pair[0].0 as isize, pair[0].1 as isize);
        let (tx, ty) = (pair[1].0 as isize, pair[1].1 as isize);
        let (dx, dy) = ((tx - x).signum(), (ty - y).signum());
        while (x, y) != (tx, ty) {
            x += dx;
            y += dy;
            path.push((x as usize, y as usize));
        }
    }
    GridPath { path, cost }
}
