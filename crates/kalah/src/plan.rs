//! How `kalah solve` sets itself up when it is not told: the endgame database's size, the
//! table's size, and MTD(f)'s first guess.

use crate::board::Board;
use crate::chain::Chain;
use crate::rules::Rules;
use search_core::games::Engine;
use search_core::games::deepening::{Observer, Step, iterate};

/// The seeds of a variant (both sides' houses at the start).
fn seeds(rules: Rules) -> u32 {
    2 * u32::from(rules.pots()) * u32::from(rules.stones())
}

/// The database size to use when none is asked for: none for games of at most 30 seeds (they
/// solve in well under a second without), else a size whose building pays for itself (measured
/// on Kalah(5,4), Kalah(5,5), Kalah(6,4) and Kalah(6,5)).
///
/// ```
/// use kalah::{Rules, plan};
/// assert_eq!(plan::auto_db_seeds(Rules::new(3, 3).unwrap()), 0);
/// assert_eq!(plan::auto_db_seeds(Rules::new(6, 4).unwrap()), 16);
/// ```
#[must_use]
pub fn auto_db_seeds(rules: Rules) -> u32 {
    let total = seeds(rules);
    match rules.pots() {
        _ if total <= 30 => 0,
        1..=4 => total.min(40),
        5 if total <= 40 => 16,
        5 => 24,
        6 if total <= 48 => 16,
        6 => 24,
        _ => 16,
    }
}

/// The table size to use when none is asked for: `2^(12 + seeds / 2)` entries up to 2^24
/// (512 MB) for up to 60 seeds (a bigger one saves fewer nodes than its cache misses cost
/// there), 2^26 (2 GB) beyond; never more than half the memory available (`/proc/meminfo`).
#[must_use]
pub fn auto_table_bits(rules: Rules) -> u32 {
    bits_within(seeds(rules), available_memory())
}

/// [`auto_table_bits`] for `total` seeds and `available` bytes of memory (unknown: `None`).
fn bits_within(total: u32, available: Option<u64>) -> u32 {
    let wanted = if total <= 60 {
        (12 + total / 2).min(24)
    } else {
        26
    };
    match available {
        // 32 bytes per 2^bits: fit in half of what is available.
        Some(bytes) => (16..=wanted)
            .rev()
            .find(|&b| (32u64 << b) <= bytes / 2)
            .unwrap_or(16),
        None => wanted,
    }
}

/// `MemAvailable` of `/proc/meminfo` in bytes, when readable.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The depth `d` of the searches giving MTD(f)'s first guess when no deepening is asked for:
/// the mean of the values at depths `d` and `d + 1` (the heuristic values of Kalah swing with
/// the parity of the depth; their mean is nearer the exact value than either). Deeper for
/// bigger games, whose exact probes cost far more than the guess.
fn guess_depth(rules: Rules) -> u32 {
    if seeds(rules) > 48 { 12 } else { 10 }
}

