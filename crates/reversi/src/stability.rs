//! Stable discs (discs that can never be flipped) and the margin bounds they give.
//!
//! A disc is stable when, along each of the four lines through it, the line is full or a
//! neighbour on the line is off the board or a stable disc of the same colour: then no run
//! through it can ever be closed. Iterated from the edges until nothing changes, this finds a
//! subset of the truly stable discs, so the bounds below are sound.

use crate::board::Board;

const FIRST_COL: u64 = 0x0101_0101_0101_0101;
const LAST_COL: u64 = 0x8080_8080_8080_8080;
const FIRST_ROW: u64 = 0xff;
const LAST_ROW: u64 = 0xff << 56;

/// Every column but the first.
const NOT_FIRST_COL: u64 = !FIRST_COL;
/// Every column but the last.
const NOT_LAST_COL: u64 = !LAST_COL;

/// The squares reached from `seeds` by up to 7 steps of `shift` bits towards higher bits
/// (`forward`) or lower ones, seeds included; `pro` holds the squares a step may land on (the
/// others would wrap to the other side of the grid). Kogge-Stone doubling.
#[inline(always)]
fn spread(seeds: u64, mut pro: u64, shift: u32, forward: bool) -> u64 {
    let go = |x: u64, k: u32| if forward { x << k } else { x >> k };
    let mut reached = seeds;
    reached |= pro & go(reached, shift);
    pro &= go(pro, shift);
    reached |= pro & go(reached, 2 * shift);
    pro &= go(pro, 2 * shift);
    reached |= pro & go(reached, 4 * shift);
    reached
}

/// The squares whose line along `shift` (both ways) holds none of `empties`: the full lines.
/// Lines of the `N`x`N` board are the 8x8 grid's lines cut to the board, so spreading along
/// the grid's lines finds the same ones (off the board, the answer does not matter).
#[inline(always)]
fn full(empties: u64, shift: u32, (pro_up, pro_down): (u64, u64)) -> u64 {
    !(spread(empties, pro_up, shift, true) | spread(empties, pro_down, shift, false))
}

