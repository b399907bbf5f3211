//! The training loop: shuffled mini-batches whose gradient is computed over threads, AdamW with
//! decoupled weight decay on the weights, warmup then cosine decay of the learning rate, and per
//! epoch a validation loss, a checkpoint, a net file and the loss plot.

use crate::checkpoint::{self, Checkpoint};
use crate::data::{permutation, Dataset, Sample};
use crate::net::{backward, forward, split, split_mut, Net, Scratch};
use crate::optim::AdamW;
use crate::quant::{self, agreement, Agreement, QuantNet};
use crate::{plot, TrainError};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Config {
    /// The inputs: the shipped network's unless told otherwise.
    pub features: outpost_network::FeatureSet,
    pub hidden: usize,
    /// Total epochs (a resumed run continues up to this).
    pub epochs: u32,
    pub batch: usize,
    /// Peak learning rate, reached after `warmup` steps.
    pub lr: f32,
    /// Learning rate at the last step, reached by cosine decay.
    pub lr_end: f32,
    pub warmup: u64,
    /// AdamW's decoupled weight decay on W1 and W2 (not the biases).
    pub weight_decay: f32,
    /// Weight of the search score against the game result in the target.
    pub lambda: f32,
    pub threads: usize,
    pub seed: u64,
    pub out_dir: PathBuf,
    pub resume: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            features: crate::data::FEATURES,
            hidden: outpost_network::HIDDEN,
            epochs: 10,
            batch: 16384,
            lr: 0.001,
            lr_end: 0.00001,
            warmup: 0,
            weight_decay: 0.01,
            lambda: 0.75,
            threads: 2,
            seed: 1,
            out_dir: PathBuf::from("trainer-out"),
            resume: false,
        }
    }
}

impl Config {
    /// The learning rate at optimizer step `step` of `total`.
    pub fn lr_at(&self, step: u64, total: u64) -> f32 {
        if step < self.warmup {
            return self.lr * (step + 1) as f32 / self.warmup as f32;
        }
        let span = total.saturating_sub(self.warmup).max(1);
        let t = ((step - self.warmup) as f64 / span as f64).min(1.0);
        let cos = 0.5 * (1.0 + (std::f64::consts::PI * t).cos());
        (self.lr_end as f64 + (self.lr - self.lr_end) as f64 * cos) as f32
    }
}

/// Splits `n` items into `threads` contiguous chunks (the last ones may be shorter or empty).
fn chunk_len(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.max(1)).max(1)
}

/// The trainer's one fan-out: cuts `items` into one contiguous chunk per element of `each` (the
/// last ones shorter, and none at all for threads beyond the items), runs `work` on every chunk
/// with its element (a thread's own buffer, say) on a scoped thread of its own, and returns the
/// results in chunk order, so that whatever is summed from them is summed in the same order at
/// every run. `what` names the threads in the message of a panic.
fn over_threads<T, S, R>(
    items: &[T],
    each: Vec<S>,
    what: &str,
    work: impl Fn(&[T], S) -> R + Sync,
) -> Vec<R>
where
    T: Sync,
    S: Send,
    R: Send,
{
    let per = chunk_len(items.len(), each.len());
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = each
            .into_iter()
            .zip(items.chunks(per))
            .map(|(state, chunk)| scope.spawn(move || work(chunk, state)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| panic!("a {what} thread panicked"))
            })
            .collect()
    })
}

