//! search-core's searches against plain references written for the tests (a recursive IDA*,
//! AIMA's recursive RBFS, a recursive depth-first search, the queue loop of breadth-first
//! search, MM with scanned frontiers, a model of the duplicate policies), and weighted A* and
//! Yen against A* and uniform-cost search: one test binary for them all.

mod breadth_first_reference;
mod depth_first_reference;
mod idastar_reference;
mod k_shortest;
mod mm_reference;
mod policy_model;
mod rbfs_reference;
mod support;
mod weighted_astar;
