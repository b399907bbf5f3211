//! `Tablebases`: opening a `SyzygyPath` and probing WDL and DTZ for our `Position`.
//!
//! Opening lists the directories itself instead of calling shakmaty-syzygy's `add_directory`,
//! which stops at the first bad file; here every file is judged on its own and each problem
//! becomes a warning (missing directory, wrong size, wrong magic bytes, a header that does not
//! match the file name or the file size, a WDL table without its DTZ table, a table whose capture
//! or promotion targets are missing). The prober opens the files lazily on the first probe that
//! needs them; the header check at open time is what keeps a damaged file from being counted as a
//! table and then failing every probe.
//!
//! A probe answers `Ok(Some(..))` with a value, `Ok(None)` when the position is not in the
//! tables (castling rights, more pieces than the tables hold, a table missing) and `Err(..)` when
//! a table file turned out unreadable or corrupt while probing; that table's failure is also kept
//! for `take_failures` so the engine can say so once, and the caller treats the position as not
//! probeable. Results are not cached here; the search keeps them in its transposition table.

use crate::convert::to_chess;
use crate::file_error::FileError;
use crate::header;
use crate::material::Signature;
use crate::metric::Metric;
use crate::paths::split_paths;
use crate::storage::{TableFiles, DEFAULT_MEMORY_BUDGET};
use crate::types::{Dtz, ProbeError};
use outpost_board::Position;
use outpost_types::Wdl;
use shakmaty::Chess;
use shakmaty_syzygy::{SyzygyError, Tablebase};
use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// At most this many table names are listed in one warning.
const NAMES_PER_WARNING: usize = 8;

/// Opened Syzygy tables for standard chess.
pub struct Tablebases {
    tables: Tablebase<Chess>,
    files: Arc<TableFiles>,
    wdl_tables: usize,
    dtz_tables: usize,
    /// Tables whose probe failed, with the reason (each table once).
    failures: Mutex<Failures>,
    /// Set when `failures` holds entries not yet taken; read without locking.
    failures_pending: AtomicBool,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("wdl_tables", &self.wdl_tables)
            .field("dtz_tables", &self.dtz_tables)
            .field("max_pieces", &self.max_pieces())
            .finish_non_exhaustive()
    }
}

/// Every table that failed, and how many of them `take_failures` has handed out.
#[derive(Default)]
struct Failures {
    all: Vec<ProbeError>,
    taken: usize,
}

impl Tablebases {
    /// No tables: every probe answers `Ok(None)`.
    pub fn empty() -> Tablebases {
        Tablebases::with_memory_budget_impl(DEFAULT_MEMORY_BUDGET)
    }

    fn with_memory_budget_impl(memory_budget: u64) -> Tablebases {
        let files = Arc::new(TableFiles::new(memory_budget));
        Tablebases {
            tables: Tablebase::with_filesystem(files.clone()),
            files,
            wdl_tables: 0,
            dtz_tables: 0,
            failures: Mutex::new(Failures::default()),
            failures_pending: AtomicBool::new(false),
        }
    }

    /// Opens the tables in `paths`, a `SyzygyPath` value: directories separated by `:` or `;` on
    /// Unix and by `;` on Windows; empty or `<empty>` for none. Returns the tables found and one
    /// warning per problem; a problem never stops the other files from being used.
    pub fn open(paths: &str) -> (Tablebases, Vec<String>) {
        Tablebases::open_with_memory_budget(paths, DEFAULT_MEMORY_BUDGET)
    }

    /// `open`, keeping at most `memory_budget` bytes of table files in memory (the rest is read
    /// from disk on each probe; 0 reads everything from disk).
    pub fn open_with_memory_budget(paths: &str, memory_budget: u64) -> (Tablebases, Vec<String>) {
        let mut tb = Tablebases::with_memory_budget_impl(memory_budget);
        let mut warnings = Vec::new();
        let mut added: HashSet<(Signature, bool)> = HashSet::new();
        let dirs = split_paths(paths);
        for dir in &dirs {
            tb.add_dir(dir, &mut added, &mut warnings);
        }
        if !dirs.is_empty() && added.is_empty() {
            warnings.push(format!("no Syzygy tables found in '{}'", paths.trim()));
        }
        check_complete(&added, &mut warnings);
        (tb, warnings)
    }

