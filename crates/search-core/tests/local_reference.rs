//! Hill climbing (first-choice, steepest-ascent, stochastic), simulated annealing and local
//! beam search against plain loops written from their docs, run with the same seeded
//! generator, on random digraphs with a random heuristic: the same path, stop reason and
//! counters. The genetic algorithm against AIMA's figure 4.8 with the same generator; the
//! online agents (LRTA*, online depth-first exploration) against AIMA's figures 4.24 and 4.21
//! on small random worlds; the min-conflicts driver against its module docs, draw for draw.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::SearchProblem;
use search_core::constraints::{Csp, CspRepair};
use search_core::local_search::{
    ConflictProblem, ExpSchedule, GeneticOptions, LocalOptions, LocalResultOf, LrtaStarAgent,
    MinConflictsLimits, MinConflictsStats, OnlineDfsAgent, OnlineProblem, Schedule, StopReason,
    genetic_algorithm, hill_climbing, local_beam_search, min_conflicts, simulated_annealing,
    steepest_ascent, stochastic_hill_climbing,
};
use search_core::test_support::Digraph;

/// A digraph of up to `max_n` states with a random heuristic, from state 0, goal `n - 1`.
fn hilly(max_n: usize) -> impl Strategy<Value = Digraph> {
    (2usize..max_n).prop_flat_map(|n| {
        let edges = prop::collection::vec((0..n, 0..n, 1u32..5), 0..3 * n);
        let h = prop::collection::vec(0u32..6, n);
        (edges, h).prop_map(move |(edges, h)| Digraph {
            n,
            edges,
            start: 0,
            goal: n - 1,
            h,
            dense: false,
        })
    })
}

fn options() -> impl Strategy<Value = LocalOptions> {
    (prop::option::of(0u64..6), any::<bool>()).prop_map(|(max_steps, stop_at_goal)| LocalOptions {
        max_steps,
        stop_at_goal,
    })
}

/// What a reference run gives: states, actions, step costs, reason, (popped, expanded,
/// generated).
type Run = (Vec<usize>, Vec<usize>, Vec<u32>, StopReason, [u64; 3]);

fn run_of(r: &LocalResultOf<Digraph>) -> Run {
    let p = &r.path;
    assert_eq!(p.cost, p.step_costs.iter().sum::<u32>());
    let s = r.stats;
    let counters = [s.popped, s.expanded, s.generated];
    (
        p.states.clone(),
        p.actions.clone(),
        p.step_costs.clone(),
        r.reason,
        counters,
    )
}

#[derive(Clone, Copy)]
enum Mode {
    First,
    Steepest,
    Random,
}

/// Hill climbing as documented: stop at a goal (when asked) or at the step limit; otherwise
/// list every successor; among those strictly better than the current state take the first
/// (first-choice), the first of the lowest (steepest) or a uniformly drawn one (stochastic,
/// `random_range(0..count)` over them in the problem's order); stop when none is better.
fn climb_reference(g: &Digraph, options: LocalOptions, mode: Mode, rng: &mut StdRng) -> Run {
    let (mut states, mut actions, mut costs) = (vec![g.start], Vec::new(), Vec::new());
    let [mut popped, mut expanded, mut generated] = [1u64, 0, 1];
    let reason = loop {
        let s = *states.last().unwrap();
        if options.stop_at_goal && g.is_goal(&s) {
            break StopReason::Goal;
        }
        if options.max_steps.is_some_and(|m| actions.len() as u64 >= m) {
            break StopReason::StepLimit;
        }
        expanded += 1;
        let h = g.heuristic(&s);
        let mut all = Vec::new();
        g.successors(&s, |a, t, w| all.push((a, t, w)));
        generated += all.len() as u64;
        let better: Vec<_> = all.iter().filter(|m| g.heuristic(&m.1) < h).collect();
        let Some(&&first) = better.first() else {
            break if all.is_empty() {
                StopReason::DeadEnd
            } else {
                StopReason::LocalOptimum
            };
        };
        let chosen = match mode {
            Mode::First => first,
            Mode::Steepest => {
                let best = better.iter().map(|m| g.heuristic(&m.1)).min().unwrap();
                **better.iter().find(|m| g.heuristic(&m.1) == best).unwrap()
            }
            Mode::Random => *better[rng.random_range(0..better.len())],
        };
        popped += 1;
        actions.push(chosen.0);
        states.push(chosen.1);
        costs.push(chosen.2);
    };
    (
        states,
        actions,
        costs,
        reason,
        [popped, expanded, generated],
    )
}

