//! `kalah` (work in progress).

fn main() {
    eprintln!("error: kalah is not implemented yet");
    std::process::exit(1);
}
