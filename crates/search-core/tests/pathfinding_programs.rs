//! `pathfinding`'s (4.16.0, MIT/Apache-2.0) whole-program tests ported to search-core's front
//! door, one module per file: `tests/gps.rs`, `tests/r299.rs` (with `r299.data`), `tests/yen.rs`,
//! `tests/yen-issue-507.rs`, `tests/dijkstra-all.rs`, `tests/aoc-2020-10.rs`,
//! `tests/aoc-2021-12.rs` (with their `.txt` inputs) and `tests/aoc-2023-17.rs`. The inputs are
//! in `tests/data/pathfinding/` (see its README), read with `include_str!`.
//!
//! Expected values (paths, costs, counts, orders) are theirs; where search-core gives more
//! (step costs, the path behind a cost), the tests check it too. Deliberate differences:
//! - results are a [`search_core::SearchResult`] (or `Vec<Path>` for `k_shortest_paths_fn`),
//!   not `Option<(Vec<N>, C)>`: the tests compare `path.states` and `path.cost`;
//! - `count_paths` returns `Option<usize>` (`None` on a cycle): the counts are `Some`;
//! - `dijkstra-all.rs` draws its networks from a thread RNG into a `Matrix`: here a seeded
//!   RNG fills a plain `Vec` grid, and `dijkstra_all`'s map is [`ShortestPathTree`], which
//!   also holds the start (cost 0, no parent) where `dijkstra_all` leaves it out;
//! - `yen-issue-507.rs`'s maze is a data file instead of a string constant.
//!
//! [`ShortestPathTree`]: search_core::ShortestPathTree

use search_core::{astar_fn, fringe_fn, idastar_fn, uniform_cost_fn};

/// pathfinding's tests/gps.rs: roads between French cities, their length the distance between
/// the cities (an equirectangular approximation in `f32`, metres rounded), the distance to the
/// goal as heuristic.
mod gps {
    use super::*;

    /// Latitude and longitude in degrees.
    const CITIES: [(&str, f32, f32); 7] = [
        ("Paris", 48.8567, 2.3508),
        ("Lyon", 45.76, 4.84),
        ("Marseille", 43.2964, 5.37),
        ("Bordeaux", 44.84, -0.58),
        ("Cannes", 43.5513, 7.0128),
        ("Toulouse", 43.6045, 1.444),
        ("Reims", 49.2628, 4.0347),
    ];

    const ROADS: [(&str, &str); 7] = [
        ("Paris", "Lyon,Bordeaux,Reims"),
        ("Lyon", "Paris,Marseille"),
        ("Marseille", "Lyon,Cannes,Toulouse"),
        ("Bordeaux", "Toulouse,Paris"),
        ("Cannes", "Marseille"),
        ("Toulouse", "Marseille,Bordeaux"),
        ("Reims", "Paris"),
    ];

    fn radians(city: &str) -> (f32, f32) {
        let &(_, lat, lon) = CITIES.iter().find(|c| c.0 == city).expect("a city");
        (lat.to_radians(), lon.to_radians())
    }

    /// Its `distance_in_meters` from `from` to `to`, the same `f32` operations in order.
    fn metres(from: &str, to: &str) -> u64 {
        let ((lat1, lon1), (lat2, lon2)) = (radians(from), radians(to));
        let x = (lon2 - lon1) * f32::midpoint(lat2, lat1).cos();
        let y = lat2 - lat1;
        (x.hypot(y) * 6_371_000.0).round() as u64
    }

    fn roads(city: &&'static str) -> Vec<(&'static str, u64)> {
        let &(_, to) = ROADS.iter().find(|r| r.0 == *city).expect("a city");
        to.split(',')
            .map(|next| (next, metres(city, next)))
            .collect()
    }

