//! `cargo run -p outpost-book --example book -- list <file.bin> [fen ...]` or
//! `-- make <games.pgn> <out.bin> [options]`: the crate's command-line tools without the engine,
//! used to produce the books that the python-chess read-back fixture checks.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("list") => outpost_book::cli::list_command(&args[1..]),
        Some("make") => outpost_book::cli::make_command(&args[1..]),
        _ => {
            eprintln!(
                "{}\n{}",
                outpost_book::cli::LIST_USAGE,
                outpost_book::cli::MAKE_USAGE
            );
            std::process::exit(1);
        }
    };
    match result {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
