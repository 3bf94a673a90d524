//! The crate's error type.

/// Errors of search-core's algorithms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Min-conflicts ran out of steps in every attempt.
    #[error("min-conflicts found no solution in {steps} repairs and {restarts} restarts")]
    Unsolved {
        /// Repairs made over all attempts.
        steps: u64,
        /// Restarts made.
        restarts: u32,
    },
}
