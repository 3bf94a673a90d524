//! aima-python's `tests/test_csp.py` ported to search-core's CSP API with aima's data (the
//! Australia, USA and France neighbour lists, the `easy1` and `harder1` puzzles, the Zebra
//! puzzle, the five-word crossword, the `crossword1` grid, `kakuro2`, the cryptarithms). aima
//! asserts that a solution is found; these also check every constraint of it, and count the
//! solutions where aima accepts one of several.
//!
//! Where search-core differs on purpose:
//! - aima's `CSP` keeps its search state (`curr_domains`, `nassigns`, the assignment dict) in
//!   the problem and exposes each step (`assign`, `suppose`, `prune`, `restore`, `revise`,
//!   `forward_checking`, `mac`, `make_arc_consistent`, `assign_value`); our [`Csp`] is the
//!   problem only. Those steps are observed through [`ac3_arcs`] (one arc is `revise` and
//!   `make_arc_consistent`; the arcs into a variable with one value left are forward checking;
//!   the arcs into the assigned variable are `mac`), [`tree_csp_solver`] and [`CspRepair`];
//!   tests of pure bookkeeping (`support_pruning`, `restore`, `UniversalDict`, `flatten`) are
//!   not ported.
//! - Our AC-3 queues arcs first in, first out (aima orders them by the second variable's
//!   domain size); aima's AC-3 tests accept either removal order, and AC3b's and AC4's
//!   expectations (the same fixpoint) are checked against our AC-3.
//! - aima's `make_arc_consistent` looks for support in the child's original domain; ours (in
//!   the tree solver) in what is left of it.
//! - `min_conflicts` runs through [`CspRepair`]; its first assignment is aima's (each variable
//!   in order takes a value with the fewest conflicts, ties at random), seeded.
//! - aima's `NQueensCSP.nconflicts` counts the queens recorded through its own `assign`, and
//!   the test places some by writing the dict: its numbers are not the queens' conflicts and
//!   are not ported; its min-conflicts part is.
//! - n-ary problems (`NaryCSP`: the cryptarithms, the crossword grid, kakuro) are binary here by the hidden-variable
//!   encoding: one variable per n-ary constraint whose values are the tuples satisfying it,
//!   solved by backtracking with MAC where aima uses its GAC solver with domain splitting.
//! - The tests of aima's internal selectors (`first_unassigned_variable`, `mrv`,
//!   `num_legal_values`, `lcv`, `unordered_domain_values`) and of the CSP as a search
//!   `Problem` (`actions`, `result`) are not ported: ours are switches of the search
//!   (`VariableOrder`, `ValueOrder`), tested by their effect in `tests/csp.rs`.

use rand::SeedableRng;
use rand::rngs::StdRng;
use search_core::constraints::{
    Csp, CspOptions, CspRepair, Inference, ValueOrder, VariableOrder, ac3, ac3_arcs,
    backtracking_search, count_solutions, tree_csp_solver, tree_order,
};
use search_core::local_search::{ConflictProblem, MinConflictsLimits, min_conflicts};

/// aima's `parse_neighbors`: `"X: Y Z; Y: Z"`, both ways; the regions in order of appearance.
fn parse_neighbors(text: &str) -> (Vec<String>, Vec<(usize, usize)>) {
    let mut names: Vec<String> = Vec::new();
    let id = |name: &str, names: &mut Vec<String>| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_owned());
            names.len() - 1
        }
    };
    let mut pairs = Vec::new();
    for spec in text.split(';') {
        let (a, rest) = spec.split_once(':').expect("X: Y Z");
        let a = id(a.trim(), &mut names);
        for b in rest.split_whitespace() {
            let b = id(b, &mut names);
            pairs.push((a, b));
        }
    }
    (names, pairs)
}

/// A map-colouring CSP: neighbouring regions differ.
type Colouring = Csp<char, fn(usize, &char, usize, &char) -> bool>;

/// aima's `MapColoringCSP(colors, neighbors)`, and its neighbouring pairs.
fn map_colouring(colours: &str, neighbours: &str) -> (Colouring, Vec<(usize, usize)>) {
    let (names, pairs) = parse_neighbors(neighbours);
    let domains = vec![colours.chars().collect::<Vec<_>>(); names.len()];
    let differ: fn(usize, &char, usize, &char) -> bool = |_, a, _, b| a != b;
    let mut csp = Csp::new(domains, differ);
    for &(a, b) in &pairs {
        csp.constrain(a, b);
    }
    (csp, pairs)
}

const AUSTRALIA: &str = "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T: ";
const USA: &str = "WA: OR ID; OR: ID NV CA; CA: NV AZ; NV: ID UT AZ; ID: MT WY UT;
    UT: WY CO AZ; MT: ND SD WY; WY: SD NE CO; CO: NE KA OK NM; NM: OK TX AZ;
    ND: MN SD; SD: MN IA NE; NE: IA MO KA; KA: MO OK; OK: MO AR TX;
    TX: AR LA; MN: WI IA; IA: WI IL MO; MO: IL KY TN AR; AR: MS TN LA;
    LA: MS; WI: MI IL; IL: IN KY; IN: OH KY; MS: TN AL; AL: TN GA FL;
    MI: OH IN; OH: PA WV KY; KY: WV VA TN; TN: VA NC GA; GA: NC SC FL;
    PA: NY NJ DE MD WV; WV: MD VA; VA: MD DC NC; NC: SC; NY: VT MA CT NJ;
    NJ: DE; DE: MD; MD: DC; VT: NH MA; MA: NH RI CT; CT: RI; ME: NH;
    HI: ; AK: ";

