//! The parameters of UCI `go`.
//!
//! Keywords may come in any order and any case. Unknown keywords are skipped with a warning (the
//! spec's rule), but a known keyword with a missing or malformed value makes the whole command
//! Unknown: searching with a limit the GUI did not mean is worse than saying the line was bad.
//! A repeated keyword takes its last value. `go perft N` is routed to [`Command::Perft`].

use crate::command::{Command, GoParams};
use crate::extension;
use crate::text::{self, Token};

/// Every keyword `go` understands, lowercase: these also end a `searchmoves` list.
const KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn is_keyword(token: &Token<'_>) -> bool {
    KEYWORDS.iter().any(|k| token.text.eq_ignore_ascii_case(k))
}

/// Parses the tokens after `go`.
pub fn parse(line: &str, args: &[Token<'_>], warnings: &mut Vec<String>) -> Command {
    if let Some(at) = args
        .iter()
        .position(|t| t.text.eq_ignore_ascii_case("perft"))
    {
        let depth_and_rest = &args[at + 1..];
        let command = extension::perft(
            line,
            "go perft",
            &depth_and_rest[..depth_and_rest.len().min(1)],
        );
        let others: Vec<Token<'_>> = args[..at]
            .iter()
            .chain(depth_and_rest.iter().skip(1))
            .copied()
            .collect();
        extension::no_arguments("go perft N", &others, warnings);
        return command;
    }
    match params(args, warnings) {
        Ok(params) => Command::Go(params),
        Err(reason) => Command::unknown(line, reason),
    }
}

fn params(args: &[Token<'_>], warnings: &mut Vec<String>) -> Result<GoParams, String> {
    let mut p = GoParams::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i].text.to_ascii_lowercase();
        i += 1;
        match key.as_str() {
            "ponder" => p.ponder = true,
            "infinite" => p.infinite = true,
            "searchmoves" => {
                let start = i;
                while i < args.len() && !is_keyword(&args[i]) {
                    i += 1;
                }
                if start == i {
                    warnings.push("go: ignored 'searchmoves' without moves".to_string());
                }
                p.searchmoves = args[start..i].iter().map(|t| t.text.to_string()).collect();
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" | "depth" | "mate"
            | "nodes" => {
                let what = format!("go {key}");
                let value = args.get(i);
                i += 1;
                match key.as_str() {
                    "wtime" => p.wtime = Some(text::number(&what, value)?),
                    "btime" => p.btime = Some(text::number(&what, value)?),
                    "winc" => p.winc = Some(text::number(&what, value)?),
                    "binc" => p.binc = Some(text::number(&what, value)?),
                    "movetime" => p.movetime = Some(text::number(&what, value)?),
                    "movestogo" => p.movestogo = Some(text::number(&what, value)?),
                    "depth" => p.depth = Some(text::number(&what, value)?),
                    "mate" => p.mate = Some(text::number(&what, value)?),
                    _ => p.nodes = Some(text::number(&what, value)?),
                }
            }
            _ => warnings.push(format!(
                "go: ignored unknown token '{}'",
                text::word(args[i - 1].text)
            )),
        }
    }
    Ok(p)
}
