//! The platform's printing: the returned dict as Python prints it, the result and header lines.

use crate::platform::{Method, Outcome};
use crate::problem::Platform;
use std::fmt::Write as _;

/// `{'result': [(0, 7), (1, 7)], 'steps': 2, 'cost': 1, 'nodes': 1}`, or `fail`.
pub fn dict<P: Platform>(problem: &P, outcome: &Outcome<P::State>) -> String {
    let Some(path) = &outcome.result else {
        return "fail".to_owned();
    };
    let mut out = String::from("{'result': [");
    for (i, state) in path.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        problem.write_state(state, &mut out);
    }
    let _ = write!(
        out,
        "], 'steps': {}, 'cost': {}, 'nodes': {}}}",
        outcome.steps, outcome.cost, outcome.nodes
    );
    out
}

/// A silent run's line: `depth:  {...}`.
pub fn result_line(method: Method, dict: &str) -> String {
    format!("{}:  {dict}", method.name())
}

/// The last line of a trace: `=>  {...}`.
pub fn trace_result_line(dict: &str) -> String {
    format!("=>  {dict}")
}

/// The header of one method's trace when several are traced: `### depth(root, goal, silent=False)`.
pub fn trace_header(method: Method) -> String {
    format!("### {}", method.call())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::num::Num;
    use crate::problem::MazeProblem;

    #[test]
    fn dict_prints_like_python() {
        let grid = Grid::maze0();
        let maze = MazeProblem::new(&grid, "maze0.txt", (0, 7), &[(6, 6)]).unwrap();
        let outcome = Outcome {
            result: Some(vec![(0, 7), (1, 7)]),
            steps: 2,
            cost: Num::Int(1),
            nodes: 1,
        };
        assert_eq!(
            result_line(Method::Hill, &dict(&maze, &outcome)),
            "hill:  {'result': [(0, 7), (1, 7)], 'steps': 2, 'cost': 1, 'nodes': 1}"
        );
        let fail = Outcome {
            result: None,
            ..outcome
        };
        assert_eq!(trace_result_line(&dict(&maze, &fail)), "=>  fail");
        assert_eq!(
            trace_header(Method::AlgAM),
            "### algAM(root, goal, h, silent=False)"
        );
        assert_eq!(
            trace_header(Method::Depth),
            "### depth(root, goal, silent=False)"
        );
    }
}
