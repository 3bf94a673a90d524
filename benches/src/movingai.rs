//! The Moving AI grid maps under `benches/data/movingai/` (Sturtevant 2012), their octile and
//! 4-connected moves as closures over `(x, y)` cells, and seeded random queries inside a map's
//! largest region: what a `pathfinding` user writes, for both crates alike.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;

/// A grid map: which cells are passable.
#[derive(Debug, Clone)]
pub struct Map {
    /// The map's name (its file name without `.map`).
    pub name: String,
    /// Cells per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    open: Vec<bool>,
}

/// A straight step's cost; a diagonal one costs [`DIAGONAL`].
pub const STRAIGHT: u32 = 1000;
/// A diagonal step's cost (`1000 * sqrt 2`, rounded).
pub const DIAGONAL: u32 = 1414;

/// The eight directions, straight ones first.
const DIRECTIONS: [(isize, isize); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

impl Map {
    /// The map `benches/data/movingai/NAME.map`.
    ///
    /// # Panics
    /// When the file is missing or not a Moving AI map.
    pub fn load(name: &str) -> Self {
        Self::open(&format!(
            "{}/data/movingai/{name}.map",
            env!("CARGO_MANIFEST_DIR")
        ))
    }

    /// The map `item`: a synthetic map's name ([`SYNTHETIC`](crate::synthetic::SYNTHETIC)), the
    /// path of a `.map` file, or the name of a map kept under `benches/data/movingai/`.
    ///
    /// # Panics
    /// When the map is missing or not a Moving AI map.
    pub fn find(item: &str) -> Self {
        if item.ends_with(".map") {
            return Self::open(item);
        }
        crate::synthetic::generate(item).unwrap_or_else(|| Self::load(item))
    }

    /// The map in the file `path` (named after the file, without its `.map`).
    ///
    /// # Panics
    /// When the file is missing or not a Moving AI map.
    pub fn open(path: &str) -> Self {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let name = std::path::Path::new(path)
            .file_stem()
            .map_or(path.into(), |stem| stem.to_string_lossy());
        Self::parse(&name, &text)
    }

    /// Parses a map: `type octile`, `height H`, `width W`, `map`, then the rows; `.`, `G` and `S`
    /// are passable.
    ///
    /// # Panics
    /// When the text is not a Moving AI map.
    pub fn parse(name: &str, text: &str) -> Self {
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("").trim_end();
        assert_eq!(first, "type octile", "{name}: a Moving AI map");
        let mut header = |key: &str| -> usize {
            let line = lines.next().expect("a header line");
            let value = line.strip_prefix(key).expect("the header's key");
            value.trim().parse().expect("a number")
        };
        let height = header("height");
        let width = header("width");
        assert_eq!(lines.next(), Some("map"));
        let open: Vec<bool> = lines
            .take(height)
            .flat_map(|row| row.bytes().map(|b| matches!(b, b'.' | b'G' | b'S')))
            .collect();
        assert_eq!(open.len(), width * height, "{name}: rows of {width} cells");
        Self::from_cells(name, width, height, open)
    }

    /// A map of `width` x `height` cells, `open[y * width + x]` telling whether `(x, y)` is
    /// passable.
    ///
    /// # Panics
    /// When `open` does not hold `width * height` cells.
    pub fn from_cells(name: &str, width: usize, height: usize, open: Vec<bool>) -> Self {
        assert_eq!(open.len(), width * height, "{name}: {width}x{height} cells");
        Self {
            name: name.to_owned(),
            width,
            height,
            open,
        }
    }

    /// The map as search-core's packed occupancy grid, for Jump Point Search.
    pub fn grid(&self) -> search_core::grid::Grid {
        let mut grid = search_core::grid::Grid::new(self.width, self.height);
        for y in 0..self.height {
            for x in 0..self.width {
                grid.set_blocked(x, y, !self.is_open(x as isize, y as isize));
            }
        }
        grid
    }

    /// Whether `(x, y)` is on the map and passable.
    #[inline]
    pub fn is_open(&self, x: isize, y: isize) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.open[y as usize * self.width + x as usize]
    }

    /// The octile moves from `(x, y)` with their costs, the Moving AI rule: a diagonal step
    /// needs both cells beside it free (no corner cutting).
    #[inline]
    pub fn octile_moves(
        &self,
        (x, y): (usize, usize),
    ) -> impl Iterator<Item = ((usize, usize), u32)> + '_ {
        let (x, y) = (x as isize, y as isize);
        DIRECTIONS.into_iter().filter_map(move |(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            let diagonal = dx != 0 && dy != 0;
            let free = self.is_open(nx, ny)
                && (!diagonal || (self.is_open(x + dx, y) && self.is_open(x, y + dy)));
            free.then_some((
                (nx as usize, ny as usize),
                if diagonal { DIAGONAL } else { STRAIGHT },
            ))
        })
    }

    /// The 4-connected moves from `(x, y)`.
    #[inline]
    pub fn four_moves(&self, (x, y): (usize, usize)) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (x, y) = (x as isize, y as isize);
        DIRECTIONS[..4].iter().filter_map(move |&(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            self.is_open(nx, ny).then_some((nx as usize, ny as usize))
        })
    }

    /// The octile distance between two cells (consistent with [`octile_moves`](Self::octile_moves)).
    #[inline]
    pub fn octile(a: (usize, usize), b: (usize, usize)) -> u32 {
        let (dx, dy) = (a.0.abs_diff(b.0) as u32, a.1.abs_diff(b.1) as u32);
        let (long, short) = (dx.max(dy), dx.min(dy));
        STRAIGHT * (long - short) + DIAGONAL * short
    }

    /// The cells of the largest 4-connected region.
    pub fn largest_region(&self) -> Vec<(usize, usize)> {
        let mut seen = vec![false; self.open.len()];
        let mut best = Vec::new();
        for start in 0..self.open.len() {
            if !self.open[start] || seen[start] {
                continue;
            }
            seen[start] = true;
            let mut region = Vec::new();
            let mut queue = VecDeque::from([(start % self.width, start / self.width)]);
            while let Some(cell) = queue.pop_front() {
                region.push(cell);
                for next in self.four_moves(cell) {
                    let i = next.1 * self.width + next.0;
                    if !seen[i] {
                        seen[i] = true;
                        queue.push_back(next);
                    }
                }
            }
            if region.len() > best.len() {
                best = region;
            }
        }
        best
    }

    /// `count` seeded random `(start, goal)` pairs inside the largest region.
    pub fn queries(&self, count: usize, seed: u64) -> Vec<((usize, usize), (usize, usize))> {
        let region = self.largest_region();
        let mut rng = StdRng::seed_from_u64(seed);
        (0..count)
            .map(|_| {
                let a = region[rng.random_range(0..region.len())];
                let b = region[rng.random_range(0..region.len())];
                (a, b)
            })
            .collect()
    }

    /// The corner-to-corner query: the cells of the largest region nearest the top-left and the
    /// bottom-right corners (the longest kind of query, for peak memory).
    pub fn corner_query(&self) -> Query {
        let region = self.largest_region();
        let nearest = |(cx, cy): (usize, usize)| {
            *region
                .iter()
                .min_by_key(|&&(x, y)| x.abs_diff(cx) + y.abs_diff(cy))
                .expect("a map with an open cell")
        };
        (nearest((0, 0)), nearest((self.width - 1, self.height - 1)))
    }

    /// The dense index of a cell, below [`cells`](Self::cells).
    #[inline]
    pub fn index(&self, (x, y): (usize, usize)) -> usize {
        y * self.width + x
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.open.len()
    }
}

