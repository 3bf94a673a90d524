//! A tight exact search for the last few empty squares, the engine's `solve_small` hook in
//! [`solve`](crate::solve): fail-soft alpha-beta over the two disc masks, no table, no heap,
//! the disc margin for the side to move. From 6 empty squares on the moves are sorted fastest
//! first (an array on the stack); below, each empty square is tried with its flips (none means
//! illegal), quadrants with an odd number of empty squares first; the last square is played
//! out directly. Its recursion is at most twice the number of empty squares deep.

use crate::board::Board;
use crate::position::Position;
use crate::rules;
use crate::search::Masks;
use crate::stability;

/// The disc margin (empty squares count for nobody) of `position` with perfect play, for the
/// side to move, fail-soft in the window `(alpha, beta)`: exact strictly inside it, a bound on
/// the same side otherwise. Also the number of positions visited (passes included). Meant for
/// a handful of empty squares: the work grows like the factorial of their number.
#[must_use]
pub fn solve_small<const N: usize>(position: &Position<N>, alpha: i32, beta: i32) -> (i32, u64) {
    let side = position.to_move();
    let board = position.board();
    let mut nodes = 0;
    let value = search::<N>(
        board.mask(side),
        board.mask(side.opponent()),
        alpha,
        beta,
        &mut nodes,
    );
    (value, nodes)
}

fn search<const N: usize>(own: u64, opp: u64, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let empties = Board::<N>::MASK & !(own | opp);
    if empties.count_ones() == 1 {
        return last_square(own, opp, empties, nodes);
    }
    if empties.count_ones() as usize >= SORTED_EMPTIES {
        return search_sorted::<N>(own, opp, alpha, beta, nodes);
    }
    let mut best = i32::MIN;
    // Parity: squares in quadrants with an odd number of empty squares first.
    let odd = Masks::<N>::QUADRANTS
        .iter()
        .filter(|&&q| (q & empties).count_ones() % 2 == 1)
        .fold(0, |acc, &q| acc | q);
    let mut rest = empties & odd;
    let mut later = empties & !odd;
    loop {
        if rest == 0 {
            if later == 0 {
                break;
            }
            rest = later;
            later = 0;
        }
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        let flipped = rules::flips(own, opp, bit);
        if flipped == 0 {
            continue;
        }
        let value = -search::<N>(opp & !flipped, own | flipped | bit, -beta, -alpha, nodes);
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
    // No placement: pass when the opponent has one, otherwise the game is over.
    let mut rest = empties;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        if rules::flips(opp, own, bit) != 0 {
            return -search::<N>(opp, own, -beta, -alpha, nodes);
        }
    }
    own.count_ones() as i32 - opp.count_ones() as i32
}

/// From this many empty squares on, moves are searched fastest first (fewest replies).
const SORTED_EMPTIES: usize = 6;

/// [`search`] with the moves sorted by the opponent's replies (corner replies twice).
fn search_sorted<const N: usize>(
    own: u64,
    opp: u64,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
) -> i32 {
    // Stability cut-off: the opponent's stable discs cap the margin.
    if let Some(bound) = stability::upper_bound_at_most::<N>(own, opp, alpha) {
        return bound;
    }
    let moves = rules::moves(own, opp, Board::<N>::MASK);
    if moves == 0 {
        if rules::moves(opp, own, Board::<N>::MASK) != 0 {
            return -search::<N>(opp, own, -beta, -alpha, nodes);
        }
        return own.count_ones() as i32 - opp.count_ones() as i32;
    }
    let corners = Masks::<N>::RANKS[0];
    let mut list = [(0u32, 0u64, 0u64); 32];
    let mut count = 0;
    let mut rest = moves;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        let flipped = rules::flips(own, opp, bit);
        let replies = rules::moves(opp & !flipped, own | flipped | bit, Board::<N>::MASK);
        let key = replies.count_ones() + (replies & corners).count_ones();
        list[count] = (key, bit, flipped);
        count += 1;
    }
    let list = &mut list[..count];
    list.sort_unstable_by_key(|&(key, bit, _)| (key, bit));
    let mut best = i32::MIN;
    for &(_, bit, flipped) in list.iter() {
        let value = -search::<N>(opp & !flipped, own | flipped | bit, -beta, -alpha, nodes);
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
    best
}

/// The margin for the side to move with one empty square `bit` left: whoever can place there
/// does (the mover first), and the game ends.
fn last_square(own: u64, opp: u64, bit: u64, nodes: &mut u64) -> i32 {
    let discs = |a: u64, b: u64| a.count_ones() as i32 - b.count_ones() as i32;
    let flipped = rules::flips(own, opp, bit);
    if flipped != 0 {
        *nodes += 1;
        return discs(own | flipped | bit, opp & !flipped);
    }
    let flipped = rules::flips(opp, own, bit);
    if flipped != 0 {
        // A pass, then the opponent's last placement.
        *nodes += 2;
        return discs(own & !flipped, opp | flipped | bit);
    }
    discs(own, opp)
}
