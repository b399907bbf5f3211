//! The packed layout of a game block (magic `OPGAME02`): a game's first position once, then per
//! searched position the move played and the score, about 4 bytes a position before
//! compression instead of the wide layout's 32. The idea is viriformat's and Stockfish's
//! binpack's: a game is a sequence, so each board follows from the one before and its move.
//!
//! Decoding gives back the wide layout's [`Record`]s exactly, field for field, so every reader
//! sees one kind of record. What a record holds that the replay does not predict is written
//! beside it (an escaped entry), so any sequence of records round-trips, not only datagen's.
//!
//! All numbers are little-endian. A block is a 39-byte header and a body:
//!
//! | bytes | header field |
//! |---|---|
//! | 0..8 | magic `OPGAME02` (the wide layout's is `OPGAME01`) |
//! | 8..16 | game number (u64) |
//! | 16..24 | seed (u64) |
//! | 24..28 | position count `n` (u32) |
//! | 28 | result from white's view: 0 loss, 1 draw, 2 win |
//! | 29..32 | start, 24 bits, as in the wide header (0 standard; bit 0 Chess960, white's arrangement in bits 1..11, black's in 11..21) |
//! | 32..34 | ply of the first position (u16) |
//! | 34 | bit 0: black moves first; other bits 0 |
//! | 35..39 | body length in bytes (u32) |
//!
//! The body (empty when `n` is 0) is the first position's board, then `n` entries, one per
//! position in game order. A board is the record's: occupancy (u64, bit `i` = square `i`,
//! a1 = 0) and one nibble per occupied square from the lowest, low nibble first,
//! `colour * 8 + kind` (kind 0..6 = P N B R Q K): `ceil(pieces / 2)` bytes.
//!
//! An entry is a move (u16, `outpost_board::Move::raw()`: castling is king takes own rook) and
//! a score (i16, centipawns from white's view). The move is the one played from this position,
//! which leads to the next position's board; the last position's is its best move. When the
//! score is -32768 (no record holds it: scores are clamped to +-32000) the entry is escaped:
//! the real score (i16) and a tag byte follow, and then, in this order, the fields the tag
//! names:
//!
//! | tag bit | field | replaces the prediction |
//! |---|---|---|
//! | 0 | best move (u16) | the search's best move is the entry's move |
//! | 1 | flags (u8, the record's flags byte) | the flags computed below |
//! | 2 | ply (u16) | the previous position's ply + 1 (saturating), the header's for the first |
//! | 3 | result (u8) | the header's result |
//! | 4 | board | the board the previous entry's move leads to, the body's first board for the first |
//!
//! Tag bits 5..7 are 0. The predicted flags: bit 0 (black to move) is the header's bit for
//! the first position and the opposite of the previous position's side after it; bit 1 (side
//! to move in check) from the board's attacks; bit 2 (best move a capture or promotion) from
//! the board and the best move (castling is not a capture); bit 3 (extreme) when
//! `|score| >= SCORE_BOUND`. Boards are replayed by [`Placement`].
//!
//! Datagen's records escape only when the search gave no exact score (flag 3 on a score of 0):
//! each position follows from the last by the best move, which is the move played. A block is
//! written whole with its length in the header, so a torn last block is found without
//! decoding, as in the wide layout.

use super::placement::Placement;
use super::{
    result_from_byte, result_to_byte, DataError, GameBlock, GameHeader, Record, Start, SCORE_BOUND,
};
use outpost_board::{Color, Move};

/// First bytes of a packed game block.
pub const MAGIC: [u8; 8] = *b"OPGAME02";
/// Size of a packed block's header.
pub const HEADER_BYTES: usize = 39;
/// The score that marks an escaped entry.
const ESCAPE: i16 = i16::MIN;
const HAS_BEST: u8 = 1;
const HAS_FLAGS: u8 = 2;
const HAS_PLY: u8 = 4;
const HAS_RESULT: u8 = 8;
const HAS_BOARD: u8 = 16;
const TAG_BITS: u8 = HAS_BEST | HAS_FLAGS | HAS_PLY | HAS_RESULT | HAS_BOARD;

/// A packed block's header as read: the game's header and what the body needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedHeader {
    pub game: GameHeader,
    pub first_ply: u16,
    pub black_first: bool,
    pub body_bytes: u32,
}

