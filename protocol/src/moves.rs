//! The shapes of move text: UCI's long algebraic notation and the coordinate notation CECP
//! uses. Only the shape is checked here; legality is the engine's business.

/// Whether `text` looks like a UCI move: from-square, to-square, optional promotion letter
/// (`e2e4`, `e7e8q`, `e1h1` for Chess960 castling), or the null move `0000`.
pub fn is_uci_move(text: &str) -> bool {
    text == "0000" || is_coordinate_move(text, false)
}

/// Whether `text` is coordinate notation with a lowercase promotion letter, the exact form the
/// UCI spec prescribes.
fn is_coordinate_move(text: &str, any_case_promotion: bool) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    let promotion = |p: u8| {
        let p = if any_case_promotion {
            p.to_ascii_lowercase()
        } else {
            p
        };
        matches!(p, b'q' | b'r' | b'b' | b'n')
    };
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && promotion(b[4]),
        _ => false,
    }
}

/// The canonical text of a CECP move, or `None` if `text` is not shaped like one.
///
/// Accepts coordinate notation with a promotion letter in either case (`e7e8Q` becomes `e7e8q`)
/// and castling written `O-O`/`O-O-O` with letter O, lowercase o or digit zero (all become
/// `O-O`/`O-O-O`): XBoard sends castling that way in fischerandom, other GUIs vary the spelling.
pub fn xboard_move(text: &str) -> Option<String> {
    if is_coordinate_move(text, true) {
        return Some(text.to_ascii_lowercase());
    }
    let castle: String = text
        .chars()
        .map(|c| if matches!(c, 'o' | '0') { 'O' } else { c })
        .collect();
    match castle.as_str() {
        "O-O" | "O-O-O" => Some(castle),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_moves() {
        for ok in ["e2e4", "e7e8q", "a7b8n", "e1h1", "0000", "h8a1r"] {
            assert!(is_uci_move(ok), "{ok}");
        }
        for bad in [
            "", "e2", "e2e9", "i2e4", "e7e8k", "e7e8Q", "E2E4", "e2e4qq", "O-O", "000", "é2e4",
        ] {
            assert!(!is_uci_move(bad), "{bad}");
        }
    }

    #[test]
    fn xboard_moves_are_normalised() {
        assert_eq!(xboard_move("e2e4").as_deref(), Some("e2e4"));
        assert_eq!(xboard_move("e7e8Q").as_deref(), Some("e7e8q"));
        assert_eq!(xboard_move("O-O").as_deref(), Some("O-O"));
        assert_eq!(xboard_move("o-o-o").as_deref(), Some("O-O-O"));
        assert_eq!(xboard_move("0-0").as_deref(), Some("O-O"));
        for bad in ["", "e2e9", "O-O-O-O", "OO", "new", "E2E4", "e7e8x", "0000"] {
            assert_eq!(xboard_move(bad), None, "{bad}");
        }
    }
}
