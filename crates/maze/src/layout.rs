//! Coordinates for drawing labelled graphs as maps.
//!
//! The platform's graph files carry no coordinates. The Romania map of Russell and Norvig's
//! *Artificial Intelligence: A Modern Approach* has well-known ones (the `romania_map.locations`
//! of the AIMA code, y up); [`known_layout`] returns them when every node of a graph is a city
//! of that map (matched without case, `_`/space and with the spellings `Dobreta`/`Drobeta` and
//! `Rimnicu`/`Rimunicu_Vilcea`). Other graphs have no layout: draw them with
//! [`crate::dot::graph_dot`] and let Graphviz place them.
//!
//! ```
//! use maze::{layout::known_layout, parse_graphs};
//!
//! let g = &parse_graphs("root Arad\ngoal Bucharest\nArad -> Bucharest\nBucharest -> \nh Arad 1\nh Bucharest 0\n", "g").unwrap()[0];
//! assert_eq!(known_layout(g).unwrap(), [(91.0, 492.0), (400.0, 327.0)]);
//! let g = &parse_graphs("root A\ngoal B\nA -> B\nB -> \nh A 1\nh B 0\n", "g").unwrap()[0];
//! assert!(known_layout(g).is_none());
//! ```

use crate::graph::Graph;

/// The AIMA Romania map's city coordinates (x east, y north).
const ROMANIA: [(&str, f64, f64); 20] = [
    ("arad", 91.0, 492.0),
    ("bucharest", 400.0, 327.0),
    ("craiova", 253.0, 288.0),
    ("drobeta", 165.0, 299.0),
    ("eforie", 562.0, 293.0),
    ("fagaras", 305.0, 449.0),
    ("giurgiu", 375.0, 270.0),
    ("hirsova", 534.0, 350.0),
    ("iasi", 473.0, 506.0),
    ("lugoj", 165.0, 379.0),
    ("mehadia", 168.0, 339.0),
    ("neamt", 406.0, 537.0),
    ("oradea", 131.0, 571.0),
    ("pitesti", 320.0, 368.0),
    ("rimnicu", 233.0, 410.0),
    ("sibiu", 207.0, 457.0),
    ("timisoara", 94.0, 410.0),
    ("urziceni", 456.0, 350.0),
    ("vaslui", 509.0, 444.0),
    ("zerind", 108.0, 531.0),
];

/// The key a city name is looked up by: lower case, without `_` and spaces, with the known
/// variant spellings mapped to the AIMA code's.
fn key(name: &str) -> String {
    let plain: String = name
        .chars()
        .filter(|c| *c != '_' && *c != ' ')
        .flat_map(char::to_lowercase)
        .collect();
    match plain.as_str() {
        "dobreta" => "drobeta".to_owned(),
        "rimunicuvilcea" | "rimnicuvilcea" => "rimnicu".to_owned(),
        _ => plain,
    }
}

/// A point per node (in node order) when every node has known coordinates.
pub fn known_layout(graph: &Graph) -> Option<Vec<(f64, f64)>> {
    (0..graph.len() as u32)
        .map(|id| {
            let k = key(graph.name(id));
            ROMANIA
                .iter()
                .find(|(name, _, _)| *name == k)
                .map(|&(_, x, y)| (x, y))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_graphs;

    #[test]
    fn the_course_romania_file_is_fully_placed() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/cs364/romania1_graph.txt"
        );
        let Ok(text) = std::fs::read_to_string(path) else {
            // A packaged crate (crates.io download) has no workspace around it.
            eprintln!("skipped: {path} is absent (not in the workspace)");
            return;
        };
        let graph = &parse_graphs(&text, "romania1_graph.txt").unwrap()[0];
        let layout = known_layout(graph).expect("every city placed");
        let at = |name| layout[graph.id(name).unwrap() as usize];
        assert_eq!(at("Dobreta"), (165.0, 299.0));
        assert_eq!(at("Rimunicu_Vilcea"), (233.0, 410.0));
    }
}
