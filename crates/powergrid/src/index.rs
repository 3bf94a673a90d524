//! The preprocessed grid: the only value that answers important-line queries.

use crate::Grid;
use crate::error::QueryError;
use crate::names::{Lookup, Probe, ShortNameMap};
use graph_core::Lca;

/// How many queries [`ImportantLines::important_lines_batch`] looks up at once.
pub const BATCH: usize = 16;

/// Answers [`ImportantLines::important_lines`] in O(1) after [`Grid::preprocess`]: the count is
/// the distance in the bridge tree between the cities' 2-edge-connected components, found with
/// an LCA sparse table.
#[derive(Debug, Clone)]
pub struct ImportantLines<'g> {
    grid: &'g Grid,
    /// Short city names straight to their component (one cache miss per name).
    components_by_name: ShortNameMap,
    lca: Lca,
}

impl<'g> ImportantLines<'g> {
    pub(crate) fn new(grid: &'g Grid) -> Self {
        Self {
            grid,
            components_by_name: grid
                .names()
                .short_name_map(grid.decomposition().components()),
            lca: Lca::from_bridge_tree(grid.decomposition().bridge_tree()),
        }
    }

    /// The grid this index answers for.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// Completes a component lookup begun by [`ShortNameMap::start`].
    #[inline]
    fn finish_component(
        &self,
        name: &str,
        probe: Option<Probe>,
        first: u128,
    ) -> Result<usize, QueryError> {
        let lookup = match probe {
            Some(probe) => self.components_by_name.finish(probe, first),
            None => Lookup::Long,
        };
        match lookup {
            Lookup::Found(c) => Some(c as usize),
            Lookup::Long => self.grid.city(name).map(|city| self.grid.component(city)),
            Lookup::Missing => None,
        }
        .ok_or_else(|| QueryError::UnknownCity {
            name: name.to_owned(),
        })
    }

    /// The number of lines important for the pair (`from`, `to`): lines that every path between
    /// the two cities uses (0 when `from == to` or no single line failure separates them).
    ///
    /// # Errors
    /// [`QueryError::UnknownCity`] when a name is not a city of the grid; [`QueryError::NoPath`] when the
    /// grid is disconnected and the cities lie in different parts.
    #[inline]
    pub fn important_lines(&self, from: &str, to: &str) -> Result<usize, QueryError> {
        // Both names hashed, then both first slots loaded, before either lookup is finished:
        // the two cache misses overlap, and the next query's fit in the out-of-order window.
        let map = &self.components_by_name;
        let (probe_a, probe_b) = (map.start(from), map.start(to));
        let first_a = probe_a.map_or(0, |p| map.first(p));
        let first_b = probe_b.map_or(0, |p| map.first(p));
        let a = self.finish_component(from, probe_a, first_a)?;
        let b = self.finish_component(to, probe_b, first_b)?;
        self.lca.distance(a, b).ok_or_else(|| QueryError::NoPath {
            from: from.to_owned(),
            to: to.to_owned(),
        })
    }

    /// [`Self::important_lines`] for each pair of `pairs`, in order: `answer(i, result)` for pair
    /// `i`. Same results as one call per pair, faster: the name lookups of up to [`BATCH`] pairs
    /// are all started before the first is finished, so their cache misses overlap instead of
    /// coming one after another.
    ///
    /// ```
    /// let grid = powergrid::Grid::parse("3\n2\nA\nB\nC\nA B\nB C\n", "g")?;
    /// let index = grid.preprocess();
    /// let mut answers = Vec::new();
    /// index.important_lines_batch(&[("A", "C"), ("B", "Z")], |_, r| answers.push(r.ok()));
    /// assert_eq!(answers, [Some(2), None]);
    /// # Ok::<(), powergrid::Error>(())
    /// ```
    pub fn important_lines_batch(
        &self,
        pairs: &[(&str, &str)],
        mut answer: impl FnMut(usize, Result<usize, QueryError>),
    ) {
        let map = &self.components_by_name;
        for (chunk_index, chunk) in pairs.chunks(BATCH).enumerate() {
            // Three passes: hash every name, then load every probe's first slot in a tight loop
            // (so that all the misses are in flight together), then finish.
            let mut probes = [(None, None); BATCH];
            for (probe, &(from, to)) in probes.iter_mut().zip(chunk) {
                *probe = (map.start(from), map.start(to));
            }
            let mut firsts = [(0, 0); BATCH];
            for (first, &(a, b)) in firsts.iter_mut().zip(&probes) {
                *first = (a.map_or(0, |p| map.first(p)), b.map_or(0, |p| map.first(p)));
            }
            for (i, ((&(from, to), &(a, b)), &(first_a, first_b))) in
                chunk.iter().zip(&probes).zip(&firsts).enumerate()
            {
                let result = self
                    .finish_component(from, a, first_a)
                    .and_then(|a| Ok((a, self.finish_component(to, b, first_b)?)))
                    .and_then(|(a, b)| {
                        self.lca.distance(a, b).ok_or_else(|| QueryError::NoPath {
                            from: from.to_owned(),
                            to: to.to_owned(),
                        })
                    });
                answer(chunk_index * BATCH + i, result);
            }
        }
    }

