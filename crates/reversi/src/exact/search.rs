//! The recursive part of the exact solver: fail-soft alpha-beta with principal-variation search
//! on the two disc masks of the side to move (`own`) and the other side (`opp`). Values are the
//! mover's final margin, the empty squares left at the end counted by the solver's [`Counting`].
//!
//! - More than [`SHALLOW`] empty squares: stability cut-offs, the transposition table (from
//!   [`TABLE_EMPTIES`] on), moves sorted fastest first (fewest replies for the opponent, corners
//!   counted twice), the table's move first. On 8x8 boards from [`EVAL_SORT_EMPTIES`] on, the
//!   pattern evaluation joins the key: of the position after the move, or of a shallow
//!   alpha-beta search below it, deeper the more empty squares are left (see [`sort_depth`]).
//! - Up to [`SHALLOW`]: no table and no move generation; each empty square is tried with its
//!   flips (none: not a move), squares in quadrants with an odd number of empty squares first;
//!   the stability cut-off from [`STABILITY_EMPTIES`] on, when alpha is high enough for it to
//!   pay ([`stability_threshold`]).
//! - One empty square: played out by counting flips.
//! - A selective search (the pre-search of [`Solver`](super::Solver) far from the end) also
//!   takes probable cut-offs (see [`Search::probable_cut`]); the bounds it stores are marked
//!   likely, and only selective searches cut on them.
//!
//! The recursion is at most twice the number of empty squares deep (passes included).

use super::Counting;
use super::table::{Entry, Table, position_key};
use crate::board::Board;
use crate::eval::{ONE_DISC, Padded, Sums, evaluate_masks, evaluate_sums};
use crate::rules;
use crate::search::Masks;
use crate::stability;
use search_core::games::Budget;
use search_core::games::{BusySet, busy_mark};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// At most this many empty squares: the parity-ordered search without table.
pub(super) const SHALLOW: u32 = 6;
/// From this many empty squares on, positions go through the transposition table.
pub(super) const TABLE_EMPTIES: u32 = 8;
/// Above this many empty squares, children are looked up in the table before any is searched
/// (enhanced transposition cut-offs). Closer to the end the lookups, one cache miss a child,
/// cost more than the positions they save (see docs/performance-history.md, session 27).
pub(super) const ETC_EMPTIES: u32 = 10;
/// From this many empty squares on, the stability cut-off is tried.
const STABILITY_EMPTIES: u32 = 5;

/// The least alpha from which the parity search (up to [`SHALLOW`] empty squares) tries the
/// stability cut-off, with `n` empty squares: 8 at 5, 10 at 6, as Edax's null-window table.
/// Below it the bound seldom cuts there, and computing it at every such node costs more than
/// the positions it saves (see docs/performance-history.md, session 27).
const fn stability_threshold(n: u32) -> i32 {
    2 * n as i32 - 2
}

/// The stability bound of a parity-search node with `n` empty squares when it is at most
/// `alpha`, tried only from [`STABILITY_EMPTIES`] and [`stability_threshold`] on.
#[inline]
fn shallow_stability<const N: usize>(own: u64, opp: u64, alpha: i32, n: u32) -> Option<i32> {
    if n < STABILITY_EMPTIES || alpha < stability_threshold(n) {
        return None;
    }
    stability::upper_bound_at_most::<N>(own, opp, alpha)
}

/// From this many empty squares on (8x8 only), moves are also sorted by the evaluation.
pub(super) const EVAL_SORT_EMPTIES: u32 = 14;
/// A selective search tries probable cut-offs from this many empty squares on.
const PROBCUT_EMPTIES: u32 = 10;
/// The depth of the evaluation search behind a probable cut-off.
const PROBCUT_DEPTH: u32 = 2;
/// How far (in discs) beyond the window that search must land for a probable cut-off. Only the
/// speed depends on it: chosen by the positions it saves on FForum problems (8, 16 and 20 saved
/// fewer).
const PROBCUT_MARGIN: i32 = 12;

/// Sorting by a shallow search does not tell apart children more than this many discs below
/// alpha (they all fail low).
const SORT_ALPHA_MARGIN: i32 = 8;

/// The depth of the evaluation search that sorts the moves of a node with `n` empty squares
/// (at least [`EVAL_SORT_EMPTIES`]): 0 (the child's evaluation) at 14, then one ply more every
/// three squares from 15 on, at most 6.
pub(super) fn sort_depth(n: u32) -> u32 {
    (n.saturating_sub(12) / 3).min(6)
}

/// What the threads of a parallel solve share besides the table.
#[derive(Clone, Copy)]
pub(super) struct Shared<'a> {
    /// The children some thread is searching now, put off by the others.
    pub(super) busy: &'a BusySet,
    /// Raised by the first thread to finish: the others stop.
    pub(super) done: &'a AtomicBool,
    /// From this many empty squares on, a thread puts off the moves (all but the first) whose
    /// child another thread is searching ([`SPLIT_EMPTIES`] in a solve).
    pub(super) split_from: u32,
}

/// From this many empty squares on, the threads of a solve put off the moves another thread is
/// searching, so that they share out the top of the tree. Further down, marking every child
/// busy costs more than sharing out saves (measured on FForum #40-#59 on two threads: see
/// docs/performance-history.md).
pub(super) const SPLIT_EMPTIES: u32 = 18;

/// The evaluations (in [`ONE_DISC`] units) below which and from which a probable cut-off
/// is taken in the window `(alpha, beta)`: an evaluation `v` rounded to discs,
/// `(v + ONE_DISC / 2).div_euclid(ONE_DISC)`, is at most `alpha - PROBCUT_MARGIN` exactly
/// when `v < low`, and at least `beta + PROBCUT_MARGIN` exactly when `v >= high`.
fn probcut_thresholds((alpha, beta): (i32, i32)) -> (i32, i32) {
    let low = (alpha - PROBCUT_MARGIN + 1) * ONE_DISC - ONE_DISC / 2;
    let high = (beta + PROBCUT_MARGIN) * ONE_DISC - ONE_DISC / 2;
    (low, high)
}

/// The state of one search, counting the final margins by `C`.
pub(super) struct Search<'a, const N: usize, C> {
    pub(super) table: &'a Table,
    /// Whether probable cut-offs are taken (and the stored bounds marked likely).
    selective: bool,
    shared: Option<Shared<'a>>,
    pub(super) nodes: u64,
    /// About this many positions at most.
    max_nodes: Option<u64>,
    /// The instant to stop by.
    deadline: Option<Instant>,
    /// The budget's stop flag, raised by someone else.
    stop: Option<&'static std::sync::atomic::AtomicBool>,
    next_check: u64,
    pub(super) stopped: bool,
    counting: PhantomData<C>,
}

/// A move to search: its ordering key (lower first), its bit, the discs it flips and the
/// opponent's moves after it ([`UNKNOWN`] when the ordering did not compute them).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Candidate {
    pub(super) key: i32,
    pub(super) bit: u64,
    pub(super) flipped: u64,
    pub(super) replies: u64,
}

/// In place of a move mask: not computed (no position has a move on every square).
pub(super) const UNKNOWN: u64 = u64::MAX;

/// The final margin of a finished game for the side owning `own`, under the counting `C`.
#[inline]
pub(super) fn final_score<const N: usize, C: Counting>(own: u64, opp: u64) -> i32 {
    let (o, p) = (own.count_ones() as i32, opp.count_ones() as i32);
    C::margin(o, p, (N * N) as i32 - o - p)
}

