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

/// A query of a Moving AI scenario file with the optimal length the file gives for it
/// (straight steps 1, diagonal ones `sqrt 2`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scenario {
    /// The start and the goal.
    pub query: Query,
    /// The published optimal length.
    pub optimal: f64,
}

impl Map {
    /// The queries of a Moving AI scenario file (`.scen`, version 1) that are on this map, in the
    /// file's order. After the `version 1` line, each line holds a bucket, the map's file, the
    /// map's width and height, the start's `x y`, the goal's `x y` and the optimal length; lines
    /// of other maps (another file name) are skipped.
    ///
    /// # Errors
    /// `source:line: what is wrong` for the first line that is not such a query, or whose cells
    /// are off this map or blocked, or whose map size is not this map's.
    pub fn scenario(&self, text: &str, source: &str) -> Result<Vec<Scenario>, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.trim().starts_with("version 1") => {}
            _ => {
                return Err(format!(
                    "{source}:1: not a scenario file (no `version 1` line)"
                ));
            }
        }
        let mut found = Vec::new();
        for (i, line) in lines.filter(|(_, line)| !line.trim().is_empty()) {
            let at = |what: String| format!("{source}:{}: {what}", i + 1);
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [_, file, numbers @ ..] = fields.as_slice() else {
                return Err(at("a query has 9 fields".into()));
            };
            if numbers.len() != 7 {
                return Err(at(format!("a query has 9 fields, not {}", fields.len())));
            }
            let stem = std::path::Path::new(file).file_stem();
            if stem.is_none_or(|stem| stem.to_string_lossy() != self.name) {
                continue;
            }
            found.push(self.scenario_query(numbers).map_err(at)?);
        }
        Ok(found)
    }

    /// One query from a scenario line's last seven fields.
    fn scenario_query(&self, numbers: &[&str]) -> Result<Scenario, String> {
        let cell = |k: usize| -> Result<usize, String> {
            numbers[k]
                .parse()
                .map_err(|_| format!("`{}` is not a cell coordinate", numbers[k]))
        };
        if (cell(0)?, cell(1)?) != (self.width, self.height) {
            return Err(format!(
                "the map is {}x{}, not {}x{}",
                self.width, self.height, numbers[0], numbers[1]
            ));
        }
        let query = ((cell(2)?, cell(3)?), (cell(4)?, cell(5)?));
        for (x, y) in [query.0, query.1] {
            if !self.is_open(x as isize, y as isize) {
                return Err(format!("cell ({x}, {y}) is blocked or off the map"));
            }
        }
        match numbers[6].parse::<f64>() {
            Ok(optimal) if optimal.is_finite() && optimal >= 0.0 => Ok(Scenario { query, optimal }),
            _ => Err(format!("`{}` is not a path length", numbers[6])),
        }
    }
}

/// Whether `cost`, in this module's units ([`STRAIGHT`], [`DIAGONAL`]), is the optimal length
/// `optimal` of a scenario with diagonal steps of `sqrt 2`. A cheapest path at 1000 and 1414
/// costs at most the exact optimum (each path costs less in those units) and at most 0.016%
/// less (a diagonal step's 1.414 is that much below `sqrt 2`), so the exact optimum lies in
/// `[cost, cost * 1.00016]` thousandths, give or take the file's last printed digit.
pub fn agrees_with_optimal(cost: u64, optimal: f64) -> bool {
    let low = cost as f64 / 1000.0;
    (low - 1e-6..=low * (std::f64::consts::SQRT_2 / 1.414) + 1e-6).contains(&optimal)
}

/// The queries on `map` of the scenario files `list` names (paths, comma-separated), or `None`
/// without a list.
///
/// # Errors
/// `path: why` for a file that cannot be read, or [`Map::scenario`]'s error.
pub fn scenario_queries(map: &Map, list: Option<&str>) -> Result<Option<Vec<Scenario>>, String> {
    let Some(list) = list else {
        return Ok(None);
    };
    let mut found = Vec::new();
    for path in list.split(',').filter(|path| !path.is_empty()) {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        found.extend(map.scenario(&text, path)?);
    }
    Ok(Some(found))
}