impl PackedHeader {
    pub fn from_bytes(b: &[u8; HEADER_BYTES]) -> Result<PackedHeader, DataError> {
        if b[0..8] != MAGIC {
            return Err(DataError::BadRecord("game header without its magic bytes"));
        }
        if b[34] > 1 {
            return Err(DataError::BadRecord("side to move byte"));
        }
        let u64_at = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4 bytes"));
        Ok(PackedHeader {
            game: GameHeader {
                number: u64_at(8),
                seed: u64_at(16),
                positions: u32_at(24),
                result: result_from_byte(b[28]).map_err(DataError::BadRecord)?,
                start: Start::from_bits(u32::from_le_bytes([b[29], b[30], b[31], 0]))?,
            },
            first_ply: u16::from_le_bytes([b[32], b[33]]),
            black_first: b[34] == 1,
            body_bytes: u32_at(35),
        })
    }

    fn to_bytes(self) -> [u8; HEADER_BYTES] {
        let mut b = [0u8; HEADER_BYTES];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..16].copy_from_slice(&self.game.number.to_le_bytes());
        b[16..24].copy_from_slice(&self.game.seed.to_le_bytes());
        b[24..28].copy_from_slice(&self.game.positions.to_le_bytes());
        b[28] = result_to_byte(self.game.result);
        b[29..32].copy_from_slice(&self.game.start.to_bits().to_le_bytes()[..3]);
        b[32..34].copy_from_slice(&self.first_ply.to_le_bytes());
        b[34] = u8::from(self.black_first);
        b[35..39].copy_from_slice(&self.body_bytes.to_le_bytes());
        b
    }
}

/// The flags a record is given unless its entry says otherwise.
#[inline]
fn predicted_flags(board: &Placement, side: Color, best: Move, score: i16) -> u8 {
    let mut flags = 0;
    if side == Color::Black {
        flags |= Record::FLAG_BLACK_TO_MOVE;
    }
    if board.in_check(side) {
        flags |= Record::FLAG_IN_CHECK;
    }
    if board.is_noisy(best) {
        flags |= Record::FLAG_NOISY_BEST;
    }
    if i32::from(score).abs() >= SCORE_BOUND {
        flags |= Record::FLAG_EXTREME;
    }
    flags
}

/// Bytes of a board's nibbles.
fn nibble_bytes(occupancy: u64) -> usize {
    (occupancy.count_ones() as usize).div_ceil(2)
}

fn write_board(out: &mut Vec<u8>, r: &Record) -> Result<(), DataError> {
    let used = nibble_bytes(r.occupancy);
    if r.pieces[used..].iter().any(|&b| b != 0) {
        return Err(DataError::BadRecord(
            "piece bytes past the last piece are not zero; the packed layout cannot keep them",
        ));
    }
    out.extend_from_slice(&r.occupancy.to_le_bytes());
    out.extend_from_slice(&r.pieces[..used]);
    Ok(())
}

/// The move that leads from `here` to the board of `next`: the best move when it does (always,
/// in datagen's games), else one found among the candidates, else the best move (and `next`
/// then carries its board).
fn played_move(here: &Placement, side: Color, best: Move, next: &Record) -> Move {
    let target = (next.occupancy, next.pieces);
    let leads = |m: Move| here.played(m).is_some_and(|p| p.record_board() == target);
    if leads(best) {
        return best;
    }
    let next_board = Placement::from_record_board(next.occupancy, &next.pieces);
    here.candidate_moves(side, &next_board)
        .into_iter()
        .find(|&m| leads(m))
        .unwrap_or(best)
}

