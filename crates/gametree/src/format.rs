//! The output line of the assignment: `Graph 1: Score: 4; Leaf Nodes Examined: 6`.

use crate::search::Answer;
use std::fmt::Write as _;

/// Appends the answer line for graph `graph` (1-based), with its newline, to `out`.
pub fn write_answer(out: &mut String, graph: usize, answer: &Answer) {
    let _ = writeln!(
        out,
        "Graph {graph}: Score: {}; Leaf Nodes Examined: {}",
        answer.score, answer.leaves_examined
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_format() {
        let mut out = String::new();
        write_answer(
            &mut out,
            12,
            &Answer {
                score: -3,
                leaves_examined: 7,
            },
        );
        assert_eq!(out, "Graph 12: Score: -3; Leaf Nodes Examined: 7\n");
    }
}