fn options(variables: VariableOrder, values: ValueOrder, inference: Inference) -> CspOptions {
    CspOptions {
        variables,
        values,
        inference,
        ac3_first: false,
    }
}

#[test]
fn backtracking_search_colours_australia_every_way() {
    let (csp, pairs) = map_colouring("RGB", AUSTRALIA);
    use {Inference as I, ValueOrder as Val, VariableOrder as Var};
    for o in [
        options(Var::InOrder, Val::InOrder, I::None),
        options(Var::Mrv, Val::InOrder, I::None),
        options(Var::InOrder, Val::LeastConstraining, I::None),
        options(Var::Mrv, Val::LeastConstraining, I::None),
        options(Var::InOrder, Val::InOrder, I::ForwardChecking),
        options(Var::InOrder, Val::InOrder, I::Mac),
    ] {
        let (solution, _) = backtracking_search(&csp, o);
        let colours = solution.expect("Australia is 3-colourable");
        assert!(
            pairs.iter().all(|&(a, b)| colours[a] != colours[b]),
            "{o:?}"
        );
        assert!(csp.is_solution(&colours));
    }
}

#[test]
fn backtracking_search_colours_the_usa_with_four() {
    let (csp, pairs) = map_colouring("RGBY", USA);
    let o = options(
        VariableOrder::Mrv,
        ValueOrder::LeastConstraining,
        Inference::Mac,
    );
    let colours = backtracking_search(&csp, o)
        .0
        .expect("four colours suffice");
    assert_eq!(colours.len(), 50 + 1, "48 contiguous states, DC, HI and AK");
    assert!(pairs.iter().all(|&(a, b)| colours[a] != colours[b]));
}

#[test]
fn eight_queens_has_92_solutions() {
    let q = search_core::test_support::queens_csp(8);
    assert_eq!(count_solutions(&q, CspOptions::fast()).solutions, 92);
}

/// aima's `Sudoku(grid)`: 81 cells row by row, `.` empty; rows, columns and boxes all differ.
fn sudoku(givens: &str) -> Csp<u8, impl Fn(usize, &u8, usize, &u8) -> bool> {
    let domains = givens
        .bytes()
        .map(|b| match b {
            b'1'..=b'9' => vec![b - b'0'],
            _ => (1..=9).collect(),
        })
        .collect();
    let mut csp = Csp::new(domains, |_, a: &u8, _, b: &u8| a != b);
    let peers = |x: usize, y: usize| {
        x / 9 == y / 9 || x % 9 == y % 9 || (x / 27 == y / 27 && x % 9 / 3 == y % 9 / 3)
    };
    for x in 0..81 {
        for y in x + 1..81 {
            if peers(x, y) {
                csp.constrain(x, y);
            }
        }
    }
    csp
}

#[test]
fn sudoku_easy1_and_harder1() {
    for givens in [
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "4173698.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ] {
        let csp = sudoku(givens);
        let o = options(
            VariableOrder::Mrv,
            ValueOrder::InOrder,
            Inference::ForwardChecking,
        );
        let grid = backtracking_search(&csp, o)
            .0
            .expect("aima's puzzles are solvable");
        assert!(csp.is_solution(&grid));
        for (cell, b) in givens.bytes().enumerate() {
            if b.is_ascii_digit() {
                assert_eq!(grid[cell], b - b'0', "given kept at {cell}");
            }
        }
    }
}

const FRANCE: &str = "AL: LO FC; AQ: MP LI PC; AU: LI CE BO RA LR MP; BO: CE IF CA FC RA
    AU; BR: NB PL; CA: IF PI LO FC BO; CE: PL NB NH IF BO AU LI PC; FC: BO
    CA LO AL RA; IF: NH PI CA BO CE; LI: PC CE AU MP AQ; LO: CA AL FC; LR:
    MP AU RA PA; MP: AQ LI AU LR; NB: NH CE PL BR; NH: PI IF CE NB; NO:
    PI; PA: LR RA; PC: PL CE LI AQ; PI: NH NO CA IF; PL: BR NB CE PC; RA:
    AU BO FC PA LR";

/// A CSP over integers with aima's test constraint `(X, x, Y, y)`, X and Y numbered A = 0,
/// B = 1, C = 2, constrained along `pairs`.
type Small = Csp<i32, fn(usize, &i32, usize, &i32) -> bool>;

fn small(
    domains: &[&[i32]],
    pairs: &[(usize, usize)],
    constraint: fn(usize, &i32, usize, &i32) -> bool,
) -> Small {
    let mut csp = Csp::new(domains.iter().map(|d| d.to_vec()).collect(), constraint);
    for &(x, y) in pairs {
        csp.constrain(x, y);
    }
    csp
}

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const ZERO_TO_FOUR: &[i32] = &[0, 1, 2, 3, 4];

