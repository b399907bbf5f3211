//! The training-data file: self-play games, block by block, in one of two layouts.
//!
//! A file is a sequence of game blocks. Each block is a game header followed by one [`Record`]
//! for every position of the game in which the engine searched (openings' random plies are not
//! recorded). Positions are kept whatever they are; the trainer, not datagen, filters (in check,
//! noisy best move, mate-range scores, early plies), so a filter can change without
//! regenerating data.
//!
//! Two layouts ([`BlockLayout`]), told apart by the magic that starts every block; a file holds
//! one:
//! - packed (`OPGAME02`, [`packed`]): what datagen writes, about 4.5 bytes a position; its
//!   module doc is the specification.
//! - wide (`OPGAME01`, below): 32 bytes a position, what datagen wrote before; files in it are
//!   read as they are and turned into packed ones by `outpost data-convert`
//!   (`tools/src/convert.rs`).
//!
//! Both decode to the same [`GameBlock`]s, so [`GameReader`] reads either and every reader of
//! data (data-stats, the trainer, the WDL fit) takes both.
//!
//! The format is a crate of its own, on the board and types crates alone, so that what reads
//! data (the trainer) does not depend on the search or the evaluation that wrote it; datagen,
//! data-stats and data-convert (the tools crate) and the trainer use it.
//!
//! Blocks are written whole and flushed per game, so a killed run leaves at most a torn last
//! block, which [`scan`] finds and the next run truncates. A game's block records its number,
//! so a rerun with the same file skips the games it already holds. Datagen appends only to
//! packed files ([`open_for_append`] refuses a wide one).
//!
//! Wide position record (32 bytes, the layout of bulletformat's board plus a move and flags):
//!
//! | bytes | field |
//! |---|---|
//! | 0..8 | occupancy, bit `i` = square `i` (a1 = 0, h8 = 63) |
//! | 8..24 | pieces, one nibble each in occupancy order from the lowest square, low nibble first: `colour * 8 + kind` (kind 0..6 = P N B R Q K) |
//! | 24..26 | score: i16 centipawns from white's view, clamped to +-32000 (mates are +-32000) |
//! | 26 | result from white's view: 0 loss, 1 draw, 2 win |
//! | 27 | flags: bit 0 black to move, 1 side to move in check, 2 best move a capture or promotion, 3 score a mate or beyond `SCORE_BOUND` |
//! | 28..30 | ply of the game (0 = the start position) |
//! | 30..32 | the search's best move, `outpost_board::Move::raw()` |
//!
//! A record has no castling rights (the network's inputs do not see them); the board after a
//! castling move is the king and rook on their destination squares whatever the variant, and a
//! castling best move is the king-takes-rook move of `Move::raw()`, so Chess960 games need
//! nothing more than standard ones.
//!
//! Wide game header (32 bytes): the magic, the game number (u64), the seed (u64), the position
//! count (u32), the result byte (28), and at 29..32 the start as a 24-bit little-endian number:
//! 0 for the start position or an `--openings` line (all files before Chess960 starts have 0
//! there), else bit 0 set and Chess960 arrangement numbers (`outpost_board::chess960`) of
//! white's back rank in bits 1..11 and black's in bits 11..21.

pub mod packed;
mod placement;

use outpost_board::{Bitboard, Color, Move, Piece, PieceType, Position, Square};
use outpost_types::GameResult;
use std::fmt;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// Size of every record of the wide layout, header or position.
pub const RECORD_BYTES: usize = 32;
/// First bytes of a wide game header.
pub const MAGIC: [u8; 8] = *b"OPGAME01";
/// Scores at or beyond this are mates or tablebase-like and flagged [`Record::FLAG_EXTREME`].
pub const SCORE_BOUND: i32 = 3000;
/// The largest score a record holds; mates are stored as this.
pub const SCORE_MAX: i32 = 32000;

/// The result byte of both layouts: a game's [`GameResult`] as 0 (black wins), 1 (draw) or 2
/// (white wins). Spelled out here rather than borrowed from `GameResult`'s half points, so the
/// file format changes only when this file does.
fn result_to_byte(result: GameResult) -> u8 {
    match result {
        GameResult::BlackWins => 0,
        GameResult::Draw => 1,
        GameResult::WhiteWins => 2,
    }
}

/// Reads a result byte ([`result_to_byte`]); any other byte is a damaged record, and the error
/// says which field (both layouts' decoders report it as their own damage).
fn result_from_byte(b: u8) -> Result<GameResult, &'static str> {
    match b {
        0 => Ok(GameResult::BlackWins),
        1 => Ok(GameResult::Draw),
        2 => Ok(GameResult::WhiteWins),
        _ => Err("result byte"),
    }
}

