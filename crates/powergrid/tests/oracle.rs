//! Every answer of the crate checked against brute force on small random grids: a line is
//! critical when the grid without it no longer joins its two cities; a line is important for
//! (A, B) when the grid without it no longer joins A and B. Parallel lines, self-loops, lone
//! cities and several parts are all drawn, and city names of every length around the inline
//! limits of the name table (8 and 11 bytes), some sharing long prefixes.

use powergrid::format::{sorted_critical_lines, write_critical_lines, write_dot};
use powergrid::{Error, Grid, QueryError, answer_queries};
use proptest::prelude::*;

/// Whether `a` and `b` are joined by lines other than line `skip` (plain union-find).
fn joined(n: usize, lines: &[(usize, usize)], skip: Option<usize>, a: usize, b: usize) -> bool {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            x = parent[x];
        }
        x
    }
    for (i, &(u, v)) in lines.iter().enumerate() {
        if Some(i) != skip {
            let (ru, rv) = (root(&mut parent, u), root(&mut parent, v));
            parent[ru] = rv;
        }
    }
    root(&mut parent, a) == root(&mut parent, b)
}

/// The brute-force answer to the query (a, b): `None` when they are in different parts.
fn important(n: usize, lines: &[(usize, usize)], a: usize, b: usize) -> Option<usize> {
    joined(n, lines, None, a, b).then(|| {
        (0..lines.len())
            .filter(|&e| !joined(n, lines, Some(e), a, b))
            .count()
    })
}

/// Distinct city names: short (1 to 11 bytes, some of exactly 8 and 11) and long (12 or more,
/// several sharing their first 11 or more bytes), from the index and a drawn shape.
fn names(shapes: &[u8]) -> Vec<String> {
    shapes
        .iter()
        .enumerate()
        .map(|(i, &shape)| {
            let base = match shape % 8 {
                0 => String::new(),
                1 => "abcdefg".to_owned(),     // 8 bytes with one digit
                2 => "abcdefghij".to_owned(),  // 11 with one digit
                3 => "abcdefghijk".to_owned(), // 12: just too long for a slot
                4 => "abcdefghijklmnopqrst".to_owned(),
                5 => "x".repeat(usize::from(shape) % 6),
                6 => "Stadt\u{e9}".to_owned(), // non-ASCII
                _ => "q".repeat(usize::from(shape) % 23),
            };
            // The index as a letter at the end keeps the names distinct whatever the base.
            format!("{base}{}", char::from(b'A' + i as u8))
        })
        .collect()
}

fn grid_text(names: &[String], lines: &[(usize, usize)]) -> String {
    let mut text = format!("{}\n{}\n", names.len(), lines.len());
    for name in names {
        text.push_str(name);
        text.push('\n');
    }
    for &(a, b) in lines {
        text.push_str(&format!("{} {}\n", names[a], names[b]));
    }
    text
}

