//! Yen's algorithm: the `k` cheapest loopless paths from the start to a goal.

use crate::cost::Cost;
use crate::graph_search::uniform_cost;
use crate::problem::{Path, PathOf, SearchProblem, Stats};
use crate::state_hash::FxHashSet;
use std::hash::Hash;

/// The problem seen from a spur state: start there, never enter the root path's other states,
/// and never take from the spur state a step to a state that an already found path with the
/// same root takes.
struct Spur<'a, P: SearchProblem> {
    problem: &'a P,
    spur: P::State,
    banned_states: FxHashSet<P::State>,
    banned_next: FxHashSet<P::State>,
}

impl<P: SearchProblem> SearchProblem for Spur<'_, P> {
    type State = P::State;
    type Action = P::Action;
    type Cost = P::Cost;
    fn start(&self) -> P::State {
        self.spur.clone()
    }
    fn is_goal(&self, state: &P::State) -> bool {
        self.problem.is_goal(state)
    }
    fn successors(&self, state: &P::State, mut visit: impl FnMut(P::Action, P::State, P::Cost)) {
        let at_spur = *state == self.spur;
        self.problem.successors(state, |action, next, step| {
            if self.banned_states.contains(&next) || (at_spur && self.banned_next.contains(&next)) {
                return;
            }
            visit(action, next, step);
        });
    }
    fn dense_states(&self) -> Option<&impl crate::DenseStates<P::State>> {
        self.problem.dense_states()
    }
}

/// The `k` cheapest loopless paths from the start to a goal, cheapest first (fewer when there
/// are fewer), found by Yen's algorithm with [`uniform_cost`] spur searches, each new path
/// searched for spurs only from the state where it left the path it came from on (Lawler's
/// refinement); the counters add up over all of them. Paths of equal cost come in the order they
/// were found. Two paths are the same when they visit the same states (parallel actions between
/// two states count once).
///
/// A path's spur searches wait until a path is needed that they could give: once the cheapest
/// candidate costs no more than the next path to spur from, it is taken without them (as
/// `pathfinding`'s `yen` takes candidates of equal cost). The paths and their order are those of
/// the algorithm that spurs every path as soon as it is found; only the counters, which count
/// the searches made, are lower.
///
/// ```
/// use search_core::k_shortest_paths_fn;
/// // A ladder: 0 -> 1 -> 3 (2 + 2), 0 -> 2 -> 3 (1 + 4), 0 -> 3 (6).
/// let roads = |&t: &u8| match t {
///     0 => vec![(1, 2), (2, 1), (3, 6)],
///     1 => vec![(3, 2)],
///     2 => vec![(3, 4)],
///     _ => vec![],
/// };
/// let (paths, _) = k_shortest_paths_fn(&0, roads, |&t| t == 3, 5);
/// let costs: Vec<u32> = paths.iter().map(|p| p.cost).collect();
/// assert_eq!(costs, [4, 5, 6]);
/// assert_eq!(paths[0].states, [0, 1, 3]);
/// ```
pub fn k_shortest_paths<P: SearchProblem>(problem: &P, k: usize) -> (Vec<PathOf<P>>, Stats) {
    let mut stats = Stats::default();
    let first = uniform_cost(problem);
    stats += first.stats;
    let Some(first) = first.path.filter(|_| k > 0) else {
        return (Vec::new(), stats);
    };
    // Each path with the index of the state where it left the path it was found from (Lawler's
    // refinement: spurs before that state would repeat searches made from that path).
    let mut found = vec![(first, 0)];
    let mut candidates: Vec<(PathOf<P>, usize)> = Vec::new();
    // The paths `found[..spurred]` have had their spur searches.
    let mut spurred = 0;
    while found.len() < k {
        // The cheapest candidate, the first found among equals.
        let best = (0..candidates.len()).min_by(|&a, &b| {
            candidates[a]
                .0
                .cost
                .total_order(&candidates[b].0.cost)
                .then(a.cmp(&b))
        });
        // It is the next path once no spur search left can give a cheaper one or an equal one
        // found earlier: those of a path cost at least as much as it, and come later.
        let next_spur_cost = found.get(spurred).map(|(path, _)| path.cost);
        match best {
            Some(best)
                if next_spur_cost
                    .is_none_or(|c| candidates[best].0.cost.total_order(&c).is_le()) =>
            {
                found.push(candidates.remove(best));
            }
            _ if next_spur_cost.is_some() => {
                spur_searches(problem, &found, spurred, &mut candidates, &mut stats);
                spurred += 1;
            }
            _ => break,
        }
    }
    (found.into_iter().map(|(path, _)| path).collect(), stats)
}

