//! # outpost-types
//!
//! The words several crates share, defined once: a reported [`Score`], the
//! [`Bound`] of a score, the [`SearchLimits`] of a `go`, and what a search reports while it runs
//! ([`SearchInfo`], [`CurrMove`]); and the [`GameResult`] of a finished game, which the CECP
//! `result` command, the PGN reader, the rules of the game's end and the self-play data all name;
//! and the [`Wdl`] of a tablebase probe, which the Syzygy prober returns and the search reads.
//! The crate depends on nothing, so `outpost-protocol` (which must not depend on the search or the
//! board), `outpost-search`, `outpost-board`, `outpost-book`, `outpost-tablebase`,
//! `outpost-tools` and `outpost-trainer` can all use it.
//!
//! The limits and reports are generic over the move representation `M`: the protocol reads and
//! prints moves as text (`SearchLimits<String>`, `SearchInfo<String>`), the search works with
//! `outpost_board::Move` (`outpost_search::SearchLimits` is `SearchLimits<Move>`). The engine
//! crosses from one to the other with [`SearchLimits::filter_map_moves`] (text moves checked
//! against the position) and [`SearchInfo::map_moves`] (moves written in the GUI's notation).

mod game_result;
mod limits;
mod report;
mod score;
mod wdl;

pub use game_result::{GameResult, NO_RESULT};
pub use limits::SearchLimits;
pub use report::{CurrMove, SearchInfo};
pub use score::{Bound, Score};
pub use wdl::Wdl;
