//! The engine's Multi-ProbCut hook ([`EngineGame::probable_cut`]) against a model written
//! here from its documented contract: at every position below the root searched to a fixed
//! depth with a test, a null-window search to the shallow depth at `high` (from
//! [`ProbableCut::shallow_bounds`]) cuts to `beta` when it answers at least `high`; then one at
//! `low` cuts to `alpha` when it answers at most `low`. The rest is the engine's principal
//! variation search, written plainly (no table, no killers: the game's move order), counting a
//! node per call and a leaf per evaluation. And the bounds themselves checked against the
//! model's inequalities on the integers around them.

mod common;

use common::{Node, Tree, random_tree};
use proptest::prelude::*;
use search_core::games::{
    Engine, EngineGame, Game, GameStats, INFINITY, MoveList, Player, ProbableCut, Value,
};

/// A probable cut-off test at every remaining depth from `from`, its shallow search
/// `reduction` plies shallower; parameters of a few binary digits, so the model's arithmetic
/// below is exact.
#[derive(Debug, Clone, Copy)]
struct Cuts {
    from: u32,
    reduction: u32,
    slope: f32,
    offset: f32,
    margin: f32,
}

impl Cuts {
    fn test(&self, depth: u32) -> Option<ProbableCut> {
        (depth >= self.from).then(|| ProbableCut {
            shallow: depth - self.reduction,
            slope: self.slope,
            offset: self.offset,
            margin: self.margin,
        })
    }
}

/// A [`Tree`] position with [`Cuts`], never tabled (so the search order is the game's).
#[derive(Debug, Clone, Copy)]
struct Selective<'a> {
    node: Node<'a>,
    cuts: Cuts,
}

impl Game for Selective<'_> {
    type Move = usize;
    fn to_move(&self) -> Player {
        self.node.to_move()
    }
    fn legal_moves(&self) -> MoveList<usize> {
        self.node.legal_moves()
    }
    fn play(&self, mv: usize) -> Self {
        Selective {
            node: self.node.play(mv),
            cuts: self.cuts,
        }
    }
    fn evaluate(&self) -> Value {
        self.node.evaluate()
    }
}

impl EngineGame for Selective<'_> {
    fn key(&self) -> u64 {
        self.node.key()
    }
    fn use_table(&self) -> bool {
        false
    }
    fn probable_cut(&self, depth: u32) -> Option<ProbableCut> {
        self.cuts.test(depth)
    }
}

/// The smallest integer `v` with `up(v)` (a monotone predicate, false far below and true far
/// above), by bisection.
fn first_true(up: impl Fn(Value) -> bool) -> Value {
    let (mut lo, mut hi) = (-(1 << 20), 1 << 20);
    assert!(!up(lo) && up(hi));
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if up(mid) { hi = mid } else { lo = mid }
    }
    hi
}

/// The documented bounds: the least shallow value whose prediction reaches `beta + margin`,
/// the greatest whose prediction is at most `alpha - margin`; `None` on an infinite side.
fn model_bounds(cuts: &Cuts, alpha: Value, beta: Value) -> (Option<Value>, Option<Value>) {
    let predict = |v: Value| f64::from(cuts.slope) * f64::from(v) + f64::from(cuts.offset);
    let margin = f64::from(cuts.margin);
    let high = (beta < INFINITY).then(|| first_true(|v| predict(v) >= f64::from(beta) + margin));
    let low =
        (alpha > -INFINITY).then(|| first_true(|v| predict(v) > f64::from(alpha) - margin) - 1);
    (high, low)
}

/// The engine's search written plainly.
struct Model<'a> {
    tree: &'a Tree,
    cuts: Cuts,
    stats: GameStats,
}

