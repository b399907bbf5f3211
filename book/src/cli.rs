//! The two command-line tools the engine binary exposes, so that it only forwards arguments and
//! prints what comes back:
//!
//! - `outpost book <file.bin> [fen <FEN> | startpos] [moves <uci>...] [--chess960]` lists the book
//!   moves of a position (the start position by default);
//! - `outpost book-make <games.pgn> <out.bin> [--max-ply N] [--min-games N] [--min-score P]
//!   [--only-white | --only-black] [--uniform]` builds a book with Polyglot's weighting.
//!
//! Both return the text to print, or a [`CliError`] whose text is the message for the user.

use crate::{make_book_file, Book, BookError, MakeError, MakeOptions};
use outpost_board::{Color, FenError, MoveError, Position};
use std::fmt;

/// Usage line of `book`.
pub const LIST_USAGE: &str =
    "usage: outpost book <file.bin> [fen <FEN> | startpos | <FEN>] [moves <uci>...] [--chess960]";

/// Usage line of `book-make`.
pub const MAKE_USAGE: &str = "usage: outpost book-make <games.pgn> <out.bin> [--max-ply N] \
[--min-games N] [--min-score PERCENT] [--only-white | --only-black] [--uniform]";

/// What is wrong with a `book` or `book-make` command line, or what failed running it.
#[derive(Clone, Debug, PartialEq)]
pub enum CliError {
    /// Arguments missing or in excess; holds the usage line of the tool.
    Usage(&'static str),
    /// An option of `book-make` given without its value.
    MissingValue { option: String },
    /// An option `book-make` does not have.
    UnknownOption(String),
    /// The value `text` of `option` is not a whole number.
    NotANumber { option: String, text: String },
    /// The value of `--min-score` is not a percentage in 0..=100.
    NotAPercentage(String),
    /// The position to list is not a legal FEN.
    Fen(FenError),
    /// A word of the `moves` list is not a legal move there.
    Move(MoveError),
    /// The book to list cannot be used.
    Book(BookError),
    /// No book could be made.
    Make(MakeError),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(usage) => write!(f, "{usage}"),
            CliError::MissingValue { option } => write!(f, "{option} needs a value\n{MAKE_USAGE}"),
            CliError::UnknownOption(option) => {
                write!(f, "unknown option '{option}'\n{MAKE_USAGE}")
            }
            CliError::NotANumber { option, text } => {
                write!(f, "{option} '{text}' is not a whole number")
            }
            CliError::NotAPercentage(text) => {
                write!(f, "--min-score '{text}' is not a percentage in 0..=100")
            }
            CliError::Fen(e) => write!(f, "{e}"),
            CliError::Move(e) => write!(f, "{e}"),
            CliError::Book(e) => write!(f, "{e}"),
            CliError::Make(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Fen(e) => Some(e),
            CliError::Move(e) => Some(e),
            CliError::Book(e) => Some(e),
            CliError::Make(e) => Some(e),
            _ => None,
        }
    }
}

/// Runs `book`: `args` are the words after the subcommand name.
pub fn list_command(args: &[String]) -> Result<String, CliError> {
    let mut words: Vec<&str> = args.iter().map(String::as_str).collect();
    let chess960 = words.contains(&"--chess960");
    words.retain(|w| *w != "--chess960");
    let (path, rest) = words.split_first().ok_or(CliError::Usage(LIST_USAGE))?;
    let pos = parse_position(rest)?;
    let book = Book::open(path).map_err(CliError::Book)?;
    let mut out = format!("book {path}: {} entries\n", book.len());
    out.push_str(&book.dump(&pos, chess960));
    Ok(out)
}

/// `[fen <FEN> | startpos | <FEN>] [moves m1 m2 ...]`; nothing means the start position.
fn parse_position(words: &[&str]) -> Result<Position, CliError> {
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
        fen => Position::from_fen(&fen.join(" ")).map_err(CliError::Fen)?,
    };
    for text in moves {
        let m = pos.parse_uci_move(text).map_err(CliError::Move)?;
        pos = pos.play(m);
    }
    Ok(pos)
}

/// Runs `book-make`: `args` are the words after the subcommand name.
pub fn make_command(args: &[String]) -> Result<String, CliError> {
    let mut options = MakeOptions::default();
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(word) = it.next() {
        let mut value = |name: &str| {
            it.next().cloned().ok_or_else(|| CliError::MissingValue {
                option: name.to_string(),
            })
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
                    .ok_or(CliError::NotAPercentage(v))?;
            }
            "--only-white" => options.only = Some(Color::White),
            "--only-black" => options.only = Some(Color::Black),
            "--uniform" => options.uniform = true,
            w if w.starts_with("--") => return Err(CliError::UnknownOption(w.to_string())),
            _ => files.push(word.clone()),
        }
    }
    let [pgn, out] = files.as_slice() else {
        return Err(CliError::Usage(MAKE_USAGE));
    };
    let made = make_book_file(pgn, out, &options).map_err(CliError::Make)?;
    Ok(format!("{}\nwrote {out}", made.summary()))
}

fn parse_number(text: &str, option: &str) -> Result<u32, CliError> {
    text.parse().map_err(|_| CliError::NotANumber {
        option: option.to_string(),
        text: text.to_string(),
    })
}
