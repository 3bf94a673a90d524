//! `maze --svg` and `maze graph --svg/--dot`: the files parse (SVG as XML; DOT through Graphviz
//! where `dot` is installed) and show what they must: the returned path cell by cell, every
//! expanded cell or node once, the path's arcs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_maze");

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn out_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("maze-pictures-{}-{name}", std::process::id()))
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// The elements of `doc` with class `class`.
fn with_class<'a>(doc: &'a roxmltree::Document<'_>, class: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .collect()
}

/// The `(r, c)` cells of the first `'result': [...]` list printed on stdout.
fn printed_path(stdout: &str) -> Vec<String> {
    let list = stdout
        .split("'result': [")
        .nth(1)
        .unwrap()
        .split(']')
        .next()
        .unwrap();
    list.split("), (")
        .map(|cell| cell.trim_matches(|c| c == '(' || c == ')').replace(' ', ""))
        .collect()
}

#[test]
fn maze_svg_shows_the_printed_path_and_every_expanded_cell() {
    let svg_path = out_file("maze.svg");
    let output = run(&["--method", "algAM", "--svg", svg_path.to_str().unwrap()]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let text = std::fs::read_to_string(&svg_path).unwrap();
    std::fs::remove_file(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    // The path, cell by cell, as the result line prints it.
    let cells: Vec<String> = with_class(&doc, "path-cell")
        .iter()
        .map(|n| n.attribute("data-cell").unwrap().to_owned())
        .collect();
    assert_eq!(cells, printed_path(&stdout));
    assert_eq!(cells.len(), 39, "algAM's cost is 38");
    // algAM expands 144 states (its steps), each cell once, numbered 0.. in expansion order.
    let orders: Vec<usize> = with_class(&doc, "expanded")
        .iter()
        .map(|n| n.attribute("data-order").unwrap().parse().unwrap())
        .collect();
    assert_eq!(orders.len(), 144);
    assert!(orders.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(orders[0], 0);
    assert_eq!(with_class(&doc, "goal").len(), 4);
    // Output unchanged by drawing.
    let plain = run(&["--method", "algAM"]);
    assert_eq!(String::from_utf8(plain.stdout).unwrap(), stdout);
}

#[test]
fn maze_svg_has_a_panel_per_method() {
    let svg_path = out_file("five.svg");
    assert!(run(&["--svg", svg_path.to_str().unwrap()]).status.success());
    let text = std::fs::read_to_string(&svg_path).unwrap();
    std::fs::remove_file(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(with_class(&doc, "panel").len(), 5);
}

#[test]
fn romania_svg_is_a_map_with_the_path_arcs() {
    let svg_path = out_file("romania.svg");
    let graph = data("cs364/romania1_graph.txt");
    let output = run(&[
        "graph",
        graph.to_str().unwrap(),
        "--method",
        "algA",
        "--svg",
        svg_path.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&svg_path).unwrap();
    std::fs::remove_file(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    // Arad - Sibiu - Rimunicu_Vilcea - Pitesti - Bucharest.
    assert_eq!(with_class(&doc, "path-arc").len(), 4);
    let circles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    assert_eq!(circles, 20);
    assert_eq!(
        with_class(&doc, "expanded").len(),
        6,
        "algA expands 6 cities"
    );
}

#[test]
fn a_graph_without_coordinates_asks_for_dot() {
    let graph = data("hampton/ours/hampton_graph.txt");
    let svg_path = out_file("hampton.svg");
    let output = run(&[
        "graph",
        graph.to_str().unwrap(),
        "--svg",
        svg_path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: ") && stderr.contains("--dot FILE"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1);
    assert!(!svg_path.exists());
}

#[test]
fn hampton_dot_has_every_run_and_graphviz_accepts_it() {
    let graph = data("hampton/ours/hampton_graph.txt");
    let dot_path = out_file("hampton.dot");
    assert!(
        run(&[
            "graph",
            graph.to_str().unwrap(),
            "--dot",
            dot_path.to_str().unwrap()
        ])
        .status
        .success()
    );
    let text = std::fs::read_to_string(&dot_path).unwrap();
    // Two parts x five methods.
    assert_eq!(text.matches("subgraph cluster_").count(), 10);
    // algA of part (b): A-C-E-G-I-J-K-M, 7 arcs in bold blue.
    let last = text.rsplit("subgraph cluster_").next().unwrap();
    assert!(last.contains("algA: cost 20.5"));
    assert_eq!(
        last.lines()
            .filter(|l| l.contains("->") && l.contains("#2166ac"))
            .count(),
        7,
        "{last}"
    );
    let Ok(out) = Command::new("dot").arg("-Tsvg").arg(&dot_path).output() else {
        eprintln!("skipped: Graphviz `dot` is not installed (apt-get install graphviz)");
        std::fs::remove_file(&dot_path).unwrap();
        return;
    };
    std::fs::remove_file(&dot_path).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    roxmltree::Document::parse_with_options(
        std::str::from_utf8(&out.stdout).unwrap(),
        // Graphviz's SVG opens with a DOCTYPE.
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .expect("dot's SVG parses");
}
