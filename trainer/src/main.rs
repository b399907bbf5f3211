//! `outpost-trainer`: trains Outpost's network on datagen files. See docs/nnue.md, "Trainer".

use outpost_trainer::data::{load, Filter};
use outpost_trainer::train::{train, Config};
use outpost_trainer::TrainError;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: outpost-trainer [OPTIONS] DATA...

Trains the (768 -> H) x 2 -> 1 network of docs/nnue.md on datagen files and writes
OUT_DIR/net-epochN.nnue, OUT_DIR/checkpoint-epochN.bin and OUT_DIR/loss.png per epoch and
OUT_DIR/net.nnue at the end.

options:
  --out-dir DIR        where checkpoints, nets and the plot go (default trainer-out)
  --resume             continue from the newest checkpoint in --out-dir
  --hidden H           hidden neurons per perspective (default 256)
  --epochs N           total epochs, counting those a resumed run already did (default 10)
  --batch-size N       positions per optimizer step (default 16384)
  --lr X               peak learning rate (default 0.001)
  --lr-end X           learning rate at the last step, reached by cosine decay (default 0.00001)
  --warmup N           optimizer steps of linear warmup (default 0)
  --weight-decay X     AdamW decoupled weight decay on W1 and W2 (default 0.01)
  --lambda X           target = X * sigmoid(score / 400) + (1 - X) * result (default 0.75)
  --min-ply N          drop positions before this ply (default 16)
  --val-every N        hold out games whose number is a multiple of N; 0: none (default 20)
  --max-positions N    load at most this many positions after filtering; 0: all (default 0)
  --games N            only the games numbered 0..N (what `outpost datagen --games N` writes);
                       0: all (default 0)
  --mirror             also train on every position reflected left to right (file a <-> h);
                       validation stays as played
  --threads N          threads computing the gradient (default 2)
  --seed N             initial weights and shuffling (default 1)
  -h, --help           this text
";

struct Args {
    config: Config,
    filter: Filter,
    data: Vec<PathBuf>,
}

/// The next value parsed as a `T`; the error names the flag, which lexopt's does not.
fn value<T>(parser: &mut lexopt::Parser, flag: &str) -> Result<T, TrainError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let raw = parser.value()?;
    let text = raw.to_string_lossy();
    text.parse()
        .map_err(|e| TrainError::Usage(format!("--{flag} {text:?}: {e}")))
}

fn parse() -> Result<Option<Args>, TrainError> {
    use lexopt::prelude::*;
    let mut config = Config::default();
    let mut filter = Filter {
        min_ply: 16,
        val_every: 20,
        max_positions: 0,
        games_below: 0,
        mirror: false,
    };
    let mut data = Vec::new();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("out-dir") => config.out_dir = parser.value()?.into(),
            Long("resume") => config.resume = true,
            Long("hidden") => config.hidden = value(&mut parser, "hidden")?,
            Long("epochs") => config.epochs = value(&mut parser, "epochs")?,
            Long("batch-size") => config.batch = value(&mut parser, "batch-size")?,
            Long("lr") => config.lr = value(&mut parser, "lr")?,
            Long("lr-end") => config.lr_end = value(&mut parser, "lr-end")?,
            Long("warmup") => config.warmup = value(&mut parser, "warmup")?,
            Long("weight-decay") => config.weight_decay = value(&mut parser, "weight-decay")?,
            Long("lambda") => config.lambda = value(&mut parser, "lambda")?,
            Long("min-ply") => filter.min_ply = value(&mut parser, "min-ply")?,
            Long("val-every") => filter.val_every = value(&mut parser, "val-every")?,
            Long("max-positions") => filter.max_positions = value(&mut parser, "max-positions")?,
            Long("games") => filter.games_below = value(&mut parser, "games")?,
            Long("mirror") => filter.mirror = true,
            Long("threads") => config.threads = value(&mut parser, "threads")?,
            Long("seed") => config.seed = value(&mut parser, "seed")?,
            Short('h') | Long("help") => return Ok(None),
            Value(path) => data.push(PathBuf::from(path)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if data.is_empty() {
        return Err(TrainError::Usage(format!("no data files given\n\n{USAGE}")));
    }
    if config.hidden == 0 || config.batch == 0 || config.threads == 0 {
        return Err(TrainError::Usage(
            "--hidden, --batch-size and --threads must be at least 1".to_string(),
        ));
    }
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(TrainError::Usage(
            "--lambda must be within 0..=1".to_string(),
        ));
    }
    Ok(Some(Args {
        config,
        filter,
        data,
    }))
}

fn run() -> Result<(), TrainError> {
    let Some(args) = parse()? else {
        print!("{USAGE}");
        return Ok(());
    };
    let start = std::time::Instant::now();
    let data = load(&args.data, &args.filter)?;
    println!(
        "loaded in {:.1} s: {}",
        start.elapsed().as_secs_f64(),
        data.stats
    );
    train(&args.config, &data, &mut std::io::stdout())?;
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("outpost-trainer: {e}");
            ExitCode::FAILURE
        }
    }
}