    #[test]
    fn paris_to_cannes() {
        let expected = ["Paris", "Lyon", "Marseille", "Cannes"];
        let legs: Vec<u64> = expected.windows(2).map(|w| metres(w[0], w[1])).collect();
        let to_cannes = |c: &&str| metres("Cannes", c);
        let goal = |c: &&str| *c == "Cannes";
        let (theirs, their_cost) =
            pathfinding::prelude::astar(&"Paris", roads, to_cannes, goal).unwrap();
        assert_eq!(theirs, expected);
        for (name, r) in [
            ("astar", astar_fn(&"Paris", roads, to_cannes, goal)),
            ("fringe", fringe_fn(&"Paris", roads, to_cannes, goal)),
            ("dijkstra", uniform_cost_fn(&"Paris", roads, goal)),
            ("idastar", idastar_fn(&"Paris", roads, to_cannes, goal)),
        ] {
            let path = r
                .path
                .unwrap_or_else(|| panic!("no path found with {name}"));
            assert_eq!(path.states, expected, "bad path found with {name}");
            assert_eq!(path.step_costs, legs, "{name}");
            assert_eq!(path.cost, their_cost, "{name}: not astar's cost");
        }
    }
}

/// pathfinding's tests/r299.rs (its source: <http://bit.ly/2jwqlY6>): a graph of grid points
/// whose arcs cost at least the Manhattan distance, the cheapest costs between the first
/// eight points by A*, Dijkstra, fringe and (below 150, for time) IDA*.
mod r299 {
    use super::*;
    use search_core::SearchResult;
    use std::collections::HashMap;

    /// (row, column).
    type Point = (usize, usize);
    type Graph = HashMap<Point, Vec<(Point, usize)>>;

    /// Each line: a point, `-`, then (row, column, cost) triples of arcs from it.
    fn parse(input: &str) -> (Vec<Point>, Graph) {
        let mut nodes = Vec::new();
        let mut graph = Graph::new();
        for line in input.lines() {
            let words: Vec<usize> = line.split(' ').map(|s| s.parse().unwrap_or(0)).collect();
            let from = (words[0], words[1]);
            nodes.push(from);
            let arcs = words[3..].chunks(3).map(|n| ((n[0], n[1]), n[2]));
            graph.entry(from).or_default().extend(arcs);
        }
        (nodes, graph)
    }

    fn distance(a: &Point, b: &Point) -> usize {
        a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
    }

    /// Its expected cost from the `i`th point to the `i + 1 + j`th.
    const EXPECTATIONS: [&[usize]; 7] = [
        &[28, 44, 220, 184, 144, 208, 76],
        &[60, 212, 176, 136, 200, 92],
        &[252, 216, 176, 240, 36],
        &[48, 84, 64, 276],
        &[48, 40, 240],
        &[72, 200],
        &[264],
    ];

    type Search = fn(&Graph, &Point, &Point) -> SearchResult<Point, (), usize>;

    /// Runs `search` between the pairs of the first eight points whose expected cost is below
    /// `limit`, checking the cost and that the path walks the graph's arcs.
    fn check(search: Search, limit: usize) {
        let (nodes, graph) = parse(include_str!("data/pathfinding/r299.data"));
        for (from, arcs) in &graph {
            assert!(arcs.iter().all(|(to, c)| *c >= distance(from, to)));
        }
        for (i, start) in nodes[..7].iter().enumerate() {
            for (j, target) in nodes[i + 1..8].iter().enumerate() {
                let expected = EXPECTATIONS[i][j];
                if expected >= limit {
                    continue;
                }
                let path = search(&graph, start, target).path.expect("a path");
                assert_eq!(path.cost, expected, "{start:?} -> {target:?}");
                assert_eq!((&path.states[0], path.last()), (start, target));
                for (w, c) in path.states.windows(2).zip(&path.step_costs) {
                    assert!(graph[&w[0]].contains(&(w[1], *c)), "{w:?} is no arc");
                }
            }
        }
    }

    #[test]
    fn astar() {
        check(
            |g, s, t| astar_fn(s, |n| g[n].iter().copied(), |n| distance(n, t), |n| n == t),
            usize::MAX,
        );
    }

    #[test]
    fn dijkstra() {
        check(
            |g, s, t| uniform_cost_fn(s, |n| g[n].iter().copied(), |n| n == t),
            usize::MAX,
        );
    }

    #[test]
    fn fringe() {
        check(
            |g, s, t| fringe_fn(s, |n| g[n].iter().copied(), |n| distance(n, t), |n| n == t),
            usize::MAX,
        );
    }

    /// Its IDA* runs only below cost 150: "longer paths will take too long".
    #[test]
    fn idastar() {
        check(
            |g, s, t| idastar_fn(s, |n| g[n].iter().copied(), |n| distance(n, t), |n| n == t),
            150,
        );
    }
}

