//! The genetic algorithm (AIMA figure 4.8): a population of fixed-length strings of genes
//! evolves by fitness-proportional selection, single-point crossover and mutation.

use rand::Rng;

/// The settings of [`genetic_algorithm`]; the default is aima-python's: 1000 generations,
/// mutation probability 0.1, no fitness threshold.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GeneticOptions {
    /// The most generations to breed.
    pub generations: u32,
    /// The probability that a child has one gene replaced by a random one from the pool.
    pub mutation: f64,
    /// Stop as soon as an individual is at least this fit (`None`: breed every generation).
    pub threshold: Option<f64>,
}

impl Default for GeneticOptions {
    fn default() -> Self {
        Self {
            generations: 1000,
            mutation: 0.1,
            threshold: None,
        }
    }
}

/// The genetic algorithm: each generation replaces the population by as many children, each
/// bred from two parents drawn with probability proportional to their fitness (uniformly when
/// every fitness is zero), cut at a random point (the first parent's genes before it, the
/// second's from it on) and mutated with probability `options.mutation` (one gene, at random,
/// replaced by one drawn from `gene_pool`). Returns the first individual of a generation that
/// reaches `options.threshold`, or else the fittest of the last generation (the first among
/// equals). Fitness must not be negative. Seeded through `rng`, so runs repeat exactly.
///
/// ```
/// use rand::{SeedableRng, rngs::StdRng};
/// use search_core::local_search::{GeneticOptions, genetic_algorithm};
/// // Evolve ten bits towards all ones.
/// let mut rng = StdRng::seed_from_u64(3);
/// let population = vec![vec![0u8; 10]; 20];
/// let ones = |bits: &[u8]| bits.iter().filter(|&&b| b == 1).count() as f64;
/// let options = GeneticOptions { threshold: Some(10.0), ..GeneticOptions::default() };
/// let best = genetic_algorithm(population, ones, &[0, 1], options, &mut rng);
/// assert_eq!(best, [1; 10]);
/// ```
///
/// # Panics
/// When the population is empty, or its individuals are empty or of different lengths.
pub fn genetic_algorithm<G, F, R>(
    mut population: Vec<Vec<G>>,
    mut fitness: F,
    gene_pool: &[G],
    options: GeneticOptions,
    rng: &mut R,
) -> Vec<G>
where
    G: Clone,
    F: FnMut(&[G]) -> f64,
    R: Rng + ?Sized,
{
    let length = population.first().expect("a population").len();
    assert!(length > 0, "individuals have genes");
    assert!(population.iter().all(|x| x.len() == length), "one length");
    for _ in 0..options.generations {
        let scores: Vec<f64> = population.iter().map(|x| fitness(x)).collect();
        let children = (0..population.len()).map(|_| {
            let (x, y) = (pick(&scores, rng), pick(&scores, rng));
            let cut = rng.random_range(0..length);
            let mut child: Vec<G> = population[x][..cut].to_vec();
            child.extend_from_slice(&population[y][cut..]);
            if !gene_pool.is_empty() && rng.random::<f64>() < options.mutation {
                let at = rng.random_range(0..length);
                child[at] = gene_pool[rng.random_range(0..gene_pool.len())].clone();
            }
            child
        });
        population = children.collect();
        if let Some(threshold) = options.threshold {
            let (best, score) = fittest(&population, &mut fitness);
            if score >= threshold {
                return population.swap_remove(best);
            }
        }
    }
    let (best, _) = fittest(&population, &mut fitness);
    population.swap_remove(best)
}

/// An index drawn with probability proportional to `scores` (uniformly when they sum to 0).
fn pick<R: Rng + ?Sized>(scores: &[f64], rng: &mut R) -> usize {
    let total: f64 = scores.iter().sum();
    if total <= 0.0 {
        return rng.random_range(0..scores.len());
    }
    let mut left = rng.random::<f64>() * total;
    for (i, &s) in scores.iter().enumerate() {
        if left < s {
            return i;
        }
        left -= s;
    }
    // Rounding left a sliver past the last weight: the last individual with any.
    scores
        .iter()
        .rposition(|&s| s > 0.0)
        .expect("a positive score")
}

/// The index and fitness of the fittest individual, the first among equals.
fn fittest<G, F: FnMut(&[G]) -> f64>(population: &[Vec<G>], fitness: &mut F) -> (usize, f64) {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, x) in population.iter().enumerate() {
        let score = fitness(x);
        if score > best.1 {
            best = (i, score);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::{GeneticOptions, genetic_algorithm, pick};
    use rand::{Rng, RngCore};

    /// A generator that always gives the same word.
    struct Fixed(u64);

    impl RngCore for Fixed {
        fn next_u32(&mut self) -> u32 {
            (self.0 >> 32) as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            dst.fill(0);
        }
    }

    /// A draw that lands exactly on the boundary after an individual of zero fitness goes to
    /// the next one: an individual with no fitness is never chosen.
    #[test]
    fn pick_never_chooses_an_individual_of_zero_fitness() {
        let half = 1 << 63;
        assert_eq!(Fixed(half).random::<f64>(), 0.5);
        // 0.5 of 2.0 is 1.0: past the first weight exactly, then through the zero.
        assert_eq!(pick(&[1.0, 0.0, 1.0], &mut Fixed(half)), 2);
        assert_eq!(pick(&[0.0, 1.0], &mut Fixed(0)), 1);
        assert_eq!(pick(&[2.0, 0.0, 0.0, 2.0, 0.0], &mut Fixed(half)), 3);
    }

    /// Draws walk the weights in order: half of three equal weights is in the second.
    #[test]
    fn pick_walks_the_weights_in_order() {
        assert_eq!(pick(&[1.0, 1.0, 1.0], &mut Fixed(1 << 63)), 1);
        assert_eq!(pick(&[1.0, 3.0], &mut Fixed(1 << 63)), 1);
        assert_eq!(pick(&[3.0, 1.0], &mut Fixed(1 << 63)), 0);
    }

    /// When the draw runs past every weight (here an infinite one makes it NaN), the last
    /// individual with a positive fitness is chosen.
    #[test]
    fn pick_falls_back_on_the_last_individual_with_fitness() {
        assert_eq!(pick(&[f64::INFINITY, 0.0], &mut Fixed(1 << 63)), 0);
        assert_eq!(pick(&[0.0, f64::INFINITY, 0.0], &mut Fixed(1 << 63)), 1);
    }

    /// A mutation probability of zero never mutates, even on a draw of exactly zero.
    #[test]
    fn no_mutation_at_probability_zero() {
        assert_eq!(Fixed(0).random::<f64>(), 0.0);
        let options = GeneticOptions {
            generations: 2,
            mutation: 0.0,
            threshold: None,
        };
        let population = vec![vec![1u8, 1], vec![1, 1]];
        let best = genetic_algorithm(population, |_: &[u8]| 1.0, &[9], options, &mut Fixed(0));
        assert_eq!(best, [1, 1]);
    }
}
