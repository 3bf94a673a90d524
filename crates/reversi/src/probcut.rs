//! Multi-ProbCut (Buro 1997) for the player's midgame search: per number of empty squares and
//! search depth, a linear model of a deep search's value from a shallow one, fitted by the
//! `fit_probcut` example and checked in as `weights/probcut.txt`:
//!
//! ```text
//! cargo run --release -p reversi --example fit_probcut -- --seed 1 --games 160 --max-depth 10 \
//!     --out crates/reversi/weights/probcut.txt
//! ```
//!
//! The engine ([`search_core::games::EngineGame::probable_cut`]) runs the shallow null-window
//! search and cuts when the model puts the deep value `t` standard deviations beyond the
//! window.
//!
//! `othello gtp --probcut T` sets `t` (1.5 by default, 0 for none); the README has the matches.
//!
//! ```
//! use reversi::probcut::{Table, shallow_depth};
//! let table = Table::builtin();
//! assert_eq!(shallow_depth(8), 4);
//! let test = table.test(40, 8, 1.5).expect("a fitted row");
//! assert_eq!(test.shallow, 4);
//! assert!(test.slope > 0.0 && test.margin > 0.0);
//! assert!(table.test(40, 2, 1.5).is_none()); // too shallow to test
//! ```

use search_core::games::ProbableCut;
use std::sync::OnceLock;

/// The smallest depth tested.
pub const MIN_DEPTH: u32 = 3;

/// The depth of the shallow search for a deep one of `depth` plies (as Edax: about a quarter,
/// times two, keeping the depth's parity; 1 for depth 3).
#[must_use]
pub fn shallow_depth(depth: u32) -> u32 {
    2 * (depth / 4) + (depth & 1)
}

/// One fitted model: the deep value is about `slope * shallow + offset`, its error's standard
/// deviation `sigma` (values in [`ONE_DISC`](crate::eval::ONE_DISC) units).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Model {
    /// The slope.
    pub slope: f32,
    /// The offset.
    pub offset: f32,
    /// The error's standard deviation.
    pub sigma: f32,
}

/// The fitted models by empty squares (0-60) and depth; a depth beyond the deepest fitted one
/// of its parity uses that one's model (with its own shallow depth).
#[derive(Debug, Clone)]
pub struct Table {
    rows: Vec<[Option<Model>; 2]>,
    deepest: Vec<Vec<Option<Model>>>,
}

impl Table {
    /// The checked-in table (`weights/probcut.txt`).
    ///
    /// # Panics
    ///
    /// If the checked-in file does not parse (a test checks it does).
    #[must_use]
    pub fn builtin() -> &'static Self {
        static TABLE: OnceLock<Table> = OnceLock::new();
        TABLE.get_or_init(|| {
            Self::parse(include_str!("../weights/probcut.txt")).expect("the built-in table")
        })
    }

    /// Reads a table: lines `empties_low empties_high depth slope offset sigma`; `#` starts a
    /// comment.
    ///
    /// # Errors
    ///
    /// [`Error::ProbCutLine`](crate::Error::ProbCutLine) for a line that is not six numbers, an
    /// empties range beyond 0-60 or upside down, or a depth below 1.
    pub fn parse(text: &str) -> Result<Self, crate::Error> {
        let mut deepest: Vec<Vec<Option<Model>>> = vec![Vec::new(); 61];
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || crate::Error::ProbCutLine {
                line: n + 1,
                text: line.to_owned(),
            };
            let fields: Vec<f64> = line
                .split_whitespace()
                .map(|f| f.parse().map_err(|_| bad()))
                .collect::<Result<_, _>>()?;
            let [low, high, depth, slope, offset, sigma] = fields[..] else {
                return Err(bad());
            };
            if !(0.0..=60.0).contains(&low) || !(low..=60.0).contains(&high) || depth < 1.0 {
                return Err(bad());
            }
            let model = Model {
                slope: slope as f32,
                offset: offset as f32,
                sigma: sigma as f32,
            };
            for row in &mut deepest[low as usize..=high as usize] {
                let d = depth as usize;
                if row.len() <= d {
                    row.resize(d + 1, None);
                }
                row[d] = Some(model);
            }
        }
        let rows = deepest.iter().map(|row| last_by_parity(row)).collect();
        Ok(Self { rows, deepest })
    }

    /// The model for `depth` plies at `empties` empty squares, if any.
    #[must_use]
    pub fn model(&self, empties: u32, depth: u32) -> Option<Model> {
        let row = self.deepest.get(empties as usize)?;
        match row.get(depth as usize) {
            Some(model) => *model,
            None => self.rows[empties as usize][(depth & 1) as usize],
        }
    }

    /// The engine's test for `depth` plies at `empties` empty squares with `t` standard
    /// deviations of margin; `None` below [`MIN_DEPTH`] or without a model.
    #[must_use]
    pub fn test(&self, empties: u32, depth: u32, t: f32) -> Option<ProbableCut> {
        if depth < MIN_DEPTH || depth >= empties {
            return None;
        }
        let model = self.model(empties, depth)?;
        Some(ProbableCut {
            shallow: shallow_depth(depth),
            slope: model.slope,
            offset: model.offset,
            margin: t * model.sigma,
        })
    }
}

