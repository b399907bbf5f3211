//! How a game ended, from white's point of view, and the tokens PGN and CECP write it with.

/// The result of a finished game, from white's point of view: what a PGN `Result` tag, a CECP
/// `result` command and a game ended by the rules all name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
}

/// The token of a game that ended without a result (aborted, adjourned, or a result nobody
/// wrote down), in PGN and in CECP's `result` command.
pub const NO_RESULT: &str = "*";

impl GameResult {
    /// The result's token in PGN and CECP.
    pub fn token(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Reads a result token: `Some(Some(result))` for `1-0`, `0-1` and `1/2-1/2` (also `½-½`,
    /// which some PGN writers use), `Some(None)` for [`NO_RESULT`], `None` for any other text.
    pub fn read_token(token: &str) -> Option<Option<GameResult>> {
        match token {
            "1-0" => Some(Some(GameResult::WhiteWins)),
            "0-1" => Some(Some(GameResult::BlackWins)),
            "1/2-1/2" | "½-½" => Some(Some(GameResult::Draw)),
            NO_RESULT => Some(None),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            assert_eq!(GameResult::read_token(r.token()), Some(Some(r)));
        }
        assert_eq!(GameResult::read_token("½-½"), Some(Some(GameResult::Draw)));
        assert_eq!(GameResult::read_token(NO_RESULT), Some(None));
        assert_eq!(GameResult::read_token("1-1"), None);
        assert_eq!(GameResult::read_token("1-0 "), None);
    }
}
