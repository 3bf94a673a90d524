//! The wind power grid assignment: critical lines and important-line queries.
//!
//! (Work in progress: see the issue tracker.)