/// The queries on `map` of the scenario files the `SCEN` environment variable lists
/// ([`scenario_queries`]); on an error, the error printed and the process ended (exit code 1).
pub fn chosen_scenarios(map: &Map) -> Option<Vec<Scenario>> {
    let list = std::env::var("SCEN").ok();
    scenario_queries(map, list.as_deref()).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    })
}

/// The queries of `scenarios`, or without them `count` seeded random ones ([`Map::queries`]).
pub fn queries_of(map: &Map, scenarios: Option<Vec<Scenario>>, count: usize) -> Vec<Query> {
    match scenarios {
        Some(list) => list.iter().map(|s| s.query).collect(),
        None => map.queries(count, 7),
    }
}

/// The queries to time on `map`: those of the `SCEN` scenario files ([`chosen_scenarios`]), or
/// else `count` seeded random ones.
pub fn chosen_queries(map: &Map, count: usize) -> Vec<Query> {
    queries_of(map, chosen_scenarios(map), count)
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

/// One query on a map as a [`SearchProblem`](search_core::SearchProblem) with dense state
/// indices: the trait form of `indexed::astar_fn` (octile moves, the octile heuristic).
#[derive(Debug, Clone, Copy)]
pub struct MapQuery<'a> {
    /// The map.
    pub map: &'a Map,
    /// The start and the goal.
    pub query: Query,
}

impl search_core::SearchProblem for MapQuery<'_> {
    type State = (usize, usize);
    type Action = ();
    type Cost = u32;
    #[inline]
    fn start(&self) -> (usize, usize) {
        self.query.0
    }
    #[inline]
    fn is_goal(&self, cell: &(usize, usize)) -> bool {
        *cell == self.query.1
    }
    #[inline]
    fn successors(&self, &cell: &(usize, usize), mut visit: impl FnMut((), (usize, usize), u32)) {
        self.map
            .octile_moves(cell)
            .for_each(|(next, cost)| visit((), next, cost));
    }
    #[inline]
    fn heuristic(&self, &cell: &(usize, usize)) -> u32 {
        Map::octile(cell, self.query.1)
    }
    #[inline]
    fn dense_states(&self) -> Option<&impl search_core::DenseStates<(usize, usize)>> {
        Some(self)
    }
}

impl search_core::DenseStates<(usize, usize)> for MapQuery<'_> {
    #[inline]
    fn state_count(&self) -> usize {
        self.map.cells()
    }
    #[inline]
    fn state_index(&self, &cell: &(usize, usize)) -> usize {
        self.map.index(cell)
    }
}

/// The wall-clock time `run` takes over every query (its answers kept from the optimiser).
pub fn time_queries<T>(run: &dyn Fn(&Query) -> T, queries: &[Query]) -> std::time::Duration {
    let started = std::time::Instant::now();
    for q in queries {
        std::hint::black_box(run(q));
    }
    started.elapsed()
}

/// The minor page faults of this process so far (Linux's `/proc/self/stat`), `None` elsewhere.
/// A search whose memory the allocator gave back takes one for each page it grows into again;
/// the timing examples print them with `FAULTS=1`.
pub fn minor_faults() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name, which is in parentheses and may hold spaces: the
    // state, then eight more, then `minflt`.
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(7)?.parse().ok()
}

/// The timing examples' arguments: `[ROUNDS [QUERIES]]`, 5 and 300 by default.
pub fn rounds_and_queries() -> (usize, usize) {
    let args: Vec<String> = std::env::args().collect();
    let rounds = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let count = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    (rounds, count)
}

#[cfg(test)]
mod tests {
    use super::{Map, Scenario, agrees_with_optimal};

