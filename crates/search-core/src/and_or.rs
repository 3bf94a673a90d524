//! AND-OR search (AIMA figure 4.11): a conditional plan for a nondeterministic problem, where
//! an action may lead to any of several states. An OR node (a state) needs one action whose
//! every outcome (the AND node) has a plan; a state already on the current path fails, so the
//! plans found are acyclic. An explicit stack replaces the recursion.

use crate::problem::Stats;

/// One step of a [`Plan`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanStep<S, A> {
    /// A goal is reached: nothing more to do.
    Goal,
    /// Take `action`; when it leads to `branches[i].0`, go on with step `branches[i].1`.
    Act {
        /// The action to take.
        action: A,
        /// Each outcome of the action, with the index of the step that follows it.
        branches: Vec<(S, usize)>,
    },
}

/// A conditional plan: a tree of actions and if-then branches on their outcomes, kept flat.
/// `steps[0]` is the first step; every branch leads to a later step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan<S, A> {
    /// The steps, the first one first.
    pub steps: Vec<PlanStep<S, A>>,
}

impl<S: PartialEq, A> Plan<S, A> {
    /// The action of step `at` (`None` at a goal step, or past the last step).
    pub fn action(&self, at: usize) -> Option<&A> {
        match self.steps.get(at)? {
            PlanStep::Goal => None,
            PlanStep::Act { action, .. } => Some(action),
        }
    }

    /// The step to go on with when step `at`'s action led to `outcome` (`None` when the plan
    /// has no branch for it).
    pub fn next(&self, at: usize, outcome: &S) -> Option<usize> {
        match self.steps.get(at)? {
            PlanStep::Goal => None,
            PlanStep::Act { branches, .. } => {
                branches.iter().find(|(s, _)| s == outcome).map(|b| b.1)
            }
        }
    }
}

/// What [`and_or_search_fn`] returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AndOrResult<S, A> {
    /// A plan that reaches a goal whatever the outcomes, if there is one.
    pub plan: Option<Plan<S, A>>,
    /// The counters: `popped` counts the states entered (each gets its goal test), `expanded`
    /// the states whose actions were listed, `generated` the start and every outcome reported.
    pub stats: Stats,
}

/// An OR node on the stack: a state, its actions, how many were tried, and the AND node of
/// the one being tried.
struct OrNode<S, A> {
    state: S,
    actions: Vec<A>,
    tried: usize,
    trying: Option<AndNode<S>>,
}

/// The outcomes of the action being tried, the next one to plan for, the plans found so far
/// and the number of steps before them (to drop them if an outcome fails).
struct AndNode<S> {
    outcomes: Vec<S>,
    next: usize,
    branches: Vec<(S, usize)>,
    mark: usize,
}

/// The search: its closures, stack, steps built so far (children before parents) and counters.
struct AndOr<S, A, Act, Res, Goal> {
    actions: Act,
    results: Res,
    is_goal: Goal,
    frames: Vec<OrNode<S, A>>,
    steps: Vec<PlanStep<S, A>>,
    stats: Stats,
}

/// An OR node's answer: the index of its plan's step, or `None` (no plan).
type Answer = Option<usize>;