/// The mover's final margin with one empty square `bit` left: whoever can place there does (the
/// mover first) and the game ends. On 8x8 the flips are only counted (every square but `bit`
/// is someone's: [`rules::last_flip_count`]).
#[inline]
fn last_square<const N: usize, C: Counting>(own: u64, opp: u64, bit: u64) -> i32 {
    let (o, p) = (own.count_ones() as i32, opp.count_ones() as i32);
    if N == 8 {
        let flipped = rules::last_flip_count(own, bit) as i32;
        if flipped != 0 {
            return o - p + 2 * flipped + 1;
        }
        let flipped = rules::last_flip_count(opp, bit) as i32;
        if flipped != 0 {
            return o - p - 2 * flipped - 1;
        }
        return C::margin(o, p, 1);
    }
    let flipped = rules::flips(own, opp, bit);
    if flipped != 0 {
        return o - p + 2 * flipped.count_ones() as i32 + 1;
    }
    let flipped = rules::flips(opp, own, bit);
    if flipped != 0 {
        return o - p - 2 * flipped.count_ones() as i32 - 1;
    }
    C::margin(o, p, 1)
}

/// The number of `empties` next to a disc of `discs` (where the other side may one day move).
#[inline]
fn potential_mobility<const N: usize>(discs: u64, empties: u64) -> u32 {
    const NOT_FIRST_COL: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_LAST_COL: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let sideways = ((discs << 1) & NOT_FIRST_COL) | ((discs >> 1) & NOT_LAST_COL);
    let around = sideways | discs;
    let near = sideways | (around << 8) | (around >> 8);
    (near & empties).count_ones()
}

/// The squares of the quadrants holding an odd number of the `empties` (one population count
/// per quadrant, no walk over the squares).
#[inline]
fn odd_quadrants<const N: usize>(empties: u64) -> u64 {
    let q = Masks::<N>::QUADRANTS;
    let pick = |i: usize| q[i] & 0u64.wrapping_sub(u64::from((empties & q[i]).count_ones() & 1));
    pick(0) | pick(1) | pick(2) | pick(3)
}

/// The quadrant of each square of an `N`x`N` board.
struct Quadrants<const N: usize>;

impl<const N: usize> Quadrants<N> {
    /// `OF[square]`: the squares of its quadrant (0 off the board).
    const OF: [u64; 64] = {
        let q = Masks::<N>::QUADRANTS;
        let mut out = [0; 64];
        let mut square = 0;
        while square < 64 {
            let mut i = 0;
            while i < 4 {
                if q[i] >> square & 1 != 0 {
                    out[square] = q[i];
                }
                i += 1;
            }
            square += 1;
        }
        out
    };
}

impl<'a, const N: usize, C: Counting> Search<'a, N, C> {
    /// A search with `table` under `budget` (its node count, its time or deadline and its stop
    /// flag; all are checked every 4096 positions, so a search may go a little past them before
    /// it stops, and its result is then thrown away), one of a parallel solve's threads when
    /// `shared` (it stops too when another thread is done); `selective`: taking probable
    /// cut-offs.
    pub(super) fn new(
        table: &'a Table,
        budget: Budget,
        shared: Option<Shared<'a>>,
        selective: bool,
    ) -> Self {
        Self {
            table,
            selective,
            shared,
            nodes: 0,
            max_nodes: budget.nodes,
            deadline: budget.stop_at(Instant::now()),
            stop: budget.stop,
            next_check: 4096,
            stopped: false,
            counting: PhantomData,
        }
    }

