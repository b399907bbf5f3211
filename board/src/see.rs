//! Static exchange evaluation (SEE): what a capture sequence on one square wins or loses when
//! both sides recapture with their least valuable piece and may stop whenever continuing would
//! cost them. Sliders hiding behind the pieces that capture (x-rays, batteries) join in as the
//! square's attackers leave the board; a piece pinned to its king (pins as they stand before the
//! move) takes part only along its pin line or once its pinner is gone; a king captures only when
//! the opponent has no attacker left.
//!
//! `see` returns the exact value and is the reference; `see_ge(move, threshold)` answers the
//! question the search asks ("does this move win at least `threshold`?") with early exits, and
//! tests check the two agree on every move of many positions. Pawns that capture onto the last
//! rank are counted as promoting to a queen; castling is worth 0.

use crate::attacks::{between, bishop_attacks, line, queen_attacks, rook_attacks};
use crate::{Bitboard, Color, Move, MoveKind, PieceType, Position, Square};

/// Exchange values indexed by `PieceType`: pawn, knight, bishop, rook, queen, king.
///
/// Knight and bishop are equal on purpose: SEE should call a bishop-for-knight trade even, not a
/// small loss that would send `BxN` to the bad captures. The king's 0 only matters when it is
/// the first capturer, and a legal king capture can never be answered.
pub const SEE_VALUES: [i32; 6] = [100, 325, 325, 500, 950, 0];

const PAWN_VALUE: i32 = SEE_VALUES[0];
const QUEEN_VALUE: i32 = SEE_VALUES[4];

/// Longest possible exchange: every piece on the board captures once.
const MAX_EXCHANGE: usize = 34;

#[inline(always)]
fn value(kind: PieceType) -> i32 {
    SEE_VALUES[kind.index()]
}

/// The pins that matter for one exchange on `to`, per colour, worked out only when a colour's
/// attackers include a piece that could be pinned: the pieces pinned to their king whose pin
/// line misses `to` (they may not capture there) and the enemy sliders pinning them.
struct Pins {
    to: Square,
    known: [Option<(Bitboard, Bitboard)>; 2],
}

impl Pins {
    fn new(to: Square) -> Pins {
        Pins {
            to,
            known: [None; 2],
        }
    }

    /// The pieces among `mine` (of `color`) allowed to capture with occupancy `occ`.
    #[inline(always)]
    fn allowed(&mut self, pos: &Position, color: Color, mine: Bitboard, occ: Bitboard) -> Bitboard {
        // A pinned piece is the first one on a line from its king; the mover's side has its
        // pinned pieces cached in the position already.
        let candidates = if color == pos.side_to_move() {
            pos.pinned()
        } else {
            queen_attacks(pos.king(color), pos.occupied())
        };
        if (mine & candidates).is_empty() {
            return mine;
        }
        let to = self.to;
        let (stuck, pinners) =
            *self.known[color.index()].get_or_insert_with(|| pin_lines(pos, color, to));
        if (pinners & occ).any() {
            mine & !stuck
        } else {
            mine
        }
    }
}

/// Pieces of `color` pinned to their king along a line that misses `to`, and their pinners.
fn pin_lines(pos: &Position, color: Color, to: Square) -> (Bitboard, Bitboard) {
    let occ = pos.occupied();
    let ksq = pos.king(color);
    let snipers = ((rook_attacks(ksq, Bitboard::EMPTY) & pos.orthogonal_sliders())
        | (bishop_attacks(ksq, Bitboard::EMPTY) & pos.diagonal_sliders()))
        & pos.colored(!color);
    let (mut stuck, mut pinners) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for sniper in snipers {
        let blockers = between(ksq, sniper) & occ;
        if blockers.any()
            && !blockers.more_than_one()
            && (blockers & pos.colored(color)).any()
            && !line(ksq, sniper).has(to)
        {
            stuck |= blockers;
            pinners |= Bitboard::from_square(sniper);
        }
    }
    (stuck, pinners)
}

