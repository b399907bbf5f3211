//! Offline tools of Outpost, kept out of the engine's crates: self-play data generation
//! ([`datagen`]) and the training-data file format ([`data`]) the network trainer reads, with its
//! summary ([`stats`]). The engine binary exposes them as `outpost datagen` and
//! `outpost data-stats`.

pub mod cli;
pub mod data;
pub mod datagen;
pub mod stats;
pub mod tune;
