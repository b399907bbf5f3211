//! Offline tools of Outpost, kept out of the engine's crates: self-play data generation
//! ([`datagen`]) in the training-data format that the network trainer reads (the
//! `outpost-datafile` crate), the files' summary ([`stats`]) and the conversion of old files to
//! its packed layout ([`convert`]), and the fitting of the win/draw/loss model to such data
//! ([`wdl`], reading binary files or text [`positions`]). The engine binary exposes them as
//! `outpost datagen`, `outpost data-stats`, `outpost data-convert` and `outpost wdl`; each returns
//! a [`ToolError`] when it fails.

pub mod convert;
pub mod datagen;
pub mod error;
pub mod positions;
pub mod stats;
pub mod wdl;

pub use error::{ConvertError, FileAction, ToolError};