    /// [`Self::important_lines`] by city numbers; `None` when the cities are in different parts.
    ///
    /// # Panics
    /// When a city number is out of range.
    #[inline]
    pub fn important_lines_between(&self, from: usize, to: usize) -> Option<usize> {
        self.lca
            .distance(self.grid.component(from), self.grid.component(to))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Grid, QueryError};

    #[test]
    fn counts_unknown_cities_and_parts() {
        // A - B = C - D (B = C doubled), E alone, and a long name hanging off D.
        let g = Grid::parse(
            "6\n5\nA\nB\nC\nD\nE\nLlanfairpwllgwyngyll\nA B\nB C\nC B\nC D\nLlanfairpwllgwyngyll D\n",
            "g",
        )
        .unwrap();
        let index = g.preprocess();
        assert_eq!(index.important_lines("A", "D").unwrap(), 2);
        assert_eq!(index.important_lines("B", "C").unwrap(), 0);
        assert_eq!(index.important_lines("D", "D").unwrap(), 0);
        assert_eq!(
            index.important_lines("Llanfairpwllgwyngyll", "A").unwrap(),
            3
        );
        assert_eq!(index.important_lines_between(0, 3), Some(2));
        assert!(matches!(
            index.important_lines("A", "Z"),
            Err(QueryError::UnknownCity { name }) if name == "Z"
        ));
        assert!(matches!(
            index.important_lines("Llanfairpwllgwyngyllgogery", "A"),
            Err(QueryError::UnknownCity { .. })
        ));
        let err = index.important_lines("A", "E").unwrap_err();
        assert_eq!(
            err.to_string(),
            "no path between `A` and `E`: the grid is not connected"
        );
        assert_eq!(index.important_lines_between(0, 4), None);
    }

    #[test]
    fn batches_answer_like_single_queries() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(3);
        let mut text = Vec::new();
        crate::generate::write_random_grid(&mut rng, 300, 400, &mut text).unwrap();
        // Two more parts: a long-named city and a lone one.
        let text = String::from_utf8(text)
            .unwrap()
            .replacen("300\n400\n", "302\n401\n", 1)
            + "c0 a-rather-long-city-name\n";
        let text = text.replacen("c0\n", "c0\na-rather-long-city-name\nalone\n", 1);
        let g = Grid::parse(&text, "g").unwrap();
        let index = g.preprocess();
        let mut names: Vec<String> = (0..300).map(|i| format!("c{i}")).collect();
        names.extend(
            [
                "a-rather-long-city-name",
                "alone",
                "c300",
                "a-rather-long-city-nam",
                "",
            ]
            .map(String::from),
        );
        let pairs: Vec<(&str, &str)> = (0..1000)
            .map(|_| {
                let a = &names[rng.random_range(0..names.len())];
                let b = &names[rng.random_range(0..names.len())];
                (a.as_str(), b.as_str())
            })
            .collect();
        let mut seen = 0;
        index.important_lines_batch(&pairs, |i, result| {
            assert_eq!(i, seen);
            seen += 1;
            let expected = index.important_lines(pairs[i].0, pairs[i].1);
            assert_eq!(
                format!("{result:?}"),
                format!("{expected:?}"),
                "{:?}",
                pairs[i]
            );
        });
        assert_eq!(seen, pairs.len());
    }
}