/// Computes the mean-loss gradient of one batch into `grads[0]` (one buffer per thread, summed
/// in a fixed order so a run is reproducible) and returns the summed squared error.
pub fn batch_gradient(
    net: &Net,
    samples: &[Sample],
    batch: &[u32],
    lambda: f32,
    grads: &mut [Vec<f32>],
) -> f64 {
    let l = net.layout();
    let (features, hidden) = (net.features, net.hidden);
    let scale = 1.0 / batch.len() as f32;
    let buffers: Vec<&mut Vec<f32>> = grads.iter_mut().collect();
    let losses = over_threads(batch, buffers, "gradient", |idx, grad| {
        grad.fill(0.0);
        // The batch's samples are scattered over the whole data set: copied together first,
        // their cache misses overlap (independent loads), where the gradient loop would wait for
        // each in turn (15% of its time in a profile).
        let chunk: Vec<Sample> = idx.iter().map(|&i| samples[i as usize]).collect();
        let p = split(&net.params, &l);
        let mut g = split_mut(grad, &l);
        let mut sc = Scratch::new(features, hidden);
        kernel::gradient(&p, &mut g, hidden, &chunk, lambda, scale, &mut sc)
    });
    // One result per buffer that got a chunk: only those hold this batch's gradient.
    let used = losses.len();
    let (first, rest) = grads.split_at_mut(1);
    for other in &rest[..used.saturating_sub(1)] {
        for (a, b) in first[0].iter_mut().zip(other) {
            *a += b;
        }
    }
    losses.iter().sum()
}

/// The per-thread loops, compiled twice on x86-64: once for the baseline target and once with
/// AVX2 and FMA, picked at run time.
mod kernel {
    use super::*;
    use crate::net::Parts;

    #[inline(always)]
    fn gradient_generic(
        p: &Parts<&[f32]>,
        g: &mut Parts<&mut [f32]>,
        hidden: usize,
        samples: &[Sample],
        lambda: f32,
        scale: f32,
        sc: &mut Scratch,
    ) -> f64 {
        let mut loss = 0.0f64;
        for s in samples {
            loss += backward(p, g, hidden, s, lambda, scale, sc) as f64;
        }
        loss
    }

    #[inline(always)]
    fn loss_generic(
        p: &Parts<&[f32]>,
        hidden: usize,
        samples: &[Sample],
        lambda: f32,
        sc: &mut Scratch,
    ) -> f64 {
        let mut loss = 0.0f64;
        for s in samples {
            let e = crate::data::sigmoid(forward(p, hidden, s, sc)) - s.target(lambda);
            loss += (e * e) as f64;
        }
        loss
    }

    /// The same loops compiled with AVX2 and FMA: 8 floats a lane instead of SSE2's 4.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn gradient_avx2(
        p: &Parts<&[f32]>,
        g: &mut Parts<&mut [f32]>,
        hidden: usize,
        samples: &[Sample],
        lambda: f32,
        scale: f32,
        sc: &mut Scratch,
    ) -> f64 {
        gradient_generic(p, g, hidden, samples, lambda, scale, sc)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn loss_avx2(
        p: &Parts<&[f32]>,
        hidden: usize,
        samples: &[Sample],
        lambda: f32,
        sc: &mut Scratch,
    ) -> f64 {
        loss_generic(p, hidden, samples, lambda, sc)
    }

    /// Whether this CPU runs the AVX2 versions (detected once; `OUTPOST_TRAINER_NO_AVX2` set in
    /// the environment forces the baseline, to compare the two).
    pub fn avx2() -> bool {
        static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *AVX2.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            {
                std::env::var_os("OUTPOST_TRAINER_NO_AVX2").is_none()
                    && std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("fma")
            }
            #[cfg(not(target_arch = "x86_64"))]
            false
        })
    }

    pub fn gradient(
        p: &Parts<&[f32]>,
        g: &mut Parts<&mut [f32]>,
        hidden: usize,
        samples: &[Sample],
        lambda: f32,
        scale: f32,
        sc: &mut Scratch,
    ) -> f64 {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: `avx2()` checked at run time that this CPU has AVX2 and FMA, the only
            // requirement of a `target_feature` function; the body is safe code.
            return unsafe { gradient_avx2(p, g, hidden, samples, lambda, scale, sc) };
        }
        gradient_generic(p, g, hidden, samples, lambda, scale, sc)
    }

    pub fn loss(
        p: &Parts<&[f32]>,
        hidden: usize,
        samples: &[Sample],
        lambda: f32,
        sc: &mut Scratch,
    ) -> f64 {
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: as in `gradient`: the CPU was checked to have AVX2 and FMA.
            return unsafe { loss_avx2(p, hidden, samples, lambda, sc) };
        }
        loss_generic(p, hidden, samples, lambda, sc)
    }
}