impl Position {
    /// The least valuable piece among `attackers`, which must not be empty.
    #[inline(always)]
    fn least_valuable(&self, attackers: Bitboard) -> (PieceType, Square) {
        for kind in PieceType::ALL {
            let bb = attackers & self.pieces(kind);
            if bb.any() {
                return (kind, bb.lsb());
            }
        }
        (PieceType::King, attackers.lsb())
    }

    /// Sliders that attack `to` through the occupancy `occ` (including ones already counted).
    #[inline(always)]
    fn slider_attackers(&self, to: Square, occ: Bitboard) -> Bitboard {
        (bishop_attacks(to, occ) & self.diagonal_sliders())
            | (rook_attacks(to, occ) & self.orthogonal_sliders())
    }

    /// What `m` wins in material, in `SEE_VALUES` units, if both sides then capture on its target
    /// square while it pays. Castling is 0; a non-capture gives 0 or the loss of the moved piece.
    pub fn see(&self, m: Move) -> i32 {
        if m.is_castling() {
            return 0;
        }
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_on(from) else {
            return 0;
        };
        let promotion_square = to.rank() == 0 || to.rank() == 7;
        let mut occ = self.occupied().without(from);
        let captured = if m.kind() == MoveKind::EnPassant {
            occ = occ.without(Square::make(to.file(), from.rank()));
            PAWN_VALUE
        } else {
            self.piece_on(to).map_or(0, |p| value(p.kind()))
        };
        let mut gain = [0i32; MAX_EXCHANGE];
        // `at_risk` is what stands on `to` after each capture: what the next capture wins.
        let mut at_risk = match m.promotion_piece() {
            Some(p) => {
                gain[0] = captured + value(p) - PAWN_VALUE;
                value(p)
            }
            None => {
                gain[0] = captured;
                value(mover.kind())
            }
        };
        let mut pins = Pins::new(to);
        let mut attackers = self.attackers_to(to, occ) & occ;
        let mut side = !mover.color();
        let mut depth = 0;
        while depth + 1 < MAX_EXCHANGE {
            let mine = pins.allowed(self, side, attackers & self.colored(side), occ);
            if mine.is_empty() {
                break;
            }
            let (kind, sq) = self.least_valuable(mine);
            let occ_after = occ.without(sq);
            let attackers_after = (attackers | self.slider_attackers(to, occ_after)) & occ_after;
            if kind == PieceType::King && (attackers_after & self.colored(!side)).any() {
                // The king may not step onto a defended square; the exchange ends here.
                break;
            }
            depth += 1;
            if kind == PieceType::Pawn && promotion_square {
                gain[depth] = at_risk + QUEEN_VALUE - PAWN_VALUE - gain[depth - 1];
                at_risk = QUEEN_VALUE;
            } else {
                gain[depth] = at_risk - gain[depth - 1];
                at_risk = value(kind);
            }
            occ = occ_after;
            attackers = attackers_after;
            side = !side;
        }
        // Each side may decline to continue: fold the sequence back from its end.
        while depth > 0 {
            gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
            depth -= 1;
        }
        gain[0]
    }

    /// Whether `m` wins at least `threshold` by static exchange (same answer as
    /// `see(m) >= threshold`, usually without playing the whole exchange out).
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        match m.kind() {
            MoveKind::Castling => return threshold <= 0,
            MoveKind::Promotion => return self.see(m) >= threshold,
            _ => {}
        }
        let (from, to) = (m.from(), m.to());
        // A pawn recapturing on the first or last rank promotes: leave that to the full version.
        if to.rank() == 0 || to.rank() == 7 {
            return self.see(m) >= threshold;
        }
        let Some(mover) = self.piece_on(from) else {
            return threshold <= 0;
        };
        let mut occ = self.occupied().without(from);
        let captured = if m.kind() == MoveKind::EnPassant {
            occ = occ.without(Square::make(to.file(), from.rank()));
            PAWN_VALUE
        } else {
            self.piece_on(to).map_or(0, |p| value(p.kind()))
        };

        // `balance` is how far above the threshold the side that just captured stands if the
        // exchange stopped now, seen from the side about to recapture (negated each turn).
        // Saturating: the search may pass extreme thresholds.
        let mut balance = captured.saturating_sub(threshold);
        if balance < 0 {
            return false;
        }
        balance = value(mover.kind()) - balance;
        if balance <= 0 {
            return true;
        }

