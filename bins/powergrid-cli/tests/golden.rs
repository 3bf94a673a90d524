//! Golden tests for `PowerGrid`: every `data/powergrid/*.expected` file gives the exact expected
//! stdout (critical lines, then `important` and one count per query), checked through the real
//! binary with queries from a file and from standard input; plus bad-input and `--dot` checks.

use golden::Scratch;
use std::path::{Path, PathBuf};

const PROGRAM: &str = env!("CARGO_BIN_EXE_PowerGrid");

/// What a `.expected` file states.
struct Expected {
    /// Critical lines in canonical form `(smaller, larger)`.
    critical: Vec<(String, String)>,
    /// Queries `(from, to)` with their counts.
    queries: Vec<(String, String, String)>,
}

fn parse_expected(path: &Path) -> Expected {
    let text = std::fs::read_to_string(path).unwrap();
    let mut critical = Vec::new();
    let mut queries = Vec::new();
    let mut section = "";
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        match (words.as_slice(), section) {
            (["critical", _], _) => section = "critical",
            (["queries", _], _) => section = "queries",
            ([a, b], "critical") => critical.push(((*a).to_owned(), (*b).to_owned())),
            ([a, b, c], "queries") => {
                queries.push(((*a).to_owned(), (*b).to_owned(), (*c).to_owned()));
            }
            _ => panic!("{}: unexpected line {line:?}", path.display()),
        }
    }
    let announced = |word: &str| -> usize {
        text.lines()
            .find_map(|l| l.strip_prefix(word))
            .and_then(|n| n.trim().parse().ok())
            .unwrap()
    };
    assert_eq!(critical.len(), announced("critical "), "{}", path.display());
    assert_eq!(queries.len(), announced("queries "), "{}", path.display());
    Expected { critical, queries }
}

/// The grid file's lines `(from, to)` in file order and orientation.
fn grid_lines(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let n: usize = lines.next().unwrap().parse().unwrap();
    let m: usize = lines.next().unwrap().parse().unwrap();
    lines
        .skip(n)
        .take(m)
        .map(|l| {
            let (a, b) = l.split_once(' ').unwrap();
            (a.trim().to_owned(), b.trim().to_owned())
        })
        .collect()
}

/// The exact stdout: critical lines sorted by unordered pair, each in file orientation; then,
/// with queries, `important` and one count per query.
fn expected_stdout(input: &Path, expected: &Expected, with_queries: bool) -> String {
    let lines = grid_lines(input);
    let mut critical = expected.critical.clone();
    critical
        .sort_by(|x, y| (x.0.as_bytes(), x.1.as_bytes()).cmp(&(y.0.as_bytes(), y.1.as_bytes())));
    let mut out = String::new();
    for (x, y) in &critical {
        let matching: Vec<&(String, String)> = lines
            .iter()
            .filter(|(a, b)| (a == x && b == y) || (a == y && b == x))
            .collect();
        assert_eq!(
            matching.len(),
            1,
            "critical line {x} {y} in {}",
            input.display()
        );
        out.push_str(&format!("{} {}\n", matching[0].0, matching[0].1));
    }
    if with_queries {
        out.push_str("important\n");
        for (_, _, count) in &expected.queries {
            out.push_str(count);
            out.push('\n');
        }
    }
    out
}

/// One way of running a case: arguments, standard input, whether queries are answered.
type Run<'a> = (Vec<String>, Option<&'a [u8]>, bool);

fn cases() -> Vec<(PathBuf, Expected)> {
    let dir = golden::data_dir().join("powergrid");
    let mut cases: Vec<(PathBuf, Expected)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "expected"))
        .map(|p| {
            let expected = parse_expected(&p);
            (p.with_extension("txt"), expected)
        })
        .collect();
    cases.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(
        cases.len() >= 6,
        "expected files missing in {}",
        dir.display()
    );
    cases
}

#[test]
fn golden_expected_files() {
    let dir = golden::data_dir().join("powergrid");
    let tmp = Scratch::new("powergrid-queries");
    let mut failures = String::new();
    for (input, expected) in cases() {
        let name = input.file_name().unwrap().to_string_lossy().into_owned();
        let queries: String = expected
            .queries
            .iter()
            .map(|(a, b, _)| format!("{a} {b}\n"))
            .collect();
        let query_file = tmp.write(&format!("{name}.queries"), &queries);
        // (arguments, standard input, whether queries are answered)
        let runs: [Run<'_>; 3] = [
            (vec![name.clone()], None, false),
            (
                vec![name.clone(), query_file.display().to_string()],
                None,
                true,
            ),
            (
                vec![name.clone(), "-".to_owned()],
                Some(queries.as_bytes()),
                true,
            ),
        ];
        for (args, stdin, with_queries) in runs {
            let want = expected_stdout(&input, &expected, with_queries);
            let got = golden::run(PROGRAM, &args, &dir, stdin);
            if got.stdout != want || got.code != Some(0) || !got.stderr.is_empty() {
                failures.push_str(&format!(
                    "\n== PowerGrid {} (exit {:?}, stderr {:?})\n{}",
                    args.join(" "),
                    got.code,
                    got.stderr,
                    golden::diff(&want, &got.stdout)
                ));
            }
        }
    }
    drop(tmp);
    assert!(failures.is_empty(), "{failures}");
}

/// The assignment's example order for Figure 3.
#[test]
fn fig3_prints_the_assignments_order() {
    let got = golden::run(
        PROGRAM,
        &["fig3.txt"],
        &golden::data_dir().join("powergrid"),
        None,
    );
    assert_eq!(got.stdout, "A E\nB F\nB G\nS B\nS C\nL N\n");
}

