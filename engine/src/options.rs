//! The engine options: their table (names, kinds, defaults, ranges, shown to the GUI as UCI
//! `option` lines or CECP `feature option=` lines) and their current values.
//!
//! A value out of range is clamped to the nearest bound and the GUI is told in an `info string`
//! (a GUI that offers a slider never sends one; a person typing does and wants to know). A value
//! of the wrong type or an unknown name is rejected and the option keeps its value. Names are
//! compared ignoring ASCII case, as the UCI spec says.

use outpost_protocol::{Dialect, OptionSetting, OptionSpec};
use outpost_search::skill::{MAX_ELO, MIN_ELO};
use outpost_search::MAX_HASH_MB;

pub const HASH_DEFAULT: i64 = 16;
pub const THREADS_MAX: i64 = 1024;
pub const MULTIPV_MAX: i64 = 256;
pub const MOVE_OVERHEAD_DEFAULT: i64 = 30;
pub const MOVE_OVERHEAD_MAX: i64 = 5000;
pub const SYZYGY_PROBE_DEPTH_MAX: i64 = 100;
pub const SYZYGY_PROBE_LIMIT_MAX: i64 = 7;

/// The current option values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead_ms: i64,
    pub chess960: bool,
    /// `OwnBook`, `BookBestMove`, `BookDepth` (the file itself lives in the book player).
    pub own_book: bool,
    pub book_best_move: bool,
    pub book_depth: u32,
    /// `SyzygyProbeDepth`, `SyzygyProbeLimit`, `Syzygy50MoveRule` (the tables live in the
    /// engine).
    pub syzygy_probe_depth: i32,
    pub syzygy_probe_limit: u32,
    pub syzygy_50_move_rule: bool,
    /// `UCI_ShowWDL`: search reports carry win/draw/loss per mille.
    pub show_wdl: bool,
    /// `UCI_LimitStrength` and `UCI_Elo`: play at about this rating (see `outpost_search::skill`).
    pub limit_strength: bool,
    pub elo: i32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: HASH_DEFAULT as usize,
            threads: 1,
            multipv: 1,
            ponder: false,
            move_overhead_ms: MOVE_OVERHEAD_DEFAULT,
            chess960: false,
            own_book: false,
            book_best_move: false,
            book_depth: outpost_book::player::BOOK_DEPTH_DEFAULT,
            syzygy_probe_depth: 1,
            syzygy_probe_limit: SYZYGY_PROBE_LIMIT_MAX as u32,
            syzygy_50_move_rule: true,
            show_wdl: false,
            limit_strength: false,
            elo: MIN_ELO,
        }
    }
}

/// What the engine must do after a setting was accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Nothing beyond the stored value.
    None,
    ResizeHash(usize),
    ClearHash,
    SetThreads(usize),
    /// `BookFile`: load this book (empty: none).
    LoadBook(String),
    /// `SyzygyPath`: open the tables in these directories (empty: none).
    LoadTablebases(String),
    /// `Syzygy50MoveRule` changed: the search's oracle must be rebuilt.
    RebuildOracle,
    /// `EvalFile`: evaluate with the network in this file (empty: the hand-crafted evaluation).
    LoadNetwork(String),
}

/// An accepted setting: its effect, and a note for the GUI when the value was changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub effect: Effect,
    pub note: Option<String>,
}

/// The option table. CECP has its own commands for what `Ponder` (`hard`/`easy`) and
/// `UCI_Chess960` (`variant fischerandom`) do, so they are offered to UCI GUIs only.
///
/// CECP names have no spaces (`ClearHash`, `MoveOverhead`): XBoard allows them, but some
/// clients (python-chess 1.11, and so lichess-bot) split a CECP option at its first space.
/// Settings are matched ignoring case, spaces and underscores, so either spelling works in
/// either dialect.
pub fn specs(dialect: Dialect) -> Vec<OptionSpec> {
    let name = |uci: &'static str| -> String {
        match dialect {
            Dialect::Uci => uci.to_string(),
            Dialect::Xboard => uci.replace(' ', ""),
        }
    };
    let mut specs = vec![
        OptionSpec::spin("Hash", HASH_DEFAULT, 1, MAX_HASH_MB as i64),
        OptionSpec::button(&name("Clear Hash")),
        OptionSpec::spin("Threads", 1, 1, THREADS_MAX),
        OptionSpec::spin("MultiPV", 1, 1, MULTIPV_MAX),
    ];
    if dialect == Dialect::Uci {
        specs.push(OptionSpec::check("Ponder", false));
    }
    specs.push(OptionSpec::spin(
        &name("Move Overhead"),
        MOVE_OVERHEAD_DEFAULT,
        0,
        MOVE_OVERHEAD_MAX,
    ));
    if dialect == Dialect::Uci {
        specs.push(OptionSpec::check("UCI_Chess960", false));
        specs.push(OptionSpec::check("UCI_ShowWDL", false));
    }
    specs.extend([
        OptionSpec::check("UCI_LimitStrength", false),
        OptionSpec::spin(
            "UCI_Elo",
            i64::from(MIN_ELO),
            i64::from(MIN_ELO),
            i64::from(MAX_ELO),
        ),
    ]);
    specs.extend([
        OptionSpec::check("OwnBook", false),
        OptionSpec::file("BookFile", ""),
        OptionSpec::check("BookBestMove", false),
        OptionSpec::spin(
            "BookDepth",
            i64::from(outpost_book::player::BOOK_DEPTH_DEFAULT),
            1,
            i64::from(outpost_book::player::BOOK_DEPTH_MAX),
        ),
    ]);
    specs.push(OptionSpec::file("EvalFile", ""));
    if cfg!(feature = "syzygy") {
        specs.extend([
            OptionSpec::path("SyzygyPath", ""),
            OptionSpec::spin("SyzygyProbeDepth", 1, 1, SYZYGY_PROBE_DEPTH_MAX),
            OptionSpec::spin(
                "SyzygyProbeLimit",
                SYZYGY_PROBE_LIMIT_MAX,
                0,
                SYZYGY_PROBE_LIMIT_MAX,
            ),
            OptionSpec::check("Syzygy50MoveRule", true),
        ]);
    }
    #[cfg(feature = "tune")]
    specs.extend(crate::tune::option_specs());
    specs
}