impl Model<'_> {
    /// Negamax principal variation search of node `id` (values in the mover's view), with the
    /// probable cut-off everywhere but at the root.
    fn search(
        &mut self,
        id: usize,
        remaining: Option<u32>,
        window: (Value, Value),
        root: bool,
    ) -> Value {
        self.stats.nodes += 1;
        let sign = if self.tree.max[id] { 1 } else { -1 };
        if remaining == Some(0) {
            self.stats.leaves += 1;
            return self.tree.value[id] * sign;
        }
        let test = remaining.filter(|_| !root).and_then(|d| self.cuts.test(d));
        if let Some(cut) = test.and_then(|t| self.probable_cut(id, t.shallow, window)) {
            return cut;
        }
        if self.tree.children[id].is_empty() {
            self.stats.leaves += 1;
            return self.tree.value[id] * sign;
        }
        let (mut alpha, beta) = window;
        let mut best = Value::MIN;
        for (n, &child) in self.tree.children[id].iter().enumerate() {
            let child_remaining = remaining.map(|d| d - 1);
            let same_side = self.tree.max[child] == self.tree.max[id];
            let score_in = |model: &mut Self, a: Value, b: Value| {
                if same_side {
                    model.search(child, child_remaining, (a, b), false)
                } else {
                    -model.search(child, child_remaining, (-b, -a), false)
                }
            };
            let score = if n == 0 {
                score_in(self, alpha, beta)
            } else {
                let probe = score_in(self, alpha, alpha + 1);
                if probe > alpha && probe < beta {
                    score_in(self, alpha, beta)
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                alpha = alpha.max(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The cut-off: `beta` when the null-window search at `high` reaches it, `alpha` when the
    /// one at `low` stays at or below it.
    fn probable_cut(
        &mut self,
        id: usize,
        shallow: u32,
        (alpha, beta): (Value, Value),
    ) -> Option<Value> {
        let (high, low) = model_bounds(&self.cuts, alpha, beta);
        if let Some(high) = high
            && self.search(id, Some(shallow), (high - 1, high), false) >= high
        {
            return Some(beta);
        }
        if let Some(low) = low
            && self.search(id, Some(shallow), (low, low + 1), false) <= low
        {
            return Some(alpha);
        }
        None
    }
}

/// Parameters with few binary digits: every product and sum below is exact in `f64`.
fn cuts() -> impl Strategy<Value = Cuts> {
    (2u32..4, 1u32..3, 1i32..9, -12i32..13, -8i32..40).prop_map(
        |(from, reduction, slope, offset, margin)| Cuts {
            from: from.max(reduction),
            reduction,
            slope: slope as f32 / 4.0,
            offset: offset as f32 / 4.0,
            margin: margin as f32 / 4.0,
        },
    )
}

/// A window in Max's view: full, one side open, or finite (null windows included).
fn window() -> impl Strategy<Value = (Value, Value)> {
    prop_oneof![
        Just((-INFINITY, INFINITY)),
        (-25i32..25).prop_map(|b| (-INFINITY, b)),
        (-25i32..25).prop_map(|a| (a, INFINITY)),
        (-25i32..25, 1i32..12).prop_map(|(a, w)| (a, a + w)),
    ]
}

proptest! {
    #[test]
    fn the_engine_cuts_like_the_model_counters_included(
        tree in random_tree(), cuts in cuts(), depth in 0u32..6, windows in prop::collection::vec(window(), 1..4),
    ) {
        let root = Selective { node: Node { tree: &tree, id: 0 }, cuts };
        let mut engine = Engine::new(6).with_killers(false);
        for &(alpha, beta) in &windows {
            let ours = engine.search_window(&root, Some(depth), alpha, beta);
            let mut model = Model { tree: &tree, cuts, stats: GameStats::default() };
            let sign = if tree.max[0] { 1 } else { -1 };
            let mover_window = if sign == 1 { (alpha, beta) } else { (-beta, -alpha) };
            let value = model.search(0, Some(depth), mover_window, true) * sign;
            prop_assert_eq!(ours.value, value, "window ({}, {})", alpha, beta);
            prop_assert_eq!(ours.stats, model.stats, "window ({}, {})", alpha, beta);
        }
    }

    #[test]
    fn shallow_bounds_are_the_first_integers_past_the_model(
        cuts in cuts(), alpha in -40i32..40, width in 1i32..20,
    ) {
        let beta = alpha + width;
        let test = cuts.test(cuts.from).expect("a test at `from`");
        let (high, low) = test.shallow_bounds(alpha, beta);
        let (high, low) = (high.expect("finite beta"), low.expect("finite alpha"));
        let predict = |v: Value| f64::from(cuts.slope) * f64::from(v) + f64::from(cuts.offset);
        let margin = f64::from(cuts.margin);
        for v in high - 3..=high + 3 {
            prop_assert_eq!(predict(v) >= f64::from(beta) + margin, v >= high, "v {}", v);
        }
        for v in low - 3..=low + 3 {
            prop_assert_eq!(predict(v) <= f64::from(alpha) - margin, v <= low, "v {}", v);
        }
        prop_assert_eq!(test.shallow_bounds(-INFINITY, beta), (Some(high), None));
        prop_assert_eq!(test.shallow_bounds(alpha, INFINITY), (None, Some(low)));
        prop_assert_eq!(test.shallow_bounds(-INFINITY, INFINITY), (None, None));
    }
}

/// Max at the root chooses between two Min positions over two leaves each.
fn two_by_two() -> Tree {
    Tree {
        children: vec![
            vec![1, 2],
            vec![3, 4],
            vec![5, 6],
            vec![],
            vec![],
            vec![],
            vec![],
        ],
        max: vec![true, false, false, true, true, true, true],
        value: vec![0, 0, 0, 3, 8, -2, 6],
    }
}

/// The root is never cut, whatever the window: with a test that always cuts (a margin far
/// below zero) the root still searches its moves, and only positions below it are cut.
#[test]
fn the_root_is_searched_even_when_every_test_would_cut() {
    let tree = two_by_two();
    let always = Cuts {
        from: 1,
        reduction: 1,
        slope: 1.0,
        offset: 0.0,
        margin: -1000.0,
    };
    let root = Selective {
        node: Node { tree: &tree, id: 0 },
        cuts: always,
    };
    // The window (0, 10): a cut root would answer 10 at once, after one shallow search; searched,
    // each of its moves is cut at the root's alpha, a fail low at 0.
    let outcome = Engine::new(6)
        .with_killers(false)
        .search_window(&root, Some(2), 0, 10);
    let mut model = Model {
        tree: &tree,
        cuts: always,
        stats: GameStats::default(),
    };
    assert_eq!(outcome.value, model.search(0, Some(2), (0, 10), true));
    assert_eq!(outcome.stats, model.stats);
    assert_eq!(outcome.value, 0, "{outcome:?}");
}

/// A bound beyond every value stops two short of infinity, where the engine's null windows
/// around it (`high - 1`, `low + 1`) still lie strictly between `-INFINITY` and `INFINITY`: a
/// margin far above every value never cuts, one far below always does, and neither overflows.
#[test]
fn bounds_beyond_every_value_stop_two_short_of_infinity() {
    let far = |margin| ProbableCut {
        shallow: 1,
        slope: 1.0,
        offset: 0.0,
        margin,
    };
    let never = far(1e30).shallow_bounds(-10, 10);
    assert_eq!(never, (Some(INFINITY - 2), Some(-INFINITY + 2)));
    let always = far(-1e30).shallow_bounds(-10, 10);
    assert_eq!(always, (Some(-INFINITY + 2), Some(INFINITY - 2)));
    let tree = two_by_two();
    for margin in [1e30, -1e30] {
        let cuts = Cuts {
            from: 1,
            reduction: 1,
            slope: 1.0,
            offset: 0.0,
            margin,
        };
        let root = Selective {
            node: Node { tree: &tree, id: 0 },
            cuts,
        };
        let outcome = Engine::new(6).search_window(&root, Some(2), -10, 10);
        // Never cut: the exact value 3; always cut: each move at the root's alpha.
        let expected = if margin > 0.0 { 3 } else { -10 };
        assert_eq!(outcome.value, expected, "margin {margin}");
    }
}
