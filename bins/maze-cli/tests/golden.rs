//! Golden tests for `maze`, through the real binary: the maze's canonical outputs (both starts,
//! all six methods), its six traces, the Romania silent and verbose outputs, the Hampton outputs
//! (their dict parts) and our corrected Hampton graph's outputs; `--draw`; bad input.

use golden::Scratch;
use std::path::{Path, PathBuf};

const PROGRAM: &str = env!("CARGO_BIN_EXE_maze");
const ALL: [&str; 6] = ["depth", "hill", "steep", "best", "algA", "algAM"];

fn data(path: &str) -> PathBuf {
    golden::data_dir().join(path)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// Runs `maze` with `args` in `cwd`; asserts success and returns stdout.
fn run_ok(args: &[String], cwd: &Path) -> String {
    let out = golden::run(PROGRAM, args, cwd, None);
    assert_eq!(
        out.code,
        Some(0),
        "maze {args:?} failed: {}",
        out.stderr.trim_end()
    );
    out.stdout
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|&s| s.to_owned()).collect()
}

fn with_all_methods(mut args: Vec<String>) -> Vec<String> {
    for m in ALL {
        args.push("--method".to_owned());
        args.push(m.to_owned());
    }
    args
}

/// The `{...}` dict parts of the lines that carry one.
fn dicts(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.find("{'result'").map(|at| l[at..].to_owned()))
        .collect()
}

#[test]
fn canonical_outputs_both_starts_every_method() {
    let text = read(&data("maze/maze0_canonical_outputs.txt"));
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(start) = line.strip_prefix("# start (") {
            let cell = start.trim_end_matches(')').replace(' ', "");
            sections.push((cell, String::new()));
        } else {
            let body = &mut sections.last_mut().expect("a start header first").1;
            body.push_str(line);
            body.push('\n');
        }
    }
    assert_eq!(sections.len(), 2);
    let cwd = golden::repo_root();
    for (start, expected) in &sections {
        // The shipped maze file, and the embedded copy (no file argument, another directory).
        let with_file = with_all_methods(strings(&["data/maze/maze0.txt", "--start", start]));
        assert_eq!(&run_ok(&with_file, &cwd), expected, "start {start}");
        let embedded = with_all_methods(strings(&["--start", start]));
        let elsewhere = std::env::temp_dir();
        assert_eq!(&run_ok(&embedded, &elsewhere), expected, "start {start}");
    }
}

