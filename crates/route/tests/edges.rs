//! The edges of the public API: names of states past the map, searches on maps too small to
//! hold the query's cities, the warnings' words and long tokens in error messages.

use route::{Heuristic, RoadMap, RouteProblem, find_route, format};

#[test]
fn problem_names_stop_at_the_map() {
    let map = RoadMap::parse("A B 1\nB C 2\n", "m").unwrap();
    let problem = RouteProblem::new(&map, "A", "Z", None);
    let names: Vec<Option<&str>> = (0..5).map(|c| problem.name(c)).collect();
    assert_eq!(names, [Some("A"), Some("B"), Some("C"), None, None]);
}

#[test]
fn unknown_cities_on_maps_with_no_or_one_city() {
    // Unknown cities take the indices just past the map's: popped and expanded once.
    for text in ["END OF INPUT\n", "A A 1\n"] {
        let map = RoadMap::parse(text, "m").unwrap();
        let outcome = find_route(&map, "X", "Y", None);
        assert_eq!(outcome.route, None, "{text}");
        assert_eq!(
            (
                outcome.stats.popped,
                outcome.stats.expanded,
                outcome.stats.generated
            ),
            (1, 1, 1),
            "{text}"
        );
        let names: Vec<&str> = outcome.unknown.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["X", "Y"]);
        // The same unknown city as origin and destination: found at once, named once.
        let same = find_route(&map, "X", "X", Some(&[5.0]));
        assert_eq!(
            same.route.map(|r| (r.distance, r.legs.len())),
            Some((0.0, 0))
        );
        assert_eq!(same.unknown.len(), 1);
        assert_eq!((same.stats.popped, same.stats.expanded), (1, 0));
    }
}

#[test]
fn warnings_name_the_file() {
    assert_eq!(
        format::missing_end_warning("h.txt"),
        "h.txt has no `END OF INPUT` line; read it to the end"
    );
}

#[test]
fn long_tokens_are_shortened_to_60_characters() {
    let long = "x".repeat(100);
    let e = RoadMap::parse(&format!("A B {long}\n"), "m").unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("m:1: distance `{}...` is not a number", "x".repeat(60))
    );
}

#[test]
fn heuristic_files_are_read_and_unterminated_ones_told() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/find_route/h_kassel.txt"
    );
    let h = Heuristic::read(std::path::Path::new(path)).unwrap();
    assert_eq!((h.value("Luebeck"), h.value("Hannover")), (300.0, 100.0));
    assert!(h.terminated());
    let e = Heuristic::read(std::path::Path::new("/nonexistent/h.txt")).unwrap_err();
    assert!(
        e.to_string().starts_with("cannot read /nonexistent/h.txt"),
        "{e}"
    );
    let open = Heuristic::parse("A 1\nB 2\n", "h").unwrap();
    assert!(!open.terminated());
}

#[test]
fn long_numbers_read_as_the_standard_parser_reads_them() {
    // Past the plain-decimal fast path (at most 15 digits): the general parser's value.
    for token in [
        "1234567890123456",
        "12345678901234567",
        "123456789012345678901234",
        "0.000000000000000000001",
        "98765432109876543210.5",
        "1e3",
    ] {
        let map = RoadMap::parse(&format!("A B {token}\n"), "m").unwrap();
        assert_eq!(map.roads(0).1, [token.parse::<f64>().unwrap()], "{token}");
    }
}
