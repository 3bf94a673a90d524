//! `MazeProblem` against its definition on random grids (rows and columns differ, so a swapped
//! index shows): the heuristic is the Manhattan distance to the nearest goal (brute force),
//! the goal test holds exactly on the goal cells, the moves are the grid's at cost 1, the dense
//! index numbers the cells row by row, and a start or goal outside the grid is refused.

use maze::{Grid, MazeProblem, Num, Platform};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use search_core::{DenseStates, SearchProblem};

/// A grid, a start cell and the goal cells.
type Case = (Grid, (u32, u32), Vec<(u32, u32)>);

fn cases() -> Vec<Case> {
    let mut rng = StdRng::seed_from_u64(364);
    let mut out = Vec::new();
    for (rows, cols) in [(1, 1), (2, 5), (5, 2), (3, 7), (7, 4), (6, 6)] {
        for _ in 0..8 {
            let cells = (0..rows * cols)
                .map(|_| rng.random_range(0..16u32) as u8)
                .collect();
            let grid = Grid::from_cells(rows, cols, cells);
            let cell = |rng: &mut StdRng| {
                (
                    rng.random_range(0..rows as u32),
                    rng.random_range(0..cols as u32),
                )
            };
            let start = cell(&mut rng);
            let goals = (0..1 + rng.random_range(0..3u32))
                .map(|_| cell(&mut rng))
                .collect();
            out.push((grid, start, goals));
        }
    }
    out
}

#[test]
fn a_maze_problem_is_its_definition() {
    for (grid, start, goals) in cases() {
        let p = MazeProblem::new(&grid, "random", start, &goals).unwrap();
        assert_eq!(p.start(), start);
        assert_eq!(p.goals(), goals.as_slice());
        assert!(std::ptr::eq(p.grid(), &grid));
        assert!(p.unit_costs());
        let dense = p.dense_states().unwrap();
        assert_eq!(dense.state_count(), grid.rows() * grid.cols());
        let mut index = 0;
        for r in 0..grid.rows() as u32 {
            for c in 0..grid.cols() as u32 {
                let s = (r, c);
                assert_eq!(dense.state_index(&s), index);
                index += 1;
                assert_eq!(p.is_goal(&s), goals.contains(&s), "{s:?}");
                let h = goals
                    .iter()
                    .map(|&(gr, gc)| r.abs_diff(gr) + c.abs_diff(gc))
                    .min()
                    .unwrap();
                assert_eq!(p.heuristic(&s), Num::Int(i64::from(h)), "{s:?} {goals:?}");
                let mut got = Vec::new();
                p.successors(&s, |side, to, cost| got.push((side, to, cost)));
                let want: Vec<_> = grid.moves(r, c).map(|(d, t)| (d, t, Num::Int(1))).collect();
                assert_eq!(got, want);
                let mut text = String::new();
                p.write_state(&s, &mut text);
                assert_eq!(text, format!("({r}, {c})"));
            }
        }
    }
}

#[test]
fn a_start_or_goal_outside_the_grid_is_refused() {
    let grid = Grid::from_cells(2, 3, vec![15; 6]);
    for (start, goals, what) in [
        ((2, 0), vec![(0, 0)], "--start 2,0"),
        ((0, 3), vec![(0, 0)], "--start 0,3"),
        ((0, 0), vec![(1, 2), (2, 2)], "--goal 2,2"),
        ((0, 0), vec![(1, 3)], "--goal 1,3"),
    ] {
        let e = MazeProblem::new(&grid, "m.txt", start, &goals).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("m.txt: {what} is outside the 2x3 grid")
        );
    }
    assert!(MazeProblem::new(&grid, "m.txt", (1, 2), &[(1, 2), (0, 0)]).is_ok());
}