/// Simulated annealing as documented: stop at a goal, at the step limit (`t` moves tried), when
/// the temperature is not above zero, or at a dead end; else draw a successor, take it when it
/// is better, or else with probability `exp(-worse / T)` (one more draw).
fn anneal_reference(g: &Digraph, schedule: &ExpSchedule, options: LocalOptions, seed: u64) -> Run {
    let rng = &mut StdRng::seed_from_u64(seed);
    let (mut states, mut actions, mut costs) = (vec![g.start], Vec::new(), Vec::new());
    let [mut popped, mut expanded, mut generated] = [1u64, 0, 1];
    let mut t = 0;
    let reason = loop {
        let s = *states.last().unwrap();
        if options.stop_at_goal && g.is_goal(&s) {
            break StopReason::Goal;
        }
        if options.max_steps.is_some_and(|m| t >= m) {
            break StopReason::StepLimit;
        }
        let temperature = if t < schedule.limit {
            schedule.k * (-schedule.lam * t as f64).exp()
        } else {
            0.0
        };
        if temperature <= 0.0 {
            break StopReason::Frozen;
        }
        t += 1;
        expanded += 1;
        let mut all = Vec::new();
        g.successors(&s, |a, t, w| all.push((a, t, w)));
        generated += all.len() as u64;
        if all.is_empty() {
            break StopReason::DeadEnd;
        }
        let (a, next, w) = all[rng.random_range(0..all.len())];
        let worse = f64::from(g.heuristic(&next)) - f64::from(g.heuristic(&s));
        let take = worse < 0.0 || rng.random::<f64>() < (-worse / temperature).exp();
        if take {
            popped += 1;
            actions.push(a);
            states.push(next);
            costs.push(w);
        }
    };
    (
        states,
        actions,
        costs,
        reason,
        [popped, expanded, generated],
    )
}

proptest! {
    #[test]
    fn hill_climbing_is_the_reference(g in hilly(9), options in options(), seed in any::<u64>()) {
        let first = hill_climbing(&g, options);
        let fresh = || StdRng::seed_from_u64(seed);
        prop_assert_eq!(run_of(&first), climb_reference(&g, options, Mode::First, &mut fresh()));
        let steepest = steepest_ascent(&g, options);
        prop_assert_eq!(run_of(&steepest), climb_reference(&g, options, Mode::Steepest, &mut fresh()));
        let random = stochastic_hill_climbing(&g, &mut fresh(), options);
        prop_assert_eq!(run_of(&random), climb_reference(&g, options, Mode::Random, &mut fresh()));
    }

    #[test]
    fn annealing_is_the_reference(
        g in hilly(7),
        options in options(),
        seed in any::<u64>(),
        (k, lam, limit) in (0.5f64..8.0, 0.0f64..0.3, 0u64..12),
    ) {
        let schedule = ExpSchedule { k, lam, limit };
        let mut rng = StdRng::seed_from_u64(seed);
        let r = simulated_annealing(&g, &schedule, &mut rng, options);
        prop_assert_eq!(run_of(&r), anneal_reference(&g, &schedule, options, seed));
    }
}

/// The exponential schedule: `k * exp(-lam * t)` below the limit, zero from it on, and a
/// closure is a schedule.
#[test]
fn exp_schedule_is_k_exp_minus_lam_t_below_the_limit() {
    let s = ExpSchedule {
        k: 3.0,
        lam: 0.5,
        limit: 4,
    };
    for t in 0..4 {
        let expected = 3.0 * (-0.5 * t as f64).exp();
        assert!((s.temperature(t) - expected).abs() < 1e-12, "t = {t}");
    }
    assert_eq!(s.temperature(4), 0.0);
    assert_eq!(s.temperature(9), 0.0);
    let d = ExpSchedule::default();
    assert_eq!((d.k, d.lam, d.limit), (20.0, 0.005, 100));
    let closure = |t: u64| 10.0 - t as f64;
    assert_eq!(Schedule::temperature(&closure, 3), 7.0);
    assert_eq!(
        LocalOptions::default(),
        LocalOptions {
            max_steps: None,
            stop_at_goal: true
        }
    );
}

