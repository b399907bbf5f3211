//! CECP (xboard protocol version 2) input: one line of text to one [`Command`].
//!
//! A pure translation: force mode, which side the engine plays, the clocks and analysis mode
//! are the engine's state machine. Commands CECP shares with UCI in meaning (`quit`, `option`)
//! become the neutral variants; the rest become [`XbCommand`]s. A line whose first token is not
//! a command but is shaped like a move (`e2e4`, `e7e8q`, `O-O`) is the opponent's move, as
//! CECP sends moves bare unless the engine asked for `usermove=1`.
//!
//! Numbers follow the spec's units: `time`/`otim` in centiseconds (kept as sent, negative
//! allowed), `level` base in minutes or `minutes:seconds` and increment in seconds (both may
//! have a fraction, as XBoard 4.4+ sends), `st` in seconds. Lengths of time are converted to
//! milliseconds; `time`/`otim` stay centiseconds so nothing is lost.

use crate::command::{Command, OptionSetting, Parsed, XbCommand};
use crate::extension;
use crate::moves;
use crate::text::{self, Token};
use outpost_types::GameResult;

mod error;
pub use error::XboardError;

/// Commands CECP defines that Outpost does not implement, with the reason given to the GUI.
/// (`edit` is not needed because we announce `setboard=1`.)
const UNSUPPORTED: [(&str, &str); 9] = [
    ("edit", "edit mode is not supported, use setboard"),
    ("exclude", "exclude is not supported"),
    ("include", "include is not supported"),
    ("setscore", "setscore is not supported"),
    ("lift", "lift is not supported"),
    ("put", "put is not supported"),
    ("hover", "hover is not supported"),
    ("book", "book is not supported"),
    ("l", "l is not supported"),
];

/// Parses one CECP line (with or without its line ending) into a [`Command`].
pub fn parse_xboard(line: &str) -> Command {
    parse_xboard_verbose(line).command
}

/// Like [`parse_xboard`], also returning what was skipped as warnings.
pub fn parse_xboard_verbose(line: &str) -> Parsed {
    let tokens = text::tokenize(line);
    let Some(first) = tokens.first() else {
        return Parsed::clean(Command::Empty);
    };
    let name = first.text.to_ascii_lowercase();
    let args = &tokens[1..];
    let mut warnings = Vec::new();
    let command = command(line, first.text, &name, args, &mut warnings);
    Parsed {
        command,
        warnings,
        corrections: Vec::new(),
    }
}