/// The packed bytes of `block`. Fails only for records no datagen writes: nonzero piece bytes
/// past the last piece, or a header whose position count is not the number of records.
pub fn encode(block: &GameBlock) -> Result<Vec<u8>, DataError> {
    let records = &block.records;
    if block.header.positions as usize != records.len() {
        return Err(DataError::BadRecord(
            "the header's position count differs from its records",
        ));
    }
    let mut body = Vec::with_capacity(24 + 4 * records.len());
    let (first_ply, black_first) = records
        .first()
        .map_or((0, false), |r| (r.ply, r.side_to_move() == Color::Black));
    let mut replayed = None;
    if let Some(first) = records.first() {
        write_board(&mut body, first)?;
        replayed = Some(Placement::from_record_board(first.occupancy, &first.pieces));
    }
    let (mut side, mut ply) = (
        if black_first {
            Color::Black
        } else {
            Color::White
        },
        first_ply,
    );
    for (i, r) in records.iter().enumerate() {
        let mut tag = 0;
        let board = match replayed {
            Some(p) if p.record_board() == (r.occupancy, r.pieces) => p,
            _ => {
                tag |= HAS_BOARD;
                Placement::from_record_board(r.occupancy, &r.pieces)
            }
        };
        let best = Move::from_raw(r.best);
        let played = match records.get(i + 1) {
            Some(next) => played_move(&board, r.side_to_move(), best, next),
            None => best,
        };
        if played != best {
            tag |= HAS_BEST;
        }
        if predicted_flags(&board, side, best, r.score) != r.flags {
            tag |= HAS_FLAGS;
        }
        if r.ply != ply {
            tag |= HAS_PLY;
        }
        if r.result != block.header.result {
            tag |= HAS_RESULT;
        }
        body.extend_from_slice(&played.raw().to_le_bytes());
        if tag == 0 && r.score != ESCAPE {
            body.extend_from_slice(&r.score.to_le_bytes());
        } else {
            body.extend_from_slice(&ESCAPE.to_le_bytes());
            body.extend_from_slice(&r.score.to_le_bytes());
            body.push(tag);
            if tag & HAS_BEST != 0 {
                body.extend_from_slice(&r.best.to_le_bytes());
            }
            if tag & HAS_FLAGS != 0 {
                body.push(r.flags);
            }
            if tag & HAS_PLY != 0 {
                body.extend_from_slice(&r.ply.to_le_bytes());
            }
            if tag & HAS_RESULT != 0 {
                body.push(result_to_byte(r.result));
            }
            if tag & HAS_BOARD != 0 {
                write_board(&mut body, r)?;
            }
        }
        side = !r.side_to_move();
        ply = r.ply.saturating_add(1);
        replayed = board.played(played);
    }
    let header = PackedHeader {
        game: block.header,
        first_ply,
        black_first,
        body_bytes: u32::try_from(body.len())
            .map_err(|_| DataError::BadRecord("a game of more than 4 GiB"))?,
    };
    let mut out = Vec::with_capacity(HEADER_BYTES + body.len());
    out.extend_from_slice(&header.to_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// Reads a body's numbers in order; running out is a damaged block.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    #[inline]
    fn take(&mut self, n: usize) -> Result<&[u8], &'static str> {
        let end = self.at + n;
        let bytes = self
            .bytes
            .get(self.at..end)
            .ok_or("game body shorter than its entries")?;
        self.at = end;
        Ok(bytes)
    }

    #[inline]
    fn u8(&mut self) -> Result<u8, &'static str> {
        Ok(self.take(1)?[0])
    }

    #[inline]
    fn u16(&mut self) -> Result<u16, &'static str> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    /// A board: occupancy and nibbles, checked as `Record::from_bytes` checks them.
    fn board(&mut self) -> Result<(u64, [u8; 16]), &'static str> {
        let occupancy = u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes"));
        let count = occupancy.count_ones() as usize;
        if !(2..=32).contains(&count) {
            return Err("occupancy must hold 2 to 32 pieces");
        }
        let mut pieces = [0u8; 16];
        pieces[..count.div_ceil(2)].copy_from_slice(self.take(count.div_ceil(2))?);
        for i in 0..count {
            if (pieces[i / 2] >> (4 * (i % 2))) & 7 > 5 {
                return Err("piece code out of range");
            }
        }
        Ok((occupancy, pieces))
    }
}