    /// Whether the budget is spent (then `stopped` stays set).
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 4096;
            let nodes_spent = self.max_nodes.is_some_and(|max| self.nodes > max);
            let time_spent = self.deadline.is_some_and(|t| Instant::now() >= t);
            let raised =
                |flag: Option<&AtomicBool>| flag.is_some_and(|f| f.load(Ordering::Relaxed));
            let flagged = raised(self.stop) || raised(self.shared.map(|s| s.done));
            self.stopped = nodes_spent || time_spent || flagged;
        }
        self.stopped
    }

    /// The exact value of the position, fail-soft in `(alpha, beta)`.
    pub(super) fn search(&mut self, own: u64, opp: u64, alpha: i32, beta: i32) -> i32 {
        self.search_with(own, opp, (alpha, beta), UNKNOWN)
    }

    /// [`search`](Self::search) knowing the mover's `moves` (or [`UNKNOWN`]).
    fn search_with(&mut self, own: u64, opp: u64, (alpha, beta): (i32, i32), moves: u64) -> i32 {
        let empties = Board::<N>::MASK & !(own | opp);
        match empties.count_ones() {
            0 => {
                self.nodes += 1;
                final_score::<N, C>(own, opp)
            }
            1 => {
                self.nodes += 1;
                last_square::<N, C>(own, opp, empties)
            }
            n if n <= SHALLOW => {
                let parity = (empties, odd_quadrants::<N>(empties));
                self.shallow(own, opp, alpha, beta, parity)
            }
            n => self.deep(own, opp, (alpha, beta), n, moves),
        }
    }

    /// The search for a few empty squares (at least 2; two go to [`last_two`](Self::last_two)):
    /// parity order, no table.
    fn shallow(
        &mut self,
        own: u64,
        opp: u64,
        mut alpha: i32,
        beta: i32,
        (empties, odd): (u64, u64),
    ) -> i32 {
        if empties.count_ones() == 2 {
            return self.last_two(own, opp, (alpha, beta), empties);
        }
        self.nodes += 1;
        if let Some(bound) = shallow_stability::<N>(own, opp, alpha, empties.count_ones()) {
            return bound;
        }
        let three = empties.count_ones() == 3;
        let mut best = i32::MIN;
        // The squares of odd quadrants, then the others.
        let (mut rest, mut later) = (empties & odd, empties & !odd);
        loop {
            if rest == 0 {
                if later == 0 {
                    break;
                }
                (rest, later) = (later, 0);
            }
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let flipped = rules::flips(own, opp, bit);
            if flipped == 0 {
                continue;
            }
            let (o, p) = (opp & !flipped, own | flipped | bit);
            let left = empties ^ bit;
            let value = if three {
                -self.last_two(o, p, (-beta, -alpha), left)
            } else {
                let parity = (
                    left,
                    odd ^ Quadrants::<N>::OF[bit.trailing_zeros() as usize & 63],
                );
                -self.shallow(o, p, -beta, -alpha, parity)
            };
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        return value;
                    }
                }
            }
        }
        if best != i32::MIN {
            return best;
        }
        self.pass_or_end(own, opp, (alpha, beta), (empties, odd))
    }

    /// [`shallow`](Self::shallow) with exactly two empty squares, without its loop: the lower
    /// square first (the order parity gives two squares, in one quadrant or in two), each
    /// child's last square counted, a pass when the mover has neither.
    fn last_two(&mut self, own: u64, opp: u64, (alpha, beta): (i32, i32), empties: u64) -> i32 {
        self.nodes += 1;
        let first = empties & empties.wrapping_neg();
        let second = empties ^ first;
        let mut best = i32::MIN;
        let flipped = rules::flips(own, opp, first);
        if flipped != 0 {
            self.nodes += 1;
            best = -last_square::<N, C>(opp & !flipped, own | flipped | first, second);
            if best >= beta {
                return best;
            }
        }
        let flipped = rules::flips(own, opp, second);
        if flipped != 0 {
            self.nodes += 1;
            let value = -last_square::<N, C>(opp & !flipped, own | flipped | second, first);
            return best.max(value);
        }
        if best != i32::MIN {
            return best;
        }
        if rules::flips(opp, own, first) != 0 || rules::flips(opp, own, second) != 0 {
            return -self.last_two(opp, own, (-beta, -alpha), empties);
        }
        final_score::<N, C>(own, opp)
    }

    /// No placement for the mover among `empties`: pass when the opponent has one, otherwise
    /// the game is over.
    fn pass_or_end(
        &mut self,
        own: u64,
        opp: u64,
        (alpha, beta): (i32, i32),
        (empties, odd): (u64, u64),
    ) -> i32 {
        let mut rest = empties;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            if rules::flips(opp, own, bit) != 0 {
                return -self.shallow(opp, own, -beta, -alpha, (empties, odd));
            }
        }
        final_score::<N, C>(own, opp)
    }

    /// The search for many empty squares (`known`: the mover's moves, or [`UNKNOWN`]):
    /// stability, table, sorted moves, PVS.
    fn deep(
        &mut self,
        own: u64,
        opp: u64,
        (mut alpha, beta): (i32, i32),
        n: u32,
        known: u64,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return alpha;
        }
        if let Some(bound) = stability::upper_bound_at_most::<N>(own, opp, alpha) {
            return bound;
        }
        let mut hint = 64;
        if n >= TABLE_EMPTIES
            && let Some(entry) = self.table.probe(own, opp)
        {
            hint = entry.best;
            if self.trusts(entry) {
                let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
            }
        }
        if self.selective
            && let Some(cut) = self.probable_cut(own, opp, (alpha, beta), n)
        {
            return cut;
        }
        let moves = if known == UNKNOWN {
            rules::moves(own, opp, Board::<N>::MASK)
        } else {
            known
        };
        if moves == 0 {
            let theirs = rules::moves(opp, own, Board::<N>::MASK);
            if theirs == 0 {
                return final_score::<N, C>(own, opp);
            }
            return -self.deep(opp, own, (-beta, -alpha), n, theirs);
        }
        let (best, best_bit) = self.search_moves(own, opp, (alpha, beta), moves, hint);
        if n >= TABLE_EMPTIES && !self.stopped {
            self.store(own, opp, n, (alpha, beta), best, best_bit);
        }
        best
    }

    /// Searches the `moves` (at least one) in `(alpha, beta)`: the value and the best move's
    /// bit (0 after an enhanced transposition cut-off). The table's move (`hint`, when one of
    /// `moves`) first, before the others are keyed: it often cuts off alone, and then no
    /// ordering work is spent.
    fn search_moves(
        &mut self,
        own: u64,
        opp: u64,
        (mut alpha, beta): (i32, i32),
        mut moves: u64,
        hint: u8,
    ) -> (i32, u64) {
        let mut list = [Candidate::default(); 32];
        let mut start = (i32::MIN, 0);
        let hint_bit = 1u64.checked_shl(u32::from(hint)).unwrap_or(0) & moves;
        if hint_bit != 0 {
            let flipped = rules::flips(own, opp, hint_bit);
            list[0] = Candidate {
                key: i32::MIN,
                bit: hint_bit,
                flipped,
                replies: UNKNOWN,
            };
            start = self.pvs_moves((own, opp), (alpha, beta), &mut list[..1], start, false);
            if start.0 >= beta || self.stopped {
                return start;
            }
            alpha = alpha.max(start.0);
            moves ^= hint_bit;
        }
        let count = self.order(own, opp, moves, 64, alpha, &mut list);
        let n = (Board::<N>::MASK & !(own | opp)).count_ones();
        if n > ETC_EMPTIES
            && let Some(value) = self.etc(own, opp, beta, &list[..count])
        {
            return (value, 0);
        }
        self.pvs_moves((own, opp), (alpha, beta), &mut list[..count], start, false)
    }

    /// Whether this search may cut on `entry`'s bounds: exact ones always, likely ones only in a
    /// selective search.
    fn trusts(&self, entry: Entry) -> bool {
        !entry.selective || self.selective
    }

    /// A probable cut-off (8x8, from [`PROBCUT_EMPTIES`] on): when a shallow evaluation search
    /// lands [`PROBCUT_MARGIN`] discs or more beyond the window (its value rounded to discs),
    /// the exact value most likely is beyond it too, and the window's bound is returned. Only
    /// the side of two thresholds matters, so the evaluation search runs in the window between
    /// them (fail-soft: a value outside is on the right side of it).
    fn probable_cut(
        &mut self,
        own: u64,
        opp: u64,
        (alpha, beta): (i32, i32),
        n: u32,
    ) -> Option<i32> {
        if N != 8 || n < PROBCUT_EMPTIES {
            return None;
        }
        let (low, high) = probcut_thresholds((alpha, beta));
        let window = (low - 1, high);
        let value = eval_search(
            Padded::builtin(),
            (own, opp),
            PROBCUT_DEPTH,
            window,
            &mut self.nodes,
        );
        if value >= high {
            Some(beta)
        } else if value < low {
            Some(alpha)
        } else {
            None
        }
    }

    /// Enhanced transposition cut-off: a child whose stored upper bound already proves the
    /// position reaches `beta`.
    fn etc(&self, own: u64, opp: u64, beta: i32, list: &[Candidate]) -> Option<i32> {
        list.iter().find_map(|c| {
            let (o, p) = (opp & !c.flipped, own | c.flipped | c.bit);
            let entry = self.table.probe(o, p).filter(|&e| self.trusts(e))?;
            let value = -i32::from(entry.upper);
            (value >= beta).then_some(value)
        })
    }

    /// Records the fail-soft `value` of a search in `window` in the table.
    pub(super) fn store(
        &mut self,
        own: u64,
        opp: u64,
        n: u32,
        window: (i32, i32),
        value: i32,
        bit: u64,
    ) {
        let squares = (N * N) as i32;
        let lower = if value > window.0 { value } else { -squares };
        let upper = if value < window.1 { value } else { squares };
        let best = if bit == 0 {
            64
        } else {
            bit.trailing_zeros() as u8
        };
        let bounds = ((lower, upper), self.selective);
        self.table.store(own, opp, n, bounds, best);
    }

    /// Searches `list` (sorted as it goes) with PVS in `(alpha, beta)` after the moves whose
    /// best value and move are `start` (`(i32::MIN, 0)`: none, `alpha` already raised to it
    /// otherwise): the value and the best move's bit. In a parallel search far from the end,
    /// the moves after the first (from the first on if `share_first`) whose child another
    /// thread is searching are put off to a second pass (simplified ABDADA).
    pub(super) fn pvs_moves(
        &mut self,
        (own, opp): (u64, u64),
        (mut alpha, beta): (i32, i32),
        list: &mut [Candidate],
        start: (i32, u64),
        share_first: bool,
    ) -> (i32, u64) {
        let split = self
            .shared
            .filter(|s| (Board::<N>::MASK & !(own | opp)).count_ones() >= s.split_from);
        let (mut best, mut best_bit) = start;
        let mut put_off = 0u32;
        for pass in 0..2 {
            for i in 0..list.len() {
                let Candidate {
                    bit,
                    flipped,
                    replies,
                    ..
                } = if pass == 0 {
                    select(list, i)
                } else if put_off & (1 << i) != 0 {
                    list[i]
                } else {
                    continue;
                };
                let child = (opp & !flipped, own | flipped | bit);
                let mark = split.map(|s| {
                    (
                        s.busy,
                        busy_mark(position_key(child.0, child.1), beta as u32),
                    )
                });
                let searched = best != i32::MIN;
                let may_wait = searched || share_first;
                if pass == 0 && may_wait && mark.is_some_and(|(busy, m)| busy.contains(m)) {
                    put_off |= 1 << i;
                    continue;
                }
                mark.inspect(|(busy, m)| busy.insert(*m));
                let value = self.child_value(child, replies, best == i32::MIN, (alpha, beta));
                mark.inspect(|(busy, m)| busy.remove(*m));
                if self.stopped {
                    return (alpha, best_bit);
                }
                if value > best {
                    (best, best_bit) = (value, bit);
                    alpha = alpha.max(value);
                    if value >= beta {
                        return (best, best_bit);
                    }
                }
            }
            if put_off == 0 {
                break;
            }
        }
        (best, best_bit)
    }

    /// The value of the mover's move to `child` in `(alpha, beta)`: a full window for the
    /// `first` move searched, otherwise a null window first and a re-search if it lands inside.
    fn child_value(
        &mut self,
        (o, p): (u64, u64),
        replies: u64,
        first: bool,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        if first || beta - alpha == 1 {
            return -self.search_with(o, p, (-beta, -alpha), replies);
        }
        let probe = -self.search_with(o, p, (-alpha - 1, -alpha), replies);
        if probe > alpha && probe < beta {
            -self.search_with(o, p, (-beta, -probe), replies)
        } else {
            probe
        }
    }

    /// Fills `list` with the moves of `moves`, keyed fastest first (with the evaluation far from
    /// the end, children more than [`SORT_ALPHA_MARGIN`] discs below `alpha` not told apart);
    /// returns their number. The positions the evaluation searches visit count as nodes.
    pub(super) fn order(
        &mut self,
        own: u64,
        opp: u64,
        moves: u64,
        hint: u8,
        alpha: i32,
        list: &mut [Candidate; 32],
    ) -> usize {
        let corners = Masks::<N>::RANKS[0];
        let n = (Board::<N>::MASK & !(own | opp)).count_ones();
        let mut sorter =
            (N == 8 && n >= EVAL_SORT_EMPTIES).then(|| EvalSort::new((own, opp), n, alpha));
        let mut count = 0;
        let mut rest = moves;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let flipped = rules::flips_apart(own, opp, bit);
            let mut replies = UNKNOWN;
            let key = if bit.trailing_zeros() == u32::from(hint) {
                i32::MIN
            } else {
                let (o, p) = (opp & !flipped, own | flipped | bit);
                if n > TABLE_EMPTIES {
                    self.table.prefetch(o, p);
                }
                replies = rules::moves(o, p, Board::<N>::MASK);
                let mobility = (replies.count_ones() + (replies & corners).count_ones()) as i32;
                let potential = potential_mobility::<N>(p, !(o | p) & Board::<N>::MASK) as i32;
                let corners_held = (p & corners).count_ones() as i32;
                let key = mobility * 16 + potential - corners_held * 16;
                match &mut sorter {
                    Some(sorter) => key + sorter.key((o, p), (bit, flipped), &mut self.nodes),
                    None => key,
                }
            };
            list[count] = Candidate {
                key,
                bit,
                flipped,
                replies,
            };
            count += 1;
        }
        count
    }
}

