//! The engine on several threads: a shared lock-free table, and the moves of each node split
//! among the threads (simplified ABDADA).

use crate::adversarial::{GameOutcome, GameStats};
use crate::busy::BusySet;
use crate::engine::{Stop, Worker};
use crate::game::{EngineGame, INFINITY};
use crate::table::{Entry, SharedTable, Table};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// The engine searching with several threads, which share one [`SharedTable`] and split the
/// moves of each node among themselves (simplified ABDADA, after Tom Kerrigan).
///
/// Every thread runs the engine's iterative deepening on the whole tree. At a node with at
/// least 3 plies to go, a thread searches the first move in the engine's order whatever the
/// others do; each later move whose position another thread is searching at the same
/// depth is put off to the end, and the others are marked as being searched while this thread
/// searches them. So two threads walking the same node take different moves, and by the time
/// one comes back to a move it put off, the other's result is usually in the table. The main
/// thread announces the depth it is on; a helper that finishes a depth first goes one ahead, and
/// abandons an iteration the main thread has passed. The first thread to complete the full
/// depth stops the others and gives the result.
///
/// Every thread still searches every move of a node (only the order changes), an entry cuts a
/// search only at its own remaining depth, and an abandoned search stores nothing; so whichever
/// thread completes the search returns the same value as the single-threaded
/// [`Engine`](crate::games::Engine) at the same depth, and a move achieving it (among moves of equal
/// value it may differ).
///
/// ```
/// use search_core::{games::alpha_beta, games::EngineGame, games::Game, games::MoveList, games::ParallelEngine, games::Player, games::Value};
/// /// Take 1, 2 or 3 from a pile; taking the last one wins.
/// #[derive(Clone, Copy)]
/// struct Nim { pile: u8, max_to_move: bool }
/// impl Game for Nim {
///     type Move = u8;
///     fn to_move(&self) -> Player { if self.max_to_move { Player::Max } else { Player::Min } }
///     fn legal_moves(&self) -> MoveList<u8> { (1..=self.pile.min(3)).collect() }
///     fn play(&self, take: u8) -> Self { Nim { pile: self.pile - take, max_to_move: !self.max_to_move } }
///     fn is_terminal(&self) -> bool { self.pile == 0 }
///     fn evaluate(&self) -> Value { if self.max_to_move { -1 } else { 1 } }
/// }
/// impl EngineGame for Nim {
///     fn key(&self) -> u64 { u64::from(self.pile) << 1 | u64::from(self.max_to_move) }
/// }
/// let start = Nim { pile: 21, max_to_move: true };
/// let mut engine = ParallelEngine::new(16, 2);
/// let outcome = engine.search(&start, 8);
/// assert_eq!(outcome.value, alpha_beta(&start, Some(8)).value);
/// ```
#[derive(Debug)]
pub struct ParallelEngine {
    table: SharedTable,
    busy: BusySet,
    threads: usize,
    use_killers: bool,
    main_stats: GameStats,
}

impl ParallelEngine {
    /// An engine with a shared table of `2^table_bits` entries searching on `threads` threads
    /// (at least 1).
    #[must_use]
    pub fn new(table_bits: u32, threads: usize) -> Self {
        Self {
            table: SharedTable::new(table_bits),
            busy: BusySet::new(BUSY_BITS),
            threads: threads.max(1),
            use_killers: true,
            main_stats: GameStats::default(),
        }
    }

    /// The same engine with killer moves (the default) or not, as
    /// [`Engine::with_killers`](crate::games::Engine::with_killers).
    #[must_use]
    pub fn with_killers(mut self, on: bool) -> Self {
        self.use_killers = on;
        self
    }

