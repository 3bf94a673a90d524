//! `maxconnect4` (work in progress).

fn main() {
    eprintln!("error: maxconnect4 is not implemented yet");
    std::process::exit(1);
}