/// The spur searches from `found[at]`, as Yen's algorithm makes them right after finding it (the
/// next steps banned are those of `found[..=at]`, the paths found by then); each new path joins
/// `candidates`.
fn spur_searches<P: SearchProblem>(
    problem: &P,
    found: &[(PathOf<P>, usize)],
    at: usize,
    candidates: &mut Vec<(PathOf<P>, usize)>,
    stats: &mut Stats,
) {
    let (last, deviation) = &found[at];
    for i in *deviation..last.states.len() - 1 {
        let spur = Spur {
            problem,
            spur: last.states[i].clone(),
            banned_states: last.states[..i].iter().cloned().collect(),
            banned_next: found[..=at]
                .iter()
                .map(|(p, _)| &p.states)
                .filter(|p| p.len() > i + 1 && p[..=i] == last.states[..=i])
                .map(|p| p[i + 1].clone())
                .collect(),
        };
        let result = uniform_cost(&spur);
        *stats += result.stats;
        let Some(tail) = result.path else { continue };
        let path = join(last, i, tail);
        let known = |(p, _): &(PathOf<P>, usize)| p.states == path.states;
        if !found.iter().any(known) && !candidates.iter().any(known) {
            candidates.push((path, i));
        }
    }
}

fn join<S: Clone, A: Clone, C: Cost>(
    root: &Path<S, A, C>,
    i: usize,
    tail: Path<S, A, C>,
) -> Path<S, A, C> {
    let mut states = root.states[..i].to_vec();
    states.extend(tail.states);
    let mut actions = root.actions[..i].to_vec();
    actions.extend(tail.actions);
    let mut step_costs = root.step_costs[..i].to_vec();
    step_costs.extend(tail.step_costs);
    let cost = step_costs.iter().fold(C::ZERO, |sum, &c| sum + c);
    Path {
        states,
        actions,
        step_costs,
        cost,
    }
}

/// [`k_shortest_paths`] on closures: `successors(state)` yields `(successor, step_cost)`.
pub fn k_shortest_paths_fn<S: Clone + Eq + Hash, C: Cost>(
    start: &S,
    successors: impl crate::Successors<S, C>,
    is_goal: impl FnMut(&S) -> bool,
    k: usize,
) -> (Vec<Path<S, (), C>>, Stats) {
    let problem =
        crate::closures::FnProblem::new(start.clone(), successors, |_: &S| C::ZERO, is_goal);
    k_shortest_paths(&problem, k)
}

#[cfg(test)]
mod tests {
    use super::{k_shortest_paths, spur_searches};
    use crate::cost::Cost;
    use crate::graph_search::uniform_cost;
    use crate::problem::{PathOf, SearchProblem, Stats};
    use crate::test_support::Digraph;
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    /// Yen's algorithm as usually written: every path's spur searches right after it is found.
    fn eager<P: SearchProblem>(problem: &P, k: usize) -> (Vec<PathOf<P>>, Stats) {
        let first = uniform_cost(problem);
        let mut stats = first.stats;
        let Some(first) = first.path.filter(|_| k > 0) else {
            return (Vec::new(), stats);
        };
        let mut found = vec![(first, 0)];
        let mut candidates: Vec<(PathOf<P>, usize)> = Vec::new();
        while found.len() < k {
            spur_searches(
                problem,
                &found,
                found.len() - 1,
                &mut candidates,
                &mut stats,
            );
            let Some(best) = (0..candidates.len()).min_by(|&a, &b| {
                let (ca, cb) = (candidates[a].0.cost, candidates[b].0.cost);
                ca.total_order(&cb).then(a.cmp(&b))
            }) else {
                break;
            };
            found.push(candidates.remove(best));
        }
        (found.into_iter().map(|(path, _)| path).collect(), stats)
    }

