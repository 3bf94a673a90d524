//! The program's output: critical lines in print order, and the grid as Graphviz DOT.

use crate::{Grid, Line};
use std::io::{self, Write};

/// The critical lines in print order: sorted by their unordered pair of cities (the bytewise
/// smaller name first), each still in file orientation.
pub fn sorted_critical_lines(grid: &Grid) -> Vec<Line<'_>> {
    let mut lines = grid.critical_lines();
    lines.sort_unstable_by(|x, y| unordered(x).cmp(&unordered(y)).then(x.index.cmp(&y.index)));
    lines
}

fn unordered<'a>(line: &Line<'a>) -> (&'a [u8], &'a [u8]) {
    let (a, b) = (line.from.as_bytes(), line.to.as_bytes());
    if a <= b { (a, b) } else { (b, a) }
}

/// Writes the critical lines, one `cityA cityB` per line, in [`sorted_critical_lines`] order.
///
/// # Errors
/// Any write error.
pub fn write_critical_lines(grid: &Grid, out: &mut impl Write) -> io::Result<()> {
    for line in sorted_critical_lines(grid) {
        writeln!(out, "{} {}", line.from, line.to)?;
    }
    Ok(())
}

/// Writes the grid as an undirected Graphviz graph: every 2-edge-connected component of two or
/// more cities is a cluster, critical lines are bold and red.
///
/// # Errors
/// Any write error.
pub fn write_dot(grid: &Grid, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "graph powergrid {{")?;
    writeln!(out, "  node [shape=box, style=rounded];")?;
    // Cities grouped by component (counting sort).
    let mut start = vec![0usize; grid.component_count() + 1];
    for city in 0..grid.city_count() {
        start[grid.component(city) + 1] += 1;
    }
    for c in 0..grid.component_count() {
        start[c + 1] += start[c];
    }
    let mut next = start.clone();
    let mut by_component = vec![0usize; grid.city_count()];
    for city in 0..grid.city_count() {
        let c = grid.component(city);
        by_component[next[c]] = city;
        next[c] += 1;
    }
    for c in 0..grid.component_count() {
        let cities = &by_component[start[c]..start[c + 1]];
        if cities.len() < 2 {
            for &city in cities {
                writeln!(out, "  {};", quoted(grid.city_name(city)))?;
            }
            continue;
        }
        writeln!(out, "  subgraph cluster_{c} {{")?;
        writeln!(
            out,
            "    label=\"component {c}\"; style=dashed; color=gray;"
        )?;
        for &city in cities {
            writeln!(out, "    {};", quoted(grid.city_name(city)))?;
        }
        writeln!(out, "  }}")?;
    }
    for index in 0..grid.line_count() {
        let line = grid.line(index);
        let style = if grid.is_critical(index) {
            " [color=red, style=bold, penwidth=3]"
        } else {
            ""
        };
        writeln!(
            out,
            "  {} -- {}{style};",
            quoted(line.from),
            quoted(line.to)
        )?;
    }
    writeln!(out, "}}")
}

/// A DOT double-quoted string.
fn quoted(name: &str) -> String {
    let mut s = String::with_capacity(name.len() + 2);
    s.push('"');
    for c in name.chars() {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        Grid::parse(text, "g").unwrap()
    }

    #[test]
    fn sorts_by_unordered_pair_keeping_orientation() {
        // Lines: S-B (critical), A-E (critical), B-A (critical), C-D twice (not critical).
        let g = grid("6\n5\nA\nB\nC\nD\nE\nS\nS B\nA E\nB A\nC D\nD C\n");
        let mut out = Vec::new();
        write_critical_lines(&g, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "B A\nA E\nS B\n");
    }

    #[test]
    fn dot_has_clusters_and_red_critical_lines() {
        let g = grid("4\n4\nA\nB\nC\nD\nA B\nB C\nC A\nC D\n");
        let mut out = Vec::new();
        write_dot(&g, &mut out).unwrap();
        let dot = String::from_utf8(out).unwrap();
        assert!(dot.starts_with("graph powergrid {\n"), "{dot}");
        assert_eq!(dot.matches("subgraph cluster_").count(), 1, "{dot}");
        assert!(dot.contains("  \"C\" -- \"D\" [color=red, style=bold, penwidth=3];\n"));
        assert!(dot.contains("  \"A\" -- \"B\";\n"));
        assert!(dot.ends_with("}\n"));
        assert_eq!(quoted("a\"b\\"), "\"a\\\"b\\\\\"");
    }
}
