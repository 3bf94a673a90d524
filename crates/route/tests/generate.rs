//! The perturbed grid, checked road by road against its description: the smallest square that
//! holds the roads, rows top to bottom, each city's road right then down (down-right one time
//! in six), one-decimal lengths from 1.0 to 99.9, the destination where the last road leads.

use rand::SeedableRng;
use rand::rngs::StdRng;
use route::RoadMap;
use route::generate::perturbed_grid;

/// `r<row>c<col>` as (row, col).
fn cell(name: &str) -> (usize, usize) {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse().unwrap(), c.parse().unwrap())
}

#[test]
fn roads_follow_the_grid_in_order() {
    let mut diagonals = 0;
    let mut downs = 0;
    for roads in (1..=60).chain([111, 112, 113, 500]) {
        let map = perturbed_grid(roads, &mut StdRng::seed_from_u64(roads as u64));
        // The smallest side whose 2 * side * (side - 1) roads are enough (2 at least).
        let side = (2..).find(|&s| 2 * s * (s - 1) >= roads).unwrap();
        // The roads the description lists, in order: (from, right or down).
        let mut expected = Vec::new();
        for r in 0..side {
            for c in 0..side {
                if c + 1 < side {
                    expected.push(((r, c), true));
                }
                if r + 1 < side {
                    expected.push(((r, c), false));
                }
            }
        }
        let mut lines = map.text.lines();
        let mut last = (0, 0);
        for (i, &(from, right)) in expected.iter().take(roads).enumerate() {
            let line = lines.next().unwrap();
            let mut fields = line.split(' ');
            let (a, b, km) = (
                cell(fields.next().unwrap()),
                cell(fields.next().unwrap()),
                fields.next().unwrap(),
            );
            assert_eq!(fields.next(), None, "{line}");
            assert_eq!(a, from, "road {i} of {roads}: {line}");
            if right {
                assert_eq!(b, (a.0, a.1 + 1), "{line}");
            } else if b == (a.0 + 1, a.1 + 1) {
                assert!(a.1 + 1 < side, "{line}");
                diagonals += 1;
            } else {
                assert_eq!(b, (a.0 + 1, a.1), "{line}");
                downs += 1;
            }
            let (whole, tenths) = km.split_once('.').unwrap();
            let whole: u32 = whole.parse().unwrap();
            assert!((1..=99).contains(&whole) && tenths.len() == 1, "{line}");
            assert!(tenths.as_bytes()[0].is_ascii_digit(), "{line}");
            last = b;
        }
        assert_eq!(lines.next(), Some("END OF INPUT"));
        assert_eq!(lines.next(), None);
        assert_eq!(map.origin, "r0c0");
        assert_eq!(map.destination, format!("r{}c{}", last.0, last.1));
        let parsed = RoadMap::parse(&map.text, "generated").unwrap();
        assert_eq!(parsed.road_count(), roads);
        assert!(parsed.city(&map.destination).is_some());
    }
    // About one down road in six is diagonal.
    assert!(
        diagonals * 10 > downs && diagonals * 3 < downs,
        "{diagonals} of {downs}"
    );
}
