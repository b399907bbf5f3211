//! The lines `vampirc-uci` reads, and its reading of them.
//!
//! `vampirc-uci` 0.11.1 parses a correct, tidy UCI line well, but on other input it panics,
//! truncates or drops things silently (each case is listed with its test in `uci/tests.rs`).
//! So [`handles`] decides, from the line's shape alone and before anything is parsed, whether a
//! line is one it reads correctly: tidy (single spaces, no leading or trailing whitespace) and
//! made only of the commands, keywords, number sizes and FEN/move shapes that the crate's
//! grammar handles exactly. Those lines are parsed by the crate and by nothing else; every other
//! line goes to our grammar. The crate is called under `catch_unwind`, as a last guard should
//! [`handles`] ever let a panicking input through (the fuzz target checks it does not).

use std::collections::HashSet;
use std::panic;

use vampirc_uci::{UciMessage, UciTimeControl};

use crate::command::{Command, OptionSetting, StartPos};
use crate::text::{self, Token};
use outpost_types::SearchLimits;

/// Whether `vampirc-uci` reads `line` (already split into `tokens`) correctly.
pub fn handles(line: &str, tokens: &[Token<'_>]) -> bool {
    let words: Vec<&str> = tokens.iter().map(|t| t.text).collect();
    if without_line_ending(line) != text::join(tokens) {
        return false;
    }
    match words.as_slice() {
        ["uci" | "isready" | "ucinewgame" | "stop" | "ponderhit" | "quit"] => true,
        ["debug", "on" | "off"] => true,
        ["setoption", "name", rest @ ..] => setoption_handled(rest),
        ["position", "startpos", rest @ ..] => moves_handled(rest),
        ["position", "fen", a, b, c, d, e, f, rest @ ..] => {
            fen_handled([a, b, c, d, e, f]) && moves_handled(rest)
        }
        ["go", rest @ ..] => go_handled(rest),
        _ => false,
    }
}

/// The crate's reading of a line that [`handles`] accepted, or `None` if the crate panicked or
/// read something we cannot carry (which `handles` exists to prevent).
pub fn parse(line: &str) -> Option<Command> {
    let text = without_line_ending(line);
    let message = panic::catch_unwind(|| vampirc_uci::parse_one(text)).ok()?;
    convert(message)
}

/// The line without its line ending, which is not part of the command.
fn without_line_ending(line: &str) -> &str {
    line.trim_end_matches(['\n', '\r'])
}

/// The crate ends a name at any token that merely *starts* with "value" (its grammar says
/// `!^"value" ~ token`), reports `value` with nothing after it as no value and keeps `<empty>`
/// literally, so each of those cases stays with our grammar.
fn setoption_handled(words: &[&str]) -> bool {
    // Compared as bytes: a word may have a multi-byte character straddling byte 5.
    let starts_with_value = |w: &&str| {
        w.as_bytes()
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"value"))
    };
    let value_at = words.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let (name, value) = match value_at {
        Some(i) if words[i] == "value" => (&words[..i], Some(&words[i + 1..])),
        Some(_) => return false,
        None => (words, None),
    };
    if name.is_empty() || name.iter().any(starts_with_value) {
        return false;
    }
    match value {
        None => true,
        Some([]) | Some(["<empty>"]) => false,
        Some(_) => true,
    }
}

/// Only plain lowercase coordinate moves: the crate stops reading the list silently at the
/// first token that is not one (the null move `0000` included), and prints uppercase
/// promotions in lowercase.
fn moves_handled(rest: &[&str]) -> bool {
    match rest {
        [] => true,
        ["moves", moves @ ..] => moves.iter().all(|m| is_plain_move(m)),
        _ => false,
    }
}

fn is_plain_move(m: &str) -> bool {
    m != "0000" && crate::moves::is_uci_move(m)
}

/// The six-field FENs the crate's grammar accepts: it rejects FENs without the counters and any
/// castling letters other than `KQkq` (so Shredder-FEN `HAha` and X-FEN file letters).
fn fen_handled(fields: [&&str; 6]) -> bool {
    let [placement, side, castling, ep, halfmove, fullmove] = fields;
    let ranks: Vec<&str> = placement.split('/').collect();
    let rank_ok = |r: &&str| {
        (1..=8).contains(&r.len()) && r.bytes().all(|b| b"kqrnbpKQRNBP12345678".contains(&b))
    };
    let counter_ok = |c: &str| (1..=4).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_digit());
    let ep_ok = |s: &str| {
        s == "-"
            || (s.len() == 2
                && matches!(s.as_bytes()[0], b'a'..=b'h' | b'A'..=b'H')
                && matches!(s.as_bytes()[1], b'1'..=b'8'))
    };
    ranks.len() == 8
        && ranks.iter().all(rank_ok)
        && matches!(*side, "w" | "b" | "W" | "B")
        && (*castling == "-"
            || ((1..=4).contains(&castling.len())
                && castling.bytes().all(|b| b"KQkq".contains(&b))))
        && ep_ok(ep)
        && counter_ok(halfmove)
        && counter_ok(fullmove)
}