/// A subset of `own`'s discs that can never be flipped, whatever is played.
#[must_use]
pub fn stable<const N: usize>(own: u64, opp: u64) -> u64 {
    let occupied = own | opp;
    let empties = Board::<N>::MASK & !occupied;
    let h = full(empties, 1, (NOT_FIRST_COL, NOT_LAST_COL));
    let v = full(empties, 8, (u64::MAX, u64::MAX));
    let d = full(empties, 9, (NOT_FIRST_COL, NOT_LAST_COL));
    let a = full(empties, 7, (NOT_LAST_COL, NOT_FIRST_COL));
    let off = !Board::<N>::MASK;
    let mut stable = 0;
    loop {
        let s = stable | off;
        let west = ((s << 1) & !FIRST_COL) | FIRST_COL;
        let east = ((s >> 1) & !LAST_COL) | LAST_COL;
        let north = (s << 8) | FIRST_ROW;
        let south = (s >> 8) | LAST_ROW;
        let north_west = ((s << 9) & !FIRST_COL) | FIRST_ROW | FIRST_COL;
        let south_east = ((s >> 9) & !LAST_COL) | LAST_ROW | LAST_COL;
        let north_east = ((s << 7) & !LAST_COL) | FIRST_ROW | LAST_COL;
        let south_west = ((s >> 7) & !FIRST_COL) | LAST_ROW | FIRST_COL;
        let next = own
            & (h | west | east)
            & (v | north | south)
            & (d | north_west | south_east)
            & (a | north_east | south_west);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The best margin the side owning `own` can still reach against `opp` (`N * N` minus twice
/// the opponent's stable discs); the cheap `N * N - 2 * opp` discs first, so that the stable
/// discs are counted only when they may matter: `None` when the bound would be above `alpha`.
#[must_use]
pub fn upper_bound_at_most<const N: usize>(own: u64, opp: u64, alpha: i32) -> Option<i32> {
    let squares = (N * N) as i32;
    if squares - 2 * opp.count_ones() as i32 > alpha {
        return None;
    }
    let bound = squares - 2 * stable::<N>(opp, own).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule of the module's doc on (row, column) coordinates: a disc of `own` is stable when
    /// along each of the four lines through it the line is full, or a neighbour on the line is
    /// off the board or a stable disc of `own`; iterated from no stable disc until nothing
    /// changes.
    fn plain_stable(n: isize, own: u64, opp: u64) -> u64 {
        let on = |r: isize, c: isize| r >= 0 && c >= 0 && r < n && c < n;
        let bit = |r: isize, c: isize| 1u64 << (r * 8 + c);
        let occupied = own | opp;
        let full = |r: isize, c: isize, dr: isize, dc: isize| {
            [(dr, dc), (-dr, -dc)].iter().all(|&(dr, dc)| {
                let (mut x, mut y) = (r + dr, c + dc);
                while on(x, y) {
                    if occupied & bit(x, y) == 0 {
                        return false;
                    }
                    (x, y) = (x + dr, y + dc);
                }
                true
            })
        };
        let mut stable = 0;
        loop {
            let held = |r: isize, c: isize| !on(r, c) || stable & bit(r, c) != 0;
            let mut next = 0;
            for r in 0..n {
                for c in 0..n {
                    if own & bit(r, c) == 0 {
                        continue;
                    }
                    let lines_ok = [(0, 1), (1, 0), (1, 1), (1, -1)].iter().all(|&(dr, dc)| {
                        full(r, c, dr, dc) || held(r - dr, c - dc) || held(r + dr, c + dc)
                    });
                    if lines_ok {
                        next |= bit(r, c);
                    }
                }
            }
            if next == stable {
                return stable;
            }
            stable = next;
        }
    }

    /// Random fillings of `N`x`N` boards (from nearly empty to full) and positions of random
    /// games: [`stable`] and [`upper_bound_at_most`] against [`plain_stable`], for every alpha.
    fn check_against_plain<const N: usize>(seed: u64) {
        let mut state = seed;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let squares = (N * N) as i32;
        for round in 0..200 {
            let (own, opp) = if round % 2 == 0 {
                let empty_per_16 = next() % 6;
                let (mut own, mut opp) = (0u64, 0u64);
                for bit in (0..64)
                    .map(|i| 1u64 << i)
                    .filter(|b| b & Board::<N>::MASK != 0)
                {
                    let roll = next();
                    if roll % 16 < empty_per_16 {
                        continue;
                    }
                    if roll & 16 == 0 {
                        own |= bit
                    } else {
                        opp |= bit
                    }
                }
                (own, opp)
            } else {
                let empties = (next() % (N * N) as u64) as usize;
                let p = crate::Position::<N>::random_line(next(), empties);
                let b = p.board();
                (b.mask(p.to_move()), b.mask(p.to_move().opponent()))
            };
            let expected = plain_stable(N as isize, own, opp);
            assert_eq!(stable::<N>(own, opp), expected, "{own:x} {opp:x}");
            let opp_stable = plain_stable(N as isize, opp, own).count_ones() as i32;
            let bound = squares - 2 * opp_stable;
            for alpha in -squares - 1..=squares + 1 {
                assert_eq!(
                    upper_bound_at_most::<N>(own, opp, alpha),
                    (bound <= alpha).then_some(bound),
                    "{own:x} {opp:x} {alpha}"
                );
            }
        }
    }

    #[test]
    fn stable_discs_match_a_plain_fixed_point() {
        check_against_plain::<4>(1);
        check_against_plain::<6>(2);
        check_against_plain::<8>(3);
    }

    #[test]
    fn corners_edges_and_full_boards() {
        let mask = Board::<6>::MASK;
        // A lone corner disc is stable; a lone edge or centre disc is not.
        assert_eq!(stable::<6>(1, 1 << 9), 1);
        assert_eq!(stable::<6>(1 << 2, 1 << 9), 0);
        assert_eq!(stable::<6>(1 << 18, 1 << 9), 0);
        // A row of own discs along the top edge from a corner is stable.
        assert_eq!(stable::<6>(0b111, 1 << 9), 0b111);
        // On a full board every disc is stable.
        let black = mask & 0x0f0f_0f0f_0f0f;
        assert_eq!(stable::<6>(black, mask & !black), black);
        assert_eq!(
            upper_bound_at_most::<6>(mask & !black, black, 36),
            Some(36 - 2 * black.count_ones() as i32)
        );
    }
}
