//! The hasher of the state maps, whose keys no adversary chooses: `rustc-hash`'s FxHash (one
//! add and multiply a word, and a final rotate that gives hashbrown well-mixed top bits for
//! its tags; the older rotate-xor-multiply form left grid cells' tags colliding often).

pub(crate) use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
