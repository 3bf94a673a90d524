//! aima-python's `tests/test_search.py` (Romania and N-Queens parts) ported to search-core, with
//! its expected solutions. The Romania map is aima's `romania_map` built as its
//! `UndirectedGraph` builds it (the reverse links appended in its order), so the successor order
//! is aima's; the heuristic is its `GraphProblem.h` (straight-line distance, truncated).
//!
//! Where search-core differs on purpose:
//! - aima's breadth-first search tests the goal when a child is generated, ours when it leaves
//!   the queue: the same solutions here, not the same counters;
//! - aima's `depth_first_tree_search` pops the last child pushed (a stack of all children), ours
//!   follows the first successor first: the N-Queens test gives it the rows in reverse;
//! - aima's `depth_limited_search` returns the string `'cutoff'`; ours sets `cut_off`;
//! - aima's `bidirectional_search` (MM) returns only the cost; ours,
//!   [`bidirectional_mm_fn`], returns the path too, takes the backward heuristic separately
//!   (here the straight-line distance to Arad, where aima's uses its distance to Bucharest both
//!   ways) and stops on the smallest `g` of each open list (aima's takes it over every state
//!   reached, the root's zero). On the eight puzzle its heuristic is the number of misplaced
//!   tiles without the blank (aima counts the blank too, which can overestimate).

use search_core::{
    FnProblem, astar, bidirectional_mm_fn, breadth_first, breadth_first_fn, depth_first,
    iterative_deepening, uniform_cost,
};

/// aima's romania_map: each city's neighbours in UndirectedGraph's order.
fn romania() -> Vec<(&'static str, Vec<(&'static str, u32)>)> {
    let given: Vec<(&str, Vec<(&str, u32)>)> = vec![
        (
            "Arad",
            vec![("Zerind", 75), ("Sibiu", 140), ("Timisoara", 118)],
        ),
        (
            "Bucharest",
            vec![
                ("Urziceni", 85),
                ("Pitesti", 101),
                ("Giurgiu", 90),
                ("Fagaras", 211),
            ],
        ),
        (
            "Craiova",
            vec![("Drobeta", 120), ("Rimnicu", 146), ("Pitesti", 138)],
        ),
        ("Drobeta", vec![("Mehadia", 75)]),
        ("Eforie", vec![("Hirsova", 86)]),
        ("Fagaras", vec![("Sibiu", 99)]),
        ("Hirsova", vec![("Urziceni", 98)]),
        ("Iasi", vec![("Vaslui", 92), ("Neamt", 87)]),
        ("Lugoj", vec![("Timisoara", 111), ("Mehadia", 70)]),
        ("Oradea", vec![("Zerind", 71), ("Sibiu", 151)]),
        ("Pitesti", vec![("Rimnicu", 97)]),
        ("Rimnicu", vec![("Sibiu", 80)]),
        ("Urziceni", vec![("Vaslui", 142)]),
    ];
    let mut graph = given.clone();
    // make_undirected: for each original city a (in order), for each (b, d) of a's links as
    // they are by then, add a to b's links (appended when new, kept in place when there).
    for (a, _) in &given {
        let links = graph.iter().find(|(c, _)| c == a).unwrap().1.clone();
        for (b, d) in links {
            let at = match graph.iter().position(|(c, _)| *c == b) {
                Some(i) => i,
                None => {
                    graph.push((b, Vec::new()));
                    graph.len() - 1
                }
            };
            let list = &mut graph[at].1;
            match list.iter_mut().find(|(c, _)| c == a) {
                Some(link) => link.1 = d,
                None => list.push((a, d)),
            }
        }
    }
    graph
}

fn location(city: &str) -> (f64, f64) {
    match city {
        "Arad" => (91.0, 492.0),
        "Bucharest" => (400.0, 327.0),
        "Craiova" => (253.0, 288.0),
        "Drobeta" => (165.0, 299.0),
        "Eforie" => (562.0, 293.0),
        "Fagaras" => (305.0, 449.0),
        "Giurgiu" => (375.0, 270.0),
        "Hirsova" => (534.0, 350.0),
        "Iasi" => (473.0, 506.0),
        "Lugoj" => (165.0, 379.0),
        "Mehadia" => (168.0, 339.0),
        "Neamt" => (406.0, 537.0),
        "Oradea" => (131.0, 571.0),
        "Pitesti" => (320.0, 368.0),
        "Rimnicu" => (233.0, 410.0),
        "Sibiu" => (207.0, 457.0),
        "Timisoara" => (94.0, 410.0),
        "Urziceni" => (456.0, 350.0),
        "Vaslui" => (509.0, 444.0),
        "Zerind" => (108.0, 531.0),
        _ => panic!("no city {city}"),
    }
}

