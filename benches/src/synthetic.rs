//! Seeded synthetic 512x512 maps of the kinds the Moving AI set has beside game maps (mazes,
//! random obstacles, rooms) and an open one, so that the real-map timings can be checked on maps
//! unlike the three kept Dragon Age: Origins ones: `MAPS=synthetic` (all of them) or
//! `MAPS=maze-1,rooms` for the timing examples and the `movingai` benchmark.

use crate::movingai::Map;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The synthetic maps' names: mazes with corridors 1 and 8 cells wide, 20% and 35% of the cells
/// blocked at random, 31x31 rooms with doors 3 cells wide, and an open map with 40 blocks.
pub const SYNTHETIC: [&str; 6] = [
    "maze-1",
    "maze-8",
    "random-20",
    "random-35",
    "rooms",
    "open",
];

/// The side of every synthetic map.
const SIDE: usize = 512;

/// The synthetic map `name` (one of [`SYNTHETIC`]), the same on every run.
pub fn generate(name: &str) -> Option<Map> {
    let mut rng = StdRng::seed_from_u64(7);
    let open = match name {
        "maze-1" => maze(1, &mut rng),
        "maze-8" => maze(8, &mut rng),
        "random-20" => random(20, &mut rng),
        "random-35" => random(35, &mut rng),
        "rooms" => rooms(&mut rng),
        "open" => open_with_blocks(&mut rng),
        _ => return None,
    };
    Some(Map::from_cells(name, SIDE, SIDE, open))
}

/// Each cell blocked with probability `percent` / 100.
fn random(percent: u32, rng: &mut StdRng) -> Vec<bool> {
    (0..SIDE * SIDE)
        .map(|_| rng.random_range(0..100) >= percent)
        .collect()
}

/// A perfect maze (one path between any two cells) of corridors `width` cells wide between
/// walls one cell thick, carved by a depth-first walk with an explicit stack.
fn maze(width: usize, rng: &mut StdRng) -> Vec<bool> {
    let pitch = width + 1;
    let cells = SIDE / pitch;
    let mut open = vec![false; SIDE * SIDE];
    let mut carve = |x0: usize, y0: usize, w: usize, h: usize| {
        for y in y0..y0 + h {
            open[y * SIDE + x0..y * SIDE + x0 + w].fill(true);
        }
    };
    let mut seen = vec![false; cells * cells];
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    seen[0] = true;
    carve(0, 0, width, width);
    while let Some(&(cx, cy)) = stack.last() {
        let next: Vec<(usize, usize)> = [(1isize, 0isize), (0, 1), (-1, 0), (0, -1)]
            .iter()
            .filter_map(|&(dx, dy)| {
                let (nx, ny) = (cx.checked_add_signed(dx)?, cy.checked_add_signed(dy)?);
                (nx < cells && ny < cells && !seen[ny * cells + nx]).then_some((nx, ny))
            })
            .collect();
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nx, ny) = next[rng.random_range(0..next.len())];
        seen[ny * cells + nx] = true;
        // The cell and the wall between it and the one it was reached from.
        let (x0, y0) = (cx.min(nx) * pitch, cy.min(ny) * pitch);
        let (w, h) = if nx != cx {
            (2 * width + 1, width)
        } else {
            (width, 2 * width + 1)
        };
        carve(x0, y0, w, h);
        stack.push((nx, ny));
    }
    open
}

/// Rooms of 31x31 cells behind walls one cell thick; each wall between two rooms has a door
/// 3 cells wide with probability 0.7.
fn rooms(rng: &mut StdRng) -> Vec<bool> {
    const PITCH: usize = 32;
    let mut open = vec![true; SIDE * SIDE];
    for k in (0..SIDE).step_by(PITCH) {
        for i in 0..SIDE {
            open[k * SIDE + i] = false;
            open[i * SIDE + k] = false;
        }
    }
    let rooms = SIDE / PITCH;
    for ry in 0..rooms {
        for rx in 0..rooms {
            if rx + 1 < rooms && rng.random_bool(0.7) {
                let (x, y0) = ((rx + 1) * PITCH, ry * PITCH + rng.random_range(2..28));
                (y0..y0 + 3).for_each(|y| open[y * SIDE + x] = true);
            }
            if ry + 1 < rooms && rng.random_bool(0.7) {
                let (y, x0) = ((ry + 1) * PITCH, rx * PITCH + rng.random_range(2..28));
                (x0..x0 + 3).for_each(|x| open[y * SIDE + x] = true);
            }
        }
    }
    open
}

/// An open map with 40 rectangular blocks of 5 to 39 cells a side.
fn open_with_blocks(rng: &mut StdRng) -> Vec<bool> {
    let mut open = vec![true; SIDE * SIDE];
    for _ in 0..40 {
        let (x0, y0) = (
            rng.random_range(0..SIDE - 40),
            rng.random_range(0..SIDE - 40),
        );
        let (w, h) = (rng.random_range(5..40), rng.random_range(5..40));
        for y in y0..y0 + h {
            open[y * SIDE + x0..y * SIDE + x0 + w].fill(false);
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every synthetic map is 512x512 with a large connected region, and the same on every call.
    #[test]
    fn synthetic_maps_are_seeded_and_connected() {
        for name in SYNTHETIC {
            let map = generate(name).expect("a synthetic map");
            assert_eq!((map.width, map.height), (SIDE, SIDE), "{name}");
            let region = map.largest_region().len();
            assert!(region > SIDE * SIDE / 5, "{name}: {region}");
            let again = generate(name).expect("a synthetic map");
            assert_eq!(map.queries(5, 1), again.queries(5, 1), "{name}");
        }
        assert!(generate("nowhere").is_none());
    }

    /// A perfect maze of corridors one cell wide: its open cells form one region (every
    /// corridor cell is reachable) and its walls leave a quarter of the map open.
    #[test]
    fn a_maze_is_one_region() {
        let map = generate("maze-1").expect("a synthetic map");
        let open = (0..SIDE * SIDE)
            .filter(|&i| map.is_open((i % SIDE) as isize, (i / SIDE) as isize))
            .count();
        assert_eq!(map.largest_region().len(), open);
        // 256 x 256 cells and the 256 * 256 - 1 walls opened between them.
        assert_eq!(open, 2 * 256 * 256 - 1);
    }
}
