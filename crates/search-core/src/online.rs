//! Online search agents (AIMA section 4.5): an agent that acts before it knows the whole
//! state space, learning the outcome of each action it takes. Each call of an agent's `step`
//! is told the state it is in and returns its next action (`None` to stop).

use crate::cost::Cost;
use crate::state_hash::FxHashMap;
use std::hash::Hash;

/// What an online agent may ask about its world: the actions of a state, the goal test, a
/// heuristic, step costs and (optionally) what an action leads to before taking it.
pub trait OnlineProblem {
    /// A state the agent can be in.
    type State: Clone + Eq + Hash;
    /// An action it can take.
    type Action: Clone + Eq + Hash;
    /// Step and path costs.
    type Cost: Cost;

    /// The actions of `state`, in order.
    fn actions(&self, state: &Self::State) -> Vec<Self::Action>;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// An estimate of the cost from `state` to a goal.
    fn heuristic(&self, state: &Self::State) -> Self::Cost;

    /// The cost of the step from `state` by `action` to `next`.
    fn step_cost(
        &self,
        state: &Self::State,
        action: &Self::Action,
        next: &Self::State,
    ) -> Self::Cost;

    /// What `action` leads to from `state`, when the agent may know it before trying it (a
    /// map it was given); `None` (the default) for the book's unknown world, where only the
    /// actions the agent took have known outcomes.
    fn known_result(&self, _state: &Self::State, _action: &Self::Action) -> Option<Self::State> {
        None
    }
}

/// LRTA* (learning real-time A*, AIMA figure 4.24): at each step the agent updates the cost
/// estimate `H` of the state it left to the best `c(s, b, s') + H(s')` over that state's actions,
/// then takes the action of least such cost from where it is (the first among equals). An
/// action whose outcome is unknown (neither taken nor [`known_result`]) costs `h(s)`, the
/// book's optimism under uncertainty; `H` of a state not yet in the table is its heuristic.
///
/// [`known_result`]: OnlineProblem::known_result
///
/// ```
/// use search_core::local_search::{LrtaStarAgent, OnlineProblem};
/// // A corridor 0..=4, goal 4, steps of 1 left or right (unknown until taken), h = 0.
/// struct Corridor;
/// impl OnlineProblem for Corridor {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn actions(&self, s: &i32) -> Vec<i32> { [-1, 1].into_iter().filter(|d| (0..=4).contains(&(s + d))).collect() }
///     fn is_goal(&self, s: &i32) -> bool { *s == 4 }
///     fn heuristic(&self, _: &i32) -> u32 { 0 }
///     fn step_cost(&self, _: &i32, _: &i32, _: &i32) -> u32 { 1 }
/// }
/// let mut agent = LrtaStarAgent::default();
/// let mut at = 0;
/// let mut steps = 0;
/// while let Some(d) = agent.step(&Corridor, at) {
///     at += d;
///     steps += 1;
/// }
/// assert_eq!(at, 4);
/// assert!(steps <= 12);
/// assert_eq!(agent.estimate(&0), Some(1)); // learnt: 0 is at least one step away
/// ```
#[derive(Debug, Clone)]
pub struct LrtaStarAgent<S, A, C> {
    estimates: FxHashMap<S, C>,
    results: FxHashMap<(S, A), S>,
    last: Option<(S, A)>,
}

impl<S, A, C> Default for LrtaStarAgent<S, A, C> {
    fn default() -> Self {
        Self {
            estimates: FxHashMap::default(),
            results: FxHashMap::default(),
            last: None,
        }
    }
}

impl<S: Clone + Eq + Hash, A: Clone + Eq + Hash, C: Cost> LrtaStarAgent<S, A, C> {
    /// The agent is in `state`: learns from the last step and returns the next action, `None`
    /// at a goal or where there is no action.
    pub fn step<P>(&mut self, problem: &P, state: S) -> Option<A>
    where
        P: OnlineProblem<State = S, Action = A, Cost = C>,
    {
        if problem.is_goal(&state) {
            self.last = None;
            return None;
        }
        if !self.estimates.contains_key(&state) {
            self.estimates
                .insert(state.clone(), problem.heuristic(&state));
        }
        if let Some((before, action)) = self.last.take() {
            self.results.insert((before.clone(), action), state.clone());
            let learnt = self.best(problem, &before).map(|(_, cost)| cost);
            if let Some(cost) = learnt {
                self.estimates.insert(before, cost);
            }
        }
        let (action, _) = self.best(problem, &state)?;
        self.last = Some((state, action.clone()));
        Some(action)
    }

    /// The learnt estimate of `state`, if the agent has been there.
    pub fn estimate(&self, state: &S) -> Option<C> {
        self.estimates.get(state).copied()
    }

