//! Hashing helpers for position keys ([`EngineGame::key`](crate::games::EngineGame::key)): the
//! splitmix64 finaliser, a bijective mixer for packed positions, and Zobrist keys drawn from the
//! splitmix64 sequence for positions hashed square by square.

/// The increment of the splitmix64 sequence (2^64 divided by the golden ratio, made odd).
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The splitmix64 finaliser (Steele, Lea and Flood 2014): a bijection on `u64` that spreads
/// every input bit over every output bit. A position packed into 64 bits without loss keeps a
/// distinct key, and the low bits a table indexes by are well spread.
///
/// ```
/// use search_core::games::mix64;
/// assert_eq!(mix64(0), 0);
/// assert_ne!(mix64(1), mix64(2));
/// // Neighbouring inputs differ in about half of the output bits.
/// assert!((mix64(1) ^ mix64(2)).count_ones() > 16);
/// ```
#[must_use]
pub const fn mix64(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `N` Zobrist keys: the first `N` outputs of the splitmix64 generator seeded with `seed`
/// (distinct, since the generator is a bijection of its counter). Usable in a `const`:
/// XOR the keys of the occupied (square, piece) pairs for a key updated move by move.
///
/// ```
/// use search_core::games::zobrist_keys;
/// /// One key per square and colour of a 3x3 board, and one for the side to move.
/// const KEYS: [u64; 19] = zobrist_keys(7);
/// let x_centre = KEYS[4];
/// let o_corner = KEYS[9];
/// let key = x_centre ^ o_corner ^ KEYS[18];
/// assert_eq!(key ^ KEYS[18], x_centre ^ o_corner);
/// let mut sorted = KEYS.to_vec();
/// sorted.sort_unstable();
/// sorted.dedup();
/// assert_eq!(sorted.len(), 19);
/// ```
#[must_use]
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(GOLDEN_GAMMA);
        keys[i] = mix64(state);
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_outputs() {
        // The first outputs of the reference splitmix64 generator seeded with 1234567.
        let keys: [u64; 3] = zobrist_keys(1_234_567);
        assert_eq!(
            keys,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423
            ]
        );
    }
}
