//! One thread of the exact solver: the fail-soft null-window search of one MTD(f) probe.
//!
//! Every thread of a probe searches the whole tree from the root with the same window; they
//! share the transposition table, and split the work by simplified ABDADA: at a node with
//! enough seeds, a thread searches the first move regardless of the others, and puts off a
//! later move that another thread is searching (its mark is in the [`BusySet`]) until it has
//! tried the rest. Every move is still searched or proved, so each thread's result is a valid
//! bound; the first thread to finish stops the others.

use crate::endgame::EndgameDb;
use crate::exact::{Position, Step};
use crate::rules::Rules;
use crate::solver::Progress;
use crate::table::{NO_MOVE, Table, hash};
use search_core::smallvec::SmallVec;
use search_core::{games::BusySet, games::busy_mark};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// The nodes between two updates of the live node count (and checks of the stop flag).
const PUBLISH_EVERY: u64 = 1 << 12;

/// What the threads of a solve share: the rules, the database, the table and the busy marks,
/// the live counters, and the flag that stops a probe.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    pub(crate) rules: Rules,
    pub(crate) pots: usize,
    pub(crate) db: Option<&'a EndgameDb>,
    pub(crate) db_seeds: u32,
    pub(crate) table: Table,
    /// The positions being searched, when more than one thread searches.
    pub(crate) busy: Option<BusySet>,
    pub(crate) live: std::sync::Arc<Progress>,
    /// Set when a thread finished the probe (or the node budget ran out).
    pub(crate) stop: AtomicBool,
    /// The solve gives up after this many nodes.
    pub(crate) budget: u64,
    /// The solve gives up at this instant.
    pub(crate) deadline: Option<Instant>,
    /// Enhanced transposition cut-offs at nodes with at least this many seeds.
    pub(crate) etc_from: i32,
    /// The table is probed and written only at nodes with at least this many seeds.
    pub(crate) tt_from: i32,
    /// Threads split a node's moves only at nodes with at least this many seeds.
    pub(crate) split_from: i32,
}

impl Context<'_> {
    /// The exact value of `pos` if known without search (end of game or database).
    fn known(&self, pos: &Position, n: i32) -> Option<i32> {
        if let Some(v) = pos.terminal_value(self.pots, self.rules.end) {
            return Some(v);
        }
        match self.db {
            Some(db) if n as u32 <= self.db_seeds => Some(db.value_unchecked(pos)),
            _ => None,
        }
    }

    /// Bounds on the exact value of a child (not searched); the table is looked up only with
    /// `probe` (enhanced transposition cut-offs far from the database).
    fn child_bounds(&self, pos: &Position, n: i32, probe: bool) -> (i32, i32) {
        if let Some(v) = self.known(pos, n) {
            return (v, v);
        }
        if !probe {
            return (-n, n);
        }
        match self.table.probe(pos.key()) {
            Some(b) => (b.lower.max(-n), b.upper.min(n)),
            None => (-n, n),
        }
    }

    /// The value without searching the moves (`Err`): end of game, database, futility or a
    /// table cut-off; else the table's best move (`Ok`).
    fn shortcut(&self, pos: &Position, n: i32, beta: i32) -> Result<u8, i32> {
        if let Some(v) = self.known(pos, n) {
            return Err(v);
        }
        if beta > n {
            return Err(n);
        }
        if -n >= beta {
            return Err(-n);
        }
        if n < self.tt_from {
            return Ok(NO_MOVE);
        }
        match self.table.probe(pos.key()) {
            Some(b) if b.lower >= beta => Err(b.lower),
            Some(b) if b.upper < beta => Err(b.upper),
            Some(b) => Ok(b.best),
            None => Ok(NO_MOVE),
        }
    }

    /// The moves of `pos`, best first, with the bounds their children's known values give;
    /// `Err(v)` when one of them already proves `v >= beta`.
    fn candidates(
        &self,
        pos: &Position,
        n: i32,
        beta: i32,
        tt_best: u8,
    ) -> Result<SmallVec<[Candidate; 8]>, (i32, u8)> {
        let mut moves: SmallVec<[Candidate; 8]> = SmallVec::new();
        let probe = n >= self.etc_from;
        for house in 0..self.pots {
            if pos.houses()[house] == 0 {
                continue;
            }
            let step = pos.play(house, self.rules);
            let gain = i32::from(step.gain);
            let (cl, cu) = self.child_bounds(&step.next, n - gain, probe);
            let (lower, upper) = if step.again {
                (gain + cl, gain + cu)
            } else {
                (gain - cu, gain - cl)
            };
            if lower >= beta {
                return Err((lower, house as u8));
            }
            let score = if house as u8 == tt_best {
                255
            } else if step.again {
                200 + house as u8
            } else {
                u8::try_from((gain * 8).min(190)).unwrap_or(190) + house as u8
            };
            moves.push(Candidate {
                step,
                house: house as u8,
                score,
                upper,
            });
        }
        // Insertion sort, highest score first.
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && moves[j - 1].score < moves[j].score {
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
        Ok(moves)
    }
}

