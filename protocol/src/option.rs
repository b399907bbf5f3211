//! Engine options described once, printed as UCI `option` lines or CECP `feature option=`
//! lines by the reply formatters.

/// One engine option and its type, default and range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name GUIs show and send back (`Hash`, `Clear Hash`, `UCI_Chess960`).
    pub name: String,
    pub kind: OptionKind,
}

/// The kinds of option both protocols know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// On/off.
    Check { default: bool },
    /// An integer in `min..=max`.
    Spin { default: i64, min: i64, max: i64 },
    /// One of `choices`.
    Combo {
        default: String,
        choices: Vec<String>,
    },
    /// An action without a value.
    Button,
    /// Free text.
    String { default: String },
    /// A file name: UCI shows it as a string, CECP as a file chooser.
    File { default: String },
    /// A directory (or list of them): UCI shows it as a string, CECP as a folder chooser.
    Path { default: String },
}

impl OptionSpec {
    pub fn check(name: &str, default: bool) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            kind: OptionKind::Check { default },
        }
    }

    pub fn spin(name: &str, default: i64, min: i64, max: i64) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            kind: OptionKind::Spin { default, min, max },
        }
    }

    pub fn combo(name: &str, default: &str, choices: &[&str]) -> OptionSpec {
        let choices = choices.iter().map(|c| c.to_string()).collect();
        OptionSpec {
            name: name.into(),
            kind: OptionKind::Combo {
                default: default.into(),
                choices,
            },
        }
    }

    pub fn button(name: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            kind: OptionKind::Button,
        }
    }

    pub fn string(name: &str, default: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            kind: OptionKind::String {
                default: default.into(),
            },
        }
    }

    pub fn file(name: &str, default: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            kind: OptionKind::File {
                default: default.into(),
            },
        }
    }

    pub fn path(name: &str, default: &str) -> OptionSpec {
        OptionSpec {
            name: name.into(),
            kind: OptionKind::Path {
                default: default.into(),
            },
        }
    }
}
