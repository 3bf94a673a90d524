//! Road maps: parsing, heuristic tables and uniform-cost / A* route finding.
//!
//! (Work in progress: see the issue tracker.)
