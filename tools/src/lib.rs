//! Offline tools of Outpost, kept out of the engine's crates: self-play data generation
//! ([`datagen`]) and the training-data file format ([`data`]) the network trainer reads, with its
//! summary ([`stats`]) and the conversion of old files to its packed layout ([`convert`]), and
//! the fitting of the hand-crafted evaluation weights and of the win/draw/loss model to such
//! data ([`tune`], [`tune::wdl`]). The engine binary exposes them as `outpost datagen`,
//! `outpost data-stats`, `outpost data-convert`, `outpost tune` and `outpost wdl`; each returns
//! a [`ToolError`] when it fails.

pub mod cli;
pub mod convert;
pub mod data;
pub mod datagen;
pub mod error;
pub mod stats;
pub mod tune;

pub use error::{ConvertError, FileAction, ToolError};
