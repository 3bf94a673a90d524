//! `PowerGrid` (work in progress).

fn main() {
    eprintln!("error: PowerGrid is not implemented yet");
    std::process::exit(1);
}
