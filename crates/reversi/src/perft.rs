//! Perft: the number of move sequences of a given length, the standard test of a move generator.
//!
//! Convention: a pass is a ply; a finished game counts as one leaf whatever depth is left. The
//! last ply is counted in bulk (the number of moves, or 1 for a pass), and the walk uses an
//! explicit stack of at most `2 * N * N + 1` frames (every pass is followed by a placement).

use crate::board::Board;
use crate::position::Position;
use crate::rules::{flips, moves};
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Clone, Copy, Default)]
struct Frame {
    own: u64,
    opp: u64,
    /// Placements not yet searched.
    todo: u64,
    /// Whether the only move is a pass that is not yet searched.
    pass: bool,
}

/// The most frames a walk can need: a placement per square plus a pass before each.
const MAX_FRAMES: usize = 2 * 64 + 2;

/// The number of leaves of the game tree from `position` cut at `depth` plies.
#[must_use]
pub fn perft<const N: usize>(position: &Position<N>, depth: u32) -> u64 {
    let side = position.to_move();
    let board = position.board();
    let (own, opp) = (board.mask(side), board.mask(side.opponent()));
    walk::<N>(own, opp, depth)
}

/// Subtrees per thread when the work is split: enough that an unlucky big one evens out.
const TASKS_PER_THREAD: usize = 16;

impl<const N: usize> Position<N> {
    /// [`perft`] on `threads` threads (at least 1): the tree is expanded breadth-first until
    /// there are at least 16 subtrees per thread (or the depth is used up), and the threads take
    /// subtrees from a shared counter. The count equals [`perft`]'s.
    ///
    /// ```
    /// use reversi::{perft, Position};
    /// let start = Position::<8>::start();
    /// assert_eq!(start.perft_threads(6, 2), perft(&start, 6));
    /// ```
    #[must_use]
    pub fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
        let threads = threads.max(1);
        let (tasks, remaining, settled) = split(self, depth, threads * TASKS_PER_THREAD);
        let next = AtomicUsize::new(0);
        let worker = || {
            let mut count = 0;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(own, opp)) = tasks.get(i) else {
                    return count;
                };
                count += walk::<N>(own, opp, remaining);
            }
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let mut total = settled + worker();
            for helper in helpers {
                total += helper.join().expect("a perft thread does not panic");
            }
            total
        })
    }
}

/// The positions (mover's and opponent's masks) `k` plies below `position`, for the smallest `k`
/// that gives at least `wanted` of them (or `k = depth`), with the depth left below them and the
/// leaves already counted above them (finished games).
fn split<const N: usize>(
    position: &Position<N>,
    depth: u32,
    wanted: usize,
) -> (Vec<(u64, u64)>, u32, u64) {
    let side = position.to_move();
    let board = position.board();
    let mut level = vec![(board.mask(side), board.mask(side.opponent()))];
    let mut remaining = depth;
    let mut settled = 0;
    while remaining > 0 && level.len() < wanted {
        let mut next = Vec::with_capacity(level.len() * 8);
        for &(own, opp) in &level {
            let mut todo = moves(own, opp, Board::<N>::MASK);
            if todo == 0 {
                if moves(opp, own, Board::<N>::MASK) == 0 {
                    settled += 1; // a finished game is one leaf
                } else {
                    next.push((opp, own)); // a pass
                }
            }
            while todo != 0 {
                let mv = todo & todo.wrapping_neg();
                todo ^= mv;
                let flipped = flips(own, opp, mv);
                next.push((opp & !flipped, own | mv | flipped));
            }
        }
        level = next;
        remaining -= 1;
    }
    (level, remaining, settled)
}

/// Visits a position with `remaining` plies to go: adds its leaves to `count`, or returns the
/// frame to search.
#[inline(always)]
fn enter<const N: usize>(own: u64, opp: u64, remaining: u32, count: &mut u64) -> Option<Frame> {
    if remaining == 0 {
        *count += 1;
        return None;
    }
    let todo = moves(own, opp, Board::<N>::MASK);
    if todo == 0 {
        // Pass (one ply) or game over (one leaf): either way one leaf at the last ply.
        if remaining == 1 || moves(opp, own, Board::<N>::MASK) == 0 {
            *count += 1;
            return None;
        }
        return Some(Frame {
            own,
            opp,
            todo: 0,
            pass: true,
        });
    }
    if remaining == 1 {
        *count += u64::from(todo.count_ones());
        return None;
    }
    Some(Frame {
        own,
        opp,
        todo,
        pass: false,
    })
}

