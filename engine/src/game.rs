//! The game the engine is playing or analysing: the start position, the moves played since,
//! and every position along the way (for `undo` and for the repetition history the search
//! needs). Moves enter only after a legality check; `0000` (a null move, which some GUIs send
//! in analysis) passes the turn when the side to move is not in check.

use outpost_board::{GameEnd, Move, MoveError, Position};

#[derive(Debug, Clone)]
pub struct Game {
    /// `positions[0]` is the start, `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::startpos())
    }
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has a position")
    }

    /// Plays a legal move (`Move::NONE` is the null move).
    pub fn push(&mut self, m: Move) {
        let mut next = *self.position();
        if m.is_none() {
            next.make_null();
        } else {
            next.make_move(m);
        }
        self.positions.push(next);
        self.moves.push(m);
    }

    /// Plays a UCI move text (`e2e4`, castling in either notation, `0000`).
    pub fn push_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = if text == "0000" {
            if self.position().in_check() {
                return Err(MoveError::Illegal(format!(
                    "{text} (a null move while in check)"
                )));
            }
            Move::NONE
        } else {
            self.position().parse_uci_move(text)?
        };
        self.push(m);
        Ok(m)
    }

    /// Takes back the last half-move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    /// Keys of the positions before the current one that a repetition can reach (since the
    /// last capture, pawn move or null move), oldest first.
    pub fn history_keys(&self) -> Vec<u64> {
        let reach = usize::from(self.position().halfmove_clock());
        let before = &self.positions[..self.positions.len() - 1];
        let mut start = before.len().saturating_sub(reach);
        if let Some(null) = self.moves.iter().rposition(|m| m.is_none()) {
            start = start.max(null + 1);
        }
        before[start.min(before.len())..]
            .iter()
            .map(Position::key)
            .collect()
    }

    /// The rule that ends the game now, if one does (`Position::game_end`).
    pub fn end(&self) -> Option<GameEnd> {
        self.position().game_end(&self.history_keys())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> Game {
        let mut g = Game::default();
        for m in moves.split_whitespace() {
            g.push_uci(m).unwrap();
        }
        g
    }

    #[test]
    fn moves_are_checked_and_undone() {
        let mut g = game("e2e4 e7e5");
        assert!(g.push_uci("e4e5").is_err());
        assert!(g.push_uci("e2e4").is_err());
        assert_eq!(g.moves.len(), 2);
        assert!(g.undo());
        assert!(g.undo());
        assert!(!g.undo());
        assert_eq!(g.position().key(), Position::startpos().key());
    }

    #[test]
    fn null_move_passes_the_turn_unless_in_check() {
        let g = game("e2e4 0000 d2d4");
        assert_eq!(g.moves.len(), 3);
        assert!(g.history_keys().len() <= 1);
        let mut check = game("e2e4 f7f6 d1h5");
        assert!(check.push_uci("0000").is_err());
    }

    #[test]
    fn the_game_ends_by_the_board_s_rules() {
        assert_eq!(game("e2e4").end(), None);
        let mate = game("f2f3 e7e5 g2g4 d8h4").end();
        assert_eq!(
            mate.unwrap().result(),
            outpost_protocol::GameResult::BlackWins
        );
        let rep = game("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").end();
        assert_eq!(rep, Some(GameEnd::Repetition));
        assert_eq!(game("g1f3 g8f6 f3g1 f6g8").end(), None);
    }

    #[test]
    fn a_null_move_cuts_the_repetition_history() {
        // The start position stands for the third time, but the first two lie before the null
        // move, which is no move of the game.
        let g = game("g1f3 g8f6 f3g1 f6g8 g1f3 0000 f3g1 0000");
        assert_eq!(g.position().key(), Position::startpos().key());
        assert_eq!(g.end(), None);
    }

    #[test]
    fn history_stops_at_irreversible_moves() {
        let g = game("g1f3 g8f6 e2e4 b8c6 f3g1");
        // e2e4 reset the clock: only the positions after it count.
        assert_eq!(g.history_keys().len(), 2);
    }
}
