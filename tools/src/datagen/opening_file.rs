//! The openings file of `--openings`: FEN or EPD lines, or a PGN file whose games' last
//! positions are taken. Read once when the options are parsed (`config.rs`); where each game
//! starts from them is `openings.rs`.

use crate::error::OpeningsError;
use outpost_board::Position;

/// The positions of an openings file: a PGN file (name ending in `.pgn`) gives the position at
/// the end of each game's main line, anything else is read as one FEN or EPD per line (EPD
/// operations are dropped).
pub(super) fn read_openings(path: &str) -> Result<Vec<String>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(OpeningsError::Read)?;
    if path.to_ascii_lowercase().ends_with(".pgn") {
        return pgn_openings(&text);
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        // EPD has four position fields and then operations; FEN has six.
        let fen = if fields.len() >= 6 && fields[4].parse::<u32>().is_ok() {
            fields[..6].join(" ")
        } else {
            format!("{} 0 1", fields[..fields.len().min(4)].join(" "))
        };
        Position::from_fen(&fen).map_err(|error| OpeningsError::Fen { line: i + 1, error })?;
        out.push(fen);
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// The last position of every game of a PGN text, as FEN with its move counters, so that the
/// records of a game played from it carry the real ply (16 after an 8-move line). A game that
/// cannot be replayed is an error: an openings file is meant to be used whole.
fn pgn_openings(text: &str) -> Result<Vec<String>, OpeningsError> {
    let mut out = Vec::new();
    for game in outpost_book::pgn::games(text) {
        let (start, moves) = game
            .replay(usize::MAX)
            .map_err(|error| OpeningsError::Pgn {
                game: game.number,
                line: game.line,
                error,
            })?;
        let end = moves.iter().fold(start, |pos, &m| pos.play(m));
        out.push(end.to_fen());
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}
