//! What a picture of a search shows: for each method run, the path it returned and every state
//! it expanded, in order; and the shading that turns the order into colour.
//!
//! The expansion order is the platform's own: the states its trace prints, one line each
//! (popped states for `depth`, `steep`, `best`, `algA`, `algAM`; the states climbed through for
//! `hill`). [`Panel::run`] watches [`Platform::write_state`] during a traced run, so a picture
//! and `--trace` always agree.
//!
//! ```
//! use maze::{picture::Panel, Grid, MazeProblem, Method, DEFAULT_GOALS, DEFAULT_START};
//!
//! let grid = Grid::maze0();
//! let maze = MazeProblem::new(&grid, "maze0.txt", DEFAULT_START, &DEFAULT_GOALS).unwrap();
//! let panel = Panel::run(&maze, Method::AlgAM);
//! assert_eq!(panel.expanded.len(), 144); // the platform's 'steps'
//! assert_eq!(panel.expanded[0], DEFAULT_START);
//! assert_eq!(panel.path.len(), 39); // cost 38
//! ```

use crate::num::Num;
use crate::platform::{self, Method};
use crate::problem::Platform;
use search_core::{DenseStates, SearchProblem};
use std::cell::RefCell;

/// One method's run, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel<S> {
    /// A caption: the method and its numbers.
    pub title: String,
    /// The path the method returned (empty for `'fail'`).
    pub path: Vec<S>,
    /// The states the method expanded, in order (a state may repeat: `algA` can reopen one).
    pub expanded: Vec<S>,
}

impl<S: Clone> Panel<S> {
    /// Runs `method` on `problem` and records its path and expansion order.
    pub fn run<P: Platform<State = S>>(problem: &P, method: Method) -> Self {
        let watched = Watched {
            inner: problem,
            seen: RefCell::new(Vec::new()),
        };
        let mut trace = String::new();
        let outcome = platform::run(&watched, method, Some(&mut trace));
        let expanded = watched.seen.into_inner();
        let title = match &outcome.result {
            Some(path) => format!(
                "{}: cost {}, {} expanded, path {} states",
                method.name(),
                outcome.cost,
                expanded.len(),
                path.len()
            ),
            None => format!("{}: fail, {} expanded", method.name(), expanded.len()),
        };
        Self {
            title,
            path: outcome.result.unwrap_or_default(),
            expanded,
        }
    }
}

/// A problem whose printed states are recorded: the platform prints each state it expands.
struct Watched<'p, P: Platform> {
    inner: &'p P,
    seen: RefCell<Vec<P::State>>,
}

impl<P: Platform> SearchProblem for Watched<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = Num;

    fn start(&self) -> P::State {
        self.inner.start()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.inner.is_goal(state)
    }
    fn successors(&self, state: &P::State, visit: impl FnMut(P::Action, P::State, Num)) {
        self.inner.successors(state, visit);
    }
    fn heuristic(&self, state: &P::State) -> Num {
        self.inner.heuristic(state)
    }
    fn dense_states(&self) -> Option<&impl DenseStates<P::State>> {
        self.inner.dense_states()
    }
}

impl<P: Platform> Platform for Watched<'_, P> {
    fn unit_costs(&self) -> bool {
        self.inner.unit_costs()
    }
    fn write_state(&self, state: &P::State, out: &mut String) {
        self.seen.borrow_mut().push(state.clone());
        self.inner.write_state(state, out);
    }
}

/// The fill colour of the `k`-th of `n` expansions (0-based): light yellow first, deep red last,
/// as `#rrggbb`.
pub fn shade(k: usize, n: usize) -> String {
    let t = if n > 1 {
        k as f64 / (n - 1) as f64
    } else {
        0.0
    };
    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
    // #ffeda0 (early) to #f03b20 (late): a sequential palette readable in print.
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(255.0, 240.0),
        mix(237.0, 59.0),
        mix(160.0, 32.0)
    )
}

/// `text` with the five XML special characters escaped.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DEFAULT_GOALS, DEFAULT_START, Grid, MazeProblem};

    #[test]
    fn every_method_expands_what_it_reports() {
        let grid = Grid::maze0();
        let maze = MazeProblem::new(&grid, "maze0.txt", DEFAULT_START, &DEFAULT_GOALS).unwrap();
        for method in Method::ALL {
            let panel = Panel::run(&maze, method);
            let outcome = platform::run(&maze, method, None);
            // One trace line per expansion: the platform's step count, except hill, whose
            // trace lists the states climbed (its steps).
            assert_eq!(
                panel.expanded.len() as u64,
                outcome.steps,
                "{}",
                method.name()
            );
            assert_eq!(Some(panel.path), outcome.result, "{}", method.name());
        }
    }

    #[test]
    fn shades_run_from_light_to_dark() {
        assert_eq!(shade(0, 10), "#ffeda0");
        assert_eq!(shade(9, 10), "#f03b20");
        assert_eq!(shade(0, 1), "#ffeda0");
        assert_eq!(xml_escape("a<b & 'c'"), "a&lt;b &amp; &apos;c&apos;");
        assert_eq!(
            xml_escape("<x a=\"1\">&'é"),
            "&lt;x a=&quot;1&quot;&gt;&amp;&apos;é"
        );
    }

    /// A panel's caption gives the cost as the method reports it: path lengths where arcs have
    /// unit costs (`depth`'s trimmed path can be shorter than its search-tree path), sums of
    /// arc costs otherwise.
    #[test]
    fn captions_report_the_methods_own_numbers() {
        fn check<P: Platform>(problem: &P) {
            for method in Method::ALL {
                let panel = Panel::run(problem, method);
                let outcome = platform::run(problem, method, None);
                let n = panel.expanded.len();
                let title = match &outcome.result {
                    Some(path) => format!(
                        "{}: cost {}, {n} expanded, path {} states",
                        method.name(),
                        outcome.cost,
                        path.len()
                    ),
                    None => format!("{}: fail, {n} expanded", method.name()),
                };
                assert_eq!(panel.title, title);
            }
        }
        let grid = Grid::maze0();
        check(&MazeProblem::new(&grid, "maze0.txt", DEFAULT_START, &DEFAULT_GOALS).unwrap());
        // No goal reachable: `depth` reports the path A, C, D (cost 2: C has D as a successor,
        // so the trimmed path keeps C), although it reached D straight from A (cost 1).
        let unit = "root A\ngoal F\nA -> C D\nB -> E E\nC -> B A D\nD -> E E E\nE ->\nF ->\n\
                    h A 1\nh B 2\nh C 1\nh D 0\nh E 2\nh F 0\n";
        let weighted = "root A\ngoal E\nA -> B:2.5 C:1\nB -> E:4\nC -> D:7 E:10\nD -> B:1\n\
                        E ->\nh A 3\nh B 1\nh C 2\nh D 1\nh E 0\n";
        for text in [unit, weighted] {
            check(&crate::parse_graphs(text, "g").unwrap()[0]);
        }
    }
}
