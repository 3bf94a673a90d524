//! MM against a plain MM written from its documentation, with its frontiers scanned instead of
//! heaps: the same path (states, step costs, cost) and the same counters, with zero, exact,
//! scaled-down and inconsistent heuristics, on random digraphs.
//!
//! The reference: each side orders its open states by `pr = max(g + h, 2 g)`, then `g`, then
//! when they were (last) reached; the side whose least `pr` is lower (the forward side on a tie)
//! expands its least state. A state reached by both sides offers `gF + gB`; the search stops,
//! with the best offer `U`, once `U <= max(C, fminF, fminB, gminF + gminB)` (`C` the lesser least
//! `pr`), or when a side has no open state. A state is (re)opened whenever its side reaches it
//! more cheaply; its heuristic is asked once per side. `generated` counts the roots (one when the
//! start is the goal) and every neighbour reported; `popped` and `expanded` count expansions.

use proptest::prelude::*;
use search_core::test_support::Digraph;
use search_core::{Stats, bidirectional_mm_fn};

/// What one side knows of a state.
#[derive(Clone, Copy, Debug)]
struct Reached {
    g: u32,
    h: u32,
    /// The neighbour towards this side's root, and that edge's cost.
    parent: Option<(usize, u32)>,
    open: bool,
    stamp: u32,
}

struct Plain<'a> {
    g: &'a Digraph,
    heuristics: [&'a [u32]; 2],
    side: Vec<[Option<Reached>; 2]>,
    best: Option<(u32, usize)>,
    next_stamp: u32,
    stats: Stats,
    /// How many times each side asked for each state's heuristic.
    asked: [Vec<u32>; 2],
    /// The expansions in order: (side, state).
    expanded: Vec<(usize, usize)>,
}

impl Plain<'_> {
    fn reach(&mut self, side: usize, s: usize, g: u32, parent: Option<(usize, u32)>) {
        let stamp = self.next_stamp;
        self.next_stamp += 1;
        let h = match self.side[s][side] {
            Some(r) => r.h,
            None => {
                self.asked[side][s] += 1;
                self.heuristics[side][s]
            }
        };
        self.side[s][side] = Some(Reached {
            g,
            h,
            parent,
            open: true,
            stamp,
        });
        if let Some(there) = self.side[s][1 - side] {
            let total = g + there.g;
            if self.best.is_none_or(|(u, _)| total < u) {
                self.best = Some((total, s));
            }
        }
    }

    /// The least `(pr, g, stamp)` open state of `side` with its `pr`, and the least `f` and `g`.
    fn bounds(&self, side: usize) -> Option<(u32, usize, u32, u32)> {
        let open =
            (0..self.g.n).filter_map(|s| self.side[s][side].filter(|r| r.open).map(|r| (s, r)));
        let open: Vec<(usize, Reached)> = open.collect();
        let (s, r) = *open
            .iter()
            .min_by_key(|(_, r)| ((r.g + r.h).max(2 * r.g), r.g, r.stamp))?;
        let f_min = open.iter().map(|(_, r)| r.g + r.h).min()?;
        let g_min = open.iter().map(|(_, r)| r.g).min()?;
        Some(((r.g + r.h).max(2 * r.g), s, f_min, g_min))
    }

    fn expand(&mut self, side: usize, s: usize) {
        self.stats.popped += 1;
        self.expanded.push((side, s));
        self.stats.expanded += 1;
        let here = self.side[s][side].as_mut().unwrap();
        here.open = false;
        let g = here.g;
        let neighbours: Vec<(usize, u32)> = if side == 0 {
            self.g.out(s).collect()
        } else {
            self.g
                .edges
                .iter()
                .filter(|e| e.1 == s)
                .map(|&(a, _, w)| (a, w))
                .collect()
        };
        for (next, step) in neighbours {
            self.stats.generated += 1;
            let g_next = g + step;
            if self.side[next][side].is_some_and(|r| r.g <= g_next) {
                continue;
            }
            self.reach(side, next, g_next, Some((s, step)));
        }
    }

    /// The path through `meet`: its states and step costs.
    fn path(&self, meet: usize) -> (Vec<usize>, Vec<u32>) {
        let (mut states, mut steps) = (Vec::new(), Vec::new());
        let mut at = meet;
        while let Some((parent, step)) = self.side[at][0].and_then(|r| r.parent) {
            states.push(at);
            steps.push(step);
            at = parent;
        }
        states.push(at);
        states.reverse();
        steps.reverse();
        let mut at = meet;
        while let Some((next, step)) = self.side[at][1].and_then(|r| r.parent) {
            states.push(next);
            steps.push(step);
            at = next;
        }
        (states, steps)
    }
}

type Answer = (
    Option<(Vec<usize>, Vec<u32>)>,
    Stats,
    [Vec<u32>; 2],
    Vec<(usize, usize)>,
);

