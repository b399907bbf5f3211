//! The option table: every option the engine offers, one row each, in the order GUIs list
//! them. A row gives the name, the type with its default and range, what setting it does
//! ([`Action`]), whether CECP GUIs are offered it, and its `--help` line; everything else (the
//! UCI and CECP advertisements, parsing, clamping, the help text) is derived from the row.
//! The row's constant (`HASH`, `MULTIPV`...) is the typed key the engine reads the value with:
//! `options.get(MULTIPV)` is an `i64`.
//!
//! Adding an option is one row here and the code that uses the value (docs/architecture.md,
//! "Adding an option", has a worked example).

use super::def::{Action, Button, Check, Key, OptionDef, Spin, Text};
use outpost_book::player::{BOOK_DEPTH_DEFAULT, BOOK_DEPTH_MAX};
use outpost_search::skill::{MAX_ELO, MAX_LEVEL, MIN_ELO, MIN_LEVEL};
use outpost_search::{SearchOptions, MAX_HASH_MB};

/// Whether the Syzygy options are part of this build.
const SYZYGY: bool = cfg!(feature = "syzygy");

/// Declares each row as a typed constant and lists them all, in order, in [`builtin`]: a row
/// cannot be declared without being offered.
macro_rules! table {
    ($($key:ident: $handle:ident = $row:expr;)*) => {
        $(pub const $key: $handle = $handle::new($row);)*

        /// The engine's own rows, in the order GUIs list them.
        pub fn builtin() -> Vec<OptionDef> {
            vec![$($key.def()),*]
        }
    };
}

table! {
    HASH: Spin = OptionDef::spin("Hash", 16, 1, MAX_HASH_MB as i64)
        .acts(Action::ResizeHash)
        .help("transposition table size in MB");
    CLEAR_HASH: Button = OptionDef::button("Clear Hash")
        .acts(Action::ClearHash)
        .help("empty the transposition table");
    THREADS: Spin = OptionDef::spin("Threads", 1, 1, 1024)
        .acts(Action::SetThreads)
        .help("search threads");
    MULTIPV: Spin = OptionDef::spin("MultiPV", SearchOptions::DEFAULT_MULTIPV as i64, 1, 256)
        .help("number of best lines to search and report");
    PONDER: Check = OptionDef::check("Ponder", false)
        .uci_only()
        .help("the GUI may ask the engine to think on the opponent's time (CECP: hard/easy)");
    MOVE_OVERHEAD: Spin = OptionDef::spin("Move Overhead", SearchOptions::DEFAULT_MOVE_OVERHEAD_MS, 0, 5000)
        .help("milliseconds kept in reserve per move for communication lag");
    CHESS960: Check = OptionDef::check("UCI_Chess960", false)
        .uci_only()
        .help("Chess960 castling and notation (CECP: variant fischerandom)");
    SHOW_WDL: Check = OptionDef::check("UCI_ShowWDL", false)
        .uci_only()
        .help("report win/draw/loss chances per mille with each score");
    LIMIT_STRENGTH: Check = OptionDef::check("UCI_LimitStrength", false)
        .help("play at about the rating UCI_Elo");
    ELO: Spin = OptionDef::spin("UCI_Elo", MIN_ELO as i64, MIN_ELO as i64, MAX_ELO as i64)
        .help("the rating to play at when UCI_LimitStrength is on");
    SKILL_LEVEL: Spin = OptionDef::spin("Skill Level", MAX_LEVEL as i64, MIN_LEVEL as i64, MAX_LEVEL as i64)
        .acts(Action::ReportStrength)
        .help("Stockfish's scale of the same handicap: 20 full strength, 0 UCI_Elo 1320, 74 Elo a level; UCI_LimitStrength wins");
    OWN_BOOK: Check = OptionDef::check("OwnBook", false)
        .help("play moves from BookFile while the book has some");
    BOOK_FILE: Text = OptionDef::file("BookFile")
        .acts(Action::LoadBook)
        .help("a Polyglot opening book");
    BOOK_BEST_MOVE: Check = OptionDef::check("BookBestMove", false)
        .help("always the book's most played move, not a weighted random one");
    BOOK_DEPTH: Spin = OptionDef::spin("BookDepth", BOOK_DEPTH_DEFAULT as i64, 1, BOOK_DEPTH_MAX as i64)
        .help("leave the book after this many moves of the game");
    EVAL_FILE: Text = OptionDef::file("EvalFile")
        .acts(Action::LoadNetwork)
        .help("a network file to evaluate with; empty: the built-in network");
    SYZYGY_PATH: Text = OptionDef::path("SyzygyPath")
        .acts(Action::LoadTablebases)
        .only_if(SYZYGY)
        .help("directories of Syzygy tablebases");
    SYZYGY_PROBE_DEPTH: Spin = OptionDef::spin("SyzygyProbeDepth", SearchOptions::DEFAULT_TB_PROBE_DEPTH as i64, 1, 100)
        .only_if(SYZYGY)
        .help("probe the tables inside the search from this remaining depth on");
    SYZYGY_PROBE_LIMIT: Spin = OptionDef::spin("SyzygyProbeLimit", SearchOptions::DEFAULT_TB_PROBE_LIMIT as i64, 0, 7)
        .only_if(SYZYGY)
        .help("probe only positions with at most this many pieces");
    SYZYGY_50_MOVE_RULE: Check = OptionDef::check("Syzygy50MoveRule", true)
        .acts(Action::RebuildOracle)
        .only_if(SYZYGY)
        .help("count a win the fifty-move rule would spoil as a draw");
    DEBUG_LOG_FILE: Text = OptionDef::file("Debug Log File")
        .acts(Action::OpenDebugLog)
        .help("append every line in (>>) and out (<<), timestamped, to this file; empty: off");
}

/// Every row: the engine's own, then those from other sources, which are appended here (a
/// `tune` build appends the search parameters as spins).
pub fn all() -> Vec<OptionDef> {
    #[cfg(feature = "tune")]
    return [builtin(), super::tune::rows()].concat();
    #[cfg(not(feature = "tune"))]
    builtin()
}