/// The pieces of a record's board (`occupancy`, and `pieces`: one 4-bit code per occupied
/// square, lowest square first, colour * 8 + piece type) with their squares, lowest first. The
/// trainer keeps boards in this form too.
#[inline]
pub fn board_pieces(
    occupancy: u64,
    pieces: &[u8; 16],
) -> impl Iterator<Item = (Square, Piece)> + '_ {
    Bitboard(occupancy).iter().enumerate().map(move |(i, sq)| {
        let code = (pieces[i / 2] >> (4 * (i % 2))) & 15;
        let color = if code >= 8 {
            Color::Black
        } else {
            Color::White
        };
        (
            sq,
            Piece::new(color, PieceType::from_index((code & 7) as usize)),
        )
    })
}

/// One searched position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub occupancy: u64,
    pub pieces: [u8; 16],
    /// Centipawns from white's view.
    pub score: i16,
    /// The game's result (every record of a game holds it, for the trainer's sake).
    pub result: GameResult,
    pub flags: u8,
    pub ply: u16,
    pub best: u16,
}

impl Record {
    pub const FLAG_BLACK_TO_MOVE: u8 = 1;
    pub const FLAG_IN_CHECK: u8 = 2;
    pub const FLAG_NOISY_BEST: u8 = 4;
    pub const FLAG_EXTREME: u8 = 8;
    /// The flags the usual filters drop: a position is quiet when it has none of them.
    pub const FLAGS_NOT_QUIET: u8 =
        Self::FLAG_IN_CHECK | Self::FLAG_NOISY_BEST | Self::FLAG_EXTREME;

    /// The record of `pos` where the search chose `best` with `white_cp` (mates already mapped
    /// to a large value by the caller; `mate` flags them).
    pub fn new(
        pos: &Position,
        best: Move,
        white_cp: i32,
        mate: bool,
        result: GameResult,
        ply: u16,
    ) -> Record {
        let occ = pos.occupied();
        let mut pieces = [0u8; 16];
        for (i, sq) in occ.iter().enumerate() {
            let p = pos.piece_on(sq).expect("an occupied square holds a piece");
            let code = (p.color() as u8) * 8 + p.kind() as u8;
            pieces[i / 2] |= code << (4 * (i % 2));
        }
        let mut flags = 0;
        if pos.side_to_move() == Color::Black {
            flags |= Self::FLAG_BLACK_TO_MOVE;
        }
        if pos.in_check() {
            flags |= Self::FLAG_IN_CHECK;
        }
        if !best.is_none() && pos.is_noisy(best) {
            flags |= Self::FLAG_NOISY_BEST;
        }
        if mate || white_cp.abs() >= SCORE_BOUND {
            flags |= Self::FLAG_EXTREME;
        }
        Record {
            occupancy: occ.0,
            pieces,
            score: white_cp.clamp(-SCORE_MAX, SCORE_MAX) as i16,
            result,
            flags,
            ply,
            best: best.raw(),
        }
    }

    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        b[8..24].copy_from_slice(&self.pieces);
        b[24..26].copy_from_slice(&self.score.to_le_bytes());
        b[26] = result_to_byte(self.result);
        b[27] = self.flags;
        b[28..30].copy_from_slice(&self.ply.to_le_bytes());
        b[30..32].copy_from_slice(&self.best.to_le_bytes());
        b
    }

    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<Record, DataError> {
        let occupancy = u64::from_le_bytes(b[0..8].try_into().expect("8 bytes"));
        let count = occupancy.count_ones() as usize;
        if !(2..=32).contains(&count) {
            return Err(DataError::BadRecord("occupancy must hold 2 to 32 pieces"));
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&b[8..24]);
        for i in 0..count {
            let code = (pieces[i / 2] >> (4 * (i % 2))) & 15;
            if code & 7 > 5 {
                return Err(DataError::BadRecord("piece code out of range"));
            }
        }
        let result = result_from_byte(b[26]).map_err(DataError::BadRecord)?;
        Ok(Record {
            occupancy,
            pieces,
            score: i16::from_le_bytes([b[24], b[25]]),
            result,
            flags: b[27],
            ply: u16::from_le_bytes([b[28], b[29]]),
            best: u16::from_le_bytes([b[30], b[31]]),
        })
    }

    /// The pieces with their squares, lowest square first: what a network's features need.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        board_pieces(self.occupancy, &self.pieces)
    }

    /// Not in check, a quiet best move and a score short of the mate range: the positions
    /// whose score a static evaluation (or a score model) can be fitted to.
    #[inline]
    pub fn is_quiet(&self) -> bool {
        self.flags & Self::FLAGS_NOT_QUIET == 0
    }

    pub fn side_to_move(&self) -> Color {
        if self.flags & Self::FLAG_BLACK_TO_MOVE != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The position as FEN, without castling rights or en passant (the record has neither).
    pub fn fen(&self) -> String {
        let mut board = [None; 64];
        for (sq, p) in self.pieces() {
            board[sq.index()] = Some(p);
        }
        let mut fen = String::new();
        outpost_board::write_placement(&mut fen, |sq| board[sq.index()]);
        format!("{fen} {} - - 0 1", self.side_to_move().char())
    }
}