/// Local beam search as documented: a beam of the start and the further starts; each round
/// every successor of every beam state, sorted stably by heuristic, and the best `width` of
/// them become the beam, unless the best is not strictly better than the beam's best (a local
/// optimum) or there is none (a dead end). Paths are kept whole here.
fn beam_reference(g: &Digraph, more: &[usize], options: LocalOptions) -> Run {
    type Walk = (Vec<usize>, Vec<usize>, Vec<u32>);
    let mut beam: Vec<Walk> = std::iter::once(g.start)
        .chain(more.iter().copied())
        .map(|s| (vec![s], Vec::new(), Vec::new()))
        .collect();
    let width = beam.len() as u64;
    let [mut popped, mut expanded, mut generated] = [width, 0, width];
    let h = |w: &Walk| g.heuristic(w.0.last().unwrap());
    let mut steps = 0;
    let reason = loop {
        if options.stop_at_goal {
            if let Some(at) = beam.iter().position(|w| g.is_goal(w.0.last().unwrap())) {
                beam = vec![beam.swap_remove(at)];
                break StopReason::Goal;
            }
        }
        if options.max_steps.is_some_and(|m| steps >= m) {
            break StopReason::StepLimit;
        }
        let mut candidates: Vec<Walk> = Vec::new();
        for w in &beam {
            expanded += 1;
            g.successors(w.0.last().unwrap(), |a, t, c| {
                let mut next = w.clone();
                next.0.push(t);
                next.1.push(a);
                next.2.push(c);
                candidates.push(next);
            });
        }
        generated += candidates.len() as u64;
        candidates.sort_by_key(|w| h(w));
        let best_now = beam.iter().map(&h).min().unwrap();
        match candidates.first() {
            None => break StopReason::DeadEnd,
            Some(best) if h(best) >= best_now => break StopReason::LocalOptimum,
            Some(_) => {}
        }
        candidates.truncate(width as usize);
        popped += candidates.len() as u64;
        beam = candidates;
        steps += 1;
    };
    let best = beam.iter().map(&h).min().unwrap();
    let (states, actions, costs) = beam.into_iter().find(|w| h(w) == best).unwrap();
    (
        states,
        actions,
        costs,
        reason,
        [popped, expanded, generated],
    )
}

/// The genetic algorithm as AIMA's figure 4.8 and the docs say: each generation, as many
/// children as individuals, each from two parents drawn in proportion to fitness (uniformly
/// when the total is not positive), cut at a random point, and mutated at a random gene with
/// the mutation probability; stop early when the fittest child reaches the threshold; the
/// fittest (first among equals) of the last generation.
fn genetic_reference(
    mut population: Vec<Vec<u8>>,
    fitness: &dyn Fn(&[u8]) -> f64,
    pool: &[u8],
    options: GeneticOptions,
    rng: &mut StdRng,
) -> Vec<u8> {
    let length = population[0].len();
    let fittest = |population: &[Vec<u8>]| {
        let scores: Vec<f64> = population.iter().map(|x| fitness(x)).collect();
        let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (scores.iter().position(|&s| s == best).unwrap(), best)
    };
    for _ in 0..options.generations {
        let scores: Vec<f64> = population.iter().map(|x| fitness(x)).collect();
        let total: f64 = scores.iter().sum();
        let draw = |rng: &mut StdRng| {
            if total <= 0.0 {
                return rng.random_range(0..scores.len());
            }
            let mut left = rng.random::<f64>() * total;
            for (i, &s) in scores.iter().enumerate() {
                if left < s {
                    return i;
                }
                left -= s;
            }
            scores.iter().rposition(|&s| s > 0.0).unwrap()
        };
        let mut children = Vec::new();
        for _ in 0..population.len() {
            let (x, y) = (draw(rng), draw(rng));
            let cut = rng.random_range(0..length);
            let mut child = population[x][..cut].to_vec();
            child.extend_from_slice(&population[y][cut..]);
            if !pool.is_empty() && rng.random::<f64>() < options.mutation {
                let at = rng.random_range(0..length);
                child[at] = pool[rng.random_range(0..pool.len())];
            }
            children.push(child);
        }
        population = children;
        if let Some(threshold) = options.threshold {
            let (best, score) = fittest(&population);
            if score >= threshold {
                return population.swap_remove(best);
            }
        }
    }
    let (best, _) = fittest(&population);
    population.swap_remove(best)
}