fn command(
    line: &str,
    original: &str,
    name: &str,
    args: &[Token<'_>],
    warnings: &mut Vec<String>,
) -> Command {
    if let Some(command) = without_arguments(name) {
        extension::no_arguments(name, args, warnings);
        return command;
    }
    let xb = |c: XbCommand| Command::Xb(c);
    let result = match name {
        "protover" => one_number(name, args, warnings)
            .map(XbCommand::Protover)
            .map(xb),
        "sd" => one_number(name, args, warnings).map(XbCommand::Sd).map(xb),
        "nps" => one_number(name, args, warnings).map(XbCommand::Nps).map(xb),
        "time" => one_number(name, args, warnings)
            .map(XbCommand::Time)
            .map(xb),
        "otim" => one_number(name, args, warnings)
            .map(XbCommand::Otim)
            .map(xb),
        "ping" => one_number(name, args, warnings)
            .map(XbCommand::Ping)
            .map(xb),
        "memory" => one_number(name, args, warnings)
            .map(XbCommand::Memory)
            .map(xb),
        "cores" => one_number(name, args, warnings)
            .map(XbCommand::Cores)
            .map(xb),
        "accepted" => rest(line, name, args).map(XbCommand::Accepted).map(xb),
        "rejected" => rest(line, name, args).map(XbCommand::Rejected).map(xb),
        "variant" => rest(line, name, args).map(XbCommand::Variant).map(xb),
        "name" => rest(line, name, args).map(XbCommand::Name).map(xb),
        "ics" => rest(line, name, args).map(XbCommand::Ics).map(xb),
        "setboard" => setboard(args).map(xb),
        "usermove" => usermove(args, warnings).map(xb),
        "level" => level(args, warnings).map(xb),
        "st" => st(args, warnings).map(xb),
        "rating" => rating(args, warnings).map(xb),
        "result" => result(line, args).map(xb),
        "egtpath" => egtpath(line, args).map(xb),
        "option" => option(line, args),
        _ => {
            if let Some(command) = extension::parse(line, name, args, warnings) {
                return command;
            }
            if let Some(m) = moves::xboard_move(original) {
                extension::no_arguments(original, args, warnings);
                return xb(XbCommand::UserMove(m));
            }
            match UNSUPPORTED.iter().find(|(n, _)| *n == name) {
                Some((_, reason)) => Err(XboardError::Unsupported(reason)),
                None => Err(XboardError::UnknownCommand),
            }
        }
    };
    result.unwrap_or_else(|e| Command::unknown(line, e.to_string()))
}

/// The commands that take no arguments.
fn without_arguments(name: &str) -> Option<Command> {
    let xb = match name {
        "xboard" => return Some(Command::Xboard),
        "uci" => return Some(Command::Uci),
        "quit" => return Some(Command::Quit),
        "new" => XbCommand::New,
        "force" => XbCommand::Force,
        "go" => XbCommand::Go,
        "playother" => XbCommand::PlayOther,
        "white" => XbCommand::White,
        "black" => XbCommand::Black,
        "undo" => XbCommand::Undo,
        "remove" => XbCommand::Remove,
        "post" => XbCommand::Post,
        "nopost" => XbCommand::NoPost,
        "hard" => XbCommand::Hard,
        "easy" => XbCommand::Easy,
        "analyze" => XbCommand::Analyze,
        "exit" => XbCommand::ExitAnalyze,
        "." => XbCommand::AnalyzeUpdate,
        "?" => XbCommand::MoveNow,
        "draw" => XbCommand::Draw,
        "hint" => XbCommand::Hint,
        "bk" => XbCommand::Bk,
        "computer" => XbCommand::Computer,
        "random" => XbCommand::Random,
        "pause" => XbCommand::Pause,
        "resume" => XbCommand::Resume,
        _ => return None,
    };
    Some(Command::Xb(xb))
}

/// A command with exactly one integer argument; extra arguments are ignored with a warning.
fn one_number<T>(
    name: &str,
    args: &[Token<'_>],
    warnings: &mut Vec<String>,
) -> Result<T, XboardError>
where
    T: std::str::FromStr + text::Bounded + std::fmt::Display,
{
    let value = text::number(name, args.first())?;
    extension::no_arguments(&format!("{name} N"), args.get(1..).unwrap_or(&[]), warnings);
    Ok(value)
}

/// A command whose argument is the rest of the line, kept verbatim.
fn rest(line: &str, name: &str, args: &[Token<'_>]) -> Result<String, XboardError> {
    if args.is_empty() {
        return Err(XboardError::MissingArgument {
            command: name.to_string(),
        });
    }
    Ok(text::verbatim(line, args).to_string())
}

fn setboard(args: &[Token<'_>]) -> Result<XbCommand, XboardError> {
    match args.len() {
        0 => Err(XboardError::MissingFen),
        1..=6 => Ok(XbCommand::SetBoard(text::join(args))),
        n => Err(XboardError::TooManyFenFields(n)),
    }
}

/// `usermove M`: whatever follows is the move; the engine answers `Illegal move: M` when it is
/// not one, which is what CECP asks for (not `Error`).
fn usermove(args: &[Token<'_>], warnings: &mut Vec<String>) -> Result<XbCommand, XboardError> {
    let m = args.first().ok_or(XboardError::MissingMove)?;
    extension::no_arguments("usermove MOVE", &args[1..], warnings);
    Ok(XbCommand::UserMove(
        moves::xboard_move(m.text).unwrap_or_else(|| m.text.to_string()),
    ))
}

/// `level MPS BASE INC`, e.g. `level 40 5 0`, `level 0 2:30 1.5`.
fn level(args: &[Token<'_>], warnings: &mut Vec<String>) -> Result<XbCommand, XboardError> {
    let [mps, base, inc, extra @ ..] = args else {
        return Err(XboardError::LevelArguments(args.len()));
    };
    let moves_per_session = text::number("level moves per session", Some(mps))?;
    let base_ms = minutes_or_min_sec(base.text)
        .ok_or_else(|| XboardError::LevelBase(text::word(base.text)))?;
    let increment_ms = text::decimal_scaled(inc.text, 1000)
        .ok_or_else(|| XboardError::LevelIncrement(text::word(inc.text)))?;
    extension::no_arguments("level MPS BASE INC", extra, warnings);
    Ok(XbCommand::Level {
        moves_per_session,
        base_ms,
        increment_ms,
    })
}

/// `5` (minutes), `2:30` (minutes:seconds), `0.5` (a fraction of a minute), `1:30.5`.
fn minutes_or_min_sec(text: &str) -> Option<u64> {
    match text.split_once(':') {
        None => text::decimal_scaled(text, 60_000),
        Some((min, sec)) => {
            if min.is_empty() || !min.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let min: u64 = min.parse().ok()?;
            min.checked_mul(60_000)?
                .checked_add(text::decimal_scaled(sec, 1000)?)
        }
    }
}

fn st(args: &[Token<'_>], warnings: &mut Vec<String>) -> Result<XbCommand, XboardError> {
    let secs = args.first().ok_or(XboardError::MissingSeconds)?;
    let ms = text::decimal_scaled(secs.text, 1000)
        .ok_or_else(|| XboardError::Seconds(text::word(secs.text)))?;
    extension::no_arguments("st SECONDS", &args[1..], warnings);
    Ok(XbCommand::St { ms })
}

fn rating(args: &[Token<'_>], warnings: &mut Vec<String>) -> Result<XbCommand, XboardError> {
    let engine = text::number("rating (engine)", args.first())?;
    let opponent = text::number("rating (opponent)", args.get(1))?;
    extension::no_arguments("rating A B", &args[2..], warnings);
    Ok(XbCommand::Rating { engine, opponent })
}

/// `result 1-0 {White mates}`: the comment is everything between the braces, verbatim.
fn result(line: &str, args: &[Token<'_>]) -> Result<XbCommand, XboardError> {
    let token = args.first().ok_or(XboardError::MissingResult)?;
    let result = GameResult::read_token(token.text)
        .ok_or_else(|| XboardError::BadResult(text::word(token.text)))?;
    let comment = text::verbatim(line, &args[1..]);
    let comment = comment
        .strip_prefix('{')
        .map(|c| c.strip_suffix('}').unwrap_or(c).trim().to_string())
        .or_else(|| (!comment.is_empty()).then(|| comment.to_string()));
    Ok(XbCommand::Result { result, comment })
}

/// `egtpath TYPE PATH`: the path is the rest of the line, spaces kept.
fn egtpath(line: &str, args: &[Token<'_>]) -> Result<XbCommand, XboardError> {
    match args {
        [kind, path @ ..] if !path.is_empty() => Ok(XbCommand::EgtPath {
            kind: kind.text.to_string(),
            path: text::verbatim(line, path).to_string(),
        }),
        _ => Err(XboardError::EgtPath),
    }
}

/// `option NAME=VALUE` or `option NAME` (a button). Names may contain spaces.
fn option(line: &str, args: &[Token<'_>]) -> Result<Command, XboardError> {
    let body = text::verbatim(line, args);
    let (name, value) = match body.split_once('=') {
        Some((name, value)) => (name, Some(value.trim().to_string())),
        None => (body, None),
    };
    let name = text::join(&text::tokenize(name));
    if name.is_empty() {
        return Err(XboardError::MissingOptionName);
    }
    Ok(Command::SetOption(OptionSetting { name, value }))
}

#[cfg(test)]
mod tests;
