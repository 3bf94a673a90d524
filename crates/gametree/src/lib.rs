//! Explicit game trees in the CISC 352 text format, searched by alpha-beta.
//!
//! One tree per line: `{(A,MAX),(B,MIN),...} {(A,B),(A,C),...,(D,4),...}`. The first node of the
//! node set is the root; an edge target that is not a node of the set and contains a digit is a
//! leaf with that (possibly negative) integer value. Internal children are searched in name
//! order (see [`GameTree`] for mixed lists), leaves in edge-list order. The tree lives in a
//! compact breadth-first arena and is searched by search-core's [`alpha_beta`](search_core::games::alpha_beta)
//! (window (-inf, +inf), cut when alpha >= beta).
//!
//! ```
//! use gametree::{GameTree, solve, format::write_answer};
//!
//! let line = "{(A,MAX),(B,MIN),(C,MIN),(D,MAX),(E,MAX),(F,MAX),(G,MAX)} \
//!     {(A,B),(A,C),(B,D),(B,E),(C,F),(C,G),(D,4),(D,3),(E,2),(E,7),(F,3),(F,2),(G,2),(G,8)}";
//! let tree = GameTree::from_line(line).unwrap();
//! let answer = solve(&tree);
//! let mut out = String::new();
//! write_answer(&mut out, 1, &answer);
//! assert_eq!(out, "Graph 1: Score: 4; Leaf Nodes Examined: 6\n");
//!
//! // Malformed trees are rejected with the offending token.
//! let err = GameTree::from_line("{(A,MAX)} {(A,B)}").unwrap_err();
//! assert_eq!(err.to_string(), "unknown node `B` in edge (A,B)");
//! ```

pub mod dot;
mod error;
pub mod format;
pub mod parse;
mod search;
mod tree;

pub use error::{Error, GraphError, TreeError};
pub use search::{Answer, Position, solve, solve_minimax};
pub use tree::{GameTree, Kind, MAX_NODES, Node};

/// The tree lines of a file: `(line number, graph number, line)`, both 1-based. Blank lines
/// (only spaces or `\r`) are skipped and not counted as graphs; a leading byte-order mark is
/// skipped.
pub fn graph_lines(text: &str) -> impl Iterator<Item = (usize, usize, &str)> {
    text_input::strip_bom(text)
        .split('\n')
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .enumerate()
        .map(|(graph, (line, text))| (line + 1, graph + 1, text))
}

/// Answers every tree of a file: for each tree line, its graph number and answer, or an
/// [`Error`] naming `file`, the line, the graph number and the offending token.
pub fn solve_text(text: &str, file: &str) -> Vec<Result<(usize, Answer), Error>> {
    graph_lines(text)
        .map(|(line, graph, source)| {
            GameTree::from_line(source)
                .map(|tree| (graph, solve(&tree)))
                .map_err(|error| {
                    let error = GraphError { graph, error };
                    Error::from(text_input::Located::new(file, line, error))
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_lines_crlf_and_missing_final_newline() {
        let text = "\r\n{(A,MAX)} {(A,1),(A,2)}\r\n\r\n  \n{(A,MIN)} {(A,1),(A,B)}\n{(A,MIN)} {(A,-1),(A,2)}";
        let results = solve_text(text, "in.txt");
        assert_eq!(results.len(), 3);
        assert_eq!(
            results[0],
            Ok((
                1,
                Answer {
                    score: 2,
                    leaves_examined: 2
                }
            ))
        );
        assert_eq!(
            results[1].as_ref().unwrap_err().to_string(),
            "in.txt:5: graph 2: unknown node `B` in edge (A,B)"
        );
        let Err(Error::Graph(located)) = &results[1] else {
            panic!("{:?}", results[1])
        };
        assert_eq!((located.file.as_str(), located.line), ("in.txt", 5));
        assert_eq!(located.error.graph, 2);
        assert!(matches!(
            &located.error.error,
            TreeError::UnknownNode { token, .. } if token == "B"
        ));
        assert_eq!(results[2].as_ref().unwrap().1.score, -1);
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