/// pathfinding's tests/yen.rs: Yen's k shortest loopless paths.
mod yen {
    use search_core::k_shortest_paths_fn;

    /// The example of Wikipedia's "Yen's algorithm", from C to H.
    fn wikipedia(c: &char) -> Vec<(char, u32)> {
        match c {
            'c' => vec![('d', 3), ('e', 2)],
            'd' => vec![('f', 4)],
            'e' => vec![('d', 1), ('f', 2), ('g', 3)],
            'f' => vec![('g', 2), ('h', 1)],
            'g' => vec![('h', 2)],
            'h' => vec![],
            _ => panic!("no node {c}"),
        }
    }

    /// The `k` cheapest paths as (states, cost), checking each path's step costs.
    fn yen(
        start: char,
        successors: impl FnMut(&char) -> Vec<(char, u32)>,
        goal: char,
        k: usize,
    ) -> Vec<(Vec<char>, u32)> {
        let (paths, _) = k_shortest_paths_fn(&start, successors, |&c| c == goal, k);
        paths
            .into_iter()
            .map(|p| {
                assert_eq!(p.step_costs.iter().sum::<u32>(), p.cost);
                (p.states, p.cost)
            })
            .collect()
    }

    #[test]
    fn simple() {
        assert_eq!(
            yen('c', wikipedia, 'h', 3),
            [
                (vec!['c', 'e', 'f', 'h'], 5),
                (vec!['c', 'e', 'g', 'h'], 7),
                (vec!['c', 'd', 'f', 'h'], 8),
            ]
        );
    }

    /// Fewer paths than asked for when they run out: 7 of 10.
    #[test]
    fn ask_more_than_exist() {
        let costs: Vec<u32> = yen('c', wikipedia, 'h', 10).iter().map(|p| p.1).collect();
        assert_eq!(costs, [5, 7, 8, 8, 8, 11, 11]);
    }

    #[test]
    fn no_path() {
        let successors = |c: &char| match c {
            'c' => vec![('d', 3), ('e', 2)],
            'd' => vec![('f', 4)],
            'e' => vec![('d', 1), ('f', 2), ('g', 3)],
            'f' => vec![('g', 2), ('d', 1)],
            'g' => vec![('e', 2)],
            'h' => vec![],
            _ => panic!("no node {c}"),
        };
        assert_eq!(yen('c', successors, 'h', 2), []);
    }

    /// A start that is the goal is the one path, though a loop leads back to it.
    #[test]
    fn single_node() {
        let successors = |c: &char| match c {
            'c' => vec![('c', 1)],
            _ => panic!("no node {c}"),
        };
        assert_eq!(yen('c', successors, 'c', 2), [(vec!['c'], 0)]);
    }

    /// An alternative more than two states longer than the path before it.
    #[test]
    fn longer_alternative_path() {
        let successors = |c: &char| match c {
            'c' => vec![('d', 1), ('h', 1)],
            'd' => vec![('e', 1)],
            'e' => vec![('f', 1)],
            'f' => vec![('g', 1), ('h', 1)],
            'g' => vec![('h', 1)],
            'h' => vec![],
            _ => panic!("no node {c}"),
        };
        assert_eq!(
            yen('c', successors, 'h', 3),
            [
                (vec!['c', 'h'], 1),
                (vec!['c', 'd', 'e', 'f', 'h'], 4),
                (vec!['c', 'd', 'e', 'f', 'g', 'h'], 5),
            ]
        );
    }

    /// Every loopless path (its issue #467).
    #[test]
    fn all_paths() {
        let successors = |c: &char| match c {
            'a' => vec![('b', 1), ('c', 1), ('d', 1)],
            'b' => vec![('c', 1), ('d', 1)],
            'c' => vec![('b', 1), ('d', 1)],
            'd' => vec![],
            _ => unreachable!(),
        };
        let mut result = yen('a', successors, 'd', usize::MAX);
        result.sort_unstable();
        assert_eq!(
            result,
            [
                (vec!['a', 'b', 'c', 'd'], 3),
                (vec!['a', 'b', 'd'], 2),
                (vec!['a', 'c', 'b', 'd'], 3),
                (vec!['a', 'c', 'd'], 2),
                (vec!['a', 'd'], 1),
            ]
        );
    }

