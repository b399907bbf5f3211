//! A load-time check of a table file's header: the header is parsed the way the prober will parse
//! it on the first probe, and the file size it implies is compared with the real size.
//!
//! shakmaty-syzygy opens a table lazily, on the first probe that needs it, and has no public call
//! that validates a file. A file with the right magic bytes and a damaged body would therefore be
//! counted as a table at load time and then fail every probe. Parsing the header here (a few
//! small reads per file) catches such files when `SyzygyPath` is set, where the user can see the
//! warning, instead of mid-game. The layout follows shakmaty-syzygy 0.28 `Table::new` (itself a
//! port of Ronald de Man's `tbprobe.c`): piece lists, the Huffman headers of each side and file,
//! the optional DTZ value maps, the sparse index, the block lengths and the 64-byte aligned
//! compressed blocks. The end of the last block, padded to 64 bytes, plus the 16-byte trailer must
//! be the file size (true of every file of the 3-4 piece set).
//!
//! What this cannot catch: damage inside the compressed blocks or the indexes when the header is
//! intact. That needs a checksum of the whole file, which neither we nor the prober keep.

use crate::file_error::{Corruption, FileError};
use crate::material::Signature;
use crate::metric::Metric;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// Bytes after the last compressed block (a checksum written by the generator).
const TRAILER: u64 = 16;
/// Largest block size a table may declare (shakmaty-syzygy refuses larger ones).
const MAX_BLOCK_SIZE: u64 = 1024;
/// The header is read in pieces of this size, as far as it goes.
const CHUNK: u64 = 4096;

/// Layout byte flags.
const SPLIT: u8 = 1;
const HAS_PAWNS: u8 = 2;
/// Per-side flags.
const MAPPED: u8 = 2;
const WIDE_DTZ: u8 = 16;
const SINGLE_VALUE: u8 = 128;

/// Parses the header of the table file at `path`, whose name gave `material`, and checks that it
/// describes this material and exactly this file size. `Err` says what is wrong.
pub(crate) fn check(path: &Path, material: Signature, metric: Metric) -> Result<(), FileError> {
    let mut file = Prefix::open(path)?;
    let end = parse(&mut file, material, metric)?;
    // The generator pads the last block to 64 bytes (blocks can be 32 bytes long).
    let expected = end
        .checked_add(0x3f + TRAILER)
        .map(|e| (e - TRAILER) & !0x3f)
        .map(|e| e + TRAILER)
        .ok_or(Corruption::SizesOverflow)?;
    if expected != file.len {
        return Err(FileError::SizeMismatch {
            expected,
            actual: file.len,
        });
    }
    Ok(())
}

/// The first bytes of a file, read on demand.
struct Prefix {
    file: File,
    len: u64,
    buf: Vec<u8>,
}