#[test]
fn parse_neighbours() {
    let (names, pairs) = parse_neighbors("X: Y Z; Y: Z");
    let (csp, _) = map_colouring("RGB", "X: Y Z; Y: Z");
    assert_eq!(names, ["X", "Y", "Z"]);
    assert_eq!(pairs.len(), 3);
    assert_eq!(
        (csp.neighbors(0), csp.neighbors(1), csp.neighbors(2)),
        (&[1, 2][..], &[0, 2][..], &[0, 1][..])
    );
}

#[test]
fn csp_nconflicts_and_conflicted_vars() {
    let (csp, _) = map_colouring("RGB", "A: B C; B: C; C: ");
    // A = R, B = G: C = R conflicts with A, C = B with nobody (C's own value is irrelevant).
    let repair = CspRepair::from_indices(&csp, vec![0, 1, 1]);
    assert_eq!((repair.conflicts(C, 0), repair.conflicts(C, 2)), (1, 0));
    // A = 1, B = 3, C = 3: B and C conflict.
    let (csp, _) = map_colouring("123", "A: B C; B: C; C: ");
    let repair = CspRepair::from_indices(&csp, vec![0, 2, 2]);
    let conflicted: Vec<usize> = (0..3).filter(|&v| repair.is_conflicted(v)).collect();
    assert_eq!(conflicted, [B, C]);
    assert_eq!(repair.values(), ['1', '3', '3']);
}

#[test]
fn csp_count_lost_values() {
    // C = R (C's domain cut to R) with A assigned: B, the one unassigned neighbour, loses R.
    let differ: fn(usize, &char, usize, &char) -> bool = |_, a, _, b| a != b;
    let mut csp = Csp::new(vec![vec!['G'], vec!['R', 'G', 'B'], vec!['R']], differ);
    for (x, y) in [(A, B), (A, C), (B, C)] {
        csp.constrain(x, y);
    }
    assert_eq!(ac3_arcs(&csp, [(B, C)]).removals, [(B, 'R')]);
}

#[test]
fn csp_goal_test() {
    let (csp, _) = map_colouring("123", "A: B C; B: C; C: ");
    assert!(csp.is_solution(&['1', '3', '2']));
    assert!(!csp.is_solution(&['1', '2']), "A and C only");
    assert!(!csp.is_solution(&['1', '3', '3']));
}

#[test]
fn revise() {
    let even_sum_4: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, y| x % 2 == 0 && x + y == 4;
    let csp = small(&[&[0], &[4]], &[(A, B)], even_sum_4);
    let revised = ac3_arcs(&csp, [(A, B)]);
    assert!(revised.removals.is_empty() && revised.consistent);
    let csp = small(&[ZERO_TO_FOUR, ZERO_TO_FOUR], &[(A, B)], even_sum_4);
    let revised = ac3_arcs(&csp, [(A, B)]);
    assert_eq!(revised.removals, [(A, 1), (A, 3)]);
    assert!(revised.checks > 0);
}

/// test_AC3, test_AC3b and test_AC4: the same three cases and expectations.
#[test]
fn ac3_ac3b_ac4() {
    let never: fn(usize, &i32, usize, &i32) -> bool =
        |_, x, _, y| x % 2 == 0 && x + y == 4 && y % 2 != 0;
    let pruned = ac3(&small(&[ZERO_TO_FOUR, ZERO_TO_FOUR], &[(A, B)], never));
    assert!(!pruned.consistent);
    let even_sum_4: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, y| x % 2 == 0 && x + y == 4;
    let pruned = ac3(&small(&[ZERO_TO_FOUR, ZERO_TO_FOUR], &[(A, B)], even_sum_4));
    assert!(pruned.consistent);
    assert_eq!(pruned.removals, [(A, 1), (A, 3), (B, 1), (B, 3)]);
    assert_eq!(pruned.domains, [[0, 2, 4], [0, 2, 4]]);
    // aima's `(X == 'A' and Y == 'B') or (X == 'B' and Y == 'A') and x > y`: A to B always
    // holds, B to A when b > a, which 3 and 5 find in A's 2.
    let odd: fn(usize, &i32, usize, &i32) -> bool =
        |x, a, y, b| (x == A && y == B) || (x == B && y == A && a > b);
    let pruned = ac3(&small(&[&[2, 4], &[3, 5]], &[(A, B)], odd));
    assert!(pruned.consistent && pruned.removals.is_empty());
}

#[test]
fn make_arc_consistent() {
    let even_sum_4: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, y| x % 2 == 0 && x + y == 4;
    for (a, b, left) in [
        (&[0][..], &[3][..], &[][..]),
        (&[0], &[4], &[0]),
        (ZERO_TO_FOUR, ZERO_TO_FOUR, &[0, 2, 4]),
    ] {
        let csp = small(&[a, b], &[(A, B)], even_sum_4);
        assert_eq!(ac3_arcs(&csp, [(A, B)]).domains[A], left);
    }
}