/// aima's `romania_problem = GraphProblem('Arad', 'Bucharest', romania_map)` as closures.
fn romania_problem()
-> impl search_core::SearchProblem<State = &'static str, Action = (), Cost = u32> {
    let graph = romania();
    let goal = location("Bucharest");
    FnProblem::new(
        "Arad",
        move |city: &&'static str| graph.iter().find(|(c, _)| c == city).unwrap().1.clone(),
        move |city: &&'static str| {
            let (x, y) = location(city);
            ((x - goal.0).hypot(y - goal.1)) as u32
        },
        |city: &&'static str| *city == "Bucharest",
    )
}

/// A city's neighbours on aima's map, in its order, with the distances.
fn roads(
    graph: &[(&'static str, Vec<(&'static str, u32)>)],
    city: &str,
) -> Vec<(&'static str, u32)> {
    graph.iter().find(|(c, _)| *c == city).unwrap().1.clone()
}

/// The straight-line distance to `place` (truncated, as aima's `GraphProblem.h`).
fn straight_line_to(place: &str) -> impl Fn(&&'static str) -> u32 + Copy {
    let (px, py) = location(place);
    move |city| {
        let (x, y) = location(city);
        (x - px).hypot(y - py) as u32
    }
}

fn solution(states: Vec<&'static str>) -> Vec<&'static str> {
    states[1..].to_vec()
}

#[test]
fn the_map_is_aimas() {
    let graph = romania();
    assert_eq!(graph.len(), 20);
    let min_edge = graph.iter().flat_map(|(_, l)| l.iter().map(|e| e.1)).min();
    assert_eq!(min_edge, Some(70)); // test_find_min_edge
    let sibiu = &graph.iter().find(|(c, _)| *c == "Sibiu").unwrap().1;
    let names: Vec<_> = sibiu.iter().map(|e| e.0).collect();
    assert_eq!(names, ["Arad", "Fagaras", "Oradea", "Rimnicu"]);
}

#[test]
fn breadth_first_graph_search() {
    let path = breadth_first(&romania_problem()).path.unwrap();
    assert_eq!(solution(path.states), ["Sibiu", "Fagaras", "Bucharest"]);
}

#[test]
fn uniform_cost_search() {
    let path = uniform_cost(&romania_problem()).path.unwrap();
    assert_eq!(
        solution(path.states),
        ["Sibiu", "Rimnicu", "Pitesti", "Bucharest"]
    );
    assert_eq!(path.cost, 418);
}

#[test]
fn astar_search() {
    let path = astar(&romania_problem()).path.unwrap();
    assert_eq!(
        solution(path.states),
        ["Sibiu", "Rimnicu", "Pitesti", "Bucharest"]
    );
}

#[test]
fn depth_first_graph_search_reaches_bucharest() {
    let path = depth_first(&romania_problem(), None).path.unwrap();
    assert_eq!(path.last(), &"Bucharest");
}

#[test]
fn iterative_deepening_search() {
    let path = iterative_deepening(&romania_problem(), None).path.unwrap();
    assert_eq!(solution(path.states), ["Sibiu", "Fagaras", "Bucharest"]);
}

#[test]
fn depth_limited_search() {
    let three = depth_first(&romania_problem(), Some(3));
    assert_eq!(three.path.unwrap().last(), &"Bucharest");
    let two = depth_first(&romania_problem(), Some(2));
    assert!(two.path.is_none() && two.cut_off, "aima: 'cutoff'");
    let fifty = depth_first(&romania_problem(), Some(50));
    assert_eq!(fifty.path.unwrap().last(), &"Bucharest");
}

/// aima's NQueensProblem(8): a state places queens column by column (`None` for empty
/// columns); the actions are the rows of the next column that no placed queen attacks.
fn queens(
    reverse: bool,
) -> impl search_core::SearchProblem<State = Vec<u8>, Action = (), Cost = u32> {
    FnProblem::new(
        Vec::new(),
        move |placed: &Vec<u8>| {
            let col = placed.len();
            let mut next: Vec<(Vec<u8>, u32)> = (0..8u8)
                .filter(|&row| {
                    placed.iter().enumerate().all(|(c, &r)| {
                        r != row && (col - c) as i32 != (i32::from(row) - i32::from(r)).abs()
                    })
                })
                .map(|row| {
                    let mut p = placed.clone();
                    p.push(row);
                    (p, 1)
                })
                .collect();
            if col == 8 {
                next.clear();
            }
            if reverse {
                next.reverse();
            }
            next
        },
        |_: &Vec<u8>| 0,
        |placed: &Vec<u8>| placed.len() == 8,
    )
}

#[test]
fn n_queens_breadth_first_and_uniform_cost() {
    let bfs = breadth_first(&queens(false)).path.unwrap();
    assert_eq!(bfs.last(), &[0, 4, 7, 5, 2, 6, 1, 3]);
    let ucs = uniform_cost(&queens(false)).path.unwrap();
    assert_eq!(ucs.last(), &[0, 4, 7, 5, 2, 6, 1, 3]);
}

#[test]
fn n_queens_depth_first_tree_search() {
    // aima pops the last child first: the rows in reverse give ours the same order.
    let dfs = depth_first(&queens(true), None).path.unwrap();
    assert_eq!(dfs.last(), &[7, 3, 0, 2, 5, 1, 6, 4]);
}

#[test]
fn bidirectional_search_romania() {
    let graph = romania();
    let next = |city: &&'static str| roads(&graph, city);
    let to_bucharest = straight_line_to("Bucharest");
    let from_arad = straight_line_to("Arad");
    let mm = bidirectional_mm_fn(&"Arad", &"Bucharest", next, next, to_bucharest, from_arad);
    let path = mm.path.unwrap();
    assert_eq!(path.cost, 418);
    assert_eq!(
        solution(path.states.clone()),
        ["Sibiu", "Rimnicu", "Pitesti", "Bucharest"]
    );
    for (pair, cost) in path.states.windows(2).zip(&path.step_costs) {
        assert!(next(&pair[0]).contains(&(pair[1], *cost)));
    }
}

/// aima's EightPuzzle: the blank (0) moves UP, DOWN, LEFT, RIGHT (in that order) when it can.
fn slide(state: &[u8; 9]) -> Vec<([u8; 9], u32)> {
    let blank = state.iter().position(|&t| t == 0).unwrap();
    let mut next = Vec::new();
    for (can, delta) in [
        (blank >= 3, -3),
        (blank < 6, 3),
        (blank % 3 != 0, -1),
        (blank % 3 != 2, 1),
    ] {
        if can {
            let mut moved = *state;
            moved.swap(blank, blank.wrapping_add_signed(delta));
            next.push((moved, 1));
        }
    }
    next
}

/// The number of tiles (not the blank) out of place with respect to `target`.
fn misplaced(target: [u8; 9]) -> impl Fn(&[u8; 9]) -> u32 + Copy {
    move |state| {
        let wrong = state
            .iter()
            .zip(&target)
            .filter(|&(&s, &t)| s != 0 && s != t);
        wrong.count() as u32
    }
}

#[test]
fn bidirectional_search_eight_puzzle() {
    const GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    for (start, cost) in [
        ([1, 2, 3, 4, 5, 7, 8, 6, 0], 12),
        ([1, 2, 3, 4, 5, 6, 0, 7, 8], 2),
    ] {
        let mm = bidirectional_mm_fn(
            &start,
            &GOAL,
            slide,
            slide,
            misplaced(GOAL),
            misplaced(start),
        );
        let path = mm.path.unwrap();
        assert_eq!(path.cost, cost);
        assert_eq!((path.states[0], *path.last()), (start, GOAL));
        let fewest = breadth_first_fn(
            &start,
            |s| slide(s).into_iter().map(|m| m.0),
            |s| *s == GOAL,
        );
        assert_eq!(fewest.path.unwrap().steps(), cost as usize);
    }
}
