//! Our own reading of a UCI line: every line that `vampirc-uci` is not known to read exactly
//! (the `uci` module says which lines go where).
//!
//! It follows the spec's robustness rules rather than a strict grammar: any whitespace separates
//! tokens, command and keyword names are matched without regard to case, unknown tokens are
//! skipped with a warning ("joho debug on" switches debug on), and a command that cannot be
//! carried out (a missing or malformed value) becomes [`Command::Unknown`] saying why.

use crate::command::{Command, OptionSetting, Parsed, StartPos};
use crate::extension;
use crate::text::{self, Token};

use super::go;

/// The commands a GUI sends to a UCI engine, lowercase. Only these are looked for past unknown
/// leading tokens; our extensions must come first on the line, so stray words in garbage cannot
/// start a perft or a bench.
const STANDARD: [&str; 11] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
];

/// Parses one line (any line ending or surrounding whitespace is fine), already split into
/// `tokens` by [`text::tokenize`].
pub fn parse(line: &str, tokens: &[Token<'_>]) -> Parsed {
    let Some(first) = tokens.first() else {
        return Parsed::clean(Command::Empty);
    };
    let mut warnings = Vec::new();
    let first_name = first.text.to_ascii_lowercase();
    let start = if is_command(&first_name) {
        0
    } else {
        match tokens
            .iter()
            .position(|t| STANDARD.iter().any(|s| t.text.eq_ignore_ascii_case(s)))
        {
            Some(i) => {
                warnings.push(format!(
                    "ignored unknown text '{}' before '{}'",
                    text::excerpt(&text::join(&tokens[..i])),
                    tokens[i].text
                ));
                i
            }
            None => {
                let reason = format!("unknown command '{}'", text::word(first.text));
                return Parsed::clean(Command::unknown(line, reason));
            }
        }
    };
    let name = tokens[start].text.to_ascii_lowercase();
    let args = &tokens[start + 1..];
    let mut corrections = Vec::new();
    let command = match name.as_str() {
        "go" => go::parse(line, args, &mut warnings, &mut corrections),
        _ => command(line, &name, args, &mut warnings),
    };
    Parsed {
        command,
        warnings,
        corrections,
    }
}

fn is_command(name: &str) -> bool {
    STANDARD.contains(&name) || extension::NAMES.contains(&name) || name == "xboard"
}

fn command(line: &str, name: &str, args: &[Token<'_>], warnings: &mut Vec<String>) -> Command {
    let simple = |command: Command, warnings: &mut Vec<String>| {
        extension::no_arguments(name, args, warnings);
        command
    };
    match name {
        "uci" => simple(Command::Uci, warnings),
        "xboard" => simple(Command::Xboard, warnings),
        "isready" => simple(Command::IsReady, warnings),
        "ucinewgame" => simple(Command::NewGame, warnings),
        "stop" => simple(Command::Stop, warnings),
        "ponderhit" => simple(Command::PonderHit, warnings),
        "quit" => simple(Command::Quit, warnings),
        "register" => Command::Register,
        "debug" => debug(line, args, warnings),
        "setoption" => setoption(line, args),
        "position" => position(line, args),
        _ => extension::parse(line, name, args, warnings)
            .unwrap_or_else(|| Command::unknown(line, format!("unknown command '{name}'"))),
    }
}

fn debug(line: &str, args: &[Token<'_>], warnings: &mut Vec<String>) -> Command {
    let on = match args.first().map(|t| t.text.to_ascii_lowercase()) {
        Some(s) if s == "on" => true,
        Some(s) if s == "off" => false,
        Some(_) | None => {
            return Command::unknown(line, "debug: expected 'on' or 'off'");
        }
    };
    extension::no_arguments("debug on|off", &args[1..], warnings);
    Command::Debug(on)
}

/// `setoption name <words> [value <text>]`. The name ends at the first `value` keyword (any
/// case), so names may contain spaces (`Clear Hash`, `Move Overhead`); the value is the rest
/// of the line verbatim.
fn setoption(line: &str, args: &[Token<'_>]) -> Command {
    match args.first() {
        Some(t) if t.text.eq_ignore_ascii_case("name") => {}
        Some(t) => {
            let reason = format!("setoption: expected 'name', found '{}'", text::word(t.text));
            return Command::unknown(line, reason);
        }
        None => return Command::unknown(line, "setoption: expected 'name'"),
    }
    let rest = &args[1..];
    let value_at = rest
        .iter()
        .position(|t| t.text.eq_ignore_ascii_case("value"));
    let name_tokens = &rest[..value_at.unwrap_or(rest.len())];
    if name_tokens.is_empty() {
        return Command::unknown(line, "setoption: missing option name");
    }
    let value = value_at.map(|i| {
        let value = text::verbatim(line, &rest[i + 1..]);
        // UCI GUIs write an empty string value as `<empty>`, mirroring the `option` lines.
        if value == "<empty>" {
            String::new()
        } else {
            value.to_string()
        }
    });
    Command::SetOption(OptionSetting {
        name: text::join(name_tokens),
        value,
    })
}

/// `position (startpos | fen <fields>) [moves <moves>]`.
fn position(line: &str, args: &[Token<'_>]) -> Command {
    let Some(kind) = args.first() else {
        return Command::unknown(line, "position: expected 'startpos' or 'fen'");
    };
    let is_moves = |t: &Token<'_>| t.text.eq_ignore_ascii_case("moves");
    let (start, rest) = if kind.text.eq_ignore_ascii_case("startpos") {
        (StartPos::Startpos, &args[1..])
    } else if kind.text.eq_ignore_ascii_case("fen") {
        let fields = &args[1..];
        let len = fields.iter().position(is_moves).unwrap_or(fields.len());
        match len {
            0 => return Command::unknown(line, "position fen: missing FEN"),
            1..=6 => (StartPos::Fen(text::join(&fields[..len])), &fields[len..]),
            _ => {
                let reason = format!(
                    "position fen: a FEN has at most 6 fields, found {len} before {}",
                    if len == fields.len() {
                        "the end of the line"
                    } else {
                        "'moves'"
                    }
                );
                return Command::unknown(line, reason);
            }
        }
    } else {
        let reason = format!(
            "position: expected 'startpos' or 'fen', found '{}'",
            text::word(kind.text)
        );
        return Command::unknown(line, reason);
    };
    let moves = match rest.first() {
        None => Vec::new(),
        Some(t) if is_moves(t) => rest[1..].iter().map(|t| t.text.to_string()).collect(),
        Some(t) => {
            let reason = format!(
                "position: expected 'moves' after the start position, found '{}'",
                text::word(t.text)
            );
            return Command::unknown(line, reason);
        }
    };
    Command::Position { start, moves }
}