impl<S, A, Act, ActI, Res, ResI, Goal> AndOr<S, A, Act, Res, Goal>
where
    S: Clone + Eq,
    Act: FnMut(&S) -> ActI,
    ActI: IntoIterator<Item = A>,
    Res: FnMut(&S, &A) -> ResI,
    ResI: IntoIterator<Item = S>,
    Goal: FnMut(&S) -> bool,
{
    /// OR search at `state`: its answer at once (a goal's step, or `None` for a state already
    /// on the path), or `None` with a node pushed for its actions.
    fn enter(&mut self, state: S) -> Option<Answer> {
        self.stats.popped += 1;
        if (self.is_goal)(&state) {
            self.steps.push(PlanStep::Goal);
            return Some(Some(self.steps.len() - 1));
        }
        if self.frames.iter().any(|or| or.state == state) {
            return Some(None);
        }
        self.stats.expanded += 1;
        let actions = (self.actions)(&state).into_iter().collect();
        self.frames.push(OrNode {
            state,
            actions,
            tried: 0,
            trying: None,
        });
        None
    }

    /// One step on the top OR node: tries its next action or plans for the next outcome of
    /// the one being tried. The node's answer when it is done.
    fn step(&mut self) -> Option<Answer> {
        let Some(mut or) = self.frames.pop() else {
            return Some(None);
        };
        let Some(and) = or.trying.take() else {
            let Some(action) = or.actions.get(or.tried) else {
                return Some(None); // every action failed
            };
            let outcomes: Vec<S> = (self.results)(&or.state, action).into_iter().collect();
            self.stats.generated += outcomes.len() as u64;
            or.tried += 1;
            or.trying = Some(AndNode {
                outcomes,
                next: 0,
                branches: Vec::new(),
                mark: self.steps.len(),
            });
            self.frames.push(or);
            return None;
        };
        match and.outcomes.get(and.next).cloned() {
            Some(outcome) => {
                or.trying = Some(and);
                self.frames.push(or);
                self.enter(outcome)
            }
            None => {
                let action = or.actions.swap_remove(or.tried - 1);
                let branches = and.branches;
                self.steps.push(PlanStep::Act { action, branches });
                Some(Some(self.steps.len() - 1))
            }
        }
    }

    /// Gives an OR node's answer to the AND node that asked for it; the answer of the whole
    /// search when there is none.
    fn answer(&mut self, answer: Answer) -> Option<Answer> {
        let Some(or) = self.frames.last_mut() else {
            return Some(answer);
        };
        let and = or
            .trying
            .as_mut()
            .expect("an answer goes to the AND node that asked");
        match answer {
            Some(at) => {
                and.branches.push((and.outcomes[and.next].clone(), at));
                and.next += 1;
            }
            None => {
                self.steps.truncate(and.mark);
                or.trying = None;
            }
        }
        None
    }
}

/// The plan with its first step first: the steps were built children first, the root last.
fn root_first<S, A>(mut steps: Vec<PlanStep<S, A>>) -> Plan<S, A> {
    let last = steps.len() - 1;
    steps.reverse();
    for step in &mut steps {
        if let PlanStep::Act { branches, .. } = step {
            branches.iter_mut().for_each(|b| b.1 = last - b.1);
        }
    }
    Plan { steps }
}

/// AND-OR search (AIMA figure 4.11, aima-python's `and_or_graph_search`) from `start`: a
/// [`Plan`] that reaches a goal whatever the outcome of each action. `actions(state)` lists a
/// state's actions in order, `results(state, action)` the states the action may lead to. Depth
/// first: the first action (in order) whose every outcome has a plan is taken; a state already
/// on the current path fails (the plan would loop). The same choices as aima-python's, and
/// the same expansions and goal tests.
///
/// The plan is a tree, as aima's: a state met on several branches gets a sub-plan on each, so
/// where outcomes meet again and again it can grow exponentially with the depth.
///
/// ```
/// use search_core::and_or_search_fn;
/// // A slippery line 0..=3: "step" moves one or two cells right (not past 3), "wait" stays.
/// let actions = |_: &u8| ["wait", "step"];
/// let results = |&x: &u8, a: &&str| match *a {
///     "step" => vec![(x + 1).min(3), (x + 2).min(3)],
///     _ => vec![x],
/// };
/// let r = and_or_search_fn(&0, actions, results, |&x| x == 3);
/// let plan = r.plan.unwrap();
/// assert_eq!(plan.action(0), Some(&"step"));
/// // Follow the plan whatever happens: here the step goes one cell, then two.
/// let mut at = 0;
/// for outcome in [1, 3] {
///     at = plan.next(at, &outcome).unwrap();
/// }
/// assert_eq!(plan.action(at), None); // the goal
/// ```
pub fn and_or_search_fn<S, A, ActI, ResI>(
    start: &S,
    actions: impl FnMut(&S) -> ActI,
    results: impl FnMut(&S, &A) -> ResI,
    is_goal: impl FnMut(&S) -> bool,
) -> AndOrResult<S, A>
where
    S: Clone + Eq,
    ActI: IntoIterator<Item = A>,
    ResI: IntoIterator<Item = S>,
{
    let mut search = AndOr {
        actions,
        results,
        is_goal,
        frames: Vec::new(),
        steps: Vec::new(),
        stats: Stats {
            generated: 1,
            ..Stats::default()
        },
    };
    let mut answer = search.enter(start.clone());
    let root = loop {
        answer = match answer {
            Some(found) => match search.answer(found) {
                Some(root) => break root,
                None => None,
            },
            None => search.step(),
        };
    };
    AndOrResult {
        plan: root.map(|_| root_first(search.steps)),
        stats: search.stats,
    }
}