/// The records of a packed block from its header and body; the error says what is wrong.
pub fn decode(header: &PackedHeader, body: &[u8]) -> Result<GameBlock, &'static str> {
    let n = header.game.positions as usize;
    // An entry takes at least 4 bytes: a count beyond that is damage, not a huge game.
    if n > body.len() / 4 {
        return Err("position count larger than the game body");
    }
    let mut cursor = Cursor { bytes: body, at: 0 };
    let mut records = Vec::with_capacity(n);
    let mut replayed = None;
    if n > 0 {
        let (occupancy, pieces) = cursor.board()?;
        replayed = Some(Placement::from_record_board(occupancy, &pieces));
    }
    let mut side = if header.black_first {
        Color::Black
    } else {
        Color::White
    };
    let mut ply = header.first_ply;
    for _ in 0..n {
        let played = cursor.u16()?;
        let mut score = cursor.u16()? as i16;
        let mut tag = 0;
        if score == ESCAPE {
            score = cursor.u16()? as i16;
            tag = cursor.u8()?;
            if tag & !TAG_BITS != 0 {
                return Err("unknown bits in an entry's tag");
            }
        }
        let best = if tag & HAS_BEST != 0 {
            cursor.u16()?
        } else {
            played
        };
        let given_flags = if tag & HAS_FLAGS != 0 {
            Some(cursor.u8()?)
        } else {
            None
        };
        if tag & HAS_PLY != 0 {
            ply = cursor.u16()?;
        }
        let result = if tag & HAS_RESULT != 0 {
            result_from_byte(cursor.u8()?)?
        } else {
            header.game.result
        };
        let (board, (occupancy, pieces)) = if tag & HAS_BOARD != 0 {
            let given = cursor.board()?;
            (Placement::from_record_board(given.0, &given.1), given)
        } else {
            let p = replayed.ok_or("a move that cannot be played and no board after it")?;
            let fields = p.record_board();
            (p, fields)
        };
        let flags = given_flags
            .unwrap_or_else(|| predicted_flags(&board, side, Move::from_raw(best), score));
        let record = Record {
            occupancy,
            pieces,
            score,
            result,
            flags,
            ply,
            best,
        };
        side = !record.side_to_move();
        ply = ply.saturating_add(1);
        replayed = board.played(Move::from_raw(played));
        records.push(record);
    }
    if cursor.at != body.len() {
        return Err("game body longer than its entries");
    }
    Ok(GameBlock {
        header: header.game,
        records,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameReader;
    use outpost_board::{Position, Rng};
    use outpost_types::GameResult;

    /// The records of a game from `start` through `moves` (UCI, castling as king takes rook
    /// or the king's step), each position's best move the move played, scores made up.
    fn game(number: u64, start: Position, moves: &[&str], first_ply: u16) -> GameBlock {
        let mut pos = start;
        let mut records = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            let m = pos
                .parse_uci_move(text)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let cp = (i as i32 * 37) % 400 - 150;
            records.push(Record::new(
                &pos,
                m,
                cp,
                false,
                GameResult::Draw,
                first_ply + i as u16,
            ));
            pos = pos.play(m);
        }
        block(number, records)
    }

    fn block(number: u64, records: Vec<Record>) -> GameBlock {
        GameBlock {
            header: GameHeader {
                number,
                seed: 77,
                positions: records.len() as u32,
                result: GameResult::Draw,
                start: Start::Standard,
            },
            records,
        }
    }

    fn round_trip(game: &GameBlock) -> Vec<u8> {
        let bytes = encode(game).unwrap();
        let mut head = [0u8; HEADER_BYTES];
        head.copy_from_slice(&bytes[..HEADER_BYTES]);
        let header = PackedHeader::from_bytes(&head).unwrap();
        assert_eq!(header.body_bytes as usize, bytes.len() - HEADER_BYTES);
        assert_eq!(decode(&header, &bytes[HEADER_BYTES..]).unwrap(), *game);
        bytes
    }

    /// Bytes of a block without a single escape: header, first board, 4 bytes a position.
    fn plain_size(game: &GameBlock) -> usize {
        let first = &game.records[0];
        HEADER_BYTES + 8 + nibble_bytes(first.occupancy) + 4 * game.records.len()
    }

    #[test]
    fn chess960_castling_on_both_sides_replays() {
        let start = |fen| Position::from_fen(fen).unwrap();
        // King b1 and g8: white castles queen side (the rook crosses to d1), black king side
        // (the king stays on g8, the rook goes to f8); then the other way round.
        let fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAhb - 0 1";
        let a = game(1, start(fen), &["b1a1", "g8h8", "a2a3", "a7a6"], 0);
        let b = game(2, start(fen), &["b1h1", "g8b8", "h2h3", "h7h6"], 0);
        for g in [&a, &b] {
            assert_eq!(round_trip(g).len(), plain_size(g));
        }
        let after = |g: &GameBlock, i: usize| g.records[i].fen();
        assert_eq!(
            after(&a, 2),
            "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 0 1"
        );
        assert_eq!(
            after(&b, 2),
            "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 0 1"
        );
        // A standard game's castling, as datagen's standard games have it.
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let c = game(3, start(fen), &["e1g1", "e8c8", "g1h1"], 10);
        assert_eq!(round_trip(&c).len(), plain_size(&c));
    }

    #[test]
    fn en_passant_and_promotions_replay() {
        let fen = "1n4k1/2P5/8/3pP3/8/8/5K2/8 w - d6 0 1";
        let pos = Position::from_fen(fen).unwrap();
        let g = game(
            4,
            pos,
            &[
                "e5d6", "g8g7", "c7b8n", "g7g6", "d6d7", "g6f7", "d7d8q", "f7e6", "d8d1",
            ],
            40,
        );
        assert_eq!(round_trip(&g).len(), plain_size(&g));
        assert_eq!(g.records[1].fen(), "1n4k1/2P5/3P4/8/8/8/5K2/8 b - - 0 1");
        assert_ne!(g.records[0].flags & Record::FLAG_NOISY_BEST, 0);
        assert_ne!(g.records[2].flags & Record::FLAG_NOISY_BEST, 0);
    }

    /// Long random games (checks, captures, castling, promotions as they come) pack at exactly
    /// 4 bytes a position: every flag and every board is predicted.
    #[test]
    fn random_games_pack_without_escapes() {
        let mut rng = Rng::new(11);
        for number in 0..20 {
            let mut pos = if number % 2 == 0 {
                Position::startpos()
            } else {
                Position::chess960(number as u16 * 40, 959 - number as u16).unwrap()
            };
            let mut records = Vec::new();
            for ply in 0..300u16 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_insufficient_material() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                // Some beyond SCORE_BOUND: the extreme flag follows from the score.
                let cp = rng.below(7001) as i32 - 3500;
                records.push(Record::new(&pos, m, cp, false, GameResult::Draw, ply));
                pos = pos.play(m);
            }
            let g = block(number, records);
            assert_eq!(round_trip(&g).len(), plain_size(&g), "game {number}");
        }
    }

    /// What the replay does not predict is kept beside the entry: a best move other than the
    /// move played (the next board follows the played move), a score without an exact search
    /// score (flag 3 on 0), a ply jump, a record's result not its game's, a board that follows
    /// from no move, a score of -32768, and records of no game at all (one position repeated
    /// with `Move::NONE`).
    #[test]
    fn what_the_replay_does_not_predict_is_escaped() {
        let start = Position::startpos();
        let e4 = start.parse_uci_move("e2e4").unwrap();
        let d4 = start.parse_uci_move("d2d4").unwrap();
        let after = start.play(e4);
        let e5 = after.parse_uci_move("e7e5").unwrap();
        let mut records = vec![
            // Best d4, played e4.
            Record::new(&start, d4, 20, false, GameResult::WhiteWins, 0),
            Record::new(&after, e5, 0, true, GameResult::WhiteWins, 1),
        ];
        let later = after.play(e5);
        let nf3 = later.parse_uci_move("g1f3").unwrap();
        records.push(Record::new(
            &later,
            nf3,
            15,
            false,
            GameResult::BlackWins,
            9,
        ));
        // A board from nowhere: the start position again.
        records.push(Record::new(
            &start,
            e4,
            i16::MIN as i32 + 1,
            false,
            GameResult::WhiteWins,
            10,
        ));
        records[3].score = i16::MIN;
        let mut g = block(5, records);
        g.header.result = GameResult::WhiteWins;
        let bytes = round_trip(&g);
        // The first entry names its best move; the score needs one escape for itself.
        assert!(bytes.len() > plain_size(&g) + 4 * 3);
        let same = Record::new(&start, Move::NONE, 10, false, GameResult::Draw, 0);
        round_trip(&block(6, vec![same; 3]));
        round_trip(&block(7, Vec::new()));
    }

    #[test]
    fn unkeepable_records_are_refused_not_lost() {
        let pos = Position::from_fen("8/8/8/4k3/8/8/8/R3K3 b - - 0 1").unwrap();
        let mut r = Record::new(&pos, Move::NONE, 0, false, GameResult::Draw, 0);
        // Three pieces use two bytes; the wide layout keeps the other fourteen whatever they are.
        r.pieces[15] = 0x10;
        assert!(encode(&block(1, vec![r])).is_err());
        let mut g = block(2, vec![r]);
        g.header.positions = 3;
        assert!(encode(&g).is_err());
    }

    /// A damaged body is an error naming the block's offset, a torn one the end of the file,
    /// and a file does not mix layouts.
    #[test]
    fn damage_tears_and_mixed_layouts() {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let g = game(3, Position::from_fen(fen).unwrap(), &["e1g1", "e8c8"], 10);
        let bytes = encode(&g).unwrap();
        let mut two = bytes.clone();
        two.extend_from_slice(&bytes);
        let mut reader = GameReader::new(&two[..two.len() - 1]);
        assert_eq!(reader.next_game().unwrap(), Some(g.clone()));
        assert_eq!(reader.next_game().unwrap(), None);
        assert_eq!(reader.offset(), bytes.len() as u64);
        // One byte more in the body than its entries use.
        let mut long = bytes.clone();
        long[35] += 1;
        long.push(0);
        let mut reader = GameReader::new(&long[..]);
        assert!(matches!(reader.next_game(), Err(DataError::Corrupt(0, _))));
        // A wide block after a packed one.
        let mut mixed = bytes.clone();
        mixed.extend_from_slice(&g.to_wide_bytes());
        let mut reader = GameReader::new(&mixed[..]);
        assert!(reader.next_game().unwrap().is_some());
        let at = bytes.len() as u64;
        assert!(matches!(reader.next_game(), Err(DataError::Corrupt(o, _)) if o == at));
    }
}
