//! What datagen is asked to do: the options of `outpost datagen`, their defaults, and reading
//! them from the command line (with the `--net` file and, through `openings.rs`, the
//! `--openings` file they name).

use super::opening_file::read_openings;
use crate::error::ToolError;
use outpost_cli::{CliError, Flags};
use outpost_eval::nnue::{self, Network};
use outpost_search::SearchLimits;
use std::sync::Arc;

const USAGE: &str = "usage: outpost datagen [--games N] [--threads T] [--nodes N | --depth D] \
[--random-plies K] [--openings FILE] [--chess960 PERCENT] [--dfrc PERCENT] [--seed S] \
[--hash MB] [--net builtin|FILE] [--format binary|text] [--out FILE]";

/// The default share of games from Chess960 starts, in percent: enough for the network to see
/// Chess960 openings and middlegames (it saw none before and played Chess960 12 points worse
/// than standard chess against Ethereal, issue 31), little enough that standard chess, what
/// most games are, keeps most of the data.
pub const CHESS960_PERCENT: u32 = 15;
/// The default share of the Chess960 games whose sides get different arrangements, in
/// percent: half, so both kinds of Chess960 a GUI may set up are covered.
pub const DFRC_PERCENT: u32 = 50;

/// How the games are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every searched position, game by game, in the packed layout ([`outpost_datafile::packed`]).
    Binary,
    /// `fen | score | result` lines of quiet positions, for the WDL fit.
    Text,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub games: u64,
    pub threads: usize,
    pub nodes: Option<u64>,
    pub depth: Option<i32>,
    pub random_plies: usize,
    /// FEN/EPD lines to start games from (before the random plies); empty: the start position.
    pub openings: Vec<String>,
    /// Percent of the games that start from a Chess960 position (`--chess960`).
    pub chess960_percent: u32,
    /// Percent of those whose sides get different arrangements (`--dfrc`).
    pub dfrc_percent: u32,
    pub seed: u64,
    pub hash_mb: usize,
    /// The network the searches evaluate with (`--net`; the built-in one by default).
    pub network: Arc<Network>,
    pub format: Format,
    pub out: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            games: 100,
            threads: 1,
            nodes: Some(5000),
            depth: None,
            random_plies: 8,
            openings: Vec::new(),
            chess960_percent: CHESS960_PERCENT,
            dfrc_percent: DFRC_PERCENT,
            seed: 1,
            hash_mb: 4,
            network: nnue::embedded(),
            format: Format::Binary,
            out: "datagen.bin".to_string(),
        }
    }
}

/// `--net`: `builtin` is the network inside the binary, anything else a net file.
fn read_network(path: &str) -> Result<Arc<Network>, ToolError> {
    if path == "builtin" {
        return Ok(nnue::embedded());
    }
    let net = Network::read_file(path).map_err(|error| ToolError::Network {
        path: path.to_string(),
        error,
    })?;
    Ok(Arc::new(net))
}

impl Config {
    /// Reads the command-line options (the words after `datagen`) and the openings file.
    pub fn parse(args: &[String]) -> Result<Config, ToolError> {
        let mut c = Config::default();
        let mut out_given = false;
        let mut f = Flags::new("datagen", USAGE, args);
        while let Some(flag) = f.next_flag(None)? {
            match flag.as_str() {
                "--games" => c.games = f.value("a number of games")?,
                "--threads" => {
                    c.threads =
                        f.value_in("a thread count in 1..=256", |t| (1..=256).contains(t))?
                }
                "--nodes" => {
                    c.nodes = Some(f.value_in("a positive node count", |&n: &u64| n > 0)?);
                    c.depth = None;
                }
                "--depth" => {
                    c.depth = Some(f.value_in("a depth in 1..=60", |d| (1..=60).contains(d))?);
                    c.nodes = None;
                }
                "--random-plies" => c.random_plies = f.value("a number of plies")?,
                "--chess960" => {
                    c.chess960_percent = f.value_in("a percentage in 0..=100", |p| *p <= 100)?
                }
                "--dfrc" => {
                    c.dfrc_percent = f.value_in("a percentage in 0..=100", |p| *p <= 100)?
                }
                "--seed" => c.seed = f.value("a whole number")?,
                "--hash" => c.hash_mb = f.value("megabytes")?,
                "--net" => {
                    let path = f.text()?;
                    c.network = read_network(&path)?;
                }
                "--openings" => {
                    let path = f.text()?;
                    c.openings = read_openings(&path)
                        .map_err(|error| ToolError::Openings { path, error })?;
                }
                "--format" => {
                    c.format = match f.text()?.as_str() {
                        "binary" => Format::Binary,
                        "text" => Format::Text,
                        other => {
                            return Err(CliError::BadValue {
                                tool: "datagen",
                                flag,
                                value: other.to_string(),
                                expected: "binary or text",
                            }
                            .into())
                        }
                    }
                }
                "--out" => {
                    out_given = true;
                    c.out = f.text()?;
                }
                _ => return Err(f.unexpected(flag).into()),
            }
        }
        if !out_given && c.format == Format::Text {
            c.out = "datagen.txt".to_string();
        }
        Ok(c)
    }