fn reference(g: &Digraph, forward: &[u32], backward: &[u32]) -> Answer {
    let mut plain = Plain {
        g,
        heuristics: [forward, backward],
        side: vec![[None, None]; g.n],
        best: None,
        next_stamp: 0,
        stats: Stats::default(),
        asked: [vec![0; g.n], vec![0; g.n]],
        expanded: Vec::new(),
    };
    plain.reach(0, g.start, 0, None);
    plain.reach(1, g.goal, 0, None);
    plain.stats.generated = if g.start == g.goal { 1 } else { 2 };
    while let (Some(f), Some(b)) = (plain.bounds(0), plain.bounds(1)) {
        let (pr_f, node_f, f_f, g_f) = f;
        let (pr_b, node_b, f_b, g_b) = b;
        let bound = pr_f.min(pr_b).max(g_f + g_b).max(f_f).max(f_b);
        if plain.best.is_some_and(|(u, _)| u <= bound) {
            break;
        }
        if pr_f <= pr_b {
            plain.expand(0, node_f);
        } else {
            plain.expand(1, node_b);
        }
    }
    let path = plain.best.map(|(_, meet)| plain.path(meet));
    (path, plain.stats, plain.asked, plain.expanded)
}

fn digraph() -> impl Strategy<Value = Digraph> {
    (2usize..10).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n, 0..n, 0u32..8), 0..n * 3),
            0..n,
            0..n,
        )
            .prop_map(move |(edges, start, goal)| {
                let mut g = Digraph::new(n, &edges, goal);
                g.start = start;
                g
            })
    })
}

/// The exact distances from `from` (`reverse`: to it), unreachable states at `cap`.
fn distances(g: &Digraph, from: usize, reverse: bool, cap: u32) -> Vec<u32> {
    let mut d = vec![None; g.n];
    d[from] = Some(0u32);
    for _ in 0..g.n {
        for &(a, b, w) in &g.edges {
            let (a, b) = if reverse { (b, a) } else { (a, b) };
            if let Some(da) = d[a] {
                if d[b].is_none_or(|db| da + w < db) {
                    d[b] = Some(da + w);
                }
            }
        }
    }
    d.into_iter().map(|x| x.unwrap_or(cap)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn mm_is_the_plain_reference(g in digraph(), kind in 0usize..4, scale in prop::collection::vec(0u32..=4, 10)) {
        let to_goal = distances(&g, g.goal, true, 100);
        let from_start = distances(&g, g.start, false, 100);
        let scaled = |d: &[u32]| d.iter().zip(&scale).map(|(d, k)| d * k / 4).collect::<Vec<_>>();
        let (forward, backward) = match kind {
            0 => (vec![0; g.n], vec![0; g.n]),
            1 => (to_goal.clone(), from_start.clone()),
            2 => (scaled(&to_goal), scaled(&from_start)),
            _ => (to_goal.clone(), vec![0; g.n]),
        };
        let (expected, expected_stats, expected_asked, expected_order) = reference(&g, &forward, &backward);
        // The expansions in order, as the neighbour closures are called.
        let order = std::cell::RefCell::new(Vec::new());
        let mut asked = [vec![0u32; g.n], vec![0u32; g.n]];
        let (asked_f, asked_b) = asked.split_at_mut(1);
        let result = bidirectional_mm_fn(
            &g.start,
            &g.goal,
            |&s: &usize| {
                order.borrow_mut().push((0, s));
                g.out(s).collect::<Vec<_>>()
            },
            |&s: &usize| {
                order.borrow_mut().push((1, s));
                g.edges.iter().filter(|e| e.1 == s).map(|&(a, _, w)| (a, w)).collect::<Vec<_>>()
            },
            |&s: &usize| {
                asked_f[0][s] += 1;
                forward[s]
            },
            |&s: &usize| {
                asked_b[0][s] += 1;
                backward[s]
            },
        );
        prop_assert_eq!(result.stats, expected_stats);
        prop_assert!(!result.cut_off);
        let got = result.path.map(|p| {
            assert_eq!(p.step_costs.iter().sum::<u32>(), p.cost);
            assert_eq!(p.actions.len(), p.step_costs.len());
            (p.states, p.step_costs)
        });
        prop_assert_eq!(got, expected);
        prop_assert_eq!(asked, expected_asked);
        prop_assert_eq!(order.into_inner(), expected_order);
    }
}

/// Many states of equal `pr` and `g`: stars of `k` unit steps out of the start, each leading on
/// to the goal at cost `c`, and the same with a second ring of equal states. Each side expands
/// its equals in the order they were reached (as the reference does).
#[test]
fn equal_priorities_leave_in_the_order_reached() {
    for k in 3..=12 {
        for c in [1, 2, 5, 50] {
            for ring in [false, true] {
                let mut edges = Vec::new();
                let goal = 2 * k + 1;
                for s in 1..=k {
                    edges.push((0, s, 1));
                    if ring {
                        edges.push((s, k + s, 1));
                        edges.push((k + s, goal, c));
                    } else {
                        edges.push((s, goal, c));
                    }
                }
                let g = Digraph::new(goal + 1, &edges, goal);
                let zero = vec![0; goal + 1];
                let expected = reference(&g, &zero, &zero);
                let order = std::cell::RefCell::new(Vec::new());
                let result = bidirectional_mm_fn(
                    &0,
                    &goal,
                    |&s: &usize| {
                        order.borrow_mut().push((0, s));
                        g.out(s).collect::<Vec<_>>()
                    },
                    |&s: &usize| {
                        order.borrow_mut().push((1, s));
                        let into = g.edges.iter().filter(|e| e.1 == s);
                        into.map(|&(a, _, w)| (a, w)).collect::<Vec<_>>()
                    },
                    |_: &usize| 0u32,
                    |_: &usize| 0u32,
                );
                assert_eq!(order.into_inner(), expected.3, "k={k} c={c} ring={ring}");
                assert_eq!(result.stats, expected.1);
            }
        }
    }
}