proptest! {
    #[test]
    fn local_beam_search_is_the_reference(
        g in hilly(9),
        more in prop::collection::vec(0usize..9, 0..4),
        options in options(),
    ) {
        let more: Vec<usize> = more.into_iter().map(|s| s % g.n).collect();
        let r = local_beam_search(&g, more.clone(), options);
        prop_assert_eq!(run_of(&r), beam_reference(&g, &more, options));
    }

    #[test]
    fn genetic_algorithm_is_the_reference(
        population in (1usize..5, 1usize..6).prop_flat_map(|(len, count)| {
            prop::collection::vec(prop::collection::vec(0u8..4, len), count)
        }),
        weights in prop::collection::vec(-1.0f64..3.0, 4),
        pool in prop::collection::vec(0u8..4, 0..3),
        (generations, mutation, threshold) in (0u32..6, 0.0f64..1.0, prop::option::of(0.0f64..12.0)),
        seed in any::<u64>(),
    ) {
        // A fitness that may be zero or negative for some individuals (some weights are).
        let fitness = |x: &[u8]| x.iter().map(|&gene| weights[usize::from(gene)]).sum::<f64>().max(0.0);
        let options = GeneticOptions { generations, mutation, threshold };
        let mut rng = StdRng::seed_from_u64(seed);
        let ours = genetic_algorithm(population.clone(), fitness, &pool, options, &mut rng);
        let mut rng = StdRng::seed_from_u64(seed);
        prop_assert_eq!(ours, genetic_reference(population, &fitness, &pool, options, &mut rng));
    }
}

#[test]
fn genetic_options_default_to_a_thousand_generations() {
    let d = GeneticOptions::default();
    assert_eq!((d.generations, d.mutation, d.threshold), (1000, 0.1, None));
}

/// A small deterministic world for the online agents: per state its actions' outcomes and
/// step costs, a heuristic, goals, and whether the agent is given the map (`known_result`).
#[derive(Debug, Clone)]
struct World {
    moves: Vec<Vec<(usize, u32)>>,
    h: Vec<u32>,
    goals: Vec<bool>,
    map_known: bool,
}

impl OnlineProblem for World {
    type State = usize;
    type Action = usize;
    type Cost = u32;
    fn actions(&self, s: &usize) -> Vec<usize> {
        (0..self.moves[*s].len()).collect()
    }
    fn is_goal(&self, s: &usize) -> bool {
        self.goals[*s]
    }
    fn heuristic(&self, s: &usize) -> u32 {
        self.h[*s]
    }
    fn step_cost(&self, s: &usize, a: &usize, next: &usize) -> u32 {
        assert_eq!(self.moves[*s][*a].0, *next, "the step's outcome");
        self.moves[*s][*a].1
    }
    fn known_result(&self, s: &usize, a: &usize) -> Option<usize> {
        self.map_known.then(|| self.moves[*s][*a].0)
    }
}

fn world() -> impl Strategy<Value = World> {
    (1usize..7).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec((0..n, 1u32..5), 0..4), n),
            prop::collection::vec(0u32..8, n),
            prop::collection::vec(prop::bool::weighted(0.2), n),
            any::<bool>(),
        )
            .prop_map(|(moves, h, goals, map_known)| World {
                moves,
                h,
                goals,
                map_known,
            })
    })
}

const ONLINE_STEPS: usize = 40;

/// AIMA's LRTA*-AGENT (figure 4.24): the state's estimate starts at its heuristic; on arrival
/// the state left learns the least LRTA*-COST of its actions; the agent takes the first action
/// of least cost. An outcome is known once taken (or from the map when given); an unknown one
/// costs `h(s)`. The actions taken, and the estimates of every state at the end.
fn lrta_reference(w: &World, start: usize) -> (Vec<usize>, Vec<Option<u32>>) {
    use std::collections::HashMap;
    let mut estimate: HashMap<usize, u32> = HashMap::new();
    let mut result: HashMap<(usize, usize), usize> = HashMap::new();
    let cost = |estimate: &HashMap<usize, u32>, result: &HashMap<_, usize>, s: usize, a: usize| {
        let next = result.get(&(s, a)).copied().or(w.known_result(&s, &a));
        match next {
            Some(t) => w.moves[s][a].1 + estimate.get(&t).copied().unwrap_or(w.h[t]),
            None => w.h[s],
        }
    };
    let least = |estimate: &HashMap<usize, u32>, result: &HashMap<_, usize>, s: usize| {
        let costs = (0..w.moves[s].len()).map(|a| (cost(estimate, result, s, a), a));
        costs.min() // the least cost, the first action among equals
    };
    let (mut at, mut last, mut taken) = (start, None, Vec::new());
    for _ in 0..ONLINE_STEPS {
        if w.goals[at] {
            break;
        }
        estimate.entry(at).or_insert(w.h[at]);
        if let Some((s, a)) = last {
            result.insert((s, a), at);
            if let Some((c, _)) = least(&estimate, &result, s) {
                estimate.insert(s, c);
            }
        }
        let Some((_, a)) = least(&estimate, &result, at) else {
            break;
        };
        taken.push(a);
        last = Some((at, a));
        at = w.moves[at][a].0;
    }
    let estimates = (0..w.moves.len())
        .map(|s| estimate.get(&s).copied())
        .collect();
    (taken, estimates)
}

