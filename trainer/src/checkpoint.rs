//! Checkpoints: the float weights, AdamW's moments and where training stands, so that `--resume`
//! continues exactly where an interrupted run stopped (same order of batches, same schedule).
//!
//! Layout, little-endian: magic `OPCKPT02` | hidden u32 | buckets u32 | epoch u32 (epochs done) |
//! step u64 (optimizer steps done) | history length u32 | feature set id u32 | history (train f32,
//! validation f32) per epoch | params f32[n] | m f32[n] | v f32[n]. `OPCKPT01` checkpoints, which
//! predate the feature-set word, are read as the standard 768 inputs.

use crate::net::{Layout, Net};
use crate::optim::AdamW;
use crate::quant::write_atomic;
use crate::TrainError;
use outpost_network::{FeatureSet, BUCKETS};
use std::path::{Path, PathBuf};

const MAGIC: [u8; 8] = *b"OPCKPT02";
/// The layout before the feature-set word.
const MAGIC_1: [u8; 8] = *b"OPCKPT01";

#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub net: Net,
    pub opt: AdamW,
    /// Epochs completed.
    pub epoch: u32,
    /// (train loss, validation loss) of each completed epoch.
    pub history: Vec<(f32, f32)>,
}

impl Checkpoint {
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.net.params.len();
        let mut out = Vec::with_capacity(44 + 8 * self.history.len() + 12 * n);
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&(self.net.hidden as u32).to_le_bytes());
        out.extend_from_slice(&(BUCKETS as u32).to_le_bytes());
        out.extend_from_slice(&self.epoch.to_le_bytes());
        out.extend_from_slice(&self.opt.step.to_le_bytes());
        out.extend_from_slice(&(self.history.len() as u32).to_le_bytes());
        out.extend_from_slice(&self.net.features.id().to_le_bytes());
        for &(t, v) in &self.history {
            out.extend_from_slice(&t.to_le_bytes());
            out.extend_from_slice(&v.to_le_bytes());
        }
        for x in self.net.params.iter().chain(&self.opt.m).chain(&self.opt.v) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(b: &[u8], path: &Path) -> Result<Checkpoint, TrainError> {
        let bad = |what| TrainError::BadFile(path.to_path_buf(), what);
        let version_1 = b.get(0..8) == Some(&MAGIC_1[..]);
        if b.len() < 36 || (b[0..8] != MAGIC && !version_1) {
            return Err(bad("not a trainer checkpoint (magic)"));
        }
        let u32_at = |i: usize| u32::from_le_bytes(b[i..i + 4].try_into().expect("4"));
        let hidden = u32_at(8) as usize;
        if u32_at(12) as usize != BUCKETS {
            return Err(bad("bucket count differs"));
        }
        let epoch = u32_at(16);
        let step = u64::from_le_bytes(b[20..28].try_into().expect("8"));
        let epochs = u32_at(28) as usize;
        let (features, hist_start) = if version_1 {
            (FeatureSet::Standard768, 32)
        } else {
            let id = u32_at(32);
            let set = FeatureSet::from_id(id).ok_or(bad("unknown feature set"))?;
            (set, 36)
        };
        let n = Layout::new(features, hidden).len();
        let hist_end = hist_start + 8 * epochs;
        if b.len() != hist_end + 12 * n {
            return Err(bad("size does not match the header"));
        }
        let f32_at = |i: usize| f32::from_le_bytes(b[i..i + 4].try_into().expect("4"));
        let history = (0..epochs)
            .map(|e| (f32_at(hist_start + 8 * e), f32_at(hist_start + 4 + 8 * e)))
            .collect();
        let floats =
            |k: usize| -> Vec<f32> { (0..n).map(|i| f32_at(hist_end + 4 * (k * n + i))).collect() };
        Ok(Checkpoint {
            net: Net {
                features,
                hidden,
                params: floats(0),
            },
            opt: AdamW {
                m: floats(1),
                v: floats(2),
                step,
            },
            epoch,
            history,
        })
    }

    pub fn write(&self, path: &Path) -> Result<(), TrainError> {
        write_atomic(path, &self.to_bytes())
    }

    pub fn read(path: &Path) -> Result<Checkpoint, TrainError> {
        let b = std::fs::read(path).map_err(|e| TrainError::Io(path.to_path_buf(), e))?;
        Checkpoint::from_bytes(&b, path)
    }
}

/// The checkpoint file of epoch `epoch` in `dir`.
pub fn path(dir: &Path, epoch: u32) -> PathBuf {
    dir.join(format!("checkpoint-epoch{epoch}.bin"))
}

/// The checkpoint with the highest epoch in `dir`, if any.
pub fn newest(dir: &Path) -> Result<Option<PathBuf>, TrainError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(TrainError::Io(dir.to_path_buf(), e)),
    };
    let mut best: Option<(u32, PathBuf)> = None;
    for entry in entries {
        let entry = entry.map_err(|e| TrainError::Io(dir.to_path_buf(), e))?;
        let name = entry.file_name();
        let Some(epoch) = name
            .to_str()
            .and_then(|n| n.strip_prefix("checkpoint-epoch"))
            .and_then(|n| n.strip_suffix(".bin"))
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if best.as_ref().is_none_or(|(e, _)| epoch > *e) {
            best = Some((epoch, entry.path()));
        }
    }
    Ok(best.map(|(_, p)| p))
}
