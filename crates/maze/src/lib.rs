//! The CS364 search platform: grid mazes, labelled graphs and its six search methods.
//!
//! (Work in progress: see the issue tracker.)
