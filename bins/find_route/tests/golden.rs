//! Golden tests for `find_route`, through the real binary (working directory data/find_route).

const EXE: &str = env!("CARGO_BIN_EXE_find_route");

use golden::{Case, Outcome, Scratch, check_cases, check_table, data_dir, parse_table, run};
use std::path::PathBuf;

fn dir() -> PathBuf {
    data_dir().join("find_route")
}

fn find_route(args: &[&str]) -> Outcome {
    run(EXE, args, &dir(), None)
}

/// Writes a file into `dir` and returns its path as an argument.
fn write(dir: &Scratch, name: &str, text: &str) -> String {
    dir.write(name, text).display().to_string()
}

fn cities() -> Vec<String> {
    let text = std::fs::read_to_string(dir().join("input1.txt")).unwrap();
    let mut cities: Vec<String> = Vec::new();
    for line in text.lines().take_while(|l| !l.starts_with("END OF INPUT")) {
        for name in line.split_whitespace().take(2) {
            if !cities.iter().any(|c| c == name) {
                cities.push(name.to_owned());
            }
        }
    }
    cities
}

#[test]
fn golden_table() {
    check_table(EXE, &dir().join("cases.txt"), &dir());
}

#[test]
fn every_variant_file_gives_the_same_output() {
    let text = std::fs::read_to_string(dir().join("cases.txt")).unwrap();
    let cases = parse_table(&text, "find_route", "cases.txt");
    let maps = ["variants/input1_lf.txt", "variants/input1_crlf_noeol.txt"];
    let heuristics = [
        "variants/h_kassel_lf.txt",
        "variants/h_kassel_crlf_noeol.txt",
    ];
    let mut variant_cases = Vec::new();
    for (map, heuristic) in maps.iter().zip(heuristics) {
        for case in &cases {
            let args = case
                .args
                .iter()
                .map(|a| match a.as_str() {
                    "input1.txt" => (*map).to_owned(),
                    "h_kassel.txt" => heuristic.to_owned(),
                    other => other.to_owned(),
                })
                .collect();
            variant_cases.push(Case {
                name: format!("{} with {map}", case.name),
                args,
                expected: case.expected.clone(),
            });
        }
    }
    check_cases(EXE, &variant_cases, &dir());
    // Beyond the table: every origin to Kassel, both modes, same output from every variant.
    for origin in cities() {
        for (map, heuristic) in maps.iter().zip(heuristics) {
            for with_h in [false, true] {
                let mut base = vec!["input1.txt", &origin, "Kassel"];
                let mut variant = vec![*map, &origin, "Kassel"];
                if with_h {
                    base.push("h_kassel.txt");
                    variant.push(heuristic);
                }
                let (a, b) = (find_route(&base), find_route(&variant));
                assert_eq!(a.code, Some(0), "{base:?}: {}", a.stderr);
                assert_eq!(a.stdout, b.stdout, "{base:?} vs {variant:?}");
                assert_eq!(b.stderr, "", "{variant:?}");
            }
        }
    }
}

#[test]
fn origin_is_destination() {
    let out = find_route(&["input1.txt", "Bremen", "Bremen"]);
    assert_eq!(
        out.stdout,
        "Nodes Popped: 1\nNodes Expanded: 0\nNodes Generated: 1\nDistance: 0.0 km\nRoute:\n"
    );
    let out = find_route(&["input1.txt", "Kassel", "Kassel", "h_kassel.txt"]);
    assert!(
        out.stdout
            .ends_with("Nodes Generated: 1\nDistance: 0.0 km\nRoute:\n")
    );
}

#[test]
fn unknown_city_warns_with_closest_name() {
    let out = find_route(&["input1.txt", "Londn", "Kassel"]);
    assert_eq!(out.code, Some(0));
    assert_eq!(
        out.stdout,
        "Nodes Popped: 1\nNodes Expanded: 1\nNodes Generated: 1\nDistance: infinity\nRoute:\nNone\n"
    );
    assert_eq!(
        out.stderr,
        "warning: city `Londn` is not on the map input1.txt (did you mean `London`?)\n"
    );
    let out = find_route(&["input1.txt", "Bremen", "Paris", "h_kassel.txt"]);
    assert_eq!(out.code, Some(0));
    assert!(out.stdout.ends_with("Distance: infinity\nRoute:\nNone\n"));
    assert_eq!(
        out.stderr,
        "warning: city `Paris` is not on the map input1.txt\n"
    );
    // Names are case-sensitive.
    let out = find_route(&["input1.txt", "bremen", "Kassel"]);
    assert!(
        out.stderr.contains("did you mean `Bremen`?"),
        "{}",
        out.stderr
    );
}

#[test]
fn wrong_argument_count_is_a_usage_error() {
    for args in [
        &[][..],
        &["input1.txt"],
        &["input1.txt", "Bremen"],
        &["input1.txt", "Bremen", "Kassel", "h_kassel.txt", "extra"],
    ] {
        let out = find_route(args);
        assert_eq!(out.code, Some(2), "{args:?}");
        assert_eq!(out.stdout, "", "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.starts_with("error: ") && out.stderr.contains("(see 'find_route --help')"),
            "{args:?}: {}",
            out.stderr
        );
    }
}

/// Runs a bad-input case: exit 1, nothing on stdout, one `error:` line containing `message`.
fn assert_error(args: &[&str], message: &str) {
    let out = find_route(args);
    assert_eq!(out.code, Some(1), "{args:?}: {}", out.stderr);
    assert_eq!(out.stdout, "", "{args:?}");
    assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {}", out.stderr);
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    assert!(
        out.stderr.contains(message),
        "{args:?}: {} lacks {message}",
        out.stderr
    );
}

