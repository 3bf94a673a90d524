//! Benchmarks for `search_core` (placeholder until its issue lands).
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};

fn placeholder(_c: &mut Criterion) {}

criterion_group!(benches, placeholder);
criterion_main!(benches);
