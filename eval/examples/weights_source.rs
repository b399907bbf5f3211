//! Prints the weights table as Rust source (what a tuner writes back into `src/weights.rs`).
//!
//! `cargo run -p outpost-eval --example weights_source`

fn main() {
    print!("{}", outpost_eval::DEFAULT.to_rust_source());
}
