//! `--svg FILE` and `--dot FILE`: pictures of the methods' runs, drawn by the maze crate
//! ([`maze::svg`], [`maze::dot`]) and written whole or not at all.

use maze::{Graph, Grid, MazeProblem, Method, dot, layout, picture::Panel, svg};
use std::path::Path;

/// Writes `text` to `path` through a temporary file.
fn write(path: &Path, text: &str) -> Result<(), String> {
    cli_support::atomic_write(path, |w| {
        use std::io::Write;
        w.write_all(text.as_bytes())
    })
    .map_err(|e| e.to_string())
}

/// The maze with one panel per method.
pub fn maze(
    grid: &Grid,
    problem: &MazeProblem<'_>,
    methods: &[Method],
    path: &Path,
) -> Result<(), String> {
    let panels: Vec<_> = methods.iter().map(|&m| Panel::run(problem, m)).collect();
    write(path, &svg::maze_svg(grid, problem.goals(), &panels))
}

/// The panels of every part and method, captions prefixed with the part when there are several.
fn graph_panels<'g>(graphs: &'g [Graph], methods: &[Method]) -> Vec<(&'g Graph, Panel<u32>)> {
    let mut panels = Vec::new();
    for (part, graph) in graphs.iter().enumerate() {
        for &method in methods {
            let mut panel = Panel::run(graph, method);
            if graphs.len() > 1 {
                panel.title = format!("({}) {}", char::from(b'a' + part as u8), panel.title);
            }
            panels.push((graph, panel));
        }
    }
    panels
}

/// The graph parts as SVG at known coordinates (`svg_path`) and/or DOT (`dot_path`).
pub fn graphs(
    graphs: &[Graph],
    file: &str,
    methods: &[Method],
    svg_path: Option<&Path>,
    dot_path: Option<&Path>,
) -> Result<(), String> {
    let panels = graph_panels(graphs, methods);
    if let Some(path) = svg_path {
        let layout = layout::known_layout(&graphs[0]).ok_or_else(|| {
            format!(
                "{file}: no coordinates are known for its nodes (only for the AIMA Romania map); \
                 draw it with --dot FILE instead"
            )
        })?;
        write(path, &svg::graph_svg(&layout, &panels))?;
    }
    if let Some(path) = dot_path {
        write(path, &dot::graph_dot(&panels))?;
    }
    Ok(())
}
