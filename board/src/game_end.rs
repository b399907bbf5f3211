//! The rules that end a game: checkmate, stalemate, the fifty-move rule, threefold repetition
//! and material that cannot mate. One home for them, read by the engine's game and by self-play.
//! (The search has its own, stricter, draw rules inside its tree: `search/src/worker.rs`.)

use crate::{Color, Position};
use outpost_types::GameResult;
use std::fmt;

/// The half-move clock at which the fifty-move rule ends the game: fifty moves of each side
/// without a capture or a pawn move. Public for the other readers of the rule: the search's
/// draw step and the tablebases' cursed wins.
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// How many times a position must have stood before for the current one to end the game: a
/// threefold repetition is the third time the position stands.
const REPETITIONS: usize = 2;

/// The rule by which a game is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameEnd {
    /// The side to move is mated: `winner` is the other side.
    Checkmate { winner: Color },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A hundred plies without a capture or a pawn move, and no mate on the board.
    FiftyMoves,
    /// The position stands for the third time.
    Repetition,
    /// Neither side can mate by any series of legal moves
    /// ([`Position::is_insufficient_material`]).
    InsufficientMaterial,
}

impl GameEnd {
    /// The game's result from white's point of view.
    pub fn result(self) -> GameResult {
        match self {
            GameEnd::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            GameEnd::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }
}

/// How a person says it, as a CECP engine claims the result (`1-0 {White mates}`).
impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameEnd::Checkmate {
                winner: Color::White,
            } => "White mates",
            GameEnd::Checkmate {
                winner: Color::Black,
            } => "Black mates",
            GameEnd::Stalemate => "Stalemate",
            GameEnd::FiftyMoves => "Draw by fifty-move rule",
            GameEnd::Repetition => "Draw by repetition",
            GameEnd::InsufficientMaterial => "Draw by insufficient material",
        })
    }
}

impl Position {
    /// The rule that ends the game in this position, if one does. `history` holds the keys of
    /// the game's earlier positions, oldest first; only the last `halfmove_clock` of them can
    /// repeat this one, so a longer history is fine, and a caller cuts it where a repetition
    /// cannot reach back past (a null move). A mate stands even on the hundredth ply of the
    /// fifty-move rule, as FIDE's rules say; the draws are then tried in a fixed order, so the
    /// reason given is the same for every caller.
    pub fn game_end(&self, history: &[u64]) -> Option<GameEnd> {
        if !self.has_legal_move() {
            return Some(if self.in_check() {
                GameEnd::Checkmate {
                    winner: !self.side_to_move(),
                }
            } else {
                GameEnd::Stalemate
            });
        }
        if self.halfmove_clock() >= FIFTY_MOVE_PLIES {
            return Some(GameEnd::FiftyMoves);
        }
        let reach = usize::from(self.halfmove_clock()).min(history.len());
        let key = self.key();
        let seen = history[history.len() - reach..]
            .iter()
            .filter(|&&k| k == key)
            .count();
        if seen >= REPETITIONS {
            return Some(GameEnd::Repetition);
        }
        if self.is_insufficient_material() {
            return Some(GameEnd::InsufficientMaterial);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fen(text: &str) -> Position {
        Position::from_fen(text).unwrap()
    }

    /// Plays UCI moves from the start position; returns the end position and the keys before it.
    fn played(moves: &str) -> (Position, Vec<u64>) {
        let mut pos = Position::startpos();
        let mut history = Vec::new();
        for text in moves.split_whitespace() {
            let m = pos.parse_uci_move(text).unwrap();
            history.push(pos.key());
            pos = pos.play(m);
        }
        (pos, history)
    }

    #[test]
    fn mate_and_stalemate() {
        let (pos, history) = played("f2f3 e7e5 g2g4 d8h4");
        let end = pos.game_end(&history);
        assert_eq!(
            end,
            Some(GameEnd::Checkmate {
                winner: Color::Black
            })
        );
        assert_eq!(end.unwrap().result(), GameResult::BlackWins);
        assert_eq!(end.unwrap().to_string(), "Black mates");
        let white_mates = fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").game_end(&[]);
        assert_eq!(white_mates.unwrap().result(), GameResult::WhiteWins);
        let stalemate = fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").game_end(&[]);
        assert_eq!(stalemate, Some(GameEnd::Stalemate));
        assert_eq!(stalemate.unwrap().result(), GameResult::Draw);
        assert_eq!(Position::startpos().game_end(&[]), None);
    }

    #[test]
    fn fifty_moves_unless_mated() {
        let rook = fen("8/8/4k3/8/8/3K4/8/R7 w - - 100 80");
        assert_eq!(rook.game_end(&[]), Some(GameEnd::FiftyMoves));
        assert_eq!(fen("8/8/4k3/8/8/3K4/8/R7 w - - 99 80").game_end(&[]), None);
        // Mated on the hundredth ply: the mate stands.
        let mated = fen("7k/6Q1/6K1/8/8/8/8/8 b - - 100 80").game_end(&[]);
        assert_eq!(
            mated,
            Some(GameEnd::Checkmate {
                winner: Color::White
            })
        );
    }

    #[test]
    fn threefold_repetition_within_the_clock() {
        let twice = "g1f3 g8f6 f3g1 f6g8";
        let (pos, history) = played(twice);
        assert_eq!(pos.game_end(&history), None, "the second time is no draw");
        let (pos, history) = played(&format!("{twice} {twice}"));
        assert_eq!(pos.game_end(&history), Some(GameEnd::Repetition));
        assert_eq!(pos.game_end(&history).unwrap().result(), GameResult::Draw);
        // Only the keys within the half-move clock count: older ones lie before a capture or a
        // pawn move.
        let clock_0 = fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 80");
        assert_eq!(clock_0.game_end(&[clock_0.key(); 2]), None);
        let clock_4 = fen("8/8/4k3/8/8/3K4/8/R7 w - - 4 80");
        let key = clock_4.key();
        assert_eq!(clock_4.game_end(&[key, key, 1, 2, 3]), None);
        assert_eq!(
            clock_4.game_end(&[1, key, 2, key, 3]),
            Some(GameEnd::Repetition)
        );
        // The history may be cut shorter than the clock (after a null move).
        let (pos, history) = played(&format!("{twice} {twice}"));
        assert_eq!(pos.game_end(&history[4..]), None);
    }

    #[test]
    fn material_that_cannot_mate() {
        let bare = fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1").game_end(&[]);
        assert_eq!(bare, Some(GameEnd::InsufficientMaterial));
        assert_eq!(bare.unwrap().to_string(), "Draw by insufficient material");
        assert_eq!(fen("8/8/4k3/8/8/3K4/8/R7 w - - 0 1").game_end(&[]), None);
    }
}