    /// The number of threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The counters of the main thread alone in the last search (the critical path: with a
    /// core per thread, the search takes about as long as these nodes on one thread).
    #[must_use]
    pub fn main_thread_stats(&self) -> GameStats {
        self.main_stats
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Iterative deepening to `depth` plies on all threads: the value of
    /// [`Engine::search`](crate::games::Engine::search) at the same depth, and a move achieving it. The
    /// counters add up the nodes of every thread.
    pub fn search<G>(&mut self, game: &G, depth: u32) -> GameOutcome<G::Move>
    where
        G: EngineGame + Sync,
        G::Move: Send,
    {
        let signals = Signals::default();
        let (stop, main_depth) = (&signals.stop, &signals.main_depth);
        let table = ThreadTable {
            shared: &self.table,
            busy: (self.threads > 1).then_some(&self.busy),
        };
        let use_killers = self.use_killers;
        let main_stats = &mut self.main_stats;
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads)
                .map(|_| {
                    scope.spawn(move || {
                        let helper = Helper {
                            table,
                            use_killers,
                            stop,
                            main_depth,
                        };
                        helper.run(game, depth)
                    })
                })
                .collect();
            let main = main_search(table, use_killers, game, depth, (main_depth, stop));
            stop.store(true, Ordering::Relaxed);
            *main_stats = main.stats;
            let mut stats = main.stats;
            let mut first = main.outcome;
            for helper in helpers {
                let helper = helper.join().expect("a helper thread does not panic");
                stats.add(&helper.stats);
                first = first.or(helper.outcome);
            }
            let mut outcome =
                first.expect("the thread that stopped the others completed the search");
            outcome.stats = stats;
            outcome
        })
    }
}

/// The flags every thread reads at every node, alone in their cache line (no other data
/// written during the search shares it).
#[derive(Default)]
#[repr(align(64))]
struct Signals {
    /// Raised when a thread completes the full depth.
    stop: AtomicBool,
    /// The depth the main thread is on.
    main_depth: AtomicU32,
}

/// What one thread brings back: its counters, and its outcome at the full depth if it
/// completed that search before another thread did.
struct Finish<M> {
    stats: GameStats,
    outcome: Option<GameOutcome<M>>,
}

/// The main thread: the engine's iterative deepening over the shared table, announcing each
/// depth it starts in `main_depth`, until it completes the full depth (then it raises `stop`)
/// or `stop` is raised by a helper that completed it first.
fn main_search<G: EngineGame>(
    mut table: ThreadTable<'_>,
    use_killers: bool,
    game: &G,
    depth: u32,
    (main_depth, stop): (&AtomicU32, &AtomicBool),
) -> Finish<G::Move> {
    let mut killers = Vec::new();
    let mut stats = GameStats::default();
    for d in 0..=depth {
        main_depth.store(d, Ordering::Relaxed);
        let until = Stop {
            flag: Some(stop),
            ..Stop::NEVER
        };
        let mut worker = Worker::new(&mut table, &mut killers, until);
        worker.use_killers = use_killers;
        let outcome = worker.run(game, Some(d), (-INFINITY, INFINITY));
        stats.add(&worker.stats);
        let Some(outcome) = outcome else {
            break;
        };
        if d == depth || (d > 0 && game.is_terminal()) {
            stop.store(true, Ordering::Relaxed);
            return Finish {
                stats,
                outcome: Some(outcome),
            };
        }
    }
    Finish {
        stats,
        outcome: None,
    }
}

/// A helper thread's settings.
struct Helper<'a> {
    table: ThreadTable<'a>,
    use_killers: bool,
    stop: &'a AtomicBool,
    main_depth: &'a AtomicU32,
}

impl Helper<'_> {
    /// Searches the main thread's depth (one ahead after finishing first) until stopped or
    /// until it completes `max_depth` (then it stops the others).
    fn run<G: EngineGame>(&self, game: &G, max_depth: u32) -> Finish<G::Move> {
        let mut table = self.table;
        let mut killers = Vec::new();
        let mut stats = GameStats::default();
        let mut target = 1;
        while target <= max_depth && !self.stop.load(Ordering::Relaxed) {
            target = target.max(self.main_depth.load(Ordering::Relaxed));
            let stop = Stop {
                flag: Some(self.stop),
                outrun: Some((self.main_depth, target)),
                deadline: None,
            };
            let mut worker = Worker::new(&mut table, &mut killers, stop);
            worker.use_killers = self.use_killers;
            let done = worker.run(game, Some(target), (-INFINITY, INFINITY));
            stats.add(&worker.stats);
            if let Some(outcome) = done {
                if target == max_depth {
                    self.stop.store(true, Ordering::Relaxed);
                    return Finish {
                        stats,
                        outcome: Some(outcome),
                    };
                }
                target += 1;
            }
        }
        Finish {
            stats,
            outcome: None,
        }
    }
}

