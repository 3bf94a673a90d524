//! Labelled graphs and searches on them as Graphviz DOT, for graphs without coordinates
//! (Graphviz places the nodes): one cluster per method run, nodes filled by first expansion
//! (light yellow first, deep red last, the order in the label), the goal outlined green, the
//! path's arcs bold blue, arc costs as labels.
//!
//! ```
//! use maze::{dot::graph_dot, parse_graphs, picture::Panel, Method};
//!
//! let g = &parse_graphs("root A\ngoal B\nA -> B\nB -> \nh A 1\nh B 0\n", "g").unwrap()[0];
//! let dot = graph_dot(&[(g, Panel::run(g, Method::AlgA))]);
//! assert!(dot.starts_with("digraph search {"));
//! assert!(dot.contains("p0n0 -> p0n1 [color=\"#2166ac\", penwidth=3];"));
//! ```

use crate::graph::Graph;
use crate::picture::{Panel, shade};
use search_core::SearchProblem;
use std::collections::HashMap;
use std::fmt::Write as _;

/// `text` as a DOT string literal (backslashes, quotes and line breaks escaped).
fn quoted(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    format!("\"{escaped}\"")
}

/// One cluster per method run, each with the graph it ran on (see the module documentation).
pub fn graph_dot(panels: &[(&Graph, Panel<u32>)]) -> String {
    let mut out = String::from(
        "digraph search {\n  node [fontname=\"Helvetica\", shape=ellipse, style=filled, fillcolor=white];\n  edge [fontname=\"Helvetica\", fontsize=10];\n",
    );
    for (p, (graph, panel)) in panels.iter().enumerate() {
        let _ = writeln!(
            out,
            "  subgraph cluster_{p} {{\n    label={};",
            quoted(&panel.title)
        );
        let mut first = HashMap::new();
        for (k, &s) in panel.expanded.iter().enumerate() {
            first.entry(s).or_insert(k);
        }
        for id in 0..graph.len() as u32 {
            let mut attrs = vec![];
            match first.get(&id) {
                Some(&k) => {
                    let label = format!("{}\n#{}", graph.name(id), k + 1);
                    attrs.push(format!("label={}", quoted(&label)));
                    attrs.push(format!("fillcolor=\"{}\"", shade(k, panel.expanded.len())));
                }
                None => attrs.push(format!("label={}", quoted(graph.name(id)))),
            }
            if graph.is_goal(&id) {
                attrs.push("color=\"#1a9850\", penwidth=3".to_owned());
            }
            let _ = writeln!(out, "    p{p}n{id} [{}];", attrs.join(", "));
        }
        let arcs: Vec<(u32, u32)> = panel.path.windows(2).map(|w| (w[0], w[1])).collect();
        for from in 0..graph.len() as u32 {
            graph.successors(&from, |_, to, cost| {
                let mut attrs = vec![];
                if graph.weighted() {
                    attrs.push(format!("label=\"{cost}\""));
                }
                if arcs.contains(&(from, to)) {
                    attrs.push("color=\"#2166ac\", penwidth=3".to_owned());
                }
                let attrs = if attrs.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", attrs.join(", "))
                };
                let _ = writeln!(out, "    p{p}n{from} -> p{p}n{to}{attrs};");
            });
        }
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Method, parse_graphs};

    #[test]
    fn quotes_escape_what_dot_would_misread() {
        assert_eq!(quoted("plain"), "\"plain\"");
        assert_eq!(quoted("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    }

    #[test]
    fn one_cluster_per_run_with_order_goal_and_path() {
        let g = &parse_graphs("root A\ngoal B\nA -> B\nB -> \nh A 1\nh B 0\n", "g").unwrap()[0];
        let dot = graph_dot(&[
            (g, Panel::run(g, Method::AlgA)),
            (g, Panel::run(g, Method::AlgA)),
        ]);
        assert!(dot.starts_with("digraph search {\n"), "{dot}");
        assert!(dot.trim_end().ends_with('}'), "{dot}");
        for p in 0..2 {
            assert!(
                dot.contains(&format!("  subgraph cluster_{p} {{\n    label=\"")),
                "{dot}"
            );
            assert!(dot.contains(&format!("p{p}n0 [label=\"A\\n#1\"")), "{dot}");
            assert!(dot.contains(&format!("p{p}n1 [label=\"B")), "{dot}");
            assert!(
                dot.contains(&format!(
                    "p{p}n0 -> p{p}n1 [color=\"#2166ac\", penwidth=3];"
                )),
                "{dot}"
            );
        }
        assert!(
            dot.contains("color=\"#1a9850\", penwidth=3"),
            "the goal: {dot}"
        );
    }
}