#[test]
fn forward_checking() {
    // aima prunes the unassigned neighbours of B = 3 (then 7): here B's domain is that value
    // and AC-3 revises the arcs into B (on the path A - B - C that propagates no further).
    let parity: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, y| (x + y) % 2 == 0 && x + y < 8;
    let a_c: &[i32] = ZERO_TO_FOUR;
    let csp = small(&[a_c, &[3], a_c], &[(A, B), (B, C)], parity);
    let only_a = ac3_arcs(&csp, [(A, B)]); // C assigned
    assert_eq!(only_a.domains[A], [1, 3]);
    assert_eq!(only_a.domains[C], a_c);
    let both = ac3_arcs(&csp, [(A, B), (C, B)]);
    assert_eq!(
        (&both.domains[A], &both.domains[C]),
        (&vec![1, 3], &vec![1, 3])
    );
    let seven = small(&[a_c, &[7], a_c], &[(A, B), (B, C)], parity);
    let wiped = ac3_arcs(&seven, [(A, B), (C, B)]);
    assert!(!wiped.consistent && (wiped.domains[A].is_empty() || wiped.domains[C].is_empty()));
}

#[test]
fn mac() {
    let even: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, _| x % 2 == 0;
    assert!(ac3_arcs(&small(&[&[0], &[0]], &[(A, B)], even), [(A, B)]).consistent);
    let never: fn(usize, &i32, usize, &i32) -> bool =
        |_, x, _, y| x % 2 == 0 && x + y == 4 && y % 2 != 0;
    let csp = small(&[ZERO_TO_FOUR, ZERO_TO_FOUR], &[(A, B)], never);
    assert!(!ac3_arcs(&csp, [(A, B)]).consistent);
    let odd_sum_6: fn(usize, &i32, usize, &i32) -> bool =
        |_, x, _, y| x % 2 != 0 && x + y == 6 && y % 2 != 0;
    let csp = small(&[ZERO_TO_FOUR, ZERO_TO_FOUR], &[(A, B)], odd_sum_6);
    let propagated = ac3_arcs(&csp, [(A, B)]);
    assert!(propagated.consistent && propagated.checks > 0);
    assert_eq!(propagated.domains[A], [3]);
}

#[test]
fn topological_sort() {
    let (csp, _) = map_colouring("RGB", AUSTRALIA);
    let names = ["SA", "WA", "NT", "Q", "NSW", "V", "T"];
    let id = |name: &str| names.iter().position(|n| *n == name).unwrap();
    let (order, parent) = tree_order(&csp, id("NT"));
    let order: Vec<&str> = order.into_iter().map(|v| names[v]).collect();
    assert_eq!(order, ["NT", "SA", "Q", "NSW", "V", "WA"]);
    let parent_of = |name| parent[id(name)].map(|p| names[p]);
    assert_eq!(parent_of("NT"), None);
    assert_eq!(parent_of("SA"), Some("NT"));
    assert_eq!(parent_of("Q"), Some("SA"));
    assert_eq!(parent_of("NSW"), Some("Q"));
    assert_eq!(parent_of("V"), Some("NSW"));
    assert_eq!(parent_of("WA"), Some("SA"));
    assert_eq!(parent_of("T"), None, "not reached");
}

#[test]
fn tree_csp_solver_colours_australia_without_sa() {
    let (csp, pairs) = map_colouring("RB", "NT: WA Q; NSW: Q V");
    let (solution, stats) = tree_csp_solver(&csp);
    let colours = solution.expect("a tree is 2-colourable");
    // The variables in aima's order NT, WA, Q, NSW, V; the root takes its first colour.
    assert_eq!(colours, ['R', 'B', 'B', 'R', 'B']);
    assert!(pairs.iter().all(|&(a, b)| colours[a] != colours[b]));
    assert_eq!((stats.assignments, stats.backtracks), (5, 0));
}

#[test]
#[should_panic(expected = "cycle")]
fn tree_csp_solver_refuses_a_cycle() {
    let (csp, _) = map_colouring("RGB", AUSTRALIA);
    let _ = tree_csp_solver(&csp);
}

#[test]
fn assign_value() {
    // A's value fixed (its domain one value), B takes the first value A's allows.
    let even_sum_4: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, y| x % 2 == 0 && x + y == 4;
    let sum_4: fn(usize, &i32, usize, &i32) -> bool = |_, x, _, y| x + y == 4;
    for (a, constraint, b) in [
        (1, even_sum_4, None),
        (2, even_sum_4, Some(2)),
        (1, sum_4, Some(3)),
    ] {
        let csp = small(&[&[a], ZERO_TO_FOUR], &[(A, B)], constraint);
        let (solution, _) = tree_csp_solver(&csp);
        assert_eq!(solution.map(|s| s[B]), b, "A = {a}");
    }
}

fn repaired<V: Clone, K: search_core::constraints::Constraint<V>>(
    csp: &Csp<V, K>,
    seed: u64,
    max_steps: u64,
    max_restarts: u32,
) -> Option<Vec<V>> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut repair = CspRepair::new(csp, &mut rng);
    let limits = MinConflictsLimits {
        max_steps,
        max_restarts,
    };
    min_conflicts(&mut repair, &mut rng, limits).ok()?;
    Some(repair.values())
}

