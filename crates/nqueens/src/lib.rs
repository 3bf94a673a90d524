//! N-Queens by min-conflicts repair, from a near-solution start, up to ten million queens.
//!
//! (Work in progress: see the issue tracker.)
