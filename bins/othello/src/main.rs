//! `othello` (work in progress).

fn main() {
    eprintln!("error: othello is not implemented yet");
    std::process::exit(1);
}
