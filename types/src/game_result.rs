//! How a game ended, from white's point of view: the tokens PGN and CECP write it with, and
//! white's score from it.

/// The result of a finished game, from white's point of view: what a PGN `Result` tag, a CECP
/// `result` command, a game ended by the rules and a game of self-play data all name.
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

    /// White's score from the game in half points: 2 for a win, 1 for a draw, 0 for a loss. A
    /// whole number, for whoever counts or stores results compactly.
    pub fn white_half_points(self) -> u8 {
        match self {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
        }
    }

    /// White's score from the game: 1, ½ or 0, the usual label of a training position.
    pub fn white_score(self) -> f32 {
        f32::from(self.white_half_points()) / 2.0
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

    #[test]
    fn white_scores() {
        assert_eq!(GameResult::WhiteWins.white_half_points(), 2);
        assert_eq!(GameResult::Draw.white_half_points(), 1);
        assert_eq!(GameResult::BlackWins.white_half_points(), 0);
        assert_eq!(GameResult::WhiteWins.white_score(), 1.0);
        assert_eq!(GameResult::Draw.white_score(), 0.5);
        assert_eq!(GameResult::BlackWins.white_score(), 0.0);
    }
}