#[test]
fn min_conflicts_colours_maps() {
    for (colours, map) in [("RGB", AUSTRALIA), ("RGBY", FRANCE)] {
        let (csp, _) = map_colouring(colours, map);
        assert!(csp.is_solution(&repaired(&csp, 1, 100_000, 0).expect("colourable")));
    }
    // aima: at least one run in three colours the USA.
    let (usa, _) = map_colouring("RGBY", USA);
    let solved = (0..3).filter_map(|seed| repaired(&usa, seed, 100_000, 0));
    assert!(solved.inspect(|s| assert!(usa.is_solution(s))).count() >= 1);
    let (two_colours, _) = map_colouring("RG", AUSTRALIA);
    assert_eq!(repaired(&two_colours, 1, 1000, 0), None);
    for n in [2, 3] {
        assert_eq!(
            repaired(&search_core::test_support::queens_csp(n), 1, 1000, 0),
            None
        );
    }
}

#[test]
fn nqueens_csp_min_conflicts() {
    for n in 5..9 {
        let queens = search_core::test_support::queens_csp(n);
        // aima accepts a failed run (a local minimum); ours restarts, up to ten times.
        let rows = repaired(&queens, n as u64, 100_000, 10).expect("n >= 4 has solutions");
        let mut sorted = rows.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>());
        assert!(queens.is_solution(&rows));
    }
}

#[test]
fn constraint_check_count() {
    let (csp, _) = map_colouring("RGB", AUSTRALIA);
    let (solution, stats) = backtracking_search(&csp, CspOptions::default());
    assert!(solution.is_some());
    assert!(stats.assignments > 0 && stats.checks > 0);
    // Plain backtracking checks each value against its assigned neighbours only: AC-3 first
    // checks more.
    let ac3_first = CspOptions {
        ac3_first: true,
        ..CspOptions::default()
    };
    assert!(backtracking_search(&csp, ac3_first).1.checks > stats.checks);
}

/// The Zebra puzzle's variables in aima's order: five colours, pets, drinks, nationalities
/// and smokes; each names the house (1 to 5) it belongs to.
const ZEBRA: [&str; 25] = [
    "Red",
    "Yellow",
    "Blue",
    "Green",
    "Ivory",
    "Dog",
    "Fox",
    "Snails",
    "Horse",
    "Zebra",
    "OJ",
    "Tea",
    "Coffee",
    "Milk",
    "Water",
    "Englishman",
    "Spaniard",
    "Norwegian",
    "Ukrainian",
    "Japanese",
    "Kools",
    "Chesterfields",
    "Winston",
    "LuckyStrike",
    "Parliaments",
];

/// How two of the puzzle's variables relate: aima's `zebra_constraint` table.
#[derive(Clone, Copy)]
enum Relation {
    Same,
    NextTo,
    /// The first is just right of the second.
    RightOf,
}

const CLUES: [(&str, &str, Relation); 12] = [
    ("Englishman", "Red", Relation::Same),
    ("Spaniard", "Dog", Relation::Same),
    ("Chesterfields", "Fox", Relation::NextTo),
    ("Norwegian", "Blue", Relation::NextTo),
    ("Kools", "Yellow", Relation::Same),
    ("Winston", "Snails", Relation::Same),
    ("LuckyStrike", "OJ", Relation::Same),
    ("Ukrainian", "Tea", Relation::Same),
    ("Japanese", "Parliaments", Relation::Same),
    ("Kools", "Horse", Relation::NextTo),
    ("Coffee", "Green", Relation::Same),
    ("Green", "Ivory", Relation::RightOf),
];

fn zebra_allows(x: usize, a: &u8, y: usize, b: &u8) -> bool {
    let clue = |p: usize, q: usize| CLUES.iter().find(|c| c.0 == ZEBRA[p] && c.1 == ZEBRA[q]);
    let holds = |relation, a: u8, b: u8| match relation {
        Relation::Same => a == b,
        Relation::NextTo => a.abs_diff(b) == 1,
        Relation::RightOf => a == b + 1,
    };
    match (clue(x, y), clue(y, x)) {
        (Some(c), _) => holds(c.2, *a, *b),
        (None, Some(c)) => holds(c.2, *b, *a),
        (None, None) => a != b, // the same kind (aima raises otherwise; never asked)
    }
}

/// aima's `Zebra()`, with these domains (every house, Norwegian in 1, milk in 3, unless given).
/// The Zebra puzzle as a CSP: each variable's house.
type Houses = Csp<u8, fn(usize, &u8, usize, &u8) -> bool>;

fn zebra(domains: Option<[&[u8]; 25]>) -> Houses {
    let every: Vec<Vec<u8>> = (0..25)
        .map(|v| match ZEBRA[v] {
            "Norwegian" => vec![1],
            "Milk" => vec![3],
            _ => (1..=5).collect(),
        })
        .collect();
    let domains = domains.map_or(every, |d| d.iter().map(|d| d.to_vec()).collect());
    let mut csp = Csp::new(domains, zebra_allows as fn(usize, &u8, usize, &u8) -> bool);
    let id = |name: &str| ZEBRA.iter().position(|n| *n == name).unwrap();
    for (p, q, _) in CLUES {
        csp.constrain(id(p), id(q));
    }
    for kind in 0..5 {
        for x in kind * 5..kind * 5 + 5 {
            for y in x + 1..kind * 5 + 5 {
                csp.constrain(x, y);
            }
        }
    }
    csp
}

