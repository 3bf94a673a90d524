//! `find_route` (work in progress).

fn main() {
    eprintln!("error: find_route is not implemented yet");
    std::process::exit(1);
}
