//! The two command-line tools the engine binary exposes, so that it only forwards arguments and
//! prints what comes back:
//!
//! - `outpost book <file.bin> [fen <FEN> | startpos] [moves <uci>...] [--chess960]` lists the book
//!   moves of a position (the start position by default);
//! - `outpost book-make <games.pgn> <out.bin> [--max-ply N] [--min-games N] [--min-score P]
//!   [--only-white | --only-black] [--uniform]` builds a book with Polyglot's weighting.
//!
//! Both return the text to print, or a [`BookToolError`] whose text is the message for the user.
//! Their flags are read by `outpost_cli`, as every tool's command line is, so a wrong one is the
//! same [`CliError`] as anywhere else.

use crate::{make_book_file, Book, BookError, MakeError, MakeOptions};
use outpost_board::{Color, FenError, MoveError, Position};
use outpost_cli::{Arg, CliError, Flags};
use std::fmt;

/// Usage line of `book`.
pub const LIST_USAGE: &str =
    "usage: outpost book <file.bin> [fen <FEN> | startpos | <FEN>] [moves <uci>...] [--chess960]";

/// Usage line of `book-make`.
pub const MAKE_USAGE: &str = "usage: outpost book-make <games.pgn> <out.bin> [--max-ply N] \
[--min-games N] [--min-score PERCENT] [--only-white | --only-black] [--uniform]";

/// Why `book` or `book-make` did not run: its command line, or what it read or made.
#[derive(Clone, Debug, PartialEq)]
pub enum BookToolError {
    /// The command line is wrong (or asks for `--help`).
    Cli(CliError),
    /// The position to list is not a legal FEN.
    Fen(FenError),
    /// A word of the `moves` list is not a legal move there.
    Move(MoveError),
    /// The book to list cannot be used.
    Book(BookError),
    /// No book could be made.
    Make(MakeError),
}

impl fmt::Display for BookToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookToolError::Cli(e) => write!(f, "{e}"),
            BookToolError::Fen(e) => write!(f, "{e}"),
            BookToolError::Move(e) => write!(f, "{e}"),
            BookToolError::Book(e) => write!(f, "{e}"),
            BookToolError::Make(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BookToolError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookToolError::Cli(e) => Some(e),
            BookToolError::Fen(e) => Some(e),
            BookToolError::Move(e) => Some(e),
            BookToolError::Book(e) => Some(e),
            BookToolError::Make(e) => Some(e),
        }
    }
}

impl From<CliError> for BookToolError {
    fn from(e: CliError) -> BookToolError {
        BookToolError::Cli(e)
    }
}

/// Runs `book`: `args` are the words after the subcommand name.
pub fn list_command(args: &[String]) -> Result<String, BookToolError> {
    let mut f = Flags::new("book", LIST_USAGE, args);
    let mut chess960 = false;
    let mut words = Vec::new();
    while let Some(arg) = f.next()? {
        match arg {
            Arg::Flag(flag) if flag == "--chess960" => chess960 = true,
            Arg::Flag(flag) => return Err(f.unexpected(flag).into()),
            Arg::Word(word) => words.push(word),
        }
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (path, rest) = words
        .split_first()
        .ok_or(CliError::Usage { usage: LIST_USAGE })?;
    let pos = parse_position(rest)?;
    let book = Book::open(path).map_err(BookToolError::Book)?;
    let mut out = format!("book {path}: {} entries\n", book.len());
    out.push_str(&book.dump(&pos, chess960));
    Ok(out)
}

/// `[fen <FEN> | startpos | <FEN>] [moves m1 m2 ...]`; nothing means the start position.
fn parse_position(words: &[&str]) -> Result<Position, BookToolError> {
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
        fen => Position::from_fen(&fen.join(" ")).map_err(BookToolError::Fen)?,
    };
    for text in moves {
        let m = pos.parse_uci_move(text).map_err(BookToolError::Move)?;
        pos = pos.play(m);
    }
    Ok(pos)
}

/// Runs `book-make`: `args` are the words after the subcommand name.
pub fn make_command(args: &[String]) -> Result<String, BookToolError> {
    let mut options = MakeOptions::default();
    let mut files = Vec::new();
    let mut f = Flags::new("book-make", MAKE_USAGE, args);
    while let Some(arg) = f.next()? {
        let flag = match arg {
            Arg::Word(word) => {
                files.push(word);
                continue;
            }
            Arg::Flag(flag) => flag,
        };
        match flag.as_str() {
            "--max-ply" => options.max_ply = f.value("a whole number")?,
            "--min-games" | "--min-game" => options.min_games = f.value("a whole number")?,
            "--min-score" => {
                options.min_score = f.value_in("a percentage in 0..=100", |p: &f64| {
                    (0.0..=100.0).contains(p)
                })?
            }
            "--only-white" => options.only = Some(Color::White),
            "--only-black" => options.only = Some(Color::Black),
            "--uniform" => options.uniform = true,
            _ => return Err(f.unexpected(flag).into()),
        }
    }
    let [pgn, out] = files.as_slice() else {
        return Err(CliError::Usage { usage: MAKE_USAGE }.into());
    };
    let made = make_book_file(pgn, out, &options).map_err(BookToolError::Make)?;
    Ok(format!("{}\nwrote {out}", made.summary()))
}
