//! The platform's six methods, each run by a search-core algorithm with the platform's policies
//! (see `docs/cs364-search-platform.md`):
//!
//! | method  | search-core                                                                   |
//! |---------|-------------------------------------------------------------------------------|
//! | `depth` | [`search_with`]: [`Frontier::Stack`], [`Duplicates::FilterClosedOnPush`]      |
//! | `steep` | the same with [`SuccessorOrder::ByHeuristic`]                                 |
//! | `hill`  | [`steepest_ascent`] with `stop_at_goal: false`                                |
//! | `best`  | [`search_with`]: h, [`TieOrder::Lifo`], [`Duplicates::SkipOpenOrClosed`]      |
//! | `algAM` | the same ordered by g + h                                                     |
//! | `algA`  | g + h, [`TieOrder::Lifo`], [`Duplicates::Redirect`]                           |
//!
//! What is left here is the platform's reporting: the path `depth` and `steep` print (the
//! current path, trimmed from its end until its last node has the popped node among its
//! successors), the cost and node counts it returns, and its trace lines.

use crate::num::Num;
use crate::problem::Platform;
use search_core::policy::{
    Duplicates, Frontier, Priority, SearchOptions, SuccessorOrder, TieOrder, search_with,
};
use search_core::{local_search::LocalOptions, local_search::steepest_ascent};

/// One of the platform's six methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Depth-first search with a closed set.
    Depth,
    /// Hill climbing (no goal test, no backtracking).
    Hill,
    /// Steepest-ascent hill climbing with backtracking: `depth` with successors sorted by h.
    Steep,
    /// Greedy best-first search (f = h).
    Best,
    /// Algorithm A with path redirection (f = g + h).
    AlgA,
    /// Algorithm A without path redirection.
    AlgAM,
}

impl Method {
    /// All six, in the platform's order.
    pub const ALL: [Method; 6] = [
        Self::Depth,
        Self::Hill,
        Self::Steep,
        Self::Best,
        Self::AlgA,
        Self::AlgAM,
    ];

    /// The platform's name (`depth`, `hill`, `steep`, `best`, `algA`, `algAM`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Depth => "depth",
            Self::Hill => "hill",
            Self::Steep => "steep",
            Self::Best => "best",
            Self::AlgA => "algA",
            Self::AlgAM => "algAM",
        }
    }

    /// The method named `name` (as [`name`](Method::name) spells it).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The call as the platform's verbose output heads it: `depth(root, goal, silent=False)`.
    pub fn call(self) -> String {
        let h = if self == Self::Depth { "" } else { ", h" };
        format!("{}(root, goal{h}, silent=False)", self.name())
    }
}

/// What a method returns: `{'result': PATH, 'steps': S, 'cost': C, 'nodes': N}`, or `'fail'`.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome<S> {
    /// The path from the root to where the method stopped; `None` for `'fail'` (an empty open
    /// list in `best`, `algA`, `algAM`).
    pub result: Option<Vec<S>>,
    /// Loop iterations, the final one included.
    pub steps: u64,
    /// The cost as the method reports it.
    pub cost: Num,
    /// The method's node count (see the platform notes).
    pub nodes: usize,
}

/// Runs `method` on `problem`, appending the platform's trace lines (each ending in `\n`) to
/// `trace` when given.
pub fn run<P: Platform>(
    problem: &P,
    method: Method,
    trace: Option<&mut String>,
) -> Outcome<P::State> {
    match method {
        Method::Depth => stack_search(problem, SuccessorOrder::AsGiven, trace),
        Method::Steep => stack_search(problem, SuccessorOrder::ByHeuristic, trace),
        Method::Hill => hill(problem, trace),
        Method::Best => open_list(
            problem,
            Priority::Heuristic,
            Duplicates::SkipOpenOrClosed,
            trace,
        ),
        Method::AlgA => open_list(
            problem,
            Priority::PathCostPlusHeuristic,
            Duplicates::Redirect,
            trace,
        ),
        Method::AlgAM => open_list(
            problem,
            Priority::PathCostPlusHeuristic,
            Duplicates::SkipOpenOrClosed,
            trace,
        ),
    }
}

/// `depth` and `steep`.
fn stack_search<P: Platform>(
    problem: &P,
    order: SuccessorOrder,
    mut trace: Option<&mut String>,
) -> Outcome<P::State> {
    let options = SearchOptions::new(Frontier::Stack)
        .duplicates(Duplicates::FilterClosedOnPush)
        .successors(order);
    // The platform's `ans` stack: the states of the current path with their path costs.
    let mut path: Vec<(P::State, Num)> = Vec::new();
    let report = search_with(problem, options, |popped| {
        while let Some((top, _)) = path.last() {
            if has_successor(problem, top, popped.state) {
                break;
            }
            if let Some(out) = trace.as_deref_mut() {
                out.push_str("backtrack\n");
            }
            path.pop();
        }
        path.push((popped.state.clone(), popped.g));
        if let Some(out) = trace.as_deref_mut() {
            problem.write_state(popped.state, out);
            out.push('\n');
        }
    });
    let cost = if problem.unit_costs() {
        Num::Int(path.len() as i64 - 1)
    } else {
        path.last().map_or(Num::Int(0), |&(_, g)| g)
    };
    Outcome {
        result: Some(path.into_iter().map(|(s, _)| s).collect()),
        steps: report.stats.popped,
        cost,
        nodes: report.open + report.closed,
    }
}