/// Runs the program on a grid file with the given text (and optional queries on stdin).
fn run_on(tag: &str, grid: &str, args: &[&str], stdin: Option<&str>) -> golden::Outcome {
    let dir = Scratch::new(&format!("powergrid-{tag}"));
    dir.write("grid.txt", grid);
    let outcome = golden::run(PROGRAM, args, &dir, stdin.map(str::as_bytes));
    drop(dir);
    assert!(!outcome.stderr.contains("panicked"), "{}", outcome.stderr);
    outcome
}

#[test]
fn bad_grid_files_give_one_error_line_naming_file_and_line() {
    let cases = [
        ("x\n0\n", "grid.txt:1: expected the number of cities"),
        ("-2\n0\n", "grid.txt:1: expected the number of cities"),
        ("2\n-1\nA\nB\n", "grid.txt:2: expected the number of lines"),
        (
            "3\n0\nA\nB\n",
            "grid.txt:5: the file announces 3 cities but ends after 2",
        ),
        (
            "2\n2\nA\nB\nA B\n",
            "grid.txt:6: the file announces 2 lines but ends after 1",
        ),
        ("2\n1\nA\nB\nA C\n", "grid.txt:5: city `C` is not declared"),
        (
            "2\n0\nA\nA\n",
            "grid.txt:4: city `A` is already declared on line 3",
        ),
        ("2\n1\nA\nB\nA-B\n", "grid.txt:5: expected two city names"),
    ];
    for (grid, message) in cases {
        let got = run_on("bad", grid, &["grid.txt"], None);
        assert_eq!(got.code, Some(1), "{grid:?}: {}", got.stderr);
        assert!(
            got.stderr.starts_with(&format!("error: {message}")),
            "{grid:?}: {}",
            got.stderr
        );
        assert_eq!(got.stderr.lines().count(), 1, "{}", got.stderr);
        assert!(got.stdout.is_empty());
    }
    let got = golden::run(
        PROGRAM,
        &["/nonexistent/grid.txt"],
        &golden::repo_root(),
        None,
    );
    assert_eq!(got.code, Some(1));
    assert!(
        got.stderr
            .starts_with("error: cannot read /nonexistent/grid.txt"),
        "{}",
        got.stderr
    );
}

#[test]
fn disconnected_grid_is_reported_and_still_answered() {
    // A - B and C = D (doubled): two parts.
    let grid = "4\n3\nA\nB\nC\nD\nB A\nC D\nD C\n";
    let got = run_on(
        "disconnected",
        grid,
        &["grid.txt", "-"],
        Some("A B\nA C\nC D\n"),
    );
    assert!(
        got.stderr
            .contains("warning: grid.txt: the grid is not connected: it has 2 separate parts"),
        "{}",
        got.stderr
    );
    assert!(
        got.stderr
            .contains("error: <stdin>:2: no path between `A` and `C`"),
        "{}",
        got.stderr
    );
    assert_eq!(got.stdout, "B A\nimportant\n1\n0\n");
    assert_eq!(got.code, Some(1));
    let got = run_on("disconnected2", grid, &["grid.txt"], None);
    assert_eq!((got.stdout.as_str(), got.code), ("B A\n", Some(0)));
}

#[test]
fn unknown_query_city_is_an_error_line_and_the_rest_is_answered() {
    let grid = "3\n2\nA\nB\nC\nA B\nB C\n";
    let got = run_on(
        "unknown",
        grid,
        &["grid.txt", "-"],
        Some("A C\nA Paris\n\nC B\nA\n"),
    );
    assert_eq!(got.stdout, "A B\nB C\nimportant\n2\n1\n");
    assert_eq!(
        got.stderr,
        "error: <stdin>:2: unknown city `Paris`\n\
         error: <stdin>:5: expected two city names `cityA cityB`, found `A`\n"
    );
    assert_eq!(got.code, Some(1));
    let got = run_on("noqueries", grid, &["grid.txt", "missing.txt"], None);
    assert_eq!(got.code, Some(1));
    assert!(
        got.stderr.starts_with("error: cannot read missing.txt"),
        "{}",
        got.stderr
    );
}

#[test]
fn usage_errors_exit_2() {
    let dir = golden::data_dir().join("powergrid");
    assert_eq!(golden::run::<&str>(PROGRAM, &[], &dir, None).code, Some(2));
    let got = golden::run(PROGRAM, &["--dot", "fig1.txt", "q.txt"], &dir, None);
    assert_eq!(got.code, Some(2));
}

#[test]
fn dot_output_marks_critical_lines_and_clusters_components() {
    let dir = golden::data_dir().join("powergrid");
    let got = golden::run(PROGRAM, &["--dot", "fig3.txt"], &dir, None);
    assert_eq!(got.code, Some(0), "{}", got.stderr);
    let dot = &got.stdout;
    assert!(
        dot.starts_with("graph powergrid {\n") && dot.ends_with("}\n"),
        "{dot}"
    );
    assert_eq!(dot.matches(" -- ").count(), 19, "{dot}");
    assert_eq!(dot.matches("color=red").count(), 6, "{dot}");
    assert!(dot.contains("\"S\" -- \"B\" [color=red"), "{dot}");
    // fig3: components {A D I J S}, {F K M}, {C H L O} have two or more cities.
    assert_eq!(dot.matches("subgraph cluster_").count(), 3, "{dot}");
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_PowerGrid"));
}

/// `PowerGrid fig3.txt | head -0`: a reader that has gone stops the program quietly.
#[test]
fn a_closed_stdout_ends_quietly() {
    let data = golden::data_dir().join("powergrid");
    golden::check_closed_stdout(PROGRAM, &["fig3.txt"], &data);
}