    /// A -> B -> D and A -> C -> D, both of cost 2, in that order.
    #[test]
    fn multiple_equal_cost_paths() {
        let successors = |n: &char| {
            let next = match n {
                'A' => "BC",
                'B' | 'C' => "D",
                _ => "",
            };
            next.chars().map(|n| (n, 1)).collect()
        };
        assert_eq!(
            yen('A', successors, 'D', 2),
            [(vec!['A', 'B', 'D'], 2), (vec!['A', 'C', 'D'], 2)]
        );
    }

    #[test]
    fn k_zero() {
        let successors = |c: &char| match c {
            'c' => vec![('d', 3)],
            'd' => vec![],
            _ => panic!("no node {c}"),
        };
        assert_eq!(yen('c', successors, 'd', 0), []);
    }
}

/// pathfinding's tests/yen-issue-507.rs: ten cheapest paths through a maze with one-way
/// slopes (in the manner of Advent of Code 2023, day 23), which must come cheapest first. It
/// asserts only that order; here also the costs (those of its `yen`) and that the paths are
/// distinct, loopless walks of the maze.
mod yen_issue_507 {
    use search_core::k_shortest_paths_fn;
    use std::collections::HashSet;

    type Pos = (usize, usize);

    /// The open neighbours of `(x, y)`: not `#`, and no uphill step against a slope.
    fn moves(grid: &[Vec<char>], (x, y): Pos) -> Vec<(Pos, u32)> {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(|(dx, dy)| {
                let (nx, ny) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
                match *grid.get(ny)?.get(nx)? {
                    'v' if dy == -1 => None,
                    '>' if dx == -1 => None,
                    '#' => None,
                    _ => Some(((nx, ny), 1)),
                }
            })
            .collect()
    }

    #[test]
    fn issue507() {
        let grid: Vec<Vec<char>> = include_str!("data/pathfinding/yen-issue-507.txt")
            .lines()
            .map(|l| l.chars().collect())
            .collect();
        let (start, end) = ((1, 0), (grid[0].len() - 2, grid.len() - 1));
        let (paths, _) = k_shortest_paths_fn(&start, |&p| moves(&grid, p), |&p| p == end, 10);
        let costs: Vec<u32> = paths.iter().map(|p| p.cost).collect();
        assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
        // The costs of pathfinding 4.16's `yen` on the same maze.
        assert_eq!(costs, COSTS);
        let distinct: HashSet<&Vec<Pos>> = paths.iter().map(|p| &p.states).collect();
        assert_eq!(distinct.len(), 10);
        for path in &paths {
            assert_eq!((path.states[0], *path.last()), (start, end));
            assert_eq!(path.states.iter().collect::<HashSet<_>>().len(), path.len());
            for w in path.states.windows(2) {
                assert!(moves(&grid, w[0]).contains(&(w[1], 1)), "{w:?}");
            }
        }
    }

    const COSTS: [u32; 10] = [1399, 1405, 1407, 1409, 1413, 1413, 1415, 1419, 1519, 1525];
}

/// pathfinding's tests/dijkstra-all.rs: on random networks, `dijkstra_all`'s tree
/// (`shortest_path_tree_fn`) and `dijkstra_partial`'s settled states agree with Dijkstra
/// (`uniform_cost_fn`) on costs and paths.
///
/// Its networks come from a thread RNG, here from seeded ones (every state reaches every
/// other in them, which the tests check). `dijkstra_all` leaves the start out of its map; our
/// tree holds it at cost 0 with no parent. Its `partial_paths`, when no multiple of the start
/// is reached, checks that no state in `1..SIZE / start` is reachable, a branch that cannot be
/// taken on these networks: here a start from 1 to `(SIZE - 1) / 2` must reach a multiple, a
/// greater one (which has none) must settle every state; and the multiple reached must be a
/// cheapest one.
mod dijkstra_all {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use search_core::{Reached, dijkstra_partial, shortest_path_tree_fn, uniform_cost_fn};
    use std::collections::HashMap;

