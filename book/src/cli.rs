//! The two command-line tools the engine binary exposes, so that it only forwards arguments and
//! prints what comes back:
//!
//! - `outpost book <file.bin> [fen <FEN> | startpos] [moves <uci>...] [--chess960]` lists the book
//!   moves of a position (the start position by default);
//! - `outpost book-make <games.pgn> <out.bin> [--max-ply N] [--min-games N] [--min-score P]
//!   [--only-white | --only-black] [--uniform]` builds a book with Polyglot's weighting.
//!
//! Both return the text to print, or an error message for the user.

use crate::{make_book_file, Book, MakeOptions};
use outpost_board::{Color, Position};

/// Usage line of `book`.
pub const LIST_USAGE: &str =
    "usage: outpost book <file.bin> [fen <FEN> | startpos | <FEN>] [moves <uci>...] [--chess960]";

/// Usage line of `book-make`.
pub const MAKE_USAGE: &str = "usage: outpost book-make <games.pgn> <out.bin> [--max-ply N] \
[--min-games N] [--min-score PERCENT] [--only-white | --only-black] [--uniform]";

/// Runs `book`: `args` are the words after the subcommand name.
pub fn list_command(args: &[String]) -> Result<String, String> {
    let mut words: Vec<&str> = args.iter().map(String::as_str).collect();
    let chess960 = words.contains(&"--chess960");
    words.retain(|w| *w != "--chess960");
    let (path, rest) = words.split_first().ok_or_else(|| LIST_USAGE.to_string())?;
    let pos = parse_position(rest)?;
    let book = Book::open(path).map_err(|e| e.to_string())?;
    let mut out = format!("book {path}: {} entries\n", book.len());
    out.push_str(&book.dump(&pos, chess960));
    Ok(out)
}

/// `[fen <FEN> | startpos | <FEN>] [moves m1 m2 ...]`; nothing means the start position.
fn parse_position(words: &[&str]) -> Result<Position, String> {
    let split = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let setup = match setup.first() {
        Some(&"fen") => &setup[1..],
        _ => setup,
    };
    let mut pos = match setup {
        [] | ["startpos"] => Position::startpos(),
        fen => Position::from_fen(&fen.join(" ")).map_err(|e| e.to_string())?,
    };
    for text in moves {
        let m = pos.parse_uci_move(text).map_err(|e| e.to_string())?;
        pos = pos.play(m);
    }
    Ok(pos)
}

/// Runs `book-make`: `args` are the words after the subcommand name.
pub fn make_command(args: &[String]) -> Result<String, String> {
    let mut options = MakeOptions::default();
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(word) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("{name} needs a value\n{MAKE_USAGE}"))
                .cloned()
        };
        match word.as_str() {
            "--max-ply" => options.max_ply = parse_number(&value(word)?, word)?,
            "--min-games" | "--min-game" => options.min_games = parse_number(&value(word)?, word)?,
            "--min-score" => {
                let v = value(word)?;
                options.min_score = v
                    .parse::<f64>()
                    .ok()
                    .filter(|p| (0.0..=100.0).contains(p))
                    .ok_or_else(|| format!("--min-score '{v}' is not a percentage in 0..=100"))?;
            }
            "--only-white" => options.only = Some(Color::White),
            "--only-black" => options.only = Some(Color::Black),
            "--uniform" => options.uniform = true,
            w if w.starts_with("--") => return Err(format!("unknown option '{w}'\n{MAKE_USAGE}")),
            _ => files.push(word.clone()),
        }
    }
    let [pgn, out] = files.as_slice() else {
        return Err(MAKE_USAGE.to_string());
    };
    let made = make_book_file(pgn, out, &options).map_err(|e| e.to_string())?;
    Ok(format!("{}\nwrote {out}", made.summary()))
}

fn parse_number(text: &str, option: &str) -> Result<u32, String> {
    text.parse()
        .map_err(|_| format!("{option} '{text}' is not a whole number"))
}