/// Where a game started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// The standard start position, or a line of an openings file.
    #[default]
    Standard,
    /// A Chess960 start: white's and black's back ranks by arrangement number (0..960, the
    /// same number for an ordinary Chess960 game, two for double Fischer random).
    Chess960 { white: u16, black: u16 },
}

impl Start {
    /// The header's 24-bit field.
    fn to_bits(self) -> u32 {
        match self {
            Start::Standard => 0,
            Start::Chess960 { white, black } => {
                1 | (u32::from(white) & 0x3FF) << 1 | (u32::from(black) & 0x3FF) << 11
            }
        }
    }

    fn from_bits(bits: u32) -> Result<Start, DataError> {
        if bits == 0 {
            return Ok(Start::Standard);
        }
        let white = ((bits >> 1) & 0x3FF) as u16;
        let black = ((bits >> 11) & 0x3FF) as u16;
        let count = outpost_board::chess960::COUNT;
        if bits & 1 == 0 || bits >> 21 != 0 || white >= count || black >= count {
            return Err(DataError::BadRecord("game start field"));
        }
        Ok(Start::Chess960 { white, black })
    }

    pub fn is_chess960(self) -> bool {
        matches!(self, Start::Chess960 { .. })
    }

    /// A Chess960 start with a different arrangement for each side.
    pub fn is_double(self) -> bool {
        matches!(self, Start::Chess960 { white, black } if white != black)
    }
}

/// The first record of a game block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameHeader {
    /// The game's number in its run: with the run's seed it determines the game.
    pub number: u64,
    pub seed: u64,
    pub positions: u32,
    pub result: GameResult,
    pub start: Start,
}

impl GameHeader {
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut b = [0u8; RECORD_BYTES];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..16].copy_from_slice(&self.number.to_le_bytes());
        b[16..24].copy_from_slice(&self.seed.to_le_bytes());
        b[24..28].copy_from_slice(&self.positions.to_le_bytes());
        b[28] = result_to_byte(self.result);
        b[29..32].copy_from_slice(&self.start.to_bits().to_le_bytes()[..3]);
        b
    }

    pub fn from_bytes(b: &[u8; RECORD_BYTES]) -> Result<GameHeader, DataError> {
        if b[0..8] != MAGIC {
            return Err(DataError::BadRecord("game header without its magic bytes"));
        }
        Ok(GameHeader {
            number: u64::from_le_bytes(b[8..16].try_into().expect("8 bytes")),
            seed: u64::from_le_bytes(b[16..24].try_into().expect("8 bytes")),
            positions: u32::from_le_bytes(b[24..28].try_into().expect("4 bytes")),
            result: result_from_byte(b[28]).map_err(DataError::BadRecord)?,
            start: Start::from_bits(u32::from_le_bytes([b[29], b[30], b[31], 0]))?,
        })
    }
}

/// The two ways a game block is written (see the module doc); a file's blocks share one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockLayout {
    /// 32-byte records (`OPGAME01`), what datagen wrote before the packed layout.
    Wide,
    /// A start board and about 4 bytes a position (`OPGAME02`, [`packed`]).
    Packed,
}

impl BlockLayout {
    /// The layout whose blocks start with `magic`.
    pub fn from_magic(magic: &[u8]) -> Option<BlockLayout> {
        if magic == MAGIC {
            Some(BlockLayout::Wide)
        } else if magic == packed::MAGIC {
            Some(BlockLayout::Packed)
        } else {
            None
        }
    }
}

impl fmt::Display for BlockLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BlockLayout::Wide => "wide (32-byte records, OPGAME01)",
            BlockLayout::Packed => "packed (OPGAME02)",
        })
    }
}