/// aima's expected answer, in `ZEBRA`'s order.
const ZEBRA_SOLUTION: [u8; 25] = [
    3, 1, 2, 5, 4, 4, 1, 3, 2, 5, 4, 2, 5, 3, 1, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5,
];

#[test]
fn zebra_puzzle() {
    let z = zebra(None);
    let (solution, _) = backtracking_search(&z, CspOptions::fast());
    let houses = solution.expect("the puzzle has a solution");
    assert_eq!(houses, ZEBRA_SOLUTION);
    assert_eq!(count_solutions(&z, CspOptions::fast()).solutions, 1);
    let house_of = |name: &str| houses[ZEBRA.iter().position(|n| *n == name).unwrap()];
    let nationality_in = |house| ZEBRA[15..20].iter().find(|n| house_of(n) == house).unwrap();
    assert_eq!(*nationality_in(house_of("Zebra")), "Japanese");
    assert_eq!(*nationality_in(house_of("Water")), "Norwegian");
    // aima's min-conflicts run of 10,000 steps may fail; when it does not, it is the answer.
    if let Some(found) = repaired(&z, 7, 10_000, 0) {
        assert_eq!(found, ZEBRA_SOLUTION);
    }
    // aima's restricted domains: min-conflicts finds the answer.
    let five: &[u8] = &[1, 2, 3, 4, 5];
    let restricted = zebra(Some([
        &[3, 4],
        &[1, 2],
        &[1, 2],
        &[4, 5],
        &[4, 5],
        &[4, 5],
        &[1, 2],
        &[3],
        &[2],
        &[5],
        five,
        five,
        five,
        &[3],
        five,
        five,
        five,
        &[1],
        five,
        five,
        five,
        five,
        five,
        five,
        five,
    ]));
    assert_eq!(
        repaired(&restricted, 7, 10_000, 0),
        Some(ZEBRA_SOLUTION.to_vec())
    );
}

/// aima's `csp_crossword`: five words that meet at letters, `(x, y, i, j)`: word x's letter i
/// is word y's letter j.
#[test]
fn ac_solver_crossword() {
    const MEETS: [(usize, usize, usize, usize); 5] = [
        (0, 1, 0, 0),
        (0, 2, 2, 0),
        (3, 2, 2, 2),
        (3, 1, 0, 2),
        (4, 2, 0, 4),
    ];
    let three = vec!["ant", "big", "bus", "car", "has"];
    let four = vec!["book", "buys", "hold", "lane", "year"];
    let six = vec!["ginger", "search", "symbol", "syntax"];
    let three_across = vec!["book", "buys", "hold", "land", "year"];
    let meet = |x: usize, a: &&str, y: usize, b: &&str| {
        let at = |w: &str, i: usize| w.as_bytes()[i];
        MEETS.iter().all(|&(p, q, i, j)| match (p, q) {
            _ if (p, q) == (x, y) => at(a, i) == at(b, j),
            _ if (p, q) == (y, x) => at(b, i) == at(a, j),
            _ => true,
        })
    };
    let mut csp = Csp::new(vec![three.clone(), four, six, three_across, three], meet);
    for (x, y, _, _) in MEETS {
        csp.constrain(x, y);
    }
    let mac = CspOptions {
        inference: Inference::Mac,
        ..CspOptions::fast()
    };
    let (words, _) = backtracking_search(&csp, mac);
    let words = words.expect("the crossword has a solution");
    let has = ["has", "hold", "syntax", "land", "ant"];
    let bus = ["bus", "buys", "search", "year", "car"];
    assert!(words == has || words == bus, "{words:?}");
    assert_eq!(
        count_solutions(&csp, mac).solutions,
        2,
        "exactly aima's two answers"
    );
}

/// A column sum of a cryptarithm: the letters (and carries) it adds, and whether a tuple of
/// their digits adds up.
type Sum<'a> = (&'a [usize], fn(&[u8]) -> bool);

/// The constraints of [`hidden_variables`]: between two ordinary variables, different
/// values; between a hidden variable (a table, `scopes[h - letters]`) and one of its scope,
/// the tuple's value at that variable's place is the variable's value.
struct HiddenLinks {
    letters: usize,
    scopes: Vec<Vec<usize>>,
}

impl search_core::constraints::Constraint<Vec<u8>> for HiddenLinks {
    fn allows(&self, x: usize, a: &Vec<u8>, y: usize, b: &Vec<u8>) -> bool {
        if x < self.letters && y < self.letters {
            return a != b;
        }
        let (letter, digit, hidden, tuple) = if x < self.letters {
            (x, a, y, b)
        } else {
            (y, b, x, a)
        };
        let scope = &self.scopes[hidden - self.letters];
        tuple[scope.iter().position(|&v| v == letter).unwrap()] == digit[0]
    }
}

/// An n-ary constraint as a table: its scope (variable indices) and the tuples it allows.
type Table = (Vec<usize>, Vec<Vec<u8>>);