    /// `network[a][b]`: the cost of the arc a -> b, 0 for none; two arcs in three exist.
    fn network(size: usize, seed: u64) -> Vec<Vec<usize>> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut arc = || {
            if rng.random_ratio(2, 3) {
                usize::from(rng.random::<u16>())
            } else {
                0
            }
        };
        (0..size)
            .map(|_| (0..size).map(|_| arc()).collect())
            .collect()
    }

    fn neighbours(network: &[Vec<usize>], a: usize) -> Vec<(usize, usize)> {
        (0..network.len())
            .filter_map(|b| (network[a][b] != 0).then_some((b, network[a][b])))
            .collect()
    }

    #[test]
    fn all_paths() {
        const SIZE: usize = 30;
        for seed in 0..3 {
            let network = network(SIZE, seed);
            let next = |&a: &usize| neighbours(&network, a);
            for start in 0..SIZE {
                let tree = shortest_path_tree_fn(&start, next);
                let theirs = pathfinding::prelude::dijkstra_all(&start, next);
                assert_eq!((tree.len(), theirs.len()), (SIZE, SIZE - 1));
                for target in 0..SIZE {
                    let path = uniform_cost_fn(&start, next, |&n| n == target).path;
                    let path = path.expect("every state reaches every other");
                    assert_eq!(tree.cost(&target), Some(path.cost), "{start} -> {target}");
                    assert_eq!(tree.path_to(&target).as_ref(), Some(&path.states));
                    if target == start {
                        assert_eq!((tree.parent(&target), path.cost), (None, 0));
                        assert!(!theirs.contains_key(&target));
                    } else {
                        assert_eq!(theirs[&target].1, path.cost, "{start} -> {target}");
                    }
                }
            }
        }
    }

    /// The states from the start to `target` along the settled states' parents (its
    /// `build_path`).
    fn build_path(settled: &[Reached<usize, usize>], target: usize) -> Vec<usize> {
        let parent: HashMap<usize, Option<usize>> =
            settled.iter().map(|r| (r.node, r.parent)).collect();
        let mut path = vec![target];
        while let Some(p) = parent[path.last().unwrap()] {
            path.push(p);
        }
        path.reverse();
        path
    }

    #[test]
    fn partial_paths() {
        const SIZE: usize = 100;
        for seed in 0..3 {
            let network = network(SIZE, seed);
            let next = |&a: &usize| neighbours(&network, a);
            for start in 0..SIZE {
                let multiple = |&n: &usize| start != 0 && n != 0 && n != start && n % start == 0;
                let (settled, reached) = dijkstra_partial(start, next, multiple);
                let tree = shortest_path_tree_fn(&start, next);
                let Some(target) = reached else {
                    assert!(start == 0 || start > (SIZE - 1) / 2, "{start}");
                    assert_eq!(settled.len(), SIZE);
                    continue;
                };
                assert!(start != 0 && start <= (SIZE - 1) / 2 && multiple(&target));
                let last = settled.last().unwrap();
                assert_eq!(last.node, target);
                let path = uniform_cost_fn(&start, next, |&n| n == target)
                    .path
                    .unwrap();
                assert_eq!(last.total_cost, path.cost, "{start} -> {target}");
                assert_eq!(build_path(&settled, target), path.states);
                let cheapest = (0..SIZE)
                    .filter(multiple)
                    .filter_map(|n| tree.cost(&n))
                    .min();
                assert_eq!(cheapest, Some(last.total_cost));
            }
        }
    }
}

/// pathfinding's tests/aoc-2020-10.rs (Advent of Code 2020, day 10, part 2, on the puzzle's
/// second example): the ways to chain adapters from 0 jolts up to the last, each step 1 to 3.
mod aoc_2020_10 {
    use search_core::count_paths;

    #[test]
    fn part2() {
        let mut adapters: Vec<i32> = include_str!("data/pathfinding/aoc-2020-10.txt")
            .lines()
            .map(|x| x.parse().unwrap())
            .collect();
        adapters.sort_unstable();
        let last = *adapters.last().unwrap();
        let next = |&x: &i32| {
            adapters
                .iter()
                .filter(move |&&y| y > x && y <= x + 3)
                .copied()
        };
        assert_eq!(count_paths(0, next, |&x| x == last), Some(19208));
    }
}

/// pathfinding's tests/aoc-2021-12.rs (Advent of Code 2021, day 12, on the puzzle's largest
/// example): the paths through a cave system visiting small caves at most once (part 1), or
/// one of them twice (part 2).
mod aoc_2021_12 {
    use search_core::count_paths;
    use std::collections::HashMap;

