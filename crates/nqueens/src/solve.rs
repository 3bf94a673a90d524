//! Solving a board: the greedy start, then search-core's min-conflicts, then the O(n) check.

use crate::board::Board;
use crate::error::Error;
use crate::verify::verify;
use rand::{Rng, SeedableRng, rngs::StdRng};
use search_core::{local_search::MinConflictsLimits, local_search::min_conflicts};

/// The seed used when the caller gives none.
pub const DEFAULT_SEED: u64 = 352;

/// What a solve did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Queens moved by the repair phase.
    pub repairs: u64,
    /// Calls of search-core's driver (each begins with a full scan of the board).
    pub attempts: u32,
    /// Times the board was rebuilt from scratch after its first start.
    pub rebuilds: u32,
    /// Pairs of attacking queens left by the greedy start.
    pub start_pairs: u64,
}

/// Driver calls after which the board is rebuilt from scratch.
pub const REBUILD_AFTER: u32 = 200;
/// Driver calls after which the solve gives up (never reached in practice).
pub const MAX_ATTEMPTS: u32 = 20_000;

/// The limits of one call of search-core's driver on a board with `pairs` attacking pairs: a
/// few repairs per conflicted queen and no restart (the caller decides).
pub fn limits_for(pairs: u64) -> MinConflictsLimits {
    MinConflictsLimits {
        max_steps: 4 * pairs + 64,
        max_restarts: 0,
    }
}

/// Solves the board of size `n`: the 0-based row of the queen in each column. `n = 0` gives the
/// empty board and `n = 1` gives `[0]`.
///
/// # Errors
/// [`Error::NoSolution`] for `n` = 2 and 3, [`Error::OutOfMemory`], [`Error::Unsolved`] if the
/// driver gave up (not seen in practice), [`Error::Invalid`] if the result fails the check (a bug).
pub fn solve<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Result<(Vec<u32>, SolveStats), Error> {
    let (rows, stats) = solve_unchecked(n, rng)?;
    verify(&rows).map_err(|reason| Error::Invalid { n, reason })?;
    Ok((rows, stats))
}

/// [`solve`] with a fresh generator seeded with `seed`: the same `(n, seed)` always gives the same
/// board.
///
/// # Errors
/// As [`solve`].
pub fn solve_seeded(n: usize, seed: u64) -> Result<(Vec<u32>, SolveStats), Error> {
    solve(n, &mut seeded_rng(seed))
}

/// The generator [`solve_seeded`] uses: the same `seed` always gives the same sequence.
pub fn seeded_rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// [`solve`] without the final check (for timing the phases apart; the caller must check).
///
/// Search-core's driver refreshes its list of conflicted queens only when the list runs dry, so
/// a queen that a repair makes conflicted (the other queen of a row the mover joined) stays unseen
/// until then, while the mover, which can only settle once that queen moves, is picked again and
/// again. So the driver is called with a small repair budget ([`limits_for`]) over and over: each
/// call starts with a scan that sees every conflicted queen.
///
/// # Errors
/// As [`solve`], except [`Error::Invalid`].
pub fn solve_unchecked<R: Rng + ?Sized>(
    n: usize,
    rng: &mut R,
) -> Result<(Vec<u32>, SolveStats), Error> {
    match n {
        0 => return Ok((Vec::new(), SolveStats::default())),
        1 => return Ok((vec![0], SolveStats::default())),
        2 | 3 => return Err(Error::NoSolution(n)),
        _ => {}
    }
    let mut board = Board::new(n, rng)?;
    let mut stats = SolveStats {
        start_pairs: board.attacking_pairs(),
        ..SolveStats::default()
    };
    let mut since_rebuild = 0;
    loop {
        stats.attempts += 1;
        since_rebuild += 1;
        let limits = limits_for(board.attacking_pairs());
        match min_conflicts(&mut board, rng, limits) {
            Ok(run) => {
                stats.repairs += run.steps;
                break;
            }
            Err(search_core::Error::Unsolved { steps, .. }) => stats.repairs += steps,
        }
        if stats.attempts >= MAX_ATTEMPTS {
            return Err(Error::Unsolved {
                n,
                source: search_core::Error::Unsolved {
                    steps: stats.repairs,
                    restarts: board.rebuilds(),
                },
            });
        }
        if since_rebuild >= REBUILD_AFTER {
            since_rebuild = 0;
            board.rebuild(rng);
        }
    }
    stats.rebuilds = board.rebuilds();
    Ok((board.into_rows(), stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_and_impossible_sizes() {
        assert_eq!(solve_seeded(1, 0).unwrap().0, [0]);
        assert_eq!(solve_seeded(0, 0).unwrap().0, Vec::<u32>::new());
        assert_eq!(solve_seeded(2, 0).unwrap_err(), Error::NoSolution(2));
        assert_eq!(solve_seeded(3, 0).unwrap_err(), Error::NoSolution(3));
    }

    #[test]
    fn same_seed_same_board() {
        assert_eq!(solve_seeded(50, 9).unwrap(), solve_seeded(50, 9).unwrap());
    }

    #[test]
    fn every_size_from_4_to_300() {
        // Exhaustive over the range the property below samples.
        for n in 4..=300 {
            let (rows, _) = solve_seeded(n, DEFAULT_SEED).unwrap();
            assert_eq!(rows.len(), n);
        }
    }

    #[test]
    fn sampled_candidates_converge_on_a_large_board() {
        let n = 100_000;
        let (rows, stats) = solve_seeded(n, 1).unwrap();
        assert_eq!(rows.len(), n);
        assert!(stats.rebuilds == 0, "{stats:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn every_size_gets_a_valid_board(n in 4usize..=300, seed in any::<u64>()) {
            let (rows, _) = solve_seeded(n, seed).unwrap();
            prop_assert_eq!(rows.len(), n);
            prop_assert_eq!(verify(&rows), Ok(()));
        }
    }
}