/// Moves the least-keyed candidate of `list[i..]` to `i` (a selection sort step: most nodes cut
/// off after the first move or two) and returns it.
fn select(list: &mut [Candidate], i: usize) -> Candidate {
    let mut k = i;
    for j in i + 1..list.len() {
        if list[j].key < list[k].key {
            k = j;
        }
    }
    list.swap(i, k);
    list[i]
}

/// The evaluation's part of the sort key of a node's moves (8x8 boards only).
struct EvalSort {
    weights: &'static Padded,
    depth: u32,
    /// The child's values at or above this are its opponent's fail-low: not told apart.
    ceiling: i32,
    /// Evaluation units per key unit: a reply is 16 key units, worth 4 discs of the child's
    /// evaluation, 2 discs of a searched value.
    per_key: i32,
    /// The patterns' indices of the node, read once, and of the child keyed last.
    sums: Sums,
    child: Sums,
}

impl EvalSort {
    fn new((own, opp): (u64, u64), n: u32, alpha: i32) -> Self {
        let depth = sort_depth(n);
        let sums = Sums::read(own, opp);
        Self {
            weights: Padded::builtin(),
            depth,
            ceiling: (SORT_ALPHA_MARGIN - alpha) * ONE_DISC,
            per_key: if depth == 0 { 16 } else { 8 },
            sums,
            child: sums,
        }
    }

    /// The key of the child `(own, opp)` (the opponent to move), reached by the move `bit`
    /// flipping `flipped`: its value for the opponent.
    fn key(&mut self, (own, opp): (u64, u64), (bit, flipped): (u64, u64), nodes: &mut u64) -> i32 {
        self.sums.after(bit, flipped, &mut self.child);
        let value = eval_search_from(
            self.weights,
            (own, opp),
            &self.child,
            self.depth,
            (-EVAL_INFINITY, self.ceiling),
            nodes,
        );
        value / self.per_key
    }
}

/// Above any evaluation.
const EVAL_INFINITY: i32 = 1 << 20;

/// The fail-soft alpha-beta value of `(own, opp)` (8x8) for the mover, `depth` plies deep with
/// the evaluation at the leaves (in [`ONE_DISC`] units), counting the positions it visits.
/// Recursion: `depth` deep, at most 6 from [`sort_depth`].
fn eval_search(
    weights: &Padded,
    (own, opp): (u64, u64),
    depth: u32,
    window: (i32, i32),
    nodes: &mut u64,
) -> i32 {
    if depth == 0 {
        *nodes += 1;
        return evaluate_masks(weights.weights, own, opp);
    }
    let sums = Sums::read(own, opp);
    eval_search_from(weights, (own, opp), &sums, depth, window, nodes)
}

/// [`eval_search`] with the patterns' indices of the position (`sums`) known: each child's are
/// the position's updated by the move ([`Sums::after`]), not read again from the board.
/// Recursion: `depth` deep.
fn eval_search_from(
    weights: &Padded,
    (own, opp): (u64, u64),
    sums: &Sums,
    depth: u32,
    (mut alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if depth == 0 {
        return evaluate_sums(weights, own, opp, sums);
    }
    let moves = rules::moves(own, opp, u64::MAX);
    if moves == 0 {
        if rules::moves(opp, own, u64::MAX) == 0 {
            return evaluate_sums(weights, own, opp, sums);
        }
        let passed = sums.swapped();
        return -eval_search_from(
            weights,
            (opp, own),
            &passed,
            depth - 1,
            (-beta, -alpha),
            nodes,
        );
    }
    let mut best = -EVAL_INFINITY;
    let mut child_sums = *sums;
    'moves: for mut rest in by_square_class(moves) {
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            let flipped = rules::flips_apart(own, opp, bit);
            let child = (opp & !flipped, own | flipped | bit);
            sums.after(bit, flipped, &mut child_sums);
            let window = (-beta, -alpha);
            let value = -eval_search_from(weights, child, &child_sums, depth - 1, window, nodes);
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break 'moves;
                    }
                }
            }
        }
    }
    best
}

