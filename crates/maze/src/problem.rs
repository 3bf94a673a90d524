//! The maze as a [`SearchProblem`], and what the platform needs of a problem to run and print.

use crate::error::Error;
use crate::grid::Grid;
use crate::num::Num;
use search_core::{DenseStates, SearchProblem};
use std::fmt::Write as _;

/// A problem the platform can run: a [`SearchProblem`] with Python numbers as costs, whose
/// states print as the platform prints them.
pub trait Platform: SearchProblem<Cost = Num> {
    /// Whether arcs have unit costs (the platform's `search.py`: costs are path lengths) or
    /// their own (`search1.py`: costs are sums of arc costs).
    fn unit_costs(&self) -> bool;
    /// Appends the platform's printed form of `state`.
    fn write_state(&self, state: &Self::State, out: &mut String);
}

/// The default start of the assignment: the entrance (0,7).
pub const DEFAULT_START: (u32, u32) = (0, 7);
/// The default goal: the centre square.
pub const DEFAULT_GOALS: [(u32, u32); 4] = [(6, 6), (6, 7), (7, 6), (7, 7)];

/// A grid maze to search: states are `(row, col)`, moves N, E, S, W (unit cost) allowed by the
/// current cell's bits, and h is the Manhattan distance to the nearest goal cell.
#[derive(Debug, Clone)]
pub struct MazeProblem<'g> {
    grid: &'g Grid,
    start: (u32, u32),
    goals: Vec<(u32, u32)>,
    goal_cells: Vec<bool>,
    h: Vec<i64>,
}

impl<'g> MazeProblem<'g> {
    /// The maze `grid` (read from `file`, named in errors) from `start` to any of `goals`.
    ///
    /// # Errors
    /// [`Error::OutsideGrid`] when the start or a goal is outside the grid.
    pub fn new(
        grid: &'g Grid,
        file: &str,
        start: (u32, u32),
        goals: &[(u32, u32)],
    ) -> Result<Self, Error> {
        let outside = |what, (row, col)| Error::OutsideGrid {
            file: file.to_owned(),
            what,
            row,
            col,
            rows: grid.rows(),
            cols: grid.cols(),
        };
        if !grid.contains(start.0, start.1) {
            return Err(outside("--start", start));
        }
        if let Some(&bad) = goals.iter().find(|g| !grid.contains(g.0, g.1)) {
            return Err(outside("--goal", bad));
        }
        let (rows, cols) = (grid.rows(), grid.cols());
        let mut goal_cells = vec![false; rows * cols];
        for &(r, c) in goals {
            goal_cells[r as usize * cols + c as usize] = true;
        }
        let h = (0..rows * cols)
            .map(|i| {
                let (r, c) = ((i / cols) as i64, (i % cols) as i64);
                goals
                    .iter()
                    .map(|&(gr, gc)| (r - i64::from(gr)).abs() + (c - i64::from(gc)).abs())
                    .min()
                    .unwrap_or(0)
            })
            .collect();
        Ok(Self {
            grid,
            start,
            goals: goals.to_vec(),
            goal_cells,
            h,
        })
    }

    /// The grid.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The goal cells.
    pub fn goals(&self) -> &[(u32, u32)] {
        &self.goals
    }

    fn index(&self, (r, c): (u32, u32)) -> usize {
        r as usize * self.grid.cols() + c as usize
    }
}

impl SearchProblem for MazeProblem<'_> {
    type State = (u32, u32);
    /// The side moved through (`NORTH`, `EAST`, `SOUTH`, `WEST`).
    type Action = u8;
    type Cost = Num;

    fn start(&self) -> (u32, u32) {
        self.start
    }
    fn is_goal(&self, state: &(u32, u32)) -> bool {
        self.goal_cells[self.index(*state)]
    }
    fn successors(&self, state: &(u32, u32), mut visit: impl FnMut(u8, (u32, u32), Num)) {
        for (side, to) in self.grid.moves(state.0, state.1) {
            visit(side, to, Num::Int(1));
        }
    }
    fn heuristic(&self, state: &(u32, u32)) -> Num {
        Num::Int(self.h[self.index(*state)])
    }
    fn dense_states(&self) -> Option<&impl DenseStates<(u32, u32)>> {
        Some(self)
    }
}

impl DenseStates<(u32, u32)> for MazeProblem<'_> {
    fn state_count(&self) -> usize {
        self.grid.rows() * self.grid.cols()
    }
    fn state_index(&self, state: &(u32, u32)) -> usize {
        self.index(*state)
    }
}

impl Platform for MazeProblem<'_> {
    fn unit_costs(&self) -> bool {
        true
    }
    fn write_state(&self, &(r, c): &(u32, u32), out: &mut String) {
        let _ = write!(out, "({r}, {c})");
    }
}