        let mut pins = Pins::new(to);
        let mut attackers = self.attackers_to(to, occ) & occ;
        let mut side = mover.color();
        // 1 while the moving side is winning by at least the threshold.
        let mut result = 1;
        loop {
            side = !side;
            attackers &= occ;
            let mine = pins.allowed(self, side, attackers & self.colored(side), occ);
            if mine.is_empty() {
                break;
            }
            result ^= 1;
            let (kind, sq) = self.least_valuable(mine);
            if kind == PieceType::King {
                let occ_after = occ.without(sq);
                let defended = ((attackers | self.slider_attackers(to, occ_after))
                    & occ_after
                    & self.colored(!side))
                .any();
                // An illegal king capture undoes the flip; a legal one is the last word.
                return (if defended { result ^ 1 } else { result }) == 1;
            }
            balance = value(kind) - balance;
            if balance < result {
                break;
            }
            occ = occ.without(sq);
            attackers |= match kind {
                PieceType::Pawn | PieceType::Bishop => {
                    bishop_attacks(to, occ) & self.diagonal_sliders()
                }
                PieceType::Rook => rook_attacks(to, occ) & self.orthogonal_sliders(),
                PieceType::Queen => self.slider_attackers(to, occ),
                PieceType::Knight | PieceType::King => Bitboard::EMPTY,
            };
        }
        result == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveList;

    const P: i32 = SEE_VALUES[0];
    const N: i32 = SEE_VALUES[1];
    const B: i32 = SEE_VALUES[2];
    const R: i32 = SEE_VALUES[3];
    const Q: i32 = SEE_VALUES[4];

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn mv(p: &Position, uci: &str) -> Move {
        p.parse_uci_move(uci)
            .unwrap_or_else(|e| panic!("{} {uci}: {e}", p.to_fen()))
    }

    /// The exact value and the threshold answer on both sides of it.
    fn check(fen: &str, uci: &str, expected: i32) {
        let p = pos(fen);
        let m = mv(&p, uci);
        assert_eq!(p.see(m), expected, "see {fen} {uci}");
        assert!(p.see_ge(m, expected), "see_ge {fen} {uci} >= {expected}");
        assert!(
            !p.see_ge(m, expected + 1),
            "see_ge {fen} {uci} > {expected}"
        );
    }

    #[test]
    fn free_pawn_is_won() {
        check("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", P);
    }

    #[test]
    fn rook_takes_pawn_defended_by_pawn() {
        check("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", P - R);
    }

    #[test]
    fn rook_takes_pawn_defended_by_knight() {
        check("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", P);
        check("4k3/8/5n2/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", P - R);
    }

    #[test]
    fn rook_battery_wins_defended_pawn() {
        // Two rooks against one defender: Rxd5 Rxd5 Rxd5 wins the pawn and a rook for a rook.
        check("3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5", P);
    }

    #[test]
    fn queen_behind_rook_x_ray() {
        // Rd2 with the queen behind it against a pawn defended by a rook: R for P+R, then QxR.
        check("3r2k1/8/8/3p4/8/8/3R4/3Q2K1 w - - 0 1", "d2d5", P);
        // The defender has a battery too: RxP RxR QxR and the second rook takes the queen.
        check("3r2k1/3r4/8/3p4/8/8/3R4/3Q2K1 w - - 0 1", "d2d5", P - R);
    }

    #[test]
    fn queen_takes_pawn_defended_by_pawn() {
        check("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", P - Q);
    }