/// The crate keeps only one of `ponder`, `infinite`, `movetime` and the clock group (so
/// `go ponder wtime ...` loses `ponder`), panics on `depth`/`mate`/`movestogo` above 255, reads
/// at most 3 digits of those and 12 of the others, and rejects any keyword it does not know
/// (`perft`) or a `searchmoves` without moves. Repeated keywords are left to our grammar too.
fn go_handled(rest: &[&str]) -> bool {
    let mut seen = HashSet::new();
    let mut groups = HashSet::new();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        if !seen.insert(key) {
            return false;
        }
        let value = rest.get(i + 1).copied().unwrap_or("");
        i += 2;
        let ok = match key {
            "ponder" | "infinite" => {
                i -= 1;
                groups.insert(key);
                true
            }
            "movetime" => {
                groups.insert(key);
                signed_digits(value, 12)
            }
            "wtime" | "btime" | "winc" | "binc" => {
                groups.insert("clock");
                signed_digits(value, 12)
            }
            "movestogo" => {
                groups.insert("clock");
                fits_u8(value)
            }
            "depth" => fits_u8(value),
            // Our grammar drops `mate 0` (a mate in no moves is nothing to search for).
            "mate" => fits_u8(value) && value.bytes().any(|b| b != b'0' && b != b'+'),
            "nodes" => digits(value, 12),
            "searchmoves" => {
                i -= 1;
                let start = i;
                while i < rest.len() && is_plain_move(rest[i]) {
                    i += 1;
                }
                i > start
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    groups.len() <= 1
}

fn digits(s: &str, max: usize) -> bool {
    (1..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

fn signed_digits(s: &str, max: usize) -> bool {
    digits(s.strip_prefix(['+', '-']).unwrap_or(s), max)
}

fn fits_u8(s: &str) -> bool {
    digits(s, 3) && s.parse::<u16>().is_ok_and(|n| n <= 255)
}

fn convert(message: UciMessage) -> Option<Command> {
    let command = match message {
        UciMessage::Uci => Command::Uci,
        UciMessage::IsReady => Command::IsReady,
        UciMessage::UciNewGame => Command::NewGame,
        UciMessage::Stop => Command::Stop,
        UciMessage::PonderHit => Command::PonderHit,
        UciMessage::Quit => Command::Quit,
        UciMessage::Debug(on) => Command::Debug(on),
        UciMessage::SetOption { name, value } => Command::SetOption(OptionSetting { name, value }),
        UciMessage::Position {
            startpos,
            fen,
            moves,
        } => Command::Position {
            start: match (startpos, fen) {
                (true, _) => StartPos::Startpos,
                (false, Some(fen)) => StartPos::Fen(fen.0),
                (false, None) => return None,
            },
            moves: moves.iter().map(ToString::to_string).collect(),
        },
        UciMessage::Go {
            time_control,
            search_control,
        } => {
            let mut p = SearchLimits::default();
            match time_control {
                None => {}
                Some(UciTimeControl::Ponder) => p.ponder = true,
                Some(UciTimeControl::Infinite) => p.infinite = true,
                Some(UciTimeControl::MoveTime(d)) => p.movetime = Some(d.num_milliseconds()),
                Some(UciTimeControl::TimeLeft {
                    white_time,
                    black_time,
                    white_increment,
                    black_increment,
                    moves_to_go,
                }) => {
                    p.wtime = white_time.map(|d| d.num_milliseconds());
                    p.btime = black_time.map(|d| d.num_milliseconds());
                    p.winc = white_increment.map(|d| d.num_milliseconds());
                    p.binc = black_increment.map(|d| d.num_milliseconds());
                    p.movestogo = moves_to_go.map(i32::from);
                }
            }
            if let Some(s) = search_control {
                p.searchmoves = s.search_moves.iter().map(ToString::to_string).collect();
                p.depth = s.depth.map(i32::from);
                p.mate = s.mate.map(i32::from);
                p.nodes = s.nodes;
            }
            Command::Go(p)
        }
        _ => return None,
    };
    Some(command)
}
