//! The perft-only board and move generator behind `perft::perft`.
//!
//! Perft needs none of what the search keeps in a `Position`: no Zobrist keys, no mailbox, no
//! clocks, no undo record. This board is eight bitboards, the en-passant square and the castling
//! rights (64 + 2 bytes), copied for each move (copy-make). The generator is the same design as
//! `movegen` (legal moves from a check mask, pin lines, attack tests for king steps and castling,
//! an exact test for en passant), but
//!
//! - specialised by side to move at compile time (`Side`), so pawn directions, colour indices and
//!   ranks are constants;
//! - driven by a visitor instead of a move list: at the last ply (`Count`) each piece's target set
//!   is popcounted, pawn moves by shifted bitboards, promotions counted four times; at the plies
//!   above (`Play`) each target is played straight into a copied board and counted, so no move
//!   is ever stored.
//!
//! Chess960 castling is handled as in `Position`: rights name rook squares, and a per-square table
//! says which rights a move from or to that square removes.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::{Bitboard, CastleSide, Color, Move, PieceType, Position, Square};

const PAWN: usize = 0;
const KNIGHT: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const KING: usize = 5;
const NO_EP: u8 = 64;

/// Empty-board rook and bishop rays of each square.
const fn rays() -> ([u64; 64], [u64; 64]) {
    let mut orth = [0u64; 64];
    let mut diag = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut t = 0;
        while t < 64 {
            let (tf, tr) = ((t % 8) as i32, (t / 8) as i32);
            if t != sq {
                if tf == f || tr == r {
                    orth[sq] |= 1 << t;
                }
                if tf - f == tr - r || tf - f == r - tr {
                    diag[sq] |= 1 << t;
                }
            }
            t += 1;
        }
        sq += 1;
    }
    (orth, diag)
}

static RAYS: ([u64; 64], [u64; 64]) = rays();

/// Side to move, known at compile time.
pub(crate) trait Side {
    const US: usize;
    const WHITE: bool;
    type Other: Side;
}
pub(crate) struct White;
pub(crate) struct Black;
impl Side for White {
    const US: usize = 0;
    const WHITE: bool = true;
    type Other = Black;
}
impl Side for Black {
    const US: usize = 1;
    const WHITE: bool = false;
    type Other = White;
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    kinds: [u64; 6],
    colors: [u64; 2],
    ep: u8,
    castling: u8,
}

/// What stays fixed during one count: the castling geometry of each right.
pub(crate) struct Ctx {
    /// Rights lost by a move from or to each square (king and castling-rook home squares).
    lost: [u8; 64],
    king_from: [u8; 4],
    rook_from: [u8; 4],
    king_to: [u8; 4],
    rook_to: [u8; 4],
    /// Squares that must be empty, the king and rook themselves not counted.
    empty: [u64; 4],
    /// Squares the king crosses or lands on, which must not be attacked.
    path: [u64; 4],
}

impl Ctx {
    pub(crate) fn new(pos: &Position) -> Ctx {
        let mut ctx = Ctx {
            lost: [0; 64],
            king_from: [0; 4],
            rook_from: [0; 4],
            king_to: [0; 4],
            rook_to: [0; 4],
            empty: [0; 4],
            path: [0; 4],
        };
        for color in [Color::White, Color::Black] {
            for side in [CastleSide::King, CastleSide::Queen] {
                let Some(rook) = pos.castle_rook(color, side) else {
                    continue;
                };
                let i = crate::castle_index(color, side);
                let king = pos.king(color);
                let rank = king.rank();
                let (kt, rt) = match side {
                    CastleSide::King => (Square::make(6, rank), Square::make(5, rank)),
                    CastleSide::Queen => (Square::make(2, rank), Square::make(3, rank)),
                };
                let both = Bitboard::from_square(king) | Bitboard::from_square(rook);
                let king_path = between(king, kt) | Bitboard::from_square(kt);
                let rook_path = between(rook, rt) | Bitboard::from_square(rt);
                ctx.lost[king.index()] |= 1 << i;
                ctx.lost[rook.index()] |= 1 << i;
                ctx.king_from[i] = king.index() as u8;
                ctx.rook_from[i] = rook.index() as u8;
                ctx.king_to[i] = kt.index() as u8;
                ctx.rook_to[i] = rt.index() as u8;
                ctx.empty[i] = ((king_path | rook_path) & !both).0;
                ctx.path[i] = king_path.0;
            }
        }
        ctx
    }
}