    #[test]
    fn knight_takes_defended_knight() {
        check("4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0);
    }

    #[test]
    fn bishop_takes_knight_is_even() {
        check("4k3/8/2p5/3n4/8/1B6/8/4K3 w - - 0 1", "b3d5", N - B);
    }

    #[test]
    fn pawn_takes_queen() {
        check("4k3/8/2p5/3q4/4P3/8/8/4K3 w - - 0 1", "e4d5", Q - P);
    }

    #[test]
    fn quiet_move_to_attacked_square_loses_the_piece() {
        check("4k3/8/2p5/8/8/8/8/3QK1N1 w - - 0 1", "d1d5", -Q);
        check("4k3/8/8/8/8/8/8/3QK1N1 w - - 0 1", "g1f3", 0);
    }

    #[test]
    fn bishop_x_ray_through_queen() {
        // Qxf6 with Bb2 behind on the long diagonal: the pawn on f6 is defended once by g7.
        check("6k1/6p1/5p2/8/8/2Q5/1B6/6K1 w - - 0 1", "c3f6", P - Q + P);
        // The bishop goes first: BxP, PxB, QxP.
        check("6k1/6p1/5p2/8/8/2B5/1Q6/6K1 w - - 0 1", "c3f6", P - B + P);
    }

    #[test]
    fn king_cannot_recapture_defended_piece() {
        // Rxe7: the king may not retake because the queen behind the rook guards e7.
        check("8/4pk2/8/8/8/8/4R3/4Q1K1 w - - 0 1", "e2e7", P);
        // Without the queen the king retakes.
        check("8/4pk2/8/8/8/8/4R3/6K1 w - - 0 1", "e2e7", P - R);
    }

    #[test]
    fn king_captures_last() {
        // Rxe3 Rxe3 and White must not go on with Qxe3, which the king would take.
        check("4r3/8/8/8/3k4/4p3/4R3/4Q1K1 w - - 0 1", "e2e3", P - R);
        // Without the black rook the king cannot retake: the queen guards e3 through e2.
        check("8/8/8/8/3k4/4p3/4R3/4Q1K1 w - - 0 1", "e2e3", P);
        check("8/8/8/8/3k4/4p3/4R3/6K1 w - - 0 1", "e2e3", P - R);
    }

    #[test]
    fn en_passant_counts_the_pawn_and_opens_the_rank() {
        check("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", P);
        // The e-pawn recaptures on d6.
        check("4k3/4p3/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0);
        // The rook behind the captured pawn on the d-file defends d6 only once d5 is empty.
        check("4k3/8/8/3pP3/8/8/3r4/4K3 w - d6 0 1", "e5d6", 0);
    }

    #[test]
    fn castling_is_zero() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for uci in ["e1g1", "e1c1"] {
            let m = mv(&p, uci);
            assert!(m.is_castling());
            assert_eq!(p.see(m), 0);
            assert!(p.see_ge(m, 0));
            assert!(!p.see_ge(m, 1));
        }
    }

    #[test]
    fn promotion_values() {
        // Free promotion: gains queen minus pawn.
        check("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", Q - P);
        // Under-promotion to a knight.
        check("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", N - P);
        // Promotion on a defended square: the new queen is lost.
        check("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", (Q - P) - Q);
        // Capture-promotion on a defended square: rook + (Q - P) then the queen is taken.
        check("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", R + Q - P);
        check("1rr1k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", R + Q - P - Q);
    }

    #[test]
    fn recapture_by_pawn_on_last_rank_promotes() {
        // Black Rxc8 (takes a knight) and the b7 pawn retakes with promotion.
        check(
            "2N1k3/1P6/8/8/8/8/7K/2r5 b - - 0 1",
            "c1c8",
            N - R - (Q - P),
        );
    }

    #[test]
    fn pinned_defender_does_not_count() {
        // The knight on f6 is pinned against the king on h8 by the bishop on b2, so it cannot
        // retake on d5.
        check("7k/8/5n2/3p4/8/8/1B6/3RK3 w - - 0 1", "d1d5", P);
        // Without the pin the knight retakes.
        check("7k/8/5n2/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", P - R);
    }

    #[test]
    fn pinned_piece_captures_along_its_pin_line() {
        // The black bishop on f6 is pinned by Bb2 against the king on h8, but d4 lies on that
        // line: it takes the rook there, and the pinning bishop then retakes.
        check("7k/8/5b2/8/8/8/1B6/3RK3 w - - 0 1", "d1d4", B - R);
    }

    #[test]
    fn long_exchange_with_queens_and_rooks() {
        // Classic: pawn on e5 attacked by N, R, Q (x-ray) and defended by N, R, Q.
        check(
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "d3e5",
            P - N,
        );
    }

    #[test]
    fn pawn_takes_defended_bishop() {
        check("4k3/8/2p1p3/3b4/4P3/8/8/4K3 w - - 0 1", "e4d5", B - P);
    }

    #[test]
    fn classic_positions() {
        // Well-known SEE test positions (values worked out by hand with our piece values).
        check(
            "4R3/2r3p1/5bk1/1p1r3p/p2PR1P1/P1BK1P2/1P6/8 b - - 0 1",
            "h5g4",
            0,
        );
        check(
            "4R3/2r3p1/5bk1/1p1r1p1p/p2PR1P1/P1BK1P2/1P6/8 b - - 0 1",
            "h5g4",
            0,
        );
        check(
            "4r1k1/5pp1/nbp4p/1p2p2q/1P2P1b1/1BP2N1P/1B2QPPK/3R4 b - - 0 1",
            "g4f3",
            N - B,
        );
        check(
            "2r1r1k1/pp1bppbp/3p1np1/q3P3/2P2P2/1P2B3/P1N1B1PP/2RQ1RK1 b - - 0 1",
            "d6e5",
            P,
        );
        check(
            "7r/5qpk/p1Qp1b1p/3r3n/BB3p2/5p2/P1P2P2/4RK1R w - - 0 1",
            "e1e8",
            0,
        );
        check(
            "6rr/6pk/p1Qp1b1p/2n5/1B3p2/5p2/P1P2P2/4RK1R w - - 0 1",
            "e1e8",
            -R,
        );
        check(
            "7r/5qpk/2Qp1b1p/1N1r3n/BB3p2/5p2/P1P2P2/4RK1R w - - 0 1",
            "e1e8",
            -R,
        );
    }

    #[test]
    fn extreme_thresholds() {
        let p = pos("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1");
        for &m in p.legal_moves().iter() {
            assert!(p.see_ge(m, i32::MIN));
            assert!(p.see_ge(m, -i32::MAX));
            assert!(!p.see_ge(m, i32::MAX));
        }
    }

    /// `see_ge` must agree with `see` on every legal move of many random positions, at the
    /// exact value and one above it; this checks both implementations against each other.
    #[test]
    fn see_ge_agrees_with_see_on_random_positions() {
        let starts = [
            crate::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "rnbqkb1r/pp1p1ppp/2p5/4P3/2B5/8/PPP1NnPP/RNBQK2R w KQkq - 0 6",
        ];
        let mut rng = crate::Rng::new(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        let mut nonzero = 0;
        for fen in starts {
            for _game in 0..25 {
                let mut p = pos(fen);
                for _ply in 0..120 {
                    let moves: MoveList = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &m in moves.iter() {
                        let v = p.see(m);
                        assert!(p.see_ge(m, v), "{} {m} see {v}", p.to_fen());
                        assert!(!p.see_ge(m, v + 1), "{} {m} see {v}", p.to_fen());
                        assert!(p.see_ge(m, v - 50));
                        assert!(!p.see_ge(m, v + 50));
                        checked += 1;
                        nonzero += usize::from(v != 0);
                    }
                    // Prefer captures so the exchanges get interesting.
                    let mut list = MoveList::new();
                    p.generate(crate::GenKind::Noisy, &mut list);
                    let m = if !list.is_empty() && rng.below(3) > 0 {
                        list[rng.below(list.len())]
                    } else {
                        moves[rng.below(moves.len())]
                    };
                    p = p.play(m);
                }
            }
        }
        assert!(checked > 50_000, "only {checked} moves checked");
        assert!(nonzero > 10_000, "only {nonzero} non-zero exchanges");
    }

    /// SEE never says a capture wins more than the captured piece (plus a promotion), and never
    /// loses more than the moving piece.
    #[test]
    fn see_is_bounded() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for &m in p.legal_moves().iter() {
            let v = p.see(m);
            let gain = p.captured_kind(m).map_or(0, value);
            let lost = p.moved_piece(m).map_or(0, |x| value(x.kind()));
            assert!(v <= gain, "{m}: {v} > {gain}");
            assert!(v >= gain - lost, "{m}: {v} < {gain} - {lost}");
        }
    }
}
