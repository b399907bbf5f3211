//! The search parameters as UCI spin options, for SPSA tuning (built only with the cargo
//! feature `tune`; see `outpost_search::params` and `docs/testing.md`).
//!
//! Each parameter is offered under its own name (`rfp_margin`, ...), the convention of OpenBench
//! and fastchess tunes, which set `setoption name <name> value <v>` before their games. The
//! options table calls `option_specs` for the advertisements and `apply` for each setting; names
//! are matched ignoring case, spaces and underscores, as every option's are.

use outpost_protocol::{OptionSetting, OptionSpec};
use outpost_search::params::{self, Param, ParamError, PARAMS};
use std::fmt;

/// Why a setting of a search parameter was refused (the parameter keeps its value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TuneError {
    /// The name is no search parameter's (`is_param` says so first).
    NotAParameter(String),
    /// `setoption name <param>` without a value.
    MissingValue(&'static str),
    /// The value is not an integer.
    NotAnInteger { name: &'static str, text: String },
    /// The search refused it.
    Param(ParamError),
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::NotAParameter(name) => write!(f, "no search parameter named '{name}'"),
            TuneError::MissingValue(name) => write!(f, "option '{name}' needs a value"),
            TuneError::NotAnInteger { name, text } => {
                write!(f, "option '{name}': '{text}' is not an integer")
            }
            TuneError::Param(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TuneError {}

/// One spin option per search parameter: its name, default and range.
pub fn option_specs() -> Vec<OptionSpec> {
    PARAMS
        .iter()
        .map(|p| {
            OptionSpec::spin(
                p.name,
                i64::from(p.default),
                i64::from(p.min),
                i64::from(p.max),
            )
        })
        .collect()
}

/// An option name for matching: lowercase, without spaces and underscores.
fn plain(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '_'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

fn param_named(name: &str) -> Option<&'static Param> {
    let wanted = plain(name);
    PARAMS.iter().find(|p| plain(p.name) == wanted)
}

/// Whether `name` is a search parameter's option.
pub fn is_param(name: &str) -> bool {
    param_named(name).is_some()
}

/// Sets the search parameter `setting` names, for the next search. A value out of range is
/// clamped to the nearest bound, as every spin option's is, and the note says so.
pub fn apply(setting: &OptionSetting) -> Result<Option<String>, TuneError> {
    let param =
        param_named(&setting.name).ok_or_else(|| TuneError::NotAParameter(setting.name.clone()))?;
    let text = setting
        .value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or(TuneError::MissingValue(param.name))?;
    let value: i64 = text.parse().map_err(|_| TuneError::NotAnInteger {
        name: param.name,
        text: text.to_string(),
    })?;
    let clamped = value.clamp(i64::from(param.min), i64::from(param.max)) as i32;
    params::set(param.name, clamped).map_err(TuneError::Param)?;
    Ok((i64::from(clamped) != value).then(|| {
        format!(
            "option '{}': {text} is outside {}..{}, using {clamped}",
            param.name, param.min, param.max
        )
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(name: &str, value: Option<&str>) -> OptionSetting {
        OptionSetting {
            name: name.into(),
            value: value.map(Into::into),
        }
    }

    #[test]
    fn every_parameter_is_offered_with_its_range() {
        let specs = option_specs();
        assert_eq!(specs.len(), PARAMS.len());
        for (spec, p) in specs.iter().zip(PARAMS) {
            assert_eq!(
                *spec,
                OptionSpec::spin(
                    p.name,
                    i64::from(p.default),
                    i64::from(p.min),
                    i64::from(p.max)
                )
            );
        }
    }

    #[test]
    fn settings_are_recognised_parsed_and_clamped() {
        // The values themselves are global and other tests of this binary (the options table's)
        // set them too: the tests in engine/tests/tune.rs check that a setting changes play.
        assert!(!is_param("Hash"));
        assert!(is_param("QS Delta Margin") && is_param("qs_delta_margin"));
        assert_eq!(
            apply(&setting("Hash", Some("64"))),
            Err(TuneError::NotAParameter("Hash".into()))
        );
        assert_eq!(apply(&setting("QS Delta Margin", Some("200"))), Ok(None));
        assert_eq!(
            apply(&setting("qs_delta_margin", None)),
            Err(TuneError::MissingValue("qs_delta_margin"))
        );
        assert!(matches!(
            apply(&setting("qs_delta_margin", Some("lots"))),
            Err(TuneError::NotAnInteger { .. })
        ));
        let note = apply(&setting("qs_delta_margin", Some("99999"))).unwrap();
        assert!(note.unwrap().contains("using 400"));
        assert_eq!(apply(&setting("qs_delta_margin", Some("200"))), Ok(None));
    }
}
