//! A CPU trainer for Outpost's neural evaluation: `(768 -> H) x 2 -> 1` with SCReLU and 8 output
//! buckets, trained on datagen's files and written as the net file of docs/nnue.md. The network
//! (inputs, buckets, shape, quantisation, the file) is `outpost-network`'s definition, the
//! engine's too; the float and integer forward passes here are the trainer's own.
//! The files are read through the `outpost-datafile` crate (the format alone), so the trainer
//! does not depend on the search or the evaluation; only its tests use the evaluation and the
//! tools crate, to check that the engine reads its nets as it does and that converted files
//! train the same.
//!
//! - [`data`]: records to compact samples and their features, the training filters and the
//!   validation split;
//! - [`net`]: the float network, its forward pass and the per-sample gradient;
//! - [`train`]: mini-batches over threads (one fan-out for the gradient and the validation
//!   loss), the learning-rate schedule, the run in named steps (resume, one epoch, validation,
//!   report);
//! - [`optim`]: AdamW and the weight clip;
//! - [`quant`]: quantising into the net file and the engine's integer forward pass, as a
//!   reference;
//! - [`checkpoint`]: float weights with optimizer state, for `--resume`;
//! - [`plot`]: the loss curve as a PNG.

pub mod checkpoint;
pub mod data;
pub mod net;
pub mod optim;
pub mod plot;
pub mod quant;
pub mod train;

#[cfg(test)]
mod synthetic;
#[cfg(test)]
mod tests;

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Everything that can stop the trainer.
#[derive(Debug)]
pub enum TrainError {
    /// The command line asks for something the files do not allow (a checkpoint of another size).
    Usage(String),
    Data(outpost_datafile::DataError),
    Io(PathBuf, io::Error),
    /// A checkpoint that is not what it should be.
    BadFile(PathBuf, &'static str),
    /// A net file that is not a network of the trainer's inputs and buckets.
    Net(PathBuf, outpost_network::NetError),
    /// Nothing left to train on after filtering.
    NoData,
    Plot(String),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::Usage(what) => write!(f, "{what}"),
            TrainError::Data(e) => write!(f, "{e}"),
            TrainError::Io(path, e) => write!(f, "{}: {e}", path.display()),
            TrainError::BadFile(path, what) => write!(f, "{}: {what}", path.display()),
            TrainError::Net(path, e) => write!(f, "{}: {e}", path.display()),
            TrainError::NoData => write!(f, "no training positions left after filtering"),
            TrainError::Plot(what) => write!(f, "loss plot: {what}"),
        }
    }
}

impl std::error::Error for TrainError {}

impl From<outpost_datafile::DataError> for TrainError {
    fn from(e: outpost_datafile::DataError) -> Self {
        TrainError::Data(e)
    }
}
