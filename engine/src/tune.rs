//! The search parameters as UCI spin options, for SPSA tuning (built only with the cargo
//! feature `tune`; see `outpost_search::params` and `docs/testing.md`).
//!
//! Each parameter is one more row of the option table, under its own name (`rfp_margin`, ...),
//! the convention of OpenBench and fastchess tunes, which send `setoption name <name> value <v>`
//! before their games. The table parses and clamps the value like any spin's; setting the row
//! hands the value to the search ([`set`]).

use crate::options::def::Spin;
use crate::options::{Action, OptionDef, Options};
use outpost_search::params::{self, ParamError, PARAMS};

/// One spin row per search parameter, with its default and range.
pub fn rows() -> Vec<OptionDef> {
    PARAMS
        .iter()
        .map(|p| {
            OptionDef::spin(
                p.name,
                i64::from(p.default),
                i64::from(p.min),
                i64::from(p.max),
            )
            .acts(Action::SetSearchParam(p.name))
            .help("search parameter (tune build)")
        })
        .collect()
}

/// Gives the search the value the option table now holds for the parameter `name`.
pub fn set(options: &Options, name: &'static str) -> Result<(), ParamError> {
    let def = options
        .find(name)
        .ok_or_else(|| ParamError::Unknown(name.to_string()))?;
    // The table clamped the value into the parameter's own `i32` range.
    let value = options.get(Spin::new(def)) as i32;
    params::set(name, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_protocol::{Dialect, OptionKind, OptionSetting};

    #[test]
    fn every_parameter_is_a_row_offered_with_its_range() {
        let options = Options::default();
        let specs = options.specs(Dialect::Uci);
        for p in PARAMS {
            let spec = specs
                .iter()
                .find(|s| s.name == p.name)
                .unwrap_or_else(|| panic!("{} is not offered", p.name));
            assert_eq!(
                spec.kind,
                OptionKind::Spin {
                    default: i64::from(p.default),
                    min: i64::from(p.min),
                    max: i64::from(p.max)
                }
            );
        }
    }

    #[test]
    fn a_setting_reaches_the_search_clamped_to_the_range() {
        // The values are global and other tests of this binary may read them: restore at the
        // end (engine/tests/tune.rs checks that a setting changes play).
        let p = &PARAMS[0];
        let mut options = Options::default();
        let applied = options
            .apply(&OptionSetting {
                name: p.name.to_uppercase(),
                value: Some((i64::from(p.max) + 1000).to_string()),
            })
            .unwrap();
        assert!(applied.note.is_some(), "out of range is said");
        assert_eq!(applied.def.action, Action::SetSearchParam(p.name));
        set(&options, p.name).unwrap();
        assert_eq!(params::current(p.name), Some(p.max));
        params::set(p.name, p.default).unwrap();
    }
}