    proptest! {
        /// The same paths in the same order as the eager algorithm, on graphs with many ties
        /// (costs 1 to 3), with no more searches.
        #[test]
        fn the_paths_of_the_eager_algorithm(seed in any::<u64>(), n in 2usize..9, k in 1usize..9) {
            let mut rng = StdRng::seed_from_u64(seed);
            let g = Digraph::random(n, 3 * n, 3, &mut rng);
            let (lazy, lazy_stats) = k_shortest_paths(&g, k);
            let (plain, plain_stats) = eager(&g, k);
            let states = |paths: &[PathOf<Digraph>]| {
                paths.iter().map(|p| (p.states.clone(), p.cost)).collect::<Vec<_>>()
            };
            prop_assert_eq!(states(&lazy), states(&plain));
            prop_assert!(lazy_stats.expanded <= plain_stats.expanded);
        }
    }

    /// Four equally cheap paths through a ladder: the fifth path needs no spur search of the
    /// second, third and fourth.
    #[test]
    fn equal_paths_are_taken_without_their_spur_searches() {
        // 0 -> {1, 2} -> 3 -> {4, 5} -> 6, all steps 1, and 0 -> 6 at 9.
        let edges = [
            (0, 1, 1),
            (0, 2, 1),
            (1, 3, 1),
            (2, 3, 1),
            (3, 4, 1),
            (3, 5, 1),
            (4, 6, 1),
            (5, 6, 1),
            (0, 6, 9),
        ];
        let g = Digraph::new(7, &edges, 6);
        let (lazy, lazy_stats) = k_shortest_paths(&g, 4);
        let (plain, plain_stats) = eager(&g, 4);
        assert_eq!(
            lazy.iter().map(|p| p.cost).collect::<Vec<_>>(),
            [4, 4, 4, 4]
        );
        assert_eq!(
            lazy.iter().map(|p| &p.states).collect::<Vec<_>>(),
            plain.iter().map(|p| &p.states).collect::<Vec<_>>()
        );
        assert!(lazy_stats.expanded < plain_stats.expanded);
        let (five, _) = k_shortest_paths(&g, 5);
        assert_eq!(five.last().map(|p| p.cost), Some(9));
    }

    /// A path the spur searches find again, already waiting among the candidates or already
    /// found, is not added a second time: spurring the same path twice adds nothing, and
    /// neither does spurring it once more after a candidate was taken.
    #[test]
    fn spur_searches_add_only_new_paths() {
        let mut rng = StdRng::seed_from_u64(25);
        let mut checked = 0;
        for _ in 0..200 {
            let g = Digraph::random(7, 18, 3, &mut rng);
            let Some(first) = uniform_cost(&g).path else {
                continue;
            };
            let mut found = vec![(first, 0)];
            let mut candidates: Vec<(PathOf<Digraph>, usize)> = Vec::new();
            let mut stats = Stats::default();
            spur_searches(&g, &found, 0, &mut candidates, &mut stats);
            let states = |c: &[(PathOf<Digraph>, usize)]| {
                c.iter().map(|(p, _)| p.states.clone()).collect::<Vec<_>>()
            };
            let once = states(&candidates);
            spur_searches(&g, &found, 0, &mut candidates, &mut stats);
            assert_eq!(states(&candidates), once, "{g:?}");
            if candidates.is_empty() {
                continue;
            }
            found.push(candidates.remove(0));
            spur_searches(&g, &found, 0, &mut candidates, &mut stats);
            assert_eq!(states(&candidates), once[1..], "{g:?}");
            checked += 1;
        }
        assert!(checked > 20, "{checked}");
    }
}