/// A move at a node: the sowing, the house and its ordering score.
#[derive(Clone, Copy)]
struct Candidate {
    step: Step,
    house: u8,
    score: u8,
    /// The move's value is at most this (from the child's known bounds).
    upper: i32,
}

impl Candidate {
    /// The null window the child is searched with when the node's is `beta`.
    fn child_beta(&self, beta: i32) -> i32 {
        let gain = i32::from(self.step.gain);
        if self.step.again {
            beta - gain
        } else {
            gain - beta + 1
        }
    }

    /// The move's value from its child's (fail-soft) value.
    fn value(&self, child: i32) -> i32 {
        let gain = i32::from(self.step.gain);
        if self.step.again {
            gain + child
        } else {
            gain - child
        }
    }

    /// The child's "being searched" mark for the node's window `beta`.
    fn mark(&self, beta: i32) -> u64 {
        busy_mark(hash(self.step.next.key()), self.child_beta(beta) as u32)
    }
}

/// The best move of a node so far (fail-soft).
struct Best {
    value: i32,
    house: u8,
}

impl Best {
    /// Takes `value` of `house` if it is the best yet; whether it reaches `beta`.
    fn offer(&mut self, value: i32, house: u8, beta: i32) -> bool {
        if value > self.value {
            self.value = value;
            self.house = house;
        }
        value >= beta
    }
}

/// One thread's search of one probe (or of [`Worker::any_best`]).
pub(crate) struct Worker<'c, 'a> {
    ctx: &'c Context<'a>,
    /// Nodes searched by this worker.
    nodes: u64,
    /// Nodes already added to the live count.
    published: u64,
    /// This worker gives up after this many nodes of its own.
    limit: u64,
    aborted: bool,
    ply: u32,
    /// The root's move that proved the last fail-high.
    pub(crate) root_best: u8,
    /// This worker keeps the root's move counters of the live display.
    shows: bool,
}

impl<'c, 'a> Worker<'c, 'a> {
    /// Worker `id` of a solve that has searched `spent` nodes so far.
    pub(crate) fn new(ctx: &'c Context<'a>, id: usize, spent: u64) -> Self {
        Self {
            ctx,
            nodes: 0,
            published: 0,
            limit: ctx.budget.saturating_sub(spent),
            aborted: false,
            ply: 0,
            root_best: NO_MOVE,
            shows: id == 0,
        }
    }

    /// Searches the root `pos` (`n` seeds) against `beta` (see [`Worker::test`]); the value and
    /// the root's best move, or `None` when stopped; and the nodes searched. A worker that
    /// finishes stops the others.
    pub(crate) fn run(mut self, pos: &Position, n: i32, beta: i32) -> (Option<(i32, u8)>, u64) {
        let v = self.test(pos, n, beta);
        let found = (!self.aborted).then_some((v, self.root_best));
        self.ctx.stop.store(true, Relaxed);
        (found, self.finish())
    }

    /// Adds the nodes not yet counted to the live count; the nodes searched.
    pub(crate) fn finish(&mut self) -> u64 {
        let rest = self.nodes - self.published;
        self.ctx.live.nodes.fetch_add(rest, Relaxed);
        self.published = self.nodes;
        self.nodes
    }

    /// Whether the worker gave up (node budget, deadline, or another worker stopped the probe).
    pub(crate) fn aborted(&self) -> bool {
        self.aborted
    }

