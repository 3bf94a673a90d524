//! The road map: cities interned to dense indices, roads in compressed sparse row form.

use crate::error::{Error, LineError, at};
use crate::input::{Lines, decode, malformed, parse_value};
use crate::names::{Names, hash};
use std::path::Path;

/// A dense city index: cities are numbered from 0 in order of first appearance in the map file.
pub type City = u32;

/// A road map: every line `City1 City2 distance` is a road usable both ways.
///
/// The roads out of a city are kept in file order (the order the search generates them in), in
/// compressed sparse row form: `targets[offsets[c]..offsets[c + 1]]` and the matching `lengths`.
#[derive(Debug, Clone, Default)]
pub struct RoadMap {
    names: Names,
    offsets: Vec<u32>,
    targets: Vec<City>,
    lengths: Vec<f64>,
    terminated: bool,
}

const MAP_LINE: &str = "City1 City2 distance";

impl RoadMap {
    /// Reads and parses the map file at `path` (see [`RoadMap::parse`]).
    ///
    /// # Errors
    /// [`Error::Read`] when the file cannot be read, otherwise those of [`RoadMap::parse_bytes`].
    pub fn read(path: &Path) -> Result<Self, Error> {
        let bytes = std::fs::read(path).map_err(|source| Error::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::parse_bytes(&bytes, &path.display().to_string())
    }

    /// Parses a map file's bytes; `file` names it in error messages.
    ///
    /// # Errors
    /// [`LineError::NotUtf8`], then those of [`RoadMap::parse`].
    pub fn parse_bytes(bytes: &[u8], file: &str) -> Result<Self, Error> {
        Self::parse(decode(bytes, file)?, file)
    }

    /// Parses map text: lines `City1 City2 distance` up to a line `END OF INPUT`.
    ///
    /// Blank lines, `\r\n` line ends, a missing final line end and anything after `END OF INPUT`
    /// are accepted. A file without `END OF INPUT` is read to its end and accepted too
    /// ([`RoadMap::terminated`] tells, so that a program can warn). Distances are finite,
    /// non-negative decimal numbers. City names are case-sensitive.
    ///
    /// # Errors
    /// [`LineError::Malformed`] for a line without exactly three fields, [`LineError::NotANumber`] and
    /// [`LineError::Negative`] for a bad distance, [`LineError::TooLarge`] past 2^32 - 1 cities or
    /// directed roads; each names `file` and the line.
    pub fn parse(text: &str, file: &str) -> Result<Self, Error> {
        let mut reader = RoadReader::new(text, file);
        // Lines go in batches: split and hash a batch, read the name table's slots for all of
        // it (independent loads that overlap their cache misses), then intern in file order.
        let mut batch: Batch<'_> = Vec::with_capacity(BATCH);
        while reader.fill(&mut batch)? {
            reader.intern(&batch)?;
        }
        let terminated = reader.lines.terminated();
        Ok(Self::from_roads(reader.names, &reader.roads, terminated))
    }

    /// The map of `roads` (file order) between the cities of `names`: each road becomes two
    /// directed roads, grouped by source city with a counting sort that keeps file order.
    fn from_roads(names: Names, roads: &[(City, City, f64)], terminated: bool) -> Self {
        let n = names.len();
        let mut offsets = vec![0u32; n + 1];
        for &(a, b, _) in roads {
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut next: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![0; roads.len() * 2];
        let mut lengths = vec![0.0; roads.len() * 2];
        for &(a, b, length) in roads {
            for (from, to) in [(a, b), (b, a)] {
                let slot = &mut next[from as usize];
                targets[*slot as usize] = to;
                lengths[*slot as usize] = length;
                *slot += 1;
            }
        }
        Self {
            names,
            offsets,
            targets,
            lengths,
            terminated,
        }
    }

    /// Whether the file had its `END OF INPUT` line.
    pub fn terminated(&self) -> bool {
        self.terminated
    }

    /// The number of cities.
    pub fn city_count(&self) -> usize {
        self.names.len()
    }

    /// The number of roads (map lines); each is usable both ways.
    pub fn road_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The index of the city called `name`, if it is on the map.
    pub fn city(&self, name: &str) -> Option<City> {
        self.names.get(name)
    }

    /// The name of `city`.
    ///
    /// # Panics
    /// When `city` is not below [`RoadMap::city_count`].
    pub fn name(&self, city: City) -> &str {
        self.names.name(city)
    }

    /// The roads out of `city` in file order: the cities they lead to and their lengths (both
    /// empty for an index past the last city).
    #[inline]
    pub fn roads(&self, city: City) -> (&[City], &[f64]) {
        let c = city as usize;
        if c + 1 >= self.offsets.len() {
            return (&[], &[]);
        }
        let range = self.offsets[c] as usize..self.offsets[c + 1] as usize;
        (&self.targets[range.clone()], &self.lengths[range])
    }

    /// The city name closest to `name` (edit distance, letter case ignored) when one is close.
    pub fn closest_name(&self, name: &str) -> Option<&str> {
        self.names.closest(name)
    }
}

/// Lines read per batch by [`RoadMap::parse`].
const BATCH: usize = 32;

/// A batch of road lines: line number, the two names, the length and the names' hashes.
type Batch<'t> = Vec<(usize, &'t str, &'t str, f64, u64, u64)>;

/// The state of [`RoadMap::parse`]: the lines left, the cities named so far and the roads in
/// file order.
struct RoadReader<'t, 'f> {
    file: &'f str,
    lines: Lines<'t>,
    names: Names,
    roads: Vec<(City, City, f64)>,
}

impl<'t, 'f> RoadReader<'t, 'f> {
    fn new(text: &'t str, file: &'f str) -> Self {
        RoadReader {
            file,
            lines: Lines::new(text),
            // About one new name per 32 bytes at most in dense files: rarely grows.
            names: Names::with_capacity(text.len() / 32),
            roads: Vec::with_capacity(text.len() / 16),
        }
    }

    fn too_large(&self, line: usize) -> Error {
        let max = u64::from(u32::MAX - 1);
        at(self.file, line, LineError::TooLarge { max })
    }

    /// Reads up to [`BATCH`] road lines into `batch`; whether there were any.
    fn fill(&mut self, batch: &mut Batch<'t>) -> Result<bool, Error> {
        batch.clear();
        for (number, line) in self.lines.by_ref() {
            let mut fields = line.split_ascii_whitespace();
            let (Some(a), Some(b), Some(d), None) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                return Err(malformed(self.file, number, line, MAP_LINE));
            };
            let length = parse_value(d, "distance", self.file, number)?;
            batch.push((number, a, b, length, hash(a), hash(b)));
            if batch.len() == BATCH {
                break;
            }
        }
        Ok(!batch.is_empty())
    }

    /// Interns the batch's cities in file order (after touching their table slots, so the
    /// cache misses overlap) and records its roads.
    fn intern(&mut self, batch: &Batch<'t>) -> Result<(), Error> {
        let mut touched = 0;
        for &(_, _, _, _, ha, hb) in batch {
            touched ^= self.names.touch(ha) ^ self.names.touch(hb);
        }
        std::hint::black_box(touched);
        for &(number, a, b, length, ha, hb) in batch {
            let a = self.names.intern_hashed(a, ha);
            let b = self.names.intern_hashed(b, hb);
            let (Some(a), Some(b)) = (a, b) else {
                return Err(self.too_large(number));
            };
            if self.roads.len() >= (u32::MAX / 2) as usize {
                return Err(self.too_large(number));
            }
            self.roads.push((a, b, length));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_city() {
        let map = RoadMap::parse_bytes(b"\xEF\xBB\xBFA B 1\nEND OF INPUT\n", "m.txt").unwrap();
        assert!(map.city("A").is_some());
    }

    #[test]
    fn both_directions_in_file_order() {
        let map = RoadMap::parse("A B 1\nC A 2.5\nB C 3\nEND OF INPUT\n", "m").unwrap();
        assert_eq!(map.city_count(), 3);
        assert_eq!(map.road_count(), 3);
        let a = map.city("A").unwrap();
        assert_eq!(map.roads(a), (&[1, 2][..], &[1.0, 2.5][..]));
        assert_eq!(
            map.roads(map.city("C").unwrap()),
            (&[0, 1][..], &[2.5, 3.0][..])
        );
        assert_eq!(map.name(2), "C");
        assert_eq!(map.roads(99), (&[][..], &[][..]));
        assert!(map.terminated());
    }

    #[test]
    fn parallel_roads_and_loops_are_kept() {
        let map = RoadMap::parse("A B 1\nA B 2\nA A 3\n", "m").unwrap();
        assert_eq!(map.roads(0), (&[1, 1, 0, 0][..], &[1.0, 2.0, 3.0, 3.0][..]));
        assert!(!map.terminated());
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        for (text, line) in [
            ("A B 1\nA B\n", 2),
            ("\n\nA B 1 2\n", 3),
            ("A\r\n", 1),
            ("A B 1\nEND OF\n", 2),
        ] {
            let e = RoadMap::parse(text, "map.txt").unwrap_err().to_string();
            assert!(
                e.starts_with(&format!("map.txt:{line}: malformed line")),
                "{e}"
            );
            assert!(e.contains("City1 City2 distance"), "{e}");
        }
    }

    #[test]
    fn bad_distances() {
        let e = RoadMap::parse("A B -3\n", "map.txt")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "map.txt:1: distance `-3` is negative");
        let e = RoadMap::parse("A B 1\nB C ten\n", "map.txt")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "map.txt:2: distance `ten` is not a number");
    }

    #[test]
    fn after_end_is_ignored_and_empty_maps_are_fine() {
        let map = RoadMap::parse("A B 1\nEND OF INPUT\nthis is not a road\n", "m").unwrap();
        assert_eq!(map.road_count(), 1);
        let empty = RoadMap::parse("END OF INPUT", "m").unwrap();
        assert_eq!(empty.city_count(), 0);
        assert!(empty.terminated());
    }
}
