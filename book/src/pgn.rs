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

use outpost_board::{FenError, Move, MoveError, Position};
use outpost_types::GameResult;
use std::fmt;

/// What is wrong with one game of a PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The text is malformed at `line` (`None`: at the end of the text).
    Syntax {
        line: Option<usize>,
        problem: Syntax,
    },
    /// A `Variant` tag names a game other than chess or Chess960.
    UnsupportedVariant(String),
    /// The `FEN` tag holds no legal position.
    Fen(FenError),
    /// Main-line move `san` at `ply` (0 = white's first move) is illegal or ambiguous there.
    Move {
        ply: usize,
        san: String,
        error: MoveError,
    },
}

/// A malformed piece of PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// A `{` comment opened on line `opened` runs to the end of the text.
    UnclosedComment { opened: usize },
    /// A `"` string opened on line `opened` runs past the end of its line.
    UnclosedString { opened: usize },
    /// A `}` without its `{`.
    StrayBrace,
    /// A `]` outside a tag.
    StrayBracket,
    /// A `)` without its `(`.
    StrayParenthesis,
    /// A `(` variation still open where the game ends.
    UnclosedVariation,
    /// A `[` tag that is not `[Name "value"]`.
    MalformedTag(Box<Syntax>),
    /// Another token where a part of a tag was due; `found` describes it.
    Unexpected { wanted: TagPart, found: String },
}

/// The parts of a tag `[Name "value"]`, in the order they are due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagPart {
    Name,
    /// The quoted value of the named tag.
    Value(String),
    /// The `]` closing the named tag.
    Close(String),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Syntax {
                line: Some(line),
                problem,
            } => write!(f, "line {line}: {problem}"),
            PgnError::Syntax {
                line: None,
                problem,
            } => write!(f, "{problem} at the end of the text"),
            PgnError::UnsupportedVariant(v) => write!(f, "unsupported variant '{v}'"),
            PgnError::Fen(e) => write!(f, "{e}"),
            PgnError::Move { ply, san, error } => {
                let dots = if ply % 2 == 0 { "." } else { "..." };
                write!(f, "move {}{dots} {san}: {error}", ply / 2 + 1)
            }
        }
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PgnError::Fen(e) => Some(e),
            PgnError::Move { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Syntax::UnclosedComment { opened } => {
                write!(f, "comment opened on line {opened} never closes")
            }
            Syntax::UnclosedString { opened } => {
                write!(f, "string opened on line {opened} never closes")
            }
            Syntax::StrayBrace => write!(f, "'}}' without '{{'"),
            Syntax::StrayBracket => write!(f, "stray ']'"),
            Syntax::StrayParenthesis => write!(f, "')' without '('"),
            Syntax::UnclosedVariation => write!(f, "unclosed variation"),
            Syntax::MalformedTag(problem) => write!(f, "malformed tag: {problem}"),
            Syntax::Unexpected { wanted, found } => write!(f, "expected {wanted}, found {found}"),
        }
    }
}

impl fmt::Display for TagPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagPart::Name => write!(f, "a tag name"),
            TagPart::Value(tag) => write!(f, "a quoted value for tag {tag}"),
            TagPart::Close(tag) => write!(f, "']' after tag {tag}"),
        }
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
    /// The result token that ended the movetext, if there was one: `Some(None)` for `*`.
    pub termination: Option<Option<GameResult>>,
    /// The main line holds a null move (`--`, `Z0`): `moves` stops before it, since what
    /// follows is no longer a game that was played.
    pub null_move: bool,
    /// Why the text of this game is malformed (the first problem found).
    pub error: Option<PgnError>,
}

impl PgnGame {
    /// The value of tag `name` (case-sensitive, as PGN tag names are).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The result: the `Result` tag when it holds a result token, else the movetext's result
    /// token; `None` for `*`, no token, or any other text.
    pub fn result(&self) -> Option<GameResult> {
        match self
            .tag("Result")
            .and_then(|tag| GameResult::read_token(tag.trim()))
        {
            Some(tagged) => tagged,
            None => self.termination.flatten(),
        }
    }

