//! SVG pictures of searches: one panel per method run, side by side (three to a row), so
//! depth-first, best-first and A* can be compared at a glance.
//!
//! - [`maze_svg`]: the maze's walls (a dashed line is a one-way passage), the goal cells
//!   outlined in green, every expanded cell shaded by when it was first expanded (light yellow
//!   first, deep red last; its order in a tooltip), and the returned path as a blue line through
//!   dots from the start (ringed).
//! - [`graph_svg`]: labelled graphs drawn at given coordinates ([`crate::layout`]): arcs in grey
//!   (arc costs at their middle), nodes shaded the same way, the path's arcs in blue.
//!
//! Elements carry classes for tools and tests: `expanded` (with `data-order`, 0-based),
//! `path-cell` (with `data-cell="R,C"`) or `path-arc`, `goal`, `wall`, `one-way`.
//!
//! ```
//! use maze::{picture::Panel, svg::maze_svg, Grid, MazeProblem, Method};
//!
//! let grid = Grid::parse("0110 0001\n1000 0000\n", "tiny").unwrap();
//! let maze = MazeProblem::new(&grid, "tiny", (0, 0), &[(0, 1)]).unwrap();
//! let svg = maze_svg(&grid, maze.goals(), &[Panel::run(&maze, Method::AlgA)]);
//! assert!(svg.starts_with("<svg") && svg.contains(r#"data-cell="0,1""#));
//! ```

use crate::graph::Graph;
use crate::grid::{EAST, Grid, NORTH, SOUTH, WEST};
use crate::picture::{Panel, shade, xml_escape};
use search_core::SearchProblem;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Pixels per maze cell.
const CELL: f64 = 28.0;
/// Space around a panel.
const MARGIN: f64 = 12.0;
/// Height of a panel's caption.
const CAPTION: f64 = 22.0;
/// Panels per row.
const PER_ROW: usize = 3;
/// The size of a graph panel's drawing area.
const GRAPH_W: f64 = 520.0;
/// See [`GRAPH_W`].
const GRAPH_H: f64 = 400.0;

/// Where panel `i` of a grid of panels `w` x `h` goes, and the whole picture's size.
fn panel_grid(count: usize, w: f64, h: f64) -> (impl Fn(usize) -> (f64, f64), f64, f64) {
    let columns = count.clamp(1, PER_ROW);
    let rows = count.div_ceil(PER_ROW).max(1);
    let place = move |i: usize| ((i % PER_ROW) as f64 * w, (i / PER_ROW) as f64 * h);
    (place, columns as f64 * w, rows as f64 * h)
}

/// Opens the SVG document.
fn open(out: &mut String, width: f64, height: f64) {
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        out,
        r#"<rect width="{width}" height="{height}" fill="white"/>"#
    );
}

/// The first expansion index of every state (the order shading uses).
fn first_expansions<S: std::hash::Hash + Eq + Clone>(expanded: &[S]) -> HashMap<S, usize> {
    let mut first = HashMap::new();
    for (k, s) in expanded.iter().enumerate() {
        first.entry(s.clone()).or_insert(k);
    }
    first
}