/// Multi-ProbCut as the player uses it: a table and the margin in standard deviations.
#[derive(Debug, Clone, Copy)]
pub struct Selectivity {
    /// The fitted models.
    pub table: &'static Table,
    /// The margin, in standard deviations of a model's error.
    pub t: f32,
}

/// The deepest model of each parity (even, odd) in `row`.
fn last_by_parity(row: &[Option<Model>]) -> [Option<Model>; 2] {
    let last = |parity: usize| {
        row.iter()
            .enumerate()
            .rev()
            .find(|(d, m)| d % 2 == parity && m.is_some())
            .and_then(|(_, m)| *m)
    };
    [last(0), last(1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_depths_keep_the_parity() {
        let got: Vec<u32> = (3..=12).map(shallow_depth).collect();
        assert_eq!(got, [1, 2, 3, 2, 3, 4, 5, 4, 5, 6]);
    }

    #[test]
    fn a_depth_beyond_the_table_uses_the_deepest_of_its_parity() {
        let table = Table::parse("# a comment\n10 20 3 1.0 0.5 2\n10 20 4 0.9 0 3\n").unwrap();
        let four = table.model(15, 4).unwrap();
        assert_eq!(table.model(15, 8), Some(four));
        assert_eq!(table.model(15, 9), table.model(15, 3));
        assert_eq!(table.model(9, 4), None);
        let test = table.test(15, 8, 2.0).unwrap();
        assert_eq!((test.shallow, test.margin), (4, 6.0));
        assert_eq!(table.test(8, 8, 2.0), None, "no deeper than the empties");
    }

    #[test]
    fn the_player_with_a_huge_margin_keeps_the_values_and_a_small_one_saves_positions() {
        use crate::player::Player;
        use search_core::games::Budget;
        let weights = crate::eval::Weights::builtin();
        let position = crate::Position::<8>::random_line(7, 36);
        let choose = |t| {
            Player::new(weights, 16)
                .with_probcut(t)
                .choose(&position, Budget::depth(7))
        };
        let full = choose(None);
        assert_eq!(choose(Some(1000.0)).value, full.value);
        let selective = choose(Some(1.0));
        assert!(selective.nodes < full.nodes, "{selective:?} {full:?}");
        assert!(selective.best.is_some());
    }

    #[test]
    fn a_test_needs_three_plies_and_fewer_than_the_empties() {
        // A model at every depth from 1, for every count of empties.
        let table = Table::parse("0 60 1 1.0 0.0 1.0\n0 60 2 1.0 0.0 1.0\n").unwrap();
        for empties in 0..=60 {
            for depth in 0..=62 {
                let expected = (MIN_DEPTH..empties).contains(&depth);
                let test = table.test(empties, depth, 1.0);
                assert_eq!(test.is_some(), expected, "{empties} empties, depth {depth}");
                assert!(table.model(empties, depth.max(1)).is_some());
            }
        }
        assert_eq!(table.test(61, 4, 1.0), None, "no row beyond 60 empties");
    }

    #[test]
    fn depths_from_one_and_empties_from_0_to_60_are_read() {
        let table = Table::parse("0 0 1 1 0 2\n60 60 1 1 0 2\n").unwrap();
        assert!(table.model(0, 1).is_some() && table.model(60, 1).is_some());
        assert_eq!(table.model(30, 1), None);
        for bad in [
            "0 5 0 1 0 2",
            "61 61 3 1 0 2",
            "-1 5 3 1 0 2",
            "5 5 0.5 1 0 2",
        ] {
            assert!(Table::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_lines_are_refused() {
        assert!(Table::parse("10 20 3 1.0 0.5").is_err());
        assert_eq!(
            Table::parse("# header\n10 20 3 1 0 2\n20 10 3 1 0 2 # upside down").unwrap_err(),
            crate::Error::ProbCutLine {
                line: 3,
                text: "20 10 3 1 0 2".to_owned()
            }
        );
        assert!(Table::parse("10 61 3 1.0 0.5 2").is_err());
        assert!(Table::parse("10 20 x 1.0 0.5 2").is_err());
    }
}
