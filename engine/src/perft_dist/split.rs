//! `outpost perft-split`: the move tree of a position cut at a chosen depth into jobs, written as
//! JSON lines for the driver (`tools/perft_dist/`).
//!
//! The tree is built one level at a time and each level's positions are merged as they are
//! made, so a transposition is expanded once however many move orders reach it. Two positions
//! are merged when their Zobrist keys are equal and, checked after that, everything perft reads
//! is equal too (pieces, side to move, castling rooks, en-passant square): a key collision can
//! then never merge different positions. Move counters are not compared, since perft does not
//! read them.

use super::{job_fen, needs_chess960, DistError, MAX_JOB_DEPTH, MAX_SPLIT};
use outpost_board::{CastleSide, Color, Move, PieceType, Position};
use outpost_cli::{Arg, Flags};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{BufWriter, Write};

const USAGE: &str = "\
usage: outpost perft-split --depth D [--split S] [--fen FEN] [--chess960]
  Cuts the move tree of FEN (default: the start position) at depth S into jobs and writes them
  to stdout as JSON lines: first one line describing the split, then one line per position
  reached at depth S (by any number of move orders) with the depth left (D - S), its number of
  paths, and the paths from each root move:
    {\"id\":0,\"fen\":\"...\",\"depth\":4,\"count\":2,\"roots\":{\"g1f3\":1,\"b1c3\":1}}
  The perft count to D is the sum over jobs of count * perft(fen, depth).
  --split  default D - 5 (at least 1); 1 <= S <= 6, S <= D and D - S <= 10
  --chess960  castling moves as king-takes-rook (implied when the FEN's castling needs it)
  `outpost perft-jobs` counts the jobs; tools/perft_dist runs them on a Dask cluster.";

/// The deepest total: the deepest split with the deepest jobs.
pub const MAX_DEPTH: u32 = MAX_SPLIT + MAX_JOB_DEPTH;

/// One position at the split depth, with its paths from the root: one job of the driver.
pub struct SplitPosition {
    pub pos: Position,
    /// Paths to the position from each root move, as (index into `Split::root_moves`, paths),
    /// sorted by index.
    pub roots: Vec<(usize, u64)>,
}

impl SplitPosition {
    /// The number of paths from the root: the job's count is multiplied by it.
    pub fn paths(&self) -> u64 {
        self.roots.iter().map(|&(_, n)| n).sum()
    }
}

/// A position's tree cut at some depth.
pub struct Split {
    pub root_moves: Vec<Move>,
    /// In the order they were first reached (root moves in generation order, depth first within
    /// a level's parents): neighbouring jobs share subtrees, which helps a worker's hash table.
    pub jobs: Vec<SplitPosition>,
}

/// Cuts the tree of `root` at `plies` (at least 1) into unique positions with path counts.
pub fn split(root: &Position, plies: u32) -> Split {
    let root_moves: Vec<Move> = root.legal_moves().iter().copied().collect();
    // Two different moves from one position never give the same position, so the first level
    // needs no merging.
    let mut level: Vec<SplitPosition> = root_moves
        .iter()
        .enumerate()
        .map(|(i, &m)| SplitPosition {
            pos: root.play(m),
            roots: vec![(i, 1)],
        })
        .collect();
    for _ in 1..plies.max(1) {
        level = next_level(&level);
    }
    Split {
        root_moves,
        jobs: level,
    }
}

/// The key is already a uniform hash, so the map uses it as it is.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

const NONE: usize = usize::MAX;

/// The children of every position of `level`, merged. The map holds one index per key and
/// `chain` links the rare positions that share a key, so a level costs one `Position` and two
/// words per unique position rather than a stored copy of each identity.
fn next_level(level: &[SplitPosition]) -> Vec<SplitPosition> {
    let mut next: Vec<SplitPosition> = Vec::new();
    let mut first: HashMap<u64, usize, BuildHasherDefault<KeyHasher>> = HashMap::default();
    let mut chain: Vec<usize> = Vec::new();
    for parent in level {
        for &m in parent.pos.legal_moves().iter() {
            let child = parent.pos.play(m);
            let mut at = first.get(&child.key()).copied().unwrap_or(NONE);
            while at != NONE && !same_for_perft(&next[at].pos, &child) {
                at = chain[at];
            }
            if at == NONE {
                chain.push(first.insert(child.key(), next.len()).unwrap_or(NONE));
                next.push(SplitPosition {
                    pos: child,
                    roots: parent.roots.clone(),
                });
            } else {
                add_paths(&mut next[at].roots, &parent.roots);
            }
        }
    }
    next
}

/// Whether perft counts the same from both positions: all they hold but the move counters.
fn same_for_perft(a: &Position, b: &Position) -> bool {
    let sides = [CastleSide::King, CastleSide::Queen];
    a.key() == b.key()
        && a.side_to_move() == b.side_to_move()
        && a.ep_square() == b.ep_square()
        && Color::BOTH.iter().all(|&c| a.colored(c) == b.colored(c))
        && PieceType::ALL.iter().all(|&k| a.pieces(k) == b.pieces(k))
        && Color::BOTH.iter().all(|&c| {
            sides
                .iter()
                .all(|&s| a.castle_rook(c, s) == b.castle_rook(c, s))
        })
}

/// Adds path counts per root move; both lists are sorted by root index. The sums cannot
/// overflow: they are at most the number of paths to the split depth, below 218^6.
fn add_paths(into: &mut Vec<(usize, u64)>, from: &[(usize, u64)]) {
    for &(i, n) in from {
        match into.binary_search_by_key(&i, |&(j, _)| j) {
            Ok(k) => into[k].1 += n,
            Err(k) => into.insert(k, (i, n)),
        }
    }
}

/// What `perft-split` was asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub root: Position,
    pub depth: u32,
    pub split: u32,
    pub chess960: bool,
}

/// Reads the command line (the words after `perft-split`).
pub fn parse(args: &[String]) -> Result<Request, DistError> {
    let mut f = Flags::new("perft-split", USAGE, args);
    let mut depth = None;
    let mut split = None;
    let mut fen: Option<String> = None;
    let mut chess960 = false;
    // An unquoted FEN arrives as several words; those right after `--fen` belong to it.
    let mut in_fen = false;
    while let Some(arg) = f.next()? {
        match arg {
            Arg::Word(word) if in_fen => {
                if let Some(fen) = fen.as_mut() {
                    fen.push(' ');
                    fen.push_str(&word);
                }
            }
            Arg::Word(word) => return Err(f.unexpected(word).into()),
            Arg::Flag(flag) => {
                in_fen = false;
                match flag.as_str() {
                    "--depth" => {
                        depth =
                            Some(f.value_in("a depth in 1..=16", |d: &u32| {
                                (1..=MAX_DEPTH).contains(d)
                            })?)
                    }
                    "--split" => {
                        split = Some(f.value_in("a split depth in 1..=6", |s: &u32| {
                            (1..=MAX_SPLIT).contains(s)
                        })?)
                    }
                    "--fen" => {
                        fen = Some(f.text()?);
                        in_fen = true;
                    }
                    "--chess960" => chess960 = true,
                    _ => return Err(f.unexpected(flag).into()),
                }
            }
        }
    }
    let Some(depth) = depth else {
        return Err(f
            .invalid("--depth is required (the depth to count to)")
            .into());
    };
    let split = split.unwrap_or_else(|| depth.saturating_sub(5).clamp(1, MAX_SPLIT));
    if split > depth {
        return Err(f
            .invalid(format!("--split {split} is deeper than --depth {depth}"))
            .into());
    }
    if depth - split > MAX_JOB_DEPTH {
        return Err(f
            .invalid(format!(
                "depth {depth} split at {split} leaves jobs of depth {}, at most {MAX_JOB_DEPTH} \
                 (a job's count must fit the perft table): split deeper",
                depth - split
            ))
            .into());
    }
    let root = match fen {
        None => Position::startpos(),
        Some(fen) => Position::from_fen(&fen).map_err(|e| DistError::Fen {
            fen: fen.clone(),
            why: e.to_string(),
        })?,
    };
    let chess960 = chess960 || needs_chess960(&root);
    Ok(Request {
        root,
        depth,
        split,
        chess960,
    })
}

/// Writes `s` as a JSON string. FENs and moves never need escaping, but a reader must never be
/// handed broken JSON, whatever the text.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Writes the split of `req` as JSON lines; returns a one-line summary for stderr.
pub fn write(req: &Request, out: &mut impl Write) -> std::io::Result<String> {
    let cut = split(&req.root, req.split);
    let moves: Vec<String> = cut
        .root_moves
        .iter()
        .map(|m| json_string(&m.to_uci(req.chess960).to_string()))
        .collect();
    let paths: u64 = cut.jobs.iter().map(SplitPosition::paths).sum();
    let root_fen = if req.chess960 {
        req.root.to_shredder_fen()
    } else {
        req.root.to_fen()
    };
    writeln!(
        out,
        "{{\"type\":\"split\",\"fen\":{},\"depth\":{},\"split\":{},\"chess960\":{},\
         \"jobs\":{},\"paths\":{paths},\"root_moves\":[{}]}}",
        json_string(&root_fen),
        req.depth,
        req.split,
        req.chess960,
        cut.jobs.len(),
        moves.join(",")
    )?;
    let left = req.depth - req.split;
    for (id, job) in cut.jobs.iter().enumerate() {
        let roots: Vec<String> = job
            .roots
            .iter()
            .map(|&(i, n)| format!("{}:{n}", moves[i]))
            .collect();
        writeln!(
            out,
            "{{\"id\":{id},\"fen\":{},\"depth\":{left},\"count\":{},\"roots\":{{{}}}}}",
            json_string(&job_fen(&job.pos, req.chess960)),
            job.paths(),
            roots.join(",")
        )?;
    }
    out.flush()?;
    Ok(format!(
        "perft-split: {} jobs ({paths} paths) at depth {}, each to be counted to depth {left}",
        cut.jobs.len(),
        req.split
    ))
}

/// Entry point of `outpost perft-split ...`: the jobs go to stdout, the summary to stderr.
pub fn run(args: &[String]) -> Result<String, DistError> {
    let req = parse(args)?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let summary = write(&req, &mut out).map_err(|error| DistError::Io {
        tool: "perft-split",
        what: "write the jobs",
        error,
    })?;
    eprintln!("{summary}");
    Ok(String::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_board::perft::{divide, perft};

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    // fischer.epd line 1: king g1 between rooks f1 and h1, castling rights HFhf.
    const FISCHER_1: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";

    /// Checks a split against perft and divide counted straight from the root, and that every
    /// job's FEN reads back as the job's position.
    fn check(fen: &str, depth: u32, plies: u32, chess960: bool) -> Split {
        let root = Position::from_fen(fen).unwrap();
        let cut = split(&root, plies);
        let mut total = 0u64;
        let mut per_root = vec![0u64; cut.root_moves.len()];
        for job in &cut.jobs {
            let n = perft(&job.pos, depth - plies);
            total += job.paths() * n;
            for &(i, p) in &job.roots {
                per_root[i] += p * n;
            }
            let back = Position::from_fen(&job_fen(&job.pos, chess960)).unwrap();
            assert!(
                same_for_perft(&back, &job.pos),
                "{}",
                job_fen(&job.pos, chess960)
            );
        }
        assert_eq!(
            total,
            perft(&root, depth),
            "{fen} depth {depth} split {plies}"
        );
        let expected: Vec<(Move, u64)> = divide(&root, depth, 1, None);
        let got: Vec<(Move, u64)> = cut.root_moves.iter().copied().zip(per_root).collect();
        assert_eq!(got, expected);
        let paths: u64 = cut.jobs.iter().map(SplitPosition::paths).sum();
        assert_eq!(
            paths,
            perft(&root, plies),
            "every path is in exactly one job"
        );
        cut
    }

    #[test]
    fn start_position_transpositions_merge() {
        // 8,902 paths of three plies reach 5,362 distinct positions (1. Nf3 Nf6 2. Nc3 and
        // 1. Nc3 Nf6 2. Nf3 are one job counted twice); two plies have no transposition.
        let cut = check(outpost_board::STARTPOS_FEN, 5, 3, false);
        assert_eq!(cut.jobs.len(), 5362);
        assert_eq!(
            check(outpost_board::STARTPOS_FEN, 4, 2, false).jobs.len(),
            400
        );
        let nf3_nc3 = cut
            .jobs
            .iter()
            .find(|j| {
                job_fen(&j.pos, false)
                    == "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq -"
            })
            .unwrap();
        assert_eq!(nf3_nc3.paths(), 2);
        assert_eq!(nf3_nc3.roots.len(), 2, "one path from each of Nf3 and Nc3");
    }

    #[test]
    fn kiwipete_and_a_split_at_the_full_depth() {
        check(KIWIPETE, 4, 2, false);
        // Jobs of depth 0 count one each: the paths are the count.
        check(KIWIPETE, 3, 3, false);
    }

    #[test]
    fn chess960_positions() {
        check(FISCHER_1, 5, 3, true);
        // After 1. O-O in a position where it is legal at once: king f1, rooks e1 and g1.
        let fen = "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9";
        check(fen, 4, 2, true);
        let req = parse(&["--depth", "2", "--split", "1", "--fen", fen].map(String::from)).unwrap();
        assert!(
            req.chess960,
            "castling with a rook on g1 is written the Chess960 way"
        );
        let text = split_text(&req);
        assert!(text.lines().next().unwrap().contains("\"chess960\":true"));
        // After 1. a5 white keeps both rights, written by file (G and E).
        assert!(
            text.contains("\"fen\":\"b1q1rrkb/pppppppp/3nn3/P7/8/1PPP4/4PPPP/BQNNRKRB b GE -\"")
        );
        // Castling is king-takes-rook with --chess960 even where X-FEN would do.
        let kiwipete = |extra: &str| {
            let args = format!("--depth 1 --fen {KIWIPETE} {extra}");
            split_text(
                &parse(
                    &args
                        .split_whitespace()
                        .map(String::from)
                        .collect::<Vec<_>>(),
                )
                .unwrap(),
            )
        };
        assert!(kiwipete("").contains("\"e1g1\""));
        assert!(kiwipete("--chess960").contains("\"e1h1\""));
        assert!(!kiwipete("--chess960").contains("\"e1g1\""));
    }

    fn split_text(req: &Request) -> String {
        let mut out = Vec::new();
        write(req, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn json_lines() {
        let args = ["--depth", "3", "--split", "2"].map(String::from);
        let mut out = Vec::new();
        let summary = write(&parse(&args).unwrap(), &mut out).unwrap();
        assert_eq!(
            summary,
            "perft-split: 400 jobs (400 paths) at depth 2, each to be counted to depth 1"
        );
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 401);
        assert!(lines[0].starts_with(
            "{\"type\":\"split\",\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\",\
             \"depth\":3,\"split\":2,\"chess960\":false,\"jobs\":400,\"paths\":400,\
             \"root_moves\":[\""
        ));
        assert_eq!(
            lines[1],
            "{\"id\":0,\"fen\":\"r1bqkbnr/pppppppp/n7/8/8/N7/PPPPPPPP/R1BQKBNR w KQkq -\",\
             \"depth\":1,\"count\":1,\"roots\":{\"b1a3\":1}}"
        );
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }

    #[test]
    fn unquoted_fen_and_default_split() {
        let args: Vec<String> = "--fen 8/8/8/8/8/8/8/K1k5 w - - --depth 9"
            .split(' ')
            .map(String::from)
            .collect();
        let req = parse(&args).unwrap();
        assert_eq!(
            req.root,
            Position::from_fen("8/8/8/8/8/8/8/K1k5 w - -").unwrap()
        );
        assert_eq!((req.depth, req.split, req.chess960), (9, 4, false));
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        let err = |s: &str| {
            let args: Vec<String> = s.split_whitespace().map(String::from).collect();
            parse(&args).unwrap_err().to_string()
        };
        assert_eq!(
            err("--depth nine"),
            "perft-split: --depth expects a depth in 1..=16, got 'nine'"
        );
        assert_eq!(
            err("--depth 17"),
            "perft-split: --depth expects a depth in 1..=16, got '17'"
        );
        assert_eq!(
            err("--depth 5 --split 7"),
            "perft-split: --split expects a split depth in 1..=6, got '7'"
        );
        assert_eq!(
            err("--depth 3 --split 4"),
            "perft-split: --split 4 is deeper than --depth 3"
        );
        assert!(err("--depth 14 --split 2").contains("leaves jobs of depth 12, at most 10"));
        assert!(err("--split 2").contains("--depth is required"));
        assert!(err("--depth 3 stray").contains("unexpected argument 'stray'"));
        assert_eq!(
            err("--depth 3 --fen 8/8/8 w - -"),
            "perft-split: '8/8/8 w - -': invalid FEN: piece placement: expected 8 ranks \
             separated by '/', found 3"
        );
        assert!(err("--depth 3 --fen").contains("--fen needs a value"));
    }
}