/// Mean loss over `samples`, over threads.
pub fn mean_loss(net: &Net, samples: &[Sample], lambda: f32, threads: usize) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    let l = net.layout();
    // No state of a thread's own: each makes its scratch space.
    let total: f64 = over_threads(samples, vec![(); threads.max(1)], "loss", |chunk, ()| {
        let p = split(&net.params, &l);
        let mut sc = Scratch::new(net.features, net.hidden);
        kernel::loss(&p, net.hidden, chunk, lambda, &mut sc)
    })
    .into_iter()
    .sum();
    total / samples.len() as f64
}

/// CPU seconds this process has used, all threads together (Linux: /proc/self/stat, in the
/// kernel's usual 100 ticks a second). On a shared machine positions per CPU-second say more
/// about the trainer than positions per wall-clock second.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// One epoch's figures.
#[derive(Clone, Debug)]
pub struct EpochReport {
    pub epoch: u32,
    pub train_loss: f64,
    pub val_loss: f64,
    pub positions_per_sec: f64,
}

/// Positions on which each epoch's net is checked against its quantised version.
const AGREEMENT_POSITIONS: usize = 20_000;
/// The documented tolerance of that check, in centipawns.
pub const AGREEMENT_CP: i32 = 8;

/// Trains (or continues a run from the newest checkpoint in `out_dir` when `cfg.resume`),
/// printing a line per epoch to `log`. Returns the final net and every epoch's report.
///
/// An epoch is four steps: one pass over the training set (`Run::epoch`), the checks on
/// positions it did not train on (`Run::validate`), the epoch's files (checkpoint and net),
/// and its report (`Run::report`: the log lines and the loss plot).
pub fn train(
    cfg: &Config,
    data: &Dataset,
    log: &mut dyn Write,
) -> Result<(Net, Vec<EpochReport>), TrainError> {
    if data.train.is_empty() {
        return Err(TrainError::NoData);
    }
    let dir = &cfg.out_dir;
    std::fs::create_dir_all(dir).map_err(|e| TrainError::Io(dir.clone(), e))?;
    let mut state = starting_point(cfg, log)?;
    let run = Run::new(cfg, data);
    let mut grads = vec![vec![0.0f32; state.net.layout().len()]; run.threads];
    let mut reports = Vec::new();
    while state.epoch < cfg.epochs {
        let epoch = state.epoch + 1;
        let pass = run.epoch(&mut state, &mut grads, epoch);
        let q = quant::quantise(&state.net);
        let checks = run.validate(&state.net, &q);
        let n = data.train.len() as f64;
        let report = EpochReport {
            epoch,
            train_loss: pass.loss / n,
            val_loss: checks.loss,
            positions_per_sec: n / pass.secs.max(1e-9),
        };
        state.epoch = epoch;
        state
            .history
            .push((report.train_loss as f32, report.val_loss as f32));
        state.write(&checkpoint::path(dir, epoch))?;
        quant::write(&q, &dir.join(format!("net-epoch{epoch}.nnue")))?;
        run.report(log, &state, &report, &pass, &checks.agreement)?;
        reports.push(report);
    }
    let last = dir.join("net.nnue");
    quant::write(&quant::quantise(&state.net), &last)?;
    writeln!(log, "wrote {}", last.display()).map_err(log_error)?;
    Ok((state.net, reports))
}

/// A line that could not be written to the log.
fn log_error(e: std::io::Error) -> TrainError {
    TrainError::Io(PathBuf::from("log"), e)
}

