//! The search parameters as UCI spin options, for SPSA tuning (built only with the cargo
//! feature `tune`; see `outpost_search::params` and `docs/testing.md`).
//!
//! Each parameter is one more row of the option table, under its own name (`rfp_margin`, ...),
//! the convention of OpenBench and fastchess tunes, which send `setoption name <name> value <v>`
//! before their games. The table parses and clamps the value like any spin's; setting the row
//! hands the value to the search (`Engine::act`).

use super::def::{Action, OptionDef};
use outpost_search::params::PARAMS;

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