impl Board {
    pub(crate) fn new(pos: &Position) -> Board {
        Board {
            kinds: std::array::from_fn(|k| pos.pieces(PieceType::from_index(k)).0),
            colors: [pos.colored(Color::White).0, pos.colored(Color::Black).0],
            ep: pos.ep_square().map_or(NO_EP, |s| s.index() as u8),
            castling: pos.castling_rights(),
        }
    }
}

#[inline(always)]
fn sq(i: u32) -> Square {
    Square::from_index(i)
}

#[inline(always)]
fn bit(s: u32) -> u64 {
    1u64 << s
}

#[inline(always)]
fn popcnt(x: u64) -> u64 {
    Bitboard(x).count() as u64
}

/// Squares one rank forward for `S`.
#[inline(always)]
fn forward<S: Side>(b: u64) -> u64 {
    if S::WHITE {
        b << 8
    } else {
        b >> 8
    }
}

/// Receiver of generated moves; `Count` counts, `Play` plays each into a copied board.
trait Visit {
    fn piece(&mut self, b: &Board, kind: usize, from: u32, targets: u64);
    /// Single pushes and captures: each target comes from `to - delta`.
    fn pawn(&mut self, b: &Board, targets: u64, delta: i32);
    fn pawn2(&mut self, b: &Board, targets: u64, delta: i32);
    fn promo(&mut self, b: &Board, targets: u64, delta: i32);
    fn ep(&mut self, b: &Board, from: u32, to: u32);
    fn castle(&mut self, b: &Board, right: usize);
}

struct Count(u64);

impl Visit for Count {
    #[inline(always)]
    fn piece(&mut self, _: &Board, _: usize, _: u32, targets: u64) {
        self.0 += popcnt(targets);
    }
    #[inline(always)]
    fn pawn(&mut self, _: &Board, targets: u64, _: i32) {
        self.0 += popcnt(targets);
    }
    #[inline(always)]
    fn pawn2(&mut self, _: &Board, targets: u64, _: i32) {
        self.0 += popcnt(targets);
    }
    #[inline(always)]
    fn promo(&mut self, _: &Board, targets: u64, _: i32) {
        self.0 += 4 * popcnt(targets);
    }
    #[inline(always)]
    fn ep(&mut self, _: &Board, _: u32, _: u32) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _: &Board, _: usize) {
        self.0 += 1;
    }
}

/// Plays each generated move into a copied board and hands the move and the board after it to
/// `child`: `node` counts below each child, and the differential test
/// (`perft_lean/differential.rs`) compares them with `Position`'s moves and positions. Where
/// `child` ignores the move, building it is dead code and compiles away.
struct Play<'a, S: Side, F: FnMut(Move, &Board)> {
    ctx: &'a Ctx,
    child: F,
    side: std::marker::PhantomData<S>,
}

impl<'a, S: Side, F: FnMut(Move, &Board)> Play<'a, S, F> {
    #[inline(always)]
    fn new(ctx: &'a Ctx, child: F) -> Self {
        Play {
            ctx,
            child,
            side: std::marker::PhantomData,
        }
    }

    /// A quiet move or capture of `kind` from `from` to `to`: the board after it.
    #[inline(always)]
    fn moved(&self, b: &Board, kind: usize, from: u32, to: u32) -> Board {
        let mut c = *b;
        let t = bit(to);
        // A capture: clear the destination in every kind of theirs (the king is never captured).
        for k in 0..5 {
            c.kinds[k] &= !t;
        }
        c.colors[1 - S::US] &= !t;
        let ft = bit(from) | t;
        c.kinds[kind] ^= ft;
        c.colors[S::US] ^= ft;
        c.ep = NO_EP;
        c.castling &= !(self.ctx.lost[from as usize] | self.ctx.lost[to as usize]);
        c
    }
}