    /// A 4x3 map: the top row open, a wall below it but for its last cell, then an open row.
    fn small() -> Map {
        Map::parse(
            "tiny",
            "type octile\nheight 3\nwidth 4\nmap\n....\n@@@.\n....\n",
        )
    }

    #[test]
    fn a_scenario_yields_this_maps_queries_in_order() {
        let text = "version 1\n\
            0\tmaps/dao/tiny.map\t4\t3\t0\t0\t3\t0\t3\n\
            0\tother.map\t9\t9\t0\t0\t0\t0\t0\n\
            \n\
            1\ttiny.map\t4\t3\t0\t0\t0\t2\t8\n";
        let found = small().scenario(text, "t.scen").expect("a good file");
        assert_eq!(
            found,
            [
                Scenario {
                    query: ((0, 0), (3, 0)),
                    optimal: 3.0
                },
                Scenario {
                    query: ((0, 0), (0, 2)),
                    optimal: 8.0
                },
            ]
        );
    }

    #[test]
    fn scenario_files_are_read_from_a_list_of_paths() {
        let map = Map::load("ost003d");
        let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/data/movingai/sample.scen");
        assert_eq!(super::scenario_queries(&map, None), Ok(None));
        let once = super::scenario_queries(&map, Some(sample)).expect("the sample");
        let once = once.expect("a list");
        assert_eq!(once.len(), 20);
        let twice = super::scenario_queries(&map, Some(&format!("{sample},,{sample}")));
        assert_eq!(twice, Ok(Some([once.clone(), once.clone()].concat())));
        assert_eq!(super::scenario_queries(&map, Some(",")), Ok(Some(vec![])));
        let missing = super::scenario_queries(&map, Some("/no/such.scen"));
        assert!(missing.is_err_and(|e| e.starts_with("/no/such.scen: ")));
        // The queries to time: the files' when there are some, else the seeded random ones.
        let queries: Vec<_> = once.iter().map(|s| s.query).collect();
        assert_eq!(super::queries_of(&map, Some(once), 5), queries);
        assert_eq!(super::queries_of(&map, None, 5), map.queries(5, 7));
        assert_eq!(map.queries(5, 7).len(), 5);
        if std::env::var_os("SCEN").is_none() {
            assert_eq!(super::chosen_queries(&map, 5), map.queries(5, 7));
        }
    }

    #[test]
    fn a_bad_scenario_line_is_named() {
        let map = small();
        let bad = |line: &str| map.scenario(&format!("version 1\n{line}\n"), "t.scen");
        assert_eq!(
            map.scenario("0 tiny.map 4 3 0 0 3 0 3\n", "t.scen"),
            Err("t.scen:1: not a scenario file (no `version 1` line)".into())
        );
        for (line, error) in [
            ("0 tiny.map 4 3 0 0 3 0", "a query has 9 fields, not 8"),
            ("0", "a query has 9 fields"),
            ("0 tiny.map 4 4 0 0 3 0 3", "the map is 4x3, not 4x4"),
            (
                "0 tiny.map 4 3 0 1 3 0 3",
                "cell (0, 1) is blocked or off the map",
            ),
            (
                "0 tiny.map 4 3 0 0 4 0 3",
                "cell (4, 0) is blocked or off the map",
            ),
            ("0 tiny.map 4 3 0 x 3 0 3", "`x` is not a cell coordinate"),
            ("0 tiny.map 4 3 0 0 3 0 -1", "`-1` is not a path length"),
        ] {
            assert_eq!(bad(line), Err(format!("t.scen:2: {error}")), "{line}");
        }
        // Another map's malformed numbers are not this map's concern.
        assert_eq!(bad("0 other.map 4 3 0 x 3 0 3"), Ok(vec![]));
    }