impl Prefix {
    fn open(path: &Path) -> Result<Prefix, FileError> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        Ok(Prefix {
            file,
            len,
            buf: Vec::new(),
        })
    }

    /// `n` bytes at `offset`; an error when they lie past the end of the file.
    fn bytes(&mut self, offset: u64, n: u64) -> Result<&[u8], FileError> {
        let end = offset
            .checked_add(n)
            .filter(|&end| end <= self.len)
            .ok_or(Corruption::PastEnd)?;
        if end > self.buf.len() as u64 {
            let want = end.div_ceil(CHUNK).saturating_mul(CHUNK).min(self.len);
            let start = self.buf.len() as u64;
            self.file
                .seek(SeekFrom::Start(start))
                .and_then(|_| {
                    let mut more = Vec::new();
                    (&mut self.file).take(want - start).read_to_end(&mut more)?;
                    Ok(more)
                })
                .map(|more| self.buf.extend_from_slice(&more))?;
            if (self.buf.len() as u64) < end {
                return Err(FileError::Shrank);
            }
        }
        // Both bounds were checked against the buffer above, which fits in memory.
        Ok(&self.buf[offset as usize..end as usize])
    }

    fn u8(&mut self, offset: u64) -> Result<u8, FileError> {
        Ok(self.bytes(offset, 1)?[0])
    }

    fn u16(&mut self, offset: u64) -> Result<u16, FileError> {
        let b = self.bytes(offset, 2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
}

/// A piece in the header: colour (0 white, 1 black) and kind (1 pawn .. 6 king).
type Piece = (u8, u8);

/// What one side of one file declares: how its values are compressed.
struct Side {
    flags: u8,
    tb_size: u64,
    span: u64,
    block_size: u64,
    blocks: u64,
    block_lengths: u64,
}

/// Walks the header like the prober and returns the offset just after the last compressed block.
fn parse(f: &mut Prefix, material: Signature, metric: Metric) -> Result<u64, FileError> {
    let counts = material.counts();
    let total: u64 = counts.iter().flatten().map(|&c| u64::from(c)).sum();
    let has_pawns = counts.iter().any(|side| side[5] > 0);
    let both_pawns = counts.iter().all(|side| side[5] > 0);
    let symmetric = counts[0] == counts[1];

    let layout = f.u8(4)?;
    if (layout & HAS_PAWNS != 0) != has_pawns {
        return Err(Corruption::PawnFlag.into());
    }
    if (layout & SPLIT != 0) == symmetric {
        return Err(Corruption::SideFlag.into());
    }
    let files = if has_pawns { 4 } else { 1 };
    let sides = if metric == Metric::Wdl && !symmetric {
        2
    } else {
        1
    };

    // Piece order and groups of each file and side.
    let mut ptr = 5u64;
    let mut groups: Vec<Vec<(Vec<usize>, Vec<u64>)>> = Vec::new();
    for file in 0..files {
        let lo_hi = |b: u8| [b & 0xf, b >> 4];
        let first = lo_hi(f.u8(ptr)?);
        let second = if both_pawns {
            lo_hi(f.u8(ptr + 1)?)
        } else {
            [0xf, 0xf]
        };
        ptr += 1 + u64::from(both_pawns);
        let mut per_side = Vec::new();
        for side in 0..sides {
            let raw = f.bytes(ptr, total)?.to_vec();
            let pieces = raw
                .iter()
                .map(|&b| piece(if side == 0 { b & 0xf } else { b >> 4 }))
                .collect::<Option<Vec<Piece>>>()
                .ok_or(Corruption::PieceCode)?;
            if !same_material(&pieces, &counts) {
                return Err(Corruption::WrongPieces.into());
            }
            if (pieces[0].1 == 1) != has_pawns {
                return Err(Corruption::LeadingPiece.into());
            }
            let order = [first[side], second[side]];
            per_side.push(group_sizes(&pieces, order, file, both_pawns)?);
        }
        groups.push(per_side);
        ptr += total;
    }
    ptr += ptr & 1;

    // Compression headers.
    let mut table: Vec<Vec<Side>> = Vec::new();
    for file_groups in &groups {
        let mut file_sides = Vec::new();
        for (_, factors) in file_groups {
            let tb_size = *factors.last().ok_or(Corruption::EmptyGroups)?;
            let (side, next) = pairs(f, ptr, tb_size)?;
            file_sides.push(side);
            ptr = next;
        }
        table.push(file_sides);
    }

    // Value maps of DTZ tables.
    if metric == Metric::Dtz {
        for file_sides in &table {
            // The prober looks at this flag even for single-value sides; so must we.
            let flags = file_sides[0].flags;
            if flags & MAPPED != 0 {
                for _ in 0..4 {
                    ptr += if flags & WIDE_DTZ != 0 {
                        u64::from(f.u16(ptr)?) * 2 + 2
                    } else {
                        u64::from(f.u8(ptr)?) + 1
                    };
                }
            }
        }
        ptr += ptr & 1;
    }

    // Sparse indexes, block lengths, then the 64-byte aligned blocks.
    let add = |a: u64, b: u64| a.checked_add(b).ok_or(Corruption::SizesOverflow);
    let mul = |a: u64, b: u64| a.checked_mul(b).ok_or(Corruption::SizesOverflow);
    for side in table.iter().flatten() {
        ptr = add(ptr, mul(side.tb_size.div_ceil(side.span), 6)?)?;
    }
    for side in table.iter().flatten() {
        ptr = add(ptr, mul(side.block_lengths, 2)?)?;
    }
    for side in table.iter().flatten() {
        ptr = add(ptr, 0x3f)? & !0x3f;
        ptr = add(ptr, mul(side.blocks, side.block_size)?)?;
    }
    Ok(ptr)
}

/// One side's compression header at `ptr`; returns it and the offset after it.
fn pairs(f: &mut Prefix, ptr: u64, tb_size: u64) -> Result<(Side, u64), FileError> {
    let flags = f.u8(ptr)?;
    if flags & SINGLE_VALUE != 0 {
        let side = Side {
            flags,
            tb_size: 0,
            span: 1,
            block_size: 0,
            blocks: 0,
            block_lengths: 0,
        };
        return Ok((side, ptr + 2));
    }
    let header = f.bytes(ptr, 10)?.to_vec();
    let block_size = 1u64
        .checked_shl(u32::from(header[1]))
        .filter(|&s| s <= MAX_BLOCK_SIZE)
        .ok_or(Corruption::BlockSize)?;
    let span = 1u64
        .checked_shl(u32::from(header[2]))
        .filter(|&s| s <= 1 << 31)
        .ok_or(Corruption::IndexSpan)?;
    let padding = u64::from(header[3]);
    let blocks = u64::from(u32::from_le_bytes([
        header[4], header[5], header[6], header[7],
    ]));
    let (max_symlen, min_symlen) = (header[8], header[9]);
    if max_symlen > 32 || min_symlen > 32 || max_symlen < min_symlen {
        return Err(Corruption::SymbolLengths.into());
    }
    let lengths = u64::from(max_symlen - min_symlen) + 1;
    let mut next = ptr + 10 + lengths * 2;
    let symbols = u64::from(f.u16(next)?);
    next += 2 + symbols * 3 + (symbols & 1);
    let side = Side {
        flags,
        tb_size,
        span,
        block_size,
        blocks,
        block_lengths: blocks + padding,
    };
    Ok((side, next))
}

fn piece(nibble: u8) -> Option<Piece> {
    let color = u8::from(nibble & 8 != 0);
    match nibble & 7 {
        kind @ 1..=6 => Some((color, kind)),
        _ => None,
    }
}

/// Whether the pieces are the file name's material, in either colour orientation.
fn same_material(pieces: &[Piece], counts: &[[u8; 6]; 2]) -> bool {
    let mut found = [[0u8; 6]; 2];
    for &(color, kind) in pieces {
        // Name order is K Q R B N P; piece codes run P N B R Q K from 1.
        found[usize::from(color)][usize::from(6 - kind)] += 1;
    }
    found == *counts || [found[1], found[0]] == *counts
}

/// Group lengths and index factors of one piece list (the last factor is the table size), as
/// `GroupData::new` computes them; `order` says where the leading group and the second pawn
/// group go.
fn group_sizes(
    pieces: &[Piece],
    order: [u8; 2],
    file: usize,
    both_pawns: bool,
) -> Result<(Vec<usize>, Vec<u64>), Corruption> {
    let has_pawns = pieces.iter().any(|p| p.1 == 1);
    let unique = {
        let mut counts = [[0u8; 7]; 2];
        for &(c, k) in pieces {
            counts[usize::from(c)][usize::from(k)] += 1;
        }
        counts.iter().flatten().filter(|&&n| n == 1).count()
    };
    // Pawnless: three unique pieces lead, else the two kings (chess always has two unique
    // kings, so the rarer cases of the prober never arise).
    let first_len = if has_pawns {
        0
    } else if unique >= 3 {
        3
    } else {
        2
    };
    let mut lens = Vec::new();
    if first_len > 0 {
        lens.push(first_len);
    }
    let mut i = first_len.min(pieces.len());
    while i < pieces.len() {
        let run = pieces[i..].iter().take_while(|&&p| p == pieces[i]).count();
        lens.push(run);
        i += run;
    }
    if lens.is_empty() || (both_pawns && lens.len() < 2) {
        return Err(Corruption::PieceGroups);
    }

    let mut factors = vec![0u64; lens.len() + 1];
    let mut free = 64usize
        .checked_sub(lens[0] + if both_pawns { lens[1] } else { 0 })
        .ok_or(Corruption::PieceGroups)?;
    let mut next = if both_pawns { 2 } else { 1 };
    let mut idx = 1u64;
    let mut k = 0u8;
    while next < lens.len() || k == order[0] || k == order[1] {
        let factor = if k == order[0] {
            factors[0] = idx;
            if has_pawns {
                lead_pawns_size(lens[0], file).ok_or(Corruption::PawnCount)?
            } else if unique >= 3 {
                31_332
            } else {
                462
            }
        } else if k == order[1] {
            factors[1] = idx;
            let left = 48usize.checked_sub(lens[0]).ok_or(Corruption::PawnCount)?;
            // Only a table with pawns on both sides has a second pawn group.
            let second = *lens.get(1).ok_or(Corruption::GroupOrder)?;
            binomial(left as u64, second as u64)
        } else {
            factors[next] = idx;
            let f = binomial(free as u64, lens[next] as u64);
            free = free
                .checked_sub(lens[next])
                .ok_or(Corruption::PieceGroups)?;
            next += 1;
            f
        };
        idx = idx.checked_mul(factor).ok_or(Corruption::SizesOverflow)?;
        k = k.checked_add(1).ok_or(Corruption::SizesOverflow)?;
        if k > 15 {
            return Err(Corruption::GroupOrder);
        }
    }
    factors[lens.len()] = idx;
    Ok((lens, factors))
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |r, d| r * (n - d) / (d + 1))
}

