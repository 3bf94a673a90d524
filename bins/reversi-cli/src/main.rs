//! `Reversi` (work in progress).

fn main() {
    eprintln!("error: Reversi is not implemented yet");
    std::process::exit(1);
}