/// Where a run starts: with `--resume`, the newest checkpoint in `out_dir` (which must be of the
/// inputs and hidden size asked for); without, or when there is none, a new net from `cfg.seed` and a fresh
/// optimizer at epoch 0.
fn starting_point(cfg: &Config, log: &mut dyn Write) -> Result<Checkpoint, TrainError> {
    let dir = &cfg.out_dir;
    let newest = cfg
        .resume
        .then(|| checkpoint::newest(dir))
        .transpose()?
        .flatten();
    let Some(path) = newest else {
        if cfg.resume {
            writeln!(log, "no checkpoint in {}: starting afresh", dir.display())
                .map_err(log_error)?;
        }
        let net = Net::with_features(cfg.features, cfg.hidden, cfg.seed);
        let opt = AdamW::new(net.params.len());
        return Ok(Checkpoint {
            net,
            opt,
            epoch: 0,
            history: Vec::new(),
        });
    };
    let ck = Checkpoint::read(&path)?;
    if ck.net.features != cfg.features {
        return Err(TrainError::Usage(format!(
            "{} has the inputs {}, not --features {}",
            path.display(),
            ck.net.features,
            cfg.features.name()
        )));
    }
    if ck.net.hidden != cfg.hidden {
        return Err(TrainError::Usage(format!(
            "{} has hidden size {}, not --hidden {}",
            path.display(),
            ck.net.hidden,
            cfg.hidden
        )));
    }
    writeln!(
        log,
        "resuming from {} (epoch {} done)",
        path.display(),
        ck.epoch
    )
    .map_err(log_error)?;
    Ok(ck)
}

/// What every epoch of one run reads: the options, the data, and the figures derived from them
/// once.
struct Run<'a> {
    cfg: &'a Config,
    data: &'a Dataset,
    /// Positions per optimizer step.
    batch: usize,
    /// Optimizer steps in the whole run, the length of the learning-rate schedule.
    total_steps: u64,
    threads: usize,
    /// The validation positions on which each epoch's quantised net is checked against the float
    /// one.
    check_set: &'a [Sample],
}

/// What one pass over the training set measured.
struct Pass {
    /// The summed squared error of its batches, each taken before the batch's step.
    loss: f64,
    /// Its wall-clock seconds, and the CPU seconds of all threads (where the system says).
    secs: f64,
    cpu_secs: Option<f64>,
}

/// The epoch's checks on positions it did not train on.
struct Checks {
    /// The float net's mean loss on the validation set (NaN without one).
    loss: f64,
    /// How closely the quantised net follows the float one on the check set.
    agreement: Agreement,
}

