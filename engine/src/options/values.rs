//! The current option values ([`Options`]), one per row of the table, and the setting of one
//! of them from a GUI's text: the row is found by name (ignoring case, spaces and
//! underscores, as the UCI spec asks for case), the text is read by the row's kind, and a spin
//! is clamped into its range. A value of the wrong type or an unknown name is refused and the
//! option keeps its value.

use super::def::{Key, Kind, OptionDef, Value};
use super::error::{Clamped, OptionError};
use outpost_protocol::{Dialect, OptionSetting, OptionSpec};

/// The option table with a current value per row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    rows: Vec<(OptionDef, Value)>,
}

/// A setting that was stored: its row (whose [`OptionDef::action`] the engine now carries
/// out), the note for the GUI when the value was clamped, and the value it replaced (put back
/// with [`Options::restore`] if the action fails).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub def: OptionDef,
    pub note: Option<Clamped>,
    pub previous: Value,
}

impl Default for Options {
    /// Every row of [`super::table::all`] at its default.
    fn default() -> Self {
        Options::new(super::table::all())
    }
}

impl Options {
    /// `table` at its defaults.
    pub fn new(table: Vec<OptionDef>) -> Options {
        let rows = table
            .into_iter()
            .map(|def| (def, Value::default_of(def.kind)))
            .collect();
        Options { rows }
    }

    /// The rows, in the order GUIs are shown them.
    pub fn defs(&self) -> impl Iterator<Item = &OptionDef> {
        self.rows.iter().map(|(def, _)| def)
    }

    /// The advertisement for a GUI of `dialect`: one spec per row offered to it, in order.
    pub fn specs(&self, dialect: Dialect) -> Vec<OptionSpec> {
        self.defs().filter_map(|def| def.spec(dialect)).collect()
    }

    /// The value of `key`'s option.
    pub fn get<K: Key>(&self, key: K) -> K::Out<'_> {
        K::read(&self.rows[self.position(key)].1)
    }

    /// The value of the spin row named `name`: for rows appended at run time, which have no
    /// typed key (the search parameters of a `tune` build).
    #[cfg(feature = "tune")]
    pub fn spin_named(&self, name: &str) -> Option<i64> {
        self.rows.iter().find_map(|(def, value)| match value {
            Value::Spin(n) if def.name == name => Some(*n),
            _ => None,
        })
    }

    /// Sets `key`'s option without any checks: for the engine's own changes (CECP `variant`,
    /// a hash size the search could not grant).
    pub fn set<K: Key>(&mut self, key: K, value: K::In) {
        let at = self.position(key);
        self.rows[at].1 = K::wrap(value);
    }

    fn position<K: Key>(&self, key: K) -> usize {
        let name = key.def().name;
        self.rows
            .iter()
            .position(|(def, _)| def.name == name)
            .unwrap_or_else(|| unreachable!("option {name} is not in the table"))
    }

    /// The row a GUI means by `name`, if this build has it.
    pub fn find(&self, name: &str) -> Option<OptionDef> {
        self.rows
            .iter()
            .map(|(def, _)| *def)
            .find(|def| def.available && def.is_named(name))
    }

    /// Stores one setting, or says what is wrong with it.
    pub fn apply(&mut self, s: &OptionSetting) -> Result<Applied, OptionError> {
        let at = self
            .rows
            .iter()
            .position(|(def, _)| def.available && def.is_named(&s.name))
            .ok_or_else(|| OptionError::Unknown {
                name: s.name.clone(),
            })?;
        let def = self.rows[at].0;
        let (value, note) = read(def.kind, s)?;
        let previous = std::mem::replace(&mut self.rows[at].1, value);
        Ok(Applied {
            def,
            note,
            previous,
        })
    }

    /// Puts back the value an [`Applied`] replaced.
    pub fn restore(&mut self, applied: Applied) {
        if let Some(row) = self.rows.iter_mut().find(|(d, _)| *d == applied.def) {
            row.1 = applied.previous;
        }
    }
}

/// A setting's value read as an option of `kind`, with the note if it had to be clamped.
fn read(kind: Kind, s: &OptionSetting) -> Result<(Value, Option<Clamped>), OptionError> {
    Ok(match kind {
        Kind::Check { .. } => (Value::Check(check(s)?), None),
        Kind::Spin { min, max, .. } => {
            let (n, note) = spin(s, min, max)?;
            (Value::Spin(n), note)
        }
        Kind::Button => (Value::None, None),
        Kind::File { .. } | Kind::Path { .. } => (Value::Text(text(s)), None),
    })
}

/// An integer value, clamped into `min..=max` with a note when it had to be.
fn spin(s: &OptionSetting, min: i64, max: i64) -> Result<(i64, Option<Clamped>), OptionError> {
    let text = s
        .value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| OptionError::MissingValue {
            name: s.name.clone(),
        })?;
    // Wider than i64, so that a huge number is clamped rather than refused.
    let value: i128 = text.parse().map_err(|_| OptionError::NotAnInteger {
        name: s.name.clone(),
        text: text.to_string(),
    })?;
    let used = value.clamp(i128::from(min), i128::from(max)) as i64;
    let note = (i128::from(used) != value).then(|| Clamped {
        name: s.name.clone(),
        text: text.to_string(),
        min,
        max,
        used,
    });
    Ok((used, note))
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
fn check(s: &OptionSetting) -> Result<bool, OptionError> {
    let text = s.value.as_deref().map(str::trim).unwrap_or("");
    match text.to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(OptionError::NotABoolean {
            name: s.name.clone(),
            text: text.to_string(),
        }),
    }
}