/// Whether `to` is among the successors of `from`.
fn has_successor<P: Platform>(problem: &P, from: &P::State, to: &P::State) -> bool {
    let mut found = false;
    problem.successors(from, |_, s, _| found |= s == *to);
    found
}

/// `hill`: the platform's loop keeps the best successor seen so far across iterations, which
/// makes it exactly steepest ascent without a goal test.
fn hill<P: Platform>(problem: &P, trace: Option<&mut String>) -> Outcome<P::State> {
    let options = LocalOptions {
        max_steps: None,
        stop_at_goal: false,
    };
    let climbed = steepest_ascent(problem, options);
    let states = climbed.path.states;
    if let Some(out) = trace {
        for (k, state) in states.iter().enumerate() {
            out.push_str(&format!("{} ", k + 1));
            problem.write_state(state, out);
            out.push_str(&format!(" H={}\n", problem.heuristic(state)));
        }
    }
    let arcs = states.len() - 1;
    Outcome {
        cost: if problem.unit_costs() {
            Num::Int(arcs as i64)
        } else {
            climbed.path.cost
        },
        steps: states.len() as u64,
        nodes: arcs,
        result: Some(states),
    }
}

/// `best`, `algA` and `algAM`.
fn open_list<P: Platform>(
    problem: &P,
    priority: Priority,
    duplicates: Duplicates,
    mut trace: Option<&mut String>,
) -> Outcome<P::State> {
    let options = SearchOptions::new(Frontier::Priority(priority))
        .ties(TieOrder::Lifo)
        .duplicates(duplicates);
    let report = search_with(problem, options, |popped| {
        if let Some(out) = trace.as_deref_mut() {
            out.push_str(&format!("{} ", popped.step));
            problem.write_state(popped.state, out);
            out.push_str(&format!(" f={}\n", popped.f));
        }
    });
    let steps = report.stats.popped;
    let nodes = report.open + report.closed;
    match report.path {
        Some(path) => {
            let g = path.cost;
            let cost = match priority {
                // f of the final path: h(goal) + g.
                Priority::PathCostPlusHeuristic => problem.heuristic(path.last()) + g,
                _ => g,
            };
            Outcome {
                result: Some(path.states),
                steps,
                cost,
                nodes,
            }
        }
        None => Outcome {
            result: None,
            steps,
            cost: Num::Int(0),
            nodes,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::parse_graphs;
    use crate::grid::Grid;
    use crate::problem::MazeProblem;
    use proptest::prelude::*;
    use search_core::{SearchProblem, breadth_first, uniform_cost};

    /// A random maze: size, wall bits, start and one to three goal cells.
    fn maze() -> impl Strategy<Value = (Grid, (u32, u32), Vec<(u32, u32)>)> {
        (1usize..9, 1usize..9).prop_flat_map(|(rows, cols)| {
            let cell = (0..rows as u32, 0..cols as u32);
            (
                proptest::collection::vec(0u8..16, rows * cols),
                cell.clone(),
                proptest::collection::vec(cell, 1..4),
            )
                .prop_map(move |(cells, start, goals)| {
                    (Grid::from_cells(rows, cols, cells), start, goals)
                })
        })
    }

    proptest! {
        #[test]
        fn alg_a_cost_is_the_bfs_shortest_path((grid, start, goals) in maze()) {
            let problem = MazeProblem::new(&grid, "random", start, &goals).unwrap();
            let bfs = breadth_first(&problem).path.map(|p| p.steps());
            let outcome = run(&problem, Method::AlgA, None);
            match (bfs, &outcome.result) {
                (Some(len), Some(path)) => {
                    prop_assert_eq!(outcome.cost, Num::Int(len as i64));
                    prop_assert_eq!(path.len(), len + 1);
                    prop_assert!(problem.is_goal(path.last().unwrap()));
                }
                (None, None) => {}
                (bfs, result) => prop_assert!(false, "bfs {:?}, algA {:?}", bfs, result),
            }
        }

        #[test]
        fn every_returned_path_follows_open_walls((grid, start, goals) in maze()) {
            let problem = MazeProblem::new(&grid, "random", start, &goals).unwrap();
            for method in Method::ALL {
                let outcome = run(&problem, method, None);
                let Some(path) = outcome.result else { continue };
                prop_assert_eq!(path[0], start);
                for pair in path.windows(2) {
                    let (from, to) = (pair[0], pair[1]);
                    prop_assert!(
                        grid.moves(from.0, from.1).any(|(_, t)| t == to),
                        "{:?}: {:?} -> {:?} is not an open move", method, from, to
                    );
                }
            }
        }
    }

    #[test]
    fn corrected_hampton_alg_a_is_shortest() {
        let text = include_str!("../../../data/hampton/ours/hampton_graph.txt");
        for graph in parse_graphs(text, "hampton_graph.txt").unwrap() {
            let shortest = uniform_cost(&graph).path.unwrap().cost;
            let outcome = run(&graph, Method::AlgA, None);
            // h(M) = 0, so algA's cost (h + g) is the path cost.
            assert_eq!(outcome.cost, shortest);
        }
    }

    #[test]
    fn hill_stops_without_successors() {
        let text = "root A\ngoal B\nA -> \nB -> \nh A 1\nh B 0\n";
        let graph = &parse_graphs(text, "g").unwrap()[0];
        let outcome = run(graph, Method::Hill, None);
        assert_eq!((outcome.result, outcome.steps), (Some(vec![0]), 1));
    }
}