/// Whether a setting can only be applied while no search runs (it replaces something the
/// search threads use).
pub fn needs_idle_search(name: &str) -> bool {
    matches!(
        normalized(name).as_str(),
        "hash" | "threads" | "clearhash" | "syzygypath" | "syzygy50moverule"
    )
}

/// An option name for matching: lowercase, without spaces and underscores.
pub fn normalized(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl Options {
    /// Applies one setting, or says in words why it cannot be applied.
    pub fn apply(&mut self, s: &OptionSetting) -> Result<Applied, String> {
        let plain = |effect| Applied { effect, note: None };
        match normalized(&s.name).as_str() {
            "hash" => {
                let (mb, note) = spin(s, 1, MAX_HASH_MB as i64)?;
                self.hash_mb = mb as usize;
                Ok(Applied {
                    effect: Effect::ResizeHash(self.hash_mb),
                    note,
                })
            }
            "clearhash" => Ok(plain(Effect::ClearHash)),
            "threads" => {
                let (n, note) = spin(s, 1, THREADS_MAX)?;
                self.threads = n as usize;
                Ok(Applied {
                    effect: Effect::SetThreads(self.threads),
                    note,
                })
            }
            "multipv" => {
                let (n, note) = spin(s, 1, MULTIPV_MAX)?;
                self.multipv = n as usize;
                Ok(noted(note))
            }
            "moveoverhead" => {
                let (n, note) = spin(s, 0, MOVE_OVERHEAD_MAX)?;
                self.move_overhead_ms = n;
                Ok(noted(note))
            }
            "ponder" => {
                self.ponder = check(s)?;
                Ok(plain(Effect::None))
            }
            "ucichess960" => {
                self.chess960 = check(s)?;
                Ok(plain(Effect::None))
            }
            "ucishowwdl" => {
                self.show_wdl = check(s)?;
                Ok(plain(Effect::None))
            }
            "ucilimitstrength" => {
                self.limit_strength = check(s)?;
                Ok(plain(Effect::None))
            }
            "ucielo" => {
                let (n, note) = spin(s, i64::from(MIN_ELO), i64::from(MAX_ELO))?;
                self.elo = n as i32;
                Ok(noted(note))
            }
            "ownbook" => {
                self.own_book = check(s)?;
                Ok(plain(Effect::None))
            }
            "bookbestmove" => {
                self.book_best_move = check(s)?;
                Ok(plain(Effect::None))
            }
            "bookdepth" => {
                let max = i64::from(outpost_book::player::BOOK_DEPTH_MAX);
                let (n, note) = spin(s, 1, max)?;
                self.book_depth = n as u32;
                Ok(noted(note))
            }
            "bookfile" => Ok(plain(Effect::LoadBook(text(s)))),
            "evalfile" => Ok(plain(Effect::LoadNetwork(text(s)))),
            "syzygypath" if cfg!(feature = "syzygy") => Ok(plain(Effect::LoadTablebases(text(s)))),
            "syzygyprobedepth" if cfg!(feature = "syzygy") => {
                let (n, note) = spin(s, 1, SYZYGY_PROBE_DEPTH_MAX)?;
                self.syzygy_probe_depth = n as i32;
                Ok(noted(note))
            }
            "syzygyprobelimit" if cfg!(feature = "syzygy") => {
                let (n, note) = spin(s, 0, SYZYGY_PROBE_LIMIT_MAX)?;
                self.syzygy_probe_limit = n as u32;
                Ok(noted(note))
            }
            "syzygy50moverule" if cfg!(feature = "syzygy") => {
                self.syzygy_50_move_rule = check(s)?;
                Ok(plain(Effect::RebuildOracle))
            }
            #[cfg(feature = "tune")]
            _ if crate::tune::is_param(&s.name) => {
                crate::tune::apply(s).map(noted).map_err(|e| e.to_string())
            }
            _ => Err(format!("no such option '{}'", s.name)),
        }
    }
}

/// A setting with no effect beyond its stored value, and the note about clamping, if any.
fn noted(note: Option<String>) -> Applied {
    Applied {
        effect: Effect::None,
        note,
    }
}

/// An integer value, clamped into `min..=max` with a note when it had to be.
fn spin(s: &OptionSetting, min: i64, max: i64) -> Result<(i64, Option<String>), String> {
    let text = s
        .value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| format!("option '{}' needs a value", s.name))?;
    let value: i128 = text
        .parse()
        .map_err(|_| format!("option '{}': '{text}' is not an integer", s.name))?;
    let clamped = value.clamp(i128::from(min), i128::from(max)) as i64;
    let note = (i128::from(clamped) != value).then(|| {
        format!(
            "option '{}': {text} is outside {min}..{max}, using {clamped}",
            s.name
        )
    });
    Ok((clamped, note))
}