/// MTD(f)'s first guess at the value of `start` (from the side to move's point of view, as the
/// engine's searches give it), with a table of `2^table_bits` entries: with `deepen_to` 0 the
/// mean of two silent depth-bounded searches (see above), else the value of the deepest of the
/// searches at depths 1 to `deepen_to`, each reported to `observer` (which may stop them; 0
/// when none completed).
///
/// ```
/// use kalah::{Board, Player, Rules, plan};
/// let start = Board::new(Rules::new(3, 3).unwrap(), Player::Max);
/// let mut depths = Vec::new();
/// let mut observer = search_core::games::deepening::EachIteration(
///     |it: &search_core::games::deepening::Iteration<'_, kalah::Chain>| depths.push(it.depth),
/// );
/// let guess = plan::first_guess(&start, 16, 4, &mut observer);
/// assert_eq!(depths, [1, 2, 3, 4]);
/// assert!(guess.abs() <= 18);
/// ```
pub fn first_guess(
    start: &Board,
    table_bits: u32,
    deepen_to: u32,
    observer: &mut dyn Observer<Chain>,
) -> i32 {
    let mut engine = Engine::new(table_bits);
    if deepen_to == 0 {
        let d = guess_depth(start.rules());
        let low = engine.search_once(start, Some(d)).value;
        let high = engine.search_once(start, Some(d + 1)).value;
        return (low + high).div_euclid(2);
    }
    let deepened = iterate(1..=deepen_to, None, observer, |depth| {
        Step::Completed(engine.search_once(start, Some(depth)))
    });
    deepened.deepest.map_or(0, |(_, outcome)| outcome.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(pots: u32, stones: u32) -> Rules {
        Rules::new(pots, stones).unwrap()
    }

    #[test]
    fn seeds_count_both_sides() {
        assert_eq!(seeds(rules(6, 4)), 48);
        assert_eq!(seeds(rules(3, 5)), 30);
        assert_eq!(seeds(rules(1, 1)), 2);
    }

    /// Every arm of the database size: none up to 30 seeds, all up to 40 on four pots or fewer,
    /// then 16 or 24 by pots and seeds.
    #[test]
    fn database_size_arm_by_arm() {
        for (pots, stones, db) in [
            (3, 5, 0),
            (3, 3, 0),
            (4, 4, 32),
            (2, 8, 32),
            (4, 6, 40),
            (5, 4, 16),
            (5, 5, 24),
            (6, 4, 16),
            (6, 5, 24),
            (7, 3, 16),
            (8, 6, 16),
        ] {
            assert_eq!(
                auto_db_seeds(rules(pots, stones)),
                db,
                "Kalah({pots},{stones})"
            );
        }
    }

    /// The table size for a number of seeds and of bytes available, worked by hand.
    #[test]
    fn table_bits_by_seeds_and_memory() {
        assert_eq!(bits_within(18, None), 21);
        assert_eq!(bits_within(30, None), 24);
        assert_eq!(bits_within(60, None), 24);
        assert_eq!(bits_within(62, None), 26);
        assert_eq!(bits_within(72, Some(u64::MAX)), 26);
        // 64 MiB available: 32 MiB for the table, 2^20 entries of 32 bytes.
        assert_eq!(bits_within(72, Some(64 << 20)), 20);
        assert_eq!(bits_within(72, Some((64 << 20) - 1)), 19);
        assert_eq!(bits_within(18, Some(0)), 16);
    }

    /// `first_guess` without deepening is the mean of the depth-`d` and depth-`d + 1` values;
    /// with deepening, the deepest value. The position (Kalah(3,4) after Max's second pot) is
    /// one whose values at depths `d - 1`, `d` and `d + 1` give three different guesses, so
    /// the test tells the documented pair of depths from its neighbours.
    #[test]
    fn the_first_guess_is_the_documented_mean_or_the_deepest_value() {
        let start = Board::new(rules(3, 4), search_core::games::Player::Max);
        let pot = start.legal_pots().nth(1).unwrap();
        let position = start.play_pot(pot);
        let d = guess_depth(position.rules());
        let value = |depth| Engine::new(16).search_once(&position, Some(depth)).value;
        let (before, low, high) = (value(d - 1), value(d), value(d + 1));
        let mean = |a: i32, b: i32| (a + b).div_euclid(2);
        let mut quiet = search_core::games::deepening::EachIteration(
            |_: &search_core::games::deepening::Iteration<'_, Chain>| {},
        );
        let guess = first_guess(&position, 16, 0, &mut quiet);
        assert_eq!(guess, mean(low, high));
        assert!(
            guess != mean(before, low) && guess != low,
            "{before} {low} {high}"
        );
        let three = value(3);
        assert_eq!(first_guess(&position, 16, 3, &mut quiet), three);
        assert_ne!(guess, three);
    }

    /// `2^(12 + seeds / 2)` entries up to 2^24 for up to 60 seeds, 2^26 beyond, within half of
    /// the memory available.
    #[test]
    fn table_size_follows_the_seeds_within_memory() {
        // The most this machine's memory allows (the largest game's size, capped by it).
        let cap = bits_within(u32::MAX, available_memory());
        let fit = |wanted: u32| wanted.min(cap);
        for (pots, stones, wanted) in [(3, 3, 21), (4, 3, 24), (5, 6, 24), (6, 6, 26)] {
            assert_eq!(
                auto_table_bits(rules(pots, stones)),
                fit(wanted),
                "Kalah({pots},{stones})"
            );
        }
        if cfg!(target_os = "linux") {
            let bytes = available_memory().expect("/proc/meminfo on Linux");
            assert!(bytes > 1 << 20 && bytes % 1024 == 0, "{bytes}");
        }
    }

    #[test]
    fn the_guess_searches_deeper_past_48_seeds() {
        assert_eq!(guess_depth(rules(6, 4)), 10);
        assert_eq!(guess_depth(rules(5, 5)), 12);
    }
}