/// The maps kept under `benches/data/movingai/`.
pub const MAPS: [&str; 3] = ["ost003d", "den520d", "brc202d"];

/// The maps to time: those the `MAPS` environment variable lists, or else the kept [`MAPS`].
/// Each item of the comma-separated list is the name of a kept map, the path of any Moving AI
/// `.map` file (another map of the benchmark set), the name of a seeded synthetic map
/// ([`SYNTHETIC`](crate::synthetic::SYNTHETIC)), or `synthetic` for all of those.
///
/// # Panics
/// When a listed map is missing or not a Moving AI map.
pub fn chosen_maps() -> Vec<Map> {
    match std::env::var("MAPS") {
        Ok(list) => list
            .split(',')
            .filter(|item| !item.is_empty())
            .flat_map(|item| match item {
                "synthetic" => crate::synthetic::SYNTHETIC.map(Map::find).to_vec(),
                item => vec![Map::find(item)],
            })
            .collect(),
        Err(_) => MAPS.map(Map::load).to_vec(),
    }
}

/// A query: a start cell and a goal cell.
pub type Query = ((usize, usize), (usize, usize));

/// The wall-clock time `run` takes over every query (its answers kept from the optimiser).
pub fn time_queries<T>(run: &dyn Fn(&Query) -> T, queries: &[Query]) -> std::time::Duration {
    let started = std::time::Instant::now();
    for q in queries {
        std::hint::black_box(run(q));
    }
    started.elapsed()
}

/// The timing examples' arguments: `[ROUNDS [QUERIES]]`, 5 and 300 by default.
pub fn rounds_and_queries() -> (usize, usize) {
    let args: Vec<String> = std::env::args().collect();
    let rounds = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let count = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    (rounds, count)
}