impl<S: Side, F: FnMut(Move, &Board)> Visit for Play<'_, S, F> {
    #[inline(always)]
    fn piece(&mut self, b: &Board, kind: usize, from: u32, targets: u64) {
        let mut t = targets;
        while t != 0 {
            let to = t.trailing_zeros();
            t &= t - 1;
            let c = self.moved(b, kind, from, to);
            (self.child)(Move::normal(sq(from), sq(to)), &c);
        }
    }
    #[inline(always)]
    fn pawn(&mut self, b: &Board, targets: u64, delta: i32) {
        let mut t = targets;
        while t != 0 {
            let to = t.trailing_zeros();
            t &= t - 1;
            let from = (to as i32 - delta) as u32;
            let c = self.moved(b, PAWN, from, to);
            (self.child)(Move::normal(sq(from), sq(to)), &c);
        }
    }
    #[inline(always)]
    fn pawn2(&mut self, b: &Board, targets: u64, delta: i32) {
        let mut t = targets;
        while t != 0 {
            let to = t.trailing_zeros();
            t &= t - 1;
            let from = (to as i32 - delta) as u32;
            let mut c = self.moved(b, PAWN, from, to);
            c.ep = ((from + to) / 2) as u8;
            (self.child)(Move::normal(sq(from), sq(to)), &c);
        }
    }
    #[inline(always)]
    fn promo(&mut self, b: &Board, targets: u64, delta: i32) {
        let mut t = targets;
        while t != 0 {
            let to = t.trailing_zeros();
            t &= t - 1;
            let from = (to as i32 - delta) as u32;
            let mut c = self.moved(b, PAWN, from, to);
            c.kinds[PAWN] ^= bit(to);
            for kind in [QUEEN, KNIGHT, ROOK, BISHOP] {
                let mut p = c;
                p.kinds[kind] |= bit(to);
                let m = Move::promotion(sq(from), sq(to), PieceType::from_index(kind));
                (self.child)(m, &p);
            }
        }
    }
    #[inline(always)]
    fn ep(&mut self, b: &Board, from: u32, to: u32) {
        let mut c = *b;
        let captured = if S::WHITE { to - 8 } else { to + 8 };
        c.kinds[PAWN] ^= bit(from) | bit(to) | bit(captured);
        c.colors[S::US] ^= bit(from) | bit(to);
        c.colors[1 - S::US] ^= bit(captured);
        c.ep = NO_EP;
        (self.child)(Move::en_passant(sq(from), sq(to)), &c);
    }
    #[inline(always)]
    fn castle(&mut self, b: &Board, right: usize) {
        let ctx = self.ctx;
        let mut c = *b;
        let (king_from, rook_from) = (ctx.king_from[right] as u32, ctx.rook_from[right] as u32);
        let (kf, rf) = (bit(king_from), bit(rook_from));
        let (kt, rt) = (
            bit(ctx.king_to[right] as u32),
            bit(ctx.rook_to[right] as u32),
        );
        // Remove both before placing: in Chess960 the destinations may overlap the origins.
        c.kinds[KING] = c.kinds[KING] & !kf | kt;
        c.kinds[ROOK] = c.kinds[ROOK] & !rf | rt;
        c.colors[S::US] = c.colors[S::US] & !(kf | rf) | kt | rt;
        c.ep = NO_EP;
        c.castling &= !(3 << (2 * S::US));
        (self.child)(Move::castling(sq(king_from), sq(rook_from)), &c);
    }
}

/// Whether a piece of `them` attacks `s` with occupancy `occ`.
#[inline(always)]
fn attacked<S: Side>(b: &Board, s: u32, occ: u64) -> bool {
    let theirs = b.colors[1 - S::US];
    let sqr = sq(s);
    (pawn_attacks(if S::WHITE { Color::White } else { Color::Black }, sqr).0
        & b.kinds[PAWN]
        & theirs)
        | (knight_attacks(sqr).0 & b.kinds[KNIGHT] & theirs)
        | (king_attacks(sqr).0 & b.kinds[KING] & theirs)
        | (bishop_attacks(sqr, Bitboard(occ)).0 & (b.kinds[BISHOP] | b.kinds[QUEEN]) & theirs)
        | (rook_attacks(sqr, Bitboard(occ)).0 & (b.kinds[ROOK] | b.kinds[QUEEN]) & theirs)
        != 0
}

/// Every square a piece of theirs attacks with occupancy `occ`.
#[inline(always)]
fn seen<S: Side>(b: &Board, occ: u64) -> u64 {
    let theirs = b.colors[1 - S::US];
    let p = b.kinds[PAWN] & theirs;
    let mut att = if S::WHITE {
        ((p >> 7) & !Bitboard::FILE_A.0) | ((p >> 9) & !Bitboard::FILE_H.0)
    } else {
        ((p << 9) & !Bitboard::FILE_A.0) | ((p << 7) & !Bitboard::FILE_H.0)
    };
    att |= king_attacks(sq((b.kinds[KING] & theirs).trailing_zeros())).0;
    let mut n = b.kinds[KNIGHT] & theirs;
    while n != 0 {
        att |= knight_attacks(sq(n.trailing_zeros())).0;
        n &= n - 1;
    }
    let mut d = (b.kinds[BISHOP] | b.kinds[QUEEN]) & theirs;
    while d != 0 {
        att |= bishop_attacks(sq(d.trailing_zeros()), Bitboard(occ)).0;
        d &= d - 1;
    }
    let mut o = (b.kinds[ROOK] | b.kinds[QUEEN]) & theirs;
    while o != 0 {
        att |= rook_attacks(sq(o.trailing_zeros()), Bitboard(occ)).0;
        o &= o - 1;
    }
    att
}