/// The tuples over `scope` (domains indexed by variable) for which `holds` is true.
fn satisfying(domains: &[Vec<u8>], scope: &[usize], holds: &dyn Fn(&[u8]) -> bool) -> Table {
    let mut tuples: Vec<Vec<u8>> = vec![Vec::new()];
    for &v in scope {
        let longer = |t: Vec<u8>| {
            domains[v]
                .iter()
                .map(move |&d| [t.clone(), vec![d]].concat())
        };
        tuples = tuples.into_iter().flat_map(longer).collect();
    }
    tuples.retain(|t| holds(t));
    (scope.to_vec(), tuples)
}

/// An n-ary CSP made binary by the hidden-variable encoding: the variables with `domains`
/// (the first `distinct` pairwise different), then one hidden variable per table whose values
/// are the table's tuples. Every value is a `Vec<u8>`: an ordinary variable's holds its value.
fn hidden_variables(
    domains: &[Vec<u8>],
    distinct: usize,
    tables: Vec<Table>,
) -> Csp<Vec<u8>, HiddenLinks> {
    let letters = domains.len();
    let mut all: Vec<Vec<Vec<u8>>> = domains
        .iter()
        .map(|d| d.iter().map(|&v| vec![v]).collect())
        .collect();
    let mut scopes = Vec::new();
    for (scope, tuples) in tables {
        scopes.push(scope);
        all.push(tuples);
    }
    let mut csp = Csp::new(
        all,
        HiddenLinks {
            letters,
            scopes: scopes.clone(),
        },
    );
    for x in 0..distinct {
        for y in x + 1..distinct {
            csp.constrain(x, y);
        }
    }
    for (h, scope) in scopes.iter().enumerate() {
        for &v in scope {
            csp.constrain(letters + h, v);
        }
    }
    csp
}

