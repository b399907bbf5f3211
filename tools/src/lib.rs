//! Offline tools of Outpost, kept out of the engine's crates: self-play data generation
//! ([`datagen`]) in the training-data format that the network trainer reads (the
//! `outpost-datafile` crate), the files' summary ([`stats`]) and the conversion of old files to
//! its packed layout ([`convert`]), and the fitting of the hand-crafted evaluation weights and of
//! the win/draw/loss model to such data ([`tune`], [`tune::wdl`]). The engine binary exposes
//! them as `outpost datagen`, `outpost data-stats`, `outpost data-convert`, `outpost tune` and
//! `outpost wdl`; each returns a [`ToolError`] when it fails.

pub mod convert;
pub mod datagen;
pub mod error;
pub mod stats;
pub mod tune;

pub use error::{ConvertError, FileAction, ToolError};