fn grid_strategy() -> impl Strategy<Value = (Vec<u8>, Vec<(usize, usize)>)> {
    (1usize..10).prop_flat_map(|n| {
        (
            prop::collection::vec(any::<u8>(), n),
            prop::collection::vec((0..n, 0..n), 0..16),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn critical_lines_and_components_match_brute_force((shapes, lines) in grid_strategy()) {
        let names = names(&shapes);
        let n = names.len();
        let grid = Grid::parse(&grid_text(&names, &lines), "g").unwrap();
        prop_assert_eq!(grid.city_count(), n);
        prop_assert_eq!(grid.line_count(), lines.len());
        for (i, name) in names.iter().enumerate() {
            prop_assert_eq!(grid.city_name(i), name.as_str());
            prop_assert_eq!(grid.city(name), Some(i));
            let unknown = format!("{name}?");
            prop_assert_eq!(grid.city(&unknown), None);
        }
        // Critical lines: in file order, in file orientation, exactly the brute-force ones.
        let expected: Vec<(usize, &str, &str)> = lines
            .iter()
            .enumerate()
            .filter(|&(e, &(a, b))| !joined(n, &lines, Some(e), a, b))
            .map(|(e, &(a, b))| (e, names[a].as_str(), names[b].as_str()))
            .collect();
        let critical: Vec<(usize, &str, &str)> =
            grid.critical_lines().iter().map(|l| (l.index, l.from, l.to)).collect();
        prop_assert_eq!(&critical, &expected);
        for (e, &(a, b)) in lines.iter().enumerate() {
            let line = grid.line(e);
            prop_assert_eq!((line.index, line.from, line.to), (e, names[a].as_str(), names[b].as_str()));
            prop_assert_eq!(grid.is_critical(e), expected.iter().any(|c| c.0 == e));
        }
        // Parts and 2-edge-connected components.
        let parts = (0..n).filter(|&c| (0..c).all(|d| !joined(n, &lines, None, c, d))).count();
        prop_assert_eq!(grid.part_count(), parts);
        prop_assert_eq!(grid.is_connected(), parts <= 1);
        let same = |a: usize, b: usize| important(n, &lines, a, b) == Some(0);
        let components = (0..n).filter(|&c| (0..c).all(|d| !same(c, d))).count();
        prop_assert_eq!(grid.component_count(), components);
        for a in 0..n {
            prop_assert!(grid.component(a) < components);
            for b in 0..n {
                prop_assert_eq!(grid.component(a) == grid.component(b), same(a, b));
            }
        }
    }

    #[test]
    fn important_lines_match_brute_force((shapes, lines) in grid_strategy()) {
        let names = names(&shapes);
        let n = names.len();
        let grid = Grid::parse(&grid_text(&names, &lines), "g").unwrap();
        let index = grid.preprocess();
        prop_assert!(std::ptr::eq(index.grid(), &grid));
        let mut pairs = Vec::new();
        let mut expected = Vec::new();
        for a in 0..n {
            for b in 0..n {
                let want = important(n, &lines, a, b);
                prop_assert_eq!(index.important_lines_between(a, b), want);
                let (from, to) = (names[a].as_str(), names[b].as_str());
                let got = index.important_lines(from, to);
                match want {
                    Some(count) => prop_assert_eq!(got, Ok(count)),
                    None => prop_assert_eq!(
                        got,
                        Err(QueryError::NoPath { from: from.to_owned(), to: to.to_owned() })
                    ),
                }
                pairs.push((from, to));
                expected.push(want.ok_or(()));
            }
        }
        // Unknown names: one past a name, a name cut short, and a made-up one.
        let unknown = [format!("{}A", names[0]), names[0][..names[0].len() - 1].to_owned(), "zz".to_owned()];
        for name in &unknown {
            if names.contains(name) {
                continue;
            }
            let error = Err(QueryError::UnknownCity { name: name.clone() });
            prop_assert_eq!(index.important_lines(name, &names[0]), error.clone());
            prop_assert_eq!(index.important_lines(&names[n - 1], name), error);
            pairs.push((name, names[0].as_str()));
            expected.push(Err(()));
        }
        // The batch answers in order, and as the single queries.
        let mut answers = Vec::new();
        index.important_lines_batch(&pairs, |i, r| answers.push((i, r.map_err(|_| ()))));
        let numbered: Vec<_> = expected.into_iter().enumerate().collect();
        prop_assert_eq!(answers, numbered);
    }

    #[test]
    fn printed_answers_match_brute_force((shapes, lines) in grid_strategy()) {
        let names = names(&shapes);
        let n = names.len();
        let grid = Grid::parse(&grid_text(&names, &lines), "g").unwrap();
        // The critical lines, sorted by their unordered pair of names (then by file position).
        let mut expected: Vec<(usize, &str, &str)> = lines
            .iter()
            .enumerate()
            .filter(|&(e, &(a, b))| !joined(n, &lines, Some(e), a, b))
            .map(|(e, &(a, b))| (e, names[a].as_str(), names[b].as_str()))
            .collect();
        expected.sort_by_key(|&(e, a, b)| (a.min(b), a.max(b), e));
        let sorted: Vec<(usize, &str, &str)> =
            sorted_critical_lines(&grid).iter().map(|l| (l.index, l.from, l.to)).collect();
        prop_assert_eq!(&sorted, &expected);
        let mut out = Vec::new();
        write_critical_lines(&grid, &mut out).unwrap();
        let printed: String = expected.iter().map(|(_, a, b)| format!("{a} {b}\n")).collect();
        prop_assert_eq!(String::from_utf8(out).unwrap(), printed);

        // Queries through the stream interface: one count per answerable line, in order.
        let mut queries = String::new();
        let mut answers = String::new();
        let mut failures = 0;
        for a in 0..n {
            for b in 0..n {
                queries.push_str(&format!("{} {}\n", names[a], names[b]));
                match important(n, &lines, a, b) {
                    Some(count) => answers.push_str(&format!("{count}\n")),
                    None => failures += 1,
                }
            }
        }
        let index = grid.preprocess();
        let mut out = Vec::new();
        let mut reported = 0;
        let failed = answer_queries(&index, queries.as_bytes(), "q", &mut out, |e| {
            assert!(matches!(e, Error::QueryLine(_)), "{e}");
            reported += 1;
        })
        .unwrap();
        prop_assert_eq!(String::from_utf8(out).unwrap(), answers);
        prop_assert_eq!((failed, reported), (failures, failures));
    }

    #[test]
    fn dot_has_every_city_once_clustered_by_component((shapes, lines) in grid_strategy()) {
        let names = names(&shapes);
        let n = names.len();
        let grid = Grid::parse(&grid_text(&names, &lines), "g").unwrap();
        let mut out = Vec::new();
        write_dot(&grid, &mut out).unwrap();
        let dot = String::from_utf8(out).unwrap();
        let quoted = |s: &str| format!("\"{s}\"");
        // Reads the DOT back: the cities of each cluster, the lone cities, and the lines.
        let mut clusters: Vec<Vec<String>> = Vec::new();
        let mut lone = Vec::new();
        let mut edges = Vec::new();
        let mut in_cluster = false;
        let mut body = dot.lines();
        prop_assert_eq!(body.next(), Some("graph powergrid {"));
        prop_assert_eq!(body.next(), Some("  node [shape=box, style=rounded];"));
        for line in body {
            if line.starts_with("  subgraph cluster_") {
                clusters.push(Vec::new());
                in_cluster = true;
            } else if line == "  }" {
                in_cluster = false;
            } else if line.contains(" -- ") {
                edges.push(line.to_owned());
            } else if let Some(city) = line.strip_suffix(';').filter(|l| l.trim_start().starts_with('"')) {
                if in_cluster {
                    clusters.last_mut().unwrap().push(city.trim_start().to_owned());
                } else {
                    lone.push(city.trim_start().to_owned());
                }
            }
        }
        prop_assert!(dot.ends_with("\n}\n"), "{}", dot);
        // Every city exactly once; a cluster is a whole component of two or more cities.
        let mut seen: Vec<String> = clusters.iter().flatten().chain(&lone).cloned().collect();
        seen.sort();
        let mut all: Vec<String> = names.iter().map(|s| quoted(s)).collect();
        all.sort();
        prop_assert_eq!(seen, all);
        let component_of = |q: &str| grid.component(names.iter().position(|s| quoted(s) == q).unwrap());
        let size = |c: usize| (0..n).filter(|&x| grid.component(x) == c).count();
        for cluster in &clusters {
            let c = component_of(&cluster[0]);
            prop_assert!(cluster.iter().all(|q| component_of(q) == c));
            prop_assert_eq!(cluster.len(), size(c));
            prop_assert!(cluster.len() >= 2);
        }
        for q in &lone {
            prop_assert_eq!(size(component_of(q)), 1);
        }
        // Every line in file order, red exactly when critical.
        prop_assert_eq!(edges.len(), lines.len());
        for (e, &(a, b)) in lines.iter().enumerate() {
            let style = if grid.is_critical(e) { " [color=red, style=bold, penwidth=3]" } else { "" };
            prop_assert_eq!(&edges[e], &format!("  {} -- {}{style};", quoted(&names[a]), quoted(&names[b])));
        }
    }
}
