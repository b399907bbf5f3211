//! `outpost-trainer`: trains Outpost's network on datagen files. See docs/nnue.md, "Trainer".

use outpost_cli::{Arg, CliError, Flags};
use outpost_network::FeatureSet;
use outpost_trainer::data::{load, Filter};
use outpost_trainer::train::{train, Config};
use outpost_trainer::TrainError;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::LazyLock;

/// The usage text, with the shipped hidden size filled in as `--hidden`'s default.
static USAGE: LazyLock<String> = LazyLock::new(|| {
    let sets: Vec<&str> = FeatureSet::ALL.iter().map(|f| f.name()).collect();
    USAGE_TEXT
        .replace("{HIDDEN}", &outpost_network::HIDDEN.to_string())
        .replace("{FEATURES}", outpost_trainer::data::FEATURES.name())
        .replace("{SETS}", &sets.join(", "))
});

const USAGE_TEXT: &str = "\
usage: outpost-trainer [OPTIONS] DATA...

Trains the (inputs -> H) x 2 -> 1 network of docs/nnue.md on datagen files and writes
OUT_DIR/net-epochN.nnue, OUT_DIR/checkpoint-epochN.bin and OUT_DIR/loss.png per epoch and
OUT_DIR/net.nnue at the end.

options:
  --out-dir DIR        where checkpoints, nets and the plot go (default trainer-out)
  --resume             continue from the newest checkpoint in --out-dir
  --features SET       the inputs: {SETS} (default {FEATURES}, the shipped
                       network's); king buckets train with a factoriser
  --hidden H           hidden neurons per perspective (default {HIDDEN}, the shipped network's)
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
                       validation stays as played (mirrored king buckets see no new input)
  --threads N          threads computing the gradient (default 2)
  --seed N             initial weights and shuffling (default 1)
  -h, --help           this text
";

struct Args {
    config: Config,
    filter: Filter,
    data: Vec<PathBuf>,
}

/// Reads the command line (the words after the program's name); `--help` is
/// [`CliError::Help`].
fn parse(args: &[String]) -> Result<Args, CliError> {
    let mut config = Config::default();
    let mut filter = Filter {
        min_ply: 16,
        val_every: 20,
        max_positions: 0,
        games_below: 0,
        mirror: false,
    };
    let mut data = Vec::new();
    let at_least_one = |n: &usize| *n >= 1;
    let mut f = Flags::new("outpost-trainer", &USAGE, args);
    while let Some(arg) = f.next()? {
        let flag = match arg {
            Arg::Word(path) => {
                data.push(PathBuf::from(path));
                continue;
            }
            Arg::Flag(flag) => flag,
        };
        match flag.as_str() {
            "--out-dir" => config.out_dir = f.text()?.into(),
            "--resume" => config.resume = true,
            "--features" => {
                let name = f.text()?;
                config.features = FeatureSet::from_name(&name).ok_or_else(|| {
                    f.invalid(format!(
                        "--features: no feature set named '{name}' (--help lists them)"
                    ))
                })?
            }
            "--hidden" => config.hidden = f.value_in("a count of at least 1", at_least_one)?,
            "--epochs" => config.epochs = f.value("a whole number")?,
            "--batch-size" => config.batch = f.value_in("a count of at least 1", at_least_one)?,
            "--lr" => config.lr = f.value("a number")?,
            "--lr-end" => config.lr_end = f.value("a number")?,
            "--warmup" => config.warmup = f.value("a whole number")?,
            "--weight-decay" => config.weight_decay = f.value("a number")?,
            "--lambda" => {
                config.lambda =
                    f.value_in("a number in 0..=1", |l: &f32| (0.0..=1.0).contains(l))?
            }
            "--min-ply" => filter.min_ply = f.value("a whole number")?,
            "--val-every" => filter.val_every = f.value("a whole number")?,
            "--max-positions" => filter.max_positions = f.value("a whole number")?,
            "--games" => filter.games_below = f.value("a whole number")?,
            "--mirror" => filter.mirror = true,
            "--threads" => config.threads = f.value_in("a count of at least 1", at_least_one)?,
            "--seed" => config.seed = f.value("a whole number")?,
            _ => return Err(f.unexpected(flag)),
        }
    }
    if data.is_empty() {
        return Err(f.invalid("no data files given (--help lists the options)"));
    }
    Ok(Args {
        config,
        filter,
        data,
    })
}

fn run(args: Args) -> Result<(), TrainError> {
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
    let words: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse(&words) {
        Ok(args) => args,
        Err(CliError::Help { usage }) => {
            print!("{usage}");
            return ExitCode::SUCCESS;
        }
        // The reader's messages name the program already.
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("outpost-trainer: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn command_line_reads_flags_and_files_and_refuses_bad_values() {
        let args = parse(&words(
            "a.bin --hidden 64 --lambda=0.5 --mirror b.bin --games 7",
        ))
        .unwrap();
        assert_eq!(args.data, [PathBuf::from("a.bin"), PathBuf::from("b.bin")]);
        assert_eq!((args.config.hidden, args.config.lambda), (64, 0.5));
        assert!(args.filter.mirror);
        assert_eq!(args.filter.games_below, 7);
        for bad in ["a.bin --hidden 0", "a.bin --lambda 1.5", "a.bin --epochs x"] {
            assert!(
                matches!(parse(&words(bad)), Err(CliError::BadValue { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            parse(&words("a.bin --bogus")),
            Err(CliError::Unexpected { .. })
        ));
        assert!(matches!(
            parse(&words("--hidden 8")),
            Err(CliError::Invalid { .. })
        ));
        assert_eq!(
            parse(&words("--help")).err(),
            Some(CliError::Help { usage: &USAGE })
        );
    }
}