/// The maze with one panel per method run (see the module documentation).
pub fn maze_svg(grid: &Grid, goals: &[(u32, u32)], panels: &[Panel<(u32, u32)>]) -> String {
    let w = grid.cols() as f64 * CELL + 2.0 * MARGIN;
    let h = grid.rows() as f64 * CELL + 2.0 * MARGIN + CAPTION;
    let (place, width, height) = panel_grid(panels.len(), w.max(260.0), h);
    let mut out = String::new();
    open(&mut out, width, height);
    for (i, panel) in panels.iter().enumerate() {
        let (x, y) = place(i);
        let _ = writeln!(
            out,
            r#"<g class="panel" transform="translate({x},{y})"><text x="{MARGIN}" y="16" font-weight="bold">{}</text><g transform="translate({MARGIN},{})">"#,
            xml_escape(&panel.title),
            MARGIN + CAPTION - 6.0
        );
        maze_cells(&mut out, panel);
        for &(r, c) in goals {
            let _ = writeln!(
                out,
                r##"<rect class="goal" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#1a9850" stroke-width="3"/>"##,
                f64::from(c) * CELL + 2.0,
                f64::from(r) * CELL + 2.0,
                CELL - 4.0,
                CELL - 4.0
            );
        }
        maze_walls(&mut out, grid);
        maze_path(&mut out, &panel.path);
        out.push_str("</g></g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// The expanded cells, shaded by first expansion.
fn maze_cells(out: &mut String, panel: &Panel<(u32, u32)>) {
    let first = first_expansions(&panel.expanded);
    let mut cells: Vec<_> = first.into_iter().collect();
    cells.sort_by_key(|&(_, k)| k);
    for ((r, c), k) in cells {
        let _ = writeln!(
            out,
            r#"<rect class="expanded" data-order="{k}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"><title>({r}, {c}) expanded #{}</title></rect>"#,
            f64::from(c) * CELL,
            f64::from(r) * CELL,
            shade(k, panel.expanded.len()),
            k + 1
        );
    }
}

/// The walls: a solid line where neither side is open, dashed where only one is (one-way).
fn maze_walls(out: &mut String, grid: &Grid) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut line = |x1: f64, y1: f64, x2: f64, y2: f64, a: bool, b: bool| {
        let class = match (a, b) {
            (true, true) => return,
            (false, false) => r##"class="wall" stroke="#222" stroke-width="2.5""##,
            _ => r##"class="one-way" stroke="#888" stroke-width="1.5" stroke-dasharray="3 3""##,
        };
        let _ = writeln!(
            out,
            r#"<line {class} x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke-linecap="round"/>"#
        );
    };
    for r in 0..=rows {
        for c in 0..cols {
            let down = r > 0 && grid.cell(r - 1, c) & SOUTH != 0;
            let up = r < rows && grid.cell(r, c) & NORTH != 0;
            let (x, y) = (c as f64 * CELL, r as f64 * CELL);
            line(x, y, x + CELL, y, down, up);
        }
    }
    for r in 0..rows {
        for c in 0..=cols {
            let right = c > 0 && grid.cell(r, c - 1) & EAST != 0;
            let left = c < cols && grid.cell(r, c) & WEST != 0;
            let (x, y) = (c as f64 * CELL, r as f64 * CELL);
            line(x, y, x, y + CELL, right, left);
        }
    }
}

/// The path: a line through the cell centres, a dot per cell, the start ringed.
fn maze_path(out: &mut String, path: &[(u32, u32)]) {
    let centre = |&(r, c): &(u32, u32)| ((f64::from(c) + 0.5) * CELL, (f64::from(r) + 0.5) * CELL);
    let points: Vec<String> = path
        .iter()
        .map(|p| {
            let (x, y) = centre(p);
            format!("{x},{y}")
        })
        .collect();
    let _ = writeln!(
        out,
        r##"<polyline class="path" points="{}" fill="none" stroke="#2166ac" stroke-width="3" stroke-linejoin="round"/>"##,
        points.join(" ")
    );
    for (i, p) in path.iter().enumerate() {
        let (x, y) = centre(p);
        let r = if i == 0 { 7.0 } else { 3.5 };
        let _ = writeln!(
            out,
            r##"<circle class="path-cell" data-cell="{},{}" cx="{x}" cy="{y}" r="{r}" fill="#2166ac" stroke="white" stroke-width="1.5"/>"##,
            p.0, p.1
        );
    }
}

/// Labelled graphs at `layout` (one point per node, any units, y up as on a map), one panel per
/// method run, each with the graph it ran on (the parts of a file share their nodes; see the
/// module documentation).
///
/// # Panics
/// When `layout` has fewer points than a graph has nodes.
pub fn graph_svg(layout: &[(f64, f64)], panels: &[(&Graph, Panel<u32>)]) -> String {
    let w = GRAPH_W + 2.0 * MARGIN;
    let h = GRAPH_H + 2.0 * MARGIN + CAPTION;
    let (place, width, height) = panel_grid(panels.len(), w, h);
    let mut out = String::new();
    open(&mut out, width, height);
    for (i, (graph, panel)) in panels.iter().enumerate() {
        assert!(layout.len() >= graph.len(), "one point per node");
        let at = fit(&layout[..graph.len()]);
        let (x, y) = place(i);
        let _ = writeln!(
            out,
            r#"<g class="panel" transform="translate({x},{y})"><text x="{MARGIN}" y="16" font-weight="bold">{}</text><g transform="translate({MARGIN},{})">"#,
            xml_escape(&panel.title),
            MARGIN + CAPTION
        );
        graph_arcs(&mut out, graph, &at, &panel.path);
        graph_nodes(&mut out, graph, &at, panel);
        out.push_str("</g></g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// `points` scaled into the drawing area (y flipped: maps have y up).
fn fit(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        (lo_x, hi_x, lo_y, hi_y) = (lo_x.min(x), hi_x.max(x), lo_y.min(y), hi_y.max(y));
    }
    let pad = 40.0;
    let sx = (GRAPH_W - 2.0 * pad) / (hi_x - lo_x).max(1e-9);
    let sy = (GRAPH_H - 2.0 * pad) / (hi_y - lo_y).max(1e-9);
    let s = sx.min(sy);
    points
        .iter()
        .map(|&(x, y)| (pad + (x - lo_x) * s, GRAPH_H - pad - (y - lo_y) * s))
        .collect()
}

/// Every arc once per pair of nodes (grey, its cost at the middle); the path's in blue.
fn graph_arcs(out: &mut String, graph: &Graph, at: &[(f64, f64)], path: &[u32]) {
    let on_path: Vec<(u32, u32)> = path
        .windows(2)
        .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
        .collect();
    let mut drawn = std::collections::HashSet::new();
    for from in 0..graph.len() as u32 {
        graph.successors(&from, |_, to, cost| {
            let pair = (from.min(to), from.max(to));
            if from == to || !drawn.insert(pair) {
                return;
            }
            let ((x1, y1), (x2, y2)) = (at[from as usize], at[to as usize]);
            let style = if on_path.contains(&pair) {
                r##"class="path-arc" stroke="#2166ac" stroke-width="5""##
            } else {
                r##"class="arc" stroke="#999" stroke-width="1.5""##
            };
            let _ = writeln!(
                out,
                r#"<line {style} x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
            );
            if graph.weighted() {
                let _ = writeln!(
                    out,
                    r##"<text x="{:.1}" y="{:.1}" fill="#666" font-size="10" text-anchor="middle">{cost}</text>"##,
                    (x1 + x2) / 2.0,
                    (y1 + y2) / 2.0 - 3.0
                );
            }
        });
    }
}

/// The nodes: shaded by first expansion, outlined green at goals, named beside.
fn graph_nodes(out: &mut String, graph: &Graph, at: &[(f64, f64)], panel: &Panel<u32>) {
    let first = first_expansions(&panel.expanded);
    for id in 0..graph.len() as u32 {
        let (x, y) = at[id as usize];
        let name = xml_escape(graph.name(id));
        let (class, fill, tip) = match first.get(&id) {
            Some(&k) => (
                format!(r#"class="expanded" data-order="{k}""#),
                shade(k, panel.expanded.len()),
                format!("{name} expanded #{}", k + 1),
            ),
            None => (
                r#"class="node""#.to_owned(),
                "#ffffff".to_owned(),
                name.clone(),
            ),
        };
        let stroke = if graph.is_goal(&id) {
            r##"stroke="#1a9850" stroke-width="3""##
        } else {
            r##"stroke="#333" stroke-width="1.5""##
        };
        let _ = writeln!(
            out,
            r#"<circle {class} cx="{x:.1}" cy="{y:.1}" r="8" fill="{fill}" {stroke}><title>{tip}</title></circle>"#
        );
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}">{name}</text>"#,
            x + 10.0,
            y - 8.0
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DEFAULT_GOALS, DEFAULT_START, MazeProblem, Method, Num};

    #[test]
    fn every_expanded_cell_once_and_every_path_cell() {
        let grid = Grid::maze0();
        let maze = MazeProblem::new(&grid, "maze0.txt", DEFAULT_START, &DEFAULT_GOALS).unwrap();
        let panel = Panel::run(&maze, Method::Best);
        let svg = maze_svg(&grid, maze.goals(), std::slice::from_ref(&panel));
        let distinct = first_expansions(&panel.expanded).len();
        assert_eq!(svg.matches(r#"class="expanded""#).count(), distinct);
        for &(r, c) in &panel.path {
            assert!(svg.contains(&format!(r#"data-cell="{r},{c}""#)));
        }
        assert_eq!(svg.matches(r#"class="goal""#).count(), 4);
    }

    #[test]
    fn one_way_passages_are_dashed() {
        // (0,0) open E; (0,1) closed W: a one-way passage between them, walls elsewhere.
        let grid = Grid::parse("0100 0000\n", "m").unwrap();
        let empty = Panel {
            title: "none".to_owned(),
            path: Vec::new(),
            expanded: Vec::new(),
        };
        let svg = maze_svg(&grid, &[], &[empty]);
        assert_eq!(svg.matches(r#"class="one-way""#).count(), 1);
        assert_eq!(svg.matches(r#"class="wall""#).count(), 6);
    }

    /// The attributes of every `<tag ...>` element of `svg` in order, with its `<title>` (if
    /// any) under the key `#title`.
    fn elements<'a>(svg: &'a str, tag: &str) -> Vec<HashMap<&'a str, &'a str>> {
        let open = format!("<{tag} ");
        svg.match_indices(&open)
            .map(|(at, _)| {
                let rest = &svg[at + open.len()..];
                let end = rest.find('>').expect("a closed tag");
                let mut attributes = HashMap::new();
                let mut text = &rest[..end];
                while let Some(eq) = text.find("=\"") {
                    let value = &text[eq + 2..];
                    let close = value.find('"').expect("a closed value");
                    attributes.insert(text[..eq].trim(), &value[..close]);
                    text = &value[close + 1..];
                }
                if let Some(title) = rest[end + 1..].strip_prefix("<title>") {
                    attributes.insert("#title", &title[..title.find("</title>").unwrap()]);
                }
                attributes
            })
            .collect()
    }

    fn number(element: &HashMap<&str, &str>, key: &str) -> f64 {
        element[key]
            .parse()
            .unwrap_or_else(|_| panic!("{key}: {element:?}"))
    }

    /// The `translate(x,y)` of a `transform`.
    fn translate(element: &HashMap<&str, &str>) -> (f64, f64) {
        let inner = element["transform"]
            .strip_prefix("translate(")
            .and_then(|t| t.strip_suffix(')'))
            .unwrap();
        let (x, y) = inner.split_once(',').unwrap();
        (x.parse().unwrap(), y.parse().unwrap())
    }

    /// The document's size and the panels' places: `PER_ROW` panels of `w` x `h` to a row,
    /// in order, the picture just big enough, and its white background the same size.
    fn check_frame(svg: &str, count: usize, w: f64, h: f64) -> Vec<&str> {
        let root = &elements(svg, "svg")[0];
        let (width, height) = (number(root, "width"), number(root, "height"));
        assert_eq!(root["viewBox"], format!("0 0 {width} {height}"));
        let background = &elements(svg, "rect")[0];
        assert_eq!(
            (number(background, "width"), number(background, "height")),
            (width, height)
        );
        let groups = elements(svg, "g");
        let panels: Vec<_> = groups
            .iter()
            .filter(|g| g.get("class") == Some(&"panel"))
            .collect();
        assert_eq!(panels.len(), count);
        let (mut right, mut bottom) = (w, h);
        for (i, panel) in panels.iter().enumerate() {
            let (row, column) = (i / PER_ROW, i - i / PER_ROW * PER_ROW);
            let (x, y) = translate(panel);
            assert_eq!((x, y), (column as f64 * w, row as f64 * h), "panel {i}");
            (right, bottom) = (right.max(x + w), bottom.max(y + h));
        }
        assert_eq!((width, height), (right, bottom));
        assert!(svg.ends_with("</svg>\n"));
        // Each panel's text, from its group to the next.
        let mut parts: Vec<&str> = svg.split(r#"<g class="panel""#).skip(1).collect();
        assert_eq!(parts.len(), count);
        for part in &mut parts {
            assert!(part.contains("</g></g>\n"));
        }
        parts
    }

    /// A panel's caption (escaped) and the translation of its drawing.
    fn check_caption(part: &str, title: &str, inner: (f64, f64)) {
        let caption = &elements(part, "text")[0];
        assert_eq!(number(caption, "x"), MARGIN);
        let text = &part[part.find("bold\">").unwrap() + 6..];
        assert_eq!(&text[..text.find("</text>").unwrap()], xml_escape(title));
        let groups = elements(part, "g");
        assert_eq!(translate(&groups[0]), inner);
    }

    /// The expanded cells or nodes of a panel: one per distinct state, in the order of first
    /// expansion, numbered from 0 and shaded by that number.
    fn first_seen<S: PartialEq + Copy>(expanded: &[S]) -> Vec<(S, usize)> {
        let mut out = Vec::new();
        for (k, &s) in expanded.iter().enumerate() {
            if !expanded[..k].contains(&s) {
                out.push((s, k));
            }
        }
        out
    }

    /// The segment from `(x1, y1)` to `(x2, y2)` with its ends in a fixed order.
    fn segment(x1: f64, y1: f64, x2: f64, y2: f64) -> [u64; 4] {
        let (a, b) = ((x1, y1), (x2, y2));
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        [a.0.to_bits(), a.1.to_bits(), b.0.to_bits(), b.1.to_bits()]
    }

    /// Every side of every cell, from the cell's point of view: its segment, whether the
    /// cell opens it and whether the neighbour across it (if inside) opens its own side back.
    fn expected_walls(grid: &Grid) -> HashMap<[u64; 4], &'static str> {
        let (rows, cols) = (grid.rows() as i64, grid.cols() as i64);
        let mut out = HashMap::new();
        for r in 0..rows {
            for c in 0..cols {
                let bits = grid.cell(r as usize, c as usize);
                let (x, y) = (c as f64 * CELL, r as f64 * CELL);
                for (side, back, (dr, dc), ends) in [
                    (NORTH, SOUTH, (-1, 0), (x, y, x + CELL, y)),
                    (EAST, WEST, (0, 1), (x + CELL, y, x + CELL, y + CELL)),
                    (SOUTH, NORTH, (1, 0), (x, y + CELL, x + CELL, y + CELL)),
                    (WEST, EAST, (0, -1), (x, y, x, y + CELL)),
                ] {
                    let (nr, nc) = (r + dr, c + dc);
                    let inside = (0..rows).contains(&nr) && (0..cols).contains(&nc);
                    let across = inside && grid.cell(nr as usize, nc as usize) & back != 0;
                    let class = match (bits & side != 0, across) {
                        (true, true) => continue,
                        (false, false) => "wall",
                        _ => "one-way",
                    };
                    let key = segment(ends.0, ends.1, ends.2, ends.3);
                    if let Some(seen) = out.insert(key, class) {
                        assert_eq!(seen, class);
                    }
                }
            }
        }
        out
    }

    /// Random mazes with hand-made panels (paths and expansions of any cells, repeats
    /// included): every element of the picture where its cell puts it.
    #[test]
    fn maze_pictures_put_everything_at_its_cell() {
        use rand::{Rng, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(28);
        for (rows, cols) in [(1, 1), (2, 5), (5, 2), (3, 12), (4, 7)] {
            for count in [1, 2, 3, 4, 7] {
                let cells = (0..rows * cols)
                    .map(|_| rng.random_range(0..16u8))
                    .collect();
                let grid = Grid::from_cells(rows, cols, cells);
                let cell = |rng: &mut StdRng| {
                    (
                        rng.random_range(0..rows as u32),
                        rng.random_range(0..cols as u32),
                    )
                };
                let goals: Vec<_> = (0..rng.random_range(0..3))
                    .map(|_| cell(&mut rng))
                    .collect();
                let panels: Vec<Panel<(u32, u32)>> = (0..count)
                    .map(|i| Panel {
                        title: format!("run {i} <&> \"'"),
                        path: (0..rng.random_range(0..6))
                            .map(|_| cell(&mut rng))
                            .collect(),
                        expanded: (0..rng.random_range(0..9))
                            .map(|_| cell(&mut rng))
                            .collect(),
                    })
                    .collect();
                let svg = maze_svg(&grid, &goals, &panels);
                let w = (cols as f64 * CELL + 2.0 * MARGIN).max(260.0);
                let h = rows as f64 * CELL + 2.0 * MARGIN + CAPTION;
                let parts = check_frame(&svg, count, w, h);
                for (part, panel) in parts.iter().zip(&panels) {
                    check_maze_panel(part, &grid, &goals, panel);
                }
            }
        }
    }

    fn check_maze_panel(part: &str, grid: &Grid, goals: &[(u32, u32)], panel: &Panel<(u32, u32)>) {
        check_caption(part, &panel.title, (MARGIN, MARGIN + CAPTION - 6.0));
        let rects = elements(part, "rect");
        let expanded: Vec<_> = rects.iter().filter(|r| r["class"] == "expanded").collect();
        let first = first_seen(&panel.expanded);
        assert_eq!(expanded.len(), first.len());
        for (rect, &((r, c), k)) in expanded.iter().zip(&first) {
            assert_eq!(rect["data-order"], k.to_string());
            let at = [number(rect, "x"), number(rect, "y")];
            assert_eq!(at, [f64::from(c) * CELL, f64::from(r) * CELL]);
            assert_eq!(
                [number(rect, "width"), number(rect, "height")],
                [CELL, CELL]
            );
            assert_eq!(rect["fill"], shade(k, panel.expanded.len()));
            assert_eq!(rect["#title"], format!("({r}, {c}) expanded #{}", k + 1));
        }
        let outlined: Vec<_> = rects.iter().filter(|r| r["class"] == "goal").collect();
        assert_eq!(outlined.len(), goals.len());
        for (rect, &(r, c)) in outlined.iter().zip(goals) {
            // Inside its cell, 2 pixels in from each side.
            let (x, y) = (number(rect, "x"), number(rect, "y"));
            assert_eq!(
                (x - 2.0, y - 2.0),
                (f64::from(c) * CELL, f64::from(r) * CELL)
            );
            let size = (number(rect, "width"), number(rect, "height"));
            assert_eq!(
                (x + size.0 + 2.0, y + size.1 + 2.0),
                (x - 2.0 + CELL, y - 2.0 + CELL)
            );
        }
        let expected = expected_walls(grid);
        let lines = elements(part, "line");
        assert_eq!(lines.len(), expected.len());
        for line in &lines {
            let [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map(|k| number(line, k));
            assert_eq!(
                expected.get(&segment(x1, y1, x2, y2)),
                Some(&line["class"]),
                "{line:?}"
            );
        }
        let centre =
            |&(r, c): &(u32, u32)| ((f64::from(c) + 0.5) * CELL, (f64::from(r) + 0.5) * CELL);
        let polyline = &elements(part, "polyline")[0];
        let points: Vec<(f64, f64)> = polyline["points"]
            .split_whitespace()
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(points, panel.path.iter().map(centre).collect::<Vec<_>>());
        let dots = elements(part, "circle");
        assert_eq!(dots.len(), panel.path.len());
        for (i, (dot, cell)) in dots.iter().zip(&panel.path).enumerate() {
            assert_eq!(dot["data-cell"], format!("{},{}", cell.0, cell.1));
            assert_eq!((number(dot, "cx"), number(dot, "cy")), centre(cell));
            // The start ringed: bigger than the others.
            assert_eq!(number(dot, "r"), if i == 0 { 7.0 } else { 3.5 });
        }
    }

    /// The least and greatest x, the least and greatest y of `points`.
    fn bounds(points: &[(f64, f64)]) -> [f64; 4] {
        let xs = points.iter().map(|p| p.0);
        let ys = points.iter().map(|p| p.1);
        [
            xs.clone().fold(f64::MAX, f64::min),
            xs.fold(f64::MIN, f64::max),
            ys.clone().fold(f64::MAX, f64::min),
            ys.fold(f64::MIN, f64::max),
        ]
    }

    /// `fit` keeps the points' shape (one scale for x and y, y flipped) and puts their bounding
    /// box at the drawing area's left and bottom padding, as large as fits inside the padding.
    #[test]
    fn fit_scales_into_the_drawing_area_keeping_shape() {
        use rand::{Rng, SeedableRng, rngs::StdRng};
        let pad = 40.0;
        let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
        let mut rng = StdRng::seed_from_u64(29);
        for case in 0..200 {
            let n = rng.random_range(1..8);
            let (sx, sy) = (rng.random_range(0.5..900.0), rng.random_range(0.5..900.0));
            let points: Vec<(f64, f64)> = (0..n)
                .map(|_| {
                    let x = if case % 5 == 1 {
                        7.0
                    } else {
                        rng.random_range(-sx..sx)
                    };
                    let y = if case % 5 == 2 {
                        -3.0
                    } else {
                        rng.random_range(-sy..sy)
                    };
                    (x, y)
                })
                .collect();
            let at = fit(&points);
            assert_eq!(at.len(), n);
            // The leftmost point on the left padding, the lowest on the bottom padding.
            let [left, right, top, bottom] = bounds(&at);
            assert!(close(left, pad), "{points:?} {at:?}");
            assert!(close(bottom, GRAPH_H - pad), "{points:?} {at:?}");
            // Inside the padding, touching it on the right or at the top.
            assert!(right <= GRAPH_W - pad + 1e-9 && top >= pad - 1e-9);
            let [lo_x, hi_x, lo_y, hi_y] = bounds(&points);
            if hi_x > lo_x || hi_y > lo_y {
                assert!(close(right, GRAPH_W - pad) || close(top, pad), "{at:?}");
            }
            // One scale for both axes, y flipped: every point's offset from the first one
            // scaled by the same factor.
            let offset = |pts: &[(f64, f64)], i: usize| (pts[i].0 - pts[0].0, pts[i].1 - pts[0].1);
            let size = |(dx, dy): (f64, f64)| dx.abs() + dy.abs();
            let far = (0..n)
                .max_by(|&i, &j| size(offset(&points, i)).total_cmp(&size(offset(&points, j))));
            let far = far.unwrap();
            let scale = size(offset(&at, far)) / size(offset(&points, far)).max(f64::MIN_POSITIVE);
            for i in 0..n {
                let ((dx, dy), (ex, ey)) = (offset(&points, i), offset(&at, i));
                assert!((ex - dx * scale).abs() < 1e-6 && (ey + dy * scale).abs() < 1e-6);
            }
        }
    }

    /// A random labelled graph file over `n` nodes (some names needing escapes), with or
    /// without arc costs, self-loops, repeated and two-way arcs included.
    fn random_graph(rng: &mut rand::rngs::StdRng, n: usize, weighted: bool) -> Graph {
        use rand::Rng;
        let name = |i: usize| {
            if i % 3 == 2 {
                format!("N{i}&<'\"")
            } else {
                format!("N{i}")
            }
        };
        let mut text = format!("root {}\ngoal", name(0));
        for i in 0..n {
            if rng.random_bool(0.3) {
                text += &format!(" {}", name(i));
            }
        }
        text += &format!(" {}\n", name(n - 1));
        for i in 0..n {
            text += &format!("{} ->", name(i));
            for _ in 0..rng.random_range(0..4) {
                let to = name(rng.random_range(0..n));
                if weighted {
                    let cost = rng.random_range(0..40);
                    text += &format!(" {to}:{}.{}", cost / 4, cost % 4 * 25);
                } else {
                    text += &format!(" {to}");
                }
            }
            text += &format!("\nh {} 0\n", name(i));
        }
        parse_graphs_of(&text)
    }

    fn parse_graphs_of(text: &str) -> Graph {
        crate::parse_graphs(text, "random").unwrap().remove(0)
    }

    /// The text of every `<tag ...>text</tag>` of `part`, in order.
    fn contents<'a>(part: &'a str, tag: &str) -> Vec<&'a str> {
        let (open, close) = (format!("<{tag} "), format!("</{tag}>"));
        part.match_indices(&open)
            .map(|(at, _)| {
                let rest = &part[at..];
                let start = rest.find('>').unwrap() + 1;
                &rest[start..rest.find(&close).unwrap()]
            })
            .collect()
    }

    /// Random graphs at random coordinates with hand-made panels: every arc once per pair
    /// (blue on the path, its cost at its middle), every node at its point, shaded, outlined
    /// and named.
    #[test]
    fn graph_pictures_put_everything_at_its_node() {
        use rand::{Rng, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(30);
        for (n, count) in [(1, 1), (2, 2), (3, 4), (6, 3), (9, 7), (12, 1)] {
            let weighted = n % 2 == 0;
            let graph = random_graph(&mut rng, n, weighted);
            // Extra points after the graph's own are not used.
            let layout: Vec<(f64, f64)> = (0..n + rng.random_range(0..3))
                .map(|_| (rng.random_range(0.0..700.0), rng.random_range(-50.0..300.0)))
                .collect();
            let node = |rng: &mut StdRng| rng.random_range(0..n as u32);
            let panels: Vec<(&Graph, Panel<u32>)> = (0..count)
                .map(|i| {
                    let panel = Panel {
                        title: format!("run {i} <&> \"'"),
                        path: (0..rng.random_range(0..6))
                            .map(|_| node(&mut rng))
                            .collect(),
                        expanded: (0..rng.random_range(0..9))
                            .map(|_| node(&mut rng))
                            .collect(),
                    };
                    (&graph, panel)
                })
                .collect();
            let svg = graph_svg(&layout, &panels);
            let (w, h) = (GRAPH_W + 2.0 * MARGIN, GRAPH_H + 2.0 * MARGIN + CAPTION);
            let parts = check_frame(&svg, count, w, h);
            let at = fit(&layout[..n]);
            for (part, (graph, panel)) in parts.iter().zip(&panels) {
                check_caption(part, &panel.title, (MARGIN, MARGIN + CAPTION));
                check_graph_arcs(part, graph, &at, &panel.path);
                check_graph_nodes(part, graph, &at, panel);
            }
        }
    }

    /// `(x, y)` as the picture prints it.
    fn printed((x, y): (f64, f64)) -> (String, String) {
        (format!("{x:.1}"), format!("{y:.1}"))
    }

    fn check_graph_arcs(part: &str, graph: &Graph, at: &[(f64, f64)], path: &[u32]) {
        // The first arc between each pair of distinct nodes, in node and successor order.
        let mut first: Vec<((u32, u32), Num)> = Vec::new();
        for from in 0..graph.len() as u32 {
            graph.successors(&from, |_, to, cost| {
                let pair = (from.min(to), from.max(to));
                if from != to && first.iter().all(|&(p, _)| p != pair) {
                    first.push((pair, cost));
                }
            });
        }
        let lines = elements(part, "line");
        assert_eq!(lines.len(), first.len());
        let texts = contents(part, "text");
        let costs = if graph.weighted() { first.len() } else { 0 };
        // The caption, the costs, the node names.
        assert_eq!(texts.len(), 1 + costs + graph.len());
        let cost_texts = elements(part, "text");
        for (i, (line, &((a, b), cost))) in lines.iter().zip(&first).enumerate() {
            let ends = [printed(at[a as usize]), printed(at[b as usize])];
            let drawn = [
                (line["x1"].to_owned(), line["y1"].to_owned()),
                (line["x2"].to_owned(), line["y2"].to_owned()),
            ];
            assert!(drawn == ends || drawn == [ends[1].clone(), ends[0].clone()]);
            let on_path = path
                .windows(2)
                .any(|p| (p[0].min(p[1]), p[0].max(p[1])) == (a, b));
            assert_eq!(line["class"], if on_path { "path-arc" } else { "arc" });
            if graph.weighted() {
                assert_eq!(texts[1 + i], cost.to_string());
                let (x1, y1) = at[a as usize];
                let (x2, y2) = at[b as usize];
                let middle = printed(((x1 + x2) / 2.0, (y1 + y2) / 2.0 - 3.0));
                let text = &cost_texts[1 + i];
                assert_eq!((text["x"], text["y"]), (&*middle.0, &*middle.1));
            }
        }
    }

    fn check_graph_nodes(part: &str, graph: &Graph, at: &[(f64, f64)], panel: &Panel<u32>) {
        let circles = elements(part, "circle");
        assert_eq!(circles.len(), graph.len());
        let first = first_seen(&panel.expanded);
        let texts = elements(part, "text");
        let names = contents(part, "text");
        let skip = texts.len() - graph.len();
        for (id, circle) in (0..graph.len() as u32).zip(&circles) {
            let (x, y) = at[id as usize];
            assert_eq!(
                (circle["cx"], circle["cy"]),
                (&*printed((x, y)).0, &*printed((x, y)).1)
            );
            let name = xml_escape(graph.name(id));
            match first.iter().find(|&&(s, _)| s == id) {
                Some(&(_, k)) => {
                    assert_eq!(circle["class"], "expanded");
                    assert_eq!(circle["data-order"], k.to_string());
                    assert_eq!(circle["fill"], shade(k, panel.expanded.len()));
                    assert_eq!(circle["#title"], format!("{name} expanded #{}", k + 1));
                }
                None => {
                    assert_eq!(circle["class"], "node");
                    assert_eq!(circle["fill"], "#ffffff");
                    assert_eq!(circle["#title"], name);
                }
            }
            let goal = graph.is_goal(&id);
            assert_eq!(circle["stroke"], if goal { "#1a9850" } else { "#333" });
            assert_eq!(circle["stroke-width"], if goal { "3" } else { "1.5" });
            let label = &texts[skip + id as usize];
            let beside = printed((x + 10.0, y - 8.0));
            assert_eq!((label["x"], label["y"]), (&*beside.0, &*beside.1));
            assert_eq!(names[skip + id as usize], name);
        }
    }
}
