//! outpost-book: Polyglot opening books.
//!
//! Reading a `.bin` book and choosing a move from it (`Book`, `BookEntry`; picks draw from the board crate's `Rng`), the
//! engine-facing options and probe (`BookPlayer`), listing a position's book moves as text
//! (`Book::dump`), building a book from PGN games with Polyglot's `make-book` weighting
//! (`make_book`, `make_book_file`, with the PGN reader in `pgn`), and the two command-line tools
//! (`cli`). Our Zobrist keys are the Polyglot keys, so a lookup is `Position::key` itself.

mod book;
pub mod cli;
mod dump;
mod entry;
mod make;
pub mod pgn;
pub mod player;

pub use book::{Book, BookEntry, BookError, BookErrorKind};
pub use entry::{decode_move, encode_move, RawEntry, ENTRY_SIZE};
pub use make::{make_book, make_book_file, MadeBook, MakeError, MakeOptions};
pub use player::BookPlayer;