impl<'a> Run<'a> {
    fn new(cfg: &'a Config, data: &'a Dataset) -> Run<'a> {
        let batch = cfg.batch.max(1);
        let steps_per_epoch = data.train.len().div_ceil(batch) as u64;
        Run {
            cfg,
            data,
            batch,
            total_steps: steps_per_epoch * cfg.epochs as u64,
            threads: cfg.threads.max(1),
            check_set: &data.validation[..data.validation.len().min(AGREEMENT_POSITIONS)],
        }
    }

    /// Epoch `epoch`: the training set in the epoch's order, one optimizer step a batch, the
    /// gradients computed in `grads` (one buffer per thread).
    fn epoch(&self, state: &mut Checkpoint, grads: &mut [Vec<f32>], epoch: u32) -> Pass {
        let cfg = self.cfg;
        let l = state.net.layout();
        // The order depends only on the seed and the epoch, so a resumed run sees the batches
        // an uninterrupted one would have.
        let order = permutation(
            self.data.train.len(),
            cfg.seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let mut loss = 0.0;
        for idx in order.chunks(self.batch) {
            let lr = cfg.lr_at(state.opt.step, self.total_steps);
            loss += batch_gradient(&state.net, &self.data.train, idx, cfg.lambda, grads);
            state
                .opt
                .update(&mut state.net.params, &grads[0], &l, lr, cfg.weight_decay);
        }
        let secs = start.elapsed().as_secs_f64();
        Pass {
            loss,
            secs,
            cpu_secs: cpu_start.zip(cpu_seconds()).map(|(a, b)| b - a),
        }
    }

    /// The epoch's net on the validation set, and its quantised version `q` against it.
    fn validate(&self, net: &Net, q: &QuantNet) -> Checks {
        Checks {
            loss: mean_loss(net, &self.data.validation, self.cfg.lambda, self.threads),
            agreement: agreement(net, q, self.check_set, AGREEMENT_CP),
        }
    }

    /// The epoch's lines in the log (losses, speed, learning rate, the quantisation check) and
    /// the loss plot of the whole run so far, `loss.png` in `out_dir`.
    fn report(
        &self,
        log: &mut dyn Write,
        state: &Checkpoint,
        report: &EpochReport,
        pass: &Pass,
        agree: &Agreement,
    ) -> Result<(), TrainError> {
        let (cfg, n, threads) = (self.cfg, self.data.train.len(), self.threads);
        let secs = pass.secs;
        let cpu = pass
            .cpu_secs
            .map(|c| format!(", {:.0} per CPU-second", n as f64 / c.max(0.01)))
            .unwrap_or_default();
        let val = if self.data.validation.is_empty() {
            "no validation set".to_string()
        } else {
            format!("validation loss {:.6}", report.val_loss)
        };
        writeln!(
            log,
            "epoch {}/{}: train loss {:.6}, {val}, {:.0} positions/s{cpu} ({n} in {secs:.1} s, \
             {threads} threads{}), lr {:.2e}",
            report.epoch,
            cfg.epochs,
            report.train_loss,
            report.positions_per_sec,
            if kernel::avx2() { ", AVX2" } else { "" },
            cfg.lr_at(state.opt.step.saturating_sub(1), self.total_steps),
        )
        .map_err(log_error)?;
        if !self.check_set.is_empty() {
            writeln!(log, "  {agree}").map_err(log_error)?;
        }
        let png = cfg.out_dir.join("loss.png");
        match plot::losses(&png, &state.history) {
            Ok(plot::Drawn::WithText) => {}
            Ok(plot::Drawn::WithoutText) => writeln!(
                log,
                "{}: drawn without text (no font file found)",
                png.display()
            )
            .map_err(log_error)?,
            Err(e) => writeln!(log, "{e}").map_err(log_error)?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_warms_up_then_decays() {
        let cfg = Config {
            lr: 1.0,
            lr_end: 0.1,
            warmup: 10,
            ..Config::default()
        };
        assert!((cfg.lr_at(0, 110) - 0.1).abs() < 1e-6);
        assert!((cfg.lr_at(9, 110) - 1.0).abs() < 1e-6);
        assert!((cfg.lr_at(10, 110) - 1.0).abs() < 1e-6);
        assert!((cfg.lr_at(60, 110) - 0.55).abs() < 1e-6);
        assert!((cfg.lr_at(110, 110) - 0.1).abs() < 1e-6);
    }

    /// The fan-out covers every item once, in contiguous chunks given back in order, hands each
    /// thread its own state, and starts no thread beyond the items.
    #[test]
    fn over_threads_splits_in_order_and_gathers() {
        let items: Vec<u32> = (1..=10).collect();
        let sums = over_threads(&items, vec![(); 4], "test", |chunk, ()| {
            chunk.iter().sum::<u32>()
        });
        assert_eq!(sums, [6, 15, 24, 10]);
        let mut seen = vec![Vec::new(); 3];
        let states: Vec<&mut Vec<u32>> = seen.iter_mut().collect();
        let lens = over_threads(&items, states, "test", |chunk, mine| {
            mine.extend_from_slice(chunk);
            chunk.len()
        });
        assert_eq!(lens, [4, 4, 2]);
        assert_eq!(seen.concat(), items);
        let few = over_threads(&items[..3], vec![0u8; 8], "test", |chunk, _| chunk.to_vec());
        assert_eq!(few, [[1], [2], [3]]);
    }
}