/// A string value; a missing value and UCI's `<empty>` are the empty string.
fn text(s: &OptionSetting) -> String {
    let value = s.value.as_deref().unwrap_or("").trim();
    if value == "<empty>" {
        String::new()
    } else {
        value.to_string()
    }
}

/// `true` or `false` (any case; CECP GUIs send `1`/`0`).
fn check(s: &OptionSetting) -> Result<bool, String> {
    let text = s.value.as_deref().map(str::trim).unwrap_or("");
    match text.to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!(
            "option '{}': expected true or false, found '{text}'",
            s.name
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(name: &str, value: Option<&str>) -> OptionSetting {
        OptionSetting {
            name: name.into(),
            value: value.map(Into::into),
        }
    }

    #[test]
    fn names_are_case_insensitive_and_values_stored() {
        let mut o = Options::default();
        let a = o.apply(&set("hAsH", Some("64"))).unwrap();
        assert_eq!(a.effect, Effect::ResizeHash(64));
        assert_eq!(o.hash_mb, 64);
        o.apply(&set("multipv", Some("3"))).unwrap();
        assert_eq!(o.multipv, 3);
        o.apply(&set("uci_chess960", Some("TRUE"))).unwrap();
        assert!(o.chess960);
        o.apply(&set("Move Overhead", Some("100"))).unwrap();
        assert_eq!(o.move_overhead_ms, 100);
        assert_eq!(
            o.apply(&set("clear hash", None)).unwrap().effect,
            Effect::ClearHash
        );
    }

    #[test]
    fn out_of_range_is_clamped_with_a_note() {
        let mut o = Options::default();
        let a = o.apply(&set("Threads", Some("5000"))).unwrap();
        assert_eq!(o.threads, 1024);
        assert!(a.note.unwrap().contains("using 1024"));
        let a = o
            .apply(&set("Hash", Some("-99999999999999999999")))
            .unwrap();
        assert_eq!(o.hash_mb, 1);
        assert!(a.note.is_some());
    }

    #[test]
    fn bad_values_and_names_are_rejected_and_keep_the_value() {
        let mut o = Options::default();
        assert!(o.apply(&set("Hash", Some("lots"))).is_err());
        assert!(o.apply(&set("Hash", None)).is_err());
        assert!(o.apply(&set("Ponder", Some("maybe"))).is_err());
        assert!(o.apply(&set("Nonsense", Some("1"))).is_err());
        assert_eq!(o, Options::default());
    }

    #[test]
    fn every_spec_can_be_set_to_its_default() {
        use outpost_protocol::OptionKind;
        for spec in specs(Dialect::Uci) {
            let value = match &spec.kind {
                OptionKind::Check { default } => Some(default.to_string()),
                OptionKind::Spin { default, .. } => Some(default.to_string()),
                OptionKind::Button => None,
                OptionKind::File { default } | OptionKind::Path { default } => {
                    Some(default.clone())
                }
                other => panic!("unexpected kind {other:?}"),
            };
            let mut o = Options::default();
            let a = o.apply(&set(&spec.name, value.as_deref())).unwrap();
            assert_eq!(a.note, None, "{}", spec.name);
        }
        assert!(specs(Dialect::Xboard).len() < specs(Dialect::Uci).len());
        for spec in specs(Dialect::Xboard) {
            assert!(!spec.name.contains(' '), "{}", spec.name);
            let mut o = Options::default();
            let value = match spec.kind {
                OptionKind::Button => None,
                OptionKind::File { .. } | OptionKind::Path { .. } => Some(""),
                _ => Some("1"),
            };
            o.apply(&set(&spec.name, value)).unwrap();
        }
        let mut o = Options::default();
        o.apply(&set("moveoverhead", Some("77"))).unwrap();
        o.apply(&set("UCI Chess960", Some("true"))).unwrap();
        assert_eq!((o.move_overhead_ms, o.chess960), (77, true));
        o.apply(&set("uci_showwdl", Some("true"))).unwrap();
        assert!(o.show_wdl);
        o.apply(&set("UCI_LimitStrength", Some("true"))).unwrap();
        let applied = o.apply(&set("UCI_Elo", Some("99999"))).unwrap();
        assert_eq!((o.limit_strength, o.elo), (true, MAX_ELO));
        assert!(applied.note.is_some(), "an out-of-range rating is reported");
    }
}
