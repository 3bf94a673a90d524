//! `kalah solve`: the exact value of a small variant.

use kalah::Rules;
use std::error::Error;
use std::time::Instant;

/// Solves `rules` and prints the value, a best first move, the counters and the time; with
/// `deepen_to` > 0, first one line per depth of the iterative deepening (value, best chain,
/// nodes, elapsed time), as it goes.
pub fn run(rules: Rules, table_bits: u32, deepen_to: u32) -> Result<(), Box<dyn Error>> {
    let started = Instant::now();
    let solution = kalah::solve_deepening(rules, table_bits, deepen_to, |depth, decision| {
        println!(
            "depth {depth}: value {:+}, best {}, nodes {}, elapsed {:.3} s",
            decision.value.unwrap_or_default(),
            decision.chain,
            decision.nodes,
            started.elapsed().as_secs_f64()
        );
        let _ = std::io::Write::flush(&mut std::io::stdout());
    });
    let seconds = started.elapsed().as_secs_f64();
    let verdict = match solution.value {
        v if v > 0 => format!("first player wins by {v}"),
        v if v < 0 => format!("second player wins by {}", -v),
        _ => "draw".to_owned(),
    };
    println!(
        "Kalah({},{}): {verdict} (value {:+})",
        rules.pots(),
        rules.stones(),
        solution.value
    );
    if let Some(best) = solution.best {
        println!("best first move: {best}");
    }
    println!(
        "nodes {}, time {seconds:.3} s, {:.0} nodes/s",
        solution.stats.nodes,
        solution.stats.nodes as f64 / seconds.max(1e-9)
    );
    Ok(())
}
