//! What one option is: its name, type, default and range ([`OptionDef`]), what setting it does
//! beyond storing the value ([`Action`]), and the typed handles ([`Spin`], [`Check`], [`Text`],
//! [`Button`]) through which the engine reads its value. From an `OptionDef` come its UCI
//! `option` line and CECP `feature option=` line ([`OptionDef::spec`]), the parsing and clamping
//! of a value (in [`crate::options::values`]) and its line in `outpost --help`.

use outpost_protocol::{Dialect, OptionKind, OptionSpec};

/// The type of an option, with its default and, for a spin, its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// On/off.
    Check { default: bool },
    /// An integer in `min..=max`; a value outside is clamped with a note to the GUI.
    Spin { default: i64, min: i64, max: i64 },
    /// An action without a value.
    Button,
    /// A file name (a string in UCI, a file chooser in CECP); empty means none.
    File { default: &'static str },
    /// A directory or a list of them (a string in UCI, a folder chooser in CECP).
    Path { default: &'static str },
}

/// What the engine does when an option is set, beyond storing the value. Options with
/// [`Action::None`] are read where they are used (the next search, the next book probe).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    None,
    /// Reallocate the transposition table.
    ResizeHash,
    /// Empty the transposition table.
    ClearHash,
    /// Start or stop search threads.
    SetThreads,
    /// Open the opening book file (empty: none).
    LoadBook,
    /// Open the Syzygy tables in these directories (empty: none).
    LoadTablebases,
    /// Rebuild the search's tablebase oracle (it holds a copy of the setting).
    RebuildOracle,
    /// Read the network in this file (empty: the built-in one).
    LoadNetwork,
    /// Tell the GUI the strength the next search plays at (`Skill Level`).
    ReportStrength,
    /// Close the debug log in use and open this file (empty: none).
    OpenDebugLog,
    /// Hand the value to the search parameter of this name (`tune` builds only).
    #[cfg(feature = "tune")]
    SetSearchParam(&'static str),
}

impl Action {
    /// Whether the action replaces something the search threads use, so the option can only be
    /// set while no search runs.
    pub fn needs_idle_search(self) -> bool {
        matches!(
            self,
            Action::ResizeHash
                | Action::ClearHash
                | Action::SetThreads
                | Action::LoadTablebases
                | Action::RebuildOracle
        )
    }
}

/// One row of the option table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionDef {
    /// The UCI name. CECP gets it without spaces (`Clear Hash` is `ClearHash`): XBoard allows
    /// spaces, but some clients (python-chess 1.11, and so lichess-bot) split a CECP option at
    /// its first space. Settings are matched ignoring case, spaces and underscores, so either
    /// spelling works in either dialect.
    pub name: &'static str,
    pub kind: Kind,
    pub action: Action,
    /// Offered to UCI GUIs only: CECP has its own command for it (`hard`/`easy` for `Ponder`,
    /// `variant fischerandom` for `UCI_Chess960`) or no use for it. CECP `option` still sets it.
    pub uci_only: bool,
    /// Built into this binary (`false` for the Syzygy options without the `syzygy` feature):
    /// an option that is not is neither offered nor settable, and reads as its default.
    pub available: bool,
    /// One line for `outpost --help`.
    pub help: &'static str,
}

impl OptionDef {
    const fn new(name: &'static str, kind: Kind) -> OptionDef {
        OptionDef {
            name,
            kind,
            action: Action::None,
            uci_only: false,
            available: true,
            help: "",
        }
    }

    /// An integer option in `min..=max`.
    pub const fn spin(name: &'static str, default: i64, min: i64, max: i64) -> OptionDef {
        OptionDef::new(name, Kind::Spin { default, min, max })
    }

    pub const fn check(name: &'static str, default: bool) -> OptionDef {
        OptionDef::new(name, Kind::Check { default })
    }

    pub const fn button(name: &'static str) -> OptionDef {
        OptionDef::new(name, Kind::Button)
    }

    /// A file name, empty by default.
    pub const fn file(name: &'static str) -> OptionDef {
        OptionDef::new(name, Kind::File { default: "" })
    }

    /// A directory list, empty by default.
    pub const fn path(name: &'static str) -> OptionDef {
        OptionDef::new(name, Kind::Path { default: "" })
    }

    /// Setting the option does `action`.
    pub const fn acts(self, action: Action) -> OptionDef {
        OptionDef { action, ..self }
    }

    /// Offered to UCI GUIs only.
    pub const fn uci_only(self) -> OptionDef {
        OptionDef {
            uci_only: true,
            ..self
        }
    }

    /// Part of this binary only when `built` (a `cfg!(feature = ...)`).
    pub const fn only_if(self, built: bool) -> OptionDef {
        OptionDef {
            available: built,
            ..self
        }
    }

    pub const fn help(self, help: &'static str) -> OptionDef {
        OptionDef { help, ..self }
    }