    /// Counts a node; whether the search must stop.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % PUBLISH_EVERY == 0 {
            let total = self.ctx.live.nodes.fetch_add(PUBLISH_EVERY, Relaxed) + PUBLISH_EVERY;
            self.published += PUBLISH_EVERY;
            if total > self.ctx.budget || self.ctx.deadline.is_some_and(|d| Instant::now() >= d) {
                self.ctx.stop.store(true, Relaxed);
            }
            if self.ctx.stop.load(Relaxed) {
                self.aborted = true;
            }
        }
        if self.nodes > self.limit {
            self.aborted = true;
            self.ctx.stop.store(true, Relaxed);
        }
        self.aborted
    }

    /// A house whose value is at least `value` (when no probe failed high: `value` is `-n`).
    pub(crate) fn any_best(&mut self, pos: &Position, value: i32) -> u8 {
        let n = pos.seeds() as i32;
        for house in 0..self.ctx.pots {
            if pos.houses()[house] == 0 {
                continue;
            }
            let step = pos.play(house, self.ctx.rules);
            let m = Candidate {
                step,
                house: house as u8,
                score: 0,
                upper: n,
            };
            if self.search_move(&m, n, value) >= value {
                return house as u8;
            }
        }
        NO_MOVE
    }

    /// Fail-soft null-window search of `pos` (`n` seeds in its houses): a value `>= beta` is
    /// a lower bound of the exact value, a value `< beta` an upper bound.
    pub(crate) fn test(&mut self, pos: &Position, n: i32, beta: i32) -> i32 {
        if self.count_node() {
            return 0;
        }
        let tt_best = match self.ctx.shortcut(pos, n, beta) {
            Ok(best) => best,
            Err(v) => return v,
        };
        let before = self.nodes;
        let (best, work) = match self.ctx.candidates(pos, n, beta, tt_best) {
            Ok(moves) => {
                let Some(best) = self.search_moves(&moves, n, beta) else {
                    return 0;
                };
                (best, (64 - (self.nodes - before).leading_zeros()) as u8)
            }
            // A child's known value proves the cut-off.
            Err((value, house)) => (Best { value, house }, 0),
        };
        if n >= self.ctx.tt_from {
            self.store(pos, n, beta, &best, work);
        }
        best.value
    }

    /// Stores what the search of `pos` proved.
    fn store(&mut self, pos: &Position, n: i32, beta: i32, best: &Best, work: u8) {
        let table = &self.ctx.table;
        if best.value >= beta {
            if self.ply == 0 {
                self.root_best = best.house;
            }
            table.store(pos.key(), best.value, n, best.house, work);
        } else {
            table.store(pos.key(), -n, best.value, NO_MOVE, work);
        }
    }

    /// Searches `moves` until one reaches `beta`: the best value and its house (fail-soft), or
    /// `None` when the search was stopped. With other threads, a move another thread is
    /// searching is put off until the rest are done (never the first).
    fn search_moves(&mut self, moves: &[Candidate], n: i32, beta: i32) -> Option<Best> {
        let mut best = Best {
            value: i32::MIN,
            house: NO_MOVE,
        };
        let busy = self.ctx.busy.as_ref().filter(|_| n >= self.ctx.split_from);
        self.show(moves.len() as u32, 0);
        let mut put_off: SmallVec<[usize; 8]> = SmallVec::new();
        for (i, m) in moves.iter().enumerate() {
            if i > 0 && m.upper >= beta && busy.is_some_and(|b| b.contains(m.mark(beta))) {
                put_off.push(i);
                continue;
            }
            if best.offer(self.value_of(m, n, beta, busy)?, m.house, beta) {
                return Some(best);
            }
        }
        for &i in &put_off {
            let m = &moves[i];
            if best.offer(self.value_of(m, n, beta, busy)?, m.house, beta) {
                break;
            }
        }
        Some(best)
    }

    /// The value of move `m` (fail-soft against `beta`): its known bound when that fails
    /// low, else its child searched (marked busy in `busy` meanwhile); `None` when stopped.
    fn value_of(
        &mut self,
        m: &Candidate,
        n: i32,
        beta: i32,
        busy: Option<&BusySet>,
    ) -> Option<i32> {
        let v = if m.upper < beta {
            m.upper
        } else if let Some(busy) = busy {
            let mark = m.mark(beta);
            busy.insert(mark);
            let v = self.search_move(m, n, beta);
            busy.remove(mark);
            v
        } else {
            self.search_move(m, n, beta)
        };
        if self.aborted {
            return None;
        }
        self.show(0, 1);
        Some(v)
    }

    /// Updates the live display's move counters at the root and its children: a node with
    /// `moves` moves starts (when not 0), or one more move is done.
    fn show(&self, moves: u32, done: u32) {
        let Some(p) = usize::try_from(self.ply)
            .ok()
            .filter(|&p| p < 2 && self.shows)
        else {
            return;
        };
        if moves > 0 {
            self.ctx.live.moves[p].store(moves, Relaxed);
            self.ctx.live.done[p].store(0, Relaxed);
        } else {
            self.ctx.live.done[p].fetch_add(done, Relaxed);
        }
    }

    /// The value of the move `m` (fail-soft against `beta`) by searching its child.
    fn search_move(&mut self, m: &Candidate, n: i32, beta: i32) -> i32 {
        self.ply += 1;
        let child = self.test(&m.step.next, n - i32::from(m.step.gain), m.child_beta(beta));
        self.ply -= 1;
        m.value(child)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ExactSolver;
    use crate::rules::{CaptureRule, EndRule};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The houses a side of the positions below.
    const P: usize = 3;

    /// The rule sets the tests run on: every capture rule and both end rules.
    fn rule_sets() -> Vec<Rules> {
        let mut all = Vec::new();
        for capture in [
            CaptureRule::Always,
            CaptureRule::OppositeNonEmpty,
            CaptureRule::Never,
        ] {
            for end in [EndRule::EitherSideEmpty, EndRule::MoverSideEmpty] {
                let rules = Rules::new(P as u32, 1).unwrap();
                all.push(rules.with_capture(capture).with_end(end));
            }
        }
        all
    }

    /// The exact value of `pos` by plain negamax over single sowings: no table, no bound.
    fn negamax(pos: &Position, rules: Rules) -> i32 {
        if let Some(v) = pos.terminal_value(P, rules.end) {
            return v;
        }
        (0..P)
            .filter(|&h| pos.houses()[h] > 0)
            .map(|h| move_value(pos, h, rules))
            .max()
            .expect("a position that goes on has a move")
    }

    /// The exact value of sowing `house` of `pos`.
    fn move_value(pos: &Position, house: usize, rules: Rules) -> i32 {
        let step = pos.play(house, rules);
        let child = negamax(&step.next, rules);
        let gain = i32::from(step.gain);
        if step.again {
            gain + child
        } else {
            gain - child
        }
    }

    /// A random position of `P` houses a side that is not over by `rules` with `min..=max`
    /// seeds; now and then one house holds a lap or more (a free turn or a capture after a
    /// lap banks more than one seed).
    fn position(rng: &mut StdRng, rules: Rules, min: u32, max: u32) -> Position {
        loop {
            let mut houses = [0u8; 2 * P];
            for h in &mut houses {
                *h = rng.random_range(0..=3);
            }
            if rng.random_bool(0.3) {
                houses[rng.random_range(0..P)] = rng.random_range(7..=10);
            }
            let pos = Position::from_rows(&houses[..P], &houses[P..]);
            if (min..=max).contains(&pos.seeds()) && pos.terminal_value(P, rules.end).is_none() {
                return pos;
            }
        }
    }

    /// The root's children marked busy (all but the first are put off) are still searched: a
    /// worker gives the same side of every window as without marks, and counts every root
    /// move done when a window fails low.
    #[test]
    fn moves_put_off_are_still_searched() {
        let rules = Rules::new(4, 3).unwrap();
        let pos = Position::from_rows(&[3; 4], &[3; 4]);
        let n = pos.seeds() as i32;
        let mut tested = 0;
        for beta in (-n + 1..=n).step_by(2) {
            let plain = ExactSolver::new(rules, 14, None);
            let want = Worker::new(plain.context(), 0, 0).test(&pos, n, beta);
            let marked = ExactSolver::new(rules, 14, None).with_threads(2);
            let ctx = marked.context();
            let busy = ctx.busy.as_ref().unwrap();
            let Ok(moves) = ctx.candidates(&pos, n, beta, NO_MOVE) else {
                continue; // a child's known value proves the cut-off: nothing to put off
            };
            tested += 1;
            for m in &moves {
                busy.insert(m.mark(beta));
            }
            let got = Worker::new(ctx, 0, 0).test(&pos, n, beta);
            assert_eq!(
                got >= beta,
                want >= beta,
                "beta {beta}: {got} against {want}"
            );
            if got < beta {
                assert_eq!(ctx.live.done[0].load(Relaxed), moves.len() as u32);
            }
        }
        assert!(tested > 10);
    }

    /// A worker stops when another sets the stop flag, and stores nothing it did not prove.
    #[test]
    fn a_stopped_worker_gives_up() {
        let rules = Rules::new(6, 3).unwrap();
        let solver = ExactSolver::new(rules, 14, None).with_threads(2);
        let ctx = solver.context();
        ctx.stop.store(true, Relaxed);
        let pos = Position::from_rows(&[3; 6], &[3; 6]);
        let (found, nodes) = Worker::new(ctx, 1, 0).run(&pos, 36, 2);
        assert_eq!(found, None);
        assert_eq!(nodes, PUBLISH_EVERY, "stops at the first check");
        assert_eq!(ctx.live.nodes.load(Relaxed), PUBLISH_EVERY);
    }

    /// Every window, also outside the values' range `-n..=n`, gets a sound fail-soft bound: at
    /// least `beta` and at most the exact value, or below `beta` and at least the exact value;
    /// with and without a database, the table kept across windows and positions.
    #[test]
    fn every_window_gets_a_sound_fail_soft_bound() {
        let mut rng = StdRng::seed_from_u64(13);
        for rules in rule_sets() {
            let db = EndgameDb::build(rules, 4, &mut |_, _| {});
            for with_db in [None, Some(&db)] {
                let solver = ExactSolver::new(rules, 12, with_db);
                for _ in 0..6 {
                    let pos = position(&mut rng, rules, 1, 12);
                    let n = pos.seeds() as i32;
                    let exact = negamax(&pos, rules);
                    for beta in -n - 2..=n + 2 {
                        let v = Worker::new(solver.context(), 0, 0).test(&pos, n, beta);
                        let sound = if v >= beta { v <= exact } else { v >= exact };
                        assert!(sound, "{pos:?} beta {beta}: {v}, exact {exact}");
                    }
                }
            }
        }
    }

    /// The moves of a node: each house with seeds once, with its sowing and an upper bound
    /// between its exact value and the seeds in the houses; the table's move first, then the
    /// free turns, then the others by seeds banked (later houses first among equals). Or a
    /// cut-off: a house whose exact value is at least the bound given, which reaches `beta`.
    #[test]
    fn candidates_are_every_move_bounded_and_ordered() {
        let mut rng = StdRng::seed_from_u64(31);
        let (mut cuts, mut lists) = (0, 0);
        for rules in rule_sets() {
            let db = EndgameDb::build(rules, 6, &mut |_, _| {});
            for with_db in [None, Some(&db)] {
                let solver = ExactSolver::new(rules, 12, with_db);
                let ctx = solver.context();
                for _ in 0..6 {
                    let pos = position(&mut rng, rules, 1, 13);
                    let n = pos.seeds() as i32;
                    let houses: Vec<usize> = (0..P).filter(|&h| pos.houses()[h] > 0).collect();
                    let values: Vec<i32> = (0..P)
                        .map(|h| {
                            if pos.houses()[h] > 0 {
                                move_value(&pos, h, rules)
                            } else {
                                i32::MIN
                            }
                        })
                        .collect();
                    for beta in -n + 1..=n {
                        let tt_best = [NO_MOVE, 0, 1, 2][rng.random_range(0..4)];
                        match ctx.candidates(&pos, n, beta, tt_best) {
                            Err((v, h)) => {
                                cuts += 1;
                                assert!(v >= beta, "{pos:?} beta {beta}: {v}");
                                assert!(values[usize::from(h)] >= v, "{pos:?} house {h}: {v}");
                            }
                            Ok(moves) => {
                                lists += 1;
                                let mut got: Vec<usize> =
                                    moves.iter().map(|m| usize::from(m.house)).collect();
                                got.sort_unstable();
                                assert_eq!(got, houses, "{pos:?}");
                                for m in &moves {
                                    let h = usize::from(m.house);
                                    assert_eq!(m.step, pos.play(h, rules));
                                    assert!(values[h] <= m.upper && m.upper <= n, "{pos:?} {h}");
                                }
                                assert_ordered(&moves, tt_best, &pos);
                            }
                        }
                    }
                }
            }
        }
        assert!(cuts > 50 && lists > 50, "{cuts} cut-offs, {lists} lists");
    }

    /// The order of the moves on many positions (no values needed: `beta` is `n`, which only a
    /// child known to lose every seed reaches), the table's move any house or none.
    #[test]
    fn candidates_are_ordered() {
        let mut rng = StdRng::seed_from_u64(37);
        let mut lists = 0;
        for rules in rule_sets() {
            let solver = ExactSolver::new(rules, 10, None);
            for _ in 0..100 {
                let pos = position(&mut rng, rules, 1, 20);
                let n = pos.seeds() as i32;
                let tt_best = [NO_MOVE, 0, 1, 2][rng.random_range(0..4)];
                if let Ok(moves) = solver.context().candidates(&pos, n, n, tt_best) {
                    assert_ordered(&moves, tt_best, &pos);
                    lists += 1;
                }
            }
        }
        assert!(lists > 500, "{lists}");
    }

    /// The order of [`Context::candidates`]: the table's move, then the free turns (later
    /// houses first), then the other moves by seeds banked, later houses first among equals.
    fn assert_ordered(moves: &[Candidate], tt_best: u8, pos: &Position) {
        let rest = match moves.iter().position(|m| m.house == tt_best) {
            Some(i) => {
                assert_eq!(i, 0, "{pos:?}: the table's move {tt_best} first");
                &moves[1..]
            }
            None => moves,
        };
        // (free turn, seeds banked by the others, house): never rises along the list.
        let keys: Vec<(bool, u8, u8)> = rest
            .iter()
            .map(|m| {
                let banked = if m.step.again { 0 } else { m.step.gain };
                (m.step.again, banked, m.house)
            })
            .collect();
        assert!(keys.is_sorted_by(|a, b| a > b), "{pos:?}: {keys:?}");
    }

    /// A position the database holds is its exact value at once, whatever the window: one node.
    #[test]
    fn a_position_the_database_holds_costs_one_node() {
        let mut rng = StdRng::seed_from_u64(7);
        for rules in rule_sets() {
            let db = EndgameDb::build(rules, 6, &mut |_, _| {});
            let solver = ExactSolver::new(rules, 10, Some(&db));
            for _ in 0..10 {
                let pos = position(&mut rng, rules, 1, 6);
                let n = pos.seeds() as i32;
                let exact = negamax(&pos, rules);
                for beta in -n + 1..=n {
                    let mut worker = Worker::new(solver.context(), 0, 0);
                    assert_eq!(worker.test(&pos, n, beta), exact, "{pos:?} beta {beta}");
                    assert_eq!(worker.finish(), 1, "{pos:?} beta {beta}");
                }
            }
        }
    }

    /// A node is cut off by the table's bounds (a lower bound reaching `beta`, an upper bound
    /// below it) from `tt_from` seeds on; below, the table is not read.
    #[test]
    fn the_table_cuts_nodes_from_its_seed_count_on() {
        let mut rng = StdRng::seed_from_u64(17);
        let rules = Rules::new(P as u32, 1).unwrap();
        let solver = ExactSolver::new(rules, 10, None);
        let ctx = solver.context();
        assert_eq!(ctx.tt_from, 3);
        for _ in 0..40 {
            let pos = position(&mut rng, rules, 2, 5);
            let n = pos.seeds() as i32;
            let exact = negamax(&pos, rules);
            ctx.table.store(pos.key(), exact, exact, 0, 1);
            for beta in -n + 1..=n {
                let want = if n >= ctx.tt_from {
                    Err(exact)
                } else {
                    Ok(NO_MOVE)
                };
                assert_eq!(ctx.shortcut(&pos, n, beta), want, "{pos:?} beta {beta}");
            }
        }
    }

    /// Enhanced transposition cut-offs: from `etc_from` seeds on, a child's stored bounds that
    /// prove the move reaches `beta` end the node; below, the children's entries are not read.
    #[test]
    fn a_childs_stored_bound_cuts_off_its_parent_far_from_the_leaves() {
        let mut rng = StdRng::seed_from_u64(19);
        let rules = Rules::new(P as u32, 1).unwrap();
        let mut tried = [0, 0];
        while tried[0] < 5 || tried[1] < 5 {
            let pos = position(&mut rng, rules, 9, 11);
            let n = pos.seeds() as i32;
            for house in (0..P).filter(|&h| pos.houses()[h] > 0) {
                let step = pos.play(house, rules);
                let beta = move_value(&pos, house, rules);
                let solver = ExactSolver::new(rules, 10, None);
                let ctx = solver.context();
                assert_eq!(ctx.etc_from, 10);
                if ctx.candidates(&pos, n, beta, NO_MOVE).is_err() {
                    continue; // cut off without the table
                }
                let child = negamax(&step.next, rules);
                ctx.table.store(step.next.key(), child, child, 0, 1);
                let got = ctx.candidates(&pos, n, beta, NO_MOVE);
                if n >= ctx.etc_from {
                    assert_eq!(got.err(), Some((beta, house as u8)), "{pos:?} {house}");
                } else {
                    assert!(got.is_ok(), "{pos:?} {house}");
                }
                tried[usize::from(n >= ctx.etc_from)] += 1;
            }
        }
    }

    /// A move's busy mark names its child and the child's window: different children, or one
    /// child searched against different windows, get different marks (a shared mark would put
    /// off moves no other thread is searching).
    #[test]
    fn busy_marks_tell_children_and_windows_apart() {
        let mut rng = StdRng::seed_from_u64(41);
        let rules = Rules::new(P as u32, 1).unwrap();
        let solver = ExactSolver::new(rules, 10, None);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..20 {
            let pos = position(&mut rng, rules, 1, 20);
            let n = pos.seeds() as i32;
            for beta in -n + 1..=n {
                let Ok(moves) = solver.context().candidates(&pos, n, beta, NO_MOVE) else {
                    continue;
                };
                for m in &moves {
                    let child = (m.step.next.key(), m.child_beta(beta));
                    let first = *seen.entry(m.mark(beta)).or_insert(child);
                    assert_eq!(first, child, "{pos:?} beta {beta} house {}", m.house);
                }
            }
        }
        assert!(seen.len() > 100, "{}", seen.len());
    }

    /// A worker that runs out of nodes (here during [`Worker::any_best`]) says it gave up.
    #[test]
    fn a_worker_past_its_budget_says_so() {
        let rules = Rules::new(6, 3).unwrap();
        let pos = Position::from_rows(&[3; 6], &[3; 6]);
        for budget in [0, 5] {
            let mut solver = ExactSolver::new(rules, 10, None);
            solver.set_budget(budget);
            let mut worker = Worker::new(solver.context(), 0, 0);
            worker.any_best(&pos, 36);
            assert!(worker.aborted(), "budget {budget}");
            assert!(worker.finish() > budget, "budget {budget}");
        }
        let solver = ExactSolver::new(rules, 10, None);
        let mut worker = Worker::new(solver.context(), 0, 0);
        assert_eq!(
            worker.any_best(&pos, -36),
            0,
            "every house is worth -36 or more"
        );
        assert!(!worker.aborted());
    }

    /// A budget that falls on an update of the live count (a multiple of `PUBLISH_EVERY`)
    /// still stops the solve at the node past it, not at the update, and the live count, the
    /// nodes of the updates and the rest, adds up to the same.
    #[test]
    fn a_budget_on_an_update_stops_at_the_node_past_it() {
        let rules = Rules::new(6, 6).unwrap();
        let start = Position::from_rows(&[6; 6], &[6; 6]);
        for budget in [PUBLISH_EVERY, 2 * PUBLISH_EVERY, 2 * PUBLISH_EVERY + 5] {
            let mut solver = ExactSolver::new(rules, 12, None);
            solver.set_budget(budget);
            let live = solver.progress();
            assert_eq!(solver.solve(&start, 0, &mut |_| {}), None);
            assert_eq!(solver.nodes(), budget + 1);
            assert_eq!(live.snapshot().nodes, budget + 1);
        }
    }

    /// A searched node leaves what it proved in the table from `tt_from` seeds on (a lower
    /// bound when it fails high, an upper bound when it fails low, the other bound the seeds'
    /// `-n` or `n`); a smaller node leaves nothing. Its children's entries are within their
    /// own seeds' range.
    #[test]
    fn a_searched_node_leaves_its_bound_from_tt_from_on() {
        let mut rng = StdRng::seed_from_u64(43);
        let rules = Rules::new(P as u32, 1).unwrap();
        let (mut stored, mut children) = (0, 0);
        for _ in 0..30 {
            let pos = position(&mut rng, rules, 1, 8);
            let n = pos.seeds() as i32;
            for beta in -n + 1..=n {
                let solver = ExactSolver::new(rules, 10, None);
                let ctx = solver.context();
                let v = Worker::new(ctx, 0, 0).test(&pos, n, beta);
                let got = ctx.table.probe(pos.key()).map(|b| (b.lower, b.upper));
                let want = if n < ctx.tt_from {
                    None
                } else if v >= beta {
                    Some((v, n))
                } else {
                    Some((-n, v))
                };
                assert_eq!(got, want, "{pos:?} beta {beta}: {v}");
                stored += usize::from(want.is_some());
                // The children searched: bounds within their own seeds' range.
                for house in (0..P).filter(|&h| pos.houses()[h] > 0) {
                    let child = pos.play(house, rules).next;
                    let m = child.seeds() as i32;
                    if let Some(b) = ctx.table.probe(child.key()) {
                        assert!(-m <= b.lower && b.upper <= m, "{child:?}: {b:?}");
                        children += 1;
                    }
                }
            }
        }
        assert!(stored > 100 && children > 100, "{stored} {children}");
    }

    /// Simplified ABDADA at one worker: with the children of the first two moves marked busy
    /// (by another thread), the first move is still searched first, the second is put off, and
    /// when a later move refutes the node (the one that refutes it unmarked) the second is
    /// never searched: its child leaves no table entry.
    #[test]
    fn a_busy_move_is_put_off_behind_the_later_ones() {
        let mut rng = StdRng::seed_from_u64(47);
        let rules = Rules::new(P as u32, 1).unwrap();
        let mut cases = 0;
        for _ in 0..300 {
            let pos = position(&mut rng, rules, 8, 14);
            let n = pos.seeds() as i32;
            for beta in -n + 1..=n {
                let plain = ExactSolver::new(rules, 12, None).with_threads(2);
                let ctx = plain.context();
                assert!(n >= ctx.split_from);
                let Ok(moves) = ctx.candidates(&pos, n, beta, NO_MOVE) else {
                    continue;
                };
                let searched = |ctx: &Context<'_>, i: usize| {
                    ctx.table.probe(moves[i].step.next.key()).is_some()
                };
                let mut worker = Worker::new(ctx, 0, 0);
                let v = worker.test(&pos, n, beta);
                let refuter = moves.iter().position(|m| m.house == worker.root_best);
                if v < beta
                    || refuter.is_none_or(|j| j < 2)
                    || moves[1].upper < beta
                    || !searched(ctx, 0)
                    || !searched(ctx, 1)
                {
                    continue;
                }
                cases += 1;
                let marked = ExactSolver::new(rules, 12, None).with_threads(2);
                let ctx = marked.context();
                let busy = ctx.busy.as_ref().unwrap();
                busy.insert(moves[0].mark(beta));
                busy.insert(moves[1].mark(beta));
                let mut worker = Worker::new(ctx, 0, 0);
                let w = worker.test(&pos, n, beta);
                assert!(w >= beta, "{pos:?} beta {beta}: {w}");
                assert_eq!(worker.root_best, moves[refuter.unwrap()].house, "{pos:?}");
                assert!(searched(ctx, 0), "{pos:?} beta {beta}: the first move");
                assert!(!searched(ctx, 1), "{pos:?} beta {beta}: the busy move");
            }
            if cases >= 10 {
                break;
            }
        }
        assert!(cases >= 10, "{cases}");
    }
}
