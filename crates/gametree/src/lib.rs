//! Explicit game trees in the CISC 352 text format, searched by alpha-beta.
//!
//! (Work in progress: see the issue tracker.)