    fn add_dir(
        &mut self,
        dir: &Path,
        added: &mut HashSet<(Signature, bool)>,
        warnings: &mut Vec<String>,
    ) {
        let shown = dir.display();
        if !dir.exists() {
            warnings.push(format!("Syzygy directory '{shown}' does not exist"));
            return;
        }
        if !dir.is_dir() {
            warnings.push(format!("Syzygy path '{shown}' is not a directory"));
            return;
        }
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                warnings.push(format!("cannot list Syzygy directory '{shown}': {e}"));
                return;
            }
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            let Some(kind) = path
                .extension()
                .and_then(|e| e.to_str())
                .and_then(Metric::from_extension)
            else {
                continue;
            };
            let Some(sig) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(Signature::parse)
            else {
                warnings.push(format!(
                    "'{}': not a Syzygy table name; skipped",
                    path.display()
                ));
                continue;
            };
            if let Err(why) = check_file(&path, kind, sig) {
                warnings.push(format!("'{}': {why}; skipped", path.display()));
                continue;
            }
            match self.tables.add_file(&path) {
                // A table found again in a later directory replaces the earlier one.
                Ok(()) if !added.insert((sig, kind == Metric::Wdl)) => {}
                Ok(()) => match kind {
                    Metric::Wdl => self.wdl_tables += 1,
                    Metric::Dtz => self.dtz_tables += 1,
                },
                Err(e) => warnings.push(format!("'{}': {e}; skipped", path.display())),
            }
        }
    }

    /// The most pieces (kings included) of any table opened; 0 without tables.
    #[inline]
    pub fn max_pieces(&self) -> u32 {
        self.tables.max_pieces() as u32
    }

    /// Whether no table was opened.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.wdl_tables == 0 && self.dtz_tables == 0
    }

    /// Number of WDL and DTZ table files opened.
    pub fn table_counts(&self) -> (usize, usize) {
        (self.wdl_tables, self.dtz_tables)
    }

    /// Bytes of table files currently held in memory.
    pub fn bytes_in_memory(&self) -> u64 {
        self.files.bytes_in_memory()
    }

    /// The tables whose probes failed since the last call, each once, with the reason.
    pub fn take_failures(&self) -> Vec<ProbeError> {
        if !self.failures_pending.swap(false, Ordering::AcqRel) {
            return Vec::new();
        }
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let new = failures.all[failures.taken..].to_vec();
        failures.taken = failures.all.len();
        new
    }

    /// Whether `pos` can be in the tables at all: no castling rights and few enough pieces.
    #[inline]
    pub fn may_probe(&self, pos: &Position) -> bool {
        pos.castling_rights() == 0 && pos.occupied().count() <= self.max_pieces()
    }

    /// WDL for the side to move as if the half-move clock were 0 (the value right after a
    /// capture or pawn move, what the search probes). `Ok(None)`: not in the tables.
    pub fn probe_wdl(&self, pos: &Position) -> Result<Option<Wdl>, ProbeError> {
        if !self.may_probe(pos) {
            return Ok(None);
        }
        let Some(chess) = to_chess(pos) else {
            return Ok(None);
        };
        self.guard(|| self.tables.probe_wdl_after_zeroing(&chess))
            .map(|w| w.map(wdl_from))
    }

    /// DTZ for the side to move (the half-move clock is not looked at), as the tables and
    /// python-chess give it. `Ok(None)`: not in the tables.
    pub fn probe_dtz(&self, pos: &Position) -> Result<Option<Dtz>, ProbeError> {
        Ok(self.probe_dtz_rounding(pos)?.map(|(dtz, _)| dtz))
    }

    /// DTZ and whether it may be one ply short (tables store some values at half resolution).
    pub(crate) fn probe_dtz_rounding(
        &self,
        pos: &Position,
    ) -> Result<Option<(Dtz, bool)>, ProbeError> {
        if !self.may_probe(pos) {
            return Ok(None);
        }
        let Some(chess) = to_chess(pos) else {
            return Ok(None);
        };
        self.guard(|| self.tables.probe_dtz(&chess)).map(|d| {
            d.map(|d| match d {
                shakmaty_syzygy::MaybeRounded::Precise(v) => (Dtz(v.0), false),
                shakmaty_syzygy::MaybeRounded::Rounded(v) => (Dtz(v.0), true),
            })
        })
    }

    /// Runs one prober call: "not in the tables" becomes `Ok(None)`, a failing file an error
    /// that is also recorded, and a panic inside the prober (a corrupt file it did not expect)
    /// an error too, so a bad file can never take the engine down.
    fn guard<T>(
        &self,
        probe: impl FnOnce() -> Result<T, SyzygyError>,
    ) -> Result<Option<T>, ProbeError> {
        match catch_unwind(AssertUnwindSafe(probe)) {
            Ok(Ok(v)) => Ok(Some(v)),
            Ok(Err(
                SyzygyError::Castling
                | SyzygyError::TooManyPieces
                | SyzygyError::MissingTable { .. },
            )) => Ok(None),
            Ok(Err(SyzygyError::ProbeFailed {
                metric,
                material,
                error,
            })) => {
                let ext = match metric {
                    shakmaty_syzygy::Metric::Wdl => "rtbw",
                    shakmaty_syzygy::Metric::Dtz => "rtbz",
                };
                let reason = match *error {
                    shakmaty_syzygy::ProbeError::Read { error } => format!("read error: {error}"),
                    shakmaty_syzygy::ProbeError::Magic { magic } => {
                        format!("wrong magic bytes {magic:02x?}")
                    }
                    shakmaty_syzygy::ProbeError::CorruptedTable { .. } => {
                        "corrupt or truncated file".to_string()
                    }
                };
                Err(self.record(ProbeError {
                    table: format!("{material}.{ext}"),
                    reason,
                }))
            }
            Err(_) => Err(self.record(ProbeError {
                table: "(unknown)".to_string(),
                reason: "the prober failed on a corrupt table file".to_string(),
            })),
        }
    }

    fn record(&self, error: ProbeError) -> ProbeError {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if !failures.all.iter().any(|f| f.table == error.table) {
            failures.all.push(error.clone());
            self.failures_pending.store(true, Ordering::Release);
        }
        error
    }
}

