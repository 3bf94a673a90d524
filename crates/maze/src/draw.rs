//! Text art of a maze with a path marked.
//!
//! Corners are `+`; a wall is `---` or `|`, an open side blank, a one-way passage an arrow in the
//! direction it can be passed (`v`/`^` between rows, `>`/`<` between columns). Cells show `S`
//! (start), `G` (goal cells), `*` (the path).

use crate::grid::{EAST, Grid, NORTH, SOUTH, WEST};

/// Draws `grid` with `path` (its first cell is the start) and the goal cells marked.
pub fn draw(grid: &Grid, path: &[(u32, u32)], goals: &[(u32, u32)]) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut mark = vec![' '; rows * cols];
    for &(r, c) in path {
        mark[r as usize * cols + c as usize] = '*';
    }
    for &(r, c) in goals {
        mark[r as usize * cols + c as usize] = 'G';
    }
    if let Some(&(r, c)) = path.first() {
        mark[r as usize * cols + c as usize] = 'S';
    }
    let mut out = String::new();
    for r in 0..=rows {
        // The boundary above row r (below row r-1).
        for c in 0..cols {
            out.push('+');
            let down = r > 0 && grid.cell(r - 1, c) & SOUTH != 0;
            let up = r < rows && grid.cell(r, c) & NORTH != 0;
            out.push_str(match (down, up) {
                (true, true) => "   ",
                (false, false) => "---",
                (true, false) => "-v-",
                (false, true) => "-^-",
            });
        }
        out.push_str("+\n");
        if r == rows {
            break;
        }
        for c in 0..=cols {
            let right = c > 0 && grid.cell(r, c - 1) & EAST != 0;
            let left = c < cols && grid.cell(r, c) & WEST != 0;
            out.push(match (right, left) {
                (true, true) => ' ',
                (false, false) => '|',
                (true, false) => '>',
                (false, true) => '<',
            });
            if c < cols {
                out.push(' ');
                out.push(mark[r * cols + c]);
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_walls_passages_and_the_path() {
        // (0,0) open E and S; (0,1) open W only; (1,0) open N only, (1,1) closed.
        let grid = Grid::parse("0110 0001\n1000 0000\n", "m").unwrap();
        let art = draw(&grid, &[(0, 0), (0, 1)], &[(1, 1)]);
        assert_eq!(
            art,
            "+---+---+\n| S   * |\n+   +---+\n|   | G |\n+---+---+\n"
        );
        // One-way: (0,0) open E, (0,1) closed W.
        let grid = Grid::parse("0100 0000\n", "m").unwrap();
        assert_eq!(draw(&grid, &[], &[]), "+---+---+\n|   >   |\n+---+---+\n");
    }

    #[test]
    fn every_cell_is_marked_in_its_own_place() {
        // Cell (r, c) is drawn on text line 2r + 1, column 4c + 2, on a grid that is not square.
        let (rows, cols) = (3, 5);
        let grid = Grid::from_cells(rows, cols, vec![0; rows * cols]);
        let at = |art: &str, r: usize, c: usize| {
            art.lines()
                .nth(2 * r + 1)
                .unwrap()
                .chars()
                .nth(4 * c + 2)
                .unwrap()
        };
        for r in 0..rows as u32 {
            for c in 0..cols as u32 {
                let (next, goal) = ((rows as u32 - 1 - r, c), (r, cols as u32 - 1 - c));
                let art = draw(&grid, &[(r, c), next], &[goal]);
                let marks: Vec<(usize, usize, char)> = (0..rows)
                    .flat_map(|i| (0..cols).map(move |j| (i, j)))
                    .map(|(i, j)| (i, j, at(&art, i, j)))
                    .filter(|&(_, _, m)| m != ' ')
                    .collect();
                let mut expected = vec![(r as usize, c as usize, 'S')];
                if next != (r, c) {
                    expected.push((next.0 as usize, next.1 as usize, '*'));
                }
                if goal != (r, c) {
                    expected.retain(|&(i, j, _)| (i as u32, j as u32) != goal);
                    expected.push((goal.0 as usize, goal.1 as usize, 'G'));
                }
                expected.sort_unstable();
                assert_eq!(marks, expected, "start ({r}, {c})\n{art}");
            }
        }
    }
}
