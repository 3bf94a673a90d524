//! `alphabeta` (work in progress).

fn main() {
    eprintln!("error: alphabeta is not implemented yet");
    std::process::exit(1);
}
