//! Score constants and the mate/tablebase score bands shared by the search, the transposition
//! table and the reports.
//!
//! Inside the search a score is side-to-move centipawns in an `i32`. Mates are `MATE - ply`
//! (mate given at `ply` plies from the root), so shorter mates score higher. Tablebase wins sit in
//! a band just below the shortest representable mate, so a real mate is always preferred to a
//! "tablebase win" and neither is confused with an ordinary evaluation.

/// Deepest ply the search can reach; stacks and PV tables are this long.
pub const MAX_PLY: usize = 128;
/// Deepest iteration started by iterative deepening.
pub const MAX_DEPTH: i32 = 120;

/// Score of a mate delivered at the root (never actually returned).
pub const MATE: i32 = 32_000;
/// Scores above this are mates found within `MAX_PLY` plies.
pub const MATE_IN_MAX: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root; `TB_WIN - ply` below it.
pub const TB_WIN: i32 = MATE_IN_MAX - 1;
/// Scores above this (and below `MATE_IN_MAX`) are tablebase wins.
pub const TB_WIN_IN_MAX: i32 = TB_WIN - MAX_PLY as i32;
/// Wider than any score: the initial window.
pub const INFINITE: i32 = MATE + 1;
/// "No score": marks a missing static evaluation in the table.
pub const NO_SCORE: i32 = MATE + 2;
/// The draw score.
pub const DRAW: i32 = 0;

/// Score of being mated at `ply`.
#[inline(always)]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Score of mating at `ply`.
#[inline(always)]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Whether a score is a forced mate for either side.
#[inline(always)]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_IN_MAX && score.abs() <= MATE
}

/// Whether a score is decisive (mate or tablebase result), so it must not be mixed with
/// evaluation margins.
#[inline(always)]
pub const fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_WIN_IN_MAX && score.abs() <= MATE
}

/// Mate distance in full moves as UCI prints it: positive when the side to move mates.
#[inline]
pub const fn mate_moves(score: i32) -> i32 {
    if score > 0 {
        (MATE - score + 1) / 2
    } else {
        -(MATE + score) / 2
    }
}
