//! Time and nodes per move as a function of depth (the README table), for plain alpha-beta and
//! the engine, from the empty board and from `data/maxconnect4/input2.txt`.
//!
//! `cargo run --release -p connect4 --example depth_table [MAX_DEPTH] [--svg FILE]` (default
//! depth 14); with `--svg FILE` the same figures are also drawn as a plot (time per move against
//! depth, log scale; `docs/connect4-depth-time.svg` in the repository). Times are
//! means over repeated runs (see `timed`); the engine starts each run with
//! a fresh transposition table, whose allocation is included. On Linux the times are CPU time of
//! the searching thread (`/proc/thread-self/schedstat`), so other programs sharing the machine
//! slow the figures less; elsewhere they are wall-clock times.

use connect4::{Position, choose_move, format, new_engine};
use search_core::{games::GameOutcome, games::alpha_beta};
use std::time::{Duration, Instant};

const INPUT2: &str = include_str!("input2.txt");

/// Nanoseconds of CPU time of this thread, when the system tells.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// A clock: thread CPU time where available, else wall-clock time.
fn now() -> (Option<u64>, Instant) {
    (cpu_ns(), Instant::now())
}

fn since((cpu, wall): (Option<u64>, Instant)) -> Duration {
    match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => Duration::from_nanos(b - a),
        _ => wall.elapsed(),
    }
}

