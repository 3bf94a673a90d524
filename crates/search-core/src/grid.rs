//! Uniform-cost grids: a packed occupancy [`Grid`] and Jump Point Search over it, the fastest way
//! to a shortest path on a uniform-cost map: [`jps`] with the 8 king moves (Harabor and Grastien
//! 2011), [`jps4`] with the 4 rook steps.
//!
//! [`jps`]: a straight step costs [`Octile::straight`], a diagonal one [`Octile::diagonal`].
//! Under [`Corners::NoCutting`] (the Moving AI benchmark's rule, the default) a diagonal step
//! needs both cells beside it free; under [`Corners::Cutting`] one free cell beside it is enough.
//! Straight jumps are block-based (Harabor and Grastien, "Improving Jump Point Search", 2014):
//! the grid is kept row by row and, transposed, column by column, one bit a cell, and a jump
//! reads its line and the two beside it 64 cells at a time, finding the first forced neighbour or
//! wall with `trailing_zeros`. Diagonal jumps step cell by cell, a block-based straight jump each
//! way from every cell. (The 2014 paper's other online idea, generating a diagonal jump point's
//! straight successors at once instead of queueing it, was tried here and did more work on the
//! benchmark maps: the diagonal sweep then always runs to its end.)
//!
//! The answer's cost is A*'s on the same grid and moves (property tests and the benchmark maps
//! check it); the path may be another one of the same cost. Each query allocates only what it
//! touches (the records of the cells it reaches, in small pages), not arrays of the map's size.
//! The jump points wait in a binary heap while they are few, then in the radix queue of the
//! monotone loops (a jump costs the distance it covers and the distance obeys the triangle
//! inequality, so no jump point's priority is below its parent's; the heap stays for [`Octile`]
//! costs that break the inequality): on maps with many obstacles, where a search holds many jump
//! points, the heap's pops took a third of the time.
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