/// The number of placements of `count` leading pawns with the first of them on `file` (a-d),
/// as the prober's `lead_pawns_size` table has it.
fn lead_pawns_size(count: usize, file: usize) -> Option<u64> {
    if !(1..=5).contains(&count) || file > 3 {
        return None;
    }
    // Pawn squares 8..56 get numbers 47 down to 0, files a-d and their mirrors h-e interleaved
    // rank by rank, so that a leading pawn on a low file leaves the most squares to the others.
    let mut map = [0u64; 64];
    let mut available = 48u64;
    for f in 0..4 {
        for rank in 1..7 {
            let sq = f + 8 * rank;
            available -= 1;
            map[sq] = available;
            available -= 1;
            map[sq ^ 7] = available;
        }
    }
    Some(
        (1..7)
            .map(|rank| binomial(map[file + 8 * rank], count as u64 - 1))
            .sum(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn tables() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/syzygy/regular")
    }

    #[test]
    fn every_test_table_has_the_size_its_header_implies() {
        let mut checked = 0;
        for entry in std::fs::read_dir(tables()).expect("tables") {
            let path = entry.expect("entry").path();
            let Some(metric) = path
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Metric::from_extension)
            else {
                continue;
            };
            let stem = path.file_stem().and_then(|s| s.to_str()).expect("name");
            let material = Signature::parse(stem).expect("table name");
            if let Err(e) = check(&path, material, metric) {
                panic!("{}: {e}", path.display());
            }
            checked += 1;
        }
        assert_eq!(checked, 70);
    }

    #[test]
    fn lead_pawn_sizes_match_the_prober() {
        // One leading pawn: 6 ranks per file. Two: the second pawn's squares, numbered 47, 45,
        // ..., 37 on a2-a7 (a and h files interleaved), summed over a2-a7.
        assert_eq!(lead_pawns_size(1, 0), Some(6));
        assert_eq!(lead_pawns_size(2, 0), Some((37..=47).step_by(2).sum()));
        assert_eq!(lead_pawns_size(0, 0), None);
        assert_eq!(lead_pawns_size(1, 4), None);
    }

    /// Random bytes behind the real first bytes (the magic, the layout byte, part of the piece
    /// lists), and shorter sizes that are still 16 mod 64: always refused, never a panic.
    #[test]
    fn damaged_headers_are_refused_without_panicking() {
        let dir = std::env::temp_dir().join(format!("outpost-tb-header-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (name, metric) in [
            ("KRvKP.rtbz", Metric::Dtz),
            ("KPvKP.rtbw", Metric::Wdl),
            ("KQvKR.rtbw", Metric::Wdl),
            ("KBNvK.rtbz", Metric::Dtz),
        ] {
            let original = std::fs::read(tables().join(name)).expect("table");
            let material = Signature::parse(name.split('.').next().expect("stem")).expect("name");
            let path = dir.join(name);
            for keep in [4, 5, 6, 8, 12] {
                for _ in 0..20 {
                    let mut bytes = original.clone();
                    for b in &mut bytes[keep.min(original.len())..] {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        *b = seed as u8;
                    }
                    std::fs::write(&path, &bytes).expect("write");
                    assert!(
                        check(&path, material, metric).is_err(),
                        "{name} keep {keep}"
                    );
                }
            }
            let step = (original.len() / 64 / 40).max(1) * 64;
            for len in (16..original.len()).step_by(step) {
                std::fs::write(&path, &original[..len]).expect("write");
                assert!(
                    check(&path, material, metric).is_err(),
                    "{name} cut to {len}"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
