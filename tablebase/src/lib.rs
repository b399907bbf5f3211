//! outpost-tablebase: Syzygy endgame tables for Outpost, through the `shakmaty-syzygy` prober.
//!
//! `Tablebases::open(syzygy_path)` opens the `.rtbw` (win/draw/loss) and `.rtbz` (distance to
//! zeroing) files of one or more directories and reports every problem as a warning; the probes
//! (`probe_wdl`, `probe_dtz`) take our `Position` and convert it from its bitboards without
//! allocating; `rank_root_moves` / `best_root_moves` rank the legal moves at the root so the
//! engine plays only moves that preserve the best result and converts wins (with MultiPV it shows
//! the other moves too, in rank order). A missing, partial or corrupt file never panics and never
//! yields a value that is not in the file: the probe reports "not in the tables" or an error
//! instead.
//!
//! The search knows nothing of this crate; the engine adapts `Tablebases` to the search's oracle
//! trait (`max_pieces`, `probe_wdl`, `rank_root_moves` map one to one; per root move the search
//! gets the rank, the result and the distance in plies).

mod convert;
mod file_error;
mod header;
mod material;
mod metric;
mod paths;
mod root;
mod storage;
mod tablebases;
mod types;

pub use outpost_types::Wdl;
pub use paths::{is_empty_value, split_paths};
pub use root::keep_best;
pub use storage::DEFAULT_MEMORY_BUDGET;
pub use tablebases::Tablebases;
pub use types::{Dtz, ProbeError, RootRank};

#[cfg(test)]
mod tests {
    #[test]
    fn tablebases_can_be_shared_by_search_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<super::Tablebases>();
    }
}