/// What can be wrong with a data file.
#[derive(Debug)]
pub enum DataError {
    Io(String, io::Error),
    BadRecord(&'static str),
    /// A block that is not a game block at this byte offset (not a torn tail: more follows).
    Corrupt(u64, &'static str),
    /// Another process (a running or paused datagen) holds the file open for appending.
    InUse(String),
    /// A file of the wide layout, which datagen does not append to (it writes packed games).
    WideLayout(String),
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(path, e) => write!(f, "{path}: {e}"),
            DataError::BadRecord(what) => write!(f, "bad record: {what}"),
            DataError::Corrupt(at, what) => write!(f, "not a datagen file at byte {at}: {what}"),
            DataError::InUse(path) => write!(
                f,
                "{path} is being written by another process (a datagen still running or paused); \
                 continue or stop that one instead"
            ),
            DataError::WideLayout(path) => write!(
                f,
                "{path} holds games in the old wide layout (32-byte records) and datagen writes \
                 only the packed layout; convert it first with `outpost data-convert {path} NEW` \
                 and give NEW as --out"
            ),
        }
    }
}

impl std::error::Error for DataError {}

/// One game block as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    pub header: GameHeader,
    pub records: Vec<Record>,
}

impl GameBlock {
    /// The block in the wide layout: its header and 32 bytes a record.
    pub fn to_wide_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity((self.records.len() + 1) * RECORD_BYTES);
        out.extend_from_slice(&self.header.to_bytes());
        for r in &self.records {
            out.extend_from_slice(&r.to_bytes());
        }
        out
    }

    /// The block in the packed layout ([`packed::encode`]).
    pub fn to_packed_bytes(&self) -> Result<Vec<u8>, DataError> {
        packed::encode(self)
    }
}

/// Reads game blocks one after another, of either layout (the first block's; a file holds one).
pub struct GameReader<R: Read> {
    input: R,
    offset: u64,
    layout: Option<BlockLayout>,
    body: Vec<u8>,
}

impl GameReader<BufReader<File>> {
    pub fn open(path: &Path) -> Result<Self, DataError> {
        let file = File::open(path).map_err(|e| DataError::Io(path.display().to_string(), e))?;
        Ok(GameReader::new(BufReader::with_capacity(1 << 20, file)))
    }
}

impl<R: Read> GameReader<R> {
    pub fn new(input: R) -> Self {
        outpost_board::cpu::init();
        GameReader {
            input,
            offset: 0,
            layout: None,
            body: Vec::new(),
        }
    }

    /// Byte offset of the next block (after a torn tail: where the whole blocks end).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The layout of the blocks read so far (`None` before the first).
    pub fn layout(&self) -> Option<BlockLayout> {
        self.layout
    }

    /// The next whole block; `Ok(None)` at the end or at a torn last block.
    pub fn next_game(&mut self) -> Result<Option<GameBlock>, DataError> {
        let mut head = [0u8; packed::HEADER_BYTES];
        if !self.fill(&mut head[..MAGIC.len()])? {
            return Ok(None);
        }
        let layout = BlockLayout::from_magic(&head[..MAGIC.len()])
            .ok_or(DataError::Corrupt(self.offset, "expected a game header"))?;
        if self.layout.is_some_and(|l| l != layout) {
            return Err(DataError::Corrupt(
                self.offset,
                "a game block of the other layout (a file holds one)",
            ));
        }
        self.layout = Some(layout);
        match layout {
            BlockLayout::Wide => self.next_wide(&mut head[..RECORD_BYTES]),
            BlockLayout::Packed => self.next_packed(&mut head),
        }
    }

    /// The rest of a wide block whose magic is in `head`.
    fn next_wide(&mut self, head: &mut [u8]) -> Result<Option<GameBlock>, DataError> {
        let mut buf = [0u8; RECORD_BYTES];
        buf[..MAGIC.len()].copy_from_slice(&head[..MAGIC.len()]);
        if !self.fill(&mut buf[MAGIC.len()..])? {
            return Ok(None);
        }
        let header = GameHeader::from_bytes(&buf)
            .map_err(|_| DataError::Corrupt(self.offset, "expected a game header"))?;
        let mut records = Vec::with_capacity(header.positions.min(1 << 16) as usize);
        for _ in 0..header.positions {
            if !self.fill(&mut buf)? {
                return Ok(None);
            }
            let record = Record::from_bytes(&buf).map_err(|e| match e {
                DataError::BadRecord(what) => DataError::Corrupt(self.offset, what),
                other => other,
            })?;
            records.push(record);
        }
        self.offset += (header.positions as u64 + 1) * RECORD_BYTES as u64;
        Ok(Some(GameBlock { header, records }))
    }

