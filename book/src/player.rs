//! The book as the engine plays it: the four options (`OwnBook`, `BookFile`, `BookBestMove`,
//! `BookDepth`) and the one question asked before each search, "is there a book move here?".
//!
//! Keeping this here lets the engine forward option values and call `probe` without knowing
//! book details. A book that fails to load leaves the engine without a book (it keeps playing);
//! the error text is for an `info string` / xboard message.

use crate::{Book, BookError};
use outpost_board::Rng;
use outpost_board::{Color, Move, Position};

/// Option names as GUIs see them, with their UCI types and defaults.
pub const OPTION_OWN_BOOK: &str = "OwnBook"; // check, default false
pub const OPTION_BOOK_FILE: &str = "BookFile"; // string, default <empty>
pub const OPTION_BOOK_BEST_MOVE: &str = "BookBestMove"; // check, default false
pub const OPTION_BOOK_DEPTH: &str = "BookDepth"; // spin 1..=1024, default 255
/// Default and bounds of `BookDepth` (in plies).
pub const BOOK_DEPTH_DEFAULT: u32 = 255;
pub const BOOK_DEPTH_MAX: u32 = 1024;

/// The loaded book and the options that decide when it is used.
#[derive(Debug)]
pub struct BookPlayer {
    book: Option<Book>,
    /// `OwnBook`.
    pub enabled: bool,
    /// `BookBestMove`: always the heaviest move instead of a weighted random one.
    pub best_move: bool,
    /// `BookDepth`: the book is consulted only while the game is shorter than this many plies.
    pub depth: u32,
    rng: Rng,
}

impl Default for BookPlayer {
    fn default() -> BookPlayer {
        BookPlayer::new(Rng::from_clock(u64::from(std::process::id())))
    }
}

impl BookPlayer {
    /// No book loaded, `OwnBook` off; `rng` drives the weighted choice (seed it for tests).
    pub fn new(rng: Rng) -> BookPlayer {
        BookPlayer {
            book: None,
            enabled: false,
            best_move: false,
            depth: BOOK_DEPTH_DEFAULT,
            rng,
        }
    }

    /// `BookFile`: loads the book at `path` (`""` or `<empty>` unloads it). On success returns a
    /// line to show the user; on failure the previous book is dropped too, so the engine plays
    /// on without one.
    pub fn set_file(&mut self, path: &str) -> Result<String, BookError> {
        self.book = None;
        let path = path.trim();
        if path.is_empty() || path == "<empty>" {
            return Ok("no book file".to_string());
        }
        let book = Book::open(path)?;
        let message = if book.is_empty() {
            format!("book {path}: the file holds no entries")
        } else {
            format!("book {path}: {} entries", book.len())
        };
        self.book = Some(book);
        Ok(message)
    }

    /// The loaded book, if any.
    pub fn book(&self) -> Option<&Book> {
        self.book.as_ref()
    }

    /// The move to play at once from the book, or `None` to search: the book is off, not
    /// loaded, the game is `BookDepth` plies or longer, or the position has no playable entry.
    /// Analysis (`go infinite`, xboard analyze) must not call this.
    pub fn probe(&mut self, pos: &Position) -> Option<Move> {
        if !self.enabled || game_ply(pos) >= self.depth {
            return None;
        }
        let book = self.book.as_ref()?;
        book.pick(pos, self.best_move, &mut self.rng)
    }
}

/// Plies played since the game's start, from the full-move number and the side to move (it
/// works the same for `startpos moves ...` and for a FEN set up mid-game).
pub fn game_ply(pos: &Position) -> u32 {
    let moves = u32::from(pos.fullmove_number().max(1)) - 1;
    moves * 2 + u32::from(pos.side_to_move() == Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player() -> BookPlayer {
        let mut p = BookPlayer::new(Rng::new(5));
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/polyglot/performance.bin"
        );
        assert!(p.set_file(path).unwrap().contains("92954 entries"));
        p
    }

    #[test]
    fn probe_obeys_the_options() {
        let mut p = player();
        let start = Position::startpos();
        assert_eq!(p.probe(&start), None, "OwnBook is off by default");
        p.enabled = true;
        assert!(p.probe(&start).is_some());
        let after = start.play(start.parse_uci_move("e2e4").unwrap());
        assert_eq!(game_ply(&after), 1);
        p.depth = 1;
        assert_eq!(p.probe(&after), None, "beyond BookDepth");
        assert!(p.probe(&start).is_some());
        p.depth = BOOK_DEPTH_DEFAULT;
        let sicilian = after.play(after.parse_uci_move("c7c5").unwrap());
        p.best_move = true;
        assert_eq!(p.probe(&sicilian).unwrap().to_string(), "g1f3");
        assert!(p.set_file("<empty>").is_ok());
        assert_eq!(p.probe(&start), None);
    }

    #[test]
    fn a_bad_file_leaves_no_book() {
        let mut p = player();
        p.enabled = true;
        let err = p.set_file("/nonexistent/book.bin").unwrap_err();
        assert!(err.to_string().contains("/nonexistent/book.bin"));
        assert!(p.book().is_none());
        assert_eq!(p.probe(&Position::startpos()), None);
    }

    #[test]
    fn game_ply_from_fen() {
        let pos = Position::from_fen("8/8/8/4k3/8/8/8/4K3 b - - 0 30").unwrap();
        assert_eq!(game_ply(&pos), 59);
    }
}
