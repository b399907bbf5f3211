//! What the evaluation learns about the board on its way and the later terms read: occupancy,
//! king zones, mobility areas and attack maps. `evaluate.rs` fills it while it scores the pieces;
//! king safety, threats and passed pawns only read it, so it stands in a file of its own that
//! they all import, rather than inside the evaluation that imports them.

use outpost_board::{Bitboard, Square};

/// Attack information gathered while evaluating, per side.
pub(crate) struct AttackMaps {
    pub occ: Bitboard,
    pub king: [Square; 2],
    pub zone: [Bitboard; 2],
    /// Squares where a side's piece counts as mobile: not attacked by enemy pawns and not taken
    /// by its own king or by its own pawns that are blocked or still on their first two ranks.
    pub mobility_area: [Bitboard; 2],
    pub attacked: [Bitboard; 2],
    /// Squares attacked at least twice.
    pub attacked2: [Bitboard; 2],
    pub by_kind: [[Bitboard; 6]; 2],
    /// Pieces of a side attacking the enemy king zone, their summed weights, and their attacks
    /// on the squares next to the enemy king.
    pub attackers: [i32; 2],
    pub attack_weight: [i32; 2],
    pub zone_attacks: [i32; 2],
}