    /// The rest of a packed block whose magic is in `head`.
    fn next_packed(
        &mut self,
        head: &mut [u8; packed::HEADER_BYTES],
    ) -> Result<Option<GameBlock>, DataError> {
        if !self.fill(&mut head[MAGIC.len()..])? {
            return Ok(None);
        }
        let header = packed::PackedHeader::from_bytes(head)
            .map_err(|_| DataError::Corrupt(self.offset, "expected a game header"))?;
        let mut body = std::mem::take(&mut self.body);
        body.resize(header.body_bytes as usize, 0);
        let whole = self.fill(&mut body)?;
        let game = if whole {
            Some(
                packed::decode(&header, &body)
                    .map_err(|what| DataError::Corrupt(self.offset, what))?,
            )
        } else {
            None
        };
        self.body = body;
        if game.is_some() {
            self.offset += (packed::HEADER_BYTES + header.body_bytes as usize) as u64;
        }
        Ok(game)
    }

    /// Fills `buf`; false at a clean or torn end.
    fn fill(&mut self, buf: &mut [u8]) -> Result<bool, DataError> {
        let mut filled = 0;
        while filled < buf.len() {
            match self.input.read(&mut buf[filled..]) {
                Ok(0) => return Ok(false),
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(DataError::Io("read".to_string(), e)),
            }
        }
        Ok(true)
    }
}

/// The games a file already holds and where its whole blocks end.
#[derive(Clone, Debug, Default)]
pub struct Scan {
    pub games: Vec<u64>,
    pub positions: u64,
    pub whole_bytes: u64,
    pub file_bytes: u64,
    /// The layout of its blocks; `None` for a file without a whole block.
    pub layout: Option<BlockLayout>,
}

/// Reads a data file through; a missing file is an empty one.
pub fn scan(path: &Path) -> Result<Scan, DataError> {
    let file_bytes = match std::fs::metadata(path) {
        Ok(m) => m.len(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Scan::default()),
        Err(e) => return Err(DataError::Io(path.display().to_string(), e)),
    };
    let mut reader = GameReader::open(path)?;
    let mut scan = Scan {
        file_bytes,
        ..Scan::default()
    };
    while let Some(game) = reader.next_game()? {
        scan.games.push(game.header.number);
        scan.positions += game.records.len() as u64;
    }
    scan.whole_bytes = reader.offset();
    scan.layout = reader.layout().filter(|_| !scan.games.is_empty());
    Ok(scan)
}

/// Opens `path` for appending packed games after cutting a torn last block, and says what it
/// held. The file stays locked while the returned handle lives: a second writer would append
/// at its own offset, over this one's games, so it is refused with [`DataError::InUse`]. A
/// file of the wide layout is refused ([`DataError::WideLayout`]) and left as it is.
pub fn open_for_append(path: &Path) -> Result<(File, Scan), DataError> {
    let io_err = |e| DataError::Io(path.display().to_string(), e);
    let mut file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(io_err)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => return Err(DataError::InUse(path.display().to_string())),
        Err(TryLockError::Error(e)) => return Err(io_err(e)),
    }
    let scan = scan(path)?;
    if scan.layout == Some(BlockLayout::Wide) {
        return Err(DataError::WideLayout(path.display().to_string()));
    }
    if scan.whole_bytes < scan.file_bytes {
        file.set_len(scan.whole_bytes).map_err(io_err)?;
    }
    file.seek(SeekFrom::End(0)).map_err(io_err)?;
    Ok((file, scan))
}

