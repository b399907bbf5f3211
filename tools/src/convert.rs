//! `outpost data-convert IN OUT`: a data file of the wide layout (32-byte records, what datagen
//! wrote before) rewritten in the packed layout ([`outpost_datafile::packed`]), then read back and
//! compared record for record with the input before it is kept.
//!
//! OUT is written as `OUT.partial` and renamed only once every game read back equals the
//! input's, so a file named OUT is always a checked conversion; an existing OUT is never
//! overwritten. A torn last block of IN (a datagen killed while writing) is reported and
//! dropped, as every reader drops it.

use crate::error::{ConvertError, FileAction, ToolError};
use outpost_cli::CliError;
use outpost_datafile::{BlockLayout, GameReader};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

const USAGE: &str = "usage: outpost data-convert IN OUT (IN a datagen file of 32-byte records, \
OUT a new file for the same games in the packed layout)";

/// What a conversion read and wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Conversion {
    pub games: u64,
    pub positions: u64,
    /// Bytes of IN's whole games, and of the torn tail after them.
    pub bytes_in: u64,
    pub torn_bytes: u64,
    pub bytes_out: u64,
}

impl Conversion {
    /// The report `outpost data-convert` prints.
    pub fn report(&self, input: &str, output: &str) -> String {
        let per = |bytes: u64| bytes as f64 / self.positions.max(1) as f64;
        let mut s = String::new();
        let _ = writeln!(s, "data-convert: {input} -> {output}");
        let _ = writeln!(s, "games      {}", self.games);
        let _ = writeln!(s, "positions  {}", self.positions);
        let _ = writeln!(
            s,
            "bytes      in {} ({:.2} per position), out {} ({:.2} per position), {:.2} times smaller",
            self.bytes_in,
            per(self.bytes_in),
            self.bytes_out,
            per(self.bytes_out),
            self.bytes_in as f64 / self.bytes_out.max(1) as f64
        );
        if self.torn_bytes > 0 {
            let _ = writeln!(
                s,
                "torn tail  {} bytes after IN's last whole game, dropped",
                self.torn_bytes
            );
        }
        let _ = writeln!(
            s,
            "verified   every game of {output} reads back equal to {input}'s, record for record"
        );
        s
    }
}

/// Where OUT is written until it is checked.
fn partial_path(output: &Path) -> PathBuf {
    let mut name = output.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Converts `input` into `output` and checks it; on a failed check nothing named `output` is
/// left behind.
pub fn convert(input: &Path, output: &Path) -> Result<Conversion, ToolError> {
    let in_name = input.display().to_string();
    let out_name = output.display().to_string();
    if output.exists() {
        return Err(ConvertError::OutputExists(out_name).into());
    }
    let data = |error| ToolError::Data {
        tool: "data-convert",
        error,
    };
    let partial = partial_path(output);
    let partial_name = partial.display().to_string();
    let mut done = Conversion::default();
    {
        let mut reader = GameReader::open(input).map_err(data)?;
        let file = File::create(&partial)
            .map_err(|e| ToolError::file("data-convert", FileAction::Create, &partial_name, e))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let write_failed = |e| ToolError::file("data-convert", FileAction::Write, &partial_name, e);
        while let Some(game) = reader.next_game().map_err(data)? {
            if reader.layout() != Some(BlockLayout::Wide) {
                drop(out);
                let _ = std::fs::remove_file(&partial);
                return Err(ConvertError::NotWide(in_name).into());
            }
            let bytes = game.to_packed_bytes().map_err(data)?;
            out.write_all(&bytes).map_err(write_failed)?;
            done.games += 1;
            done.positions += game.records.len() as u64;
            done.bytes_out += bytes.len() as u64;
        }
        out.flush().map_err(write_failed)?;
        done.bytes_in = reader.offset();
        let len = std::fs::metadata(input)
            .map_err(|e| ToolError::file("data-convert", FileAction::Read, &in_name, e))?
            .len();
        done.torn_bytes = len - done.bytes_in;
    }
    if let Err(e) = verify(input, &partial, &done) {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    if output.exists() {
        let _ = std::fs::remove_file(&partial);
        return Err(ConvertError::OutputExists(out_name).into());
    }
    std::fs::rename(&partial, output)
        .map_err(|e| ToolError::file("data-convert", FileAction::Create, &out_name, e))?;
    Ok(done)
}

/// Reads `input` and the written `output` side by side: the same games, header and records,
/// in the same order, and nothing more.
fn verify(input: &Path, output: &Path, done: &Conversion) -> Result<(), ToolError> {
    let data = |error| ToolError::Data {
        tool: "data-convert",
        error,
    };
    let mismatch = |game: Option<u64>, position: Option<usize>| {
        ToolError::from(ConvertError::Mismatch {
            output: output.display().to_string(),
            game,
            position,
        })
    };
    let mut original = GameReader::open(input).map_err(data)?;
    let mut written = GameReader::open(output).map_err(data)?;
    let mut games = 0;
    while let Some(want) = original.next_game().map_err(data)? {
        let Some(got) = written.next_game().map_err(data)? else {
            return Err(mismatch(Some(want.header.number), None));
        };
        if got.header != want.header || got.records.len() != want.records.len() {
            return Err(mismatch(Some(want.header.number), None));
        }
        if let Some(i) = (0..want.records.len()).find(|&i| got.records[i] != want.records[i]) {
            return Err(mismatch(Some(want.header.number), Some(i)));
        }
        games += 1;
    }
    let extra = written.next_game().map_err(data)?;
    if extra.is_some() || games != done.games || written.offset() != done.bytes_out {
        return Err(mismatch(None, None));
    }
    Ok(())
}

/// Entry point of `outpost data-convert IN OUT`.
pub fn run(args: &[String]) -> Result<String, ToolError> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return Err(CliError::Help { usage: USAGE }.into());
    }
    let [input, output] = args else {
        return Err(CliError::Usage { usage: USAGE }.into());
    };
    if input.starts_with('-') || output.starts_with('-') {
        return Err(CliError::Usage { usage: USAGE }.into());
    }
    let done = convert(Path::new(input), Path::new(output))?;
    Ok(done.report(input, output))
}
