//! Heuristic tables: an estimate of the distance left from each city to one destination.

use crate::error::{Error, LineError, at};
use crate::input::{Lines, decode, malformed, parse_value};
use crate::map::RoadMap;
use crate::names::Names;
use std::path::Path;

/// A heuristic table: lines `City value` up to a line `END OF INPUT`. A city missing from the
/// table has the value 0.
#[derive(Debug, Clone, Default)]
pub struct Heuristic {
    names: Names,
    values: Vec<f64>,
    terminated: bool,
}

const HEURISTIC_LINE: &str = "City value";

impl Heuristic {
    /// Reads and parses the heuristic file at `path`.
    ///
    /// # Errors
    /// [`Error::Read`] when the file cannot be read, otherwise those of [`Heuristic::parse`].
    pub fn read(path: &Path) -> Result<Self, Error> {
        let bytes = std::fs::read(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let file = path.display().to_string();
        Self::parse(decode(&bytes, &file)?, &file)
    }

    /// Parses heuristic text; `file` names it in error messages. The same leniency as
    /// [`RoadMap::parse`]: blank lines, `\r\n`, no final line end, text after `END OF INPUT`, and
    /// no `END OF INPUT` at all ([`Heuristic::terminated`] tells).
    ///
    /// # Errors
    /// [`LineError::Malformed`] for a line without exactly two fields, [`LineError::NotANumber`] and
    /// [`LineError::Negative`] for a bad value, [`LineError::DuplicateHeuristic`] for a city listed twice.
    pub fn parse(text: &str, file: &str) -> Result<Self, Error> {
        let mut names = Names::default();
        let mut values = Vec::new();
        let mut first_lines = Vec::new();
        let mut lines = Lines::new(text);
        for (number, line) in &mut lines {
            let mut fields = line.split_ascii_whitespace();
            let (Some(city), Some(v), None) = (fields.next(), fields.next(), fields.next()) else {
                return Err(malformed(file, number, line, HEURISTIC_LINE));
            };
            let value = parse_value(v, "heuristic value", file, number)?;
            let i = names.intern(city).ok_or_else(|| {
                at(
                    file,
                    number,
                    LineError::TooLarge {
                        max: u64::from(u32::MAX - 1),
                    },
                )
            })? as usize;
            if i < values.len() {
                return Err(at(
                    file,
                    number,
                    LineError::DuplicateHeuristic {
                        city: city.to_owned(),
                        first: first_lines[i],
                    },
                ));
            }
            values.push(value);
            first_lines.push(number);
        }
        Ok(Self {
            names,
            values,
            terminated: lines.terminated(),
        })
    }

    /// Whether the file had its `END OF INPUT` line.
    pub fn terminated(&self) -> bool {
        self.terminated
    }

    /// The value for the city called `name` (0 when the table does not list it).
    pub fn value(&self, name: &str) -> f64 {
        self.names
            .get(name)
            .map_or(0.0, |i| self.values[i as usize])
    }

    /// The values indexed by the cities of `map` (0 for those the table does not list); the
    /// table's cities that are not on the map are ignored.
    pub fn for_map(&self, map: &RoadMap) -> Vec<f64> {
        let mut by_city = vec![0.0; map.city_count()];
        for (i, &value) in self.values.iter().enumerate() {
            let name = self.names.name(i as u32);
            if let Some(city) = map.city(name) {
                by_city[city as usize] = value;
            }
        }
        by_city
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_missing_cities() {
        let h = Heuristic::parse("A 3\r\n\r\nB 2.5\r\nEND OF INPUT\r\nC x", "h").unwrap();
        assert_eq!(h.value("A"), 3.0);
        assert_eq!(h.value("B"), 2.5);
        assert_eq!(h.value("C"), 0.0);
        assert!(h.terminated());
        let map = RoadMap::parse("B C 1\nC D 1\n", "m").unwrap();
        assert_eq!(h.for_map(&map), [2.5, 0.0, 0.0]);
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = |text| Heuristic::parse(text, "h.txt").unwrap_err().to_string();
        assert_eq!(
            e("A 1\nB\n"),
            "h.txt:2: malformed line `B`: expected `City value`"
        );
        assert_eq!(e("A 1 2\n").split(':').next(), Some("h.txt"));
        assert_eq!(e("A -1\n"), "h.txt:1: heuristic value `-1` is negative");
        assert_eq!(
            e("A far\n"),
            "h.txt:1: heuristic value `far` is not a number"
        );
        assert_eq!(
            e("A 1\n\nA 1\n"),
            "h.txt:3: city `A` already has a heuristic value (line 1)"
        );
    }
}
