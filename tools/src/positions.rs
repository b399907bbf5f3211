//! Reading a positions file, the text the WDL fit ([`crate::wdl`]) reads: our `outpost datagen`
//! lines (`fen | score | result`) and the common EPD forms `FEN [1.0]`, `FEN [1-0]` and
//! `FEN c9 "1-0";`, which carry no score and so give the fit nothing. Results and scores are
//! from white's view; a result may be any number in 0..=1 (soft labels are fine).

use crate::error::{FileAction, LabelError, LineError, ToolError};
use outpost_board::Position;

/// One labelled position.
#[derive(Clone, Debug)]
pub struct Labelled {
    pub position: Position,
    /// Game result from white's view, 0..=1.
    pub result: f64,
    /// Search score from white's view in centipawns, when the file has one.
    pub score: Option<f64>,
}

fn parse_result(text: &str) -> Option<f64> {
    let t = text
        .trim()
        .trim_matches(|c| c == '"' || c == ';' || c == '[' || c == ']');
    match t.trim() {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" | "1/2" | "=" => Some(0.5),
        other => other
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r)),
    }
}

fn parse_fen(text: &str) -> Result<Position, LabelError> {
    let fen = text.trim();
    match Position::from_fen(fen) {
        Ok(p) => Ok(p),
        // EPD positions carry four fields; supply the clocks.
        Err(first) => Position::from_fen(&format!("{fen} 0 1")).map_err(|_| LabelError::Fen(first)),
    }
}

/// Parses one line; `Ok(None)` for blank lines and comments.
pub fn parse_line(line: &str) -> Result<Option<Labelled>, LabelError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    if line.contains('|') {
        let parts: Vec<&str> = line.split('|').collect();
        if parts.len() != 3 {
            return Err(LabelError::FieldCount(parts.len()));
        }
        let score: f64 = parts[1]
            .trim()
            .parse()
            .map_err(|_| LabelError::Score(parts[1].trim().to_string()))?;
        let result = parse_result(parts[2])
            .ok_or_else(|| LabelError::Result(parts[2].trim().to_string()))?;
        let position = parse_fen(parts[0])?;
        return Ok(Some(Labelled {
            position,
            result,
            score: Some(score),
        }));
    }
    let (fen, label) = if let Some(at) = line.find(" c9 ") {
        (&line[..at], &line[at + 4..])
    } else if let Some(at) = line.rfind('[') {
        (&line[..at], &line[at..])
    } else if let Some(at) = line.find('"') {
        (&line[..at], &line[at..])
    } else {
        return Err(LabelError::NoResult);
    };
    let result = parse_result(label).ok_or_else(|| LabelError::Result(label.trim().to_string()))?;
    Ok(Some(Labelled {
        position: parse_fen(fen)?,
        result,
        score: None,
    }))
}

/// Parses a whole file's text; errors name the line.
pub fn parse_text(text: &str, limit: usize) -> Result<Vec<Labelled>, LineError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if out.len() >= limit {
            break;
        }
        match parse_line(line) {
            Ok(Some(l)) => out.push(l),
            Ok(None) => {}
            Err(error) => return Err(LineError { line: n + 1, error }),
        }
    }
    Ok(out)
}

/// Reads the positions file `path` for `tool` (at most `limit` positions); errors say which
/// tool, which file and which line.
pub fn read_file(tool: &'static str, path: &str, limit: usize) -> Result<Vec<Labelled>, ToolError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ToolError::file(tool, FileAction::Read, path, e))?;
    parse_text(&text, limit).map_err(|error| ToolError::Positions {
        tool,
        path: path.to_string(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_format() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let ours = parse_line(&format!("{start} | -35 | 0.0"))
            .unwrap()
            .unwrap();
        assert_eq!((ours.result, ours.score), (0.0, Some(-35.0)));
        let bracket = parse_line(&format!("{start} [0.5]")).unwrap().unwrap();
        assert_eq!((bracket.result, bracket.score), (0.5, None));
        let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 \"1-0\";";
        assert_eq!(parse_line(epd).unwrap().unwrap().result, 1.0);
        let bare = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - [0-1]";
        assert_eq!(parse_line(bare).unwrap().unwrap().result, 0.0);
        assert!(parse_line("# comment").unwrap().is_none());
        assert_eq!(
            parse_line(&format!("{start} | x | 1.0")).unwrap_err(),
            LabelError::Score("x".to_string())
        );
        assert_eq!(
            parse_line(&format!("{start} | 5 | 2.0")).unwrap_err(),
            LabelError::Result("2.0".to_string())
        );
        assert_eq!(
            parse_line(&format!("{start} | 5")).unwrap_err(),
            LabelError::FieldCount(2)
        );
        assert!(matches!(
            parse_line("not a fen [1.0]"),
            Err(LabelError::Fen(_))
        ));
        let bad = parse_text(&format!("{start} [1.0]\nbad line\n"), usize::MAX).unwrap_err();
        assert_eq!(
            bad,
            LineError {
                line: 2,
                error: LabelError::NoResult
            }
        );
        assert!(
            bad.to_string().starts_with("line 2: no result found"),
            "{bad}"
        );
    }
}