    /// The position the moves start from: the `FEN` tag if present (for standard chess and
    /// Chess960 alike; a missing `SetUp` tag is tolerated), else the standard start.
    pub fn start_position(&self) -> Result<Position, PgnError> {
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
                return Err(PgnError::UnsupportedVariant(variant.to_string()));
            }
        }
        match self.tag("FEN") {
            Some(fen) => Position::from_fen(fen).map_err(PgnError::Fen),
            None => Ok(Position::startpos()),
        }
    }

    /// The start position and the first `max_plies` main-line moves, each checked legal.
    pub fn replay(&self, max_plies: usize) -> Result<(Position, Vec<Move>), PgnError> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let start = self.start_position()?;
        let mut pos = start;
        let mut moves = Vec::with_capacity(self.moves.len().min(max_plies));
        for (ply, text) in self.moves.iter().take(max_plies).enumerate() {
            let m = pos.parse_san(text).map_err(|error| PgnError::Move {
                ply,
                san: text.clone(),
                error,
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
        let fail = |game: &mut PgnGame, line: Option<usize>, problem: Syntax| {
            if game.error.is_none() {
                game.error = Some(PgnError::Syntax { line, problem });
            }
        };
        while let Some((token, line)) = lexer.next_token() {
            if !started {
                started = true;
                game.line = line;
            }
            match token {
                Token::Problem(problem) => fail(&mut game, Some(line), problem),
                Token::Open if in_movetext => {
                    // A tag where moves were expected: the previous game lacked its result token.
                    lexer.pending = Some((Token::Open, line));
                    if depth > 0 {
                        fail(&mut game, Some(line), Syntax::UnclosedVariation);
                    }
                    break;
                }
                Token::Open => match lexer.read_tag() {
                    Ok(tag) => game.tags.push(tag),
                    Err(problem) => fail(
                        &mut game,
                        Some(line),
                        Syntax::MalformedTag(Box::new(problem)),
                    ),
                },
                Token::Close => fail(&mut game, Some(line), Syntax::StrayBracket),
                Token::VariationStart => {
                    in_movetext = true;
                    depth += 1;
                }
                Token::VariationEnd => {
                    in_movetext = true;
                    if depth == 0 {
                        fail(&mut game, Some(line), Syntax::StrayParenthesis);
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
                                fail(&mut game, Some(line), Syntax::UnclosedVariation);
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
            fail(&mut game, None, Syntax::UnclosedVariation);
        }
        self.number += 1;
        game.number = self.number;
        Some(game)
    }
}

/// What a movetext symbol turned out to be.
enum Symbol {
    Nothing,
    /// A result token: `None` for `*`.
    Result(Option<GameResult>),
    Move(String),
    Null,
}

/// Sorts out move numbers, results and annotation suffixes from a symbol.
fn classify(sym: &str) -> Symbol {
    if let Some(result) = GameResult::read_token(sym) {
        return Symbol::Result(result);
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
    Problem(Syntax),
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
                                    Token::Problem(Syntax::UnclosedComment { opened: line }),
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
                    Token::Problem(Syntax::StrayBrace)
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
                    Err(problem) => Token::Problem(problem),
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
    fn read_string(&mut self) -> Result<String, Syntax> {
        let line = self.line;
        self.bump();
        let start = self.at;
        let mut out = String::new();
        let mut piece_start = start;
        loop {
            match self.peek() {
                None | Some(b'\n') => {
                    return Err(Syntax::UnclosedString { opened: line });
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
    fn read_tag(&mut self) -> Result<(String, String), Syntax> {
        let name = match self.next_token() {
            Some((Token::Symbol(s), _)) => s.to_string(),
            other => return Err(self.unexpected(TagPart::Name, other)),
        };
        let value = match self.next_token() {
            Some((Token::Str(s), _)) => s,
            other => return Err(self.unexpected(TagPart::Value(name), other)),
        };
        match self.next_token() {
            Some((Token::Close, _)) => Ok((name, value)),
            other => Err(self.unexpected(TagPart::Close(name), other)),
        }
    }

    /// The error for `found` where `wanted` was due; a lexical problem is reported as itself.
    fn unexpected(&mut self, wanted: TagPart, found: Option<(Token<'a>, usize)>) -> Syntax {
        match found {
            Some((Token::Problem(problem), _)) => problem,
            found => {
                let error = Syntax::Unexpected {
                    wanted,
                    found: describe(&found),
                };
                self.pending = found;
                error
            }
        }
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
        Some((Token::Problem(problem), _)) => problem.to_string(),
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
        assert_eq!(g[0].termination, Some(Some(GameResult::WhiteWins)));
        assert_eq!(g[0].result(), Some(GameResult::WhiteWins));
        assert!(g[0].error.is_none());
        assert_eq!(g[1].moves, ["d4"]);
        assert_eq!(g[1].termination, Some(None));
        assert_eq!(g[1].result(), None);
        assert_eq!((g[0].number, g[1].number), (1, 2));
    }

    #[test]
    fn result_tag_wins_over_marker_and_marker_fills_in() {
        let g = all("[Result \"0-1\"]\n1. e4 1-0\n\n1. d4 1/2-1/2\n");
        assert_eq!(g[0].result(), Some(GameResult::BlackWins));
        assert_eq!(g[1].result(), Some(GameResult::Draw));
        let g = all("[Result \"*\"]\n1. e4 1-0\n");
        assert_eq!(g[0].result(), None);
        let g = all("[Result \"?\"]\n1. e4 ½-½\n");
        assert_eq!(g[0].result(), Some(GameResult::Draw));
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

    /// Each kind of malformed text gets its own error, worded as the user reads it.
    #[test]
    fn errors_say_what_and_where() {
        let text = |pgn: &str| all(pgn)[0].error.as_ref().map(|e| e.to_string());
        assert_eq!(
            text("[Event \"a\"\n1. e4 *").as_deref(),
            Some("line 1: malformed tag: expected ']' after tag Event, found '1.'")
        );
        assert_eq!(
            text("[Event \"a]\n1. e4 *").as_deref(),
            Some("line 1: malformed tag: string opened on line 1 never closes")
        );
        assert_eq!(
            text("1. e4 { open\n e5 *").as_deref(),
            Some("line 1: comment opened on line 1 never closes")
        );
        assert_eq!(
            text("1. e4 (1. d4").as_deref(),
            Some("unclosed variation at the end of the text")
        );
        assert_eq!(
            all("1. e4 ) e5 *")[0].error,
            Some(PgnError::Syntax {
                line: Some(1),
                problem: Syntax::StrayParenthesis
            })
        );
        let illegal = all("1. e4 e5 2. Ke3 *")[0].replay(100).unwrap_err();
        assert_eq!(illegal.to_string(), "move 2. Ke3: illegal move 'Ke3'");
        assert!(matches!(illegal, PgnError::Move { ply: 2, .. }));
        let variant = all("[Variant \"crazyhouse\"]\n1. e4 *")[0]
            .replay(100)
            .unwrap_err();
        assert_eq!(
            variant,
            PgnError::UnsupportedVariant("crazyhouse".to_string())
        );
        let fen = all("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*")[0]
            .replay(100)
            .unwrap_err();
        assert!(matches!(fen, PgnError::Fen(_)), "{fen}");
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
