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

/// A rectangle of cells, each free or blocked, packed one bit a cell, twice: row by row and
/// column by column, so that a scan along a row or a column reads 64 cells at a time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    /// Line `y` is row `y`.
    rows: Plane,
    /// Line `x` is column `x` (the transposed grid).
    columns: Plane,
}

/// Lines of cells, one bit a cell, set for a free cell. Each line is padded with a blocked word at
/// either end and the plane with a blocked line above and below, so a 64-cell window starting
/// anywhere from 64 cells before a line to its end reads the cells off the grid as blocked, with
/// no bounds test.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Plane {
    /// Words per line, the two padding words included.
    stride: usize,
    bits: Vec<u64>,
}

impl Plane {
    /// `lines` lines of `len` blocked cells.
    fn new(len: usize, lines: usize) -> Self {
        let stride = len.div_ceil(64) + 2;
        Self {
            stride,
            bits: vec![0; stride * (lines + 2)],
        }
    }

    /// The word and bit of cell `pos` of line `line` (`line >= -1`, `pos >= -64`).
    #[inline]
    fn locate(&self, line: isize, pos: isize) -> (usize, usize) {
        let at = (pos + 64) as usize;
        ((line + 1) as usize * self.stride + at / 64, at % 64)
    }

    fn set(&mut self, line: usize, pos: usize, free: bool) {
        let (word, bit) = self.locate(line as isize, pos as isize);
        if free {
            self.bits[word] |= 1 << bit;
        } else {
            self.bits[word] &= !(1 << bit);
        }
    }

    /// Whether cell `pos` of line `line` is free (from one cell around the plane inwards).
    #[inline]
    fn get(&self, line: isize, pos: isize) -> bool {
        let (word, bit) = self.locate(line, pos);
        self.bits[word] >> bit & 1 == 1
    }

    /// Cells `pos..pos + 64` of line `line` as bits 0 to 63 (`-1 <= line <= lines`,
    /// `-64 <= pos < len`).
    #[inline]
    fn window(&self, line: isize, pos: isize) -> u64 {
        let (word, bit) = self.locate(line, pos);
        // Two shifts: a shift by 64 would overflow when `bit` is 0.
        (self.bits[word] >> bit) | ((self.bits[word + 1] << 1) << (63 - bit))
    }

    /// 64 cells of line `line` from `pos` on in direction `sign` (1 or -1) as bits 0 to 63.
    #[inline]
    fn window_towards(&self, line: isize, pos: isize, sign: isize) -> u64 {
        if sign > 0 {
            self.window(line, pos)
        } else {
            self.window(line, pos - 63).reverse_bits()
        }
    }
}

impl Grid {
    /// A `width` x `height` grid with every cell free.
    #[must_use]
    pub fn new(width: usize, height: usize) -> Self {
        let mut grid = Self {
            width,
            height,
            rows: Plane::new(width, height),
            columns: Plane::new(height, width),
        };
        for y in 0..height {
            for x in 0..width {
                grid.set_blocked(x, y, false);
            }
        }
        grid
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
        self.rows.set(y, x, !blocked);
        self.columns.set(x, y, !blocked);
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
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.rows.get(y, x)
    }

    /// Whether `(x, y)` is free, for a cell on the grid or one step off it (no bounds test).
    #[inline]
    fn free_near(&self, (x, y): Cell) -> bool {
        self.rows.get(y, x)
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

/// Whether the diagonal step from `(x, y)` by `(dx, dy)` is allowed (`(x, y)` on the grid).
#[inline]
fn diagonal_ok(grid: &Grid, x: isize, y: isize, dx: isize, dy: isize, corners: Corners) -> bool {
    let (a, b) = (grid.free_near((x + dx, y)), grid.free_near((x, y + dy)));
    grid.free_near((x + dx, y + dy))
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
    fn jump_straight(&self, (x, y): Cell, (dx, dy): Cell) -> Option<Cell> {
        let forced = match self.corners {
            Corners::NoCutting => Forced::OpenBehind,
            Corners::Cutting => Forced::OpenAhead,
        };
        let goal = self.goal;
        if dy == 0 {
            let target = (goal.1 == y).then_some(goal.0);
            scan(&self.grid.rows, y, x, dx, forced, target).map(|x| (x, y))
        } else {
            let target = (goal.0 == x).then_some(goal.1);
            scan(&self.grid.columns, x, y, dy, forced, target).map(|y| (x, y))
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
            && ((!g.free_near((x - dx, y)) && g.free_near((x - dx, y + dy)))
                || (!g.free_near((x, y - dy)) && g.free_near((x + dx, y - dy))))
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
                if !g.free_near((x - dx, y)) {
                    out.push((-dx, dy));
                }
                if !g.free_near((x, y - dy)) {
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
                        if g.free_near((x + cx, y + cy)) && !g.free_near((x + cx - dx, y + cy - dy))
                        {
                            out.push((cx, cy));
                            out.push((cx + dx, cy + dy));
                        }
                    }
                    Corners::Cutting => {
                        if !g.free_near((x + cx, y + cy)) {
                            out.push((cx + dx, cy + dy));
                        }
                    }
                }
            }
        }
        out
    }
}

/// Which side cells make a cell of a straight scan a jump point.
#[derive(Debug, Clone, Copy)]
enum Forced {
    /// A side cell free whose neighbour one step back is blocked (no corner cutting).
    OpenBehind,
    /// A side cell blocked whose neighbour one step ahead is free (corner cutting).
    OpenAhead,
}

/// The positions 1 to 62 of a 64-cell window: those a window decides (position 0 is the cell the
/// scan stands on, position 63 lacks the cell beyond it).
const DECIDED: u64 = !(1 | 1 << 63);

/// Block-based scan (Harabor and Grastien 2014) along line `line` of `plane` from the free cell
/// `pos` in direction `sign` (1 or -1): the position of the first jump point, `target` (a position
/// on the line) or a cell with a neighbour forced under `forced`, or `None` at a wall first. Reads
/// the line and its two neighbours 64 cells at a time and finds the first stop and the first wall
/// of each window with `trailing_zeros`.
fn scan(
    plane: &Plane,
    line: isize,
    pos: isize,
    sign: isize,
    forced: Forced,
    target: Option<isize>,
) -> Option<isize> {
    let mut pos = pos;
    loop {
        let here = plane.window_towards(line, pos, sign);
        let a = plane.window_towards(line - 1, pos, sign);
        let b = plane.window_towards(line + 1, pos, sign);
        let mut stops = DECIDED
            & match forced {
                Forced::OpenBehind => (a & !(a << 1)) | (b & !(b << 1)),
                Forced::OpenAhead => (!a & (a >> 1)) | (!b & (b >> 1)),
            };
        if let Some(t) = target {
            let ahead = (t - pos) * sign;
            if (1..=62).contains(&ahead) {
                stops |= 1 << ahead;
            }
        }
        let (stop, wall) = (stops.trailing_zeros(), (!here & !1).trailing_zeros());
        if stop < wall {
            return Some(pos + sign * stop as isize);
        }
        if wall < 64 {
            return None;
        }
        pos += 62 * sign;
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
