//! Generic state-space search, constraint repair and adversarial game search.
//!
//! (Work in progress: see the issue tracker.)