#[test]
fn default_run_is_the_five_assignment_methods() {
    let text = read(&data("maze/maze0_canonical_outputs.txt"));
    let expected: String = text
        .lines()
        .skip(1)
        .take(6)
        .filter(|l| !l.starts_with("algA: "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(run_ok(&[], &golden::repo_root()), expected);
}

#[test]
fn traces_match_the_platform() {
    let cwd = golden::repo_root();
    for method in ALL {
        let expected = read(&data(&format!("maze/maze0_trace_{method}.txt")));
        let args = strings(&["--method", method, "--trace"]);
        assert_eq!(run_ok(&args, &cwd), expected, "trace of {method}");
    }
}

#[test]
fn romania_silent_and_verbose() {
    let cwd = golden::data_dir().join("cs364");
    let silent = run_ok(&strings(&["graph", "romania1_graph.txt"]), &cwd);
    assert_eq!(
        dicts(&silent),
        dicts(&read(&data("cs364/romania1_out_silent.txt")))
    );
    assert_eq!(silent.lines().count(), 5);
    let verbose = with_all_methods(strings(&["graph", "romania1_graph.txt", "--trace"]));
    assert_eq!(
        run_ok(&verbose, &cwd),
        read(&data("cs364/romania1_out_verbose.txt"))
    );
}

#[test]
fn hampton_public_graph_both_parts() {
    let out = run_ok(
        &strings(&["graph", "hampton/hampton_cpbs_graph.txt"]),
        &golden::data_dir(),
    );
    let mut expected = dicts(&read(&data("hampton/hampton_cpbs_A_out.txt")));
    expected.extend(dicts(&read(&data("hampton/hampton_cpbs_B_out.txt"))));
    assert_eq!(dicts(&out), expected);
}

#[test]
fn hampton_corrected_graph() {
    let out = run_ok(
        &strings(&["graph", "hampton/ours/hampton_graph.txt"]),
        &golden::data_dir(),
    );
    assert_eq!(out, read(&data("hampton/ours/hampton_out.txt")));
}

#[test]
fn draw_marks_the_path() {
    let out = run_ok(
        &strings(&["--method", "algA", "--draw"]),
        &golden::repo_root(),
    );
    let mut lines = out.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("algA:  {'result': [(0, 7), (0, 6)")
    );
    let art: Vec<&str> = lines.collect();
    assert_eq!(art.len(), 2 * 14 + 1);
    let marks = |c: char| art.iter().map(|l| l.matches(c).count()).sum::<usize>();
    // 39 cells: the start, 37 path cells, the goal cell reached (drawn as a goal).
    assert_eq!((marks('S'), marks('*'), marks('G')), (1, 37, 4));
    assert!(art[1].starts_with("| *   *"), "{}", art[1]);
}

#[test]
fn other_goals_and_sizes() {
    let dir = Scratch::new("maze-goals");
    // A 2x3 corridor: (0,0) -> (0,1) -> (0,2) -> (1,2).
    dir.write("small.txt", "0100 0101 0011\n0000 0000 1000\n");
    let out = run_ok(
        &strings(&[
            "small.txt",
            "--start",
            "0,0",
            "--goal",
            "1,2",
            "--method",
            "algA",
        ]),
        &dir,
    );
    assert_eq!(
        out,
        // nodes: the open list is empty, three cells are closed (the goal is not).
        "algA:  {'result': [(0, 0), (0, 1), (0, 2), (1, 2)], 'steps': 4, 'cost': 3, 'nodes': 3}\n"
    );
    // Unreachable goal: the open-list methods fail, depth returns where it got.
    let out = run_ok(
        &strings(&[
            "small.txt",
            "--start",
            "0,0",
            "--goal",
            "1,0",
            "--method",
            "best",
            "--method",
            "depth",
        ]),
        &dir,
    );
    assert_eq!(
        out,
        "best:  fail\ndepth:  {'result': [(0, 0), (0, 1), (0, 2), (1, 2)], 'steps': 4, 'cost': 3, 'nodes': 4}\n"
    );
}

/// Runs `maze` on bad input: exit 1 and one stderr line containing each of `needles`.
fn assert_fails(args: &[&str], cwd: &Path, needles: &[&str]) {
    let out = golden::run(PROGRAM, &strings(args), cwd, None);
    assert_eq!(out.code, Some(1), "maze {args:?}: {}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.starts_with("error: "), "{}", out.stderr);
    for needle in needles {
        assert!(out.stderr.contains(needle), "{needle:?} in {}", out.stderr);
    }
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_input_names_file_line_and_token() {
    let dir = Scratch::new("maze-bad");
    dir.write("cell.txt", "0110 0101\n0110 0121\n");
    assert_fails(&["cell.txt"], &dir, &["cell.txt:2", "`0121`"]);
    dir.write("short.txt", "0110 0101\n0110 011\n");
    assert_fails(&["short.txt"], &dir, &["short.txt:2", "`011`"]);
    dir.write("ragged.txt", "0110 0101\n0110 0101 0101\n");
    assert_fails(&["ragged.txt"], &dir, &["ragged.txt:2", "3 cells", "has 2"]);
    assert_fails(&["--start", "14,0"], &dir, &["maze0.txt", "--start 14,0"]);
    assert_fails(&["--goal", "3,99"], &dir, &["maze0.txt", "--goal 3,99"]);
    assert_fails(&["missing.txt"], &dir, &["missing.txt"]);
    dir.write(
        "graph.txt",
        "root A\ngoal B\nA -> B C\nB -> A\nh A 1\nh B 0\n",
    );
    assert_fails(&["graph", "graph.txt"], &dir, &["graph.txt:3", "`C`"]);
    dir.write("nogoal.txt", "root A\nA -> A\nh A 1\n");
    assert_fails(&["graph", "nogoal.txt"], &dir, &["nogoal.txt", "goal"]);
    // Usage errors exit 2, as clap does.
    let out = golden::run(PROGRAM, &strings(&["--method", "bogus"]), &dir, None);
    assert_eq!(out.code, Some(2));
}

/// `--version` answers, and a usage error is one line pointing to `--help`.
#[test]
fn version_and_one_line_usage_errors() {
    golden::check_cli_conventions(env!("CARGO_BIN_EXE_maze"));
}

/// `maze ... | head -0`: a reader that has gone stops the program quietly.
#[test]
fn a_closed_stdout_ends_quietly() {
    let args = strings(&["data/maze/maze0.txt", "--method", "algA", "--trace"]);
    golden::check_closed_stdout(PROGRAM, &args, &golden::repo_root());
}
