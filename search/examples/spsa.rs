//! Prints the search parameters as OpenBench SPSA input lines
//! (`name, int, default, min, max, c_end, r_end`), ready to paste into a tune:
//! `cargo run --release -p outpost-search --example spsa`.

fn main() {
    print!("{}", outpost_search::params::openbench_spsa());
}