fn walk<const N: usize>(own: u64, opp: u64, depth: u32) -> u64 {
    let mut count = 0;
    let mut stack = [Frame::default(); MAX_FRAMES];
    let Some(root) = enter::<N>(own, opp, depth, &mut count) else {
        return count;
    };
    stack[0] = root;
    let mut len = 1;
    while len > 0 {
        let frame = &mut stack[len - 1];
        let (child_own, child_opp) = if frame.pass {
            frame.pass = false;
            (frame.opp, frame.own)
        } else if frame.todo != 0 {
            let mv = frame.todo & frame.todo.wrapping_neg();
            frame.todo ^= mv;
            let flipped = flips(frame.own, frame.opp, mv);
            (frame.opp & !flipped, frame.own | mv | flipped)
        } else {
            len -= 1;
            continue;
        };
        // The frame at stack[len - 1] is at ply len - 1; its children have depth - len to go.
        if let Some(child) = enter::<N>(child_own, child_opp, depth - len as u32, &mut count) {
            stack[len] = child;
            len += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_8x8_small_depths() {
        let start = Position::<8>::start();
        let counts: Vec<u64> = (0..=6).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [1, 4, 12, 56, 244, 1396, 8200]);
    }

    #[test]
    fn threads_give_the_same_counts() {
        for depth in 0..=7 {
            let start8 = Position::<8>::start();
            let start6 = Position::<6>::start();
            for threads in [1, 2, 3] {
                assert_eq!(start8.perft_threads(depth, threads), perft(&start8, depth));
                assert_eq!(start6.perft_threads(depth, threads), perft(&start6, depth));
            }
        }
        // Deep enough on 4x4 that games finish above the split level.
        let start4 = Position::<4>::start();
        for depth in 0..=14 {
            assert_eq!(
                start4.perft_threads(depth, 4),
                perft(&start4, depth),
                "depth {depth}"
            );
        }
    }

    #[test]
    fn finished_game_is_one_leaf() {
        let full = Position::<4>::new(Board::empty(), crate::Side::Black);
        assert_eq!(perft(&full, 5), 1);
        // However deep: the walk stops at the finished game (no passes back and forth).
        assert_eq!(perft(&full, 1000), 1);
        assert_eq!(full.perft_threads(1000, 2), 1);
    }

    #[test]
    fn threads_count_games_that_end_above_the_split() {
        // White b1 and d1, Black c1, h7 and h8, Black to move: a small tree of games that end
        // after a few plies (with passes), smaller than any split wants, so the split level
        // counts them.
        let at = |r, c| crate::Square::<8>::new(r, c).unwrap();
        let board = Board::empty()
            .with(at(0, 1), Some(crate::Side::White))
            .with(at(0, 2), Some(crate::Side::Black))
            .with(at(0, 3), Some(crate::Side::White))
            .with(at(6, 7), Some(crate::Side::Black))
            .with(at(7, 7), Some(crate::Side::Black));
        let position = Position::new(board, crate::Side::Black);
        let counts: Vec<u64> = (0..8).map(|d| perft(&position, d)).collect();
        assert_eq!(counts[0], 1);
        assert!(counts.windows(2).any(|w| w[0] == w[1]), "{counts:?}");
        for depth in 0..8 {
            for threads in [1, 2, 5] {
                assert_eq!(
                    position.perft_threads(depth, threads),
                    counts[depth as usize],
                    "depth {depth}, {threads} threads"
                );
            }
        }
    }

    #[test]
    fn threads_count_through_a_pass_at_the_root() {
        // A 6x6 position whose mover must pass while the opponent has a game left to play.
        let stuck = (0..300)
            .flat_map(|seed| (0..24).map(move |e| Position::<6>::random_line(seed, e)))
            .find(|p| p.must_pass() && perft(p, 3) > 2)
            .expect("some random line stops at a pass");
        for depth in 0..6 {
            for threads in [1, 2, 3] {
                assert_eq!(stuck.perft_threads(depth, threads), perft(&stuck, depth));
            }
        }
    }
}
