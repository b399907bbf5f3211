//! outpost-board: the chess rules.
//!
//! Squares, bitboards and attacks, the `Position` with make/unmake and Polyglot-compatible
//! Zobrist keys, legal move generation (standard chess and Chess960), FEN/X-FEN/Shredder-FEN,
//! UCI and SAN move text, static exchange evaluation, perft, and the rules that end a game
//! (`Position::game_end`). No allocation on the hot paths;
//! every table is built at compile time.

pub mod attacks;
mod bitboard;
pub mod chess960;
mod color;
pub mod cpu;
mod display;
mod fen;
mod game_end;
mod movegen;
mod moves;
mod notation;
pub mod perft;
mod perft_lean;
pub mod perft_stats;
mod piece;
mod polyglot_random;
mod position;
pub mod rng;
mod san;
mod see;
mod square;
pub mod zobrist;

pub use bitboard::{BitIter, Bitboard};
pub use color::Color;
pub use fen::{write_placement, FenError, STARTPOS_FEN};
pub use game_end::{GameEnd, FIFTY_MOVE_PLIES};
pub use movegen::GenKind;
pub use moves::{Move, MoveKind, MoveList, UciMove, MAX_MOVES};
pub use notation::MoveError;
pub use piece::{Piece, PieceType};
pub use position::{castle_index, CastleSide, Position, Undo};
pub use rng::Rng;
pub use see::SEE_VALUES;
pub use square::{file_char, Square};
