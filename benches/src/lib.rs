//! Shared helpers for the benchmarks: seeded generators of test inputs.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::{DenseStates, SearchProblem};

/// A square 4-connected grid whose cells have random entry costs in `1..=9`.
#[derive(Debug, Clone)]
pub struct WeightedGrid {
    /// Cells per side.
    pub side: usize,
    /// The cost of entering each cell, row-major.
    pub cost: Vec<u32>,
}

impl WeightedGrid {
    /// A grid of `side * side` cells with costs drawn from a seeded RNG.
    pub fn random(side: usize, seed: u64) -> Self {
        let mut rng = StdRng::seed_from_u64(seed);
        let cost = (0..side * side).map(|_| rng.random_range(1..=9)).collect();
        Self { side, cost }
    }

    /// Calls `visit(neighbour, cost)` for the up to four neighbours of `cell` (N, E, S, W).
    #[inline]
    pub fn neighbours(&self, cell: usize, mut visit: impl FnMut(usize, u32)) {
        let (row, col) = (cell / self.side, cell % self.side);
        if row > 0 {
            visit(cell - self.side, self.cost[cell - self.side]);
        }
        if col + 1 < self.side {
            visit(cell + 1, self.cost[cell + 1]);
        }
        if row + 1 < self.side {
            visit(cell + self.side, self.cost[cell + self.side]);
        }
        if col > 0 {
            visit(cell - 1, self.cost[cell - 1]);
        }
    }

    /// Manhattan distance to the far corner (costs are at least 1, so it is consistent).
    #[inline]
    pub fn manhattan_to_corner(&self, cell: usize) -> u32 {
        let (row, col) = (cell / self.side, cell % self.side);
        ((self.side - 1 - row) + (self.side - 1 - col)) as u32
    }
}

/// The grid as a search-core problem: from the top-left corner to the bottom-right one, the
/// heuristic [`WeightedGrid::manhattan_to_corner`]. With `DENSE` the states are densely indexed
/// (bit-array closed sets); without, the algorithms keep hash sets, as the closure form does.
pub struct GridProblem<'a, const DENSE: bool>(&'a WeightedGrid);

impl<'a> GridProblem<'a, true> {
    /// The grid with dense state indices.
    pub fn dense(grid: &'a WeightedGrid) -> Self {
        Self(grid)
    }
}

impl<'a> GridProblem<'a, false> {
    /// The grid without dense state indices: the trait form to compare with the closure form.
    pub fn hashed(grid: &'a WeightedGrid) -> Self {
        Self(grid)
    }
}

impl<const DENSE: bool> SearchProblem for GridProblem<'_, DENSE> {
    type State = usize;
    type Action = ();
    type Cost = u32;
    fn start(&self) -> usize {
        0
    }
    fn is_goal(&self, cell: &usize) -> bool {
        *cell == self.0.cost.len() - 1
    }
    fn successors(&self, cell: &usize, mut visit: impl FnMut((), usize, u32)) {
        self.0.neighbours(*cell, |next, cost| visit((), next, cost));
    }
    fn heuristic(&self, cell: &usize) -> u32 {
        self.0.manhattan_to_corner(*cell)
    }
    fn dense_states(&self) -> Option<&impl DenseStates<usize>> {
        DENSE.then_some(self)
    }
}

impl<const DENSE: bool> DenseStates<usize> for GridProblem<'_, DENSE> {
    fn state_count(&self) -> usize {
        self.0.cost.len()
    }
    fn state_index(&self, state: &usize) -> usize {
        *state
    }
}

impl WeightedGrid {
    /// The neighbours of `cell` with their costs as an iterator (the form `pathfinding` takes).
    pub fn successors(&self, cell: usize) -> impl Iterator<Item = (usize, u32)> {
        let mut out = [(0, 0); 4];
        let mut n = 0;
        self.neighbours(cell, |next, cost| {
            out[n] = (next, cost);
            n += 1;
        });
        out.into_iter().take(n)
    }
}
pub mod movingai;
pub mod synthetic;

/// Runs `f` on a thread with a 1 GiB stack, for the peers' functions that recurse once per
/// vertex of a path (`pathfinding`'s strongly connected components, topological sort and
/// `dfs_reach`, `petgraph`'s `tarjan_scc`) and overflow the main thread's stack on the
/// benchmarks' large graphs; ours do not recurse. The thread costs microseconds per run.
pub fn big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .expect("no panic")
    })
}