/// The slots of the marks of positions being searched (a few per thread and ply are live).
const BUSY_BITS: u32 = 14;

/// What one thread searches with: the shared table, and the marks of the positions being
/// searched (`None` on one thread).
#[derive(Clone, Copy)]
struct ThreadTable<'a> {
    shared: &'a SharedTable,
    busy: Option<&'a BusySet>,
}

impl Table for ThreadTable<'_> {
    fn probe(&self, key: u64) -> Option<Entry> {
        self.shared.probe(key)
    }
    fn store(&mut self, key: u64, entry: Entry) {
        self.shared.store(key, entry);
    }
    fn busy(&self) -> Option<&BusySet> {
        self.busy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::busy::busy_mark;
    use crate::engine::SPLIT_DEPTH;
    use crate::game::{Game, MoveList, Player, Value};
    use crate::games::{Engine, alpha_beta};
    use crate::hash::mix64;
    use std::cell::RefCell;

    thread_local! {
        /// The root moves whose positions were searched, in order (this thread's searches only;
        /// a search again with a wider window counts once).
        static ROOT_PLAYS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }

    /// A uniform tree: three moves per position for six plies, pseudo-random leaf values; a
    /// position is its path (base-4 digits, so every path has its own key).
    #[derive(Clone, Copy)]
    struct Walk {
        path: u64,
        ply: u32,
    }

    impl Game for Walk {
        type Move = u8;
        fn to_move(&self) -> Player {
            Player::alternating(self.ply)
        }
        fn legal_moves(&self) -> MoveList<u8> {
            if self.ply == 1 {
                let mv = (self.path - 1) as u8;
                ROOT_PLAYS.with(|plays| {
                    let mut plays = plays.borrow_mut();
                    if plays.last() != Some(&mv) {
                        plays.push(mv);
                    }
                });
            }
            if self.ply < 6 {
                (0..3).collect()
            } else {
                MoveList::new()
            }
        }
        fn play(&self, mv: u8) -> Self {
            Walk {
                path: self.path * 4 + u64::from(mv) + 1,
                ply: self.ply + 1,
            }
        }
        fn evaluate(&self) -> Value {
            (mix64(self.path) % 21) as Value - 10
        }
    }

    impl EngineGame for Walk {
        fn key(&self) -> u64 {
            self.path
        }
    }

    const ROOT: Walk = Walk { path: 0, ply: 0 };

    /// The root moves searched, in order, by one search of `depth` with these busy marks.
    fn root_order(busy: &BusySet, depth: u32) -> (Vec<u8>, Value) {
        let shared = SharedTable::new(10);
        let mut table = ThreadTable {
            shared: &shared,
            busy: Some(busy),
        };
        let mut killers = Vec::new();
        let mut worker = Worker::new(&mut table, &mut killers, Stop::NEVER);
        ROOT_PLAYS.with(|plays| plays.borrow_mut().clear());
        let outcome = worker.run(&ROOT, Some(depth), (-INFINITY, INFINITY));
        let value = outcome.expect("no stop").value;
        (ROOT_PLAYS.with(|plays| plays.take()), value)
    }

    #[test]
    fn a_move_another_thread_is_searching_is_put_off() {
        let depth = SPLIT_DEPTH;
        let busy = BusySet::new(BUSY_BITS);
        let expected = alpha_beta(&ROOT, Some(depth)).value;
        assert_eq!(root_order(&busy, depth), (vec![0, 1, 2], expected));
        // Another thread is searching the second move's position at the same depth.
        let mark = busy_mark(ROOT.play(1).key(), depth - 1);
        busy.insert(mark);
        assert_eq!(root_order(&busy, depth), (vec![0, 2, 1], expected));
        assert!(busy.contains(mark), "the other thread's mark stays");
        // The first move is never put off, and a mark at another depth is another search.
        busy.remove(mark);
        busy.insert(busy_mark(ROOT.play(0).key(), depth - 1));
        busy.insert(busy_mark(ROOT.play(2).key(), depth));
        assert_eq!(root_order(&busy, depth), (vec![0, 1, 2], expected));
    }

    #[test]
    fn below_the_split_depth_nothing_is_put_off() {
        let depth = SPLIT_DEPTH - 1;
        let busy = BusySet::new(BUSY_BITS);
        busy.insert(busy_mark(ROOT.play(1).key(), depth - 1));
        assert_eq!(
            root_order(&busy, depth),
            (vec![0, 1, 2], alpha_beta(&ROOT, Some(depth)).value)
        );
    }

    #[test]
    fn a_helper_alone_deepens_to_the_full_depth_and_stops_the_others() {
        // With the main thread still at depth 0, a helper searches depths 1, 2, ... itself: the
        // engine's iterations after depth 0 (one shared table, no marks), then raises the stop.
        let shared = SharedTable::new(12);
        let signals = Signals::default();
        let helper = Helper {
            table: ThreadTable {
                shared: &shared,
                busy: None,
            },
            use_killers: true,
            stop: &signals.stop,
            main_depth: &signals.main_depth,
        };
        let found = helper.run(&ROOT, 4);
        let mut engine = Engine::new(12);
        let mut expected = engine.search(&ROOT, 4);
        let depth0 = Engine::<u8>::new(12).search_once(&ROOT, Some(0)).stats;
        expected.stats.nodes -= depth0.nodes;
        expected.stats.leaves -= depth0.leaves;
        let outcome = found.outcome.expect("the helper completed depth 4");
        assert_eq!(
            (outcome.value, outcome.best_move),
            (expected.value, expected.best_move)
        );
        assert_eq!(found.stats, expected.stats);
        assert!(signals.stop.load(Ordering::Relaxed));
        // Once stopped, a helper starts nothing.
        let idle = helper.run(&ROOT, 4);
        assert!(idle.outcome.is_none());
        assert_eq!(idle.stats, GameStats::default());
    }

    #[test]
    fn one_thread_puts_nothing_off() {
        // One thread marks nothing and reads no marks: a mark left in its set (as another
        // thread's would be) changes nothing, and it searches in the engine's order.
        let plays = |search: &mut dyn FnMut()| {
            ROOT_PLAYS.with(|p| p.borrow_mut().clear());
            search();
            ROOT_PLAYS.with(|p| p.take())
        };
        let depth = SPLIT_DEPTH;
        let engine = plays(&mut || {
            Engine::new(10).with_killers(false).search(&ROOT, depth);
        });
        for mv in 0..3 {
            let mut parallel = ParallelEngine::new(10, 1).with_killers(false);
            parallel
                .busy
                .insert(busy_mark(ROOT.play(mv).key(), depth - 1));
            let ours = plays(&mut || {
                parallel.search(&ROOT, depth);
            });
            assert_eq!(ours, engine, "a mark on move {mv}");
        }
    }

    #[test]
    fn the_main_thread_gives_up_once_a_helper_has_finished() {
        let shared = SharedTable::new(10);
        let table = ThreadTable {
            shared: &shared,
            busy: None,
        };
        let signals = Signals::default();
        // Not stopped: it deepens to the full depth, announcing each depth, and stops the others.
        let done = main_search(table, true, &ROOT, 3, (&signals.main_depth, &signals.stop));
        assert_eq!(
            done.outcome.map(|o| o.value),
            Some(alpha_beta(&ROOT, Some(3)).value)
        );
        assert_eq!(signals.main_depth.load(Ordering::Relaxed), 3);
        assert!(signals.stop.load(Ordering::Relaxed));
        // Stopped (a helper finished first): it gives up at its first position.
        let given_up = main_search(table, true, &ROOT, 3, (&signals.main_depth, &signals.stop));
        assert!(given_up.outcome.is_none());
        assert_eq!(given_up.stats.nodes, 1);
    }

    #[test]
    fn every_thread_count_gives_the_single_thread_value() {
        for threads in [1, 2, 4] {
            let mut parallel = ParallelEngine::new(12, threads);
            for depth in 0..=6 {
                parallel.clear();
                let single = Engine::new(12).search(&ROOT, depth);
                let outcome = parallel.search(&ROOT, depth);
                assert_eq!(
                    outcome.value, single.value,
                    "{threads} threads, depth {depth}"
                );
                if let Some(mv) = outcome.best_move {
                    let child = alpha_beta(&ROOT.play(mv), Some(depth - 1)).value;
                    assert_eq!(child, single.value, "{threads} threads, depth {depth}");
                }
            }
        }
    }
}