    /// The action of `state` of least LRTA* cost (the first among equals), with that cost.
    fn best<P>(&self, problem: &P, state: &S) -> Option<(A, C)>
    where
        P: OnlineProblem<State = S, Action = A, Cost = C>,
    {
        let mut best: Option<(A, C)> = None;
        for action in problem.actions(state) {
            let cost = self.cost(problem, state, &action);
            if best.as_ref().is_none_or(|b| cost.total_order(&b.1).is_lt()) {
                best = Some((action, cost));
            }
        }
        best
    }

    /// LRTA*-COST: `c(s, a, s') + H(s')` when the outcome `s'` is known, else `h(s)`.
    fn cost<P>(&self, problem: &P, state: &S, action: &A) -> C
    where
        P: OnlineProblem<State = S, Action = A, Cost = C>,
    {
        let learnt = self.results.get(&(state.clone(), action.clone())).cloned();
        match learnt.or_else(|| problem.known_result(state, action)) {
            Some(next) => {
                let h = self.estimate(&next);
                problem.step_cost(state, action, &next)
                    + h.unwrap_or_else(|| problem.heuristic(&next))
            }
            None => problem.heuristic(state),
        }
    }
}

/// Online depth-first exploration (AIMA figure 4.21): the agent tries each state's untried
/// actions (the last listed first, as aima-python pops them), and when a state has none left
/// walks back by an action it learnt leads to the state it came from. It reaches a goal in a
/// finite world whose actions can all be undone; `None` at a goal, or when everything
/// reachable was tried.
///
/// ```
/// use search_core::local_search::{OnlineDfsAgent, OnlineProblem};
/// // A corridor 0..=4, goal 4, steps of 1 left or right.
/// struct Corridor;
/// impl OnlineProblem for Corridor {
///     type State = i32;
///     type Action = i32;
///     type Cost = u32;
///     fn actions(&self, s: &i32) -> Vec<i32> { [1, -1].into_iter().filter(|d| (0..=4).contains(&(s + d))).collect() }
///     fn is_goal(&self, s: &i32) -> bool { *s == 4 }
///     fn heuristic(&self, _: &i32) -> u32 { 0 }
///     fn step_cost(&self, _: &i32, _: &i32, _: &i32) -> u32 { 1 }
/// }
/// let mut agent = OnlineDfsAgent::default();
/// let mut visited = vec![2];
/// while let Some(d) = agent.step(&Corridor, *visited.last().unwrap()) {
///     visited.push(visited.last().unwrap() + d);
/// }
/// // Untried actions first, the last listed (left) first; at 2 with none left, back to 3.
/// assert_eq!(visited, [2, 1, 0, 1, 2, 3, 2, 3, 4]);
/// ```
#[derive(Debug, Clone)]
pub struct OnlineDfsAgent<S, A> {
    untried: FxHashMap<S, Vec<A>>,
    unbacktracked: FxHashMap<S, Vec<S>>,
    results: FxHashMap<(S, A), S>,
    last: Option<(S, A)>,
}

impl<S, A> Default for OnlineDfsAgent<S, A> {
    fn default() -> Self {
        Self {
            untried: FxHashMap::default(),
            unbacktracked: FxHashMap::default(),
            results: FxHashMap::default(),
            last: None,
        }
    }
}

impl<S: Clone + Eq + Hash, A: Clone + Eq + Hash> OnlineDfsAgent<S, A> {
    /// The agent is in `state`: returns the next action, `None` at a goal or when there is
    /// nothing left to try or to walk back to.
    pub fn step<P>(&mut self, problem: &P, state: S) -> Option<A>
    where
        P: OnlineProblem<State = S, Action = A>,
    {
        if problem.is_goal(&state) {
            self.last = None;
            return None;
        }
        if !self.untried.contains_key(&state) {
            self.untried.insert(state.clone(), problem.actions(&state));
        }
        let back = self.unbacktracked.entry(state.clone()).or_default();
        if let Some((before, action)) = self.last.take() {
            back.push(before.clone()); // the top of the stack is its end
            self.results.insert((before, action), state.clone());
        }
        let next = match self.untried.get_mut(&state).and_then(Vec::pop) {
            Some(action) => Some(action),
            None => self.way_back(problem, &state),
        };
        self.last = next.clone().map(|action| (state, action));
        next
    }

    /// The first action of `state` learnt to lead to the state it was last entered from.
    fn way_back<P>(&mut self, problem: &P, state: &S) -> Option<A>
    where
        P: OnlineProblem<State = S, Action = A>,
    {
        let target = self.unbacktracked.get_mut(state)?.pop()?;
        let leads_back = |action: &A| {
            let learnt = self.results.get(&(state.clone(), action.clone()));
            learnt == Some(&target)
        };
        problem.actions(state).into_iter().find(leads_back)
    }
}
