//! A forgiving PGN reader: splits a text into games, collects tags and the main-line moves, and
//! replays them on a `Position`.
//!
//! It reads what real files contain: a UTF-8 byte-order mark, CRLF line ends, `{}` and `;`
//! comments, `%` escape lines, variations `( )` at any depth (skipped), NAGs `$n`, move numbers
//! `12.` / `12...` (also glued to the move, `12.e4`), `!`/`?` suffixes, `0-0` for `O-O`, null
//! moves (`--`, `Z0`: the main line is cut there) and `[FEN]` set-up positions in standard chess
//! and Chess960. A game whose text or moves are broken
//! is still returned, with `error` saying what is wrong, so a caller can skip it and go on: the
//! reader never stops at a bad game and never panics.

use outpost_board::{Move, Position};

/// A game result, from a `Result` tag or the token that ends the movetext.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`, a missing result or any other text.
    Unknown,
}

impl GameResult {
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`); anything else is `Unknown`.
    pub fn parse(text: &str) -> GameResult {
        match text.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            _ => GameResult::Unknown,
        }
    }

    fn is_result_token(text: &str) -> bool {
        matches!(text, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
    }
}

/// One game as read from the text.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// 1-based position of the game in the text.
    pub number: usize,
    /// Line where the game's text starts.
    pub line: usize,
    pub tags: Vec<(String, String)>,
    /// Main-line moves as written (SAN), without move numbers, NAGs or `!?` suffixes.
    pub moves: Vec<String>,
    /// The result token that ended the movetext, if there was one.
    pub termination: Option<GameResult>,
    /// The main line holds a null move (`--`, `Z0`): `moves` stops before it, since what
    /// follows is no longer a game that was played.
    pub null_move: bool,
    /// Why the text of this game is malformed (the first problem found).
    pub error: Option<String>,
}

impl PgnGame {
    /// The value of tag `name` (case-sensitive, as PGN tag names are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The result: the `Result` tag when it holds one, else the movetext's result token.
    pub fn result(&self) -> GameResult {
        match self.tag("Result").map(str::trim) {
            Some(tag) if GameResult::is_result_token(tag) => GameResult::parse(tag),
            _ => self.termination.unwrap_or(GameResult::Unknown),
        }
    }

    /// The position the moves start from: the `FEN` tag if present (for standard chess and
    /// Chess960 alike; a missing `SetUp` tag is tolerated), else the standard start.
    pub fn start_position(&self) -> Result<Position, String> {
        if let Some(variant) = self.tag("Variant") {
            let v = variant.trim().to_ascii_lowercase();
            let known = [
                "",
                "standard",
                "normal",
                "chess",
                "from position",
                "chess960",
                "chess 960",
                "960",
                "fischerandom",
                "fischerrandom",
                "fischer random",
                "frc",
            ];
            if !known.contains(&v.as_str()) {
                return Err(format!("unsupported variant '{variant}'"));
            }
        }
        match self.tag("FEN") {
            Some(fen) => Position::from_fen(fen).map_err(|e| e.to_string()),
            None => Ok(Position::startpos()),
        }
    }

    /// The start position and the first `max_plies` main-line moves, each checked legal.
    pub fn replay(&self, max_plies: usize) -> Result<(Position, Vec<Move>), String> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let start = self.start_position()?;
        let mut pos = start;
        let mut moves = Vec::with_capacity(self.moves.len().min(max_plies));
        for (ply, text) in self.moves.iter().take(max_plies).enumerate() {
            let m = pos.parse_san(text).map_err(|e| {
                format!(
                    "move {}{} {text}: {e}",
                    ply / 2 + 1,
                    if ply % 2 == 0 { "." } else { "..." }
                )
            })?;
            moves.push(m);
            pos = pos.play(m);
        }
        Ok((start, moves))
    }
}

/// The games of a PGN text, in order.
pub fn games(text: &str) -> Games<'_> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    Games {
        lexer: Lexer {
            text,
            at: 0,
            line: 1,
            pending: None,
        },
        number: 0,
    }
}

/// Iterator over the games of a text; see `games`.
pub struct Games<'a> {
    lexer: Lexer<'a>,
    number: usize,
}

impl Iterator for Games<'_> {
    type Item = PgnGame;

    fn next(&mut self) -> Option<PgnGame> {
        let lexer = &mut self.lexer;
        let mut game = PgnGame::default();
        let mut started = false;
        let mut in_movetext = false;
        let mut depth = 0usize;
        let fail = |game: &mut PgnGame, msg: String| {
            if game.error.is_none() {
                game.error = Some(msg);
            }
        };
        while let Some((token, line)) = lexer.next_token() {
            if !started {
                started = true;
                game.line = line;
            }
            match token {
                Token::Problem(msg) => fail(&mut game, format!("line {line}: {msg}")),
                Token::Open if in_movetext => {
                    // A tag where moves were expected: the previous game lacked its result token.
                    lexer.pending = Some((Token::Open, line));
                    if depth > 0 {
                        fail(&mut game, format!("line {line}: unclosed variation"));
                    }
                    break;
                }
                Token::Open => match lexer.read_tag() {
                    Ok(tag) => game.tags.push(tag),
                    Err(msg) => fail(&mut game, format!("line {line}: malformed tag: {msg}")),
                },
                Token::Close => fail(&mut game, format!("line {line}: stray ']'")),
                Token::VariationStart => {
                    in_movetext = true;
                    depth += 1;
                }
                Token::VariationEnd => {
                    in_movetext = true;
                    if depth == 0 {
                        fail(&mut game, format!("line {line}: ')' without '('"));
                    } else {
                        depth -= 1;
                    }
                }
                Token::Nag | Token::Str(_) => in_movetext = true,
                Token::Symbol(sym) => {
                    in_movetext = true;
                    match classify(sym) {
                        Symbol::Nothing => {}
                        Symbol::Result(r) => {
                            if depth > 0 {
                                fail(&mut game, format!("line {line}: unclosed variation"));
                            }
                            game.termination = Some(r);
                            break;
                        }
                        Symbol::Move(m) if depth == 0 && !game.null_move => game.moves.push(m),
                        Symbol::Move(_) => {}
                        Symbol::Null => game.null_move |= depth == 0,
                    }
                }
            }
        }
        if !started {
            return None;
        }
        if depth > 0 && game.termination.is_none() {
            fail(
                &mut game,
                "unclosed variation at the end of the text".into(),
            );
        }
        self.number += 1;
        game.number = self.number;
        Some(game)
    }
}

/// What a movetext symbol turned out to be.
enum Symbol {
    Nothing,
    Result(GameResult),
    Move(String),
    Null,
}

/// Sorts out move numbers, results and annotation suffixes from a symbol.
fn classify(sym: &str) -> Symbol {
    if GameResult::is_result_token(sym) {
        return Symbol::Result(GameResult::parse(sym));
    }
    // Move number, possibly glued to the move: "12.", "12...", "12.e4", "12...Nf6", "12".
    let digits = sym.bytes().take_while(u8::is_ascii_digit).count();
    let rest = if digits > 0 && sym[digits..].starts_with('.') {
        sym[digits..].trim_start_matches('.')
    } else if digits == sym.len() {
        ""
    } else {
        sym
    };
    let rest = rest.trim_end_matches(['!', '?']);
    match rest {
        "" => Symbol::Nothing,
        "0-0" => Symbol::Move("O-O".into()),
        "0-0-0" => Symbol::Move("O-O-O".into()),
        "--" | "Z0" | "0000" | "@@@@" => Symbol::Null,
        _ => Symbol::Move(rest.to_string()),
    }
}

#[derive(Debug)]
enum Token<'a> {
    Open,
    Close,
    VariationStart,
    VariationEnd,
    Nag,
    Str(String),
    Symbol(&'a str),
    /// A lexical error (unterminated comment or string), reported against the current game.
    Problem(String),
}

struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line: usize,
    pending: Option<(Token<'a>, usize)>,
}

/// Characters that end a symbol.
fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || b"[]{}()\";$".contains(&b)
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Some(b)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    fn skip_line(&mut self) {
        while let Some(b) = self.bump() {
            if b == b'\n' {
                break;
            }
        }
    }

    /// The next token and the line it starts on; comments and escape lines are skipped.
    fn next_token(&mut self) -> Option<(Token<'a>, usize)> {
        if let Some(t) = self.pending.take() {
            return Some(t);
        }
        loop {
            let line = self.line;
            let line_start = self.at_line_start();
            let b = self.peek()?;
            let token = match b {
                _ if b.is_ascii_whitespace() => {
                    self.bump();
                    continue;
                }
                b'%' if line_start => {
                    self.skip_line();
                    continue;
                }
                b';' => {
                    self.skip_line();
                    continue;
                }
                b'{' => {
                    self.bump();
                    loop {
                        match self.bump() {
                            Some(b'}') => break,
                            Some(_) => {}
                            None => {
                                return Some((
                                    Token::Problem(format!(
                                        "comment opened on line {line} never closes"
                                    )),
                                    line,
                                ))
                            }
                        }
                    }
                    continue;
                }
                b'[' => {
                    self.bump();
                    Token::Open
                }
                b']' => {
                    self.bump();
                    Token::Close
                }
                b'}' => {
                    self.bump();
                    Token::Problem("'}' without '{'".into())
                }
                b'(' => {
                    self.bump();
                    Token::VariationStart
                }
                b')' => {
                    self.bump();
                    Token::VariationEnd
                }
                b'$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                    Token::Nag
                }
                b'"' => match self.read_string() {
                    Ok(s) => Token::Str(s),
                    Err(msg) => Token::Problem(msg),
                },
                _ => {
                    let start = self.at;
                    while self.peek().is_some_and(|c| !is_delimiter(c)) {
                        self.bump();
                    }
                    // Delimiters are ASCII, so `start..at` lies on character boundaries.
                    Token::Symbol(&self.text[start..self.at])
                }
            };
            return Some((token, line));
        }
    }

    /// A quoted string with `\"` and `\\` escapes; it may not run past the end of its line.
    fn read_string(&mut self) -> Result<String, String> {
        let line = self.line;
        self.bump();
        let start = self.at;
        let mut out = String::new();
        let mut piece_start = start;
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    return Err(format!("string opened on line {line} never closes"));
                }
                Some(b'"') => {
                    out.push_str(&self.text[piece_start..self.at]);
                    self.bump();
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(&self.text[piece_start..self.at]);
                    self.bump();
                    if let Some(c @ (b'"' | b'\\')) = self.peek() {
                        out.push(c as char);
                        self.bump();
                    } else {
                        out.push('\\');
                    }
                    piece_start = self.at;
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    /// The rest of a tag after `[`: `Name "value" ]`. On error, the unexpected token is put back
    /// so that a tag missing its `]` does not swallow the moves or the next tag.
    fn read_tag(&mut self) -> Result<(String, String), String> {
        let name = match self.next_token() {
            Some((Token::Symbol(s), _)) => s.to_string(),
            other => return Err(self.unexpected("a tag name", other)),
        };
        let value = match self.next_token() {
            Some((Token::Str(s), _)) => s,
            other => return Err(self.unexpected(&format!("a quoted value for tag {name}"), other)),
        };
        match self.next_token() {
            Some((Token::Close, _)) => Ok((name, value)),
            other => Err(self.unexpected(&format!("']' after tag {name}"), other)),
        }
    }

    fn unexpected(&mut self, wanted: &str, found: Option<(Token<'a>, usize)>) -> String {
        let msg = match &found {
            Some((Token::Problem(m), _)) => m.clone(),
            _ => format!("expected {wanted}, found {}", describe(&found)),
        };
        if let Some(t) = found {
            if !matches!(t.0, Token::Problem(_)) {
                self.pending = Some(t);
            }
        }
        msg
    }
}

fn describe(token: &Option<(Token<'_>, usize)>) -> String {
    match token {
        None => "the end of the text".into(),
        Some((Token::Open, _)) => "'['".into(),
        Some((Token::Close, _)) => "']'".into(),
        Some((Token::VariationStart, _)) => "'('".into(),
        Some((Token::VariationEnd, _)) => "')'".into(),
        Some((Token::Nag, _)) => "a NAG".into(),
        Some((Token::Str(s), _)) => format!("\"{s}\""),
        Some((Token::Symbol(s), _)) => format!("'{s}'"),
        Some((Token::Problem(m), _)) => m.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<PgnGame> {
        games(text).collect()
    }

    #[test]
    fn reads_tags_moves_comments_variations() {
        let text = "\u{feff}[Event \"Test \\\"quoted\\\"\"]\r\n[Result \"1-0\"]\r\n\r\n\
                    1. e4 {a comment (with parens)} e5 $1 2.Nf3 (2. f4 exf4 (2... d5)) 2...Nc6!? ; rest\r\n\
                    % escape line\r\n3. Bb5 a6 1-0\r\n\r\n[Event \"Second\"]\n1. d4 *\n";
        let g = all(text);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("Event"), Some("Test \"quoted\""));
        assert_eq!(g[0].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(g[0].termination, Some(GameResult::WhiteWins));
        assert_eq!(g[0].result(), GameResult::WhiteWins);
        assert!(g[0].error.is_none());
        assert_eq!(g[1].moves, ["d4"]);
        assert_eq!(g[1].result(), GameResult::Unknown);
        assert_eq!((g[0].number, g[1].number), (1, 2));
    }

    #[test]
    fn result_tag_wins_over_marker_and_marker_fills_in() {
        let g = all("[Result \"0-1\"]\n1. e4 1-0\n\n1. d4 1/2-1/2\n");
        assert_eq!(g[0].result(), GameResult::BlackWins);
        assert_eq!(g[1].result(), GameResult::Draw);
        let g = all("[Result \"*\"]\n1. e4 1-0\n");
        assert_eq!(g[0].result(), GameResult::Unknown);
    }

    #[test]
    fn missing_result_token_still_splits_games() {
        let g = all("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 d5 *");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].moves, ["e4", "e5"]);
        assert_eq!(g[0].termination, None);
        assert_eq!(g[1].moves, ["d4", "d5"]);
    }

    #[test]
    fn malformed_games_carry_an_error_and_reading_goes_on() {
        let text = "[Event \"a\"\n1. e4 *\n\n[Event \"b\"]\n1. e4 ) e5 *\n\n\
                    [Event \"c\"]\n1. e4 \"stray\" ]\n\n[Event \"d\"]\n1. e4 { never closed";
        let g = all(text);
        assert_eq!(g.len(), 4);
        assert!(g.iter().all(|g| g.error.is_some()), "{g:#?}");
        let ok = all("[Event \"ok\"]\n1. e4 (1. d4 *");
        assert!(ok[0].error.is_some());
    }

    #[test]
    fn a_null_move_ends_the_main_line() {
        let g = all("1. e4 e5 2. Nf3 Z0 3. Nc3 (3. d4 -- 4. c4) Nf6 1-0");
        assert_eq!(g[0].moves, ["e4", "e5", "Nf3"]);
        assert!(g[0].null_move && g[0].error.is_none());
        let g = all("1. e4 (1. d4 -- 2. c4) e5 *");
        assert_eq!(g[0].moves, ["e4", "e5"]);
        assert!(!g[0].null_move);
    }

    #[test]
    fn castling_with_zeros_and_suffixes() {
        let g = all("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0! Nf6?? 5. d3 0-0 *");
        assert_eq!(g[0].moves[6], "O-O");
        assert_eq!(g[0].moves[7], "Nf6");
        assert_eq!(g[0].moves[9], "O-O");
    }

    #[test]
    fn garbage_never_panics() {
        let samples = [
            "",
            "   ",
            "[",
            "]",
            "[[[[",
            "\"",
            "{",
            "(((",
            ")))",
            "$$$",
            "1.",
            "½",
            "é[é\"é",
            "[A \"\n",
            "[A B C]",
            "}",
            "1. e4 } e5",
            "1-0 1-0 1-0",
            "\u{feff}",
            "%",
            ";",
        ];
        for s in samples {
            for g in games(s) {
                let _ = g.replay(1000);
            }
        }
    }
}