    /// The limits of every search: the node count or the depth asked for.
    pub(super) fn limits(&self) -> SearchLimits {
        SearchLimits {
            nodes: self.nodes,
            depth: self.depth,
            ..SearchLimits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::tests::{args, collect};
    use crate::error::OpeningsError;
    use std::collections::HashSet;

    #[test]
    fn options_parse_and_reject() {
        let c = Config::parse(&args(
            "--games 3 --threads 2 --depth 4 --seed 9 --out x.txt",
        ))
        .unwrap();
        assert_eq!(
            (c.games, c.threads, c.depth, c.nodes),
            (3, 2, Some(4), None)
        );
        assert_eq!((c.seed, c.out.as_str()), (9, "x.txt"));
        assert!(Config::parse(&args("--games")).is_err());
        assert!(Config::parse(&args("--games many")).is_err());
        assert!(Config::parse(&args("--threads 0")).is_err());
        assert!(Config::parse(&args("--frobnicate 1")).is_err());
        let d = Config::parse(&args("")).unwrap();
        assert_eq!((d.chess960_percent, d.dfrc_percent), (15, 50));
        let c = Config::parse(&args("--chess960 25 --dfrc 0")).unwrap();
        assert_eq!((c.chess960_percent, c.dfrc_percent), (25, 0));
        assert!(Config::parse(&args("--chess960 101")).is_err());
        assert!(Config::parse(&args("--dfrc -1")).is_err());
        assert!(Config::parse(&args("--chess960 0.2")).is_err());
    }

    /// `--net`: the built-in network is the default, and a net file plays other games than it
    /// (the search evaluates with the file's), reproducibly; a file that is not a network is
    /// refused.
    #[test]
    fn a_network_plays_its_own_games() {
        let built_in = Config::parse(&args("--games 1 --nodes 300 --net builtin")).unwrap();
        let default = Config::parse(&args("--games 1 --nodes 300")).unwrap();
        assert!(Arc::ptr_eq(&built_in.network, &default.network));
        let dir = std::env::temp_dir().join(format!("outpost-datagen-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("random.nnue");
        std::fs::write(&file, Network::<{ nnue::HIDDEN }>::random(7).to_bytes()).unwrap();
        let net = Config::parse(&args(&format!(
            "--games 1 --nodes 300 --net {}",
            file.display()
        )))
        .unwrap();
        let games = collect(&net, &HashSet::new());
        assert_eq!(games, collect(&net, &HashSet::new()));
        assert_ne!(games, collect(&built_in, &HashSet::new()));
        let junk = dir.join("junk.nnue");
        std::fs::write(&junk, b"not a network").unwrap();
        let refused = |path: &std::path::Path| {
            Config::parse(&args(&format!("--net {}", path.display())))
                .unwrap_err()
                .to_string()
        };
        assert!(refused(&junk).contains("too short"), "{}", refused(&junk));
        assert!(refused(&dir.join("missing.nnue")).contains("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn openings_errors_name_the_file_and_line() {
        let dir = std::env::temp_dir().join(format!("outpost-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("o.epd");
        let missing = dir.join("missing.epd");
        let parse =
            |p: &std::path::Path| Config::parse(&args(&format!("--openings {}", p.display())));
        assert!(matches!(
            parse(&missing),
            Err(ToolError::Openings {
                error: OpeningsError::Read(_),
                ..
            })
        ));
        std::fs::write(&path, "# only a comment\n\n").unwrap();
        assert!(matches!(
            parse(&path),
            Err(ToolError::Openings {
                error: OpeningsError::Empty,
                ..
            })
        ));
        std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - -\nnot a fen\n").unwrap();
        let e = parse(&path).unwrap_err();
        assert!(
            matches!(
                e,
                ToolError::Openings {
                    error: OpeningsError::Fen { line: 2, .. },
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().starts_with("datagen: openings '"), "{e}");
        std::fs::write(&path, "8/8/8/8/8/8/8/K6k w - - bm Kb2;\n").unwrap();
        assert_eq!(parse(&path).unwrap().openings.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A `.pgn` openings file gives each game's last position with its real move counters
    /// (so records count plies from there); a game that cannot be replayed names its number.
    #[test]
    fn pgn_openings_are_the_lines_end_positions() {
        let dir = std::env::temp_dir().join(format!("outpost-pgn-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("lines.pgn");
        let parse =
            |p: &std::path::Path| Config::parse(&args(&format!("--openings {}", p.display())));
        std::fs::write(
            &path,
            "[Event \"a\"]\r\n\r\n1. e4 c5 2. Nf3 d6 *\r\n\r\n\
             [Event \"b\"]\n\n1. d4 {a comment} Nf6 (1... d5) 2. c4 *\n",
        )
        .unwrap();
        let c = parse(&path).unwrap();
        assert_eq!(
            c.openings,
            [
                "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
                "rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2",
            ]
        );
        std::fs::write(&path, "1. e4 e5 *\n\n1. e4 Ke7 2. Kd3 *\n").unwrap();
        let e = parse(&path).unwrap_err();
        assert!(
            matches!(
                e,
                ToolError::Openings {
                    error: OpeningsError::Pgn { game: 2, .. },
                    ..
                }
            ),
            "{e}"
        );
        std::fs::write(&path, "").unwrap();
        assert!(matches!(
            parse(&path),
            Err(ToolError::Openings {
                error: OpeningsError::Empty,
                ..
            })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