#[test]
fn bad_files() {
    let tmp = Scratch::new("find_route-bad");
    assert_error(
        &["no_such_map.txt", "A", "B"],
        "cannot read no_such_map.txt",
    );
    assert_error(
        &["input1.txt", "Bremen", "Kassel", "no_such_h.txt"],
        "cannot read no_such_h.txt",
    );
    let map = write(&tmp, "short.txt", "A B 1\r\n\r\nB C\r\nEND OF INPUT\r\n");
    assert_error(
        &[&map, "A", "C"],
        &format!("{map}:3: malformed line `B C`: expected `City1 City2 distance`"),
    );
    let map = write(&tmp, "long.txt", "A B 1\nB C 2 3\n");
    assert_error(&[&map, "A", "C"], &format!("{map}:2: malformed line"));
    let map = write(&tmp, "negative.txt", "A B 1\nB C -2\nEND OF INPUT\n");
    assert_error(
        &[&map, "A", "C"],
        &format!("{map}:2: distance `-2` is negative"),
    );
    let map = write(&tmp, "word.txt", "A B one\n");
    assert_error(
        &[&map, "A", "B"],
        &format!("{map}:1: distance `one` is not a number"),
    );
    let map = write(&tmp, "nan.txt", "A B NaN\n");
    assert_error(&[&map, "A", "B"], "is not a number");
    let h = write(&tmp, "h_word.txt", "Bremen 1\nKassel zero\nEND OF INPUT\n");
    assert_error(
        &["input1.txt", "Bremen", "Kassel", &h],
        &format!("{h}:2: heuristic value `zero` is not a number"),
    );
    let h = write(&tmp, "h_negative.txt", "Bremen -1\n");
    assert_error(
        &["input1.txt", "Bremen", "Kassel", &h],
        &format!("{h}:1: heuristic value `-1` is negative"),
    );
    let h = write(&tmp, "h_short.txt", "Bremen\n");
    assert_error(
        &["input1.txt", "Bremen", "Kassel", &h],
        "expected `City value`",
    );
    let binary = tmp.write("binary.txt", b"A B 1\n\xff\xfe 2 3\n");
    assert_error(
        &[&binary.display().to_string(), "A", "B"],
        ":2: not UTF-8 text",
    );
}

#[test]
fn lenient_input() {
    let tmp = Scratch::new("find_route-lenient");
    // Decimals, blank lines, text after END OF INPUT, no final newline on the heuristic.
    let map = write(
        &tmp,
        "map.txt",
        "\nA B 1.25\n\n  B   C\t2.5  \nA C 4\nEND OF INPUT\nanything at all\n",
    );
    let h = write(&tmp, "h.txt", "A 3\nB 2\nEND OF INPUT");
    let out = find_route(&[&map, "A", "C"]);
    assert_eq!(out.stderr, "");
    // One decimal, exact ties to even as C's printf and Python do: 1.25 prints as 1.2.
    assert!(
        out.stdout
            .ends_with("Distance: 3.8 km\nRoute:\nA to B, 1.2 km\nB to C, 2.5 km\n"),
        "{}",
        out.stdout
    );
    let with_h = find_route(&[&map, "A", "C", &h]);
    assert_eq!(with_h.stderr, "");
    assert!(
        with_h.stdout.contains("Distance: 3.8 km\n"),
        "{}",
        with_h.stdout
    );
    // A missing END OF INPUT is accepted, with a warning.
    let open = write(&tmp, "open.txt", "A B 1\nB C 2");
    let out = find_route(&[&open, "C", "A"]);
    assert_eq!(out.code, Some(0));
    assert!(
        out.stdout
            .ends_with("Distance: 3.0 km\nRoute:\nC to B, 2.0 km\nB to A, 1.0 km\n")
    );
    assert_eq!(
        out.stderr,
        format!("warning: {open} has no `END OF INPUT` line; read it to the end\n")
    );
}

#[test]
fn romania_textbook_routes() {
    let ucs = run(
        EXE,
        &["romania.txt", "Arad", "Bucharest"],
        &dir().join("extras"),
        None,
    );
    let astar = run(
        EXE,
        &["romania.txt", "Arad", "Bucharest", "h_bucharest.txt"],
        &dir().join("extras"),
        None,
    );
    let route = "Distance: 418.0 km\nRoute:\nArad to Sibiu, 140.0 km\nSibiu to Rimnicu_Vilcea, 80.0 km\n\
                 Rimnicu_Vilcea to Pitesti, 97.0 km\nPitesti to Bucharest, 101.0 km\n";
    assert!(ucs.stdout.ends_with(route), "{}", ucs.stdout);
    assert!(astar.stdout.ends_with(route), "{}", astar.stdout);
    let expanded = |out: &Outcome| -> u64 {
        let line = out.stdout.lines().nth(1).unwrap();
        line.trim_start_matches("Nodes Expanded: ").parse().unwrap()
    };
    assert!(expanded(&astar) < expanded(&ucs));
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_find_route"));
}

/// `find_route ... | head -0`: a reader that has gone stops the program quietly (status 141).
#[test]
fn a_closed_stdout_ends_quietly() {
    golden::check_closed_stdout(EXE, &["input1.txt", "Bremen", "Kassel"], &dir());
}