/// The order in which the evaluation searches try `moves` (8x8), by the square ranks of the
/// COL106 search's static order: the corners, then the squares that give no corner away (the
/// other edge squares and the inner ones together), then the edge squares next to a corner,
/// then those diagonally next to one (the moves of a class lowest square first): cheaper than
/// sorting, and it cuts off sooner than the board's order (figures in
/// docs/performance-history.md).
fn by_square_class(moves: u64) -> [u64; 4] {
    let [corners, edges, inner, c_squares, x_squares] = Masks::<8>::RANKS;
    [
        moves & corners,
        moves & (edges | inner),
        moves & c_squares,
        moves & x_squares,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Weights;

    #[test]
    fn potential_mobility_counts_the_empty_squares_next_to_a_disc() {
        let mut next = crate::proptests::stream(11);
        for round in 0..3000 {
            // From sparse to dense discs, and empties among the other squares.
            let discs = match round % 3 {
                0 => next() & next() & next(),
                1 => next() & next(),
                _ => next(),
            };
            let empties = !discs & next();
            let plain = (0..64)
                .filter(|&s| empties >> s & 1 != 0 && crate::proptests::next_to(discs, s))
                .count() as u32;
            assert_eq!(
                potential_mobility::<8>(discs, empties),
                plain,
                "{discs:x} {empties:x}"
            );
        }
    }

    /// [`odd_quadrants`] on `N`x`N` boards against the empty squares counted per quadrant,
    /// square by square.
    fn check_odd_quadrants<const N: usize>(seed: u64) {
        let mut next = crate::proptests::stream(seed);
        let half = N / 2;
        let quadrant = |s: usize| (s / 8 / half) * 2 + s % 8 / half;
        let on_board = |s: usize| s / 8 < N && s % 8 < N;
        for round in 0..2000 {
            let empties = Board::<N>::MASK
                & match round % 3 {
                    0 => next() & next(),
                    1 => next(),
                    _ => next() | next(),
                };
            let mut count = [0; 4];
            for s in (0..64).filter(|&s| empties >> s & 1 != 0) {
                count[quadrant(s)] += 1;
            }
            let plain = (0..64)
                .filter(|&s| on_board(s) && count[quadrant(s)] % 2 == 1)
                .fold(0u64, |acc, s| acc | 1 << s);
            assert_eq!(odd_quadrants::<N>(empties), plain, "{N}: {empties:x}");
        }
    }

    /// [`Quadrants::OF`]: the quadrant holding each square of the board, nothing off it.
    fn check_quadrant_of<const N: usize>() {
        for s in 0..64 {
            let (r, c) = (s / 8, s % 8);
            let expected = if r < N && c < N {
                let q = (r / (N / 2)) * 2 + c / (N / 2);
                Masks::<N>::QUADRANTS[q]
            } else {
                0
            };
            assert_eq!(Quadrants::<N>::OF[s], expected, "{N}: {s}");
        }
    }

    #[test]
    fn odd_quadrants_are_the_quadrants_with_an_odd_number_of_empty_squares() {
        check_quadrant_of::<4>();
        check_quadrant_of::<6>();
        check_quadrant_of::<8>();
        check_odd_quadrants::<4>(1);
        check_odd_quadrants::<6>(2);
        check_odd_quadrants::<8>(3);
    }

    /// The thresholds decide as the evaluation rounded to discs against the window widened by
    /// the margin, for every value near them.
    #[test]
    fn probcut_thresholds_are_the_rounded_rule() {
        for alpha in -66..=64 {
            for beta in [alpha + 1, alpha + 2, alpha + 7] {
                let (low, high) = probcut_thresholds((alpha, beta));
                assert!(low <= high);
                let near = |t: i32| (t - 2 * ONE_DISC)..(t + 2 * ONE_DISC);
                for v in near(low).chain(near(high)) {
                    let discs = (v + ONE_DISC / 2).div_euclid(ONE_DISC);
                    assert_eq!(
                        discs - PROBCUT_MARGIN >= beta,
                        v >= high,
                        "{alpha} {beta} {v}"
                    );
                    assert_eq!(
                        discs + PROBCUT_MARGIN <= alpha,
                        v < low,
                        "{alpha} {beta} {v}"
                    );
                }
            }
        }
    }

    /// The schedule of the evaluation sort's depth: 0 at 14 empty squares, one ply more every
    /// three squares from 15 on, at most 6.
    #[test]
    fn sort_depth_follows_its_schedule() {
        let mut depth = 0;
        for n in 14..=64 {
            if n >= 15 && (n - 15) % 3 == 0 {
                depth = (depth + 1).min(6);
            }
            assert_eq!(sort_depth(n), depth, "{n} empty squares");
        }
    }

    use crate::exact::EmptiesToWinner;
    use crate::position::Position;
    use search_core::games::BusySet;

    type Exact<'a> = Search<'a, 8, EmptiesToWinner>;

    /// The mover's and the opponent's masks of `position`.
    fn masks<const M: usize>(position: &Position<M>) -> (u64, u64) {
        let side = position.to_move();
        let board = position.board();
        (board.mask(side), board.mask(side.opponent()))
    }

    /// "Checked every 4096 positions": a search goes past its budget until the next check, and
    /// each of the budget's limits (nodes, deadline, stop flag, another thread done) stops it
    /// there on its own.
    #[test]
    fn the_budget_is_checked_every_4096_positions() {
        let table = Table::new(4);
        let mut search = Exact::new(&table, Budget::nodes(4096), None, false);
        for (nodes, stopped) in [
            (1, false),
            (4095, false),
            (4096, false),
            (5000, false),
            (8191, false),
            (8192, true),
            (8193, true),
        ] {
            search.nodes = nodes;
            assert_eq!(search.out_of_budget(), stopped, "{nodes} positions");
        }
        static RAISED: AtomicBool = AtomicBool::new(true);
        let (busy, done) = (BusySet::new(4), AtomicBool::new(true));
        let shared = Shared {
            busy: &busy,
            done: &done,
            split_from: SPLIT_EMPTIES,
        };
        let past = Budget {
            deadline: Some(Instant::now()),
            ..Budget::default()
        };
        let stops = [
            (Budget::default(), None, false),
            (past, None, true),
            (Budget::default().with_stop(&RAISED), None, true),
            (Budget::default(), Some(shared), true),
        ];
        for (i, (budget, shared, stops)) in stops.into_iter().enumerate() {
            let mut search = Exact::new(&table, budget, shared, false);
            search.nodes = 4095;
            assert!(!search.out_of_budget(), "limit {i} before the check");
            search.nodes = 4096;
            assert_eq!(search.out_of_budget(), stops, "limit {i}");
        }
    }

    /// Every position a search enters counts once: a finished board, a last empty square, and
    /// a node cut off at once by the stability bound (alpha = 64: nothing is above it).
    #[test]
    fn each_position_entered_counts_once() {
        let table = Table::new(4);
        let opp = 0x00ff_00ff_00ff_00ff_u64 & !1;
        for (own, opp) in [(!opp, opp), (!opp & !1, opp)] {
            let mut search = Exact::new(&table, Budget::default(), None, false);
            search.search(own, opp, -65, 65);
            assert_eq!(search.nodes, 1, "{own:x} {opp:x}");
        }
        for empties in 2..=14 {
            for seed in 0..4 {
                let position = Position::<8>::random_line(seed, empties);
                let (own, opp) = masks(&position);
                if position.is_over() || (own | opp).count_ones() as usize != 64 - empties {
                    continue;
                }
                let mut search = Exact::new(&table, Budget::default(), None, false);
                let value = search.search(own, opp, 64, 65);
                assert!(value <= 64);
                let cut = empties >= STABILITY_EMPTIES as usize;
                assert_eq!(search.nodes == 1, cut, "{empties} empties: {own:x} {opp:x}");
            }
        }
    }

    /// In the parity search the stability bound is tried only from alpha 8 at 5 empty squares and
    /// 10 at 6 (Edax's thresholds): on a board whose bottom half is the opponent's (stable: the
    /// bound is 0) with a move left for the mover, a null window just below the threshold
    /// searches on, one at it stops at the root.
    #[test]
    fn the_parity_search_tries_stability_from_its_threshold() {
        let table = Table::new(4);
        assert_eq!((STABILITY_EMPTIES, SHALLOW), (5, 6));
        for (n, threshold) in [(5, 8), (6, 10)] {
            // Top row: n empty squares, then an opponent's disc the mover can take.
            let taken = 1u64 << n;
            let own = 0xffff_ff00 | (0xff & !((taken << 1) - 1));
            let opp = 0xffff_ffff_0000_0000 | taken;
            assert_eq!(stability::stable::<8>(opp, own).count_ones(), 32);
            for (alpha, cut) in [(threshold - 1, false), (threshold, true)] {
                let mut search = Exact::new(&table, Budget::default(), None, false);
                let value = search.search(own, opp, alpha, alpha + 1);
                assert_eq!(search.nodes == 1, cut, "{n} empties, alpha {alpha}");
                if cut {
                    assert_eq!(value, 0, "{n} empties: the stability bound");
                }
            }
        }
    }

    /// The mover's final margin under the counting `C` by plain negamax on the rules (moves
    /// and flips square by square, no window, no ordering).
    fn plain_value<C: Counting>(own: u64, opp: u64) -> i32 {
        let moves = plain_moves::<8>(own, opp);
        if moves == 0 {
            if plain_moves::<8>(opp, own) == 0 {
                return final_score::<8, C>(own, opp);
            }
            return -plain_value::<C>(opp, own);
        }
        (0..64)
            .map(|i| 1u64 << i)
            .filter(|bit| moves & bit != 0)
            .map(|bit| {
                let flipped = rules::flips_by_walking(own, opp, bit);
                -plain_value::<C>(opp & !flipped, own | flipped | bit)
            })
            .max()
            .expect("a move")
    }

    /// One to [`SHALLOW`] empty squares (the counted last square, the dedicated code for two and
    /// three, the loop above), on random fillings with many passes and finished games, under
    /// both countings: exact inside every window, a bound on the right side outside, against
    /// plain negamax. 1,000 fillings of each size.
    #[test]
    fn the_last_squares_match_plain_negamax_in_every_window() {
        let mut next = crate::proptests::stream(21);
        let table = Table::new(4);
        for round in 0..1000 * SHALLOW {
            let empties = 1 + round % SHALLOW;
            let mut free = 0u64;
            while free.count_ones() < empties {
                free |= 1 << (next() % 64);
            }
            let own = next() & !free;
            let opp = !free & !own;
            if round / SHALLOW % 2 == 0 {
                check_windows::<EmptiesToWinner>(&table, own, opp);
            } else {
                check_windows::<crate::exact::DiscsOnly>(&table, own, opp);
            }
        }
    }

    /// The search of `(own, opp)` under the counting `C` in windows from null to 9 wide all
    /// along the range, against [`plain_value`].
    fn check_windows<C: Counting>(table: &Table, own: u64, opp: u64) {
        let exact = plain_value::<C>(own, opp);
        for alpha in (-65..=64).step_by(3) {
            for beta in [alpha + 1, alpha + 2, alpha + 9] {
                let mut search = Search::<8, C>::new(table, Budget::default(), None, false);
                let v = search.search(own, opp, alpha, beta);
                let sound = crate::exact::tests::fail_soft(v, exact, alpha, beta);
                assert!(sound, "{own:x} {opp:x} ({alpha}, {beta}): {v} vs {exact}");
            }
        }
    }

    /// The exact value of `(own, opp)` by a fresh search.
    fn exact_value(own: u64, opp: u64) -> i32 {
        let table = Table::new(12);
        Exact::new(&table, Budget::default(), None, false).search(own, opp, -65, 65)
    }

    /// From [`TABLE_EMPTIES`] on, a stored bound answers without a search when it settles the
    /// window (shown with a made-up value the search itself would not find); likely bounds
    /// only in a selective search.
    #[test]
    fn stored_bounds_cut_from_table_empties_on() {
        for seed in 0..6 {
            let empties = 8 + seed as usize;
            let position = Position::<8>::random_line(seed, empties);
            if position.is_over() {
                continue;
            }
            let (own, opp) = masks(&position);
            let n = (Board::<8>::MASK & !(own | opp)).count_ones();
            assert!(n >= TABLE_EMPTIES);
            let truth = exact_value(own, opp);
            let fake = if truth <= 0 { truth + 3 } else { truth - 3 };
            // (stored bounds, window, the stored value answers)
            let cases = [
                ((fake, fake), (-65, 65)),
                ((fake, fake), (fake - 1, fake + 1)),
                ((fake, 64), (fake - 2, fake - 1)),
                ((fake, 64), (fake - 1, fake)),
                ((-64, fake), (fake, fake + 1)),
                ((-64, fake), (fake + 1, fake + 2)),
            ];
            for (bounds, (alpha, beta)) in cases {
                if stability::upper_bound_at_most::<8>(own, opp, alpha).is_some() {
                    continue;
                }
                for selective in [false, true] {
                    for searcher_selective in [false, true] {
                        let table = Table::new(10);
                        table.store(own, opp, n, (bounds, selective), 64);
                        let mut search =
                            Exact::new(&table, Budget::default(), None, searcher_selective);
                        let value = search.search(own, opp, alpha, beta);
                        let trusted = !selective || searcher_selective;
                        let what = format!("{own:x} {opp:x} {bounds:?} ({alpha}, {beta})");
                        assert_eq!(search.nodes == 1, trusted, "{what} {selective}");
                        if trusted {
                            assert_eq!(value, fake, "{what}");
                        } else if alpha < truth && truth < beta {
                            assert_eq!(value, truth, "{what}");
                        }
                    }
                }
            }
        }
    }

    /// Enhanced transposition cut-off: any child whose stored upper bound (trusted) proves the
    /// position reaches beta answers; none, or only a likely one in an exact search, does not.
    #[test]
    fn etc_finds_the_child_that_proves_beta() {
        for seed in 0..4 {
            let (own, opp) = masks(&Position::<8>::random_line(seed, 20));
            let moves = rules::moves(own, opp, Board::<8>::MASK);
            let list: Vec<Candidate> = (0..64)
                .map(|i| 1u64 << i)
                .filter(|bit| moves & bit != 0)
                .map(|bit| Candidate {
                    key: 0,
                    bit,
                    flipped: rules::flips(own, opp, bit),
                    replies: UNKNOWN,
                })
                .collect();
            assert!(list.len() > 1);
            let empty = Table::new(8);
            let search = Exact::new(&empty, Budget::default(), None, false);
            assert_eq!(search.etc(own, opp, -64, &list), None);
            for c in &list {
                let (o, p) = (opp & !c.flipped, own | c.flipped | c.bit);
                for (selective, searcher_selective) in [(false, false), (true, false), (true, true)]
                {
                    let table = Table::new(8);
                    table.store(o, p, 19, ((-64, -10), selective), 64);
                    let search = Exact::new(&table, Budget::default(), None, searcher_selective);
                    let trusted = !selective || searcher_selective;
                    assert_eq!(search.etc(own, opp, 10, &list), trusted.then_some(10));
                    assert_eq!(search.etc(own, opp, 9, &list), trusted.then_some(10));
                    assert_eq!(search.etc(own, opp, 11, &list), None);
                }
            }
        }
    }

    /// A search's result goes into the table as bounds on the right side of its window, with
    /// its best move (none for a pass or the end).
    #[test]
    fn store_records_fail_soft_bounds_and_the_move() {
        let (own, opp) = masks(&Position::<8>::random_line(1, 30));
        for (value, bounds) in [(-3, (-64, -3)), (-2, (-2, -2)), (4, (4, 4)), (5, (5, 64))] {
            for bit in [0, 1 << 19, 1 << 63] {
                let table = Table::new(6);
                let mut search = Exact::new(&table, Budget::default(), None, false);
                search.store(own, opp, 30, (-3, 5), value, bit);
                let entry = table.probe(own, opp).expect("stored");
                let best = if bit == 0 {
                    64
                } else {
                    bit.trailing_zeros() as u8
                };
                assert_eq!(
                    (i32::from(entry.lower), i32::from(entry.upper), entry.best),
                    (bounds.0, bounds.1, best),
                    "{value} {bit:x}"
                );
            }
        }
    }

    /// The placements of `own` against `opp` on an `M`x`M` board, square by square.
    fn plain_moves<const M: usize>(own: u64, opp: u64) -> u64 {
        (0..64)
            .map(|s| 1u64 << s)
            .filter(|&b| b & Board::<M>::MASK & !(own | opp) != 0)
            .filter(|&b| rules::flips_by_walking(own, opp, b) != 0)
            .fold(0, |acc, b| acc | b)
    }

    /// Plain negamax over the evaluation, `depth` plies (a pass is a ply; the evaluation at
    /// depth 0 or when neither side can move), and the number of positions in its tree.
    fn eval_negamax(w: &Weights, own: u64, opp: u64, depth: u32) -> (i32, u64) {
        let moves = plain_moves::<8>(own, opp);
        if depth == 0 || moves | plain_moves::<8>(opp, own) == 0 {
            return (evaluate_masks(w, own, opp), 1);
        }
        if moves == 0 {
            let (value, nodes) = eval_negamax(w, opp, own, depth - 1);
            return (-value, nodes + 1);
        }
        let (mut best, mut nodes) = (i32::MIN, 1);
        for bit in (0..64).map(|s| 1u64 << s).filter(|b| moves & b != 0) {
            let flipped = rules::flips_by_walking(own, opp, bit);
            let (value, n) = eval_negamax(w, opp & !flipped, own | flipped | bit, depth - 1);
            best = best.max(-value);
            nodes += n;
        }
        (best, nodes)
    }

    /// The rank of a square's class in the evaluation searches' move order, from its row and
    /// column: corners 0, squares next to a corner on an edge 2, diagonally next to one 3, the
    /// others 1.
    fn plain_class(square: u32) -> u32 {
        let (r, c) = (square / 8, square % 8);
        let (r_end, c_end) = ([0, 7].contains(&r), [0, 7].contains(&c));
        let (r_near, c_near) = ([1, 6].contains(&r), [1, 6].contains(&c));
        match () {
            _ if r_end && c_end => 0,
            _ if (r_end && c_near) || (r_near && c_end) => 2,
            _ if r_near && c_near => 3,
            _ => 1,
        }
    }

    /// Fail-soft alpha-beta over the evaluation written plainly (moves by square class, then by
    /// square index, a pass a ply, the windows negated and swapped for the child), counting the
    /// positions it visits.
    fn plain_alpha_beta(
        w: &Weights,
        (own, opp): (u64, u64),
        depth: u32,
        (mut alpha, beta): (i32, i32),
        nodes: &mut u64,
    ) -> i32 {
        *nodes += 1;
        let moves = plain_moves::<8>(own, opp);
        if depth == 0 || moves | plain_moves::<8>(opp, own) == 0 {
            return evaluate_masks(w, own, opp);
        }
        if moves == 0 {
            return -plain_alpha_beta(w, (opp, own), depth - 1, (-beta, -alpha), nodes);
        }
        let mut best = i32::MIN;
        let mut squares: Vec<u32> = (0..64).filter(|s| moves >> s & 1 != 0).collect();
        squares.sort_by_key(|&s| (plain_class(s), s));
        for bit in squares.into_iter().map(|s| 1u64 << s) {
            let flipped = rules::flips_by_walking(own, opp, bit);
            let child = (opp & !flipped, own | flipped | bit);
            let value = -plain_alpha_beta(w, child, depth - 1, (-beta, -alpha), nodes);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// 8x8 positions of random games, passes included, for the evaluation searches.
    fn eval_positions() -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for seed in 0..12 {
            let position = Position::<8>::random_line(seed, 8 + 4 * seed as usize);
            out.push(masks(&position));
            if !position.is_over() {
                out.push(masks(&position.pass()));
            }
        }
        // Positions where the mover must pass and the opponent has three moves or more.
        let mut passes = 0;
        for seed in 0.. {
            let found = (1..=24)
                .map(|empties| Position::<8>::random_line(seed, empties))
                .filter(Position::must_pass)
                .find(|p| p.pass().placements().len() >= 3);
            if let Some(position) = found {
                out.push(masks(&position));
                passes += 1;
                if passes == 4 {
                    break;
                }
            }
        }
        out
    }

    /// The evaluation search is fail-soft alpha-beta over the evaluation: with an open window
    /// plain negamax (value and every position of the tree counted), and with any window the
    /// exact value inside it, a bound on the value's side outside it.
    #[test]
    fn eval_search_is_a_fail_soft_negamax() {
        let w = Weights::builtin();
        let padded = Padded::builtin();
        let open = (-EVAL_INFINITY, EVAL_INFINITY);
        let (mut visited, mut trees) = (0, 0);
        for (own, opp) in eval_positions() {
            for depth in 0..=2 {
                let (truth, tree) = eval_negamax(w, own, opp, depth);
                let mut nodes = 5;
                let value = eval_search(padded, (own, opp), depth, open, &mut nodes);
                assert_eq!(value, truth, "{own:x} {opp:x} {depth}");
                if depth == 2 {
                    (visited, trees) = (visited + nodes - 5, trees + tree);
                }
                // One ply (the root's children are leaves) cuts nothing: every position counts.
                if depth <= 1 {
                    assert_eq!(nodes, tree + 5, "{own:x} {opp:x} {depth}");
                } else {
                    assert!(nodes > 5 && nodes <= tree + 5, "{own:x} {opp:x} {depth}");
                }
                for (a, b) in [
                    (truth - 1, truth + 1),
                    (truth, truth + 1),
                    (truth - 1, truth),
                    (truth + 10, truth + 300),
                    (truth - 300, truth - 10),
                    (-EVAL_INFINITY, truth - 40),
                    (truth + 40, EVAL_INFINITY),
                ] {
                    let mut nodes = 0;
                    let value = eval_search(padded, (own, opp), depth, (a, b), &mut nodes);
                    let what = format!("{own:x} {opp:x} {depth} ({a}, {b}): {value} {truth}");
                    let mut plain_nodes = 0;
                    let plain = plain_alpha_beta(w, (own, opp), depth, (a, b), &mut plain_nodes);
                    assert_eq!((value, nodes), (plain, plain_nodes), "{what}");
                    assert!(nodes >= 1 && nodes <= tree, "{what}");
                    if truth <= a {
                        assert!(truth <= value && value <= a, "{what}");
                    } else if truth >= b {
                        assert!(b <= value && value <= truth, "{what}");
                    } else {
                        assert_eq!(value, truth, "{what}");
                    }
                }
            }
        }
        // Two plies deep, the children's windows close as alpha rises: positions are cut off.
        assert!(visited < trees, "{visited} of {trees}");
    }

    /// The empty squares next to a disc of `discs` on an `M`x`M` board, square by square.
    fn plain_potential<const M: usize>(discs: u64, empties: u64) -> i32 {
        let on = |r: i32, c: i32| (0..M as i32).contains(&r) && (0..M as i32).contains(&c);
        (0..64)
            .filter(|&s| empties >> s & 1 != 0)
            .filter(|&s: &i32| {
                let (r, c) = (s / 8, s % 8);
                (-1..=1).any(|dr| {
                    (-1..=1).any(|dc| {
                        (dr, dc) != (0, 0)
                            && on(r + dr, c + dc)
                            && discs >> ((r + dr) * 8 + c + dc) & 1 != 0
                    })
                })
            })
            .count() as i32
    }

    /// [`Search::order`] on `M`x`M` positions against its keys computed square by square: the
    /// table's move first (`i32::MIN`), otherwise 16 per reply of the opponent (a corner reply
    /// counts twice), 1 per empty square next to the mover's discs, -16 per corner held; on 8x8
    /// from [`EVAL_SORT_EMPTIES`] on, plus the child's evaluation search (depth by
    /// [`sort_depth`]) for the opponent over its unit: the exact value below the ceiling
    /// ([`SORT_ALPHA_MARGIN`] discs above -alpha), a value between the ceiling and the exact
    /// value above it. The evaluation searches' positions are counted.
    fn check_order<const M: usize>(positions: &[Position<M>], alphas: &[i32]) -> usize {
        let table = Table::new(4);
        let corners = [0, M - 1, 8 * (M - 1), 8 * (M - 1) + M - 1]
            .iter()
            .fold(0u64, |acc, &s| acc | 1 << s);
        let w = Weights::builtin();
        let mut evaluated = 0;
        for position in positions {
            let (own, opp) = masks(position);
            let moves = plain_moves::<M>(own, opp);
            let n = (Board::<M>::MASK & !(own | opp)).count_ones();
            let bits: Vec<u64> = (0..64)
                .map(|s| 1u64 << s)
                .filter(|b| moves & b != 0)
                .collect();
            for &alpha in alphas {
                for hint in [
                    64u8,
                    bits[0].trailing_zeros() as u8,
                    bits[bits.len() - 1].trailing_zeros() as u8,
                ] {
                    let mut search =
                        Search::<M, EmptiesToWinner>::new(&table, Budget::default(), None, false);
                    search.nodes = 3;
                    let mut list = [Candidate::default(); 32];
                    let count = search.order(own, opp, moves, hint, alpha, &mut list);
                    assert_eq!(count, bits.len());
                    let mut searched = 0;
                    for (c, &bit) in list[..count].iter().zip(&bits) {
                        let what = format!("{M}: {own:x} {opp:x} {bit:x} {hint} {alpha}");
                        let flipped = rules::flips_by_walking(own, opp, bit);
                        assert_eq!((c.bit, c.flipped), (bit, flipped), "{what}");
                        if u32::from(hint) == bit.trailing_zeros() {
                            assert_eq!(c.key, i32::MIN, "{what}");
                            continue;
                        }
                        let (o, p) = (opp & !flipped, own | flipped | bit);
                        let replies = plain_moves::<M>(o, p);
                        assert_eq!(c.replies, replies, "{what}");
                        let mobility =
                            (replies.count_ones() + (replies & corners).count_ones()) as i32;
                        let empty = Board::<M>::MASK & !(o | p);
                        let base = 16 * mobility + plain_potential::<M>(p, empty)
                            - 16 * (p & corners).count_ones() as i32;
                        if M != 8 || n < EVAL_SORT_EMPTIES {
                            assert_eq!(c.key, base, "{what}");
                            continue;
                        }
                        let depth = sort_depth(n);
                        let per_key = if depth == 0 { 16 } else { 8 };
                        let ceiling = (SORT_ALPHA_MARGIN - alpha) * ONE_DISC;
                        let (truth, _) = eval_negamax(w, o, p, depth);
                        let mut nodes = 0;
                        let padded = Padded::builtin();
                        eval_search(padded, (o, p), depth, (-EVAL_INFINITY, ceiling), &mut nodes);
                        searched += nodes;
                        if truth < ceiling {
                            assert_eq!(c.key, base + truth / per_key, "{what}");
                        } else {
                            assert!(c.key >= base + ceiling / per_key, "{what}");
                            assert!(c.key <= base + truth / per_key, "{what}");
                        }
                        evaluated += 1;
                    }
                    assert_eq!(search.nodes, 3 + searched, "{M}: {own:x} {opp:x}");
                }
            }
        }
        evaluated
    }

    #[test]
    fn move_keys_match_their_parts_square_by_square() {
        let positions = |empties: &[usize]| -> Vec<Position<8>> {
            empties
                .iter()
                .enumerate()
                .map(|(seed, &e)| Position::<8>::random_line(seed as u64, e))
                .filter(|p| !p.placements().is_empty())
                .collect()
        };
        // 8x8 without the evaluation (13 empty squares) and with it (14 to 20: depths 0 to 2),
        // alpha far below (no child told apart) and near the children's values.
        assert_eq!(check_order::<8>(&positions(&[10, 12, 13]), &[0]), 0);
        let evaluated = check_order::<8>(&positions(&[14, 15, 16, 18, 20, 14, 15]), &[-64, 0, 20]);
        assert!(evaluated > 50, "{evaluated}");
        // Smaller boards never use the evaluation.
        let small6: Vec<Position<6>> = (0..8)
            .map(|s| Position::<6>::random_line(s, 4 + 3 * s as usize))
            .filter(|p| !p.placements().is_empty())
            .collect();
        assert_eq!(check_order::<6>(&small6, &[0]), 0);
        let small4: Vec<Position<4>> = (0..6)
            .map(|s| Position::<4>::random_line(s, 2 + s as usize))
            .filter(|p| !p.placements().is_empty())
            .collect();
        assert_eq!(check_order::<4>(&small4, &[0]), 0);
    }

    /// [`by_square_class`] splits the moves into four disjoint classes that cover them all, and
    /// puts a known square of each class in its place.
    #[test]
    fn square_classes_split_the_moves_corners_first_x_squares_last() {
        let mut next = crate::proptests::stream(29);
        for _ in 0..2000 {
            let moves = next() & next();
            let groups = by_square_class(moves);
            assert_eq!(groups.iter().fold(0, |all, g| all | g), moves);
            for (i, g) in groups.iter().enumerate() {
                for h in &groups[i + 1..] {
                    assert_eq!(g & h, 0, "{moves:#x}");
                }
            }
        }
        let square = |name: &str| 1u64 << crate::obf::parse_square(name).unwrap().index();
        let classes = [
            ["a1", "h1", "a8", "h8"],
            ["c1", "a3", "d4", "f6"],
            ["b1", "a2", "g8", "h7"],
            ["b2", "g2", "b7", "g7"],
        ];
        for (class, names) in classes.iter().enumerate() {
            for name in names {
                let groups = by_square_class(square(name) | 1 << 27);
                assert_eq!(groups[class] & square(name), square(name), "{name}");
            }
        }
    }

    /// [`select`] moves the least key of `list[i..]` to `i` and returns it.
    #[test]
    fn select_takes_the_least_key_left() {
        let mut next = crate::proptests::stream(5);
        for len in 1..=12 {
            let mut list: Vec<Candidate> = (0..len)
                .map(|i| Candidate {
                    key: (next() % 7) as i32 - 3,
                    bit: 1 << i,
                    flipped: next(),
                    replies: next(),
                })
                .collect();
            let mut keys: Vec<i32> = list.iter().map(|c| c.key).collect();
            keys.sort_unstable();
            for i in 0..len {
                let least = list[i..].iter().map(|c| c.key).min().unwrap();
                let c = select(&mut list, i);
                assert_eq!(
                    (c.key, c.bit, c.flipped),
                    (list[i].key, list[i].bit, list[i].flipped)
                );
                assert_eq!(c.key, least);
            }
            assert_eq!(list.iter().map(|c| c.key).collect::<Vec<_>>(), keys);
        }
    }
}
