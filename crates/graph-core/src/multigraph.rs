//! A compact undirected multigraph in CSR form.

use crate::Error;

/// Marks "no vertex / no edge / no node" in the crate's 32-bit arrays.
pub(crate) const NONE: u32 = u32::MAX;

/// The largest vertex or edge count a [`MultiGraph`] holds (ids are stored in 32 bits).
pub const MAX_COUNT: usize = (u32::MAX - 1) as usize;

/// An undirected multigraph: parallel edges and self-loops allowed, every edge keeps its id
/// (its position in the edge list the graph was built from).
///
/// Adjacency is stored in compressed sparse row form: the incidences of vertex `v` are one
/// contiguous slice of `(neighbour, edge id)` pairs. A self-loop appears twice in its vertex's slice.
#[derive(Debug, Clone)]
pub struct MultiGraph {
    /// `offsets[v]..offsets[v + 1]` is the slice of `incidences` belonging to `v`.
    offsets: Vec<u32>,
    /// `(neighbour, edge id)` pairs, grouped by vertex.
    incidences: Vec<(u32, u32)>,
    /// The endpoints of every edge, in the order given.
    edges: Vec<(u32, u32)>,
}

impl MultiGraph {
    /// Builds the graph on vertices `0..vertex_count` from an edge list (edge `i` joins
    /// `edges[i].0` and `edges[i].1`), in O(n + m) time.
    ///
    /// # Errors
    /// [`Error::VertexOutOfRange`] when an edge names a vertex `>= vertex_count`;
    /// [`Error::TooLarge`] when the counts do not fit the 32-bit representation.
    pub fn from_edges(vertex_count: usize, edges: &[(usize, usize)]) -> Result<Self, Error> {
        check_count("vertices", vertex_count)?;
        check_count("edges", edges.len().saturating_mul(2))?;
        check_endpoints(vertex_count, edges)?;
        let compact = edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect();
        Ok(Self::from_compact(vertex_count, compact))
    }

    /// Like [`MultiGraph::from_edges`], taking 32-bit endpoints and keeping the vector as the
    /// graph's edge list (no copy).
    ///
    /// # Errors
    /// As [`MultiGraph::from_edges`].
    pub fn from_edge_vec(vertex_count: usize, edges: Vec<(u32, u32)>) -> Result<Self, Error> {
        check_count("vertices", vertex_count)?;
        check_count("edges", edges.len().saturating_mul(2))?;
        for (edge, &(u, v)) in edges.iter().enumerate() {
            for vertex in [u, v] {
                if vertex as usize >= vertex_count {
                    return Err(Error::VertexOutOfRange {
                        edge,
                        vertex: vertex as usize,
                        vertex_count,
                    });
                }
            }
        }
        Ok(Self::from_compact(vertex_count, edges))
    }