    /// The passages, both ways.
    fn caves(input: &str) -> HashMap<&str, Vec<&str>> {
        let mut map: HashMap<&str, Vec<&str>> = HashMap::new();
        for line in input.lines() {
            let (a, b) = line.split_once('-').unwrap();
            map.entry(a).or_default().push(b);
            map.entry(b).or_default().push(a);
        }
        map
    }

    #[derive(PartialEq, Eq, Hash, Clone)]
    struct State<'a> {
        current: &'a str,
        small_caves: Vec<&'a str>,
        small_cave_twice: bool,
    }

    fn solve(small_cave_twice: bool) -> Option<usize> {
        let map = caves(include_str!("data/pathfinding/aoc-2021-12.txt"));
        let next = |c: &State<'static>| {
            let may_enter =
                |x: &&&str| **x != "start" && (!c.small_caves.contains(x) || c.small_cave_twice);
            map[&c.current]
                .iter()
                .filter(may_enter)
                .map(|&x| State {
                    current: x,
                    small_caves: c
                        .small_caves
                        .iter()
                        .copied()
                        .chain((x.as_bytes()[0] >= b'a').then_some(x))
                        .collect(),
                    small_cave_twice: c.small_cave_twice && !c.small_caves.contains(&x),
                })
                .collect::<Vec<_>>()
        };
        let start = State {
            current: "start",
            small_caves: Vec::new(),
            small_cave_twice,
        };
        count_paths(start, next, |c| c.current == "end")
    }

    #[test]
    fn part1() {
        assert_eq!(solve(false), Some(226));
    }

    #[test]
    fn part2() {
        assert_eq!(solve(true), Some(3509));
    }
}

/// pathfinding's tests/aoc-2023-17.rs (Advent of Code 2023, day 17, on the puzzle's
/// examples): Dijkstra over (position, direction, run length) states, the run between
/// `min_move` and `max_move` cells before a turn. Its `Matrix` is a `Vec` grid here.
mod aoc_2023_17 {
    use super::*;

    const TEST_INPUT: &str = "
2413432311323
3215453535623
3255245654254
3446585845452
4546657867536
1438598798454
4457876987766
3637877979653
4654967986887
4564679986453
1224686865563
2546548887735
4322674655533
";

    const TEST_INPUT_2: &str = "
111111111111
999999999991
999999999991
999999999991
999999999991
";

    /// (row, column), (row step, column step), cells moved that way in a row.
    type State = ((usize, usize), (isize, isize), usize);

    fn least_heat_loss(input: &str, min_move: usize, max_move: usize) -> u32 {
        let grid: Vec<Vec<u32>> = (input.trim().lines())
            .map(|l| l.chars().filter_map(|c| c.to_digit(10)).collect())
            .collect();
        let (rows, columns) = (grid.len(), grid[0].len());
        let next = |&((r, c), (dr, dc), l): &State| {
            let mut next = Vec::with_capacity(3);
            let mut go = |(dr, dc): (isize, isize), l| {
                let (r, c) = (r.checked_add_signed(dr), c.checked_add_signed(dc));
                if let (Some(r), Some(c)) = (r, c) {
                    if r < rows && c < columns {
                        next.push((((r, c), (dr, dc), l), grid[r][c]));
                    }
                }
            };
            if l < max_move {
                go((dr, dc), l + 1);
            }
            if l >= min_move {
                go((-dc, -dr), 1);
                go((dc, dr), 1);
            } else if l == 0 {
                go((1, 0), 1);
                go((0, 1), 1);
            }
            next
        };
        let goal = |&(pos, _, l): &State| pos == (rows - 1, columns - 1) && l >= min_move;
        let path = uniform_cost_fn(&((0, 0), (0, 0), 0), next, goal)
            .path
            .unwrap();
        let heat = path.states[1..].iter().map(|&((r, c), ..)| grid[r][c]);
        assert_eq!(heat.collect::<Vec<_>>(), path.step_costs);
        path.cost
    }

    #[test]
    fn aoc_2023_17() {
        assert_eq!(102, least_heat_loss(TEST_INPUT, 1, 3));
        assert_eq!(94, least_heat_loss(TEST_INPUT, 4, 10));
        assert_eq!(71, least_heat_loss(TEST_INPUT_2, 4, 10));
    }
}