/// Appends one game in the packed layout and flushes it to the file. An I/O failure is
/// [`DataError::Io`] named "append".
pub fn append(file: &mut File, game: &GameBlock) -> Result<(), DataError> {
    let bytes = game.to_packed_bytes()?;
    let io_err = |e| DataError::Io("append".to_string(), e);
    file.write_all(&bytes).map_err(io_err)?;
    file.flush().map_err(io_err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_round_trips_a_position() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "8/8/8/4k3/8/8/8/R3K3 b - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let best = pos.legal_moves()[0];
            let r = Record::new(&pos, best, -123, false, GameResult::Draw, 17);
            let back = Record::from_bytes(&r.to_bytes()).unwrap();
            assert_eq!(r, back);
            assert_eq!(back.fen(), fen);
            assert_eq!(back.score, -123);
            assert_eq!(Move::from_raw(back.best), best);
        }
    }

    #[test]
    fn mates_are_clamped_and_flagged() {
        let pos = Position::startpos();
        let r = Record::new(&pos, Move::NONE, 1_000_000, true, GameResult::WhiteWins, 0);
        assert_eq!(r.score as i32, SCORE_MAX);
        assert_ne!(r.flags & Record::FLAG_EXTREME, 0);
    }

    /// The result byte is the files' and must not move: 0 black wins, 1 draw, 2 white wins.
    #[test]
    fn result_bytes_are_fixed() {
        let pos = Position::startpos();
        for (result, byte) in [
            (GameResult::BlackWins, 0),
            (GameResult::Draw, 1),
            (GameResult::WhiteWins, 2),
        ] {
            let mut bytes = Record::new(&pos, Move::NONE, 0, false, result, 0).to_bytes();
            assert_eq!(bytes[26], byte);
            assert_eq!(Record::from_bytes(&bytes).unwrap().result, result);
            bytes[26] = 3;
            assert!(matches!(
                Record::from_bytes(&bytes),
                Err(DataError::BadRecord("result byte"))
            ));
        }
    }

    #[test]
    fn torn_tail_is_cut_and_games_kept() {
        let dir = std::env::temp_dir().join(format!("outpost-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("torn.bin");
        let _ = std::fs::remove_file(&path);
        let pos = Position::startpos();
        let game = |n: u64| GameBlock {
            header: GameHeader {
                number: n,
                seed: 5,
                positions: 2,
                result: GameResult::Draw,
                start: Start::Standard,
            },
            records: vec![Record::new(&pos, Move::NONE, 10, false, GameResult::Draw, 0); 2],
        };
        {
            let (mut f, s) = open_for_append(&path).unwrap();
            assert!(s.games.is_empty());
            append(&mut f, &game(0)).unwrap();
            append(&mut f, &game(3)).unwrap();
            // A game cut off after its header and part of its body.
            f.write_all(&game(7).to_packed_bytes().unwrap()[..48])
                .unwrap();
        }
        let whole = 2 * game(0).to_packed_bytes().unwrap().len() as u64;
        let (held, s) = open_for_append(&path).unwrap();
        assert_eq!(s.games, vec![0, 3]);
        assert_eq!(s.positions, 4);
        assert_eq!(s.layout, Some(BlockLayout::Packed));
        assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
        // While one writer holds the file, a second is refused and changes nothing.
        match open_for_append(&path) {
            Err(DataError::InUse(p)) => assert_eq!(p, path.display().to_string()),
            other => panic!("a second writer was let in: {other:?}"),
        }
        assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
        drop(held);
        assert!(open_for_append(&path).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The start field: a header written before it existed (zeros) is a standard start,
    /// Chess960 numbers round-trip, and a field that no writer makes is refused.
    #[test]
    fn headers_carry_their_start() {
        let header = |start| GameHeader {
            number: 12,
            seed: 3,
            positions: 0,
            result: GameResult::WhiteWins,
            start,
        };
        for start in [
            Start::Standard,
            Start::Chess960 { white: 0, black: 0 },
            Start::Chess960 {
                white: 959,
                black: 518,
            },
            Start::Chess960 {
                white: 17,
                black: 959,
            },
        ] {
            let bytes = header(start).to_bytes();
            assert_eq!(GameHeader::from_bytes(&bytes).unwrap(), header(start));
        }
        // A header of the format's first files: bytes 29..32 were always zero.
        let mut old = header(Start::Standard).to_bytes();
        assert_eq!(old[29..32], [0, 0, 0]);
        assert_eq!(GameHeader::from_bytes(&old).unwrap().start, Start::Standard);
        // Arrangement 960 does not exist; a set number without the Chess960 bit is no start.
        old[29..32].copy_from_slice(&(1u32 | 960 << 1).to_le_bytes()[..3]);
        assert!(GameHeader::from_bytes(&old).is_err());
        old[29..32].copy_from_slice(&(5u32 << 1).to_le_bytes()[..3]);
        assert!(GameHeader::from_bytes(&old).is_err());
    }

    #[test]
    fn garbage_is_an_error_not_a_torn_tail() {
        let bytes = [0xAB_u8; 64];
        let mut r = GameReader::new(&bytes[..]);
        assert!(matches!(r.next_game(), Err(DataError::Corrupt(0, _))));
    }
}