/// AIMA's ONLINE-DFS-AGENT (figure 4.21): a new state's untried actions are its actions; on
/// arrival the agent records the outcome and that the state it came from is a way back; it
/// takes an untried action (the last listed first), else walks back by an action learnt to
/// lead to the last way back (the first such), else stops.
fn dfs_reference(w: &World, start: usize) -> Vec<usize> {
    use std::collections::HashMap;
    let mut untried: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut ways_back: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut result: HashMap<(usize, usize), usize> = HashMap::new();
    let (mut at, mut last, mut taken) = (start, None, Vec::new());
    for _ in 0..ONLINE_STEPS {
        if w.goals[at] {
            break;
        }
        untried.entry(at).or_insert_with(|| w.actions(&at));
        if let Some((s, a)) = last {
            result.insert((s, a), at);
            ways_back.entry(at).or_default().push(s);
        }
        let action = match untried.get_mut(&at).unwrap().pop() {
            Some(a) => Some(a),
            None => ways_back.get_mut(&at).and_then(Vec::pop).and_then(|back| {
                (0..w.moves[at].len()).find(|&b| result.get(&(at, b)) == Some(&back))
            }),
        };
        let Some(a) = action else {
            break;
        };
        taken.push(a);
        last = Some((at, a));
        at = w.moves[at][a].0;
    }
    taken
}

proptest! {
    #[test]
    fn online_agents_are_aimas(w in world(), start in any::<prop::sample::Index>()) {
        let start = start.index(w.moves.len());
        let mut lrta = LrtaStarAgent::default();
        let (mut at, mut taken) = (start, Vec::new());
        while taken.len() < ONLINE_STEPS {
            let Some(a) = lrta.step(&w, at) else { break };
            taken.push(a);
            at = w.moves[at][a].0;
        }
        let (expected, estimates) = lrta_reference(&w, start);
        prop_assert_eq!(&taken, &expected);
        let ours: Vec<Option<u32>> = (0..w.moves.len()).map(|s| lrta.estimate(&s)).collect();
        prop_assert_eq!(ours, estimates);
        let mut dfs = OnlineDfsAgent::default();
        let (mut at, mut taken) = (start, Vec::new());
        while taken.len() < ONLINE_STEPS {
            let Some(a) = dfs.step(&w, at) else { break };
            taken.push(a);
            at = w.moves[at][a].0;
        }
        prop_assert_eq!(taken, dfs_reference(&w, start));
    }
}

/// Min-conflicts repair of a random CSP; `REPORT`: whether repairs report the neighbours they
/// put in conflict (the wrapped `CspRepair` does; without, the driver must rescan).
struct Repair<'c, const REPORT: bool>(CspRepair<'c, u8, Differ>);

/// The constraint of a colouring: neighbours differ.
type Differ = fn(usize, &u8, usize, &u8) -> bool;

impl<const REPORT: bool> ConflictProblem for Repair<'_, REPORT> {
    type Value = usize;
    const REPORTS_AFFECTED: bool = REPORT;
    fn variable_count(&self) -> usize {
        self.0.variable_count()
    }
    fn value(&self, var: usize) -> usize {
        self.0.value(var)
    }
    fn conflicts(&self, var: usize, value: usize) -> usize {
        self.0.conflicts(var, value)
    }
    fn candidates<R: Rng + ?Sized>(&self, var: usize, rng: &mut R, out: &mut Vec<usize>) {
        self.0.candidates(var, rng, out);
    }
    fn assign(&mut self, var: usize, value: usize) {
        self.0.assign(var, value);
    }
    fn restart<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.0.restart(rng);
    }
    fn affected_by(&self, var: usize, old: usize, new: usize, report: impl FnMut(usize)) {
        if REPORT {
            self.0.affected_by(var, old, new, report);
        }
    }
}

