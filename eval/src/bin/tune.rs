//! The Texel tuner as a standalone program (`cargo run --release -p outpost-eval --bin tune --
//! <data> [options]`), the same as `outpost tune`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(e) = outpost_eval::tune::run(&args) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