    /// `sample.scen`'s lengths come from a Python Dijkstra at `sqrt 2` (its script beside it):
    /// an oracle that shares no code with either crate.
    #[test]
    fn a_star_agrees_with_the_sample_scenarios_independent_lengths() {
        let text = include_str!("../data/movingai/sample.scen");
        for name in super::MAPS {
            let map = Map::load(name);
            let list = map
                .scenario(text, "sample.scen")
                .expect("the shipped sample");
            assert_eq!(list.len(), 20, "{name}");
            for s in list {
                let ((sx, sy), goal) = s.query;
                let found = search_core::indexed::astar_fn(
                    &(sx, sy),
                    map.cells(),
                    |&c| map.index(c),
                    |&c| map.octile_moves(c),
                    |&c| Map::octile(c, goal),
                    |&c| c == goal,
                );
                let cost = u64::from(found.path.expect("a reachable goal").cost);
                assert!(agrees_with_optimal(cost, s.optimal), "{name} {s:?}: {cost}");
            }
        }
    }

    /// The trait form's problem, `MapQuery`, is the closures' search in another form: on each
    /// kept map's first queries its A* finds the same path, with the same counters, as
    /// `indexed::astar_fn` over the same moves and heuristic.
    #[test]
    fn the_trait_form_finds_what_the_indexed_closures_find() {
        for name in super::MAPS {
            let map = Map::load(name);
            for (s, g) in map.queries(12, 7) {
                let trait_form = search_core::astar(&super::MapQuery {
                    map: &map,
                    query: (s, g),
                });
                let closures = search_core::indexed::astar_fn(
                    &s,
                    map.cells(),
                    |&c| map.index(c),
                    |&c| map.octile_moves(c),
                    |&c| Map::octile(c, g),
                    |&c| c == g,
                );
                let path = trait_form.path.as_ref().expect("a query in one region");
                assert_eq!(
                    (path.states.first(), path.states.last()),
                    (Some(&s), Some(&g))
                );
                assert_eq!(trait_form.path, closures.path, "{name} {s:?} {g:?}");
                assert_eq!(trait_form.stats, closures.stats, "{name} {s:?} {g:?}");
            }
        }
    }

    /// Growing into fresh memory takes page faults, and the count only rises.
    #[test]
    fn fresh_pages_are_counted_as_faults() {
        if !std::path::Path::new("/proc/self/stat").exists() {
            eprintln!("skipped: no /proc/self/stat here");
            return;
        }
        let before = super::minor_faults().expect("a count where /proc/self/stat is");
        // 64 MiB touched page by page: well above the allocator's cache of freed memory.
        let pages = std::hint::black_box(vec![1u8; 64 << 20]);
        let after = super::minor_faults().expect("read once already");
        // Huge pages, where the kernel gives them, would take fewer faults.
        assert!(after > before + 16, "{before} -> {after}");
        drop(pages);
    }

    #[test]
    fn costs_at_1000_and_1414_agree_with_lengths_at_root_two() {
        // From (0, 0) to (0, 2) the wall's one gap is at (3, 1), and the Moving AI rule forbids
        // the diagonals past it (each has a blocked side): 3 + 1 + 1 + 3 straight steps.
        let map = small();
        let (s, g) = ((0, 0), (0, 2));
        let found = search_core::astar_fn(
            &s,
            |&c| map.octile_moves(c),
            |&c| Map::octile(c, g),
            |&c| c == g,
        );
        let cost = u64::from(found.path.expect("a path").cost);
        assert_eq!(cost, 8000);
        assert!(agrees_with_optimal(cost, 8.0));
        assert!(!agrees_with_optimal(cost, 8.01));
        assert!(!agrees_with_optimal(cost, 7.99));
        // 100 diagonal steps: 141,400 here, 141.421356 at root two (0.015% more).
        assert!(agrees_with_optimal(141_400, 141.421_356));
        assert!(agrees_with_optimal(141_400, 141.4));
        assert!(!agrees_with_optimal(141_400, 141.43));
        assert!(!agrees_with_optimal(141_400, 141.39));
    }
}
