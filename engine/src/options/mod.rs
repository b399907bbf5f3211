//! The engine options: one table of rows ([`table`]) from which the UCI `option` lines, the
//! CECP `feature option=` lines, the parsing and clamping of values and the `--help` text all
//! come, and the current values ([`Options`]), read by typed keys (`options.get(HASH)`).
//!
//! A value out of range is clamped to the nearest bound and the GUI is told in an error reply
//! (a GUI that offers a slider never sends one; a person typing does and wants to know). A
//! value of the wrong type or an unknown name is refused and the option keeps its value.

pub mod def;
mod error;
pub mod table;
#[cfg(feature = "tune")]
mod tune;
mod values;

pub use def::{Action, Key, OptionDef};
pub use error::OptionError;
pub use table::*;
pub use values::Options;

/// The options part of `outpost --help`: a line per option with its type, default, range and
/// what it does.
pub fn help() -> String {
    let rows: Vec<OptionDef> = table::all().into_iter().filter(|d| d.available).collect();
    let width = rows.iter().map(|d| d.name.len()).max().unwrap_or(0);
    let mut text = String::from(
        "Options (UCI: setoption name NAME value V; xboard: option NAME=V, names without spaces):",
    );
    for def in rows {
        let only = if def.uci_only { " (UCI only)" } else { "" };
        text.push_str(&format!(
            "\n  {:width$}  {}{only}\n  {:width$}  {}",
            def.name,
            def.summary(),
            "",
            def.help
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_protocol::{Dialect, OptionSetting};
    use outpost_search::skill::MAX_ELO;

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
        assert_eq!(a.def.action, Action::ResizeHash);
        assert_eq!(o.get(HASH), 64);
        o.apply(&set("multipv", Some("3"))).unwrap();
        assert_eq!(o.get(MULTIPV), 3);
        o.apply(&set("uci_chess960", Some("TRUE"))).unwrap();
        assert!(o.get(CHESS960));
        o.apply(&set("Move Overhead", Some("100"))).unwrap();
        assert_eq!(o.get(MOVE_OVERHEAD), 100);
        assert_eq!(
            o.apply(&set("clear hash", None)).unwrap().def.action,
            Action::ClearHash
        );
        o.apply(&set("BookFile", Some("<empty>"))).unwrap();
        assert_eq!(o.get(BOOK_FILE), "");
        o.apply(&set("EvalFile", Some(" my net.bin "))).unwrap();
        assert_eq!(o.get(EVAL_FILE), "my net.bin");
    }

    #[test]
    fn out_of_range_is_clamped_with_a_note() {
        let mut o = Options::default();
        let a = o.apply(&set("Threads", Some("5000"))).unwrap();
        assert_eq!(o.get(THREADS), 1024);
        assert_eq!(
            a.note.unwrap().to_string(),
            "option 'Threads': 5000 is outside 1..1024, using 1024"
        );
        let a = o
            .apply(&set("Hash", Some("-99999999999999999999")))
            .unwrap();
        assert_eq!(o.get(HASH), 1);
        assert!(a.note.is_some());
    }

    #[test]
    fn bad_values_and_names_are_refused_and_keep_the_value() {
        let mut o = Options::default();
        let refused = |o: &mut Options, name, value| o.apply(&set(name, value)).unwrap_err();
        assert_eq!(
            refused(&mut o, "Hash", Some("lots")).to_string(),
            "option 'Hash': 'lots' is not an integer"
        );
        assert_eq!(
            refused(&mut o, "Hash", None).to_string(),
            "option 'Hash' needs a value"
        );
        assert_eq!(
            refused(&mut o, "Ponder", Some("maybe")).to_string(),
            "option 'Ponder': expected true or false, found 'maybe'"
        );
        assert_eq!(
            refused(&mut o, "Nonsense", Some("1")).to_string(),
            "no such option 'Nonsense'"
        );
        assert_eq!(o, Options::default());
    }

    #[test]
    fn restore_puts_back_the_replaced_value() {
        let mut o = Options::default();
        o.apply(&set("EvalFile", Some("a.bin"))).unwrap();
        let applied = o.apply(&set("EvalFile", Some("b.bin"))).unwrap();
        assert_eq!(o.get(EVAL_FILE), "b.bin");
        o.restore(applied);
        assert_eq!(o.get(EVAL_FILE), "a.bin");
    }

    #[test]
    fn every_option_can_be_set_to_its_default_in_either_spelling() {
        use outpost_protocol::OptionKind;
        for spec in Options::default().specs(Dialect::Uci) {
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
            assert_eq!(o, Options::default(), "{}", spec.name);
        }
        let xboard = Options::default().specs(Dialect::Xboard);
        assert!(xboard.len() < Options::default().specs(Dialect::Uci).len());
        for spec in xboard {
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
        assert_eq!((o.get(MOVE_OVERHEAD), o.get(CHESS960)), (77, true));
        o.apply(&set("uci_showwdl", Some("true"))).unwrap();
        assert!(o.get(SHOW_WDL));
        o.apply(&set("UCI_LimitStrength", Some("true"))).unwrap();
        let applied = o.apply(&set("UCI_Elo", Some("99999"))).unwrap();
        assert_eq!(
            (o.get(LIMIT_STRENGTH), o.get(ELO)),
            (true, i64::from(MAX_ELO))
        );
        assert!(applied.note.is_some(), "an out-of-range rating is reported");
    }

    #[test]
    fn rows_from_another_source_are_offered_and_set_like_the_others() {
        // What a `tune` build does with the search parameters: spins appended to the table.
        let mut rows = table::builtin();
        rows.push(OptionDef::spin("LmrBase", 75, 0, 200).help("a search parameter"));
        let mut o = Options::new(rows);
        let last = |dialect| o.specs(dialect).pop().unwrap();
        assert_eq!(last(Dialect::Uci).name, "LmrBase");
        assert_eq!(last(Dialect::Xboard).name, "LmrBase");
        let a = o.apply(&set("lmrbase", Some("300"))).unwrap();
        assert_eq!(a.previous, def::Value::Spin(75));
        assert!(a.note.is_some());
        assert!(o.find("LmrBase").is_some());
    }

    #[test]
    fn options_that_replace_what_the_search_uses_wait_for_an_idle_search() {
        let idle: Vec<&str> = table::all()
            .into_iter()
            .filter(|d| d.action.needs_idle_search())
            .map(|d| d.name)
            .collect();
        assert_eq!(
            idle,
            [
                "Hash",
                "Clear Hash",
                "Threads",
                "SyzygyPath",
                "Syzygy50MoveRule"
            ]
        );
    }

    #[test]
    fn the_syzygy_options_exist_only_with_the_feature() {
        let o = Options::default();
        for name in [
            "SyzygyPath",
            "SyzygyProbeDepth",
            "SyzygyProbeLimit",
            "Syzygy50MoveRule",
        ] {
            assert_eq!(o.find(name).is_some(), cfg!(feature = "syzygy"), "{name}");
        }
        // Unavailable, an option still reads as its default.
        assert_eq!(o.get(SYZYGY_PROBE_LIMIT), 7);
    }

    #[test]
    fn help_lists_every_available_option_with_its_range() {
        let text = help();
        for def in table::all().iter().filter(|d| d.available) {
            assert!(text.contains(def.name), "{}", def.name);
            assert!(!def.help.is_empty(), "{} has no help line", def.name);
        }
        assert!(text.contains("spin 1..1024, default 1"), "{text}");
        assert!(text.contains("check, default false"), "{text}");
    }

    #[cfg(feature = "tune")]
    #[test]
    fn every_search_parameter_is_a_row_offered_with_its_range() {
        use outpost_protocol::OptionKind;
        use outpost_search::params::PARAMS;
        let specs = Options::default().specs(Dialect::Uci);
        for p in PARAMS {
            let spec = specs
                .iter()
                .find(|s| s.name == p.name)
                .unwrap_or_else(|| panic!("{} is not offered", p.name));
            let expected = OptionKind::Spin {
                default: i64::from(p.default),
                min: i64::from(p.min),
                max: i64::from(p.max),
            };
            assert_eq!(spec.kind, expected);
        }
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_search_parameter_setting_is_clamped_and_names_its_parameter() {
        let p = &outpost_search::params::PARAMS[0];
        let mut options = Options::default();
        let setting = OptionSetting {
            name: p.name.to_uppercase(),
            value: Some((i64::from(p.max) + 1000).to_string()),
        };
        let applied = options.apply(&setting).unwrap();
        assert!(applied.note.is_some(), "out of range is said");
        assert_eq!(applied.def.action, Action::SetSearchParam(p.name));
        assert_eq!(options.get(def::Spin::new(applied.def)), i64::from(p.max));
    }
}