use crate::min_entry::MinEntry;
use crate::radix::RadixQueue;
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

    /// The rook steps (right, left, down, up) from `(x, y)` to free cells: the moves an A* on this
    /// grid generates for the 4-connected [`jps4`].
    ///
    /// ```
    /// use search_core::grid::Grid;
    /// let grid = Grid::from_rows(&["..", "#."], |c| c == '#');
    /// assert_eq!(grid.rook_moves(0, 0).collect::<Vec<_>>(), [(1, 0)]);
    /// ```
    pub fn rook_moves(&self, x: usize, y: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (x, y) = (x as isize, y as isize);
        KINGS[..4].iter().filter_map(move |&(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            self.is_free(nx, ny).then_some((nx as usize, ny as usize))
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

    /// The row-major index of a cell on the grid.
    #[inline]
    fn index((x, y): Cell, width: usize) -> u32 {
        (y as usize * width + x as usize) as u32
    }

    /// The cell of a row-major index.
    #[inline]
    fn cell(&self, i: u32) -> Cell {
        (
            (i as usize % self.width) as isize,
            (i as usize / self.width) as isize,
        )
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

/// The moves of a search: king moves under a corner rule, or rook steps (4-connected).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    King(Corners),
    Rook,
}

impl Rule {
    /// Whether [`distance`](Self::distance) obeys the triangle inequality, so that a jump's `f`
    /// is never below its parent's: Manhattan always, octile when a diagonal step costs at least
    /// a straight one and at most two.
    fn consistent(self, costs: Octile) -> bool {
        self == Rule::Rook
            || (costs.straight <= costs.diagonal
                && u64::from(costs.diagonal) <= 2 * u64::from(costs.straight))
    }

    /// The cost of the cheapest way from `a` to `b` on an empty grid: octile, or Manhattan.
    fn distance(self, costs: Octile, a: Cell, b: Cell) -> u32 {
        let at = |p: Cell| (p.0 as usize, p.1 as usize);
        match self {
            Rule::King(_) => costs.distance(at(a), at(b)),
            Rule::Rook => (a.0.abs_diff(b.0) + a.1.abs_diff(b.1)) as u32 * costs.straight,
        }
    }
}

/// The search's view of the grid: the rule and the goal.
struct Jumper<'g> {
    grid: &'g Grid,
    rule: Rule,
    goal: Cell,
}

impl Jumper<'_> {
    /// Along a row or column from `(x, y)` (free) by `(dx, dy)`: the first jump point (the goal,
    /// or a cell with a forced neighbour), or `None` at a wall.
    fn straight(&self, (x, y): Cell, (dx, dy): Cell) -> Option<Cell> {
        let forced = match self.rule {
            Rule::King(Corners::Cutting) => Forced::OpenAhead,
            Rule::King(Corners::NoCutting) | Rule::Rook => Forced::OpenBehind,
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

    /// The first jump point from `from` in direction `d`: a straight jump's, or a diagonal
    /// (king) or row (rook) sweep's; `None` at a wall first.
    fn jump(&self, from: Cell, d: Cell) -> Option<Cell> {
        match self.rule {
            Rule::King(corners) if d.0 != 0 && d.1 != 0 => self.diagonal(from, d, corners),
            Rule::Rook if d.1 == 0 => self.row(from, d.0),
            _ => self.straight(from, d),
        }
    }

    /// Along the diagonal from `from` by `(dx, dy)`: the first cell that is the goal, has a
    /// forced neighbour (corner cutting only) or starts a straight jump along `(dx, 0)` or
    /// `(0, dy)` that finds a jump point; `None` at a wall first.
    fn diagonal(&self, from: Cell, (dx, dy): Cell, corners: Corners) -> Option<Cell> {
        let (mut x, mut y) = from;
        while diagonal_ok(self.grid, x, y, dx, dy, corners) {
            x += dx;
            y += dy;
            if (x, y) == self.goal
                || self.forced_diagonal(x, y, dx, dy, corners)
                || self.straight((x, y), (dx, 0)).is_some()
                || self.straight((x, y), (0, dy)).is_some()
            {
                return Some((x, y));
            }
        }
        None
    }

    /// 4-connected: along the row from `from` by `dx`: the first cell that is the goal or starts a
    /// vertical jump (either way) that finds a jump point; `None` at a wall first. (Rook paths go
    /// along a row first; the vertical jumps stop at forced neighbours.)
    fn row(&self, (mut x, y): Cell, dx: isize) -> Option<Cell> {
        loop {
            x += dx;
            if !self.grid.free_near((x, y)) {
                return None;
            }
            if (x, y) == self.goal
                || self.straight((x, y), (0, 1)).is_some()
                || self.straight((x, y), (0, -1)).is_some()
            {
                return Some((x, y));
            }
        }
    }

    /// Whether `(x, y)`, reached by a diagonal step, has a forced neighbour (only when corners may
    /// be cut: without cutting, the straight jumps see every such cell).
    fn forced_diagonal(&self, x: isize, y: isize, dx: isize, dy: isize, corners: Corners) -> bool {
        let g = self.grid;
        corners == Corners::Cutting
            && ((!g.free_near((x - dx, y)) && g.free_near((x - dx, y + dy)))
                || (!g.free_near((x, y - dy)) && g.free_near((x + dx, y - dy))))
    }

    /// The directions to search from `at` reached by a last step `arrival` (every direction at
    /// the start).
    fn directions(&self, at: Cell, arrival: Option<Cell>) -> Directions {
        let mut out = Directions {
            list: [(0, 0); 8],
            len: 0,
        };
        let Some(d) = arrival else {
            // The four rook moves are the first four king moves.
            let all = if self.rule == Rule::Rook { 4 } else { 8 };
            KINGS[..all].iter().for_each(|&k| out.push(k));
            return out;
        };
        match self.rule {
            Rule::King(corners) if d.0 != 0 && d.1 != 0 => {
                self.after_diagonal(at, d, corners, &mut out);
            }
            Rule::King(corners) => self.after_straight(at, d, corners, &mut out),
            Rule::Rook => self.after_rook(at, d, &mut out),
        }
        out
    }

    /// Whether the cell beside `at` across the step `d`, on side `side`, is free while the one
    /// behind it (one step back) is blocked: a neighbour only a path through `at` reaches as
    /// cheaply, without cutting corners.
    fn opens_behind(&self, (x, y): Cell, (dx, dy): Cell, side: isize) -> bool {
        let (cx, cy) = (side * dy, side * dx);
        self.grid.free_near((x + cx, y + cy)) && !self.grid.free_near((x + cx - dx, y + cy - dy))
    }

    /// King moves after a diagonal step `(dx, dy)`: the diagonal, its two straight parts, and the
    /// forced diagonals past a blocked side when corners may be cut.
    fn after_diagonal(&self, (x, y): Cell, (dx, dy): Cell, corners: Corners, out: &mut Directions) {
        out.push((dx, 0));
        out.push((0, dy));
        out.push((dx, dy));
        if corners == Corners::Cutting {
            if !self.grid.free_near((x - dx, y)) {
                out.push((-dx, dy));
            }
            if !self.grid.free_near((x, y - dy)) {
                out.push((dx, -dy));
            }
        }
    }

    /// King moves after a straight step `d`: straight on, and the forced neighbours' directions.
    fn after_straight(&self, at: Cell, d: Cell, corners: Corners, out: &mut Directions) {
        out.push(d);
        for side in [1, -1] {
            let (cx, cy) = (side * d.1, side * d.0);
            match corners {
                Corners::NoCutting => {
                    if self.opens_behind(at, d, side) {
                        out.push((cx, cy));
                        out.push((cx + d.0, cy + d.1));
                    }
                }
                Corners::Cutting => {
                    if !self.grid.free_near((at.0 + cx, at.1 + cy)) {
                        out.push((cx + d.0, cy + d.1));
                    }
                }
            }
        }
    }

    /// Rook moves after a step `d`: along a row, on and both ways along the column (the row
    /// sweep stopped here because a vertical jump finds something); along a column, on and
    /// along the row towards each side whose neighbour is forced.
    fn after_rook(&self, at: Cell, d: Cell, out: &mut Directions) {
        out.push(d);
        for side in [1, -1] {
            if d.1 == 0 {
                out.push((0, side));
            } else if self.opens_behind(at, d, side) {
                out.push((side * d.1, 0));
            }
        }
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

/// Jump Point Search from `start` to `goal` (columns and rows) with king moves: a shortest path
/// under `costs` and `corners`, or `None` when the goal cannot be reached (or either end is
/// blocked or off the grid). See the [module documentation](self).
///
/// ```
/// use search_core::grid::{jps, Corners, Grid, Octile};
/// let grid = Grid::from_rows(&["..#", "#..", "..."], |c| c == '#');
/// let cut = jps(&grid, (0, 0), (2, 2), Octile::default(), Corners::Cutting).unwrap();
/// assert_eq!(cut.cost, 2 * 1414);
/// // Without cutting, the wall at (0, 1) forbids the first diagonal step.
/// let no_cut = jps(&grid, (0, 0), (2, 2), Octile::default(), Corners::NoCutting).unwrap();
/// assert_eq!(no_cut.cost, 1000 + 1414 + 1000);
/// ```
#[must_use]
pub fn jps(
    grid: &Grid,
    start: (usize, usize),
    goal: (usize, usize),
    costs: Octile,
    corners: Corners,
) -> Option<GridPath> {
    search(grid, start, goal, costs, Rule::King(corners))
}

/// Jump Point Search from `start` to `goal` with rook steps only (4-connected: left, right, up,
/// down), each costing 1: a shortest path, or `None` when the goal cannot be reached (or either
/// end is blocked or off the grid). The path's cost is its number of steps.
///
/// The pruning is the 4-connected variant of JPS with a row-first canonical order, after Baum,
/// "Jump Point Search Pathfinding in 4-connected Grids" (2025, arXiv:2501.14816): of all
/// shortest paths, the search keeps those that go along a row first and turn into a column
/// only where needed. A sweep along a row stops at the first cell from which a jump up or down
/// the column (block-based) finds a jump point, or at the goal; a jump along a column stops at a
/// cell whose side cell is free while the side cell one step back is blocked (a forced
/// neighbour), and turns there into that row. (The rules are stated here as implemented and
/// checked against A* by the tests; Baum's paper also orders rows first, but its text was not
/// compared rule by rule.)
///
/// ```
/// use search_core::grid::{jps4, Grid};
/// // Around the wall's end: no diagonal steps.
/// let grid = Grid::from_rows(&[".#.", ".#.", "..."], |c| c == '#');
/// let found = jps4(&grid, (0, 0), (2, 0)).unwrap();
/// assert_eq!(found.cost, 6);
/// assert_eq!(found.path.len(), 7);
/// ```
#[must_use]
pub fn jps4(grid: &Grid, start: (usize, usize), goal: (usize, usize)) -> Option<GridPath> {
    let unit = Octile {
        straight: 1,
        diagonal: 2,
    };
    search(grid, start, goal, unit, Rule::Rook)
}

/// What the search knows of a cell: its cheapest cost so far and the jump point it came from
/// (`u32::MAX` for none).
#[derive(Debug, Clone, Copy)]
struct Record {
    cost: u32,
    parent: u32,
}

/// A cell not reached yet.
const UNREACHED: Record = Record {
    cost: u32::MAX,
    parent: u32::MAX,
};

/// Cells per page of [`Records`].
const PAGE: usize = 256;

/// The records of a grid's cells in pages made on first touch: a query reaches few cells, and a
/// map-sized array filled for each query would cost more than the search.
struct Records {
    pages: Vec<Option<Box<[Record; PAGE]>>>,
}

impl Records {
    fn new(cells: usize) -> Self {
        Self {
            pages: (0..cells.div_ceil(PAGE)).map(|_| None).collect(),
        }
    }

    #[inline]
    fn get(&self, i: usize) -> Record {
        self.pages[i / PAGE]
            .as_ref()
            .map_or(UNREACHED, |page| page[i % PAGE])
    }

    #[inline]
    fn set(&mut self, i: usize, record: Record) {
        let page = self.pages[i / PAGE].get_or_insert_with(|| Box::new([UNREACHED; PAGE]));
        page[i % PAGE] = record;
    }
}

/// `start` and `goal` as signed cells, if both are free. Panics on a grid of 2^32 - 1 cells or
/// more (cell indices are 32 bits).
fn free_ends(grid: &Grid, start: (usize, usize), goal: (usize, usize)) -> Option<(Cell, Cell)> {
    let signed = |(x, y): (usize, usize)| (x as isize, y as isize);
    let (start, goal) = (signed(start), signed(goal));
    if !grid.is_free(start.0, start.1) || !grid.is_free(goal.0, goal.1) {
        return None;
    }
    // Cell indices fit in 32 bits on any grid worth searching.
    assert!(
        grid.width * grid.height < u32::MAX as usize,
        "a grid of at most 2^32 - 1 cells"
    );
    Some((start, goal))
}

/// The open list of jump points: `(f, cost, cell)` entries leaving by the lowest `f`, then the
/// highest cost (the deepest), then the highest cell index (keys are distinct: a cell is pushed
/// again only at a lower cost). A binary heap while it is small (a short query's few jump points
/// cost less there than a radix queue's buckets), then, when the distances are consistent (no
/// entry is then pushed below the last popped `f`), a radix queue; the two pop the same order.
enum Open {
    /// `consistent`: the heap may move to a radix queue.
    Heap {
        heap: BinaryHeap<Reverse<(u32, u64)>>,
        consistent: bool,
    },
    Radix(RadixQueue<u32, u64, ()>),
}

/// The open list moves from the heap to a radix queue at this many entries.
#[cfg(not(test))]
const RADIX_FROM: usize = 64;
/// Tiny in the unit tests, so that their few entries move too.
#[cfg(test)]
const RADIX_FROM: usize = 4;

impl Open {
    fn new(consistent: bool) -> Self {
        Self::Heap {
            heap: BinaryHeap::new(),
            consistent,
        }
    }

    /// The tie key of `(cost, cell)`: lower for a higher cost, then for a higher cell.
    fn tie(cost: u32, cell: u32) -> u64 {
        (u64::from(!cost) << 32) | u64::from(!cell)
    }

    #[inline]
    fn push(&mut self, f: u32, cost: u32, cell: u32) {
        let tie = Self::tie(cost, cell);
        match self {
            Self::Radix(queue) => Self::push_radix(queue, f, tie),
            Self::Heap { heap, consistent } => {
                heap.push(Reverse((f, tie)));
                if *consistent && heap.len() >= RADIX_FROM {
                    let mut queue = RadixQueue::new(false);
                    for Reverse((f, tie)) in heap.drain() {
                        Self::push_radix(&mut queue, f, tie);
                    }
                    *self = Self::Radix(queue);
                }
            }
        }
    }

    #[inline]
    fn push_radix(queue: &mut RadixQueue<u32, u64, ()>, f: u32, tie: u64) {
        let pushed = queue.push(MinEntry { f, tie, item: () });
        debug_assert!(pushed, "consistent distances keep f monotone");
    }

    /// The next entry's `(cost, cell)`.
    #[inline]
    fn pop(&mut self) -> Option<(u32, u32)> {
        let tie = match self {
            Self::Radix(queue) => queue.pop()?.tie,
            Self::Heap { heap, .. } => heap.pop()?.0.1,
        };
        Some((!((tie >> 32) as u32), !(tie as u32)))
    }
}

/// A* over jump points from `start` to `goal` under `rule`, each jump costing its
/// [`Rule::distance`].
fn search(
    grid: &Grid,
    start: (usize, usize),
    goal: (usize, usize),
    costs: Octile,
    rule: Rule,
) -> Option<GridPath> {
    let (start, goal) = free_ends(grid, start, goal)?;
    let jumper = Jumper { grid, rule, goal };
    let index = |cell: Cell| Grid::index(cell, grid.width);
    let mut records = Records::new(grid.width * grid.height);
    let mut open = Open::new(rule.consistent(costs));
    let at_start = Record {
        cost: 0,
        ..UNREACHED
    };
    records.set(index(start) as usize, at_start);
    open.push(rule.distance(costs, start, goal), 0, index(start));
    while let Some((cost, i)) = open.pop() {
        let record = records.get(i as usize);
        // An entry is pushed only for a strictly cheaper way and the distance is consistent, so
        // an entry at its cell's cost is the one expansion of that cell.
        if cost > record.cost {
            continue;
        }
        let here = grid.cell(i);
        if here == goal {
            return Some(walk(grid, &records, i, cost));
        }
        let from = (record.parent != u32::MAX).then(|| {
            let p = grid.cell(record.parent);
            ((here.0 - p.0).signum(), (here.1 - p.1).signum())
        });
        for next in jumper
            .directions(here, from)
            .iter()
            .filter_map(|d| jumper.jump(here, d))
        {
            let j = index(next);
            let reached = cost + rule.distance(costs, here, next);
            if reached < records.get(j as usize).cost {
                let record = Record {
                    cost: reached,
                    parent: i,
                };
                records.set(j as usize, record);
                open.push(reached + rule.distance(costs, next, goal), reached, j);
            }
        }
    }
    None
}

/// The full path to cell `end` through the jump points' parents, each leg a straight or diagonal
/// line.
fn walk(grid: &Grid, records: &Records, end: u32, cost: u32) -> GridPath {
    let cell = |i: u32| grid.cell(i);
    let mut points = vec![cell(end)];
    let mut i = end;
    while records.get(i as usize).parent != u32::MAX {
        let child = records.get(i as usize);
        i = child.parent;
        // A parent's cost is at most its child's (a record only gets cheaper), so parents
        // cannot cycle except through equal costs; a broken record is reported, not looped on.
        assert!(
            records.get(i as usize).cost <= child.cost,
            "jump point parents out of cost order"
        );
        points.push(cell(i));
    }
    points.reverse();
    let unsigned = |(x, y): Cell| (x as usize, y as usize);
    let mut path = vec![unsigned(points[0])];
    for pair in points.windows(2) {
        let (mut at, to) = (pair[0], pair[1]);
        let step = ((to.0 - at.0).signum(), (to.1 - at.1).signum());
        while at != to {
            at = (at.0 + step.0, at.1 + step.1);
            path.push(unsigned(at));
        }
    }
    GridPath { path, cost }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_consistent_between_one_and_two_straight_steps_a_diagonal() {
        let octile = |straight, diagonal| Octile { straight, diagonal };
        for corners in [Corners::NoCutting, Corners::Cutting] {
            let king = Rule::King(corners);
            assert!(king.consistent(Octile::default()));
            assert!(king.consistent(octile(1000, 1000)));
            assert!(king.consistent(octile(1000, 2000)));
            assert!(king.consistent(octile(0, 0)));
            assert!(!king.consistent(octile(1000, 999)));
            assert!(!king.consistent(octile(1000, 2001)));
            assert!(!king.consistent(octile(u32::MAX, u32::MAX - 1)));
        }
        assert!(Rule::Rook.consistent(octile(1000, 999)));
    }

    /// The open list pops the lowest `f`, then the highest cost, then the highest cell, from the
    /// heap and from the radix queue it moves to (consistent distances only), pushes and pops
    /// mixed as a search mixes them.
    #[test]
    fn both_open_lists_pop_in_the_same_order() {
        let pushes = [
            (5, 1, 9),
            (5, 3, 2),
            (5, 3, 4),
            (7, 0, 1),
            (5, 0, 8),
            (6, 6, 6),
        ];
        for consistent in [true, false] {
            let mut open = Open::new(consistent);
            for &(f, cost, cell) in &pushes[..3] {
                open.push(f, cost, cell);
            }
            assert!(matches!(open, Open::Heap { .. }));
            assert_eq!(open.pop(), Some((3, 4)));
            for &(f, cost, cell) in &pushes[3..] {
                open.push(f, cost, cell);
            }
            assert_eq!(matches!(open, Open::Radix(_)), consistent);
            let order: Vec<_> = std::iter::from_fn(|| open.pop()).collect();
            assert_eq!(order, [(3, 2), (1, 9), (0, 8), (6, 6), (0, 1)]);
        }
    }

    /// A diagonal step cheaper than a straight one breaks the triangle inequality (a jump's `f`
    /// can fall below its parent's): the search still answers, from the heap.
    #[test]
    fn costs_outside_the_octile_rule_still_find_the_path() {
        let grid = Grid::from_rows(&[".#.", "...", "..."], |c| c == '#');
        let cheap_diagonal = Octile {
            straight: 1000,
            diagonal: 800,
        };
        let found = jps(&grid, (0, 0), (2, 0), cheap_diagonal, Corners::Cutting).unwrap();
        assert_eq!(found.path, [(0, 0), (1, 1), (2, 0)]);
        assert_eq!(found.cost, 1600);
    }
}