    /// The name a GUI of `dialect` is shown.
    pub fn shown_name(&self, dialect: Dialect) -> String {
        match dialect {
            Dialect::Uci => self.name.to_string(),
            Dialect::Xboard => self.name.replace(' ', ""),
        }
    }

    /// How the option is advertised to a GUI of `dialect`, or `None` if it is not.
    pub fn spec(&self, dialect: Dialect) -> Option<OptionSpec> {
        if !self.available || (self.uci_only && dialect == Dialect::Xboard) {
            return None;
        }
        let kind = match self.kind {
            Kind::Check { default } => OptionKind::Check { default },
            Kind::Spin { default, min, max } => OptionKind::Spin { default, min, max },
            Kind::Button => OptionKind::Button,
            Kind::File { default } => OptionKind::File {
                default: default.to_string(),
            },
            Kind::Path { default } => OptionKind::Path {
                default: default.to_string(),
            },
        };
        Some(OptionSpec {
            name: self.shown_name(dialect),
            kind,
        })
    }

    /// Type, default and range in words, for `outpost --help`.
    pub fn summary(&self) -> String {
        match self.kind {
            Kind::Check { default } => format!("check, default {default}"),
            Kind::Spin { default, min, max } => format!("spin {min}..{max}, default {default}"),
            Kind::Button => "button".to_string(),
            Kind::File { default } | Kind::Path { default } => {
                let what = if matches!(self.kind, Kind::File { .. }) {
                    "file"
                } else {
                    "path"
                };
                if default.is_empty() {
                    format!("{what}, default none")
                } else {
                    format!("{what}, default {default}")
                }
            }
        }
    }

    /// Whether a setting's name means this option: ASCII case, spaces and underscores do not
    /// count (`clear hash`, `ClearHash`, `UCI Chess960` all match).
    pub fn is_named(&self, name: &str) -> bool {
        let plain = |s: &str| -> Vec<u8> {
            s.bytes()
                .filter(|b| !matches!(b, b' ' | b'_'))
                .map(|b| b.to_ascii_lowercase())
                .collect()
        };
        plain(self.name) == plain(name)
    }
}

/// A stored option value; its variant always matches its option's [`Kind`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Check(bool),
    Spin(i64),
    Text(String),
    /// A button has no value.
    None,
}

impl Value {
    /// The default of an option of `kind`.
    pub fn default_of(kind: Kind) -> Value {
        match kind {
            Kind::Check { default } => Value::Check(default),
            Kind::Spin { default, .. } => Value::Spin(default),
            Kind::Button => Value::None,
            Kind::File { default } | Kind::Path { default } => Value::Text(default.to_string()),
        }
    }
}

/// A typed handle on a row of the table: what the engine reads and writes values through, so
/// a spin is read as an integer and a check as a flag without looking at the `Kind`.
pub trait Key: Copy {
    /// What reading the value gives.
    type Out<'a>;
    /// What a value is written as.
    type In;
    fn def(self) -> OptionDef;
    fn read<'a>(value: &'a Value) -> Self::Out<'a>;
    fn wrap(value: Self::In) -> Value;
}

/// Declares a handle type for one kind of option. Its constructor refuses, at compile time, a
/// row of another kind (`const` evaluation of the `assert!`).
macro_rules! key {
    ($(#[$doc:meta])* $name:ident, $pattern:pat, $variant:ident, $in:ty, $out:ty, |$v:ident| $read:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $name(OptionDef);

        impl $name {
            pub const fn new(def: OptionDef) -> $name {
                assert!(
                    matches!(def.kind, $pattern),
                    concat!("a ", stringify!($name), " handle on a row of another kind")
                );
                $name(def)
            }
        }

        impl Key for $name {
            type Out<'a> = $out;
            type In = $in;
            fn def(self) -> OptionDef {
                self.0
            }
            fn read<'a>(value: &'a Value) -> Self::Out<'a> {
                match value {
                    Value::$variant($v) => $read,
                    other => unreachable!("{} holds {other:?}", stringify!($name)),
                }
            }
            fn wrap(value: $in) -> Value {
                Value::$variant(value)
            }
        }
    };
}

key!(
    /// An integer option.
    Spin, Kind::Spin { .. }, Spin, i64, i64, |n| *n
);
key!(
    /// An on/off option.
    Check, Kind::Check { .. }, Check, bool, bool, |b| *b
);
key!(
    /// A file or path option.
    Text, Kind::File { .. } | Kind::Path { .. }, Text, String, &'a str, |s| s.as_str()
);

/// A button: it has no value, only an [`Action`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Button(OptionDef);

impl Button {
    pub const fn new(def: OptionDef) -> Button {
        assert!(
            matches!(def.kind, Kind::Button),
            "a Button handle on a row of another kind"
        );
        Button(def)
    }

    pub fn def(self) -> OptionDef {
        self.0
    }
}
