//! `outpost perft-jobs`: the worker's side. Reads jobs on stdin, one per line as
//! `ID DEPTH FEN`, and writes `ID NODES` for each as soon as it is counted, so that a driver
//! reading the pipe sees every finished job even if the batch is cut short.
//!
//! All jobs of one process share one perft table: neighbouring jobs of a split share subtrees,
//! and an entry is keyed by position and depth, so what one job stored is right for the next.

use super::{DistError, MAX_JOB_DEPTH};
use crate::perft::MAX_TABLE_MB;
use outpost_board::perft::{divide, PerftTable};
use outpost_board::Position;
use outpost_cli::Flags;
use std::io::{BufRead, Write};

const USAGE: &str = "\
usage: outpost perft-jobs [--threads T] [--hash MB]
  Reads perft jobs on stdin, one per line: ID DEPTH FEN (ID a word, DEPTH 0..=10, FEN with or
  without the move counters, castling as in FEN, X-FEN or Shredder-FEN), and writes one line per
  job as soon as it is counted: ID NODES. A line that cannot be read stops it with a message on
  stderr and exit code 1, after the lines of the jobs before it.
  --threads  threads per job (default 1)
  --hash     the perft table in MB, shared by all the jobs (default 64, at most 1024)";

/// How the jobs are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub threads: usize,
    pub hash_mb: usize,
}

pub fn parse(args: &[String]) -> Result<Settings, DistError> {
    let mut s = Settings {
        threads: 1,
        hash_mb: 64,
    };
    let mut f = Flags::new("perft-jobs", USAGE, args);
    while let Some(flag) = f.next_flag(None)? {
        match flag.as_str() {
            "--threads" => {
                s.threads = f.value_in("a thread count in 1..=256", |t| (1..=256).contains(t))?
            }
            "--hash" => {
                s.hash_mb =
                    f.value_in("megabytes in 1..=1024", |m| (1..=MAX_TABLE_MB).contains(m))?
            }
            _ => return Err(f.unexpected(flag).into()),
        }
    }
    Ok(s)
}

/// One job line read.
struct JobLine<'a> {
    id: &'a str,
    depth: u32,
    pos: Position,
}

fn parse_job(line: &str) -> Result<JobLine<'_>, String> {
    let mut words = line.split_whitespace();
    let (Some(id), Some(depth)) = (words.next(), words.next()) else {
        return Err(format!("expected 'ID DEPTH FEN', got '{line}'"));
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("the depth '{depth}' is not a whole number"))?;
    if depth > MAX_JOB_DEPTH {
        return Err(format!(
            "depth {depth} is deeper than a job may be (at most {MAX_JOB_DEPTH})"
        ));
    }
    let fen = words.collect::<Vec<_>>().join(" ");
    let pos = Position::from_fen(&fen).map_err(|e| format!("'{fen}': {e}"))?;
    Ok(JobLine { id, depth, pos })
}

/// Counts the jobs of `input` and writes their counts to `out`; returns how many were counted.
pub fn count_jobs(
    input: impl BufRead,
    out: &mut impl Write,
    settings: Settings,
) -> Result<u64, DistError> {
    let io = |what| {
        move |error| DistError::Io {
            tool: "perft-jobs",
            what,
            error,
        }
    };
    // Made at the first job deep enough to use it: a batch of shallow jobs never pays for it.
    let mut table: Option<PerftTable> = None;
    let mut counted = 0;
    for (i, line) in input.lines().enumerate() {
        let line = line.map_err(io("read the jobs"))?;
        if line.trim().is_empty() {
            continue;
        }
        let job = parse_job(&line).map_err(|why| DistError::Job { line: i + 1, why })?;
        let nodes = match job.depth {
            0 => 1,
            d => {
                // The board's perft probes the table from depth 3 on.
                let table = (d >= 3)
                    .then(|| &*table.get_or_insert_with(|| PerftTable::new(settings.hash_mb)));
                divide(&job.pos, d, settings.threads, table)
                    .iter()
                    .map(|&(_, n)| n)
                    .sum()
            }
        };
        writeln!(out, "{} {nodes}", job.id).map_err(io("write the counts"))?;
        out.flush().map_err(io("write the counts"))?;
        counted += 1;
    }
    Ok(counted)
}

/// Entry point of `outpost perft-jobs ...`.
pub fn run(args: &[String]) -> Result<String, DistError> {
    let settings = parse(args)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    count_jobs(stdin.lock(), &mut stdout.lock(), settings)?;
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_lines(text: &str, settings: Settings) -> (Result<u64, DistError>, String) {
        let mut out = Vec::new();
        let result = count_jobs(text.as_bytes(), &mut out, settings);
        (result, String::from_utf8(out).unwrap())
    }

    const ONE: Settings = Settings {
        threads: 1,
        hash_mb: 1,
    };

    #[test]
    fn counts_jobs_of_every_depth_and_dialect() {
        let jobs = "\
a 0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -
b 5 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

7 4 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -
x 4 bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9
y 3 6rk/8/8/8/8/8/5PPP/3r2K1 w - -
";
        let (result, out) = run_lines(jobs, ONE);
        assert_eq!(result.unwrap(), 5);
        assert_eq!(out, "a 1\nb 4865609\n7 4085603\nx 326672\ny 0\n");
        let two = Settings {
            threads: 2,
            hash_mb: 4,
        };
        assert_eq!(run_lines(jobs, two).1, out);
    }

    #[test]
    fn a_bad_line_stops_after_the_jobs_before_it() {
        let (result, out) = run_lines(
            "a 1 8/8/8/8/8/8/8/K1k5 w - -\nb x 8/8/8/8/8/8/8/K1k5 w - -\n",
            ONE,
        );
        assert_eq!(out, "a 1\n", "only Ka2 is legal");
        assert_eq!(
            result.unwrap_err().to_string(),
            "perft-jobs: job line 2: the depth 'x' is not a whole number"
        );
        let err = |line: &str| run_lines(line, ONE).0.unwrap_err().to_string();
        assert_eq!(
            err("c 11 8/8/8/8/8/8/8/K1k5 w - -"),
            "perft-jobs: job line 1: depth 11 is deeper than a job may be (at most 10)"
        );
        assert_eq!(
            err("d 2 8/8/8/8/8/8/8/K1k5 w"),
            "perft-jobs: job line 1: '8/8/8/8/8/8/8/K1k5 w': invalid FEN: expected 4 to 6 \
             fields, found 2"
        );
        assert_eq!(
            err("lonely"),
            "perft-jobs: job line 1: expected 'ID DEPTH FEN', got 'lonely'"
        );
    }

    #[test]
    fn flags() {
        let p = |s: &str| parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>());
        assert_eq!(
            p("--threads 2 --hash 8").unwrap(),
            Settings {
                threads: 2,
                hash_mb: 8
            }
        );
        assert_eq!(
            p("--hash 0").unwrap_err().to_string(),
            "perft-jobs: --hash expects megabytes in 1..=1024, got '0'"
        );
        assert!(p("--depth 3").is_err());
    }
}