    /// Counting sort of the incidences by vertex; endpoints already checked.
    fn from_compact(vertex_count: usize, edges: Vec<(u32, u32)>) -> Self {
        let mut offsets = vec![0u32; vertex_count + 1];
        for &(u, v) in &edges {
            offsets[u as usize + 1] += 1;
            offsets[v as usize + 1] += 1;
        }
        for v in 0..vertex_count {
            offsets[v + 1] += offsets[v];
        }
        let mut next = offsets.clone();
        let mut incidences = vec![(0u32, 0u32); edges.len() * 2];
        for (e, &(u, v)) in edges.iter().enumerate() {
            let e = e as u32;
            incidences[next[u as usize] as usize] = (v, e);
            next[u as usize] += 1;
            incidences[next[v as usize] as usize] = (u, e);
            next[v as usize] += 1;
        }
        Self {
            offsets,
            incidences,
            edges,
        }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of edges (parallel edges and self-loops each count once).
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The endpoints of edge `edge`, in the order given when the graph was built.
    ///
    /// # Panics
    /// When `edge >= self.edge_count()`.
    pub fn endpoints(&self, edge: usize) -> (usize, usize) {
        let (u, v) = self.edges[edge];
        (u as usize, v as usize)
    }

    /// The `(neighbour, edge id)` incidences of `vertex` (a self-loop is listed twice).
    ///
    /// # Panics
    /// When `vertex >= self.vertex_count()`.
    pub fn neighbors(&self, vertex: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.incidence_slice(vertex)
            .iter()
            .map(|&(w, e)| (w as usize, e as usize))
    }

    /// The number of edge ends at `vertex` (a self-loop counts twice).
    pub fn degree(&self, vertex: usize) -> usize {
        self.incidence_slice(vertex).len()
    }

    /// The raw incidence slice of a vertex.
    pub(crate) fn incidence_slice(&self, vertex: usize) -> &[(u32, u32)] {
        &self.incidences[self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize]
    }

    /// The raw CSR arrays: offsets and incidences.
    pub(crate) fn csr(&self) -> (&[u32], &[(u32, u32)]) {
        (&self.offsets, &self.incidences)
    }
}

/// Every endpoint below `vertex_count`, or the first that is not.
pub(crate) fn check_endpoints(vertex_count: usize, edges: &[(usize, usize)]) -> Result<(), Error> {
    for (edge, &(u, v)) in edges.iter().enumerate() {
        for vertex in [u, v] {
            if vertex >= vertex_count {
                return Err(Error::VertexOutOfRange {
                    edge,
                    vertex,
                    vertex_count,
                });
            }
        }
    }
    Ok(())
}

pub(crate) fn check_count(what: &'static str, count: usize) -> Result<(), Error> {
    if count > MAX_COUNT {
        return Err(Error::TooLarge {
            what,
            count,
            max: MAX_COUNT,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_edge_ids_parallel_edges_and_self_loops() {
        let g = MultiGraph::from_edges(3, &[(0, 1), (1, 0), (2, 2)]).unwrap();
        assert_eq!(g.vertex_count(), 3);
        assert_eq!(g.edge_count(), 3);
        assert_eq!(g.endpoints(1), (1, 0));
        let mut n0: Vec<_> = g.neighbors(0).collect();
        n0.sort_unstable();
        assert_eq!(n0, [(1, 0), (1, 1)]);
        assert_eq!(g.degree(2), 2);
        assert_eq!(g.neighbors(2).collect::<Vec<_>>(), [(2, 2), (2, 2)]);
    }

    #[test]
    fn rejects_out_of_range_vertex() {
        let err = MultiGraph::from_edges(2, &[(0, 1), (1, 2)]).unwrap_err();
        assert_eq!(
            err,
            Error::VertexOutOfRange {
                edge: 1,
                vertex: 2,
                vertex_count: 2
            }
        );
        assert!(MultiGraph::from_edge_vec(1, vec![(0, 1)]).is_err());
    }

    #[test]
    fn the_size_limit_is_2_pow_32_minus_2() {
        // Documented: at most 2^32 - 2 vertices, edge ends or forest nodes, so that no count
        // reaches the NONE marker. Graphs that large cannot be built in a test (the check comes
        // first, but a count just below the limit would allocate gigabytes): the check alone.
        assert_eq!(MAX_COUNT, (1usize << 32) - 2);
        assert!(MAX_COUNT < NONE as usize);
        assert_eq!(check_count("nodes", MAX_COUNT), Ok(()));
        assert_eq!(
            check_count("nodes", MAX_COUNT + 1),
            Err(Error::TooLarge {
                what: "nodes",
                count: MAX_COUNT + 1,
                max: MAX_COUNT
            })
        );
        assert!(check_count("edges", usize::MAX).is_err());
        assert_eq!(check_count("edges", 0), Ok(()));
    }

    #[test]
    fn empty_graph() {
        let g = MultiGraph::from_edges(0, &[]).unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (0, 0));
    }
}
