//! `maze` (work in progress).

fn main() {
    eprintln!("error: maze is not implemented yet");
    std::process::exit(1);
}
