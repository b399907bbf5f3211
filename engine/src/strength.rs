//! The rating the next search plays at, from the three options that ask for a handicap:
//! `UCI_LimitStrength` with `UCI_Elo`, and `Skill Level` (`outpost_search::skill::level_elo`
//! maps a level to a rating). When both ask, `UCI_LimitStrength` wins, as in Stockfish: it is
//! the UCI standard's own way and names a rating exactly, while a GUI may send `Skill Level`
//! among the engine-specific options it always sends.

use crate::options::{Options, ELO, LIMIT_STRENGTH, SKILL_LEVEL};
use outpost_search::skill::level_elo;

/// The rating to play at, or `None` for full strength.
pub fn rating(options: &Options) -> Option<i32> {
    if options.get(LIMIT_STRENGTH) {
        Some(options.get(ELO) as i32)
    } else {
        level_elo(options.get(SKILL_LEVEL) as i32)
    }
}

/// What setting `Skill Level` did, for the GUI.
pub fn describe(options: &Options) -> String {
    let level = options.get(SKILL_LEVEL);
    let asked = match level_elo(level as i32) {
        Some(elo) => format!("Skill Level {level}: about UCI_Elo {elo}"),
        None => format!("Skill Level {level}: full strength"),
    };
    if options.get(LIMIT_STRENGTH) {
        format!(
            "{asked}, not used while UCI_LimitStrength is on: playing at UCI_Elo {}",
            options.get(ELO)
        )
    } else {
        asked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_protocol::OptionSetting;

    fn with(settings: &[(&str, &str)]) -> Options {
        let mut options = Options::default();
        for (name, value) in settings {
            let setting = OptionSetting {
                name: name.to_string(),
                value: Some(value.to_string()),
            };
            options.apply(&setting).unwrap();
        }
        options
    }

    #[test]
    fn the_defaults_play_at_full_strength() {
        assert_eq!(rating(&Options::default()), None);
        assert_eq!(
            describe(&Options::default()),
            "Skill Level 20: full strength"
        );
    }

    #[test]
    fn a_skill_level_below_the_top_is_a_rating() {
        let options = with(&[("Skill Level", "0")]);
        assert_eq!(rating(&options), Some(1320));
        assert_eq!(describe(&options), "Skill Level 0: about UCI_Elo 1320");
        assert_eq!(rating(&with(&[("SkillLevel", "10")])), Some(2060));
    }

    #[test]
    fn uci_limit_strength_wins_over_skill_level() {
        let options = with(&[
            ("Skill Level", "3"),
            ("UCI_LimitStrength", "true"),
            ("UCI_Elo", "2500"),
        ]);
        assert_eq!(rating(&options), Some(2500));
        assert_eq!(
            describe(&options),
            "Skill Level 3: about UCI_Elo 1542, not used while UCI_LimitStrength is on: \
             playing at UCI_Elo 2500"
        );
        // With the handicap off, the level counts again.
        let options = with(&[("Skill Level", "3"), ("UCI_LimitStrength", "false")]);
        assert_eq!(rating(&options), Some(1542));
    }
}
