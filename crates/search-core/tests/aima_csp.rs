//! aima-python's `tests/test_csp.py`, its backtracking, map-colouring, N-Queens and Sudoku
//! tests, ported to search-core's CSP solver with aima's data (the Australia and USA neighbour
//! lists, the `easy1` and `harder1` puzzles). aima asserts that a solution is found; these also
//! check every constraint of it. Its min-conflicts, AC-3 internals, tree CSP solver and Zebra
//! puzzle are not ported yet.

use search_core::constraints::{
    Csp, CspOptions, Inference, ValueOrder, VariableOrder, backtracking_search, count_solutions,
};

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
