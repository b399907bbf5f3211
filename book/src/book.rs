//! A Polyglot book held in memory: validation on load, lookup by position key, and the book move
//! choice.
//!
//! The whole file is read once (books are at most a few hundred MB, and lookups then cost no
//! system call). Loading checks what a reader relies on: the size is a whole number of 16-byte
//! records and the keys ascend, since lookup is a binary search. An empty file is a valid book
//! with no moves, as in Polyglot and python-chess, because `book-make` with a strict filter can
//! legitimately write one; `Book::is_empty` lets the caller warn about it.

use crate::entry::{decode_among, RawEntry, ENTRY_SIZE};
use outpost_board::Rng;
use outpost_board::{Move, Position};
use std::fmt;
use std::path::{Path, PathBuf};

/// One book move for a position, checked legal there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookEntry {
    /// The legal move (castling in our king-takes-rook form).
    pub mv: Move,
    /// The move as stored in the file.
    pub raw_move: u16,
    pub weight: u16,
    pub learn: u32,
}

/// What is wrong with a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookErrorKind {
    /// The file could not be read.
    Io(String),
    /// The size is not a whole number of 16-byte records.
    BadSize { len: u64, looks_like_text: bool },
    /// Record `index` has a smaller key than the record before it, so lookups would miss moves.
    Unsorted { index: usize, looks_like_text: bool },
}

/// A book that cannot be used, with the file it came from when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    pub path: Option<PathBuf>,
    pub kind: BookErrorKind,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) => write!(f, "book '{}': ", p.display())?,
            None => write!(f, "book: ")?,
        }
        match &self.kind {
            BookErrorKind::Io(e) => write!(f, "cannot read the file: {e}"),
            BookErrorKind::BadSize {
                len,
                looks_like_text,
            } => {
                write!(
                    f,
                    "not a Polyglot book: its size ({len} bytes) is not a multiple of {ENTRY_SIZE}"
                )?;
                text_hint(f, *looks_like_text)
            }
            BookErrorKind::Unsorted {
                index,
                looks_like_text,
            } => {
                write!(
                    f,
                    "not a valid Polyglot book: keys are not in ascending order at entry {index} \
                     (byte offset {})",
                    index * ENTRY_SIZE
                )?;
                text_hint(f, *looks_like_text)
            }
        }
    }
}

impl std::error::Error for BookError {}

fn text_hint(f: &mut fmt::Formatter<'_>, looks_like_text: bool) -> fmt::Result {
    if looks_like_text {
        write!(
            f,
            "; it looks like a text file (turn a PGN into a book with book-make first)"
        )?;
    }
    Ok(())
}

/// An opening book in Polyglot format.
#[derive(Clone, Debug, Default)]
pub struct Book {
    data: Vec<u8>,
}

impl Book {
    /// Reads and validates a book file.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        let path = path.as_ref();
        let with_path = |kind| BookError {
            path: Some(path.to_path_buf()),
            kind,
        };
        let data = std::fs::read(path).map_err(|e| with_path(BookErrorKind::Io(e.to_string())))?;
        Book::from_bytes(data).map_err(|e| with_path(e.kind))
    }

    /// Validates book bytes already in memory.
    pub fn from_bytes(data: Vec<u8>) -> Result<Book, BookError> {
        let error = |kind| BookError { path: None, kind };
        if !data.len().is_multiple_of(ENTRY_SIZE) {
            return Err(error(BookErrorKind::BadSize {
                len: data.len() as u64,
                looks_like_text: looks_like_text(&data),
            }));
        }
        let book = Book { data };
        if let Some(index) = (1..book.len()).find(|&i| book.key_at(i) < book.key_at(i - 1)) {
            return Err(error(BookErrorKind::Unsorted {
                index,
                looks_like_text: looks_like_text(&book.data),
            }));
        }
        Ok(book)
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.data.len() / ENTRY_SIZE
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The stored bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.data
    }

    #[inline]
    fn record(&self, i: usize) -> RawEntry {
        let mut b = [0u8; ENTRY_SIZE];
        b.copy_from_slice(&self.data[i * ENTRY_SIZE..(i + 1) * ENTRY_SIZE]);
        RawEntry::from_bytes(&b)
    }

    #[inline]
    fn key_at(&self, i: usize) -> u64 {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.data[i * ENTRY_SIZE..i * ENTRY_SIZE + 8]);
        u64::from_be_bytes(b)
    }

    /// Every record, in file order.
    pub fn records(&self) -> impl Iterator<Item = RawEntry> + '_ {
        (0..self.len()).map(|i| self.record(i))
    }

    /// The records stored under `key`, in file order, whatever their moves.
    pub fn raw_entries(&self, key: u64) -> impl Iterator<Item = RawEntry> + '_ {
        let first = partition_point(self.len(), |i| self.key_at(i) < key);
        (first..self.len())
            .map(|i| self.record(i))
            .take_while(move |e| e.key == key)
    }

    /// The book moves for `pos` in file order. Records whose move is not legal in `pos` (a key
    /// collision or a broken book) are left out; weight-0 records are kept, as stored.
    pub fn entries(&self, pos: &Position) -> Vec<BookEntry> {
        let mut raw = self.raw_entries(pos.key()).peekable();
        if raw.peek().is_none() {
            return Vec::new();
        }
        let legal = pos.legal_moves();
        raw.filter_map(|e| {
            decode_among(&legal, e.raw_move).map(|mv| BookEntry {
                mv,
                raw_move: e.raw_move,
                weight: e.weight,
                learn: e.learn,
            })
        })
        .collect()
    }

    /// A book move for `pos`: with `best`, the first entry of the highest weight; otherwise a
    /// random entry with probability proportional to its weight. Weight 0 means "never play",
    /// as in Polyglot, so a position whose entries all weigh 0 has no book move.
    pub fn pick(&self, pos: &Position, best: bool, rng: &mut Rng) -> Option<Move> {
        let entries: Vec<BookEntry> = self
            .entries(pos)
            .into_iter()
            .filter(|e| e.weight > 0)
            .collect();
        if best {
            // Of equal weights the first in the file wins, so the book's own order breaks ties.
            let top = entries.iter().map(|e| e.weight).max()?;
            return entries.iter().find(|e| e.weight == top).map(|e| e.mv);
        }
        let total: u64 = entries.iter().map(|e| u64::from(e.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut ticket = rng.below_exact(total);
        for e in &entries {
            let w = u64::from(e.weight);
            if ticket < w {
                return Some(e.mv);
            }
            ticket -= w;
        }
        None
    }
}

/// First index in `0..len` where `before` turns false (it must be true then false).
fn partition_point(len: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, len);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if before(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Whether the start of the data is printable text, to explain a rejected file better.
fn looks_like_text(data: &[u8]) -> bool {
    let head = &data[..data.len().min(256)];
    let data = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    !data.is_empty()
        && data
            .iter()
            .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace() || b >= 0x80)
}
