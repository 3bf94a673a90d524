//! `nqueens` (work in progress).

fn main() {
    eprintln!("error: nqueens is not implemented yet");
    std::process::exit(1);
}