/// Runs `run` in doubling batches until it has used 0.3 s (at least once, at most about a million
/// times) and returns the last outcome and the mean time per run (the CPU clock ticks coarsely
/// and costs a file read, so short searches repeat).
fn timed(mut run: impl FnMut() -> GameOutcome<u8>) -> (GameOutcome<u8>, Duration) {
    let start = now();
    let mut runs = 0u32;
    let mut batch = 1;
    loop {
        let mut outcome = run();
        for _ in 1..batch {
            outcome = run();
        }
        runs += batch;
        let total = since(start);
        if total > Duration::from_millis(300) || runs >= 1_000_000 {
            return (outcome, total / runs);
        }
        batch *= 2;
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

/// One measured row: depth, alpha-beta time, engine time.
type Row = (u32, Duration, Duration);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let svg = args
        .iter()
        .position(|a| a == "--svg")
        .map(|i| args.get(i + 1).expect("--svg needs a FILE").clone());
    let max_depth: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(14);
    let input2 = format::parse_game(INPUT2, "input2.txt").expect("sample input parses");
    let mut series: Vec<(&str, Vec<Row>)> = Vec::new();
    for (name, position) in [("empty board", Position::start()), ("input2.txt", input2)] {
        let mut rows = Vec::new();
        println!("\nFrom {name}:\n");
        println!(
            "| depth | alpha-beta nodes | alpha-beta ms | Mnodes/s | engine nodes | engine ms | same value |"
        );
        println!("|---:|---:|---:|---:|---:|---:|:---:|");
        for depth in 1..=max_depth {
            let (plain, plain_time) = timed(|| alpha_beta(&position, Some(depth)));
            let (engine, engine_time) = timed(|| {
                let mut engine = new_engine();
                choose_move(&mut engine, &position, depth)
            });
            let rate = plain.stats.nodes as f64 / plain_time.as_secs_f64() / 1e6;
            println!(
                "| {depth} | {} | {} | {rate:.1} | {} | {} | {} |",
                plain.stats.nodes,
                ms(plain_time),
                engine.stats.nodes,
                ms(engine_time),
                if plain.value == engine.value {
                    "yes"
                } else {
                    "NO"
                }
            );
            rows.push((depth, plain_time, engine_time));
        }
        series.push((name, rows));
    }
    if let Some(path) = svg {
        let text = plot::svg(&series);
        cli_support::atomic_write(std::path::Path::new(&path), |w| {
            use std::io::Write;
            w.write_all(text.as_bytes())
        })
        .expect("the plot is written");
        eprintln!("wrote {path}");
    }
}

/// The plot, drawn by hand: two positions times two searches is four polylines on a log axis,
/// which takes less code than configuring a plotting library and gives a small, stable file.
mod plot {
    use super::Row;
    use std::fmt::Write as _;

    const W: f64 = 640.0;
    const H: f64 = 420.0;
    /// The plotting area: left, top, right, bottom.
    const AREA: (f64, f64, f64, f64) = (70.0, 40.0, 620.0, 360.0);

    /// Milliseconds of a row's time, floored at 0.1 µs (the lowest the log axis goes).
    fn ms(d: std::time::Duration) -> f64 {
        (d.as_secs_f64() * 1e3).max(1e-4)
    }

    /// Depth 1..=max_depth across, log10 of milliseconds from `lo` to `hi` up.
    struct Scale {
        max_depth: u32,
        lo: f64,
        hi: f64,
    }

    impl Scale {
        fn new(series: &[(&str, Vec<Row>)]) -> Self {
            let rows = || series.iter().flat_map(|(_, r)| r.iter());
            let times = || rows().flat_map(|r| [ms(r.1), ms(r.2)]);
            Self {
                max_depth: rows().map(|r| r.0).max().unwrap_or(1),
                lo: times().fold(1.0_f64, f64::min).log10().floor(),
                hi: times().fold(1.0_f64, f64::max).log10().ceil().max(0.0),
            }
        }
        fn x(&self, depth: u32) -> f64 {
            let (l, _, r, _) = AREA;
            l + (r - l) * f64::from(depth - 1) / f64::from((self.max_depth - 1).max(1))
        }
        fn y(&self, ms: f64) -> f64 {
            let (_, t, _, b) = AREA;
            b - (b - t) * (ms.log10() - self.lo) / (self.hi - self.lo)
        }
    }

    /// The plot: time per move against depth for each position and search.
    pub fn svg(series: &[(&str, Vec<Row>)]) -> String {
        let scale = Scale::new(series);
        let mut out = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="Helvetica, Arial, sans-serif" font-size="12">
<rect width="{W}" height="{H}" fill="white"/>
<text x="{}" y="22" text-anchor="middle" font-size="14" font-weight="bold">Max-Connect4: time per move against search depth</text>
"#,
            W / 2.0
        );
        axes(&mut out, &scale);
        lines(&mut out, &scale, series);
        out.push_str("</svg>\n");
        out
    }

    /// Grid lines and labels at every power of ten, depth labels, the frame and axis titles.
    fn axes(out: &mut String, scale: &Scale) {
        let (l, t, r, b) = AREA;
        for e in scale.lo as i32..=scale.hi as i32 {
            let v = 10f64.powi(e);
            let label = if e >= 0 {
                format!("{v}")
            } else {
                format!("{v:.*}", (-e) as usize)
            };
            let y = scale.y(v);
            let _ = writeln!(
                out,
                r##"<line x1="{l}" y1="{y:.1}" x2="{r}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{label}</text>"##,
                l - 6.0,
                y + 4.0
            );
        }
        for d in 1..=scale.max_depth {
            let _ = writeln!(
                out,
                r#"<text x="{:.1}" y="{}" text-anchor="middle">{d}</text>"#,
                scale.x(d),
                b + 18.0
            );
        }
        let _ = writeln!(
            out,
            r##"<rect x="{l}" y="{t}" width="{}" height="{}" fill="none" stroke="#333"/>
<text x="{:.1}" y="{}" text-anchor="middle">depth (plies)</text>
<text transform="translate(18,{:.1}) rotate(-90)" text-anchor="middle">CPU ms per move (log scale)</text>"##,
            r - l,
            b - t,
            (l + r) / 2.0,
            b + 38.0,
            (t + b) / 2.0
        );
    }

    /// One polyline per position and search (red alpha-beta, blue engine; dashed for the second
    /// position), with a legend.
    fn lines(out: &mut String, scale: &Scale, series: &[(&str, Vec<Row>)]) {
        let (l, t, _, _) = AREA;
        let styles = [("#d73027", "alpha-beta"), ("#4575b4", "engine")];
        for (s, (name, rows)) in series.iter().enumerate() {
            let dash = if s == 0 {
                ""
            } else {
                r#" stroke-dasharray="6 4""#
            };
            for (k, (colour, search)) in styles.iter().enumerate() {
                let points: Vec<String> = rows
                    .iter()
                    .map(|row| {
                        let v = ms(if k == 0 { row.1 } else { row.2 });
                        format!("{:.1},{:.1}", scale.x(row.0), scale.y(v))
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    r#"<polyline class="series" data-name="{search}, {name}" points="{}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>"#,
                    points.join(" ")
                );
                let ly = t + 16.0 + 18.0 * (2 * s + k) as f64;
                let _ = writeln!(
                    out,
                    r#"<line x1="{}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/><text x="{}" y="{}">{search}, {name}</text>"#,
                    l + 12.0,
                    l + 40.0,
                    l + 46.0,
                    ly + 4.0
                );
            }
        }
    }
}
