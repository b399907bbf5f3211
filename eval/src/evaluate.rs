//! The evaluation in order: material and piece squares, pawn structure from the pawn table,
//! pieces and mobility (which build the attack maps), king safety, threats, passed pawns, mop-up
//! and tempo; then the game phase blends the middlegame and endgame halves, after the endgame
//! half has been scaled for drawish material.
//!
//! Every term is computed for each side from its own point of view by the same code, which is
//! what makes a colour-flipped position evaluate exactly the same for the side to move.

use crate::attack_maps::AttackMaps;
use crate::masks::{forward, king_zone, pawn_double_attacks, relative_rank};
use crate::pawns::PawnTable;
use crate::tapered::Tapered;
use crate::trace::{Sink, Term};
use crate::weights::{Weights, SCALE_NORMAL};
use crate::{endgame, king_safety, passed, pieces, threats};
use outpost_board::attacks::king_attacks;
use outpost_board::{Bitboard, Color, PieceType, Position, Square};

/// The game phase at full middlegame material (knight and bishop 1, rook 2, queen 4).
pub const PHASE_MAX: i32 = 24;

/// Piece-square tables (material excluded) for each colour, kind and square, built from the
/// weights' half-tables.
pub(crate) type PsqTable = [[[Tapered; 64]; 6]; 2];

pub(crate) fn build_psqt(w: &Weights) -> PsqTable {
    let halves = [
        &w.psqt_pawn,
        &w.psqt_knight,
        &w.psqt_bishop,
        &w.psqt_rook,
        &w.psqt_queen,
        &w.psqt_king,
    ];
    let mut t = [[[Tapered::ZERO; 64]; 6]; 2];
    for color in Color::BOTH {
        for (kind, half) in halves.iter().enumerate() {
            for sq in Square::all() {
                let rel = sq.relative(color);
                let file = rel.file().min(7 - rel.file()) as usize;
                t[color.index()][kind][sq.index()] = half[7 - rel.rank() as usize][file];
            }
        }
    }
    t
}

/// The game phase from the non-pawn material, `0..=PHASE_MAX`.
#[inline]
pub fn phase(pos: &Position) -> i32 {
    let minors = (pos.pieces(PieceType::Knight) | pos.pieces(PieceType::Bishop)).count() as i32;
    let rooks = pos.pieces(PieceType::Rook).count() as i32;
    let queens = pos.pieces(PieceType::Queen).count() as i32;
    (minors + 2 * rooks + 4 * queens).min(PHASE_MAX)
}

/// Blends a white-view score: the endgame half scaled by `scale` (of `SCALE_NORMAL`). A scale of
/// zero means the side ahead cannot win at all, so its middlegame half goes too.
#[inline]
pub fn taper(score: Tapered, phase: i32, scale: i32) -> i32 {
    if scale == 0 {
        return 0;
    }
    let eg = score.eg() * scale / SCALE_NORMAL;
    (score.mg() * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// Evaluates `pos` from white's view, feeding every term to `sink`; returns (score, phase,
/// scale).
pub(crate) fn evaluate<S: Sink>(
    pos: &Position,
    w: &Weights,
    psqt: &PsqTable,
    pawns: &mut PawnTable,
    sink: &mut S,
) -> (i32, i32, i32) {
    for color in Color::BOTH {
        let mut material = Tapered::ZERO;
        let mut squares = Tapered::ZERO;
        for kind in PieceType::ALL {
            let pieces = pos.pieces_of(color, kind);
            material += w.material[kind.index()] * pieces.count() as i32;
            let table = &psqt[color.index()][kind.index()];
            for sq in pieces {
                squares += table[sq.index()];
            }
        }
        sink.add(Term::Material, color, material);
        sink.add(Term::Psqt, color, squares);
    }

    let entry = pawns.probe(pos, w);
    sink.add(Term::Pawns, Color::White, entry.score[0]);
    sink.add(Term::Pawns, Color::Black, entry.score[1]);

    let occ = pos.occupied();
    let king = [pos.king(Color::White), pos.king(Color::Black)];
    let mut maps = AttackMaps {
        occ,
        king,
        zone: [
            king_zone(Color::White, king[0]),
            king_zone(Color::Black, king[1]),
        ],
        mobility_area: [Bitboard::EMPTY; 2],
        attacked: [Bitboard::EMPTY; 2],
        attacked2: [Bitboard::EMPTY; 2],
        by_kind: [[Bitboard::EMPTY; 6]; 2],
        attackers: [0; 2],
        attack_weight: [0; 2],
        zone_attacks: [0; 2],
    };
    for color in Color::BOTH {
        let c = color.index();
        let own_pawns = pos.pieces_of(color, PieceType::Pawn);
        let blocked = own_pawns & forward(!color, occ);
        let low = own_pawns & (relative_rank(color, 1) | relative_rank(color, 2));
        maps.mobility_area[c] =
            !(blocked | low | Bitboard::from_square(king[c]) | entry.attacks[(!color).index()]);
        let king_att = king_attacks(king[c]);
        let pawn_att = entry.attacks[c];
        maps.by_kind[c][PieceType::Pawn.index()] = pawn_att;
        maps.by_kind[c][PieceType::King.index()] = king_att;
        maps.attacked[c] = pawn_att | king_att;
        maps.attacked2[c] = (pawn_att & king_att) | pawn_double_attacks(color, own_pawns);
    }

    pieces::evaluate(pos, w, &mut maps, entry, Color::White, sink);
    pieces::evaluate(pos, w, &mut maps, entry, Color::Black, sink);
    king_safety::evaluate(pos, w, &maps, entry, Color::White, sink);
    king_safety::evaluate(pos, w, &maps, entry, Color::Black, sink);
    threats::evaluate(pos, w, &maps, entry, Color::White, sink);
    threats::evaluate(pos, w, &maps, entry, Color::Black, sink);
    passed::evaluate(pos, w, &maps, entry, Color::White, sink);
    passed::evaluate(pos, w, &maps, entry, Color::Black, sink);
    endgame::mop_up(pos, w, sink);
    sink.add(Term::Tempo, pos.side_to_move(), w.tempo);

    let total = sink.total();
    let phase = phase(pos);
    let scale = endgame::scale(pos, w, total.eg());
    (taper(total, phase, scale), phase, scale)
}