/// A cryptarithm: the letters (each with its digits, carries included, the first `distinct`
/// pairwise different) and its column sums.
fn cryptarithm(
    domains: &[std::ops::RangeInclusive<u8>],
    distinct: usize,
    sums: &[Sum<'_>],
) -> Csp<Vec<u8>, HiddenLinks> {
    let domains: Vec<Vec<u8>> = domains.iter().map(|d| d.clone().collect()).collect();
    let tables = sums
        .iter()
        .map(|&(scope, holds)| satisfying(&domains, scope, &holds))
        .collect();
    hidden_variables(&domains, distinct, tables)
}

#[test]
fn ac_solver_send_more_money() {
    // S E N D M O R Y, then the carries C1 to C4.
    let (s, e, n, d, m, o, r, y, c1, c2, c3, c4) = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    let mut domains = vec![0..=9; 12];
    domains[s] = 1..=9;
    domains[m] = 1..=9;
    domains[c1..=c4].fill(0..=1);
    let sums: [Sum<'_>; 5] = [
        (&[d, e, y, c1], |t| t[0] + t[1] == t[2] + 10 * t[3]),
        (&[n, r, e, c1, c2], |t| {
            t[3] + t[0] + t[1] == t[2] + 10 * t[4]
        }),
        (&[e, o, n, c2, c3], |t| {
            t[3] + t[0] + t[1] == t[2] + 10 * t[4]
        }),
        (&[s, m, o, c3, c4], |t| {
            t[3] + t[0] + t[1] == t[2] + 10 * t[4]
        }),
        (&[m, c4], |t| t[0] == t[1]),
    ];
    let csp = cryptarithm(&domains, 8, &sums);
    let letters = domains.len();
    let mac = CspOptions {
        inference: Inference::Mac,
        ..CspOptions::fast()
    };
    let found = backtracking_search(&csp, mac)
        .0
        .expect("SEND + MORE = MONEY");
    let digits: Vec<u8> = found[..letters].iter().map(|v| v[0]).collect();
    assert_eq!(digits, [9, 5, 6, 7, 1, 0, 8, 2, 1, 1, 0, 1]);
    assert_eq!(count_solutions(&csp, mac).solutions, 1);
}

#[test]
fn ac_solver_two_two_four() {
    // T W O F U R, then the carries C1 to C3: T W O + T W O = F O U R.
    let (t, w, o, f, u, r, c1, c2, c3) = (0, 1, 2, 3, 4, 5, 6, 7, 8);
    let mut domains = vec![0..=9; 9];
    domains[t] = 1..=9;
    domains[f] = 1..=9;
    domains[c1..=c3].fill(0..=1);
    let sums: [Sum<'_>; 4] = [
        (&[o, r, c1], |v| v[0] + v[0] == v[1] + 10 * v[2]),
        (&[w, u, c1, c2], |v| v[2] + v[0] + v[0] == v[1] + 10 * v[3]),
        (&[t, o, c2, c3], |v| v[2] + v[0] + v[0] == v[1] + 10 * v[3]),
        (&[f, c3], |v| v[0] == v[1]),
    ];
    let csp = cryptarithm(&domains, 6, &sums);
    let letters = domains.len();
    let mac = CspOptions {
        inference: Inference::Mac,
        ..CspOptions::fast()
    };
    let found = backtracking_search(&csp, mac).0.expect("TWO + TWO = FOUR");
    let v: Vec<u32> = found[..letters].iter().map(|v| u32::from(v[0])).collect();
    let two = 100 * v[t] + 10 * v[w] + v[o];
    assert_eq!(2 * two, 1000 * v[f] + 100 * v[o] + 10 * v[u] + v[r]);
    // aima accepts 765 + 765 = 1530 or 928 + 928 = 1856; there are seven in all.
    assert_eq!(count_solutions(&csp, mac).solutions, 7);
}

/// The cells of a grid (`'_'` writable) numbered row by row, and its runs of two or more
/// cells across (rows) then down (columns), as cell numbers.
fn runs(grid: &[&str]) -> (usize, Vec<Vec<usize>>) {
    let mut number = vec![vec![None; grid[0].len()]; grid.len()];
    let mut cells = 0;
    for (i, row) in grid.iter().enumerate() {
        for (j, c) in row.chars().enumerate() {
            if c == '_' {
                number[i][j] = Some(cells);
                cells += 1;
            }
        }
    }
    let across =
        (0..grid.len()).map(|i| (0..grid[0].len()).map(|j| number[i][j]).collect::<Vec<_>>());
    let down =
        (0..grid[0].len()).map(|j| (0..grid.len()).map(|i| number[i][j]).collect::<Vec<_>>());
    let mut all = Vec::new();
    for line in across.chain(down) {
        for run in line.split(Option::is_none) {
            if run.len() > 1 {
                all.push(run.iter().map(|c| c.unwrap()).collect());
            }
        }
    }
    (cells, all)
}

#[test]
fn crossword() {
    // aima's crossword1 and words1: every run spells a word.
    let grid = ["___**", "_*_**", "____*", "_*_**", "**___", "**_**"];
    let words = [
        "ant", "big", "bus", "car", "has", "book", "buys", "hold", "lane", "year", "ginger",
        "search", "symbol", "syntax",
    ];
    let (cells, runs) = runs(&grid);
    let letters: Vec<u8> = (b'a'..=b'z').collect();
    let tables = runs.iter().map(|run| {
        let fits = words.iter().filter(|w| w.len() == run.len());
        (run.clone(), fits.map(|w| w.as_bytes().to_vec()).collect())
    });
    let csp = hidden_variables(&vec![letters; cells], 0, tables.collect());
    let mac = CspOptions {
        inference: Inference::Mac,
        ..CspOptions::fast()
    };
    let found = backtracking_search(&csp, mac)
        .0
        .expect("the grid can be filled");
    assert!(csp.is_solution(&found));
    for run in &runs {
        let word: String = run.iter().map(|&c| char::from(found[c][0])).collect();
        assert!(words.contains(&word.as_str()), "{word}");
    }
}

#[test]
fn kakuro() {
    // aima's kakuro2: a 3x3 block but one cell; (row, column) of the cells, the clues' runs.
    let cells = [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 1),
        (3, 2),
        (3, 3),
    ];
    let at = |r, c| cells.iter().position(|&x| x == (r, c)).unwrap();
    let clues: [(u8, Vec<usize>); 6] = [
        (10, vec![at(1, 1), at(2, 1), at(3, 1)]),
        (13, vec![at(1, 2), at(2, 2), at(3, 2)]),
        (13, vec![at(2, 3), at(3, 3)]),
        (3, vec![at(1, 1), at(1, 2)]),
        (12, vec![at(2, 1), at(2, 2), at(2, 3)]),
        (21, vec![at(3, 1), at(3, 2), at(3, 3)]),
    ];
    let domains = vec![(1..=9).collect::<Vec<u8>>(); cells.len()];
    let tables = clues.iter().map(|(sum, run)| {
        let adds_up = |t: &[u8]| t.iter().map(|&d| u32::from(d)).sum::<u32>() == u32::from(*sum);
        let distinct = |t: &[u8]| (0..t.len()).all(|i| !t[i + 1..].contains(&t[i]));
        satisfying(&domains, run, &|t| adds_up(t) && distinct(t))
    });
    let csp = hidden_variables(&domains, 0, tables.collect());
    let mac = CspOptions {
        inference: Inference::Mac,
        ..CspOptions::fast()
    };
    let found = backtracking_search(&csp, mac)
        .0
        .expect("kakuro2 is solvable");
    for (sum, run) in &clues {
        let digits: Vec<u8> = run.iter().map(|&c| found[c][0]).collect();
        assert_eq!(
            digits.iter().map(|&d| u32::from(d)).sum::<u32>(),
            u32::from(*sum)
        );
        assert!((0..digits.len()).all(|i| !digits[i + 1..].contains(&digits[i])));
    }
    // Not a proper kakuro: trying all 9^8 fillings finds these 8 (aima only checks one).
    assert_eq!(count_solutions(&csp, mac).solutions, 8);
}

#[test]
fn nary_csp() {
    // aima's NaryCSP of a and b in 1..=3, all different: binary here.
    let mut csp = Csp::new(vec![vec![1, 2, 3]; 2], |_, a: &i32, _, b: &i32| a != b);
    csp.constrain(0, 1);
    assert!(csp.is_solution(&[1, 2]));
    assert!(!csp.is_solution(&[1, 1]));
    assert_eq!((csp.neighbors(0), csp.neighbors(1)), (&[1][..], &[0][..]));
}