fn wdl_from(w: shakmaty_syzygy::Wdl) -> Wdl {
    match w {
        shakmaty_syzygy::Wdl::Loss => Wdl::Loss,
        shakmaty_syzygy::Wdl::BlessedLoss => Wdl::BlessedLoss,
        shakmaty_syzygy::Wdl::Draw => Wdl::Draw,
        shakmaty_syzygy::Wdl::CursedWin => Wdl::CursedWin,
        shakmaty_syzygy::Wdl::Win => Wdl::Win,
    }
}

/// Size, magic bytes and header of one table file, before it is handed to the prober.
fn check_file(path: &Path, metric: Metric, material: Signature) -> Result<(), FileError> {
    use std::io::Read;
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(FileError::NotAFile);
    }
    let size = meta.len();
    // Table files are 64-byte aligned data plus a 16-byte trailer.
    if size % 64 != 16 {
        return Err(FileError::ImpossibleSize(size));
    }
    let mut magic = [0u8; 4];
    std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut magic))?;
    if magic != metric.magic() {
        return Err(FileError::WrongMagic(metric));
    }
    header::check(path, material, metric)
}

/// Warnings for WDL tables without DTZ (or the reverse) and for tables whose capture and
/// promotion targets are missing.
fn check_complete(added: &HashSet<(Signature, bool)>, warnings: &mut Vec<String>) {
    let has = |sig: Signature, wdl: bool| {
        added.contains(&(sig, wdl)) || added.contains(&(sig.swapped(), wdl))
    };
    let mut sigs: Vec<(Signature, bool)> = added.iter().copied().collect();
    sigs.sort_by_key(|(s, w)| (s.pieces(), s.to_string(), *w));
    for (wdl, other, kind, other_kind) in [(true, false, "WDL", "DTZ"), (false, true, "DTZ", "WDL")]
    {
        let lonely: Vec<String> = sigs
            .iter()
            .filter(|(s, w)| *w == wdl && !has(*s, other))
            .map(|(s, _)| s.to_string())
            .collect();
        if !lonely.is_empty() {
            warnings.push(format!(
                "{} {kind} table(s) without their {other_kind} table: {}",
                lonely.len(),
                list(&lonely)
            ));
        }
    }
    let mut missing: Vec<String> = Vec::new();
    for (sig, wdl) in &sigs {
        if !*wdl {
            continue;
        }
        for next in sig.successors() {
            if !has(next, true) {
                let name = next.strong_side_first().to_string();
                if !missing.contains(&name) && !has(next.swapped(), true) {
                    missing.push(name);
                }
            }
        }
    }
    if !missing.is_empty() {
        warnings.push(format!(
            "incomplete table set, {} table(s) reached by captures or promotions are missing \
             (positions that need them are not probed): {}",
            missing.len(),
            list(&missing)
        ));
    }
}

fn list(names: &[String]) -> String {
    let mut text = names
        .iter()
        .take(NAMES_PER_WARNING)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > NAMES_PER_WARNING {
        text.push_str(&format!(" and {} more", names.len() - NAMES_PER_WARNING));
    }
    text
}