/// The min-conflicts driver as its module docs describe it, draw for draw: a list of the
/// variables found conflicted, one drawn at random (dropped when no longer conflicted), moved
/// to a candidate of fewest conflicts (ties by reservoir draws), the ones it puts in conflict
/// added when reported; a rescan when the list runs dry, or once the repairs since the last
/// scan weighed at least a quarter as many candidates (plus one per repair) as there are
/// variables, when idle picks in a row exceed the list's length plus 8 or, without reports,
/// the repairs since the scan exceed `found / 4 + 2`; a restart after `max_steps` repairs.
fn min_conflicts_reference<P: ConflictProblem<Value = usize>>(
    p: &mut P,
    rng: &mut StdRng,
    limits: MinConflictsLimits,
) -> Result<MinConflictsStats, (u64, u32)> {
    let mut stats = MinConflictsStats::default();
    for attempt in 0..=limits.max_restarts {
        if attempt > 0 {
            p.restart(rng);
            stats.restarts += 1;
        }
        let (mut list, mut steps) = (Vec::new(), 0);
        let (mut since, mut found, mut idle, mut work) = (0u64, 0u64, 0usize, 0usize);
        loop {
            if list.is_empty() {
                stats.scans += 1;
                list = (0..p.variable_count())
                    .filter(|&v| p.is_conflicted(v))
                    .collect();
                if list.is_empty() {
                    return Ok(stats);
                }
                (since, found, idle, work) = (0, list.len() as u64, 0, 0);
            }
            let at = rng.random_range(0..list.len());
            let var = list[at];
            if !p.is_conflicted(var) {
                list.swap_remove(at);
                continue;
            }
            if steps == limits.max_steps {
                break;
            }
            (steps, stats.steps, since) = (steps + 1, stats.steps + 1, since + 1);
            let mut candidates = Vec::new();
            p.candidates(var, rng, &mut candidates);
            work += candidates.len() + 1;
            let (mut best, mut fewest, mut ties) = (None, usize::MAX, 0u32);
            for &value in &candidates {
                let c = p.conflicts(var, value);
                if c < fewest {
                    (best, fewest, ties) = (Some(value), c, 1);
                } else if c == fewest {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = Some(value);
                    }
                }
            }
            let old = p.value(var);
            match best {
                Some(value) if value != old => {
                    p.assign(var, value);
                    p.affected_by(var, old, value, |v| list.push(v));
                    idle = 0;
                }
                _ => idle += 1,
            }
            let stuck = idle > list.len() + 8;
            let stale = !P::REPORTS_AFFECTED && since > found / 4 + 2;
            if (stuck || stale) && 4 * work >= p.variable_count() {
                list.clear();
            }
        }
    }
    Err((stats.steps, stats.restarts))
}

fn colouring(n: usize, edges: &[(usize, usize)], colours: u8) -> Csp<u8, Differ> {
    let differ: Differ = |_, a, _, b| a != b;
    let mut csp = Csp::new(vec![(0..colours).collect(); n], differ);
    for &(x, y) in edges {
        csp.constrain(x % n, y % n);
    }
    csp
}

proptest! {
    #[test]
    fn min_conflicts_is_the_documented_driver(
        n in 1usize..40,
        edges in prop::collection::vec((0usize..40, 0usize..40), 0..80),
        colours in 2u8..4,
        seed in any::<u64>(),
        (max_steps, max_restarts) in (0u64..60, 0u32..3),
    ) {
        let csp = colouring(n, &edges, colours);
        let limits = MinConflictsLimits { max_steps, max_restarts };
        let start = || CspRepair::new(&csp, &mut StdRng::seed_from_u64(seed));
        let outcome = |r: Result<MinConflictsStats, search_core::Error>| match r {
            Ok(stats) => Ok(stats),
            Err(search_core::Error::Unsolved { steps, restarts }) => Err((steps, restarts)),
        };
        let (mut ours, mut theirs) = (Repair::<true>(start()), Repair::<true>(start()));
        let (mut a, mut b) = (StdRng::seed_from_u64(!seed), StdRng::seed_from_u64(!seed));
        prop_assert_eq!(outcome(min_conflicts(&mut ours, &mut a, limits)), min_conflicts_reference(&mut theirs, &mut b, limits));
        prop_assert_eq!(ours.0.indices(), theirs.0.indices());
        let (mut ours, mut theirs) = (Repair::<false>(start()), Repair::<false>(start()));
        let (mut a, mut b) = (StdRng::seed_from_u64(!seed), StdRng::seed_from_u64(!seed));
        prop_assert_eq!(outcome(min_conflicts(&mut ours, &mut a, limits)), min_conflicts_reference(&mut theirs, &mut b, limits));
        prop_assert_eq!(ours.0.indices(), theirs.0.indices());
    }
}