#[inline(always)]
fn gen<S: Side, V: Visit>(b: &Board, ctx: &Ctx, v: &mut V) {
    let us_color = if S::WHITE { Color::White } else { Color::Black };
    let ours = b.colors[S::US];
    let theirs = b.colors[1 - S::US];
    let occ = ours | theirs;
    let king_bb = b.kinds[KING] & ours;
    let ksq = king_bb.trailing_zeros();
    let kx = sq(ksq);
    let their_diag = (b.kinds[BISHOP] | b.kinds[QUEEN]) & theirs;
    let their_orth = (b.kinds[ROOK] | b.kinds[QUEEN]) & theirs;

    // Checkers and pins in one pass over their sliders on the king's lines (empty-board rays,
    // so no slider lookup): nothing between means check, one piece of ours between means a pin.
    let mut checkers = (pawn_attacks(us_color, kx).0 & b.kinds[PAWN] & theirs)
        | (knight_attacks(kx).0 & b.kinds[KNIGHT] & theirs);
    let mut pinned = 0;
    let mut snipers = (RAYS.0[ksq as usize] & their_orth) | (RAYS.1[ksq as usize] & their_diag);
    while snipers != 0 {
        let s = snipers.trailing_zeros();
        snipers &= snipers - 1;
        let bl = between(kx, sq(s)).0 & occ;
        if bl == 0 {
            checkers |= bit(s);
        } else if bl & (bl - 1) == 0 {
            pinned |= bl & ours;
        }
    }

    // King steps, tested with the king off the board (it must not shield its own destination):
    // with more than two candidate squares, one map of every square they attack (cheaper in
    // sparse endgames), else square by square (cheaper when their army is large).
    let cand = king_attacks(kx).0 & !ours;
    let occ_no_king = occ ^ king_bb;
    if popcnt(cand) > 2 {
        let kt = cand & !seen::<S>(b, occ_no_king);
        v.piece(b, KING, ksq, kt);
    } else {
        let mut kt = 0;
        let mut c = cand;
        while c != 0 {
            let to = c.trailing_zeros();
            c &= c - 1;
            if !attacked::<S>(b, to, occ_no_king) {
                kt |= bit(to);
            }
        }
        v.piece(b, KING, ksq, kt);
    }

    if checkers & checkers.wrapping_sub(1) != 0 {
        return;
    }
    let check_mask = if checkers != 0 {
        between(kx, sq(checkers.trailing_zeros())).0 | checkers
    } else {
        !0
    };

    let targets = !ours & check_mask;
    let mut knights = b.kinds[KNIGHT] & ours & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros();
        knights &= knights - 1;
        v.piece(b, KNIGHT, from, knight_attacks(sq(from)).0 & targets);
    }
    let mut bishops = b.kinds[BISHOP] & ours;
    while bishops != 0 {
        let from = bishops.trailing_zeros();
        bishops &= bishops - 1;
        let mut t = bishop_attacks(sq(from), Bitboard(occ)).0 & targets;
        if pinned & bit(from) != 0 {
            t &= line(kx, sq(from)).0;
        }
        v.piece(b, BISHOP, from, t);
    }
    let mut rooks = b.kinds[ROOK] & ours;
    while rooks != 0 {
        let from = rooks.trailing_zeros();
        rooks &= rooks - 1;
        let mut t = rook_attacks(sq(from), Bitboard(occ)).0 & targets;
        if pinned & bit(from) != 0 {
            t &= line(kx, sq(from)).0;
        }
        v.piece(b, ROOK, from, t);
    }
    let mut queens = b.kinds[QUEEN] & ours;
    while queens != 0 {
        let from = queens.trailing_zeros();
        queens &= queens - 1;
        let s = sq(from);
        let mut t =
            (bishop_attacks(s, Bitboard(occ)).0 | rook_attacks(s, Bitboard(occ)).0) & targets;
        if pinned & bit(from) != 0 {
            t &= line(kx, s).0;
        }
        v.piece(b, QUEEN, from, t);
    }

    let pawns = b.kinds[PAWN] & ours;
    pawn_moves::<S, V>(b, v, pawns & !pinned, check_mask, occ, theirs);
    let mut pinned_pawns = pawns & pinned;
    while pinned_pawns != 0 {
        let from = pinned_pawns.trailing_zeros();
        pinned_pawns &= pinned_pawns - 1;
        let allowed = check_mask & line(kx, sq(from)).0;
        pawn_moves::<S, V>(b, v, bit(from), allowed, occ, theirs);
    }

    if b.ep != NO_EP {
        let ep = b.ep as u32;
        let them_color = if S::WHITE { Color::Black } else { Color::White };
        let mut cands = pawn_attacks(them_color, sq(ep)).0 & pawns;
        let captured = if S::WHITE { ep - 8 } else { ep + 8 };
        while cands != 0 {
            let from = cands.trailing_zeros();
            cands &= cands - 1;
            // Exact test: the capture empties two squares of one rank, which no pin line covers.
            let occ2 = occ & !bit(from) & !bit(captured) | bit(ep);
            let other_checkers = checkers & !bit(captured);
            let leaper_check = other_checkers & (b.kinds[KNIGHT] | b.kinds[PAWN]);
            let slider_check = (rook_attacks(kx, Bitboard(occ2)).0 & their_orth)
                | (bishop_attacks(kx, Bitboard(occ2)).0 & their_diag);
            if leaper_check | slider_check == 0 {
                v.ep(b, from, ep);
            }
        }
    }

    if checkers == 0 {
        let rights = b.castling & (3 << (2 * S::US));
        if rights != 0 {
            for right in [2 * S::US, 2 * S::US + 1] {
                if rights & (1 << right) == 0 {
                    continue;
                }
                let (kf, rf) = (ctx.king_from[right] as u32, ctx.rook_from[right] as u32);
                let occ2 = occ & !bit(kf) & !bit(rf);
                if ctx.empty[right] & occ2 != 0 {
                    continue;
                }
                let mut path = ctx.path[right];
                let mut safe = true;
                while path != 0 {
                    let s = path.trailing_zeros();
                    path &= path - 1;
                    if attacked::<S>(b, s, occ2) {
                        safe = false;
                        break;
                    }
                }
                if safe {
                    v.castle(b, right);
                }
            }
        }
    }
}

/// Pushes, captures and promotions of `pawns` onto squares of `allowed`.
#[inline(always)]
fn pawn_moves<S: Side, V: Visit>(
    b: &Board,
    v: &mut V,
    pawns: u64,
    allowed: u64,
    occ: u64,
    theirs: u64,
) {
    if pawns == 0 {
        return;
    }
    let (up, last_rank, third_rank) = if S::WHITE {
        (8, Bitboard::RANK_8.0, Bitboard::rank(2).0)
    } else {
        (-8, Bitboard::RANK_1.0, Bitboard::rank(5).0)
    };
    let empty = !occ;
    let fwd = forward::<S>(pawns);
    let push1 = fwd & empty;
    let push2 = forward::<S>(push1 & third_rank) & empty & allowed;
    let west = Bitboard(fwd).west().0 & theirs & allowed;
    let east = Bitboard(fwd).east().0 & theirs & allowed;
    let push1 = push1 & allowed;
    v.promo(b, push1 & last_rank, up);
    v.promo(b, west & last_rank, up - 1);
    v.promo(b, east & last_rank, up + 1);
    v.pawn(b, west & !last_rank, up - 1);
    v.pawn(b, east & !last_rank, up + 1);
    v.pawn(b, push1 & !last_rank, up);
    v.pawn2(b, push2, 2 * up);
}

fn node<S: Side>(b: &Board, ctx: &Ctx, depth: u32) -> u64 {
    if depth <= 1 {
        let mut c = Count(0);
        gen::<S, _>(b, ctx, &mut c);
        return c.0;
    }
    let mut total = 0;
    let mut play = Play::<S, _>::new(ctx, |_, c: &Board| {
        total += node::<S::Other>(c, ctx, depth - 1);
    });
    gen::<S, _>(b, ctx, &mut play);
    total
}

/// Leaf count of `pos` to `depth` (at least 1).
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let b = Board::new(pos);
    let ctx = Ctx::new(pos);
    match pos.side_to_move() {
        Color::White => node::<White>(&b, &ctx, depth),
        Color::Black => node::<Black>(&b, &ctx, depth),
    }
}

#[cfg(test)]
mod differential;
